"""One position of Nottingham: where every card is, who knows what, and who must decide.

Every field is a plain int or a list of ints. `NottinghamState.clone` is the one audited copy
routine: `rules.apply` clones, changes the clone and returns it, so a state once returned is
never changed (tests/games/nottingham/test_determinism.py checks it).

Knowledge of hands is kept as counts per item: `known[(holder * P + observer) * 7 + item]`
is how many cards of `item` the observer is certain the holder has. The diagonal entry
(observer == holder) is what everybody knows (the public's, a spectator's, knowledge).
"""

from __future__ import annotations

import random
from typing import Any

from tavola.core import Action, Result, State
from tavola.core.events import Event, LogCell, log_from_events

# Phases: who is asked what. Names are part of the view.
CHOOSE, BUY_OFFER, BUY_CHOOSE, DEFEND, TAKE, AMBUSH_KEEP, TRADE_OFFER, TRADE_CHOOSE, \
    EXCHANGE, AMBUSH_WINDOW, DISCARD_DOWN, OVER = range(12)
PHASES: tuple[str, ...] = ("choose", "buy_offer", "buy_choose", "defend", "take",
                           "ambush_keep", "trade_offer", "trade_choose", "exchange",
                           "ambush_window", "discard_down", "over")
# What to do once a deck exhaustion (no deck, no discard) has been dealt with.
RESUME_DRAW, RESUME_END = 0, 1
# offered[p]: not asked / offer made / announced a hand with nothing to offer.
NOT_ASKED, OFFERED, ANNOUNCED = 0, 1, 2

_LISTS = ("deck", "discard", "known", "ambush_deck", "ambush_known", "queue", "offered",
          "table", "ambush_drawn")
_NESTED = ("hands", "winnings", "ambushes", "ambush_gold", "commissions", "offers")
_INTS = ("rng", "sheriff", "active", "phase", "drawn", "target", "resume", "turn")


class NottinghamState(State):
    """A Nottingham position (see the module docstring for the knowledge table)."""

    __slots__ = ("active", "ambush_deck", "ambush_drawn", "ambush_gold", "ambush_known",
                 "ambushes", "commissions", "deck", "discard", "drawn", "hands", "known",
                 "logcell", "offered", "offers", "phase", "players", "queue", "resume", "rng",
                 "sheriff", "table", "target", "track", "turn", "winnings")

    players: int
    track: tuple[int, ...]
    rng: int
    deck: list[int]  # item card ids, the top is the last
    discard: list[int]  # face up
    hands: list[list[int]]
    known: list[int]  # see the module docstring
    winnings: list[list[int]]  # each player's winnings pile
    ambush_deck: list[int]  # ambush card ids, the top is the last, the bottom index 0
    ambush_known: list[int]  # per ambush card: bit p set if seat p knows where it is;
    # bit `players` is the public's
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
    logcell: LogCell | None

    # -- the copy routine -------------------------------------------------------------
    def clone(self) -> NottinghamState:
        """Return an independent copy (every list copied, the log shared: it is persistent)."""
        new = NottinghamState.__new__(NottinghamState)
        new.game = self.game
        new._legal_cache = None
        new.players = self.players
        new.track = self.track
        new.logcell = self.logcell
        for name in _INTS:
            setattr(new, name, getattr(self, name))
        for name in _LISTS:
            setattr(new, name, getattr(self, name)[:])
        for name in _NESTED:
            setattr(new, name, [row[:] for row in getattr(self, name)])
        return new

    # -- the contract -------------------------------------------------------------------
    @property
    def to_act(self) -> tuple[int, ...]:
        """The players who must decide now."""
        phase = self.phase
        if phase == OVER:
            return ()
        if phase == BUY_OFFER:
            return tuple(self.queue)
        if phase in (DEFEND, TRADE_OFFER, AMBUSH_WINDOW, DISCARD_DOWN):
            return (self.queue[0],)
        return (self.active,)

    @property
    def is_terminal(self) -> bool:
        """True once the sheriff is home or the eighth commission is taken."""
        return self.phase == OVER

    @property
    def _log(self) -> LogCell | None:
        return self.logcell

    def _legal(self, player: int) -> list[Action]:
        return rules.legal(self, player)

    def _apply(self, player: int, action: Action) -> State:
        return rules.apply(self, player, action)

    def _view(self, player: int | None) -> dict[str, Any]:
        """Return what `player` may know (None: a spectator)."""
        return views.view(self, player)

    def _determinize(self, player: int, rng: random.Random) -> State:
        """Return a full state consistent with `view(player)`, the unknown re-sampled."""
        return views.determinize(self, player, rng)

    def result(self) -> Result:
        """Return the scores and ranks (winnings and commissions; ties by winnings cards)."""
        return rules.result(self)

    def prompt(self, player: int) -> str:
        """Return what `player` is asked, in words."""
        return text.prompt(self, player)

    def describe(self, player: int, action: Action) -> str:
        """Return a label for one of `player`'s legal actions."""
        return text.describe(self, player, action)

    def _data(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        for name in (*_INTS, *_LISTS, *_NESTED):
            value = getattr(self, name)
            data[name] = [row[:] for row in value] if name in _NESTED else (
                value[:] if isinstance(value, list) else value)
        return data


def state_from_data(game: Any, data: dict[str, Any], events: list[Event]) -> NottinghamState:
    """Rebuild a state from `_data` output; raise ValueError/KeyError/TypeError if malformed."""
    s = NottinghamState(game)
    s.players = game.players
    s.track = game.track
    s.logcell = log_from_events(events)
    for name in _INTS:
        value = data[name]
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"{name} must be a whole number")
        setattr(s, name, value)
    for name in _LISTS:
        setattr(s, name, [_whole(v) for v in data[name]])
    for name in _NESTED:
        setattr(s, name, [[_whole(v) for v in row] for row in data[name]])
    return s


def _whole(value: object) -> int:
    """Return `value` if it is a whole number, else raise TypeError."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"expected a whole number, not {value!r}")
    return value


from tavola.games.nottingham import rules, text  # noqa: E402
from tavola.games.nottingham import view as views  # noqa: E402
