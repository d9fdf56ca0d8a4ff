"""`tavola replay`: replay and verify saved games; show their final boards and results, or
step through one game from one seat's side.

Every action is replayed and must be legal in turn. The file's result and its digest of the
final position, when it has them, must match the replay; a file without a digest proves only
that its actions are a legal game, and the output says so instead of "verified".

`--step` walks one game forwards and backwards. At every step it shows what one seat
(`--seat N`) or a spectator saw then, and nothing else: the log lines as that seat could
read them and its view of the board. Another seat's secret choices are never named; they
appear as the log showed them to the seat (a card "played face down", say).
"""

from __future__ import annotations

import json

import click
from rich.console import Console
from rich.text import Text

from tavola.arena import GameOutcome
from tavola.cli.common import (
    EXIT_INTERRUPTED,
    BadCommandLine,
    friendly,
    heading,
    out_console,
    print_text,
    result_table,
    tiebreak_note,
    winners_line,
)
from tavola.cli.play import seat_index
from tavola.cli.words import LANGUAGE_LIST, counted, language, options_line, say
from tavola.core import LANGUAGES, Record, State
from tavola.core.action import quote
from tavola.core.game import seat_label
from tavola.core.record import Verification


@click.command("replay")
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
@click.option("--json", "as_json", is_flag=True,
              help="Print one JSON object per file, one per line: the fields of "
                   "`simulate --json` (seats from 0), `verified` (the final position matches "
                   "the file's digest) and `verification` (what was checked, in words).")
@click.option("--step", is_flag=True,
              help="Walk through the game step by step, forwards and backwards "
                   "(one file only).")
@click.option("--lang", type=click.Choice(LANGUAGES), default=None,
              help=f"The language of the game's texts: {LANGUAGE_LIST} (default: the one the "
                   "game was played in, else the system's, else en).")
@click.option("--seat", "-s", default=None,
              help="With --step: see the game as this seat saw it (1 or P1, ...); "
                   "by default as a spectator.")
@friendly
def replay_command(files: tuple[str, ...], as_json: bool, step: bool, lang: str | None,
                   seat: str | None) -> None:
    """Replay and verify saved games; show each final board and result, or step through one.

    A file that cannot be read, is not a tavola saved game, or does not replay to what it
    claims is refused in one line (exit status 1).
    """
    if step and (len(files) != 1 or as_json):
        raise BadCommandLine("--step walks through one game: give one file, without --json")
    if seat is not None and not step:
        raise BadCommandLine("--seat goes with --step")
    checked = []
    for file in files:
        record = Record.load(file)
        checked.append((record, record.check()))
    if step:
        record, verification = checked[0]
        count = record.players
        viewer = None if seat is None else seat_index(seat, count)
        Stepper(out_console(), verification.states, viewer,
                language(lang, record.lang), record.deciders).run()
        return
    console = out_console()
    for n, (record, verification) in enumerate(checked):
        outcome = GameOutcome(record, verification.states[-1], len(record.actions))
        if as_json:
            data = outcome.to_json()
            data["verified"] = verification.digest_checked
            data["verification"] = verification.summary
            click.echo(json.dumps(data))
            continue
        if len(checked) > 1:
            heading(console, f"{files[n]}")
        show_replay(console, outcome, verification, language(lang, record.lang))


def valid_bots(record: Record) -> list[str] | None:
    """Return the record's bot names when they are a list of strings, one per seat."""
    bots = record.bots
    if isinstance(bots, list) and len(bots) == record.players and all(
            isinstance(b, str) for b in bots):
        return bots
    return None


def show_replay(console: Console, outcome: GameOutcome, verification: Verification,
                lang: str = "en") -> None:
    """Print a replay: header, what was verified, spectator board and result."""
    record, state = outcome.record, outcome.final
    facts = state.game.info
    # The digest covers the whole final position (the result included), so only a file
    # with a matching digest is called verified.
    verdict = say(lang, "verified" if verification.digest_checked else "not_verified")
    console.print(Text(say(lang, "replay_header", title=facts.title, seed=record.seed,
                           players=counted(lang, "players", record.players),
                           decisions=counted(lang, "replay_decisions", outcome.decisions),
                           verdict=verdict), style="bold"))
    options = options_line(lang, facts.name, dict(state.game.options))
    if options:
        print_text(console, say(lang, "options", options=options), wrap=True)
    print_text(console, say(lang, "checked", summary=checked_words(verification, lang)),
               "" if verification.digest_checked else "bold yellow", wrap=True)
    deciders = deciders_line(record, lang)
    if deciders:
        print_text(console, deciders, "yellow", wrap=True)
    heading(console, say(lang, "replay_final" if state.is_terminal else "replay_left"))
    print_text(console, state.game.render_view(state.view(None), lang), wrap=True)
    if not state.is_terminal:
        print_text(console, say(lang, "not_finished"), "bold")
        return
    console.print(result_table(state, valid_bots(record), lang=lang))
    console.print(Text(winners_line(state, lang=lang), style="bold"))
    console.print(tiebreak_note(state, lang))


