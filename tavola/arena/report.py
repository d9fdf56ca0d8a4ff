"""The tournament table as rich renderables: by bot, then by seat, then what was played."""

from __future__ import annotations

import math
from collections.abc import Iterator

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from tavola.arena.stats import Standings


def _share(value: float) -> str:
    return f"{value:.1%}"


def _interval(low: float, high: float, percent: bool = True) -> str:
    if percent:
        return f"{100 * low:.1f}-{100 * high:.1f}"
    return f"{low:.1f}-{high:.1f}"


def _number(value: float, digits: int = 2) -> str:
    return "-" if math.isnan(value) else f"{value:.{digits}f}"


def bot_table(standings: Standings) -> Table:
    """Return the table by bot, best rating first (fits 80 columns with names up to 20)."""
    table = Table(title="By bot", title_justify="left", show_edge=False)
    table.add_column("Bot", overflow="fold")
    for column in ("Seats", "Wins", "95% CI", "Rank", "Score", "Rating", "95% CI"):
        table.add_column(column, justify="right", no_wrap=True)
    for bot in standings.bots:
        table.add_row(bot.name, str(bot.seat_games), _share(bot.win_share),
                      _interval(bot.win_low, bot.win_high), _number(bot.mean_rank),
                      _number(bot.mean_score, 1), f"{bot.rating:.1f}",
                      _interval(bot.rating_low, bot.rating_high, percent=False))
    return table


def seat_table(standings: Standings) -> Table:
    """Return the table by seat (the seats' advantage)."""
    table = Table(title="By seat", title_justify="left", show_edge=False)
    for column in ("Seat", "Wins", "95% CI", "Score"):
        table.add_column(column, justify="right", no_wrap=True)
    for seat in standings.seats:
        table.add_row(f"P{seat.seat + 1}", _share(seat.win_share),
                      _interval(seat.win_low, seat.win_high), _number(seat.mean_score, 1))
    return table


def renderables(standings: Standings) -> Iterator[RenderableType]:
    """Yield the whole report: a heading, both tables and the notes that explain them."""
    config = standings.config
    options = " ".join(f"{k}={v}" for k, v in sorted(config.options.items()))
    yield Text(f"{config.game} (version {config.version}): {config.players} players, "
               f"{standings.games} games, seed {config.seed}"
               + (f", options {options}" if options else ""), style="bold")
    cycle = standings.schedule.cycle
    balance = standings.schedule.describe()
    if standings.games % cycle:
        balance += (f" {standings.games} games is not a multiple of {cycle}, so the last "
                    "cycle is partial.")
    yield Text(balance)
    yield Text("")
    yield bot_table(standings)
    yield Text("Seats: how many seats the bot held. Wins: share of the seats held that won; "
               "k tied winners each get 1/k. Rank, Score: means. 95% CI of wins: Wilson "
               "score interval, in %. Rating: OpenSkill Plackett-Luce mu; its 95% CI is "
               "mu ± 1.96 sigma.", style="dim")
    yield Text("")
    yield seat_table(standings)
    yield Text(f"Wins: share of games won from the seat; with equal players every seat would "
               f"win {_share(1 / config.players)}. Score: mean.", style="dim")
    yield Text("")
    speed = standings.games / standings.seconds if standings.seconds else math.inf
    yield Text(f"{standings.mean_decisions:.1f} decisions per game; {standings.seconds:.3g} s "
               f"of play in all, {speed:.1f} games per second per worker.")
