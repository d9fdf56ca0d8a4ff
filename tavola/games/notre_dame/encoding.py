"""The fixed action space and observation tensor of Notre Dame, for learners.

Action space: every action the game can ever offer a seat gets its own index, in blocks
that follow `actions.py`: keep a card, play a card, place or forgo, `from:` a sector or
Notre Dame or the trusted friend, `friend:`, `to:`, `lose:`, `move:` a market square, stay,
take, leave, the three benefits, the three donations, hire a character, pass, and the
Minstrel's six piece counts. Two things in an action belong to a seat: a card's colour and a
market square's quarter. Both are counted from the acting seat (its own colour first, then
the colour of the seat after it; its own quarter first, then the next quarter round the
ring), so the space is the same for every seat and K = 18 n + 5 Q + 63 for n players and Q
quarters: 119 / 132 / 155 / 178 for 2 / 3 / 4 / 5 players. The indices ignore the state.

Observation: floats in [0, 1] read from one seat's view alone. Seats are ordered from the
observer round the table, cards by colour counted from the observer, market squares by
quarter counted from the observer's quarter and message colours by the quarter they start
in, so the tensor is the same for every seat of a symmetric position. docs/games/
notre-dame.md ("For learners") tabulates the layout; `layout` below is the source.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from tavola.core import Action
from tavola.core.encoding import Encoding, Slice
from tavola.games.notre_dame import actions as A
from tavola.games.notre_dame.components import (
    BENEFIT_NAMES,
    CARDS_PER_COLOUR,
    CHARACTER_NAMES,
    CHARACTER_RATS,
    COLOURS,
    MESSAGES_PER_COLOUR,
    SECTORS,
    SQUARES_PER_QUARTER,
    card_id,
)
from tavola.games.notre_dame.config import (
    CARDS_DRAWN,
    CUBES_PER_COLOUR,
    GOLD_IN_GAME,
    PLAYS_PER_ROUND,
    RAT_TRACK_MAX,
    ROUNDS,
    ROUNDS_PER_PERIOD,
)
from tavola.games.notre_dame.state import (
    PHASE_NAMES,
    T_BENEFIT,
    T_CARRIAGE,
    T_JESTER_TO,
    T_MINSTREL_PIECES,
    T_MINSTREL_TO,
    T_SOURCE,
    TASK_NAMES,
    Setting,
)
from tavola.games.notre_dame.view import CARD_NAMES, SECTOR_NAMES, SQUARE_NAMES

if TYPE_CHECKING:
    from tavola.core import Game, State

KINDS = CARDS_PER_COLOUR
OUTER = SQUARES_PER_QUARTER - 1
"""Message squares per quarter (the centre never holds one)."""
PIECE_KINDS = 9
"""What a pending task can name first: a card's kind, a sector, Notre Dame or the friend."""
CHARACTERS = len(CHARACTER_NAMES)
BENEFITS = len(BENEFIT_NAMES)

# Declared maxima. Proven ones: 14 cubes of a colour; the trusted friend and 14 cubes make
# 15 carriage steps; three characters a round, each with at most 3 rats; 6 cards played a
# period and so at most 6 cubes given to Notre Dame (no other move puts one there); a deck
# holds 6 cards once a period's first draw is made. Practical ones (clipped at 1): 25 gold,
# the bank's total, which only unlimited gold exceeds; 100 prestige, beyond most finished
# games.
MOST_STEPS = CUBES_PER_COLOUR + 1
MOST_PLAGUE = 3 * max(CHARACTER_RATS)
MOST_PLAYED = ROUNDS_PER_PERIOD * PLAYS_PER_ROUND
MOST_DECK = CARDS_PER_COLOUR - CARDS_DRAWN
MOST_PRESTIGE = 100
MOST_BENEFITS = 2
MOST_RECEIVED = CARDS_DRAWN - 1

PHASE_INDEX = {name: i for i, name in enumerate(PHASE_NAMES)}
TASK_INDEX = {name: i for i, name in enumerate(TASK_NAMES)}
CHARACTER_INDEX = {name: i for i, name in enumerate(CHARACTER_NAMES)}
BENEFIT_INDEX = {name: i for i, name in enumerate(BENEFIT_NAMES)}
FRIEND_INDEX: dict[str | None, int] = {name: i for i, name in enumerate(SECTOR_NAMES)}
FRIEND_INDEX[None] = len(SECTOR_NAMES)
HIRED_INDEX: dict[str | None, int] = {name: i + 1 for i, name in enumerate(CHARACTER_NAMES)}
HIRED_INDEX[None] = 0


