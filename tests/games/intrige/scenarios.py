"""Scenario helpers: build specific Intrige positions instead of hoping for lucky games."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from tavola.core import make
from tavola.games.intrige import rules
from tavola.games.intrige.game import IntrigeGame, IntrigeState
from tavola.games.intrige.state import Board

Placed = tuple[int, str]  # owner seat, profession token


def scenario(players: int = 4, edition: str = "1994", round: int = 2, turn: int = 0,
             rooms: Mapping[int, Mapping[int, Placed]] | None = None,
             parks: Mapping[int, Sequence[Placed]] | None = None,
             island: Sequence[Placed] = (), money: Mapping[int, int] | None = None,
             bribe_order: str = "conflicts_first") -> IntrigeState:
    """Return the state at the start of `turn`'s turn in `round` with the given pieces.

    `rooms` maps a palace to {room number (1 = cheapest): figure}; `parks` maps a palace to
    its waiting figures; every figure not placed stays in its owner's supply. The turn is
    then begun by the rules (income, bribe queue), exactly as in play.
    """
    game = IntrigeGame(players, {"edition": edition, "bribe_order": bribe_order})
    table = game.table
    names = table.edition.professions
    board = Board(players, table.edition)
    board.round, board.turn = round, turn

    def take(figure: Placed) -> tuple[int, int]:
        owner, token = figure
        prof = names.index(token)
        board.supply[owner][prof] -= 1
        assert board.supply[owner][prof] >= 0, f"too many {token} of P{owner + 1}"
        return (owner, prof)

    for palace, seated in (rooms or {}).items():
        for number, figure in seated.items():
            assert figure[0] != palace, "a player's figure never sits in their own palace"
            board.rooms[palace][number - 1] = take(figure)
    for palace, waiting in (parks or {}).items():
        board.parks[palace] = [take(f) for f in waiting]
    board.island = tuple(take(f) for f in island)
    for seat, amount in (money or {}).items():
        board.money[seat] = amount
    rules.begin_turn(table, board)
    return IntrigeState(game, board)


def play(state: IntrigeState, *actions: str) -> IntrigeState:
    """Apply actions in order, each by whoever is pending; return the last state."""
    for text in actions:
        state = state.apply(state.to_act[0], text)  # type: ignore[assignment]
    return state


def pending_kinds(state: IntrigeState) -> list[str]:
    """Return the kinds of the legal actions of the pending player."""
    return sorted({a.kind for a in state.legal_actions(state.to_act[0])})


def queue(state: IntrigeState) -> list[tuple[int, str]]:
    """Return the bribes still due as (payer, role)."""
    return [(payer, role) for payer, role, _ in state.board.queue]


def room_holder(state: IntrigeState, palace: int, number: int) -> tuple[int, str] | None:
    """Return (owner, profession) in a palace's room, or None if empty."""
    fig = state.board.rooms[palace][number - 1]
    names = state.table.edition.professions
    return None if fig is None else (fig[0], names[fig[1]])


def island(state: IntrigeState) -> list[tuple[int, str]]:
    """Return the exiled figures as (owner, profession)."""
    names = state.table.edition.professions
    return [(o, names[p]) for o, p in state.board.island]


def new_game(players: int = 4, **options: object) -> IntrigeState:
    """Return a fresh game."""
    state = make("intrige", players, 0, **options)
    assert isinstance(state, IntrigeState)
    return state


def reached(until: Callable[[IntrigeState], bool], players: int = 4, seed: int = 0,
            **options: object) -> IntrigeState:
    """Return the first position of a seeded random game for which `until` holds.

    Unlike `scenario`, these positions are reachable in play, so they load from their JSON
    (the loader refuses positions the rules could not reach).
    """
    state = new_game(players, **options)
    rng = random.Random(seed)
    while not until(state):
        assert not state.is_terminal, "no position of this game fits"
        legal = state.legal_actions(state.to_act[0])
        after = state.apply(state.to_act[0], legal[rng.randrange(len(legal))])
        assert isinstance(after, IntrigeState)
        state = after
    return state
