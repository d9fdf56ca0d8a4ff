"""Whole games of Notre Dame, Rattus and Nottingham played in the browser: each table is set
up in the lobby with one person (the test) and bots, and every decision is taken by clicking
the board wherever the board offers the choice (the numbered list otherwise), until the
final scores show the ranks. Mid-game the table is photographed on a laptop and on a phone
for a person to look at (`tests/artifacts/<game>-table-<size>.png`).

The person's policy is random among what the board offers, seeded per game: the same deal
gets the same clicks. The deal itself is the server's (a table's seed is never sent before
the game ends), so a failure names its table, whose game file the server keeps."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import Page, ViewportSize

from tavola.core import info
from tests.web.conftest import ARTIFACTS, Server
from tests.web.pages import await_turn, listed, on_board, play


@dataclass(frozen=True)
class Setup:
    """How the lobby's form is filled for one game: seats after mine, and options."""

    game: str
    bots: tuple[str, ...]
    options: dict[str, str] = field(default_factory=dict)
    seed: int = 1
    most_decisions: int = 600


# The smallest tables and shortest options each game allows, so a game fits in ~90 s.
SETUPS = {
    "notre-dame": Setup("notre-dame", ("greedy",)),
    "rattus": Setup("rattus", ("random",), {"rounds": "20"}),
    "nottingham": Setup("nottingham", ("greedy", "random")),
}
SCREENS: dict[str, ViewportSize] = {"1280x800": {"width": 1280, "height": 800},
                                    "390x844": {"width": 390, "height": 844}}
SHOT_AT = 6
"""My decision before which the table is photographed (a few pieces are on the board)."""
BOARD_SHARE = 0.5
"""The share of my decisions that at least must have been clicks on the board."""


def create_in_lobby(page: Page, server: Server, setup: Setup) -> None:
    """Set up a table for me and the setup's bots from the lobby's form; go to my seat."""
    page.goto(server.base + "/")
    page.wait_for_selector(".lobby[data-ready=yes]")
    page.fill("input[name=name]", "Ada")
    page.click(f"button[data-game={setup.game}]")
    page.select_option("select[name=players]", str(1 + len(setup.bots)))
    page.select_option("select[name=seat-0]", "you")
    for seat, bot in enumerate(setup.bots, start=1):
        page.select_option(f"select[name=seat-{seat}]", f"bot:{bot}")
    for name, value in setup.options.items():
        page.select_option(f"select[name=option-{name}]", value)
    page.click("details.settings summary")
    page.fill("input[name=bot_seconds]", "0.05")
    page.click("#new-table button[type=submit]")
    page.wait_for_selector("#open-my-seat")
    page.click("#open-my-seat")
    page.wait_for_selector("#table-page[data-state]")


def scrolled_sideways(page: Page) -> list[str]:
    """Return the board's boxes that hide part of their drawing behind a sideways scroll."""
    boxes: list[str] = page.eval_on_selector_all(
        "#board *",
        """nodes => nodes.filter(n => n instanceof HTMLElement
             && ['auto', 'scroll'].includes(getComputedStyle(n).overflowX)
             && n.scrollWidth > n.clientWidth + 1)
           .map(n => `${n.className || n.tagName}: ${n.clientWidth} of ${n.scrollWidth} px`)""")
    return boxes


def photograph(page: Page, game: str) -> None:
    """Save the table at each screen size; nothing may stick out sideways, and on a laptop
    the whole board shows without scrolling it sideways."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for screen, size in sorted(SCREENS.items(), key=lambda item: -item[1]["width"]):
        page.set_viewport_size(size)
        page.wait_for_timeout(100)
        page.screenshot(path=str(ARTIFACTS / f"{game}-table-{screen}.png"), full_page=True)
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= size["width"], f"{game} at {screen}: the page sticks out sideways"
        if size["width"] >= 900:
            assert not scrolled_sideways(page), f"{game} at {screen}: {scrolled_sideways(page)}"
    page.set_viewport_size(SCREENS["1280x800"])


@pytest.mark.parametrize("game", sorted(SETUPS))
def test_a_whole_game_is_played_by_clicking_the_board(
        page: Page, server: Server, game: str) -> None:
    setup = SETUPS[game]
    started = time.monotonic()
    create_in_lobby(page, server, setup)
    assert page.get_attribute("#board", "data-module") == game, "the game's board is drawn"
    table = page.url.split("/play/")[-1].split("#")[0]
    chooser = random.Random(setup.seed)
    on_the_board = decisions = 0
    kinds: dict[str, int] = {}
    while await_turn(page):
        decisions += 1
        assert decisions <= setup.most_decisions, f"{game} at table {table}: no end"
        if decisions == SHOT_AT:
            photograph(page, game)
        choices, board = listed(page), on_board(page)
        assert len(board) == len(set(board)), f"{game} at table {table}: doubled {board}"
        assert set(board) <= set(choices), f"{game} at table {table}: illegal {board}"
        if board:
            action = chooser.choice(sorted(board))
            on_the_board += 1
            kind = action.split(":")[0]
            kinds[kind] = kinds.get(kind, 0) + 1
            play(page, action, "#board")
        else:
            play(page, chooser.choice(choices), "#choice-list")
    seconds = time.monotonic() - started
    share = on_the_board / decisions
    print(f"\n{game} (table {table}): {decisions} decisions, {on_the_board} on the board "
          f"({share:.0%}), {seconds:.1f} s; board clicks by kind {dict(sorted(kinds.items()))}")
    assert decisions > SHOT_AT, f"{game}: too short a game to photograph"
    assert share >= BOARD_SHARE, f"{game}: only {share:.0%} of my decisions on the board"
    page.wait_for_selector("#result:not([hidden])")
    players = 1 + len(setup.bots)
    assert page.locator("#result > table tbody tr").count() == players
    ranks = page.locator("#result > table tbody tr td:first-child").all_inner_texts()
    assert sorted(int(rank.rstrip(".")) for rank in ranks)[0] == 1, ranks
    assert page.locator("#result tr.winner").count() >= 1
    # What the tie-break column counts, as the game says it.
    assert page.inner_text("#result .tiebreak-note") == info(game).tiebreak["en"]
    assert page.inner_text("#turn") == "The game is over"
    assert page.locator("#choice-list button").count() == 0
    assert not page.problems  # type: ignore[attr-defined]
