"""Notre Dame in the native core: a position driven by action indices, converted both ways.

A `NativeNotreDame` is a mutable native position (a plain C++ struct) of one `NotreDame`
game: `legal_indices()` are the game's fixed action-space indices of a pending seat's legal
actions (those of `game.encoding()`, counted from that seat, in the reference's order),
`apply(index)` plays one in place, `copy()` is a cheap independent copy, `observation(p)`
is the reference's tensor of seat `p`, `returns()` the seats' utilities once the game is
over (`Result.utilities()`). The draft is simultaneous: several seats may be pending, and
`legal_indices` and `apply` act for the first of them unless told which. Chance (the
set-up and each new period's shuffles) is drawn from the position's own generator exactly
as the reference draws, so the same seed and indices give the same game in both engines
(tests/native/test_notre_dame_differential.py).

`from_state(state)` takes any reference position (a search can start from a real game's);
`to_state()` gives the reference position back, checked by the reference's invariants. The
native position keeps no log: `to_state()` returns a position whose log is empty.
"""

from __future__ import annotations

import random
from typing import Any

from tavola.games.notre_dame import schema
from tavola.games.notre_dame.game import NotreDame, NotreDameState
from tavola.native import core
from tavola.native.position import MASK, NativePosition, check_version, drawing, rollouts
from tavola.native.position import digest as digest


def _unlimited(game: NotreDame) -> bool:
    return bool(game.setting.unlimited_gold)


def state_data(state: NotreDameState) -> dict[str, Any]:
    """Return a reference position's data (every field of `state.py`'s FIELDS, the
    generator included: what `to_json()` saves as "state")."""
    data: dict[str, Any] = state._data()
    return data


class NativeNotreDame(NativePosition):
    """A Notre Dame position in the native core (mutable: `apply` plays in place)."""

    __slots__ = ()
    game: NotreDame

    @classmethod
    def new(cls, game: NotreDame, seed: int) -> NativeNotreDame:
        """Set up a new game from `seed`: the position `game.new_state(seed)` sets up."""
        if type(seed) is not int:
            raise TypeError(f"a seed is a whole number, not {type(seed).__name__}")
        check_version(game)
        return cls(game, core().NotreDameState.new_game(game.players, _unlimited(game),
                                                        seed & MASK))

    @classmethod
    def from_state(cls, state: NotreDameState) -> NativeNotreDame:
        """Return the native position equal to a reference position."""
        game = state.game
        if not isinstance(game, NotreDame):
            raise TypeError("not a Notre Dame position")
        check_version(game)
        return cls(game, core().NotreDameState.from_data(game.players, _unlimited(game),
                                                         state._data()))

    def to_state(self, check: bool = True) -> NotreDameState:
        """Return the equal reference position (with an empty log), checked by the
        reference's invariants (unless `check` is false: a search's own position)."""
        s = self.game.blank()
        schema.fill(s, self.data(), [])
        if check:
            schema.check_state(s)
        return s

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats to act (several in the draft; none once the game is over)."""
        return tuple(self._s.to_act)

    def legal_indices(self, player: int | None = None) -> tuple[int, ...]:
        """Return the action-space indices of a pending seat's legal actions (the first
        seat to act by default), in the reference's order (ValueError for a seat not to
        act)."""
        return tuple(self._s.legal(-1 if player is None else player))

    def apply(self, index: int, player: int | None = None) -> None:
        """Play a pending seat's (the first by default) legal action at action-space
        `index`, in place (ValueError otherwise)."""
        self._s.apply(index, -1 if player is None else player)

    def sample(self, player: int, rng: random.Random) -> NativeNotreDame:
        """Return a position drawn from seat `player`'s information set: the reference's
        `game.sample(player, view(player), log(player), rng)` (but for its log), drawn with
        the same values from `rng`, which is left where that call leaves it."""
        native = drawing(rng, lambda words: self._s.sample(player, words))
        return NativeNotreDame(self.game, native)

    def reseed(self, rng: random.Random) -> NativeNotreDame:
        """Return the position with what no seat knows (deck order, the characters still to
        come, the generator) drawn afresh: the reference's `reseed` (view.py) with the same
        draws from `rng`. (`State.reseed` returns a finished game unchanged without
        drawing; so does this.)"""
        if self.is_terminal:
            return self.copy()
        native = drawing(rng, lambda words: self._s.reseed(words))
        return NativeNotreDame(self.game, native)

    def greedy(self, rng: random.Random, player: int | None = None) -> int:
        """Return the action index the game's greedy policy (`heuristics.GreedyPolicy`)
        chooses for a pending seat (the first by default), drawing its tie-break from
        `rng` as the Python policy does (one `randrange` over the best actions) and
        leaving `rng` where the policy leaves it."""
        index = drawing(rng, lambda words: self._s.greedy(words, -1 if player is None else player))
        return int(index)



rollout, greedy_rollout = rollouts(NativeNotreDame)
ROLLOUTS = {"random": rollout, "greedy": greedy_rollout}


def playouts(players: int, games: int, seed: int) -> int:
    """Play `games` whole random games of the default options natively (seeds `seed`,
    `seed + 1`, ...), the GIL released; return the decisions made."""
    decisions: int = core().notre_dame_playouts(players, games, seed & MASK)
    return decisions
