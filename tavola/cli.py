"""The `tavola` command line: play against bots, simulate bot runs, replay saved games.

Every command works for any registered game through the game contract alone::

    tavola games
    tavola play notre-dame --players 4 --seat 1 --bots greedy --seed 7 --save game.json
    tavola simulate notre-dame -p 4 -n 200 --seed 1 -b greedy,random,random,random
    tavola replay game.json

Seats are numbered from 1 on the command line and in tables; the JSON that `simulate
--json` and `replay --json` print numbers them from 0, as saved records do.
"""

from __future__ import annotations

import functools
import json
import random
import re
import textwrap
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

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

from tavola import __version__
from tavola.agents import Agent, agent_names, make_agent
from tavola.arena import GameOutcome, Summary, lineup, outcome_of, rotate, simulate, spread
from tavola.core import (
    Action,
    BadOptions,
    GameInfo,
    OptionSpec,
    Record,
    State,
    TavolaError,
    UnknownGame,
    UnknownPlayer,
    game_names,
    info,
    load,
)

P = ParamSpec("P")
R = TypeVar("R")

WIDTH = 80
HUMAN = "human"
EXIT_ABANDONED = 1
EXIT_INTERRUPTED = 130


def _out() -> Console:
    """Return a console on the current stdout (looked up per command, for test runners)."""
    return Console(highlight=False, soft_wrap=False)


def _err() -> Console:
    """Return a console on the current stderr."""
    return Console(stderr=True, highlight=False)


def friendly(command: Callable[P, R]) -> Callable[P, R]:
    """Turn tavola's own errors into a clear one-line message and a non-zero exit."""

    @functools.wraps(command)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return command(*args, **kwargs)
        except (UnknownGame, BadOptions, UnknownPlayer) as exc:
            raise click.UsageError(str(exc)) from None
        except TavolaError as exc:
            raise click.ClickException(str(exc)) from None
        except OSError as exc:
            name = f" {exc.filename}" if exc.filename else ""
            raise click.ClickException(f"cannot write{name}: {exc.strerror}") from None

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
            raise BadOptions(f"option {spec.name!r} is true or false, not {text!r}")
        value = low in _TRUE
    elif isinstance(default, int):
        try:
            value = int(text)
        except ValueError:
            raise BadOptions(f"option {spec.name!r} takes a whole number, not {text!r}") from None
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
            raise BadOptions(f"give an option as KEY=VALUE, not {pair!r}")
        spec = facts.option(key)
        options[spec.name] = option_value(spec, text.strip())
    return options


def _players(facts: GameInfo, players: int | None) -> int:
    """Return the player count, defaulting to the game's smallest."""
    return facts.min_players if players is None else players


def _bot_names(spec: str) -> list[str]:
    """Split a comma-separated bot list."""
    names = [n.strip() for n in spec.split(",")]
    if any(not n for n in names):
        raise BadOptions(f"bad bot list {spec!r}: give names separated by commas")
    return names


# -- shared rendering ----------------------------------------------------------------------

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


def result_table(state: State, bots: Sequence[str] | None, you: int | None = None) -> Table:
    """Return the final scores and ranks as a table."""
    game = state.game
    result = state.result()
    table = Table(title="Result", title_justify="left", show_edge=False)
    table.add_column("Seat", justify="right")
    table.add_column("Player")
    if bots is not None:
        table.add_column("Played by")
    table.add_column("Score", justify="right")
    table.add_column("Rank", justify="right")
    if result.tiebreaks:
        table.add_column("Tie-break", justify="right")
    for p in range(game.players):
        row = [str(p + 1), game.player_name(p)]
        if bots is not None:
            row.append("you" if p == you else bots[p] if p < len(bots) else "")
        row += [str(result.scores[p]), str(result.ranks[p])]
        if result.tiebreaks:
            row.append(str(result.tiebreaks[p]))
        table.add_row(*row, style="bold" if result.ranks[p] == 1 else "")
    return table


def winners_line(state: State, you: int | None = None) -> str:
    """Return who won, in words."""
    winners = state.result().winners
    names = [("you" if p == you else state.game.player_name(p)) for p in winners]
    if you is not None and winners == (you,):
        return "You win!"
    if len(names) == 1:
        return f"Winner: {names[0]}."
    return "Shared win: " + ", ".join(names) + "."


def _valid_bots(record: Record) -> list[str] | None:
    """Return the record's bot names when they are a list of strings, one per seat."""
    bots = record.bots
    if isinstance(bots, list) and len(bots) == record.players and all(
            isinstance(b, str) for b in bots):
        return bots
    return None


