"""The log's small icons for pieces (docs/web.md, "The table page"): where a line of any game
names a piece (a cube, a card, a rat token, the plague, gold, a message, a figure, the
carriage, the sheriff, prestige), an icon drawn by the style sheet stands just before the
word, in English, Italian and Polish, and the line's text stays the server's, word for word.

The lines are the games' own, rendered by the engines from a game played at random; the log
module (`log.js`) draws them in Chromium, as the table and the replay do."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser

import tavola
from tests.web.boards import serve

LANGS = ("en", "it", "pl")
PLAYERS = {"intrige": 4, "notre-dame": 4, "nottingham": 4, "rattus": 4}
# A line of each kind (its key) and the icons it must carry, whatever the language.
EXPECTED: dict[str, dict[str, set[str]]] = {
    "rattus": {"setup.place": {"cube"}, "spread": {"rat"}, "plague": {"plague", "rat"},
               "lose": {"cube"}, "merchant.one": {"cube"}},
    "notre-dame": {"nd.place": {"cube"}, "nd.gold": {"coin"}, "nd.take_message": {"message"},
                   "nd.drive": {"carriage"}, "nd.prestige": {"prestige"},
                   "nd.draw_hidden": {"card"}, "nd.plague": {"rat"}},
    "nottingham": {"draw": {"card"}, "sheriff": {"sheriff"}, "deal.hidden": {"card"},
                   "exchange.done": {"card", "prestige"}},
    "intrige": {"send": {"figure"}, "bribe.enter": {"coin", "figure"}, "income": {"coin"}},
}

HARNESS_JS = """
import { GameLog } from "/log.js";
const sheet = document.createElement("link");
sheet.rel = "stylesheet";
sheet.href = "/style.css";
sheet.onload = () => { window.ready = true; };
document.head.appendChild(sheet);
const list = document.createElement("ol");
document.getElementById("board").appendChild(list);
const log = new GameLog(list);
window.show = (events, seats, lang, game) => {
  log.draw(events, 0, seats, lang, game);
  // Every line open, to be measured.
  for (const line of list.children) line.classList.remove("folded");
  return [...list.children].map((line) => ({
    text: line.textContent,
    icons: [...line.querySelectorAll(".pc")].map((icon) => {
      const box = icon.getBoundingClientRect();
      const after = icon.nextSibling;
      return { kind: icon.dataset.kind, width: box.width, height: box.height,
               hidden: icon.getAttribute("aria-hidden"), own: icon.textContent,
               image: getComputedStyle(icon).backgroundImage !== "none"
                 || getComputedStyle(icon).backgroundColor !== "rgba(0, 0, 0, 0)",
               next: after && after.nodeType === 3 ? after.data : null };
    }),
  }));
};
"""


def lines_of(game: str) -> tuple[dict[str, list[dict[str, Any]]], list[dict[str, Any]]]:
    """Return, per language, the first line of each key a game played at random logged (as
    a spectator reads it), and the seats' rows as the server sends them."""
    players = PLAYERS[game]
    state = tavola.make(game, players=players, seed=5)
    rng = random.Random(5)
    while not state.is_terminal:
        seat = state.to_act[0]
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
    first: dict[str, Any] = {}
    for event in state.log(None):
        first.setdefault(event.key, event)
    lines = {lang: [{"key": e.key, "args": e.args, "text": state.game.render_event(e, lang)}
                    for e in first.values()] for lang in LANGS}
    seats = {lang: [{"seat": s, "player": state.game.player_name(s, lang),
                     "colour": state.game.player_colour(s)} for s in range(players)]
             for lang in LANGS}
    return lines, seats  # type: ignore[return-value]


@pytest.fixture(scope="module")
def harness(browser: Browser) -> Iterator[Any]:
    with serve("rattus", "Log", HARNESS_JS) as url:
        tab = browser.new_page(viewport={"width": 1280, "height": 800})
        tab.set_default_timeout(10_000)
        errors: list[str] = []
        tab.on("pageerror", lambda exc: errors.append(str(exc)))
        tab.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        tab.goto(f"{url}/__harness__/index.html")
        tab.wait_for_function("() => window.ready === true")
        tab.errors = errors  # type: ignore[attr-defined]
        try:
            yield tab
        finally:
            tab.context.close()


@pytest.mark.parametrize("game", sorted(PLAYERS))
def test_a_log_line_shows_a_small_icon_before_each_piece_it_names(
        harness: Any, game: str) -> None:
    lines, seats = lines_of(game)
    for lang in LANGS:
        events = lines[lang]
        drawn = harness.evaluate("([e, s, l, g]) => window.show(e, s, l, g)",
                                 [events, seats[lang], lang, game])
        assert [d["text"] for d in drawn] == [e["text"] for e in events], "the words stay"
        found = {e["key"]: d for e, d in zip(events, drawn, strict=True)}
        for key, kinds in EXPECTED[game].items():
            assert key in found, (game, key, sorted(found))
            icons = found[key]["icons"]
            assert {i["kind"] for i in icons} >= kinds, (game, lang, found[key])
        for line in drawn:
            for icon in line["icons"]:
                where = (game, lang, line["text"], icon)
                # Drawn, beside a word, with nothing to read aloud.
                assert icon["width"] >= 6 and icon["height"] >= 6 and icon["image"], where
                assert icon["hidden"] == "true" and icon["own"] == "", where
                assert icon["next"] and icon["next"][0].isalpha(), where
    assert not harness.errors, harness.errors  # type: ignore[attr-defined]

