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

import hashlib
import json
import random
from collections.abc import Mapping
from typing import Any

from tavola.games.notre_dame import schema
from tavola.games.notre_dame.game import NotreDame, NotreDameState
from tavola.native import NativeUnavailable, core, plays

_MASK = (1 << 64) - 1


def _check(game: NotreDame) -> None:
    """Raise NativeUnavailable unless the core plays this version of Notre Dame."""
    core()
    if not plays(game):
        raise NativeUnavailable(
            f"the native core was built for other Notre Dame rules than version "
            f"{game.info.version}: rebuild it (pip install ./native)")


def _unlimited(game: NotreDame) -> bool:
    return bool(game.setting.unlimited_gold)


def state_data(state: NotreDameState) -> dict[str, Any]:
    """Return a reference position's data (every field of `state.py`'s FIELDS, the
    generator included: what `to_json()` saves as "state")."""
    data: dict[str, Any] = state._data()
    return data


def digest(data: Mapping[str, Any]) -> str:
    """Return a digest of a position's data: equal positions, equal digests, whichever
    engine holds them."""
    text = json.dumps(data, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


class NativeNotreDame:
    """A Notre Dame position in the native core (mutable: `apply` plays in place)."""

    __slots__ = ("_s", "game")

    def __init__(self, game: NotreDame, native: Any) -> None:
        self.game = game
        self._s = native

    @classmethod
    def new(cls, game: NotreDame, seed: int) -> NativeNotreDame:
        """Set up a new game from `seed`: the position `game.new_state(seed)` sets up."""
        if type(seed) is not int:
            raise TypeError(f"a seed is a whole number, not {type(seed).__name__}")
        _check(game)
        return cls(game, core().NotreDameState.new_game(game.players, _unlimited(game),
                                                        seed & _MASK))

    @classmethod
    def from_state(cls, state: NotreDameState) -> NativeNotreDame:
        """Return the native position equal to a reference position."""
        game = state.game
        if not isinstance(game, NotreDame):
            raise TypeError("not a Notre Dame position")
        _check(game)
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

    def data(self) -> dict[str, Any]:
        """Return the position as the reference's state data (`state_data`)."""
        data: dict[str, Any] = self._s.data()
        return data

    def digest(self) -> str:
        """Return the digest of the position (`digest(self.data())`)."""
        return digest(self.data())

    def copy(self) -> NativeNotreDame:
        """Return an independent copy."""
        return NativeNotreDame(self.game, self._s.copy())

    @property
    def is_terminal(self) -> bool:
        """True once the game is over."""
        return bool(self._s.is_terminal)

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

    def observation(self, player: int) -> list[float]:
        """Return seat `player`'s observation tensor (the reference's `observation`)."""
        out: list[float] = self._s.observation(player)
        return out

    def returns(self) -> tuple[float, ...]:
        """Return each seat's utility once the game is over (zeros before)."""
        return tuple(self._s.returns())

    def scores(self) -> tuple[int, ...]:
        """Return each seat's prestige (the final scores once the game is over)."""
        return tuple(self._s.scores())

    def random_playout(self, seed: int) -> int:
        """Play on to the end choosing uniformly among the first pending seat's legal
        actions with a generator seeded by `seed`, in place; return the decisions made."""
        decisions: int = self._s.random_playout(seed & _MASK)
        return decisions

    def sample(self, player: int, rng: random.Random) -> NativeNotreDame:
        """Return a position drawn from seat `player`'s information set: the reference's
        `game.sample(player, view(player), log(player), rng)` (but for its log), drawn with
        the same values from `rng`, which is left where that call leaves it."""
        version, words, gauss = rng.getstate()
        native, after = self._s.sample(player, words)
        rng.setstate((version, tuple(after), gauss))
        return NativeNotreDame(self.game, native)

    def reseed(self, rng: random.Random) -> NativeNotreDame:
        """Return the position with what no seat knows (deck order, the characters still to
        come, the generator) drawn afresh: the reference's `reseed` (view.py) with the same
        draws from `rng`. (`State.reseed` returns a finished game unchanged without
        drawing; so does this.)"""
        if self.is_terminal:
            return self.copy()
        version, words, gauss = rng.getstate()
        native, after = self._s.reseed(words)
        rng.setstate((version, tuple(after), gauss))
        return NativeNotreDame(self.game, native)

    def greedy(self, rng: random.Random, player: int | None = None) -> int:
        """Return the action index the game's greedy policy (`heuristics.GreedyPolicy`)
        chooses for a pending seat (the first by default), drawing its tie-break from
        `rng` as the Python policy does (one `randrange` over the best actions) and
        leaving `rng` where the policy leaves it."""
        version, words, gauss = rng.getstate()
        index, after = self._s.greedy(words, -1 if player is None else player)
        rng.setstate((version, tuple(after), gauss))
        return int(index)

    def rollout(self, rng: random.Random, cutoff: int = 0,
                policy: str = "random") -> tuple[float, ...]:
        """Play on as the searching bots' rollout does (`tavola.agents.search`,
        `Rollout.run`: the first seat to act decides; a single legal action is taken
        without a draw, else `randrange` over them (random) or the greedy policy's choice,
        which draws its tie-break), in place, drawing from `rng` exactly the values that
        rollout draws and leaving `rng` where it would leave it; return every seat's
        utility, or after `cutoff` decisions (when positive) the game's evaluation of the
        position reached."""
        if policy not in POLICIES:
            raise ValueError(f"no native rollout policy {policy!r}")
        version, words, gauss = rng.getstate()
        _, after = self._s.python_rollout(words, cutoff, policy == "greedy")
        rng.setstate((version, tuple(after), gauss))
        if self.is_terminal:
            return self.returns()
        return self.to_state(check=False).evaluate()


def rollout(state: NotreDameState, rng: random.Random, cutoff: int) -> tuple[float, ...]:
    """Return what `Rollout.run(state, rng)` returns for a random rollout, played natively."""
    return NativeNotreDame.from_state(state).rollout(rng, cutoff)


def greedy_rollout(state: NotreDameState, rng: random.Random,
                   cutoff: int) -> tuple[float, ...]:
    """Return what `Rollout.run(state, rng)` returns for a greedy rollout, played natively."""
    return NativeNotreDame.from_state(state).rollout(rng, cutoff, "greedy")


POLICIES = ("random", "greedy")
"""The rollout policies the native core plays for Notre Dame."""

ROLLOUTS = {"random": rollout, "greedy": greedy_rollout}


def playouts(players: int, games: int, seed: int) -> int:
    """Play `games` whole random games of the default options natively (seeds `seed`,
    `seed + 1`, ...), the GIL released; return the decisions made."""
    decisions: int = core().notre_dame_playouts(players, games, seed & _MASK)
    return decisions
