"""`tavola play`: one person plays one seat of a game in the terminal against bots.

With `--save FILE` the game is written to FILE before the first decision and again after
every decision (atomically: a new file renamed over the old one), so leaving, Ctrl-C, a
closed terminal or a crash keeps every decision made so far. The file is checked before the
game starts: its folder must exist and take the file, and an existing file is overwritten
only when it is empty or a tavola saved game, so a mistyped name cannot destroy anything
else.
"""

from __future__ import annotations

import contextlib
import random
import re
import shlex
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.text import Text

from tavola.agents import Agent, decide, make_agent
from tavola.cli.common import (
    EXIT_INTERRUPTED,
    HUMAN,
    SEED,
    BadCommandLine,
    friendly,
    heading,
    out_console,
    parse_bots,
    parse_options,
    player_count,
    print_text,
    result_table,
    seat_name,
    show_options,
    winners_line,
)
from tavola.core import Action, CorruptRecord, Record, State, TavolaError, info, load
from tavola.core.action import quote
from tavola.core.game import seat_label
from tavola.core.jsonio import read_json
from tavola.core.record import FORMAT

EXIT_ABANDONED = 1


class Quit(Exception):
    """The person at the keyboard left the game."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.code = code


_NUMBER = re.compile(r"[+-]?[0-9]{1,9}")
_SEAT = re.compile(r"[pP]?([0-9]{1,3})")


def seat_index(text: str, count: int, option: str = "--seat") -> int:
    """Return the 0-based seat that `--seat` names as 2 or P2; refuse anything else."""
    found = _SEAT.fullmatch(text.strip())
    number = int(found.group(1)) if found else 0
    if not 1 <= number <= count:
        raise BadCommandLine(f"{option} must be from 1 to {count} (or P1 to P{count}), "
                             f"not {quote(text, 24)}")
    return number - 1


class SaveFailed(click.ClickException):
    """The save file could not be written during the game (it keeps the last good save)."""


class SaveFile:
    """The file `--save` names, written before the game and after every decision."""

    def __init__(self, path: Path) -> None:
        self.path = path

    @staticmethod
    def open(text: str, record: Record, state: State) -> SaveFile:
        """Check the path and write the game's start to it; refuse (one line) if it cannot
        be used, before the game starts."""
        path = Path(text)
        where = quote(text, 200)
        if path.is_dir():
            raise BadCommandLine(f"--save {where} is a folder; give a file name")
        folder = path.parent
        if not folder.is_dir():
            raise BadCommandLine(f"--save {where}: there is no folder {quote(str(folder), 200)}")
        if path.exists() and not path.is_file():
            raise BadCommandLine(f"--save {where} is not a plain file; give a file name")
        if path.exists() and path.stat().st_size > 0 and not _is_saved_game(path):
            raise BadCommandLine(f"--save {where} exists and is not a tavola saved game; "
                                 "tavola overwrites only its own saved games")
        record.finish(state)
        try:
            record.save(path)
        except OSError as exc:
            raise BadCommandLine(f"--save {where}: cannot write it: {exc.strerror or exc}"
                                 ) from None
        return SaveFile(path)

    def write(self, record: Record, state: State) -> None:
        """Write the game up to `state` (atomically: the old file stays whole on failure)."""
        record.finish(state)
        try:
            record.save(self.path)
        except OSError as exc:
            raise SaveFailed(f"cannot write {self.path}: {exc.strerror or exc}; the game "
                             "stops here and the file keeps the last save") from None


def _is_saved_game(path: Path) -> bool:
    """Return whether the file at `path` is a tavola saved game (readable or not)."""
    try:
        data = read_json(path, error=CorruptRecord)
    except CorruptRecord:
        return False
    return isinstance(data, dict) and data.get("format") == FORMAT


class Session:
    """People playing one or more seats of a game in the terminal, bots the others.

    With several people at one terminal (hot seat), the screen is cleared between two
    people's turns and the next one confirms before anything of theirs is shown, so no one
    sees another's hand or secret choices.
    """

    def __init__(self, console: Console, state: State, humans: Sequence[int],
                 agents: Sequence[Agent | None], rng: random.Random, record: Record,
                 save: SaveFile | None, auto_forced: bool) -> None:
        self.console = console
        self.save = save
        self.state = state
        self.humans = tuple(humans)
        self.seat = self.humans[0]
        # At a hot seat even the first person confirms before their hand is shown.
        self.handed_over = len(self.humans) == 1
        self.agents = agents
        self.rng = rng
        self.record = record
        self.auto_forced = auto_forced
        self.log_seen = dict.fromkeys(self.humans, 0)
        self.last_view: dict[str, Any] | None = None
        self.decisions = 0

    @property
    def my_name(self) -> str:
        """The display name of the seat whose turn it is at the keyboard."""
        return seat_name(self.state.game, self.seat)

    def run(self) -> None:
        """Play until the game ends (or raise Quit)."""
        while not self.state.is_terminal:
            pending = self.state.to_act
            person = next((p for p in pending if p in self.humans), None)
            if person is not None:
                if person != self.seat or not self.handed_over:
                    self.hand_over(person)
                self.human_turn()
            else:
                self.bot_turn(pending[0])

    def hand_over(self, seat: int) -> None:
        """Hide the screen and wait until the person at `seat` has the keyboard."""
        self.console.clear()
        # Scroll the last person's board out of a terminal that keeps no clear history.
        self.console.print("\n" * 4, end="")
        name = seat_name(self.state.game, seat)
        print_text(self.console, f"Pass the keyboard to {name}. {name}: press Enter when "
                                 "you are ready (q leaves the game).", "bold")
        text = self.read(Text(f"{name} ready? "))
        if text in ("q", "quit", "exit"):
            self.confirm_quit()
        self.seat = seat
        self.handed_over = True
        self.last_view = None

    def step(self, player: int, action: Action) -> None:
        """Apply one action, record it and save the game so far."""
        state = self.state.apply(player, action)
        # The record and the state change together (no call between them, so no Ctrl-C):
        # a save written after an interruption must hold exactly the actions of the state.
        self.record.add(player, action)
        self.state = state
        self.decisions += 1
        if self.save is not None:
            self.save.write(self.record, state)

    def bot_turn(self, player: int) -> None:
        """Let the bot at `player` act on its own view."""
        agent = self.agents[player]
        assert agent is not None
        self.step(player, decide(agent, self.state, player, self.rng))

    def show_log(self) -> None:
        """Print the log lines the seat at the keyboard has not seen yet."""
        lines = self.state.log_text(self.seat)
        for line in lines[self.log_seen[self.seat]:]:
            print_text(self.console, "  " + line, "cyan", wrap=True)
        self.log_seen[self.seat] = len(lines)

    def show_board(self, force: bool = False) -> None:
        """Print the seat's view of the board (only when it changed, unless forced)."""
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
        self.show_choices(prompt, labels)
        choice = self.ask(prompt, labels)
        self.step(seat, legal[choice])

    def show_choices(self, prompt: str, labels: Sequence[str]) -> None:
        """Print the prompt and the numbered choices."""
        print_text(self.console, prompt, "bold yellow", wrap=True)
        width = len(str(len(labels)))
        for n, label in enumerate(labels, 1):
            print_text(self.console, f"  {n:>{width}}) {label}", wrap=True)

    def read(self, prompt: Text) -> str:
        """Read one line, stripped and in lower case; end of input or Ctrl-C stops the game."""
        try:
            text = self.console.input(prompt)
        except EOFError:
            self.console.print()
            raise Quit("Input ended, so the game stops here.", EXIT_ABANDONED) from None
        except KeyboardInterrupt:
            self.console.print()
            raise Quit("Interrupted, so the game stops here.", EXIT_INTERRUPTED) from None
        return text.strip().lower()

    def confirm_quit(self) -> None:
        """Ask before leaving; raise Quit if the person confirms."""
        where = (f"the game is saved in {self.save.path}" if self.save is not None
                 else "the game will be saved in this folder")
        answer = self.read(Text(f"Leave the game? ({where}, to go on with later) [y/N]: "))
        if answer in ("y", "yes"):
            raise Quit("You left the game.", 0)
        print_text(self.console, "Playing on.")

    def ask(self, prompt: str, labels: Sequence[str]) -> int:
        """Read a choice from 1 to the number of labels; return its index. Re-prompt on bad
        input; b, l, c and ? show things without taking a turn, q leaves after asking."""
        count = len(labels)
        hint = f"type a number from 1 to {count} (q quits, ? help)"
        while True:
            text = self.read(Text(f"Your choice [1-{count}]: "))
            if text in ("q", "quit", "exit"):
                self.confirm_quit()
                continue
            if text in ("b", "board"):
                self.show_board(force=True)
                continue
            if text in ("c", "choices"):
                self.show_choices(prompt, labels)
                continue
            if text in ("l", "log"):
                for line in self.state.log_text(self.seat):
                    print_text(self.console, "  " + line, "cyan", wrap=True)
                self.show_choices(prompt, labels)
                continue
            if text in ("h", "help", "?"):
                print_text(self.console, f"Type a number from 1 to {count} to choose; "
                                         "b shows the board again,")
                print_text(self.console, "c the choices, l the whole log, q leaves the game "
                                         "(it is saved to go on with later).")
                continue
            if not text:
                print_text(self.console, f"Nothing typed: {hint}.", "red")
                continue
            if not _NUMBER.fullmatch(text):
                print_text(self.console, f"{quote(text, 24)} is not a number: {hint}.", "red")
                continue
            number = int(text)
            if not 1 <= number <= count:
                print_text(self.console, f"{number} is not a choice: {hint}.", "red")
                continue
            return number - 1

    def finish(self) -> None:
        """Show the last log lines, the final board and the result (to everyone at a hot
        seat: the spectator's board, which holds no one's secrets)."""
        if len(self.humans) == 1:
            self.show_log()
            self.show_board(force=True)
            you: int | None = self.seat
        else:
            self.console.clear()
            heading(self.console, f"{self.state.game.info.title} - final board")
            print_text(self.console, self.state.game.render_view(self.state.view(None)),
                       wrap=True)
            you = None
        heading(self.console, "Game over")
        self.console.print(result_table(self.state, self.record.bots, you))
        self.console.print(Text(winners_line(self.state, you), style="bold"))


