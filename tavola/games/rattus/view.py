"""What each player may know of a Rattus position, and determinization for search.

Face-down tokens are unknown to everyone, except those a Witch looked at, which are known
to her alone (RULINGS.md Rattus 1). A token's back is public: starting tokens have a purple
border, which is how the seed (PREPARAZIONE 3) has them sorted face down. Which tokens each
player has seen is public too (the look itself is announced), only the fronts are not.
"""

from __future__ import annotations

import random
from typing import Any

from tavola.core.events import log_events, log_from_events, redact
from tavola.games.rattus import rules
from tavola.games.rattus.components import (
    CLASS_NAMES,
    REGION_NAMES,
    STARTING_COUNT,
    TOKENS,
)
from tavola.games.rattus.config import REGIONS_IN_PLAY
from tavola.games.rattus.state import NO_POSITION, OVER, PHASE_NAMES, RattusState


def token_data(token: int) -> dict[str, Any]:
    """Return a token's front as JSON data."""
    t = TOKENS[token]
    return {"threshold": t.threshold, "majority": t.majority, "all": t.everyone,
            "classes": [CLASS_NAMES[c] for c in t.classes], "symbols": t.symbols}


def _pos(pos: tuple[int, int]) -> str | None:
    return None if pos == NO_POSITION else f"{REGION_NAMES[pos[0]]}.{pos[1]}"


def view(s: RattusState, player: int | None) -> dict[str, Any]:
    """Return exactly what `player` (None: a spectator) may know, as JSON data."""
    n = s.game.players
    count = REGIONS_IN_PLAY[n]
    mine = set(s.known[player]) if player is not None else set()
    known_by = [set(k) for k in s.known]
    regions = []
    for r in range(count):
        slots = []
        for t in s.tokens[r]:
            slots.append({"starting": t < STARTING_COUNT,
                          "seen_by": [q for q in range(n) if t in known_by[q]],
                          "front": token_data(t) if t in mine else None})
        regions.append({"name": REGION_NAMES[r], "cubes": s.board[r][:], "tokens": slots,
                        "plague": r == s.plague})
    supply_starting = sum(1 for t in s.supply if t < STARTING_COUNT)
    return {
        "game": "rattus", "players": n, "you": player, "phase": PHASE_NAMES[s.phase],
        "active": s.active if s.phase != OVER else None, "turn": s.turn,
        "regions": regions, "plague": REGION_NAMES[s.plague],
        "palace": s.palace[:], "reserve": s.reserve[:], "lost": s.lost[:],
        "cards": {CLASS_NAMES[c]: (h if h >= 0 else None) for c, h in enumerate(s.holder)},
        "supply": {"starting": supply_starting, "other": len(s.supply) - supply_starting},
        "set_aside": len(s.aside),
        "out_of_game": [token_data(t) for t in s.out],
        "stage": {
            "took_card": s.took, "placed": s.placed, "b_closed": s.b_closed,
            "used": [CLASS_NAMES[c] for c in range(6) if s.used >> c & 1],
            "spread_left": s.spread_left,
            "spread_from": REGION_NAMES[s.spread_from] if s.spread_from >= 0 else None,
            "witch_first": _pos(s.witch_first), "witch_second": _pos(s.witch_second),
            "final_queue": s.queue[:],
            "last_player": s.last_player if s.last_player >= 0 else None,
        },
        "scores": rules.scores(s),
    }


def determinize(s: RattusState, player: int, rng: random.Random) -> RattusState:
    """Return a full state consistent with `view(player)`: every token front the player has
    not seen is re-sampled among the unseen tokens of the same back (board, supply and the
    set-aside tokens); other players' knowledge follows the tokens' places; the generator
    is replaced."""
    d = s.copy()
    mine = set(s.known[player])
    places: list[tuple[list[int], int]] = []
    for r in range(len(d.tokens)):
        for i, t in enumerate(d.tokens[r]):
            if t not in mine:
                places.append((d.tokens[r], i))
    for pile in (d.supply, d.aside):
        places.extend((pile, i) for i in range(len(pile)))
    mapping: dict[int, int] = {}
    for starting in (True, False):
        group = [(pile, i) for pile, i in places if (pile[i] < STARTING_COUNT) == starting]
        ids = [pile[i] for pile, i in group]
        fresh = ids[:]
        rng.shuffle(fresh)
        for (pile, i), old, new in zip(group, ids, fresh, strict=True):
            pile[i] = new
            mapping[old] = new
    for q in range(len(d.known)):
        if q != player:
            d.known[q] = sorted(mapping.get(t, t) for t in d.known[q])
    d.supply.sort()
    d.aside.sort()
    d.rng = rng.getrandbits(64)
    # Other players' private events carry what they saw; the copy keeps only what
    # `player` may read, so a search over determinized states learns nothing more.
    d.logcell = log_from_events(list(redact(log_events(s.logcell), player)))
    return d
