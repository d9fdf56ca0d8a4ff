"""The table page's layout on a laptop (1280×800) and a phone (390×844), in every language the
page speaks, for every game's board in the middle of a game and on the final scores: nothing
makes the page scroll sideways (a Notre Dame or Rattus map may scroll inside its own box), no
board text is drawn under 11 px on the laptop or 10 px on the phone, the status bar is still
on screen once the page is scrolled to its bottom, and one's choices (the final scores at the
end) are one press of the status bar away. Seat 0 is played under a 40-letter name without a
space, which must be cut short rather than widen anything. The lobby's new-table form fits a
phone and its button takes the tap; a spectator is offered no choices.

One table per game and moment serves every language and size: a person at seat 0 and random
bots; the middle of the game is a few of seat 0's decisions in, and the final scores come from
letting the stand-in bot finish seat 0's game ("Leave for now"). That page is closed as soon
as its leave has gone out, and the server is asked when the game is over: a page left open
draws every one of the bots' few hundred states, and on a busy machine that drawing held
the game back (a 4-player Notre Dame: 32 s with the page open, 2 s closed); the stand-in is
`random`, as the other seats are (the default `medium` thinks half a second a decision)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, WebSocket

from tavola.core import LANGUAGES
from tests.web.conftest import ARTIFACTS, Server, watched
from tests.web.pages import await_finished, await_turn, join, play_first_choices, post

GAMES = {"intrige": 4, "notre-dame": 4, "nottingham": 5, "rattus": 4}
OPTIONS: dict[str, dict[str, Any]] = {"rattus": {"rounds": 20}}
LANGS = LANGUAGES
SIZES = {"laptop": (1280, 800), "phone": (390, 844)}
SMALLEST = {"laptop": 11.0, "phone": 10.0}
LONG_NAME = "Bartholomew" * 3 + "Aleksan"
FINISH_MS = 120_000

# Every element of the board with text of its own, at the size a reader sees its letters:
# its font size times the drawing's scale across and down (an SVG's current transformation
# to the screen, or for HTML its drawn box against its laid-out box), and across also times
# any squeeze of the line (an SVG <text> drawn to a `textLength`: its drawn width against
# the width of the same text, unsqueezed, measured beside it). A label squeezed or scaled
# down below the floor is as hard to read as one set in a small font. Hidden elements (no
# box) are left out. Each: [size, text, font size, scale down, scale across, squeeze].
BOARD_TEXT = """() => {
  const found = [];
  const squeezes = new Map();
  // The share of its own width a <text> is drawn at (1: not squeezed, nor stretched).
  const squeezeOf = (text) => {
    if (squeezes.has(text)) return squeezes.get(text);
    let share = 1;
    const adjusted = [text, ...text.querySelectorAll('*')]
      .filter((n) => n.hasAttribute('textLength') || n.hasAttribute('lengthAdjust'));
    if (adjusted.length) {
      const free = text.cloneNode(true);
      for (const n of [free, ...free.querySelectorAll('*')]) {
        n.removeAttribute('textLength');
        n.removeAttribute('lengthAdjust');
        n.removeAttribute('id');
      }
      free.setAttribute('aria-hidden', 'true');
      text.parentNode.insertBefore(free, text);
      const natural = free.getBBox().width;
      const drawn = text.getBBox().width;
      free.remove();
      if (natural > 0) share = drawn / natural;
    }
    squeezes.set(text, share);
    return share;
  };
  for (const node of document.querySelectorAll('#board *')) {
    const own = [...node.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim());
    if (!own) continue;
    const box = node.getBoundingClientRect();
    const style = getComputedStyle(node);
    if (!box.width || !box.height || style.visibility === 'hidden') continue;
    const font = parseFloat(style.fontSize);
    let down = 1;
    let across = 1;
    let squeeze = 1;
    if (node instanceof SVGElement) {
      const m = node.getScreenCTM();
      across = Math.hypot(m.a, m.b);
      down = Math.hypot(m.c, m.d);
      const text = node.closest('text');
      if (text) squeeze = squeezeOf(text);
    } else if (node instanceof HTMLElement && node.offsetWidth && node.offsetHeight) {
      across = box.width / node.offsetWidth;
      down = box.height / node.offsetHeight;
    }
    const size = font * Math.min(down, across * Math.min(1, squeeze));
    found.push([size, node.textContent.trim().slice(0, 30), font, down, across, squeeze]);
  }
  return found;
}"""


# Whether an element is on screen and is what a finger at its centre would touch.
ON_SCREEN = """(selector) => {
  const node = document.querySelector(selector);
  if (!node) return 'missing';
  const box = node.getBoundingClientRect();
  if (box.top < 0 || box.bottom > innerHeight || box.left < 0 || box.right > innerWidth
      || !box.width || !box.height) {
    return `off screen: ${JSON.stringify(box)}`;
  }
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return node.contains(hit) ? 'yes' : `covered by ${hit ? hit.outerHTML.slice(0, 80) : null}`;
}"""


# Every name in the final scores stays inside its cell, cut with "…" where it is too long.
NAMES_CUT = """() => [...document.querySelectorAll('#result .name')].every((node) => {
  const box = node.getBoundingClientRect();
  const cell = node.closest('th').getBoundingClientRect();
  return box.right <= cell.right + 1 && getComputedStyle(node).textOverflow === 'ellipsis';
})"""


# The names in the final scores cut short (wider or taller than their box: on one line, or
# after a second), by their whole names.
NAMES_SHORTENED = """() => [...document.querySelectorAll('#result .name')]
  .filter((node) => node.scrollWidth > node.clientWidth + 1
    || node.scrollHeight > node.clientHeight + 1).map((node) => node.title)"""


# No header of the final scores breaks inside a word ("Posizion/e"): each word (split at
# spaces and at the soft hyphens a word may carry) has its first and last letters on one
# line; return those broken.
HEADERS_WHOLE = """() => [...document.querySelectorAll('#result thead th')].flatMap((th) => {
  const text = th.firstChild;
  if (!text || text.nodeType !== Node.TEXT_NODE) return [];
  const range = document.createRange();
  const lineOf = (at) => {
    range.setStart(text, at);
    range.setEnd(text, at + 1);
    const boxes = range.getClientRects();
    return Math.round(boxes[boxes.length - 1].top);
  };
  return [...text.data.matchAll(/[^\\s\\u00ad]+/g)]
    .filter((m) => lineOf(m.index) !== lineOf(m.index + m[0].length - 1)).map((m) => m[0]);
})"""


def new_table(server: Server, game: str) -> dict[str, Any]:
    """Create a table of `game`: a person at seat 0, random bots at the others, and a
    turn-based clock (a day a decision: shown, as a clock is at every table with a person,
    but never run out while the module's pages look at the same position; the default
    real-time bank ran out on a busy machine and a stand-in took the seat)."""
    players = GAMES[game]
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
    made: dict[str, Any] = post(server.base, "/api/v1/tables", {
        "game": game, "players": players, "seats": seats, "bot_seconds": 0.05,
        "clock": {"kind": "turn"}, "zombie_bot": "random",
        "options": OPTIONS.get(game, {})})
    return made


def sit_down(browser: Browser, server: Server,
             game: str) -> tuple[Page, str, str, list[WebSocket]]:
    """Take seat 0 of a new table of `game` under the long name; return the page, the link,
    the table's id and the page's websockets."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-GB",
                                  reduced_motion="reduce")
    context.set_default_timeout(20_000)
    page = watched(context.new_page())
    sockets: list[WebSocket] = []
    page.on("websocket", lambda socket: sockets.append(socket))
    made = new_table(server, game)
    link: str = made["seats"][0]["invite"]
    page.goto(link)
    join(page, LONG_NAME)
    return page, link, made["table"], sockets