@click.command("play")
@click.argument("game", required=False)
@click.option("--players", "-p", type=int, default=None,
              help="Number of players (default: the game's smallest).")
@click.option("--seat", "-s", default="1", show_default=True,
              help="Your seat: 1 or P1 for the first, 2 or P2 for the second, ...")
@click.option("--seats", default=None, metavar="LIST",
              help="Several people at one terminal (hot seat): their seats, comma-separated "
                   "(1,3 or P1,P3); the screen is hidden between their turns.")
@click.option("--bots", "-b", default=None,
              help="Bot for every other seat, or one per other seat in seat order, "
                   "comma-separated (default: greedy if the game has it, else random).")
@click.option("--seed", type=SEED, default=None,
              help="Seed of the game and the bots (default: a fresh one, printed).")
@click.option("--save", type=str, default=None, metavar="FILE",
              help="Save the game to FILE as JSON, after every decision, so leaving or a "
                   "crash keeps it. FILE may be new, empty or a tavola saved game (it is "
                   "replaced); any other file is refused.")
@click.option("--option", "-o", "option_pairs", multiple=True, metavar="KEY=VALUE",
              help="A game option (see `tavola games`); repeat for several.")
@click.option("--ask-forced", is_flag=True,
              help="Ask even when you have a single choice (by default it is played for you).")
