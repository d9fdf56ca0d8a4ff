"""Judging Notre Dame positions: the search evaluation and the `greedy` bot.

`evaluate` turns a position into each seat's expected rank utility: a score per player
(prestige, plus gold and personal cubes, which break ties at the end and buy prestige before
it, less the prestige and cube a coming plague overflow costs), compared pairwise through a
logistic curve whose width shrinks as the rounds run out.

The greedy bot scores each legal action from the player's view alone. It values prestige at
1, gold a little more early on, cubes while the supply is short, and fears the plague: when
this round's rats would push its marker past 9 it buys relief (Hospital, Park, Doctor, rat
benefits) first. It drives towards the best message it may take. It never looks at anything
but its view and its legal actions, and its only randomness is the tie-break it draws from
the generator it is given.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from tavola.core import Action, Policy
from tavola.games.notre_dame.components import (
    CHARACTER_RATS,
    COLOURS,
    SQUARES_PER_QUARTER,
    Character,
    road_distances,
)
from tavola.games.notre_dame.config import (
    NOTRE_DAME_PAYOUT,
    PLAGUE_PRESTIGE,
    RAT_TRACK_MAX,
    ROUNDS,
)
from tavola.games.notre_dame.state import NDState

HOSPITAL = 6
TIEBREAK_WEIGHT = 0.3
"""Prestige one gold or personal cube is worth in the evaluation: they break final ties and
turn into prestige through later actions."""
OVERFLOW_COST = PLAGUE_PRESTIGE + 1.0
"""What a plague overflow costs: the prestige, and a cube from the largest sector."""


def evaluate(s: NDState) -> tuple[float, ...]:
    """Return each seat's estimated rank utility in [-1, 1] (see the module docstring)."""
    n = len(s.gold)
    plague = sum(CHARACTER_RATS[c] for c in s.revealed)
    scores = []
    for p in range(n):
        hospital = s.sectors[p][HOSPITAL] + (s.friend[p] == HOSPITAL)
        rats = 0 if s.hired[p] == Character.DOCTOR else plague
        overflow = s.rats[p] + rats - hospital > RAT_TRACK_MAX
        scores.append(s.prestige[p] + TIEBREAK_WEIGHT * (s.gold[p] + s.supply[p])
                      - (OVERFLOW_COST if overflow else 0.0))
    width = 2.0 + 2.0 * (ROUNDS - s.rnd)
    out = []
    for p in range(n):
        wins = sum(1.0 / (1.0 + math.exp((scores[q] - scores[p]) / width))
                   for q in range(n) if q != p)
        out.append(max(-1.0, min(1.0, 2.0 * wins / (n - 1) - 1.0)))
    return tuple(out)

SECTORS = ("convent_school", "bank", "residence", "carriage_house", "hotel", "park",
           "hospital")
_DISTANCES: dict[int, list[list[int]]] = {}
MESSAGE_VALUE = {"1p_gold": 2.6, "2p_cube": 3.2, "3p_rat": 3.8, "4p": 4.0}


def _square(token: str) -> int:
    q, i = token.split(".")
    return int(q) * SQUARES_PER_QUARTER + int(i)


def _distances(quarters: int) -> list[list[int]]:
    if quarters not in _DISTANCES:
        _DISTANCES[quarters] = road_distances(quarters)
    return _DISTANCES[quarters]


