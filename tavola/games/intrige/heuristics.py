"""Judging Intrige positions: the evaluation for search and the `greedy` bot.

`evaluate` estimates each seat's final rank utility from the whole board: a seat's final
money is estimated as its money now plus the salaries its seated figures will still collect,
and the utility is the average over the other seats of a soft win (+1) or loss (-1) against
each, the softness shrinking as the game nears its end. With hard comparisons that average is
exactly the rank utility of `Result.utilities` (ties count 0), so the estimate lies in
[-1, 1] and sums to 0.

`GreedyPolicy` sees only its view and its legal actions (every purse follows from the public
record in the view, `public_purses`). As a payer it never pays more than it must: the
smallest bribe for an uncontested figure (after a non-binding offer for the best empty room),
and in a conflict just enough to beat the highest rival bid already on the table, up to a
share of the income at stake; it concedes with the smallest bribe when that is not enough.
As a palace owner it prices its rooms: a better room costs a share of the extra income it
brings its holder, more for a player ahead of the owner. It seats the biggest payers first,
each in the best room it has paid for, honours an offer only if the sum was paid and covers
the room's price, and in a conflict keeps the contender whose bribe, less the harm of
enriching them, is highest (the defender on a tie). It sends figures where they can enter
without conflict into a good empty room, or to unseat a rival from a well-paid room. It never
takes a step back (`back`): it picks the range holding the sum it wants, and that is final.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from tavola.core.action import Action
from tavola.core.game import Policy
from tavola.games.intrige.config import Table
from tavola.games.intrige.state import Board
from tavola.games.intrige.view import public_purses

# How much of the salaries still to come the evaluation counts (a seated figure may yet be
# unseated by an attacker).
INCOME_CERTAINTY = 0.8
# The softness of a comparison between two estimates, in starting purses: wide at the start
# (much can change), narrow at the end.
EARLY_SPREAD, LATE_SPREAD = 0.5, 0.05

# A payer in a conflict bids at most this share of the income at stake ...
CONFLICT_SHARE = 0.3
# ... and never more than this share of its money on one bribe.
MONEY_SHARE = 0.25
# An owner asks this share of the extra income a better room brings ...
PRICE_SHARE = 0.25
# ... scaled by 0.5 + threat (0 for a seat far behind the owner, 1 for one far ahead).
# In a conflict the owner counts this share of the income it hands the winner as harm.
HARM_SHARE = 0.25


# -- evaluation -----------------------------------------------------------------------------

def incomes_left(rounds: int, round_: int, turn: int, player: int) -> int:
    """Return how many more incomes `player` collects from a figure seated during `turn`'s
    turn of `round_` (Intrige rulebook, "1. Collecting income": at the start of each own
    turn, never in round 1)."""
    later_this_round = player > turn and round_ > 1
    return rounds - round_ + (1 if later_this_round else 0)


def evaluate(table: Table, board: Board) -> tuple[float, ...]:
    """Return each seat's estimated final rank utility in [-1, 1] (see the module)."""
    edition, n = table.edition, table.players
    salaries = edition.salaries
    estimate = [float(m) for m in board.money]
    for palace, rooms in enumerate(board.rooms):
        for number, figure in enumerate(rooms):
            if figure is not None and figure[0] != palace:
                left = incomes_left(edition.rounds, board.round, board.turn, figure[0])
                estimate[figure[0]] += INCOME_CERTAINTY * salaries[number] * left
    played = ((board.round - 1) * n + board.turn) / (edition.rounds * n)
    spread = edition.start_money * (LATE_SPREAD + (EARLY_SPREAD - LATE_SPREAD) * (1 - played))
    return tuple(
        sum(math.tanh((estimate[p] - estimate[q]) / spread) for q in range(n) if q != p)
        / (n - 1) for p in range(n))


# -- the greedy bot -------------------------------------------------------------------------

def left_for(view: Mapping[str, Any], player: int) -> int:
    """Return how many more incomes `player` collects from a figure seated now."""
    return incomes_left(int(view["rounds"]), int(view["round"]), int(view["turn"]), player)


def standings(view: Mapping[str, Any], contested: int | None = None) -> list[float]:
    """Return every seat's money (from the public record) plus the salaries still to come,
    leaving out room `contested` of the palace whose turn it is (its holder may lose it)."""
    out = [float(m) for m in public_purses(view)]
    for palace in view["palaces"]:
        for room in palace["rooms"]:
            figure = room["figure"]
            if figure is not None and not (palace["seat"] == view["turn"]
                                           and room["room"] == contested):
                out[figure["player"]] += room["salary"] * left_for(view, figure["player"])
    return out


