"""The full screen's keys: a choice is played only by an explicit, valid selection, and no
key, order or burst of keys (as a slow link delivers them) raises, at any screen."""

from __future__ import annotations

import io
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import pexpect
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from textual import events
from textual.app import App, ComposeResult
from textual.pilot import Pilot
from textual.widgets import OptionList

from tavola.cli.play import Quit
from tavola.cli.tui import Choices, Confirm, PagedList, PlayApp
from tavola.core import Record
from tests.aio import run_async
from tests.cli.test_tui import (
    ANSI,
    ROOT,
    SMALL,
    WAIT,
    Table,
    choose,
    environment,
    flat,
    pane_text,
    play_out,
    press,
    screen_text,
    table,
    until,
)

pytestmark = pytest.mark.usefixtures("toys")

CHARACTERS = {"enter": "\r", "escape": "\x1b", "question_mark": "?", "backspace": "\x08",
              "tab": "\t", "space": " ", "ctrl+c": "\x03", "ctrl+q": "\x11"}


def burst(app: PlayApp, *keys: str) -> None:
    """Deliver keys all at once, as a terminal behind a slow link does: none is handled
    before the last has arrived."""
    for key in keys:
        app.post_message(events.Key(key, CHARACTERS.get(key, key if len(key) == 1 else None)))


def typed_line(app: PlayApp) -> str:
    """Return the line under the choices: what is typed and what is said about it."""
    return flat(str(app.query_one("#typed").render()))


def assert_no_fault(played: Table) -> None:
    """Check the game's flow stopped only as a game stops: over, left, interrupted or
    with its screen closed (as a test's screen closes at its end)."""
    outcome = played.front.outcome
    assert outcome is None or isinstance(outcome, Quit), outcome


async def settle(pilot: Pilot[None]) -> None:
    """Let every key delivered be handled and the flow answer it."""
    for _ in range(3):
        await pilot.pause(0.05)


# -- nothing is played but what the person selects ------------------------------------------

@pytest.mark.parametrize("keys, said", [
    (("4",), "Your choice [1-3]: 4 4 is not a choice: type a number from 1 to 3"),
    (("x",), "Your choice [1-3]: x 'x' is not a number: type a number from 1 to 3"),
    (("2", "k"), "Your choice [1-3]: 2k '2k' is not a number"),
    (("1", "0"), "Your choice [1-3]: 10 10 is not a choice"),
    ((), "Your choice [1-3]: Nothing typed: type a number from 1 to 3, or pick one with "
         "↑/↓; then Enter."),
])
def test_enter_after_anything_but_a_choice_plays_nothing_and_keeps_what_was_typed(
        keys: tuple[str, ...], said: str) -> None:
    played = table("toy", 2, seed=1)

    async def run() -> None:
        app = played.app
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, "choice")
            await press(app, *keys, "enter")
            await settle(pilot)
            assert said in typed_line(app)
            await press(app, "enter", "enter")
            await settle(pilot)
            assert said in typed_line(app)
            assert app.waiting == "choice" and app.asked == 1
            assert played.session.decisions == 0
            assert app.query_one("#choices").highlighted is None

    run_async(run())


def test_backspace_mends_what_was_typed_and_a_valid_number_then_enter_plays_it() -> None:
    played = table("toy", 2, seed=1)

    async def run() -> None:
        app = played.app
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, "choice")
            await press(app, "7", "enter")
            await settle(pilot)
            assert "7 is not a choice" in typed_line(app)
            await press(app, "backspace", "3")
            await settle(pilot)
            assert app.query_one("#choices").highlighted == 2
            assert "not" not in typed_line(app)
            await press(app, "enter")
            await until(pilot, "choice", after=1)

    run_async(run())
    assert played.session.record.actions[0] == (0, "bid:3")


@pytest.mark.parametrize("refused", [("9",), ("x",), ("2", "k"), ("0",)])
def test_a_key_after_a_refusal_starts_what_is_typed_over(refused: tuple[str, ...]) -> None:
    # Nothing typed after a refused text could make it a choice: the next key starts over
    # (it was appended: "2k" then "3" read "2k3", refused again).
    played = table("toy", 2, seed=1)

    async def run() -> None:
        app = played.app
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, "choice")
            await press(app, *refused)
            await settle(pilot)
            assert "not" in typed_line(app)
            await press(app, "3")
            await settle(pilot)
            assert app.typed == "3" and "not" not in typed_line(app)
            assert app.query_one("#choices").highlighted == 2
            await press(app, "enter")
            await until(pilot, "choice", after=1)

    run_async(run())
    assert played.session.record.actions[0] == (0, "bid:3")


def test_escape_forgets_what_was_typed() -> None:
    played = table("toy", 2, seed=1)

    async def run() -> None:
        app = played.app
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, "choice")
            await press(app, "9", "x", "escape")
            await settle(pilot)
            assert app.typed == "" and typed_line(app) == "Your choice [1-3]:"
            await choose(app, 1)
            await until(pilot, "choice", after=1)

    run_async(run())
    assert played.session.record.actions[0] == (0, "bid:1")


