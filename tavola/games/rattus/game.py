"""The contract binding of Rattus: the Game and State subclasses, thin delegations to the
modules that hold the rules, the views, the words, the evaluation and the loader."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tavola.core import Action, Game, GameInfo, Result, State
from tavola.core.events import Event, LogCell
from tavola.core.schema import Spec
from tavola.games.rattus import config, heuristics, rules, schema, text
from tavola.games.rattus.components import COLOURS
from tavola.games.rattus.config import Config
from tavola.games.rattus.encoding import RattusEncoding
from tavola.games.rattus.state import OVER, Position
from tavola.games.rattus.view import breakdown, fill_sample, reseed
from tavola.games.rattus.view import view as player_view

SEARCH = "prior=greedy:rollout=greedy:bias=10:c=0.5"
"""The options of Rattus's tuned search, the bot levels from `medium` up (`easy` is the plain
search)."""


class RattusGame(Game):
    """Rattus with a player count and options."""

    info = GameInfo(
        name="rattus", title="Rattus", min_players=config.MIN_PLAYERS,
        max_players=config.MAX_PLAYERS, version=config.VERSION, options=config.OPTIONS,
        summary=text.SUMMARY["en"],
        summaries=text.SUMMARY,
        simultaneous=False, hidden_information=True, chance=True,
        max_decisions=config.MAX_DECISIONS, policies={"greedy": heuristics.GreedyPolicy},
        levels={
            "easy": "ismcts:iterations=5:seconds=0.02",
            "medium": f"ismcts:iterations=10:seconds=0.1:{SEARCH}",
            "hard": f"ismcts:iterations=50:seconds=0.25:{SEARCH}",
            "strong": f"ismcts:seconds=0.5:{SEARCH}",
        },
        tiebreak=text.TIEBREAK)
    catalog = text.CATALOG

    def __init__(self, players: int, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(players, options)
        self.config = Config.of(players, self.options)

    def new_state(self, seed: int) -> RattusState:
        """Set up a new game from `seed`."""
        s = RattusState(self)
        rules.set_up(s, seed)
        return s

    def state_schema(self) -> Spec:
        """Return the declared shape of a saved position for this game."""
        return schema.state_schema(self.config)

    def _state_from_json(self, data: Mapping[str, Any], log: list[Event]) -> RattusState:
        s = RattusState(self)
        schema.fill_from_data(s, data, log)
        return s

    def check_state(self, state: State) -> None:
        """Raise CorruptState unless `state` keeps every invariant of Rattus."""
        if not isinstance(state, RattusState):
            raise TypeError("not a Rattus state")
        schema.check_state(state)

    def sample(self, player: int, view: Mapping[str, Any], log: Sequence[Event],
               rng: random.Random) -> RattusState:
        """Return a full state drawn from `player`'s view and log alone."""
        s = RattusState(self)
        fill_sample(s, player, view, log, rng)
        return s

    def render_view(self, view: Mapping[str, Any], lang: str = "en") -> str:
        """Return the legible map of a view in `lang`."""
        return text.render_view(view, lang)

    def player_name(self, player: int, lang: str = "en") -> str:
        """Return the seat's colour in `lang`."""
        return text.player_name(player, lang)

    def player_colour(self, player: int) -> str | None:
        """Return the colour of the seat's cubes."""
        return COLOURS[player] if 0 <= player < self.players else None

    def glossary(self, lang: str = "en") -> Mapping[str, str]:
        """Return the help topics of this game in `lang`."""
        return text.glossary(self.players, lang)

    def make_encoding(self) -> RattusEncoding:
        """Return the fixed action space and observation tensor of this player count."""
        return RattusEncoding(self)



class RattusState(State, Position):
    """One Rattus position under the game contract; `apply` returns a new one and never
    changes this."""

    game: RattusGame

    def __init__(self, game: RattusGame) -> None:
        State.__init__(self, game)
        Position.__init__(self, game.config)

    def _blank(self) -> RattusState:
        c = RattusState.__new__(RattusState)
        c.game = self.game
        c._legal_cache = None
        return c

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.active,)

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    @property
    def _log(self) -> LogCell | None:
        return self.logcell

    def _legal(self, player: int) -> list[Action]:
        return rules.legal(self)

    def _apply(self, player: int, action: Action) -> RattusState:
        return rules.apply(self, action)

    def _view(self, player: int | None) -> dict[str, Any]:
        seen = player_view(self, player)
        if self.is_terminal:
            # Where each seat's cubes stand, for the final scores.
            seen["breakdown"] = breakdown(self)
        return seen

    def _evaluate(self) -> tuple[float, ...]:
        return heuristics.evaluate(self)

    def result(self) -> Result:
        """Return the final result: most cubes on the board wins."""
        return rules.result(self)

    def _prompt(self, player: int, lang: str) -> str:
        return text.prompt(self, player, lang)

    def _describe(self, player: int, action: Action, lang: str) -> str:
        return text.describe(self, player, action, lang)

    def _data(self) -> dict[str, Any]:
        return self.data()

    def for_search(self) -> RattusState:
        """Return an equal state whose successors record no log (its own log is kept)."""
        c = self.copy()
        c.quiet = True
        return c

    def _events(self) -> list[Event]:
        return self.events()

    def _reseed(self, rng: random.Random) -> RattusState:
        """Return an equal position with the tokens nobody has seen dealt afresh."""
        return reseed(self, rng)
