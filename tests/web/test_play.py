"""A whole Intrige game played in the browser: created in the lobby, played by clicking on
the board wherever the board offers the choice (the numbered list otherwise), to the final
scores."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.web.conftest import Server
from tests.web.pages import await_turn, cheapest_bribe, listed, on_board, play


def create_in_lobby(page: Page, server: Server) -> None:
    """Set up an Intrige table for me and two bots from the lobby's form; go to my seat."""
    page.goto(server.base + "/")
    page.wait_for_selector(".lobby[data-ready=yes]")
    page.fill("input[name=name]", "Ada")
    page.click("button[data-game=intrige]")
    page.select_option("select[name=players]", "3")
    page.select_option("select[name=seat-0]", "you")
    page.select_option("select[name=seat-1]", "bot:greedy")
    page.select_option("select[name=seat-2]", "bot:random")
    page.click("details.settings summary")
    page.fill("input[name=bot_seconds]", "0.5")
    page.click("#new-table button[type=submit]")
    page.wait_for_selector("#open-my-seat")
    page.click("#open-my-seat")
    page.wait_for_selector("#table-page[data-state]")


def test_a_whole_game_is_played_by_clicking_the_board(page: Page, server: Server) -> None:
    create_in_lobby(page, server)
    assert page.get_attribute("#board", "data-module") == "intrige"
    assert page.locator("#join").is_hidden(), "the lobby joined my seat under my name"
    clicked: dict[str, int] = {}
    decisions = 0
    while await_turn(page):
        decisions += 1
        assert decisions < 400, "the game did not end"
        choices, board = listed(page), on_board(page)
        assert set(board) <= set(choices), "the board offers only legal actions"
        bribe = cheapest_bribe(choices)
        if bribe is not None:
            play(page, bribe, "#choice-list")
            continue
        placed = [a for a in choices if a in board]
        if placed:
            kind = placed[0].split(":")[0]
            clicked[kind] = clicked.get(kind, 0) + 1
            play(page, placed[0], "#board")
        else:
            play(page, choices[0], "#choice-list")
    # Sending and seating are always on the board; conflicts only when they happen.
    assert clicked.get("send", 0) >= 10 and clicked.get("room", 0) >= 1, clicked
    page.wait_for_selector("#result:not([hidden])")
    rows = page.locator("#result > table tbody tr")
    assert rows.count() == 3
    assert page.locator("#result tr.winner").count() >= 1
    assert page.inner_text("#turn") == "The game is over"
    assert "over" in (page.text_content("#log") or "").lower()
    assert page.locator("#choice-list button").count() == 0
    # The rematch: a new table with the same settings, my seat (one on) joined.
    finished_at = page.url
    page.click("#rematch")
    page.wait_for_url(lambda url: "/play/" in url and url != finished_at)
    page.wait_for_selector("#table-page[data-state]")
    assert page.get_attribute("#table-page", "data-you") == "1"
    assert page.locator("#join").is_hidden()
    assert page.get_attribute("#board", "data-module") == "intrige"
    assert not page.problems  # type: ignore[attr-defined]
