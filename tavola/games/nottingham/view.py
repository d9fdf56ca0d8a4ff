"""What each player may know of a Nottingham position (`view`), and a position drawn from
that knowledge alone (`sample`).

A player's view holds their own hand, each opponent's hand size split into the cards the
viewer is certain of (drawn face up, offered face up, laid open, seen in a Rob) and the
unknown rest (the starting hand, the sheriff's favours, cards that changed hands unseen),
what each opponent is certain of in the viewer's own hand, the public table, the queue of a
reaction window, who knows which card of the ambush deck, and for the viewer their own
ambush cards and offers.

`sample(player, view, log, rng)` builds a full position from the view and the log alone, so
it cannot carry anything the seat does not know. It keeps everything in the view and
re-deals the rest: the cards of opponents' hands the seat is not sure of, the deck order,
hidden Buy offers, the ambush cards the seat cannot place, and the generator. A re-dealt
hand keeps what everybody knows it can do (in a Buy, every player still asked or holding a
hidden offer keeps a card that is not a copper coin; in a Trade, the player being asked
keeps a card that is not a chest), so every pending player of a sample has a legal action.
What one opponent privately knows of another's hand (a Rob's look, a stolen card) is not the
seat's to know: in a sample every opponent is sure only of the public cards of the others'
hands (and of the whole hand while it is being robbed before the sampling seat's eyes). The
log of a sample is the seat's log as given.

`reseed(s, rng)` is the other way round: it keeps everything that any seat knows and redraws
only what nobody knows yet, the order of the item deck, the order of the ambush cards nobody
has seen, and the generator.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar, cast

from tavola.core import Event, Game
from tavola.core.events import log_from_events
from tavola.games.nottingham.actions import AMBUSH_INDEX, ITEM_INDEX
from tavola.games.nottingham.components import (
    AMBUSH_CARDS,
    AMBUSH_NAMES,
    CARDS_PER_ITEM,
    CHEST,
    COLOURS,
    COMMISSION_VALUES,
    COMMISSIONS,
    COPPER,
    GOLD,
    ITEM_TYPES,
    ITEM_VALUES,
    ITEMS,
    PEARLS,
    ambush_colour,
)
from tavola.games.nottingham.config import AMBUSH_DRAW
from tavola.games.nottingham.rules import counts, scores, sheriff_number
from tavola.games.nottingham.state import (
    AMBUSH_KEEP,
    BUY_CHOOSE,
    BUY_OFFER,
    DISCARD_DOWN,
    F_AMBUSH_DECK,
    F_DECK,
    OFFERED,
    PHASES,
    RESUME_DRAW,
    RESUME_END,
    TAKE,
    TRADE_CHOOSE,
    TRADE_OFFER,
    Position,
)

P = TypeVar("P", bound=Position)

_OPEN_OFFERS = (BUY_CHOOSE, TRADE_OFFER, TRADE_CHOOSE)
_PHASE_INDEX = {name: i for i, name in enumerate(PHASES)}
# After the discards of an exhaustion: the draw that was due, or the end of the turn.
AFTER_DISCARDS = {RESUME_DRAW: "draw", RESUME_END: "end_turn"}
# Fresh deals tried before repairing one: a fresh deal keeps the exact odds, a repaired one
# only nearly, but a deal that needs repair is rare and redrawing it forever is slow.
_REDEALS = 30


def shuffled(cards: list[int], rng: random.Random) -> list[int]:
    """Return `cards` in a random order (sorting by random keys: several times faster than
    `random.shuffle` for a few dozen cards, and as uniform)."""
    draw = rng.random
    return sorted(cards, key=lambda _: draw())


def view(s: Position, viewer: int | None) -> dict[str, Any]:
    """Return what `viewer` may know (None: a spectator)."""
    p = s.players
    bit = 1 << (p if viewer is None else viewer)
    points = scores(s)
    seats = []
    for h in range(p):
        hand = s.hands[h]
        known = counts(hand) if h == viewer else s.known_row(h, viewer)
        offer = None
        if s.offers[h] and (h == viewer or s.phase in _OPEN_OFFERS):
            offer = [ITEMS[c // CARDS_PER_ITEM] for c in s.offers[h]]
        seats.append({
            "colour": COLOURS[h],
            "hand_size": len(hand),
            "known": known,
            "unknown": len(hand) - sum(known),
            "public": s.known_row(h, None),
            "ambushes": len(s.ambushes[h]),
            "winnings": counts(s.winnings[h]),
            "points": points[h],
            "offered": s.offered[h],
            "offer": offer,
        })
    table = None
    if s.table:
        table = {"item": ITEMS[s.table[0] // CARDS_PER_ITEM], "count": len(s.table)}
    look = None
    if viewer is not None and viewer == s.active and s.phase == AMBUSH_KEEP:
        look = [AMBUSH_NAMES[a] for a in s.ambush_drawn]
    deck = s.ambush_deck[::-1]
    known_ambush = s.ambush_known
    return {
        "viewer": viewer,
        "players": p,
        "turn": s.turn,
        "active": s.active,
        "phase": PHASES[s.phase],
        "to_act": list(s.to_act),
        "queue": s.queue[:],
        "target": s.target,
        "drawn": ITEMS[s.drawn // CARDS_PER_ITEM] if s.drawn >= 0 else None,
        "sheriff": s.sheriff,
        "track": list(s.track),
        "sheriff_number": sheriff_number(s),
        "after_discards": AFTER_DISCARDS[s.resume] if s.phase == DISCARD_DOWN else None,
        "deck": len(s.deck),
        "discard": counts(s.discard),
        "commissions": [list(done) for done in s.commissions],
        "commission_values": [list(v) for v in COMMISSION_VALUES],
        "commission_names": list(COMMISSIONS),
        "seats": seats,
        "hand": counts(s.hands[viewer]) if viewer is not None else None,
        "my_hand_known_to": ([s.known_row(viewer, o) for o in range(p)]
                             if viewer is not None else None),
        "my_ambushes": ([AMBUSH_NAMES[a] for a in s.ambushes[viewer]]
                        if viewer is not None else None),
        "ambush_deck": [AMBUSH_NAMES[a] if known_ambush[a] & bit else None for a in deck],
        "ambush_deck_known": [[q for q in range(p) if known_ambush[a] >> q & 1] for a in deck],
        "ambush_look": look,
        "table": table,
    }


def reseed(s: P, rng: random.Random) -> P:
    """Return a copy of `s` with the future chance drawn afresh from `rng`: the item deck
    and the ambush cards nobody knows the place of reshuffled among their places, a new
    generator; every hand, offer, ambush card in play and known deck card kept.

    Nobody ever sees the item deck's order: it is shuffled at set-up and at each
    reshuffle of the discard, and no card is put back on it. Everything else a seat holds
    or has laid down is known to at least that seat.
    """
    new = cast(P, s.fork())
    new.own(F_DECK | F_AMBUSH_DECK)
    new.deck[:] = shuffled(new.deck, rng)
    deck, known = new.ambush_deck, new.ambush_known
    places = [i for i, a in enumerate(deck) if not known[a]]
    for i, a in zip(places, shuffled([deck[i] for i in places], rng), strict=True):
        deck[i] = a
    new.rng = rng.getrandbits(64)
    return new


def offer_constraints(v: Mapping[str, Any], player: int) -> dict[int, int]:
    """Return, for each opponent of `player` whom everybody knows to hold a card that may be
    offered now, the one item such a card is not (rulebook, "Acquisto", "Commercio").

    In a Buy every player still asked or holding a hidden offer was not announced, so they
    hold a card that is not a copper coin; in a Trade, the player being asked holds a card
    that is not a chest. A re-dealt hand must keep that, or the player could not act.
    """
    phase = _PHASE_INDEX[v["phase"]]
    if phase == BUY_OFFER:
        return {h: COPPER for h, seat in enumerate(v["seats"])
                if h != player and (h in v["queue"] or seat["offered"] == OFFERED)}
    if phase == TRADE_OFFER and v["queue"] and v["queue"][0] != player:
        return {v["queue"][0]: CHEST}
    return {}


def sample(game: Game, track: tuple[int, ...], player: int, v: Mapping[str, Any],
           log: Sequence[Event], rng: random.Random, cls: type[P]) -> P:
    """Return a position of class `cls` drawn from `player`'s view `v` and log alone (see
    the module docstring for what it keeps)."""
    p = game.players
    s = cls(game)
    s.players = p
    s.track = track
    s.recording = True
    s.logcell = log_from_events(list(log))
    s.turn = v["turn"]
    s.active = v["active"]
    s.phase = _PHASE_INDEX[v["phase"]]
    s.target = v["target"]
    s.sheriff = v["sheriff"]
    s.queue = list(v["queue"])
    s.resume = RESUME_END if v["after_discards"] == "end_turn" else RESUME_DRAW
    s.commissions = [list(done) for done in v["commissions"]]
    seats = v["seats"]
    s.offered = [seat["offered"] for seat in seats]
    _sample_items(s, player, v, rng)
    _sample_ambushes(s, player, v, rng)
    s.rng = rng.getrandbits(64)
    return s


def _sample_items(s: Position, player: int, v: Mapping[str, Any], rng: random.Random) -> None:
    """Place every item card: those the view shows where it shows them, the others dealt at
    random to the unknown part of the opponents' hands and to the deck."""
    p = s.players
    seats = v["seats"]
    free = [list(range(i * CARDS_PER_ITEM, (i + 1) * CARDS_PER_ITEM)) for i in range(ITEM_TYPES)]

    def cards(numbers: Sequence[int]) -> list[int]:
        out: list[int] = []
        for i, n in enumerate(numbers):
            if n:
                row = free[i]
                out += row[-n:]
                del row[-n:]
        return out

    s.drawn = free[ITEM_INDEX[v["drawn"]]].pop() if v["drawn"] else -1
    table = v["table"]
    s.table = [free[ITEM_INDEX[table["item"]]].pop() for _ in range(table["count"])] \
        if table else []
    s.discard = cards(v["discard"])
    s.winnings = [cards(seat["winnings"]) for seat in seats]
    s.ambush_gold = [[free[GOLD].pop() for _ in range(seat["ambushes"])] for seat in seats]
    known = [v["hand"] if h == player else seats[h]["known"] for h in range(p)]
    kept = [cards(row) for row in known]
    pool = [c for row in free for c in row]
    unknown = [0 if h == player else seats[h]["unknown"] for h in range(p)]
    need = offer_constraints(v, player)
    hands: list[list[int]] = []
    for attempt in range(_REDEALS + 1):
        pool = shuffled(pool, rng)
        hands, at = [], 0
        for h in range(p):
            hands.append(kept[h] + pool[at:at + unknown[h]])
            at += unknown[h]
        s.deck = pool[at:]
        if all(_may_offer(hands[h], banned) for h, banned in need.items()):
            break
        if attempt == _REDEALS:
            _repair(s, hands, kept, need)
    s.hands = hands
    s.offers = [[] for _ in range(p)]
    for h in range(p):
        offer = seats[h]["offer"]
        if offer is not None:
            chosen: list[int] = []
            for name in offer:
                item = ITEM_INDEX[name]
                chosen.append(next(c for c in hands[h]
                                   if c // CARDS_PER_ITEM == item and c not in chosen))
            s.offers[h] = chosen
        elif s.phase == BUY_OFFER and seats[h]["offered"] == OFFERED:
            s.offers[h] = [rng.choice([c for c in hands[h] if c // CARDS_PER_ITEM != COPPER])]
    _sample_knowledge(s, player, v)


def _may_offer(hand: list[int], banned: int) -> bool:
    """Say whether a hand holds a card of another item than `banned`."""
    return any(c // CARDS_PER_ITEM != banned for c in hand)


def _repair(s: Position, hands: list[list[int]], kept: list[list[int]],
            need: dict[int, int]) -> None:
    """Give every hand in `need` lacking a card it may offer one, swapped in for one of its
    dealt cards from the deck or from another hand's dealt cards that can spare it.

    Every constraint bans the same item (copper in a Buy; a Trade has one constraint), so a
    card that is not banned serves any hand, and swapping it out of a hand that still keeps
    another such card breaks nothing.
    """
    for h, banned in need.items():
        if _may_offer(hands[h], banned) or len(hands[h]) == len(kept[h]):
            continue
        first = len(kept[h])
        spare = next((i for i, c in enumerate(s.deck) if c // CARDS_PER_ITEM != banned), -1)
        if spare >= 0:
            s.deck[spare], hands[h][first] = hands[h][first], s.deck[spare]
            continue
        for g, hand in enumerate(hands):
            if g == h:
                continue
            allowed = [i for i in range(len(kept[g]), len(hand))
                       if hand[i] // CARDS_PER_ITEM != banned]
            if allowed and (g not in need or sum(
                    1 for c in hand if c // CARDS_PER_ITEM != banned) > 1):
                i = allowed[0]
                hand[i], hands[h][first] = hands[h][first], hand[i]
                break


def _sample_knowledge(s: Position, player: int, v: Mapping[str, Any]) -> None:
    """Set the knowledge table: the seat's own rows from the view, the public rows, and for
    every other observer the public cards only (see the module docstring)."""
    p = s.players
    seats = v["seats"]
    known: list[int] = []
    for h in range(p):
        public = seats[h]["public"]
        for o in range(p):
            if h == player:
                known += v["my_hand_known_to"][o]
            elif o == player:
                known += seats[h]["known"]
            else:
                known += public
    s.known = known
    robbing = s.phase == TAKE and s.drawn // CARDS_PER_ITEM == PEARLS
    if robbing and player not in (s.active, s.target):
        base = (s.target * p + s.active) * ITEM_TYPES
        known[base:base + ITEM_TYPES] = counts(s.hands[s.target])


def _sample_ambushes(s: Position, player: int, v: Mapping[str, Any],
                     rng: random.Random) -> None:
    """Place every ambush card: those the seat knows where it knows them, the others at
    random, never in front of the player of their own colour."""
    p = s.players
    everybody = (1 << (p + 1)) - 1
    mine = [AMBUSH_INDEX[n] for n in v["my_ambushes"]]
    look = [AMBUSH_INDEX[n] for n in v["ambush_look"]] if v["ambush_look"] else []
    deck = [AMBUSH_INDEX[n] if n is not None else -1 for n in reversed(v["ambush_deck"])]
    placed = set(mine) | set(look) | {a for a in deck if a >= 0}
    unknown = [a for a in range(AMBUSH_CARDS) if ambush_colour(a) < p and a not in placed]
    s.ambushes = [mine[:] if h == player else [-1] * seat["ambushes"]
                  for h, seat in enumerate(v["seats"])]
    drawing = s.phase == AMBUSH_KEEP
    s.ambush_drawn = look[:] if look else ([-1] * AMBUSH_DRAW if drawing else [])
    slots: list[tuple[list[int], int, int]] = [(deck, i, -1) for i, a in enumerate(deck)
                                               if a < 0]
    for h, row in enumerate(s.ambushes):
        if h != player:
            slots += [(row, i, h) for i in range(len(row))]
    slots += [(s.ambush_drawn, i, -1) for i, a in enumerate(s.ambush_drawn) if a < 0]
    for _ in range(_REDEALS):
        unknown = shuffled(unknown, rng)
        if all(owner < 0 or ambush_colour(card) != owner
               for card, (_, _, owner) in zip(unknown, slots, strict=True)):
            break
    for (box, i, _), card in zip(slots, unknown, strict=True):
        box[i] = card
    for box, i, owner in slots:
        if owner >= 0 and ambush_colour(box[i]) == owner:
            # Any slot not in front of the same player takes this card, and the card coming
            # back is not of the owner's colour (there is one card per colour).
            obox, oi, _ = next(t for t in slots if t[2] != owner)
            box[i], obox[oi] = obox[oi], box[i]
    s.ambush_deck = deck
    masks = [0] * AMBUSH_CARDS
    for i, who in enumerate(reversed(v["ambush_deck_known"])):
        mask = 0
        for q in who:
            mask |= 1 << q
        masks[deck[i]] = everybody if len(who) == p else mask
    for h, row in enumerate(s.ambushes):
        for a in row:
            masks[a] = 1 << h
    for a in s.ambush_drawn:
        masks[a] = 1 << s.active
    s.ambush_known = masks


def breakdown(s: Position) -> dict[str, Any]:
    """Return each seat's points by source: the cards of its winnings pile, and the
    commissions it completed (the single or shared value, as `rules.scores` counts them)."""
    winnings = [sum(ITEM_VALUES[c // CARDS_PER_ITEM] for c in pile) for pile in s.winnings]
    commissions = [0] * s.players
    for kind, done in enumerate(s.commissions):
        single, double = COMMISSION_VALUES[kind]
        for q in done:
            commissions[q] += single if len(done) == 1 else double
    return {"rows": [{"source": "winnings", "points": winnings},
                     {"source": "commissions", "points": commissions}]}
