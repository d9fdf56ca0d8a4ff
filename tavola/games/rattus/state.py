"""The Rattus position as data: plain ints and lists, copied whole by `copy` and shared
by `successor`, the two audited routines.

Token ids (0-48) name physical tokens (0-11 the starting tokens with their purple backs);
a region holds a list of ids in arrival order. Who knows which face-down token's front is
kept per player in `known`, so that views and sampling are exact.

`Position` holds the data and nothing of the game contract; `game.RattusState` extends it
with the contract (the core `State`). The rules act on the state object itself, so a
decision allocates one object (the copy) and reads fields without an indirection: a
wrapper around the data would cost an allocation and an attribute hop per decision on the
hot path. `Position` declares no `__slots__` because the core `State` has its own and Python
cannot combine two slotted layouts; the fields live in the instance dictionary, which
CPython reads as fast as slots.
"""

from __future__ import annotations

from typing import Any, Self

from tavola.core.events import Event, LogCell, log_events
from tavola.games.rattus.components import CLASS_NAMES, REGION_COUNT
from tavola.games.rattus.config import CUBES_PER_PLAYER, Config

# Phases: who is asked what.
SETUP = 0          # initial placement of 2 cubes
TURN = 1           # a regular turn's decision of step A, B or C (`stage` says which)
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
# The steps of a two-step power: they return to the turn, or to the final round.
POWER_STEPS = frozenset({WITCH_SECOND, WITCH_SWAP, MERCHANT_TO, MONK_TO})

# The steps of a regular turn (rulebook, "Turn summary"), in their order: `stage` in TURN
# and in the decisions that belong to a step (a power's steps to B; spreading and the
# Knight's decision to C). Outside the regular turns it is STAGE_A.
STAGE_A = 0        # take a class card, or none
STAGE_B = 1        # place cubes and use class powers, until ended or nothing is left
STAGE_C = 2        # move the plague piece, then its spreading and devastation
STAGE_NAMES: tuple[str, ...] = ("A", "B", "C")

# No token position: the Witch has not picked one.
NO_POSITION = (-1, -1)


