"""The data of one Intrige position, its two audited copy routines and its JSON form.

`Board` holds plain ints, lists and tuples so that applying an action is cheap. The rules
(rules.py) work on boards only: `rules.play` makes one new board (`Board.successor`) and
changes only that, and game.py's `IntrigeState` wraps a finished board without copying
it again. Keeping the contract's `State` out of the rules keeps the hot path to one copy and
no extra objects per decision.

What never changes once written is a tuple and is shared between a board and its copies
(the island, the bribes and offers on record, the persistent log); everything else is a list
that `clone` copies. `successor` shares the lists too (a board is never changed once its
state exists), and each rule that changes a list first gives the new board its own copy
(`own_supply`, `own_rooms`, `own_park`, or a new flat list). Those are the places to audit
for aliasing; tests/games/intrige/test_sharing.py checks them.
"""

from __future__ import annotations

from typing import Any

from tavola.core.events import LogCell
from tavola.games.intrige.components import Figure
from tavola.games.intrige.config import Edition

# Phases of a turn (Intrige rulebook, "Course of the game": income, receiving, sending).
BRIBE, DECIDE, SEAT, SEND, OVER = 0, 1, 2, 3, 4
PHASE_NAMES: tuple[str, ...] = ("bribe", "decide", "seat", "send", "over")

# Roles of a bribe: a defender of a seated figure, an attacker of one, a figure in an external
# conflict, and a figure entering without conflict.
ROLES: tuple[str, ...] = ("defend", "attack", "external", "enter")
CONFLICTS: tuple[str, ...] = ("internal", "external")

BribeDue = tuple[int, str, int]  # payer, role, profession
StepBribe = tuple[int, str, int, int]  # payer, role, profession, amount
Decision = tuple[str, int]  # "internal" or "external", profession
BribeRecord = tuple[int, int, int, str, int, int]  # round, palace, payer, role, prof, amount
OfferRecord = tuple[int, int, int, int, int]  # round, palace, payer, amount, room (1-based)


class Board:
    """Everything that is true of one position, as plain data.

    `incomes[p]` is all the bank has paid seat p so far; with the starting money and the
    bribes on record it accounts for every ducat (`money[p]` = start + incomes[p] + bribes
    received - bribes paid), which is what loading checks. `logging` is False on boards made
    for search: their successors skip building log events. It is not part of the position
    and not saved.
    """

    __slots__ = ("ask_room", "bribes", "decisions", "incomes", "island", "log", "logging",
                 "money", "offered", "offers", "parks", "phase", "queue", "range_from", "rooms",
                 "round", "seating", "sent", "step_bribes", "supply", "turn", "went_back")

    def __init__(self, players: int, edition: Edition) -> None:
        rooms = edition.rooms
        professions = len(edition.professions)
        self.round = 1
        self.turn = 0
        self.phase = BRIBE
        self.money = [edition.start_money] * players
        self.incomes = [0] * players
        self.supply = [[edition.figures_per_profession] * professions for _ in range(players)]
        self.rooms: list[list[Figure | None]] = [[None] * rooms for _ in range(players)]
        self.parks: list[list[Figure]] = [[] for _ in range(players)]
        self.island: tuple[Figure, ...] = ()
        self.queue: list[BribeDue] = []
        self.offered = False
        # The sum being chosen in two steps: the room of an offer begun with `ask` (1-based,
        # 0 for none) and the lowest sum of a range picked with `range` (0 for none).
        self.ask_room = 0
        self.range_from = 0
        # Whether the payer has already taken one step back (`back`) while choosing the
        # sum in progress: an interface rule, once per sum named, so no game is endless.
        self.went_back = False
        self.step_bribes: list[StepBribe] = []
        self.decisions: list[Decision] = []
        self.seating: list[int] = []
        self.sent: list[int] = []
        self.bribes: tuple[BribeRecord, ...] = ()
        self.offers: tuple[OfferRecord, ...] = ()
        self.log: LogCell | None = None
        self.logging = True

    def clone(self) -> Board:
        """Return an independent copy (tuples and the persistent log are shared safely);
        moves use `successor`."""
        b = Board.__new__(Board)
        b.round = self.round
        b.turn = self.turn
        b.phase = self.phase
        b.money = self.money[:]
        b.incomes = self.incomes[:]
        b.supply = [row[:] for row in self.supply]
        b.rooms = [row[:] for row in self.rooms]
        b.parks = [row[:] for row in self.parks]
        b.island = self.island
        b.queue = self.queue[:]
        b.offered = self.offered
        b.ask_room = self.ask_room
        b.range_from = self.range_from
        b.went_back = self.went_back
        b.step_bribes = self.step_bribes[:]
        b.decisions = self.decisions[:]
        b.seating = self.seating[:]
        b.sent = self.sent[:]
        b.bribes = self.bribes
        b.offers = self.offers
        b.log = self.log
        b.logging = self.logging
        return b

    def successor(self) -> Board:
        """Return a copy sharing every list with this board, for `rules.play` (see the
        module's docstring: a rule changing a list first makes it the new board's own)."""
        b = Board.__new__(Board)
        b.round = self.round
        b.turn = self.turn
        b.phase = self.phase
        b.money = self.money
        b.incomes = self.incomes
        b.supply = self.supply
        b.rooms = self.rooms
        b.parks = self.parks
        b.island = self.island
        b.queue = self.queue
        b.offered = self.offered
        b.ask_room = self.ask_room
        b.range_from = self.range_from
        b.went_back = self.went_back
        b.step_bribes = self.step_bribes
        b.decisions = self.decisions
        b.seating = self.seating
        b.sent = self.sent
        b.bribes = self.bribes
        b.offers = self.offers
        b.log = self.log
        b.logging = self.logging
        return b

    def own_supply(self, player: int) -> list[int]:
        """Make the supplies and `player`'s supply this board's own; return the latter."""
        supply = self.supply = self.supply[:]
        row = supply[player] = supply[player][:]
        return row

    def own_rooms(self, palace: int) -> list[Figure | None]:
        """Make the rooms and `palace`'s rooms this board's own; return the latter."""
        rooms = self.rooms = self.rooms[:]
        row = rooms[palace] = rooms[palace][:]
        return row

    def own_park(self, palace: int) -> list[Figure]:
        """Make the parks and `palace`'s park this board's own; return the latter."""
        parks = self.parks = self.parks[:]
        row = parks[palace] = parks[palace][:]
        return row

    def to_json(self) -> dict[str, Any]:
        """Return the board as JSON data (the contract stores the log separately)."""
        return {
            "round": self.round, "turn": self.turn, "phase": PHASE_NAMES[self.phase],
            "money": self.money[:], "incomes": self.incomes[:],
            "supply": [row[:] for row in self.supply],
            "rooms": [[None if f is None else [f[0], f[1]] for f in row] for row in self.rooms],
            "parks": [[[f[0], f[1]] for f in row] for row in self.parks],
            "island": [[f[0], f[1]] for f in self.island],
            "queue": [list(q) for q in self.queue], "offered": self.offered,
            "ask_room": self.ask_room, "range_from": self.range_from,
            "went_back": self.went_back,
            "step_bribes": [list(s) for s in self.step_bribes],
            "decisions": [list(d) for d in self.decisions],
            "seating": self.seating[:], "sent": self.sent[:],
            "bribes": [list(b) for b in self.bribes],
            "offers": [list(o) for o in self.offers],
        }
