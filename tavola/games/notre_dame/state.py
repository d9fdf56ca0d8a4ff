"""The data of a Notre Dame position: plain ints and lists, copied on write.

`NDState` holds every field of a position and the generic parts of the contract that only
read them (who acts, the log, the JSON form). The rules (rules.py) change a fresh `fork`,
which shares its lists with the position it came from until `own` copies one, and never a
returned state; game.py's `NotreDameState` extends this class with the calls
that need the rules, views and words. Extending rather than wrapping keeps the hot path to
one object per position: `apply` forks one slotted object of lists and the rules read its
fields directly, with no indirection per field and no second object to allocate.

Every field is named once in `FIELDS`, which drives the JSON form and the schema, so a new
field cannot be forgotten. The fixed facts of a table (player count, quarters, roads, the
gold option) are one shared `Setting`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Self

from tavola.core import Event, Game, State
from tavola.core.events import LogCell, log_events, log_from_events
from tavola.core.sharing import copy_shared
from tavola.games.notre_dame.components import (
    CARDS_PER_COLOUR,
    CENTRE,
    SQUARES_PER_QUARTER,
    road_distances,
)
from tavola.games.notre_dame.config import (
    CUBES_PER_COLOUR,
    GOLD_AT_START,
    GOLD_IN_GAME,
    PERSONAL_CUBES_AT_START,
)

# Phases of a round (Notre Dame rulebook, "Course of play", phases 2-5; phase 1, revealing
# the characters, decides nothing and runs when a round starts).
DRAFT_KEEP = 0
DRAFT_PICK = 1
PLAY = 2
HIRE = 3
PLAGUE = 4
OVER = 5
PHASE_NAMES = ("draft_keep", "draft_pick", "play", "hire", "plague", "over")

# Pending sub-decisions: the task stack holds (task, player, x, y); it is never deeper than
# one, since every task is resolved before the next one is asked.
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
"""Groups from 16 up (16 + the round): two cards the observer drew and passed in that
round, now split between the two players on its left, in an order it does not know. Groups
1..5 are a colour's cards whose place the observer does not know."""

# Per-player int fields, per-player list fields, and whole-game fields.
INT_FIELDS = ("gold", "prestige", "rats", "supply", "general", "friend", "nd", "carriage",
              "hired", "choice")
LIST_FIELDS = ("sectors", "msgs", "tiles", "deck", "hand", "received", "facedown", "played",
               "know")
GAME_FIELDS = ("board", "brown", "grey", "revealed", "stack")
SCALARS = ("rnd", "phase", "first", "turn", "bank", "rng")
FIELDS = INT_FIELDS + LIST_FIELDS + GAME_FIELDS + SCALARS

# Bits of `NDState.shared`: the lists a successor made by `fork` still shares with the
# position it came from. A move changes only a few of them, so copying every list on every
# move was most of the cost of search; the rules call `own` with the bits of the lists they
# are about to change instead. The card zones and the knowledge table go together (F_CARDS).
F_GOLD, F_PRESTIGE, F_RATS, F_SUPPLY, F_GENERAL, F_FRIEND, F_ND, F_CARRIAGE, F_HIRED, F_CHOICE = (
    1 << i for i in range(10))
F_SECTORS, F_MSGS, F_TILES, F_BOARD, F_BROWN, F_CARDS = (1 << i for i in range(10, 16))
EVERY_LIST = (1 << 16) - 1
_OWNABLE: dict[int, tuple[str, bool]] = {
    F_GOLD: ("gold", False), F_PRESTIGE: ("prestige", False), F_RATS: ("rats", False),
    F_SUPPLY: ("supply", False), F_GENERAL: ("general", False), F_FRIEND: ("friend", False),
    F_ND: ("nd", False), F_CARRIAGE: ("carriage", False), F_HIRED: ("hired", False),
    F_CHOICE: ("choice", False), F_SECTORS: ("sectors", True), F_MSGS: ("msgs", True),
    F_TILES: ("tiles", True), F_BOARD: ("board", False), F_BROWN: ("brown", False),
}
"""The attribute of every bit but F_CARDS, and whether it is a list of lists."""


