"""The end of a game and the moment before: the take-back button exactly when the server
says a decision may be taken back, refusals in the page's language, and a rematch that two
players, each in their own browser, reach in their own seats."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.web.conftest import NewContext, Server, watched
from tests.web.pages import (
    await_new_state,
    await_turn,
    intrige_table,
    join,
    on_board,
    play,
    post,
    state_id,
)
from tests.web.test_languages import english_on

FINISH_WAIT = 180_000


def open_seat(new_context: NewContext, link: str, name: str, locale: str = "en-GB") -> Page:
    page = watched(new_context(locale=locale).new_page())
    page.goto(link)
    join(page, name)
    return page


def seat_shown(page: Page) -> int:
    """Return the seat the table page holds."""
    return int(page.get_attribute("#table-page", "data-you") or "-1")


def test_take_back_shows_exactly_when_the_server_allows_it(
        new_context: NewContext, server: Server) -> None:
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "greedy"}]
    # Ada's partner never comes: play begins without waiting for them.
    made = intrige_table(server.base, seats, wait=False)
    ada = open_seat(new_context, made["seats"][0]["invite"], "Ada")
    assert await_turn(ada)
    assert ada.locator("#undo").is_hidden(), "nothing of mine to take back yet"
    before = state_id(ada)
    play(ada, on_board(ada)[0], "#board")
    ada.wait_for_selector("#undo:not([hidden])")
    ada.click("#undo")
    await_new_state(ada, before + 1)
    # The position before the decision, under a new state id (ids never repeat).
    assert state_id(ada) == before + 2
    ada.wait_for_selector("#undo", state="hidden")
    assert ada.inner_text("#errors") == ""
    # A table without take-backs: the button never shows.
    off = intrige_table(server.base, seats, undo=False, wait=False)
    bea = open_seat(new_context, off["seats"][0]["invite"], "Bea")
    assert await_turn(bea)
    play(bea, on_board(bea)[0], "#board")
    bea.wait_for_timeout(2_000)  # longer than the server's judgement takes
    assert bea.locator("#undo").is_hidden()
    assert not ada.problems and not bea.problems  # type: ignore[attr-defined]


def test_an_italian_page_shows_the_servers_refusals_in_italian(
        new_context: NewContext, server: Server) -> None:
    made = intrige_table(server.base, [{"kind": "human"}, {"kind": "bot", "bot": "greedy"},
                                       {"kind": "bot", "bot": "greedy"}])
    page = watched(new_context(locale="it-IT").new_page())
    # A link whose token is not this table's: the websocket's refusal.
    page.goto(f"{server.base}/play/{made['table']}#token=notatokenofthistable")
    page.wait_for_selector("#errors:not(:empty)")
    assert page.inner_text("#errors") == ("Rifiutato: quel codice di accesso non è di questo "
                                          "tavolo")
    assert english_on(page, "it") == []
    # A route's refusal: the replay of a table that does not exist.
    page.goto(f"{server.base}/#/replay/nosuchtable")
    page.wait_for_selector("#errors:not(:empty)")
    assert page.inner_text("#errors") == "Rifiutato: questo tavolo non esiste"
    assert english_on(page, "it") == []
    assert not page.problems  # type: ignore[attr-defined]


def test_two_players_finish_a_game_and_meet_again_at_the_rematch(
        new_context: NewContext, server: Server) -> None:
    made = post(server.base, "/api/v1/tables", {
        "game": "rattus", "players": 2, "options": {"rounds": 20}, "bot_seconds": 0.05,
        "seats": [{"kind": "human"}, {"kind": "human"}]})
    links = {s["seat"]: s["invite"] for s in made["seats"]}
    ada = open_seat(new_context, links[0], "Ada")
    bea = open_seat(new_context, links[1], "Bea", "it-IT")
    # A short game: both hand their seats to the table's stand-in bot.
    for page in (ada, bea):
        page.wait_for_selector("#leave:not([hidden])")
        page.click("#leave")
    for page in (ada, bea):
        page.wait_for_selector("#result:not([hidden])", timeout=FINISH_WAIT)
    assert ada.inner_text("#rematch") == "Rematch"
    assert bea.inner_text("#rematch") == "Rivincita"
    ada.click("#rematch")
    # Ada lands in her seat at the new table, one seat on.
    ada.wait_for_url(lambda url: made["table"] not in url)
    ada.wait_for_selector("#table-page[data-state]")
    new_table = ada.url.split("/play/")[1].split("#")[0]
    assert new_table != made["table"] and seat_shown(ada) == 1
    # Bea is offered the rematch and lands in her own seat there.
    bea.wait_for_selector("#rematch-join")
    assert bea.inner_text("#rematch-join") == "Rivincita pronta: entra"
    bea.click("#rematch-join")
    bea.wait_for_url(lambda url: new_table in url)
    bea.wait_for_selector("#table-page[data-state]")
    assert seat_shown(bea) == 0
    assert ada.url != bea.url, "each has their own token"
    for page in (ada, bea):
        assert page.locator("#join").is_hidden(), "names are kept"
        page.wait_for_selector("#seats li[data-seat='0'] .name:text('Bea')")
        page.wait_for_selector("#seats li[data-seat='1'] .name:text('Ada')")
    assert not ada.problems and not bea.problems  # type: ignore[attr-defined]
