"""Loading a Nottingham position: the declared shape of its data (`state_schema`), the
invariants every position keeps (`problem`, `check_state`) and building a position from data
that fits (`state_from_data`).

The shape bounds every field by the player count and the track; the invariants say what the
shape cannot: every item card and every ambush card of the colours in play in exactly one
place, knowledge never beyond the truth, the sheriff's moves accounting for every card won,
the pending decision one the rules could have asked, and the redacted form of every private
event in the log saying what the rules say the others read of it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from operator import le
from typing import Any, TypeVar

from tavola.core import CorruptState, Event, Game
from tavola.core.events import log_events, log_from_events
from tavola.core.schema import Bool, Int, List, Obj, Spec
from tavola.games.nottingham.components import (
    AMBUSH_CARDS,
    CANDLESTICK,
    CARDS_PER_ITEM,
    CHEST,
    COMMISSION_COUNT,
    COMMISSIONS,
    COPPER,
    GOLD,
    ITEM_CARDS,
    ITEM_TYPES,
    JEWELS,
    PEARLS,
    ambush_colour,
)
from tavola.games.nottingham.config import (
    AMBUSH_DRAW,
    COMMISSION_TAKERS,
    EXCHANGE_MINIMUM,
    STARTING_HAND,
    TRADE_OFFER_MAX,
    max_turns,
)
from tavola.games.nottingham.rules import (
    counts,
    from_active,
    legal,
    others_from_left,
    sheriff_number,
)
from tavola.games.nottingham.state import (
    AMBUSH_KEEP,
    AMBUSH_WINDOW,
    BUY_CHOOSE,
    BUY_OFFER,
    CHOOSE,
    DEFEND,
    DISCARD_DOWN,
    FIELDS,
    INTS,
    LISTS,
    NESTED,
    NOT_ASKED,
    OFFERED,
    OVER,
    PHASES,
    TAKE,
    TRADE_CHOOSE,
    TRADE_OFFER,
    Position,
)

P = TypeVar("P", bound=Position)

# The item the card shown this turn must be, in each phase of its action.
_ACTION_ITEM: dict[int, tuple[int, ...]] = {
    BUY_OFFER: (COPPER,), BUY_CHOOSE: (COPPER,), DEFEND: (CANDLESTICK, PEARLS, JEWELS),
    TAKE: (PEARLS, JEWELS), AMBUSH_KEEP: (GOLD,), TRADE_OFFER: (CHEST,),
    TRADE_CHOOSE: (CHEST,)}
_SHOWN_CARD_PHASES = (CHOOSE, *_ACTION_ITEM)
_OFFER_PHASES = (BUY_OFFER, BUY_CHOOSE, TRADE_OFFER, TRADE_CHOOSE)


def state_schema(players: int, track: tuple[int, ...]) -> Spec:
    """Return the shape of a position's data for `players` on `track`: every field's type
    and range."""
    p = players
    ambush_cards = p + AMBUSH_CARDS - 7
    card = Int(0, ITEM_CARDS - 1)
    seat = Int(0, p - 1)
    ambush = Int(0, AMBUSH_CARDS - 1)
    cards = List(card, max_len=ITEM_CARDS, unique=True)
    per_seat_ambushes = List(ambush, max_len=ambush_cards, unique=True)
    fields: dict[str, Spec] = {
        "rng": Int(0, 2**64 - 1),
        "sheriff": Int(0, len(track) + 1),
        "active": seat,
        "phase": Int(0, len(PHASES) - 1),
        "drawn": Int(-1, ITEM_CARDS - 1),
        "target": Int(-1, p - 1),
        "resume": Int(0, 1),
        "turn": Int(1, max_turns(len(track))),
        "deck": cards,
        "discard": cards,
        "known": List(Int(0, CARDS_PER_ITEM), length=p * p * ITEM_TYPES),
        "ambush_deck": List(ambush, max_len=ambush_cards, unique=True),
        "ambush_known": List(Int(0, 2 ** (p + 1) - 1), length=AMBUSH_CARDS),
        "queue": List(seat, max_len=p, unique=True),
        "offered": List(Int(0, 2), length=p),
        "table": List(card, max_len=CARDS_PER_ITEM, unique=True),
        "ambush_drawn": List(ambush, max_len=AMBUSH_DRAW, unique=True),
        "hands": List(cards, length=p),
        "winnings": List(List(card, max_len=len(track) + 1, unique=True), length=p),
        "ambushes": List(per_seat_ambushes, length=p),
        "ambush_gold": List(List(card, max_len=ambush_cards, unique=True), length=p),
        "commissions": List(List(seat, max_len=COMMISSION_TAKERS, unique=True),
                            length=len(COMMISSIONS)),
        "offers": List(List(card, max_len=TRADE_OFFER_MAX, unique=True), length=p),
        "recording": Bool(),
    }
    assert set(fields) == set(FIELDS)
    return Obj(fields)


def state_from_data(game: Game, track: tuple[int, ...], data: Mapping[str, Any],
                    events: list[Event], cls: type[P]) -> P:
    """Build a position of class `cls` from data that fits `state_schema` (not yet checked
    against the invariants)."""
    s = cls(game)
    s.players = game.players
    s.track = track
    s.logcell = log_from_events(events)
    s.recording = data["recording"]
    for name in INTS:
        setattr(s, name, data[name])
    for name in LISTS:
        setattr(s, name, list(data[name]))
    for name in NESTED:
        setattr(s, name, [list(row) for row in data[name]])
    return s


def item_locations(s: Position) -> list[int]:
    """Return every item card id found anywhere in the state (with repeats, if any)."""
    cards = [*s.deck, *s.discard, *s.table]
    for p in range(s.players):
        cards += s.hands[p] + s.winnings[p] + s.ambush_gold[p]
    if s.drawn >= 0:
        cards.append(s.drawn)
    return cards


def ambush_locations(s: Position) -> list[int]:
    """Return every ambush card id found anywhere in the state."""
    cards = [*s.ambush_deck, *s.ambush_drawn]
    for row in s.ambushes:
        cards += row
    return cards


def check_state(s: Position) -> None:
    """Raise CorruptState unless `s` keeps every invariant of the game."""
    found = problem(s)
    if found:
        raise CorruptState(f"not a possible Nottingham position: {found}")


def problem(s: Position) -> str:
    """Return the first invariant `s` breaks, in words, or '' if it keeps them all."""
    for check in _CHECKS:
        found = check(s)
        if found:
            return found
    return ""


def _cards(s: Position) -> str:
    """Every card in exactly one place; the sheriff's moves account for every card won."""
    if sorted(item_locations(s)) != list(range(ITEM_CARDS)):
        return "item cards are not each in exactly one place"
    expected = [a for a in range(AMBUSH_CARDS) if ambush_colour(a) < s.players]
    if sorted(ambush_locations(s)) != expected:
        return "ambush cards are not each in exactly one place"
    won = sum(len(pile) for pile in s.winnings)
    done = sum(len(row) for row in s.commissions)
    # Each scoring exchange moves the sheriff, except the eighth commission (it ends the game).
    if won + done - (done == COMMISSION_COUNT) > s.sheriff:
        return "more cards won and commissions taken than the sheriff has moved"
    return ""


