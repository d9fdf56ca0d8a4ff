"""Rated tables in the page: the lobby's "Rated" setting; an invitation to a rated table
asks a guest to sign in and comes back to the table after; a rated game's players on the
leaderboard, their profiles (rating with its uncertainty, games played and won) and the
game's replay from a profile."""

from __future__ import annotations

import contextlib
import json
import random
import time
from typing import Any
from urllib.error import HTTPError
from urllib.request import Request, urlopen

from playwright.sync_api import Page
from websockets.sync.client import connect

from tests.server.helpers import IDLE, Pace
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
        try:
            _, session = call(server, "POST", "/accounts", {"name": name, "password": PASSWORD})
        except HTTPError as exc:
            assert exc.code == 409, exc  # made by another test: sign in
            _, session = call(server, "POST", "/session", {"name": name, "password": PASSWORD})
        call(server, "POST", f"/tables/{made['table']}/join",
             {"token": made["seats"][seat]["token"], "name": name}, session)
    url = server.base.replace("http", "ws") + f"{API}/tables/{made['table']}/ws"
    play_out(url, [s["token"] for s in made["seats"]], random.Random(7))
    table: str = made["table"]
    return table


def play_out(url: str, seat_tokens: list[str], rng: random.Random) -> None:
    """Play every seat at random over the network until the game is over, as slowly as the
    server's frame limit asks (a refused frame is sent again a moment later)."""
    with contextlib.ExitStack() as stack:
        sockets = [stack.enter_context(connect(url, open_timeout=30)) for _ in seat_tokens]
        latest: list[dict[str, Any] | None] = [None] * len(sockets)
        for ws, token in zip(sockets, seat_tokens, strict=True):
            ws.send(json.dumps({"type": "hello", "protocol": 1, "token": token}))
        paces = [Pace() for _ in sockets]
        deadline = time.monotonic() + 300
        while not all(f is not None and f["finished"] for f in latest):
            assert time.monotonic() < deadline, "the rated game did not finish"
            quiet = True
            for seat, ws in enumerate(sockets):
                try:
                    frame = json.loads(ws.recv(0))  # what has arrived, never waiting
                except TimeoutError:
                    continue
                quiet = False
                resend = frame["type"] == "error" and frame.get("code") == "too_many_frames"
                if frame["type"] == "state":
                    latest[seat] = frame
                elif not resend:
                    continue
                now = latest[seat]
                if resend:
                    time.sleep(1.0)
                if now and not now["finished"] and seat in now["to_act"] and now["legal"]:
                    paces[seat].wait()
                    ws.send(json.dumps({"type": "action", "seat": seat, "state": now["state"],
                                        "action": rng.choice(now["legal"])["action"]}))
            if quiet:
                time.sleep(IDLE)


def test_a_rated_invitation_asks_to_sign_in_and_comes_back(
        new_context: NewContext, server: Server) -> None:
    host = watched(new_context().new_page())
    sign_up(host, server.base, "Bea Rossi")
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
    # The creator, signed in, sits under the account's name (the page joins just after
    # showing the links).
    deadline = time.monotonic() + 30
    while True:
        summary = json.loads(urlopen(f"{server.base}{API}/tables/{table}", timeout=30).read())
        if summary["seats"][0]["name"] or time.monotonic() > deadline:
            break
        time.sleep(0.2)
    assert summary["settings"]["rated"] and not summary["settings"]["undo"]
    assert summary["seats"][0]["name"] == "Bea Rossi"

    guest = watched(new_context().new_page())
    guest.goto(invite)
    guest.wait_for_selector("#join:not([hidden])")
    guest.fill("#join-name", "Bea")
    guest.click("#join button[type=submit]")
    guest.locator("#table-page", has_text="sign in to sit at a rated table").wait_for()
    guest.click("#account-sign-in")
    guest.wait_for_selector("#signin-page[data-ready=yes]")
    guest.fill("#sign-up input[name=name]", "Bea Guest")
    guest.fill("#sign-up input[name=password]", PASSWORD)
    guest.click("#sign-up button[type=submit]")
    guest.wait_for_selector("#table-page, #sign-up .status.bad")
    if guest.locator("#sign-up .status.bad").count():  # made by another test: sign in
        guest.fill("#sign-in input[name=name]", "Bea Guest")
        guest.fill("#sign-in input[name=password]", PASSWORD)
        guest.click("#sign-in button[type=submit]")
    guest.wait_for_url(f"**/play/{table}#token=*")
    guest.wait_for_selector("#join:not([hidden])")
    guest.fill("#join-name", "Bea")
    guest.click("#join button[type=submit]")
    guest.wait_for_selector("#join", state="hidden")
    guest.locator("#seats li[data-seat='1']", has_text="Bea Guest").wait_for()
    assert not host.problems and not guest.problems  # type: ignore[attr-defined]


def test_a_rated_game_shows_on_the_leaderboard_and_the_profiles(
        page: Page, server: Server) -> None:
    table = rated_game(server, ("Bea Rossi", "Bea Guest"))
    page.goto(server.base + "/#/leaders/rattus")
    page.wait_for_selector("#leaders-page[data-ready=yes]")
    rows = page.locator("#leaders tr")
    names = [rows.nth(n).get_attribute("data-name") for n in range(rows.count())]
    assert {"Bea Rossi", "Bea Guest"} <= set(names)
    assert "±" in rows.first.inner_text()
    page.click("#leaders a:text('Bea Guest')")
    page.wait_for_selector("#profile-page[data-ready=yes]")
    assert "Bea Guest" in page.inner_text("#profile-page h1")
    assert "among people: 1 played" in page.inner_text("#profile-facts")
    assert page.locator("#profile-ratings tr[data-game=rattus]").count() == 1
    recent = page.locator(f"#profile-recent li[data-table='{table}']")
    assert "rated" in recent.inner_text()
    page.screenshot(path=str(server.output.parent / "profile.png"))
    recent.locator("a[data-replay]").click()
    page.wait_for_url(f"**/#/replay/{table}")
    page.wait_for_selector("#replay-page", timeout=30_000)
    assert not page.problems  # type: ignore[attr-defined]
