"""Fixed action spaces and observation tensors: the part of the contract learners need.

Each game declares, for its player count and options, an `Encoding`:

- **a fixed action space** of `size` indices, and at every decision a bijection between a
  seat's legal actions and distinct indices in `0 .. size-1` (`index(state, player,
  action)`, `action(state, player, i)`). An index may be relative to what the acting seat
  knows of the decision: seats named inside an action counted from the acting player (so
  the space is the same for every seat), a sum counted from the bottom of the range being
  chosen in (so K stays small). It never depends on anything that seat cannot see. Games
  whose indices are absolute ignore the state. The legal mask of a seat is the set of
  indices of its legal actions.
- **an observation tensor** of `length` floats in [0, 1], computed from one seat's view
  alone (`observe(player, view)`), so it can hold nothing the seat may not know. Its
  `layout` names every slice, in order, with what it means.

The engine keeps no dependency on numpy: observations are lists of floats, which the RL
adapters (`tavola.rl`) turn into float32 arrays.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tavola.core.action import Action
    from tavola.core.game import Game, State


@dataclass(frozen=True)
class Slice:
    """One named part of an observation tensor: its name, its length and what it holds."""

    name: str
    length: int
    meaning: str


class Encoding(ABC):
    """A game's fixed action space and observation tensor for one player count and options.

    Built once per `Game` (`game.encoding()`); `size`, `length` and `layout` depend only on
    the game, its player count and its options.
    """

    def __init__(self, game: Game) -> None:
        self.game = game

    @property
    @abstractmethod
    def size(self) -> int:
        """The number of action indices (K)."""

    @abstractmethod
    def index(self, state: State, player: int, action: Action) -> int:
        """Return the index of one of `player`'s legal actions in `state`."""

    @abstractmethod
    def action(self, state: State, player: int, index: int) -> Action:
        """Return `player`'s action at `index` in `state` (the inverse of `index`). For an
        index that names no action it may raise KeyError, IndexError or ValueError; the
        legality check is `State.action_at`'s, which turns all of these into IllegalAction."""

    @property
    @abstractmethod
    def layout(self) -> tuple[Slice, ...]:
        """The slices of the observation tensor, in order."""

    @abstractmethod
    def observe(self, player: int, view: Mapping[str, Any]) -> list[float]:
        """Return the observation tensor of `player` from its view (`state.view(player)`):
        exactly `length` floats, each in [0, 1]."""

    @cached_property
    def length(self) -> int:
        """The number of floats in an observation."""
        return sum(s.length for s in self.layout)

    def offsets(self) -> dict[str, tuple[int, int]]:
        """Return where each named slice starts and stops in an observation."""
        out: dict[str, tuple[int, int]] = {}
        start = 0
        for s in self.layout:
            out[s.name] = (start, start + s.length)
            start += s.length
        return out

    def indices(self, state: State, player: int,
                actions: Sequence[Action]) -> tuple[int, ...]:
        """Return the indices of `player`'s `actions` in `state`, in the same order."""
        index = self.index
        return tuple(index(state, player, a) for a in actions)
