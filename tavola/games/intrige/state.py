"""The data of one Intrige position and its single audited copy routine.

`Board` holds plain ints, lists and tuples so that applying an action is cheap: a rule
function copies the board once with `Board.clone` and changes only the copy. Nothing else
in the package copies a board, so there is one place to audit for aliasing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tavola.core.errors import CorruptState
from tavola.core.events import Event, LogCell, log_from_events
from tavola.games.intrige.components import Figure
from tavola.games.intrige.config import Edition

# Phases of a turn (seed, "Svolgimento del gioco": income, receive, send).
BRIBE, DECIDE, SEAT, SEND, OVER = 0, 1, 2, 3, 4
PHASE_NAMES: tuple[str, ...] = ("bribe", "decide", "seat", "send", "over")

# Roles of a bribe: a defender of a seated figure, an attacker of one, a figure in an external
# conflict, and a figure entering without conflict.
ROLES: tuple[str, ...] = ("defend", "attack", "external", "enter")

BribeDue = tuple[int, str, int]  # payer, role, profession
StepBribe = tuple[int, str, int, int]  # payer, role, profession, amount
Decision = tuple[str, int]  # "internal" or "external", profession
BribeRecord = tuple[int, int, int, str, int, int]  # round, palace, payer, role, prof, amount
OfferRecord = tuple[int, int, int, int, int]  # round, palace, payer, amount, room


class Board:
    """Everything that is true of one position, as plain mutable data."""

    __slots__ = ("ask_room", "bribes", "decisions", "income_paid", "island", "log", "money",
                 "offered", "offers", "parks", "phase", "queue", "range_from", "rooms", "round",
                 "seating", "sent", "step_bribes", "supply", "turn")

    def __init__(self, players: int, edition: Edition) -> None:
        rooms = edition.rooms
        professions = len(edition.professions)
        self.round = 1
        self.turn = 0
        self.phase = BRIBE
        self.money = [edition.start_money] * players
        self.income_paid = 0
        self.supply = [[edition.figures_per_profession] * professions for _ in range(players)]
        self.rooms: list[list[Figure | None]] = [[None] * rooms for _ in range(players)]
        self.parks: list[list[Figure]] = [[] for _ in range(players)]
        self.island: list[Figure] = []
        self.queue: list[BribeDue] = []
        self.offered = False
        # The sum being chosen in two steps: the room of an offer begun with `ask` (1-based,
        # 0 for none) and the lowest sum of a range picked with `range` (0 for none).
        self.ask_room = 0
        self.range_from = 0
        self.step_bribes: list[StepBribe] = []
        self.decisions: list[Decision] = []
        self.seating: list[int] = []
        self.sent: list[int] = []
        self.bribes: list[BribeRecord] = []
        self.offers: list[OfferRecord] = []
        self.log: LogCell | None = None

    def clone(self) -> Board:
        """Return an independent copy (tuples and the persistent log are shared safely)."""
        b = Board.__new__(Board)
        b.round = self.round
        b.turn = self.turn
        b.phase = self.phase
        b.money = self.money[:]
        b.income_paid = self.income_paid
        b.supply = [row[:] for row in self.supply]
        b.rooms = [row[:] for row in self.rooms]
        b.parks = [row[:] for row in self.parks]
        b.island = self.island[:]
        b.queue = self.queue[:]
        b.offered = self.offered
        b.ask_room = self.ask_room
        b.range_from = self.range_from
        b.step_bribes = self.step_bribes[:]
        b.decisions = self.decisions[:]
        b.seating = self.seating[:]
        b.sent = self.sent[:]
        b.bribes = self.bribes[:]
        b.offers = self.offers[:]
        b.log = self.log
        return b

    def to_json(self) -> dict[str, Any]:
        """Return the board as JSON data (the log is stored by the contract separately)."""
        def fig(f: Figure | None) -> list[int] | None:
            return None if f is None else [f[0], f[1]]

        return {
            "round": self.round, "turn": self.turn, "phase": PHASE_NAMES[self.phase],
            "money": self.money[:], "income_paid": self.income_paid,
            "supply": [row[:] for row in self.supply],
            "rooms": [[fig(f) for f in row] for row in self.rooms],
            "parks": [[[f[0], f[1]] for f in row] for row in self.parks],
            "island": [[f[0], f[1]] for f in self.island],
            "queue": [list(q) for q in self.queue], "offered": self.offered,
            "ask_room": self.ask_room, "range_from": self.range_from,
            "step_bribes": [list(s) for s in self.step_bribes],
            "decisions": [list(d) for d in self.decisions],
            "seating": self.seating[:], "sent": self.sent[:],
            "bribes": [list(b) for b in self.bribes],
            "offers": [list(o) for o in self.offers],
        }

    @staticmethod
    def from_json(data: Mapping[str, Any], log: list[Any], players: int,
                  edition: Edition) -> Board:
        """Rebuild a board from `to_json` data; raise CorruptState on inconsistent data."""
        def fig(v: Any) -> Figure:
            owner, prof = int(v[0]), int(v[1])
            if not (0 <= owner < players and 0 <= prof < len(edition.professions)):
                raise CorruptState(f"no such figure {v!r}")
            return (owner, prof)

        b = Board(players, edition)
        b.round = int(data["round"])
        b.turn = int(data["turn"])
        b.phase = PHASE_NAMES.index(str(data["phase"]))
        b.money = [int(m) for m in data["money"]]
        b.income_paid = int(data["income_paid"])
        b.supply = [[int(n) for n in row] for row in data["supply"]]
        b.rooms = [[None if f is None else fig(f) for f in row] for row in data["rooms"]]
        b.parks = [[fig(f) for f in row] for row in data["parks"]]
        b.island = [fig(f) for f in data["island"]]
        b.queue = [(int(q[0]), str(q[1]), int(q[2])) for q in data["queue"]]
        b.offered = bool(data["offered"])
        b.ask_room = int(data["ask_room"])
        b.range_from = int(data["range_from"])
        b.step_bribes = [(int(s[0]), str(s[1]), int(s[2]), int(s[3]))
                         for s in data["step_bribes"]]
        b.decisions = [(str(d[0]), int(d[1])) for d in data["decisions"]]
        b.seating = [int(s) for s in data["seating"]]
        b.sent = [int(s) for s in data["sent"]]
        b.bribes = [(int(r[0]), int(r[1]), int(r[2]), str(r[3]), int(r[4]), int(r[5]))
                    for r in data["bribes"]]
        b.offers = [(int(o[0]), int(o[1]), int(o[2]), int(o[3]), int(o[4]))
                    for o in data["offers"]]
        b.log = log_from_events([Event.from_json(e) for e in log])
        b.check(players, edition)
        return b

    def check(self, players: int, edition: Edition) -> None:
        """Raise CorruptState unless the board is a possible Intrige position."""
        shapes = (len(self.money), len(self.supply), len(self.rooms), len(self.parks))
        if shapes != (players,) * 4:
            raise CorruptState("board does not match the player count")
        if any(len(row) != edition.rooms for row in self.rooms):
            raise CorruptState("a palace has the wrong number of rooms")
        if not (1 <= self.round <= edition.rounds and 0 <= self.turn < players):
            raise CorruptState("round or turn out of range")
        if any(m < 0 for m in self.money):
            raise CorruptState("negative money")
        if any(role not in ROLES for _, role, _ in self.queue):
            raise CorruptState("unknown bribe role")
        self.check_pending(players, edition)
        for palace in range(players):
            seated = [f for f in self.rooms[palace] if f is not None]
            senders = [owner for owner, _ in self.parks[palace]]
            if any(owner == palace for owner, _ in seated + self.parks[palace]):
                raise CorruptState("a figure stands in its owner's own palace")
            if len({prof for _, prof in seated}) != len(seated):
                raise CorruptState("a profession sits twice in one palace")
            if len(set(senders)) != len(senders):
                raise CorruptState("a park holds two figures of one player")
        per_player = edition.figures_per_player
        count = [sum(row) for row in self.supply]
        for figures in (*self.parks, self.island,
                        *([f for f in row if f is not None] for row in self.rooms)):
            for owner, _ in figures:
                count[owner] += 1
        if count != [per_player] * players:
            raise CorruptState("figures are not conserved")

    def check_pending(self, players: int, edition: Edition) -> None:
        """Raise CorruptState unless the decision in progress is a possible one."""
        professions = len(edition.professions)
        if self.phase == BRIBE and not self.queue:
            raise CorruptState("a bribe is due but nobody owes one")
        if self.phase == DECIDE and not self.decisions:
            raise CorruptState("a conflict is pending but none is listed")
        if self.phase == SEAT and not self.seating:
            raise CorruptState("a seating is pending but nobody waits")
        if self.phase == SEND and len(self.sent) >= edition.figures_sent_per_turn:
            raise CorruptState("more figures sent than allowed")
        if any(not (0 <= p < players and 0 <= prof < professions) for p, _, prof in self.queue):
            raise CorruptState("a bribe is due from no such player or profession")
        if any(kind not in ("internal", "external") or not 0 <= prof < professions
               for kind, prof in self.decisions):
            raise CorruptState("unknown conflict")
        waiting = {owner for owner, _ in self.parks[self.turn]}
        if any(s not in waiting for s in self.seating):
            raise CorruptState("a figure to seat is not in the park")
        if any(not 0 <= t < players or t == self.turn for t in self.sent):
            raise CorruptState("a figure was sent to no possible palace")
        if not 0 <= self.ask_room <= edition.rooms or self.range_from < 0:
            raise CorruptState("a sum is being chosen for no possible room or range")
        if (self.ask_room or self.range_from) and self.phase != BRIBE:
            raise CorruptState("a sum is being chosen outside the bribes")
