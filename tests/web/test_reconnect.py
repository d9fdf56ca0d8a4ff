"""Leaving and coming back: a closed page's link reopens the same seat mid-game."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.web.conftest import NewContext, Server, watched
from tests.web.pages import (
    await_new_state,
    await_turn,
    cheapest_bribe,
    intrige_table,
    join,
    listed,
    play,
    state_id,
)


def decide(page: Page) -> None:
    """Take one decision from the list: the cheapest bribe, or the first choice."""
    choices = listed(page)
    play(page, cheapest_bribe(choices) or choices[0], "#choice-list")


def test_a_closed_page_reopened_from_its_link_continues_the_game(
        new_context: NewContext, server: Server) -> None:
    made = intrige_table(server.base, [{"kind": "human"}, {"kind": "bot", "bot": "greedy"},
                                       {"kind": "bot", "bot": "random"}])
    link = made["seats"][0]["invite"]
    context = new_context()
    page = watched(context.new_page())
    page.goto(link)
    join(page, "Ada")
    assert await_turn(page)
    # The keyboard plays a choice by its number.
    before = state_id(page)
    page.locator("#board").click(position={"x": 2, "y": 2})
    page.keyboard.press("1")
    await_new_state(page, before)
    assert await_turn(page)
    decide(page)
    assert await_turn(page)
    seen_state = state_id(page)
    seen_log = page.locator("#log li").count()
    page.close()

    again = watched(context.new_page())
    again.goto(link)
    again.wait_for_selector("#table-page[data-state]")
    assert again.locator("#join").is_hidden(), "the seat keeps its name"
    assert await_turn(again)
    assert state_id(again) == seen_state
    assert again.locator("#log li").count() == seen_log
    assert "Ada" in again.inner_text("#seats")
    assert "online" in again.inner_text("#seats li[data-seat='0']")
    for _ in range(3):
        assert await_turn(again)
        decide(again)
    assert state_id(again) > seen_state
    assert not again.problems  # type: ignore[attr-defined]


def test_leaving_hands_the_seat_to_a_bot_until_i_am_back(
        new_context: NewContext, server: Server) -> None:
    # P2's person never comes, so the table stops at P2's first decision and the stand-in
    # bot's work stays in view.
    made = intrige_table(server.base, [{"kind": "human"}, {"kind": "human"},
                                       {"kind": "bot", "bot": "random"}], timer=600,
                         wait=False)
    page = watched(new_context().new_page())
    page.goto(made["seats"][0]["invite"])
    join(page, "Ada")
    assert await_turn(page)
    # The clock runs on my decision (it starts at 10:00 and is read within seconds).
    page.wait_for_function(
        "() => document.getElementById('clock').textContent.startsWith('P1: 9:5')")
    page.click("#leave")
    page.wait_for_selector("#back:not([hidden])")
    assert "a bot is playing for them" in page.inner_text("#seats li[data-seat='0']")
    page.wait_for_function("() => document.getElementById('turn').textContent.includes('P2')")
    assert "sends" in (page.text_content("#log") or ""), "the stand-in bot sent my figures"
    page.wait_for_function(
        "() => document.getElementById('clock').textContent.startsWith('P2: ')")
    page.click("#back")
    page.wait_for_selector("#leave:not([hidden])")
    assert "a bot is playing for them" not in page.inner_text("#seats li[data-seat='0']")
    assert not page.problems  # type: ignore[attr-defined]
