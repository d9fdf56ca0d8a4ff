"""What each player may know of a Nottingham position, and determinization.

A player's view holds their own hand, each opponent's hand size split into the cards the
viewer is certain of (drawn face up, offered face up, laid open, seen in a Rob) and the
unknown rest (the starting hand, the sheriff's favours, cards that changed hands unseen),
the public table and, for the viewer, their own ambush cards and offers. `determinize`
keeps exactly that and re-samples the rest: unknown hand cards, the deck order, hidden
offers, the ambush cards the viewer cannot place and the generator — keeping every hand that
everybody knows can answer a Buy or a Trade able to. What other opponents privately know of
a re-dealt hand is dropped (see `_redeal_knowledge`).
"""

from __future__ import annotations

import random
from typing import Any

from tavola.core.events import log_events, log_from_events, redact
from tavola.games.nottingham.components import (
    AMBUSH_NAMES,
    CARDS_PER_ITEM,
    CHEST,
    COLOURS,
    COMMISSION_VALUES,
    COMMISSIONS,
    COPPER,
    ITEM_TYPES,
    ITEMS,
    PEARLS,
    ambush_colour,
)
from tavola.games.nottingham.rules import counts, scores, sheriff_number
from tavola.games.nottingham.state import (
    AMBUSH_KEEP,
    BUY_CHOOSE,
    BUY_OFFER,
    OFFERED,
    PHASES,
    TAKE,
    TRADE_CHOOSE,
    TRADE_OFFER,
    NottinghamState,
)

_OPEN_OFFERS = (BUY_CHOOSE, TRADE_OFFER, TRADE_CHOOSE)
_ATTEMPTS = 200
# Fresh deals tried before repairing one: a fresh deal keeps the exact odds, a repaired one
# only nearly, but a deal that needs repair is rare and redrawing it forever is slow.
_REDEALS = 30


def known_counts(s: NottinghamState, holder: int, viewer: int | None) -> list[int]:
    """Return how many of each item `viewer` is sure `holder` has (None: the public)."""
    o = holder if viewer is None else viewer
    base = (holder * s.players + o) * ITEM_TYPES
    return s.known[base:base + ITEM_TYPES]


