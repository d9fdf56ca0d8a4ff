"""`tavola play`: one person plays one seat of a game in the terminal against bots.

Every game is saved before the first decision and again after every decision (atomically:
a new file renamed over the old one), so leaving, Ctrl-C, a closed terminal or a crash
keeps every decision made so far: to `--save FILE`, or else to a file of its own in the
saved-games folder of the user's data folder (`saves_folder`). A save keeps the language
and the seats' names, so a game resumed goes on in its language. `--save`'s file is
checked before the game starts: its folder must exist and take the file, and an existing
file is overwritten only when it is empty or a tavola saved game, so a mistyped name
cannot destroy anything else. Leaving, Ctrl-C and the start of the next game say where
an unfinished game is and how to go on with it (a closed terminal can be told nothing).
"""

from __future__ import annotations

import contextlib
import itertools
import os
import random
import re
import shlex
import sys
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import click
import platformdirs
from rich.console import Console
from rich.text import Text

from tavola.agents import Agent, decide, make_agent
from tavola.cli import words
from tavola.cli.common import (
    EXIT_INTERRUPTED,
    HUMAN,
    SEED,
    BadCommandLine,
    TypedSums,
    friendly,
    heading,
    out_console,
    parse_bots,
    parse_options,
    parse_sum,
    player_count,
    print_text,
    result_table,
    seat_name,
    sum_asked,
    tiebreak_note,
    winners_line,
)
from tavola.cli.words import LANGUAGE_LIST, counted, say
from tavola.core import (
    LANGUAGES,
    Action,
    CorruptRecord,
    Record,
    State,
    TavolaError,
    info,
    load,
)
from tavola.core.action import quote
from tavola.core.game import seat_label
from tavola.core.jsonio import read_json
from tavola.core.record import FORMAT
from tavola.server.messages import render
from tavola.server.undo import cheap_refusal, undo_refusal

EXIT_ABANDONED = 1


class Quit(Exception):
    """The game stops before its end: the person left, the input ended, Ctrl-C, the screen
    closed. `key` names the reason in tavola/cli/words.py; the exception's text is the
    English line."""

    def __init__(self, key: str, code: int) -> None:
        super().__init__(say("en", key))
        self.key = key
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

    def write(self, record: Record, state: State, lang: str = "en") -> None:
        """Write the game up to `state` (atomically: the old file stays whole on failure);
        a failure is told in `lang`."""
        record.finish(state)
        try:
            record.save(self.path)
        except OSError as exc:
            raise SaveFailed(say(lang, "save_failed", path=self.path,
                                 reason=exc.strerror or exc)) from None


def _is_saved_game(path: Path) -> bool:
    """Return whether the file at `path` is a tavola saved game (readable or not)."""
    try:
        data = read_json(path, error=CorruptRecord)
    except CorruptRecord:
        return False
    return isinstance(data, dict) and data.get("format") == FORMAT


Choice = int | tuple[Action, ...]
"""What a person picks: the index of a choice, or the decisions a typed sum names."""


class TakeBack:
    """What a front answers when the person asks to take back their last decision."""


TAKE_BACK = TakeBack()

Answer = Choice | TakeBack | None
"""What a front's `choose` returns: a choice, a take-back, or None to leave."""


@dataclass(frozen=True)
class Thinking:
    """A bot deciding now: its seat, its spec, its think time (None: it searches a number
    of simulations, not a time) and when it started (`time.monotonic`)."""

    seat: int
    bot: str
    budget: float | None
    start: float

    def line(self, game_name: str, lang: str, now: float | None = None) -> str:
        """Return the line that says it, in `lang`, for the seat named `game_name`."""
        elapsed = (time.monotonic() if now is None else now) - self.start
        args = {"name": game_name, "bot": self.bot,
                "elapsed": words.decimal(lang, elapsed, fixed=True)}
        if self.budget is None:
            return say(lang, "thinking_open", **args)
        return say(lang, "thinking", budget=words.decimal(lang, self.budget, 2), **args)


