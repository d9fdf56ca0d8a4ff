"""The Notre Dame board module of the browser page (`tavola/web/static/games/notre-dame.js`),
drawn in real Chromium from the views of real games.

A tiny HTTP server serves `tavola/web/static/` plus a harness page (kept in memory, under
`/__harness__/`, with the page's content security policy) that imports the module and lets the
test render any view with any choices. Positions come from random play of whole games for every
player count; each is drawn for every pending seat and for a spectator. The checks: no script
or console error; every choice with a place on the board is exactly one button that plays its
action by click, Enter and Space; no card hidden from a seat or spectator appears; Italian and
Polish drawings carry no English tooltip text; the module's copies of the game's data equal
the game's. Screenshots at 1280x800 and 390x844 go to `tests/artifacts/`.
"""

from __future__ import annotations

import json
import random
import re
import threading
from collections import Counter
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from playwright import sync_api

import tavola
from tavola.games.notre_dame.components import (
    CHARACTER_NAMES,
    CHARACTER_RATS,
    KIND_NAMES,
    LINK_ROADS,
    QUARTER_ROADS,
)

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "tavola" / "web" / "static"
ARTIFACTS = ROOT / "tests" / "artifacts"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]

# Never skipped: a machine without Debian's Chromium fails here with this message.
assert CHROMIUM.exists(), "the browser tests need Debian's chromium (apt-get install chromium)"

# The page's policy as the server sends it: no inline script or style, nothing from
# elsewhere. A module that wrote inline style markup would raise a console error the checks
# below catch.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; "
       "connect-src 'self' ws: wss:; img-src 'self' data:; object-src 'none'; "
       "base-uri 'none'; frame-ancestors 'none'")

HARNESS_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Notre Dame board harness</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/games/notre-dame.css">
<script type="module" src="/__harness__/harness.js"></script>
</head><body><div id="board"></div></body></html>
"""

HARNESS_JS = """
import * as nd from "/games/notre-dame.js";
// The shell's own seat colours and marks (table.js), not the game's colour names.
const PALETTE = ["#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2"];
window.nd = nd;
window.picks = [];
window.show = (view, options) => {
  const ctx = {
    seat: options.seat, players: view.players.length, names: options.names,
    lang: options.lang, t: (key) => key, choices: options.choices,
    pick: (action) => { window.picks.push(action); },
    colour: (seat) => ({ fill: PALETTE[seat], initial: String(seat + 1) }),
  };
  const board = document.getElementById("board");
  nd.render(board, view, ctx);
  const buttons = [...board.querySelectorAll("[data-action]")];
  const tipped = ".nd-sector, .nd-card, .nd-character, .nd-carriage, .nd-message, "
    + ".nd-rat-track, .nd-bell, .nd-friend, .nd-cathedral, .nd-square";
  // Press every button through the DOM (real pointer clicks are sampled from Python).
  const before = window.picks.length;
  if (options.press) {
    for (const e of buttons) e.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  }
  const markup = board.innerHTML;
  return {
    pressed: window.picks.slice(before),
    leaked: (options.hidden || []).filter((card) => markup.includes(card)),
    actions: buttons.map((e) => e.getAttribute("data-action")),
    malformed: buttons.filter((e) => e.getAttribute("role") !== "button"
      || e.getAttribute("tabindex") !== "0" || !e.getAttribute("aria-label")
      || !e.querySelector(".nd-halo")).length,
    untitled: [...board.querySelectorAll(tipped)].filter(
      (e) => ![...e.children].some((c) => c.tagName === "title")).length,
    cards: [...board.querySelectorAll("[data-card]")].map((e) => e.getAttribute("data-card")),
    words: options.words ? [...board.querySelectorAll("title, text")].map(
      (e) => e.textContent) : [],
    markup: options.markup ? markup : "",
  };
};
window.ready = true;
"""

NAMES = ["Ada", "Bruno", "Celina", "Dario", "Ewa"]
NOT_ON_BOARD = {"pass", "forgo", "leave", "pieces"}
"""Choice kinds with no place on the board: the shell's list offers them."""