@pytest.fixture(scope="module")
def tables(browser: Browser, server: Server) -> Iterator[dict[tuple[str, str], str]]:
    """Seat 0's link at a table of each game in the middle of a game and at its end."""
    links: dict[tuple[str, str], str] = {}
    ending: list[str] = []
    for game in GAMES:
        page, link, _, _ = sit_down(browser, server, game)
        play_first_choices(page, 4, game)
        links[(game, "middle")] = link
        assert not page.problems, page.problems  # type: ignore[attr-defined]
        page.context.close()
        page, link, table, sockets = sit_down(browser, server, game)
        # The stand-in bot plays the rest of seat 0's game; the page closes as soon as its
        # "leave" has gone out on the socket (the server reads it before the closing).
        with sockets[-1].expect_event("framesent", lambda sent: '"leave"' in str(sent)):
            page.click("#leave")
        assert not page.problems, page.problems  # type: ignore[attr-defined]
        page.context.close()
        links[(game, "end")] = link
        ending.append(table)
    for table in ending:
        await_finished(server.base, table, FINISH_MS / 1000)
    yield links


def open_seat(browser: Browser, link: str, lang: str, size: str) -> Page:
    """Open a seat's link in a fresh profile of the given language and screen size."""
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height}, locale=lang,
                                  reduced_motion="reduce")
    context.set_default_timeout(20_000)
    context.add_init_script(f"localStorage.setItem('tavola.lang', '{lang}')")
    return watched(context.new_page())


