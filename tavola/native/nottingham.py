"""Nottingham in the native core: a position driven by action indices, converted both ways.

A `NativeNottingham` is a mutable native position (a plain C++ struct) of one
`NottinghamGame`: `legal_indices(player)` are the game's fixed action-space indices of a
pending seat's legal actions (those of `game.encoding()`, counted from that seat, in the
reference's order; the first seat to act by default: a Buy asks several seats at once),
`apply(index, player)` plays one in place, `copy()` is a cheap independent copy,
`observation(p)` is the reference's tensor of seat `p`, `returns()` the seats' utilities
once the game is over (`Result.utilities()`). Chance (the set-up's shuffles, a Steal's
pick, each reshuffle of the discard) is drawn from the state's own SplitMix64 as the
reference draws it.

`from_state(state)` takes any reference position (a search can start from a real game's);
`to_state()` gives the reference position back, checked by the reference's invariants. The
native position keeps no log: `to_state()` returns a position whose log is empty.
"""

from __future__ import annotations

import random
from typing import Any

from tavola.games.nottingham import schema
from tavola.games.nottingham.game import NottinghamGame, NottinghamState
from tavola.native import core
from tavola.native.position import MASK, NativePosition, check_version, drawing, rollouts
from tavola.native.position import digest as digest

_TRACKS = ("long", "distinct")


def _table(game: NottinghamGame) -> tuple[int, int, bool, bool]:
    """The native table's numbers: players, track and the two options."""
    options = game.options
    return (game.players, _TRACKS.index(options["track"]), bool(options["rob_shows_card"]),
            bool(options["several_ambushes_each"]))


def state_data(state: NottinghamState) -> dict[str, Any]:
    """Return a reference position's data (every field of `state.py`'s FIELDS, the
    generator included: what `to_json()` saves as "state")."""
    data: dict[str, Any] = state._data()
    return data


class NativeNottingham(NativePosition):
    """A Nottingham position in the native core (mutable: `apply` plays in place)."""

    __slots__ = ()
    game: NottinghamGame

    @classmethod
    def new(cls, game: NottinghamGame, seed: int) -> NativeNottingham:
        """Set up a new game from `seed`: the position `game.new_state(seed)` sets up."""
        if type(seed) is not int:
            raise TypeError(f"a seed is a whole number, not {type(seed).__name__}")
        check_version(game)
        return cls(game, core().NottinghamState.new_game(*_table(game), seed & MASK))

    @classmethod
    def from_state(cls, state: NottinghamState) -> NativeNottingham:
        """Return the native position equal to a reference position."""
        game = state.game
        if not isinstance(game, NottinghamGame):
            raise TypeError("not a Nottingham position")
        check_version(game)
        return cls(game, core().NottinghamState.from_data(*_table(game), state._data()))

    def to_state(self, check: bool = True) -> NottinghamState:
        """Return the equal reference position (with an empty log), checked by the
        reference's invariants (unless `check` is false: a search's own position)."""
        game = self.game
        state = schema.state_from_data(game, game.track, self.data(), [], NottinghamState)
        if check:
            schema.check_state(state)
        return state

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats to act (every seat still to offer in a Buy; none once the game is
        over)."""
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

    def sample(self, player: int, rng: random.Random) -> NativeNottingham:
        """Return a position drawn from seat `player`'s information set: the reference's
        `game.sample(player, view(player), log(player), rng)` (but for its log), drawn with
        the same values from `rng`, which is left where that call leaves it."""
        native = drawing(rng, lambda words: self._s.sample(player, words))
        return NativeNottingham(self.game, native)

    def reseed(self, rng: random.Random) -> NativeNottingham:
        """Return the position with what no seat knows (the item deck's order, the ambush
        cards nobody has placed, the generator) drawn afresh: the reference's `reseed`
        (view.py) with the same draws from `rng`. (`State.reseed` returns a finished game
        unchanged without drawing; so does this.)"""
        if self.is_terminal:
            return self.copy()
        native = drawing(rng, lambda words: self._s.reseed(words))
        return NativeNottingham(self.game, native)

    def greedy(self, rng: random.Random | None = None, player: int | None = None) -> int:
        """Return the action index the game's greedy policy (`heuristics.GreedyPolicy`)
        chooses for a pending seat (the first by default), from that seat's view alone. It
        draws nothing (its ties go to the first action in legal order), so `rng` is not
        used; it is taken for the same call as the other games'."""
        del rng
        index: int = self._s.greedy(-1 if player is None else player)
        return index


rollout, greedy_rollout = rollouts(NativeNottingham)
ROLLOUTS = {"random": rollout, "greedy": greedy_rollout}


def playouts(players: int, games: int, seed: int) -> int:
    """Play `games` whole random games of the default options natively (seeds `seed`,
    `seed + 1`, ...), the GIL released; return the decisions made."""
    decisions: int = core().nottingham_playouts(players, games, seed & MASK)
    return decisions
