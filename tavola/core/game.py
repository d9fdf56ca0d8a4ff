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
`chance_marker` changes exactly when the generator is consumed (is chance used between two
states?).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from tavola.core.action import Action, quote
from tavola.core.catalogs import Domain, Translated
from tavola.core.encoding import Encoding
from tavola.core.errors import (
    BadOptions,
    CorruptState,
    IllegalAction,
    MalformedAction,
    NotPending,
    UnknownPlayer,
)
from tavola.core.events import Catalog, Event, LogCell, log_events, redact
from tavola.core.schema import Spec, check_plain


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
    # The bot levels players pick by name (`easy`, `medium`, `hard`, `strong`: the names
    # `tavola.agents.levels.LEVELS`), each a searching bot's spec with its think time a
    # decision (`seconds=`) and, below `strong`, a simulation cap growing level by level
    # (`iterations=`), measured against the level below (benchmarks/README.md). A
    # level the game does not name is the plain search (`ismcts`) at that level's usual
    # think time. `strong` is the strongest spec measured for the game.
    levels: Mapping[str, str] = field(default_factory=dict)
    # What the result's tie-break numbers count, one line per language (lang -> text), for
    # result tables; empty where the game has no tie-break numbers.
    tiebreak: Mapping[str, str] = field(default_factory=dict)
    # Keys of public log events that are table talk (a non-binding offer, say): a server
    # also posts them in the players' chat. Only events without an audience qualify.
    chat_events: frozenset[str] = frozenset()
    # The summary in every other language the game speaks (`summary` is the English one),
    # for lobbies and rules panels in the reader's language.
    summaries: Mapping[str, str] = field(default_factory=dict)

    @property
    def strong_bot(self) -> str:
        """The spec of the level `strong` the game names (empty: it names none)."""
        return self.levels.get("strong", "")

    def summary_in(self, lang: str) -> tuple[str, str]:
        """Return the summary in `lang` and the language it is written in (English where
        the game has no summary in `lang`)."""
        text = self.summaries.get(lang) if lang != "en" else None
        return (text, lang) if text else (self.summary, "en")

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


@dataclass(frozen=True)
class InfoSet:
    """Everything one seat may know at a decision, and nothing else: what a bot receives.

    `view` and `log` are `state.view(seat)` and `state.log(seat)`; `legal` the seat's legal
    actions. `sample(rng)` draws a full state consistent with it (for search); nothing here
    holds or reaches the true state.
    """

    game: Game
    seat: int
    view: Mapping[str, Any]
    log: tuple[Event, ...]
    legal: tuple[Action, ...]

    def sample(self, rng: random.Random) -> State:
        """Return a full state drawn from this information set."""
        return self.game.sample(self.seat, self.view, self.log, rng)


def check_language(lang: object) -> None:
    """Raise BadOptions unless `lang` is one of the languages every game speaks."""
    if lang not in LANGUAGES:
        raise BadOptions(f"no language {quote(lang, 16)} (languages: {', '.join(LANGUAGES)})")


