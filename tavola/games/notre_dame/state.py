"""The state of a Notre Dame game: plain ints and lists, copied by one audited routine.

A state is never changed once returned: `NDState._apply` copies (`clone`), changes the copy
through `rules`, and returns it. Every field is listed once in `FIELDS`, which drives the
copy, the JSON form and the equality used by tests, so a new field cannot be forgotten.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tavola.core import Action, CorruptState, Event, Result, State
from tavola.core.events import LogCell, log_events, log_from_events

if TYPE_CHECKING:
    from tavola.games.notre_dame import NotreDame

# Phases of a round (seed 000, "SVOLGIMENTO DEL GIOCO", phases 2-5; phase 1 is automatic).
DRAFT_KEEP = 0
DRAFT_PICK = 1
PLAY = 2
HIRE = 3
PLAGUE = 4
OVER = 5
PHASE_NAMES = ("draft_keep", "draft_pick", "play", "hire", "plague", "over")

# Pending sub-decisions (the task stack): (task, player, x, y).
T_SOURCE = 0        # x = card kind, y = card played
T_CARRIAGE = 1      # x = steps
T_MESSAGE = 2       # x = square
T_BENEFIT = 3       # x = how many benefits remain (Hotel, Innkeeper)
T_DONATION = 4      # Notre Dame gold
T_MINSTREL_FROM = 5
T_MINSTREL_TO = 6   # x = from sector
T_MINSTREL_PIECES = 7  # x = from, y = to
T_JESTER_FROM = 8
T_JESTER_TO = 9     # x = source (0-6 sector cube, 7 Notre Dame cube, 8 the friend)
T_BISHOP = 10
T_PLAGUE_LOSS = 11
TASK_NAMES = ("source", "carriage", "message", "benefit", "donation", "minstrel_from",
              "minstrel_to", "minstrel_pieces", "jester_from", "jester_to", "bishop",
              "plague_loss")

KNOWN = 0
"""Knowledge group 0: the observer knows exactly where the card is."""
PAIR_GROUP = 16
"""Groups from 16 up: two cards the observer passed, now split between two other hands."""

# Per-player int fields, per-player list fields, and whole-game fields.
INT_FIELDS = ("gold", "prestige", "rats", "supply", "general", "friend", "nd", "carriage",
              "hired", "choice")
LIST_FIELDS = ("sectors", "msgs", "tiles", "deck", "hand", "received", "facedown", "played",
               "know")
GAME_FIELDS = ("board", "brown", "grey", "revealed", "stack")
SCALARS = ("rnd", "phase", "first", "turn", "bank", "rng", "redact_for")
FIELDS = INT_FIELDS + LIST_FIELDS + GAME_FIELDS + SCALARS


class NDState(State):
    """One position of a Notre Dame game."""

    __slots__ = (
        "bank",
        "board",
        "brown",
        "cards_shared",
        "carriage",
        "choice",
        "deck",
        "facedown",
        "first",
        "friend",
        "general",
        "gold",
        "grey",
        "hand",
        "hired",
        "know",
        "logcell",
        "msgs",
        "nd",
        "pending",
        "phase",
        "played",
        "prestige",
        "rats",
        "received",
        "redact_for",
        "revealed",
        "rnd",
        "rng",
        "sectors",
        "stack",
        "supply",
        "tiles",
        "turn",
    )

    game: NotreDame
    gold: list[int]
    prestige: list[int]
    rats: list[int]
    supply: list[int]
    general: list[int]
    friend: list[int]
    nd: list[int]
    carriage: list[int]
    hired: list[int]
    choice: list[int]
    sectors: list[list[int]]
    msgs: list[list[int]]
    tiles: list[list[int]]
    deck: list[list[int]]
    hand: list[list[int]]
    received: list[list[int]]
    facedown: list[list[int]]
    played: list[list[int]]
    know: list[list[int]]
    board: list[int]
    brown: list[int]
    grey: list[int]
    revealed: list[int]
    stack: list[tuple[int, int, int, int]]
    rnd: int
    phase: int
    first: int
    turn: int
    bank: int
    rng: int
    redact_for: int
    logcell: LogCell | None
    cards_shared: bool
    pending: tuple[int, ...] | None

    def clone(self) -> NDState:
        """Return a copy that shares nothing mutable with self, except the card zones and
        the knowledge table, which few actions change: those are copied by `own_cards` just
        before the first change (every writer calls it; the conformance tests check that a
        returned state never changes)."""
        c = NDState.__new__(NDState)
        c.game = self.game
        c._legal_cache = None
        c.pending = None
        c.gold = self.gold[:]
        c.prestige = self.prestige[:]
        c.rats = self.rats[:]
        c.supply = self.supply[:]
        c.general = self.general[:]
        c.friend = self.friend[:]
        c.nd = self.nd[:]
        c.carriage = self.carriage[:]
        c.hired = self.hired[:]
        c.choice = self.choice[:]
        c.sectors = [x[:] for x in self.sectors]
        c.msgs = [x[:] for x in self.msgs]
        c.tiles = [x[:] for x in self.tiles]
        c.deck = self.deck
        c.hand = self.hand
        c.received = self.received
        c.facedown = self.facedown
        c.played = self.played
        c.know = self.know
        c.cards_shared = True
        c.board = self.board[:]
        c.brown = self.brown[:]
        c.grey = self.grey[:]
        c.revealed = self.revealed[:]
        c.stack = self.stack[:]
        c.rnd = self.rnd
        c.phase = self.phase
        c.first = self.first
        c.turn = self.turn
        c.bank = self.bank
        c.rng = self.rng
        c.redact_for = self.redact_for
        c.logcell = self.logcell
        return c

    def shallow(self) -> NDState:
        """Return a copy sharing every list with self. Only for a state that is returned
        without further change (determinize), since `_apply` always works on a `clone`."""
        c = NDState.__new__(NDState)
        c.game = self.game
        c._legal_cache = None
        c.pending = None
        for name in FIELDS:
            setattr(c, name, getattr(self, name))
        c.logcell = self.logcell
        c.cards_shared = True
        return c

    def own_cards(self) -> None:
        """Copy the shared card zones and knowledge table before changing them."""
        if self.cards_shared:
            self.deck = [x[:] for x in self.deck]
            self.hand = [x[:] for x in self.hand]
            self.received = [x[:] for x in self.received]
            self.facedown = [x[:] for x in self.facedown]
            self.played = [x[:] for x in self.played]
            self.know = [x[:] for x in self.know]
            self.cards_shared = False

    # -- the contract ----------------------------------------------------------------------
    @property
    def to_act(self) -> tuple[int, ...]:
        """Who must act: the owner of the top sub-decision, else the phase's player(s)."""
        pending = self.pending
        if pending is None:
            pending = self.pending = self._pending()
        return pending

    def _pending(self) -> tuple[int, ...]:
        if self.stack:
            return (self.stack[-1][1],)
        phase = self.phase
        if phase in (PLAY, HIRE):
            return ((self.first + self.turn) % len(self.gold),)
        if phase <= DRAFT_PICK:
            return tuple(p for p, c in enumerate(self.choice) if c < 0)
        return ()

    @property
    def is_terminal(self) -> bool:
        """True after the ninth round's Notre Dame scoring."""
        return self.phase == OVER

    @property
    def _log(self) -> LogCell | None:
        return self.logcell

    def _events(self) -> list[Event]:
        events = log_events(self.logcell)
        if self.redact_for < 0:
            return events
        seen = (e.seen_by(self.redact_for) for e in events)
        return [e for e in seen if e is not None]

    def _legal(self, player: int) -> list[Action]:
        return rules.legal(self, player)

    def _apply(self, player: int, action: Action) -> NDState:
        s = self.clone()
        rules.apply(s, player, action)
        return s

    def _view(self, player: int | None) -> dict[str, Any]:
        """Return exactly what `player` may know (None: a spectator)."""
        return view.view(self, player)

    def _determinize(self, player: int, rng: random.Random) -> NDState:
        """Return a state consistent with `player`'s view, the unknown re-sampled."""
        return view.determinize(self, player, rng)

    def result(self) -> Result:
        """Prestige wins; ties go to most gold + personal cubes, then are shared (seed 000,
        "FINE DEL GIOCO"; RULINGS.md Notre Dame 11)."""
        if not self.is_terminal:
            raise CorruptState("the game is not over")
        tiebreak = tuple(g + s for g, s in zip(self.gold, self.supply, strict=True))
        keys = [(p, t) for p, t in zip(self.prestige, tiebreak, strict=True)]
        return Result(tuple(self.prestige), Result.rank(keys), tiebreak)

    def prompt(self, player: int) -> str:
        """Describe the pending decision of `player`."""
        return text.prompt(self, player)

    def describe(self, player: int, action: Action) -> str:
        """Label one of `player`'s legal actions."""
        return text.describe(self, player, action)

    # -- JSON -----------------------------------------------------------------------------
    def _data(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        for name in FIELDS:
            value = getattr(self, name)
            if name == "stack":
                value = [list(t) for t in value]
            elif isinstance(value, list):
                value = [x[:] if isinstance(x, list) else x for x in value]
            data[name] = value
        return data

    @staticmethod
    def from_data(game: NotreDame, data: Mapping[str, Any]) -> NDState:
        """Rebuild a state from `to_json` data, checking shapes and invariants."""
        s = NDState.__new__(NDState)
        s.game = game
        s._legal_cache = None
        s.pending = None
        raw = data["state"]
        n = game.players
        for name in INT_FIELDS:
            value = [int(x) for x in raw[name]]
            if len(value) != n:
                raise CorruptState(f"field {name!r} has {len(value)} entries, not {n}")
            setattr(s, name, value)
        for name in LIST_FIELDS:
            rows = [[int(x) for x in row] for row in raw[name]]
            if len(rows) != n:
                raise CorruptState(f"field {name!r} has {len(rows)} entries, not {n}")
            setattr(s, name, rows)
        for name in ("board", "brown", "grey", "revealed"):
            setattr(s, name, [int(x) for x in raw[name]])
        s.stack = [(int(a), int(b), int(c), int(d)) for a, b, c, d in raw["stack"]]
        for name in SCALARS:
            setattr(s, name, int(raw[name]))
        s.logcell = log_from_events([Event.from_json(e) for e in data["log"]])
        s.cards_shared = False
        problem = rules.check_invariants(s)
        if problem:
            raise CorruptState(f"not a consistent Notre Dame state: {problem}")
        return s


# Imported last: these modules import this one (see the module docstring of rules.py).
from tavola.games.notre_dame import rules, text, view  # noqa: E402
