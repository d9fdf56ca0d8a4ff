"""`tavola play` on the full screen: driven in-process by Textual's own test harness at 80x24
and 120x50 (whole games by key presses, what is on screen together, leaving, the hot seat,
the help panel), and once through a real pseudo-terminal."""

from __future__ import annotations

import asyncio
import io
import json
import os
import random
import re
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pexpect
import pytest
from rich.console import Console
from textual import events
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widgets import OptionList, RichLog

from tavola.agents import Agent, make_agent
from tavola.cli.play import Quit, SaveFile, Session
from tavola.cli.tui import FullScreen, PlayApp, seat_colours
from tavola.core import Record, info, load
from tests.aio import run_async
from tests.arena.toys import real_games
from tests.cli.helpers import invoke
from tests.core.toy import BIDS, ToyState

pytestmark = pytest.mark.usefixtures("toys")

SMALL = (80, 24)
LARGE = (120, 50)
WAIT = 60.0
ROOT = Path(__file__).resolve().parents[2]
CHARACTERS = {"enter": "\r", "escape": "\x1b", "question_mark": "?", "backspace": "\x08"}


@dataclass
class Table:
    """One game on the full screen, as `tavola play` sets it up, with its console's text."""

    app: PlayApp
    front: FullScreen
    session: Session
    out: io.StringIO


def table(game: str = "toy", players: int = 2, people: Sequence[int] = (0,), seed: int = 5,
          save: Path | None = None, lang: str = "en", ask_forced: bool = False) -> Table:
    """Set up a game with people at `people` (seats from 0) and random bots elsewhere."""
    state = load(game, players).new_state(seed)
    bots = ["human" if p in people else "random" for p in range(players)]
    record = Record.start(state, seed, bots)
    agents: list[Agent | None] = [None if p in people else make_agent("random", game)
                                  for p in range(players)]
    saving = SaveFile.open(str(save), record, state) if save is not None else None
    out = io.StringIO()
    front = FullScreen(Console(file=out, width=80))
    session = Session(state, people, agents, random.Random(seed), record, saving,
                      not ask_forced, lang, front)
    return Table(PlayApp(session, front), front, session, out)


async def press(app: PlayApp, *keys: str) -> None:
    """Press keys as the terminal sends them (without waiting for the bots to be idle)."""
    for key in keys:
        character = CHARACTERS.get(key, key if len(key) == 1 else None)
        app.post_message(events.Key(key, character))
        await asyncio.sleep(0)


async def until(pilot: Pilot[None], *waits: str, after: int = -1) -> str:
    """Wait until the screen waits for one of `waits` (a choice asked after the `after`th)."""
    app = pilot.app
    assert isinstance(app, PlayApp)
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        if app.waiting in waits and (app.waiting != "choice" or app.asked > after):
            # Let the screen lay out and draw what it was given before it is looked at.
            await pilot.pause()
            await pilot.pause()
            return app.waiting
        await asyncio.sleep(0.005)
    raise AssertionError(f"the screen waits for {app.waiting!r}, not {waits}")


def screen_text(app: PlayApp) -> str:
    """Return the characters on the screen, row by row."""
    # The compositor holds what was last drawn on the terminal.
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def pane_text(app: PlayApp, name: str) -> str:
    """Return the characters on the screen inside the widget `name`."""
    region = app.screen.query_one(f"#{name}").region
    rows = screen_text(app).splitlines()[region.y:region.bottom]
    return "\n".join(row[region.x:region.right] for row in rows)


def flat(text: str) -> str:
    """Return `text` with its lines and runs of spaces joined (for text wrapped in a pane)."""
    return " ".join(text.split())


async def choose(app: PlayApp, number: int) -> None:
    """Type a choice's number and Enter."""
    await press(app, *str(number), "enter")


async def play_out(pilot: Pilot[None], chooser: random.Random,
                   look: Callable[[str], None] | None = None) -> int:
    """Play every choice asked at random, confirming every hand-over, until the game is over;
    return how many choices were typed. `look` is shown the screen before every choice."""
    app = pilot.app
    assert isinstance(app, PlayApp)
    typed = 0
    # A choice already waiting is the first to answer.
    answered = app.asked - 1 if app.waiting == "choice" else app.asked
    while True:
        waiting = await until(pilot, "choice", "ready", "over", after=answered)
        if waiting == "over":
            return typed
        if waiting == "ready":
            await press(app, "enter")
            while app.waiting == "ready":
                await asyncio.sleep(0.005)
            continue
        answered = app.asked
        if look is not None:
            look(screen_text(app))
        await choose(app, chooser.randint(1, app.count))
        typed += 1


