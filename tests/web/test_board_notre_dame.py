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

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser

import tavola
from tavola.games.notre_dame.components import (
    CHARACTER_NAMES,
    CHARACTER_RATS,
    KIND_NAMES,
    LINK_ROADS,
    QUARTER_ROADS,
)
from tests.web.boards import (
    Page,
    advance,
    check_buttons,
    check_fits,
    check_keyboard,
    check_no_english,
    check_same_drawing,
    check_word_tables,
    choices_of,
    click,
    literal_parts,
    open_board,
)

HARNESS_JS = """
import * as nd from "/games/notre-dame.js";
// The shell's seat looks (table.js): the shade of the colour the game names each seat by.
import { colourLook } from "/boards.js";
const SEAT_COLOURS = ["red", "blue", "green", "yellow", "purple"];
window.nd = nd;
window.picks = [];
window.show = (view, options) => {
  const ctx = {
    seat: options.seat, players: view.players.length, names: options.names,
    lang: options.lang, t: (key) => key, choices: options.choices,
    pick: (action) => { window.picks.push(action); },
    colour: (seat) => colourLook(SEAT_COLOURS[seat], seat + 1),
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


@pytest.fixture(scope="module")
def board(browser: Browser) -> Iterator[Page]:
    """Open the harness in the session's Chromium once for the whole module."""
    with open_board(browser, "notre-dame", "Notre Dame", HARNESS_JS, NAMES,
                    lambda view: len(view["players"])) as harness:
        yield harness


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


def check_render(harness: Page, state: Any, seat: int | None, real_click: bool) -> set[str]:
    """Render one seat's (or the spectator's) view and check it; return the kinds placed.
    Every button is pressed through the DOM; with `real_click`, each also by a real click."""
    view = state.view(seat)
    choices = choices_of(state, seat) if seat is not None and seat in state.to_act else []
    hidden = sorted(hidden_cards(state)) if seat is None else []
    drawn = harness.show(view, seat, choices, press=True, hidden=hidden)
    counts = check_buttons(harness, drawn, choices, NOT_ON_BOARD, (view["phase"], view["task"]))
    # Nothing the view does not hold is drawn, and for a spectator no hidden card at all.
    assert set(drawn["cards"]) <= cards_in(view)
    assert not set(drawn["cards"]) & set(hidden)
    assert drawn["leaked"] == []
    if real_click:
        click(harness, counts)
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
            placed |= check_render(board, state, seat, real_click=(step + i) % 7 == 0)
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
                    placed = check_render(board, state, seat, real_click=True)
                    found |= {w for w in new if w.split(":")[0] in placed}
                state = state.apply(seat, rng.choice(actions))
    assert found == wanted, wanted - found


def test_enter_and_space_play_the_focused_button(board: Page) -> None:
    """Keyboard players reach every button with Tab and play it with Enter or Space."""
    state = tavola.make("notre-dame", players=4, seed=7)
    seat = state.to_act[0]
    drawn = board.show(state.view(seat), seat, choices_of(state, seat))
    first, second = drawn["actions"][:2]
    check_keyboard(board, drawn["actions"], first, second)


def test_italian_and_polish_drawings_carry_no_english_tooltips(board: Page) -> None:
    """Render positions in Italian and Polish; no English sentence of the module shows."""
    words = board.page.evaluate("window.nd.WORDS")
    english = []
    for key in ("does", "hireDoes", "benefit", "tip"):
        for template in words["en"][key].values():
            english += [p for p in literal_parts(template) if len(p) >= 14]
    for key in ("round", "bank", "plague", "characters", "toCome", "yourCards"):
        english += [p for p in literal_parts(words["en"][key]) if len(p) >= 6]
    check_word_tables(words)
    for players in (2, 5):
        check_no_english(board, positions(players, seed=200 + players), english, every=4)
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
    check_same_drawing(board, advance("notre-dame", 3, 11, 60))


def test_the_board_fits_a_desktop_and_a_phone(board: Page) -> None:
    """At 1280x800 map and table sit side by side, at 390x844 they stack without sideways
    scrolling; text stays readable; screenshots are saved for people to look at."""
    measure = """() => {
      const [map, table] = document.querySelectorAll('#board svg');
      const a = map.getBoundingClientRect(), b = table.getBoundingClientRect();
      const sizes = [...document.querySelectorAll('#board text')].map(t => {
        const m = t.ownerSVGElement.getScreenCTM();
        return parseFloat(t.getAttribute('font-size')) * m.a;
      });
      return {firstTop: a.top, secondTop: b.top, firstBottom: a.bottom,
              scroll: document.documentElement.scrollWidth, smallest: Math.min(...sizes)};
    }"""
    check_fits(board, advance("notre-dame", 4, 3, 150), "notre-dame", measure, (11, 10))