def _share(most: int) -> tuple[float, ...]:
    """Return count / most for every count up to most (a lookup beats a division)."""
    return tuple(k / most for k in range(most + 1))


GOLD_SHARE = _share(GOLD_IN_GAME)
PRESTIGE_SHARE = _share(MOST_PRESTIGE)
CUBE_SHARE = _share(CUBES_PER_COLOUR)
RAT_SHARE = _share(RAT_TRACK_MAX)
HAND_SHARE = _share(CARDS_DRAWN)
RECEIVED_SHARE = _share(MOST_RECEIVED)
PLAYED_SHARE = _share(MOST_PLAYED)
FACEDOWN_SHARE = _share(ROUNDS_PER_PERIOD)
DECK_SHARE = _share(MOST_DECK)
MARKS = 4
"""Sector thresholds that characters and the Hotel count: at least 1, 2, 3, 4 pieces."""
SECTOR_FLOATS = tuple(
    tuple((cubes / CUBES_PER_COLOUR, *(1.0 if cubes + friend > m else 0.0 for m in range(MARKS)))
          for friend in (0, 1))
    for cubes in range(CUBES_PER_COLOUR + 1))
"""A sector's floats by its cubes and whether the trusted friend is there."""
SECTOR_WIDTH = len(SECTORS) * (1 + MARKS)


