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
import functools
import queue
import re
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar, Literal, TypeVar

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
    parse_sum,
    result_table,
    seat_name,
    tiebreak_note,
    winners_line,
)
from tavola.cli.pages import pages
from tavola.cli.play import (
    EXIT_ABANDONED,
    TAKE_BACK,
    Answer,
    Choice,
    Quit,
    Session,
    TakeBack,
    Thinking,
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
"""From this many rows the help panel stays open below the board (on a wide screen)."""

WIDE = 120
"""From this many columns the board (80 wide) and the logs stand side by side; on a
narrower screen the board, the new events and the log take turns in one pane, and the board
is cut into pages that fit it (`tavola.cli.pages`), flipped with ←/→."""

TICK = 0.1
"""How often, in seconds, the line saying which bot is thinking is drawn again."""

SHOWN = 8
"""How many choices the choices pane shows at least (all of them when there are fewer)."""

BOARD_ROWS = 2
"""The fewest rows the board pane keeps: its title and a line of the board."""

SEPARATORS = ",. '"
"""The thousands separators a typed sum may hold (150,000, 150.000, 150 000)."""

MAX_TYPED = 20
"""The most characters kept of what is typed for a choice (the longest sums are shorter)."""

MAX_NUMBER = 9
"""The most digits of a choice number read as a number (no game has more choices)."""

BOUND = frozenset({"q", "u", "question_mark", "b", "e", "l", "c", "escape", "enter", "tab",
                   "shift+tab", "up", "down", "left", "right", "home", "end", "pageup",
                   "pagedown", "ctrl+c", "ctrl+q"})
"""Keys with a use of their own on the board's screen, never taken as typed text."""

R = TypeVar("R")


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
    on the screen through `PlayApp` and waits for the person's answers.

    Every question the screen asks has a number (a ticket) and every answer carries the
    number of the question it answers: an answer to a question already answered, as keys
    arriving in a burst can give, is dropped instead of answering the next question."""

    def __init__(self, console: Console) -> None:
        self.console = console
        self.answers: queue.Queue[Stop | tuple[int, object]] = queue.Queue()
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

    def _call(self, method: Callable[..., R], *args: object) -> R:
        """Run a method of the screen in its thread and return what it returns, stopping
        the flow if the screen has closed or the person has interrupted."""
        if self.closed.is_set():
            raise Quit("quit_closed", EXIT_ABANDONED)
        if self.stopping.is_set():
            raise Quit("quit_interrupted", EXIT_INTERRUPTED)
        assert self.app is not None
        try:
            return self.app.call_from_thread(method, *args)
        except RuntimeError:
            # The screen closed while the flow was drawing on it.
            if self.closed.is_set() or not self.app.is_running:
                raise Quit("quit_closed", EXIT_ABANDONED) from None
            raise

    def _answer(self, ticket: int) -> object:
        """Wait for the person's answer to question `ticket` (dropping answers to earlier
        ones)."""
        while True:
            answer = self.answers.get()
            if isinstance(answer, Stop):
                raise Quit(answer.key, answer.code)
            number, given = answer
            if number == ticket:
                return given

    def picture(self, session: Session) -> Picture:
        """Return what the seat at the keyboard sees now."""
        state, seat, lang = session.state, session.seat, session.lang
        title = say(lang, "you_are", title=state.game.info.title, name=session.my_name)
        played = say(lang, "played", count=session.decisions)
        log = tuple(state.log_text(seat, lang))
        # A take-back shortens the log: what follows it is new again.
        return Picture(f"{title}  ·  {played}",
                       state.game.render_view(state.view(seat), lang),
                       log, min(self.marks.get(seat, 0), len(log)))

    def hand_over(self, session: Session, seat: int) -> str:
        """Empty every pane, cover the screen and wait until the person at `seat` is
        ready."""
        assert self.app is not None
        name = seat_name(session.state.game, seat, session.lang)
        ticket = self._call(self.app.cover, say(session.lang, "pass", name=name))
        answer = self._answer(ticket)
        assert isinstance(answer, str)
        return answer

    def show_turn(self, session: Session, prompt: str, labels: Sequence[str]) -> None:
        """Draw the seat's board, log and new events, and the numbered choices."""
        assert self.app is not None
        self._call(self.app.show_turn, self.picture(session), prompt, tuple(labels),
                   session.asks_sum(), session.take_back_offered())

    def show_forced(self, session: Session, prompt: str, label: str) -> None:
        """Draw the seat's screen and say which only choice is played."""
        assert self.app is not None
        only = say(session.lang, "only", prompt=prompt, label=label)
        self._call(self.app.show_forced, self.picture(session), only)

    def choose(self, session: Session, prompt: str, labels: Sequence[str]) -> Answer:
        """Wait for a choice (its index, or the decisions of a typed sum), a take-back, or
        None if the person asks to leave."""
        assert self.app is not None
        answer = self._answer(self._call(self.app.ask_choice))
        if answer is None or isinstance(answer, TakeBack):
            return answer
        assert isinstance(answer, (int, tuple))
        self.marks[session.seat] = len(session.state.log_text(session.seat, session.lang))
        return answer

    def confirm(self, session: Session, question: str) -> bool:
        """Ask the question in a box over the screen; only a yes is a yes."""
        assert self.app is not None
        answer = self._answer(self._call(self.app.confirm, question))
        assert isinstance(answer, str)
        return is_yes(session.lang, answer)

    def note(self, session: Session, text: str) -> None:
        """Show the text for a moment."""
        assert self.app is not None
        self._call(self.app.note, text)

    def moved(self, session: Session, player: int) -> None:
        """Draw the decision just made (a bot's as it happens) for the seat at the keyboard,
        once someone is known to sit there."""
        assert self.app is not None
        if session.handed_over:
            self._call(self.app.show_moves, self.picture(session))

    def thinking(self, session: Session, seat: Thinking) -> None:
        """Nothing to do here: the screen reads `session.thinking` on its own clock."""

    def finish(self, session: Session) -> None:
        """Draw the final board and the result; wait until the person leaves."""
        assert self.app is not None
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
        ticket = self._call(self.app.show_final, picture, result)
        # Any answer, even Ctrl-C or the screen closing, leaves a game that is over.
        with contextlib.suppress(Quit):
            self._answer(ticket)


