"""Random-play conformance for every player count (tests/conformance/harness.py), with
Nottingham's invariants: 84 item cards and the ambush cards of the colours in play each in
exactly one place, and no knowledge beyond the truth."""

from __future__ import annotations

import pytest

from tavola.core import State
from tavola.games.nottingham.components import AMBUSH_PAIRS, ITEM_CARDS
from tavola.games.nottingham.game import NottinghamState
from tavola.games.nottingham.schema import ambush_locations, item_locations, problem
from tests.conformance.harness import check_random_games


def invariant(state: State) -> None:
    assert isinstance(state, NottinghamState)
    assert problem(state) == ""
    assert len(item_locations(state)) == ITEM_CARDS
    assert len(ambush_locations(state)) == state.players + len(AMBUSH_PAIRS)


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_random_games_keep_the_contract_and_conserve_every_card(players: int,
                                                                 long_run: bool) -> None:
    seeds = range(300 if long_run else 25)
    assert check_random_games("nottingham", [players], seeds, invariant, deep_every=10) > 0


@pytest.mark.parametrize("players", [3, 7])
def test_random_games_on_the_distinct_track(players: int) -> None:
    assert check_random_games("nottingham", [players], range(15), invariant, deep_every=5,
                              track="distinct") > 0
