"""The replay viewer of a finished game: reached from "my tables" and from the final scores;
step, jump, play and pause, switch perspective, each step showing exactly what the server's
replay route sends for that seat; and the game file downloads."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import urlencode
from urllib.request import Request, urlopen

from playwright.sync_api import Page

from tests.web.conftest import NewContext, Server, watched
from tests.web.pages import await_finished, get

FINISH_SECONDS = 120.0


def create_bot_game(page: Page, server: Server) -> tuple[str, str]:
    """Set up, in the lobby, an Intrige table of three bots that no spectator may watch;
    return its id and the host token the page kept."""
    page.goto(server.base + "/")
    page.wait_for_selector(".lobby[data-ready=yes]")
    page.click("button[data-game=intrige]")
    page.select_option("select[name=players]", "3")
    page.select_option("select[name=seat-0]", "bot:greedy")
    page.select_option("select[name=seat-1]", "bot:random")
    page.select_option("select[name=seat-2]", "bot:greedy")
    page.click("details.settings summary")
    page.uncheck("input[name=spectators]")
    page.fill("input[name=bot_seconds]", "0.05")
    page.click("#new-table button[type=submit]")
    page.wait_for_selector("#created-title")
    kept = json.loads(page.evaluate("() => localStorage.getItem('tavola.tokens')"))
    table = kept[0]["table"]
    return table, kept[0]["token"]


def at_step(page: Page, step: int, seat: str) -> None:
    """Wait until the viewer shows `step` from `seat` ("spectator" or a seat number)."""
    page.wait_for_selector(
        f'#replay-page[data-ready=yes][data-step="{step}"][data-seat="{seat}"]')


def check_step(page: Page, server: Server, table: str, token: str, step: int,
               seat: int | None) -> dict[str, Any]:
    """Assert the viewer shows the server's replay of `step` as `seat` saw it."""
    at_step(page, step, "spectator" if seat is None else str(seat))
    query = {"step": step, "lang": "en"} | ({} if seat is None else {"seat": seat})
    expected: dict[str, Any] = get(server.base,
                                   f"/api/v1/tables/{table}/replay?{urlencode(query)}", token)
    shown = page.eval_on_selector_all("#log li", "nodes => nodes.map(n => n.textContent)")
    assert shown == [e["text"] for e in expected["log"]]
    assert page.get_attribute("#board", "data-module") == "intrige"
    assert page.input_value("#replay-slider") == str(step)
    return expected


def test_a_finished_game_is_replayed_from_every_perspective(
        new_context: NewContext, server: Server) -> None:
    page = watched(new_context().new_page())
    table, host = create_bot_game(page, server)
    summary = await_finished(server.base, table, FINISH_SECONDS)
    steps = summary["state"]
    assert steps > 20

    # From "my tables" in the lobby.
    page.goto(server.base + "/")
    page.wait_for_selector(".lobby[data-ready=yes]")
    page.click(f'a[data-replay="{table}"]')
    check_step(page, server, table, host, 0, None)
    assert page.inner_text("#replay-step") == f"Step 0 of {steps}"
    assert page.is_disabled("#replay-back") and page.is_disabled("#replay-first")

    page.click("#replay-next")
    check_step(page, server, table, host, 1, None)
    page.click("#replay-next")
    check_step(page, server, table, host, 2, None)
    page.click("#replay-back")
    check_step(page, server, table, host, 1, None)

    # Jump with the slider, and with the keyboard's End.
    middle = steps // 2
    page.fill("#replay-slider", str(middle))
    check_step(page, server, table, host, middle, None)
    spectator = get(server.base, f"/api/v1/tables/{table}/replay?step={middle}", host)

    # Each seat's own perspective: its own secrets, nobody else's.
    views = {}
    for seat in range(3):
        page.select_option("#replay-seat", str(seat))
        views[seat] = check_step(page, server, table, host, middle, seat)["view"]
    assert views[0] != views[1] != views[2] != spectator["view"]
    assert views[1]["viewer"] == 1 and spectator["view"]["viewer"] is None
    # The board drawn is the seat's: its own money, which the spectator's view lacks.
    assert spectator["view"].get("my_money") is None
    assert f"{views[2]['my_money']:,}" in page.inner_text("#board")

    page.select_option("#replay-seat", "spectator")
    check_step(page, server, table, host, middle, None)
    page.evaluate("() => document.activeElement.blur()")
    page.keyboard.press("End")
    check_step(page, server, table, host, steps, None)
    assert page.inner_text("#replay-turn") == "The game is over"
    assert page.is_disabled("#replay-next")

    # Play from the start, then pause: the viewer moves on by itself, one step at a time.
    page.click("#replay-first")
    check_step(page, server, table, host, 0, None)
    page.click("#replay-play")
    assert page.get_attribute("#replay-page", "data-playing") == "yes"
    at_step(page, 2, "spectator")
    page.click("#replay-play")
    assert page.get_attribute("#replay-page", "data-playing") == "no"
    paused = int(page.get_attribute("#replay-page", "data-step") or -1)
    page.wait_for_timeout(2500)
    assert int(page.get_attribute("#replay-page", "data-step") or -1) == paused

    # The game file: the record the server serves, as `tavola replay` reads it.
    with page.expect_download() as download:
        page.click("#download")
    raw = Path(download.value.path()).read_bytes()
    request = Request(f"{server.base}/api/v1/tables/{table}/record",
                      headers={"Authorization": f"Bearer {host}"})
    with urlopen(request, timeout=30) as answer:
        assert raw == answer.read(), "the file is the server's record, byte for byte"
    saved = json.loads(raw)
    assert saved["format"].startswith("tavola-record/") and len(saved["actions"]) == steps
    assert not page.problems  # type: ignore[attr-defined]


def test_the_final_scores_lead_to_the_replay(new_context: NewContext, server: Server) -> None:
    page = watched(new_context(locale="it-IT").new_page())
    table, host = create_bot_game(page, server)
    await_finished(server.base, table, FINISH_SECONDS)
    page.goto(f"{server.base}/#/table/{table}?token={host}")
    page.wait_for_selector("#result:not([hidden])")
    page.click("#replay-link")
    page.wait_for_selector('#replay-page[data-ready=yes][data-step="0"]')
    page.click("#replay-last")
    steps = get(server.base, f"/api/v1/tables/{table}", host)["state"]
    at_step(page, steps, "spectator")
    expected = get(server.base, f"/api/v1/tables/{table}/replay?step={steps}&lang=it", host)
    shown = page.eval_on_selector_all("#log li", "nodes => nodes.map(n => n.textContent)")
    assert shown == [e["text"] for e in expected["log"]]
    assert page.inner_text("#replay-turn") == "La partita è finita"
    # The same log as at the table: each seat's chip, its turns folded but the latest, each
    # earlier turn opened from its first line.
    assert page.locator("#log li .chip[data-seat]").count() > 3
    folded = page.locator("#log li.folded").count()
    assert folded > 0 and page.locator("#log li.folded").first.is_hidden()
    fold = page.locator("#log li.group-head button.fold[aria-expanded=false]").first
    fold.click()
    assert page.locator("#log li.group-head button.fold[aria-expanded=true]").count() == 1
    assert page.locator("#log li.folded").count() < folded
    # A stranger without the token is refused in one line, and the page says so.
    stranger = watched(new_context().new_page())
    stranger.goto(f"{server.base}/#/replay/{table}")
    stranger.wait_for_selector("#errors:not(:empty)")
    assert "only the players of this table may read it" in stranger.inner_text("#errors")
    assert not page.problems  # type: ignore[attr-defined]
