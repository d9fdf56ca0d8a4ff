"""The learners' encoding of Nottingham: a fixed action space and an observation tensor.

**Action space.** Every action a seat can ever be offered has its own index, whatever the
position (absolute indices: the state is never read). Seats named inside an action (the
opponent attacked, the offer bought or accepted) are counted from the acting player: 1 is
the next seat to the left, and so on. Ambush cards that show a player colour are counted
the same way (the card of the seat to the acting player's left is colour 1), so the space
is the same for every seat. With P players, K = 203 + 7P (224 for 3 players, 252 for 7),
in this order:

| indices | actions |
|---|---|
| 8 | `keep`, `buy`, `ambush`, `trade`, `refuse`, `defend`, `decline`, `pass` |
| 5 x (P-1) | `steal`, `rob`, `raid`, `purchase`, `accept` of the seat 1 .. P-1 to the left |
| 7 | `offer` of one item (a Buy, or a Trade) |
| 21 | `offer` of two items for a Trade (never a chest), in table order |
| 7 + 7 | `take` an item, `discard` an item |
| (P+5) x 2 | `hide`, `spring` an ambush card: colours 1 .. P-1, then the six two-item cards |
| 70 | `exchange` of 3 .. 12 cards of each item |
| 78 | `commission`: seven different, five of each item, 35 of four pairs, 35 of three pairs |

**Observation.** `observe(player, view)` reads the seat's view alone; seats are ordered
from the observer round the table (the observer first). `NottinghamEncoding.layout` names
every slice; docs/games/nottingham.md has the table. Counts are divided by their true
maximum, except where only a practical one exists (turn, hand size, points), which are
clipped to 1.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations
from typing import TYPE_CHECKING, Any

from tavola.core import Action
from tavola.core.encoding import Encoding, Slice
from tavola.games.nottingham import actions as A
from tavola.games.nottingham.components import (
    AMBUSH_CARDS,
    AMBUSH_NAMES,
    CARDS_PER_ITEM,
    CHEST,
    COLOURS,
    COMMISSIONS,
    ITEM_CARDS,
    ITEM_TYPES,
    ITEMS,
    PAIRS3,
    PAIRS4,
    TRACKS,
)
from tavola.games.nottingham.config import EXCHANGE_MINIMUM, TRADE_OFFER_MAX
from tavola.games.nottingham.state import ANNOUNCED, PHASES

if TYPE_CHECKING:
    from tavola.core import Game, State

TWO_ITEM_CARDS = AMBUSH_CARDS - len(COLOURS)  # the six ambush cards that show two items
# Practical maxima: the rules bound these only loosely (a game may last over a thousand
# turns), so they are clipped; random games stay well below them (under 80 turns, 16 cards
# in a hand, 90 points).
TURN_SCALE = 200
HAND_SCALE = 24
POINTS_SCALE = 150
# A winnings pile keeps one card of each exchange of 3 or more; the others go back into play
# through the discard, so one item can be exchanged until fewer than 3 of it are left.
WINNINGS_MAX = CARDS_PER_ITEM - EXCHANGE_MINIMUM + 1
TOP_NUMBER = max(max(track) for track in TRACKS.values())
OFFER_STATES = ANNOUNCED + 1  # not asked, offered, announced

# Counts divided by their scale, looked up rather than computed on the hot path; a count
# that can exceed the scale is clipped before the lookup.
_ITEM_SHARE = tuple(n / CARDS_PER_ITEM for n in range(CARDS_PER_ITEM + 1))
_PILE_SHARE = tuple(n / WINNINGS_MAX for n in range(WINNINGS_MAX + 1))
_HAND_SHARE = tuple(n / HAND_SCALE for n in range(HAND_SCALE))
_POINTS_SHARE = tuple(n / POINTS_SCALE for n in range(POINTS_SCALE))
_PHASE = {name: i for i, name in enumerate(PHASES)}
_ITEM = {name: i for i, name in enumerate(ITEMS)}
_AFTER = {"draw": 0, "end_turn": 1}


def _relative_ambush(card: int, player: int, players: int) -> int:
    """Return the slot of ambush `card` as `player` sees it: a colour counted from the
    player (0 their own), then the two-item cards from slot `players`."""
    if card < len(COLOURS):
        return (card - player) % players
    return players + card - len(COLOURS)


class NottinghamEncoding(Encoding):
    """Nottingham's fixed action space (absolute indices, seats relative to the actor) and
    its observation tensor (seats from the observer round the table)."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        p = game.players
        self.players = p
        self.track_length = len(TRACKS[game.options["track"]])
        # Slots: a colour per seat, then the two-item cards; the game uses exactly the
        # colours of its seats, so as many cards are in play as there are slots.
        self.ambush_slots = p + TWO_ITEM_CARDS
        self.ambush_in_play = p + TWO_ITEM_CARDS
        self._orders: tuple[tuple[int, ...], ...] = tuple(
            tuple((q + k) % p for k in range(p)) for q in range(p))
        self._actions: tuple[tuple[Action, ...], ...] = tuple(
            self._space(q) for q in range(p))
        self._indices: tuple[dict[Action, int], ...] = tuple(
            {a: i for i, a in enumerate(row)} for row in self._actions)
        self._size = len(self._actions[0])
        # Ambush card name to its slot as each observer sees it.
        self._ambush_slot: tuple[dict[str, int], ...] = tuple(
            {AMBUSH_NAMES[a]: _relative_ambush(a, q, p)
             for a in range(AMBUSH_CARDS) if a >= len(COLOURS) or a < p}
            for q in range(p))
        # The place of each seat in each observer's order, and where each slice starts.
        self._places: tuple[tuple[int, ...], ...] = tuple(
            tuple((q - o) % p for q in range(p)) for o in range(p))
        self._layout = self._make_layout()
        self._starts = tuple(start for start, _ in self.offsets().values())

    # -- the action space ---------------------------------------------------------------
    def _space(self, player: int) -> tuple[Action, ...]:
        """Return every action `player` may ever be offered, in index order."""
        p = self.players
        seats = [(player + k) % p for k in range(1, p)]
        out: list[Action] = [A.KEEP, A.BUY, A.AMBUSH, A.TRADE, A.REFUSE, A.DEFEND,
                             A.DECLINE, A.PASS]
        for table in (A.STEAL, A.ROB, A.RAID, A.PURCHASE, A.ACCEPT):
            out += [table[q] for q in seats]
        out += A.OFFER_ONE
        out += [A.OFFER_TWO[i][j] for i in range(ITEM_TYPES) for j in range(i, ITEM_TYPES)
                if CHEST not in (i, j)]
        out += A.TAKE
        out += A.DISCARD
        # Colour cards of the other seats (never one's own), from the left, then the rest.
        cards = [*seats, *range(len(COLOURS), AMBUSH_CARDS)]
        out += [A.HIDE[a] for a in cards]
        out += [A.SPRING[a] for a in cards]
        out += [row[n] for row in A.EXCHANGE for n in range(EXCHANGE_MINIMUM, CARDS_PER_ITEM + 1)]
        out.append(A.COMMISSION_SEVEN)
        out += A.COMMISSION_FIVE
        for kind, size in ((PAIRS4, 4), (PAIRS3, 3)):
            out += [A.COMMISSION_PAIRS[kind][c] for c in combinations(range(ITEM_TYPES), size)]
        return tuple(out)

    @property
    def size(self) -> int:
        """K = 203 + 7 x players (see the module docstring)."""
        return self._size

    def index(self, state: State, player: int, action: Action) -> int:
        """Return the index of `action` for `player` (the position is not needed)."""
        return self._indices[player][action]

    def action(self, state: State, player: int, index: int) -> Action:
        """Return `player`'s action at `index` (the position is not needed)."""
        return self._actions[player][index]

    # -- the observation ----------------------------------------------------------------
    def _make_layout(self) -> tuple[Slice, ...]:
        """Return the slices of the observation, in order."""
        p, t, amb = self.players, self.track_length, self.ambush_slots
        deck = self.ambush_in_play
        seats = "per seat from the observer round the table"
        return (
            Slice("phase", len(PHASES), "one-hot: the step being decided (" +
                  ", ".join(PHASES) + ")"),
            Slice("active", p, "one-hot: the active player, seats from the observer"),
            Slice("to_act", p, "1 for each seat that must decide now (a Buy asks several "
                               "at once: 0 once a seat has offered)"),
            Slice("queue", p, "1 for each seat still to be asked in this reaction window"),
            Slice("target", p, "one-hot: the opponent attacked (all 0 when none)"),
            Slice("drawn", ITEM_TYPES, "one-hot: the item of the card shown this turn"),
            Slice("turn", 1, f"turn number / {TURN_SCALE}, clipped to 1"),
            Slice("sheriff", t + 2, "one-hot: the sheriff's space (0 the town at the start, "
                                    "then each space, last: home again)"),
            Slice("sheriff_number", 1, f"number on the sheriff's space / {TOP_NUMBER} "
                                       "(0 on the town)"),
            Slice("after_discards", 2, "one-hot while discarding down: the draw is due, "
                                       "or the turn ends"),
            Slice("deck", 1, f"cards in the item deck / {ITEM_CARDS}"),
            Slice("discard", ITEM_TYPES, f"discard pile per item / {CARDS_PER_ITEM}"),
            Slice("table_item", ITEM_TYPES, "one-hot: the item laid out for an exchange"),
            Slice("table_count", 1, f"cards laid out for the exchange / {CARDS_PER_ITEM}"),
            Slice("commissions", len(COMMISSIONS) * p,
                  "per commission (" + ", ".join(COMMISSIONS) + "), 1 for each seat that "
                  "completed it, seats from the observer"),
            Slice("hand_size", p, f"cards in hand / {HAND_SCALE}, clipped, {seats}"),
            Slice("known", p * ITEM_TYPES,
                  f"cards of each item the observer is sure the seat holds / "
                  f"{CARDS_PER_ITEM}, {seats} (the observer's own: the whole hand)"),
            Slice("unknown", p, f"cards in hand the observer is not sure of / {HAND_SCALE}, "
                                f"clipped, {seats}"),
            Slice("public", p * ITEM_TYPES,
                  f"cards of each item everybody is sure the seat holds / {CARDS_PER_ITEM}, "
                  f"{seats}"),
            Slice("ambushes", p, f"ambush cards in front of the seat / {deck - 1}, {seats}"),
            Slice("winnings", p * ITEM_TYPES,
                  f"winnings pile per item / {WINNINGS_MAX}, {seats}"),
            Slice("points", p, f"points so far / {POINTS_SCALE}, clipped, {seats}"),
            Slice("offered", p * OFFER_STATES,
                  f"one-hot: not asked, offered, announced a hand with nothing to offer, "
                  f"{seats}"),
            Slice("offer", p * ITEM_TYPES,
                  f"cards of each item in the seat's offer the observer sees / "
                  f"{TRADE_OFFER_MAX}, {seats}"),
            Slice("my_hand_known_to", (p - 1) * ITEM_TYPES,
                  f"cards of each item in the observer's hand that each opponent is sure "
                  f"of / {CARDS_PER_ITEM}, opponents from the observer's left"),
            Slice("my_ambushes", amb,
                  "1 for each ambush card in front of the observer: colours counted from "
                  "the observer (0 their own), then the six two-item cards"),
            Slice("ambush_look", amb, "1 for each of the two ambush cards the observer is "
                                      "choosing between, same slots"),
            Slice("ambush_deck", deck, "1 for each place of the ambush deck holding a card, "
                                       "from the top"),
            Slice("ambush_deck_cards", deck * amb,
                  "per place from the top, one-hot: the card there if the observer knows it, "
                  "same slots as my_ambushes"),
            Slice("ambush_deck_known_to", deck * p,
                  "per place from the top, 1 for each seat that knows the card there, "
                  "seats from the observer"),
        )

    @property
    def layout(self) -> tuple[Slice, ...]:
        """The slices of the observation, in order (see `_make_layout`)."""
        return self._layout

    def observe(self, player: int, view: Mapping[str, Any]) -> list[float]:
        """Return the observation of `player` from their view alone."""
        p, amb = self.players, self.ambush_slots
        (phase, active, to_act, queue, target, drawn, turn_at, sheriff, number_at, after_at,
         deck_at, discard, table_item, table_count, commissions, hand_size, known, unknown,
         public, ambushes, winnings, points, offered, offer, hand_known_to, my_ambushes,
         look, present, cards, knowers) = self._starts
        order = self._orders[player]
        rel = self._places[player]
        item_share, pile_share = _ITEM_SHARE, _PILE_SHARE
        hand_share, points_share = _HAND_SHARE, _POINTS_SHARE
        out = [0.0] * self.length

        out[phase + _PHASE[view["phase"]]] = 1.0
        out[active + rel[view["active"]]] = 1.0
        for q in view["to_act"]:
            out[to_act + rel[q]] = 1.0
        for q in view["queue"]:
            out[queue + rel[q]] = 1.0
        if view["target"] >= 0:
            out[target + rel[view["target"]]] = 1.0
        if view["drawn"] is not None:
            out[drawn + _ITEM[view["drawn"]]] = 1.0
        turn = view["turn"] / TURN_SCALE
        out[turn_at] = turn if turn < 1.0 else 1.0
        out[sheriff + view["sheriff"]] = 1.0
        number = view["sheriff_number"]
        if number is not None:
            out[number_at] = number / TOP_NUMBER
        after = view["after_discards"]
        if after is not None:
            out[after_at + _AFTER[after]] = 1.0
        out[deck_at] = view["deck"] / ITEM_CARDS
        out[discard:discard + ITEM_TYPES] = [item_share[n] for n in view["discard"]]
        table = view["table"]
        if table is not None:
            out[table_item + _ITEM[table["item"]]] = 1.0
            out[table_count] = table["count"] / CARDS_PER_ITEM
        for kind, done in enumerate(view["commissions"]):
            for q in done:
                out[commissions + kind * p + rel[q]] = 1.0

        seats = view["seats"]
        ambush_scale = self.ambush_in_play - 1
        for k, q in enumerate(order):
            seat = seats[q]
            n = seat["hand_size"]
            out[hand_size + k] = hand_share[n] if n < HAND_SCALE else 1.0
            n = seat["unknown"]
            out[unknown + k] = hand_share[n] if n < HAND_SCALE else 1.0
            n = seat["points"]
            out[points + k] = points_share[n] if n < POINTS_SCALE else 1.0
            out[ambushes + k] = seat["ambushes"] / ambush_scale
            at = k * ITEM_TYPES
            out[known + at:known + at + ITEM_TYPES] = [item_share[n] for n in seat["known"]]
            out[public + at:public + at + ITEM_TYPES] = [item_share[n] for n in seat["public"]]
            out[winnings + at:winnings + at + ITEM_TYPES] = [
                pile_share[n] for n in seat["winnings"]]
            out[offered + OFFER_STATES * k + seat["offered"]] = 1.0
            if seat["offer"] is not None:
                for name in seat["offer"]:
                    out[offer + at + _ITEM[name]] += 1.0 / TRADE_OFFER_MAX

        rows = view["my_hand_known_to"]
        for k in range(1, p):
            at = hand_known_to + (k - 1) * ITEM_TYPES
            out[at:at + ITEM_TYPES] = [item_share[n] for n in rows[order[k]]]
        slot = self._ambush_slot[player]
        for name in view["my_ambushes"]:
            out[my_ambushes + slot[name]] = 1.0
        if view["ambush_look"] is not None:
            for name in view["ambush_look"]:
                out[look + slot[name]] = 1.0
        for i, name in enumerate(view["ambush_deck"]):
            out[present + i] = 1.0
            if name is not None:
                out[cards + i * amb + slot[name]] = 1.0
        for i, who in enumerate(view["ambush_deck_known"]):
            for q in who:
                out[knowers + i * p + rel[q]] = 1.0
        return out
