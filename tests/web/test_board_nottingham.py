"""The Nottingham board module of the browser page (`tavola/web/static/games/nottingham.js`),
drawn in real Chromium from the views of real games.

A tiny HTTP server serves `tavola/web/static/` plus a harness page (kept in memory, under
`/__harness__/`, with the page's content security policy) that imports the module and lets the
test render any view with any choices. Positions come from random play of whole games for
every player count (3 to 7); each is drawn for every pending seat, one idle seat and a
spectator. The checks: no script or console error; every choice with a place on the board is
exactly one button that plays its action by click, Enter and Space; every drawn hand, ambush
card and offer is exactly what the view holds (a spectator sees no hand beyond what everybody
knows); Italian and Polish drawings carry no English tooltip text; the module's copies of the
game's data equal the game's. Screenshots at 1280x800 and 390x844 go to `tests/artifacts/`.
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
from tavola.games.nottingham.components import (
    AMBUSH_PAIRS,
    ATTACKS,
    COLOURS,
    COMMISSIONS,
    ITEM_ACTIONS,
    ITEM_VALUES,
    ITEMS,
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
<title>Nottingham board harness</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/games/nottingham.css">
<script type="module" src="/__harness__/harness.js"></script>
</head><body><div id="board"></div></body></html>
"""

HARNESS_JS = """
import * as nh from "/games/nottingham.js";
// The shell's own seat colours and marks (table.js), not the game's colour names.
const PALETTE = ["#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7"];
window.nh = nh;
window.picks = [];
const TIPPED = ".nh-card, .nh-held, .nh-unknown, .nh-ambush, .nh-ambush-deck, .nh-deck-card, "
  + ".nh-commission, .nh-commission-choice, .nh-space, .nh-sheriff, .nh-mark, .nh-deck, "
  + ".nh-discard, .nh-stat, .nh-winnings, .nh-offer, .nh-exchange, .nh-offer-two, "
  + ".nh-seat-head, .nh-active, .nh-to-act, .nh-winner";
const ownTitle = (e) => {
  const title = [...e.children].find((c) => c.tagName === "title");
  return title ? title.textContent : "";
};
window.show = (view, options) => {
  const ctx = {
    seat: options.seat, players: view.players, names: options.names,
    lang: options.lang, t: (key) => key, choices: options.choices,
    pick: (action) => { window.picks.push(action); },
    colour: (seat) => ({ fill: PALETTE[seat], initial: String(seat + 1) }),
  };
  const board = document.getElementById("board");
  nh.render(board, view, ctx);
  const buttons = [...board.querySelectorAll("[data-action]")];
  // Press every button through the DOM (real pointer clicks are sampled from Python).
  const before = window.picks.length;
  if (options.press) {
    for (const e of buttons) e.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  }
  const words = (e) => [...e.querySelectorAll("text")].map((n) => n.textContent).join(" ");
  return {
    pressed: window.picks.slice(before),
    actions: buttons.map((e) => e.getAttribute("data-action")),
    malformed: buttons.filter((e) => e.getAttribute("role") !== "button"
      || e.getAttribute("tabindex") !== "0" || !e.getAttribute("aria-label")
      || !e.querySelector(".nh-halo")
      || e.parentElement.closest("[data-action]")).length,
    untitled: [...board.querySelectorAll(TIPPED)].filter((e) => !ownTitle(e)).length,
    held: [...board.querySelectorAll(".nh-held")].map((e) => ({
      seat: Number(e.dataset.seat), item: e.dataset.item, count: Number(e.dataset.count),
      title: ownTitle(e), text: words(e), mine: e.classList.contains("nh-mine") })),
    unknown: [...board.querySelectorAll(".nh-unknown")].map((e) => ({
      seat: Number(e.dataset.seat), count: Number(e.dataset.count), title: ownTitle(e),
      text: words(e) })),
    ambushes: [...board.querySelectorAll("[data-ambush]")].map((e) => e.dataset.ambush),
    offers: [...board.querySelectorAll(".nh-offer")].map((e) => ({
      seat: Number(e.dataset.seat), items: e.dataset.items || null })),
    words: options.words ? [...board.querySelectorAll("title, text")].map(
      (e) => e.textContent) : [],
    markup: options.markup ? board.innerHTML : "",
  };
};
window.ready = true;
"""

