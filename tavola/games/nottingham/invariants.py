"""Consistency of a Nottingham state: every card in exactly one place, knowledge never more
than the truth, pending decisions well formed. Used when reading a saved state and by the
conformance tests."""

from __future__ import annotations

from operator import le

from tavola.games.nottingham.components import (
    AMBUSH_CARDS,
    CARDS_PER_ITEM,
    COMMISSION_COUNT,
    COMMISSIONS,
    GOLD,
    ITEM_CARDS,
    ITEM_TYPES,
    ambush_colour,
)
from tavola.games.nottingham.config import AMBUSH_DRAW
from tavola.games.nottingham.state import (
    AMBUSH_KEEP,
    AMBUSH_WINDOW,
    BUY_CHOOSE,
    BUY_OFFER,
    CHOOSE,
    DEFEND,
    DISCARD_DOWN,
    OVER,
    PHASES,
    TAKE,
    TRADE_CHOOSE,
    TRADE_OFFER,
    NottinghamState,
)


def item_locations(s: NottinghamState) -> list[int]:
    """Return every item card id found anywhere in the state (with repeats, if any)."""
    cards = [*s.deck, *s.discard, *s.table]
    for p in range(s.players):
        cards += s.hands[p] + s.winnings[p] + s.ambush_gold[p]
    if s.drawn >= 0:
        cards.append(s.drawn)
    return cards


def ambush_locations(s: NottinghamState) -> list[int]:
    """Return every ambush card id found anywhere in the state."""
    cards = [*s.ambush_deck, *s.ambush_drawn]
    for row in s.ambushes:
        cards += row
    return cards


def check_state(s: NottinghamState) -> str:
    """Return a description of the first inconsistency found, or '' if there is none."""
    p = s.players
    shapes: dict[str, list[list[int]] | list[int]] = {
        "hands": s.hands, "winnings": s.winnings, "ambushes": s.ambushes,
        "ambush_gold": s.ambush_gold, "offers": s.offers, "offered": s.offered}
    for name, rows in shapes.items():
        if len(rows) != p:
            return f"{name} has {len(rows)} entries for {p} players"
    if len(s.known) != p * p * ITEM_TYPES or len(s.ambush_known) != AMBUSH_CARDS:
        return "knowledge tables of the wrong size"
    if len(s.commissions) != len(COMMISSIONS):
        return "wrong number of commissions"
    if not 0 <= s.phase < len(PHASES) or not 0 <= s.active < p:
        return "no such phase or active player"
    if not 0 <= s.sheriff <= len(s.track) + 1:
        return "the sheriff is off the track"
    if sorted(item_locations(s)) != list(range(ITEM_CARDS)):
        return "item cards are not each in exactly one place"
    expected = [a for a in range(AMBUSH_CARDS) if ambush_colour(a) < p]
    if sorted(ambush_locations(s)) != expected:
        return "ambush cards are not each in exactly one place"
    for h in range(p):
        if len(s.ambushes[h]) != len(s.ambush_gold[h]):
            return "an ambush card without its gold"
        if any(g // CARDS_PER_ITEM != GOLD for g in s.ambush_gold[h]):
            return "a card under an ambush that is not gold"
        if h in s.ambushes[h]:
            return "an ambush card of its owner's colour"
        if any(c not in s.hands[h] for c in s.offers[h]):
            return "an offer not in its owner's hand"
        actual = [0] * ITEM_TYPES
        for c in s.hands[h]:
            actual[c // CARDS_PER_ITEM] += 1
        public = s.known[(h * p + h) * ITEM_TYPES:(h * p + h + 1) * ITEM_TYPES]
        for o in range(p):
            base = (h * p + o) * ITEM_TYPES
            row = s.known[base:base + ITEM_TYPES]
            if min(row) < 0 or not all(map(le, row, actual)):
                return "knowledge of a hand beyond the hand itself"
            if not all(map(le, public, row)):
                return "public knowledge that a player lacks"
    for done in s.commissions:
        if len(done) > 2 or len(set(done)) != len(done) or any(not 0 <= q < p for q in done):
            return "a commission completed wrongly"
    if any(not 0 <= q < p for q in s.queue):
        return "no such player asked"
    if s.phase in (BUY_OFFER, DEFEND, TRADE_OFFER, AMBUSH_WINDOW, DISCARD_DOWN) and not s.queue:
        return "a window with nobody asked"
    if s.phase in (DEFEND, TAKE) and not 0 <= s.target < p:
        return "an attack without a target"
    if s.phase == AMBUSH_WINDOW and not s.table:
        return "an ambush window without an exchange"
    if s.phase in (CHOOSE, DEFEND, TAKE, AMBUSH_KEEP) and s.drawn < 0:
        return "an action without its card"
    if len(set(s.queue)) != len(s.queue) or (s.active in s.queue and s.phase != DISCARD_DOWN):
        return "a player asked twice, or the active player asked to answer themself"
    if (s.phase == AMBUSH_KEEP) != bool(s.ambush_drawn) or (
            s.ambush_drawn and len(s.ambush_drawn) != AMBUSH_DRAW):
        return "ambush cards drawn outside an ambush"
    if s.table and s.phase != AMBUSH_WINDOW:
        return "cards on the table outside an exchange"
    if any(s.offers) and s.phase not in (BUY_OFFER, BUY_CHOOSE, TRADE_OFFER, TRADE_CHOOSE):
        return "offers outside a Buy or a Trade"
    home = s.sheriff > len(s.track)
    all_taken = sum(len(row) for row in s.commissions) == COMMISSION_COUNT
    if (s.phase == OVER) != (home or all_taken):
        return "the game is over exactly when the sheriff is home or all commissions are taken"
    # Imported here: rules and state import each other, and state is loaded first.
    from tavola.games.nottingham.rules import legal
    if s.phase != OVER and any(not legal(s, q) for q in s.to_act):
        return "a player asked with nothing they may do"
    return ""
