"""Setup (Rattus rulebook, "Setup" 1-10)."""

from __future__ import annotations

import pytest

from tavola.core import make
from tavola.games.rattus.components import REGION_NAMES, STARTING_COUNT
from tavola.games.rattus.game import RattusState
from tavola.games.rattus.state import SETUP, TURN
from tests.games.rattus.scenarios import legal_text, play


def new(players: int, seed: int = 1) -> RattusState:
    s = make("rattus", players, seed)
    assert isinstance(s, RattusState)
    return s


@pytest.mark.parametrize(("players", "count"), [(2, 8), (3, 10), (4, 12)])
def test_regions_in_play_by_player_count_8_10_12(players: int, count: int) -> None:
    s = new(players)
    assert legal_text(s) == [f"setup:{n}" for n in REGION_NAMES[:count]]
    assert all(len(s.tokens[r]) == 1 for r in range(count))
    assert all(not s.tokens[r] for r in range(count, 12))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_random_starting_token_per_region_in_play(players: int) -> None:
    layouts = set()
    for seed in range(10):
        s = new(players, seed)
        placed = [t[0] for t in s.tokens if t]
        assert all(t < STARTING_COUNT for t in placed)
        layouts.add(tuple(placed))
    assert len(layouts) > 1


@pytest.mark.parametrize(("players", "removed"), [(2, 12), (3, 6), (4, 0)])
def test_non_starting_tokens_removed_12_6_0(players: int, removed: int) -> None:
    s = new(players)
    assert len(s.aside) == removed
    assert all(t >= STARTING_COUNT for t in s.aside)


@pytest.mark.parametrize(("players", "starting", "others"), [(2, 4, 25), (3, 2, 31), (4, 0, 37)])
def test_supply_holds_unused_starting_tokens_and_remaining_others(
        players: int, starting: int, others: int) -> None:
    s = new(players)
    assert sum(1 for t in s.supply if t < STARTING_COUNT) == starting
    assert sum(1 for t in s.supply if t >= STARTING_COUNT) == others
    assert s.view(None)["supply"] == {"starting": starting, "other": others}


@pytest.mark.parametrize(("players", "count"), [(2, 8), (3, 10), (4, 12)])
def test_plague_piece_starts_on_a_random_region_in_play(players: int, count: int) -> None:
    places = {new(players, seed).plague for seed in range(40)}
    assert places <= set(range(count))
    assert len(places) > 3


def test_each_player_has_twenty_cubes_and_class_cards_lie_beside_the_board() -> None:
    s = new(4)
    assert s.reserve == [20] * 4
    assert s.holder == [-1] * 6


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_placement_rounds_clockwise_from_first_then_counter_clockwise_from_last(
        players: int) -> None:
    s = new(players)
    order = []
    while s.phase == SETUP:
        order.append(s.to_act[0])
        s = play(s, "setup:gallia")
    assert order == list(range(players)) + list(range(players - 1, -1, -1))
    assert s.board[REGION_NAMES.index("gallia")] == [4] * players
    assert s.reserve == [16] * players


def test_second_placement_may_use_the_same_region_and_first_player_then_begins() -> None:
    s = play(new(2), "setup:anglia", "setup:italia", "setup:hispania", "setup:anglia")
    assert s.board[REGION_NAMES.index("anglia")] == [4, 0]
    assert s.board[REGION_NAMES.index("hispania")] == [0, 2]
    assert s.phase == TURN and s.to_act == (0,)


def test_the_first_seat_is_the_youngest_player_and_begins() -> None:
    """Rulebook, "Setup" 8-9: seat 1 (index 0) plays the youngest player's part."""
    s = new(3)
    assert s.to_act == (0,) and s.phase == SETUP
    s = play(s, *["setup:gallia"] * 6)
    assert s.to_act == (0,) and s.phase == TURN and s.turn == 1