def seat_label(player: int) -> str:
    """Return how messages name a seat: P1 for seat 0, as the terminal and the logs do."""
    return f"P{player + 1}"


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

    def utilities(self) -> tuple[float, ...]:
        """Return each seat's rank-based utility: +1 first ... -1 last, a shared rank getting
        the average of the places it covers (so utilities always sum to 0)."""
        n = len(self.ranks)
        if n == 1:
            return (0.0,)
        value = [1.0 - 2.0 * k / (n - 1) for k in range(n)]
        out = []
        for r in self.ranks:
            tied = sum(1 for q in self.ranks if q == r)
            out.append(sum(value[r - 1 : r - 1 + tied]) / tied)
        return tuple(out)

    @staticmethod
    def rank(keys: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
        """Rank players by descending key tuples; equal keys share the better rank."""
        order = sorted(range(len(keys)), key=lambda p: keys[p], reverse=True)
        ranks = [0] * len(keys)
        for pos, p in enumerate(order):
            same = pos > 0 and keys[order[pos - 1]] == keys[p]
            ranks[p] = ranks[order[pos - 1]] if same else pos + 1
        return tuple(ranks)


def served_languages(package: Path) -> tuple[str, ...]:
    """Return English, then (by code) every language that each catalog domain under
    `package` has a catalog of: a folder `locale` holds a domain's template `<domain>.pot`
    and one `<lang>/LC_MESSAGES/<domain>.po` per language (docs/translating.md). A language
    is spoken once every domain speaks it, so adding one takes catalogs alone."""
    spoken: set[str] | None = None
    for locale in sorted(package.glob("**/locale")):
        domains = [pot.stem for pot in locale.glob("*.pot")]
        if not domains:
            continue
        here = {folder.name for folder in locale.iterdir() if folder.is_dir()
                and all((folder / "LC_MESSAGES" / f"{d}.po").is_file() for d in domains)}
        spoken = here if spoken is None else spoken & here
    return ("en", *sorted((spoken or set()) - {"en"}))


LANGUAGES: tuple[str, ...] = served_languages(Path(__file__).resolve().parents[1])
"""The languages every game speaks (its log, prompts, action labels, board and help), and
the server, the terminal and the page with it: English and every language each catalog
domain has a catalog of (`served_languages`)."""

SERVER_WORDS = Domain("server", Path(__file__).resolve().parents[1] / "server",
                      tuple(lang for lang in LANGUAGES if lang != "en"), forms=())
"""The catalog domain of the words tavola's own parts say around the games: the server's
(its English tables in tavola/server/text.py, its catalogs in tavola/server/locale), and
the few lines of the parts below it that the server shows, as `NOTHING_TO_DECIDE`."""

NOTHING_TO_DECIDE: Translated[str] = Translated(SERVER_WORDS, "NOTHING_TO_DECIDE",
                                                "nothing to decide now")
"""What `prompt` says to a seat that is not asked to act."""

SEAT_COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow", "purple", "white", "grey")
"""The colour words `Game.player_colour` may answer: a page paints a seat in its own shade
of each (docs/web.md, "Seat colours")."""

MAX_LOG_EVENTS = 100_000
"""The most events a saved log may hold (a long game writes a few thousand)."""


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
        self._schema: Spec | None = None
        self._encoding: Encoding | None = None

    @abstractmethod
    def new_state(self, seed: int) -> State:
        """Set up a new game from `seed`."""

    # -- loading: a declared check, the same pipeline for every game ----------------------
    @abstractmethod
    def state_schema(self) -> Spec:
        """Return the declared shape of `State._data()` for this player count and options:
        every field's type and range."""

    @abstractmethod
    def _state_from_json(self, data: Mapping[str, Any], log: list[Event]) -> State:
        """Build a state from schema-checked data and checked log events."""

    @abstractmethod
    def check_state(self, state: State) -> None:
        """Raise CorruptState unless `state` keeps every invariant of the game (pieces
        conserved, money accounted for, the pending decision a possible one)."""

    def state_from_json(self, data: Any) -> State:
        """Rebuild a state from its `to_json` data, trusting nothing in it.

        In order: the data is plain bounded JSON of this game, player count and options; the
        game's part fits `state_schema()`; every log event is one the game's catalogue
        declares, with exactly its declared audience; the built state keeps the game's
        invariants (`check_state`); and every call of the contract works on it (each pending
        player has a legal action, views, prompts, labels and the log render). Anything else
        raises CorruptState with one line; nothing here is on the hot path of play.
        """
        check_plain(data, "state")
        if not isinstance(data, Mapping):
            raise CorruptState("a saved state is a JSON object")
        if data.get("game") != self.info.name:
            raise CorruptState(f"not a {self.info.name} state")
        if data.get("players") != self.players or data.get("options") != self.options:
            raise CorruptState("the state's player count or options are not this game's")
        if self._schema is None:
            self._schema = self.state_schema()
        self._schema.check(data.get("state"), "state")
        raw_log = data.get("log")
        if type(raw_log) is not list or len(raw_log) > MAX_LOG_EVENTS:
            raise CorruptState(f"state.log: not a list of at most {MAX_LOG_EVENTS} events")
        events = [Event.from_json(e) for e in raw_log]
        for event in events:
            self.catalog.check_event(event, self.players)
        try:
            state = self._state_from_json(data["state"], events)
            self.check_state(state)
            check_contract(state)
        except CorruptState:
            raise
        except Exception as exc:  # a state no invariant caught still must not escape as a crash
            raise CorruptState(f"not a possible {self.info.title} position "
                               f"({type(exc).__name__}: {str(exc)[:80]})") from None
        return state

    def render_event(self, event: Event, lang: str = "en") -> str:
        """Return the text of one event."""
        return self.catalog.text(event.key, event.args, lang)

    @abstractmethod
    def sample(self, player: int, view: Mapping[str, Any], log: Sequence[Event],
               rng: random.Random) -> State:
        """Return a full state drawn from `player`'s information set: `view` is
        `state.view(player)` and `log` is `state.log(player)` of some state; everything the
        seat cannot know is drawn afresh with `rng` (the generator too), consistent with what
        it does know. Equal inputs give equal samples; the sample's view and log for `player`
        equal the ones given. This is all a searching bot needs, so it never holds the truth.
        """

    @abstractmethod
    def make_encoding(self) -> Encoding:
        """Return this game's fixed action space and observation tensor (see
        `tavola.core.encoding`); called once, through `encoding()`."""

    def encoding(self) -> Encoding:
        """Return this game's fixed action space and observation tensor, built once."""
        if self._encoding is None:
            self._encoding = self.make_encoding()
        return self._encoding

    @abstractmethod
    def render_view(self, view: Mapping[str, Any], lang: str = "en") -> str:
        """Return a legible text picture of a view (for the terminal), in `lang`."""

    def player_name(self, player: int, lang: str = "en") -> str:
        """Return the display name of a seat, in `lang`."""
        return f"P{player + 1}"

    def player_colour(self, player: int) -> str | None:
        """Return the colour the game names a seat by (one of SEAT_COLOURS), or None."""
        # Most seats are numbers; a game whose seats are colours says which, so a page can
        # paint each seat in the colour its log names.
        return None

    @abstractmethod
    def glossary(self, lang: str = "en") -> Mapping[str, str]:
        """Return the game's help topics in `lang`: every card, piece, space and track a
        player meets, and what it does, in a few sentences each (keys are the topics' names
        in that language)."""


class State(ABC):
    """One position of a game. Never changed after it is returned; `apply` returns a new one."""

    __slots__ = ("_legal_cache", "game")

    game: Game

    def __init__(self, game: Game) -> None:
        self.game = game
        self._legal_cache: dict[int, tuple[Action, ...]] | None = None

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
    def _evaluate(self) -> tuple[float, ...]:
        """Return, for each seat, a cheap estimate in [-1, 1] of its final utility (see
        `Result.utilities`) from this non-final position (the game's heuristic score)."""

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
    def _prompt(self, player: int, lang: str) -> str:
        """Return what a pending `player` (a checked seat) is being asked to decide."""

    @abstractmethod
    def _describe(self, player: int, action: Action, lang: str) -> str:
        """Return a human label for one of `player`'s legal actions (both checked)."""

    @abstractmethod
    def _reseed(self, rng: random.Random) -> State:
        """Return this position with its future chance drawn afresh from `rng` (see
        `reseed`); only called on a game with chance that is not over."""

    # -- the boundary, the same for every game --------------------------------------------
    def legal_actions(self, player: int) -> tuple[Action, ...]:
        """Return `player`'s legal actions (empty when not pending), an immutable sequence."""
        cache = self._legal_cache
        if cache is None:
            # A fresh successor, the common case in search: nothing to look up.
            cache = self._legal_cache = {}
        elif type(player) is int:
            legal = cache.get(player)
            if legal is not None:
                return legal
        if type(player) is not int or not 0 <= player < self.game.players:
            self.check_seat(player)
        legal = tuple(self._legal(player)) if player in self.to_act else ()
        cache[player] = legal
        return legal

    def apply(self, player: int, action: Action | str) -> State:
        """Return the state after `player` takes `action`; raise and change nothing if illegal."""
        if isinstance(action, str):
            action = Action.parse(action)
        elif not isinstance(action, Action):
            raise MalformedAction(f"not an action: {type(action).__name__}")
        self.check_seat(player)
        if player not in self.to_act:
            who = ", ".join(seat_label(p) for p in self.to_act) or "nobody"
            raise NotPending(
                f"{seat_label(player)} is not asked to act now (waiting for: {who})")
        legal = self.legal_actions(player)
        try:
            # Hand the game its own action object, so games may compare by identity.
            action = legal[legal.index(action)]
        except ValueError:
            raise IllegalAction(
                f"{action} is not a legal action now ({self._prompt(player, 'en')})") from None
        return self._apply(player, action)

    def prompt(self, player: int, lang: str = "en") -> str:
        """Return what `player` is being asked to decide, in words (in `lang`)."""
        self.check_seat(player)
        check_language(lang)
        if player not in self.to_act:
            return NOTHING_TO_DECIDE[lang]
        return self._prompt(player, lang)

    def describe(self, player: int, action: Action | str, lang: str = "en") -> str:
        """Return a human label for one of `player`'s legal actions (in `lang`)."""
        if isinstance(action, str):
            action = Action.parse(action)
        elif not isinstance(action, Action):
            raise MalformedAction(f"not an action: {type(action).__name__}")
        if action not in self.legal_actions(player):
            raise IllegalAction(f"{action} is not a legal action of {seat_label(player)} now")
        check_language(lang)
        return self._describe(player, action, lang)

    @property
    def chance_marker(self) -> Hashable | None:
        """A value that changes exactly when chance is used (server side only: never send it).

        Of two states of one game, the second reached from the first by play, the markers
        are equal if and only if the game's generator was not consumed on the way (nothing
        drawn, shuffled or rolled); that is all the marker means (the server's take-back
        policy asks it). `None` means the game cannot tell, and callers must then assume
        chance was used.

        The default reads the usual layout: a state that keeps its generator as an int
        attribute `rng` (a `tavola.core.Rng` state, which never comes back to an earlier
        value) returns it; otherwise a game that declares no chance (`GameInfo.chance`
        false) returns the constant 0; otherwise None. A game that keeps chance elsewhere
        overrides it.
        """
        rng = getattr(self, "rng", None)
        if type(rng) is int:
            return rng
        return None if self.game.info.chance else 0

    def _events(self) -> list[Event]:
        """Return every event of the log, oldest first (games may narrow this)."""
        return log_events(self._log)

    def view(self, player: int | None) -> dict[str, Any]:
        """Return exactly what `player` may know (None: a spectator), as JSON data."""
        self.check_player(player)
        return self._view(player)

    def determinize(self, player: int, rng: random.Random) -> State:
        """Return a full state consistent with what `player` knows, everything the player
        cannot know re-sampled (the generator included): exactly
        `game.sample(player, view(player), log(player), rng)`, so it depends on nothing the
        seat cannot see."""
        if player is None:
            raise UnknownPlayer("determinize needs a seat, not a spectator")
        self.check_seat(player)
        return self.game.sample(player, self._view(player), self.log(player), rng)

    def infoset(self, player: int) -> InfoSet:
        """Return `player`'s information set: view, log and legal actions."""
        self.check_seat(player)
        return InfoSet(self.game, player, self._view(player), tuple(self.log(player)),
                       self.legal_actions(player))

    # -- for learners: fixed action indices, observation tensors, fresh chance ----------
    def legal_indices(self, player: int) -> tuple[int, ...]:
        """Return the action-space indices of `player`'s legal actions, in their order."""
        return self.game.encoding().indices(self, player, self.legal_actions(player))

    def action_at(self, player: int, index: int) -> Action:
        """Return `player`'s legal action at action-space `index`; raise IllegalAction if
        none of its legal actions has that index."""
        legal = self.legal_actions(player)
        if type(index) is not int or not 0 <= index < self.game.encoding().size:
            raise IllegalAction(f"no action index {quote(index, 24)} in this game "
                                f"(0-{self.game.encoding().size - 1})")
        try:
            action = self.game.encoding().action(self, player, index)
        except (KeyError, IndexError, ValueError):
            action = None
        if action is None or action not in legal:
            raise IllegalAction(f"action index {index} is not a legal action of "
                                f"{seat_label(player)} now")
        return action

    def observation(self, player: int) -> list[float]:
        """Return `player`'s observation tensor: the encoding of `view(player)` alone."""
        self.check_seat(player)
        return self.game.encoding().observe(player, self._view(player))

    def reseed(self, rng: random.Random) -> State:
        """Return an equal position whose future chance is drawn afresh from `rng`.

        What any seat knows, or the public record shows, is kept; what nobody knows yet
        (the order of a face-down deck or bag, the generator) is drawn again. The views and
        logs of every seat are unchanged. Algorithms that copy the true state and simulate
        ahead (lookahead, perfect-information MCTS baselines) call it so the copy does not
        foresee the real draws; a game without chance returns the state itself.
        """
        if self.is_terminal or not self.game.info.chance:
            return self
        return self._reseed(rng)

    # -- the fast path for search ----------------------------------------------------------
    def apply_index(self, player: int, index: int) -> State:
        """Return the state after `player` takes `legal_actions(player)[index]`, skipping the
        boundary checks (for search code that picked the index from that very list)."""
        return self._apply(player, self.legal_actions(player)[index])

    def for_search(self) -> State:
        """Return an equivalent state whose successors record no log, for search (its
        views, legal actions and result are unchanged; its log stops where it is)."""
        return self

    def evaluate(self) -> tuple[float, ...]:
        """Return each seat's estimated utility in [-1, 1]: exact once the game is over,
        the game's heuristic before."""
        if self.is_terminal:
            return self.result().utilities()
        return self._evaluate()

    def log(self, viewer: int | None) -> list[Event]:
        """Return the log as `viewer` may read it (None: a spectator)."""
        self.check_player(viewer)
        return list(redact(self._events(), viewer))

    def log_text(self, viewer: int | None, lang: str = "en") -> list[str]:
        """Return the log lines as `viewer` may read them, in `lang`."""
        check_language(lang)
        return [self.game.render_event(e, lang) for e in self.log(viewer)]

    def to_json(self) -> dict[str, Any]:
        """Return the complete state (generator included) as JSON data. Never send to clients."""
        info = self.game.info
        return {"game": info.name, "version": info.version, "players": self.game.players,
                "options": dict(self.game.options), "state": self._data(),
                "log": [e.to_json() for e in self._events()]}

    def check_player(self, player: int | None) -> None:
        """Raise UnknownPlayer unless `player` is a seat of this game or None (a spectator)."""
        if player is not None:
            self.check_seat(player)

    def check_seat(self, player: int) -> None:
        """Raise UnknownPlayer unless `player` is a seat of this game (an int, not a bool)."""
        if type(player) is not int or not 0 <= player < self.game.players:
            raise UnknownPlayer(f"no seat {quote(player, 24)} in a {self.game.players}-player "
                                f"game (seats are 0-{self.game.players - 1}, "
                                f"shown as P1-P{self.game.players})")


def check_contract(state: State) -> None:
    """Raise CorruptState unless every call of the contract works on `state`.

    Used when loading untrusted data: a live game has someone to act, each pending player a
    legal action with a prompt and labels; a finished game has a result; every seat's and the
    spectator's view and log render.
    """
    players = state.game.players
    pending = state.to_act
    if len(set(pending)) != len(pending) or any(not 0 <= p < players for p in pending):
        raise CorruptState("the players to act are not distinct seats of the game")
    if state.is_terminal:
        if pending:
            raise CorruptState("a finished game asks someone to act")
        result = state.result()
        if len(result.scores) != players or len(result.ranks) != players:
            raise CorruptState("the result does not rank every seat")
    elif not pending:
        raise CorruptState("a game that is not over asks nobody to act")
    for p in pending:
        legal = state.legal_actions(p)
        if not legal:
            raise CorruptState(f"{seat_label(p)} must act but has no legal action")
        state.prompt(p)
        for action in legal:
            state.describe(p, action)
    for viewer in (None, *range(players)):
        state.view(viewer)
        state.log_text(viewer)
