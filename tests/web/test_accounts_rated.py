"""Rated tables in the page: the lobby's "Rated" setting; an invitation to a rated table
asks a guest to sign in and comes back to the table after; a rated game's players on the
leaderboard, their profiles (rating with its uncertainty, games played and won) and the
game's replay from a profile."""

from __future__ import annotations

import json
import random
import threading
from typing import Any
from urllib.request import Request, urlopen

from playwright.sync_api import Page

from tavola.agents.specs import make_agent
from tavola.server.remote import RemoteSeat
from tests.web.conftest import NewContext, Server, watched
from tests.web.test_accounts import PASSWORD, sign_up

API = "/api/v1"


def call(server: Server, method: str, path: str, body: dict[str, Any] | None = None,
         session: str | None = None) -> tuple[Any, str | None]:
    """Send a request as the page does (its Origin; the session cookie); return the answer
    and the session cookie it sets, if any."""
    headers = {"Origin": server.base, "Content-Type": "application/json"}
    if session:
        headers["Cookie"] = f"tavola_session={session}"
    request = Request(server.base + API + path, method=method, headers=headers,
                      data=None if body is None else json.dumps(body).encode())
    with urlopen(request, timeout=30) as answer:
        cookie = answer.headers.get("set-cookie") or ""
        value = cookie.split(";")[0].split("=", 1)[1] if cookie.startswith("tavola_") else None
        return json.loads(answer.read()), value


def rated_game(server: Server, names: tuple[str, str]) -> str:
    """Play a rated game of Rattus between two new accounts (random play, over the
    network as any client); return its table."""
    made, _ = call(server, "POST", "/tables", {
        "game": "rattus", "players": 2, "rated": True, "options": {"rounds": 20},
        "clock": {"kind": "turn"}, "seats": [{"kind": "human"}, {"kind": "human"}]})
    for seat, name in enumerate(names):
        _, session = call(server, "POST", "/accounts", {"name": name, "password": PASSWORD})
        call(server, "POST", f"/tables/{made['table']}/join",
             {"token": made["seats"][seat]["token"], "name": name}, session)
    url = server.base.replace("http", "ws") + f"{API}/tables/{made['table']}/ws"
    agents = [make_agent("random", "rattus") for _ in (0, 1)]  # before the threads
    failures: list[BaseException] = []

    def play(seat: int) -> None:
        try:
            remote = RemoteSeat(url, made["seats"][seat]["token"], timeout=120)
            try:
                remote.play(agents[seat], random.Random(seat))
            finally:
                remote.close()
        except BaseException as exc:  # reported by the test
            failures.append(exc)

    threads = [threading.Thread(target=play, args=(s,)) for s in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(300)
    assert not failures and not any(t.is_alive() for t in threads), failures
    table: str = made["table"]
    return table


def test_a_rated_invitation_asks_to_sign_in_and_comes_back(
        new_context: NewContext, server: Server) -> None:
    host = watched(new_context().new_page())
    sign_up(host, server.base, "Host Ada")
    host.goto(server.base + "/")
    host.wait_for_selector(".lobby[data-ready=yes]")
    host.fill("input[name=name]", "Ada")
    host.click("button[data-game=rattus]")
    host.select_option("select[name=players]", "2")
    host.select_option("select[name=seat-0]", "you")
    host.select_option("select[name=seat-1]", "human")
    host.click("details.settings summary")
    host.check("input[name=rated]")
    host.click("#new-table button[type=submit]")
    host.wait_for_selector("#open-my-seat")
    invite = host.locator("input.invite").input_value()
    table = invite.split("/play/")[1].split("#")[0]
    summary = json.loads(urlopen(f"{server.base}{API}/tables/{table}", timeout=30).read())
    assert summary["settings"]["rated"] and not summary["settings"]["undo"]
    # The creator, signed in, sits under the account's name.
    assert summary["seats"][0]["name"] == "Host Ada"

    guest = watched(new_context().new_page())
    guest.goto(invite)
    guest.wait_for_selector("#join:not([hidden])")
    guest.fill("#join-name", "Bea")
    guest.click("#join button[type=submit]")
    guest.wait_for_function(
        "document.querySelector('#table-page').innerText.includes('sign in')")
    guest.click("#account-sign-in")
    guest.wait_for_selector("#signin-page[data-ready=yes]")
    guest.fill("#sign-up input[name=name]", "Bea Guest")
    guest.fill("#sign-up input[name=password]", PASSWORD)
    guest.click("#sign-up button[type=submit]")
    guest.wait_for_url(f"**/play/{table}#token=*")
    guest.wait_for_selector("#join:not([hidden])")
    guest.fill("#join-name", "Bea")
    guest.click("#join button[type=submit]")
    guest.wait_for_selector("#join", state="hidden")
    guest.wait_for_function(
        "document.querySelector(\"#seats li[data-seat='1']\").innerText.includes('Bea Guest')")
    assert not host.problems and not guest.problems  # type: ignore[attr-defined]


def test_a_rated_game_shows_on_the_leaderboard_and_the_profiles(
        page: Page, server: Server) -> None:
    table = rated_game(server, ("Cleo Rated", "Dora Rated"))
    page.goto(server.base + "/#/leaders/rattus")
    page.wait_for_selector("#leaders-page[data-ready=yes]")
    rows = page.locator("#leaders tr")
    names = [rows.nth(n).get_attribute("data-name") for n in range(rows.count())]
    assert {"Cleo Rated", "Dora Rated"} <= set(names)
    assert "±" in rows.first.inner_text()
    page.click("#leaders a:text('Cleo Rated')")
    page.wait_for_selector("#profile-page[data-ready=yes]")
    assert "Cleo Rated" in page.inner_text("#profile-page h1")
    assert "1 played" in page.inner_text("#profile-facts")
    assert page.locator("#profile-ratings tr[data-game=rattus]").count() == 1
    recent = page.locator(f"#profile-recent li[data-table='{table}']")
    assert "rated" in recent.inner_text()
    page.screenshot(path=str(server.output.parent / "profile.png"))
    recent.locator("a[data-replay]").click()
    page.wait_for_url(f"**/#/replay/{table}")
    page.wait_for_selector("#replay-page", timeout=30_000)
    assert not page.problems  # type: ignore[attr-defined]
