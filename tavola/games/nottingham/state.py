"""One position of Nottingham as data: where every card is, who knows what, who must decide.

Every field is a plain int, a bool or a list of ints. `rules.apply` forks the position
(`Position.fork`: the lists shared until `Position.own` copies one before a change), changes
the fork and returns it, so a state once returned is never changed
(tests/games/nottingham/test_search.py and test_determinism.py check it).

`Position` is a `State` that holds the data and the parts of the contract that read only the
data (`to_act`, `is_terminal`, the log, the JSON form); `game.NottinghamState` extends it with
the calls that need the rules, the views and the words. Extending rather than wrapping keeps
a move at one new object: the rules fork whatever class they are given (`type(self)`), so a
successor is a `NottinghamState` without a wrapper being built on the hot path.

Knowledge of hands is kept as counts per item: `known[(holder * P + observer) * 7 + item]`
is how many cards of `item` the observer is certain the holder has. The diagonal entry
(observer == holder) is what everybody knows (the public's, a spectator's, knowledge).
Knowledge of ambush cards is one bit mask per card (`ambush_known`): bit p set when seat p
knows where the card is, bit P (the player count) when everybody does.
"""

from __future__ import annotations

from typing import Any

from tavola.core import Game, State
from tavola.core.events import LogCell
from tavola.core.sharing import copy_shared
from tavola.games.nottingham.components import ITEM_TYPES

# Phases: who is asked what. Names are part of the view.
CHOOSE, BUY_OFFER, BUY_CHOOSE, DEFEND, TAKE, AMBUSH_KEEP, TRADE_OFFER, TRADE_CHOOSE, \
    EXCHANGE, AMBUSH_WINDOW, DISCARD_DOWN, OVER = range(12)
PHASES: tuple[str, ...] = ("choose", "buy_offer", "buy_choose", "defend", "take",
                           "ambush_keep", "trade_offer", "trade_choose", "exchange",
                           "ambush_window", "discard_down", "over")
# Phases that ask the first player of the queue (a reaction window, one player at a time).
QUEUE_PHASES = (DEFEND, TRADE_OFFER, AMBUSH_WINDOW, DISCARD_DOWN)
# What to do once a deck exhaustion (no deck, no discard) has been dealt with.
RESUME_DRAW, RESUME_END = 0, 1
# offered[p]: not asked / offer made / announced a hand with nothing to offer.
NOT_ASKED, OFFERED, ANNOUNCED = 0, 1, 2

INTS = ("rng", "sheriff", "active", "phase", "drawn", "target", "resume", "turn")
LISTS = ("deck", "discard", "known", "ambush_deck", "ambush_known", "queue", "offered",
         "table", "ambush_drawn")
NESTED = ("hands", "winnings", "ambushes", "ambush_gold", "commissions", "offers")
FIELDS = (*INTS, *LISTS, *NESTED, "recording")

# Bits of `Position.shared`: the lists a successor made by `fork` still shares with the
# position it came from. A move changes only a few of them, so copying every list on every
# move was most of the cost of search; the rules call `own` with the bits of the lists they
# are about to change instead. One bit per name of LISTS and NESTED, in that order.
(F_DECK, F_DISCARD, F_KNOWN, F_AMBUSH_DECK, F_AMBUSH_KNOWN, F_QUEUE, F_OFFERED, F_TABLE,
 F_AMBUSH_DRAWN, F_HANDS, F_WINNINGS, F_AMBUSHES, F_AMBUSH_GOLD, F_COMMISSIONS,
 F_OFFERS) = (1 << i for i in range(15))
EVERY_LIST = (1 << 15) - 1
_OWNABLE = {1 << i: (name, i >= len(LISTS)) for i, name in enumerate((*LISTS, *NESTED))}
"""The attribute of every bit, and whether it is a list of lists."""


