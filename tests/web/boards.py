"""The harness the board-module tests share: a board module drawn in real Chromium.

A tiny HTTP server serves `tavola/web/static/` plus a harness page (kept in memory, under
`/__harness__/`, with the page's content security policy) that imports one board module and
lets a test render any view with any choices. The harness serves the page's words as the
server does (`/i18n/{lang}.json`, tavola.web.words) and loads every language the server
speaks before the test's script runs, so a board reads its words (each game's board table,
from the game's catalogs) in whichever language a test asks for. Each board test file
brings its own harness script (what it reads back from a drawing) and its own checks; the
pieces here are the ones every board is checked with alike: the server, the page (in the
session's Chromium from `conftest.py`: one Playwright per test process, whatever order the
tests run in), the error collection, the buttons, the keyboard, sameness of drawings and the
fit on a desktop and a phone.
"""

from __future__ import annotations

import json
import random
import re
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from playwright import sync_api

import tavola
from tavola.core import LANGUAGES
from tavola.web.words import table_json

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "tavola" / "web" / "static"
ARTIFACTS = ROOT / "tests" / "artifacts"
CHROMIUM = Path("/usr/bin/chromium")

# Never skipped: a machine without Debian's Chromium fails here with this message.
assert CHROMIUM.exists(), "the browser tests need Debian's chromium (apt-get install chromium)"

# The page's policy as the server sends it: no inline script or style, nothing from
# elsewhere. A module that wrote inline style markup would raise a console error the checks
# catch.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; "
       "connect-src 'self' ws: wss:; img-src 'self' data:; object-src 'none'; "
       "base-uri 'none'; frame-ancestors 'none'")

WORDS_JS = ('import { setLang } from "/i18n.js";\n'
            f"for (const code of {json.dumps([*(x for x in LANGUAGES if x != 'en'), 'en'])}) "
            "await setLang(code, false);\n")
"""Loads the words of every language the server speaks into the page's i18n.js (English last,
so the shell's own words are English), before a harness script runs."""

HARNESS_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} board harness</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/games/{module}.css">
<script type="module" src="/__harness__/harness.js"></script>
</head><body><div id="board"></div></body></html>
"""


class _Handler(SimpleHTTPRequestHandler):
    """Serve the static folder, the in-memory harness, and the page's security policy."""

    def __init__(self, *args: Any, pages: dict[str, tuple[str, str]], **kwargs: Any) -> None:
        self.pages = pages
        super().__init__(*args, **kwargs)

    def do_GET(self) -> None:
        lang = re.fullmatch(r"/i18n/(\w+)\.json", self.path)
        if lang and lang.group(1) in LANGUAGES:
            self.pages[self.path] = (table_json(lang.group(1))[0].decode(), "application/json")
        if self.path in self.pages:
            body, kind = self.pages[self.path]
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


@contextmanager
def serve(module: str, title: str, harness_js: str) -> Iterator[str]:
    """Serve the static folder and the harness of one board module on a free local port."""
    pages = {"/__harness__/index.html": (HARNESS_HTML.format(title=title, module=module),
                                         "text/html"),
             "/__harness__/harness.js": (WORDS_JS + harness_js, "text/javascript")}
    handler = partial(_Handler, pages=pages, directory=str(STATIC))
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


class Page:
    """The harness page in Chromium, with every script and console error it reports."""

    def __init__(self, page: Any, names: list[str], seats: Callable[[dict[str, Any]], int]
                 ) -> None:
        self.page = page
        self.names = names
        self.seats = seats
        self.errors: list[str] = []
        page.on("pageerror", lambda exc: self.errors.append(f"pageerror: {exc}"))
        page.on("console", lambda msg: self.errors.append(f"console: {msg.text}")
                if msg.type == "error" else None)

    def show(self, view: dict[str, Any], seat: int | None, choices: list[dict[str, str]],
             lang: str = "en", **extra: Any) -> dict[str, Any]:
        """Render a view and return the harness's summary of the drawing; `extra` asks the
        harness script for more (each test file's script says what it reads)."""
        options = {"seat": seat, "choices": choices, "lang": lang,
                   "names": self.names[:self.seats(view)], **extra}
        # Handed over as one JSON text: Playwright checks an argument's every value in
        # Python, which for a whole view cost more than drawing it.
        result: dict[str, Any] = self.page.evaluate(
            "(text) => { const [view, options] = JSON.parse(text);"
            " return window.show(view, options); }", json.dumps([view, options]))
        return result

    def picks(self) -> list[str]:
        """Return the actions the board has played so far."""
        picks: list[str] = self.page.evaluate("window.picks")
        return picks


@contextmanager
def open_board(browser: sync_api.Browser, module: str, title: str, harness_js: str,
               names: list[str], seats: Callable[[dict[str, Any]], int]) -> Iterator[Page]:
    """Serve a board module's harness and open it in `browser` (the session's Chromium, so
    that one Playwright runs per test process); `seats` counts a view's seats."""
    with serve(module, title, harness_js) as url:
        tab = browser.new_page(viewport={"width": 1280, "height": 800})
        tab.set_default_timeout(5000)
        harness = Page(tab, names, seats)
        tab.goto(f"{url}/__harness__/index.html")
        tab.wait_for_function("() => window.ready === true")
        try:
            yield harness
        finally:
            tab.context.close()


def choices_of(state: Any, seat: int) -> list[dict[str, str]]:
    """Return a seat's legal actions as the shell hands them to the board."""
    return [{"action": str(a), "label": state.describe(seat, a)}
            for a in state.legal_actions(seat)]