def whole_game(game: str, players: int, size: tuple[int, int], save: Path) -> tuple[Table, int]:
    """Play a whole game on a screen of `size`; return it and the choices typed."""
    played = table(game, players, save=save, seed=7)
    typed = 0

    async def run() -> None:
        nonlocal typed
        async with played.app.run_test(size=size) as pilot:
            typed = await play_out(pilot, random.Random(7))
            text = screen_text(played.app)
            assert "Game over" in text and "Result" in text, text
            assert re.search(r"You win!|Winner: |Shared win: ", text), text
            await press(played.app, "enter")
            await asyncio.sleep(0.1)

    run_async(run())
    played.front.after(played.session)
    return played, typed


@pytest.mark.parametrize("size", [SMALL, LARGE])
def test_a_whole_toy_game_by_key_presses(size: tuple[int, int], tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    played, typed = whole_game("toy", 3, size, save)
    assert typed == 3 and played.front.outcome is None
    record = json.loads(save.read_text())
    assert record["result"] is not None and record["bots"] == ["human", "random", "random"]
    assert len([a for p, a in record["actions"] if p == 0]) == 3
    printed = played.out.getvalue()
    assert "Game over" in printed and "Result" in printed


@pytest.mark.parametrize("game", real_games())
def test_a_whole_game_of_every_real_game_by_key_presses(game: str, tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    _, typed = whole_game(game, info(game).min_players, SMALL, save)
    record = Record.load(save)
    verification = record.check(verify=True)
    assert verification.finished and verification.digest_checked
    assert 0 < typed <= sum(1 for p, _ in record.actions if p == 0)
    assert record.result is not None


def regions(app: PlayApp, *names: str) -> list[Region]:
    """Return where the named widgets are on the screen."""
    return [app.query_one(f"#{name}").region for name in names]


@pytest.mark.parametrize("game", ["toy", *real_games()])
def test_board_and_choices_are_on_screen_together_and_the_new_events_a_key_away_at_80x24(
        game: str) -> None:
    played = table(game, info(game).max_players, seed=3)

    async def run() -> None:
        app = played.app
        async with app.run_test(size=SMALL) as pilot:
            chooser = random.Random(3)
            for _ in range(2):
                await until(pilot, "choice", after=app.asked)
                await choose(app, chooser.randint(1, app.count))
            await until(pilot, "choice", after=app.asked)
            screen = Region(0, 0, *SMALL)
            panes = regions(app, "board-pane", "choices-pane")
            for n, pane in enumerate(panes):
                assert pane.area > 0 and screen.contains_region(pane), pane
                assert all(not pane.overlaps(other) for other in panes[n + 1:]), panes
            session = app.session
            text = screen_text(app)
            board = session.state.game.render_view(session.state.view(0), "en")
            first = board.splitlines()[0]
            assert first in text
            log = session.state.log_text(0, "en")
            new = log[played.front.marks[0]:]
            assert new, "the bots' decisions since the last choice are shown"
            assert f"new events: {len(new)} (e)" in text
            await press(app, "e")
            await pilot.pause()
            # The newest line is at the foot of the events pane, whole, with the choices.
            assert screen.contains_region(regions(app, "events-pane")[0])
            assert flat(new[-1]) in flat(pane_text(app, "events-pane"))
            await press(app, "b")
            await pilot.pause()
            text = screen_text(app)
            labels = app.query_one("#choices", OptionList)
            assert labels.option_count == app.count > 0
            label = session.state.describe(0, session.state.legal_actions(0)[0], "en")
            assert flat(label)[:30] in flat(pane_text(app, "choices-pane"))
            assert f"Your choice [1-{app.count}]: " in text
            for pane in regions(app, "heading", "keys"):
                assert screen.contains_region(pane)

    run_async(run())


def test_the_large_screen_keeps_the_help_open_and_uses_the_rows() -> None:
    played = table("rattus", 3, seed=2)

    async def run() -> None:
        app = played.app
        async with app.run_test(size=LARGE) as pilot:
            await until(pilot, "choice")
            board, help_pane = regions(app, "board-pane", "help-pane")
            assert board.height >= 15 and help_pane.height >= 8 and board.width >= 82
            assert "King" in screen_text(app)

    run_async(run())


def test_q_then_n_plays_on_and_q_then_y_leaves_with_the_game_saved(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    played = table("toy", 3, seed=2, save=save)

    async def run() -> None:
        app = played.app
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, "choice")
            await choose(app, 2)
            await until(pilot, "choice", after=1)
            await pilot.press("q")
            await until(pilot, "confirm")
            question = "".join(pane_text(app, "question").split())
            assert f"Leavethegame?(thegameissavedin{save}" in question
            await pilot.press("n")
            await until(pilot, "choice", after=1)
            assert "Playing on." in screen_text(app)
            await choose(app, 3)
            await until(pilot, "choice", after=app.asked)
            await pilot.press("q")
            await until(pilot, "confirm")
            await pilot.press("y")
            await pilot.pause(0.2)

    run_async(run())
    outcome = played.front.outcome
    assert isinstance(outcome, Quit) and outcome.code == 0
    assert str(outcome) == "You left the game."
    record = Record.load(save)
    assert record.check().digest_checked and record.result is None
    assert [a for p, a in record.actions if p == 0] == ["bid:2", "bid:3"]
    assert len(record.actions) == played.session.decisions == 6


def test_leaving_from_the_command_line_saves_and_says_how_to_go_on(data_folder: Path) -> None:
    # The same quitting as the line mode: the session's Quit reaches the command's saving.
    result = invoke("play", "toy", "--seed", "2", "--plain", input="2\nq\ny\n")
    assert result.exit_code == 0, result.output
    saved = data_folder / "tavola" / "saves" / "toy-2.json"
    assert f"Saved the unfinished game to {saved}" in result.output


def test_ctrl_c_stops_the_game_as_an_interruption(tmp_path: Path) -> None:
    played = table("toy", 2, seed=2, save=tmp_path / "g.json")

    async def run() -> None:
        app = played.app
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, "choice")
            await choose(app, 1)
            await until(pilot, "choice", after=1)
            await pilot.press("ctrl+c")
            await pilot.pause(0.2)

    run_async(run())
    outcome = played.front.outcome
    assert isinstance(outcome, Quit) and outcome.code == 130
    assert outcome.key == "quit_interrupted"
    assert len(Record.load(tmp_path / "g.json").actions) == 2


def test_a_number_that_is_no_choice_is_refused_and_nothing_is_played() -> None:
    played = table("toy", 2, seed=1)

    async def run() -> None:
        app = played.app
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, "choice")
            await pilot.press("7")
            assert "7 is not a choice: type a number from 1 to 3" in flat(screen_text(app))
            await pilot.press("0", "enter")
            # The key after a refusal starts over (nothing after 7 could make a choice).
            assert "0 is not a choice" in flat(screen_text(app))
            assert "70" not in flat(screen_text(app))
            assert app.waiting == "choice" and played.session.decisions == 0
            await pilot.press("escape", "down", "down", "down", "enter")
            await until(pilot, "choice", after=1)

    run_async(run())
    assert played.session.record.actions[0] == (0, "bid:3")


