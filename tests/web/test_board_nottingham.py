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

import random
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser

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
import * as nh from "/games/nottingham.js";
// The shell's seat looks (table.js): the shade of the colour the game names each seat by.
import { colourLook } from "/boards.js";
const SEAT_COLOURS = ["red", "yellow", "green", "blue", "purple", "white", "grey"];
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
    colour: (seat) => colourLook(SEAT_COLOURS[seat], seat + 1),
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


@pytest.fixture(scope="module")
def board(browser: Browser) -> Iterator[Page]:
    """Open the harness in the session's Chromium once for the whole module."""
    with open_board(browser, "nottingham", "Nottingham", HARNESS_JS, NAMES,
                    lambda view: int(view["players"])) as harness:
        yield harness


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


def check_render(harness: Page, state: Any, seat: int | None, real_click: bool,
                 lang: str = "en") -> set[str]:
    """Render one seat's (or the spectator's) view and check it; return the kinds placed.
    Every button is pressed through the DOM; with `real_click`, each also by a real click."""
    view = state.view(seat)
    choices = choices_of(state, seat) if seat is not None and seat in state.to_act else []
    drawn = harness.show(view, seat, choices, lang, press=True)
    counts = check_buttons(harness, drawn, choices, NOT_ON_BOARD, view["phase"])
    check_hands(harness, view, seat, drawn, lang)
    if real_click:
        click(harness, counts)
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
            placed |= check_render(board, state, seat, real_click=(step + i) % 7 == 0)
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
                found |= new & check_render(board, state, seat, real_click=True)
                check_render(board, state, None, real_click=False)
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
    check_keyboard(board, drawn["actions"], first, second)


def test_italian_and_polish_drawings_carry_no_english_tooltips(board: Page) -> None:
    """Render positions in Italian and Polish; no English sentence of the module shows."""
    words = board.page.evaluate("window.nh.WORDS")
    english_parts: list[str] = []
    for key in ("does", "needs", "phase", "tip"):
        for template in words["en"][key].values():
            english_parts += [p for p in literal_parts(template) if len(p) >= 14]
    for key in ("turn", "waiting", "queue", "track", "markLegend", "townLegend", "yourHand",
                "yourAmbushes", "commissions", "ambushDeck"):
        english_parts += [p for p in literal_parts(words["en"][key]) if len(p) >= 6]
    for table in ("item", "action", "commission"):
        english_parts += [p for p in words["en"][table].values()
                          if len(p) >= 6 and p not in words["it"][table].values()
                          and p not in words["pl"][table].values()]
    check_word_tables(words)
    for players in (3, 7):
        check_no_english(board, positions(players, seed=200 + players), english_parts, every=5)
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


def test_a_view_draws_the_same_every_time(board: Page) -> None:
    """Equal views and choices draw equal boards."""
    check_same_drawing(board, advance("nottingham", 5, 11, 90))


def test_the_board_fits_a_desktop_and_a_phone(board: Page) -> None:
    """At 1280x800 table and players sit side by side, at 390x844 they stack without
    sideways scrolling; text stays readable; screenshots are saved for people to look at."""
    measure = """() => {
      const [table, seats] = document.querySelectorAll('#board svg');
      const a = table.getBoundingClientRect(), b = seats.getBoundingClientRect();
      const sizes = [...document.querySelectorAll('#board text')].map(t => {
        const m = t.ownerSVGElement.getScreenCTM();
        return parseFloat(t.getAttribute('font-size')) * m.a;
      });
      return {firstTop: a.top, secondTop: b.top, firstBottom: a.bottom,
              scroll: document.documentElement.scrollWidth, smallest: Math.min(...sizes)};
    }"""
    check_fits(board, advance("nottingham", 5, 3, 120), "nottingham", measure, (11, 10),
               full_page=True)


# The lines on the cards of the table drawing (the drawn card, the hand, the cards laid out,
# the ambush cards) cut short with "…", the smallest size a card's line is read at, and the
# cards and piles drawn over one another.
CARD_LINES = """() => {
  const table = document.querySelector('#board svg');
  const lines = [...table.querySelectorAll('.nh-card text, .nh-ambush text')];
  const scale = table.getScreenCTM().a;
  // Pairs of cards and piles drawn over each other (a button's outline, a few units beyond
  // its card, may touch its neighbour's).
  const pieces = [...table.querySelectorAll(
    '.nh-card, .nh-ambush, .nh-ambush-deck, .nh-deck, .nh-discard')].map((n) => {
    const b = n.getBBox();
    return [n.getAttribute('class'), b.x + 5, b.y + 5, b.x + b.width - 5, b.y + b.height - 5];
  });
  const overlaps = [];
  pieces.forEach((a, i) => pieces.slice(i + 1).forEach((b) => {
    if (a[1] < b[3] && b[1] < a[3] && a[2] < b[4] && b[2] < a[4]) overlaps.push([a[0], b[0]]);
  }));
  return {
    cut: lines.map((n) => n.textContent).filter((s) => s.endsWith('…')),
    count: lines.length,
    smallest: Math.min(...lines.map((n) => parseFloat(n.getAttribute('font-size')) * scale)),
    overlaps,
  };
}"""


def crowded_hands() -> list[tuple[Any, int]]:
    """Return positions of random games, for the seat to act: hands of six or seven distinct
    items (four of them), a drawn card, two-item ambush cards in hand, two ambush cards to
    choose from, and cards laid out for an exchange."""
    found: list[tuple[Any, int]] = []
    wanted = Counter({"crowded": 4, "drawn": 1, "pair": 1, "look": 1, "table": 1})
    for seed in range(300, 360):
        for _, state in positions(5, seed, every=1):
            if state.is_terminal or not +wanted:
                break
            seat = state.to_act[0]
            view = state.view(seat)
            has = {"crowded": sum(1 for n in view["hand"] if n) >= 6,
                   "drawn": bool(view["drawn"]),
                   "pair": any("+" in a for a in view["my_ambushes"] or []),
                   "look": bool(view["ambush_look"]), "table": bool(view["table"])}
            new = [k for k, v in has.items() if v and wanted[k] > 0]
            if new and (not has["crowded"] or wanted["crowded"] > 0):
                found.append((state, seat))
                wanted.subtract(new)
                if has["crowded"]:
                    break  # one crowded hand per game
        if not +wanted:
            break
    assert not +wanted, f"no random game reached {dict(+wanted)}"
    return found


def test_every_card_name_and_action_is_whole(board: Page) -> None:
    """In positions where the seat to act holds six or seven distinct items, no name, action
    or ambush label on a card is cut with "…", in English, Italian and Polish, at 1280x800
    and 390x844, and none is read smaller than 10 px; no card or pile covers another."""
    crowded = crowded_hands()
    for width, height in ((1280, 800), (390, 844)):
        board.page.set_viewport_size({"width": width, "height": height})
        for state, seat in crowded:
            for lang in ("en", "it", "pl"):
                board.show(state.view(seat), seat, choices_of(state, seat), lang)
                got = board.page.evaluate(CARD_LINES)
                where = (width, lang, state.view(seat)["hand"])
                assert got["count"] >= 3, where
                assert got["cut"] == [], where
                assert got["overlaps"] == [], where
                assert got["smallest"] >= 10, (where, got["smallest"])
    board.page.set_viewport_size({"width": 1280, "height": 800})
    assert not board.errors, board.errors
