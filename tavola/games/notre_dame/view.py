"""What each player may know, and full positions drawn from it alone for search.

Public: the board, every quarter, gold, prestige (every gain is announced, so hiding it
would only test memory: ruling 'Public record as a memory aid'), cubes, rats, messages, the revealed
characters and those still to come this period, cards played face up, the sizes of hands,
received cards, decks and face-down piles, whose turn it is and who has made their draft
choice. Private: a player's hand, the cards they received, their draft choice, their
face-down cards (by round), the cards left in their deck, which of their hidden cards
another player saw, and the whereabouts of cards they once held: exactly, or as one of a pair
they passed that is now split between two hands. Nobody knows deck order, the order of
characters still to come, or the generator.

`sample` builds a full position from one player's view (and log) alone. The draft follows a
public pattern (rules.py, "who knows which card"), so every hidden card's colour and round
are public; what a seat does not know is which card of that colour lies where. Each such
card is dealt uniformly among the places of its colour the seat cannot see (decks included),
the two cards of each split pair are dealt to their two hands in random order, everyone
else's pending draft choice is drawn uniformly, the characters still to come are shuffled and
the generator is new. The other players' knowledge then follows from the dealt cards.

`reseed` keeps a whole position and redraws only what no seat knows: deck order, the order
of the characters still to come, and the generator.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tavola.core import CorruptState, Event
from tavola.games.notre_dame.components import (
    BENEFIT_NAMES,
    BROWN,
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
from tavola.games.notre_dame.config import GOLD_IN_GAME, PLAYS_PER_ROUND, ROUNDS_PER_PERIOD
from tavola.games.notre_dame.rules import Roles, knowledge, role_colours
from tavola.games.notre_dame.state import (
    DRAFT_KEEP,
    DRAFT_PICK,
    F_BROWN,
    F_CARDS,
    KNOWN,
    OVER,
    PAIR_GROUP,
    PHASE_NAMES,
    PLAY,
    TASK_NAMES,
    NDState,
)

SQUARE_NAMES = tuple(f"{sq // SQUARES_PER_QUARTER}.{sq % SQUARES_PER_QUARTER}"
                     for sq in range(5 * SQUARES_PER_QUARTER))
CARD_NAMES = tuple(card_name(c) for c in range(5 * CARDS_PER_COLOUR))
SECTOR_NAMES = KIND_NAMES[:7]
MESSAGE_VIEW = tuple((COLOURS[m // MESSAGES_PER_COLOUR], BENEFIT_NAMES[m % MESSAGES_PER_COLOUR])
                     for m in range(5 * MESSAGES_PER_COLOUR))
SECTOR_OR_NONE = (*SECTOR_NAMES, None)
CHARACTER_OR_NONE = (*CHARACTER_NAMES, None)

SQUARE_INDEX = {name: sq for sq, name in enumerate(SQUARE_NAMES)}
CARD_INDEX = {name: c for c, name in enumerate(CARD_NAMES)}
SECTOR_INDEX = {name: t for t, name in enumerate(SECTOR_NAMES)}
CHARACTER_INDEX = {name: c for c, name in enumerate(CHARACTER_NAMES)}
MESSAGE_INDEX = {pair: m for m, pair in enumerate(MESSAGE_VIEW)}


def _names(cards: list[int]) -> list[str]:
    return [CARD_NAMES[c] for c in sorted(cards)]


def to_come(s: NDState) -> list[int]:
    """Return the characters of this period not yet revealed (public: the others were seen)."""
    if s.phase == OVER:
        return []
    k = s.rnd % ROUNDS_PER_PERIOD
    period_end = s.rnd - k + ROUNDS_PER_PERIOD
    return s.brown[2 * k + 2:] + s.grey[s.rnd + 1:period_end]


def view(s: NDState, viewer: int | None) -> dict[str, Any]:
    """Return what `viewer` may know (None: a spectator) as JSON data, equal to its own JSON
    round trip (lists, never tuples)."""
    setting = s.setting
    drafting = s.phase <= DRAFT_PICK
    players = []
    for p, row in enumerate(s.sectors):
        players.append({
            "colour": COLOURS[p],
            "quarter": setting.player_quarter[p],
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
            "messages": [list(MESSAGE_VIEW[m]) for m in s.tiles[p]],
            "hired": CHARACTER_OR_NONE[s.hired[p]],
            "hand_size": len(s.hand[p]),
            "received_size": len(s.received[p]),
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
        "period": "ABC"[s.rnd // ROUNDS_PER_PERIOD],
        "phase": PHASE_NAMES[s.phase],
        "first": s.first,
        "turn": s.turn,
        "to_act": list(s.to_act),
        "task": task,
        "characters": [CHARACTER_NAMES[c] for c in revealed],
        "to_come": sorted(CHARACTER_NAMES[c] for c in to_come(s)),
        "plague": sum([CHARACTER_RATS[c] for c in revealed]),
        "quarters": setting.quarters,
        "board": {SQUARE_NAMES[sq]: list(MESSAGE_VIEW[m])
                  for sq, m in enumerate(s.board) if m >= 0},
        "bank": None if setting.unlimited_gold else s.bank,
        "players": players,
    }
    if viewer is not None:
        out["me"] = _private(s, viewer)
    return out


def _private(s: NDState, o: int) -> dict[str, Any]:
    """What only `o` knows: own cards, the draft choice, who saw which of them, and where
    cards they saw went."""
    known = s.know[o]
    r0 = s.rnd % ROUNDS_PER_PERIOD
    elsewhere = []
    groups: dict[int, list[tuple[str, int]]] = {}
    n = len(s.gold)
    for q in range(n):
        if q == o:
            continue
        places = [(c, "hand", r0) for c in s.hand[q]]
        places += [(c, "received", r0) for c in s.received[q]]
        places += [(c, "facedown", r) for r, c in enumerate(s.facedown[q])]
        for c, zone, r in places:
            g = known[c]
            if g == KNOWN:
                elsewhere.append([CARD_NAMES[c], q, zone, r])
            elif g >= PAIR_GROUP:
                groups.setdefault(g, []).append((CARD_NAMES[c], q))
    seen_by = {}
    for c in s.hand[o] + s.received[o] + s.facedown[o]:
        others = [q for q in range(n) if q != o and s.know[q][c] == KNOWN]
        if others:
            seen_by[CARD_NAMES[c]] = others
    choice = s.choice[o]
    chosen = None
    if choice >= 0:
        pool = s.hand[o] if s.phase == DRAFT_KEEP else s.received[o]
        chosen = CARD_NAMES[pool[choice]]
    start = s.rnd - r0
    return {
        "hand": _names(s.hand[o]),
        "received": _names(s.received[o]),
        "choice": chosen,
        "facedown": [CARD_NAMES[c] for c in s.facedown[o]],
        "deck": _names(s.deck[o]),
        "seen_by": seen_by,
        "known_elsewhere": sorted(elsewhere),
        # Which of the two holds which card is exactly what the player does not know.
        "split_pairs": [{"round": g - PAIR_GROUP - start,
                         "cards": sorted(c for c, _ in pair),
                         "holders": sorted(q for _, q in pair)}
                        for g, pair in sorted(groups.items())],
    }


# -- sampling ---------------------------------------------------------------------------------
def sample(d: NDState, o: int, v: Mapping[str, Any], log: Sequence[Event],
           rng: random.Random) -> None:
    """Fill the blank position `d` with a position drawn from `o`'s view `v` and log alone
    (see the module docstring); raise CorruptState if the view is not one of this game."""
    n = d.setting.players
    if len(v["players"]) != n or "me" not in v or v["viewer"] != o:
        raise CorruptState("not this seat's view of this game")
    _public(d, v)
    _characters(d, v, rng)
    _cards(d, o, v, rng)
    me = v["me"]
    chosen = me["choice"]
    pool_of = d.hand if d.phase == DRAFT_KEEP else d.received
    for q, pl in enumerate(v["players"]):
        if q == o:
            d.choice[q] = -1 if chosen is None else pool_of[q].index(CARD_INDEX[chosen])
        elif pl["draft_done"]:
            d.choice[q] = rng.randrange(len(pool_of[q]))
    d.rng = rng.getrandbits(64)
    d.log_base = tuple(log)


def reseed(s: NDState, rng: random.Random) -> None:
    """Redraw, in the fresh fork `s`, what no seat knows: the order of every deck, of the
    brown characters still to come this period, of the grey characters still to come this
    period and of each later period's grey letter; and the generator, which shuffles the
    later periods' brown characters and decks. Every card's place and everyone's knowledge
    stay, so every view and log stays."""
    s.own(F_CARDS | F_BROWN)
    for deck in s.deck:
        rng.shuffle(deck)
    k = s.rnd % ROUNDS_PER_PERIOD
    brown = s.brown[2 * k + 2:]
    rng.shuffle(brown)
    s.brown[2 * k + 2:] = brown
    grey = s.grey[:]
    period_end = s.rnd - k + ROUNDS_PER_PERIOD
    for start, stop in [(s.rnd + 1, period_end),
                        *((b, b + ROUNDS_PER_PERIOD)
                          for b in range(period_end, len(grey), ROUNDS_PER_PERIOD))]:
        block = grey[start:stop]
        rng.shuffle(block)
        grey[start:stop] = block
    s.grey = grey
    s.rng = rng.getrandbits(64)


def _public(d: NDState, v: Mapping[str, Any]) -> None:
    """Copy everything public from the view."""
    for q, pl in enumerate(v["players"]):
        d.gold[q] = pl["gold"]
        d.prestige[q] = pl["prestige"]
        d.rats[q] = pl["rats"]
        d.supply[q] = pl["supply"]
        d.general[q] = pl["general"]
        d.sectors[q] = [pl["sectors"][name] for name in SECTOR_NAMES]
        d.friend[q] = -1 if pl["friend"] is None else SECTOR_INDEX[pl["friend"]]
        d.nd[q] = pl["notre_dame"]
        d.carriage[q] = SQUARE_INDEX[pl["carriage"]]
        d.tiles[q] = [MESSAGE_INDEX[(c, b)] for c, b in pl["messages"]]
        msgs = [0] * 5
        for m in d.tiles[q]:
            msgs[m // MESSAGES_PER_COLOUR] += 1
        d.msgs[q] = msgs
        d.hired[q] = -1 if pl["hired"] is None else CHARACTER_INDEX[pl["hired"]]
        d.played[q] = [CARD_INDEX[c] for c in pl["played"]]
    for square, (c, b) in v["board"].items():
        d.board[SQUARE_INDEX[square]] = MESSAGE_INDEX[(c, b)]
    d.bank = GOLD_IN_GAME - sum(d.gold) if v["bank"] is None else v["bank"]
    d.rnd = v["round"] - 1
    d.phase = PHASE_NAMES.index(v["phase"])
    d.first = v["first"]
    d.turn = v["turn"]
    task = v["task"]
    d.stack = ([] if task is None else
               [(TASK_NAMES.index(task["task"]), task["player"], task["x"], task["y"])])


def _shuffled(items: list[int], rng: random.Random) -> list[int]:
    """Return `items` in uniformly random order (sorting by uniform keys: one C-level draw per
    item, ties have probability 0 in practice)."""
    if len(items) < 2:
        return items
    draw = rng.random
    return [c for _, c in sorted([(draw(), c) for c in items])]


def _characters(d: NDState, v: Mapping[str, Any], rng: random.Random) -> None:
    """Revealed characters stay; those still to come this period and the later periods'
    grey ones are shuffled; those already gone this period go first, in any order."""
    d.revealed = [CHARACTER_INDEX[c] for c in v["characters"]]
    coming = {CHARACTER_INDEX[c] for c in v["to_come"]}
    now = set(d.revealed)
    brown_now = [c for c in d.revealed if c in BROWN]
    gone = sorted(c for c in BROWN if c not in now and c not in coming)
    d.brown = gone + brown_now + _shuffled(sorted(c for c in BROWN if c in coming), rng)
    period = d.rnd // ROUNDS_PER_PERIOD
    grey: list[int] = []
    for letter, block in enumerate(GREY_BY_PERIOD):
        if letter < period or d.phase == OVER:
            grey += block
        elif letter > period:
            grey += _shuffled(list(block), rng)
        else:
            current = [c for c in d.revealed if c in block]
            grey += sorted(c for c in block if c not in now and c not in coming)
            grey += current + _shuffled(sorted(c for c in block if c in coming), rng)
    d.grey = grey


def _cards(d: NDState, o: int, v: Mapping[str, Any], rng: random.Random) -> None:
    """Deal every card `o` cannot place, then derive everyone's knowledge."""
    deal = _Deal(d, o, v)
    deal.finished_drafts()
    deal.draft_under_way()
    deal.deal(rng)
    deal.lay_out()


