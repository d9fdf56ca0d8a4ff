"""The lobby in the page: its filters, kept across visits; "play now" seating two people at
one table; friends — following, their open tables, an invitation by name received in "My
games" and opened — at 1280×800 and on a phone (390×844)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.web.conftest import NewContext, Server, watched
from tests.web.pages import get, post
from tests.web.test_accounts import sign_up
from tests.web.test_languages import english_on

PHONE = {"width": 390, "height": 844}


def listed(page: Page) -> list[str]:
    return [str(t) for t in page.eval_on_selector_all(
        "#open-tables li", "items => items.map(i => i.dataset.table)")]


def lobby(page: Page, base: str) -> None:
    page.goto(base + "/")
    page.wait_for_selector(".lobby[data-ready=yes]")


def shot(page: Page, server: Server, name: str) -> None:
    page.screenshot(path=str(server.output.parent / f"{name}.png"), full_page=True)


def test_the_lobby_filters_and_keeps_them(new_context: NewContext, server: Server) -> None:
    seats = [{"kind": "human"}] * 2
    slow = post(server.base, "/api/v1/tables", {
        "game": "rattus", "players": 2, "seats": seats, "public": True,
        "clock": {"kind": "turn"}})["table"]
    fast = post(server.base, "/api/v1/tables", {
        "game": "rattus", "players": 2, "seats": seats, "public": True,
        "clock": {"kind": "realtime"}})["table"]
    for viewport, name in (({"width": 1280, "height": 800}, "lobby-filters"),
                           (PHONE, "lobby-filters-phone")):
        page = watched(new_context(viewport=viewport).new_page())
        lobby(page, server.base)
        assert {slow, fast} <= set(listed(page))
        page.select_option("#lobby-filters select[name=game]", "rattus")
        page.select_option("#lobby-filters select[name=speed]", "turn")
        page.wait_for_selector(f"#open-tables li[data-table='{fast}']", state="detached")
        assert slow in listed(page) and fast not in listed(page)
        assert "Turn based" in page.inner_text(f"#open-tables li[data-table='{slow}']")
        shot(page, server, name)
        # Kept by this browser: the next visit shows the same choice.
        lobby(page, server.base)
        assert page.input_value("#lobby-filters select[name=speed]") == "turn"
        assert slow in listed(page) and fast not in listed(page)
        page.select_option("#lobby-filters select[name=speed]", "realtime")
        page.wait_for_selector(f"#open-tables li[data-table='{fast}']")
        assert not page.problems  # type: ignore[attr-defined]


def test_play_now_seats_two_people_at_one_table(new_context: NewContext,
                                                server: Server) -> None:
    # Any open table of this game and speed left by other tests is taken first.
    for summary in get(server.base, "/api/v1/tables?game=notre-dame&speed=turn"):
        for seat in summary["free"]:
            post(server.base, f"/api/v1/tables/{summary['table']}/seats/{seat}/claim",
                 {"name": "filler"})
    found = []
    for name in ("Ada", "Bea"):
        page = watched(new_context().new_page())
        lobby(page, server.base)
        page.fill(".who input[name=name]", name)
        page.select_option(".who select[name=speed]", "turn")
        page.click("button[data-play-now='notre-dame']")
        page.wait_for_url("**/play/**")
        # Ada waits for a second player; Bea's arrival begins the game.
        page.wait_for_selector("#live-status", state="attached")
        page.wait_for_timeout(1500)
        shot(page, server, f"play-now-{name}")
        found.append(page.url.split("/play/")[1].split("#")[0])
        assert not page.problems  # type: ignore[attr-defined]
    assert found[0] == found[1]
    summary = get(server.base, f"/api/v1/tables/{found[0]}")
    assert [s["name"] for s in summary["seats"]] == ["Ada", "Bea"]
    assert summary["settings"]["clock"]["kind"] == "turn"


def test_play_now_keeps_to_the_lobbys_filters(new_context: NewContext,
                                             server: Server) -> None:
    # An open two-player table of Rattus in real time: play now without the filters' player
    # count would sit there.
    post(server.base, "/api/v1/tables", {
        "game": "rattus", "players": 2, "seats": [{"kind": "human"}] * 2, "public": True,
        "clock": {"kind": "realtime"}})
    page = watched(new_context().new_page())
    lobby(page, server.base)
    page.fill(".who input[name=name]", "Ada")
    page.select_option(".who select[name=speed]", "turn")
    page.select_option("#lobby-filters select[name=players]", "3")
    page.select_option("#lobby-filters select[name=speed]", "realtime")
    page.select_option("#lobby-filters select[name=rated]", "false")
    # The filters' speed is play now's speed, shown beside the name.
    assert page.input_value(".who select[name=speed]") == "realtime"
    page.click("button[data-play-now='rattus']")
    page.wait_for_url("**/play/**")
    table = page.url.split("/play/")[1].split("#")[0]
    summary = get(server.base, f"/api/v1/tables/{table}")
    assert summary["players"] == 3
    assert summary["settings"]["clock"]["kind"] == "realtime"
    assert not summary["settings"]["rated"]
    assert "Ada" in [s["name"] for s in summary["seats"]]
    # A player count the game is not played by, or no clock: said, and no table is made.
    lobby(page, server.base)
    before = get(server.base, "/api/v1/tables?game=rattus")
    page.select_option("#lobby-filters select[name=players]", "5")
    page.click("button[data-play-now='rattus']")
    card = "article:has(button[data-play-now='rattus']) .status"
    page.wait_for_selector(f"{card}:has-text('Rattus is played by 2 to 4')")
    shot(page, server, "play-now-filters")
    page.select_option("#lobby-filters select[name=players]", "")
    page.select_option("#lobby-filters select[name=speed]", "off")
    page.click("button[data-play-now='rattus']")
    page.wait_for_selector(f"{card}:has-text('only with a clock')")
    assert page.url.rstrip("/") == server.base
    assert get(server.base, "/api/v1/tables?game=rattus") == before
    # Rated only: a guest is told to sign in (the rated table is asked for).
    page.select_option("#lobby-filters select[name=speed]", "turn")
    page.select_option("#lobby-filters select[name=rated]", "true")
    page.click("button[data-play-now='rattus']")
    page.wait_for_selector(f"{card}:has-text('sign in')")
    assert not page.problems  # type: ignore[attr-defined]


def test_friends_follow_see_tables_and_invite(new_context: NewContext,
                                              server: Server) -> None:
    bea = watched(new_context().new_page())
    sign_up(bea, server.base, "Bea Friend")
    ada = watched(new_context().new_page())
    sign_up(ada, server.base, "Ada Friend")
    lobby(ada, server.base)
    ada.wait_for_selector("#friends[data-ready=yes]")
    ada.fill("#friends input[name=follow]", "bea friend")
    ada.click("#friends button[type=submit]")
    ada.wait_for_selector("#follows button[data-unfollow='Bea Friend']")
    # Bea plays now; Ada sees Bea's table among her friends' open tables.
    lobby(bea, server.base)
    bea.select_option(".who select[name=speed]", "turn")
    bea.click("button[data-play-now='rattus']")
    bea.wait_for_url("**/play/**")
    bea_table = bea.url.split("/play/")[1].split("#")[0]
    lobby(ada, server.base)
    ada.wait_for_selector(f"#friends-tables li[data-table='{bea_table}']")
    # Ada makes a table and keeps its second seat for Bea.
    ada.fill(".who input[name=name]", "Ada")
    ada.select_option("#new-table select[name=game]", "rattus")
    ada.select_option("#new-table select[name=seat-1]", "human")
    ada.click("#new-table button[type=submit]")
    ada.wait_for_selector(".created button[data-invite='1']")
    ada.select_option(".created select[name=friend-1]", "Bea Friend")
    ada.click(".created button[data-invite='1']")
    ada.wait_for_selector(".created .invite-friend .status:has-text('Bea Friend')")
    table = ada.inner_text("#created-title").split()[1]
    shot(ada, server, "lobby-friends")
    # Bea: a notice in the lobby, the invitation in "My games", opened to her seat.
    lobby(bea, server.base)
    bea.wait_for_selector("#invite-notice")
    bea.click("#invite-notice a")
    bea.wait_for_selector(f"#invites li[data-table='{table}']")
    shot(bea, server, "my-games-invite")
    bea.click(f"#invites button[data-accept='{table}']")
    bea.wait_for_url(f"**/play/{table}#token=*")
    for page in (ada, bea):
        assert not page.problems  # type: ignore[attr-defined]
    # The phone shows the same (its own profile, signed in as Bea).
    phone = watched(new_context(viewport=PHONE).new_page())
    sign_up(phone, server.base, "Bea Friend")
    lobby(phone, server.base)
    phone.wait_for_selector("#friends[data-ready=yes]")
    shot(phone, server, "lobby-friends-phone")
    assert not phone.problems  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", ["it", "pl"])
def test_filters_friends_and_invitations_show_no_english(
        new_context: NewContext, server: Server, lang: str) -> None:
    host = watched(new_context().new_page())
    sign_up(host, server.base, f"Host {lang}")
    guest = watched(new_context(locale=f"{lang}-{lang.upper()}").new_page())
    sign_up(guest, server.base, f"Guest {lang}")
    lobby(guest, server.base)
    guest.wait_for_selector("#friends[data-ready=yes]")
    guest.fill("#friends input[name=follow]", f"Host {lang}")
    guest.click("#friends button[type=submit]")
    guest.wait_for_selector(f"#follows button[data-unfollow='Host {lang}']")
    # The host follows the guest, makes a table and keeps its second seat for them.
    lobby(host, server.base)
    host.wait_for_selector("#friends[data-ready=yes]")
    host.fill("#friends input[name=follow]", f"Guest {lang}")
    host.click("#friends button[type=submit]")
    host.wait_for_selector(f"#follows button[data-unfollow='Guest {lang}']")
    host.select_option("#new-table select[name=game]", "rattus")
    host.select_option("#new-table select[name=seat-0]", "human")
    host.select_option("#new-table select[name=seat-1]", "human")
    host.click("#new-table button[type=submit]")
    host.select_option(".created select[name=friend-1]", f"Guest {lang}")
    host.click(".created button[data-invite='1']")
    host.wait_for_selector(".created .invite-friend .status:has-text('Guest')")
    # The guest's lobby (filters, friends, the notice) and "My games" (the invitation).
    lobby(guest, server.base)
    guest.wait_for_selector("#friends[data-ready=yes]")
    guest.wait_for_selector("#invite-notice")
    guest.select_option("#lobby-filters select[name=rated]", "false")
    assert english_on(guest, lang, None) == []
    guest.click("#invite-notice a")
    guest.wait_for_selector("#invites li")
    assert english_on(guest, lang, None) == []
    for page in (host, guest):
        assert not page.problems  # type: ignore[attr-defined]