# -- the command group ---------------------------------------------------------------------

@click.group(context_settings={"help_option_names": ["-h", "--help"],
                               "max_content_width": WIDTH})
@click.version_option(__version__, prog_name="tavola")
def main() -> None:
    """tavola: play tabletop games in the terminal, run bots against each other, replay
    saved games.

    \b
    Examples:
      tavola games
      tavola play notre-dame --players 4 --seat 1 --bots greedy --save game.json
      tavola simulate notre-dame -p 4 -n 200 -b greedy,random,random,random
      tavola replay game.json
    """


@main.command("games")
@friendly
def games_command() -> None:
    """List the games with their player counts, bots and options."""
    console = _out()
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
        lines.append("Bots: " + ", ".join(agent_names(name)) + ".")
        for line in lines:
            print_text(console, textwrap.fill(line, WIDTH, initial_indent="  ",
                                              subsequent_indent="  "))
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


def show_value(value: Any) -> str:
    """Return an option value as typed on the command line."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


# -- play ----------------------------------------------------------------------------------

class Quit(Exception):
    """The person at the keyboard left the game."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.code = code


class Session:
    """One person playing one seat against bots in the terminal."""

    def __init__(self, console: Console, state: State, seat: int, agents: Sequence[Agent | None],
                 rng: random.Random, record: Record, auto_forced: bool) -> None:
        self.console = console
        self.state = state
        self.seat = seat
        self.agents = agents
        self.rng = rng
        self.record = record
        self.auto_forced = auto_forced
        self.log_seen = 0
        self.last_view: dict[str, Any] | None = None
        self.decisions = 0

    @property
    def my_name(self) -> str:
        """The display name of the human's seat."""
        return self.state.game.player_name(self.seat)

    def run(self) -> None:
        """Play until the game ends (or raise Quit)."""
        while not self.state.is_terminal:
            pending = self.state.to_act
            if self.seat in pending:
                self.human_turn()
            else:
                self.bot_turn(pending[0])

    def step(self, player: int, action: Action) -> None:
        """Apply one action and record it."""
        self.state = self.state.apply(player, action)
        self.record.add(player, action)
        self.decisions += 1

    def bot_turn(self, player: int) -> None:
        """Let the bot at `player` act on its own view."""
        agent = self.agents[player]
        assert agent is not None
        legal = self.state.legal_actions(player)
        view = self.state.view(player) if agent.needs_view else None
        self.step(player, agent.act(view, legal, self.rng))

    def show_log(self) -> None:
        """Print the log lines the human has not seen yet."""
        lines = self.state.log_text(self.seat)
        for line in lines[self.log_seen:]:
            print_text(self.console, "  " + line, "cyan", wrap=True)
        self.log_seen = len(lines)

    def show_board(self, force: bool = False) -> None:
        """Print the human's view of the board (only when it changed, unless forced)."""
        view = self.state.view(self.seat)
        if force or view != self.last_view:
            heading(self.console, f"{self.state.game.info.title} - you are {self.my_name}")
            print_text(self.console, self.state.game.render_view(view), wrap=True)
            self.last_view = view

    def human_turn(self) -> None:
        """Show what changed, the board and the choices; apply what the person picks."""
        state, seat = self.state, self.seat
        legal = state.legal_actions(seat)
        self.show_log()
        self.show_board()
        labels = [state.describe(seat, a) for a in legal]
        prompt = state.prompt(seat)
        if len(legal) == 1 and self.auto_forced:
            print_text(self.console, f"{prompt}: {labels[0]} (your only choice)", "yellow",
                       wrap=True)
            self.step(seat, legal[0])
            return
        print_text(self.console, prompt, "bold yellow", wrap=True)
        width = len(str(len(legal)))
        for n, label in enumerate(labels, 1):
            print_text(self.console, f"  {n:>{width}}) {label}", wrap=True)
        choice = self.ask(len(legal))
        self.step(seat, legal[choice])

    def ask(self, count: int) -> int:
        """Read a choice from 1 to `count`; return its index. Re-prompt on bad input."""
        hint = f"type a number from 1 to {count} (q quits, ? help)"
        while True:
            try:
                text = self.console.input(Text(f"Your choice [1-{count}]: "))
            except EOFError:
                self.console.print()
                raise Quit("Input ended, so the game stops here.", EXIT_ABANDONED) from None
            except KeyboardInterrupt:
                self.console.print()
                raise Quit("Interrupted, so the game stops here.", EXIT_INTERRUPTED) from None
            text = text.strip().lower()
            if text in ("q", "quit", "exit"):
                raise Quit("You left the game.", 0)
            if text in ("b", "board"):
                self.show_board(force=True)
                continue
            if text in ("l", "log"):
                for line in self.state.log_text(self.seat):
                    print_text(self.console, "  " + line, "cyan", wrap=True)
                continue
            if text in ("h", "help", "?"):
                print_text(self.console, f"Type a number from 1 to {count} to choose; "
                                         "b shows the board again,")
                print_text(self.console, "l the whole log, q leaves the game "
                                         "(--save keeps it).")
                continue
            if not text:
                print_text(self.console, f"Nothing typed: {hint}.", "red")
                continue
            try:
                number = int(text)
            except ValueError:
                print_text(self.console, f"{text[:20]!r} is not a number: {hint}.", "red")
                continue
            if not 1 <= number <= count:
                print_text(self.console, f"{number} is not a choice: {hint}.", "red")
                continue
            return number - 1

    def finish(self) -> None:
        """Show the last log lines, the final board and the result."""
        self.show_log()
        self.show_board(force=True)
        heading(self.console, "Game over")
        self.console.print(result_table(self.state, self.record.bots, self.seat))
        self.console.print(Text(winners_line(self.state, self.seat), style="bold"))


