"""A greedy Nottingham bot: it scores each legal action by what it gains at once and takes
the best. It sees only its view and its legal actions.

Worth of a card to the bot: its printed value (scaled) plus a bonus for every copy already
in hand, since sets are what score. Exchanges are taken as soon as possible (a commission
before a set, the set worth most first), extra cards are laid out when opponents have
ambushes in play, necklaces defend, ambushes are sprung whenever they can be.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tavola.core import Action, Policy
from tavola.games.nottingham.components import (
    AMBUSH_NAMES,
    COLOURS,
    COMMISSION_VALUES,
    COMMISSIONS,
    COPPER,
    ITEM_TYPES,
    ITEM_VALUES,
    ITEMS,
    NECKLACE,
)

_ITEM = {name: i for i, name in enumerate(ITEMS)}
_COMMISSION = {name: k for k, name in enumerate(COMMISSIONS)}


class GreedyPolicy(Policy):
    """Take the action with the best immediate score."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action],
               rng: random.Random) -> Action:
        """Pick the best-scoring legal action (ties: the first)."""
        best, best_score = legal[0], float("-inf")
        for action in legal:
            score = _score(view, action)
            if score > best_score:
                best, best_score = action, score
        return best


def _worth(hand: Sequence[int], item: int) -> float:
    """How much one more card of `item` is worth to a holder of `hand`."""
    return ITEM_VALUES[item] / 10 + hand[item] + (1.0 if item == NECKLACE else 0.0)


def _expected_card(view: Mapping[str, Any], seat: int) -> float:
    """Expected worth of a random card from `seat`'s hand, by what is known of it."""
    hand = view["hand"]
    info = view["seats"][seat]
    size = info["hand_size"]
    if not size:
        return 0.0
    average = sum(_worth(hand, i) for i in range(ITEM_TYPES)) / ITEM_TYPES
    known = sum(n * _worth(hand, i) for i, n in enumerate(info["known"]))
    return float(known + info["unknown"] * average) / float(size)


def _best_card(view: Mapping[str, Any], seat: int) -> float:
    """Worth of the best card the bot could pick from `seat`'s hand, as far as known."""
    hand = view["hand"]
    info = view["seats"][seat]
    known = [_worth(hand, i) for i, n in enumerate(info["known"]) if n]
    guess = _expected_card(view, seat) + (0.5 if info["unknown"] else 0.0)
    return float(max([guess, *known]))


def _defence_risk(view: Mapping[str, Any], seat: int) -> float:
    """A penalty for attacking a player who may hold a necklace."""
    info = view["seats"][seat]
    if info["known"][NECKLACE]:
        return 3.0
    return 0.1 * float(info["unknown"])


def _score(view: Mapping[str, Any], action: Action) -> float:
    hand: list[int] = view["hand"]
    me: int = view["viewer"]
    kind, args = action.kind, action.args
    phase = view["phase"]
    if kind == "keep":
        return _worth(hand, _ITEM[view["drawn"]])
    if kind == "buy":
        return _worth(hand, COPPER) + 0.5
    if kind == "steal":
        q = int(args[0])
        return _expected_card(view, q) - _defence_risk(view, q)
    if kind in ("rob", "raid"):
        q = int(args[0])
        return _best_card(view, q) - _defence_risk(view, q)
    if kind == "ambush":
        return 1.6
    if kind == "trade":
        return 1.3 * sum(_worth(hand, i) for i in range(ITEM_TYPES)) / ITEM_TYPES
    if kind == "offer":
        items = [_ITEM[a] for a in args]
        return -sum(_worth(hand, i) + (3.0 if i == NECKLACE else 0.0) for i in items)
    if kind == "purchase":
        return _worth(hand, _ITEM[view["seats"][int(args[0])]["offer"][0]])
    if kind == "refuse":
        return _worth(hand, COPPER)
    if kind == "accept":
        return sum(_worth(hand, _ITEM[i]) for i in view["seats"][int(args[0])]["offer"])
    if kind in ("defend", "spring"):
        return 1.0
    if kind == "decline":
        return 0.0
    if kind == "take":
        item = _ITEM[args[0]]
        return _worth(hand, item) + 0.3 * float(view["seats"][view["target"]]["known"][item])
    if kind == "hide":
        return _ambush_worth(view, AMBUSH_NAMES.index(args[0]))
    if kind == "pass":
        return 0.0
    if kind == "exchange":
        return _exchange_worth(view, _ITEM[args[0]], int(args[1]), me)
    if kind == "commission":
        k = _COMMISSION[args[0]]
        single, double = COMMISSION_VALUES[k]
        return float(single if not view["commissions"][k] else double) + 0.5
    if kind == "discard":
        return -_worth(hand, _ITEM[args[0]])
    raise ValueError(f"greedy: no score for {action} in phase {phase}")


def _ambush_worth(view: Mapping[str, Any], card: int) -> float:
    """Prefer the colour of the opponent with the biggest hand; else items others gather."""
    seats = view["seats"]
    if card < len(COLOURS):
        return 1.0 + 0.1 * float(seats[card]["hand_size"])
    name = AMBUSH_NAMES[card]
    items = [_ITEM[n] for n in name.split("+")]
    return 0.8 + 0.1 * float(sum(s["known"][i] for s in seats for i in items))


def _exchange_worth(view: Mapping[str, Any], item: int, n: int, me: int) -> float:
    """Points now, more cards when ambushes threaten, a bonus if the sheriff's favour follows."""
    threats = sum(s["ambushes"] for q, s in enumerate(view["seats"]) if q != me)
    score = ITEM_VALUES[item] + (n - 3) * (0.6 if threats else -0.2)
    track, position = view["track"], view["sheriff"]
    if position < len(track):
        left = view["seats"][me]["hand_size"] - n
        if left <= track[position]:
            score += 1.0
    return float(score)
