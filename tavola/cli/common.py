"""What every command shares: consoles, error handling, option and bot parsing, and the
rendering of results.

Seats are shown as P1, P2, … everywhere on the command line (as the games' own messages
name them); only the JSON that `simulate --json` and `replay --json` print numbers them
from 0, as saved records do.
"""

from __future__ import annotations

import functools
import os
import re
import sys
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ParamSpec, Protocol, TypeVar, runtime_checkable

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from tavola.agents import Agent, make_agent, split_specs
from tavola.cli.words import number, say
from tavola.core import (
    BadOptions,
    Game,
    GameInfo,
    OptionSpec,
    State,
    TavolaError,
    UnknownGame,
    UnknownPlayer,
    info,
)
from tavola.core.action import Action, quote
from tavola.core.game import seat_label

P = ParamSpec("P")
R = TypeVar("R")

WIDTH = 80
HUMAN = "human"
EXIT_INTERRUPTED = 130

MAX_SEED = 2**63 - 1
SEED = click.IntRange(0, MAX_SEED)
"""Seeds the command line takes: every one of them fits a saved game and its generator."""


def out_console() -> Console:
    """Return a console on the current stdout (looked up per command, for test runners)."""
    return Console(highlight=False, soft_wrap=False)


def err_console() -> Console:
    """Return a console on the current stderr."""
    return Console(stderr=True, highlight=False)


class BadCommandLine(click.ClickException):
    """A command line refused: one line on stderr, exit status 2 (as click's usage errors)."""

    exit_code = 2


MAX_MESSAGE = 300
"""The longest error message shown: messages may quote what was given, which can be huge."""


def one_line(message: str) -> str:
    """Return a message on one line, at most MAX_MESSAGE characters: a long one loses its
    middle (where a quoted value sits), keeping what was wrong and why."""
    flat = " ".join(message.split())
    if len(flat) <= MAX_MESSAGE:
        return flat
    tail = MAX_MESSAGE // 3
    return flat[:MAX_MESSAGE - tail - 5] + " ... " + flat[-tail:]


def friendly(command: Callable[P, R]) -> Callable[P, R]:
    """Turn tavola's own errors into a clear one-line message and a non-zero exit."""

    @functools.wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except (UnknownGame, BadOptions, UnknownPlayer) as exc:
            raise click.UsageError(one_line(str(exc))) from None
        except TavolaError as exc:
            raise click.ClickException(one_line(str(exc))) from None
        except BrokenPipeError:
            # The reader went away (`tavola simulate --json | head`): stop quietly, and keep
            # the interpreter from complaining when it flushes stdout on the way out.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            raise SystemExit(1) from None
        except OSError as exc:
            name = f" {exc.filename}" if exc.filename else ""
            raise click.ClickException(f"cannot write{name}: {exc.strerror or exc}") from None

    return wrapper


# -- options -------------------------------------------------------------------------------

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def option_value(spec: OptionSpec, text: str) -> Any:
    """Return `text` typed like the option's default (bool, int or str), checked."""
    default = spec.default
    value: Any
    if isinstance(default, bool):
        low = text.lower()
        if low not in _TRUE | _FALSE:
            raise BadOptions(f"option {spec.name!r} is true or false, not {quote(text)}")
        value = low in _TRUE
    elif isinstance(default, int):
        try:
            value = int(text)
        except ValueError:
            raise BadOptions(f"option {spec.name!r} takes a whole number, "
                             f"not {quote(text)}") from None
    else:
        value = text
    return spec.check(value)


def parse_options(game: str, pairs: Sequence[str]) -> dict[str, Any]:
    """Return the options given as `KEY=VALUE` texts, typed and checked for `game`."""
    facts = info(game)
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise BadOptions(f"give an option as KEY=VALUE, not {quote(pair)}")
        spec = facts.option(key)
        options[spec.name] = option_value(spec, text.strip())
    return options


