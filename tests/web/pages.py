"""Driving the page as a person does: create tables, wait for one's turn, click choices."""

from __future__ import annotations

import json
import time
from typing import Any
from urllib.request import Request, urlopen

from playwright.sync_api import Page

TURN_WAIT = 30_000


def post(base: str, path: str, body: dict[str, Any]) -> Any:
    """POST JSON to the server; return the answer's JSON."""
    request = Request(base + path, json.dumps(body).encode(),
                      {"Content-Type": "application/json"})
    with urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


def get(base: str, path: str, token: str | None = None) -> Any:
    """GET a route of the server (with a bearer token if given); return the answer's JSON."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    with urlopen(Request(base + path, headers=headers), timeout=30) as answer:
        return json.loads(answer.read())


def await_finished(base: str, table: str, timeout: float) -> dict[str, Any]:
    """Wait until the server says `table`'s game is over (its summary, as anybody may read
    it), polling every 0.2 s; return the summary; fail after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while not (summary := get(base, f"/api/v1/tables/{table}"))["finished"]:
        if time.monotonic() > deadline:
            raise AssertionError(f"table {table}'s game did not end in {timeout:.0f} s")
        time.sleep(0.2)
    answer: dict[str, Any] = summary
    return answer


def intrige_table(base: str, seats: list[dict[str, Any]], **settings: Any) -> dict[str, Any]:
    """Create an Intrige table over HTTP, listed in the lobby; return the server's answer."""
    body: dict[str, Any] = {"game": "intrige", "players": len(seats), "seats": seats,
                            "bot_seconds": 0.5, "public": True}
    body.update(settings)
    answer: dict[str, Any] = post(base, "/api/v1/tables", body)
    return answer


def join(page: Page, name: str) -> None:
    """Answer the invitation's name form."""
    page.wait_for_selector("#join:not([hidden])")
    page.fill("#join-name", name)
    page.click("#join button[type=submit]")
    page.wait_for_selector("#join", state="hidden")


def state_id(page: Page) -> int:
    """Return the state id the page shows (-1 before the first state frame)."""
    value = page.get_attribute("#table-page", "data-state")
    return -1 if value is None else int(value)


def await_turn(page: Page, timeout: float = TURN_WAIT) -> bool:
    """Wait until the page's seat must act (True) or the game is over (False)."""
    page.wait_for_function(
        """() => { const root = document.getElementById('table-page');
                   return root && !root.classList.contains('waiting')
                     && (root.dataset.myTurn === 'yes' || root.dataset.finished === 'yes'); }""",
        timeout=timeout)
    return page.get_attribute("#table-page", "data-my-turn") == "yes"


def play_first_choices(page: Page, decisions: int, game: str) -> None:
    """Play `decisions` of the page's seat's decisions, each time its first choice, waiting
    after each for the table to move on (or the page to stop waiting); then await the turn
    again."""
    for _ in range(decisions):
        assert await_turn(page), f"{game} ended too soon"
        before = page.get_attribute("#table-page", "data-state")
        page.click("#choice-list button[data-action]")
        page.wait_for_function(
            """(before) => { const root = document.getElementById('table-page');
                 return root.dataset.state !== before
                   || !root.classList.contains('waiting'); }""", arg=before)
    assert await_turn(page)


def await_new_state(page: Page, before: int, timeout: float = TURN_WAIT) -> None:
    """Wait until the page shows a state after `before`."""
    page.wait_for_function(
        "(before) => Number(document.getElementById('table-page').dataset.state) !== before",
        arg=before, timeout=timeout)


def listed(page: Page) -> list[str]:
    """Return the actions of the numbered choice list, in order."""
    actions: list[str] = page.eval_on_selector_all(
        "#choice-list button[data-action]", "nodes => nodes.map(n => n.dataset.action)")
    return actions


def on_board(page: Page) -> list[str]:
    """Return the actions the board offers as clickable pieces or spaces."""
    actions: list[str] = page.eval_on_selector_all(
        "#board [data-action]", "nodes => nodes.map(n => n.dataset.action)")
    return actions


def selector(action: str, where: str) -> str:
    """Return the CSS selector of the element playing `action` in `where`."""
    return f'{where} [data-action="{action}"]'


def play(page: Page, action: str, where: str) -> None:
    """Click `action` on the board (`#board`) or in the list (`#choice-list`); wait until
    the server has moved on."""
    before = state_id(page)
    page.click(selector(action, where))
    await_new_state(page, before)


def cheapest_bribe(actions: list[str]) -> str | None:
    """Return the smallest bribe among `actions`, if any."""
    bribes = [a for a in actions if a.startswith("bribe:")]
    return min(bribes, key=lambda a: int(a.split(":")[1])) if bribes else None
