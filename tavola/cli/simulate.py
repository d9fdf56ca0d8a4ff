"""`tavola simulate`: play bots against each other and summarise the results."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from tavola.arena import Summary, rotate, simulate, spread
from tavola.cli.common import (
    EXIT_INTERRUPTED,
    MAX_SEED,
    SEED,
    WIDTH,
    BadCommandLine,
    err_console,
    friendly,
    out_console,
    parse_bots,
    parse_options,
    player_count,
    print_text,
    show_options,
)
from tavola.core import info, load
from tavola.core.action import quote
from tavola.core.game import seat_label


@click.command("simulate")
@click.argument("game")
@click.option("--players", "-p", type=int, default=None,
              help="Number of players (default: the game's smallest).")
@click.option("--games", "-n", "count", type=click.IntRange(min=1), default=100,
              show_default=True, help="Number of games.")
@click.option("--seed", type=SEED, default=0, show_default=True,
              help="Seed of the first game; game i uses seed+i.")
@click.option("--bots", "-b", default="random", show_default=True,
              help="One bot for every seat, or one per seat, comma-separated. The line-up "
                   "moves one seat on each game, so no bot keeps P1.")
@click.option("--json", "as_json", is_flag=True,
              help="Print one JSON object per game (seats from 0) instead of the table.")
@click.option("--save-dir", default=None, metavar="FOLDER",
              help="Write every game's record to this folder (made if missing).")
@click.option("--option", "-o", "option_pairs", multiple=True, metavar="KEY=VALUE",
              help="A game option (see `tavola games GAME`); repeat for several.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
@friendly
def simulate_command(game: str, players: int | None, count: int, seed: int, bots: str,
                     as_json: bool, save_dir: str | None, option_pairs: tuple[str, ...],
                     quiet: bool) -> None:
    """Play bots against each other and summarise the results.

    Tied winners share a win: each of k winners gets 1/k, so every game gives out exactly
    one win.
    """
    facts = info(game)
    options = parse_options(game, option_pairs)
    n = player_count(facts, players)
    rules = load(game, n, **options)
    base = [bot.name for bot in parse_bots(bots, game, n)]
    if seed + count - 1 > MAX_SEED:
        raise BadCommandLine(f"--seed {seed} with --games {count} goes past the largest "
                             f"seed, {MAX_SEED}")
    folder = Path(save_dir) if save_dir is not None else None
    if folder is not None:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise BadCommandLine(f"--save-dir {quote(save_dir, 200)}: cannot make the folder: "
                                 f"{exc.strerror or exc}") from None
    runs = simulate(game, n, count, seed, base, options)
    summary = Summary(n)
    out = out_console()
    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                        TimeElapsedColumn(), TimeRemainingColumn(), console=err_console(),
                        disable=quiet, redirect_stdout=False, redirect_stderr=False)
    try:
        with progress:
            task = progress.add_task(f"{game} x{count}", total=count)
            for i, outcome in enumerate(runs):
                summary.add(outcome)
                if folder is not None:
                    outcome.record.save(folder / f"game-{i + 1:05d}-seed{seed + i}.json")
                if as_json:
                    click.echo(json.dumps(outcome.to_json()))
                progress.advance(task)
    except KeyboardInterrupt:
        err_console().print(f"Interrupted after {summary.games} of {count} games.")
        raise SystemExit(EXIT_INTERRUPTED) from None
    if not as_json:
        print_summary(out, game, n, seed, base, rules.options, summary)


def _wins(value: Any) -> str:
    """Return a (fractional) win count legibly."""
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def print_summary(console: Console, game: str, players: int, seed: int, base: Sequence[str],
                  options: Mapping[str, Any], summary: Summary) -> None:
    """Print the tables of a simulation run."""
    facts = info(game)
    last = seed + summary.games - 1
    console.print(Text(f"{facts.title}: {players} players, {summary.games} games, "
                       f"seeds {seed}-{last}", style="bold"))
    if options:
        print_text(console, "Options: " + show_options(dict(options)))
    first = ", ".join(f"{seat_label(s)} {name}" for s, name in enumerate(rotate(base, 0)))
    print_text(console, textwrap.fill(
        f"Line-up of game 1: {first}; it moves one seat on each game.", WIDTH))
    print_text(console, "Tied winners share a win: each of k winners counts 1/k.", "dim")
    console.print()

    seats = Table(title="By seat", title_justify="left", show_edge=False)
    for col in ("Seat", "Wins", "Win rate", "Score min", "mean", "max"):
        seats.add_column(col, justify="right")
    for s in range(players):
        lo, mean, hi = spread(summary.seat_scores[s])
        seats.add_row(seat_label(s), _wins(summary.seat_wins[s]), f"{summary.seat_rate(s):.1%}",
                      str(lo), f"{mean:.1f}", str(hi))
    console.print(seats)
    console.print()

    bots = Table(title="By bot", title_justify="left", show_edge=False)
    bots.add_column("Bot")
    for col in ("Seat-games", "Wins", "Win rate", "Score min", "mean", "max", "Decisions"):
        bots.add_column(col, justify="right")
    for name in sorted(summary.bots):
        stats = summary.bots[name]
        lo, mean, hi = spread(stats.scores)
        bots.add_row(name, str(stats.seat_games), _wins(stats.wins), f"{stats.win_rate:.1%}",
                     str(lo), f"{mean:.1f}", str(hi), f"{stats.decisions / stats.seat_games:.1f}")
    console.print(bots)
    print_text(console, "Decisions: per seat per game.", "dim")
    console.print()
    lo, mean, hi = spread(summary.lengths)
    print_text(console, f"Game length: {mean:.1f} decisions per game (min {lo}, max {hi}).")
    if len(summary.rounds) == summary.games:
        lo, mean, hi = spread(summary.rounds)
        print_text(console, f"Rounds: {mean:.1f} per game (min {lo}, max {hi}).")
