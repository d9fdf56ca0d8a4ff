"""Choosing a sum (decision design, docs/games/intrige.md "Choosing a sum"): a bribe or the
sum of an offer is named directly when there are few possible sums, else through a range of
ten steps; every payable sum stays reachable and nothing else is."""

from __future__ import annotations

import pytest

from tavola.core import IllegalAction
from tavola.games.intrige.game import IntrigeState
from tavola.games.intrige.rules import bribe_amounts, sum_menu
from tests.conformance.harness import expect_error
from tests.games.intrige.scenarios import play, room_holder, scenario


def legal_text(state: IntrigeState) -> list[str]:
    """Return the pending player's legal actions as text."""
    return [str(a) for a in state.legal_actions(state.to_act[0])]


def test_a_bribe_out_of_many_sums_is_named_directly_below_100000_or_through_a_range() -> None:
    state = scenario(turn=0, parks={0: [(1, "legal")]})
    assert legal_text(state) == [
        *(f"bribe:{k * 10_000}" for k in range(1, 10)),
        "range:100000", "range:200000", "range:300000",
        *(f"ask:{r}" for r in range(1, 6))]
    state = play(state, "range:300000")
    assert legal_text(state) == ["bribe:300000", "bribe:310000", "bribe:320000"]
    assert state.prompt(1).endswith("a sum from 300,000")
    state = play(state, "bribe:320000")
    assert state.board.money[:2] == [640_000, 0]
    assert state.board.range_from == 0


def test_a_range_once_picked_holds_the_bribe_to_its_sums() -> None:
    state = play(scenario(turn=0, parks={0: [(1, "legal")]}), "range:100000")
    expect_error(state, 1, "bribe:90000")
    expect_error(state, 1, "bribe:200000")
    expect_error(state, 1, "range:200000")
    expect_error(state, 1, "ask:5")
    assert legal_text(state) == [f"bribe:{k * 10_000}" for k in range(10, 20)]


def test_few_possible_sums_are_all_named_in_one_decision() -> None:
    state = scenario(turn=0, parks={0: [(1, "legal")]}, money={1: 120_000})
    assert [a for a in legal_text(state) if not a.startswith("ask")] == [
        f"bribe:{k * 10_000}" for k in range(1, 13)]


def test_the_sum_of_an_offer_is_chosen_the_same_way_after_its_room() -> None:
    state = scenario(turn=0, parks={0: [(1, "legal")]})
    state = play(state, "ask:5")
    assert legal_text(state) == [*(f"offer:{k * 10_000},5" for k in range(1, 10)),
                                 "range:100000", "range:200000", "range:300000"]
    assert state.view(1)["pending"]["ask_room"] == 5
    state = play(state, "range:100000")
    assert state.view(1)["pending"]["range_from"] == 100_000
    state = play(state, "offer:150000,5")
    assert state.view(3)["offers"][-1] == {"round": 2, "palace": 0, "payer": 1,
                                            "amount": 150_000, "room": 5}
    assert "ask" not in {a.split(":")[0] for a in legal_text(state)}
    state = play(state, "bribe:10000", "room:5")
    assert room_holder(state, 0, 5) == (1, "legal")


@pytest.mark.parametrize("edition", ["1994", "amigo"])
@pytest.mark.parametrize("steps", [0, 1, 9, 10, 11, 12, 13, 19, 20, 21, 32, 99, 100, 101, 257])
def test_every_payable_sum_is_reachable_exactly_once(edition: str, steps: int) -> None:
    table = scenario(edition=edition).table
    step = table.edition.bribe_step
    for money in (steps * step, steps * step + step // 2):
        direct, ranges = sum_menu(table, money, 0)
        reached = list(direct)
        for lowest in ranges:
            inner, further = sum_menu(table, money, lowest)
            assert inner and not further and len(inner) <= 10
            reached.extend(inner)
        assert reached == bribe_amounts(table, money)
        assert len(direct) + len(ranges) <= 12 + money // (10 * step)


def test_a_range_label_shows_the_payers_own_top_sum_and_nobody_else_gets_one() -> None:
    state = scenario(turn=0, parks={0: [(1, "legal")]})
    top = next(a for a in state.legal_actions(1) if str(a) == "range:300000")
    assert state.describe(1, top) == "a sum from 300,000 to 320,000 (choose it next)"
    for other in (0, 2, 3):
        with pytest.raises(IllegalAction) as caught:
            state.describe(other, top)
        assert "320" not in str(caught.value)
