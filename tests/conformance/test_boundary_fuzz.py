"""Hostile input at the boundary of every shipped game: only tavola's own errors, no change.

Positions come from random games of each game at each player count; hypothesis then throws
action texts (well-formed or not, huge, with control characters), seats of every kind and
type, and viewers at every call of the contract. Each call either succeeds (a legal action by
a pending seat) or raises a `TavolaError` whose one-line message quotes a bounded part of the
input and leaves the state as it was.
"""

from __future__ import annotations

import json
import random
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tavola.core import Action, State, TavolaError, game_class, game_names, info, make

SEATS = st.one_of(st.integers(-3, 8), st.sampled_from([2**70, -(2**70), True, False, None,
                                                        "0", 1.0, [0]]))
TEXTS = st.one_of(
    st.text(max_size=60),
    st.sampled_from(["keep\n:red.bank", "bid:1\n", "x" * 100_000, "a:" + "1," * 5000,
                     "pass", "play:", ":", "send:0,1", "bribe:10000", "Take"]),
    st.from_regex(r"[a-z_]{1,12}(:[a-z0-9_.+\-]{1,8}(,[a-z0-9_.]{1,6}){0,3})?", fullmatch=True),
)


def shipped() -> list[tuple[str, int]]:
    out = []
    for name in game_names():
        if game_class(name).__module__.startswith("tavola.games."):
            spec = info(name)
            out.extend((name, n) for n in range(spec.min_players, spec.max_players + 1))
    return out


@cache
def positions(name: str, players: int) -> tuple[State, ...]:
    out: list[State] = []
    for seed in range(2):
        state = make(name, players, seed)
        rng = random.Random(seed)
        n = 0
        while not state.is_terminal:
            if n % 11 == 0:
                out.append(state)
            p = state.to_act[rng.randrange(len(state.to_act))]
            legal = state.legal_actions(p)
            state = state.apply(p, legal[rng.randrange(len(legal))])
            n += 1
        out.append(state)
    return tuple(out)


@pytest.mark.parametrize("name,players", shipped())
def test_hostile_calls_raise_only_tavola_errors_and_change_nothing(name: str,
                                                                   players: int) -> None:
    @settings(max_examples=60, deadline=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(st.data())
    def run(data: st.DataObject) -> None:
        states = positions(name, players)
        state = states[data.draw(st.integers(0, len(states) - 1))]
        before = json.dumps(state.to_json(), sort_keys=True)
        seat = data.draw(SEATS)
        text = data.draw(TEXTS)
        for call in (lambda: state.apply(seat, text),  # type: ignore[arg-type]
                     lambda: state.legal_actions(seat),  # type: ignore[arg-type]
                     lambda: state.prompt(seat),  # type: ignore[arg-type]
                     lambda: state.view(seat),  # type: ignore[arg-type]
                     lambda: state.log(seat),  # type: ignore[arg-type]
                     lambda: state.describe(seat, Action.parse(text)),  # type: ignore[arg-type]
                     lambda: state.determinize(seat, random.Random(0))):  # type: ignore[arg-type]
            try:
                call()
            except TavolaError as exc:
                message = str(exc)
                assert "\n" not in message and len(message) < 400, message[:400]
        assert json.dumps(state.to_json(), sort_keys=True) == before

    run()
