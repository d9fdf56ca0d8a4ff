"""`tavola tournament`: many games between several bots, balanced over seats, with ratings.

Two forms::

    tavola tournament GAME --players N --bots SPEC,SPEC,... --games K [--seed S]
        [--workers W] [--ray [ADDRESS]] [--out results.jsonl] [--plot ratings.png]
        [--option KEY=VALUE] [--setup MODULE:FUNCTION]
    tavola tournament --report results.jsonl [--plot ratings.png]

The first plays the tournament (or, with an `--out` file that already holds part of it, the
rest) and prints the table; the second prints the table (and draws the plot) again from a
results file. Everything about seats, seeds, the file and the figures is in
`tavola.arena.tournament` and the modules it names.
"""

from __future__ import annotations

from pathlib import Path

import click

from tavola.arena.backends import LOCAL, run_setup
from tavola.arena.plot import plot_ratings
from tavola.arena.report import renderables
from tavola.arena.stats import Standings
from tavola.arena.tournament import report, tournament
from tavola.cli.common import (
    friendly,
    out_console,
    parse_bots,
    parse_options,
    player_count,
    print_text,
)
from tavola.core import TavolaError, info

EXIT_INTERRUPTED = 130
RUN_ONLY = ("players", "bots", "games", "seed", "workers", "ray_address", "out",
            "option_pairs", "setup")


def bot_list(text: str, game: str) -> list[str]:
    """Return the bot specs of a `--bots` text, each checked for `game`."""
    # The shared parser reads a line-up of a given length; a tournament takes any number
    # of bots, so the line-up asked for is exactly as long as the list given.
    return [bot.name for bot in parse_bots(text, game, text.count(",") + 1, which="bot")]


@click.command("tournament")
@click.argument("game", required=False)
@click.option("--players", "-p", type=int, default=None,
              help="Number of players (default: the game's smallest).")
@click.option("--bots", "-b", default=None,
              help="The bots, comma-separated, each once. With more bots than seats, every "
                   "set of bots plays; with fewer, bots take several seats. A line-up of "
                   "exactly one bot per seat may repeat a bot (ismcts,greedy,greedy,greedy).")
@click.option("--games", "-n", type=click.IntRange(min=1), default=100, show_default=True,
              help="Number of games.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seed of the tournament; every game's seed is derived from it.")
@click.option("--workers", "-w", type=click.IntRange(min=1), default=None,
              help="Processes (or Ray CPUs) to play on (default: the cores available; 1 "
                   "plays in this process).")
@click.option("--ray", "ray_address", is_flag=False, flag_value=LOCAL, default=None,
              metavar="[ADDRESS]",
              help="Play on Ray: alone, on a Ray started here for the run; with an address, "
                   "on that cluster.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Append every game to this results file; a second run with the same file "
                   "goes on where the first stopped.")
@click.option("--report", "report_file", type=click.Path(dir_okay=False, path_type=Path),
              default=None, help="Print the table of the tournament kept in this file.")
@click.option("--plot", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Draw the ratings with their 95% intervals to this PNG file.")
@click.option("--option", "-o", "option_pairs", multiple=True, metavar="KEY=VALUE",
              help="A game option (see `tavola games GAME`); repeat for several.")
@click.option("--setup", default=None, metavar="MODULE:FUNCTION",
              help="Call this first, here and in every worker (for games or bots your own "
                   "code registers).")
@click.pass_context
@friendly
def tournament_command(ctx: click.Context, game: str | None, players: int | None,
                       bots: str | None, games: int, seed: int, workers: int | None,
                       ray_address: str | None, out: Path | None, report_file: Path | None,
                       plot: Path | None, option_pairs: tuple[str, ...],
                       setup: str | None) -> None:
    """Play a tournament between bots and print win shares, ranks, scores and ratings.

    Seats are balanced (every bot sits in every seat equally often), each game's seed comes
    from --seed and the game's number, and the games are the same whatever the workers.
    Tied winners share a win: each of k winners gets 1/k.
    """
    if report_file is not None:
        given = [name for name in RUN_ONLY
                 if ctx.get_parameter_source(name) != click.core.ParameterSource.DEFAULT]
        if game is not None or given:
            raise click.UsageError("--report reads a finished file: give it alone "
                                   "(with --plot at most)")
        show(report(report_file), plot)
        return
    if game is None and ray_address not in (None, LOCAL) and ":" not in str(ray_address):
        raise click.UsageError(f"--ray took {ray_address!r} for a Ray address: give the game "
                               "before --ray")
    if game is None:
        raise click.UsageError("give a game to play (or --report FILE)")
    if bots is None:
        raise click.UsageError("give the bots with --bots SPEC,SPEC,...")
    run_setup(setup)
    n = player_count(info(game), players)
    options = parse_options(game, option_pairs)
    names = bot_list(bots, game)
    try:
        standings = tournament(game, n, names, games, seed, workers, ray_address, out,
                               options, setup)
    except KeyboardInterrupt:
        kept = f"; the finished games are in {out}: run the same command to go on" if out else ""
        click.echo(f"Interrupted{kept}.", err=True)
        ctx.exit(EXIT_INTERRUPTED)
    show(standings, plot)


def show(standings: Standings, plot: Path | None) -> None:
    """Print the table and write the plot."""
    if standings.games == 0:
        raise TavolaError("the tournament has no games yet")
    console = out_console()
    for part in renderables(standings):
        console.print(part)
    if plot is not None:
        plot_ratings(standings, plot)
        print_text(console, f"Ratings plotted to {plot}")
