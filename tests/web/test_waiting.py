"""A table waits for its players and the page says so: the first person in sees whose seat
is still open and no choices; the host may begin without them; once the last seat is taken
the first player's choices appear (play beginning changes no state id, only `waiting`)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.web.conftest import NewContext, Server, watched
from tests.web.pages import await_turn, intrige_table, join

SEATS = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "greedy"}]


def open_seat(new_context: NewContext, link: str, name: str) -> Page:
    page = watched(new_context().new_page())
    page.goto(link)
    join(page, name)
    return page


@pytest.mark.parametrize("clock", ["realtime", "off"])
def test_the_first_player_waits_for_the_second_then_gets_the_choices(
        new_context: NewContext, server: Server, clock: str) -> None:
    # Without a clock nothing of the seats changes when play begins: only `waiting` does.
    made = intrige_table(server.base, SEATS, clock={"kind": clock})
    links = {s["seat"]: s["invite"] for s in made["seats"]}
    ada = open_seat(new_context, links[0], "Ada")
    ada.wait_for_selector("#live-status .waiting-players")
    assert "P2" in ada.inner_text("#live-status")
    assert ada.get_attribute("#turn", "data-mine") == "no"
    assert ada.locator("#choice-list button[data-action]").count() == 0
    assert ada.locator(".start-now").count() == 0, "only the host may begin without them"
    # Bea opens her link (which takes her seat) and has not given her name yet.
    bea = watched(new_context().new_page())
    bea.goto(links[1])
    ada.wait_for_selector("#live-status .waiting-players", state="detached")
    assert await_turn(ada), "the choices appear once play begins"
    assert ada.locator("#choice-list button[data-action]").count() > 0
    for page in (ada, bea):
        assert not page.problems  # type: ignore[attr-defined]


def test_the_host_begins_without_waiting(new_context: NewContext, server: Server) -> None:
    made = intrige_table(server.base, SEATS)
    host = watched(new_context().new_page())
    host.goto(f"{server.base}/play/{made['table']}#token={made['host_token']}")
    host.wait_for_selector("#live-status .start-now")
    host.click("#live-status .start-now")
    host.wait_for_selector("#live-status .waiting-players", state="detached")
    ada = open_seat(new_context, links_of(made)[0], "Ada")
    assert await_turn(ada)
    for page in (host, ada):
        assert not page.problems  # type: ignore[attr-defined]


def links_of(made: dict[str, object]) -> dict[int, str]:
    seats = made["seats"]
    assert isinstance(seats, list)
    return {s["seat"]: s["invite"] for s in seats}
