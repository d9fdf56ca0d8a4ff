"""Intrige for learners: a fixed action space and an observation tensor.

The action space holds every action a seat can ever be offered, with seats named inside an
action (`admit:S`, `send:profession,S`) counted from the acting player, so it is the same
for every seat. Sums are the exception: a payer can name any multiple of the bribe step up
to all the money in play, far too many for a small space, so a sum (`bribe:X`,
`offer:X,R`) is indexed by its place in the list it is chosen from - counted in steps from
the smallest bribe, or from the bottom of the range already picked. Only the payer acts
then, and the range picked is the payer's own input, so the index never depends on what
the acting seat cannot see. A range (`range:B`) has its own index for every B up to the
most money there can be (`schema.money_bound`, which no loaded state exceeds). `back` (the
interface's one step back while choosing a sum) has one index of its own.

The observation is computed from one seat's view alone, seats ordered from the observer
round the table. Money is secret in Intrige, but every ducat moves through a public event,
so every purse follows from the view's record (`view.public_purses`): the tensor shows what
a seat with a perfect memory knows. docs/games/intrige.md ("For learners") tables both.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tavola.core.action import Action
from tavola.core.encoding import Encoding, Slice
from tavola.core.game import Game, State
from tavola.games.intrige import actions as A
from tavola.games.intrige.config import DIRECT_SUMS, SUMS_PER_RANGE, Table
from tavola.games.intrige.schema import income_bound, money_bound
from tavola.games.intrige.state import ROLES, Board

SUM_SLOTS = max(DIRECT_SUMS, SUMS_PER_RANGE)
"""The most sums one list offers: every payable sum when there are at most `DIRECT_SUMS`,
else the sums below the first range, or the sums of the range picked."""

PENDING_KINDS: tuple[str, ...] = ("bribe", "internal", "external", "seat", "send")
"""The decisions a view's `pending` names; the tensor adds one more for a finished game."""

# A practical scale for purses: under 1% of purses pass four starting purses between greedy
# bots (about 1 in 8 in random play, with its wild bribes); the second, unclipped copy over
# the proven bound keeps the order among the richest.
MONEY_SCALE = 4
# A practical scale for bribes and offers: one bribe of a whole starting purse is rare.
BRIBE_SCALE = 1


def board_of(state: State) -> Board:
    """Return the board inside an Intrige state (game.py's `IntrigeState`, which this layer
    may not import)."""
    board = getattr(state, "board", None)
    if not isinstance(board, Board):
        raise TypeError("not an Intrige state")
    return board


