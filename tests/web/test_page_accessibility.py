"""An accessibility audit of the page with axe-core (PyPI `axe-playwright-python`, which ships
axe-core's own script: nothing is fetched while testing) in Chromium, in English: the lobby,
every game's table with bots in the middle of a game, the rules panel and the replay viewer.
Any violation axe rates "serious" or "critical" fails. Beside the audit: a seat's colour is
never the only cue (each mark of a seat's colour carries the seat's initial), and the
keyboard's focus is always visible."""

from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

from tavola.core import info
from tests.web.conftest import NewContext, Server, watched
from tests.web.pages import await_finished, await_turn, join, post

GAMES = ("intrige", "notre-dame", "nottingham", "rattus")
SERIOUS = ("serious", "critical")
FINISH_SECONDS = 180.0


def audit(page: Page, where: str) -> None:
    """Fail on any serious or critical violation axe finds in the page, naming each one with
    the elements it concerns."""
    results = Axe().run(page, options={"resultTypes": ["violations"]})
    found = [v for v in results.response["violations"] if v["impact"] in SERIOUS]
    report = [f"{v['id']} ({v['impact']}): {v['help']} at "
              + "; ".join(" ".join(map(str, n["target"])) for n in v["nodes"][:5])
              for v in found]
    assert report == [], f"{where}:\n" + "\n".join(report)
    # axe really looked: it ran its rules over the page's elements.
    assert results.response["testEngine"]["name"] == "axe-core"


def bots_table(server: Server, game: str, human: bool = True) -> dict[str, Any]:
    """Create a table of `game` with the fewest seats: a person at seat 0 (unless not
    `human`) and random bots at the others."""
    players = info(game).min_players
    seats = ([{"kind": "human"}] if human else [{"kind": "bot", "bot": "random"}])
    seats += [{"kind": "bot", "bot": "random"}] * (players - 1)
    made: dict[str, Any] = post(server.base, "/api/v1/tables",
                                {"game": game, "players": players, "seats": seats,
                                 "bot_seconds": 0.05, "public": True})
    return made


SHOWN = """() => document.getElementById('table-page').dataset.state + ' '
  + [...document.querySelectorAll('#choice-list button[data-action]')]
      .map((n) => n.dataset.action).join(' ')"""


def mid_game(page: Page, server: Server, game: str) -> None:
    """Sit at seat 0 of a new table of `game` with bots and play a few decisions, so the
    board holds pieces of several seats."""
    made = bots_table(server, game)
    page.goto(made["seats"][0]["invite"])
    join(page, "Ada")
    for _ in range(4):
        assert await_turn(page), f"{game} ended before the audit"
        # A choice moves the game on, or (made in several steps) asks for its next step.
        before = page.evaluate(SHOWN)
        page.click("#choice-list button[data-action]")
        page.wait_for_function(f"(before) => ({SHOWN})() !== before", arg=before)
    assert await_turn(page)
    assert page.get_attribute("#board", "data-module") == game


def test_the_lobby_and_the_rules_panel_pass_the_audit(page: Page, server: Server) -> None:
    bots_table(server, "rattus")  # an open table in the lobby's list
    page.goto(server.base + "/")
    page.wait_for_selector(".lobby[data-ready=yes]")
    page.click("details.settings summary")
    audit(page, "the lobby")
    # A new table's links: my seat, the invitations with their copy buttons.
    page.fill("input[name=name]", "Ada")
    page.click("button[data-game=nottingham]")
    page.select_option("select[name=seat-1]", "human")
    page.click("#new-table button[type=submit]")
    page.wait_for_selector("#open-my-seat")
    audit(page, "the lobby with a new table's links")
    for game in GAMES:
        page.click(f"button[data-rules={game}]")
        page.wait_for_selector("dialog#rules[data-ready=yes]")
        audit(page, f"the rules of {game}")
        page.keyboard.press("Escape")
        page.wait_for_selector("dialog#rules", state="detached")
    assert not page.problems  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", GAMES)
def test_every_games_table_passes_the_audit_in_the_middle_of_a_game(
        page: Page, server: Server, game: str) -> None:
    mid_game(page, server, game)
    audit(page, f"the {game} table")
    page.click("#rules-button")
    page.wait_for_selector("dialog#rules[data-ready=yes]")
    audit(page, f"the rules panel of the {game} table")
    page.keyboard.press("Escape")
    assert not page.problems  # type: ignore[attr-defined]


def test_the_replay_viewer_passes_the_audit(page: Page, server: Server) -> None:
    made = bots_table(server, "rattus", human=False)
    table = made["table"]
    await_finished(server.base, table, FINISH_SECONDS)
    page.goto(f"{server.base}/#/replay/{table}")
    page.wait_for_selector('#replay-page[data-ready=yes][data-step="0"]')
    page.click("#replay-next")
    page.click("#replay-next")
    page.wait_for_selector('#replay-page[data-ready=yes][data-step="2"]')
    audit(page, "the replay viewer")
    page.select_option("#replay-seat", "0")
    page.wait_for_selector('#replay-page[data-ready=yes][data-seat="0"]')
    audit(page, "the replay viewer as seat 0")
    assert not page.problems  # type: ignore[attr-defined]


