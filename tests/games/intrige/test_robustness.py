"""Robustness of Intrige: untrusted saved states, seats outside the game, immutable legal
actions, and every game ending within its proven bound however the players stall.

Loading is refused unless the data fits the declared schema and the board keeps the game's
invariants (tavola/games/intrige/schema.py; docs/games/intrige.md, "Loading a saved state").
Each invariant has a named test below on a position reached in play, plus the loader fuzzer.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from tavola.core import CorruptState, UnknownPlayer, act, state_from_json
from tavola.games.intrige.config import (
    DECISIONS_PER_BRIBE,
    EDITIONS,
    MAX_DECISIONS,
    max_decisions,
)
from tavola.games.intrige.game import IntrigeState
from tavola.games.intrige.state import BRIBE, DECIDE, OVER, SEND
from tests.conformance.fuzz import check_corruptions
from tests.conformance.harness import expect_error, random_game
from tests.conformance.stalling import stall, stalling_game
from tests.games.intrige.scenarios import new_game, reached

Data = dict[str, Any]


def saved(state: IntrigeState) -> Data:
    """Return a fresh copy of a state's saved JSON data."""
    data: Data = json.loads(json.dumps(state.to_json()))
    return data


def refused(data: Data, words: str) -> None:
    """Assert that loading `data` raises CorruptState with `words` in its one line."""
    with pytest.raises(CorruptState, match=words) as caught:
        state_from_json(data)
    assert "\n" not in str(caught.value)


def bribing(state: IntrigeState) -> bool:
    """A payer is choosing a bribe in round 2 or later."""
    return state.board.phase == BRIBE and state.board.round >= 2


def mid_game() -> IntrigeState:
    """Return a reachable position where money has moved: incomes and bribes on record."""
    state = reached(lambda s: bribing(s) and any(s.board.incomes) and len(s.board.bribes) > 3)
    assert state_from_json(saved(state)).to_json() == state.to_json()
    return state


# -- the loader fuzzer ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_corrupted_saved_state_is_refused_or_plays_to_the_end(players: int) -> None:
    check_corruptions("intrige", players, examples=1000)


def test_every_position_of_random_games_loads_back_unchanged() -> None:
    for players, edition in ((3, "amigo"), (5, "1994")):
        states, _ = random_game("intrige", players, 31, edition=edition)
        for state in states:
            assert isinstance(state, IntrigeState)
            assert state_from_json(saved(state)).to_json() == state.to_json()


# -- money accounted for ----------------------------------------------------------------------


def test_money_added_to_a_purse_is_refused_the_total_is_the_start_plus_every_income() -> None:
    data = saved(mid_game())
    data["state"]["money"][1] += 10_000
    refused(data, "starting money plus the incomes")


def test_money_moved_between_purses_is_refused_each_purse_follows_from_the_bribes() -> None:
    data = saved(mid_game())
    data["state"]["money"][0] += 10_000
    data["state"]["money"][1] -= 10_000
    refused(data, "bribes received")


def test_an_income_the_public_log_does_not_record_is_refused() -> None:
    state = mid_game()
    seat = next(p for p, income in enumerate(state.board.incomes) if income)
    data = saved(state)
    data["state"]["money"][seat] += 10_000
    data["state"]["incomes"][seat] += 10_000
    refused(data, "incomes on the board are not those the log records")


def test_a_bribe_the_public_log_does_not_record_is_refused() -> None:
    data = saved(mid_game())
    money = data["state"]["money"]
    record = next(r for r in data["state"]["bribes"] if money[r[2]] >= 10_000)
    record[5] += 10_000
    money[record[2]] -= 10_000
    money[record[1]] += 10_000
    refused(data, "bribes on record are not those the log records")


def test_a_bribe_that_is_not_whole_notes_is_refused() -> None:
    data = saved(mid_game())
    data["state"]["bribes"][0][5] += 5_000
    refused(data, "whole number of notes|purse")


# -- bribes owed and paid -----------------------------------------------------------------------


