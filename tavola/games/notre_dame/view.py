"""What each player may know, and states re-sampled from it for search.

Public: the board, every quarter, gold, prestige (every gain is announced, so hiding it
would only test memory — docs/rulings.md), cubes, rats, messages, characters, cards played
face up, hand and deck sizes, and who has made their draft choice. Private: a player's hand,
the cards they received or passed, their draft choice, their face-down cards, and the
whereabouts of cards they once held. Nobody knows deck order, the order of characters not
yet revealed, or the generator.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tavola.games.notre_dame.components import (
    BENEFIT_NAMES,
    CARDS_PER_COLOUR,
    CHARACTER_NAMES,
    CHARACTER_RATS,
    COLOURS,
    GREY_BY_PERIOD,
    KIND_NAMES,
    MESSAGES_PER_COLOUR,
    SQUARES_PER_QUARTER,
    card_name,
)
from tavola.games.notre_dame.state import KNOWN, PAIR_GROUP, PHASE_NAMES, TASK_NAMES, NDState

SQUARE_NAMES = tuple(f"{sq // SQUARES_PER_QUARTER}.{sq % SQUARES_PER_QUARTER}"
                     for sq in range(5 * SQUARES_PER_QUARTER))
CARD_NAMES = tuple(card_name(c) for c in range(5 * CARDS_PER_COLOUR))
SECTOR_NAMES = KIND_NAMES[:7]


def _names(cards: list[int]) -> list[str]:
    return [CARD_NAMES[c] for c in sorted(cards)]


MESSAGE_VIEW = tuple((COLOURS[m // MESSAGES_PER_COLOUR], BENEFIT_NAMES[m % MESSAGES_PER_COLOUR])
                     for m in range(5 * MESSAGES_PER_COLOUR))
SECTOR_OR_NONE = (*SECTOR_NAMES, None)
CHARACTER_OR_NONE = (*CHARACTER_NAMES, None)


def view(s: NDState, viewer: int | None) -> dict[str, Any]:
    """Return what `viewer` may know (None: a spectator) as JSON data (tuples are arrays)."""
    game = s.game
    drafting = s.phase <= 1
    players = []
    for p, row in enumerate(s.sectors):
        players.append({
            "colour": COLOURS[p],
            "quarter": game.player_quarter[p],
            "gold": s.gold[p],
            "prestige": s.prestige[p],
            "rats": s.rats[p],
            "supply": s.supply[p],
            "general": s.general[p],
            "sectors": {"convent_school": row[0], "bank": row[1], "residence": row[2],
                        "carriage_house": row[3], "hotel": row[4], "park": row[5],
                        "hospital": row[6]},
            "friend": SECTOR_OR_NONE[s.friend[p]],
            "notre_dame": s.nd[p],
            "carriage": SQUARE_NAMES[s.carriage[p]],
            "messages": [MESSAGE_VIEW[m] for m in s.tiles[p]],
            "hired": CHARACTER_OR_NONE[s.hired[p]],
            "hand_size": len(s.hand[p]) + len(s.received[p]),
            "deck_size": len(s.deck[p]),
            "played": [CARD_NAMES[c] for c in s.played[p]],
            "facedown": len(s.facedown[p]),
            "draft_done": drafting and s.choice[p] >= 0,
        })
    task = None
    if s.stack:
        kind, who, x, y = s.stack[-1]
        task = {"task": TASK_NAMES[kind], "player": who, "x": x, "y": y}
    revealed = s.revealed
    out: dict[str, Any] = {
        "game": "notre-dame",
        "viewer": viewer,
        "round": s.rnd + 1,
        "period": "ABC"[s.rnd // 3],
        "phase": PHASE_NAMES[s.phase],
        "first": s.first,
        "to_act": list(s.to_act),
        "task": task,
        "characters": [CHARACTER_NAMES[c] for c in revealed],
        "plague": sum([CHARACTER_RATS[c] for c in revealed]),
        "quarters": game.quarters,
        "board": {SQUARE_NAMES[sq]: MESSAGE_VIEW[m] for sq, m in enumerate(s.board) if m >= 0},
        "bank": None if game.unlimited_gold else s.bank,
        "players": players,
    }
    if viewer is not None:
        out["me"] = _private(s, viewer)
    return out


def _private(s: NDState, o: int) -> dict[str, Any]:
    """What only `o` knows: own cards, the draft choice, and where cards they saw went."""
    known = s.know[o]
    elsewhere = []
    groups: dict[int, list[tuple[str, int]]] = {}
    for q in range(len(s.gold)):
        if q == o:
            continue
        for zone, cards in (("hand", s.hand[q]), ("received", s.received[q]),
                            ("facedown", s.facedown[q])):
            for c in cards:
                g = known[c]
                if g == KNOWN:
                    elsewhere.append((CARD_NAMES[c], q, zone))
                elif g >= PAIR_GROUP:
                    groups.setdefault(g, []).append((CARD_NAMES[c], q))
    choice = s.choice[o]
    chosen = None
    if choice >= 0:
        pool = s.hand[o] if s.phase == 0 else s.received[o]
        chosen = CARD_NAMES[pool[choice]]
    return {
        "hand": _names(s.hand[o]),
        "received": _names(s.received[o]),
        "choice": chosen,
        "facedown": _names(s.facedown[o]),
        "deck": _names(s.deck[o]),
        "known_elsewhere": sorted(elsewhere),
        # Which of the two holds which card is exactly what the player does not know.
        "split_pairs": [{"cards": sorted(c for c, _ in pair), "holders": sorted(q for _, q in pair)}
                        for _, pair in sorted(groups.items())],
    }


def _group_of_slot(slot: tuple[int, list[int], int]) -> int:
    return slot[0]


def _shuffled(items: list[int], draw: Callable[[], float]) -> list[int]:
    """Return `items` in uniformly random order (sorting by uniform keys: no ties in
    practice, and the sort runs in C)."""
    if len(items) < 2:
        return items
    return [c for _, c in sorted([(draw(), c) for c in items])]


def determinize(s: NDState, o: int, rng: random.Random) -> NDState:
    """Return a state consistent with `o`'s view: every card whose place `o` does not know is
    shuffled among the places of its knowledge group (same colour, same pair), the knowledge
    of the other players follows the places, the unrevealed characters are reshuffled, the
    generator is replaced, and the log becomes what `o` has read."""
    n = len(s.gold)
    d = s.shallow()
    d.brown = s.brown[:]
    d.grey = s.grey[:]
    # Copy only what changes; `cards_shared` stays set, so any later write copies again.
    d.deck = [x[:] for x in s.deck]
    d.hand = [x[:] for x in s.hand]
    d.received = [x[:] for x in s.received]
    d.facedown = [x[:] for x in s.facedown]
    d.know = s.know[:]
    known = s.know[o]
    draw = rng.random
    # Deck cards are unknown to everyone (cards only leave decks within a period), so a
    # deck is wholly its colour's group; only hands, received and face-down cards are read.
    extra_slots: list[tuple[int, list[int], int]] = []
    for zones in (d.hand, d.received, d.facedown):
        for zone in zones:
            for i, c in enumerate(zone):
                g = known[c]
                if g:
                    extra_slots.append((g, zone, i))
    # One sort deals every group at once: cards keyed by group + a uniform draw come out
    # grouped, each group in random order; slots are filled group by group, decks first.
    cards = [c for deck in d.deck for c in deck]
    cards += [zone[i] for _, zone, i in extra_slots]
    keys = [k + 1 + draw() for k, deck in enumerate(d.deck) for _ in deck]
    keys += [g + draw() for g, _, _ in extra_slots]
    dealt = [c for _, c in sorted(zip(keys, cards, strict=True))]
    extra_slots.sort(key=_group_of_slot)
    moves: list[tuple[int, int]] = []
    into_deck: list[tuple[int, int]] = []
    pos = 0
    slot = 0
    pairs = sorted({g for g, _, _ in extra_slots if g >= PAIR_GROUP})
    for g in [*range(1, n + 1), *pairs]:
        if g <= n:
            deck = d.deck[g - 1]
            size = len(deck)
            deck[:] = dealt[pos:pos + size]
            pos += size
        else:
            size = 0
        start = slot
        while slot < len(extra_slots) and extra_slots[slot][0] == g:
            _, zone, i = extra_slots[slot]
            old, new = zone[i], dealt[pos]
            zone[i] = new
            moves.append((old, new))
            pos += 1
            slot += 1
        if size and slot > start:
            placed = {new for _, new in moves[start:slot]}
            into_deck += [(old, g) for old, _ in moves[start:slot] if old not in placed]
    if moves:
        # Other players' knowledge follows the places, so it reveals nothing of identities.
        for q in range(n):
            if q == o:
                continue
            old_row = s.know[q]
            row = old_row[:]
            for old, new in moves:
                row[new] = old_row[old]
            for c, g in into_deck:
                row[c] = g
            d.know[q] = row
    k = s.rnd % 3
    d.brown[2 * k + 2:] = _shuffled(d.brown[2 * k + 2:], draw)
    for period, letter in enumerate(GREY_BY_PERIOD):
        start = max(period * 3, s.rnd + 1)
        end = period * 3 + len(letter)
        if start < end:
            d.grey[start:end] = _shuffled(d.grey[start:end], draw)
    d.rng = rng.getrandbits(64)
    d.redact_for = o
    return d
