"""A seat's information-set sample and a reseeded position of Nottingham on the native core
are the reference's `game.sample` and `reseed`, drawn with the same values from the same
generator."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tavola.games.nottingham import state as S
from tavola.games.nottingham.game import NottinghamGame, NottinghamState
from tavola.native.nottingham import NativeNottingham, state_data
from tests.conformance.harness import random_game


def test_a_native_sample_is_the_reference_sample_draw_for_draw() -> None:
    """Every seat, along real games of every player count and option (hidden Buy offers,
    open Trade offers, a Rob seen by others, ambush cards looked at, in play and under the
    deck, the deck exhausted, the end): the same position (generator included) and the
    generator left in the same state; the sample keeps the seat's view."""
    seen: Counter[str] = Counter()
    for players in range(3, 8):
        for seed, options in enumerate([{}, {"rob_shows_card": True},
                                        {"several_ambushes_each": True, "track": "distinct"}]):
            states, _ = random_game("nottingham", players, 40 + seed, **options)
            for k, state in enumerate(states[::4] + states[-1:]):
                assert isinstance(state, NottinghamState)
                for p in range(players):
                    a, b = random.Random(k * 7 + p), random.Random(k * 7 + p)
                    ref = state.game.sample(p, state.view(p), state.log(p), a)
                    assert isinstance(ref, NottinghamState)
                    nat = NativeNottingham.from_state(state).sample(p, b)
                    assert nat.data() == state_data(ref)
                    assert a.getstate() == b.getstate()
                    view = state.view(p)
                    view.pop("breakdown", None)
                    after = nat.to_state().view(p)
                    after.pop("breakdown", None)
                    assert after == view
                    seen["compared"] += 1
                    seen[S.PHASES[state.phase]] += 1
                    seen["ambushes"] += any(state.ambushes[q] for q in range(players) if q != p)
                    seen["hidden offer"] += state.phase == S.BUY_OFFER and any(
                        state.offers[q] for q in range(players) if q != p)
    assert seen["compared"] > 3000 and seen["ambushes"] > 1000 and seen["hidden offer"] > 50
    for phase in ("buy_offer", "trade_offer", "take", "ambush_keep", "ambush_window", "over"):
        assert seen[phase] > 10, phase


def test_a_native_reseed_is_the_reference_reseed_draw_for_draw() -> None:
    compared = 0
    for players in range(3, 8):
        states, _ = random_game("nottingham", players, 60)
        for k, state in enumerate(states[::9] + states[-1:]):
            assert isinstance(state, NottinghamState)
            a, b = random.Random(k), random.Random(k)
            ref = state.reseed(a)
            nat = NativeNottingham.from_state(state).reseed(b)
            assert nat.data() == state_data(ref)  # type: ignore[arg-type]
            assert a.getstate() == b.getstate()
            compared += 1
    assert compared > 100


def test_data_the_sampler_cannot_deal_is_refused() -> None:
    """Raw data where a seat is sure of a card its hand does not hold is refused with
    ValueError, never dealt out of bounds."""
    game = NottinghamGame(3, {})
    data = state_data(game.new_state(0))
    hand = data["hands"][1]
    missing = next(i for i in range(7) if all(c // 12 != i for c in hand))
    data["known"][(1 * 3 + 0) * 7 + missing] = 1
    with pytest.raises(ValueError, match="known"):
        NativeNottingham.new(game, 0)._s.from_data(3, 0, False, False, data)
