"""Intrige in the native core: a position driven by action indices, converted both ways.

A `NativeIntrige` is a mutable native position (a plain C++ struct) of one `IntrigeGame`:
`legal_indices()` are the game's fixed action-space indices of the legal actions of the
seat to act (those of `game.encoding()`, counted from that seat, in the reference's order),
`apply(index)` plays one in place, `copy()` is a cheap independent copy, `observation(p)`
is the reference's tensor of seat `p`, `returns()` the seats' utilities once the game is
over (`Result.utilities()`). Intrige has no chance, so every seed sets up the same start.

`from_state(state)` takes any reference position (a search can start from a real game's);
`to_state()` gives the reference position back, checked by the reference's invariants. The
native position keeps no log: `to_state()` returns a position whose log is empty.
"""

from __future__ import annotations

import random
from typing import Any

from tavola.core.errors import CorruptState
from tavola.games.intrige import schema
from tavola.games.intrige.config import BRIBE_ORDERS
from tavola.games.intrige.game import IntrigeGame, IntrigeState
from tavola.games.intrige.state import OVER, Board
from tavola.native import core
from tavola.native.position import MASK, NativePosition, check_version, drawing, rollouts
from tavola.native.position import digest as digest

_EDITIONS = ("1994", "amigo")


def _table(game: IntrigeGame) -> tuple[int, int, int]:
    """The native table's numbers: players, edition and bribe order."""
    table = game.table
    return (table.players, _EDITIONS.index(table.edition.name),
            BRIBE_ORDERS.index(table.bribe_order))


def state_data(state: IntrigeState) -> dict[str, Any]:
    """Return a reference position's data (`Board.to_json()`: what `to_json()` saves as
    "state")."""
    return state.board.to_json()


def _check_board(game: IntrigeGame, board: Board) -> None:
    """Raise CorruptState unless `board` is a position the rules could reach: the
    reference's `schema.check_board` but for the log, which a native position does not
    keep."""
    table = game.table
    if board.phase == OVER and (board.round, board.turn) != (table.edition.rounds, 0):
        raise CorruptState("the game is over before the last round ended")
    schema.check_figures(table, board)
    schema.check_sending(table, board)
    schema.check_records(table, board)
    schema.check_money(table, board)
    schema.check_pending(table, board)


class NativeIntrige(NativePosition):
    """An Intrige position in the native core (mutable: `apply` plays in place)."""

    __slots__ = ()
    game: IntrigeGame

    @classmethod
    def new(cls, game: IntrigeGame, seed: int = 0) -> NativeIntrige:
        """Set up a new game: the position `game.new_state(seed)` sets up (the same for
        every seed: Intrige has no chance)."""
        if type(seed) is not int:
            raise TypeError(f"a seed is a whole number, not {type(seed).__name__}")
        check_version(game)
        return cls(game, core().IntrigeState.new_game(*_table(game)))

    @classmethod
    def from_state(cls, state: IntrigeState) -> NativeIntrige:
        """Return the native position equal to a reference position."""
        game = state.game
        if not isinstance(game, IntrigeGame):
            raise TypeError("not an Intrige position")
        check_version(game)
        return cls(game, core().IntrigeState.from_data(*_table(game), state_data(state)))

    def to_state(self, check: bool = True) -> IntrigeState:
        """Return the equal reference position (with an empty log), checked by the
        reference's invariants but the log's (unless `check` is false: a search's own
        position)."""
        state = IntrigeState(self.game, schema.board_from_data(self.game.table, self.data(), []))
        if check:
            _check_board(self.game, state.board)
        return state

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seat to act (none once the game is over)."""
        seat: int = self._s.to_act
        return () if seat < 0 else (seat,)

    def legal_indices(self) -> tuple[int, ...]:
        """Return the action-space indices of the legal actions of the seat to act, in the
        reference's order."""
        return tuple(self._s.legal())

    def apply(self, index: int) -> None:
        """Play the legal action at action-space `index`, in place (ValueError otherwise)."""
        self._s.apply(index)

    def sample(self, player: int, rng: random.Random | None = None) -> NativeIntrige:
        """Return the position drawn from seat `player`'s information set: the reference's
        `game.sample(player, view(player), log(player), rng)` (but for its log). It draws
        nothing: the only thing hidden is another payer's half-chosen sum, which the sample
        resets (view.sample)."""
        del rng
        return NativeIntrige(self.game, self._s.sample(player))

    def greedy(self, rng: random.Random) -> int:
        """Return the action index the game's greedy policy (`heuristics.GreedyPolicy`)
        chooses for the seat to act, from that seat's view alone, drawing its tie-break
        among equally good sends from `rng` as the Python policy does (`rng.choice`) and
        leaving `rng` where the policy leaves it."""
        index = drawing(rng, lambda words: self._s.greedy(words))
        return int(index)



rollout, greedy_rollout = rollouts(NativeIntrige)
ROLLOUTS = {"random": rollout, "greedy": greedy_rollout}


def playouts(players: int, games: int, seed: int) -> int:
    """Play `games` whole random games of the default options natively (the choices drawn
    from `seed`), the GIL released; return the decisions made."""
    decisions: int = core().intrige_playouts(players, games, seed & MASK)
    return decisions
