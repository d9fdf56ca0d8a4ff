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


def determinize(s: NDState, o: int, rng: random.Random) -> NDState:
    """Return a state consistent with `o`'s view: every card whose place `o` does not know is
    shuffled among the places of its knowledge group (same colour, same pair), the knowledge
    of the other players follows the places, the unrevealed characters are reshuffled, the
    generator is replaced, and the log becomes what `o` has read."""
    d = s.clone()
    d.own_cards()
    known = s.know[o]
    # Group ids are small (colours 1-5, pairs from PAIR_GROUP): index lists, not dicts.
    zones_of: list[list[list[int]] | None] = [None] * (PAIR_GROUP + 9)
    where_of: list[list[int]] = [[] for _ in range(PAIR_GROUP + 9)]
    for zones in (d.deck, d.hand, d.received, d.facedown):
        for cards in zones:
            for i, c in enumerate(cards):
                g = known[c]
                if g:
                    spots = zones_of[g]
                    if spots is None:
                        zones_of[g] = spots = []
                    spots.append(cards)
                    where_of[g].append(i)
    perm = list(range(len(known)))
    draw = rng.random
    moved = False
    for g, spots in enumerate(zones_of):
        if spots is None or len(spots) < 2:
            continue
        where = where_of[g]
        cards = [zone[i] for zone, i in zip(spots, where, strict=True)]
        size = len(cards)
        shuffled = cards[:]
        for k in range(size - 1, 0, -1):
            j = int(draw() * (k + 1))
            shuffled[k], shuffled[j] = shuffled[j], shuffled[k]
        for zone, i, old, new in zip(spots, where, cards, shuffled, strict=True):
            zone[i] = new
            perm[new] = old
        moved = True
    if moved:
        # Other players' knowledge follows the places, so it reveals nothing of identities.
        for q in range(len(s.gold)):
            if q != o:
                row = s.know[q]
                d.know[q] = [row[x] for x in perm]
    k = s.rnd % 3
    hidden_brown = d.brown[2 * k + 2:]
    rng.shuffle(hidden_brown)
    d.brown[2 * k + 2:] = hidden_brown
    for period, letter in enumerate(GREY_BY_PERIOD):
        start = max(period * 3, s.rnd + 1)
        end = period * 3 + len(letter)
        if start < end:
            block = d.grey[start:end]
            rng.shuffle(block)
            d.grey[start:end] = block
    d.rng = rng.getrandbits(64)
    d.redact_for = o
    return d