# The lines on Nottingham's cards (the drawn card, the hand, the cards laid out, the ambush
# cards) cut short with "…": each must be whole.
CARDS_CUT = """() => [...document.querySelectorAll('#board .nh-card text, #board .nh-ambush text')]
  .map((node) => node.textContent).filter((line) => line.endsWith('…'))"""


def check_fits(page: Page, size: str, where: str) -> None:
    """Nothing scrolls sideways; no board text is smaller than the size allows."""
    width = page.evaluate("() => document.scrollingElement.scrollWidth")
    inner = page.evaluate("() => innerWidth")
    assert width <= inner, f"{where}: the page is {width} px wide on a {inner} px screen"
    texts: list[list[Any]] = page.evaluate(BOARD_TEXT)
    assert len(texts) > 10, f"{where}: the board shows almost no text"
    small = sorted((t for t in texts if t[0] < SMALLEST[size] - 0.01), key=lambda t: t[0])
    shown = [f"{t[1]!r} at {t[0]:.1f} px (font {t[2]:g}, scale {t[3]:.2f}, squeezed to "
             f"{t[5]:.0%})" for t in small[:6]]
    assert not small, f"{where}: board text under {SMALLEST[size]} px: {shown}"
    assert LONG_NAME not in page.inner_text("#board"), f"{where}: the long name is not cut"
    assert page.evaluate(CARDS_CUT) == [], f"{where}: a card's name or action is cut"


def snap(page: Page, name: str) -> None:
    """Save the whole page as the reader sees it, under tests/artifacts/layout/, to look at."""
    out = ARTIFACTS / "layout"
    out.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / ".gitignore").write_text("*\n")
    page.screenshot(path=str(out / f"{name}.png"), full_page=True, timeout=60_000)


def check_status_bar(page: Page, where: str) -> None:
    """The status bar is on screen and uncovered once the page is scrolled to its bottom."""
    page.evaluate("() => window.scrollTo(0, document.scrollingElement.scrollHeight)")
    page.wait_for_timeout(50)
    assert page.evaluate("() => window.scrollY") > 0, f"{where}: the page does not scroll"
    assert page.evaluate(ON_SCREEN, "#status-bar") == "yes", where
    assert page.evaluate(ON_SCREEN, "#turn") == "yes", where


# The final scores' breakdown: each source named in the page's words (never its key), and
# each seat's total, under its swatch, equal to its score in the ranking above.
BREAKDOWN = """() => {
  const box = document.getElementById('breakdown');
  if (!box) return null;
  const seats = [...box.querySelectorAll('thead th')].map((th) => th.dataset.seat);
  const sources = [...box.querySelectorAll('tbody tr.source th')].map((th) => th.textContent);
  const totals = [...box.querySelectorAll('tfoot tr.points td')].map((td) => td.textContent);
  const scores = {};
  for (const row of document.querySelectorAll('#result > table tbody tr')) {
    const seat = row.querySelector('[data-seat]').dataset.seat;
    scores[seat] = row.querySelectorAll('td')[1].textContent;
  }
  return { seats, sources, totals, scores };
}"""


def check_breakdown(page: Page, where: str) -> None:
    """The final scores say how each score adds up, in the page's words, to the score."""
    got = page.evaluate(BREAKDOWN)
    assert got is not None, f"{where}: no breakdown of the scores"
    assert len(got["sources"]) >= 2, where
    assert not [x for x in got["sources"] if "_" in x or "." in x], (where, got["sources"])
    assert [got["scores"][seat] for seat in got["seats"]] == got["totals"], (where, got)


