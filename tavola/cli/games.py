"""`tavola games`: the registered games in a short table, one line each; `tavola games GAME`:
one game's player counts, traits, bots (with their options) and options."""

from __future__ import annotations

import textwrap

import click
from rich.console import Console
from rich.text import Text

from tavola.agents import bots
from tavola.cli.common import WIDTH, friendly, out_console, print_text, show_value
from tavola.core import GameInfo, game_names, info


@click.command("games")
@click.argument("game", required=False)
@friendly
def games_command(game: str | None) -> None:
    """List the games, one line each; with GAME, its player counts, bots (with their
    options) and options."""
    console = out_console()
    if game is None:
        head, *rows = games_table()
        print_text(console, head, "bold")
        for row in rows:
            print_text(console, row)
        print_text(console, "Bots and options of a game: tavola games GAME")
    else:
        describe(console, info(game))


def games_table() -> list[str]:
    """Return the registered games as the lines of a table: name, players and what the
    game is about, each game on one line of at most WIDTH characters."""
    names = game_names()
    wide = max((len(name) for name in names), default=0)
    lines = [f"{'game':<{wide}}  players  what it is"]
    for name in names:
        facts = info(name)
        about = facts.title + (f": {facts.summary}" if facts.summary else "")
        line = f"{name:<{wide}}  {facts.min_players:>3}-{facts.max_players:<3}  {about}"
        lines.append(line if len(line) <= WIDTH else line[:WIDTH - 1].rstrip() + "…")
    return lines


def describe(console: Console, facts: GameInfo) -> None:
    """Print one game's facts, bots and options."""
    traits = [t for t, on in (("simultaneous", facts.simultaneous),
                              ("hidden information", facts.hidden_information),
                              ("chance", facts.chance)) if on]
    head = Text(f"{facts.name}", style="bold")
    head.append(f"  {facts.title}, {facts.min_players}-{facts.max_players} players, "
                f"version {facts.version}", style="")
    console.print(head)
    lines = [facts.summary] if facts.summary else []
    if traits:
        lines.append(", ".join(traits).capitalize() + ".")
    for line in lines:
        print_text(console, textwrap.fill(line, WIDTH, initial_indent="  ",
                                          subsequent_indent="  "))
    print_text(console, "  Bots (--bots SPEC, e.g. ismcts:iterations=400):")
    for bot in bots(facts.name):
        print_text(console, textwrap.fill(f"{bot.name}: {bot.problem or bot.help}", WIDTH,
                                          initial_indent="    ",
                                          subsequent_indent="        "))
        for param in bot.params:
            print_text(console, textwrap.fill(param.describe(), WIDTH,
                                              initial_indent="      ",
                                              subsequent_indent="        "), "dim")
    if facts.options:
        print_text(console, "  Options (--option KEY=VALUE):")
    for spec in facts.options:
        choices = ", ".join(show_value(c) for c in spec.choices)
        print_text(console, textwrap.fill(
            f"{spec.name} = {show_value(spec.default)}  (one of {choices})", WIDTH,
            initial_indent="    ", subsequent_indent="        "))
        for label, text in (("", spec.help), ("ruling: ", spec.ruling)):
            if text:
                print_text(console, textwrap.fill(label + text, WIDTH, initial_indent="      ",
                                                  subsequent_indent="        "), "dim")
