"""The full screen of `tavola play` (Textual): the board, what happened since your last
decision, the whole log, the numbered choices and the game's help on one screen.

The game's flow (each decision applied, recorded and saved; bots; the keyboard handed over
at a hot seat; leaving after asking) stays in `Session`, which runs in a thread of its own
and calls the `FullScreen` front; the front shows what the session gives it on the screen
and hands the person's answers back through a queue. Only the seat at the keyboard is ever
drawn, and at a hot seat every pane is emptied before the screen is handed over.
"""

from __future__ import annotations

import contextlib
import queue
import re
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.console import Console, Group
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Center, Horizontal, ScrollableContainer, Vertical
from textual.screen import ModalScreen, Screen
from textual.widgets import Input, OptionList, RichLog, Static
from textual.widgets.option_list import Option

from tavola.cli.common import (
    EXIT_INTERRUPTED,
    result_table,
    seat_name,
    tiebreak_note,
    winners_line,
)
from tavola.cli.play import (
    EXIT_ABANDONED,
    Choice,
    Quit,
    Session,
    is_yes,
    matching_topics,
    print_result,
)
from tavola.cli.words import say
from tavola.core import Game
from tavola.core.action import quote
from tavola.core.game import seat_label

COLOURS = {
    "red": "red", "blue": "dodger_blue1", "green": "green3", "yellow": "yellow",
    "purple": "magenta", "white": "bright_white", "grey": "grey70", "gray": "grey70",
    "black": "grey50", "orange": "dark_orange", "brown": "tan", "pink": "hot_pink",
}
"""How the colours the games give their seats are drawn on a dark terminal."""

TALL = 40
"""From this many rows the help panel stays open below the board."""

SEPARATORS = ",. '"
"""The thousands separators a typed sum may hold (150,000, 150.000, 150 000)."""


class Stop:
    """Sent to the flow instead of an answer when the person interrupts (Ctrl-C) or the
    screen closes: the flow stops as `Quit` with this reason (a key of
    tavola/cli/words.py) and exit status."""

    def __init__(self, key: str, code: int) -> None:
        self.key = key
        self.code = code


@dataclass(frozen=True)
class Picture:
    """What the seat at the keyboard sees at one moment: taken in the flow's thread, drawn
    in the screen's."""

    heading: str
    board: str
    log: tuple[str, ...]
    new_from: int


def seat_colours(game: Game, lang: str) -> list[tuple[str, str]]:
    """Return (pattern, style) for every seat whose name is a colour: its label (P1) and
    the name the game gives it in `lang`, drawn in that colour."""
    found: list[tuple[str, str]] = []
    for p in range(game.players):
        english = game.player_name(p, "en").lower()
        colour = next((COLOURS[w] for w in re.findall(r"[a-z]+", english) if w in COLOURS),
                      None)
        if colour is None:
            continue
        label = seat_label(p)
        bare = re.sub(rf"\(?\b{label}\b\)?", "", game.player_name(p, lang)).strip(" ()")
        for term in (label, bare):
            if term:
                found.append((rf"\b{re.escape(term)}\b", f"bold {colour}"))
    return found


def painted(text: str, colours: Sequence[tuple[str, str]], style: str = "",
            no_wrap: bool = False) -> Text:
    """Return `text` literally (never as markup), the seats' names in their colours."""
    out = Text(text, style=style, no_wrap=no_wrap)
    for pattern, colour in colours:
        out.highlight_regex(pattern, colour)
    return out