class NotreDameEncoding(Encoding):
    """Notre Dame's action indices and observation tensor for one player count and options."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        n = game.players
        setting = Setting.build(n, game.options["gold"] == "unlimited")
        quarters = setting.quarters
        self._n = n
        self._quarters = quarters
        self._unlimited = setting.unlimited_gold
        seats = range(n)
        self._order = tuple(tuple((p + k) % n for k in seats) for p in seats)
        self._place = tuple(tuple((q - p) % n for q in seats) for p in seats)
        self._actions = tuple(self._space(p, setting) for p in seats)
        self._index = tuple({a: i for i, a in enumerate(row)} for row in self._actions)
        cards = n * KINDS
        # Per observer: a card's place among the colours counted from it.
        self._card = tuple({CARD_NAMES[c]: ((c // KINDS - p) % n) * KINDS + c % KINDS
                            for c in range(cards)} for p in seats)
        # Per observer: a square's place among the quarters counted from its own.
        squares = quarters * SQUARES_PER_QUARTER
        self._square = tuple(
            {SQUARE_NAMES[sq]: ((sq // SQUARES_PER_QUARTER - setting.player_quarter[p])
                                % quarters) * SQUARES_PER_QUARTER + sq % SQUARES_PER_QUARTER
             for sq in range(squares)} for p in seats)
        self._message_square = tuple(
            {name: (rel // SQUARES_PER_QUARTER * OUTER + rel % SQUARES_PER_QUARTER - 1) * BENEFITS
             for name, rel in table.items() if rel % SQUARES_PER_QUARTER}
            for table in self._square)
        # Per observer: a message colour's place by the quarter it starts in.
        self._colour = tuple({COLOURS[c]: (q - setting.player_quarter[p]) % quarters
                              for c, q in setting.message_quarters} for p in seats)
        self._layout = self._build_layout(n, quarters, setting.unlimited_gold)
        start = 0
        at: dict[str, int] = {}
        for s in self._layout:
            at[s.name] = start
            start += s.length
        self._at = at
        self._length = start
        # Where seat k (from the observer) starts in each per-seat slice, in `observe`'s order.
        widths = (("gold", 1), ("prestige", 1), ("rats", 1), ("supply", 1), ("general", 1),
                  ("notre_dame", 1), ("friend", len(SECTORS) + 1), ("sectors", SECTOR_WIDTH),
                  ("carriage", quarters * SQUARES_PER_QUARTER), ("messages", quarters),
                  ("message_benefits", BENEFITS), ("hired", 1 + CHARACTERS),
                  ("hand_size", 1), ("received_size", 1), ("deck_size", 1),
                  ("played_count", 1), ("facedown_count", 1), ("draft_done", 1))
        self._seat_at = tuple(tuple(at[name] + k * width for name, width in widths)
                              for k in seats)

    def _space(self, p: int, setting: Setting) -> tuple[Action, ...]:
        """Return seat `p`'s action space in index order."""
        n, quarters = setting.players, setting.quarters
        home = setting.player_quarter[p]
        own_first = [card_id((p + k) % n, kind) for k in range(n) for kind in range(KINDS)]
        squares = [((home + k) % quarters) * SQUARES_PER_QUARTER + spot
                   for k in range(quarters) for spot in range(SQUARES_PER_QUARTER)]
        return (*(A.KEEP[c] for c in own_first), *(A.PLAY[c] for c in own_first), A.PLACE,
                A.FORGO, *A.FROM_SECTOR, A.FROM_FRIEND, *A.FRIEND_TO, *A.TO_SECTOR, *A.LOSE,
                *(A.MOVE[sq] for sq in squares), A.STAY, A.TAKE, A.LEAVE,
                A.BENEFIT_GOLD, A.BENEFIT_CUBE, A.BENEFIT_RAT, *A.GOLD[1:], *A.HIRE, A.PASS,
                *(A.PIECES[key] for key in sorted(A.PIECES)))

    @staticmethod
    def _build_layout(n: int, quarters: int, unlimited: bool) -> tuple[Slice, ...]:
        """Return the slices of the tensor for n players and Q quarters."""
        cards = n * KINDS
        seats = "per seat from the observer"
        out = [
            Slice("round", ROUNDS, "one-hot: the round, 1 to 9"),
            Slice("phase", len(PHASE_NAMES),
                  "one-hot: draft keep, draft pick, play, hire, plague, over"),
            Slice("turn", 1, "turn within the phase / (2 x players), clipped"),
            Slice("bell_ringer", n, "one-hot: the seat that starts the round, from the observer"),
            Slice("to_act", n, "1 for each seat that must act now, from the observer"),
            Slice("task", 1 + len(TASK_NAMES),
                  "one-hot: no pending sub-decision, or which one (card source, carriage, "
                  "message, benefit, donation, Minstrel from / to / pieces, Jester from / "
                  "to, Bishop, plague loss)"),
            Slice("task_piece", PIECE_KINDS,
                  "one-hot: the card kind being placed, or the sector the Minstrel or Jester "
                  "moves from (the 9th is the trusted friend)"),
            Slice("task_target", len(SECTORS), "one-hot: the sector the Minstrel moves to"),
            Slice("carriage_steps", 1, "steps the pending carriage drive may take / 15"),
            Slice("benefits_left", 1, "Hotel or Innkeeper benefits still to choose / 2"),
            Slice("characters", CHARACTERS, "1 for each character revealed this round"),
            Slice("to_come", CHARACTERS, "1 for each character still to come this period"),
            Slice("plague", 1, "rats on this round's characters / 9"),
            Slice("board", quarters * OUTER * BENEFITS,
                  "per message square (quarters from the observer's, squares 1-4): one-hot "
                  "of the benefit of the message lying there (1p+gold, 2p+cube, 3p+rat, 4p)"),
        ]
        if not unlimited:
            out.append(Slice("bank", 1, "gold in the bank / 25"))
        out += [
            Slice("played", cards,
                  "1 for each card played face up this period (colours from the observer's)"),
            Slice("gold", n, f"gold / {GOLD_IN_GAME}, clipped, {seats}"),
            Slice("prestige", n, f"prestige / {MOST_PRESTIGE}, clipped, {seats}"),
            Slice("rats", n, f"rat marker / {RAT_TRACK_MAX}, {seats}"),
            Slice("supply", n, f"personal cubes / {CUBES_PER_COLOUR}, {seats}"),
            Slice("general", n, f"cubes in the general supply / {CUBES_PER_COLOUR}, {seats}"),
            Slice("sectors", n * SECTOR_WIDTH,
                  f"{seats}, per sector (convent school, bank, residence, carriage house, "
                  f"hotel, park, hospital): cubes / {CUBES_PER_COLOUR}, then 1 if it holds at "
                  "least 1, 2, 3, 4 pieces (the trusted friend counted)"),
            Slice("friend", n * (len(SECTORS) + 1),
                  f"{seats}: one-hot of the trusted friend's sector, or not placed"),
            Slice("notre_dame", n, f"cubes in Notre Dame / {MOST_PLAYED}, {seats}"),
            Slice("carriage", n * quarters * SQUARES_PER_QUARTER,
                  f"{seats}: one-hot of the carriage's square (quarters from the observer's)"),
            Slice("messages", n * quarters,
                  f"{seats}: messages held of each colour / 4, colours by the quarter they "
                  "start in, from the observer's"),
            Slice("message_benefits", n * BENEFITS,
                  f"{seats}: messages held of each benefit / quarters"),
            Slice("hired", n * (1 + CHARACTERS),
                  f"{seats}: one-hot of the character paid for this round, or none"),
            Slice("hand_size", n, f"cards in hand / 3, {seats}"),
            Slice("received_size", n, f"cards received in the draft / 2, {seats}"),
            Slice("deck_size", n, f"cards left in the deck / {MOST_DECK}, {seats}"),
            Slice("played_count", n, f"cards played this period / {MOST_PLAYED}, {seats}"),
            Slice("facedown_count", n, f"cards face down this period / 3, {seats}"),
            Slice("draft_done", n, f"1 if the seat has made this draft step's choice, {seats}"),
            Slice("my_hand", cards, "1 for each card in the observer's hand"),
            Slice("my_received", cards, "1 for each card the observer received in the draft"),
            Slice("my_choice", cards, "one-hot: the observer's draft choice, if made"),
            Slice("my_facedown", cards, "1 for each of the observer's face-down cards"),
            Slice("my_deck", KINDS, "1 for each card still in the observer's deck, by kind"),
            Slice("seen_by", cards * (n - 1),
                  "per card, per other seat (from the observer's left): 1 if that seat saw "
                  "this hidden card of the observer's"),
            Slice("known_elsewhere", cards * (n - 1),
                  "per card, per other seat: 1 if the observer knows the seat holds it "
                  "hidden (hand, received or face down)"),
            Slice("split_pair", cards,
                  "1 for each card of a pair the observer passed that is now split between "
                  "the two seats after it"),
        ]
        return tuple(out)

    # -- the action space -------------------------------------------------------------------
    @property
    def size(self) -> int:
        """The number of action indices: 18 n + 5 Q + 63."""
        return len(self._actions[0])

    def index(self, state: State, player: int, action: Action) -> int:
        """Return the index of `action` for `player` (the same for every state)."""
        return self._index[player][action]

    def action(self, state: State, player: int, index: int) -> Action:
        """Return `player`'s action at `index` (IndexError outside 0 .. K-1)."""
        if index < 0:
            raise IndexError(f"no action index {index}")
        return self._actions[player][index]

    # -- the observation ----------------------------------------------------------------------
    @property
    def layout(self) -> tuple[Slice, ...]:
        """The slices of the tensor, in order."""
        return self._layout

    def observe(self, player: int, view: Mapping[str, Any]) -> list[float]:
        """Return `player`'s tensor from its view alone."""
        n = self._n
        at = self._at
        out = [0.0] * self._length
        order = self._order[player]
        card = self._card[player]
        square = self._square[player]
        colour = self._colour[player]
        place = self._place[player]

        out[at["round"] + view["round"] - 1] = 1.0
        out[at["phase"] + PHASE_INDEX[view["phase"]]] = 1.0
        out[at["turn"]] = min(view["turn"] / (2 * n), 1.0)
        out[at["bell_ringer"] + place[view["first"]]] = 1.0
        base = at["to_act"]
        for q in view["to_act"]:
            out[base + place[q]] = 1.0
        task = view["task"]
        if task is None:
            out[at["task"]] = 1.0
        else:
            kind = TASK_INDEX[task["task"]]
            out[at["task"] + 1 + kind] = 1.0
            if kind in (T_SOURCE, T_MINSTREL_TO, T_MINSTREL_PIECES, T_JESTER_TO):
                out[at["task_piece"] + task["x"]] = 1.0
            if kind == T_MINSTREL_PIECES:
                out[at["task_target"] + task["y"]] = 1.0
            elif kind == T_CARRIAGE:
                out[at["carriage_steps"]] = min(task["x"] / MOST_STEPS, 1.0)
            elif kind == T_BENEFIT:
                out[at["benefits_left"]] = min(task["x"] / MOST_BENEFITS, 1.0)
        base = at["characters"]
        for name in view["characters"]:
            out[base + CHARACTER_INDEX[name]] = 1.0
        base = at["to_come"]
        for name in view["to_come"]:
            out[base + CHARACTER_INDEX[name]] = 1.0
        out[at["plague"]] = min(view["plague"] / MOST_PLAGUE, 1.0)
        base = at["board"]
        message_square = self._message_square[player]
        for name, (_, benefit) in view["board"].items():
            out[base + message_square[name] + BENEFIT_INDEX[benefit]] = 1.0
        if not self._unlimited:
            out[at["bank"]] = min(view["bank"] / GOLD_IN_GAME, 1.0)

        players = view["players"]
        played = at["played"]
        quarters = self._quarters
        for k, q in enumerate(order):
            pl = players[q]
            (gold, prestige, rats, supply, general, nd, friend, sectors, carriage, messages,
             benefits, hired, hand, received, deck, played_count, facedown,
             done) = self._seat_at[k]
            g = pl["gold"]
            out[gold] = GOLD_SHARE[g] if g <= GOLD_IN_GAME else 1.0
            g = pl["prestige"]
            out[prestige] = PRESTIGE_SHARE[g] if g <= MOST_PRESTIGE else 1.0
            out[rats] = RAT_SHARE[pl["rats"]]
            out[supply] = CUBE_SHARE[pl["supply"]]
            out[general] = CUBE_SHARE[pl["general"]]
            out[nd] = PLAYED_SHARE[min(pl["notre_dame"], MOST_PLAYED)]
            where = pl["friend"]
            out[friend + FRIEND_INDEX[where]] = 1.0
            row = pl["sectors"]
            block: list[float] = []
            for name in SECTOR_NAMES:
                block += SECTOR_FLOATS[row[name]][where == name]
            out[sectors:sectors + SECTOR_WIDTH] = block
            out[carriage + square[pl["carriage"]]] = 1.0
            held = pl["messages"]
            if held:
                by_colour = [0] * quarters
                by_benefit = [0] * BENEFITS
                for c, benefit in held:
                    by_colour[colour[c]] += 1
                    by_benefit[BENEFIT_INDEX[benefit]] += 1
                out[messages:messages + quarters] = [x / MESSAGES_PER_COLOUR for x in by_colour]
                out[benefits:benefits + BENEFITS] = [x / quarters for x in by_benefit]
            out[hired + HIRED_INDEX[pl["hired"]]] = 1.0
            out[hand] = HAND_SHARE[pl["hand_size"]]
            out[received] = RECEIVED_SHARE[pl["received_size"]]
            out[deck] = DECK_SHARE[min(pl["deck_size"], MOST_DECK)]
            cards = pl["played"]
            out[played_count] = PLAYED_SHARE[len(cards)]
            for name in cards:
                out[played + card[name]] = 1.0
            out[facedown] = FACEDOWN_SHARE[pl["facedown"]]
            if pl["draft_done"]:
                out[done] = 1.0

        me = view["me"]
        base = at["my_hand"]
        for name in me["hand"]:
            out[base + card[name]] = 1.0
        base = at["my_received"]
        for name in me["received"]:
            out[base + card[name]] = 1.0
        if me["choice"] is not None:
            out[at["my_choice"] + card[me["choice"]]] = 1.0
        base = at["my_facedown"]
        for name in me["facedown"]:
            out[base + card[name]] = 1.0
        base = at["my_deck"]
        for name in me["deck"]:
            out[base + card[name]] = 1.0
        others = n - 1
        base = at["seen_by"]
        for name, seats in me["seen_by"].items():
            b = base + card[name] * others - 1
            for q in seats:
                out[b + place[q]] = 1.0
        base = at["known_elsewhere"] - 1
        for name, q, _, _ in me["known_elsewhere"]:
            out[base + card[name] * others + place[q]] = 1.0
        base = at["split_pair"]
        for pair in me["split_pairs"]:
            for name in pair["cards"]:
                out[base + card[name]] = 1.0
        return out