@dataclass(frozen=True, slots=True)
class Setting:
    """The fixed facts of one table: seats, quarters, roads and the gold option."""

    players: int
    unlimited_gold: bool
    quarters: int
    player_quarter: tuple[int, ...]
    message_quarters: tuple[tuple[int, int], ...]
    """(colour, quarter) of every set of messages on the board."""
    quarter_colour: tuple[int, ...]
    """The colour of the messages set out in each quarter."""
    distances: tuple[tuple[int, ...], ...]
    """Road steps between every two market squares."""

    @staticmethod
    def build(players: int, unlimited_gold: bool) -> Setting:
        """Return the setting of a table (Notre Dame rulebook, "Setting up"; "Two-player
        game": the two players sit opposite on the four-quarter board and the two empty
        quarters hold the messages of two unused colours)."""
        quarters = 4 if players == 2 else players
        player_quarter = (0, 2) if players == 2 else tuple(range(players))
        message_quarters: tuple[tuple[int, int], ...] = (
            ((0, 0), (2, 1), (1, 2), (3, 3)) if players == 2
            else tuple((p, p) for p in range(players)))
        colour = [0] * quarters
        for c, q in message_quarters:
            colour[q] = c
        distances = tuple(tuple(row) for row in road_distances(quarters))
        return Setting(players, unlimited_gold, quarters, player_quarter, message_quarters,
                       tuple(colour), distances)


