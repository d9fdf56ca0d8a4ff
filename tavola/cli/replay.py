"""`tavola replay`: replay and verify a saved game; show its final board and result.

Every action is replayed and must be legal in turn. The file's result and its digest of the
final position, when it has them, must match the replay; a file without a digest proves only
that its actions are a legal game, and the output says so instead of "verified".
"""

from __future__ import annotations

import json

import click
from rich.console import Console
from rich.text import Text

from tavola.arena import GameOutcome
from tavola.cli.common import (
    friendly,
    heading,
    out_console,
    print_text,
    result_table,
    show_options,
    winners_line,
)
from tavola.core import Record
from tavola.core.record import Verification


@click.command("replay")
@click.argument("file")
@click.option("--json", "as_json", is_flag=True,
              help="Print one JSON object: the fields of `simulate --json` (seats from 0), "
                   "`verified` (the final position matches the file's digest) and "
                   "`verification` (what was checked, in words).")
@friendly
def replay_command(file: str, as_json: bool) -> None:
    """Replay and verify a saved game; show its final board and result.

    A file that cannot be read, is not a tavola saved game, or does not replay to what it
    claims is refused in one line (exit status 1).
    """
    record = Record.load(file)
    verification = record.check()
    outcome = GameOutcome(record, verification.states[-1], len(record.actions))
    if as_json:
        data = outcome.to_json()
        data["verified"] = verification.digest_checked
        data["verification"] = verification.summary
        click.echo(json.dumps(data))
        return
    show_replay(out_console(), outcome, verification)


def valid_bots(record: Record) -> list[str] | None:
    """Return the record's bot names when they are a list of strings, one per seat."""
    bots = record.bots
    if isinstance(bots, list) and len(bots) == record.players and all(
            isinstance(b, str) for b in bots):
        return bots
    return None


def show_replay(console: Console, outcome: GameOutcome, verification: Verification) -> None:
    """Print a replay: header, what was verified, spectator board and result."""
    record, state = outcome.record, outcome.final
    facts = state.game.info
    # The digest covers the whole final position (the result included), so only a file
    # with a matching digest is called verified.
    verdict = ("replayed and verified" if verification.digest_checked
               else "replayed, NOT verified")
    console.print(Text(f"{facts.title}: {record.players} players, seed {record.seed}, "
                       f"{outcome.decisions} decisions - {verdict}", style="bold"))
    options = show_options(state.game.options)
    if options:
        print_text(console, f"Options: {options}")
    print_text(console, f"Checked: {verification.summary}.",
               "" if verification.digest_checked else "bold yellow", wrap=True)
    heading(console, "Final board" if state.is_terminal else "Board when the game was left")
    print_text(console, state.game.render_view(state.view(None)), wrap=True)
    if not state.is_terminal:
        print_text(console, "The game was not finished.", "bold")
        return
    console.print(result_table(state, valid_bots(record)))
    console.print(Text(winners_line(state), style="bold"))
