"""`State.chance_marker` (the contract's "was chance used?"): over random play of every
game, the marker changes exactly when the game's generator is consumed, and a step that
keeps it does not depend on the generator at all."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tavola.core import State, make
from tests.core.toy import ToyGame

GAMES = ("intrige", "notre-dame", "nottingham", "rattus")
MASK = (1 << 64) - 1


def play(name: str, players: int, seed: int) -> list[tuple[State, int, str, State]]:
    """Play one random game; return every step as (before, seat, action, after)."""
    state = make(name, players, seed)
    rng = random.Random(seed * 31 + players)
    steps = []
    while not state.is_terminal:
        seat = state.to_act[rng.randrange(len(state.to_act))]
        legal = state.legal_actions(seat)
        action = legal[rng.randrange(len(legal))]
        after = state.apply(seat, action)
        steps.append((state, seat, str(action), after))
        state = after
    return steps


def generator(state: State) -> int | None:
    """The generator in the state's complete data, where the game keeps one."""
    data = state.to_json()["state"]
    value = data.get("rng") if isinstance(data, dict) else None
    return value if type(value) is int else None


def with_generator(state: State, value: int) -> State:
    """Return `state` loaded back with its generator replaced by `value`."""
    data = state.to_json()
    data["state"]["rng"] = value
    return state.game.state_from_json(data)


@pytest.mark.parametrize("name", GAMES)
def test_the_marker_changes_exactly_when_the_generator_is_consumed(name: str) -> None:
    info = make(name, 3, 0).game.info
    drawn = kept = 0
    for players in range(info.min_players, info.max_players + 1):
        for i, (before, seat, action, after) in enumerate(play(name, players, players)):
            marker, next_marker = before.chance_marker, after.chance_marker
            assert marker is not None and next_marker is not None
            old, new = generator(before), generator(after)
            if old is None:
                # No generator in the state: the game has no chance, its marker never moves.
                assert not info.chance and new is None
                assert marker == next_marker
                kept += 1
                continue
            assert new is not None and marker == old and next_marker == new
            if old != new:
                drawn += 1
                continue
            kept += 1
            if i % 7 == 0:
                # The step kept the marker: it must not depend on the generator at all.
                other = (old + 0x5DEECE66D) & MASK
                again = with_generator(before, other).apply(seat, action)
                assert generator(again) == other
                assert with_generator(again, new).to_json() == after.to_json()
    assert kept
    assert bool(drawn) == info.chance


def test_intrige_has_no_chance_at_all() -> None:
    first, other = make("intrige", 4, 1), make("intrige", 4, 99)
    assert first.to_json() == other.to_json()
    assert first.chance_marker == other.chance_marker == 0
    assert not first.game.info.chance


def test_the_default_reads_the_generator_or_the_declared_facts() -> None:
    state = ToyGame(2).new_state(5)
    assert state.chance_marker == state.rng == generator(state)
    assert state.apply(0, "bid:1").chance_marker == state.chance_marker
    del state.rng
    assert state.chance_marker is None  # declares chance, keeps no generator: cannot tell

    class NoChanceToy(ToyGame):
        info = replace(ToyGame.info, chance=False)

    plain = NoChanceToy(2).new_state(5)
    del plain.rng
    assert plain.chance_marker == 0