def test_enter_plays_the_choice_moved_to_with_the_arrows_and_says_so() -> None:
    played = table("toy", 2, seed=1)

    async def run() -> None:
        app = played.app
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, "choice")
            await press(app, "down", "down")
            await settle(pilot)
            assert "Enter plays choice 2." in typed_line(app)
            await press(app, "enter")
            await until(pilot, "choice", after=1)
            # Said beside the next question (no toast over the choices at 80x24).
            assert "You chose 2, the highlighted choice." in typed_line(app)

    run_async(run())
    assert played.session.record.actions[0] == (0, "bid:2")


def test_typing_after_moving_takes_the_number_typed() -> None:
    played = table("toy", 2, seed=1)

    async def run() -> None:
        app = played.app
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, "choice")
            await press(app, "down", "3", "enter")
            await until(pilot, "choice", after=1)

    run_async(run())
    assert played.session.record.actions[0] == (0, "bid:3")


def test_a_second_enter_in_a_burst_does_not_answer_the_next_question() -> None:
    played = table("toy", 2, seed=1)

    async def run() -> None:
        app = played.app
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, "choice")
            burst(app, "2", "enter", "enter", "enter", "1", "enter")
            await until(pilot, "choice", after=1)
            await settle(pilot)
            assert app.waiting == "choice" and app.asked == 2

    run_async(run())
    assert [a for p, a in played.session.record.actions if p == 0] == ["bid:2"]


def test_the_italian_screen_refuses_in_italian() -> None:
    played = table("toy", 2, seed=1, lang="it")

    async def run() -> None:
        app = played.app
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, "choice")
            await press(app, "4", "enter")
            await settle(pilot)
            assert "4 non è tra le scelte: scrivi un numero da 1 a 3" in typed_line(app)
            await press(app, "backspace", "down", "enter")
            await until(pilot, "choice", after=1)

    run_async(run())
    assert played.session.record.actions[0] == (0, "bid:1")


# -- bursts of keys ----------------------------------------------------------------------------

def test_help_then_a_search_typed_in_one_burst_does_not_fail() -> None:
    # "k" leaves some topics, "kx" none: the list changes under its own events.
    played = table("notre-dame", 3, seed=4)

    async def run() -> None:
        app = played.app
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, "choice")
            await press(app, "question_mark")
            await settle(pilot)
            burst(app, "k", "x")
            await settle(pilot)
            assert "No help topic matches 'kx'" in flat(pane_text(app, "topic"))
            await press(app, "escape")
            await settle(pilot)
            # Keys typed with the ? that opens the help, before it has the keyboard, search.
            burst(app, "question_mark", "b", "a", "n")
            await settle(pilot)
            assert flat(pane_text(app, "topic")).startswith("Bank A sector")
            assert app.typed == ""
            await press(app, "escape")
            await settle(pilot)
            await choose(app, 1)
            await until(pilot, "choice", after=1)

    run_async(run())
    assert_no_fault(played)


def test_quit_then_no_in_one_burst_plays_on() -> None:
    played = table("notre-dame", 3, seed=4)

    async def run() -> None:
        app = played.app
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, "choice")
            await press(app, "q")
            await until(pilot, "confirm")
            burst(app, "n", "o")
            await until(pilot, "choice", after=1)
            await settle(pilot)
            assert "Playing on." in screen_text(app)
            assert not isinstance(app.screen, Confirm)

    run_async(run())
    assert_no_fault(played)
    assert played.session.decisions == 0


@pytest.mark.parametrize("key", ["escape", "enter", "n", "x"])
def test_the_quit_box_takes_escape_enter_and_any_letter_but_yes_as_no(key: str) -> None:
    played = table("toy", 2, seed=1)

    async def run() -> None:
        app = played.app
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, "choice")
            await press(app, "q")
            await until(pilot, "confirm")
            await press(app, key)
            await until(pilot, "choice", after=1)
            await settle(pilot)
            assert not isinstance(app.screen, Confirm)

    run_async(run())
    assert played.session.decisions == 0


def test_mashing_quit_letters_escape_and_enter_does_not_fail() -> None:
    played = table("notre-dame", 3, seed=4)

    async def run() -> None:
        app = played.app
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, "choice")
            for _ in range(5):
                burst(app, "q", "n", "o", "x", "escape", "enter", "q", "enter", "k",
                      "question_mark", "enter", "escape", "q", "n")
                await settle(pilot)

    run_async(run())
    assert_no_fault(played)


KEYS = ["1", "2", "3", "4", "0", "9", "q", "y", "n", "s", "t", "x", "k", "b", "e", "l",
        "c", ",", ".", "space", "question_mark", "escape", "enter", "backspace", "up", "down",
        "tab", "home", "pagedown", "u", "left", "right"]