Place = tuple[int, int, int]
"""(player, round of this period, role) of a card kept from a finished draft."""


class _Deal:
    """One sample's card deal: what `o` can place, the places it cannot see, and the deal."""

    def __init__(self, d: NDState, o: int, v: Mapping[str, Any]) -> None:
        self.d, self.o, self.n = d, o, d.setting.players
        self.me: Mapping[str, Any] = v["me"]
        self.players: Sequence[Mapping[str, Any]] = v["players"]
        self.r0 = d.rnd % ROUNDS_PER_PERIOD
        me = self.me
        # (holder, round) -> the hidden cards `o` can place there: its own and those it saw.
        self.known_at: dict[tuple[int, int], list[int]] = {}
        for name, q, _, r in me["known_elsewhere"]:
            self.known_at.setdefault((q, r), []).append(CARD_INDEX[name])
        self.own_hand = [CARD_INDEX[c] for c in me["hand"]]
        for r, name in enumerate(me["facedown"]):
            self.known_at[(o, r)] = [CARD_INDEX[name]]
        if d.phase == PLAY:
            self.known_at.setdefault((o, self.r0), []).extend(self.own_hand)
        self.seen_by_other = {CARD_INDEX[c] for c in me["seen_by"]}
        self.pairs = {entry["round"]: [CARD_INDEX[c] for c in entry["cards"]]
                      for entry in me["split_pairs"]}
        placed = {CARD_INDEX[c] for pl in self.players for c in pl["played"]}
        placed.update(CARD_INDEX[c] for c in me["received"])
        placed.update(CARD_INDEX[c] for c in me["deck"])
        placed.update(self.own_hand)
        for cards in (*self.known_at.values(), *self.pairs.values()):
            placed.update(cards)
        self.placed = placed
        self.roles: list[list[list[int | None]]] = [[] for _ in range(self.n)]
        self.facedown_role: list[list[int]] = [[] for _ in range(self.n)]
        self.unseen: dict[int, list[Place]] = {c: [] for c in range(self.n)}
        self.pair_places: dict[int, list[Place]] = {}
        self.hand: list[list[int | None]] = [[] for _ in range(self.n)]
        self.received: list[list[int | None]] = [[] for _ in range(self.n)]
        self.unseen_drafted: dict[int, list[tuple[list[int | None], int]]] = {
            c: [] for c in range(self.n)}
        self.decks: list[list[int]] = [[] for _ in range(self.n)]

    def finished_drafts(self) -> None:
        """Give every card of a finished draft its role, and list the places `o` cannot
        see by colour (or as one of its split pairs' two places)."""
        d, o, n = self.d, self.o, self.n
        done = self.r0 + 1 if d.phase >= PLAY else self.r0
        for q in range(n):
            colours = role_colours(q, n)
            for r in range(done):
                row: list[int | None] = [None, None, None]
                free = [0, 1, 2]
                played = d.played[q][2 * r:2 * r + 2]
                for card in self.known_at.get((q, r), []):
                    role = _role(colours, card, q, o, n, card in self.seen_by_other)
                    if role not in free:
                        raise CorruptState("the view's cards do not fit the draft")
                    row[role] = card
                    free.remove(role)
                for card in played:
                    colour = card // CARDS_PER_COLOUR
                    if n > 2 or colour != q:
                        role = colours.index(colour) if colour in colours else -1
                    else:
                        # The card passed back (role 2) is always one `o` can place, so an
                        # own-colour card played beside an unplaced one was that one.
                        role = 2 if 2 in free else 0
                    if role not in free:
                        raise CorruptState("the view's played cards do not fit the draft")
                    row[role] = card
                    free.remove(role)
                for role in free:
                    if colours[role] == o and q != o and n > 2:
                        self.pair_places.setdefault(r, []).append((q, r, role))
                    else:
                        self.unseen[colours[role]].append((q, r, role))
                if len(played) == PLAYS_PER_ROUND:
                    self.facedown_role[q].append(
                        free[0] if free else next(k for k in range(3) if row[k] not in played))
                self.roles[q].append(row)

    def draft_under_way(self) -> None:
        """List the hands and received piles of a draft not finished yet; `o` can place
        its own cards and the two it passed."""
        d, o, n = self.d, self.o, self.n
        if d.phase not in (DRAFT_KEEP, DRAFT_PICK):
            return
        for q, pl in enumerate(self.players):
            if q == o:
                self.hand[q] = list(self.own_hand)
                self.received[q] = [CARD_INDEX[c] for c in self.me["received"]]
                continue
            self.hand[q] = [None] * pl["hand_size"]
            self.unseen_drafted[q] += [(self.hand[q], i) for i in range(pl["hand_size"])]
            passed = self.known_at.get((q, self.r0), []) if q == (o + 1) % n else []
            pile: list[int | None] = list(passed)
            pile += [None] * (pl["received_size"] - len(passed))
            self.received[q] = pile
            self.unseen_drafted[(q - 1) % n] += [(pile, i)
                                                 for i in range(len(passed), len(pile))]

    def deal(self, rng: random.Random) -> None:
        """Deal each colour's cards `o` cannot place over that colour's unseen places, the
        rest into the deck; then each split pair over its two places."""
        o = self.o
        for c in range(self.n):
            pool = _shuffled([card for card in range(c * CARDS_PER_COLOUR,
                                                     (c + 1) * CARDS_PER_COLOUR)
                              if card not in self.placed], rng)
            deck_size = 0 if c == o else self.players[c]["deck_size"]
            if len(pool) != len(self.unseen[c]) + len(self.unseen_drafted[c]) + deck_size:
                raise CorruptState("the view's card counts do not add up")
            cards = iter(pool)
            for q, r, role in self.unseen[c]:
                self.roles[q][r][role] = next(cards)
            for pile, i in self.unseen_drafted[c]:
                pile[i] = next(cards)
            self.decks[c] = list(cards)
        self.decks[o] = _shuffled([CARD_INDEX[c] for c in self.me["deck"]], rng)
        for r, places in sorted(self.pair_places.items()):
            pair = _shuffled(self.pairs.get(r, []), rng)
            if len(pair) != len(places):
                raise CorruptState("the view's split pairs do not fit the draft")
            for (q, _, role), card in zip(places, pair, strict=True):
                self.roles[q][r][role] = card

    def lay_out(self) -> None:
        """Put the dealt cards in their piles and derive every player's knowledge."""
        d, r0 = self.d, self.r0
        roles: Roles = [[_complete(row) for row in rows] for rows in self.roles]
        for q in range(self.n):
            d.deck[q] = self.decks[q]
            d.facedown[q] = [roles[q][r][role] for r, role in enumerate(self.facedown_role[q])]
            if d.phase == PLAY:
                gone = set(d.facedown[q]) | set(d.played[q])
                d.hand[q] = [c for c in roles[q][r0] if c not in gone]
            elif d.phase in (DRAFT_KEEP, DRAFT_PICK):
                d.hand[q] = [_dealt(c) for c in self.hand[q]]
                d.received[q] = [_dealt(c) for c in self.received[q]]
        d.know = knowledge(d, roles)