def threat(view: Mapping[str, Any], player: int, contested: int | None = None) -> float:
    """Return how much enriching `player` hurts the viewer: 0.5 when level, up to 1 for a
    seat a whole starting purse ahead, down to 0 for one a purse behind."""
    standing = standings(view, contested)
    viewer: int = view["viewer"]
    gap = (standing[player] - standing[viewer]) / float(view["start_money"])
    return min(1.0, max(0.0, 0.5 + gap / 2))


def free_salaries(view: Mapping[str, Any], palace: int) -> list[int]:
    """Return the salaries of the empty rooms of a palace, best first."""
    rooms = view["palaces"][palace]["rooms"]
    return sorted((r["salary"] for r in rooms if r["figure"] is None), reverse=True)


def paid(view: Mapping[str, Any], player: int, defending: bool) -> int:
    """Return what `player` paid in this palace this turn (as defender or as sender)."""
    return sum(int(b["amount"]) for b in view["this_palace_bribes"]
               if b["payer"] == player and (b["role"] == "defend") == defending)


class GreedyPolicy(Policy):
    """A one-step heuristic player (see the module docstring)."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action],
               rng: random.Random) -> Action:
        """Pick an action by the kind of decision pending."""
        pending = view["pending"]
        kind = pending["kind"]
        if kind == "bribe":
            return self.bribe(view, pending, legal)
        if kind in ("internal", "external"):
            return self.conflict(view, pending, legal)
        if kind == "seat":
            return self.seat(view, pending, legal)
        return self.send(view, legal, rng)

    # -- paying -------------------------------------------------------------------------

    def bribe(self, view: Mapping[str, Any], pending: Mapping[str, Any],
              legal: Sequence[Action]) -> Action:
        """Offer for the best empty room once, then pay no more than the decision needs."""
        amount = self.sum_for(view, self.bid(view, pending))
        if pending["ask_room"] is not None:
            return self.pick_sum(legal, "offer", amount)
        if (not pending["offered"] and pending["range_from"] is None
                and pending["role"] in ("enter", "external")):
            wanted = str(self.best_free_room(view, pending["palace"]))
            for action in legal:
                if action.kind == "ask" and action.args[0] == wanted:
                    return action
        return self.pick_sum(legal, "bribe", amount)

    @staticmethod
    def bid(view: Mapping[str, Any], pending: Mapping[str, Any]) -> float:
        """Return the sum to aim for: the smallest bribe without a rival; in a conflict just
        over the best rival bid so far (at least a share of the stake while rivals are still
        to bid), and the smallest bribe when the stake does not cover that."""
        me, role, profession = view["viewer"], pending["role"], pending["profession"]
        if role == "enter":
            return 0.0
        if role == "external":
            best = free_salaries(view, pending["palace"])
            salary = best[0] if best else 0
        else:
            salary = view["salaries"][pending["room"] - 1]
        rivals_paid = [b["amount"] for b in view["this_palace_bribes"]
                       if b["profession"] == profession and b["payer"] != me]
        rivals_due = [d for d in view["bribes_due"][1:]
                      if d["profession"] == profession and d["payer"] != me]
        contenders = {b["payer"] for b in view["this_palace_bribes"]
                      if b["profession"] == profession} | {
                          d["payer"] for d in view["bribes_due"] if d["profession"] == profession}
        if contenders == {me}:
            return 0.0
        cap = min(CONFLICT_SHARE * salary * left_for(view, me),
                  MONEY_SHARE * float(view["my_money"]))
        step = float(view["bribe_step"])
        beat = max(rivals_paid, default=0) + (0 if role == "defend" else step)
        target = max(beat, cap if rivals_due else 0.0)
        return target if beat <= cap else 0.0

    @staticmethod
    def sum_for(view: Mapping[str, Any], target: float) -> int:
        """Return the payable sum nearest below `target` (at least the smallest bribe)."""
        low, step = int(view["smallest_bribe"]), int(view["bribe_step"])
        money = int(view["my_money"])
        if money < low:
            return 0
        return min(max(low, int(target) // step * step), money - (money - low) % step)

    @staticmethod
    def pick_sum(legal: Sequence[Action], kind: str, amount: int) -> Action:
        """Return the action of `kind` naming `amount`, or else the range that holds it."""
        holder: Action | None = None
        for action in legal:
            if action.kind == kind and int(action.args[0]) == amount:
                return action
            if action.kind == "range" and int(action.args[0]) <= amount and (
                    holder is None or int(action.args[0]) > int(holder.args[0])):
                holder = action
        return holder or next(a for a in legal if a.kind == kind)

    @staticmethod
    def best_free_room(view: Mapping[str, Any], palace: int) -> int:
        """Return the number of the best empty room (or the best room)."""
        rooms = view["palaces"][palace]["rooms"]
        free = [r["room"] for r in rooms if r["figure"] is None]
        return max(free) if free else len(rooms)

    # -- owning -------------------------------------------------------------------------

    def conflict(self, view: Mapping[str, Any], pending: Mapping[str, Any],
                 legal: Sequence[Action]) -> Action:
        """Keep the contender whose bribe, less the harm of enriching them, is highest; the
        defender keeps the room on a tie."""
        contested = pending.get("room")
        if pending["kind"] == "internal":
            salary = int(view["salaries"][pending["room"] - 1])
        else:
            best = free_salaries(view, pending["palace"])
            salary = best[0] if best else 0

        def score(player: int, defending: bool) -> float:
            harm = (HARM_SHARE * threat(view, player, contested) * salary
                    * left_for(view, player))
            return paid(view, player, defending) - harm

        best_action, best_score = legal[0], float("-inf")
        for action in legal:
            if action.kind == "defend":
                value = score(pending["defender"], True)
            else:
                value = score(int(action.args[0]), False)
            if value > best_score:
                best_action, best_score = action, value
        return best_action

    def seat(self, view: Mapping[str, Any], pending: Mapping[str, Any],
             legal: Sequence[Action]) -> Action:
        """Seat the biggest payers first, each in the best room whose price it paid (or in
        the room it offered for, when the offer was paid and covers the price)."""
        free = {int(a.args[0]): a for a in legal}
        salary = {n: int(view["salaries"][n - 1]) for n in free}
        worst = min(salary.values())
        waiting = [pending["player"], *pending["waiting"]]
        bribes = {s: paid(view, s, False) for s in waiting}
        wishes = {o["payer"]: (o["amount"], o["room"]) for o in view["offers"]
                  if o["round"] == view["round"] and o["palace"] == view["turn"]}

        def price(room: int, player: int) -> float:
            extra = (salary[room] - worst) * left_for(view, player)
            return PRICE_SHARE * extra * (0.5 + threat(view, player))

        rooms = sorted(free, key=lambda n: -salary[n])
        for sender in sorted(waiting, key=lambda s: -bribes[s]):
            affordable = [n for n in rooms if price(n, sender) <= bribes[sender]]
            choice = affordable[0] if affordable else rooms[-1]
            if sender in wishes:
                amount, wanted = wishes[sender]
                if wanted in affordable and bribes[sender] >= amount:
                    choice = wanted
            if sender == pending["player"]:
                return free[choice]
            rooms.remove(choice)
        return free[rooms[-1]]

    # -- sending ------------------------------------------------------------------------

    def send(self, view: Mapping[str, Any], legal: Sequence[Action],
             rng: random.Random) -> Action:
        """Send where the figure is likely to sit in a good room, or to unseat a rival.

        Equally good sends are drawn with `rng`, so games between bots differ by seed.
        """
        me = view["viewer"]
        supply = view["supply"][me]
        best: list[Action] = []
        best_score = float("-inf")
        for action in legal:
            profession, palace = action.args[0], int(action.args[1])
            rooms = view["palaces"][palace]["rooms"]
            waiting = [f["profession"] for f in view["palaces"][palace]["park"]]
            holder = next((r for r in rooms if r["figure"] is not None
                           and r["figure"]["profession"] == profession), None)
            if holder is not None:
                owner = holder["figure"]["player"]
                score = -1e9 if owner == me else 0.4 * holder["salary"]
            else:
                free = free_salaries(view, palace)
                ahead = sum(1 for w in waiting if w != profession)
                score = free[min(ahead, len(free) - 1)] if free else 0.0
                if profession in waiting:
                    score *= 0.3
            score += 0.01 * supply[profession]
            if score > best_score:
                best, best_score = [action], score
            elif score == best_score:
                best.append(action)
        return best[0] if len(best) == 1 else rng.choice(best)