"""The keys the bursts are made of (Ctrl-C, which ends the game, is added separately)."""


async def reach(pilot: Pilot[None], place: str) -> None:
    """Bring the screen to `place`, where the burst of keys is delivered."""
    app = pilot.app
    assert isinstance(app, PlayApp)
    if place == "cover":
        await until(pilot, "ready")
        return
    await until(pilot, "choice")
    if place in ("help", "search"):
        await press(app, "question_mark", *(["b", "i"] if place == "search" else []))
        if place == "help":
            await press(app, "enter")
    elif place == "confirm":
        await press(app, "q")
        await until(pilot, "confirm")
    elif place == "over":
        await play_out(pilot, random.Random(1))


async def deliver(pilot: Pilot[None], keys: Sequence[str], rest: Sequence[str]) -> None:
    """Deliver `keys` in one burst and `rest` in another once those are handled."""
    app = pilot.app
    assert isinstance(app, PlayApp)
    burst(app, *keys)
    await settle(pilot)
    if app.is_running:
        burst(app, *rest)
        await settle(pilot)


PLACES = ["board", "help", "search", "confirm", "cover", "over"]


@pytest.mark.parametrize("place", PLACES)
@settings(max_examples=8, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(keys=st.lists(st.sampled_from([*KEYS, "ctrl+c"]), min_size=1, max_size=25),
       rest=st.lists(st.sampled_from(KEYS), max_size=10))
def test_no_burst_of_keys_raises_at_any_screen(place: str, keys: list[str],
                                                 rest: list[str]) -> None:
    people = (0, 2) if place == "cover" else (0,)
    played: Table = table("toy", 3, people=people, seed=2)
    app = played.app

    async def run() -> None:
        async with app.run_test(size=SMALL) as pilot:
            await reach(pilot, place)
            decisions = played.session.decisions
            await deliver(pilot, keys, rest)
            if "enter" not in keys + rest and place != "over":
                assert played.session.decisions == decisions, "a choice played without Enter"
            if app.is_running and isinstance(app.screen, Confirm):
                # The box still answers after any burst: Esc is a no.
                burst(app, "escape")
                await settle(pilot)
                assert not app.is_running or not isinstance(app.screen, Confirm)

    # Any exception in a key's handler stops the app and is raised here.
    run_async(run())
    assert_no_fault(played)


# -- the same bursts from a real terminal ------------------------------------------------------

def test_bursts_typed_into_a_real_terminal_never_stop_the_game(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    child = pexpect.spawn(sys.executable, ["-m", "tests.cli.toy_main", "play", "toy", "-p",
                                           "3", "--seed", "4", "--save", str(save)],
                          env=environment("xterm-256color"), cwd=str(ROOT),
                          encoding="utf-8", dimensions=(24, 80), timeout=WAIT)
    screen = io.StringIO()
    child.logfile_read = screen
    try:
        child.expect(r"Your choice \[1-3\]")
        # Each write reaches the program as one burst, as over a slow link.
        for keys in ("?kx", "\x1b", "4\r", "x\r", "\r", "\x1b", "qno", "qxqn\r\rkqno", "\x1b"):
            child.send(keys)
            time.sleep(0.4)
        child.send("q")
        child.expect("Leave the game")
        child.send("y")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    text = ANSI.sub("", screen.getvalue())
    assert child.exitstatus == 0, text[-2000:]
    assert "Traceback" not in text and "You left the game." in text
    assert "4 is not a choice" in " ".join(text.split())
    assert Record.load(save).actions == []


@pytest.mark.parametrize("kind", ["topics", "choices"])
def test_page_keys_on_a_list_not_yet_laid_out_leave_the_highlight(kind: str) -> None:
    """Page Up and Page Down on a list with no room yet (a key pressed as its pane opens):
    Textual's own option list raises KeyError there (checked here too, so this test would
    catch the guard's removal); the screen's lists keep their highlight."""

    def made(cls: type[OptionList]) -> OptionList:
        if cls is Choices:
            return Choices(lambda: None, lambda: None, lambda _: None, id="list")
        return cls("a", "b", "c", id="list")

    def paged(cls: type[OptionList], key: str) -> object:
        class Hidden(App[None]):
            def compose(self) -> ComposeResult:
                listed = made(cls)
                listed.display = False
                yield listed

        async def run() -> object:
            app = Hidden()
            async with app.run_test(size=(40, 10)) as pilot:
                listed = app.query_one("#list", OptionList)
                if not listed.option_count:
                    listed.add_options(["a", "b", "c"])
                listed.highlighted = 1
                getattr(listed, f"action_{key}")()
                await pilot.pause()
                return listed.highlighted

        try:
            return run_async(run())
        except KeyError as exc:
            return exc

    guarded = Choices if kind == "choices" else PagedList
    for key in ("page_down", "page_up"):
        assert isinstance(paged(OptionList, key), KeyError)
        assert paged(guarded, key) == 1