def think_time(agent: Agent) -> float | None:
    """Return a bot's think time a decision, when it thinks for a time."""
    seconds = getattr(agent, "seconds", None)
    return float(seconds) if isinstance(seconds, (int, float)) and seconds > 0 else None


class Front(Protocol):
    """How a session shows the game and reads the person's answers: plain lines or the full
    screen. The session keeps the flow; a front only shows and asks."""

    def play(self, session: Session) -> None:
        """Run the session to the end of the game and show the result (or raise Quit)."""

    def hand_over(self, session: Session, seat: int) -> str:
        """Hide the screen until the person at `seat` has the keyboard; return what they
        typed ("" when ready, "q" to leave)."""

    def show_turn(self, session: Session, prompt: str, labels: Sequence[str]) -> None:
        """Show what changed, the board, the prompt and the numbered choices."""

    def show_forced(self, session: Session, prompt: str, label: str) -> None:
        """Show what changed, the board, and the only choice, which is played."""

    def choose(self, session: Session, prompt: str, labels: Sequence[str]) -> Answer:
        """Return the index of the choice the person picks, or the decisions of a sum they
        typed (`Session.typed_sum`), `TAKE_BACK` if they ask to take back their last
        decision, or None if they ask to leave."""

    def confirm(self, session: Session, question: str) -> bool:
        """Ask a yes-or-no question (no unless the person says yes)."""

    def note(self, session: Session, text: str) -> None:
        """Tell the person something that needs no answer."""

    def moved(self, session: Session, player: int) -> None:
        """Show, if this front does, that `player` has just made a decision."""

    def thinking(self, session: Session, seat: Thinking) -> None:
        """Show, if this front does, that a bot has started to decide (`session.thinking`
        holds it until it has decided)."""

    def finish(self, session: Session) -> None:
        """Show the final board and the result."""


