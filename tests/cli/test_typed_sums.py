"""Typing a sum where one is asked (Intrige's bribes and offers), in the plain line mode and
on the full screen: `150000`, `150,000`, `150.000` or `150 000` picks the range holding it and
then the sum, two decisions in one go; a sum that cannot be named is refused in one line and
changes nothing (docs/games/intrige.md, "Typing a sum")."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path
from typing import Any

import pytest
from textual import events

from tavola.cli.common import parse_sum
from tests.aio import run_async
from tests.cli.helpers import invoke
from tests.cli.test_tui import LARGE, WAIT, press, table, until

# P1's first two decisions send figures to P2's and P3's parks; in P2's turn P1 then bribes.
SENDS = "1\n1\n"


@pytest.mark.parametrize(("text", "amount"), [
    ("150000", 150_000), ("150,000", 150_000), ("150.000", 150_000), ("150 000", 150_000),
    ("150\u00a0000", 150_000), ("1,500,000", 1_500_000), ("12", 12), ("0", 0),
])
def test_a_sum_is_read_with_or_without_thousands_separators(text: str, amount: int) -> None:
    assert parse_sum(text) == amount


@pytest.mark.parametrize("text", ["", "1.5", "15,00", "150,000.000", "1,50,000", "abc",
                                  "-150000", "150 000,000", "1" * 20])
def test_anything_else_is_no_sum(text: str) -> None:
    assert parse_sum(text) is None


def saved_actions(path: Path) -> list[list[object]]:
    """Return the actions of a saved game."""
    data = json.loads(path.read_text(encoding="utf-8"))
    actions: list[list[object]] = data["actions"]
    return actions


@pytest.mark.parametrize("typed", ["150000", "150,000", "150.000", "150 000"])
def test_a_typed_bribe_picks_its_range_and_then_the_sum(typed: str, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = invoke("play", "intrige", "--players", "3", "--seed", "1", "--bots", "greedy",
                    "--save", str(save), input=f"{SENDS}{typed}\n")
    assert "Traceback" not in result.output and "is not a" not in result.output
    assert saved_actions(save)[2:4] == [[0, "range:100000"], [0, "bribe:150000"]]


@pytest.mark.parametrize("typed", ["155,000", "330000", "5000", "0"])
def test_a_sum_that_cannot_be_paid_is_refused_in_one_line_and_changes_nothing(
        typed: str, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = invoke("play", "intrige", "--players", "3", "--seed", "1", "--bots", "greedy",
                    "--save", str(save), input=f"{SENDS}{typed}\n")
    out = " ".join(result.output.split())
    assert out.count(f"'{typed}' is not a sum you can name now: type a number from 1 to 17, "
                     "or the sum itself (q quits, ? help).") == 1
    assert len(saved_actions(save)) == 2


def test_a_sum_within_the_range_already_picked_is_named_directly(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    # 10: the range from 100,000; then 250000 lies outside it, 190,000 inside.
    result = invoke("play", "intrige", "--players", "3", "--seed", "1", "--bots", "greedy",
                    "--save", str(save), input=f"{SENDS}10\n250000\n190,000\n")
    assert "'250000' is not a sum you can name now" in " ".join(result.output.split())
    assert saved_actions(save)[2:4] == [[0, "range:100000"], [0, "bribe:190000"]]


def test_where_no_sum_is_asked_a_big_number_is_no_choice(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = invoke("play", "intrige", "--players", "3", "--seed", "1", "--bots", "greedy",
                    "--save", str(save), input="150000\n")
    assert "150000 is not a choice: type a number from 1 to" in " ".join(result.output.split())
    assert "or the sum itself" not in result.output
    assert saved_actions(save) == []


def test_a_typed_sum_in_italian_and_polish_is_refused_in_their_words(tmp_path: Path) -> None:
    for lang, words in (("it", "non è una somma che puoi indicare ora"),
                        ("pl", "nie jest kwotą, którą możesz teraz podać")):
        result = invoke("play", "intrige", "--players", "3", "--seed", "1", "--lang", lang,
                        input=f"{SENDS}155.000\n")
        assert words in " ".join(result.output.split()), result.output


async def to_the_first_bribe(app: Any, pilot: Any) -> None:
    """Play seat 0's first two choices of the Intrige table (seed 1) on the full screen, up
    to its first question that takes a sum."""
    for asked in range(2):
        await until(pilot, "choice", after=asked)
        await press(app, "1", "enter")
    await until(pilot, "choice", after=2)


def test_the_full_screen_takes_a_typed_sum_and_refuses_one_that_cannot_be_named() -> None:
    played = table("intrige", 3, people=(0,), seed=1)
    app, session = played.app, played.session

    async def run() -> None:
        async with app.run_test(size=LARGE) as pilot:
            await to_the_first_bribe(app, pilot)
            assert session.state.view(0)["pending"]["kind"] == "bribe" and app.sums
            before = len(session.record.actions)
            await press(app, *"155,000", "enter")
            await pilot.pause()
            assert "'155,000' is not a sum you can name now" in str(
                app.query_one("#typed").render())
            assert len(session.record.actions) == before and app.waiting == "choice"
            # What was refused stays typed until it is mended or forgotten (Escape).
            assert app.typed == "155,000"
            await press(app, "escape", "1", "5", "0")
            app.post_message(events.Key("space", " "))
            await press(app, "0", "0", "0", "enter")
            deadline = time.monotonic() + WAIT
            while len(session.record.actions) < before + 2 and time.monotonic() < deadline:
                await asyncio.sleep(0.01)
            assert session.record.actions[before:before + 2] == [(0, "range:100000"),
                                                                  (0, "bribe:150000")]

    run_async(run())


def test_a_refused_letter_is_started_over_but_a_sum_on_its_way_is_not() -> None:
    # "x" can never become a sum: the next key starts over; "150,0" is refused as it stands
    # but is on its way to 150,000, so the keys after it are kept.
    played = table("intrige", 3, people=(0,), seed=1)
    app = played.app

    async def run() -> None:
        async with app.run_test(size=LARGE) as pilot:
            await to_the_first_bribe(app, pilot)
            assert app.sums
            await press(app, "x", *"150,000")
            await pilot.pause()
            assert app.typed == "150,000"

    run_async(run())
