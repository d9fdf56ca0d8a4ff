"""The actions of Intrige, built once and shared, so that `action in legal` is an identity test.

Text forms (arguments are plain tokens):

| action | meaning |
|---|---|
| `bribe:30000` | pay this bribe to the palace owner now (`bribe:0` only when broke) |
| `range:100000` | the sum is 100,000 or one of the next nine steps (named next) |
| `back` | undo the last step of a sum being chosen (`range` or `ask`), once per sum named |
| `ask:4` | begin a public, non-binding offer for room 4 (then name its sum) |
| `offer:30000,4` | a public, non-binding offer: "I pay 30,000 for room 4" |
| `defend` | the owner keeps the seated figure in an internal conflict |
| `admit:2` | the owner lets the figure of seat 2 win the conflict |
| `room:4` | the owner seats the figure in question in room 4 (rooms count from 1, cheapest first) |
| `send:prelate,2` | send a prelate from your supply to the park of seat 2's palace |
"""

from __future__ import annotations

from functools import cache

from tavola.core.action import Action, act

DEFEND = Action("defend")
BACK = Action("back")


@cache
def bribe(amount: int) -> Action:
    """Return the action paying `amount`."""
    return act("bribe", amount)


@cache
def sum_range(lowest: int) -> Action:
    """Return the choice of the range of sums starting at `lowest`."""
    return act("range", lowest)


@cache
def ask(room: int) -> Action:
    """Return beginning a non-binding offer for `room` (1-based)."""
    return act("ask", room)


@cache
def offer(amount: int, room: int) -> Action:
    """Return the non-binding offer of `amount` for `room` (1-based)."""
    return act("offer", amount, room)


@cache
def admit(player: int) -> Action:
    """Return the owner's choice of the figure of seat `player`."""
    return act("admit", player)


@cache
def room(number: int) -> Action:
    """Return the choice of room `number` (1-based)."""
    return act("room", number)


@cache
def send(profession: str, palace: int) -> Action:
    """Return sending a figure of `profession` to the park of seat `palace`."""
    return act("send", profession, palace)
