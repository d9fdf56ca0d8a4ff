"""Choosing a sum (decision design, docs/games/intrige.md "Choosing a sum"): a bribe or the
sum of an offer is named directly when there are few possible sums, else through a range of
ten steps; every payable sum stays reachable and nothing else is. A step picked by mistake
(a range, a room asked for) may be taken back with `back`, once per sum named - an interface
rule, not a game rule."""

from __future__ import annotations

import pytest

from tavola.core import IllegalAction
from tavola.games.intrige.game import IntrigeState
from tavola.games.intrige.rules import bribe_amounts, sum_menu
from tavola.games.intrige.state import SEND
from tests.conformance.harness import expect_error
from tests.games.intrige.scenarios import play, reached, room_holder, scenario


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
    assert legal_text(state) == ["bribe:300000", "bribe:310000", "bribe:320000", "back"]
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
    assert legal_text(state) == [*(f"bribe:{k * 10_000}" for k in range(10, 20)), "back"]


def test_few_possible_sums_are_all_named_in_one_decision() -> None:
    state = scenario(turn=0, parks={0: [(1, "legal")]}, money={1: 120_000})
    assert [a for a in legal_text(state) if not a.startswith("ask")] == [
        f"bribe:{k * 10_000}" for k in range(1, 13)]


def test_the_sum_of_an_offer_is_chosen_the_same_way_after_its_room() -> None:
    state = scenario(turn=0, parks={0: [(1, "legal")]})
    state = play(state, "ask:5")
    assert legal_text(state) == [*(f"offer:{k * 10_000},5" for k in range(1, 10)),
                                 "range:100000", "range:200000", "range:300000", "back"]
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


# -- going back (an interface rule: once per sum named) -----------------------------------------


def test_back_returns_from_a_range_to_the_choice_of_range_changing_nothing_else() -> None:
    before = scenario(turn=0, parks={0: [(1, "legal")]})
    state = play(before, "range:100000", "back")
    assert legal_text(state) == legal_text(before)
    assert state.board.range_from == 0 and state.board.went_back
    assert state.board.money == before.board.money
    for viewer in (None, 0, 2, 3):
        assert state.view(viewer) == before.view(viewer)
        assert state.log_text(viewer) == before.log_text(viewer)
    assert state.view(1)["pending"]["went_back"] is True
    assert before.view(1)["pending"]["went_back"] is False


def test_back_is_offered_once_per_sum_then_never_again_for_that_sum() -> None:
    state = play(scenario(turn=0, parks={0: [(1, "legal")]}), "range:100000", "back",
                 "range:200000")
    assert "back" not in legal_text(state)
    expect_error(state, 1, "back")
    state = play(state, "bribe:200000")
    assert not state.board.went_back


def test_back_after_an_offer_is_offered_again_for_the_bribe() -> None:
    state = play(scenario(turn=0, parks={0: [(1, "legal")]}), "ask:5", "range:100000", "back")
    assert state.board.ask_room == 5 and state.board.range_from == 0
    assert "back" not in legal_text(state)
    state = play(state, "offer:50000,5")
    assert not state.board.went_back and state.board.offered
    state = play(state, "range:100000")
    assert "back" in legal_text(state)
    state = play(state, "back")
    assert legal_text(state) == [*(f"bribe:{k * 10_000}" for k in range(1, 10)),
                                 "range:100000", "range:200000", "range:300000"]


def test_back_from_a_room_asked_for_returns_to_the_choice_of_bribe_or_offer() -> None:
    before = scenario(turn=0, parks={0: [(1, "legal")]})
    state = play(before, "ask:5", "back")
    assert state.board.ask_room == 0
    assert legal_text(state) == legal_text(before)
    state = play(state, "ask:3", "offer:20000,3")
    assert state.view(2)["offers"][-1]["room"] == 3


def test_back_is_never_offered_with_nothing_to_take_back() -> None:
    state = scenario(turn=0, parks={0: [(1, "legal")]})
    assert "back" not in legal_text(state)
    expect_error(state, 1, "back")
    broke = scenario(turn=0, parks={0: [(1, "legal")]}, money={1: 5_000})
    assert legal_text(broke) == ["bribe:0"]


def test_back_labels_say_where_they_lead_in_every_language() -> None:
    state = play(scenario(turn=0, parks={0: [(1, "legal")]}), "ask:5")
    assert state.describe(1, "back").startswith("go back: make no offer for room 5")
    state = play(state, "range:100000")
    assert state.describe(1, "back").startswith("go back to the choice of a range")
    assert state.describe(1, "back", "it").startswith("torna alla scelta della fascia")
    assert state.describe(1, "back", "pl").startswith("wróć do wyboru przedziału")


# -- typing a sum (the path a front plays for a typed sum) -------------------------------------


def test_a_typed_sum_names_its_range_and_then_the_sum() -> None:
    state = scenario(turn=0, parks={0: [(1, "legal")]})
    assert [str(a) for a in state.typed_sum(1, 150_000) or ()] == ["range:100000",
                                                                   "bribe:150000"]
    assert [str(a) for a in state.typed_sum(1, 30_000) or ()] == ["bribe:30000"]
    assert [str(a) for a in state.typed_sum(1, 320_000) or ()] == ["range:300000",
                                                                   "bribe:320000"]
    after = state
    for action in state.typed_sum(1, 150_000) or ():
        after = play(after, str(action))
    assert after.board.money[1] == 320_000 - 150_000


@pytest.mark.parametrize("amount", [0, 5_000, 155_000, 330_000, 10**9])
def test_a_typed_sum_that_cannot_be_paid_names_nothing(amount: int) -> None:
    state = scenario(turn=0, parks={0: [(1, "legal")]})
    assert state.typed_sum(1, amount) == ()


def test_a_typed_sum_goes_on_from_the_step_reached_and_only_for_the_payer() -> None:
    state = play(scenario(turn=0, parks={0: [(1, "legal")]}), "ask:5")
    assert [str(a) for a in state.typed_sum(1, 120_000) or ()] == ["range:100000",
                                                                   "offer:120000,5"]
    in_range = play(state, "range:100000")
    assert [str(a) for a in in_range.typed_sum(1, 120_000) or ()] == ["offer:120000,5"]
    assert in_range.typed_sum(1, 220_000) == ()
    assert all(state.typed_sum(seat, 120_000) is None for seat in (0, 2, 3))
    sending = reached(lambda s: s.board.phase == SEND)
    assert sending.typed_sum(sending.to_act[0], 10_000) is None
