"""The estimate behind search and the greedy bot: `potential` (remembered, so it must always
answer what it computes), and `evaluate`, which must foretell the final ranking better than
the points already scored."""

from __future__ import annotations

import random

import pytest

from benchmarks.nottingham_evaluate import collect, measure, points_only
from tavola.games.nottingham import heuristics
from tavola.games.nottingham.components import COMMISSION_VALUES, ITEM_TYPES
from tests.games.nottingham.scenario import bank, table


def test_a_remembered_potential_is_the_computed_one() -> None:
    rng = random.Random(5)
    for _ in range(2000):
        hand = [rng.choice((0, 0, 1, 1, 2, 3, 4, 6)) for _ in range(ITEM_TYPES)]
        open_values = [rng.choice((0.0, float(single), float(double)))
                       for single, double in COMMISSION_VALUES]
        first = heuristics.potential(hand, open_values)
        assert first == heuristics._potential(hand, open_values)
        assert heuristics.potential(list(hand), list(open_values)) == first


def test_evaluate_gives_equal_seats_equal_values_and_sums_to_nothing() -> None:
    s = table(4, hands={0: ["gold"] * 2, 1: ["gold"] * 2, 2: ["gold"] * 2, 3: ["gold"] * 2})
    values = s.evaluate()
    assert all(v == pytest.approx(values[0]) for v in values)
    assert sum(values) == pytest.approx(0.0)


def test_points_won_count_for_more_as_the_sheriff_nears_home() -> None:
    s = table(3, hands={0: ["chest"] * 3, 1: [], 2: []}, sheriff=2)
    bank(s, 1, "chest")
    early = s.evaluate()
    s.sheriff = 14
    late = s.evaluate()
    # A set in hand is nearly as good as a set won early on, far less so at the end.
    assert late[1] - late[0] > early[1] - early[0]


def test_evaluate_foretells_the_ranking_better_than_the_points_scored() -> None:
    data = collect(4, 40, 9000)
    mine, base = measure(data, heuristics.evaluate), measure(data, points_only)
    for stretch in range(3):  # the last stretch: points and evaluate alike are near sure
        assert mine[stretch][0] > base[stretch][0]
        assert mine[stretch][1] < base[stretch][1]
