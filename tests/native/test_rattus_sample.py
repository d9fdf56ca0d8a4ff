"""A seat's information-set sample and a reseeded position on the native core are the
reference's `game.sample` and `reseed`, drawn with the same values from the same
generator."""

from __future__ import annotations

import random

from tavola.native.rattus import NativeRattus
from tests.conformance.harness import random_game


def test_a_native_sample_is_the_reference_sample_draw_for_draw() -> None:
    """Every seat, along real games (Witch looks, revealed tokens, the final round, the
    end): the same position (generator included) and the generator left in the same state;
    the sample keeps the seat's view."""
    compared = with_fronts = 0
    for players in (2, 3, 4):
        for seed in range(3):
            states, _ = random_game("rattus", players, 40 + seed)
            for k, state in enumerate(states[::5] + states[-1:]):
                for p in range(players):
                    a, b = random.Random(k * 7 + p), random.Random(k * 7 + p)
                    ref = state.game.sample(p, state.view(p), state.log(p), a)
                    nat = NativeRattus.from_state(state).sample(p, b)  # type: ignore[arg-type]
                    assert nat.data() == ref.data()  # type: ignore[attr-defined]
                    assert a.getstate() == b.getstate()
                    assert nat.to_state().view(p) == state.view(p)
                    compared += 1
                    with_fronts += bool(state.known[p])  # type: ignore[attr-defined]
    assert compared > 500 and with_fronts > 100


def test_a_native_reseed_is_the_reference_reseed_draw_for_draw() -> None:
    compared = 0
    for players in (2, 3, 4):
        states, _ = random_game("rattus", players, 60)
        for k, state in enumerate(states[::3] + states[-1:]):
            a, b = random.Random(k), random.Random(k)
            ref = state.reseed(a)
            nat = NativeRattus.from_state(state).reseed(b)  # type: ignore[arg-type]
            assert nat.data() == ref.data()  # type: ignore[attr-defined]
            assert a.getstate() == b.getstate()
            compared += 1
    assert compared > 100
