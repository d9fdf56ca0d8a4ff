"""The page paints each seat in the colour its game names it by: at a Rattus table the seat
the log calls "Red" is red in the seat list, on the board and in the chat, with its number
on it; a game whose seats are not colours keeps the page's own palette."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.web.conftest import Server
from tests.web.pages import await_turn, join, listed, play, post

# The page's shades (boards.js SEAT_SHADES) as the browser computes them.
RED = "rgb(232, 69, 60)"
BLUE = "rgb(0, 114, 178)"
DARK_INK = "rgb(17, 17, 17)"
WHITE_INK = "rgb(255, 255, 255)"


def swatch(page: Page, seat: int) -> dict[str, str]:
    """Return the seat list's swatch of `seat`: its fill, ink, text and colour word."""
    found: dict[str, str] = page.eval_on_selector(
        f'#seats li[data-seat="{seat}"] .swatch',
        """n => ({fill: getComputedStyle(n).backgroundColor, ink: getComputedStyle(n).color,
                  text: n.textContent, colour: n.dataset.colour || ""})""")
    return found


def test_a_rattus_seat_is_drawn_in_the_colour_the_log_names_it(
        page: Page, server: Server) -> None:
    made = post(server.base, "/api/v1/tables", {
        "game": "rattus", "players": 2, "bot_seconds": 0.5,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]})
    page.goto(made["seats"][0]["invite"])
    join(page, "Ada")
    page.wait_for_selector('#board[data-module="rattus"] .rt-player[data-seat="0"]')
    assert swatch(page, 0) == {"fill": RED, "ink": DARK_INK, "text": "1", "colour": "red"}
    # Blue is dark: its number is written in white.
    assert swatch(page, 1) == {"fill": BLUE, "ink": WHITE_INK, "text": "2", "colour": "blue"}
    assert "Red" in page.inner_text('#seats li[data-seat="0"]')
    # The board's seat panel: the red shade, the seat's number drawn on it.
    fills = page.eval_on_selector_all('.rt-player[data-seat="0"] circle, '
                                      '.rt-cubes[data-seat="0"] rect',
                                      "nodes => nodes.map(n => n.getAttribute('fill'))")
    assert fills and set(fills) == {"#E8453C"}, fills
    marks = page.eval_on_selector_all('.rt-player[data-seat="0"] text',
                                      "nodes => nodes.map(n => n.textContent)")
    assert "1" in marks
    # The log names that seat "Red" once it has played.
    for _ in range(6):
        if "Red" in (page.text_content("#log") or "") or not await_turn(page):
            break
        play(page, listed(page)[0], "#choice-list")
    assert "Red" in (page.text_content("#log") or "")
    page.fill("#chat-input", "hello")
    page.press("#chat-input", "Enter")
    page.wait_for_selector("#chat li .swatch")
    chat = page.eval_on_selector("#chat li .swatch",
                                 "n => getComputedStyle(n).backgroundColor")
    assert chat == RED
    assert not page.problems  # type: ignore[attr-defined]


def test_seats_that_are_not_colours_keep_the_page_palette(page: Page, server: Server) -> None:
    made = post(server.base, "/api/v1/tables", {
        "game": "intrige", "players": 3, "bot_seconds": 0.5, "options": {"edition": "1994"},
        "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 2})
    page.goto(made["seats"][0]["invite"])
    join(page, "Ada")
    page.wait_for_selector('#seats li[data-seat="2"] .swatch')
    # Okabe and Ito's orange, sky blue and green, in seat order, with no colour word.
    # Read in one go: the seat list is drawn again whenever the seats are told, and a
    # swatch looked up in one step and read in the next may be gone by then.
    swatches = page.evaluate("""() => [0, 1, 2].map((s) => {
        const n = document.querySelector(`#seats li[data-seat="${s}"] .swatch`);
        return {fill: getComputedStyle(n).backgroundColor, colour: n.dataset.colour || ""};
    })""")
    assert [s["fill"] for s in swatches] == [
        "rgb(230, 159, 0)", "rgb(86, 180, 233)", "rgb(0, 158, 115)"]
    assert [s["colour"] for s in swatches] == ["", "", ""]
    assert not page.problems  # type: ignore[attr-defined]
