"""A tiny game for testing the contract itself: each round every player secretly bids
1-3; the highest unique bid scores the round's prize (drawn from the state's generator)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from tavola.core import Action, Catalog, Game, GameInfo, OptionSpec, Result, Rng, State, act
from tavola.core.errors import CorruptState
from tavola.core.events import Event, LogCell, log_append, log_from_events
from tavola.core.rng import seed_to_state

BIDS = [act("bid", n) for n in (1, 2, 3)]


class ToyGame(Game):
    info = GameInfo(
        name="toy", title="Toy", min_players=2, max_players=4, version=1,
        options=(OptionSpec("rounds", 3, (1, 2, 3, 4, 5), "rounds to play"),),
        summary="test game", simultaneous=True, hidden_information=True, chance=True,
        max_decisions=100)
    catalog = Catalog({"en": {"bid": "{player} bids {bid}", "bid.hidden": "{player} bids",
                              "round": "round {round}: prize {prize}"}})

    def new_state(self, seed: int) -> ToyState:
        rng = Rng(seed_to_state(seed))
        prize = 1 + rng.below(3)
        ev = Event("round", {"round": 1, "prize": prize})
        return ToyState(self, 0, prize, [0] * self.players, [0] * self.players, rng.state,
                        log_append(None, ev))

    def state_from_json(self, data: Mapping[str, Any]) -> ToyState:
        s = data["state"]
        if len(s["bids"]) != self.players:
            raise CorruptState("wrong number of bids")
        return ToyState(self, s["round"], s["prize"], list(s["bids"]), list(s["scores"]),
                        s["rng"], log_from_events([Event.from_json(e) for e in data["log"]]))

    def render_view(self, view: Mapping[str, Any]) -> str:
        return f"round {view['round']} scores {view['scores']}"


class ToyState(State):
    __slots__ = ("bids", "logcell", "prize", "rng", "round", "scores")

    def __init__(self, game: ToyGame, round_: int, prize: int, bids: list[int],
                 scores: list[int], rng: int, log: LogCell | None) -> None:
        super().__init__(game)
        self.round, self.prize, self.bids, self.scores, self.rng = round_, prize, bids, scores, rng
        self.logcell = log

    @property
    def to_act(self) -> tuple[int, ...]:
        if self.is_terminal:
            return ()
        return tuple(p for p, b in enumerate(self.bids) if b == 0)

    @property
    def is_terminal(self) -> bool:
        return self.round >= self.game.options["rounds"]

    @property
    def _log(self) -> LogCell | None:
        return self.logcell

    def _legal(self, player: int) -> list[Action]:
        return BIDS

    def _apply(self, player: int, action: Action) -> ToyState:
        bids = self.bids[:]
        bids[player] = int(action.args[0])
        public = Event("bid.hidden", {"player": player})
        log = log_append(self.logcell, Event("bid", {"player": player, "bid": bids[player]},
                                             frozenset({player}), public))
        scores, round_, prize, rng = self.scores[:], self.round, self.prize, self.rng
        if all(bids):
            unique = [b for b in bids if bids.count(b) == 1]
            if unique:
                scores[bids.index(max(unique))] += prize
            bids = [0] * len(bids)
            round_ += 1
            r = Rng(rng)
            prize = 1 + r.below(3)
            rng = r.state
            log = log_append(log, Event("round", {"round": round_ + 1, "prize": prize}))
        return ToyState(self.game, round_, prize, bids, scores, rng, log)  # type: ignore[arg-type]

    def _view(self, player: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {"round": self.round, "prize": self.prize, "scores": self.scores[:],
                             "bid_made": [b != 0 for b in self.bids]}
        if player is not None:
            v["my_bid"] = self.bids[player]
        return v

    def _determinize(self, player: int, rng: random.Random) -> ToyState:
        bids = [b if p == player or b == 0 else rng.randint(1, 3) for p, b in enumerate(self.bids)]
        return ToyState(self.game, self.round, self.prize, bids, self.scores[:],  # type: ignore[arg-type]
                        rng.getrandbits(64), self.logcell)

    def result(self) -> Result:
        return Result(tuple(self.scores), Result.rank([(s,) for s in self.scores]))

    def _data(self) -> dict[str, Any]:
        return {"round": self.round, "prize": self.prize, "bids": self.bids,
                "scores": self.scores, "rng": self.rng}

    def prompt(self, player: int) -> str:
        return "choose a bid"

    def describe(self, player: int, action: Action) -> str:
        return f"bid {action.args[0]}"
