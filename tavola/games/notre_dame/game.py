"""The contract binding of Notre Dame: the Game and State classes, thin delegations to the
modules that hold the rules (rules.py), the views and sampling (view.py), the words
(text.py), the judgement (heuristics.py) and loading (schema.py)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tavola.core import (
    Action,
    CorruptState,
    Event,
    Game,
    GameInfo,
    Result,
    State,
    UnknownPlayer,
)
from tavola.core.action import quote
from tavola.core.game import check_language
from tavola.core.schema import Spec
from tavola.games.notre_dame import config, heuristics, rules, schema, text, view
from tavola.games.notre_dame.components import COLOURS
from tavola.games.notre_dame.encoding import NotreDameEncoding
from tavola.games.notre_dame.state import NDState, Setting


class NotreDame(Game):
    """Notre Dame: the rules for a player count and options."""

    info = GameInfo(
        name="notre-dame",
        title="Notre Dame",
        min_players=config.MIN_PLAYERS,
        max_players=config.MAX_PLAYERS,
        version=config.VERSION,
        options=config.OPTIONS,
        summary=text.SUMMARY["en"],
        summaries=text.SUMMARY,
        simultaneous=True,
        hidden_information=True,
        chance=True,
        max_decisions=config.MAX_DECISIONS,
        policies={"greedy": heuristics.GreedyPolicy},
        levels={
            "easy": "ismcts:iterations=3:seconds=0.02",
            "medium": "ismcts:iterations=12:seconds=0.1",
            "hard": "ismcts:iterations=50:seconds=0.25",
            "strong": "ismcts:seconds=0.5",
        },
        tiebreak=text.TIEBREAK,
    )
    catalog = text.CATALOG

    def __init__(self, players: int, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(players, options)
        self.setting = Setting.build(players, self.options["gold"] == "unlimited")

    def blank(self) -> NotreDameState:
        """Return a position before set-up, for the set-up, the loader and the sampler."""
        return NotreDameState(self, self.setting)

    def new_state(self, seed: int) -> NotreDameState:
        """Set up a new game."""
        s = self.blank()
        rules.setup(s, seed)
        return s

    def state_schema(self) -> Spec:
        """Return the declared shape of a saved position."""
        return schema.state_schema(self.setting)

    def _state_from_json(self, data: Mapping[str, Any], log: list[Event]) -> NotreDameState:
        s = self.blank()
        schema.fill(s, data, log)
        return s

    def check_state(self, state: State) -> None:
        """Raise CorruptState unless `state` is a position the rules could have produced."""
        if not isinstance(state, NotreDameState) or state.game is not self:
            raise CorruptState("not a position of this Notre Dame game")
        schema.check_state(state)

    def sample(self, player: int, view_: Mapping[str, Any], log: Sequence[Event],
               rng: random.Random) -> NotreDameState:
        """Return a full position drawn from `player`'s view and log alone (view.py)."""
        if type(player) is not int or not 0 <= player < self.players:
            raise UnknownPlayer(f"no seat {quote(player, 24)} in this game")
        s = self.blank()
        view.sample(s, player, view_, log, rng)
        return s

    def make_encoding(self) -> NotreDameEncoding:
        """Return the fixed action space and observation tensor (encoding.py)."""
        return NotreDameEncoding(self)

    def render_view(self, view_: Mapping[str, Any], lang: str = "en") -> str:
        """Draw a view as text."""
        check_language(lang)
        return text.render_view(view_, lang)

    def player_name(self, player: int, lang: str = "en") -> str:
        """Seats are named by colour (a number that is no seat keeps the generic name)."""
        if type(player) is int and 0 <= player < self.players:
            return text.player_name(player, lang)
        return super().player_name(player, lang)

    def player_colour(self, player: int) -> str | None:
        """Return the seat's colour, the one the log names it by."""
        return COLOURS[player] if type(player) is int and 0 <= player < self.players else None

    def glossary(self, lang: str = "en") -> Mapping[str, str]:
        """Return the help topics in `lang`: every card, character, piece and track."""
        check_language(lang)
        return text.glossary(lang)


class NotreDameState(NDState):
    """A Notre Dame position: the contract calls, delegated."""

    __slots__ = ()

    def _legal(self, player: int) -> list[Action]:
        return rules.legal(self, player)

    def _apply(self, player: int, action: Action) -> NotreDameState:
        s = self.fork()
        rules.apply(s, player, action)
        return s

    def apply_index(self, player: int, index: int) -> NotreDameState:
        """Return the state after `player` takes their `index`-th legal action, without the
        boundary's checks (for search, which picked the index from `legal_actions`)."""
        cache = self._legal_cache
        legal = cache.get(player) if cache is not None else None
        action = (legal if legal is not None else rules.legal(self, player))[index]
        s = self.fork()
        rules.apply(s, player, action)
        return s

    def for_search(self) -> NotreDameState:
        """Return an equal position whose successors write no log."""
        s = self.clone()
        s.quiet = True
        return s

    def _reseed(self, rng: random.Random) -> NotreDameState:
        """Return a fork with what no seat knows drawn afresh (view.py, `reseed`)."""
        s = self.fork()
        view.reseed(s, rng)
        return s

    def _view(self, player: int | None) -> dict[str, Any]:
        seen = view.view(self, player)
        if self.is_terminal:
            # Where each seat's prestige came from, for the final scores (public: every gain
            # and loss is in the public log).
            parts = view.breakdown(self)
            if parts is not None:
                seen["breakdown"] = parts
        return seen

    def _evaluate(self) -> tuple[float, ...]:
        return heuristics.evaluate(self)

    def result(self) -> Result:
        """Return the final ranking (only when the game is over)."""
        if not self.is_terminal:
            raise CorruptState("the game is not over")
        return rules.final_result(self)

    def _prompt(self, player: int, lang: str) -> str:
        return text.prompt(self, player, lang)

    def _describe(self, player: int, action: Action, lang: str) -> str:
        return text.describe(self, player, action, lang)
