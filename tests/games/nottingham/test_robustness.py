"""Robustness of Nottingham (issue 8): a saved state is trusted in nothing, every call of the
contract works on whatever loads, legal actions cannot be widened, and every game ends within
the proven bound `max_decisions`, even when every seat stalls."""

from __future__ import annotations

import json
import random
from math import ceil
from typing import Any

import pytest

from tavola.core import (
    CorruptState,
    IllegalAction,
    State,
    UnknownPlayer,
    act,
    make,
    state_from_json,
)
from tavola.games.nottingham.components import AMBUSH_CARDS, ITEM_CARDS, TRACKS
from tavola.games.nottingham.config import (
    MAX_DECISIONS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    max_decisions,
    max_turns,
)
from tavola.games.nottingham.game import NottinghamState
from tests.conformance.fuzz import check_corruptions
from tests.conformance.harness import random_game
from tests.conformance.stalling import stalling_game
from tests.games.nottingham.scenario import play, table


def saved(s: State) -> dict[str, Any]:
    """Return a fresh copy of a state's saved data."""
    data: dict[str, Any] = json.loads(json.dumps(s.to_json()))
    return data


def refused(data: dict[str, Any], words: str) -> None:
    """Assert that loading `data` raises CorruptState saying `words`."""
    with pytest.raises(CorruptState, match=words):
        state_from_json(data)


def mid_game(players: int = 4, seed: int = 5, step: int = 40) -> NottinghamState:
    states, _ = random_game("nottingham", players, seed)
    s = states[step]
    assert isinstance(s, NottinghamState)
    return s


# -- the loader fuzzer ----------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_a_corrupted_saved_state_is_refused_or_playable_to_the_end(players: int) -> None:
    check_corruptions("nottingham", players, examples=300)


# -- named corruptions ------------------------------------------------------------------------
def test_a_saved_target_must_be_a_seat_of_the_game() -> None:
    s = play(table(4, hands={0: [], 1: ["gold"]}, drawn="jewels"), (0, "raid:1"))
    data = saved(s)
    data["state"]["target"] = 40
    refused(data, r"state\.target: 40 is not in -1\.\.3")
    data["state"]["target"] = 3
    refused(data, "a player attacking themself|defence window")


def test_a_saved_card_in_two_places_is_refused() -> None:
    data = saved(make("nottingham", 4, 2))
    data["state"]["hands"][1] = data["state"]["hands"][0]
    refused(data, "item cards are not each in exactly one place")


def test_a_saved_ambush_card_of_a_colour_not_in_play_is_refused() -> None:
    data = saved(make("nottingham", 3, 2))
    data["state"]["ambush_deck"][0] = 6  # grey, the seventh colour
    refused(data, "ambush cards are not each in exactly one place")


def test_a_saved_sheriff_off_the_track_is_refused() -> None:
    data = saved(make("nottingham", 3, 2, track="distinct"))
    data["state"]["sheriff"] = 9
    refused(data, r"state\.sheriff: 9 is not in 0\.\.8")


def test_more_cards_won_than_the_sheriff_has_moved_is_refused() -> None:
    s = make("nottingham", 3, 2)
    data = saved(s)
    data["state"]["winnings"][0] = data["state"]["deck"][:2]
    data["state"]["deck"] = data["state"]["deck"][2:]
    refused(data, "more cards won and commissions taken than the sheriff has moved")


def test_a_saved_offer_outside_a_buy_or_a_trade_is_refused() -> None:
    s = table(3, hands={0: ["gold"], 1: ["pearls"]})
    data = saved(s)
    data["state"]["offers"][1] = list(data["state"]["hands"][1])
    refused(data, "offers outside a Buy or a Trade")


