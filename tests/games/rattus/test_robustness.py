"""Robustness: untrusted saved states are refused or safe, every game ends within the proven
bound, and no call crashes on a seat outside the game."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from tavola.core import CorruptState, UnknownPlayer, info, make, state_from_json
from tavola.games.rattus.components import REGION_INDEX
from tavola.games.rattus.config import (
    DEFAULT_ROUND_LIMIT,
    MAX_DECISIONS,
    ROUND_LIMITS,
    max_decisions,
)
from tavola.games.rattus.game import RattusState
from tavola.games.rattus.state import FINAL, KNIGHT_DECISION, MERCHANT_TO, SPREAD, TURN
from tests.conformance.fuzz import check_corruptions
from tests.conformance.stalling import stalling_game
from tests.games.rattus.scenarios import play, scenario

Data = dict[str, Any]


def saved(state: RattusState) -> Data:
    """Return a state's saved JSON, as a fresh copy to damage."""
    data: Data = json.loads(json.dumps(state.to_json()))
    return data


def refused(data: Data) -> str:
    """Load damaged data; return the CorruptState message (failing if it loads)."""
    with pytest.raises(CorruptState) as caught:
        state_from_json(data)
    return str(caught.value)


def witch_looked() -> RattusState:
    """Red (Witch) has looked at two tokens and must now swap or keep them."""
    s = scenario(3, holders={"witch": 0}, tokens={"gallia": ["2 M", "3 A"],
                                                  "scandia": ["5 MM A"]}, step="B")
    return play(s, "witch:gallia.1", "witch:scandia.0")


# -- the loader fuzzer ---------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_corrupted_saved_states_are_refused_or_play_safely_to_the_end(players: int) -> None:
    check_corruptions("rattus", players, examples=800)


# -- named corruptions -----------------------------------------------------------------------
def test_a_saved_state_loads_back_equal() -> None:
    s = witch_looked()
    back = state_from_json(saved(s))
    assert json.dumps(back.to_json(), sort_keys=True) == json.dumps(s.to_json(), sort_keys=True)


def test_the_plague_piece_in_a_region_not_in_play_is_refused() -> None:
    data = saved(make("rattus", 2, 3))
    data["state"]["plague"] = REGION_INDEX["bulgaria"]     # in play only with 3 players
    assert "state.plague" in refused(data)


def test_a_witch_pick_outside_the_witchs_phases_is_refused() -> None:
    s = scenario(3, holders={"witch": 0}, tokens={"gallia": ["2 M", "3 A"]})
    data = saved(s)
    data["state"]["witch_first"] = [REGION_INDEX["gallia"], 0]
    assert "Witch" in refused(data)


def test_a_second_witch_pick_before_the_first_is_refused() -> None:
    data = saved(play(scenario(3, holders={"witch": 0}, tokens={"gallia": ["2 M", "3 A"]},
                               step="B"), "witch:gallia.0"))
    data["state"]["witch_second"] = [REGION_INDEX["gallia"], 1]
    assert "Witch" in refused(data)


def test_a_witch_pick_of_an_empty_slot_is_refused() -> None:
    data = saved(witch_looked())
    data["state"]["witch_second"] = [REGION_INDEX["italia"], 0]
    assert "no token" in refused(data)


def test_cubes_that_do_not_add_up_to_twenty_are_refused() -> None:
    data = saved(make("rattus", 3, 4))
    data["state"]["reserve"][0] -= 1
    assert "cubes add up" in refused(data)


def test_a_token_missing_or_held_twice_is_refused() -> None:
    data = saved(make("rattus", 3, 4))
    data["state"]["supply"][0] = data["state"]["supply"][1]
    refused(data)
    data = saved(make("rattus", 3, 4))
    data["state"]["supply"].pop()
    assert "49 tokens" in refused(data)


def test_set_aside_tokens_other_than_the_setups_are_refused() -> None:
    data = saved(make("rattus", 2, 4))
    state = data["state"]
    state["aside"].append(state["supply"].pop())
    assert "state.aside" in refused(data)


def test_tokens_or_cubes_in_a_region_not_in_play_are_refused() -> None:
    data = saved(make("rattus", 2, 5))
    data["state"]["tokens"][REGION_INDEX["russia"]].append(data["state"]["supply"].pop())
    assert "state.tokens" in refused(data)
    data = saved(make("rattus", 2, 5))
    data["state"]["board"][REGION_INDEX["russia"]][0] = 2
    data["state"]["reserve"][0] -= 2
    assert "state.board" in refused(data)