class Session:
    """People playing one or more seats of a game in the terminal, bots the others.

    The session holds the game's flow, whatever shows it: each decision applied, recorded
    and saved, bots playing their seats, the keyboard handed over between people, and
    leaving only after the person confirms. Its front shows things and reads answers.

    With several people at one terminal (hot seat), the screen is hidden between two
    people's turns and the next one confirms before anything of theirs is shown, so no one
    sees another's hand or secret choices. The keyboard is handed over only for a real
    choice: a person's only possible decision is played for them without it (unless
    --ask-forced).

    A person may take back their own last decision under exactly the server's policy
    (`tavola.server.undo`): while nobody else has acted since, with no chance on the way and
    nothing revealed; the only possible decisions played for them after it go with it.
    While a bot decides, `thinking` says which and since when, for the front to show.
    """

    def __init__(self, state: State, humans: Sequence[int], agents: Sequence[Agent | None],
                 rng: random.Random, record: Record, save: SaveFile | None,
                 auto_forced: bool, lang: str = "en", front: Front | None = None) -> None:
        self.front: Front = front if front is not None else Lines(out_console())
        self.lang = lang
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
        self.decisions = 0
        # The state before each decision of the record and the state now, replayed from the
        # record the first time a take-back is judged, then kept as decisions are made.
        self.states: list[State] = []
        self.thinking: Thinking | None = None
        """The bot deciding now, if one is (read by the front's own thread)."""

    @property
    def my_name(self) -> str:
        """The display name of the seat whose turn it is at the keyboard."""
        return seat_name(self.state.game, self.seat, self.lang)

    def play(self) -> None:
        """Play the whole game and show the result, through the front."""
        self.front.play(self)

    def run(self) -> None:
        """Play until the game ends (or raise Quit)."""
        while not self.state.is_terminal:
            pending = self.state.to_act
            person = next((p for p in pending if p in self.humans), None)
            if person is None:
                self.bot_turn(pending[0])
            elif person == self.seat and self.handed_over:
                self.human_turn()
            elif (only := self.only_choice(person)) is not None:
                # Handing the keyboard over for a decision no one makes would show the
                # next person nothing: their only choice is played as a bot's would be.
                self.step(person, only)
            else:
                self.hand_over(person)
                self.human_turn()

    def only_choice(self, seat: int) -> Action | None:
        """Return the one action `seat` may take now, when it is played for the person
        (not with --ask-forced); else None."""
        legal = self.state.legal_actions(seat)
        return legal[0] if self.auto_forced and len(legal) == 1 else None

    def hand_over(self, seat: int) -> None:
        """Hide the screen and wait until the person at `seat` has the keyboard."""
        text = self.front.hand_over(self, seat)
        if text in ("q", "quit", "exit"):
            self.confirm_quit()
        self.seat = seat
        self.handed_over = True

    def step(self, player: int, action: Action) -> None:
        """Apply one action, record it and save the game so far."""
        state = self.state.apply(player, action)
        # The record and the state change together (no call between them, so no Ctrl-C):
        # a save written after an interruption must hold exactly the actions of the state.
        self.record.add(player, action)
        self.state = state
        self.decisions += 1
        if self.states:
            self.states.append(state)
        if self.save is not None:
            self.save.write(self.record, state, self.lang)
        self.front.moved(self, player)

    def bot_turn(self, player: int) -> None:
        """Let the bot at `player` act on its own view."""
        agent = self.agents[player]
        assert agent is not None
        bots = self.record.bots or []
        spec = bots[player] if player < len(bots) else "bot"
        self.thinking = Thinking(player, spec, think_time(agent), time.monotonic())
        self.front.thinking(self, self.thinking)
        try:
            action = decide(agent, self.state, player, self.rng)
        finally:
            self.thinking = None
        self.step(player, action)

    def human_turn(self) -> None:
        """Show what changed, the board and the choices; apply what the person picks."""
        state, seat = self.state, self.seat
        legal = state.legal_actions(seat)
        labels = [state.describe(seat, a, self.lang) for a in legal]
        prompt = state.prompt(seat, self.lang)
        if self.only_choice(seat) is not None:
            self.front.show_forced(self, prompt, labels[0])
            self.step(seat, legal[0])
            return
        self.front.show_turn(self, prompt, labels)
        choice = self.ask(prompt, labels)
        if isinstance(choice, TakeBack):
            # The game went back to the person's own earlier decision: it is asked again.
            return
        if isinstance(choice, int):
            self.step(seat, legal[choice])
            return
        for action in choice:
            self.step(seat, action)

    def asks_sum(self) -> bool:
        """Return whether the seat at the keyboard may type a sum now (a bribe, say)."""
        return sum_asked(self.state, self.seat)

    def typed_sum(self, text: str) -> tuple[Action, ...] | None:
        """Return the decisions a sum typed as `text` names now (the range holding it, then
        the sum); () if it is a sum that cannot be named now; None if `text` is not a sum or
        no sum is asked."""
        amount = parse_sum(text)
        state = self.state
        if amount is None or not isinstance(state, TypedSums):
            return None
        return state.typed_sum(self.seat, amount)

    def ask(self, prompt: str, labels: Sequence[str]) -> Choice | TakeBack:
        """Return the person's choice, or `TAKE_BACK` once their last decision is taken
        back; asking to leave is confirmed first, and a take-back the rules refuse is told
        (and the question asked again)."""
        while True:
            choice = self.front.choose(self, prompt, labels)
            if choice is None:
                self.confirm_quit()
            elif isinstance(choice, TakeBack):
                refusal = self.take_back()
                if refusal is None:
                    self.front.note(self, say(self.lang, "taken_back"))
                    return choice
                self.front.note(self, say(self.lang, "no_take_back",
                                          reason=render(refusal, {}, self.lang)))
            else:
                return choice

    # -- taking a decision back, under the server's policy (tavola.server.undo) ----------

    def history(self) -> list[State]:
        """Return the state before each decision of the game and the state now."""
        if len(self.states) != len(self.record.actions) + 1:
            self.states = self.record.check(verify=False).states
        return self.states

    def played_for(self, states: Sequence[State], n: int) -> bool:
        """Return whether decision `n` of the record was the only one its person could
        make, played for them (they never saw a question for it)."""
        player = self.record.actions[n][0]
        return self.auto_forced and len(states[n].legal_actions(player)) == 1

    def own_last(self) -> int | str:
        """Return where the decisions a take-back undoes start (the person's own last
        decision; the only possible ones played for them after it go with it), or the
        refusal code of the checks that cost nothing: the seat at the keyboard made the
        game's last decisions, the game is not over, no chance on the way."""
        if self.state.is_terminal:
            return "undo_game_over"
        actions = self.record.actions
        if not actions or actions[-1][0] != self.seat or self.seat not in self.humans:
            # Someone else acted last (a bot, another person): no replay needed to say so.
            return "undo_not_yours"
        states = self.history()
        start = len(actions)
        while (start > 0 and actions[start - 1][0] == self.seat
               and self.played_for(states, start - 1)):
            start -= 1
        if start == 0 or actions[start - 1][0] != self.seat or self.seat not in self.humans:
            return "undo_not_yours"
        start -= 1
        for n in range(start, len(actions)):
            code = cheap_refusal(states[n], states[n + 1])
            if code is not None:
                return code
        return start

    def take_back_offered(self) -> bool:
        """Return whether a take-back passes the checks that cost nothing now (the rest,
        whether it revealed anything, is judged when the person asks)."""
        return isinstance(self.own_last(), int)

    def take_back(self) -> str | None:
        """Take back the person's own last decision (with the only possible decisions
        played for them after it) exactly as the server's policy allows
        (`tavola.server.undo`): return None, or the code of why not."""
        start = self.own_last()
        if isinstance(start, str):
            return start
        actions, states = self.record.actions, self.history()
        # The checks draw from a generator of their own: the bots' draws stay as they were.
        rng = random.Random(f"{self.record.seed}/take-back/{len(actions)}")
        for n in range(len(actions) - 1, start - 1, -1):
            player, text = actions[n]
            code = undo_refusal(states[n], states[n + 1], player, Action.parse(text), rng)
            if code is not None:
                return code
        undone = len(actions) - start
        del actions[start:]
        del states[start + 1:]
        self.state = states[start]
        self.decisions = max(0, self.decisions - undone)
        if self.save is not None:
            self.save.write(self.record, self.state, self.lang)
        return None

    def confirm_quit(self) -> None:
        """Ask before leaving; raise Quit if the person confirms."""
        where = (say(self.lang, "saved_in", path=self.save.path) if self.save is not None
                 else say(self.lang, "saved_here"))
        if self.front.confirm(self, say(self.lang, "leave", where=where)):
            raise Quit("quit_left", 0)
        self.front.note(self, say(self.lang, "playing_on"))

    def topics(self) -> Mapping[str, str]:
        """Return the game's help topics in the session's language."""
        return self.state.game.glossary(self.lang)

    def finish(self) -> None:
        """Show the final board and the result."""
        self.front.finish(self)

    def final_seat(self) -> int | None:
        """Return whose view the end of the game is shown in: the one person's, or no one's
        at a hot seat (the spectator's board, which holds no one's secrets)."""
        return self.seat if len(self.humans) == 1 else None


