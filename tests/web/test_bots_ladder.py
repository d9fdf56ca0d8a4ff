"""The vs-bots ladder in the page: the lobby's "Rated against bots" setting makes such a
table; after a game against a bot the leaderboard shows the vs-bots ladder apart from the
people's, with the bots' fixed ratings, and the profile shows both kinds of rating."""

from __future__ import annotations

import json
import random
import time
from urllib.error import HTTPError
from urllib.request import urlopen

from playwright.sync_api import Page

from tests.web.conftest import NewContext, Server, watched
from tests.web.test_accounts import PASSWORD, sign_up
from tests.web.test_accounts_rated import API, call, play_out

NAME = "Bea Rossi"  # an account other browser tests make too (the sign-up limit is shared)


def test_the_lobby_makes_a_table_rated_against_bots(new_context: NewContext,
                                                    server: Server) -> None:
    host = watched(new_context().new_page())
    sign_up(host, server.base, NAME)
    host.goto(server.base + "/")
    host.wait_for_selector(".lobby[data-ready=yes]")
    host.fill("input[name=name]", "Ada")
    host.click("button[data-game=rattus]")
    host.select_option("select[name=players]", "2")
    host.select_option("select[name=seat-0]", "you")
    host.select_option("select[name=seat-1]", "bot:easy")
    host.click("details.settings summary")
    host.check("input[name=rated]")
    host.check("input[name=rated_bots]")
    assert not host.is_checked("input[name=rated]"), "one kind of rating or the other"
    host.click("#new-table button[type=submit]")
    host.wait_for_selector("#open-my-seat")
    table = host.locator("#open-my-seat").get_attribute("href") or ""
    table = table.split("/play/")[1].split("#")[0]
    deadline = time.monotonic() + 30
    while True:
        summary = json.loads(urlopen(f"{server.base}{API}/tables/{table}", timeout=30).read())
        if summary["seats"][0]["name"] or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert summary["settings"]["rated"] and summary["settings"]["rated_bots"]
    assert summary["seats"][0]["name"] == NAME
    assert not host.problems  # type: ignore[attr-defined]


def test_the_vs_bots_ladder_and_the_bots_ratings_are_shown(page: Page,
                                                           server: Server) -> None:
    made, _ = call(server, "POST", "/tables", {
        "game": "rattus", "players": 2, "rated_bots": True, "clock": {"kind": "turn"},
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "easy"}]})
    try:
        _, session = call(server, "POST", "/session", {"name": NAME, "password": PASSWORD})
    except HTTPError as exc:  # not made yet by another test: make it
        assert exc.code == 401, exc
        _, session = call(server, "POST", "/accounts", {"name": NAME, "password": PASSWORD})
    call(server, "POST", f"/tables/{made['table']}/join",
         {"token": made["seats"][0]["token"], "name": NAME}, session)
    url = server.base.replace("http", "ws") + f"{API}/tables/{made['table']}/ws"
    play_out(url, [made["seats"][0]["token"]], random.Random(3))

    page.goto(server.base + "/#/leaders/rattus")
    page.wait_for_selector("#leaders-page[data-ready=yes]")
    ladder = page.locator("#bots-ladder")
    assert "against bots" in ladder.locator("h2").inner_text()
    rows = page.locator("#bots-leaders tr")
    assert [rows.nth(n).get_attribute("data-name") for n in range(rows.count())] == [NAME]
    assert "±" in rows.first.inner_text()
    # The people's ladder is a section of its own, before the vs-bots one.
    heads = page.locator("#leaders-page section h2")
    assert "among people" in heads.nth(0).inner_text()
    assert "against bots" in heads.nth(1).inner_text()
    levels = page.locator("#bot-ratings-body tr")
    assert [levels.nth(n).get_attribute("data-level") for n in range(levels.count())] == [
        "easy", "medium", "hard", "strong"]
    assert "*" in levels.nth(3).inner_text() and "by the clock" in page.inner_text(
        "#bot-ratings")
    page.screenshot(path=str(server.output.parent / "bots-ladder.png"), full_page=True)
    page.click(f"#bots-leaders a:text('{NAME}')")
    page.wait_for_selector("#profile-page[data-ready=yes]")
    assert page.locator("#profile-bots-ratings tr[data-game=rattus]").count() == 1
    # Its games against bots are counted apart (the account plays rated games among
    # people in other tests of the same server, so that count is not pinned here).
    assert "against bots: 1 played" in page.inner_text("#profile-bots-facts")
    recent = page.locator(f"#profile-recent li[data-table='{made['table']}']")
    assert "rated against bots" in recent.inner_text()
    page.screenshot(path=str(server.output.parent / "profile-bots.png"), full_page=True)
    # In Italian and Polish too.
    for lang, words in (("it", "contro i bot"), ("pl", "przeciw botom")):
        page.evaluate(f"localStorage.setItem('tavola.lang', '{lang}')")
        page.goto(server.base + "/#/leaders/rattus")
        page.reload()
        page.wait_for_selector("#leaders-page[data-ready=yes]")
        assert words in page.inner_text("#bots-ladder h2")
    assert not page.problems  # type: ignore[attr-defined]