class FullScreen:
    """The full-screen front of a session: the flow calls it from its own thread; it draws
    on the screen through `PlayApp` and waits for the person's answers."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.answers: queue.Queue[object] = queue.Queue()
        self.stopping = threading.Event()
        self.closed = threading.Event()
        self.outcome: BaseException | None = None
        self.app: PlayApp | None = None
        # Per seat: how long its log was when it last decided (what is new starts there).
        self.marks: dict[int, int] = {}

    def play(self, session: Session) -> None:
        """Run the session on the full screen, then print the result on the terminal."""
        PlayApp(session, self).run()
        self.after(session)

    def after(self, session: Session) -> None:
        """Raise how the game stopped early, or print the result once the screen is gone."""
        if self.outcome is not None:
            raise self.outcome
        if not session.state.is_terminal:
            raise Quit("quit_closed", EXIT_ABANDONED)
        print_result(self.console, session, session.final_seat())

    # -- called in the flow's thread ---------------------------------------------------

    def _screen(self) -> PlayApp:
        """Return the app, stopping the flow if the screen has closed or the person has
        interrupted."""
        if self.closed.is_set():
            raise Quit("quit_closed", EXIT_ABANDONED)
        if self.stopping.is_set():
            raise Quit("quit_interrupted", EXIT_INTERRUPTED)
        assert self.app is not None
        return self.app

    def _answer(self) -> object:
        """Wait for the person's answer."""
        answer = self.answers.get()
        if isinstance(answer, Stop):
            raise Quit(answer.key, answer.code)
        return answer

    def picture(self, session: Session) -> Picture:
        """Return what the seat at the keyboard sees now."""
        state, seat, lang = session.state, session.seat, session.lang
        title = say(lang, "you_are", title=state.game.info.title, name=session.my_name)
        played = say(lang, "played", count=session.decisions)
        return Picture(f"{title}  ·  {played}",
                       state.game.render_view(state.view(seat), lang),
                       tuple(state.log_text(seat, lang)), self.marks.get(seat, 0))

    def hand_over(self, session: Session, seat: int) -> str:
        """Empty every pane, cover the screen and wait until the person at `seat` is
        ready."""
        app = self._screen()
        name = seat_name(session.state.game, seat, session.lang)
        app.call_from_thread(app.cover, say(session.lang, "pass", name=name))
        answer = self._answer()
        assert isinstance(answer, str)
        return answer

    def show_turn(self, session: Session, prompt: str, labels: Sequence[str]) -> None:
        """Draw the seat's board, log and new events, and the numbered choices."""
        app = self._screen()
        app.call_from_thread(app.show_turn, self.picture(session), prompt, tuple(labels),
                             session.asks_sum())

    def show_forced(self, session: Session, prompt: str, label: str) -> None:
        """Draw the seat's screen and say which only choice is played."""
        app = self._screen()
        only = say(session.lang, "only", prompt=prompt, label=label)
        app.call_from_thread(app.show_forced, self.picture(session), only)

    def choose(self, session: Session, prompt: str, labels: Sequence[str]) -> Choice | None:
        """Wait for a choice (its index, or the decisions of a typed sum), or None if the
        person asks to leave."""
        app = self._screen()
        app.call_from_thread(app.ask_choice)
        answer = self._answer()
        if answer is None:
            return None
        assert isinstance(answer, (int, tuple))
        self.marks[session.seat] = len(session.state.log_text(session.seat, session.lang))
        return answer

    def confirm(self, session: Session, question: str) -> bool:
        """Ask the question in a box over the screen; only a yes is a yes."""
        app = self._screen()
        app.call_from_thread(app.confirm, question)
        answer = self._answer()
        assert isinstance(answer, str)
        return is_yes(session.lang, answer)

    def note(self, session: Session, text: str) -> None:
        """Show the text for a moment."""
        app = self._screen()
        app.call_from_thread(app.note, text)

    def moved(self, session: Session, player: int) -> None:
        """Draw the decision just made (a bot's as it happens) for the seat at the keyboard,
        once someone is known to sit there."""
        app = self._screen()
        if session.handed_over:
            app.call_from_thread(app.show_moves, self.picture(session))

    def finish(self, session: Session) -> None:
        """Draw the final board and the result; wait until the person leaves."""
        app = self._screen()
        you = session.final_seat()
        state, lang = session.state, session.lang
        board = state.game.render_view(state.view(you), lang)
        log = tuple(state.log_text(you, lang))
        # At a hot seat everyone reads the spectator's log: no one's last decision marks it.
        start = self.marks.get(you, 0) if you is not None else len(log)
        title = f"{state.game.info.title} - {say(lang, 'over')}"
        picture = Picture(title, board, log, start)
        result = Group(result_table(state, session.record.bots, you, lang),
                       Text(winners_line(state, you, lang), style="bold"),
                       tiebreak_note(state, lang))
        app.call_from_thread(app.show_final, picture, result)
        # Any answer, even Ctrl-C, leaves a game that is over.
        self.answers.get()