class Reader:
    """Derived facts about the acting player, read from a view."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.v = view
        self.me = int(view["viewer"])
        self.pl = view["players"][self.me]
        self.rounds_left = 9 - int(view["round"])
        self.sectors: dict[str, int] = dict(self.pl["sectors"])
        if self.pl["friend"]:
            self.sectors[self.pl["friend"]] += 1

    def count(self, sector: str) -> int:
        """Pieces in a sector, the friend included."""
        return self.sectors[sector]

    def danger(self) -> int:
        """How far this round's plague would push the rat marker past 9 (<= 0: safe)."""
        plague = 0 if self.pl["hired"] == "doctor" else int(self.v["plague"])
        return int(self.pl["rats"]) + plague - self.count("hospital") - 9

    def gold_value(self) -> float:
        """Gold buys characters and donations; it is worth less at the very end."""
        return 1.3 if self.rounds_left > 1 else 0.6

    def cube_value(self) -> float:
        """Cubes matter while the supply is short and rounds remain."""
        short = max(0, 4 - int(self.pl["supply"]))
        return min(2.0, 0.4 + 0.3 * short) * min(1.0, self.rounds_left / 4 + 0.2)

    def rat_value(self) -> float:
        """A step back is worth a lot near the overflow, little when safe."""
        d = self.danger()
        if int(self.pl["rats"]) == 0:
            return 0.0
        return 4.0 if d >= 0 else 2.0 if d >= -2 else 0.6

    def park_bonus(self) -> int:
        """The park bonus on each prestige gain."""
        return self.count("park") // 2

    def best_message(self, steps: int) -> float:
        """The value of the best message reachable within `steps`."""
        return max((val for _, val in self.reachable_messages(steps)), default=0.0)

    def reachable_messages(self, steps: int) -> list[tuple[int, float]]:
        """Squares within `steps` holding a message this player may take, with values."""
        dist = _distances(int(self.v["quarters"]))[_square(self.pl["carriage"])]
        out = []
        for token, (colour, benefit) in self.v["board"].items():
            sq = _square(token)
            if 0 < dist[sq] <= steps and self.may_take(colour):
                out.append((sq, MESSAGE_VALUE[benefit] + self.park_bonus()))
        return out

    def may_take(self, colour: str) -> bool:
        """The message colour rule, from the view."""
        mine = {c: 0 for c in COLOURS}
        for c, _ in self.pl["messages"]:
            mine[c] += 1
        on_board = {c for c, _ in self.v["board"].values()}
        return all(mine[c] >= mine[colour] for c in on_board)

    def sector_value(self, sector: str, extra: int = 1) -> float:
        """Value of adding `extra` pieces to a sector and carrying out its action."""
        n = self.count(sector) + extra
        bonus = self.park_bonus()
        if sector == "convent_school":
            return n * self.cube_value()
        if sector == "bank":
            return n * self.gold_value()
        if sector == "residence":
            return n + bonus + 0.3
        if sector == "carriage_house":
            return self.best_message(n) * 0.9 + 0.3 * n
        if sector == "hotel":
            best = max(self.gold_value(), self.cube_value(), self.rat_value())
            return best * (2 if n >= 4 else 1) + 0.2
        if sector == "park":
            future = 0.5 * self.rounds_left * ((n // 2) - (n - 1) // 2)
            return self.rat_value() + future + 0.4
        if sector == "hospital":
            return self.rat_value() + 0.35 * self.rounds_left + (3.0 if self.danger() > 0 else 0)
        return 0.0

    def card_value(self, card: str) -> float:
        """Value of playing a card next."""
        kind = card.split(".")[1]
        if kind == "trusted_friend":
            here = self.pl["friend"]
            return max(self.sector_value(s, 1 if s != here else 0) for s in SECTORS if s != here)
        if kind == "notre_dame":
            gold = int(self.pl["gold"])
            if gold == 0:
                return 0.0
            give = min(3, gold)
            gain = {1: 1, 2: 3, 3: 6}[give] + self.park_bonus()
            share = NOTRE_DAME_PAYOUT[len(self.v["players"])] / (1 + self._nd_cubes())
            return gain + 0.6 * share - give * self.gold_value()
        if int(self.pl["supply"]) == 0:
            return self.sector_value(kind) * 0.6
        return self.sector_value(kind)

    def _nd_cubes(self) -> int:
        return sum(int(p["notre_dame"]) for p in self.v["players"])

    def character_value(self, name: str) -> float:
        """Value of paying a character (its price counted by the caller)."""
        bonus = self.park_bonus()
        pl = self.pl
        occupied = [self.count(s) for s in SECTORS]

        def prestige(x: float) -> float:
            return x + bonus if x > 0 else 0.0

        table = {
            "innkeeper": prestige(3) + max(self.gold_value(), self.cube_value(),
                                           self.rat_value()),
            "minstrel": 0.5,
            "monk": 2 * self.cube_value() + prestige(1),
            "jester": max((self.sector_value(s) for s in SECTORS), default=0) * 0.7,
            "moneylender": 2 * self.gold_value() + prestige(1),
            "doctor": (2.0 + 3.0 + self.danger() * 0.3) if self.danger() > 0 else 0.3,
            "city_watch": prestige(sum(occupied) + int(pl["notre_dame"])),
            "night_watch": prestige(sum(1 for c in occupied if c == 0)),
            "bishop": max((self.sector_value(s) for s in SECTORS if self.count(s) == 0),
                          default=0.0),
            "guild_master": prestige(2 * sum(1 for c in occupied if c >= 2)),
            "king_of_beggars": prestige(9 - int(pl["rats"])),
            "lawyer": prestige(3 * (len(pl["messages"]) // 2)),
            "lady_in_waiting": prestige(max(occupied)),
            "mayor": prestige(3 * sum(1 for c in occupied if c >= 3)),
            "carpenter": prestige(sum(1 for c in occupied if c >= 1)),
        }
        return float(table[name])


class GreedyPolicy(Policy):
    """Score every legal action with `Reader`; ties broken at random."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action],
               rng: random.Random) -> Action:
        """Pick the best-scoring action."""
        r = Reader(view)
        best: list[Action] = []
        top = float("-inf")
        for a in legal:
            score = self.score(r, a)
            if score > top + 1e-9:
                top, best = score, [a]
            elif abs(score - top) <= 1e-9:
                best.append(a)
        return best[rng.randrange(len(best))]

    def score(self, r: Reader, a: Action) -> float:
        """Score one action."""
        kind, args = a.kind, a.args
        task = r.v["task"]
        if kind in ("keep", "play"):
            value = r.card_value(args[0])
            own = args[0].split(".")[0] == r.pl["colour"]
            return value + (0.05 if own else 0.0)
        if kind == "place":
            return 1.0
        if kind == "forgo":
            if task and task["task"] == "source" and task["x"] == 7:
                return 0.5 if int(r.pl["gold"]) < 2 and r.rounds_left > 1 else -1.0
            return -1.0
        if kind == "from":
            if task and task["task"] == "jester_from":
                return -r.count(args[0]) if args[0] in r.sectors else -1.0
            if args[0] == "notre_dame":
                return 0.0
            return -r.sector_value(args[0], 0) * 0.1
        if kind == "friend":
            return r.sector_value(args[0])
        if kind == "to":
            if task and task["task"] == "minstrel_to":
                return r.count(args[0]) + (1 if args[0] in ("park", "hospital") else 0)
            return r.sector_value(args[0])
        if kind == "move":
            return self._drive(r, _square(args[0]))
        if kind == "stay":
            return 0.0
        if kind == "take":
            return 1.0
        if kind == "leave":
            return 0.0
        if kind == "benefit":
            return {"gold": r.gold_value(), "cube": r.cube_value(),
                    "rat": r.rat_value()}[args[0]]
        if kind == "gold":
            n = int(args[0])
            return {1: 1, 2: 3, 3: 6}[n] - n * r.gold_value() * 0.8
        if kind == "hire":
            return r.character_value(args[0]) - r.gold_value() - 0.3
        if kind == "pass":
            return 0.0
        if kind == "pieces":
            return int(args[0]) + (1 if len(args) > 1 else 0)
        if kind == "lose":
            return -r.sector_value(args[0], 0)
        return 0.0

    def _drive(self, r: Reader, square: int) -> float:
        board = r.v["board"]
        dist = _distances(int(r.v["quarters"]))
        here = None
        for token, (colour, benefit) in board.items():
            if _square(token) == square and r.may_take(colour):
                here = MESSAGE_VALUE[benefit]
        if here is not None:
            return here + 1.0
        # No message here: prefer squares close to a message we may take next.
        near = min((dist[square][_square(t)] for t, (c, _) in board.items() if r.may_take(c)),
                   default=9)
        return 0.5 - 0.1 * near

