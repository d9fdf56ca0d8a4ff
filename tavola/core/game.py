"""The game contract: what every game offers to the server, the bots and the RL adapters.

A `Game` is the rules with their configuration (player count and options); a `State` is
one position of a game, complete (the seeded generator lives inside it), JSON-serialisable
both ways and never changed once returned. Play goes::

    state = tavola.make("notre-dame", players=4, seed=7)
    while not state.is_terminal:
        player = state.to_act[0]                 # several players may be pending at once
        action = state.legal_actions(player)[0]  # finite, stable order, typed
        state = state.apply(player, action)      # validated at the boundary; a new state

`view(player)` is exactly what that player may know; `view(None)` is a spectator's.
`determinize(player, rng)` returns a full state consistent with that view, everything the
player cannot know re-sampled. `log(viewer)` is the event log as that viewer may read it.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from tavola.core.action import Action
from tavola.core.errors import (
    BadOptions,
    IllegalAction,
    MalformedAction,
    NotPending,
    UnknownPlayer,
)
from tavola.core.events import Catalog, Event, LogCell, log_events, redact


@dataclass(frozen=True)
class OptionSpec:
    """One option of a game: its name, allowed values, default and the ruling it encodes."""

    name: str
    default: Any
    choices: tuple[Any, ...]
    help: str
    ruling: str = ""

    def check(self, value: Any) -> Any:
        """Return `value` if allowed, else raise BadOptions naming the choices."""
        if value not in self.choices or type(value) is not type(self.default):
            shown = ", ".join(repr(c) for c in self.choices)
            raise BadOptions(f"option {self.name!r} takes one of {shown}, not {value!r}")
        return value


@dataclass(frozen=True)
class GameInfo:
    """The declared facts of a game, as data."""

    name: str
    title: str
    min_players: int
    max_players: int
    version: int
    options: tuple[OptionSpec, ...]
    summary: str
    simultaneous: bool
    hidden_information: bool
    chance: bool
    max_decisions: int
    policies: Mapping[str, Callable[[], Policy]] = field(default_factory=dict)

    def option(self, name: str) -> OptionSpec:
        """Return the spec of option `name`."""
        for spec in self.options:
            if spec.name == name:
                return spec
        known = ", ".join(s.name for s in self.options) or "none"
        raise BadOptions(f"{self.name} has no option {name!r} (options: {known})")

    def resolve_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Return the full option table: defaults overridden by `given`, each checked."""
        for name in given:
            self.option(name)
        return {s.name: s.check(given[s.name]) if s.name in given else s.default
                for s in self.options}


class Policy(ABC):
    """A game-specific decision rule that sees only a view and the legal actions."""

    @abstractmethod
    def choose(
        self, view: Mapping[str, Any], legal: Sequence[Action], rng: random.Random
    ) -> Action:
        """Pick one of `legal`."""


@dataclass(frozen=True)
class Result:
    """Final scores and ranking. `ranks[p]` is 1 for the winners; ties share a rank."""

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    tiebreaks: tuple[int, ...] = ()

    @property
    def winners(self) -> tuple[int, ...]:
        """Return the players ranked first."""
        return tuple(p for p, r in enumerate(self.ranks) if r == 1)

    def to_json(self) -> dict[str, Any]:
        """Return the result as JSON data."""
        return {"scores": list(self.scores), "ranks": list(self.ranks),
                "tiebreaks": list(self.tiebreaks), "winners": list(self.winners)}

    @staticmethod
    def rank(keys: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
        """Rank players by descending key tuples; equal keys share the better rank."""
        order = sorted(range(len(keys)), key=lambda p: keys[p], reverse=True)
        ranks = [0] * len(keys)
        for pos, p in enumerate(order):
            same = pos > 0 and keys[order[pos - 1]] == keys[p]
            ranks[p] = ranks[order[pos - 1]] if same else pos + 1
        return tuple(ranks)


class Game(ABC):
    """The rules of one game with a fixed player count and options."""

    info: ClassVar[GameInfo]
    catalog: ClassVar[Catalog]

    def __init__(self, players: int, options: Mapping[str, Any] | None = None) -> None:
        if not isinstance(players, int) or isinstance(players, bool):
            raise BadOptions(f"players must be a whole number, not {players!r}")
        if not self.info.min_players <= players <= self.info.max_players:
            raise BadOptions(
                f"{self.info.name} is for {self.info.min_players}-{self.info.max_players} "
                f"players, not {players}")
        self.players = players
        self.options: dict[str, Any] = self.info.resolve_options(options or {})

    @abstractmethod
    def new_state(self, seed: int) -> State:
        """Set up a new game from `seed`."""

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any]) -> State:
        """Rebuild a state from its `to_json` data (raise CorruptState if it cannot)."""

    def render_event(self, event: Event, lang: str = "en") -> str:
        """Return the text of one event."""
        return self.catalog.text(event.key, event.args, lang)

    @abstractmethod
    def render_view(self, view: Mapping[str, Any]) -> str:
        """Return a legible text picture of a view (for the terminal)."""

    def player_name(self, player: int) -> str:
        """Return the display name of a seat."""
        return f"P{player + 1}"


