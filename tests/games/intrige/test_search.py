"""What search code uses: the fast path (`for_search` + `apply_index`) and the evaluation.

Speed is measured by hand (docs/games/intrige.md, "Search"); these tests pin behaviour only.
"""

from __future__ import annotations

import random

import pytest

from tavola.core import make
from tavola.games.intrige.game import IntrigeState
from tests.conformance.harness import canonical, random_game
from tests.games.intrige.scenarios import scenario


@pytest.mark.parametrize("edition", ["1994", "amigo"])
def test_a_search_playout_equals_the_checked_playout_apart_from_the_log(edition: str) -> None:
    for players in (3, 5):
        rng_fast, rng_slow = random.Random(players), random.Random(players)
        slow = make("intrige", players, 0, edition=edition)
        fast = slow.for_search()
        frozen_log = fast.log(None)
        assert fast.to_json()["state"] == slow.to_json()["state"]
        while not slow.is_terminal:
            p = slow.to_act[0]
            assert fast.to_act == slow.to_act
            assert fast.legal_actions(p) == slow.legal_actions(p)
            assert fast.view(p) == slow.view(p)
            i = rng_fast.randrange(len(fast.legal_actions(p)))
            assert rng_slow.randrange(len(slow.legal_actions(p))) == i
            fast = fast.apply_index(p, i)
            slow = slow.apply(p, slow.legal_actions(p)[i])
            assert fast.to_json()["state"] == slow.to_json()["state"]
            assert fast.log(None) == frozen_log
        assert fast.is_terminal and fast.result() == slow.result()


def test_for_search_gives_an_equal_position_and_leaves_the_original_unchanged() -> None:
    states, _ = random_game("intrige", 4, 6)
    for state in states[::25]:
        text = canonical(state)
        searching = state.for_search()
        assert canonical(searching) == text
        if not searching.is_terminal:
            searching.apply_index(searching.to_act[0], 0)
        assert canonical(state) == text


@pytest.mark.parametrize("edition", ["1994", "amigo"])
def test_the_evaluation_lies_in_minus_one_to_one_sums_to_zero_and_is_exact_at_the_end(
        edition: str) -> None:
    for players in (3, 4, 5):
        states, _ = random_game("intrige", players, 40 + players, edition=edition)
        for state in states:
            values = state.evaluate()
            assert len(values) == players
            assert all(-1.0 <= v <= 1.0 for v in values)
            assert abs(sum(values)) < 1e-9
        assert states[-1].evaluate() == states[-1].result().utilities()


def test_the_evaluation_ranks_a_seat_with_more_money_and_salaries_to_come_higher() -> None:
    poor = scenario(money={0: 200_000, 1: 320_000, 2: 320_000, 3: 320_000})
    values = poor.evaluate()
    assert values[0] < min(values[1:])
    earning = scenario(turn=0, rooms={2: {5: (1, "fiscal")}})
    values = earning.evaluate()
    assert values[1] == max(values) and values[1] > 0


def test_the_evaluation_counts_salaries_only_for_the_incomes_still_to_come() -> None:
    early = scenario(round=2, turn=0, rooms={2: {5: (1, "fiscal")}})
    late = scenario(round=6, turn=2, rooms={2: {5: (1, "fiscal")}}, parks={2: [(0, "legal")]})
    assert isinstance(early, IntrigeState) and isinstance(late, IntrigeState)
    # In round 6, after P2's turn, P2 collects nothing more from its room-5 figure.
    assert late.board.turn == 2 and late.evaluate()[1] == pytest.approx(0.0, abs=1e-9)
    assert early.evaluate()[1] > 0.5