def matching_topics(topics: Mapping[str, str], text: str) -> list[str]:
    """Return the help topics `text` names: the topic of that whole name, else every topic
    whose name holds it."""
    wanted = text.strip().lower()
    found = [name for name in topics if name.lower() == wanted]
    if not found and wanted:
        found = [name for name in topics if wanted in name.lower()]
    return found


def is_yes(lang: str, answer: str) -> bool:
    """Return whether `answer` is a yes in `lang` (anything else is a no)."""
    return bool(answer) and answer.strip().lower() in say(lang, "yes").split()


SLOW = 1.0
"""After how many seconds of a bot's thinking the line mode says who is thinking."""


class Lines:
    """The plain line mode: the game printed line by line and choices typed as numbers (for
    screen readers, pipes and terminals that cannot draw a full screen)."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.log_seen: dict[int, int] = {}
        self.last_view: dict[str, Any] | None = None
        self.timer: threading.Timer | None = None

    def play(self, session: Session) -> None:
        """Run the session to the end of the game and print the result."""
        session.run()
        session.finish()

    def hand_over(self, session: Session, seat: int) -> str:
        """Clear the screen and wait until the person at `seat` presses Enter."""
        self.console.clear()
        # Scroll the last person's board out of a terminal that keeps no clear history.
        self.console.print("\n" * 4, end="")
        name = seat_name(session.state.game, seat, session.lang)
        print_text(self.console, say(session.lang, "pass", name=name), "bold", wrap=True)
        text = self.read(Text(say(session.lang, "ready", name=name)))
        self.last_view = None
        return text

    def show_log(self, session: Session) -> None:
        """Print the log lines the seat at the keyboard has not seen yet."""
        lines = session.state.log_text(session.seat, session.lang)
        # A take-back shortens the log: what follows it is new again.
        for line in lines[min(self.log_seen.get(session.seat, 0), len(lines)):]:
            print_text(self.console, "  " + line, "cyan", wrap=True)
        self.log_seen[session.seat] = len(lines)

    def show_board(self, session: Session, force: bool = False) -> None:
        """Print the seat's view of the board (only when it changed, unless forced)."""
        view = session.state.view(session.seat)
        if force or view != self.last_view:
            heading(self.console, say(session.lang, "you_are",
                                      title=session.state.game.info.title,
                                      name=session.my_name))
            print_text(self.console, session.state.game.render_view(view, session.lang),
                       wrap=True)
            self.last_view = view

    def show_turn(self, session: Session, prompt: str, labels: Sequence[str]) -> None:
        """Print the new log lines, the board if it changed, and the choices."""
        self.show_log(session)
        self.show_board(session)
        self.show_choices(prompt, labels)

    def show_forced(self, session: Session, prompt: str, label: str) -> None:
        """Print the new log lines, the board if it changed, and the only choice."""
        self.show_log(session)
        self.show_board(session)
        print_text(self.console, say(session.lang, "only", prompt=prompt, label=label),
                   "yellow", wrap=True)

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
            raise Quit("quit_input", EXIT_ABANDONED) from None
        except KeyboardInterrupt:
            self.console.print()
            raise Quit("quit_interrupted", EXIT_INTERRUPTED) from None
        return text.strip().lower()

    def confirm(self, session: Session, question: str) -> bool:
        """Ask the question on one line; only a yes in the session's language is a yes."""
        return is_yes(session.lang, self.read(Text(question)))

    def note(self, session: Session, text: str) -> None:
        """Print the line."""
        print_text(self.console, text)

    def moved(self, session: Session, player: int) -> None:
        """Print nothing: the new log lines are shown at the person's next turn."""
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def thinking(self, session: Session, seat: Thinking) -> None:
        """Say once, when a bot has thought for `SLOW` seconds, who is thinking and for how
        long at most (a line, never redrawn: screen readers and pipes read it once)."""
        if self.timer is not None:
            self.timer.cancel()
        name = seat_name(session.state.game, seat.seat, session.lang)

        def say_it() -> None:
            if session.thinking is seat:
                print_text(self.console, seat.line(name, session.lang), "dim")

        self.timer = threading.Timer(SLOW, say_it)
        self.timer.daemon = True
        self.timer.start()

    def choose(self, session: Session, prompt: str, labels: Sequence[str]) -> Answer:
        """Read a choice from 1 to the number of labels; return its index, None for q, or
        `TAKE_BACK` for u.
        Where a sum is asked, a sum typed (150000, 150,000, ...) returns the decisions that
        name it. Re-prompt on bad input; b, l, c and ? show things without taking a turn."""
        lang, count = session.lang, len(labels)
        hint = say(lang, "sum_hint" if session.asks_sum() else "hint", count=count)
        while True:
            text = self.read(Text(say(lang, "choice", count=count)))
            if text in ("q", "quit", "exit"):
                return None
            if text in ("u", "undo"):
                return TAKE_BACK
            if text in ("b", "board"):
                self.show_board(session, force=True)
                continue
            if text in ("c", "choices"):
                self.show_choices(prompt, labels)
                continue
            if text in ("l", "log"):
                for line in session.state.log_text(session.seat, lang):
                    print_text(self.console, "  " + line, "cyan", wrap=True)
                self.show_choices(prompt, labels)
                continue
            if text in ("h", "help", "?"):
                print_text(self.console, say(lang, "help", count=count), wrap=True)
                self.show_topics(session)
                continue
            if text.startswith("?") or text.startswith("help "):
                self.explain(session, text.removeprefix("?").removeprefix("help ").strip())
                continue
            if not text:
                print_text(self.console, say(lang, "nothing", hint=hint), "red")
                continue
            number = int(text) if _NUMBER.fullmatch(text) else 0
            if not 1 <= number <= count:
                path = session.typed_sum(text)
                if path:
                    return path
                if path is not None:
                    print_text(self.console, say(lang, "no_sum", text=quote(text, 24),
                                                 hint=hint), "red", wrap=True)
                    continue
            if not _NUMBER.fullmatch(text):
                print_text(self.console, say(lang, "not_number", text=quote(text, 24),
                                             hint=hint), "red", wrap=True)
                continue
            number = int(text)
            if not 1 <= number <= count:
                print_text(self.console, say(lang, "not_choice", number=number, hint=hint),
                           "red", wrap=True)
                continue
            return number - 1

    def show_topics(self, session: Session) -> None:
        """Print the names of the help topics."""
        print_text(self.console, "  " + ", ".join(session.topics()), "cyan", wrap=True)

    def explain(self, session: Session, text: str) -> None:
        """Print the help topics `text` names, or the list of topics if none matches."""
        topics = session.topics()
        found = matching_topics(topics, text)
        if not found:
            print_text(self.console, say(session.lang, "no_topic", text=quote(text, 24)),
                       "red", wrap=True)
            self.show_topics(session)
            return
        for name in found:
            print_text(self.console, f"{name}: {topics[name]}", "cyan", wrap=True)

    def finish(self, session: Session) -> None:
        """Print the last log lines, the final board and the result (to everyone at a hot
        seat: the spectator's board, which holds no one's secrets)."""
        you = session.final_seat()
        if you is not None:
            self.show_log(session)
            self.show_board(session, force=True)
        else:
            self.console.clear()
            heading(self.console, say(session.lang, "final_board",
                                      title=session.state.game.info.title))
            print_text(self.console, session.state.game.render_view(session.state.view(None),
                                                                    session.lang), wrap=True)
        print_result(self.console, session, you)