class _Handler(SimpleHTTPRequestHandler):
    """Serve the static folder, the in-memory harness, and the page's security policy."""

    def do_GET(self) -> None:
        pages = {"/__harness__/index.html": (HARNESS_HTML, "text/html"),
                 "/__harness__/harness.js": (HARNESS_JS, "text/javascript")}
        if self.path in pages:
            body, kind = pages[self.path]
            data = body.encode()
            self.send_response(200)
            self.send_header("Content-Type", f"{kind}; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            return
        super().do_GET()

    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        return


@pytest.fixture(scope="module")
def board_server() -> Iterator[str]:
    """Serve the static folder on a free local port."""
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), partial(_Handler, directory=str(STATIC)))
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


class Page:
    """The harness page in Chromium, with every script and console error it reports."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.errors: list[str] = []
        page.on("pageerror", lambda exc: self.errors.append(f"pageerror: {exc}"))
        page.on("console", lambda msg: self.errors.append(f"console: {msg.text}")
                if msg.type == "error" else None)

    def show(self, view: dict[str, Any], seat: int | None, choices: list[dict[str, str]],
             lang: str = "en", **extra: Any) -> dict[str, Any]:
        """Render a view and return the harness's summary of the drawing; `extra` asks for
        more (`press`: press every button, `hidden`: cards to look for, `words`: every
        text and tooltip, `markup`: the drawing's markup)."""
        options = {"seat": seat, "choices": choices, "lang": lang,
                   "names": NAMES[:len(view["players"])], **extra}
        result: dict[str, Any] = self.page.evaluate(
            "([view, options]) => window.show(view, options)", [view, options])
        return result

    def picks(self) -> list[str]:
        """Return the actions the board has played so far."""
        picks: list[str] = self.page.evaluate("window.picks")
        return picks


@pytest.fixture(scope="module")
def board(board_server: str) -> Iterator[Page]:
    """Open the harness in Chromium once for the whole module."""
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        tab = browser.new_page(viewport={"width": 1280, "height": 800})
        tab.set_default_timeout(5000)
        harness = Page(tab)
        tab.goto(f"{board_server}/__harness__/index.html")
        tab.wait_for_function("() => window.ready === true")
        yield harness
        browser.close()


def choices_of(state: Any, seat: int) -> list[dict[str, str]]:
    """Return a seat's legal actions as the shell hands them to the board."""
    return [{"action": str(a), "label": state.describe(seat, a)}
            for a in state.legal_actions(seat)]


def positions(players: int, seed: int) -> Iterator[tuple[int, Any]]:
    """Yield (step, state) along one random game: every seventeenth position, the last one,
    and every position offering a choice kind seen fewer than twice so far."""
    state = tavola.make("notre-dame", players=players, seed=seed)
    rng = random.Random(seed)
    seen: Counter[str] = Counter()
    step = 0
    while True:
        kinds = {a.kind for p in state.to_act for a in state.legal_actions(p)}
        rare = any(seen[k] < 2 for k in kinds)
        if step % 17 == 0 or rare or state.is_terminal:
            seen.update(kinds)
            yield step, state
        if state.is_terminal:
            return
        seat = rng.choice(state.to_act)
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
        step += 1


def cards_in(view: dict[str, Any]) -> set[str]:
    """Return every card a view names (the seat's own piles and the cards played)."""
    cards = {c for p in view["players"] for c in p["played"]}
    me = view.get("me")
    if me:
        cards |= set(me["hand"]) | set(me["received"]) | set(me["facedown"]) | set(me["deck"])
    return cards


def hidden_cards(state: Any) -> set[str]:
    """Return every card in some seat's hand, received pile, face-down pile or deck."""
    cards: set[str] = set()
    for seat in range(len(state.view(None)["players"])):
        me = state.view(seat)["me"]
        cards |= set(me["hand"]) | set(me["received"]) | set(me["facedown"]) | set(me["deck"])
    return cards


def check_render(harness: Page, state: Any, seat: int | None, click: bool) -> set[str]:
    """Render one seat's (or the spectator's) view and check it; return the kinds placed.
    Every button is pressed through the DOM; with `click`, each also by a real click."""
    view = state.view(seat)
    choices = choices_of(state, seat) if seat is not None and seat in state.to_act else []
    hidden = sorted(hidden_cards(state)) if seat is None else []
    drawn = harness.show(view, seat, choices, press=True, hidden=hidden)
    assert not harness.errors, harness.errors
    assert drawn["malformed"] == 0
    assert drawn["untitled"] == 0
    counts = Counter(drawn["actions"])
    offered = {c["action"] for c in choices}
    assert set(counts) <= offered, set(counts) - offered
    assert all(n == 1 for n in counts.values()), counts
    for action in offered:
        kind = action.split(":")[0]
        if kind in NOT_ON_BOARD:
            assert action not in counts
        else:
            assert counts[action] == 1, (action, view["phase"], view["task"])
    # Nothing the view does not hold is drawn, and for a spectator no hidden card at all.
    assert set(drawn["cards"]) <= cards_in(view)
    assert not set(drawn["cards"]) & set(hidden)
    assert drawn["leaked"] == []
    assert drawn["pressed"] == drawn["actions"]
    if click and counts:
        before = len(harness.picks())
        for action in counts:
            harness.page.click(f'[data-action="{action}"]')
        assert harness.picks()[before:] == list(counts)
    return {a.split(":")[0] for a in counts}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_view_of_whole_games_draws_and_places_its_choices(board: Page,
                                                                players: int) -> None:
    """Draw positions across a whole random game for every pending seat and a spectator."""
    placed: set[str] = set()
    renders = 0
    for step, state in positions(players, seed=100 + players):
        pending = set(state.to_act)
        # Seats with a decision, one seat without (its view, no choices), and a spectator.
        seats: list[int | None] = sorted(pending)
        idle = [s for s in range(players) if s not in pending]
        if idle:
            seats.append(idle[step % len(idle)])
        seats.append(None)
        for i, seat in enumerate(seats):
            placed |= check_render(board, state, seat, click=(step + i) % 7 == 0)
            renders += 1
    assert renders > 60
    # Every kind with a board place turned up and was placed, in this game or another.
    assert placed >= {"keep", "play", "place", "from", "friend", "move", "hire"}, placed


def test_rarer_choices_are_placed_on_the_board(board: Page) -> None:
    """Find positions offering each rarer choice kind and check it is a board button."""
    wanted = {"take", "stay", "benefit", "gold", "to", "lose", "from:notre_dame",
              "from:trusted_friend"}
    found: set[str] = set()
    for players in (3, 4, 5):
        for seed in range(6):
            state = tavola.make("notre-dame", players=players, seed=seed)
            rng = random.Random(seed)
            while not state.is_terminal and found < wanted:
                seat = rng.choice(state.to_act)
                actions = state.legal_actions(seat)
                texts = {str(a) for a in actions}
                new = {w for w in wanted - found
                       if w in texts or any(t.split(":")[0] == w for t in texts)}
                if new:
                    placed = check_render(board, state, seat, click=True)
                    found |= {w for w in new if w.split(":")[0] in placed}
                state = state.apply(seat, rng.choice(actions))
    assert found == wanted, wanted - found


def test_enter_and_space_play_the_focused_button(board: Page) -> None:
    """Keyboard players reach every button with Tab and play it with Enter or Space."""
    state = tavola.make("notre-dame", players=4, seed=7)
    seat = state.to_act[0]
    drawn = board.show(state.view(seat), seat, choices_of(state, seat))
    first, second = drawn["actions"][:2]
    board.page.focus(f'[data-action="{first}"]')
    board.page.keyboard.press("Enter")
    board.page.focus(f'[data-action="{second}"]')
    board.page.keyboard.press("Space")
    assert board.picks()[-2:] == [first, second]
    tab_order = board.page.evaluate(
        "[...document.querySelectorAll('[tabindex=\"0\"]')].map(e => e.dataset.action)")
    assert sorted(tab_order) == sorted(drawn["actions"])
    assert not board.errors, board.errors


def _literal_parts(template: str) -> list[str]:
    """Return the fixed stretches of a template, without its `{slots}`."""
    return [part.strip(" .,:;()") for part in re.split(r"\{\w+\}", template)]


def test_italian_and_polish_drawings_carry_no_english_tooltips(board: Page) -> None:
    """Render positions in Italian and Polish; no English sentence of the module shows."""
    words = board.page.evaluate("window.nd.WORDS")
    english = []
    for key in ("does", "hireDoes", "benefit", "tip"):
        for template in words["en"][key].values():
            english += [p for p in _literal_parts(template) if len(p) >= 14]
    for key in ("round", "bank", "plague", "characters", "toCome", "yourCards"):
        english += [p for p in _literal_parts(words["en"][key]) if len(p) >= 6]
    for lang in ("it", "pl"):
        assert set(words[lang]) == set(words["en"])
        for key, table in words["en"].items():
            if isinstance(table, dict):
                assert set(words[lang][key]) == set(table), (lang, key)
    for players in (2, 5):
        for step, state in positions(players, seed=200 + players):
            if step % 4:
                continue
            acting: int = state.to_act[0] if state.to_act else 0
            for seat in (acting, None):
                for lang in ("it", "pl"):
                    choices = choices_of(state, acting) if seat in state.to_act else []
                    shown = "\n".join(board.show(state.view(seat), seat, choices, lang,
                                                words=True)["words"])
                    leaked = [p for p in english if p in shown]
                    assert not leaked, (lang, leaked[:3])
    assert not board.errors, board.errors


def test_the_module_data_equals_the_game_data(board: Page) -> None:
    """The module's copies of the characters' rats, roads and names match the game's."""
    nd = board.page.evaluate("({rats: window.nd.CHARACTER_RATS, quarter: window.nd.QUARTER_ROADS,"
                            " link: window.nd.LINK_ROADS, sectors: window.nd.SECTORS,"
                            " kinds: window.nd.CARD_KINDS, words: window.nd.WORDS})")
    assert nd["rats"] == dict(zip(CHARACTER_NAMES, CHARACTER_RATS, strict=True))
    assert [tuple(r) for r in nd["quarter"]] == list(QUARTER_ROADS)
    assert [tuple(r) for r in nd["link"]] == list(LINK_ROADS)
    assert nd["sectors"] == list(KIND_NAMES[:7])
    assert nd["kinds"] == list(KIND_NAMES)
    for lang in ("en", "it", "pl"):
        assert set(nd["words"][lang]["character"]) == set(CHARACTER_NAMES)
        assert set(nd["words"][lang]["sector"]) == set(KIND_NAMES)


def test_a_view_draws_the_same_every_time(board: Page) -> None:
    """Equal views and choices draw equal boards."""
    state = tavola.make("notre-dame", players=3, seed=11)
    rng = random.Random(11)
    for _ in range(60):
        seat = rng.choice(state.to_act)
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
    seat = state.to_act[0]
    first = board.show(state.view(seat), seat, choices_of(state, seat), markup=True)["markup"]
    again = board.show(json.loads(json.dumps(state.view(seat))), seat,
                      choices_of(state, seat), markup=True)["markup"]
    assert first and first == again


def _advance(players: int, seed: int, steps: int) -> Any:
    """Return the position after `steps` random decisions."""
    state = tavola.make("notre-dame", players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        seat = rng.choice(state.to_act)
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_the_board_fits_a_desktop_and_a_phone(board: Page) -> None:
    """At 1280x800 map and table sit side by side, at 390x844 they stack without sideways
    scrolling; text stays readable; screenshots are saved for people to look at."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / ".gitignore").write_text("*\n")
    state = _advance(4, 3, 150)
    seat = state.to_act[0]
    measure = """() => {
      const [map, table] = document.querySelectorAll('#board svg');
      const a = map.getBoundingClientRect(), b = table.getBoundingClientRect();
      const sizes = [...document.querySelectorAll('#board text')].map(t => {
        const m = t.ownerSVGElement.getScreenCTM();
        return parseFloat(t.getAttribute('font-size')) * m.a;
      });
      return {mapTop: a.top, tableTop: b.top, mapBottom: a.bottom,
              scroll: document.documentElement.scrollWidth, smallest: Math.min(...sizes)};
    }"""
    for width, height, side_by_side in ((1280, 800, True), (390, 844, False)):
        board.page.set_viewport_size({"width": width, "height": height})
        for who, name in ((seat, "seat"), (None, "spectator")):
            choices = choices_of(state, seat) if who is not None else []
            board.show(state.view(who), who, choices)
            box = board.page.evaluate(measure)
            assert box["scroll"] <= width
            assert (box["tableTop"] == box["mapTop"]) is side_by_side
            if not side_by_side:
                assert box["tableTop"] >= box["mapBottom"]
            assert box["smallest"] >= (11 if side_by_side else 7.5), box
            board.page.screenshot(path=str(ARTIFACTS / f"notre-dame-{name}-{width}x{height}.png"))
    board.page.set_viewport_size({"width": 1280, "height": 800})
    assert not board.errors, board.errors
