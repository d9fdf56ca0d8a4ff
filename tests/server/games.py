"""Test games for the server: the toy game with bots that fail, and toy variants whose
decisions reveal hidden information without drawing chance (for the take-back policy)."""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from tavola.core import Action, Policy, register
from tavola.core.events import Catalog, Event, Private, log_append
from tests.arena.toys import register_toys
from tests.core.toy import ToyGame, ToyState


class Broken(Policy):
    """A bot that always fails."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action],
               rng: random.Random) -> Action:
        raise ZeroDivisionError("the bot divided by zero")


class Slow(Policy):
    """A bot that thinks far too long."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action],
               rng: random.Random) -> Action:
        time.sleep(1.0)
        return legal[0]


class Stuck(Policy):
    """A bot that does not answer for seconds: past any budget a test gives it and the
    allowance a table adds for the way to a worker and back."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action],
               rng: random.Random) -> Action:
        time.sleep(5.0)
        return legal[0]


class Cheat(Policy):
    """A bot that answers something illegal."""

    def choose(self, view: Mapping[str, Any], legal: Sequence[Action],
               rng: random.Random) -> Action:
        return Action("bid", ("7",))


class FaultyBotsToy(ToyGame):
    info = replace(ToyGame.info, name="toy-faulty", title="Toy with faulty bots",
                   policies={"broken": Broken, "slow": Slow, "stuck": Stuck, "cheat": Cheat})


class FixedPrizeState(ToyState):
    """The toy game, except that a new round's prize is not drawn: resolving a round reveals
    the bids without any chance."""

    __slots__ = ()

    def _apply(self, player: int, action: Action) -> ToyState:
        after = super()._apply(player, action)
        return type(self)(self.game, after.round, after.prize, after.bids,  # type: ignore[arg-type]
                          after.scores, self.rng, after.logcell)


class FixedPrizeToy(ToyGame):
    info = replace(ToyGame.info, name="toy-fixed", title="Toy without chance")

    def new_state(self, seed: int) -> ToyState:
        s = super().new_state(seed)
        return FixedPrizeState(self, s.round, s.prize, s.bids, s.scores, s.rng, s.logcell)

    def _state_from_json(self, data: Mapping[str, Any], log: list[Event]) -> ToyState:
        s = super()._state_from_json(data, log)
        return FixedPrizeState(self, s.round, s.prize, s.bids, s.scores, s.rng, s.logcell)

    def sample(self, player: int, view: Mapping[str, Any], log: Sequence[Event],
               rng: random.Random) -> ToyState:
        s = super().sample(player, view, log, rng)
        return FixedPrizeState(self, s.round, s.prize, s.bids, s.scores, s.rng, s.logcell)


class WhisperState(FixedPrizeState):
    """A bid is also told to the next player, in private."""

    __slots__ = ()

    def _apply(self, player: int, action: Action) -> ToyState:
        after = super()._apply(player, action)
        told = (player + 1) % self.game.players
        event = Event("whisper", {"player": player, "to": told, "bid": int(action.args[0])},
                      frozenset({told}), None)
        return type(self)(self.game, after.round, after.prize, after.bids,  # type: ignore[arg-type]
                          after.scores, after.rng, log_append(after.logcell, event))


class WhisperToy(FixedPrizeToy):
    info = replace(ToyGame.info, name="toy-whisper", title="Toy with whispers")
    catalog = Catalog(
        {"en": {**ToyGame.catalog.templates["en"], "whisper": "{player} tells {to} {bid}"}},
        private={**ToyGame.catalog.private,
                 "whisper": Private(lambda a: frozenset({a["to"]}), None)})

    def new_state(self, seed: int) -> ToyState:
        s = super().new_state(seed)
        return WhisperState(self, s.round, s.prize, s.bids, s.scores, s.rng, s.logcell)

    def sample(self, player: int, view: Mapping[str, Any], log: Sequence[Event],
               rng: random.Random) -> ToyState:
        s = super().sample(player, view, log, rng)
        return WhisperState(self, s.round, s.prize, s.bids, s.scores, s.rng, s.logcell)


def register_server_toys() -> None:
    """Register every test game (idempotent)."""
    register_toys()
    for game in (FaultyBotsToy, FixedPrizeToy, WhisperToy):
        register(game)