STOOD_IN = ("stand-in", "replacement")
"""The deciders a replay names: a bot deciding for a person away, and the game's simple
policy deciding for a bot that did not answer (a person or a seat's own bot goes unsaid)."""


def deciders_line(record: Record, lang: str) -> str:
    """Say how many decisions a stand-in bot and the simple policy made, with their numbers
    (empty if none, or if the file does not say who decided: games not played on a server)."""
    if not record.deciders:
        return ""
    parts = []
    for kind in STOOD_IN:
        numbers = [n for n, d in enumerate(record.deciders, 1) if d == kind]
        if numbers:
            shown = ", ".join(str(n) for n in numbers[:12]) + (", …" if len(numbers) > 12 else "")
            parts.append(f"{counted(lang, f'decider_{kind}', len(numbers))} ({shown})")
    if not parts:
        return ""
    return say(lang, "deciders", parts=say(lang, "list_separator").join(parts))


def checked_words(verification: Verification, lang: str) -> str:
    """Say in `lang` what replaying a file verified (in English, the same words as
    `Verification.summary`, which `--json` gives)."""
    parts = [say(lang, "check_replayed", count=len(verification.states) - 1)]
    if verification.result_checked:
        parts.append(say(lang, "check_result"))
    if verification.digest_checked:
        parts.append(say(lang, "check_digest"))
    if not verification.finished:
        parts.append(say(lang, "check_unfinished"))
    if not verification.digest_checked:
        parts.append(say(lang, "check_no_digest"))
    return say(lang, "list_separator").join(parts)


class Stepper:
    """Walks a replayed game one decision at a time, as one seat (or a spectator) saw it."""

    def __init__(self, console: Console, states: list[State], viewer: int | None,
                 lang: str = "en", deciders: list[str] | None = None) -> None:
        self.console = console
        self.lang = lang
        self.deciders = deciders or []
        self.states = states
        self.viewer = viewer
        self.at = 0

    @property
    def last(self) -> int:
        """The number of the final step (the number of decisions)."""
        return len(self.states) - 1

    def who(self) -> str:
        """Name the side the game is seen from."""
        return say(self.lang, "spectator") if self.viewer is None else seat_label(self.viewer)

    def show(self) -> None:
        """Print the log lines of this step and the board, as the viewer saw them."""
        state = self.states[self.at]
        lines = state.log_text(self.viewer, self.lang)
        before = len(self.states[self.at - 1].log(self.viewer)) if self.at > 0 else 0
        title = state.game.info.title
        heading(self.console, say(self.lang, "step_heading", title=title, at=self.at,
                                  last=self.last, who=self.who()))
        for line in lines[before:]:
            print_text(self.console, "  " + line, "cyan", wrap=True)
        if 0 < self.at <= len(self.deciders) and self.deciders[self.at - 1] in STOOD_IN:
            print_text(self.console, "  " + say(self.lang, f"step_{self.deciders[self.at - 1]}"),
                       "yellow", wrap=True)
        print_text(self.console, state.game.render_view(state.view(self.viewer), self.lang),
                   wrap=True)
        if state.is_terminal:
            self.console.print(result_table(state, None, self.viewer, self.lang))
            self.console.print(Text(winners_line(state, self.viewer, self.lang), style="bold"))
            self.console.print(tiebreak_note(state, self.lang))
        elif self.viewer is not None and self.viewer in state.to_act:
            print_text(self.console,
                       say(self.lang, "step_asked", seat=self.who(),
                           prompt=state.prompt(self.viewer, self.lang)),
                       "yellow", wrap=True)

    def run(self) -> None:
        """Show step 0, then follow the commands typed until q or the end of input."""
        keys = say(self.lang, "step_help")
        print_text(self.console, keys, wrap=True)
        self.show()
        while True:
            try:
                text = self.console.input(Text(say(self.lang, "step_prompt", at=self.at,
                                                   last=self.last)))
            except EOFError:
                self.console.print()
                return
            except KeyboardInterrupt:
                self.console.print()
                raise SystemExit(EXIT_INTERRUPTED) from None
            text = text.strip().lower()
            target = self.target(text)
            if text in ("q", "quit", "exit"):
                return
            if text in ("?", "h", "help"):
                print_text(self.console, keys, wrap=True)
            elif text in ("b", "board"):
                self.show()
            elif target is None:
                print_text(self.console, say(self.lang, "not_command", text=quote(text, 24),
                                             help=keys), "red", wrap=True)
            elif target == self.at:
                print_text(self.console, say(self.lang, "already_at", at=target,
                                             last=self.last), "yellow")
            else:
                self.at = target
                self.show()

    def target(self, text: str) -> int | None:
        """Return the step a command goes to, or None if it is not a move."""
        if text in ("", "n", "next"):
            return min(self.at + 1, self.last)
        if text in ("p", "prev", "previous"):
            return max(self.at - 1, 0)
        if text in ("f", "first"):
            return 0
        if text in ("e", "end"):
            return self.last
        if text.isdigit() and len(text) <= 9:
            return min(int(text), self.last)
        return None