class State(ABC):
    """One position of a game. Never changed after it is returned; `apply` returns a new one."""

    __slots__ = ("_legal_cache", "game")

    game: Game

    def __init__(self, game: Game) -> None:
        self.game = game
        self._legal_cache: dict[int, list[Action]] | None = None

    # -- what the game implements ---------------------------------------------------------
    @property
    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """The players who must act now (several when decisions are simultaneous)."""

    @property
    @abstractmethod
    def is_terminal(self) -> bool:
        """True once the game is over."""

    @abstractmethod
    def _legal(self, player: int) -> list[Action]:
        """Return the legal actions of a pending player, in stable order."""

    @abstractmethod
    def _apply(self, player: int, action: Action) -> State:
        """Return the state after a legal action (self is left unchanged)."""

    @abstractmethod
    def _view(self, player: int | None) -> dict[str, Any]:
        """Return exactly what `player` (a checked seat, or None) may know, as JSON data."""

    @abstractmethod
    def _determinize(self, player: int, rng: random.Random) -> State:
        """Return a full state consistent with `view(player)` (a checked seat)."""

    @abstractmethod
    def result(self) -> Result:
        """Return the final result (only when terminal)."""

    @abstractmethod
    def _data(self) -> dict[str, Any]:
        """Return the game-specific JSON data of this state."""

    @property
    @abstractmethod
    def _log(self) -> LogCell | None:
        """The event log."""

    @abstractmethod
    def prompt(self, player: int) -> str:
        """Return what `player` is being asked to decide, in words."""

    @abstractmethod
    def describe(self, player: int, action: Action) -> str:
        """Return a human label for one of `player`'s legal actions."""

    # -- the boundary, the same for every game --------------------------------------------
    def legal_actions(self, player: int) -> list[Action]:
        """Return `player`'s legal actions (empty when not pending). Do not mutate the list."""
        cache = self._legal_cache
        if cache is None:
            cache = self._legal_cache = {}
        legal = cache.get(player)
        if legal is None:
            legal = self._legal(player) if player in self.to_act else []
            cache[player] = legal
        return legal

    def apply(self, player: int, action: Action | str) -> State:
        """Return the state after `player` takes `action`; raise and change nothing if illegal."""
        if isinstance(action, str):
            action = Action.parse(action)
        elif not isinstance(action, Action):
            raise MalformedAction(f"not an action: {type(action).__name__}")
        if not isinstance(player, int) or player not in self.to_act:
            who = ", ".join(self.game.player_name(p) for p in self.to_act) or "nobody"
            raise NotPending(
                f"{self.game.player_name(player) if isinstance(player, int) else player!r} "
                f"is not asked to act now (waiting for: {who})")
        legal = self.legal_actions(player)
        try:
            # Hand the game its own action object, so games may compare by identity.
            action = legal[legal.index(action)]
        except ValueError:
            raise IllegalAction(
                f"{action} is not a legal action now ({self.prompt(player)})") from None
        return self._apply(player, action)

    def _events(self) -> list[Event]:
        """Return every event of the log, oldest first (games may narrow this)."""
        return log_events(self._log)

    def view(self, player: int | None) -> dict[str, Any]:
        """Return exactly what `player` may know (None: a spectator), as JSON data."""
        self.check_player(player)
        return self._view(player)

    def determinize(self, player: int, rng: random.Random) -> State:
        """Return a full state consistent with `view(player)`, everything `player` cannot
        know re-sampled (the generator included)."""
        if player is None:
            raise UnknownPlayer("determinize needs a seat, not a spectator")
        self.check_player(player)
        return self._determinize(player, rng)

    def log(self, viewer: int | None) -> list[Event]:
        """Return the log as `viewer` may read it (None: a spectator)."""
        return list(redact(self._events(), viewer))

    def log_text(self, viewer: int | None, lang: str = "en") -> list[str]:
        """Return the log lines as `viewer` may read them."""
        return [self.game.render_event(e, lang) for e in self.log(viewer)]

    def to_json(self) -> dict[str, Any]:
        """Return the complete state (generator included) as JSON data. Never send to clients."""
        info = self.game.info
        return {"game": info.name, "version": info.version, "players": self.game.players,
                "options": dict(self.game.options), "state": self._data(),
                "log": [e.to_json() for e in self._events()]}

    def check_player(self, player: int | None) -> None:
        """Raise if `player` is not a seat of this game (None, a spectator, is allowed)."""
        if player is not None and (not isinstance(player, int)
                                   or not 0 <= player < self.game.players):
            raise UnknownPlayer(f"no player {player!r} in a {self.game.players}-player game")
