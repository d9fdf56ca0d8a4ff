"""How a Nottingham position looks for each seat (`evaluate`, for search) and the greedy bot.

Both rest on one estimate, `potential(hand, open_commissions)`: the points a hand of these
item counts is likely still to bring, either as sets of three (an item's value for a set, a
share of it for a pair or a single card) or as the best commission still open to its holder
(its value, scaled down steeply by how far the hand is from completing it).

`evaluate` weighs each seat's points, winnings cards, hand potential, ambush cards and
necklace into a strength, with weights that shift as the sheriff travels (early on, cards
won and a good hand say more about the final ranking than the points themselves; near the
end the points decide), and reads the difference of two strengths as the odds that one seat
finishes ahead of the other. The weights were fitted to the final ranks of greedy games;
`benchmarks/nottingham_evaluate.py` measures how well it foretells them.

The greedy bot sees only its view and its legal actions and takes the action with the best
immediate gain. A card's worth is the change it makes to the hand's potential; for a card
still to come (an offer, a stolen card, an opponent's hand) the bot expects what the cards it
has not seen are made of. It exchanges whenever it can -- the sheriff's moves are few and
every exchange takes one, so a set waiting in hand is worth less than its points -- taking a
commission first, then the most valuable set, weighing the chance that ambushes leave fewer
than three cards and laying out a spare card when that chance is worth it. It defends only
when the necklace is worth less than what the attack would take, springs an ambush when the
card and the harm to the victim are worth the ambush card, and never brings the game to an
end while behind. Ties go to the first action in legal order, so it is deterministic (it
never draws on the generator it is given).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from functools import cached_property
from math import tanh
from typing import Any

from tavola.core import Action, Policy
from tavola.games.nottingham.components import (
    AMBUSH_NAMES,
    CANDLESTICK,
    CARDS_PER_ITEM,
    CHEST,
    COLOURS,
    COMMISSION_VALUES,
    COMMISSIONS,
    COPPER,
    FIVE,
    GOLD,
    ITEM_TYPES,
    ITEM_VALUES,
    ITEMS,
    NECKLACE,
    PAIRS4,
    SEVEN,
    ambush_items,
)
from tavola.games.nottingham.rules import counts, scores
from tavola.games.nottingham.state import Position

_ITEM = {name: i for i, name in enumerate(ITEMS)}
_COMMISSION = {name: k for k, name in enumerate(COMMISSIONS)}
# The share of an item's value a hand holding 0, 1, 2 or 3 of it may count on (a set not yet
# exchanged can still be robbed, ambushed or outlived by the game); each further card adds a
# little, as a spare against ambushes.
_SET_SHARE = (0.0, 0.15, 0.4, 0.8)
_SPARE_SHARE = 0.05
# How steeply a commission's worth falls with the share of it the hand still lacks.
_STEEP = 3
# What laying out a spare card costs, beyond the ambush risk it covers.
_SPARE = 0.5
# What the sheriff's favour (an unseen card) is worth to the greedy bot.
_FAVOUR = 1.0
# What a necklace in hand is worth beyond its item, as a defence.
_DEFENCE = 3.0
# What an ambush card in front of the bot is worth: a future card and a spoiled exchange.
_AMBUSH = 4.0
# How likely a random ambush card hits a given exchange, and that its holder springs it.
_HIT = 3 / 13
_SPRING = 0.5
# The evaluation's weights of each seat's points, winnings cards, hand potential (towards
# the commissions still open to it), ambush cards in play and holding a necklace: (when the
# sheriff is about to come home, when he sets out), the weight moving linearly between the
# two with the share of his moves still to come. A seat's strength is the weighted sum; the
# chance that one seat finishes ahead of another is the logistic of the difference. Fitted
# by logistic regression on the pairwise final ranks of 400 greedy 4-player games (turn
# starts of seeds 1000-1399), checked on 150 others (benchmarks/nottingham_evaluate.py).
_STRENGTH = ((0.163, 0.030), (0.070, 0.337), (0.090, 0.061), (0.298, 0.285), (0.028, 0.014))


# Remembered potentials: the greedy bot asks the same few hands again and again (a search
# plays it thousands of times per decision), and the answer depends on nothing else.
_KNOWN: dict[tuple[tuple[int, ...], tuple[float, ...]], float] = {}
_KNOWN_LIMIT = 200_000


def potential(hand: Sequence[int], open_values: Sequence[float]) -> float:
    """Return the points a hand of these item counts is likely still to bring, with
    `open_values[k]` the points commission k would score its holder now (0: not open)."""
    key = (tuple(hand), tuple(open_values))
    known = _KNOWN.get(key)
    if known is None:
        if len(_KNOWN) >= _KNOWN_LIMIT:
            _KNOWN.clear()
        known = _KNOWN[key] = _potential(hand, open_values)
    return known


def _potential(hand: Sequence[int], open_values: Sequence[float]) -> float:
    """Compute `potential` (see there)."""
    sets = 0.0
    distinct = pairs = top = 0
    for item, n in enumerate(hand):
        if n:
            distinct += 1
            value = ITEM_VALUES[item]
            sets += value * (_SET_SHARE[min(n, 3)] + _SPARE_SHARE * max(0, n - 3))
            if n >= 2:
                pairs += 1
            if n > top:
                top = n
    progress = (distinct / 7, min(top, 5) / 5, min(pairs, 4) / 4, min(pairs, 3) / 3)
    commission = max(value * share ** _STEEP for value, share in zip(open_values, progress,
                                                                strict=True))
    return max(sets, commission) + 0.25 * min(sets, commission)


def evaluate(s: Position) -> tuple[float, ...]:
    """Return each seat's estimated utility in [-1, 1]: the mean over the other seats of
    `tanh(half the difference of strengths)`, the chance of finishing ahead of that seat
    less the chance of finishing behind it (the rank utility is the same mean with the
    sign of the final difference)."""
    p = s.players
    to_come = (len(s.track) + 1 - s.sheriff) / (len(s.track) + 1)
    weights = [end + (start - end) * to_come for end, start in _STRENGTH]
    points = scores(s)
    strength = []
    for h in range(p):
        open_values = [0.0 if h in seats or len(seats) >= 2
                       else float(COMMISSION_VALUES[kind][len(seats)])
                       for kind, seats in enumerate(s.commissions)]
        hand = counts(s.hands[h])
        features = (float(points[h]), float(len(s.winnings[h])), potential(hand, open_values),
                    float(len(s.ambushes[h])), float(hand[NECKLACE] > 0))
        strength.append(sum(w * f for w, f in zip(weights, features, strict=True)))
    return tuple(sum(tanh((strength[h] - strength[o]) / 2) for o in range(p) if o != h)
                 / (p - 1) for h in range(p))


class GreedyPolicy(Policy):
    """Take the action with the best immediate gain (see the module docstring)."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action],
               rng: random.Random) -> Action:
        """Pick the best-scoring legal action (ties: the first)."""
        reader = _Reader(view)
        best, best_score = legal[0], float("-inf")
        for action in legal:
            score = reader.score(action)
            if score > best_score:
                best, best_score = action, score
        return best