def test_a_click_on_a_choice_plays_it() -> None:
    played = table("toy", 2, seed=1)

    async def run() -> None:
        app = played.app
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, "choice")
            choices = app.query_one("#choices", OptionList)
            # The second choice's row inside the list (each label is one row here).
            await pilot.click(choices, offset=(3, 1))
            await until(pilot, "choice", after=1)

    run_async(run())
    assert played.session.record.actions[0] == (0, "bid:2")


def test_hot_seat_hides_each_persons_screen_until_the_next_confirms(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    played = table("toy", 3, people=(0, 2), seed=6, save=save)

    async def run() -> None:
        app = played.app
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, "ready")
            text = screen_text(app)
            assert "Pass the keyboard to P1." in flat(text) and "bids" not in text
            await press(app, "enter")
            await until(pilot, "choice")
            assert "you are P1" in screen_text(app)
            await choose(app, 2)
            await until(pilot, "ready")
            text = screen_text(app)
            # P1's bid is "0 bids 2" to P1 and "0 bids" to everyone else.
            assert "Pass the keyboard to P3." in flat(text)
            assert not re.search(r"0 bids", text) and "you are P1" not in text
            for pane in ("events-pane", "log-pane"):
                assert not app.query_one(f"#{pane}", RichLog).lines
            await press(app, "enter")
            await until(pilot, "choice", after=1)
            # At 80x24 the new events are a key away from the board.
            await press(app, "e")
            await pilot.pause()
            text = screen_text(app)
            assert "you are P3" in text and re.search(r"\b0 bids(?! \d)", text)
            assert not re.search(r"0 bids \d", text)
            await play_out(pilot, random.Random(6))
            assert "Game over" in screen_text(app)
            await press(app, "enter")
            await asyncio.sleep(0.1)

    run_async(run())
    assert played.front.outcome is None
    assert json.loads(save.read_text())["bots"] == ["human", "random", "human"]