def test_a_bribe_owed_by_the_palace_owner_to_themself_is_refused() -> None:
    state = mid_game()
    data = saved(state)
    data["state"]["queue"][0][0] = state.board.turn
    refused(data, "owes a bribe to themself")


def test_a_bribe_on_record_paid_by_a_palace_owner_to_themself_is_refused() -> None:
    data = saved(mid_game())
    record = data["state"]["bribes"][0]
    record[2] = record[1]
    refused(data, "themself")


def test_a_pending_bribe_that_nobody_owes_is_refused() -> None:
    data = saved(mid_game())
    data["state"]["queue"] = []
    refused(data, "bribes due")


def test_a_bribe_due_from_a_player_with_no_figure_in_the_park_is_refused() -> None:
    state = mid_game()
    data = saved(state)
    waiting = {owner for owner, _ in state.board.parks[state.board.turn]}
    stranger = next(p for p in range(4) if p not in waiting and p != state.board.turn)
    data["state"]["queue"][-1][0] = stranger
    refused(data, "bribes due")


# -- figures conserved --------------------------------------------------------------------------


def test_a_figure_more_or_less_is_refused() -> None:
    state = mid_game()
    more = saved(state)
    more["state"]["island"].append([1, 0])
    refused(more, "figures are not conserved")
    less = saved(state)
    less["state"]["island"] = []
    less["state"]["parks"] = [[] for _ in range(4)]
    refused(less, "figures are not conserved")


def test_a_figure_that_changes_profession_is_refused() -> None:
    state = mid_game()
    data = saved(state)
    palace, number = next((p, n) for p, rooms in enumerate(state.board.rooms)
                          for n, f in enumerate(rooms) if f is not None)
    figure = data["state"]["rooms"][palace][number]
    figure[1] = (figure[1] + 1) % 5
    refused(data, "figures are not conserved|profession sits twice")


def test_a_figure_in_its_owners_own_palace_is_refused() -> None:
    state = mid_game()
    data = saved(state)
    palace = next(p for p, park in enumerate(state.board.parks) if park)
    owner = state.board.parks[palace][0][0]
    data["state"]["parks"][palace].pop(0)
    data["state"]["parks"][owner].append([owner, state.board.parks[palace][0][1]])
    refused(data, "own palace|park")


def test_a_supply_that_does_not_match_the_turns_played_is_refused() -> None:
    state = mid_game()
    data = saved(state)
    seat = next(p for p in range(4) if any(state.board.supply[p]))
    profession = next(k for k, n in enumerate(state.board.supply[seat]) if n)
    data["state"]["supply"][seat][profession] -= 1
    data["state"]["island"].append([seat, profession])
    refused(data, "supply does not match the figures sent")


def test_a_figure_waiting_in_a_park_it_could_not_have_been_sent_to_is_refused() -> None:
    state = reached(lambda s: s.board.phase == SEND and s.board.round == 2, players=4)
    data = saved(state)
    me = state.board.turn
    # P1 (seat 0) received earlier this round; a figure of a later seat cannot wait there
    # unless its owner sent it this turn.
    palace = (me - 1) % 4
    sender = (me + 1) % 4
    profession = next(k for k, n in enumerate(state.board.supply[sender]) if n)
    data["state"]["supply"][sender][profession] -= 1
    data["state"]["parks"][palace].append([sender, profession])
    refused(data, "supply does not match|waits in a park")


# -- the pending decision -----------------------------------------------------------------------


def test_a_conflict_the_park_does_not_hold_is_refused() -> None:
    state = reached(lambda s: s.board.phase == DECIDE, players=5)
    data = saved(state)
    kind = data["state"]["decisions"][0][0]
    data["state"]["decisions"][0][0] = "external" if kind == "internal" else "internal"
    refused(data, "conflicts left")