def print_result(console: Console, session: Session, you: int | None) -> None:
    """Print the final scores and ranks, and who won, in the session's language."""
    lang = session.lang
    heading(console, say(lang, "over"))
    console.print(result_table(session.state, session.record.bots, you, lang))
    console.print(Text(winners_line(session.state, you, lang), style="bold"))
    console.print(tiebreak_note(session.state, lang))


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
                   "crash keeps it (without --save: to a new file in the saves folder of "
                   "your data folder). FILE may be new, empty or a tavola saved game (it is "
                   "replaced); any other file is refused.")
@click.option("--option", "-o", "option_pairs", multiple=True, metavar="KEY=VALUE",
              help="A game option (see `tavola games GAME`); repeat for several.")
@click.option("--ask-forced", is_flag=True,
              help="Ask even when you have a single choice (by default it is played for you).")
@click.option("--lang", type=click.Choice(LANGUAGES), default=None,
              help=f"The language of the game's texts: {LANGUAGE_LIST} (default: a resumed "
                   "game's, else the system's, else en).")
@click.option("--resume", type=str, default=None, metavar="FILE",
              help="Go on with the unfinished game saved in FILE (by --save), saving to it "
                   "again; the file's bots play the other seats unless --bots is given.")
@click.option("--plain", is_flag=True,
              help="Print the game line by line instead of the full screen (for screen "
                   "readers and pipes; used anyway when not at a terminal).")
