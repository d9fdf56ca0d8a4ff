"""Many stored tables at once, written straight to the database (as a server that has run
for a while leaves them), for the restart tests and `benchmarks/restart.py`."""

from __future__ import annotations

import json
import random
import time

from tavola.core import make
from tavola.server import tokens
from tavola.server.storage import Storage, actions_t, seats_t, tables_t
from tests.server.games import register_server_toys


def store_tables(url: str, count: int, moves: int = 6, bots: int = 0,
                 created: float | None = None) -> list[str]:
    """Store `count` unfinished public 3-player toy tables of people (seat 0 taken, the
    others open), each `moves` actions into its game, the first `bots` of them with a
    random bot at seat 2; return their ids. One transaction per 500 tables."""
    register_server_toys()
    store = Storage(url)
    try:
        ids = []
        rng = random.Random(count)
        when = time.time() if created is None else created
        for start in range(0, count, 500):
            tables, seats, actions = [], [], []
            for n in range(start, min(count, start + 500)):
                table_id = f"stored{n:06d}"
                ids.append(table_id)
                seed = rng.getrandbits(62)
                tables.append({"id": table_id, "game": "toy", "version": 1, "players": 3,
                               "options": json.dumps({"rounds": 5}), "seed": seed,
                               "host_hash": tokens.token_hash(tokens.new_token()),
                               "settings": json.dumps({"bot_seconds": 0.05,
                                                       "public": True}),
                               "revision": 0, "finished": False, "created": when + n * 1e-3,
                               "public": True, "started": when + n * 1e-3})
                bot = n < bots
                for seat in range(3):
                    is_bot = bot and seat == 2
                    seats.append({"table_id": table_id, "seat": seat,
                                  "kind": "bot" if is_bot else "human",
                                  "bot": "random" if is_bot else None,
                                  "token_hash": None if is_bot
                                  else tokens.token_hash(tokens.new_token()),
                                  "reserved": None, "name": "Ann" if seat == 0 else None,
                                  "taken": seat == 0})
                state = make("toy", 3, seed=seed, rounds=5)
                for k in range(moves):
                    seat = state.to_act[0]
                    action = rng.choice(state.legal_actions(seat))
                    actions.append({"table_id": table_id, "n": k, "seat": seat,
                                    "action": str(action), "by": "human", "time": when})
                    state = state.apply(seat, action)
                assert not state.is_terminal
            with store.engine.begin() as conn:
                conn.execute(tables_t.insert(), tables)
                conn.execute(seats_t.insert(), seats)
                if actions:
                    conn.execute(actions_t.insert(), actions)
        return ids
    finally:
        store.close()