class _Reader:
    """What the greedy bot reads off its view, and its score of each action."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.view = view
        self.me: int = view["viewer"]
        self.hand: list[int] = list(view["hand"])
        self.seats: list[Mapping[str, Any]] = view["seats"]
        self.open = [0.0 if self.me in done or len(done) >= 2 else float(values[len(done)])
                     for done, values in zip(view["commissions"], view["commission_values"],
                                             strict=True)]
        self.base = potential(self.hand, self.open)

    @cached_property
    def unseen(self) -> list[float]:
        """Return the share of each item among the cards the bot has not seen (read only
        when an action brings an unseen card, so most decisions skip it)."""
        unseen = [CARDS_PER_ITEM - n for n in self.view["discard"]]
        for seat in self.seats:
            unseen = [u - k - w for u, k, w in zip(unseen, seat["known"], seat["winnings"],
                                                   strict=True)]
        total = sum(max(0, n) for n in unseen) or 1
        return [max(0, n) / total for n in unseen]

    # -- worth of cards ----------------------------------------------------------------
    def gain(self, *items: int) -> float:
        """Return what adding cards of `items` to the hand is worth."""
        hand = self.hand[:]
        for item in items:
            hand[item] += 1
        bonus = _DEFENCE if NECKLACE in items and not self.hand[NECKLACE] else 0.0
        return potential(hand, self.open) - self.base + bonus

    def loss(self, *items: int) -> float:
        """Return what giving up cards of `items` from the hand costs."""
        hand = self.hand[:]
        for item in items:
            hand[item] -= 1
        malus = _DEFENCE if NECKLACE in items and hand[NECKLACE] == 0 else 0.0
        return self.base - potential(hand, self.open) + malus

    def odds(self, seat: int, banned: int = -1) -> list[float]:
        """Return the chance that a random card of `seat`'s hand is of each item."""
        info = self.seats[seat]
        size = info["hand_size"]
        if not size:
            return [0.0] * ITEM_TYPES
        unknown = info["unknown"]
        out = [(info["known"][i] + unknown * self.unseen[i]) / size for i in range(ITEM_TYPES)]
        if banned >= 0:
            out[banned] = 0.0
            rest = sum(out)
            if rest > 0:
                out = [x / rest for x in out]
        return out

    def best_of(self, chances: Sequence[Sequence[float]], floor: float = float("-inf"),
                scale: float = 1.0) -> float:
        """Return the expected best gain (times `scale`) over several independent random
        cards, each given by its item chances, never below `floor`."""
        chances = [c for c in chances if sum(c) > 0]
        if not chances:
            return max(floor, 0.0)
        worth = [scale * self.gain(i) for i in range(ITEM_TYPES)]
        expected = below = 0.0
        for value in sorted(set(worth)):
            upto = 1.0
            for chance in chances:
                upto *= sum(c for c, w in zip(chance, worth, strict=True) if w <= value)
            expected += max(value, floor) * (upto - below)
            below = upto
        return expected

    def holds_necklace(self, seat: int) -> float:
        """Return the chance that `seat` holds a necklace."""
        info = self.seats[seat]
        if info["known"][NECKLACE]:
            return 1.0
        unknown: int = info["unknown"]
        return 1.0 - (1.0 - self.unseen[NECKLACE]) ** unknown

    # -- the end of the game ---------------------------------------------------------------
    def ending(self, points: float, cards_won: int) -> float:
        """Return a large bonus for ending the game in the lead with `points` and
        `cards_won` more winnings cards, a large malus for ending it otherwise."""
        cards = sum(self.seats[self.me]["winnings"]) + cards_won
        rivals = max((s["points"], sum(s["winnings"])) for q, s in enumerate(self.seats)
                     if q != self.me)
        return 100.0 if (points, cards) > rivals else -100.0

    def ends_game(self, commission: bool) -> bool:
        """Say whether an exchange now brings the sheriff home (or the eighth commission)."""
        if commission and sum(len(done) for done in self.view["commissions"]) == 7:
            return True
        return bool(self.view["sheriff"] == len(self.view["track"]))

    # -- the score of each action ---------------------------------------------------------
    def score(self, action: Action) -> float:
        kind, args = action.kind, action.args
        view = self.view
        if kind == "keep":
            return self.gain(_ITEM[view["drawn"]])
        if kind == "buy":
            offers = [self.odds(q, COPPER) for q, s in enumerate(self.seats)
                      if q != self.me and s["hand_size"]]
            return self.best_of(offers, floor=self.gain(COPPER))
        if kind == "trade":
            offers = [self.odds(q, CHEST) for q, s in enumerate(self.seats)
                      if q != self.me and s["hand_size"]]
            return self.best_of(offers, scale=1.4) if offers else self.gain(CHEST)
        if kind in ("steal", "rob", "raid"):
            return self.attack(kind, int(args[0]))
        if kind == "ambush":
            return _AMBUSH
        if kind == "hide":
            return self.ambush_target(AMBUSH_NAMES.index(args[0]))
        if kind == "offer":
            return -self.loss(*(_ITEM[a] for a in args))
        if kind == "purchase":
            return self.gain(_ITEM[self.seats[int(args[0])]["offer"][0]])
        if kind == "refuse":
            return self.gain(COPPER)
        if kind == "accept":
            return self.gain(*(_ITEM[a] for a in self.seats[int(args[0])]["offer"]))
        if kind == "defend":
            return self.defence()
        if kind == "take":
            item = _ITEM[args[0]]
            return self.gain(item) + 0.3 * float(self.seats[view["target"]]["known"][item])
        if kind == "exchange":
            return self.exchange(_ITEM[args[0]], int(args[1]))
        if kind == "commission":
            return self.commission(_COMMISSION[args[0]])
        if kind == "spring":
            return self.spring()
        if kind == "discard":
            return -self.loss(_ITEM[args[0]])
        return 0.0  # pass, decline: nothing changes

    def attack(self, kind: str, target: int) -> float:
        """A random card (Steal) or the best card (Rob, Raid) of `target`, unless a necklace
        turns it away (then the necklace comes to the bot)."""
        info = self.seats[target]
        if kind == "steal":
            chance = self.odds(target)
            got = sum(p * self.gain(i) for i, p in enumerate(chance))
        else:
            known = [self.gain(i) for i in range(ITEM_TYPES) if info["known"][i]]
            guess = self.best_of([self.unseen] * info["unknown"]) if info["unknown"] else 0.0
            got = max([guess, *known])
        defended = 0.5 * self.holds_necklace(target)
        return (1.0 - defended) * got + defended * self.gain(NECKLACE)

    def defence(self) -> float:
        """Defend when the necklace is worth less than what the attack would take; the
        attacking card comes to the bot either way."""
        kept = [i for i in range(ITEM_TYPES) if self.hand[i]]
        if _ITEM[self.view["drawn"]] == CANDLESTICK:
            size = sum(self.hand)
            taken = sum(self.hand[i] * self.loss(i) for i in kept) / size
        else:
            taken = max(self.loss(i) for i in kept)
        return taken - self.loss(NECKLACE)

    def exchange(self, item: int, n: int) -> float:
        """Points now, weighed by the chance that ambushes leave fewer than three cards; each
        spare card laid out costs a little; a favour if the hand gets small enough."""
        value = ITEM_VALUES[item]
        ambushes = sum(s["ambushes"] for q, s in enumerate(self.seats) if q != self.me)
        hit = (1 / 13 if item == GOLD else _HIT) * _SPRING
        fail = 1.0 - sum(_binomial(ambushes, k, hit) for k in range(n - 2))
        score = value * (1.0 - fail) - _SPARE * (n - 3)
        if self.ends_game(False):
            return score + self.ending(self.seats[self.me]["points"] + value, 1)
        return score + self.favour(sum(self.hand) - n)

    def commission(self, kind: int) -> float:
        """The commission's points now (no ambush can touch it)."""
        value = self.open[kind]
        size = sum(self.hand) - (7 if kind == SEVEN else 5 if kind == FIVE else
                                 8 if kind == PAIRS4 else 6)
        if self.ends_game(True):
            return value + self.ending(self.seats[self.me]["points"] + value, 0)
        return value + self.favour(size)

    def favour(self, size: int) -> float:
        """Return the worth of the sheriff's favour if a hand of `size` gets one next."""
        track, position = self.view["track"], self.view["sheriff"]
        if position < len(track) and size <= track[position]:
            return _FAVOUR
        return 0.0

    def spring(self) -> float:
        """A card of the exchange, and the harm done if the exchange then fails, against
        keeping the ambush card for later."""
        table = self.view["table"]
        item = _ITEM[table["item"]]
        victim = self.view["active"]
        leader = max(range(len(self.seats)), key=lambda q: self.seats[q]["points"])
        harm = ITEM_VALUES[item] * (0.6 if victim == leader else 0.35) \
            if table["count"] == 3 else 0.0
        return self.gain(item) + harm - _AMBUSH / 2

    def ambush_target(self, card: int) -> float:
        """Prefer the colour of the opponent who gathers most, else the items others hold."""
        seats = self.seats
        if card < len(COLOURS):
            info = seats[card]
            return 1.0 + 0.1 * float(info["hand_size"]) + 0.05 * float(info["points"])
        return 0.8 + 0.1 * float(sum(s["known"][i] for q, s in enumerate(seats)
                                     if q != self.me for i in ambush_items(card)))


def _binomial(n: int, k: int, p: float) -> float:
    """Return the chance of exactly `k` successes in `n` trials of chance `p`."""
    if k > n:
        return 0.0
    ways = 1
    for j in range(k):
        ways = ways * (n - j) // (j + 1)
    return float(ways * p ** k * (1.0 - p) ** (n - k))
