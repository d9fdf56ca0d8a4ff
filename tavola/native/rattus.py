"""Rattus in the native core: a position driven by action indices, converted both ways.

A `NativeRattus` is a mutable native position (a plain C++ struct) of one `RattusGame`:
`legal_indices()` are the game's fixed action-space indices of the legal actions (those of
`game.encoding()`, in the reference's order), `apply(index)` plays one in place, `copy()`
is a cheap independent copy, `observation(p)` is the reference's tensor of seat `p`,
`returns()` the seats' utilities once the game is over (`Result.utilities()`). Chance is
drawn from the position's own generator exactly as the reference draws, so the same seed
and indices give the same game in both engines (tests/native/test_rattus_differential.py).

`from_state(state)` takes any reference position (a search can start from a real game's);
`to_state()` gives the reference position back, checked by the reference's invariants. The
native position keeps no log: `to_state()` returns a position whose log is empty.
"""

from __future__ import annotations

import random

from tavola.games.rattus import schema
from tavola.games.rattus.game import RattusGame, RattusState
from tavola.native import core
from tavola.native.position import MASK, NativePosition, check_version, drawing, rollouts
from tavola.native.position import digest as digest


class NativeRattus(NativePosition):
    """A Rattus position in the native core (mutable: `apply` plays in place)."""

    __slots__ = ()
    game: RattusGame

    @classmethod
    def new(cls, game: RattusGame, seed: int) -> NativeRattus:
        """Set up a new game from `seed`: the position `game.new_state(seed)` sets up."""
        if type(seed) is not int:
            raise TypeError(f"a seed is a whole number, not {type(seed).__name__}")
        check_version(game)
        c = game.config
        return cls(game, core().RattusState.new_game(c.players, c.shared_ties, c.rounds,
                                                     seed & MASK))

    @classmethod
    def from_state(cls, state: RattusState) -> NativeRattus:
        """Return the native position equal to a reference position."""
        check_version(state.game)
        c = state.game.config
        return cls(state.game, core().RattusState.from_data(c.players, c.shared_ties,
                                                            c.rounds, state.data()))

    def to_state(self, check: bool = True) -> RattusState:
        """Return the equal reference position (with an empty log), checked by the
        reference's invariants (unless `check` is false: a search's own position)."""
        s = RattusState(self.game)
        schema.fill_from_data(s, self.data(), [])
        if check:
            schema.check_state(s)
        return s

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seat to act (none once the game is over)."""
        return tuple(self._s.to_act)

    def legal_indices(self) -> tuple[int, ...]:
        """Return the action-space indices of the legal actions, in the reference's order."""
        return tuple(self._s.legal())

    def apply(self, index: int) -> None:
        """Play the legal action at action-space `index`, in place (ValueError otherwise)."""
        self._s.apply(index)

    def sample(self, player: int, rng: random.Random) -> NativeRattus:
        """Return a position drawn from seat `player`'s information set: the reference's
        `game.sample(player, view(player), log(player), rng)` (but for its log), drawn with
        the same values from `rng`, which is left where that call leaves it."""
        native = drawing(rng, lambda words: self._s.sample(player, words))
        return NativeRattus(self.game, native)

    def reseed(self, rng: random.Random) -> NativeRattus:
        """Return the position with the tokens nobody has seen dealt afresh and a new
        generator: the reference's `reseed` (view.py) with the same draws from `rng`.
        (`State.reseed` returns a finished game unchanged without drawing; so does this.)"""
        if self.is_terminal:
            return self.copy()
        native = drawing(rng, lambda words: self._s.reseed(words))
        return NativeRattus(self.game, native)

    def greedy(self) -> int:
        """Return the action index the game's greedy policy (`heuristics.GreedyPolicy`)
        chooses for the seat to act."""
        index: int = self._s.greedy()
        return index



rollout, greedy_rollout = rollouts(NativeRattus)
ROLLOUTS = {"random": rollout, "greedy": greedy_rollout}


def playouts(players: int, games: int, seed: int) -> int:
    """Play `games` whole random games of the default options natively (seeds `seed`,
    `seed + 1`, ...), the GIL released; return the decisions made."""
    decisions: int = core().rattus_playouts(players, games, seed & MASK)
    return decisions