def show_value(value: Any) -> str:
    """Return an option value as typed on the command line."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def show_options(options: dict[str, Any]) -> str:
    """Return options as `key=value` texts, sorted."""
    return " ".join(f"{k}={show_value(v)}" for k, v in sorted(options.items()))


def seat_name(game: Game, player: int, lang: str = "en") -> str:
    """Return how the command line names a seat: its label P1, P2, … with the game's name
    for it when that says more ("P2 (Blue)", or the game's own "Blue (P2)")."""
    label, name = seat_label(player), game.player_name(player, lang)
    if re.search(rf"\b{label}\b", name):
        return name
    return f"{label} ({name})"


def player_count(facts: GameInfo, players: int | None) -> int:
    """Return the player count, defaulting to the game's smallest."""
    return facts.min_players if players is None else players


# -- bots ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Bot:
    """A bot asked for on the command line: the name saved for it, and how to build one."""

    name: str
    build: Callable[[], Agent]


def parse_bots(text: str, game: str, seats: int, which: str = "seat") -> list[Bot]:
    """Return one bot for each of `seats` seats from a `--bots` text: bot specs
    (``greedy``, ``ismcts:iterations=400``, ``my.module:MyBot``) separated by commas, one for
    all of them or one per seat. Every bot the command line knows is read here.

    `which` names the seats in the message for a wrong count ("seat", "other seat").
    Raise BadOptions on an empty or malformed spec, a wrong count or a bot the game does not
    have. Specs naming a user's class are allowed: the command line is the user's own.
    """
    specs = split_specs(text)
    if len(specs) == 1:
        specs = specs * seats
    elif len(specs) != seats:
        raise BadOptions(f"give one bot for every {which} or one per {which} ({seats}), "
                         f"not {len(specs)}")
    bots: list[Bot] = []
    for spec in specs:
        make_agent(spec, game, user_classes=True)
        bots.append(Bot(str(spec), functools.partial(make_agent, spec, game,
                                                     user_classes=True)))
    return bots


# -- rendering -----------------------------------------------------------------------------

_CHOICE = re.compile(r"^ *\d+\) ")


def fold(text: str, width: int) -> str:
    """Wrap lines wider than `width` at spaces, continuing them indented under themselves."""
    out = []
    for line in text.splitlines() or [""]:
        if len(line) <= width:
            out.append(line)
            continue
        choice = _CHOICE.match(line)
        hang = len(choice.group()) if choice else len(line) - len(line.lstrip(" ")) + 4
        out.append(textwrap.fill(line, width, subsequent_indent=" " * min(hang, width // 2),
                                 break_long_words=False, break_on_hyphens=False))
    return "\n".join(out)


def print_text(console: Console, text: str, style: str = "", wrap: bool = False) -> None:
    """Print text literally (never as markup); `wrap` folds lines wider than the console."""
    if wrap:
        text = fold(text, console.width)
    console.print(Text(text, style=style), soft_wrap=True)


def heading(console: Console, title: str) -> None:
    """Print a section rule."""
    console.rule(Text(title, style="bold"), style="dim")


def shown(name: str, limit: int = 40) -> str:
    """Return a name read from a file as safe to print: as it is when short and printable,
    else quoted (so no terminal control codes pass through)."""
    return name if len(name) <= limit and name.isprintable() else quote(name, limit)


def result_table(state: State, bots: Sequence[str] | None, you: int | None = None,
                 lang: str = "en") -> Table:
    """Return the final scores and ranks as a table, its words in `lang`."""
    game = state.game
    result = state.result()
    table = Table(title=say(lang, "result"), title_justify="left", show_edge=False)
    table.add_column(say(lang, "col_player"))
    if bots is not None:
        table.add_column(say(lang, "col_bot"))
    table.add_column(say(lang, "col_score"), justify="right")
    table.add_column(say(lang, "col_rank"), justify="right")
    if result.tiebreaks:
        table.add_column(say(lang, "col_tiebreak"), justify="right")
    for p in range(game.players):
        row = [seat_name(game, p, lang)]
        if bots is not None:
            bot = bots[p] if p < len(bots) else ""
            row.append(say(lang, "you_cell") if p == you
                       else say(lang, "human_cell") if bot == HUMAN else shown(bot))
        row += [number(lang, result.scores[p]), str(result.ranks[p])]
        if result.tiebreaks:
            row.append(number(lang, result.tiebreaks[p]))
        table.add_row(*(Text(cell) for cell in row), style="bold" if result.ranks[p] == 1 else "")
    return table


def tiebreak_note(state: State, lang: str = "en") -> Text:
    """Return what the result table's tie-break numbers count, in `lang` (empty where the
    result has none), to print after the winners."""
    if not state.result().tiebreaks:
        return Text("")
    return Text(state.game.info.tiebreak.get(lang, ""), style="dim")


def winners_line(state: State, you: int | None = None, lang: str = "en") -> str:
    """Return who won, in words of `lang`."""
    winners = state.result().winners
    names = [(say(lang, "you_cell") if p == you else seat_name(state.game, p, lang))
             for p in winners]
    if you is not None and winners == (you,):
        return say(lang, "you_win")
    if len(names) == 1:
        return say(lang, "winner", name=names[0])
    return say(lang, "shared_win", names=", ".join(names))


# -- typed sums ----------------------------------------------------------------------------

@runtime_checkable
class TypedSums(Protocol):
    """A state that lets a person type a sum where one is asked (Intrige's bribes): it
    returns the decisions that name `amount` from the step reached, () if that sum cannot
    be named now, None if `player` is not asked for a sum."""

    def typed_sum(self, player: int, amount: int) -> tuple[Action, ...] | None:
        """Return the decisions naming `amount` (see the class)."""


_SUM = re.compile(r"[0-9]{1,3}(?:([,. \u00a0\u202f'])[0-9]{3})?(?:\1[0-9]{3})*|[0-9]{1,12}")


def parse_sum(text: str) -> int | None:
    """Return the sum `text` writes - digits, grouped by threes or not (150000, 150,000,
    150.000, 150 000) - or None if it is no such number."""
    flat = text.strip()
    if not _SUM.fullmatch(flat) or len(flat) > 16:
        return None
    return int(re.sub(r"[^0-9]", "", flat))


def sum_asked(state: State, player: int) -> bool:
    """Return whether `player` may type a sum now."""
    return isinstance(state, TypedSums) and state.typed_sum(player, 0) is not None