@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_table_fits_and_keeps_the_turn_and_choices_in_reach(
        browser: Browser, tables: dict[tuple[str, str], str], game: str, lang: str,
        size: str) -> None:
    where = f"{game} in the middle, {lang}, {size}"
    page = open_seat(browser, tables[(game, "middle")], lang, size)
    page.goto(tables[(game, "middle")])
    assert await_turn(page), where
    assert page.get_attribute("#board", "data-module") == game
    check_fits(page, size, where)
    snap(page, f"{game}-middle-{lang}-{size}")
    prompt = page.inner_text("#prompt")
    assert prompt and prompt in page.inner_text("#turn"), f"{where}: the bar names the decision"
    assert page.get_attribute("#turn", "data-mine") == "yes"
    check_status_bar(page, where)
    # From the bottom of the page, the status bar leads to the choices.
    page.click("#to-choices")
    assert page.evaluate(ON_SCREEN, "#choice-list button[data-action]") == "yes", where
    check_status_bar(page, where)
    assert not page.problems, page.problems  # type: ignore[attr-defined]

    where = f"{game} at the end, {lang}, {size}"
    page.goto(tables[(game, "end")])
    page.wait_for_selector("#table-page[data-finished=yes] #result:not([hidden])")
    check_fits(page, size, where)
    snap(page, f"{game}-end-{lang}-{size}")
    rows = page.locator("#result > table tbody tr")
    assert rows.count() == GAMES[game]
    titles = page.eval_on_selector_all("#result .name", "nodes => nodes.map((n) => n.title)")
    assert LONG_NAME in titles, f"{where}: the whole name is in the tooltip"
    assert page.evaluate(NAMES_CUT), f"{where}: a name runs out of its cell"
    # A bot's name ("Bot (random)", "Bot (casuale)", "Bot (losowy)") has room, on a phone too.
    assert set(page.evaluate(NAMES_SHORTENED)) <= {LONG_NAME}, where
    assert page.evaluate(HEADERS_WHOLE) == [], f"{where}: a header breaks inside a word"
    check_breakdown(page, where)

    check_status_bar(page, where)
    page.click("#to-choices")
    assert page.evaluate(ON_SCREEN, "#result h2") == "yes", where
    assert not page.problems, page.problems  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_spectator_is_offered_no_choices(
        browser: Browser, tables: dict[tuple[str, str], str], size: str) -> None:
    page = open_seat(browser, tables[("nottingham", "middle")].split("#")[0], "en", size)
    page.goto(tables[("nottingham", "middle")].split("#")[0])
    page.wait_for_selector("#table-page[data-state]")
    assert page.get_attribute("#table-page", "data-you") == "spectator"
    assert page.locator("#choices").is_hidden()
    assert page.locator("#to-choices").is_hidden()
    assert "Nothing to choose" not in page.inner_text("body")
    check_fits(page, size, f"nottingham as a spectator, {size}")
    check_status_bar(page, f"nottingham as a spectator, {size}")
    assert page.inner_text("#turn")
    assert not page.problems, page.problems  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_the_lobby_form_fits_a_phone_and_takes_the_tap(
        browser: Browser, server: Server, lang: str) -> None:
    page = open_seat(browser, server.base, lang, "phone")
    page.goto(server.base + "/")
    page.wait_for_selector(".lobby[data-ready=yes]")
    page.fill("input[name=name]", LONG_NAME)
    # The game with the most seats, each seat's menu carrying every bot's description.
    page.click("button[data-game=nottingham]")
    page.select_option("select[name=players]", "7")
    width = page.evaluate("() => document.scrollingElement.scrollWidth")
    assert width <= SIZES["phone"][0], f"the lobby is {width} px wide"
    form = page.locator("#new-table").bounding_box()
    assert form is not None and form["x"] >= 0 and form["x"] + form["width"] <= 390, form
    submit = "#new-table button[type=submit]"
    page.locator(submit).scroll_into_view_if_needed()
    assert page.evaluate(ON_SCREEN, submit) == "yes"
    page.click(submit)  # with Playwright's own check that nothing else takes the click
    page.wait_for_selector("#created-title")
    assert not page.problems, page.problems  # type: ignore[attr-defined]
    page.context.close()