# -- colour is never the only cue -----------------------------------------------------------

MARKS = """async (players) => {
  const { colour } = await import('/static/table.js');
  // Each seat's colour as the page paints it: the game's colour word from the server's seats.
  const rows = [...document.querySelectorAll('#seats li[data-seat] .swatch')].map(
    (n) => ({ colour: n.dataset.colour || null }));
  const probe = document.createElement('div');
  document.body.appendChild(probe);
  const paint = (value) => { probe.style.color = value; return getComputedStyle(probe).color; };
  const seats = new Map();
  for (let seat = 0; seat < players; seat += 1) {
    const look = colour(seat, rows);
    seats.set(paint(look.fill), look.initial);
  }
  probe.remove();
  const found = [];
  const bad = [];
  for (const node of document.querySelectorAll('#board *, #seats *')) {
    if (node.closest('title, text')) continue;
    const style = getComputedStyle(node);
    const svg = node instanceof SVGElement;
    const filled = svg ? style.fill : style.backgroundColor;
    if (!seats.has(filled) || style.display === 'none' || style.visibility === 'hidden') continue;
    if (svg && ['g', 'svg', 'title', 'defs'].includes(node.tagName)) continue;
    const initial = seats.get(filled);
    // The seat's initial is drawn on the mark: in the same group (SVG) or in the element.
    const scope = svg ? node.parentElement : node;
    const texts = svg ? [...scope.querySelectorAll('text')].map((t) => t.textContent.trim())
      : [node.textContent.trim()];
    // A seat's panel drawn in parts: any part of the same seat's panel may carry it.
    const seat = svg ? scope.getAttribute('data-seat') : null;
    if (seat !== null && node.ownerSVGElement) {
      for (const part of node.ownerSVGElement.querySelectorAll(`[data-seat="${seat}"] text`)) {
        texts.push(part.textContent.trim());
      }
    }
    found.push(initial);
    const what = `${node.tagName}.${node.getAttribute('class')} of colour ${filled}`;
    if (!texts.includes(initial)) bad.push(`${what} without the initial ${initial}`);
  }
  return { found, bad };
}"""


@pytest.mark.parametrize("game", GAMES)
def test_every_mark_of_a_seats_colour_carries_its_initial(
        page: Page, server: Server, game: str) -> None:
    mid_game(page, server, game)
    players = info(game).min_players
    marks: dict[str, list[str]] = page.evaluate(MARKS, players)
    assert marks["bad"] == []
    # Every seat has marks of its colour (the list of seats at least), so the check saw them.
    assert len(set(marks["found"])) == players, marks["found"]
    assert not page.problems  # type: ignore[attr-defined]


# -- the keyboard's focus is visible ----------------------------------------------------------

FOCUSED = """() => {
  const node = document.activeElement;
  if (!node || node === document.body) return null;
  const box = node.getBoundingClientRect();
  return { tag: node.tagName, id: node.id, action: node.getAttribute('data-action') || '',
           board: Boolean(node.closest('#board')),
           x: box.x, y: box.y, width: box.width, height: box.height };
}"""


def focus_shows(page: Page, stops: int, where: str) -> list[str]:
    """Tab through `stops` focus stops; at each, compare the focused element's surroundings
    with the same place once the focus has left it (nothing else changing in between):
    they must differ, so the focus is seen. Return the tags visited."""
    visited = []
    for _ in range(stops):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        if focused is None:
            break
        if focused["width"] == 0 or focused["height"] == 0:
            continue
        page.evaluate("(node) => node.scrollIntoView({block: 'center'})",
                      page.evaluate_handle("() => document.activeElement"))
        focused = page.evaluate(FOCUSED)
        pad = 6
        clip = {"x": max(0, focused["x"] - pad), "y": max(0, focused["y"] - pad),
                "width": focused["width"] + 2 * pad, "height": focused["height"] + 2 * pad}
        shown = page.screenshot(clip=clip)
        handle = page.evaluate_handle("() => document.activeElement")
        page.evaluate("(node) => node.blur()", handle)
        hidden = page.screenshot(clip=clip)
        label = f"{focused['tag']}#{focused['id']}{focused['action']}"
        assert shown != hidden, f"{where}: the focus on {label} cannot be seen"
        page.evaluate("(node) => node.focus()", handle)
        visited.append("BOARD" if focused["board"] else focused["tag"])
    return visited


def test_the_keyboards_focus_is_always_visible(
        new_context: NewContext, server: Server) -> None:
    page = watched(new_context().new_page())
    page.goto(server.base + "/")
    page.wait_for_selector(".lobby[data-ready=yes]")
    visited = focus_shows(page, 40, "the lobby")
    assert {"A", "SELECT", "BUTTON", "INPUT"} <= set(visited), visited
    mid_game(page, server, "intrige")
    page.mouse.click(1, 1)  # a click leaves no focus ring behind; the keyboard brings it
    visited = focus_shows(page, 40, "the Intrige table")
    # The board's own buttons (rooms, parks: SVG) and the page's.
    assert {"BOARD", "BUTTON"} <= set(visited), visited
    assert not page.problems  # type: ignore[attr-defined]