def _ambushes(s: Position) -> str:
    """Ambush cards lie with their gold, never before their own colour, and whoever knows
    where a card is knows it the way the rules tell it."""
    p = s.players
    everybody = (1 << (p + 1)) - 1
    for h in range(p):
        if len(s.ambushes[h]) != len(s.ambush_gold[h]):
            return "an ambush card without its gold"
        if any(g // CARDS_PER_ITEM != GOLD for g in s.ambush_gold[h]):
            return "a card under an ambush that is not gold"
        if any(ambush_colour(a) == h for a in s.ambushes[h]):
            return "an ambush card of its owner's colour"
        if any(s.ambush_known[a] != 1 << h for a in s.ambushes[h]):
            return "an ambush card in play known to someone other than its owner"
    if any(s.ambush_known[a] != 1 << s.active for a in s.ambush_drawn):
        return "ambush cards drawn that the active player does not know"
    for a in s.ambush_deck:
        mask = s.ambush_known[a]
        if mask not in (0, everybody) and (mask >= 1 << p or mask & (mask - 1)):
            return "an ambush card in the deck known in a way the rules never tell"
    in_play = set(ambush_locations(s))
    if any(s.ambush_known[a] for a in range(AMBUSH_CARDS) if a not in in_play):
        return "knowledge of an ambush card not in the game"
    return ""


def _knowledge(s: Position) -> str:
    """Nobody is sure of more than a hand holds; everybody is sure of the public cards."""
    p = s.players
    for h in range(p):
        actual = counts(s.hands[h])
        public = s.known_row(h, None)
        for o in range(p):
            row = s.known_row(h, o)
            if not all(map(le, row, actual)):
                return "knowledge of a hand beyond the hand itself"
            if not all(map(le, public, row)):
                return "public knowledge that a player lacks"
    return ""


def _progress(s: Position) -> str:
    """The game is over exactly when the sheriff is home or every commission is taken."""
    home = s.sheriff > len(s.track)
    all_taken = sum(len(row) for row in s.commissions) == COMMISSION_COUNT
    if (s.phase == OVER) != (home or all_taken):
        return "the game is over exactly when the sheriff is home or all commissions are taken"
    return ""


def _turn(s: Position) -> str:
    """The card shown, the target, the queue and the table fit the phase."""
    phase = s.phase
    if (s.drawn >= 0) != (phase in _SHOWN_CARD_PHASES):
        return "a card shown outside an action, or an action without its card"
    items = _ACTION_ITEM.get(phase)
    if items is not None and s.drawn // CARDS_PER_ITEM not in items:
        return "an action carried out with the wrong card"
    if (s.target >= 0) != (phase in (DEFEND, TAKE)):
        return "a target outside an attack, or an attack without a target"
    if s.target == s.active:
        return "a player attacking themself"
    if (phase == AMBUSH_KEEP) != bool(s.ambush_drawn) or (
            s.ambush_drawn and len(s.ambush_drawn) != AMBUSH_DRAW):
        return "ambush cards drawn outside an ambush"
    if (phase == AMBUSH_WINDOW) != bool(s.table):
        return "cards on the table outside an exchange, or an exchange without cards"
    if s.table and (len(s.table) < EXCHANGE_MINIMUM or max(counts(s.table)) != len(s.table)):
        return "an exchange that is not three or more identical cards"
    return _queue(s)


def _queue(s: Position) -> str:
    """Whoever is asked is someone the rules would ask now."""
    phase, queue, active = s.phase, s.queue, s.active
    if phase == BUY_OFFER:
        if not queue or active in queue:
            return "a Buy with nobody to offer, or the active player asked to offer"
    elif phase == DEFEND:
        if queue != [s.target]:
            return "a defence window not for the attacked player"
    elif phase == TRADE_OFFER:
        order = others_from_left(s)
        if not queue or queue[0] not in order or queue != order[order.index(queue[0]):]:
            return "a Trade asking players out of turn order"
    elif phase == AMBUSH_WINDOW:
        order = others_from_left(s)
        if not queue or any(q not in order or not s.ambushes[q] for q in queue) or \
                queue != sorted(queue, key=order.index):
            return "an ambush window asking a player without an ambush card, or out of order"
    elif phase == DISCARD_DOWN:
        limit = sheriff_number(s)
        order = from_active(s)
        if limit is None or s.deck or not queue or \
                any(len(s.hands[q]) <= limit for q in queue) or \
                queue != sorted(queue, key=order.index):
            return "discarding down without an exhausted deck or a hand above the number"
    elif queue:
        return "a player asked outside a window"
    return ""


def _offers(s: Position) -> str:
    """Offers lie only in a Buy or a Trade, by players who made them, in their hands."""
    p, phase = s.players, s.phase
    if phase not in _OFFER_PHASES:
        if any(s.offers) or any(s.offered):
            return "offers outside a Buy or a Trade"
        return ""
    if s.offered[s.active] != NOT_ASKED or s.offers[s.active]:
        return "the active player offering to themself"
    buying = phase in (BUY_OFFER, BUY_CHOOSE)
    for h in range(p):
        offer = s.offers[h]
        if bool(offer) != (s.offered[h] == OFFERED):
            return "an offer without its player having made one"
        if any(c not in s.hands[h] for c in offer):
            return "an offer not in its owner's hand"
        if buying and (len(offer) > 1 or any(c // CARDS_PER_ITEM == COPPER for c in offer)):
            return "a Buy offer that is not one card other than a copper coin"
        if not buying and any(c // CARDS_PER_ITEM == CHEST for c in offer):
            return "a Trade offer holding a chest"
        if phase in (BUY_OFFER, TRADE_OFFER) and h != s.active and \
                (h in s.queue) != (s.offered[h] == NOT_ASKED):
            return "a player asked again after answering, or passed over"
    if phase in (BUY_CHOOSE, TRADE_CHOOSE) and any(
            s.offered[h] == NOT_ASKED for h in range(p) if h != s.active):
        return "an offer chosen before every player was asked"
    if phase == TRADE_CHOOSE and not any(s.offers):
        return "a Trade to accept without an offer"
    return ""


def _pending(s: Position) -> str:
    """Commissions are taken at most twice, once per player; whoever is asked can act."""
    for done in s.commissions:
        if len(done) > COMMISSION_TAKERS or len(set(done)) != len(done):
            return "a commission completed wrongly"
    if s.phase != OVER and any(not legal(s, q) for q in s.to_act):
        return "a player asked with nothing they may do"
    return ""


# What everybody else reads of each private event, from the event's own arguments.
_REDACTED: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {
    "deal": lambda a: {"player": a["player"], "count": STARTING_HAND},
    "offer.secret": lambda a: {"player": a["player"]},
    "steal.secret": lambda a: {"player": a["player"], "target": a["target"]},
    "look.secret": lambda a: {"player": a["player"], "target": a["target"]},
    "rob.secret": lambda a: {"player": a["player"], "target": a["target"]},
    "hide.secret": lambda a: {"player": a["player"]},
    "favour.secret": lambda a: {"player": a["player"]},
}


def _log(s: Position) -> str:
    """The log sets up this game, and every private event's redacted form says what the
    rules say the others read (the catalogue has already checked each event's key,
    arguments and audience)."""
    for event in log_events(s.logcell):
        if event.key == "setup" and event.args != {"players": s.players,
                                                   "track": list(s.track)}:
            return "the log sets up another game"
        public = _REDACTED.get(event.key)
        if public is None:
            continue
        if event.redacted is None or dict(event.redacted.args) != public(event.args):
            return f"the log's public form of a {event.key!r} event says something else"
        if event.key == "deal" and len(event.args["items"]) != STARTING_HAND:
            return "a starting hand in the log of the wrong size"
    return ""


_CHECKS: tuple[Callable[[Position], str], ...] = (
    _cards, _ambushes, _knowledge, _progress, _turn, _offers, _pending, _log)

__all__ = ["ambush_locations", "check_state", "item_locations", "problem", "state_from_data",
           "state_schema"]