class Cover(Screen[None]):
    """The screen between two people's turns at a hot seat: it shows nothing of the game."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "ready", "ready"),
        Binding("q", "leave", "leave"),
    ]

    def __init__(self, text: str, give: Callable[[object], None]) -> None:
        super().__init__()
        self.text = text
        self.give = give
        self.answered = False

    def compose(self) -> ComposeResult:
        """Lay out the message in the middle of the screen."""
        with Center(id="cover"):
            yield Static(Text(self.text, style="bold"), id="pass")

    def _give(self, answer: str) -> None:
        """Hand the answer to the flow once."""
        if not self.answered:
            self.answered = True
            self.give(answer)

    def action_ready(self) -> None:
        """Say the next person has the keyboard."""
        self._give("")

    def action_leave(self) -> None:
        """Ask to leave the game."""
        self._give("q")


class Confirm(ModalScreen[None]):
    """A yes-or-no question over the screen (leaving the game)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "answer('n')", "no"),
        Binding("enter", "answer('n')", "no"),
    ]

    def __init__(self, question: str, give: Callable[[object], None]) -> None:
        super().__init__()
        self.question = question
        self.give = give

    def compose(self) -> ComposeResult:
        """Lay out the question in a box."""
        with Vertical(id="question-box"):
            yield Static(Text(self.question, style="bold"), id="question")

    def on_key(self, event: events.Key) -> None:
        """Take a letter as the answer (y, s, t or yes-like letters of any language)."""
        if event.character and event.character.isalpha():
            event.stop()
            self.action_answer(event.character)

    def action_answer(self, answer: str) -> None:
        """Hand the answer to the flow and close the box."""
        self.dismiss()
        self.give(answer)


