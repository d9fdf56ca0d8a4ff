"""Intrige's island of exile, drawn by the board module (`games/intrige.js`) in Chromium from
the final view of whole games played at random: however many figures are exiled, every
figure and every name under it stays inside the island's box (a sixth figure to a row once
stood half outside it, its name cut at the box's edge), in English, Italian and Polish."""

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


def final_view(seed: int) -> dict[str, Any]:
    """Return the spectator's view at the end of a four-player game played at random."""
    state = tavola.make("intrige", players=4, seed=seed)
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