def test_a_range_of_sums_the_payer_cannot_pay_is_refused() -> None:
    state = mid_game()
    payer = state.board.queue[0][0]
    data = saved(state)
    data["state"]["range_from"] = (state.board.money[payer] // 100_000 + 1) * 100_000
    refused(data, "range of sums")


def test_an_offer_begun_for_a_room_the_figure_cannot_get_is_refused() -> None:
    state = reached(lambda s: bribing(s) and s.board.queue[0][1] == "enter"
                    and any(f is not None for f in s.board.rooms[s.board.turn]))
    taken = next(n for n, f in enumerate(state.board.rooms[state.board.turn]) if f is not None)
    data = saved(state)
    data["state"]["ask_room"] = taken + 1
    refused(data, "offer is begun")


def test_a_step_back_marked_outside_the_bribes_is_refused() -> None:
    data = saved(reached(lambda s: s.board.phase == SEND))
    data["state"]["went_back"] = True
    refused(data, "outside the bribes")


def test_a_step_back_marked_for_a_payer_who_had_nothing_to_take_back_is_refused() -> None:
    state = reached(lambda s: bribing(s)
                    and s.board.money[s.board.queue[0][0]] < s.table.edition.smallest_bribe,
                    players=5)
    data = saved(state)
    data["state"]["went_back"] = True
    refused(data, "step back")


def test_a_step_back_once_taken_loads_back_unchanged() -> None:
    state = mid_game()
    payer = state.to_act[0]
    after = state.apply(payer, "range:100000").apply(payer, "back")
    assert isinstance(after, IntrigeState) and after.board.went_back
    assert state_from_json(saved(after)).to_json() == after.to_json()


def test_an_offer_marked_as_made_but_not_on_record_is_refused() -> None:
    data = saved(mid_game())
    data["state"]["offered"] = True
    refused(data, "offer is marked as made|more offers")


def test_a_finished_game_with_figures_waiting_is_refused() -> None:
    final = random_game("intrige", 3, 2)[0][-1]
    assert isinstance(final, IntrigeState) and final.board.phase == OVER
    data = saved(final)
    figure = data["state"]["island"].pop()
    data["state"]["parks"][(figure[0] + 1) % 3].append(figure)
    refused(data, "waits in a park|over but figures")


def test_a_field_missing_of_the_wrong_type_or_out_of_range_is_refused() -> None:
    state = mid_game()
    for change, words in (
            (lambda s: s.pop("rooms"), "missing"),
            (lambda s: s.update(round=7), "not in 1..6"),
            (lambda s: s.update(phase="lunch"), "not one of"),
            (lambda s: s["money"].__setitem__(0, -5), "not in 0"),
            (lambda s: s["supply"][0].__setitem__(0, 3), "not in 0..2"),
            (lambda s: s.update(offered=1), "not true or false"),
            (lambda s: s.update(extra=0), "unknown field")):
        data = saved(state)
        change(data["state"])
        refused(data, words)


def test_an_event_with_an_audience_is_refused_intrige_has_no_private_events() -> None:
    data = saved(mid_game())
    data["log"][-1]["audience"] = [0]
    data["log"][-1]["redacted"] = None
    refused(data, "public event")


def test_an_event_whose_arguments_are_not_as_declared_is_refused() -> None:
    data = saved(mid_game())
    send = next(e for e in data["log"] if e["key"] == "send")
    send["args"]["player"] = "P9"
    refused(data, "is not one of")


def test_a_log_whose_turns_are_not_in_the_order_of_play_is_refused() -> None:
    data = saved(mid_game())
    turns = [e for e in data["log"] if e["key"] == "turn"]
    turns[1]["args"], turns[2]["args"] = turns[2]["args"], turns[1]["args"]
    refused(data, "order of play")


# -- seats and legal actions ----------------------------------------------------------------------


@pytest.mark.parametrize("seat", [-1, 4, 99, True, None, "1"])
def test_a_seat_outside_the_game_is_refused_clearly_by_every_call(seat: Any) -> None:
    state = mid_game()
    before = json.dumps(state.to_json())
    calls: list[Callable[[], object]] = [
        lambda: state.legal_actions(seat), lambda: state.prompt(seat),
        lambda: state.apply(seat, "bribe:10000"),
        lambda: state.determinize(seat, random.Random(0)), lambda: state.infoset(seat),
        lambda: state.describe(seat, act("bribe", 10_000))]
    if seat is not None:  # None is the spectator, who may read the view and the log
        calls.extend([lambda: state.view(seat), lambda: state.log(seat)])
    for call in calls:
        with pytest.raises(UnknownPlayer):
            call()
    assert json.dumps(state.to_json()) == before


def test_legal_actions_cannot_be_extended_to_make_apply_accept_an_action() -> None:
    state = reached(lambda s: bribing(s) and s.board.range_from == 0)
    payer = state.to_act[0]
    legal = state.legal_actions(payer)
    assert isinstance(legal, tuple)
    assert act("bribe", 5_000) not in legal
    with pytest.raises(AttributeError):
        legal.append(act("bribe", 5_000))  # type: ignore[attr-defined]
    expect_error(state, payer, "bribe:5000")
    assert state.legal_actions(payer) == legal


def test_views_of_every_seat_and_the_spectator_equal_their_json_round_trip() -> None:
    states, _ = random_game("intrige", 5, 12, edition="amigo")
    for state in states[::5]:
        for viewer in (None, *range(5)):
            view = state.view(viewer)
            assert json.loads(json.dumps(view)) == view


# -- every game ends ----------------------------------------------------------------------------


def test_max_decisions_is_the_proven_bound_21_decisions_per_figure() -> None:
    assert DECISIONS_PER_BRIBE == 9
    assert max_decisions(5, EDITIONS["1994"]) == 5 * 10 * 21 == MAX_DECISIONS == 1050
    assert max_decisions(3, EDITIONS["amigo"]) == 3 * 8 * 21


def bribe_paths(state: IntrigeState) -> int:
    """Return the most decisions the bribe due now can take (every path explored, the
    choice of a sum being all that differs between branches)."""
    paid = len(state.board.step_bribes)
    seen: dict[tuple[int, int, bool, bool], int] = {}

    def longest(s: IntrigeState) -> int:
        if s.board.phase != BRIBE or len(s.board.step_bribes) > paid:
            return 0
        key = (s.board.ask_room, s.board.range_from, s.board.offered, s.board.went_back)
        if key not in seen:
            payer = s.to_act[0]
            seen[key] = 1 + max(longest(s.apply(payer, a))  # type: ignore[arg-type]
                                for a in s.legal_actions(payer))
        return seen[key]

    return longest(state)


@pytest.mark.parametrize("edition", ["1994", "amigo"])
def test_a_bribe_takes_at_most_nine_decisions_and_some_take_nine(edition: str) -> None:
    state = reached(lambda s: bribing(s) and s.board.range_from == 0
                    and s.board.money[s.board.queue[0][0]] > 20 * s.table.edition.bribe_step
                    and not s.board.offered, edition=edition)
    assert bribe_paths(state) == DECISIONS_PER_BRIBE


@pytest.mark.parametrize("edition", ["1994", "amigo"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_game_ends_within_the_bound_when_every_seat_stalls(players: int,
                                                                 edition: str) -> None:
    for mode in ("first", "last", "random"):
        for seed in range(3):
            final = stalling_game("intrige", players, seed, mode, edition=edition)
            assert final.is_terminal


@pytest.mark.parametrize("edition", ["1994", "amigo"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_stalling_seats_take_at_most_21_decisions_per_figure_sent(players: int,
                                                                  edition: str) -> None:
    bound = max_decisions(players, EDITIONS[edition])
    for mode in ("first", "last", "random"):
        state = new_game(players, edition=edition)
        rng = random.Random(players)
        decisions = 0
        while not state.is_terminal:
            p = state.to_act[0]
            after = state.apply(p, stall(state.legal_actions(p), mode, rng))
            assert isinstance(after, IntrigeState)
            state, decisions = after, decisions + 1
        sent = sum(1 for e in state.log(None) if e.key == "send")
        assert sent == players * EDITIONS[edition].figures_per_player
        assert decisions <= 21 * sent == bound