class Cover(Screen[None]):
    """The screen between two people's turns at a hot seat: it shows nothing of the game."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "ready", "ready"),
        Binding("q", "leave", "leave"),
    ]

    def __init__(self, text: str, give: Callable[[str], None]) -> None:
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
    """A yes-or-no question over the screen (leaving the game): the first key answers it,
    and the keys after it in a burst go nowhere."""

    def __init__(self, question: str, give: Callable[[str], None]) -> None:
        super().__init__()
        self.question = question
        self.give = give
        self.answered = False

    def compose(self) -> ComposeResult:
        """Lay out the question in a box."""
        with Vertical(id="question-box"):
            yield Static(Text(self.question, style="bold"), id="question")

    def on_key(self, event: events.Key) -> None:
        """Take a letter as the answer (y, s, t or yes-like letters of any language), Esc
        and Enter as a no; keep every key from reaching the screen beneath."""
        event.stop()
        if event.character and event.character.isalpha():
            self.action_answer(event.character)
        elif event.key in ("escape", "enter"):
            self.action_answer("n")

    def action_answer(self, answer: str) -> None:
        """Hand the first answer to the flow and close the box."""
        if self.answered:
            return
        self.answered = True
        self.give(answer)
        if self.app.screen is self:
            self.dismiss()


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
    #top.-narrow #left { width: 1fr; }
    #top.-narrow #side { display: none; margin-left: 0; }
    #top.-narrow #board-pane { overflow: hidden hidden; }
    #top.-narrow #board { width: 1fr; height: auto; }
    #top.-narrow.-events #left, #top.-narrow.-log #left { display: none; }
    #top.-narrow.-events #side, #top.-narrow.-log #side { display: block; width: 1fr; }
    #top.-narrow.-events #log-pane { display: none; }
    #top.-narrow.-log #events-pane { display: none; }
    #top.-narrow #events-pane, #top.-narrow #log-pane { height: 1fr; }
    #help-search { border: none; height: 1; padding: 0 1; }
    #help-body { height: 1fr; }
    #topics { width: 1fr; max-width: 28; border: none; }
    #topic-pane { width: 2fr; }
    #events-pane { height: 3fr; }
    #log-pane { height: 2fr; }
    #choices-pane { height: 9; }
    #prompt { height: auto; }
    #choices { height: 1fr; border: none; }
    #typed { height: auto; }
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
        Binding("u", "take_back", "take back"),
        Binding("question_mark", "help", "help"),
        Binding("escape", "close_help", "back"),
        Binding("enter", "enter", "play"),
        Binding("b", "look('board-pane')", "board"),
        Binding("e", "look('events-pane')", "events"),
        Binding("l", "look('log-pane')", "log"),
        Binding("c", "look('choices')", "choices"),
        Binding("left", "page(-1)", "page", show=False),
        Binding("right", "page(1)", "page", show=False),
    ]

    def __init__(self, session: Session, front: FullScreen) -> None:
        super().__init__()
        self.session = session
        self.front = front
        front.app = self
        self.lang = session.lang
        self.colours = seat_colours(session.state.game, session.lang)
        self.topic_texts = dict(session.topics())
        self.topic_names = list(self.topic_texts)
        self.waiting = ""
        """What the screen waits for: "choice", "ready", "confirm", "over" or nothing."""
        self.ticket = 0
        """The number of the question asked last (see `FullScreen`)."""
        self.asked = 0
        """How many times a choice has been asked for (a new question has a new number)."""
        self.typed = ""
        """What the person has typed for the choice asked: only Enter plays it."""
        self.moved = False
        """Whether the person moved the highlight with the keys since typing: Enter then
        plays the highlighted choice."""
        self.count = 0
        self.sums = False
        """Whether a sum may be typed for the choice asked (a bribe, say)."""
        # What the event and log panes hold, so that a bot's decision only adds its lines.
        self.written: tuple[str, ...] = ()
        self.written_from = 0
        self.last: Picture | None = None
        self.narrow = False
        """Whether the screen is narrower than `WIDE`: one pane for the board, the events
        and the log, the board in pages."""
        self.view = "board"
        """What that one pane shows: "board", "events" or "log"."""
        self.page = 0
        """The page of the board shown on a narrow screen."""
        self.pages: list[list[str]] = [[]]
        self.choice_rows = 9
        """The rows of the choices pane (set for each question)."""
        self.told = ""
        """A note to show beside the next question (a take-back done, say)."""

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
                        yield PagedList(*self.topic_options(self.topic_names),
                                        id="topics")
                        with ScrollableContainer(id="topic-pane"):
                            yield Static(id="topic")
            with Vertical(id="side"):
                yield RichLog(id="events-pane", classes="pane", wrap=True, min_width=10)
                yield RichLog(id="log-pane", classes="pane", wrap=True, min_width=10)
        with Vertical(id="choices-pane", classes="pane"):
            yield Static(id="prompt")
            yield Choices(self.moved_to, self.enter_choice, self.clicked, id="choices")
            yield Static(id="typed")
        yield Static(id="keys")

    def on_mount(self) -> None:
        """Name the panes and start the game's flow in its own thread."""
        titles = {"board-pane": "board", "help-pane": "help_pane", "events-pane": "events",
                  "log-pane": "log", "choices-pane": "choices"}
        for pane, word in titles.items():
            self.query_one(f"#{pane}").border_title = say(self.lang, word)
        self.fit(self.size.width, self.size.height)
        self.set_interval(TICK, self.tick)
        threading.Thread(target=self.flow, name="tavola-flow", daemon=True).start()

    def tick(self) -> None:
        """Say which bot is thinking and for how long, while one is (never a screen that
        looks frozen behind a slow bot); quick decisions are not flashed on the screen."""
        seat = self.session.thinking
        if seat is None or not self.on_board() or self.waiting == "choice":
            return
        now = time.monotonic()
        if now - seat.start < TICK:
            return
        name = seat_name(self.session.state.game, seat.seat, self.lang)
        line = painted(seat.line(name, self.lang, now), self.colours, "italic")
        self.query_one("#typed", Static).update(line)

    def on_resize(self, event: events.Resize) -> None:
        """Keep the help panel open on tall screens; wrap the logs' lines anew."""
        self.fit(event.size.width, event.size.height)
        if self.last is not None:
            self.clear_logs()
            self.call_after_refresh(self.draw, self.last)

    def fit(self, width: int, height: int) -> None:
        """Set the layout for a screen of `width` columns and `height` rows: from `WIDE`
        columns the board as wide as the games draw it (80 columns) beside the logs; on a
        narrower screen one pane, the board in pages."""
        top = self.query_one("#top")
        self.narrow = width < WIDE
        # A narrow screen's one pane is the board's pages' own: the help comes on request.
        top.set_class(height >= TALL and not self.narrow, "-tall")
        top.set_class(self.narrow, "-narrow")
        top.set_class(self.narrow and self.view == "events", "-events")
        top.set_class(self.narrow and self.view == "log", "-log")
        self.query_one("#left").styles.width = (
            "1fr" if self.narrow else min(84, max(width * 62 // 100, width - 38)))
        legend = say(self.lang, "keys_small" if self.narrow else "keys")
        self.query_one("#keys", Static).update(Text(legend))
        self.show_board()

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

    def cover(self, text: str) -> int:
        """Empty every pane and cover the screen until the next person is ready; return
        the question's ticket."""
        for name in ("heading", "board", "prompt", "typed"):
            self.query_one(f"#{name}", Static).update("")
        self.clear_logs()
        self.last = None
        self.query_one("#choices", OptionList).clear_options()
        self.uncover()
        ticket = self.ask("ready")
        self.push_screen(Cover(text, functools.partial(self.give, "ready")))
        return ticket

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
        self.show_board()

    # -- the board in pages (a narrow screen) ------------------------------------------

    def board_rows(self) -> int:
        """Return the rows of board the board pane shows under its title."""
        return max(1, self.size.height - 2 - self.choice_rows - 1)

    def show_board(self) -> None:
        """Draw the board: whole on a wide screen; on a narrow one the page asked for (cut
        to the pane's rows), with where it is among the pages in the pane's title."""
        if self.last is None:
            self.query_one("#board", Static).update("")
            return
        board = self.last.board
        pane = self.query_one("#board-pane")
        title = say(self.lang, "board")
        if self.narrow:
            self.pages = pages(board, self.board_rows(), max(self.size.width, 20))
            self.page = min(self.page, len(self.pages) - 1)
            board = "\n".join(self.pages[self.page])
            new = len(self.last.log) - self.last.new_from
            title = say(self.lang, "board_page", page=self.page + 1, pages=len(self.pages))
            if new:
                title += " · " + say(self.lang, "new_events", count=new)
        pane.border_title = title
        static = self.query_one("#board", Static)
        static.update(painted(board, self.colours, no_wrap=True))
        # The page's own height: a size measured for an earlier page is not kept.
        static.styles.height = len(board.splitlines()) or 1 if self.narrow else "auto"

    def show_view(self, view: str) -> None:
        """Show the board, the new events or the log in the one pane of a narrow screen."""
        self.view = view
        top = self.query_one("#top")
        top.set_class(self.narrow and view == "events", "-events")
        top.set_class(self.narrow and view == "log", "-log")
        if self.narrow and view in ("events", "log"):
            # A log written while hidden is laid out when shown: show its newest lines.
            pane = self.query_one(f"#{view}-pane", RichLog)
            self.call_after_refresh(pane.scroll_end, animate=False)

    def action_page(self, step: int) -> None:
        """Flip the pane of a narrow screen: the new events, the board's pages, the log."""
        if not self.on_board() or not self.narrow or isinstance(self.focused, Input):
            return
        spots = ["events", *(f"board{n}" for n in range(len(self.pages))), "log"]
        here = spots.index(f"board{self.page}" if self.view == "board" else self.view)
        spot = spots[max(0, min(len(spots) - 1, here + step))]
        self.query_one("#top").remove_class("-help")
        if spot.startswith("board"):
            self.page = int(spot.removeprefix("board"))
            self.show_view("board")
            self.show_board()
        else:
            self.show_view(spot)

    def show_turn(self, picture: Picture, prompt: str, labels: tuple[str, ...],
                  sums: bool = False, take_back: bool = False) -> None:
        """Draw the seat's screen and the numbered choices (`sums`: a sum may be typed;
        `take_back`: the person's last decision may be taken back, as u offers)."""
        self.uncover()
        self.draw(picture)
        self.query_one("#prompt", Static).update(painted(prompt, self.colours, "bold yellow"))
        width = len(str(len(labels)))
        options = self.query_one("#choices", OptionList)
        options.clear_options()
        options.add_options([Option(painted(f"{n:>{width}}) {label}", self.colours))
                             for n, label in enumerate(labels, 1)])
        # Nothing is highlighted until the person types a number or moves to a choice.
        options.highlighted = None
        self.fit_choices(prompt, labels)
        if take_back:
            pane = self.query_one("#choices-pane")
            pane.border_title = f"{pane.border_title} · {say(self.lang, 'take_back_offered')}"
        self.count = len(labels)
        self.sums = sums
        self.typed = ""
        self.moved = False
        self.show_typed(Text(self.told, style="green") if self.told else None)
        self.told = ""

    def fit_choices(self, prompt: str, labels: Sequence[str]) -> None:
        """Give the choices pane the rows it needs: the question and at least `SHOWN`
        choices (their labels wrapped, never cut), more up to nearly half the screen,
        leaving the board its title and a line."""
        width, height = max(self.size.width, 20), self.size.height
        number = len(str(len(labels)))
        rows = [self.rows(f"{n:>{number}}) {label}", width - 4)
                for n, label in enumerate(labels, 1)]
        # The pane's title, the question, and the line of what is typed.
        around = 1 + self.rows(prompt, width) + 1
        least, whole = around + sum(rows[:SHOWN]), around + sum(rows)
        most = max(5, height - 2 - BOARD_ROWS)
        self.choice_rows = min(most, max(least, min(whole, height * 9 // 20), 7))
        pane = self.query_one("#choices-pane")
        pane.styles.height = self.choice_rows
        pane.border_title = say(self.lang, "choices")
        if whole > self.choice_rows:
            pane.border_title += " · " + say(self.lang, "more_choices", count=len(labels))
        self.show_board()

    def rows(self, text: str, width: int) -> int:
        """Return the rows `text` takes wrapped at `width` columns."""
        return len(Text(text).wrap(self.console, max(width, 10)))

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

    def ask(self, waiting: str) -> int:
        """Wait for an answer of kind `waiting`; return the new question's ticket."""
        self.ticket += 1
        self.waiting = waiting
        return self.ticket

    def ask_choice(self) -> int:
        """Wait for the person to pick a choice; return the question's ticket."""
        self.asked += 1
        if not isinstance(self.focused, Input):
            self.query_one("#choices", OptionList).focus()
        return self.ask("choice")

    def confirm(self, question: str) -> int:
        """Ask a yes-or-no question in a box over the screen; return its ticket."""
        ticket = self.ask("confirm")
        self.push_screen(Confirm(question, functools.partial(self.give, "confirm")))
        return ticket

    def note(self, text: str) -> None:
        """Show a short message (again beside the next question, if one comes first)."""
        self.told = text
        self.query_one("#typed", Static).update(Text(text, style="green"))
        self.toast(text)

    def toast(self, text: str) -> None:
        """Show a message for a moment in a corner of a wide screen (on a narrow one it
        would cover the choices; the line under them says it there)."""
        if not self.narrow:
            self.notify(text, timeout=3)

    def show_final(self, picture: Picture, result: Group) -> int:
        """Draw the final board, the last events and the result; wait for a key (return
        the question's ticket)."""
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
        self.choice_rows = min(rows, self.size.height * 3 // 5)
        pane.styles.height = self.choice_rows
        self.show_board()
        self.query_one("#keys", Static).update(Text(say(self.lang, "leave_end")))
        return self.ask("over")

    # -- the person's keys ---------------------------------------------------------------
    #
    # Keys may arrive in a burst (a slow link delivers several at once), so every handler
    # checks what the screen waits for at the moment the key is handled, and a choice is
    # played only by an explicit selection: a valid number typed then Enter, Enter on a
    # choice the person moved to with the arrow keys, or a click on a choice.

    def give(self, kind: str, answer: object) -> None:
        """Hand the answer to the question of `kind` asked last to the flow, once; nothing
        more is taken until it asks again."""
        if self.waiting != kind:
            return
        self.waiting = ""
        self.front.answers.put((self.ticket, answer))

    def on_board(self) -> bool:
        """Return whether the board's screen is the one shown (no cover, no question box)."""
        return self.screen is self.default_screen

    def show_typed(self, message: Text | None = None) -> None:
        """Show what is typed so far, with a message about it."""
        line = Text(say(self.lang, "choice", count=self.count) + self.typed, style="bold")
        if message is not None:
            line.append("  ").append_text(message)
        self.query_one("#typed", Static).update(line)

    def hint(self) -> str:
        """Return what may be typed for the choice asked."""
        return say(self.lang, "screen_sum_hint" if self.sums else "screen_hint",
                   count=self.count)

    def refuse(self, key: str, **args: object) -> None:
        """Show why what is typed (kept on the line) plays nothing."""
        self.show_typed(Text(say(self.lang, key, hint=self.hint(), **args), style="red"))

    def on_key(self, event: events.Key) -> None:
        """Take a number (or a sum where one is asked) as it is typed; a key that has no
        other use is kept in what is typed, which then is no choice, and shown refused
        until the next key, which starts what is typed over."""
        if not self.on_board() or isinstance(self.focused, Input):
            return
        character = event.character or ""
        if self.query_one("#top").has_class("-help"):
            # Typed right after ?, before the search has the keyboard: it is a search.
            if (len(character) == 1 and character.isprintable() and character != "?"
                    and isinstance(self.focused, Choices)):
                event.stop()
                self.query_one("#help-search", Input).insert_text_at_cursor(character)
            return
        if self.waiting != "choice" or event.key in BOUND:
            return
        # A space only separates the thousands of a sum; elsewhere it is no key at all.
        kept = character.isprintable() and (not character.isspace()
                                            or (character == " " and self.sums
                                                and bool(self.typed)))
        if event.key == "backspace":
            self.typed = self.typed[:-1]
        elif len(character) == 1 and kept:
            # What was refused stays on the line until the next key, which starts it over
            # when nothing typed after it could make it a choice or a sum.
            start = self.typed if self.can_grow(self.typed) else ""
            self.typed = (start + character)[-MAX_TYPED:]
        else:
            return
        event.stop()
        self.moved = False
        self.check_typed()

    def check_typed(self) -> None:
        """Highlight the choice the number typed names; say at once when what is typed
        cannot become a choice (a sum is judged only when Enter names it)."""
        options = self.query_one("#choices", OptionList)
        if self.is_choice(self.typed):
            options.highlighted = int(self.typed) - 1
            self.show_typed()
            return
        options.highlighted = None
        text = self.typed
        if not self.dead_end(text):
            self.show_typed()
        elif text.isdigit():
            self.refuse("not_choice", number=text)
        else:
            self.refuse("not_number", text=quote(text, 24))

    def can_grow(self, text: str) -> bool:
        """Return whether keys typed after `text` could make it a choice or a sum: it is not
        refused, or it is a sum's digits and separators whose last group is still short
        ("155,0" on the way to "155,000")."""
        return not self.dead_end(text) or (
            self.sums and all(c.isdigit() or c in SEPARATORS for c in text))

    def dead_end(self, text: str) -> bool:
        """Return whether `text` is refused as it is typed: neither a choice, nor empty, nor
        (where a sum is asked) a sum so far."""
        return not (not text or self.is_choice(text)
                    or (self.sums and parse_sum(text.rstrip(SEPARATORS)) is not None))

    def is_choice(self, text: str) -> bool:
        """Return whether `text` is the number of a choice (digits only, no leading 0)."""
        return (text.isdigit() and not text.startswith("0") and len(text) <= MAX_NUMBER
                and 1 <= int(text) <= self.count)

    def moved_to(self) -> None:
        """Note that the person moved the highlight with the keys: Enter now plays it."""
        if self.waiting != "choice":
            return
        highlighted = self.query_one("#choices", OptionList).highlighted
        self.typed = ""
        self.moved = highlighted is not None
        if highlighted is None:
            self.show_typed()
        else:
            self.show_typed(Text(say(self.lang, "enter_plays", number=highlighted + 1),
                                 style="cyan"))

    def enter_choice(self) -> None:
        """Play what Enter names: the number or sum typed, else the choice moved to with
        the keys; anything else plays nothing and says why."""
        if self.waiting != "choice" or not self.on_board():
            return
        text = self.typed.strip()
        if self.is_choice(text):
            self.play_choice(int(text) - 1)
        elif text and self.sums and parse_sum(text) is not None:
            path = self.session.typed_sum(text)
            if path:
                self.play_choice(path)
            else:
                self.refuse("no_sum" if path is not None else "not_number",
                            text=quote(text, 24))
        elif text:
            self.check_typed()
        else:
            highlighted = self.query_one("#choices", OptionList).highlighted
            if self.moved and highlighted is not None and highlighted < self.count:
                self.play_choice(highlighted, say(self.lang, "chose_highlighted",
                                                  number=highlighted + 1))
            else:
                self.refuse("nothing")

    def clicked(self, index: int) -> None:
        """Play the choice clicked."""
        if self.waiting == "choice" and self.on_board() and 0 <= index < self.count:
            self.play_choice(index)

    def play_choice(self, choice: Choice, said: str = "") -> None:
        """Hand the choice to the flow and wait for the others (saying `said` first)."""
        self.query_one("#choices", OptionList).clear_options()
        self.typed = ""
        self.moved = False
        waiting = say(self.lang, "waiting")
        self.query_one("#typed", Static).update(
            Text(f"{said} {waiting}" if said else waiting, style="dim"))
        if said:
            # The line goes with the next question, which says it again beside it.
            self.told = said
            self.toast(said)
        self.give("choice", choice)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """Show a help topic picked."""
        self.topic_event(event)

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        """Show the help topic under the cursor."""
        self.topic_event(event)

    def topic_event(self, event: OptionList.OptionMessage) -> None:
        """Show the help topic an event of the list of topics names, unless a search has
        changed the list since (keys typed in a burst)."""
        topics = event.option_list
        if topics.id == "topics" and topics.highlighted_option is event.option:
            self.show_topic(event.option.id)

    def action_enter(self) -> None:
        """Play what Enter names (when the choices are not focused), or leave a game that
        is over."""
        if self.waiting == "over":
            self.give("over", "")
        else:
            self.enter_choice()

    def action_leave(self) -> None:
        """Ask to leave (the session asks to confirm and saves), or leave a game that is
        over."""
        if self.waiting == "choice" and self.on_board():
            self.give("choice", None)
        elif self.waiting == "over":
            self.give("over", "")

    def action_take_back(self) -> None:
        """Ask to take back the person's last decision (the session judges it by the rules'
        policy and says why not when it may not)."""
        if self.waiting == "choice" and self.on_board():
            self.typed = ""
            self.moved = False
            self.give("choice", TAKE_BACK)

    def action_interrupt(self) -> None:
        """Stop the game now, as Ctrl-C does in the line mode."""
        if self.waiting == "over":
            self.give("over", "")
            return
        self.front.stopping.set()
        self.waiting = ""
        self.front.answers.put(Stop("quit_interrupted", EXIT_INTERRUPTED))

    def action_look(self, pane: str) -> None:
        """Move the keyboard to a pane, to scroll it; on a narrow screen show the board, the
        events or the log in the one pane first."""
        if not self.on_board():
            return
        if self.narrow and not self.query_one("#top").has_class("-help"):
            views = {"board-pane": "board", "events-pane": "events", "log-pane": "log"}
            self.show_view(views.get(pane, self.view))
            if pane == "board-pane":
                # The board has no scrolling there: its pages are flipped with ←/→.
                self.query_one("#choices").focus()
                return
        self.query_one(f"#{pane}").focus()

    def action_help(self) -> None:
        """Open the help panel (or close it where it stays only on request)."""
        if not self.on_board():
            return
        top = self.query_one("#top")
        if top.has_class("-help") and isinstance(self.focused, Input):
            top.remove_class("-help")
            self.query_one("#choices").focus()
            return
        # On a narrow screen the help takes the board's place.
        self.show_view("board")
        top.add_class("-help")
        search = self.query_one("#help-search", Input)
        search.clear()
        search.focus()

    def action_close_help(self) -> None:
        """Close the help panel and go back to the choices; with the choices in view,
        forget what is typed."""
        if not self.on_board():
            return
        top = self.query_one("#top")
        if top.has_class("-help") or not isinstance(self.focused, Choices):
            top.remove_class("-help")
            self.query_one("#choices").focus()
        elif self.waiting == "choice" and self.typed:
            self.typed = ""
            self.check_typed()

    # -- help --------------------------------------------------------------------------

    def topic_options(self, names: Sequence[str]) -> list[Option]:
        """Return the list entries of help topics, each knowing its topic (a burst of
        keys can make the list change before the entry's events arrive)."""
        return [Option(Text(name), id=f"topic-{self.topic_names.index(name)}")
                for name in names]

    def on_input_changed(self, event: Input.Changed) -> None:
        """List the topics the search names, and show the first."""
        found = (matching_topics(self.topic_texts, event.value) if event.value.strip()
                 else self.topic_names)
        topics = self.query_one("#topics", OptionList)
        topics.clear_options()
        topics.add_options(self.topic_options(found))
        if found:
            topics.highlighted = 0
        else:
            self.query_one("#topic", Static).update(
                Text(say(self.lang, "no_topic", text=quote(event.value.strip(), 24))
                     + " " + ", ".join(self.topic_texts), style="red"))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Move to the list of topics found."""
        self.query_one("#topics", OptionList).focus()

    def show_topic(self, option: str | None) -> None:
        """Show what the help topic of a list entry explains."""
        number = option.removeprefix("topic-") if option is not None else ""
        if not number.isdigit() or int(number) >= len(self.topic_names):
            return
        name = self.topic_names[int(number)]
        topic = Text(name, style="bold cyan")
        topic.append("\n").append_text(painted(self.topic_texts[name], self.colours))
        self.query_one("#topic", Static).update(topic)


class PagedList(OptionList):
    """An option list whose Page Up and Page Down wait for its first layout: until the list
    has room on the screen Textual has not worked out its lines, and paging it then (a key
    pressed as a pane opens, a held key) raised KeyError and stopped the program. Before
    that, paging leaves the highlight where it is."""

    def _move_page(self, direction: Literal[-1, 1]) -> None:
        if self.highlighted is not None and self.highlighted not in self._index_to_line:
            return
        super()._move_page(direction)


class Choices(PagedList):
    """The numbered choices. Enter and a click go to the screen's rules for playing a
    choice instead of selecting the highlighted entry, and moving the highlight with the
    keys is told to the screen (Enter then plays that choice)."""

    def __init__(self, moved: Callable[[], None], enter: Callable[[], None],
                 clicked: Callable[[int], None], id: str) -> None:
        super().__init__(id=id)
        self.moved = moved
        self.enter = enter
        self.clicked = clicked

    def action_select(self) -> None:
        """Hand Enter to the screen."""
        self.enter()

    def on_click(self, event: events.Click) -> None:
        """Hand the choice clicked to the screen."""
        event.prevent_default()
        option = event.style.meta.get("option")
        if isinstance(option, int):
            self.clicked(option)

    def action_cursor_up(self) -> None:
        """Move the highlight up, and say so."""
        super().action_cursor_up()
        self.moved()

    def action_cursor_down(self) -> None:
        """Move the highlight down, and say so."""
        super().action_cursor_down()
        self.moved()

    def action_first(self) -> None:
        """Move the highlight to the first choice, and say so."""
        super().action_first()
        self.moved()

    def action_last(self) -> None:
        """Move the highlight to the last choice, and say so."""
        super().action_last()
        self.moved()

    def action_page_up(self) -> None:
        """Move the highlight a page up, and say so."""
        super().action_page_up()  # type: ignore[no-untyped-call]  # unannotated in Textual
        self.moved()

    def action_page_down(self) -> None:
        """Move the highlight a page down, and say so."""
        super().action_page_down()  # type: ignore[no-untyped-call]  # unannotated in Textual
        self.moved()
