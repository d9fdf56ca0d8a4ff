"""Two people at one Intrige table, each in their own browser: chat, a non-binding offer,
a bribe, the owner's seating, and each page showing only its own money."""

from __future__ import annotations

import re

from playwright.sync_api import Page

from tests.web.conftest import NewContext, Server, watched
from tests.web.pages import (
    await_new_state,
    await_turn,
    intrige_table,
    join,
    listed,
    on_board,
    play,
    state_id,
)


def open_seat(new_context: NewContext, link: str, name: str) -> Page:
    page = watched(new_context().new_page())
    page.goto(link)
    join(page, name)
    return page


def money_shown(page: Page) -> str:
    return page.inner_text("#intrige-money")


def test_two_players_chat_offer_bribe_and_see_only_their_own_money(
        new_context: NewContext, server: Server) -> None:
    made = intrige_table(server.base, [{"kind": "human"}, {"kind": "human"},
                                       {"kind": "bot", "bot": "greedy"}])
    links = {s["seat"]: s["invite"] for s in made["seats"]}
    ada = open_seat(new_context, links[0], "Ada")
    bea = open_seat(new_context, links[1], "Bea")
    assert "320,000" in money_shown(ada) and "320,000" in money_shown(bea)

    # P1 sends a figure to P2's park by clicking it on the board, takes it back, sends again.
    assert await_turn(ada)
    send = next(a for a in on_board(ada) if a.endswith(",1"))
    before = state_id(ada)
    play(ada, send, "#board")
    ada.wait_for_selector("#undo:not([hidden])")
    ada.click("#undo")
    await_new_state(ada, before + 1)
    assert state_id(ada) == before + 2 and "sends" not in (ada.text_content("#log") or "")
    play(ada, send, "#board")
    play(ada, next(a for a in on_board(ada) if a.endswith(",2")), "#board")
    bea.wait_for_selector('#board svg[data-palace="1"] g.figure')

    # Chat goes both ways.
    ada.fill("#chat-input", "Bea, room 4 for my counsellor?")
    ada.press("#chat-input", "Enter")
    bea.wait_for_selector("#chat li.said:has-text('room 4 for my counsellor')")
    bea.fill("#chat-input", "Make me an offer.")
    bea.click("#chat button[type=submit], .chat-form button[type=submit]")
    ada.wait_for_selector("#chat li.said:has-text('Make me an offer.')")

    # P2 receives: P1 first makes a non-binding offer for room 4 (on the board), then pays.
    assert await_turn(ada)
    play(ada, "ask:4", "#board")
    offer = next(a for a in listed(ada) if a.startswith("offer:30000,"))
    play(ada, offer, "#choice-list")
    bea.wait_for_selector("#chat li.said.event")
    assert "30,000" in bea.inner_text("#chat li.said.event")
    assert "30,000" in bea.inner_text(".intrige-record .offers")
    play(ada, "bribe:10000", "#choice-list")

    # P2 seats the figure, honouring the offer, then sends twice - all on the board.
    assert await_turn(bea)
    assert set(on_board(bea)) == {f"room:{n}" for n in range(1, 6)}
    play(bea, "room:4", "#board")
    assert await_turn(bea)
    play(bea, next(a for a in on_board(bea) if a.endswith(",0")), "#board")
    play(bea, next(a for a in on_board(bea) if a.endswith(",2")), "#board")
    ada.wait_for_function(
        "() => document.querySelector('#board svg[data-palace=\"1\"] [data-room=\"4\"] .figure')")

    # Each purse shows on its own page only (the view holds only its seat's money).
    assert "310,000" in money_shown(ada) and "330,000" in money_shown(bea)
    for own, other, figure in ((ada, bea, "310"), (bea, ada, "330")):
        html = other.content()
        text = other.inner_text("body")
        for written in (f"{figure},000", f"{figure}000", f"{figure}.000", f"{figure}\u00a0000"):
            assert written not in html and written not in text, (figure, written)
        assert re.search(rf"\b{figure}\b", text) is None
        assert own.locator("#intrige-money").count() == 1
    assert not ada.problems and not bea.problems  # type: ignore[attr-defined]
