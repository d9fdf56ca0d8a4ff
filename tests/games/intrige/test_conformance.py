"""Random-play conformance for Intrige: every player count, both editions, both bribe orders,
with the game's invariants checked at every step (money and figures conserved)."""

from __future__ import annotations

import pytest

from tavola.core import State
from tavola.games.intrige.game import IntrigeState
from tests.conformance.harness import check_random_games

EDITIONS = ["1994", "amigo"]


def conserved(state: State) -> None:
    """Check that money and figures add up and the placement rules hold."""
    assert isinstance(state, IntrigeState)
    board, table = state.board, state.table
    edition, players = table.edition, table.players
    # money: each player's purse is the start plus incomes plus bribes received minus paid
    expected = [edition.start_money] * players
    incomes = [0] * players
    for event in state.log(None):
        if event.key == "income":
            seat = int(str(event.args["player"])[1:]) - 1
            expected[seat] += int(event.args["amount"])
            incomes[seat] += int(event.args["amount"])
    for _, palace, payer, _, _, amount in board.bribes:
        expected[payer] -= amount
        expected[palace] += amount
        assert amount >= edition.smallest_bribe or amount == 0
        assert amount % edition.bribe_step == 0
    assert board.money == expected
    assert incomes == board.incomes
    assert sum(board.money) == players * edition.start_money + sum(board.incomes)
    assert min(board.money) >= 0
    # figures: supply + parks + rooms + island, per player and profession
    count = [row[:] for row in board.supply]
    placed = [f for row in board.rooms for f in row if f is not None]
    for owner, prof in placed + [f for row in board.parks for f in row] + list(board.island):
        count[owner][prof] += 1
    assert count == [[edition.figures_per_profession] * len(edition.professions)] * players
    for palace, rooms in enumerate(board.rooms):
        seated = [f for f in rooms if f is not None]
        assert len({f[1] for f in seated}) == len(seated), "one room per profession"
        assert all(f[0] != palace for f in seated + board.parks[palace])
    if state.is_terminal:
        assert all(not row for row in board.parks)
        assert all(not any(row) for row in board.supply)


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_keep_the_contract_and_conserve_money_and_figures(
        players: int, edition: str, long_run: bool) -> None:
    seeds = range(200 if long_run else 20)
    decisions = check_random_games("intrige", [players], seeds, conserved, deep_every=8,
                                   edition=edition)
    assert decisions > len(seeds) * 50


@pytest.mark.parametrize("edition", EDITIONS)
def test_random_games_with_the_turn_order_bribing_option(edition: str) -> None:
    check_random_games("intrige", [3, 4, 5], range(10), conserved, deep_every=5,
                       edition=edition, bribe_order="turn_order")
