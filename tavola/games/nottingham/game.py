"""The contract binding of Nottingham: the `Game` (rules with a player count and options)
and the `State` (a position), each a thin delegation to the modules of the package."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tavola.core import Action, Event, Game, GameInfo, Result, State
from tavola.core.schema import Spec
from tavola.games.nottingham import heuristics, rules, schema, text
from tavola.games.nottingham import view as views
from tavola.games.nottingham.components import COLOURS, TRACKS
from tavola.games.nottingham.config import (
    MAX_DECISIONS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPTIONS,
    VERSION,
)
from tavola.games.nottingham.encoding import NottinghamEncoding
from tavola.games.nottingham.state import Position

SEARCH = "rollout=greedy:cutoff=10:prior=greedy:c=0.15:bias=0.3:opponents=prior:root=paired"
"""The options of Nottingham's tuned search, the level `hard` (`easy` and `medium` are the
plain search)."""

STRONG = SEARCH.replace("opponents=prior", "opponents=search")
"""The options of Nottingham's `strong`: the tuned search, but the other players search in
the tree (UCB on their own statistics) instead of playing the greedy policy's choice. At a
fixed budget of 800 simulations it beat `hard`'s search above the fair third where the tuned
spec did not, and by the clock it beat `hard` above the fair third over 108 games; by the
clock the tuned spec did about as well on the same seeds, so the two are not told apart
there (benchmarks/README.md, "`strong` for Nottingham and Intrige")."""


class NottinghamGame(Game):
    """Nottingham for 3-7 players."""

    info = GameInfo(
        name="nottingham", title="Nottingham", min_players=MIN_PLAYERS,
        max_players=MAX_PLAYERS, version=VERSION, options=OPTIONS,
        summary=text.SUMMARY["en"],
        summaries=text.SUMMARY,
        simultaneous=True, hidden_information=True, chance=True,
        max_decisions=MAX_DECISIONS, policies={"greedy": heuristics.GreedyPolicy},
        levels={
            "easy": "ismcts:iterations=3:seconds=0.02",
            "medium": "ismcts:iterations=25:seconds=0.1",
            "hard": f"ismcts:iterations=60:seconds=0.25:{SEARCH}",
            "strong": f"ismcts:seconds=0.5:{STRONG}",
        },
        tiebreak=text.TIEBREAK)
    catalog = text.CATALOG

    def __init__(self, players: int, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(players, options)
        self.track: tuple[int, ...] = TRACKS[self.options["track"]]

    def new_state(self, seed: int) -> NottinghamState:
        """Set up a new game from `seed`."""
        return rules.setup(self, seed, self.track, NottinghamState)

    def state_schema(self) -> Spec:
        """Return the shape of a position's data for this player count and track."""
        return schema.state_schema(self.players, self.track)

    def _state_from_json(self, data: Mapping[str, Any], log: list[Event]) -> NottinghamState:
        return schema.state_from_data(self, self.track, data, log, NottinghamState)

    def check_state(self, state: State) -> None:
        """Raise CorruptState unless `state` keeps every invariant of Nottingham."""
        assert isinstance(state, Position)
        schema.check_state(state)

    def sample(self, player: int, view: Mapping[str, Any], log: Sequence[Event],
               rng: random.Random) -> NottinghamState:
        """Return a position drawn from `player`'s view and log alone (view.py says what it
        keeps)."""
        return views.sample(self, self.track, player, view, log, rng, NottinghamState)

    def render_view(self, view: Mapping[str, Any], lang: str = "en") -> str:
        """Return the legible table of a view, in `lang`."""
        return text.render_view(view, lang)

    def player_name(self, player: int, lang: str = "en") -> str:
        """Return a seat's display name in `lang`: its number and colour."""
        return (text.player_name(player, lang) if 0 <= player < MAX_PLAYERS
                else f"P{player + 1}")

    def player_colour(self, player: int) -> str | None:
        """Return the seat's colour, the one its colour ambush card shows."""
        return COLOURS[player] if 0 <= player < self.players else None

    def glossary(self, lang: str = "en") -> Mapping[str, str]:
        """Return the help topics in `lang`: every item, commission, ambush card, pile and
        mark of the table, and what it does."""
        return text.glossary(lang)

    def make_encoding(self) -> NottinghamEncoding:
        """Return the fixed action space and observation tensor (encoding.py)."""
        return NottinghamEncoding(self)



class NottinghamState(Position):
    """A Nottingham position with the contract's calls."""

    __slots__ = ()

    # Bound straight to the rules: one call less on the search's hottest path.
    _legal = rules.legal

    def _apply(self, player: int, action: Action) -> State:
        return rules.apply(self, player, action)

    def apply_index(self, player: int, index: int) -> State:
        """Return the state after `player` takes their `index`-th legal action, without the
        boundary's checks (for search, which picked the index from `legal_actions`, so the
        list is nearly always cached already)."""
        cache = self._legal_cache
        legal = cache.get(player) if cache is not None else None
        action = (legal if legal is not None else self.legal_actions(player))[index]
        return rules.apply(self, player, action)

    def _view(self, player: int | None) -> dict[str, Any]:
        seen = views.view(self, player)
        if self.is_terminal:
            # Where each seat's points came from, for the final scores (every winnings pile
            # is scored in the open at the end).
            seen["breakdown"] = views.breakdown(self)
        return seen

    def _evaluate(self) -> tuple[float, ...]:
        return heuristics.evaluate(self)

    def result(self) -> Result:
        """Return the scores and ranks (winnings and commissions; ties by winnings cards)."""
        return rules.result(self)

    def _prompt(self, player: int, lang: str) -> str:
        return text.prompt(self, player, lang)

    def _describe(self, player: int, action: Action, lang: str) -> str:
        return text.describe(self, player, action, lang)

    def _reseed(self, rng: random.Random) -> NottinghamState:
        """Return this position with the unseen deck orders and the generator drawn afresh
        (view.py says what is kept)."""
        return views.reseed(self, rng)

    def for_search(self) -> NottinghamState:
        """Return an equal position whose successors add nothing to the log."""
        if not self.recording:
            return self
        copy = self.clone()
        assert isinstance(copy, NottinghamState)
        copy.recording = False
        return copy
