"""The Rattus position: plain ints and lists, copied by one audited routine.

Token ids (0-48) name physical tokens; a region holds a list of ids in arrival order. Who
knows which face-down token's front is kept per player in `known`, so that views and
determinization are exact.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tavola.core import Action, Result, State
from tavola.core.errors import CorruptState
from tavola.core.events import Event, LogCell, log_events, log_from_events
from tavola.games.rattus.components import REGION_COUNT, TOKEN_COUNT

if TYPE_CHECKING:
    from tavola.games.rattus import RattusGame

# Phases: who is asked what.
SETUP = 0          # initial placement of 2 cubes
TURN = 1           # A (class card), B (cubes and powers), C (plague move)
SPREAD = 2         # where the next spreading token goes
KNIGHT_DECISION = 3  # the Knight's decision before a devastation
WITCH_SECOND = 4   # the Witch picks the second token to look at
WITCH_SWAP = 5     # the Witch swaps the two tokens or keeps them
FINAL = 6          # the final round of class powers
MERCHANT_TO = 7    # the Merchant chose the region his cubes leave: where to, how many
MONK_TO = 8        # the Monk chose the region a token leaves: which token, where to
OVER = 9
PHASE_NAMES: tuple[str, ...] = (
    "setup", "turn", "spread", "knight", "witch_second", "witch_swap", "final",
    "merchant_to", "monk_to", "over")

NO_POSITION = (-1, -1)


class RattusState(State):
    """One Rattus position; `apply` returns a new one and never changes this."""

    __slots__ = (
        "active", "aside", "b_closed", "board", "holder", "known", "last_player", "logcell",
        "lost", "out", "palace", "phase", "pick", "placed", "plague", "queue", "reserve",
        "resume", "rng", "spread_from", "spread_left", "step", "supply", "tokens", "took",
        "turn", "used", "witch_first", "witch_second",
    )

    game: RattusGame

    def __init__(self, game: RattusGame) -> None:
        super().__init__(game)
        n = game.players
        self.phase = SETUP
        self.active = 0
        self.step = 0                      # setup placements made
        self.turn = 0                      # regular turns started
        self.took = False                  # A done this turn
        self.placed = False                # B's placement done this turn
        self.b_closed = False              # B over (a card was taken after B began)
        self.used = 0                      # bit per class: power used this turn/round
        self.spread_left = 0
        self.spread_from = -1
        self.witch_first: tuple[int, int] = NO_POSITION
        self.witch_second: tuple[int, int] = NO_POSITION
        self.pick = -1                     # region chosen by the Merchant or the Monk
        self.resume = TURN                 # phase to return to after a power's last step
        self.queue: list[int] = []         # final round: players still to act
        self.last_player = -1              # who had the last regular turn
        self.tokens: list[list[int]] = [[] for _ in range(REGION_COUNT)]
        self.supply: list[int] = []
        self.aside: list[int] = []         # removed face down at setup
        self.out: list[int] = []           # revealed, out of the game (public)
        self.board: list[list[int]] = [[0] * n for _ in range(REGION_COUNT)]
        self.palace = [0] * n
        self.reserve = [0] * n
        self.lost = [0] * n
        self.plague = 0
        self.holder = [-1] * 6
        self.known: list[list[int]] = [[] for _ in range(n)]
        self.rng = 0
        self.logcell: LogCell | None = None

    def copy(self) -> RattusState:
        """Return an independent copy (the one copy routine; every list is duplicated)."""
        c = RattusState.__new__(RattusState)
        c.game = self.game
        c._legal_cache = None
        c.phase, c.active, c.step, c.turn = self.phase, self.active, self.step, self.turn
        c.took, c.placed, c.b_closed, c.used = self.took, self.placed, self.b_closed, self.used
        c.spread_left, c.spread_from = self.spread_left, self.spread_from
        c.witch_first, c.witch_second = self.witch_first, self.witch_second
        c.pick, c.resume, c.last_player = self.pick, self.resume, self.last_player
        c.queue = self.queue[:]
        c.tokens = [t[:] for t in self.tokens]
        c.supply, c.aside, c.out = self.supply[:], self.aside[:], self.out[:]
        c.board = [b[:] for b in self.board]
        c.palace, c.reserve, c.lost = self.palace[:], self.reserve[:], self.lost[:]
        c.plague = self.plague
        c.holder = self.holder[:]
        c.known = [k[:] for k in self.known]
        c.rng = self.rng
        c.logcell = self.logcell
        return c

    # -- contract ---------------------------------------------------------------------------
    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.active,)

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    @property
    def _log(self) -> LogCell | None:
        return self.logcell

    def _legal(self, player: int) -> list[Action]:
        from tavola.games.rattus import rules
        return rules.legal(self)

    def _apply(self, player: int, action: Action) -> RattusState:
        from tavola.games.rattus import rules
        return rules.apply(self, action)

    def _view(self, player: int | None) -> dict[str, Any]:
        from tavola.games.rattus import view
        return view.view(self, player)

    def _determinize(self, player: int, rng: random.Random) -> RattusState:
        from tavola.games.rattus import view
        return view.determinize(self, player, rng)

    def result(self) -> Result:
        from tavola.games.rattus import rules
        return rules.result(self)

    def prompt(self, player: int) -> str:
        from tavola.games.rattus import text
        return text.prompt(self, player)

    def describe(self, player: int, action: Action) -> str:
        from tavola.games.rattus import text
        return text.describe(self, player, action)

    # -- JSON -------------------------------------------------------------------------------
    def _data(self) -> dict[str, Any]:
        return {
            "phase": self.phase, "active": self.active, "step": self.step, "turn": self.turn,
            "took": self.took, "placed": self.placed, "b_closed": self.b_closed,
            "used": self.used, "spread_left": self.spread_left,
            "spread_from": self.spread_from, "witch_first": list(self.witch_first),
            "witch_second": list(self.witch_second), "pick": self.pick,
            "resume": self.resume,
            "queue": self.queue[:], "last_player": self.last_player,
            "tokens": [t[:] for t in self.tokens], "supply": self.supply[:],
            "aside": self.aside[:], "out": self.out[:],
            "board": [b[:] for b in self.board], "palace": self.palace[:],
            "reserve": self.reserve[:], "lost": self.lost[:], "plague": self.plague,
            "holder": self.holder[:], "known": [k[:] for k in self.known], "rng": self.rng,
        }

    @staticmethod
    def from_data(game: RattusGame, data: Mapping[str, Any]) -> RattusState:
        """Rebuild a state from `State.to_json` data; raise CorruptState on bad data."""
        try:
            d = data["state"]
            s = RattusState(game)
            n = game.players
            s.phase, s.active, s.step = _int(d["phase"]), _int(d["active"]), _int(d["step"])
            s.turn, s.used = _int(d["turn"]), _int(d["used"])
            s.took, s.placed, s.b_closed = (_bool(d["took"]), _bool(d["placed"]),
                                            _bool(d["b_closed"]))
            s.spread_left, s.spread_from = _int(d["spread_left"]), _int(d["spread_from"])
            wf, ws = _ints(d["witch_first"], 2), _ints(d["witch_second"], 2)
            s.witch_first, s.witch_second = (wf[0], wf[1]), (ws[0], ws[1])
            s.pick, s.resume = _int(d["pick"]), _int(d["resume"])
            s.last_player = _int(d["last_player"])
            s.queue = _ints(d["queue"])
            s.tokens = [_ints(t) for t in _list(d["tokens"], REGION_COUNT)]
            s.supply, s.aside, s.out = _ints(d["supply"]), _ints(d["aside"]), _ints(d["out"])
            s.board = [_ints(b, n) for b in _list(d["board"], REGION_COUNT)]
            s.palace, s.reserve = _ints(d["palace"], n), _ints(d["reserve"], n)
            s.lost, s.holder = _ints(d["lost"], n), _ints(d["holder"], 6)
            s.plague = _int(d["plague"])
            s.known = [_ints(k) for k in _list(d["known"], n)]
            s.rng = _int(d["rng"])
            s.logcell = log_from_events([Event.from_json(e) for e in data["log"]])
        except (KeyError, TypeError, ValueError) as exc:
            raise CorruptState(f"not a readable Rattus state: {exc}") from None
        _check(s)
        return s

    def events(self) -> list[Event]:
        """Return the whole log, unredacted (for tests and records only)."""
        return log_events(self.logcell)


def _int(v: Any) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise TypeError(f"expected a whole number, got {v!r}")
    return v


def _bool(v: Any) -> bool:
    if not isinstance(v, bool):
        raise TypeError(f"expected true/false, got {v!r}")
    return v


def _list(v: Any, length: int | None = None) -> list[Any]:
    if not isinstance(v, list) or (length is not None and len(v) != length):
        raise TypeError(f"expected a list of {length}, got {v!r}"[:80])
    return v


def _ints(v: Any, length: int | None = None) -> list[int]:
    return [_int(x) for x in _list(v, length)]


def _check(s: RattusState) -> None:
    """Raise CorruptState unless the state's pieces are all accounted for."""
    n = s.game.players
    ids = [t for r in s.tokens for t in r] + s.supply + s.aside + s.out
    if sorted(ids) != list(range(TOKEN_COUNT)):
        raise CorruptState("rat tokens are not the 49 tokens, each once")
    if any(len(r) > 3 for r in s.tokens):
        raise CorruptState("more than 3 tokens in a region")
    for p in range(n):
        cubes = sum(b[p] for b in s.board) + s.palace[p] + s.reserve[p] + s.lost[p]
        if cubes != 20 or min(min(b[p] for b in s.board), s.palace[p], s.reserve[p],
                              s.lost[p]) < 0:
            raise CorruptState(f"player {p + 1}'s cubes do not add up to 20")
    if not 0 <= s.phase <= OVER or not 0 <= s.active < n or s.resume not in (TURN, FINAL):
        raise CorruptState("phase or active player out of range")
    if not 0 <= s.plague < REGION_COUNT or any(not -1 <= h < n for h in s.holder):
        raise CorruptState("plague piece or class card holder out of range")
    on_board = {t for r in s.tokens for t in r}
    if any(not set(k) <= on_board for k in s.known):
        raise CorruptState("a player knows a token that is not on the board")
    if any(not 0 <= q < n for q in s.queue) or not -1 <= s.spread_from < REGION_COUNT:
        raise CorruptState("final round queue or spreading region out of range")
    if s.phase == SPREAD and not (0 <= s.spread_from < REGION_COUNT and s.spread_left > 0):
        raise CorruptState("a spreading token has no region to spread from")
    if s.phase in (MERCHANT_TO, MONK_TO) and not (0 <= s.pick < REGION_COUNT and (
            s.board[s.pick][s.active] if s.phase == MERCHANT_TO else s.tokens[s.pick])):
        raise CorruptState("the Merchant's or the Monk's region holds nothing to move")
    if s.phase in (WITCH_SECOND, WITCH_SWAP):
        picks = [s.witch_first] + ([s.witch_second] if s.phase == WITCH_SWAP else [])
        for r, i in picks:
            if not (0 <= r < REGION_COUNT and 0 <= i < len(s.tokens[r])):
                raise CorruptState("the Witch's look points at no token")