def test_more_than_three_tokens_in_a_region_are_refused() -> None:
    data = saved(scenario(2, tokens={"gallia": ["2 M", "3 A", "1 ki"]}))
    data["state"]["tokens"][REGION_INDEX["gallia"]].append(data["state"]["supply"].pop())
    assert "state.tokens" in refused(data)


def test_a_power_used_without_holding_its_card_is_refused() -> None:
    data = saved(scenario(2, holders={"king": 1}))
    data["state"]["used"] = 1          # the King's bit, but Blue holds the King
    assert "do not hold" in refused(data)


def test_a_class_card_held_before_the_first_turn_is_refused() -> None:
    data = saved(make("rattus", 2, 6))
    data["state"]["holder"][0] = 1
    assert "before the first turn" in refused(data)


def test_spreading_fields_outside_the_spread_are_refused() -> None:
    data = saved(scenario(2))
    data["state"]["spread_from"] = 1
    assert "spreading" in refused(data)
    data = saved(scenario(2))
    data["state"]["phase"] = SPREAD
    assert "spread" in refused(data)


def test_a_merchant_region_outside_his_step_is_refused() -> None:
    data = saved(scenario(2, holders={"merchant": 0}, cubes={"gallia": [2, 0]}))
    data["state"]["pick"] = REGION_INDEX["gallia"]
    assert "outside" in refused(data)
    data["state"]["phase"] = MERCHANT_TO
    data["state"]["pick"] = REGION_INDEX["italia"]
    data["state"]["used"] = 2
    assert "Merchant" in refused(data)


def test_the_knight_decision_without_the_knight_or_a_devastation_is_refused() -> None:
    data = saved(scenario(2, tokens={"gallia": ["2 M"]}, cubes={"gallia": [1, 0]}))
    data["state"]["phase"] = KNIGHT_DECISION
    assert "Knight" in refused(data)


def test_a_final_round_queue_before_the_end_is_refused() -> None:
    data = saved(scenario(3, holders={"king": 1}))
    data["state"]["queue"] = [1]
    assert "queue" in refused(data)


def test_the_final_round_without_a_last_regular_turn_is_refused() -> None:
    data = saved(scenario(3, holders={"king": 0}))
    data["state"]["phase"] = FINAL
    assert "last regular turn" in refused(data)


def test_the_last_regular_player_acting_in_the_final_round_is_refused() -> None:
    s = scenario(3, plague="anglia", active=0, supply=0, holders={"king": 1, "monk": 0},
                 step="C")
    s = play(s, "plague:gallia")
    assert s.phase == FINAL and s.to_act == (1,)
    data = saved(s)
    data["state"]["active"] = 0
    assert "final round" in refused(data)


def test_the_steps_of_a_turn_out_of_their_order_are_refused() -> None:
    """Ruling R2: nothing is done before A is decided, a power's step belongs to B,
    spreading to C, and a B with nothing to offer is never asked."""
    data = saved(scenario(2, tokens={"gallia": ["2 M"]}))
    data["state"]["placed"] = True
    assert "before step A" in refused(data)
    data = saved(scenario(2))
    data["state"]["stage"] = 1
    assert "nothing left to offer" in refused(data)
    s = scenario(2, plague="anglia", tokens={"gallia": ["2 M"]}, supply=10, step="C")
    data = saved(play(s, "plague:gallia"))
    data["state"]["stage"] = 1
    assert "before step C" in refused(data)
    data = saved(play(scenario(2, holders={"merchant": 0}, cubes={"gallia": [2, 0]},
                               step="B"), "merchant:gallia"))
    data["state"]["stage"] = 2
    assert "outside step B" in refused(data)


def test_a_turn_number_of_another_player_is_refused() -> None:
    data = saved(scenario(3, active=1))
    data["state"]["turn"] = 1
    assert "turn number" in refused(data)


def test_a_turn_beyond_the_round_limit_is_refused() -> None:
    data = saved(scenario(2))
    data["state"]["turn"] = 2 * DEFAULT_ROUND_LIMIT + 1
    assert "state.turn" in refused(data)


def test_a_token_known_but_not_on_the_board_is_refused() -> None:
    data = saved(witch_looked())
    data["state"]["known"][1] = [data["state"]["supply"][0]]
    assert "knows a token" in refused(data)


def test_setup_cubes_that_do_not_match_the_placements_are_refused() -> None:
    data = saved(play(make("rattus", 2, 7), "setup:gallia"))
    data["state"]["step"] = 0
    refused(data)


# -- the private log -------------------------------------------------------------------------
def the_look(data: Data) -> Data:
    """Return the Witch's private look event inside saved data."""
    event: Data = next(e for e in data["log"] if e["key"] == "witch.look")
    return event


