"""Nothing a board draws is cut at the edge of its own part, at the end of whole games played
at random (where the most pieces have piled up), drawn by the board modules in Chromium in
English, Italian and Polish: every figure exiled to Intrige's island and the name under it
(a sixth figure to a row once stood half outside it), and every Notre Dame seat's messages,
hidden piles and played cards (a seat with six messages once had its cards cut at the
row's end)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from playwright.sync_api import Browser

import tavola
from tests.web.boards import serve

HARNESS_JS = """
import * as intrige from "/games/intrige.js";
const sheet = document.createElement("link");
sheet.rel = "stylesheet";
sheet.href = "/style.css";
sheet.onload = () => { window.ready = true; };
document.head.appendChild(sheet);
const PALETTE = ["#E69F00", "#56B4E9", "#009E73", "#F0E442"];
window.show = (view, lang) => {
  const board = document.getElementById("board");
  intrige.render(board, view, {
    seat: null, players: view.palaces.length, names: ["Ada", "Bea", "Cy", "Di"], lang,
    t: (key) => key, choices: [], pick: () => {},
    colour: (seat) => ({ fill: PALETTE[seat], ink: "#000", initial: String(seat + 1) }),
  });
  const island = board.querySelector("svg.island");
  const edge = island.querySelector(".island-box").getBoundingClientRect();
  const out = [...island.querySelectorAll("text, circle")].filter((node) => {
    const box = node.getBoundingClientRect();
    return box.left < edge.left - 0.5 || box.right > edge.right + 0.5
      || box.top < edge.top - 0.5 || box.bottom > edge.bottom + 0.5;
  }).map((node) => node.textContent || node.tagName);
  return { exiled: view.island.length, out };
};
"""


def final_view(seed: int, game: str = "intrige") -> dict[str, Any]:
    """Return the spectator's view at the end of a four-player game played at random."""
    state = tavola.make(game, players=4, seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        seat = state.to_act[0]
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
    view: dict[str, Any] = json.loads(json.dumps(state.view(None)))
    return view


@pytest.mark.parametrize("lang", ["en", "it", "pl"])
def test_every_exiled_figure_and_its_name_stay_on_the_island(browser: Browser,
                                                              lang: str) -> None:
    with serve("intrige", "Intrige", HARNESS_JS) as url:
        tab = browser.new_page(viewport={"width": 1280, "height": 800})
        errors: list[str] = []
        tab.on("pageerror", lambda exc: errors.append(str(exc)))
        try:
            tab.goto(f"{url}/__harness__/index.html")
            tab.wait_for_function("() => window.ready === true")
            most = 0
            for seed in range(1, 4):
                drawn = tab.evaluate("([v, l]) => window.show(v, l)", [final_view(seed), lang])
                most = max(most, drawn["exiled"])
                assert drawn["out"] == [], (seed, drawn)
            assert most >= 6, "a row of the island was full in none of the games"
            assert not errors, errors
        finally:
            tab.context.close()


ND_HARNESS_JS = """
import * as nd from "/games/notre-dame.js";
import { colourLook } from "/boards.js";
const SEAT_COLOURS = ["red", "blue", "green", "yellow", "purple"];
window.ready = true;
window.show = (view, lang) => {
  const board = document.getElementById("board");
  nd.render(board, view, {
    seat: null, players: view.players.length, names: ["Ada", "Bea", "Cy", "Di"], lang,
    t: (key) => key, choices: [], pick: () => {},
    colour: (seat) => colourLook(SEAT_COLOURS[seat], seat + 1),
  });
  const table = board.querySelector("svg.nd-table").getBoundingClientRect();
  const parts = board.querySelectorAll(".nd-messages, .nd-backs, .nd-played");
  const out = [...parts].filter((node) => node.getBoundingClientRect().right > table.right + 0.5)
    .map((node) => node.getAttribute("class"));
  return { messages: Math.max(...view.players.map((p) => p.messages.length)), out };
};
"""


@pytest.mark.parametrize("lang", ["en", "it", "pl"])
def test_notre_dame_seats_keep_their_messages_and_cards_inside_their_row(
        browser: Browser, lang: str) -> None:
    with serve("notre-dame", "Notre Dame", ND_HARNESS_JS) as url:
        tab = browser.new_page(viewport={"width": 1280, "height": 800})
        errors: list[str] = []
        tab.on("pageerror", lambda exc: errors.append(str(exc)))
        try:
            tab.goto(f"{url}/__harness__/index.html")
            tab.wait_for_function("() => window.ready === true")
            most = 0
            for seed in range(1, 4):
                view = final_view(seed, "notre-dame")
                # Bots that seek messages end with six or more (random play takes few): each
                # seat holds from eight (the most the board shows) down to two of a kind
                # the game has.
                for seat, player in enumerate(view["players"]):
                    player["messages"] = [["blue", "1p_gold"]] * (8 - 2 * seat)
                drawn = tab.evaluate("([v, l]) => window.show(v, l)", [view, lang])
                most = max(most, drawn["messages"])
                assert drawn["out"] == [], (seed, drawn)
            assert most >= 5, "no seat took many messages in these games"
            assert not errors, errors
        finally:
            tab.context.close()