class NDState(State):
    """The fields of one Notre Dame position (the contract calls are in game.py)."""

    __slots__ = (
        "bank",
        "board",
        "brown",
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
        "log_base",
        "logcell",
        "msgs",
        "nd",
        "pending",
        "phase",
        "played",
        "prestige",
        "quiet",
        "rats",
        "received",
        "revealed",
        "rnd",
        "rng",
        "sectors",
        "setting",
        "shared",
        "stack",
        "supply",
        "tiles",
        "turn",
    )

    setting: Setting
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
    log_base: tuple[Event, ...]
    logcell: LogCell | None
    shared: int
    quiet: bool
    pending: tuple[int, ...] | None

    def __init__(self, game: Game, setting: Setting) -> None:
        """Make the position before set-up: supplies full, nothing dealt, an empty log."""
        super().__init__(game)
        n = setting.players
        self.setting = setting
        self.pending = None
        self.quiet = False
        self.shared = 0
        self.log_base = ()
        self.logcell = None
        self.gold = [GOLD_AT_START] * n
        self.prestige = [0] * n
        self.rats = [0] * n
        self.supply = [PERSONAL_CUBES_AT_START] * n
        self.general = [CUBES_PER_COLOUR - PERSONAL_CUBES_AT_START] * n
        self.friend = [-1] * n
        self.nd = [0] * n
        self.carriage = [setting.player_quarter[p] * SQUARES_PER_QUARTER + CENTRE
                         for p in range(n)]
        self.hired = [-1] * n
        self.choice = [-1] * n
        self.sectors = [[0] * 7 for _ in range(n)]
        self.msgs = [[0] * 5 for _ in range(n)]
        self.tiles = [[] for _ in range(n)]
        self.deck = [[] for _ in range(n)]
        self.hand = [[] for _ in range(n)]
        self.received = [[] for _ in range(n)]
        self.facedown = [[] for _ in range(n)]
        self.played = [[] for _ in range(n)]
        self.know = [colour_groups(n) for _ in range(n)]
        self.board = [-1] * (setting.quarters * SQUARES_PER_QUARTER)
        self.brown = []
        self.grey = []
        self.revealed = []
        self.stack = []
        self.rnd = 0
        self.phase = DRAFT_KEEP
        self.first = 0
        self.turn = 0
        self.bank = GOLD_IN_GAME - GOLD_AT_START * n
        self.rng = 0

    def fork(self) -> Self:
        """Return a successor to change: the scalars copied, every list shared with self
        (marked in `shared`) except the task stack, which nearly every move changes. The
        rules call `own` before changing a list in place, or put a new list in its stead
        (`rules.play_card`), so self, a returned position, never changes
        (tests/games/notre_dame/test_search.py replays whole games to check it)."""
        cls = self.__class__
        c = cls.__new__(cls)
        c.game = self.game
        c.setting = self.setting
        c._legal_cache = None
        c.pending = None
        c.quiet = self.quiet
        c.shared = EVERY_LIST
        c.gold = self.gold
        c.prestige = self.prestige
        c.rats = self.rats
        c.supply = self.supply
        c.general = self.general
        c.friend = self.friend
        c.nd = self.nd
        c.carriage = self.carriage
        c.hired = self.hired
        c.choice = self.choice
        c.sectors = self.sectors
        c.msgs = self.msgs
        c.tiles = self.tiles
        c.deck = self.deck
        c.hand = self.hand
        c.received = self.received
        c.facedown = self.facedown
        c.played = self.played
        c.know = self.know
        c.board = self.board
        c.brown = self.brown
        # Never changed in place after set-up (start_round and end_round replace them).
        c.grey = self.grey
        c.revealed = self.revealed
        c.stack = self.stack[:]
        c.rnd = self.rnd
        c.phase = self.phase
        c.first = self.first
        c.turn = self.turn
        c.bank = self.bank
        c.rng = self.rng
        c.log_base = self.log_base
        c.logcell = self.logcell
        return c

    def clone(self) -> Self:
        """Return a copy that shares nothing mutable with self, except the card zones and
        the knowledge table, which `own_cards` copies (for tests and tools that change a
        copy directly; the rules use the cheaper `fork`)."""
        c = self.fork()
        c.own(EVERY_LIST & ~F_CARDS)
        c.grey = self.grey[:]
        c.revealed = self.revealed[:]
        return c

    def own(self, fields: int) -> None:
        """Copy the lists among `fields` (bits of `shared`) that self still shares with the
        position it was forked from, so that they can be changed."""
        shared = self.shared & fields
        if not shared:
            return
        self.shared ^= shared
        if shared & F_CARDS:
            shared ^= F_CARDS
            self.deck = [x[:] for x in self.deck]
            self.hand = [x[:] for x in self.hand]
            self.received = [x[:] for x in self.received]
            self.facedown = [x[:] for x in self.facedown]
            self.played = [x[:] for x in self.played]
            self.know = [x[:] for x in self.know]
        copy_shared(self, shared, _OWNABLE)

    def own_cards(self) -> None:
        """Copy the shared card zones and knowledge table before changing them."""
        self.own(F_CARDS)

    # -- the parts of the contract that only read fields ---------------------------------------
    @property
    def to_act(self) -> tuple[int, ...]:
        """Who must act: the owner of the pending sub-decision, else the phase's player(s)."""
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
        if self.log_base:
            return log_from_events(self._events())
        return self.logcell

    def _events(self) -> list[Event]:
        """The log: the events a loaded or sampled position started from (kept as given, so
        starting costs no rebuilding), then those written since."""
        if self.log_base:
            return [*self.log_base, *log_events(self.logcell)]
        return log_events(self.logcell)

    def _data(self) -> dict[str, Any]:
        """Return every field as JSON data (the `quiet` flag of a search copy is not saved:
        a saved position always logs again)."""
        data: dict[str, Any] = {}
        for name in FIELDS:
            value = getattr(self, name)
            if name == "stack":
                value = [list(t) for t in value]
            elif isinstance(value, list):
                value = [x[:] if isinstance(x, list) else x for x in value]
            data[name] = value
        return data


_NOTHING_KNOWN = tuple(tuple(c // CARDS_PER_COLOUR + 1 for c in range(n * CARDS_PER_COLOUR))
                      for n in range(6))


def colour_groups(players: int) -> list[int]:
    """Return a knowledge row that knows nothing: every card in its colour's group."""
    return list(_NOTHING_KNOWN[players])
