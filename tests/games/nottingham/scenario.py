"""Scenario helpers: build specific Nottingham positions instead of waiting for lucky
shuffles, and short-hands for playing them."""

from __future__ import annotations

from tavola.core import make
from tavola.games.nottingham.components import (
    AMBUSH_CARDS,
    AMBUSH_NAMES,
    CARDS_PER_ITEM,
    ITEM_TYPES,
    ITEMS,
    ambush_colour,
)
from tavola.games.nottingham.game import NottinghamState
from tavola.games.nottingham.rules import counts
from tavola.games.nottingham.schema import problem
from tavola.games.nottingham.state import CHOOSE, DISCARD_DOWN, EXCHANGE

ITEM = {name: i for i, name in enumerate(ITEMS)}


def table(players: int = 4, hands: dict[int, list[str]] | None = None,
          drawn: str | None = None, deck_top: list[str] | None = None,
          discard: list[str] | None = None, deck_rest: bool = True, active: int = 0,
          sheriff: int = 0, ambushes: dict[int, list[str]] | None = None,
          ambush_deck_top: list[str] | None = None, seen: bool = False,
          track: str = "long", **options: object) -> NottinghamState:
    """Return a position with the given hands (item names; unseen by others unless `seen`),
    the shown card `drawn` (phase choose) or none (phase exchange), the deck's top cards
    (first is the top), the discard, ambush cards in play and the ambush deck's top cards.
    With `deck_rest` False the deck holds only `deck_top` and the unused cards go to the
    discard pile."""
    base = make("nottingham", players, 0, track=track, **options)
    assert isinstance(base, NottinghamState)
    s = base.clone()
    pool = {i: list(range(i * CARDS_PER_ITEM, (i + 1) * CARDS_PER_ITEM)) for i in range(7)}

    def card(name: str) -> int:
        return pool[ITEM[name]].pop()

    hands = hands or {}
    ambushes = ambushes or {}
    s.hands = [[card(n) for n in hands.get(p, [])] for p in range(players)]
    s.known = [0] * (players * players * ITEM_TYPES)
    if seen:
        for h in range(players):
            c = counts(s.hands[h])
            for o in range(players):
                base_i = (h * players + o) * ITEM_TYPES
                s.known[base_i:base_i + ITEM_TYPES] = c
    s.ambushes = [[AMBUSH_NAMES.index(a) for a in ambushes.get(p, [])] for p in range(players)]
    s.ambush_gold = [[card("gold") for _ in row] for row in s.ambushes]
    s.ambush_known = [0] * AMBUSH_CARDS
    for p, row in enumerate(s.ambushes):
        for a in row:
            s.ambush_known[a] = 1 << p
    s.drawn = card(drawn) if drawn else -1
    top = [card(n) for n in deck_top or []]
    s.discard = [card(n) for n in discard or []]
    rest = [c for i in range(7) for c in pool[i]]
    if deck_rest:
        s.deck = rest + top[::-1]
    else:
        s.deck = top[::-1]
        s.discard += rest
    in_play = {a for row in s.ambushes for a in row}
    chosen = [AMBUSH_NAMES.index(a) for a in ambush_deck_top or []]
    others = [a for a in range(AMBUSH_CARDS)
              if ambush_colour(a) < players and a not in in_play and a not in chosen]
    s.ambush_deck = others + chosen[::-1]
    s.winnings = [[] for _ in range(players)]
    s.commissions = [[] for _ in range(4)]
    s.active = active
    s.sheriff = sheriff
    s.phase = CHOOSE if drawn else EXCHANGE
    s.queue = []
    s.target = -1
    s.table = []
    s.ambush_drawn = []
    s.offers = [[] for _ in range(players)]
    s.offered = [0] * players
    s._legal_cache = None
    assert problem(s) == "", problem(s)
    return s


def hand(s: NottinghamState, p: int) -> list[str]:
    """Return a player's hand as sorted item names."""
    return sorted(ITEMS[c // CARDS_PER_ITEM] for c in s.hands[p])


def known(s: NottinghamState, holder: int, viewer: int | None) -> dict[str, int]:
    """Return what `viewer` (None: everybody) knows of `holder`'s hand, by item name."""
    v = s.view(viewer)
    row = v["seats"][holder]["known"]
    return {ITEMS[i]: n for i, n in enumerate(row) if n}


def play(s: NottinghamState, *moves: tuple[int, str]) -> NottinghamState:
    """Apply (player, action) moves in order."""
    for player, action in moves:
        nxt = s.apply(player, action)
        assert isinstance(nxt, NottinghamState)
        assert problem(nxt) == "", problem(nxt)
        s = nxt
    return s


def legal(s: NottinghamState, player: int) -> list[str]:
    """Return a player's legal actions as text."""
    return [str(a) for a in s.legal_actions(player)]


def log_keys(s: NottinghamState, viewer: int | None) -> list[str]:
    """Return the keys of the log as `viewer` reads it."""
    return [e.key for e in s.log(viewer)]


def bank(s: NottinghamState, player: int, *items: str) -> None:
    """Move cards of the named items from the deck to a player's winnings (set-up only)."""
    for name in items:
        card = next(c for c in s.deck if c // CARDS_PER_ITEM == ITEM[name])
        s.deck.remove(card)
        s.winnings[player].append(card)


def empty_the_deck_and_discard(s: NottinghamState, hoarder: int) -> None:
    """Put every card of the deck and the discard into the hand of `hoarder`, unseen (set-up
    only). In a real game a deck and a discard can only run out this way: cards won are
    bounded by the sheriff's moves, so nearly all of the 84 cards are then in hands."""
    s.hands[hoarder] += s.deck + s.discard
    s.deck, s.discard = [], []


def discard_down(s: NottinghamState, seat: int) -> NottinghamState:
    """Let `seat` discard (its first legal choice) while it is asked to discard down."""
    while s.phase == DISCARD_DOWN and s.to_act == (seat,):
        s = play(s, (seat, legal(s, seat)[0]))
    return s