def view(s: NottinghamState, viewer: int | None) -> dict[str, Any]:
    """Return what `viewer` may know (None: a spectator)."""
    p = s.players
    bit = 1 << (p if viewer is None else viewer)
    points = scores(s)
    seats = []
    for h in range(p):
        hand = s.hands[h]
        known = counts(hand) if h == viewer else known_counts(s, h, viewer)
        offer = None
        if s.offers[h] and (h == viewer or s.phase in _OPEN_OFFERS):
            offer = [ITEMS[c // CARDS_PER_ITEM] for c in s.offers[h]]
        seats.append({
            "colour": COLOURS[h],
            "hand_size": len(hand),
            "known": known,
            "unknown": len(hand) - sum(known),
            "public": known_counts(s, h, None),
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
    return {
        "viewer": viewer,
        "players": p,
        "turn": s.turn,
        "active": s.active,
        "phase": PHASES[s.phase],
        "to_act": list(s.to_act),
        "target": s.target,
        "drawn": ITEMS[s.drawn // CARDS_PER_ITEM] if s.drawn >= 0 else None,
        "sheriff": s.sheriff,
        "track": list(s.track),
        "sheriff_number": sheriff_number(s),
        "deck": len(s.deck),
        "discard": counts(s.discard),
        "commissions": [list(done) for done in s.commissions],
        "commission_values": [list(v) for v in COMMISSION_VALUES],
        "commission_names": list(COMMISSIONS),
        "seats": seats,
        "hand": counts(s.hands[viewer]) if viewer is not None else None,
        "my_ambushes": ([AMBUSH_NAMES[a] for a in s.ambushes[viewer]]
                        if viewer is not None else None),
        "ambush_deck": [AMBUSH_NAMES[a] if s.ambush_known[a] & bit else None
                        for a in reversed(s.ambush_deck)],
        "ambush_look": look,
        "table": table,
    }


def determinize(s: NottinghamState, player: int, rng: random.Random) -> NottinghamState:
    """Return a full state that `player` cannot tell from this one."""
    d = None
    for _ in range(_REDEALS):
        d = _sample_items(s, player, rng, repair=False)
        if d is not None:
            break
    if d is None:
        # A rare deal (few cards may be offered): move one such card into each hand that
        # needs it instead of drawing again and again.
        d = _sample_items(s, player, rng, repair=True)
    if d is None:
        # Unreachable for a consistent state (its own deal is one answer); keep the deal
        # rather than fail.
        d = s.clone()
    _sample_ambushes(s, d, player, rng)
    d.rng = rng.getrandbits(64)
    d.logcell = log_from_events(list(redact(log_events(s.logcell), player)))
    return d


def offer_constraints(s: NottinghamState, player: int) -> dict[int, int]:
    """Return, for each opponent of `player` whom everybody knows to hold a card that may be
    offered now, the one item such a card is not (seed, "Acquisto", "Commercio").

    In a Buy every player still asked or holding a hidden offer was not announced, so they
    hold a card that is not a copper coin; in a Trade, the player being asked holds a card
    that is not a chest. A re-dealt hand must keep that, or the player could not act.
    """
    if s.phase == BUY_OFFER:
        return {h: COPPER for h in range(s.players)
                if h != player and (h in s.queue or s.offered[h] == OFFERED)}
    if s.phase == TRADE_OFFER and s.queue and s.queue[0] != player:
        return {s.queue[0]: CHEST}
    return {}


def _sample_items(s: NottinghamState, player: int, rng: random.Random,
                  repair: bool) -> NottinghamState | None:
    """Deal the item cards `player` cannot see at random; None if a hand that must hold a
    card it may offer does not (with `repair`, such a card is first moved into it; never
    None then for a consistent state: its own deal is one answer)."""
    p = s.players
    d = s.clone()
    pool = d.deck[:]
    kept: list[list[int]] = [[] for _ in range(p)]
    for h in range(p):
        if h == player:
            continue
        need = known_counts(s, h, player)[:]
        for card in s.hands[h]:
            item = card // CARDS_PER_ITEM
            if need[item]:
                need[item] -= 1
                kept[h].append(card)
            else:
                pool.append(card)
    rng.shuffle(pool)
    at = 0
    for h in range(p):
        if h == player:
            continue
        extra = len(s.hands[h]) - len(kept[h])
        d.hands[h] = kept[h] + pool[at:at + extra]
        at += extra
    d.deck = pool[at:]
    constraints = offer_constraints(s, player)
    for h, banned in constraints.items():
        if _may_offer(d.hands[h], banned):
            continue
        if not repair or not _lend_a_card(d, player, h, len(kept[h]), constraints, kept):
            return None
    for h in range(p):
        if h == player:
            continue
        if s.phase == BUY_OFFER and s.offered[h] == OFFERED:
            d.offers[h] = [rng.choice([x for x in d.hands[h]
                                       if x // CARDS_PER_ITEM != COPPER])]
        elif s.offers[h]:
            chosen: list[int] = []
            for card in s.offers[h]:
                item = card // CARDS_PER_ITEM
                chosen.append(next(x for x in d.hands[h]
                                   if x // CARDS_PER_ITEM == item and x not in chosen))
            d.offers[h] = chosen
        _redeal_knowledge(s, d, player, h)
    return d


def _redeal_knowledge(s: NottinghamState, d: NottinghamState, player: int, h: int) -> None:
    """Set what each other opponent is sure of in `h`'s re-dealt hand to the public cards.

    What they saw privately (a Rob's look, a stolen card) is unknown to `player`, and even
    how many of `h`'s cards they are still sure of can turn on cards `player` never saw (a
    card leaving in view may or may not be the one they knew), so only what `player` knows
    they know is kept: the public cards, and the whole hand while a robber is looking at it.
    """
    p = s.players
    public = known_counts(s, h, None)
    looking = s.phase == TAKE and s.target == h and s.drawn // CARDS_PER_ITEM == PEARLS
    for o in range(p):
        if o in (player, h):
            continue
        base = (h * p + o) * ITEM_TYPES
        whole = looking and o == s.active
        d.known[base:base + ITEM_TYPES] = counts(d.hands[h]) if whole else public


def _may_offer(hand: list[int], banned: int) -> bool:
    """Say whether a hand holds a card of another item than `banned`."""
    return any(c // CARDS_PER_ITEM != banned for c in hand)


def _lend_a_card(d: NottinghamState, player: int, h: int, first: int,
                 constraints: dict[int, int], kept: list[list[int]]) -> bool:
    """Swap one of `h`'s sampled cards (index `first` on) for a card `h` may offer, from the
    deck or from another player's sampled cards who can spare it."""
    banned = constraints[h]
    if first >= len(d.hands[h]):
        return False
    for i, card in enumerate(d.deck):
        if card // CARDS_PER_ITEM != banned:
            d.deck[i], d.hands[h][first] = d.hands[h][first], card
            return True
    for g in range(d.players):
        if g in (h, player):
            continue
        hand = d.hands[g]
        own = constraints.get(g)
        for i in range(len(kept[g]), len(hand)):
            card = hand[i]
            if card // CARDS_PER_ITEM == banned:
                continue
            if own is not None:
                # g must keep a card it may offer after the swap.
                rest = hand[:i] + hand[i + 1:] + [d.hands[h][first]]
                if not _may_offer(rest, own):
                    continue
            hand[i], d.hands[h][first] = d.hands[h][first], card
            return True
    return False


def _sample_ambushes(s: NottinghamState, d: NottinghamState, player: int,
                     rng: random.Random) -> None:
    """Re-deal the ambush cards `player` cannot place, keeping every card in front of a
    player off that player's own colour."""
    bit = 1 << player
    spots: list[tuple[list[int], int, int]] = []  # (container, index, owner or -1)
    for i, a in enumerate(d.ambush_deck):
        if not s.ambush_known[a] & bit:
            spots.append((d.ambush_deck, i, -1))
    for h in range(s.players):
        for i, a in enumerate(d.ambushes[h]):
            if not s.ambush_known[a] & bit:
                spots.append((d.ambushes[h], i, h))
    for i, a in enumerate(d.ambush_drawn):
        if not s.ambush_known[a] & bit:
            spots.append((d.ambush_drawn, i, -1))
    if len(spots) < 2:
        return
    cards = [box[i] for box, i, _ in spots]
    masks = [s.ambush_known[c] for c in cards]
    for _ in range(_ATTEMPTS):
        order = cards[:]
        rng.shuffle(order)
        if all(ambush_colour(c) != owner or owner < 0
               for c, (_, _, owner) in zip(order, spots, strict=True)):
            break
    else:
        # A shuffle passes at least about a third of the time (one forbidden card per spot),
        # so this is never reached in practice; the true placement is a valid answer.
        order = cards
    for c, mask, (box, i, _) in zip(order, masks, spots, strict=True):
        box[i] = c
        d.ambush_known[c] = mask
