"""The evaluation (heuristics.evaluate): a cheap estimate of each seat's final rank
utility, in [-1, 1]."""

from __future__ import annotations

import math

import pytest

from tavola.games.rattus.heuristics import CUBE_SCALE, RESERVE_WORTH, projected_scores
from tests.conformance.harness import random_game
from tests.games.rattus.scenarios import scenario


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_evaluation_is_in_range_and_sums_to_zero_like_rank_utilities(
        players: int) -> None:
    states, _ = random_game("rattus", players, 70 + players)
    for s in states:
        values = s.evaluate()
        assert len(values) == players
        assert all(-1.0 <= v <= 1.0 for v in values)
        assert abs(sum(values)) < 1e-9


def test_a_finished_game_evaluates_to_its_rank_utilities() -> None:
    states, _ = random_game("rattus", 3, 5)
    final = states[-1]
    assert final.evaluate() == final.result().utilities()


def test_the_board_is_scored_as_the_final_resolution_would_score_it() -> None:
    """Rulebook, "End of the game" 2: every token resolved, the plague as 2 neutral cubes."""
    s = scenario(plague="gallia", tokens={"gallia": ["3 M"], "italia": ["3 A"]},
                 cubes={"gallia": [1, 0], "italia": [2, 0], "hispania": [0, 2]},
                 palace=[0, 1])
    # Gallia: 1 cube + 2 neutral reach 3, M hits Red; Italia: 2 cubes miss 3.
    red, blue = projected_scores(s)
    assert red == pytest.approx(0 + 2 + RESERVE_WORTH * 17)
    assert blue == pytest.approx(2 + 1 + RESERVE_WORTH * 17)
    values = s.evaluate()
    assert values[1] == pytest.approx(math.tanh((blue - red) / CUBE_SCALE)) and values[1] > 0


def test_the_evaluation_before_the_last_decision_names_a_winner_in_most_games() -> None:
    named = 0
    for seed in range(30):
        states, _ = random_game("rattus", 2 + seed % 3, 400 + seed)
        values = states[-2].evaluate()
        named += values.index(max(values)) in states[-1].result().winners
    assert named >= 22