@click.option("--resume", type=str, default=None, metavar="FILE",
              help="Go on with the unfinished game saved in FILE (by --save), saving to it "
                   "again; the file's bots play the other seats unless --bots is given.")
@friendly
def play_command(game: str | None, players: int | None, seat: str, seats: str | None,
                 bots: str | None, seed: int | None, save: str | None,
                 option_pairs: tuple[str, ...], ask_forced: bool, resume: str | None) -> None:
    """Play GAME in the terminal against bots, alone or with friends at one keyboard (or go
    on with a saved game: --resume)."""
    chosen = seat if seats is None else seats
    if seats is not None and _given("seat"):
        raise BadCommandLine("give either --seat (one person) or --seats (several), not both")
    if resume is not None:
        start = _resumed(resume, game, players, chosen, seats is not None, bots, seed, save,
                         option_pairs)
    elif game is None:
        raise BadCommandLine("give a game to play (see 'tavola games'), or --resume FILE")
    else:
        start = _new_game(game, players, chosen, seats is not None, bots, seed, save,
                          option_pairs)
    rules, state, humans = start.state.game, start.state, start.humans
    record, saving, by_seat = start.record, start.saving, start.by_seat
    console = out_console()
    opts = show_options(rules.options)
    count = rules.players
    console.print(Text(f"{rules.info.title}: {count} players, seed {record.seed}", style="bold"))
    if start.resumed:
        n = len(record.actions)
        print_text(console, f"Resumed after {n} decision{'' if n == 1 else 's'} "
                            f"from {start.resumed}")
    if opts:
        print_text(console, f"Options: {opts}")
    for p in range(count):
        who = by_seat[p] if p not in humans else "you" if len(humans) == 1 else "a person"
        print_text(console, f"  {seat_name(rules, p)}: {who}")
    # A resumed game's bots draw from a generator of their own (seed and decisions so far):
    # the file holds the actions, which is what replays the game.
    bot_rng = random.Random(record.seed if not start.resumed
                            else f"{record.seed}/{len(record.actions)}")
    session = Session(console, state, humans, start.agents, bot_rng, record, saving,
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
        if saving is None and quit_.code == 0:
            saving = _save_on_leaving(console, record, session.state)
        if saving is not None:
            # Again, in case the interruption came while the last save was being written.
            saving.write(record, session.state)
            _saved(console, saving, unfinished=True)
            print_text(console, "Go on with it with: tavola play --resume "
                                f"{shlex.quote(str(saving.path))}")
        raise SystemExit(quit_.code) from None
    except click.ClickException:
        raise
    except Exception:
        # A fault in the game or a bot: the save holds the game so far for the bug report.
        console.print(Text("tavola failed; this is a bug.", style="bold red"))
        if saving is not None:
            with contextlib.suppress(SaveFailed):
                saving.write(record, session.state)
            _saved(console, saving, unfinished=True)
        raise
    session.finish()
    if saving is not None:
        _saved(console, saving, unfinished=False)


@dataclass
class Start:
    """Where a terminal game starts: a new game, or a saved one resumed."""

    state: State
    humans: tuple[int, ...]
    agents: list[Agent | None]
    by_seat: list[str]
    record: Record
    saving: SaveFile | None
    resumed: str = ""


def _given(name: str) -> bool:
    """Return whether the command line gave option `name` (not its default)."""
    source = click.get_current_context().get_parameter_source(name)
    return source is not click.core.ParameterSource.DEFAULT


def seat_list(text: str, count: int) -> tuple[int, ...]:
    """Return the 0-based seats `--seats` names (1,3 or P1,P3), distinct, in seat order."""
    seats = [seat_index(part, count, "--seats") for part in text.split(",")] if text.strip() else []
    if not seats:
        raise BadCommandLine("--seats needs at least one seat, like 1,3")
    if len(set(seats)) != len(seats):
        raise BadCommandLine(f"--seats names a seat twice: {quote(text, 40)}")
    return tuple(sorted(seats))


def _people(text: str, several: bool, count: int) -> tuple[int, ...]:
    """Return the seats people play, from --seat or --seats."""
    return seat_list(text, count) if several else (seat_index(text, count),)


def _new_game(game: str, players: int | None, seat: str, several: bool, bots: str | None,
              seed: int | None, save: str | None, option_pairs: tuple[str, ...]) -> Start:
    """Set up a new game from the command line."""
    facts = info(game)
    options = parse_options(game, option_pairs)
    count = player_count(facts, players)
    rules = load(game, count, **options)
    humans = _people(seat, several, count)
    default_bot = "greedy" if "greedy" in facts.policies else "random"
    agents, by_seat = _bots(game, count, humans, default_bot if bots is None else bots)
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 31)
    state = rules.new_state(seed)
    record = Record.start(state, seed, by_seat)
    saving = SaveFile.open(save, record, state) if save is not None else None
    return Start(state, humans, agents, by_seat, record, saving)