class Position(State):
    """The data of a Nottingham position (see the module docstring for the knowledge tables).

    Abstract: `game.NottinghamState` is the class the game builds.
    """

    __slots__ = ("active", "ambush_deck", "ambush_drawn", "ambush_gold", "ambush_known",
                 "ambushes", "commissions", "deck", "discard", "drawn", "hands", "known",
                 "logcell", "offered", "offers", "phase", "players", "queue", "recording",
                 "resume", "rng", "shared", "sheriff", "table", "target", "track", "turn",
                 "winnings")

    players: int
    track: tuple[int, ...]
    rng: int
    deck: list[int]  # item card ids, the top is the last
    discard: list[int]  # face up
    hands: list[list[int]]
    known: list[int]  # see the module docstring
    winnings: list[list[int]]  # each player's winnings pile
    ambush_deck: list[int]  # ambush card ids, the top is the last, the bottom index 0
    ambush_known: list[int]  # per ambush card, see the module docstring
    ambushes: list[list[int]]  # ambush cards lying in front of each player
    ambush_gold: list[list[int]]  # the gold card under each of them
    commissions: list[list[int]]  # per commission kind, the seats that completed it, in order
    sheriff: int  # 0 Nottingham at the start, 1..len(track) a space, len(track)+1 home again
    active: int
    phase: int
    drawn: int  # the item card shown at the start of the turn (-1 once it is placed)
    target: int  # the opponent attacked (-1 when none)
    queue: list[int]  # players still to be asked in this window, first is next
    offers: list[list[int]]  # per player, the item cards they offered (still in their hand)
    offered: list[int]  # per player: NOT_ASKED / OFFERED / ANNOUNCED
    table: list[int]  # cards played for an exchange, still open to ambushes
    ambush_drawn: list[int]  # the two ambush cards the active player is looking at
    resume: int
    turn: int
    recording: bool  # False in a search copy: its successors add nothing to the log
    logcell: LogCell | None
    shared: int  # the lists still shared with the position this one was forked from

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.shared = 0

    # -- the copy routine -------------------------------------------------------------
    def fork(self) -> Position:
        """Return a successor of the same class to change: the scalars copied, every list
        shared with self (marked in `shared`). The rules call `own` before changing a list,
        so self, a returned position, never changes (tests/games/nottingham/test_search.py
        replays games to check it)."""
        new = type(self).__new__(type(self))
        new.game = self.game
        new._legal_cache = None
        new.shared = EVERY_LIST
        new.players = self.players
        new.track = self.track
        new.logcell = self.logcell
        new.recording = self.recording
        new.rng = self.rng
        new.sheriff = self.sheriff
        new.active = self.active
        new.phase = self.phase
        new.drawn = self.drawn
        new.target = self.target
        new.resume = self.resume
        new.turn = self.turn
        new.deck = self.deck
        new.discard = self.discard
        new.known = self.known
        new.ambush_deck = self.ambush_deck
        new.ambush_known = self.ambush_known
        new.queue = self.queue
        new.offered = self.offered
        new.table = self.table
        new.ambush_drawn = self.ambush_drawn
        new.hands = self.hands
        new.winnings = self.winnings
        new.ambushes = self.ambushes
        new.ambush_gold = self.ambush_gold
        new.commissions = self.commissions
        new.offers = self.offers
        return new

    def clone(self) -> Position:
        """Return an independent copy of the same class (every list copied, the log shared:
        it is persistent)."""
        new = self.fork()
        new.own(EVERY_LIST)
        return new

    def own(self, fields: int) -> None:
        """Copy the lists among `fields` (bits of `shared`) that self still shares with the
        position it was forked from, so that they can be changed."""
        shared = self.shared & fields
        if not shared:
            return
        self.shared ^= shared
        copy_shared(self, shared, _OWNABLE)

    # -- the parts of the contract that read only the data --------------------------------
    @property
    def to_act(self) -> tuple[int, ...]:
        """The players who must decide now."""
        phase = self.phase
        if phase == OVER:
            return ()
        if phase == BUY_OFFER:
            return tuple(self.queue)
        if phase in QUEUE_PHASES:
            return (self.queue[0],)
        return (self.active,)

    @property
    def is_terminal(self) -> bool:
        """True once the sheriff is home or the eighth commission is taken."""
        return self.phase == OVER

    @property
    def _log(self) -> LogCell | None:
        return self.logcell

    def known_row(self, holder: int, observer: int | None) -> list[int]:
        """Return how many of each item `observer` is sure `holder` has (None: the public)."""
        o = holder if observer is None else observer
        base = (holder * self.players + o) * ITEM_TYPES
        return self.known[base:base + ITEM_TYPES]

    def _data(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        for name in INTS:
            data[name] = getattr(self, name)
        for name in LISTS:
            data[name] = getattr(self, name)[:]
        for name in NESTED:
            data[name] = [row[:] for row in getattr(self, name)]
        data["recording"] = self.recording
        return data