def test_the_help_panel_finds_and_shows_a_topic() -> None:
    played = table("toy", 2, seed=1)

    async def run() -> None:
        app = played.app
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, "choice")
            await pilot.press("question_mark")
            assert app.query_one("#help-pane").region.area > 0
            await pilot.press("b", "i")
            assert "Every round each player secretly bids" in flat(pane_text(app, "topic"))
            await pilot.press("x", "x")
            assert "No help topic matches 'bixx'" in flat(screen_text(app))
            await pilot.press("escape")
            assert app.query_one("#help-pane").region.area == 0
            assert app.query_one("#board-pane").region.area > 0
            await choose(app, 1)
            await until(pilot, "choice", after=1)

    run_async(run())
    assert played.session.record.actions[0] == (0, "bid:1")


def test_a_single_choice_is_played_unless_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ToyState, "_legal", lambda self, player: BIDS[:1])
    played = table("toy", 2, seed=3)
    asked = table("toy", 2, seed=3, ask_forced=True)

    async def run() -> None:
        async with played.app.run_test(size=SMALL) as pilot:
            assert await until(pilot, "over", "choice") == "over"
            assert played.app.asked == 0
            await press(played.app, "enter")
        async with asked.app.run_test(size=SMALL) as pilot:
            await until(pilot, "choice")
            assert "Your choice [1-1]: " in screen_text(asked.app)
            assert await play_out(pilot, random.Random(1)) == 3
            await press(asked.app, "enter")

    run_async(run())
    assert played.session.state.is_terminal and asked.session.state.is_terminal


def test_the_screen_speaks_the_language_asked() -> None:
    played = table("toy", 2, seed=1, lang="it")

    async def run() -> None:
        async with played.app.run_test(size=SMALL) as pilot:
            await until(pilot, "choice")
            text = screen_text(played.app)
            assert "La tua scelta [1-3]: " in text and "offri 1" in text
            assert "Tabellone" in text and "Your choice" not in text

    run_async(run())


def test_seats_named_by_a_colour_are_drawn_in_it() -> None:
    colours = dict(seat_colours(load("notre-dame", 2), "en"))
    assert colours[r"\bRed\b"] == "bold red" and r"\bP2\b" in colours
    assert (r"\bRosso\b", "bold red") in seat_colours(load("notre-dame", 2), "it")
    assert seat_colours(load("intrige", 3), "en") == []


def test_plain_keeps_the_line_mode() -> None:
    result = invoke("play", "toy", "--seed", "1", "--plain", input="1\n1\n1\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("Your choice [1-3]: ") == 3 and "Game over" in result.output


# -- a real terminal -------------------------------------------------------------------------

ANSI = re.compile(r"\x1b(\[[0-9;:<=>?$]*[ -/]*[@-~]|\][^\x07\x1b]*(\x07|\x1b\\)|[()][0-9AB]"
                  r"|[=>78])")


def environment(term: str) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env["TERM"] = term
    env.pop("NO_COLOR", None)
    env.pop("COLUMNS", None)
    env.pop("LINES", None)
    return env


def test_a_whole_toy_game_on_the_full_screen_of_a_terminal(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    child = pexpect.spawn(sys.executable, ["-m", "tests.cli.toy_main", "play", "toy", "-p",
                                           "3", "--seed", "4", "--save", str(save)],
                          env=environment("xterm-256color"), cwd=str(ROOT),
                          encoding="utf-8", dimensions=(24, 80), timeout=WAIT)
    screen = io.StringIO()
    child.logfile_read = screen
    try:
        # The heading counts the decisions: three more (one per seat) after each choice.
        for played, choice in ((0, "2"), (3, "3"), (6, "1")):
            child.expect(f"decisions played: {played}")
            child.expect(r"Your choice \[1-3\]")
            child.send(choice + "\r")
        child.expect("Game over")
        child.send("\r")
        child.expect("Saved the game to")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    text = ANSI.sub("", screen.getvalue())
    assert child.exitstatus == 0, text[-2000:]
    assert "Traceback" not in text and re.search(r"You win!|Winner: |Shared win: ", text)
    record = json.loads(save.read_text())
    assert record["result"] is not None
    assert [a for p, a in record["actions"] if p == 0] == ["bid:2", "bid:3", "bid:1"]


def test_a_dumb_terminal_gets_the_line_mode() -> None:
    child = pexpect.spawn(sys.executable, ["-m", "tests.cli.toy_main", "play", "toy",
                                           "--seed", "1"],
                          env=environment("dumb"), cwd=str(ROOT), encoding="utf-8",
                          dimensions=(24, 80), timeout=WAIT)
    try:
        for _ in range(3):
            child.expect(r"Your choice \[1-3\]: ")
            child.sendline("1")
        child.expect("Game over")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 0
