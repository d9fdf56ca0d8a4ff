"""A seat's information-set sample and a reseeded position of Notre Dame on the native core
are the reference's `game.sample` and `reseed`, drawn with the same values from the same
generator."""

from __future__ import annotations

import random

import pytest

from tavola.core import CorruptState
from tavola.games.notre_dame import schema
from tavola.games.notre_dame.game import NotreDameState
from tavola.native import core
from tavola.native.notre_dame import NativeNotreDame, state_data
from tests.conformance.harness import random_game


def test_a_native_sample_is_the_reference_sample_draw_for_draw() -> None:
    """Every seat, along real games of every player count and both gold options (the
    draft with choices made and pending, split pairs, face-down cards, the periods' ends,
    the end): the same position (generator included) and the generator left in the same
    state; the sample keeps the seat's view."""
    compared = split = chose = 0
    for players in (2, 3, 4, 5):
        for seed, gold in [(s, g) for s in range(3) for g in ("limited", "unlimited")]:
            states, _ = random_game("notre-dame", players, 40 + seed, gold=gold)
            for k, state in enumerate(states[::7] + states[-1:]):
                assert isinstance(state, NotreDameState)
                for p in range(players):
                    a, b = random.Random(k * 7 + p), random.Random(k * 7 + p)
                    ref = state.game.sample(p, state.view(p), state.log(p), a)
                    assert isinstance(ref, NotreDameState)
                    nat = NativeNotreDame.from_state(state).sample(p, b)
                    assert nat.data() == state_data(ref)
                    assert a.getstate() == b.getstate()
                    seen = state.view(p)
                    seen.pop("breakdown", None)  # read from the log, which no sample has
                    assert nat.to_state().view(p) == seen
                    compared += 1
                    split += bool(seen["me"]["split_pairs"])
                    chose += any(pl["draft_done"] for q, pl in enumerate(seen["players"])
                                 if q != p)
    assert compared > 3000 and split > 2000 and chose > 500


def test_a_native_reseed_is_the_reference_reseed_draw_for_draw() -> None:
    compared = 0
    for players in (2, 3, 4, 5):
        states, _ = random_game("notre-dame", players, 60)
        for k, state in enumerate(states[::9] + states[-1:]):
            assert isinstance(state, NotreDameState)
            a, b = random.Random(k), random.Random(k)
            ref = state.reseed(a)
            nat = NativeNotreDame.from_state(state).reseed(b)
            assert nat.data() == state_data(ref)  # type: ignore[arg-type]
            assert a.getstate() == b.getstate()
            compared += 1
    assert compared > 100


def test_a_position_whose_cards_cannot_come_from_the_draft_is_refused() -> None:
    """Raw data the reference's sampler refuses (CorruptState) is refused with ValueError,
    never dealt out of bounds: here two cards of one role in a round."""
    states, _ = random_game("notre-dame", 3, 5)
    state = next(s for s in states if isinstance(s, NotreDameState) and s.phase == 3
                 and len(s.played[0]) >= 2)
    data = state_data(state)
    own = [c for c in range(9) if c not in data["played"][0]][:2]
    data["played"][0][:2] = own
    nat = core().NotreDameState.from_data(3, False, data)
    with pytest.raises(ValueError, match="do not fit the draft"):
        nat.sample(1, random.Random(0).getstate()[1])
    ref = state.game.blank()  # type: ignore[attr-defined]
    schema.fill(ref, data, [])
    with pytest.raises(CorruptState):
        state.game.sample(1, ref.view(1), [], random.Random(0))