@main.command("play")
@click.argument("game")
@click.option("--players", "-p", type=int, default=None,
              help="Number of players (default: the game's smallest).")
@click.option("--seat", "-s", type=int, default=1, show_default=True,
              help="Your seat, from 1.")
@click.option("--bots", "-b", default=None,
              help="Bot for every other seat, or one per other seat in seat order, "
                   "comma-separated (default: greedy if the game has it, else random).")
@click.option("--seed", type=int, default=None,
              help="Seed of the game and the bots (default: a fresh one, printed).")
@click.option("--save", type=click.Path(dir_okay=False), default=None,
              help="Write the game to this file as JSON (also when you leave early).")
@click.option("--option", "-o", "option_pairs", multiple=True, metavar="KEY=VALUE",
              help="A game option (see `tavola games`); repeat for several.")
@click.option("--ask-forced", is_flag=True,
              help="Ask even when you have a single choice (by default it is played for you).")
@friendly
def play_command(game: str, players: int | None, seat: int, bots: str | None,
                 seed: int | None, save: str | None, option_pairs: tuple[str, ...],
                 ask_forced: bool) -> None:
    """Play GAME in the terminal against bots."""
    facts = info(game)
    options = parse_options(game, option_pairs)
    count = _players(facts, players)
    rules = load(game, count, **options)
    if not 1 <= seat <= count:
        raise click.UsageError(f"--seat must be from 1 to {count}, not {seat}")
    human = seat - 1
    default_bot = "greedy" if "greedy" in facts.policies else "random"
    names = _bot_names(bots) if bots is not None else [default_bot]
    others = [p for p in range(count) if p != human]
    if len(names) == 1:
        names = names * len(others)
    elif len(names) != len(others):
        raise BadOptions(f"give one bot for every other seat or one per other seat "
                         f"({len(others)}), not {len(names)}")
    agents: list[Agent | None] = [None] * count
    by_seat = [HUMAN] * count
    for p, name in zip(others, names, strict=True):
        agents[p] = make_agent(name, game)
        by_seat[p] = name
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 31)
    state = rules.new_state(seed)
    record = Record.start(state, seed, by_seat)
    console = _out()
    opts = " ".join(f"{k}={show_value(v)}" for k, v in sorted(rules.options.items()))
    console.print(Text(f"{facts.title}: {count} players, seed {seed}", style="bold"))
    if opts:
        print_text(console, f"Options: {opts}")
    for p in range(count):
        who = "you" if p == human else by_seat[p]
        print_text(console, f"  seat {p + 1}: {rules.player_name(p)}, {who}")
    session = Session(console, state, human, agents, random.Random(seed), record,
                      not ask_forced)
    try:
        try:
            session.run()
        except KeyboardInterrupt:
            console.print()
            raise Quit("Interrupted, so the game stops here.", EXIT_INTERRUPTED) from None
    except Quit as quit_:
        n = session.decisions
        console.print(Text(f"{quit_} ({n} decision{'' if n == 1 else 's'} played)",
                           style="bold"))
        _save(console, record, session.state, save, unfinished=True)
        raise SystemExit(quit_.code) from None
    except Exception:
        # A fault in the game or a bot: keep the game so far for the bug report.
        console.print(Text("tavola failed; this is a bug.", style="bold red"))
        _save(console, record, session.state, save, unfinished=True)
        raise
    session.finish()
    _save(console, record, session.state, save, unfinished=False)


