"""States are never changed once returned: a successor may share the parts a move leaves
alone (the fast path's copy-on-change), so no move, on the public path or the search fast
path, may change anything of an earlier state. Every shipped game, every player count."""

from __future__ import annotations

import json
import random

import pytest

from tavola.core import State, game_class, game_names, info, make


def shipped() -> list[tuple[str, int]]:
    """Return every shipped game with each of its player counts."""
    return [(name, n) for name in game_names()
            if game_class(name).__module__.startswith("tavola.games.")
            for n in range(info(name).min_players, info(name).max_players + 1)]


def canonical(state: State) -> str:
    """Return the game's data of a state (the log, a persistent list, cannot change)."""
    return json.dumps(state._data(), sort_keys=True)


def play_and_branch(start: State, seed: int, fast: bool) -> None:
    """Play a random game from `start`, applying every legal action at every step as well;
    then check that no state changed since it was made."""
    rng = random.Random(seed)
    state = start.for_search() if fast else start
    seen: list[tuple[State, str]] = []
    while True:
        seen.append((state, canonical(state)))
        if state.is_terminal:
            break
        player = state.to_act[0]
        legal = state.legal_actions(player)
        for index, action in enumerate(legal):
            branch = state.apply_index(player, index) if fast else state.apply(player, action)
            seen.append((branch, canonical(branch)))
        pick = rng.randrange(len(legal))
        state = state.apply_index(player, pick) if fast else state.apply(player, legal[pick])
    for s, text in seen:
        assert canonical(s) == text


@pytest.mark.parametrize("fast", [False, True], ids=["public", "fast"])
@pytest.mark.parametrize(("name", "players"), shipped())
def test_no_move_changes_an_earlier_state(name: str, players: int, fast: bool) -> None:
    for seed in range(2):
        play_and_branch(make(name, players, 40 + seed), seed, fast)
