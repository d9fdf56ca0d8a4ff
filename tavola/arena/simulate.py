"""Many games between bots: line-ups, seat rotation and the statistics `simulate` prints.

Game `i` of a run uses seed `seed + i` and the line-up rotated by `i` seats, so over a run
every bot sits in every seat equally often (exactly, when the number of games is a multiple
of the player count) and no bot keeps the first seat.

Win counts are shares: a game with `k` tied winners gives `1/k` of a win to each of them,
so the wins of one game always add up to one and win rates over seats add up to 100%.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tavola.agents import make_agent
from tavola.arena.runner import GameOutcome, run_match
from tavola.core import BadOptions, load


def lineup(names: Sequence[str], players: int, game: str) -> list[str]:
    """Return one bot spec per seat from one spec (for every seat) or one per seat.

    Raise BadOptions for a wrong count or a spec the game cannot make a bot of.
    """
    names = [n.strip() for n in names]
    if len(names) == 1:
        names = names * players
    elif len(names) != players:
        raise BadOptions(f"give one bot name for every seat or one per seat "
                         f"({players}), not {len(names)}")
    for name in names:
        make_agent(name, game, user_classes=True)
    return names


def rotate(names: Sequence[str], shift: int) -> list[str]:
    """Return the line-up moved `shift` seats on: seat `s` gets `names[(s - shift) % n]`."""
    n = len(names)
    return [names[(seat - shift) % n] for seat in range(n)]


def simulate(game: str, players: int, games: int, seed: int, names: Sequence[str],
             options: Mapping[str, Any] | None = None) -> Iterator[GameOutcome]:
    """Play `games` games with seat rotation; yield each outcome as it finishes."""
    opts = dict(options or {})
    load(game, players, **opts)
    base = lineup(names, players, game)
    for i in range(games):
        yield run_match(game, players, seed + i, rotate(base, i), opts)


@dataclass
class BotStats:
    """What one bot did over a run, counted per seat it played."""

    seat_games: int = 0
    wins: Fraction = Fraction(0)
    scores: list[int] = field(default_factory=list)
    decisions: int = 0

    @property
    def win_rate(self) -> float:
        """Return wins per seat-game."""
        return float(self.wins / self.seat_games) if self.seat_games else 0.0


@dataclass
class Summary:
    """Statistics over a run of games, filled in one outcome at a time."""

    players: int
    games: int = 0
    seat_wins: list[Fraction] = field(default_factory=list)
    seat_scores: list[list[int]] = field(default_factory=list)
    bots: dict[str, BotStats] = field(default_factory=dict)
    lengths: list[int] = field(default_factory=list)
    rounds: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.seat_wins:
            self.seat_wins = [Fraction(0)] * self.players
            self.seat_scores = [[] for _ in range(self.players)]

    def add(self, outcome: GameOutcome) -> None:
        """Count one finished game."""
        result = outcome.final.result()
        bots = outcome.record.bots or ["?"] * self.players
        share = Fraction(1, len(result.winners)) if result.winners else Fraction(0)
        self.games += 1
        self.lengths.append(outcome.decisions)
        # Rounds are counted only for games whose spectator view says which round it is.
        last_round = outcome.final.view(None).get("round")
        if isinstance(last_round, int) and not isinstance(last_round, bool):
            self.rounds.append(last_round)
        for seat in range(self.players):
            won = share if seat in result.winners else Fraction(0)
            self.seat_wins[seat] += won
            self.seat_scores[seat].append(result.scores[seat])
            stats = self.bots.setdefault(bots[seat], BotStats())
            stats.seat_games += 1
            stats.wins += won
            stats.scores.append(result.scores[seat])
            if outcome.seat_decisions:
                stats.decisions += outcome.seat_decisions[seat]

    def seat_rate(self, seat: int) -> float:
        """Return the share of games won from `seat`."""
        return float(self.seat_wins[seat] / self.games) if self.games else 0.0


def spread(values: Sequence[int]) -> tuple[int, float, int]:
    """Return min, mean and max of a non-empty list."""
    return min(values), statistics.fmean(values), max(values)


def run(game: str, players: int, games: int, seed: int, names: Sequence[str],
        options: Mapping[str, Any] | None = None,
        each: Callable[[int, GameOutcome], None] | None = None) -> Summary:
    """Play a whole run and return its summary, calling `each(i, outcome)` per game."""
    summary = Summary(players)
    for i, outcome in enumerate(simulate(game, players, games, seed, names, options)):
        summary.add(outcome)
        if each is not None:
            each(i, outcome)
    return summary