def _save(console: Console, record: Record, state: State, path: str | None,
          unfinished: bool) -> None:
    """Write the record of a game, if asked to."""
    if path is None:
        return
    record.finish(state)
    record.save(path)
    what = "the unfinished game" if unfinished else "the game"
    print_text(console, f"Saved {what} to {path}")
    print_text(console, f"Replay it with: tavola replay {path}")


# -- simulate ------------------------------------------------------------------------------

@main.command("simulate")
@click.argument("game")
@click.option("--players", "-p", type=int, default=None,
              help="Number of players (default: the game's smallest).")
@click.option("--games", "-n", "count", type=click.IntRange(min=1), default=100,
              show_default=True, help="Number of games.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seed of the first game; game i uses seed+i.")
@click.option("--bots", "-b", default="random", show_default=True,
              help="One bot for every seat, or one per seat, comma-separated. The line-up "
                   "moves one seat on each game, so no bot keeps seat 1.")
@click.option("--json", "as_json", is_flag=True,
              help="Print one JSON object per game (seats from 0) instead of the table.")
@click.option("--save-dir", type=click.Path(file_okay=False), default=None,
              help="Write every game's record to this folder.")
@click.option("--option", "-o", "option_pairs", multiple=True, metavar="KEY=VALUE",
              help="A game option (see `tavola games`); repeat for several.")
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
    n = _players(facts, players)
    rules = load(game, n, **options)
    base = lineup(_bot_names(bots), n, game)
    runs = simulate(game, n, count, seed, base, options)
    folder = Path(save_dir) if save_dir is not None else None
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
    summary = Summary(n)
    out = _out()
    progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                        TimeElapsedColumn(), TimeRemainingColumn(), console=_err(),
                        disable=quiet, redirect_stdout=False, redirect_stderr=False)
    with progress:
        task = progress.add_task(f"{game} x{count}", total=count)
        for i, outcome in enumerate(runs):
            summary.add(outcome)
            if folder is not None:
                outcome.record.save(folder / f"game-{i + 1:05d}-seed{seed + i}.json")
            if as_json:
                click.echo(json.dumps(outcome.to_json()))
            progress.advance(task)
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
        print_text(console, "Options: " + " ".join(f"{k}={show_value(v)}"
                                                   for k, v in sorted(options.items())))
    first = ", ".join(f"{s + 1}:{name}" for s, name in enumerate(rotate(base, 0)))
    print_text(console, textwrap.fill(
        f"Line-up of game 1 (seat:bot): {first}; it moves one seat on each game.", WIDTH))
    print_text(console, "Tied winners share a win: each of k winners counts 1/k.", "dim")
    console.print()

    seats = Table(title="By seat", title_justify="left", show_edge=False)
    for col in ("Seat", "Wins", "Win rate", "Score min", "mean", "max"):
        seats.add_column(col, justify="right")
    for s in range(players):
        lo, mean, hi = spread(summary.seat_scores[s])
        seats.add_row(str(s + 1), _wins(summary.seat_wins[s]), f"{summary.seat_rate(s):.1%}",
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


# -- replay --------------------------------------------------------------------------------

@main.command("replay")
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True,
              help="Print the result as one JSON object (the fields of `simulate --json`).")
@friendly
def replay_command(file: str, as_json: bool) -> None:
    """Replay and verify a saved game; show its final board and result."""
    record = Record.load(file)
    outcome = outcome_of(record)
    if as_json:
        click.echo(json.dumps(outcome.to_json()))
        return
    show_replay(_out(), outcome)


def show_replay(console: Console, outcome: GameOutcome) -> None:
    """Print a verified replay: header, spectator board and result."""
    record, state = outcome.record, outcome.final
    facts = state.game.info
    console.print(Text(f"{facts.title}: {record.players} players, seed {record.seed}, "
                       f"{outcome.decisions} decisions - replayed and verified", style="bold"))
    options = " ".join(f"{k}={show_value(v)}" for k, v in sorted(state.game.options.items()))
    if options:
        print_text(console, f"Options: {options}")
    heading(console, "Final board" if state.is_terminal else "Board when the game was left")
    print_text(console, state.game.render_view(state.view(None)), wrap=True)
    if not state.is_terminal:
        print_text(console, "The game was not finished.", "bold")
        return
    console.print(result_table(state, _valid_bots(record)))
    console.print(Text(winners_line(state), style="bold"))