@friendly
def play_command(game: str | None, players: int | None, seat: str, seats: str | None,
                 bots: str | None, seed: int | None, save: str | None,
                 option_pairs: tuple[str, ...], ask_forced: bool, lang: str | None,
                 resume: str | None, plain: bool) -> None:
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
    language = words.language(lang, record.lang)
    record.lang = language
    record.names = [seat_name(rules, p, language) for p in range(rules.players)]
    console = out_console()
    if not start.resumed:
        _remind_unfinished(console, language)
    autosaving = saving is None
    if saving is None:
        saving = _autosave(console, record, state, language)
    else:
        # Again, now with the language and the seats' names.
        saving.write(record, state, language)
    opts = words.options_line(language, rules.info.name, dict(rules.options))
    count = rules.players
    console.print(Text(say(language, "banner", title=rules.info.title, seed=record.seed,
                           players=counted(language, "players", count)), style="bold"))
    if start.resumed:
        decisions = counted(language, "resumed_decisions", len(record.actions))
        print_text(console, say(language, "resumed", decisions=decisions, path=start.resumed))
    if opts:
        print_text(console, say(language, "options", options=opts), wrap=True)
    person = say(language, "seat_you" if len(humans) == 1 else "seat_person")
    for p in range(count):
        who = person if p in humans else by_seat[p]
        print_text(console, f"  {seat_name(rules, p, language)}: {who}")
    if autosaving and saving is not None:
        print_text(console, say(language, "autosaved", path=saving.path))
    # A resumed game's bots draw from a generator of their own (seed and decisions so far):
    # the file holds the actions, which is what replays the game.
    bot_rng = random.Random(record.seed if not start.resumed
                            else f"{record.seed}/{len(record.actions)}")
    front: Front
    if plain or not full_screen_possible():
        front = Lines(console)
    else:
        # Textual loads only for the full screen: the line mode starts without it.
        from tavola.cli.tui import FullScreen
        front = FullScreen(console)
    session = Session(state, humans, start.agents, bot_rng, record, saving, not ask_forced,
                      language, front)
    try:
        try:
            session.play()
        except KeyboardInterrupt:
            console.print()
            raise Quit("quit_interrupted", EXIT_INTERRUPTED) from None
    except Quit as quit_:
        decisions = counted(language, "stopped_decisions", session.decisions)
        console.print(Text(say(language, "stopped", reason=say(language, quit_.key),
                               decisions=decisions), style="bold"))
        if saving is None and quit_.code == 0:
            saving = _save_on_leaving(console, record, session.state, language)
        if saving is not None:
            # Again, in case the interruption came while the last save was being written.
            saving.write(record, session.state, language)
            _saved(console, saving, language, unfinished=True)
            print_text(console, say(language, "go_on", path=shlex.quote(str(saving.path))))
        raise SystemExit(quit_.code) from None
    except click.ClickException:
        raise
    except Exception:
        # A fault in the game or a bot: the save holds the game so far for the bug report.
        console.print(Text(say(language, "bug"), style="bold red"))
        if saving is not None:
            with contextlib.suppress(SaveFailed):
                saving.write(record, session.state, language)
            _saved(console, saving, language, unfinished=True)
        raise
    if saving is not None:
        _saved(console, saving, language, unfinished=False)
    if autosaving:
        prune_finished(saves_folder())


