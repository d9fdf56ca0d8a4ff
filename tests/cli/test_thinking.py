"""While a bot thinks the terminal says which seat, for how long and out of what think
time, on a line that is drawn again as the time passes (never a screen that looks frozen);
the line mode says it once; `tavola connect` shows what the server's frames say."""

from __future__ import annotations

import io
import random
import re
import time

import pytest
from rich.console import Console

from tavola.agents import Agent
from tavola.cli.connect import thinking_lines
from tavola.cli.play import Lines, Thinking
from tavola.core import Action, InfoSet
from tests.aio import run_async
from tests.cli.test_tui import SMALL, choose, screen_text, table, until

pytestmark = pytest.mark.usefixtures("toys")


class SlowBot(Agent):
    """A bot that thinks `pause` seconds of a `seconds` think time, then plays the first
    choice."""

    name = "slow"
    needs_view = False

    def __init__(self, pause: float, seconds: float | None) -> None:
        self.pause = pause
        if seconds is not None:
            self.seconds = seconds

    def act(self, info: InfoSet, rng: random.Random) -> Action:
        time.sleep(self.pause)
        return info.legal[0]


@pytest.mark.parametrize(("lang", "pattern"), [
    ("en", r"P2 \(bot: slow\) is thinking… (\d\.\d) s of 1\.5 s"),
    ("it", r"P2 \(bot: slow\) sta pensando… (\d,\d) s su 1,5 s"),
    ("pl", r"P2 \(bot: slow\) myśli… (\d,\d) s z 1,5 s"),
])
def test_the_full_screen_counts_a_bots_thinking_time(lang: str, pattern: str) -> None:
    played = table("toy", 2, seed=1, lang=lang)
    played.session.agents = [None, SlowBot(1.0, 1.5)]
    played.session.record.bots = ["human", "slow"]
    app = played.app

    async def run() -> None:
        async with app.run_test(size=SMALL) as pilot:
            await until(pilot, "choice")
            await choose(app, 1)
            seen: set[str] = set()
            deadline = time.monotonic() + 5
            while app.waiting != "choice" or app.asked < 2:
                found = re.search(pattern, screen_text(app))
                if found:
                    seen.add(found.group(1))
                assert time.monotonic() < deadline
                await pilot.pause(0.05)
            # The line was drawn again as the time went by: several times were shown.
            assert len(seen) >= 2, seen

    run_async(run())


def test_a_bot_without_a_think_time_says_how_long_it_has_thought() -> None:
    seat = Thinking(1, "strong", None, 100.0)
    assert seat.line("Blue", "en", now=100.64) == "Blue (bot: strong) is thinking… 0.6 s"
    assert seat.line("Blu", "it", now=101.0) == "Blu (bot: strong) sta pensando… 1,0 s"


def test_the_line_mode_says_once_who_is_thinking_when_it_is_slow() -> None:
    played = table("toy", 2, seed=1)
    out = io.StringIO()
    session = played.session
    session.front = Lines(Console(file=out, width=80))
    session.agents = [None, SlowBot(1.3, None)]
    session.record.bots = ["human", "slow"]
    session.step(0, session.state.legal_actions(0)[0])
    session.bot_turn(1)
    assert out.getvalue().count("P2 (bot: slow) is thinking… 1.0 s") == 1, out.getvalue()
    quick = io.StringIO()
    session.front = Lines(Console(file=quick, width=80))
    session.agents = [None, SlowBot(0.0, None)]
    session.step(0, session.state.legal_actions(0)[0])
    session.bot_turn(1)
    time.sleep(1.2)
    assert "thinking" not in quick.getvalue()


def test_connect_renders_the_thinking_the_server_sends_and_nothing_when_absent() -> None:
    frame = {"type": "state", "seats": [{"seat": 0, "label": "P1", "player": "Red",
                                         "bot": None}, {"seat": 1, "label": "P2",
                                                        "player": "Blue", "bot": "strong"}],
             "thinking": [{"seat": 1, "elapsed": 0.61, "budget": 1.0}]}
    assert thinking_lines(frame, "en") == ["Blue (bot: strong) is thinking… 0.6 s of 1 s"]
    assert thinking_lines(frame, "pl") == ["Blue (bot: strong) myśli… 0,6 s z 1 s"]
    del frame["thinking"]
    assert thinking_lines(frame, "en") == []
    assert thinking_lines({"type": "ack"}, "en") == []