def _bots(game: str, count: int, humans: Sequence[int],
          text: str) -> tuple[list[Agent | None], list[str]]:
    """Return the agents and the spec of every seat, from a `--bots` text for the others."""
    others = [p for p in range(count) if p not in humans]
    if not others:
        return [None] * count, [HUMAN] * count
    chosen = parse_bots(text, game, len(others), "other seat")
    agents: list[Agent | None] = [None] * count
    by_seat = [HUMAN] * count
    for p, bot in zip(others, chosen, strict=True):
        agents[p] = bot.build()
        by_seat[p] = bot.name
    return agents, by_seat


def _resumed(path: str, game: str | None, players: int | None, seat: str, several: bool,
             bots: str | None, seed: int | None, save: str | None,
             option_pairs: tuple[str, ...]) -> Start:
    """Set up the unfinished game saved at `path`, replayed and checked."""
    if players is not None or seed is not None or option_pairs:
        raise BadCommandLine("--resume goes on with the saved game's own players, seed and "
                             "options; leave out --players, --seed and --option")
    where = quote(path, 200)
    record = Record.load(path)
    if game is not None and game != record.game:
        raise BadCommandLine(f"--resume {where} holds a game of {record.game}, not {game}")
    checked = record.check(verify=True)
    if checked.finished:
        raise BadCommandLine(f"--resume {where}: that game is over; see it with "
                             f"'tavola replay {shlex.quote(path)}'")
    state = checked.states[-1]
    count = state.game.players
    saved = record.bots or []
    people = tuple(p for p, who in enumerate(saved) if who == HUMAN)
    chosen = several or _given("seat") or not people
    humans = _people(seat, several, count) if chosen else people
    if bots is not None:
        agents, by_seat = _bots(record.game, count, humans, bots)
    else:
        agents, by_seat = [None] * count, [HUMAN] * count
        for p in range(count):
            if p in humans:
                continue
            spec = saved[p] if p < len(saved) and saved[p] != HUMAN else None
            if spec is None:
                raise BadCommandLine(f"--resume {where} does not say who plays "
                                     f"{seat_label(p)}; give --bots")
            try:
                # Never import a module a file names: a saved game may come from anyone.
                agents[p] = make_agent(spec, record.game)
            except TavolaError as exc:
                raise BadCommandLine(f"--resume {where}: the bot of {seat_label(p)} cannot be "
                                     f"made again ({exc}); give --bots") from None
            by_seat[p] = spec
    record.bots = by_seat
    saving = SaveFile.open(save if save is not None else path, record, state)
    return Start(state, humans, agents, by_seat, record, saving, resumed=path)


def _save_on_leaving(console: Console, record: Record, state: State) -> SaveFile | None:
    """Save a game left without --save to this folder, so it can be resumed; say so if the
    file cannot be written (the game is then not kept)."""
    name = f"tavola-{record.game}-{record.seed}.json"
    try:
        return SaveFile.open(name, record, state)
    except BadCommandLine as exc:
        print_text(console, f"The game could not be saved: {exc.message}", "bold red")
        return None


def _saved(console: Console, saving: SaveFile, unfinished: bool) -> None:
    """Say where the game is saved and how to replay it."""
    what = "the unfinished game" if unfinished else "the game"
    print_text(console, f"Saved {what} to {saving.path}")
    print_text(console, f"Replay it with: tavola replay {shlex.quote(str(saving.path))}")
