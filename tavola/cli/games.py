"""`tavola games`: the registered games with their player counts, bots and options."""

from __future__ import annotations

import textwrap

import click
from rich.text import Text

from tavola.agents import bots
from tavola.cli.common import WIDTH, friendly, out_console, print_text, show_value
from tavola.core import game_names, info


@click.command("games")
@friendly
def games_command() -> None:
    """List the games with their player counts, bots (with their options) and options."""
    console = out_console()
    for name in game_names():
        facts = info(name)
        traits = [t for t, on in (("simultaneous", facts.simultaneous),
                                  ("hidden information", facts.hidden_information),
                                  ("chance", facts.chance)) if on]
        head = Text(f"{name}", style="bold")
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
        for bot in bots(name):
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
        console.print()