class IntrigeEncoding(Encoding):
    """The fixed action space and the observation tensor of one Intrige table."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        table = getattr(game, "table", None)
        if not isinstance(table, Table):
            raise TypeError("not an Intrige game")
        self.table = table
        edition = table.edition
        n = self.players = table.players
        rooms = self.rooms = edition.rooms
        professions = self.professions = len(edition.professions)
        self.low, self.step = edition.smallest_bribe, edition.bribe_step
        self.span = SUMS_PER_RANGE * edition.bribe_step
        self.money_bound = money_bound(table)
        self.income_bound = income_bound(table)
        self.start = edition.start_money
        self.figures = edition.figures_per_profession
        self.rounds = edition.rounds
        self.prof_index = {name: i for i, name in enumerate(edition.professions)}
        self.salaries = edition.salaries
        # The relative position of every seat as seen from every seat.
        self.rel = tuple(tuple((s - p) % n for s in range(n)) for p in range(n))

        # -- the action space: sums first, then every fixed action, then the ranges --------
        self.zero_at = 0
        self.bribe_at = 1
        self.offer_at = self.bribe_at + SUM_SLOTS
        self.ask_at = self.offer_at + SUM_SLOTS
        self.back_at = self.ask_at + rooms
        self.defend_at = self.back_at + 1
        self.admit_at = self.defend_at + 1
        self.room_at = self.admit_at + n - 1
        self.send_at = self.room_at + rooms
        self.range_at = self.send_at + professions * (n - 1)
        self.ranges = self.money_bound // self.span
        self._size = self.range_at + self.ranges
        fixed: list[dict[Action, int]] = []
        back: list[dict[int, Action]] = []
        for p in range(n):
            to_index: dict[Action, int] = {A.BACK: self.back_at, A.DEFEND: self.defend_at}
            for r in range(rooms):
                to_index[A.ask(r + 1)] = self.ask_at + r
                to_index[A.room(r + 1)] = self.room_at + r
            for d in range(1, n):
                to_index[A.admit((p + d) % n)] = self.admit_at + d - 1
                for prof, name in enumerate(edition.professions):
                    to_index[A.send(name, (p + d) % n)] = self.send_at + prof * (n - 1) + d - 1
            fixed.append(to_index)
            back.append({i: a for a, i in to_index.items()})
        self.fixed = tuple(fixed)
        self.back = tuple(back)

        # -- the observation layout -------------------------------------------------------
        seats = "from the observer round the table"
        fine = f"/ ({MONEY_SCALE} x starting money), clipped to 1"
        self._layout = (
            Slice("round", self.rounds, "the round being played, one-hot (round 1 first)"),
            Slice("turn", n, f"whose turn it is (whose palace receives), one-hot {seats}"),
            Slice("to_act", n, "the seat that must decide now, one-hot, same order; "
                               "all 0 once the game is over"),
            Slice("pending", len(PENDING_KINDS) + 1,
                  "the decision pending, one-hot: bribe, internal conflict, external "
                  "conflict, seating, sending, none (game over)"),
            Slice("rooms", n * rooms * (n + professions),
                  f"per palace ({seats}) and room (cheapest first): the holder's seat "
                  "one-hot (same order), then the holder's profession one-hot; 0 if empty"),
            Slice("parks", n * n * professions,
                  "per palace and sender (same order): 1 at the profession of the figure "
                  "that sender has waiting in that palace's park"),
            Slice("supply", n * professions,
                  "per seat (same order) and profession: figures in supply / figures per "
                  "profession"),
            Slice("island", n * professions,
                  "per seat and profession: figures exiled / figures per profession"),
            Slice("money", n, f"each seat's money (same order; the observer's own from the "
                              f"view, the others' from the public record) {fine}"),
            Slice("money_total", n, "the same purses / the most money there can be"),
            Slice("salaries", n, "per seat: the salaries its seated figures earn each turn / "
                                 "the most one seat can earn in a turn"),
            Slice("bribes_paid", n * n,
                  "per payer and palace owner (both same order): bribes paid over the game "
                  f"{fine}"),
            Slice("bribe_payer", n, "the seat due to bribe now, one-hot (same order)"),
            Slice("bribe_role", len(ROLES),
                  "that bribe's role, one-hot: defend, attack, external conflict, enter"),
            Slice("pending_profession", professions,
                  "the profession of the bribe, conflict or seating pending, one-hot"),
            Slice("pending_room", rooms, "the room that profession holds in the palace "
                                         "receiving, one-hot; 0 if none"),
            Slice("offered", 1, "1 once the payer due has made its offer for this bribe"),
            Slice("asked_room", rooms, "the observer's own offer begun (ask) for this room, "
                                       "one-hot; 0 otherwise"),
            Slice("range_from", 2, f"the lowest sum of the observer's own range picked, "
                                   f"{fine}, then / the most money there can be; 0 if none"),
            Slice("contenders", n, "the seats contending in the conflict pending (same order)"),
            Slice("defender", n, "the seat defending its room in an internal conflict, one-hot"),
            Slice("seat_player", n, "the sender whose figure is to be seated now, one-hot"),
            Slice("sent", n, "the palaces already sent to this turn (same order)"),
            Slice("step_bribes", n * professions,
                  "per payer (same order) and profession: bribes paid to the palace "
                  f"receiving this turn / ({BRIBE_SCALE} x starting money), clipped to 1"),
            Slice("bribes_due", n * professions,
                  "per payer and profession: bribes still due this turn / 2"),
            Slice("conflicts", 2 * professions,
                  "conflicts still to decide: internal per profession, then external"),
            Slice("to_seat", n, "the senders whose figures wait to be seated (same order)"),
            Slice("offers", n * (1 + rooms),
                  "per payer (same order): its last offer in the palace receiving this turn, "
                  f"the sum / ({BRIBE_SCALE} x starting money) clipped to 1, then the room "
                  "one-hot; 0 if none"),
        )
        at: dict[str, int] = {}
        start = 0
        for s in self._layout:
            at[s.name] = start
            start += s.length
        self.at = at
        self._length = start

    # -- the action space ----------------------------------------------------------------
    @property
    def size(self) -> int:
        """The number of action indices (K)."""
        return self._size

    def sum_base(self, board: Board) -> int:
        """Return the sum at slot 0 of the list the payer chooses from now."""
        return max(self.low, board.range_from) if board.range_from else self.low

    def index(self, state: State, player: int, action: Action) -> int:
        """Return the index of one of `player`'s legal actions in `state`."""
        kind = action.kind
        if kind == "bribe":
            amount = int(action.args[0])
            if amount == 0:
                return self.zero_at
            return self.bribe_at + (amount - self.sum_base(board_of(state))) // self.step
        if kind == "offer":
            amount = int(action.args[0])
            return self.offer_at + (amount - self.sum_base(board_of(state))) // self.step
        if kind == "range":
            return self.range_at + int(action.args[0]) // self.span - 1
        return self.fixed[player][action]

    def action(self, state: State, player: int, index: int) -> Action:
        """Return `player`'s action at `index` in `state`; raise KeyError for an index that
        names no action now."""
        if index < self.bribe_at:
            return A.bribe(0)
        if index < self.ask_at:
            board = board_of(state)
            slot = (index - self.bribe_at) % SUM_SLOTS
            amount = self.sum_base(board) + slot * self.step
            if index < self.offer_at:
                return A.bribe(amount)
            if not board.ask_room:
                raise KeyError(index)
            return A.offer(amount, board.ask_room)
        if index >= self.range_at:
            if index >= self._size:
                raise KeyError(index)
            return A.sum_range((index - self.range_at + 1) * self.span)
        return self.back[player][index]

    # -- the observation -----------------------------------------------------------------
    @property
    def layout(self) -> tuple[Slice, ...]:
        """The slices of the observation tensor, in order."""
        return self._layout

    def observe(self, player: int, view: Mapping[str, Any]) -> list[float]:
        """Return the observation tensor of `player` from its view alone."""
        n, rooms, professions = self.players, self.rooms, self.professions
        prof = self.prof_index
        rel = self.rel[player]
        at = self.at
        out = [0.0] * self._length

        out[at["round"] + view["round"] - 1] = 1.0
        turn = view["turn"]
        out[at["turn"] + rel[turn]] = 1.0
        for seat in view["to_act"]:
            out[at["to_act"] + rel[seat]] = 1.0

        # The palaces: rooms, parks and the salaries each seat earns from them.
        per_room = n + professions
        rooms_at, parks_at = at["rooms"], at["parks"]
        earned = [0] * n
        salaries = self.salaries
        for palace, data in enumerate(view["palaces"]):
            where = rel[palace]
            base = rooms_at + where * rooms * per_room
            for number, room in enumerate(data["rooms"]):
                figure = room["figure"]
                if figure is not None:
                    holder = figure["player"]
                    cell = base + number * per_room
                    out[cell + rel[holder]] = 1.0
                    out[cell + n + prof[figure["profession"]]] = 1.0
                    earned[holder] += salaries[number]
            base = parks_at + where * n * professions
            for figure in data["park"]:
                out[base + rel[figure["player"]] * professions
                    + prof[figure["profession"]]] = 1.0

        figures = float(self.figures)
        supply_at = at["supply"]
        for seat, row in enumerate(view["supply"]):
            base = supply_at + rel[seat] * professions
            for name, count in row.items():
                out[base + prof[name]] = count / figures
        island_at = at["island"]
        for figure in view["island"]:
            out[island_at + rel[figure["player"]] * professions
                + prof[figure["profession"]]] += 1.0 / figures

        # Purses from the public record, and who bribed whom.
        fine = float(MONEY_SCALE * self.start)
        bound = float(self.money_bound)
        purses = [self.start + income for income in view["incomes"]]
        paid_at = at["bribes_paid"]
        for bribe in view["bribes"]:
            payer, palace, amount = bribe["payer"], bribe["palace"], bribe["amount"]
            purses[payer] -= amount
            purses[palace] += amount
            out[paid_at + rel[payer] * n + rel[palace]] += amount / fine
        for i in range(paid_at, paid_at + n * n):
            if out[i] > 1.0:
                out[i] = 1.0
        purses[player] = view["my_money"]
        money_at, total_at, salary_at = at["money"], at["money_total"], at["salaries"]
        income_scale = float(self.income_bound)
        for seat in range(n):
            where = rel[seat]
            out[money_at + where] = min(1.0, purses[seat] / fine)
            out[total_at + where] = purses[seat] / bound
            out[salary_at + where] = earned[seat] / income_scale

        self._pending(player, view, out)

        # This turn's receiving: bribes paid and due, conflicts, figures to seat, offers.
        bribe_scale = float(BRIBE_SCALE * self.start)
        step_at = at["step_bribes"]
        for bribe in view["this_palace_bribes"]:
            cell = step_at + rel[bribe["payer"]] * professions + prof[bribe["profession"]]
            out[cell] = min(1.0, out[cell] + bribe["amount"] / bribe_scale)
        due_at = at["bribes_due"]
        for due in view["bribes_due"]:
            cell = due_at + rel[due["payer"]] * professions + prof[due["profession"]]
            out[cell] = min(1.0, out[cell] + 0.5)
        conflicts_at = at["conflicts"]
        for conflict in view["conflicts"]:
            external = professions if conflict["kind"] == "external" else 0
            out[conflicts_at + external + prof[conflict["profession"]]] = 1.0
        to_seat_at = at["to_seat"]
        for seat in view["to_seat"]:
            out[to_seat_at + rel[seat]] = 1.0
        offers_at = at["offers"]
        current = (view["round"], turn)
        seen: set[int] = set()
        # Offers are on record in the order of play, so this turn's are the last ones.
        for offer in reversed(view["offers"]):
            if (offer["round"], offer["palace"]) != current:
                break
            payer = offer["payer"]
            if payer in seen:
                continue
            seen.add(payer)
            base = offers_at + rel[payer] * (1 + rooms)
            out[base] = min(1.0, offer["amount"] / bribe_scale)
            out[base + offer["room"]] = 1.0
        return out

    def _pending(self, player: int, view: Mapping[str, Any], out: list[float]) -> None:
        """Write the decision pending into `out`."""
        at = self.at
        rel = self.rel[player]
        pending = view["pending"]
        if pending is None:
            out[at["pending"] + len(PENDING_KINDS)] = 1.0
            return
        kind = pending["kind"]
        out[at["pending"] + PENDING_KINDS.index(kind)] = 1.0
        if kind == "send":
            for palace in pending["sent"]:
                out[at["sent"] + rel[palace]] = 1.0
            return
        out[at["pending_profession"] + self.prof_index[pending["profession"]]] = 1.0
        if kind == "seat":
            out[at["seat_player"] + rel[pending["player"]]] = 1.0
            return
        number = pending.get("room")
        if number is not None:
            out[at["pending_room"] + number - 1] = 1.0
        if kind == "bribe":
            out[at["bribe_payer"] + rel[pending["payer"]]] = 1.0
            out[at["bribe_role"] + ROLES.index(pending["role"])] = 1.0
            if pending["offered"]:
                out[at["offered"]] = 1.0
            if pending["ask_room"]:
                out[at["asked_room"] + pending["ask_room"] - 1] = 1.0
            lowest = pending["range_from"]
            if lowest:
                out[at["range_from"]] = min(1.0, lowest / (MONEY_SCALE * self.start))
                out[at["range_from"] + 1] = lowest / self.money_bound
            return
        for seat in pending["contenders"]:
            out[at["contenders"] + rel[seat]] = 1.0
        if "defender" in pending:
            out[at["defender"] + rel[pending["defender"]]] = 1.0
