"""Visual regression of the four boards: each board module draws a fixed position (a seeded
game, a fixed run of decisions, the seat to decide seeing its choices) in a box of a fixed
width, and the picture is compared with the reference committed under
`tests/web/visual/<game>.png`.

What is compared is the drawing, not the lettering: every text is made transparent before
the picture is taken, since fonts differ from one machine to another (Debian's Chromium
falls back on whatever sans-serif is installed) while the shapes, colours and places of the
pieces do not. Two pictures match when they have the same size and at most `TOLERANCE` of
their pixels differ by more than `THRESHOLD` in some channel (anti-aliasing of edges moves
a little between versions of the browser).

After a deliberate change of a board, write the references again and look at them:

    TAVOLA_UPDATE_SCREENSHOTS=1 .venv/bin/python -m pytest tests/web/test_visual.py

A failure saves the new picture and a picture of the differences under
`tests/artifacts/visual/`."""

from __future__ import annotations

import io
import os
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from PIL import Image
from playwright.sync_api import Page

from tavola.core import load, make
from tests.web.conftest import ARTIFACTS, NewContext, Server, watched

REFERENCES = Path(__file__).parent / "visual"
UPDATE = os.environ.get("TAVOLA_UPDATE_SCREENSHOTS") == "1"
UPDATE_COMMAND = "TAVOLA_UPDATE_SCREENSHOTS=1 .venv/bin/python -m pytest tests/web/test_visual.py"
THRESHOLD = 48
TOLERANCE = 0.01
WIDTH = 884  # the board column on a 1280×800 screen
NAMES = ["Ada", "Bruno", "Chiara", "Dorota", "Emil"]

# Each board: players, seed, decisions played (random, from the seed) before the picture.
POSITIONS: dict[str, tuple[int, int, int]] = {
    "intrige": (4, 21, 30),
    "notre-dame": (4, 22, 40),
    "nottingham": (5, 23, 35),
    "rattus": (4, 24, 45),
}

# The part of a board compared, where not the whole: Intrige's lower tables (bribes, the
# figures still to send) are HTML as wide as their words, so their rows wrap differently in
# another font; its palaces, rooms, parks and figures keep their places in any.
PARTS = {"intrige": ".palaces"}

# Draw one board into a box of the page, with its module and stylesheet, as the table page
# does (ctx as in docs/web.md, "The board module interface"), and hide every text.
DRAW = """async ([game, view, seat, names, choices, colours, width]) => {
  const boards = await import('/static/boards.js');
  const shell = await import('/static/i18n.js');
  const board = await boards.boardModule(game);
  document.body.replaceChildren();
  const box = document.createElement('div');
  box.id = 'visual';
  box.className = 'board';
  box.style.width = `${width}px`;
  box.style.background = '#ffffff';
  // One font everywhere (Debian's fontconfig installs DejaVu with it): the lettering is
  // hidden, but an HTML board's boxes are as wide as their words.
  box.style.fontFamily = '"DejaVu Sans", sans-serif';
  // Line boxes as tall in any font (the default line height is the font's own).
  box.style.lineHeight = '1.25';
  document.body.appendChild(box);
  const looks = colours.map((word, s) => (word && boards.SEAT_SHADES[word]
    ? boards.seatLook(boards.SEAT_SHADES[word], s + 1, word)
    : boards.seatLook(['#E69F00', '#56B4E9', '#009E73', '#F0E442', '#0072B2'][s], s + 1)));
  board.render(box, view, {
    seat, players: names.length, names, lang: 'en', t: shell.t, choices,
    pick: () => {}, colour: (s) => looks[s],
  });
  // Let the module's stylesheet apply and fonts settle before the lettering is hidden.
  await document.fonts.ready;
  for (const node of box.querySelectorAll('*')) {
    node.style.color = 'transparent';
    node.style.caretColor = 'transparent';
    if (node instanceof SVGTextElement || node instanceof SVGTSpanElement) {
      node.style.fill = 'transparent';
      node.style.stroke = 'transparent';
    }
  }
  return box.getBoundingClientRect().height;
}"""


def position(game: str) -> dict[str, Any]:
    """Return the board's fixed position: the view of the seat to decide, its choices with
    their labels, the seats' names and colours."""
    players, seed, decisions = POSITIONS[game]
    state = make(game, players, seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        assert not state.is_terminal, f"{game}: the game ended before the picture"
        seat = state.to_act[0]
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
    seat = state.to_act[0]
    choices = [{"action": str(a), "label": state.describe(seat, a, "en")}
               for a in state.legal_actions(seat)]
    rules = load(game, players)
    return {"view": state.view(seat), "seat": seat, "names": NAMES[:players],
            "choices": choices, "colours": [rules.player_colour(p) for p in range(players)]}


def picture(page: Page, game: str) -> Image.Image:
    """Draw the game's fixed position and return its picture (RGB)."""
    drawn = position(game)
    height = page.evaluate(DRAW, [game, drawn["view"], drawn["seat"], drawn["names"],
                                  drawn["choices"], drawn["colours"], WIDTH])
    assert height > 100, f"{game}: the board drew almost nothing"
    part = f"#visual {PARTS[game]}" if game in PARTS else "#visual"
    shot = page.locator(part).screenshot(animations="disabled", caret="hide")
    return Image.open(io.BytesIO(shot)).convert("RGB")


def differences(new: Image.Image, old: Image.Image) -> tuple[float, Image.Image]:
    """Return the share of pixels that differ by more than THRESHOLD, and their map."""
    a = np.asarray(new, dtype=np.int16)
    b = np.asarray(old, dtype=np.int16)
    changed = np.abs(a - b).max(axis=2) > THRESHOLD
    marked = np.asarray(old.convert("L").convert("RGB"), dtype=np.uint8).copy() // 3 + 170
    marked[changed] = (220, 0, 0)
    return float(changed.mean()), Image.fromarray(marked)


@pytest.mark.parametrize("game", sorted(POSITIONS))
def test_each_board_looks_as_its_reference(new_context: NewContext, server: Server,
                                           game: str) -> None:
    context = new_context(viewport={"width": 1280, "height": 800}, device_scale_factor=1,
                          bypass_csp=False)
    page = watched(context.new_page())
    page.goto(server.base + "/")
    page.wait_for_selector(".lobby[data-ready=yes]")
    new = picture(page, game)
    reference = REFERENCES / f"{game}.png"
    if UPDATE:
        REFERENCES.mkdir(parents=True, exist_ok=True)
        new.save(reference, optimize=True)
        return
    assert reference.exists(), f"no reference picture for {game}: write it with {UPDATE_COMMAND}"
    old = Image.open(reference).convert("RGB")
    out = ARTIFACTS / "visual"
    if new.size != old.size:
        out.mkdir(parents=True, exist_ok=True)
        new.save(out / f"{game}-new.png")
        pytest.fail(f"{game}: the board is {new.size[0]}×{new.size[1]} px, its reference "
                    f"{old.size[0]}×{old.size[1]} (new picture in {out}); if the change is "
                    f"meant, update the references with: {UPDATE_COMMAND}")
    share, marked = differences(new, old)
    if share > TOLERANCE:
        out.mkdir(parents=True, exist_ok=True)
        new.save(out / f"{game}-new.png")
        marked.save(out / f"{game}-diff.png")
        pytest.fail(f"{game}: {share:.2%} of the board's pixels differ from its reference "
                    f"(at most {TOLERANCE:.0%} may; new picture and differences in {out}); "
                    f"if the change is meant, update the references with: {UPDATE_COMMAND}")
    assert not page.problems, page.problems  # type: ignore[attr-defined]
