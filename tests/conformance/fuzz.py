"""Fuzzing the loader: corrupted states are refused or are states every call works on.

`check_corruptions(name, players)` is a hypothesis test body a game's tests call. It takes
positions from random games, changes one value somewhere in the saved JSON (a boundary
number, another type, a shorter or longer list, an event's arguments emptied, an audience
widened), and loads the result. Loading must raise `CorruptState`, or return a state on
which every contract call works and from which random play reaches the end within the
game's bound, raising nothing but tavola's own errors.
"""

from __future__ import annotations

import copy
import json
import random
from functools import cache
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tavola.core import CorruptState, State, make, state_from_json
from tavola.core.game import check_contract

REPLACEMENTS: list[Any] = [0, 1, -1, 2, 3, 5, 7, 9, 10, 40, 99, 10_000, -10_000, 2**63,
                           True, False, None, "", "x", "over", [], [0], [[]], {}, 0.5]


@cache
def sample_states(name: str, players: int, games: int = 3, every: int = 7) -> tuple[str, ...]:
    """Return JSON texts of positions from a few random games (cached per process)."""
    out: list[str] = []
    for seed in range(games):
        state = make(name, players, seed)
        rng = random.Random(seed)
        n = 0
        while not state.is_terminal:
            if n % every == 0:
                out.append(json.dumps(state.to_json()))
            p = state.to_act[rng.randrange(len(state.to_act))]
            legal = state.legal_actions(p)
            state = state.apply(p, legal[rng.randrange(len(legal))])
            n += 1
        out.append(json.dumps(state.to_json()))
    return tuple(out)


def paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Return every path to a value inside `data`."""
    out: list[tuple[Any, ...]] = [prefix] if prefix else []
    if isinstance(data, dict):
        for k, v in data.items():
            out.extend(paths(v, (*prefix, k)))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            out.extend(paths(v, (*prefix, i)))
    return out


def corrupt(data: Any, path: tuple[Any, ...], how: int, value: Any) -> None:
    """Change the value at `path` in place: replace it, or shorten/lengthen a list."""
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    target = parent[last]
    if isinstance(target, list) and how == 1:
        if target:
            target.pop()
    elif isinstance(target, list) and how == 2:
        target.append(copy.deepcopy(target[-1]) if target else value)
    elif isinstance(target, dict) and how == 1:
        target.clear()
    elif isinstance(target, int) and not isinstance(target, bool) and how == 2:
        parent[last] = target + random.Random(len(path)).choice([-1, 1])
    else:
        parent[last] = value


def survives(state: State, seed: int) -> None:
    """Check every call works and random play ends from `state` with only tavola errors."""
    check_contract(state)
    rng = random.Random(seed)
    for _ in range(state.game.info.max_decisions):
        if state.is_terminal:
            state.result()
            return
        p = state.to_act[rng.randrange(len(state.to_act))]
        legal = state.legal_actions(p)
        assert legal, "a pending player without a legal action"
        state.view(p)
        state.determinize(p, rng)
        state = state.apply(p, legal[rng.randrange(len(legal))])
    raise AssertionError("a loaded state did not end within the bound")


def check_corruptions(name: str, players: int, examples: int = 150) -> None:
    """Run the loader fuzzer for one game and player count."""

    @settings(max_examples=examples, deadline=None, derandomize=True,
              suppress_health_check=list(HealthCheck))
    @given(st.data())
    def run(data: st.DataObject) -> None:
        texts = sample_states(name, players)
        raw = json.loads(texts[data.draw(st.integers(0, len(texts) - 1))])
        # Most values live in the log; aim three times in four at the position itself, where
        # the schema and the invariants do the refusing.
        where = paths(raw)
        in_state = [w for w in where if w[0] == "state"]
        if in_state and data.draw(st.integers(0, 3)) > 0:
            where = in_state
        path = where[data.draw(st.integers(0, len(where) - 1))]
        how = data.draw(st.integers(0, 2))
        value = data.draw(st.sampled_from(REPLACEMENTS))
        corrupt(raw, path, how, value)
        try:
            state = state_from_json(raw)
        except CorruptState:
            return
        survives(state, data.draw(st.integers(0, 1000)))

    run()