class Position:
    """One Rattus position's data; the rules build successors with `copy`."""

    phase: int
    active: int
    step: int
    turn: int
    took: bool
    placed: bool
    stage: int
    used: int
    spread_left: int
    spread_from: int
    witch_first: tuple[int, int]
    witch_second: tuple[int, int]
    pick: int
    queue: list[int]
    last_player: int
    tokens: list[list[int]]
    supply: list[int]
    aside: list[int]
    out: list[int]
    board: list[list[int]]
    palace: list[int]
    reserve: list[int]
    lost: list[int]
    plague: int
    holder: list[int]
    known: list[list[int]]
    rng: int
    history: tuple[Event, ...]
    logcell: LogCell | None
    quiet: bool
    config: Config

    def __init__(self, config: Config) -> None:
        n = config.players
        self.config = config
        self.phase = SETUP
        self.active = 0
        self.step = 0                      # setup placements made
        self.turn = 0                      # regular turns started
        self.took = False                  # a card was taken in step A this turn
        self.placed = False                # B's placement done this turn
        self.stage = STAGE_A               # the step of the regular turn
        self.used = 0                      # bit per class: power used this turn/round
        self.spread_left = 0               # spreading tokens still to place (SPREAD)
        self.spread_from = -1              # the region they spread from (SPREAD)
        self.witch_first: tuple[int, int] = NO_POSITION
        self.witch_second: tuple[int, int] = NO_POSITION
        self.pick = -1                     # region chosen by the Merchant or the Monk
        self.queue: list[int] = []         # final round: players still to act
        self.last_player = -1              # who had the last regular turn (final round on)
        self.tokens: list[list[int]] = [[] for _ in range(REGION_COUNT)]
        self.supply: list[int] = []        # sorted
        self.aside: list[int] = []         # removed face down at setup, sorted
        self.out: list[int] = []           # revealed, out of the game (public), in order
        self.board: list[list[int]] = [[0] * n for _ in range(REGION_COUNT)]
        self.palace = [0] * n
        self.reserve = [CUBES_PER_PLAYER] * n
        self.lost = [0] * n
        self.plague = 0
        self.holder = [-1] * len(CLASS_NAMES)
        self.known: list[list[int]] = [[] for _ in range(n)]   # sorted ids per player
        self.rng = 0
        # The log is `history` (events taken over whole, from a saved or sampled state)
        # followed by `logcell`, a linked list that grows without copying.
        self.history: tuple[Event, ...] = ()
        self.logcell: LogCell | None = None
        self.quiet = False                 # search mode: successors record no log

    def _blank(self) -> Self:
        """Return an uninitialised object of this class (the contract layer adds its own)."""
        return type(self).__new__(type(self))

    def copy(self) -> Self:
        """Return an independent copy: every list is duplicated (moves use `successor`)."""
        c = self._blank()
        c.config = self.config
        c.phase, c.active, c.step, c.turn = self.phase, self.active, self.step, self.turn
        c.took, c.placed, c.stage, c.used = self.took, self.placed, self.stage, self.used
        c.spread_left, c.spread_from = self.spread_left, self.spread_from
        c.witch_first, c.witch_second = self.witch_first, self.witch_second
        c.pick, c.last_player = self.pick, self.last_player
        c.queue = self.queue[:]
        c.tokens = [t[:] for t in self.tokens]
        c.supply, c.aside, c.out = self.supply[:], self.aside[:], self.out[:]
        c.board = [b[:] for b in self.board]
        c.palace, c.reserve, c.lost = self.palace[:], self.reserve[:], self.lost[:]
        c.plague = self.plague
        c.holder = self.holder[:]
        c.known = [k[:] for k in self.known]
        c.rng = self.rng
        c.history, c.logcell = self.history, self.logcell
        c.quiet = self.quiet
        return c

    def successor(self) -> Self:
        """Return a copy sharing every list with this position: what `rules.apply` changes.

        Positions are never changed once returned, so a successor may share the lists a
        move leaves alone; copying them all cost about a quarter of a search rollout. The
        price is a rule for the rules: before changing a list, give the successor its own
        copy (`own_tokens`, `own_cubes`, or ``s.reserve = s.reserve[:]`` for a flat list).
        `test_apply_never_changes_its_input_in_any_phase` and tests/games/rattus/
        test_sharing.py check that no move changes a list of its input.
        """
        c = self._blank()
        # The fields live in the instance dictionary (see the module's docstring); copying
        # it whole takes half the time of filling the new object's field by field.
        c.__dict__ = self.__dict__.copy()
        return c

    def own_tokens(self, r: int) -> list[int]:
        """Give this position its own list of regions' tokens and its own tokens of region
        `r` (shared with its predecessor until then, see `successor`); return the latter."""
        tokens = self.tokens = self.tokens[:]
        row = tokens[r] = tokens[r][:]
        return row

    def own_cubes(self, r: int) -> list[int]:
        """Give this position its own board and its own cubes of region `r` (shared with
        its predecessor until then, see `successor`); return the latter."""
        board = self.board = self.board[:]
        row = board[r] = board[r][:]
        return row

    def data(self) -> dict[str, Any]:
        """Return the position as JSON data (the search flag is not part of it)."""
        return {
            "phase": self.phase, "active": self.active, "step": self.step, "turn": self.turn,
            "took": self.took, "placed": self.placed, "stage": self.stage,
            "used": self.used, "spread_left": self.spread_left,
            "spread_from": self.spread_from, "witch_first": list(self.witch_first),
            "witch_second": list(self.witch_second), "pick": self.pick,
            "queue": self.queue[:], "last_player": self.last_player,
            "tokens": [t[:] for t in self.tokens], "supply": self.supply[:],
            "aside": self.aside[:], "out": self.out[:],
            "board": [b[:] for b in self.board], "palace": self.palace[:],
            "reserve": self.reserve[:], "lost": self.lost[:], "plague": self.plague,
            "holder": self.holder[:], "known": [k[:] for k in self.known], "rng": self.rng,
        }

    def events(self) -> list[Event]:
        """Return the whole log, unredacted, oldest first (for records and tests only)."""
        return [*self.history, *log_events(self.logcell)]

    def resume_phase(self) -> int:
        """Return the phase a power's last step returns to: the final round once the regular
        turns are over, else the turn."""
        return FINAL if self.last_player >= 0 else TURN
