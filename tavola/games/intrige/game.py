"""Intrige on the game contract: the `Game` (rules and options) and the immutable `State`,
thin delegations to the modules of the package."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tavola.core.action import Action
from tavola.core.events import Event, LogCell
from tavola.core.game import Game, GameInfo, Result, State
from tavola.core.schema import Spec
from tavola.games.intrige import heuristics, rules, schema, text
from tavola.games.intrige import view as views
from tavola.games.intrige.components import PALACES_AMIGO
from tavola.games.intrige.config import (
    EDITIONS,
    MAX_DECISIONS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTIONS,
    VERSION,
    Table,
)
from tavola.games.intrige.encoding import IntrigeEncoding
from tavola.games.intrige.heuristics import GreedyPolicy
from tavola.games.intrige.state import OVER, Board

INFO = GameInfo(
    name="intrige", title="Intrige", min_players=MIN_PLAYERS, max_players=MAX_PLAYERS,
    version=VERSION, options=OPTIONS,
    summary=text.SUMMARY["en"],
    summaries=text.SUMMARY,
    simultaneous=False, hidden_information=True, chance=False, max_decisions=MAX_DECISIONS,
    policies={"greedy": GreedyPolicy},
    levels={
        "easy": "ismcts:iterations=2:seconds=0.02",
        "medium": "ismcts:iterations=20:seconds=0.1",
        "hard": "ismcts:iterations=25:seconds=0.25:prior=greedy:rollout=greedy:bias=3",
        "strong": "ismcts:seconds=0.5:prior=greedy:rollout=greedy:bias=3",
    },
    # A non-binding offer is said aloud to the table (ruling "negotiation"), so a server
    # shows it in the players' chat as well as in the log.
    chat_events=frozenset({"offer"}),
)


class IntrigeGame(Game):
    """Intrige for 3-5 players in the 1994 or the Amigo edition."""

    info = INFO
    catalog = text.CATALOG

    def __init__(self, players: int, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(players, options)
        self.table = Table(players, EDITIONS[self.options["edition"]],
                           self.options["bribe_order"])

    def new_state(self, seed: int) -> IntrigeState:
        """Set up a new game; Intrige has no chance, so every seed gives the same start."""
        return IntrigeState(self, rules.new_board(self.table))

    def state_schema(self) -> Spec:
        """Return the declared shape of a saved board (schema.state_schema)."""
        return schema.state_schema(self.table)

    def _state_from_json(self, data: Mapping[str, Any], log: list[Event]) -> IntrigeState:
        return IntrigeState(self, schema.board_from_data(self.table, data, log))

    def check_state(self, state: State) -> None:
        """Raise CorruptState unless the board is a reachable position (schema.check_board)."""
        assert isinstance(state, IntrigeState)
        schema.check_board(self.table, state.board)

    def sample(self, player: int, view: Mapping[str, Any], log: Sequence[Event],
               rng: random.Random) -> IntrigeState:
        """Return a position drawn from `player`'s view and log alone (view.sample)."""
        return IntrigeState(self, views.sample(self.table, player, view, log, rng))

    def render_view(self, view: Mapping[str, Any], lang: str = "en") -> str:
        """Return the legible table for a view, in `lang`."""
        return text.render_view(view, lang)

    def player_name(self, player: int, lang: str = "en") -> str:
        """Return a seat's name with its palace, in `lang`."""
        return text.player_name(self.table, player, lang)

    def player_colour(self, player: int) -> str | None:
        """Return the colour of the seat's palace in the Amigo edition; None in the 1994
        edition, whose palaces are cities."""
        palaces = self.table.edition.palaces
        if palaces != PALACES_AMIGO or not 0 <= player < self.players:
            return None
        # The Amigo edition's violet palace is painted in the page's purple.
        return {"violet": "purple"}.get(palaces[player], palaces[player])

    def glossary(self, lang: str = "en") -> Mapping[str, str]:
        """Return the help topics of the edition played, in `lang`."""
        return text.glossary(self.table, lang)

    def make_encoding(self) -> IntrigeEncoding:
        """Return the fixed action space and observation tensor (encoding.py)."""
        return IntrigeEncoding(self)


class IntrigeState(State):
    """One Intrige position; the board inside is never changed once the state exists."""

    __slots__ = ("board",)

    game: IntrigeGame

    def __init__(self, game: IntrigeGame, board: Board) -> None:
        super().__init__(game)
        self.board = board

    @property
    def table(self) -> Table:
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
        return rules.legal(self.game.table, self.board)

    def _apply(self, player: int, action: Action) -> IntrigeState:
        return IntrigeState(self.game, rules.play(self.game.table, self.board, action))

    def for_search(self) -> IntrigeState:
        """Return this position with logging off: its successors build no events."""
        board = self.board.clone()
        board.logging = False
        return IntrigeState(self.game, board)

    def _view(self, player: int | None) -> dict[str, Any]:
        seen = views.view(self.game.table, self.board, player)
        if self.is_terminal:
            # Everyone's money is told at the end: where it came from, for the final scores.
            seen["breakdown"] = views.breakdown(self.game.table, self.board)
        return seen

    def _evaluate(self) -> tuple[float, ...]:
        return heuristics.evaluate(self.game.table, self.board)

    def result(self) -> Result:
        """Most money wins; ties share (Intrige rulebook, "3. Sending one's own figures",
        last sentence)."""
        money = tuple(self.board.money)
        return Result(money, Result.rank([(m,) for m in money]))

    def _data(self) -> dict[str, Any]:
        return self.board.to_json()

    @property
    def _log(self) -> LogCell | None:
        return self.board.log

    def _prompt(self, player: int, lang: str) -> str:
        return text.prompt(self.game.table, self.board, player, lang)

    def _describe(self, player: int, action: Action, lang: str) -> str:
        return text.describe(self.game.table, self.board, player, action, lang)

    def typed_sum(self, player: int, amount: int) -> tuple[Action, ...] | None:
        """Return the decisions by which `player` names the sum `amount` now (the range
        holding it, then the sum; rules.sum_path): () if it cannot be named from here, None
        if `player` is not choosing a sum. For fronts that let a person type a sum."""
        if rules.to_act(self.board) != player:
            return None
        return rules.sum_path(self.game.table, self.board, amount)

    def _reseed(self, rng: random.Random) -> IntrigeState:
        """Return this very position: Intrige has no chance, and what is hidden (each purse,
        a payer's half-chosen sum) is known to its owner, so nothing is left for nobody to
        know and nothing can be drawn again."""
        del rng
        return self
