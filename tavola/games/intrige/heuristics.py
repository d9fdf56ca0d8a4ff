"""The `greedy` bot for Intrige: modest bribes, bribes where income is at stake, fair seating.

It sees only its view and its legal actions. As a sender it pays the smallest bribe for an
uncontested entry and bids a share of the income at stake when a room is contested; before
an entry it says which room it hopes for with a non-binding offer. As an owner it rewards
the larger bribe in conflicts and gives the better rooms to those who paid more. When
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
        return self.send(view, legal)

    def bribe(self, view: Mapping[str, Any], pending: Mapping[str, Any],
              legal: Sequence[Action]) -> Action:
        """Offer for the best empty room once, then pay a bribe sized to what is at stake."""
        me = view["viewer"]
        money = view["my_money"]
        role = pending["role"]
        bribes = [a for a in legal if a.kind == "bribe"]
        if role in ("defend", "attack"):
            salary = view["salaries"][pending["room"] - 1]
            target = CONFLICT_SHARE * salary * incomes_left(view, me)
        elif role == "external":
            best = free_salaries(view, pending["palace"])
            target = CONFLICT_SHARE * (best[0] if best else 0) * incomes_left(view, me)
        else:
            target = 0.0
        target = min(target, MONEY_SHARE * money)
        amounts = [int(a.args[0]) for a in bribes]
        fitting = [a for a in amounts if a <= target] or amounts[:1]
        amount = max(fitting)
        if not pending["offered"] and role in ("enter", "external"):
            best_room = self.best_free_room(view, pending["palace"])
            for action in legal:
                if (action.kind == "offer" and int(action.args[0]) == amount
                        and int(action.args[1]) == best_room):
                    return action
        return bribes[amounts.index(amount)]

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
        """Give the better rooms to the figures whose owners paid more."""
        waiting = [pending["player"], *pending["waiting"]]
        ranked = sorted(waiting, key=lambda s: -self.paid(view, s, False))
        place = ranked.index(pending["player"])
        rooms = sorted(legal, key=lambda a: -int(a.args[0]))
        return rooms[min(place, len(rooms) - 1)]

    def send(self, view: Mapping[str, Any], legal: Sequence[Action]) -> Action:
        """Send where the figure is likely to sit in a good room, or to unseat a rival."""
        me = view["viewer"]
        supply = view["supply"][me]
        best, best_score = legal[0], float("-inf")
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
                best, best_score = action, score
        return best