def advance(game: str, players: int, seed: int, steps: int, first: bool = False) -> Any:
    """Return the position after `steps` random decisions (or the end, if sooner); the seat
    deciding is drawn at random among those to act, or with `first` the first of them."""
    state = tavola.make(game, players=players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal:
            break
        seat = state.to_act[0] if first else rng.choice(state.to_act)
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def check_buttons(harness: Page, drawn: dict[str, Any], choices: list[dict[str, str]],
                  not_on_board: set[str], where: Any) -> Counter[str]:
    """Check a drawing reported no error, every button and tooltip is well formed, and every
    choice with a board place is exactly one button; return how often each action is one."""
    assert not harness.errors, harness.errors
    assert drawn["malformed"] == 0
    assert drawn["untitled"] == 0
    counts = Counter(drawn["actions"])
    offered = {c["action"] for c in choices}
    assert set(counts) <= offered, set(counts) - offered
    assert all(n == 1 for n in counts.values()), counts
    for action in offered:
        if action.split(":")[0] in not_on_board:
            assert action not in counts
        else:
            assert counts[action] == 1, (action, where)
    assert drawn["pressed"] == drawn["actions"]
    return counts


def click(harness: Page, actions: Iterable[str]) -> None:
    """Click each action's button with a real pointer and check the board played them."""
    clicked = list(actions)
    if clicked:
        before = len(harness.picks())
        for action in clicked:
            harness.page.click(f'[data-action="{action}"]')
        assert harness.picks()[before:] == clicked


def check_keyboard(harness: Page, actions: list[str], first: str, second: str) -> None:
    """Play `first` by Enter and `second` by Space; every button is in the Tab order."""
    harness.page.focus(f'[data-action="{first}"]')
    harness.page.keyboard.press("Enter")
    harness.page.focus(f'[data-action="{second}"]')
    harness.page.keyboard.press("Space")
    assert harness.picks()[-2:] == [first, second]
    tab_order = harness.page.evaluate(
        "[...document.querySelectorAll('[tabindex=\"0\"]')].map(e => e.dataset.action)")
    assert sorted(tab_order) == sorted(actions)
    assert not harness.errors, harness.errors


def literal_parts(template: str) -> list[str]:
    """Return the fixed stretches of a template, without its `{slots}`."""
    return [part.strip(" .,:;()") for part in re.split(r"\{\w+\}", template)]


def check_word_tables(words: dict[str, Any]) -> None:
    """Check the Italian and Polish word tables have every key and entry the English has."""
    for lang in ("it", "pl"):
        assert set(words[lang]) == set(words["en"])
        for key, table in words["en"].items():
            if isinstance(table, dict):
                assert set(words[lang][key]) == set(table), (lang, key)


def check_no_english(harness: Page, positions: Iterable[tuple[int, Any]], english: list[str],
                     every: int) -> None:
    """Draw every `every`-th position for its first seat to act (with its choices) and the
    spectator, in Italian and in Polish; no stretch of `english` shows in any drawing."""
    for step, state in positions:
        if step % every:
            continue
        acting: int = state.to_act[0] if state.to_act else 0
        for seat in (acting, None):
            for lang in ("it", "pl"):
                choices = choices_of(state, acting) if seat in state.to_act else []
                shown = "\n".join(harness.show(state.view(seat), seat, choices, lang,
                                               words=True)["words"])
                leaked = [p for p in english if p in shown]
                assert not leaked, (lang, leaked[:3])


def check_same_drawing(harness: Page, state: Any) -> None:
    """Check the first seat to act's view, drawn twice from equal copies, draws equal boards."""
    seat = state.to_act[0]
    first = harness.show(state.view(seat), seat, choices_of(state, seat), markup=True)["markup"]
    again = harness.show(json.loads(json.dumps(state.view(seat))), seat,
                         choices_of(state, seat), markup=True)["markup"]
    assert first and first == again


def check_fits(harness: Page, state: Any, game: str, measure: str,
               smallest: tuple[float, float], full_page: bool = False) -> None:
    """Draw the first seat to act's view and the spectator's at 1280x800, where the two parts
    of the board (`measure` reports `firstTop`, `secondTop`, `firstBottom`) sit side by side,
    and at 390x844, where they stack; no sideways scrolling, text no smaller than `smallest`
    (desktop, phone); screenshots go to the artifacts folder (`full_page` on the phone)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / ".gitignore").write_text("*\n")
    seat = state.to_act[0]
    for width, height, side_by_side in ((1280, 800, True), (390, 844, False)):
        harness.page.set_viewport_size({"width": width, "height": height})
        for who, name in ((seat, "seat"), (None, "spectator")):
            choices = choices_of(state, seat) if who is not None else []
            harness.show(state.view(who), who, choices)
            box = harness.page.evaluate(measure)
            assert box["scroll"] <= width
            assert (box["secondTop"] == box["firstTop"]) is side_by_side
            if not side_by_side:
                assert box["secondTop"] >= box["firstBottom"]
            assert box["smallest"] >= (smallest[0] if side_by_side else smallest[1]), box
            # (A full page on a busy machine may take longer than the default 5 s.)
            harness.page.screenshot(path=str(ARTIFACTS / f"{game}-{name}-{width}x{height}.png"),
                                    full_page=full_page and not side_by_side,
                                    timeout=30_000)
    harness.page.set_viewport_size({"width": 1280, "height": 800})
    assert not harness.errors, harness.errors
