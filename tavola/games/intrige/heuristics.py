"""The `greedy` bot for Intrige: modest bribes, bribes where income is at stake, fair seating.

It sees only its view and its legal actions. As a sender it pays the smallest bribe for an
uncontested entry and bids a share of the income at stake when a room is contested; before
an entry it says which room it hopes for with a non-binding offer. As an owner it rewards
the larger bribe in conflicts, honours an offer whose sum was paid in full (unless a bigger
payer asked for the same room) and otherwise gives the better rooms to those who paid more. When
sending it looks for a palace where the profession can enter without conflict and good rooms
are still empty, or attacks a rival in a well-paid room.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tavola.core.action import Action
from tavola.core.game import Policy

# Share of the income at stake that the bot is willing to bid in a conflict.
CONFLICT_SHARE = 0.3
# Never spend more than this share of one's money on one bribe.
MONEY_SHARE = 0.25


def incomes_left(view: Mapping[str, Any], player: int) -> int:
    """Return how many more incomes `player` collects from a figure seated now."""
    left = int(view["rounds"]) - int(view["round"])
    return left + (1 if player > int(view["turn"]) else 0)


def free_salaries(view: Mapping[str, Any], palace: int) -> list[int]:
    """Return the salaries of the empty rooms of a palace, best first."""
    rooms = view["palaces"][palace]["rooms"]
    return sorted((r["salary"] for r in rooms if r["figure"] is None), reverse=True)


class GreedyPolicy(Policy):
    """A one-step heuristic player."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action],
               rng: random.Random) -> Action:
        """Pick an action by the kind of decision pending."""
        pending = view["pending"]
        kind = pending["kind"]
        if kind == "bribe":
            return self.bribe(view, pending, legal)
        if kind in ("internal", "external"):
            return self.conflict(view, legal)
        if kind == "seat":
            return self.seat(view, pending, legal)
        return self.send(view, legal, rng)

    def bribe(self, view: Mapping[str, Any], pending: Mapping[str, Any],
              legal: Sequence[Action]) -> Action:
        """Ask for the best empty room once, then pay a bribe sized to what is at stake."""
        me = view["viewer"]
        role = pending["role"]
        if role in ("defend", "attack"):
            salary = view["salaries"][pending["room"] - 1]
            target = CONFLICT_SHARE * salary * incomes_left(view, me)
        elif role == "external":
            best = free_salaries(view, pending["palace"])
            target = CONFLICT_SHARE * (best[0] if best else 0) * incomes_left(view, me)
        else:
            target = 0.0
        amount = self.sum_for(view, min(target, MONEY_SHARE * view["my_money"]))
        if pending["ask_room"] is not None:
            return self.pick_sum(legal, "offer", amount)
        if (not pending["offered"] and pending["range_from"] is None
                and role in ("enter", "external")):
            wanted = str(self.best_free_room(view, pending["palace"]))
            for action in legal:
                if action.kind == "ask" and action.args[0] == wanted:
                    return action
        return self.pick_sum(legal, "bribe", amount)

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

    @staticmethod
    def paid(view: Mapping[str, Any], player: int, defending: bool) -> int:
        """Return what `player` paid in this palace this turn (as defender or as sender)."""
        return sum(b["amount"] for b in view["this_palace_bribes"]
                   if b["payer"] == player and (b["role"] == "defend") == defending)

    def conflict(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        """Keep whoever paid most; the defender keeps the room on a tie."""
        best, best_paid = legal[0], -1
        for action in legal:
            if action.kind == "defend":
                value = self.paid(view, view["pending"]["defender"], True)
            else:
                value = self.paid(view, int(action.args[0]), False)
            if value > best_paid:
                best, best_paid = action, value
        return best

    def seat(self, view: Mapping[str, Any], pending: Mapping[str, Any],
             legal: Sequence[Action]) -> Action:
        """Honour a paid-up offer for a free room, else give better rooms to bigger bribes."""
        waiting = [pending["player"], *pending["waiting"]]
        paid = {s: self.paid(view, s, False) for s in waiting}
        free = {int(a.args[0]): a for a in legal}
        wishes = {o["payer"]: (o["amount"], o["room"]) for o in view["offers"]
                  if o["round"] == view["round"] and o["palace"] == view["turn"]
                  and o["room"] in free}
        figure = pending["player"]
        if figure in wishes:
            amount, wanted = wishes[figure]
            rivals = [s for s in waiting if s != figure and s in wishes
                      and wishes[s][1] == wanted and paid[s] > paid[figure]]
            if paid[figure] >= amount and not rivals:
                return free[wanted]
        ranked = sorted(waiting, key=lambda s: -paid[s])
        place = ranked.index(figure)
        rooms = sorted(legal, key=lambda a: -int(a.args[0]))
        return rooms[min(place, len(rooms) - 1)]

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