def test_the_witch_look_is_read_by_the_seat_it_names() -> None:
    s = witch_looked()
    event = the_look(saved(s))
    assert event["args"]["seat"] == 0 and event["audience"] == [0]
    assert event["redacted"]["key"] == "witch.look.public"


def test_a_witch_look_for_another_seat_than_its_audience_is_refused() -> None:
    data = saved(witch_looked())
    the_look(data)["audience"] = [1]
    assert "audience" in refused(data)


def test_a_widened_witch_look_audience_is_refused() -> None:
    data = saved(witch_looked())
    the_look(data)["audience"] = [0, 1]
    assert "audience" in refused(data)


def test_a_witch_look_without_a_whole_number_seat_is_refused() -> None:
    for seat in ("0", True, None, 7):
        data = saved(witch_looked())
        the_look(data)["args"]["seat"] = seat
        refused(data)
    data = saved(witch_looked())
    del the_look(data)["args"]["seat"]
    refused(data)


def test_a_witch_look_without_its_redacted_form_or_made_public_is_refused() -> None:
    data = saved(witch_looked())
    the_look(data)["redacted"] = None
    refused(data)
    data = saved(witch_looked())
    look = the_look(data)
    del look["audience"], look["redacted"]
    refused(data)


# -- seats and views -------------------------------------------------------------------------
@pytest.mark.parametrize("seat", [-1, 3, 4, 99, True, "0", 1.0])
def test_no_call_crashes_for_a_seat_outside_the_game(seat: Any) -> None:
    s = witch_looked()
    calls: list[Callable[[], object]] = [
        lambda: s.view(seat), lambda: s.log(seat), lambda: s.legal_actions(seat),
        lambda: s.prompt(seat), lambda: s.apply(seat, "keep"), lambda: s.infoset(seat)]
    for call in calls:
        with pytest.raises(UnknownPlayer):
            call()


def test_every_view_equals_its_json_round_trip() -> None:
    s = witch_looked()
    for viewer in (None, 0, 1, 2):
        view = s.view(viewer)
        assert json.loads(json.dumps(view)) == view


# -- every game ends -------------------------------------------------------------------------
def test_max_decisions_is_the_bound_derived_from_the_round_limit() -> None:
    assert info("rattus").max_decisions == MAX_DECISIONS == max(
        max_decisions(n, r) for n in (2, 3, 4) for r in ROUND_LIMITS)
    # 2 setup placements each, 14 decisions a turn at most, 11 per final-round player
    assert max_decisions(4, 100) == 2 * 4 + 100 * 4 * 14 + 3 * 11


def test_one_turn_can_take_all_fourteen_decisions_of_the_bound() -> None:
    s = scenario(2, plague="anglia", holders={p: 0 for p in (
        "king", "merchant", "monk", "witch", "knight")},
        tokens={"germania": ["2 M", "3 A"], "italia": ["1 ki"]},
        cubes={"hispania": [2, 0], "germania": [1, 1]})
    moves = ["take:peasant", "place:italia", "king:hispania", "merchant:hispania",
             "merchant:hispania,gallia,1", "monk:italia", "monk:italia.0,gallia",
             "witch:gallia.0", "witch:germania.0", "keep", "plague:germania"]
    s = play(s, *moves)
    assert s.phase == SPREAD and s.spread_left == 2
    s = play(s, "spread:gallia", "spread:italia")
    assert s.phase == KNIGHT_DECISION
    s = play(s, "boost")
    assert s.phase == TURN and s.to_act == (1,)
    assert len(moves) + 3 == 14


@pytest.mark.parametrize("mode", ["first", "last", "random"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_game_of_stalling_players_ends_within_max_decisions(
        mode: str, players: int) -> None:
    for seed in range(6):
        assert stalling_game("rattus", players, seed, mode).is_terminal


@pytest.mark.parametrize("rounds", ROUND_LIMITS)
def test_stalling_games_end_within_the_bound_of_every_round_limit(rounds: int) -> None:
    for players in (2, 4):
        state = stalling_game("rattus", players, 1, "last", rounds=rounds)
        assert state.is_terminal


def test_a_plague_shuttling_between_empty_regions_is_ended_by_the_round_limit() -> None:
    """Ruling R17: without the limit this game would never end (nobody places a cube and
    the plague moves between regions without rats, so the supply never shrinks)."""
    state = stalling_game("rattus", 3, 2, "last", rounds=100)
    assert isinstance(state, RattusState)
    keys = [e.key for e in state.events()]
    assert "end.limit" in keys and "end" not in keys and "end.cubes" not in keys
    assert state.turn == 100 * 3
    assert state.supply, "the supply never ran out"