def full_screen_possible() -> bool:
    """Return whether the full screen can be drawn: the keyboard and the screen are a
    terminal that is not a dumb one."""
    return (sys.stdin.isatty() and sys.stdout.isatty()
            and os.environ.get("TERM", "") != "dumb")


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


def saves_folder() -> Path:
    """Return the folder where games played without --save are saved: `saves` in the
    user's data folder (as platformdirs names it; on Linux $XDG_DATA_HOME/tavola/saves)."""
    return Path(platformdirs.user_data_dir("tavola", appauthor=False)) / "saves"


def _autosave(console: Console, record: Record, state: State, lang: str) -> SaveFile | None:
    """Save a game played without --save to a new file in `saves_folder`, as it is played;
    say so (in `lang`) if it cannot be, and play on unsaved."""
    folder = saves_folder()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        names = (f"{record.game}-{record.seed}" + (f"-{n}" if n > 1 else "") + ".json"
                 for n in itertools.count(1))
        # A new file each time: an unfinished game of the same seed is never replaced.
        path = next(folder / name for name in names if not (folder / name).exists())
        return SaveFile.open(str(path), record, state)
    except (OSError, BadCommandLine) as exc:
        reason = (exc.message if isinstance(exc, BadCommandLine)
                  else exc.strerror or str(exc))
        print_text(console, say(lang, "autosave_failed", reason=reason), "bold red")
        return None


