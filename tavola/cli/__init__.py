"""The `tavola` command line: play against bots, simulate bot runs, replay saved games.

Every command works for any registered game through the game contract alone::

    tavola games
    tavola play notre-dame --players 4 --seat 1 --bots greedy --seed 7 --save game.json
    tavola simulate notre-dame -p 4 -n 200 --seed 1 -b greedy,random,random,random
    tavola replay game.json
    tavola serve --port 8000
    tavola connect http://HOST:8000/play/TABLE#token=TOKEN --bot greedy

One module per command (`games`, `play`, `simulate`, `replay`); what they share (consoles,
error handling, option and bot parsing, result tables) is in `common`. Seats are numbered
from 1 on the command line and in tables; the JSON that `simulate --json` and
`replay --json` print numbers them from 0, as saved records do.
"""

from __future__ import annotations

from typing import Any

import click

from tavola import __version__
from tavola.cli.admin import admin_command
from tavola.cli.common import WIDTH, BadCommandLine, one_line
from tavola.cli.connect import connect_command
from tavola.cli.games import games_command
from tavola.cli.play import play_command
from tavola.cli.replay import replay_command
from tavola.cli.serve import serve_command
from tavola.cli.simulate import simulate_command
from tavola.cli.tournament import tournament_command


def usage_in_one_line(error: click.UsageError) -> BadCommandLine:
    """Return a usage error as one line on stderr (click would print the usage first)."""
    path = error.ctx.command_path if error.ctx is not None else "tavola"
    message = one_line(error.format_message()).rstrip(".")
    return BadCommandLine(f"{message}; see '{path} --help'")


class Commands(click.Group):
    """The `tavola` group: every refusal of a command line is one line, never a traceback."""

    def make_context(self, info_name: str | None, args: list[str],
                     parent: click.Context | None = None, **extra: Any) -> click.Context:
        """Parse the group's own options, refusing bad ones in one line."""
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.UsageError as error:
            raise usage_in_one_line(error) from None

    def invoke(self, ctx: click.Context) -> Any:
        """Run a command, refusing bad arguments in one line."""
        try:
            return super().invoke(ctx)
        except click.UsageError as error:
            raise usage_in_one_line(error) from None


@click.group(cls=Commands, invoke_without_command=True,
             context_settings={"help_option_names": ["-h", "--help"],
                               "max_content_width": WIDTH})
@click.version_option(__version__, prog_name="tavola")
@click.pass_context
def main(ctx: click.Context) -> None:
    """tavola: play tabletop games in the terminal, run bots against each other, replay
    saved games.

    \b
    Examples:
      tavola games
      tavola play notre-dame --players 4 --seat 1 --bots greedy --save game.json
      tavola simulate notre-dame -p 4 -n 200 -b greedy,random,random,random
      tavola replay game.json

    \b
    Seats are P1, P2, ... everywhere; only the JSON of --json outputs and of saved
    games numbers them from 0.
    Exit status: 0 done (or you quit), 1 a file refused or the game stopped
    early, 2 a bad command line, 130 interrupted.
    """
    if ctx.invoked_subcommand is None:
        click.echo(ctx.get_help())


for _command in (games_command, play_command, simulate_command, replay_command,
                 tournament_command, serve_command, connect_command, admin_command):
    main.add_command(_command)

__all__ = ["main"]
