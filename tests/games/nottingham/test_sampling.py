"""Sampling a position from one seat's information set (issue 9): the sample is a function
of the seat's view, its log and the generator alone; it keeps that view and log exactly, it
is a position the rules accept, and everybody it asks can act."""

from __future__ import annotations

import random

import pytest

from tavola.games.nottingham.components import AMBUSH_NAMES, CARDS_PER_ITEM, ITEMS
from tavola.games.nottingham.game import NottinghamState
from tavola.games.nottingham.schema import problem
from tests.conformance.harness import canonical, random_game
from tests.games.nottingham.scenario import play, table
from tests.games.nottingham.test_hidden_information import swap_a_secret

ITEM = {name: i for i, name in enumerate(ITEMS)}


def positions(players: int, seed: int, every: int = 3) -> list[NottinghamState]:
    states, _ = random_game("nottingham", players, seed)
    return [s for s in states[::every] if isinstance(s, NottinghamState) and not s.is_terminal]


def draw(s: NottinghamState, seat: int, seed: int) -> NottinghamState:
    sample = s.game.sample(seat, s.view(seat), s.log(seat), random.Random(seed))
    assert isinstance(sample, NottinghamState)
    return sample


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_a_sample_keeps_the_seats_view_and_log_and_is_a_possible_position(players: int) -> None:
    for s in positions(players, 70 + players):
        for seat in range(players):
            sample = draw(s, seat, seat)
            assert problem(sample) == ""
            assert sample.view(seat) == s.view(seat)
            assert [e.to_json() for e in sample.log(seat)] == [e.to_json() for e in s.log(seat)]
            assert sample.to_act == s.to_act
            assert all(sample.legal_actions(q) for q in sample.to_act)


def test_equal_view_log_and_generator_give_equal_samples() -> None:
    for s in positions(5, 3, every=11):
        for seat in range(5):
            assert canonical(draw(s, seat, 9)) == canonical(draw(s, seat, 9))
            # a sample's own information set samples the same again
            assert canonical(draw(draw(s, seat, 1), seat, 9)) == canonical(draw(s, seat, 9))


@pytest.mark.parametrize("players", [3, 5, 7])
def test_a_sample_does_not_depend_on_what_the_seat_cannot_see(players: int) -> None:
    checked = 0
    for s in positions(players, 40, every=4):
        for seat in range(players):
            other = swap_a_secret(s, seat)
            if other is None or other.log(seat) != s.log(seat):
                continue
            assert canonical(draw(other, seat, 5)) == canonical(draw(s, seat, 5))
            checked += 1
    assert checked > 10


def test_a_sample_keeps_what_an_opponent_knows_of_the_seats_own_hand() -> None:
    # seat 0 steals from seat 1: seat 1 saw which card it lost, seat 0 knows seat 1 saw it
    s = table(3, hands={0: [], 1: ["necklace"], 2: ["chest"]}, drawn="candlestick")
    s = play(s, (0, "steal:1"), (1, "decline"))
    assert s.view(0)["my_hand_known_to"][1][ITEM["necklace"]] == 1
    for seed in range(10):
        sample = draw(s, 0, seed)
        assert sample.known_row(0, 1)[ITEM["necklace"]] == 1
        assert sample.known_row(0, 2) == s.known_row(0, 2)


def test_a_sample_places_the_ambush_cards_the_seat_has_seen() -> None:
    s = table(4, hands={0: []}, drawn="gold", ambush_deck_top=["yellow", "pearls+jewels"])
    s = play(s, (0, "ambush"), (0, "hide:pearls+jewels"))
    yellow, pair = AMBUSH_NAMES.index("yellow"), AMBUSH_NAMES.index("pearls+jewels")
    for seed in range(10):
        mine = draw(s, 0, seed)
        assert mine.ambushes[0] == [pair] and mine.ambush_deck[0] == yellow
        assert mine.ambush_known[yellow] == 1 and mine.ambush_known[pair] == 1
        theirs = draw(s, 2, seed)
        assert theirs.ambush_known[theirs.ambushes[0][0]] == 1  # seat 0 knows its own card
        assert theirs.ambush_known[theirs.ambush_deck[0]] == 1  # and the card it put under
        assert problem(theirs) == ""
    assert len({draw(s, 2, seed).ambushes[0][0] for seed in range(30)}) > 3


def test_a_sample_deals_the_unknown_cards_afresh() -> None:
    s = positions(4, 2)[5]
    hands = {tuple(sorted(c // CARDS_PER_ITEM for c in draw(s, 0, seed).hands[1]))
             for seed in range(30)}
    assert len(hands) > 5
    assert len({draw(s, 0, seed).rng for seed in range(5)}) == 5