KEEP_FINISHED = 20
"""How many finished games the saved-games folder keeps (the newest); unfinished ones are
kept until they are finished, as they are the ones to go on with."""


def prune_finished(folder: Path, keep: int | None = None) -> list[Path]:
    """Remove the finished games saved in `folder` beyond the newest `keep` (default
    `KEEP_FINISHED`); return the
    files removed. Only tavola saved games whose game is over are touched: an unfinished
    game, an unreadable file or any other file stays."""
    finished: list[tuple[float, Path]] = []
    try:
        files = list(folder.glob("*.json"))
    except OSError:
        return []
    for path in files:
        try:
            when = path.stat().st_mtime
            record = Record.load(path)
        except (TavolaError, OSError):
            continue
        if record.result is not None:
            finished.append((when, path))
    finished.sort(reverse=True)
    removed = []
    for _, path in finished[KEEP_FINISHED if keep is None else keep:]:
        with contextlib.suppress(OSError):
            path.unlink()
            removed.append(path)
    return removed


UNFINISHED_SHOWN = 3
"""How many unfinished saved games the start of a new game reminds of (the newest)."""

UNFINISHED_READ = 30
"""How many of the newest files of the saved-games folder are looked at for them."""


def _remind_unfinished(console: Console, lang: str) -> None:
    """Say (in `lang`) which games saved in `saves_folder` are unfinished and how to go on
    with them: the newest few with a decision made; anything unreadable there is passed
    over."""
    try:
        files = sorted(saves_folder().glob("*.json"), key=lambda p: p.stat().st_mtime,
                       reverse=True)[:UNFINISHED_READ]
    except OSError:
        return
    shown = 0
    for path in files:
        try:
            record = Record.load(path)
            title = info(record.game).title
        except (TavolaError, OSError):
            continue
        if record.result is not None or not record.actions:
            continue
        decisions = counted(lang, "stopped_decisions", len(record.actions))
        print_text(console, say(lang, "unfinished", title=title, decisions=decisions,
                                path=shlex.quote(str(path))))
        shown += 1
        if shown == UNFINISHED_SHOWN:
            return


def _save_on_leaving(console: Console, record: Record, state: State,
                     lang: str) -> SaveFile | None:
    """Save a game left without --save to this folder, so it can be resumed; say so (in
    `lang`) if the file cannot be written (the game is then not kept)."""
    name = f"tavola-{record.game}-{record.seed}.json"
    try:
        return SaveFile.open(name, record, state)
    except BadCommandLine as exc:
        print_text(console, say(lang, "not_saved", reason=exc.message), "bold red")
        return None


def _saved(console: Console, saving: SaveFile, lang: str, unfinished: bool) -> None:
    """Say in `lang` where the game is saved and how to replay it."""
    print_text(console, say(lang, "saved_unfinished" if unfinished else "saved_game",
                            path=saving.path))
    print_text(console, say(lang, "replay_it", path=shlex.quote(str(saving.path))))