NAMES = ["Ada", "Bruno", "Celina", "Dario", "Ewa", "Franek", "Gina"]
NOT_ON_BOARD = {"pass", "decline"}
"""Choice kinds with no place on the board: the shell's list offers them."""
BOARD_KINDS = {"keep", "buy", "ambush", "trade", "steal", "rob", "raid", "offer", "purchase",
               "refuse", "defend", "take", "hide", "accept", "exchange", "commission",
               "spring", "discard"}


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
        more (`press`: press every button, `words`: every text and tooltip, `markup`: the
        drawing's markup)."""
        options = {"seat": seat, "choices": choices, "lang": lang,
                   "names": NAMES[:view["players"]], **extra}
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


def positions(players: int, seed: int, every: int = 11) -> Iterator[tuple[int, Any]]:
    """Yield (step, state) along one random game: every `every`-th position, the last one,
    and every position offering a choice kind not seen so far."""
    state = tavola.make("nottingham", players=players, seed=seed)
    rng = random.Random(seed)
    seen: Counter[str] = Counter()
    step = 0
    while True:
        kinds = {a.kind for p in state.to_act for a in state.legal_actions(p)}
        rare = any(seen[k] < 1 for k in kinds)
        if step % every == 0 or rare or state.is_terminal:
            seen.update(kinds)
            yield step, state
        if state.is_terminal:
            return
        seat = rng.choice(state.to_act)
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
        step += 1


# English names of the items and the sentences saying what each does (the rest of an item's
# tooltip), to read which items a tooltip names.
_EN: dict[str, Any] = {}


def english(harness: Page) -> dict[str, Any]:
    """Return the module's English word table (read once)."""
    if not _EN:
        _EN.update(harness.page.evaluate("window.nh.WORDS.en"))
    return _EN


def items_named(harness: Page, title: str) -> set[str]:
    """Return the items a hand tooltip names, leaving out the sentence of what a card does
    (which names other items: "never a copper coin")."""
    words = english(harness)
    for does in words["does"].values():
        title = title.replace(does, "")
    lowered = title.lower()
    return {item for item in ITEMS if words["item"][item].lower() in lowered}


def check_hands(harness: Page, view: dict[str, Any], seat: int | None,
                drawn: dict[str, Any], lang: str) -> None:
    """Check that every hand, ambush card and offer drawn is exactly what the view holds."""
    players = view["players"]
    for h in range(players):
        row = view["hand"] if h == seat else view["seats"][h]["known"]
        shown = {e["item"]: e["count"] for e in drawn["held"] if e["seat"] == h}
        assert shown == {ITEMS[i]: n for i, n in enumerate(row) if n}, (h, shown, row)
        unknown = [e["count"] for e in drawn["unknown"] if e["seat"] == h]
        assert unknown == ([view["seats"][h]["unknown"]] if view["seats"][h]["unknown"]
                           else [])
    if seat is None:
        assert not any(e["mine"] for e in drawn["held"])
        for h in range(players):
            public = view["seats"][h]["public"]
            assert view["seats"][h]["known"] == public
    if lang == "en":
        # A hand's tooltips and labels name only the item the view says is there.
        for e in drawn["held"]:
            assert items_named(harness, e["title"]) == {e["item"]}, e
            if not e["mine"]:
                assert not re.search(r"[A-Za-z]", e["text"]), e
        for e in drawn["unknown"]:
            assert items_named(harness, e["title"]) == set(), e
    known_ambushes = set(view["my_ambushes"] or []) | set(view["ambush_look"] or [])
    known_ambushes |= {a for a in view["ambush_deck"] if a}
    assert set(drawn["ambushes"]) <= known_ambushes
    for offer in drawn["offers"]:
        given = view["seats"][offer["seat"]]["offer"]
        assert offer["items"] == (",".join(given) if given else None)


def check_render(harness: Page, state: Any, seat: int | None, click: bool,
                 lang: str = "en") -> set[str]:
    """Render one seat's (or the spectator's) view and check it; return the kinds placed.
    Every button is pressed through the DOM; with `click`, each also by a real click."""
    view = state.view(seat)
    choices = choices_of(state, seat) if seat is not None and seat in state.to_act else []
    drawn = harness.show(view, seat, choices, lang, press=True)
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
            assert counts[action] == 1, (action, view["phase"])
    check_hands(harness, view, seat, drawn, lang)
    assert drawn["pressed"] == drawn["actions"]
    if click and counts:
        before = len(harness.picks())
        for action in counts:
            harness.page.click(f'[data-action="{action}"]')
        assert harness.picks()[before:] == list(counts)
    return {a.split(":")[0] for a in counts}


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_every_view_of_whole_games_draws_and_places_its_choices(board: Page,
                                                                players: int) -> None:
    """Draw positions across a whole random game for every pending seat and a spectator."""
    placed: set[str] = set()
    renders = 0
    for step, state in positions(players, seed=100 + players, every=12 + 2 * players):
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
    assert renders > 40
    # The common kinds with a board place turned up and were placed in every game.
    assert placed >= {"keep", "offer", "exchange"}, placed


def test_every_kind_of_choice_with_a_place_is_placed(board: Page) -> None:
    """Find positions offering each choice kind (discarding down needs a game that exhausts
    deck and discard: 7 players, seed 2272) and check each is a board button there."""
    found: set[str] = set()
    games = [(7, 2272)] + [(p, s) for s in range(3) for p in (3, 5, 7)]
    for players, seed in games:
        state = tavola.make("nottingham", players=players, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal and found < BOARD_KINDS:
            seat = state.to_act[0]
            actions = state.legal_actions(seat)
            new = {a.kind for a in actions} & BOARD_KINDS - found
            if new:
                found |= new & check_render(board, state, seat, click=True)
                check_render(board, state, None, click=False)
            state = state.apply(seat, rng.choice(actions))
        if found == BOARD_KINDS:
            break
    assert found == BOARD_KINDS, BOARD_KINDS - found


def test_enter_and_space_play_the_focused_button(board: Page) -> None:
    """Keyboard players reach every button with Tab and play it with Enter or Space."""
    state = tavola.make("nottingham", players=4, seed=7)
    rng = random.Random(7)
    # The first position whose seat to act has two board choices or more.
    while sum(1 for a in state.legal_actions(state.to_act[0])
              if a.kind not in NOT_ON_BOARD) < 2:
        state = state.apply(state.to_act[0], rng.choice(state.legal_actions(state.to_act[0])))
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
    words = board.page.evaluate("window.nh.WORDS")
    english_parts: list[str] = []
    for key in ("does", "needs", "phase", "tip"):
        for template in words["en"][key].values():
            english_parts += [p for p in _literal_parts(template) if len(p) >= 14]
    for key in ("turn", "waiting", "queue", "track", "markLegend", "townLegend", "yourHand",
                "yourAmbushes", "commissions", "ambushDeck"):
        english_parts += [p for p in _literal_parts(words["en"][key]) if len(p) >= 6]
    for table in ("item", "action", "commission"):
        english_parts += [p for p in words["en"][table].values()
                          if len(p) >= 6 and p not in words["it"][table].values()
                          and p not in words["pl"][table].values()]
    for lang in ("it", "pl"):
        assert set(words[lang]) == set(words["en"])
        for key, table in words["en"].items():
            if isinstance(table, dict):
                assert set(words[lang][key]) == set(table), (lang, key)
    for players in (3, 7):
        for step, state in positions(players, seed=200 + players):
            if step % 5:
                continue
            acting: int = state.to_act[0] if state.to_act else 0
            for seat in (acting, None):
                for lang in ("it", "pl"):
                    choices = choices_of(state, acting) if seat in state.to_act else []
                    shown = "\n".join(board.show(state.view(seat), seat, choices, lang,
                                                 words=True)["words"])
                    leaked = [p for p in english_parts if p in shown]
                    assert not leaked, (lang, leaked[:3])
    assert not board.errors, board.errors


def test_the_module_data_equals_the_game_data(board: Page) -> None:
    """The module's copies of the items, values, actions, colours, ambush cards and
    commissions match the game's, and every word table names all of them."""
    nh = board.page.evaluate("({items: window.nh.ITEMS, values: window.nh.ITEM_VALUES,"
                             " actions: window.nh.ITEM_ACTIONS, attacks: window.nh.ATTACKS,"
                             " colours: window.nh.COLOURS, pairs: window.nh.AMBUSH_PAIRS,"
                             " commissions: window.nh.COMMISSIONS,"
                             " placed: window.nh.PLACED_KINDS, words: window.nh.WORDS})")
    assert nh["items"] == list(ITEMS)
    assert nh["values"] == list(ITEM_VALUES)
    assert nh["actions"] == list(ITEM_ACTIONS)
    assert set(nh["attacks"]) == {ITEMS[i] for i in ATTACKS}
    assert nh["colours"] == list(COLOURS)
    assert [tuple(pair) for pair in nh["pairs"]] == [(ITEMS[a], ITEMS[b])
                                                      for a, b in AMBUSH_PAIRS]
    assert nh["commissions"] == list(COMMISSIONS)
    assert set(nh["placed"]) == BOARD_KINDS
    for lang in ("en", "it", "pl"):
        table = nh["words"][lang]
        assert set(table["item"]) == set(ITEMS) == set(table["short"])
        assert set(table["action"]) == set(ITEM_ACTIONS) == set(table["does"])
        assert set(table["commission"]) == set(COMMISSIONS) == set(table["needs"])


def _advance(players: int, seed: int, steps: int) -> Any:
    """Return the position after `steps` random decisions."""
    state = tavola.make("nottingham", players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        seat = rng.choice(state.to_act)
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_a_view_draws_the_same_every_time(board: Page) -> None:
    """Equal views and choices draw equal boards."""
    state = _advance(5, 11, 90)
    seat = state.to_act[0]
    first = board.show(state.view(seat), seat, choices_of(state, seat), markup=True)["markup"]
    again = board.show(json.loads(json.dumps(state.view(seat))), seat,
                       choices_of(state, seat), markup=True)["markup"]
    assert first and first == again


def test_the_board_fits_a_desktop_and_a_phone(board: Page) -> None:
    """At 1280x800 table and players sit side by side, at 390x844 they stack without
    sideways scrolling; text stays readable; screenshots are saved for people to look at."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / ".gitignore").write_text("*\n")
    state = _advance(5, 3, 120)
    seat = state.to_act[0]
    measure = """() => {
      const [table, seats] = document.querySelectorAll('#board svg');
      const a = table.getBoundingClientRect(), b = seats.getBoundingClientRect();
      const sizes = [...document.querySelectorAll('#board text')].map(t => {
        const m = t.ownerSVGElement.getScreenCTM();
        return parseFloat(t.getAttribute('font-size')) * m.a;
      });
      return {tableTop: a.top, seatsTop: b.top, tableBottom: a.bottom,
              scroll: document.documentElement.scrollWidth, smallest: Math.min(...sizes)};
    }"""
    for width, height, side_by_side in ((1280, 800, True), (390, 844, False)):
        board.page.set_viewport_size({"width": width, "height": height})
        for who, name in ((seat, "seat"), (None, "spectator")):
            choices = choices_of(state, seat) if who is not None else []
            board.show(state.view(who), who, choices)
            box = board.page.evaluate(measure)
            assert box["scroll"] <= width
            assert (box["seatsTop"] == box["tableTop"]) is side_by_side
            if not side_by_side:
                assert box["seatsTop"] >= box["tableBottom"]
            assert box["smallest"] >= (11 if side_by_side else 7.5), box
            board.page.screenshot(path=str(ARTIFACTS / f"nottingham-{name}-{width}x{height}.png"),
                                  full_page=width < 1000)
    board.page.set_viewport_size({"width": 1280, "height": 800})
    assert not board.errors, board.errors