class PlayApp(App[None]):
    """The full screen: board and help on the left, new events and the log on the right,
    the prompt and the choices along the bottom."""

    CSS = """
    #heading { height: 1; background: $primary; color: $text; text-style: bold;
               padding: 0 1; }
    #keys { height: 1; background: $panel; color: $text-muted; padding: 0 1; }
    #top { height: 1fr; }
    #left { width: 49; }
    #side { width: 1fr; margin-left: 1; }
    .pane { border: none; border-top: solid $secondary; border-title-color: $accent;
            border-title-style: bold; }
    .pane:focus-within { border-top: solid $accent; }
    #board-pane { height: 1fr; }
    #board { width: auto; }
    #help-pane { display: none; height: 1fr; }
    #top.-help #help-pane { display: block; }
    #top.-help #board-pane { display: none; }
    #top.-tall #help-pane { display: block; height: 2fr; }
    #top.-tall #board-pane { display: block; height: 3fr; }
    #help-search { border: none; height: 1; padding: 0 1; }
    #help-body { height: 1fr; }
    #topics { width: 1fr; max-width: 28; border: none; }
    #topic-pane { width: 2fr; }
    #events-pane { height: 3fr; }
    #log-pane { height: 2fr; }
    #choices-pane { height: 9; }
    #prompt { height: auto; }
    #choices { height: 1fr; border: none; }
    #typed { height: 1; }
    #cover { height: 1fr; align: center middle; }
    #pass { width: 60; max-width: 90%; padding: 1 2; border: heavy $accent; }
    Confirm { align: center middle; }
    #question-box { width: 64; max-width: 95%; height: auto; padding: 1 2;
                    border: heavy $warning; background: $surface; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c", "interrupt", "stop", priority=True),
        Binding("ctrl+q", "leave", "leave", priority=True),
        Binding("q", "leave", "leave"),
        Binding("question_mark", "help", "help"),
        Binding("escape", "close_help", "back"),
        Binding("enter", "enter", "play"),
        Binding("b", "look('board-pane')", "board"),
        Binding("e", "look('events-pane')", "events"),
        Binding("l", "look('log-pane')", "log"),
        Binding("c", "look('choices')", "choices"),
    ]

    def __init__(self, session: Session, front: FullScreen) -> None:
        super().__init__()
        self.session = session
        self.front = front
        front.app = self
        self.lang = session.lang
        self.colours = seat_colours(session.state.game, session.lang)
        self.topic_texts = dict(session.topics())
        self.found_topics = list(self.topic_texts)
        self.waiting = ""
        """What the screen waits for: "choice", "ready", "confirm", "over" or nothing."""
        self.asked = 0
        """How many times a choice has been asked for (a new question has a new number)."""
        self.typed = ""
        self.count = 0
        self.sums = False
        """Whether a sum may be typed for the choice asked (a bribe, say)."""
        # What the event and log panes hold, so that a bot's decision only adds its lines.
        self.written: tuple[str, ...] = ()
        self.written_from = 0
        self.last: Picture | None = None

    # -- layout --------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        """Lay out the panes."""
        yield Static(id="heading")
        with Horizontal(id="top"):
            with Vertical(id="left"):
                with ScrollableContainer(id="board-pane", classes="pane"):
                    yield Static(id="board")
                with Vertical(id="help-pane", classes="pane"):
                    yield Input(placeholder=say(self.lang, "search"), id="help-search")
                    with Horizontal(id="help-body"):
                        yield OptionList(*(Option(Text(name)) for name in self.topic_texts),
                                         id="topics")
                        with ScrollableContainer(id="topic-pane"):
                            yield Static(id="topic")
            with Vertical(id="side"):
                yield RichLog(id="events-pane", classes="pane", wrap=True, min_width=10)
                yield RichLog(id="log-pane", classes="pane", wrap=True, min_width=10)
        with Vertical(id="choices-pane", classes="pane"):
            yield Static(id="prompt")
            yield OptionList(id="choices")
            yield Static(id="typed")
        yield Static(Text(say(self.lang, "keys")), id="keys")

    def on_mount(self) -> None:
        """Name the panes and start the game's flow in its own thread."""
        titles = {"board-pane": "board", "help-pane": "help_pane", "events-pane": "events",
                  "log-pane": "log", "choices-pane": "choices"}
        for pane, word in titles.items():
            self.query_one(f"#{pane}").border_title = say(self.lang, word)
        self.fit(self.size.width, self.size.height)
        threading.Thread(target=self.flow, name="tavola-flow", daemon=True).start()

    def on_resize(self, event: events.Resize) -> None:
        """Keep the help panel open on tall screens; wrap the logs' lines anew."""
        self.fit(event.size.width, event.size.height)
        if self.last is not None:
            self.clear_logs()
            self.call_after_refresh(self.draw, self.last)

    def fit(self, width: int, height: int) -> None:
        """Set the layout for a screen of `width` columns and `height` rows: the board as
        wide as the games draw it (80 columns) once the side keeps a readable width."""
        self.query_one("#top").set_class(height >= TALL, "-tall")
        self.query_one("#left").styles.width = min(84, max(width * 62 // 100, width - 38))

    def flow(self) -> None:
        """Play the game (in the flow's thread); keep how it ended and close the screen."""
        try:
            self.session.run()
            self.session.finish()
        except BaseException as exc:
            # Every ending, a Quit or a fault, is raised again on the command line.
            self.front.outcome = exc
        if not self.front.closed.is_set():
            with contextlib.suppress(RuntimeError):
                self.call_from_thread(self.exit)

    def on_unmount(self) -> None:
        """Stop a flow still waiting for an answer when the screen closes."""
        self.front.closed.set()
        self.front.answers.put(Stop("quit_closed", EXIT_ABANDONED))

    # -- drawing (called by the front from the flow's thread) ---------------------------

    def uncover(self) -> None:
        """Take the hot seat's cover away."""
        while isinstance(self.screen, Cover):
            self.pop_screen()

    def cover(self, text: str) -> None:
        """Empty every pane and cover the screen until the next person is ready."""
        for name in ("heading", "board", "prompt", "typed"):
            self.query_one(f"#{name}", Static).update("")
        self.clear_logs()
        self.last = None
        self.query_one("#choices", OptionList).clear_options()
        self.uncover()
        self.waiting = "ready"
        self.push_screen(Cover(text, self.give))

    def clear_logs(self) -> None:
        """Empty the event and log panes."""
        self.query_one("#events-pane", RichLog).clear()
        self.query_one("#log-pane", RichLog).clear()
        self.written = ()
        self.written_from = 0

    def draw(self, picture: Picture) -> None:
        """Draw the heading, the board, the new events and the whole log."""
        self.last = picture
        self.query_one("#heading", Static).update(Text(picture.heading))
        self.query_one("#board", Static).update(
            painted(picture.board, self.colours, no_wrap=True))
        log, start = picture.log, picture.new_from
        goes_on = (start == self.written_from and len(log) >= len(self.written)
                   and log[:len(self.written)] == self.written)
        if not goes_on or not self.written:
            self.clear_logs()
        events = self.query_one("#events-pane", RichLog)
        whole = self.query_one("#log-pane", RichLog)
        if len(log) == start and not self.written:
            events.write(Text(say(self.lang, "nothing_new"), style="dim"))
        elif len(self.written) <= start < len(log):
            # The placeholder goes once there is something new.
            events.clear()
        for n in range(len(self.written), len(log)):
            if n >= start:
                events.write(painted(f"• {log[n]}", self.colours, "bold"))
            whole.write(painted(log[n], self.colours, "bold" if n >= start else "dim"))
        self.written, self.written_from = log, start

    def show_turn(self, picture: Picture, prompt: str, labels: tuple[str, ...],
                  sums: bool = False) -> None:
        """Draw the seat's screen and the numbered choices (`sums`: a sum may be typed)."""
        self.uncover()
        self.draw(picture)
        self.query_one("#prompt", Static).update(painted(prompt, self.colours, "bold yellow"))
        width = len(str(len(labels)))
        options = self.query_one("#choices", OptionList)
        options.clear_options()
        options.add_options([Option(painted(f"{n:>{width}}) {label}", self.colours))
                             for n, label in enumerate(labels, 1)])
        options.highlighted = 0
        self.fit_choices(prompt, labels)
        self.count = len(labels)
        self.sums = sums
        self.typed = ""
        self.show_typed()

    def fit_choices(self, prompt: str, labels: Sequence[str]) -> None:
        """Give the choices the rows they need, from 7 up to nearly half the screen."""
        width = max(self.size.width - 2, 20)
        rows = 2 + sum(len(line) // width + 1 for line in (prompt, *labels))
        self.query_one("#choices-pane").styles.height = max(7, min(rows, self.size.height * 9
                                                                   // 20))

    def show_forced(self, picture: Picture, only: str) -> None:
        """Draw the seat's screen and the only choice, which is played for the person."""
        self.uncover()
        self.draw(picture)
        self.query_one("#prompt", Static).update(painted(only, self.colours, "yellow"))
        self.query_one("#choices", OptionList).clear_options()
        self.query_one("#typed", Static).update("")

    def show_moves(self, picture: Picture) -> None:
        """Draw the decisions made since the screen was last drawn."""
        if not isinstance(self.screen, Cover):
            self.draw(picture)

    def ask_choice(self) -> None:
        """Wait for the person to pick a choice."""
        self.waiting = "choice"
        self.asked += 1
        if not isinstance(self.focused, Input):
            self.query_one("#choices", OptionList).focus()

    def confirm(self, question: str) -> None:
        """Ask a yes-or-no question in a box over the screen."""
        self.waiting = "confirm"
        self.push_screen(Confirm(question, self.give))

    def note(self, text: str) -> None:
        """Show a short message."""
        self.query_one("#typed", Static).update(Text(text, style="green"))
        self.notify(text, timeout=3)

    def show_final(self, picture: Picture, result: Group) -> None:
        """Draw the final board, the last events and the result; wait for a key."""
        self.uncover()
        self.draw(picture)
        self.query_one("#choices", OptionList).clear_options()
        self.query_one("#choices", OptionList).display = False
        self.query_one("#prompt", Static).update(result)
        self.query_one("#typed", Static).update(Text(say(self.lang, "leave_end"),
                                                     style="bold"))
        pane = self.query_one("#choices-pane")
        pane.border_title = say(self.lang, "over")
        # The table: its title, head and rule, a row a seat; then who won and the key line.
        rows = 6 + self.session.state.game.players
        pane.styles.height = min(rows, self.size.height * 3 // 5)
        self.query_one("#keys", Static).update(Text(say(self.lang, "leave_end")))
        self.waiting = "over"

    # -- the person's keys ---------------------------------------------------------------

    def give(self, answer: object) -> None:
        """Hand an answer to the flow; nothing more is waited for until it asks again."""
        self.waiting = ""
        self.front.answers.put(answer)

    def show_typed(self, message: Text | None = None) -> None:
        """Show the number typed so far, or a message about it."""
        line = Text(say(self.lang, "choice", count=self.count) + self.typed, style="bold")
        if message is not None:
            line.append("  ").append_text(message)
        self.query_one("#typed", Static).update(line)

    def hint(self) -> str:
        """Return what may be typed for the choice asked."""
        return say(self.lang, "sum_hint" if self.sums else "hint", count=self.count)

    def on_key(self, event: events.Key) -> None:
        """Take digits as the number of a choice (Enter plays it), or as a sum where one is
        asked (with its thousands separators)."""
        if self.waiting != "choice" or isinstance(self.focused, Input):
            return
        if isinstance(self.screen, (Cover, Confirm)):
            return
        digit = event.character
        if digit is not None and digit.isdigit():
            event.stop()
            self.type_digit(digit)
        elif self.sums and self.typed and digit is not None and digit in SEPARATORS:
            event.stop()
            self.typed += digit
            self.show_typed()
        elif event.key == "backspace" and self.typed:
            event.stop()
            self.typed = self.typed[:-1]
            self.show_typed()

    def type_digit(self, digit: str) -> None:
        """Add a digit to the number typed, or start a new number with it, and highlight
        that choice; where a sum is asked, keep a longer number as a sum being typed (Enter
        names it); else refuse a number that is no choice."""
        options = self.query_one("#choices", OptionList)
        longer = self.typed + digit
        if self.sums and not self.is_choice(longer) and (len(longer) > 1
                                                          or not self.is_choice(digit)):
            self.typed = longer[-20:]
            self.show_typed()
            return
        if self.is_choice(longer):
            self.typed = longer
        elif self.is_choice(digit):
            self.typed = digit
        else:
            self.show_typed(Text(say(self.lang, "not_choice", number=int(longer),
                                     hint=self.hint()), style="red"))
            return
        options.highlighted = int(self.typed) - 1
        options.focus()
        self.show_typed()

    def is_choice(self, text: str) -> bool:
        """Return whether `text` is the number of a choice (digits only, no leading 0)."""
        return (text.isdigit() and not text.startswith("0") and len(text) <= 9
                and 1 <= int(text) <= self.count)

    def typed_choice(self) -> Choice | None:
        """Return what the text typed picks when it is no choice number: the decisions of a
        sum (shown refused in one line when it cannot be named now), else None."""
        if not self.typed or self.is_choice(self.typed):
            return None
        path = self.session.typed_sum(self.typed)
        if not path:
            self.show_typed(Text(say(self.lang, "no_sum" if path is not None else "not_number",
                                     text=quote(self.typed, 24), hint=self.hint()),
                                 style="red"))
            self.typed = ""
            return ()
        return path

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Play a choice picked by Enter or a click; show a help topic picked."""
        if event.option_list.id == "topics":
            self.show_topic(self.found_topics[event.option_index])
        elif event.option_list.id == "choices" and self.waiting == "choice":
            self.play_typed_or(event.option_index)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """Show the help topic under the cursor."""
        if event.option_list.id == "topics":
            self.show_topic(self.found_topics[event.option_index])

    def play_typed_or(self, index: int) -> None:
        """Play a sum typed, if one was (or refuse it); else the choice at `index`."""
        typed = self.typed_choice()
        if typed is None:
            self.play_choice(index)
        elif typed:
            self.play_choice(typed)

    def play_choice(self, index: Choice) -> None:
        """Hand the choice to the flow and wait for the others."""
        self.query_one("#choices", OptionList).clear_options()
        self.typed = ""
        self.query_one("#typed", Static).update(Text(say(self.lang, "waiting"), style="dim"))
        self.give(index)

    def action_enter(self) -> None:
        """Play the highlighted choice (when the choices are not focused), or leave a game
        that is over."""
        if self.waiting == "over":
            self.give("")
            return
        options = self.query_one("#choices", OptionList)
        if self.waiting == "choice" and options.highlighted is not None:
            self.play_typed_or(options.highlighted)

    def action_leave(self) -> None:
        """Ask to leave (the session asks to confirm and saves), or leave a game that is
        over."""
        if self.waiting == "choice":
            self.give(None)
        elif self.waiting == "over":
            self.give("")

    def action_interrupt(self) -> None:
        """Stop the game now, as Ctrl-C does in the line mode."""
        if self.waiting == "over":
            self.give("")
            return
        self.front.stopping.set()
        self.give(Stop("quit_interrupted", EXIT_INTERRUPTED))

    def action_look(self, pane: str) -> None:
        """Move the keyboard to a pane, to scroll it."""
        self.query_one(f"#{pane}").focus()

    def action_help(self) -> None:
        """Open the help panel (or close it where it stays only on request)."""
        top = self.query_one("#top")
        if top.has_class("-help") and isinstance(self.focused, Input):
            top.remove_class("-help")
            self.query_one("#choices").focus()
            return
        top.add_class("-help")
        self.query_one("#help-search", Input).focus()

    def action_close_help(self) -> None:
        """Close the help panel and go back to the choices."""
        self.query_one("#top").remove_class("-help")
        self.query_one("#choices").focus()

    # -- help --------------------------------------------------------------------------

    def on_input_changed(self, event: Input.Changed) -> None:
        """List the topics the search names, and show the first."""
        found = (matching_topics(self.topic_texts, event.value) if event.value.strip()
                 else list(self.topic_texts))
        self.found_topics = found
        topics = self.query_one("#topics", OptionList)
        topics.clear_options()
        topics.add_options([Option(Text(name)) for name in found])
        if found:
            topics.highlighted = 0
            self.show_topic(found[0])
        else:
            self.query_one("#topic", Static).update(
                Text(say(self.lang, "no_topic", text=quote(event.value.strip(), 24))
                     + " " + ", ".join(self.topic_texts), style="red"))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Move to the list of topics found."""
        self.query_one("#topics", OptionList).focus()

    def show_topic(self, name: str) -> None:
        """Show what a help topic explains."""
        text = self.topic_texts.get(name)
        if text is not None:
            topic = Text(name, style="bold cyan")
            topic.append("\n").append_text(painted(text, self.colours))
            self.query_one("#topic", Static).update(topic)
