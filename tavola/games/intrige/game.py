"""Intrige on the game contract: the `Game` (rules and options) and the immutable `State`."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from tavola.core.action import Action
from tavola.core.errors import CorruptState
from tavola.core.events import LogCell
from tavola.core.game import Game, GameInfo, OptionSpec, Result, State
from tavola.games.intrige import rules, text
from tavola.games.intrige import view as views
from tavola.games.intrige.config import (
    BRIBE_ORDERS,
    DEFAULT_BRIBE_ORDER,
    DEFAULT_EDITION,
    EDITIONS,
)
from tavola.games.intrige.heuristics import GreedyPolicy
from tavola.games.intrige.state import OVER, Board

INFO = GameInfo(
    name="intrige", title="Intrige", min_players=3, max_players=5, version=2,
    options=(
        OptionSpec("edition", DEFAULT_EDITION, tuple(EDITIONS),
                   "1994: F.X. Schmid board game (the seed); amigo: the 2003/04 card edition"),
        OptionSpec("bribe_order", DEFAULT_BRIBE_ORDER, BRIBE_ORDERS,
                   "who bribes first in a palace with conflicts",
                   ruling="conflicts_first: internal conflicts (defender first), then "
                          "external ones, then the other senders; turn_order: every sender "
                          "in turn order, each defender just before its first attacker"),
    ),
    summary="Bribe rival palace owners to seat your courtiers in their best rooms.",
    simultaneous=False, hidden_information=True, chance=False, max_decisions=800,
    policies={"greedy": GreedyPolicy},
)


class IntrigeGame(Game):
    """Intrige for 3-5 players in the 1994 or the Amigo edition."""

    info = INFO
    catalog = text.CATALOG

    def __init__(self, players: int, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(players, options)
        self.table = rules.Table(players, EDITIONS[self.options["edition"]],
                                 self.options["bribe_order"])

    def new_state(self, seed: int) -> IntrigeState:
        """Set up a new game; Intrige has no chance, so every seed gives the same start."""
        return IntrigeState(self, rules.new_board(self.table))

    def state_from_json(self, data: Mapping[str, Any]) -> IntrigeState:
        """Rebuild a state written by `to_json`."""
        try:
            board = Board.from_json(data["state"], list(data["log"]), self.players,
                                    self.table.edition)
        except (KeyError, TypeError, ValueError, IndexError) as exc:
            raise CorruptState(f"not an Intrige state: {type(exc).__name__}: {exc}") from None
        return IntrigeState(self, board)

    def render_view(self, view: Mapping[str, Any]) -> str:
        """Return the legible table for a view."""
        return text.render_view(view)


class IntrigeState(State):
    """One Intrige position; the board inside is never changed once the state exists."""

    __slots__ = ("board",)

    game: IntrigeGame

    def __init__(self, game: IntrigeGame, board: Board) -> None:
        super().__init__(game)
        self.board = board

    @property
    def table(self) -> rules.Table:
        """The game's fixed facts."""
        return self.game.table

    @property
    def to_act(self) -> tuple[int, ...]:
        """The single seat that must decide now."""
        seat = rules.to_act(self.board)
        return () if seat is None else (seat,)

    @property
    def is_terminal(self) -> bool:
        """True after the last round."""
        return self.board.phase == OVER

    def _legal(self, player: int) -> list[Action]:
        return rules.legal(self.table, self.board)

    def _apply(self, player: int, action: Action) -> IntrigeState:
        return IntrigeState(self.game, rules.play(self.table, self.board, action))

    def _view(self, player: int | None) -> dict[str, Any]:
        """Return what `player` may know: all but the others' money."""
        return views.view(self.table, self.board, player)

    def _determinize(self, player: int, rng: random.Random) -> IntrigeState:
        """Return a state consistent with `player`'s view.

        Nothing needs re-sampling: Intrige has no chance, and the only secret (money) follows
        from the starting money and the public bribes and incomes, so the true state is the
        only one consistent with everything `player` has seen.
        """
        return IntrigeState(self.game, self.board.clone())

    def result(self) -> Result:
        """Most money wins; ties share (seed "3. Inviare...", last sentence)."""
        money = tuple(self.board.money)
        return Result(money, Result.rank([(m,) for m in money]))

    def _data(self) -> dict[str, Any]:
        return self.board.to_json()

    @property
    def _log(self) -> LogCell | None:
        return self.board.log

    def prompt(self, player: int) -> str:
        """Return what `player` is asked to decide."""
        if player not in self.to_act:
            return "nothing to decide now"
        return text.prompt(self.table, self.board, player)

    def describe(self, player: int, action: Action) -> str:
        """Return a label for one of `player`'s actions."""
        return text.describe(self.table, self.board, player, action)