def test_a_saved_buy_offer_of_a_copper_coin_is_refused() -> None:
    s = table(3, hands={0: ["gold"], 1: ["pearls", "copper"], 2: ["chest"]}, drawn="copper")
    s = play(s, (0, "buy"), (1, "offer:pearls"))
    data = saved(s)
    copper = next(c for c in data["state"]["hands"][1] if c // 12 == 0)
    data["state"]["offers"][1] = [copper]
    refused(data, "not one card other than a copper coin")


def test_a_saved_ambush_card_before_its_own_colour_is_refused() -> None:
    s = table(4, hands={0: []}, ambushes={1: ["red"]})
    data = saved(s)
    data["state"]["ambushes"][1] = [1]  # yellow, seat 1's own colour
    data["state"]["ambush_deck"] = [0 if a == 1 else a for a in data["state"]["ambush_deck"]]
    refused(data, "ambush card of its owner's colour")


def test_a_saved_discard_down_without_an_exhausted_deck_is_refused() -> None:
    s = table(3, hands={0: ["gold"] * 7}, sheriff=2)
    data = saved(s)
    data["state"]["phase"] = 10
    data["state"]["queue"] = [0]
    refused(data, "discarding down without an exhausted deck")


def test_a_saved_player_asked_with_nothing_to_do_is_refused() -> None:
    s = table(3, hands={0: ["gold"], 1: ["gold", "chest"], 2: ["copper"]}, drawn="jewels")
    s = play(s, (0, "raid:1"), (1, "decline"))
    data = saved(s)
    hands = data["state"]["hands"]
    data["state"]["deck"] += hands[1]
    hands[1] = []
    data["state"]["known"] = [0] * len(data["state"]["known"])
    refused(data, "nothing they may do")


def test_a_private_event_widened_to_another_seat_is_refused() -> None:
    data = saved(make("nottingham", 3, 2))
    deal = next(e for e in data["log"] if e["key"] == "deal")
    deal["audience"] = [0, 1]
    refused(data, "wrong audience")


def test_a_private_event_made_public_is_refused() -> None:
    data = saved(make("nottingham", 3, 2))
    deal = next(e for e in data["log"] if e["key"] == "deal")
    del deal["audience"], deal["redacted"]
    refused(data, "does not name its audience|wrong audience")


def test_a_private_event_whose_public_form_says_something_else_is_refused() -> None:
    data = saved(make("nottingham", 3, 2))
    deal = next(e for e in data["log"] if e["key"] == "deal")
    deal["redacted"]["args"]["player"] = 2
    refused(data, "public form of a 'deal' event says something else")


def test_an_event_naming_a_seat_off_the_table_is_refused() -> None:
    data = saved(make("nottingham", 3, 2))
    draw = next(e for e in data["log"] if e["key"] == "draw")
    draw["args"]["player"] = 9
    refused(data, "missing or malformed arguments")


def test_an_event_with_an_argument_the_game_never_writes_is_refused() -> None:
    data = saved(make("nottingham", 3, 2))
    draw = next(e for e in data["log"] if e["key"] == "draw")
    draw["args"]["hand"] = ["gold"]
    refused(data, "never written with")
    data = saved(make("nottingham", 3, 2))
    draw = next(e for e in data["log"] if e["key"] == "draw")
    draw["args"]["item"] = "crown"
    refused(data, "missing or malformed arguments")


def test_a_log_that_sets_up_another_game_is_refused() -> None:
    data = saved(make("nottingham", 3, 2))
    data["log"][0]["args"]["players"] = 5
    refused(data, "sets up another game")


def test_a_forged_but_well_formed_event_changes_no_view() -> None:
    s = mid_game()
    data = saved(s)
    data["log"].append({"key": "keep", "args": {"player": 1, "item": "necklace"}})
    forged = state_from_json(data)
    for viewer in (None, 0, 1, 2, 3):
        assert forged.view(viewer) == s.view(viewer)
    assert forged.log_text(None)[-1] == "P2 (yellow) keeps the necklace."


# -- the contract on every position ------------------------------------------------------------
def test_legal_actions_cannot_be_widened_by_changing_what_they_return() -> None:
    s = table(3, hands={0: ["gold"] * 3}, drawn="gold")
    legal = s.legal_actions(0)
    assert isinstance(legal, tuple) and [str(a) for a in legal] == ["keep", "ambush"]
    with pytest.raises(AttributeError):
        legal.append(act("buy"))  # type: ignore[attr-defined]
    widened = (*legal, act("buy"))
    assert s.legal_actions(0) == legal and len(widened) == 3
    with pytest.raises(IllegalAction):
        s.apply(0, "buy")


@pytest.mark.parametrize("seat", [-1, 4, 40, True, "1", None])
def test_every_call_refuses_a_seat_outside_the_game(seat: Any) -> None:
    s = mid_game()
    calls = [lambda: s.legal_actions(seat), lambda: s.apply(seat, "keep"),
             lambda: s.prompt(seat), lambda: s.determinize(seat, random.Random(0))]
    if seat is not None:
        calls += [lambda: s.view(seat), lambda: s.log(seat)]
    for call in calls:
        with pytest.raises(UnknownPlayer):
            call()


@pytest.mark.parametrize("players", [3, 7])
def test_every_view_equals_its_json_round_trip(players: int) -> None:
    states, _ = random_game("nottingham", players, 17)
    for s in states[::9]:
        for viewer in (None, *range(players)):
            view = s.view(viewer)
            assert json.loads(json.dumps(view)) == view


# -- every game ends ------------------------------------------------------------------------
def test_max_decisions_is_the_derived_bound_for_the_longest_track_and_most_players() -> None:
    longest = max(len(t) for t in TRACKS.values())
    assert max_decisions(MAX_PLAYERS, longest) == MAX_DECISIONS
    assert max_turns(longest) == ITEM_CARDS * (longest + 1) + 1
    assert all(max_decisions(p, longest) <= MAX_DECISIONS
               for p in range(MIN_PLAYERS, MAX_PLAYERS + 1))


def longest_walk(s: State) -> int:
    """Return the most spaces the sheriff moved in one go with no card drawn or discarded."""
    longest = walk = 0
    for event in s.log(None):
        if event.key == "sheriff.nofavour":
            walk += 1
            longest = max(longest, walk)
        elif event.key in ("draw", "discard", "reshuffle"):
            walk = 0
    return longest


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
@pytest.mark.parametrize("mode", ["first", "last", "random"])
def test_every_game_ends_within_the_bound_when_every_seat_stalls(players: int, mode: str) -> None:
    for seed in range(2):
        s = stalling_game("nottingham", players, seed, mode)
        assert s.is_terminal and "sheriff.home" in [e.key for e in s.log(None)]
        # a deck run dry moves the sheriff once, and the next draw finds the cards someone
        # had to discard (on Nottingham: once he is on space 1): never a longer walk
        assert longest_walk(s) == 1
    s = stalling_game("nottingham", players, 0, mode, track="distinct")
    assert s.is_terminal


@pytest.mark.parametrize("players", range(MIN_PLAYERS, MAX_PLAYERS + 1))
@pytest.mark.parametrize("track", sorted(TRACKS))
def test_an_exhaustion_on_a_numbered_space_always_makes_someone_discard(players: int,
                                                                         track: str) -> None:
    # With no deck and no discard every card is in a hand, a winnings pile (at most one card
    # per move of the sheriff, so at most the track's length before he is home) or under an
    # ambush card (at most one per ambush card in the game); the biggest hand then holds
    # more than any number on the track.
    spaces = TRACKS[track]
    ambush_cards = players + AMBUSH_CARDS - 7
    in_hands = ITEM_CARDS - len(spaces) - ambush_cards
    assert ceil(in_hands / players) > max(spaces)