def _dealt(card: int | None) -> int:
    """Return a dealt card (every place has one once the deal is done)."""
    if card is None:
        raise CorruptState("the view leaves a card unplaced")
    return card


def _complete(row: list[int | None]) -> tuple[int, int, int]:
    """Return a round's three cards by role, all dealt."""
    return (_dealt(row[0]), _dealt(row[1]), _dealt(row[2]))


def _role(colours: tuple[int, int, int], card: int, holder: int, o: int, n: int,
          seen_by_other: bool) -> int:
    """Return the role of a hidden card `o` can place: its colour tells, except for two
    players' own-colour cards, where the card passed back (role 2) is the one the other
    player saw."""
    c = card // CARDS_PER_COLOUR
    if n > 2 or c != holder:
        return colours.index(c)
    if holder == o:
        return 2 if seen_by_other else 0
    return 2


# Where prestige comes from, in the order the final scores list it: the reasons the rules
# log with every gain ("nd.prestige"), grouped as a player counts them.
BREAKDOWN_SOURCES = ("residence", "characters", "messages", "notre_dame", "park", "plague")
_SOURCE_OF_REASON = {"residence": "residence", "message": "messages", "donation": "notre_dame",
                     "notre_dame": "notre_dame"}


def breakdown(s: NDState) -> dict[str, Any] | None:
    """Return each seat's prestige by source, from the log the rules wrote: residences,
    characters, messages, Notre Dame (offerings and the period scorings), the park's bonus
    on every gain, and the plague's losses (negative). None when the log does not account
    for every point (a search copy writes no log)."""
    n = len(s.prestige)
    points = {source: [0] * n for source in BREAKDOWN_SOURCES}
    for event in s._events():
        if event.key == "nd.prestige":
            p = int(event.args["p"])
            source = _SOURCE_OF_REASON.get(str(event.args["reason"]), "characters")
            points[source][p] += int(event.args["amount"])
            points["park"][p] += int(event.args["bonus"])
        elif event.key == "nd.overflow":
            points["plague"][int(event.args["p"])] -= int(event.args["prestige"])
    for p in range(n):
        if sum(points[source][p] for source in BREAKDOWN_SOURCES) != s.prestige[p]:
            return None
    return {"rows": [{"source": source, "points": points[source]}
                     for source in BREAKDOWN_SOURCES]}
