"""The standings of a tournament: win shares with confidence intervals, ranks, scores, ratings.

- **Win share**: a game with `k` tied winners gives `1/k` of a win to each, so every game
  gives out exactly one win. A bot's share is its wins per seat it held; a seat's share is
  the wins from that seat per game (with equal bots every seat would win `1/n`: the
  difference is the seat's advantage).
- **95% interval** of a share: the Wilson score interval, which stays inside 0..1 and is
  sound for shares near 0 or 1 and for few games.
- **Rating**: OpenSkill's Plackett–Luce model (the `openskill` package), fed every game in
  index order, so a file gives the same ratings whatever order its games finished in. A
  rating is the model's `mu`; its interval is `mu ± 1.96 sigma`. The model's drift term
  (`tau`) is 0, since a bot's strength does not change during a tournament. When a bot
  holds several seats of one game (fewer bots than seats), it enters that game's update
  once, at the rank of its best-placed seat; games with a single bot update nothing.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from tavola.arena.results import Config, GameSummary
from tavola.arena.schedule import Schedule
from tavola.core import BadOptions

Z95 = statistics.NormalDist().inv_cdf(0.975)


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """Return the Wilson score interval of a share of `successes` in `trials`."""
    if trials == 0:
        return 0.0, 1.0
    share = successes / trials
    z2 = z * z
    centre = (share + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z / (1 + z2 / trials) * math.sqrt(share * (1 - share) / trials
                                             + z2 / (4 * trials * trials))
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class BotStanding:
    """How one bot did over a tournament."""

    name: str
    seat_games: int
    wins: Fraction
    win_low: float
    win_high: float
    mean_rank: float
    mean_score: float
    rating: float
    rating_sigma: float

    @property
    def win_share(self) -> float:
        """Return wins per seat held."""
        return float(self.wins / self.seat_games) if self.seat_games else 0.0

    @property
    def rating_low(self) -> float:
        """Return the low end of the rating's 95% interval."""
        return self.rating - Z95 * self.rating_sigma

    @property
    def rating_high(self) -> float:
        """Return the high end of the rating's 95% interval."""
        return self.rating + Z95 * self.rating_sigma


@dataclass(frozen=True)
class SeatStanding:
    """How one seat did over a tournament, whoever held it."""

    seat: int
    games: int
    wins: Fraction
    win_low: float
    win_high: float
    mean_score: float

    @property
    def win_share(self) -> float:
        """Return wins per game from this seat."""
        return float(self.wins / self.games) if self.games else 0.0


@dataclass(frozen=True)
class Standings:
    """Everything the tournament table shows."""

    config: Config
    schedule: Schedule
    games: int
    bots: tuple[BotStanding, ...]
    seats: tuple[SeatStanding, ...]
    mean_decisions: float
    seconds: float


def ratings(bots: Sequence[str], games: Sequence[GameSummary]) -> dict[str, tuple[float, float]]:
    """Return each bot's Plackett–Luce rating (mu, sigma) after `games` in index order."""
    try:
        from openskill.models import PlackettLuce
    except ImportError:
        raise BadOptions("ratings need the arena extra: pip install 'tavola[arena]'") from None
    model = PlackettLuce(tau=0.0)
    current = {bot: model.rating(name=bot) for bot in bots}
    for game in sorted(games, key=lambda g: g.index):
        best: dict[str, int] = {}
        for bot, rank in zip(game.seats, game.ranks, strict=True):
            best[bot] = min(rank, best.get(bot, rank))
        if len(best) < 2:
            continue
        names = list(best)
        rated = model.rate([[current[name]] for name in names],
                           ranks=[float(best[name]) for name in names])
        for name, team in zip(names, rated, strict=True):
            current[name] = team[0]
    return {bot: (r.mu, r.sigma) for bot, r in current.items()}


def standings(config: Config, games: Sequence[GameSummary]) -> Standings:
    """Return the standings of a tournament of `config` over `games`."""
    players = config.players
    seat_wins = [Fraction(0)] * players
    seat_scores: list[list[int]] = [[] for _ in range(players)]
    bot_wins = {bot: Fraction(0) for bot in config.bots}
    bot_ranks: dict[str, list[int]] = {bot: [] for bot in config.bots}
    bot_scores: dict[str, list[int]] = {bot: [] for bot in config.bots}
    decisions = 0
    seconds = 0.0
    for game in games:
        winners = game.winners
        share = Fraction(1, len(winners)) if winners else Fraction(0)
        decisions += game.decisions
        seconds += game.seconds
        for seat, bot in enumerate(game.seats):
            won = share if seat in winners else Fraction(0)
            seat_wins[seat] += won
            seat_scores[seat].append(game.scores[seat])
            bot_wins[bot] += won
            bot_ranks[bot].append(game.ranks[seat])
            bot_scores[bot].append(game.scores[seat])
    rated = ratings(config.bots, games)
    bots = []
    for bot in dict.fromkeys(config.bots):  # a line-up may name a bot several times
        held = len(bot_ranks[bot])
        low, high = wilson(float(bot_wins[bot]), held)
        mu, sigma = rated[bot]
        bots.append(BotStanding(bot, held, bot_wins[bot], low, high,
                                statistics.fmean(bot_ranks[bot]) if held else math.nan,
                                statistics.fmean(bot_scores[bot]) if held else math.nan,
                                mu, sigma))
    bots.sort(key=lambda b: (-b.rating, b.name))
    seats = []
    for seat in range(players):
        low, high = wilson(float(seat_wins[seat]), len(games))
        seats.append(SeatStanding(seat, len(games), seat_wins[seat], low, high,
                                  statistics.fmean(seat_scores[seat]) if games else math.nan))
    return Standings(config, Schedule(config.bots, players), len(games), tuple(bots),
                     tuple(seats), decisions / len(games) if games else 0.0, seconds)
