"""Tournaments: many games between several bots, balanced over seats, rated, resumable.

`tournament(game, players, bots, games, ...)` plays games `0 .. games-1`. Game `i` has the
seats `Schedule.seats(i)` (see `tavola.arena.schedule` for how they are balanced) and the
seed `game_seed(seed, i)`; its record is therefore the same whether it is played in this
process, on a pool of processes or on Ray, first or last, alone or among others.

With `out`, each game is appended to that results file as it ends (see
`tavola.arena.results`). Running again with the same file goes on where it stopped: the
games already in it are kept and not played again, so a stopped run loses at most the games
that were being played. A file of another tournament (game, version, players, options, bots
or seed differ) or a damaged one is refused with one line, and never written to. Asking for
more games than the file holds extends it; the standings cover every game in the file.

`report(path)` reads a results file back into the same standings, for the table and plot.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from tavola.agents import make_agent
from tavola.arena.backends import GameTask, check_ray, run_games, run_setup
from tavola.arena.results import Config, GameSummary, ResultsFile, read_results
from tavola.arena.schedule import Schedule, game_seed
from tavola.arena.stats import Standings, standings
from tavola.core import BadOptions, load

MAX_GAMES = 10**8
MAX_SEED = 2**63 - 1


class SpeedColumn(ProgressColumn):
    """Games per second so far."""

    def render(self, task: Task) -> Text:
        """Show the task's speed in games per second."""
        speed = task.finished_speed or task.speed
        return Text("" if speed is None else f"{speed:.1f} games/s", style="cyan")


def progress_bar(console: Console | None = None) -> Progress:
    """Return a progress bar on stderr that shows only on a terminal."""
    console = console or Console(stderr=True)
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    SpeedColumn(), TimeElapsedColumn(), TimeRemainingColumn(),
                    console=console, disable=not console.is_terminal,
                    redirect_stdout=False, redirect_stderr=False)


def check_bots(game: str, bots: Iterable[str]) -> None:
    """Raise BadOptions unless every bot can be made for `game`."""
    for bot in bots:
        make_agent(bot, game, user_classes=True)


def tournament(game: str, players: int, bots: Sequence[str], games: int, seed: int = 0,
               workers: int | None = None, ray_address: str | None = None,
               out: Path | None = None, options: Mapping[str, Any] | None = None,
               setup: str | None = None, progress: bool = True) -> Standings:
    """Play a tournament (or the rest of one kept in `out`) and return its standings.

    `workers`: processes (default: the cores available; 1 plays here, in this process), or
    with `ray_address` the Ray CPUs to start ("local") or tasks in flight (a cluster's
    address). `setup`: "module:function" each worker calls first (for games or bots not in
    tavola). Raise a TavolaError with one line on bad input or a damaged or foreign file.
    """
    if not 0 <= games <= MAX_GAMES:
        raise BadOptions(f"the number of games is 0..{MAX_GAMES}, not {games}")
    if not -MAX_SEED <= seed <= MAX_SEED:
        raise BadOptions(f"the seed is a whole number within ±{MAX_SEED}")
    run_setup(setup)
    rules = load(game, players, **dict(options or {}))
    schedule = Schedule(tuple(bots), players)
    check_bots(game, schedule.bots)
    config = Config(game, rules.info.version, players, dict(rules.options), schedule.bots,
                    seed)
    if workers is not None and workers < 1:
        raise BadOptions(f"workers must be at least 1, not {workers}")
    if ray_address is not None:
        check_ray(ray_address)
    if out is None:
        return _play(config, schedule, games, [], workers, ray_address, setup, progress, None)
    with ResultsFile(out, config) as results:
        return _play(config, schedule, games, results.games, workers, ray_address, setup,
                     progress, results)


def _play(config: Config, schedule: Schedule, games: int, kept: list[GameSummary],
          workers: int | None, ray_address: str | None, setup: str | None, progress: bool,
          results: ResultsFile | None) -> Standings:
    done = {game.index for game in kept}
    missing = games - sum(1 for index in done if index < games)
    tasks = (GameTask(config.game, config.version, config.players, config.options, i,
                      game_seed(config.seed, i), schedule.seats(i))
             for i in range(games) if i not in done)
    played = list(kept)
    bar = progress_bar() if progress else None
    if missing:
        lines = run_games(tasks, missing, workers, ray_address, setup)
        with bar or contextlib.nullcontext():
            task = None if bar is None else bar.add_task(
                f"{config.game} x{games}", total=games, completed=games - missing)
            for line, summary in lines:
                if results is not None:
                    results.append(line, summary)
                played.append(summary)
                if bar is not None and task is not None:
                    bar.advance(task)
    return standings(config, played)


def report(path: Path) -> Standings:
    """Return the standings of the tournament kept in the results file `path`."""
    config, games = read_results(path)
    return standings(config, games)
