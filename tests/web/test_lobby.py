"""The lobby's lists: open tables one may take a seat at or watch, and "my tables"."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.web.conftest import Server
from tests.web.pages import await_turn, intrige_table


def test_an_open_seat_is_taken_from_the_lobby_and_listed_in_my_tables(
        page: Page, server: Server) -> None:
    made = intrige_table(server.base, [{"kind": "bot", "bot": "greedy"}, {"kind": "human"},
                                       {"kind": "bot", "bot": "random"}])
    table = made["table"]
    page.goto(server.base + "/")
    page.wait_for_selector(".lobby[data-ready=yes]")
    entry = page.locator(f".open-tables li:has-text('{table}')")
    assert entry.count() == 1
    assert entry.locator("a.button").get_attribute("href") == f"{server.base}/play/{table}"
    entry.locator("button").click()
    assert "name" in entry.locator(".status").inner_text().lower()
    page.fill("input[name=name]", "Cleo")
    entry.locator("button").click()
    page.wait_for_url(f"**/play/{table}#token=*")
    page.wait_for_selector("#table-page[data-state]")
    assert page.locator("#join").is_hidden()
    assert "Cleo" in page.inner_text("#seats li[data-seat='1']")
    assert await_turn(page)

    page.goto(server.base + "/")
    page.wait_for_selector(".lobby[data-ready=yes]")
    assert page.locator(f".open-tables li:has-text('{table}')").count() == 0, "seat taken"
    mine = page.locator(f".my-tables li:has-text('{table}')")
    assert mine.count() == 1 and "P2" in mine.inner_text()
    link = mine.locator("a.button").get_attribute("href") or ""
    assert link.startswith(f"{server.base}/play/{table}#token=")
    assert not page.problems  # type: ignore[attr-defined]


def test_a_spectator_watches_without_a_seat_and_sees_no_money(
        page: Page, server: Server) -> None:
    made = intrige_table(server.base, [{"kind": "bot", "bot": "greedy"},
                                       {"kind": "bot", "bot": "greedy"},
                                       {"kind": "bot", "bot": "greedy"}])
    page.goto(f"{server.base}/play/{made['table']}")
    page.wait_for_selector("#table-page[data-state]")
    page.wait_for_function(
        "() => document.querySelectorAll('#board .bribes tbody tr').length >= 2")
    assert page.get_attribute("#table-page", "data-you") == "spectator"
    assert page.locator("#intrige-money").count() == 0
    assert page.locator("#choice-list button").count() == 0
    assert page.locator("#leave").is_hidden()
    page.fill("#chat-input", "nice bribe")
    page.press("#chat-input", "Enter")
    page.wait_for_selector("#chat li.said:has-text('nice bribe')")
    assert "spectators only" in page.inner_text("#chat")
    assert not page.problems  # type: ignore[attr-defined]
