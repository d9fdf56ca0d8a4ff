"""The Rattus board module of the browser page (`tavola/web/static/games/rattus.js`), drawn
in real Chromium from the views of real games.

A tiny HTTP server serves `tavola/web/static/` plus a harness page (kept in memory, under
`/__harness__/`, with the page's content security policy) that imports the module and lets
the test render any view with any choices. Positions come from random play of whole games
for every player count; each is drawn for the seat to act, one idle seat and a spectator.
The checks: no script or console error; every choice with a place on the board is exactly
one button that plays its action by click, Enter and Space; no rat token's front shows to
anyone but the Witch who looked at it; Italian and Polish drawings carry no English tooltip
text; the module's copy of the map equals the game's; the regions do not overlap.
Screenshots at 1280x800 and 390x844 go to `tests/artifacts/`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser

import tavola
from tavola.core import Action
from tavola.games.rattus import actions
from tavola.games.rattus.components import ADJACENT_PAIRS, CLASS_NAMES, REGION_NAMES
from tavola.games.rattus.config import REGIONS_IN_PLAY
from tests.web.boards import (
    Page,
    advance,
    check_buttons,
    check_fits,
    check_keyboard,
    check_same_drawing,
    check_word_tables,
    choices_of,
    click,
    literal_parts,
    open_board,
)

HARNESS_JS = """
import * as rattus from "/games/rattus.js";
// The shell's seat looks (table.js): the shade of the colour the game names each seat by.
import { colourLook } from "/boards.js";
const SEAT_COLOURS = ["red", "blue", "green", "yellow"];
window.rattus = rattus;
window.picks = [];
window.show = (view, options) => {
  const ctx = {
    seat: options.seat, players: view.players, names: options.names,
    lang: options.lang, t: (key) => key, choices: options.choices,
    pick: (action) => { window.picks.push(action); },
    colour: (seat) => colourLook(SEAT_COLOURS[seat], seat + 1),
  };
  const board = document.getElementById("board");
  rattus.render(board, view, ctx);
  const buttons = [...board.querySelectorAll("[data-action]")];
  const tipped = ".rt-region-body, .rt-out, .rt-cubes, .rt-token, .rt-slot, .rt-plague, "
    + ".rt-palace, .rt-palace-cubes, .rt-supply, .rt-out-of-game, .rt-card, .rt-chip, "
    + ".rt-player";
  // Press every button through the DOM (real pointer clicks are sampled from Python).
  const before = window.picks.length;
  if (options.press) {
    for (const e of buttons) e.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  }
  return {
    pressed: window.picks.slice(before),
    actions: buttons.map((e) => e.getAttribute("data-action")),
    malformed: buttons.filter((e) => e.getAttribute("role") !== "button"
      || e.getAttribute("tabindex") !== "0" || !e.getAttribute("aria-label")
      || !e.querySelector(".rt-halo")).length,
    untitled: [...board.querySelectorAll(tipped)].filter(
      (e) => ![...e.children].some((c) => c.tagName === "title")).length,
    fronts: Object.fromEntries([...board.querySelectorAll('.rt-token[data-face="front"]')]
      .map((e) => [e.getAttribute("data-token"),
        [...e.children].find((c) => c.tagName === "title").textContent])),
    tokens: [...board.querySelectorAll(".rt-token")].map((e) => e.getAttribute("data-token")),
    regions: [...board.querySelectorAll(".rt-region")].map(
      (e) => [e.getAttribute("data-region"), e.classList.contains("rt-out")]),
    plague: [...board.querySelectorAll(".rt-plague")].map((e) => e.getAttribute("data-plague")),
    cards: [...board.querySelectorAll(".rt-card")].map((e) => e.getAttribute("data-card")),
    words: options.words ? [...board.querySelectorAll("title, text")].map(
      (e) => e.textContent) : [],
    markup: options.markup ? board.innerHTML : "",
    text: options.text ? [...board.querySelectorAll("title, text")].map(
      (e) => e.textContent).join("\\n") : "",
  };
};
window.ready = true;
"""

NAMES = ["Ada", "Bruno", "Celina", "Dario"]
NOT_ON_BOARD = {"done"}
"""Choice kinds with no place on the board: the shell's list offers them."""


@pytest.fixture(scope="module")
def board(browser: Browser) -> Iterator[Page]:
    """Open the harness in the session's Chromium once for the whole module."""
    with open_board(browser, "rattus", "Rattus", HARNESS_JS, NAMES,
                    lambda view: int(view["players"])) as harness:
        yield harness


def variant(action: str, phase: str) -> str:
    """Return the board's kind of a choice: its kind, told apart where one kind has two
    steps (`merchant:gallia` vs `merchant:gallia,italia,2`) or two meanings (the plague
    move and the Knight's final move)."""
    kind, _, args = action.partition(":")
    if kind in ("merchant", "monk"):
        return f"{kind}-{'from' if ',' not in args else 'to'}"
    if kind == "place" and args.endswith(",peasant"):
        return "place-peasant"
    if kind == "plague" and phase == "final":
        return "plague-final"
    return kind


def positions(players: int, seed: int, every: int) -> Iterator[tuple[int, Any]]:
    """Yield (step, state) along one random game: every `every`-th position, the last one,
    and every position offering a choice variant not seen before."""
    state = tavola.make("rattus", players=players, seed=seed)
    rng = random.Random(seed)
    seen: set[str] = set()
    step = 0
    while True:
        phase = state.view(None)["phase"]
        kinds = {variant(str(a), phase) for p in state.to_act for a in state.legal_actions(p)}
        if step % every == 0 or kinds - seen or state.is_terminal:
            seen |= kinds
            yield step, state
        if state.is_terminal:
            return
        seat = state.to_act[0]
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
        step += 1


def fronts_in(view: dict[str, Any]) -> set[str]:
    """Return the board positions (`region.slot`) whose front the view holds."""
    return {f"{r['name']}.{i}" for r in view["regions"] for i, tok in enumerate(r["tokens"])
            if tok["front"] is not None}


def check_render(harness: Page, state: Any, seat: int | None,
                 real_click: Iterable[str] = ()) -> set[str]:
    """Render one seat's (or the spectator's) view and check it; return the variants placed.
    Every button is pressed through the DOM; those of the variants in `real_click` (and "any":
    the first, a middle and the last button) also by a real pointer click."""
    view = state.view(seat)
    choices = choices_of(state, seat) if seat is not None and seat in state.to_act else []
    drawn = harness.show(view, seat, choices, press=True)
    counts = check_buttons(harness, drawn, choices, NOT_ON_BOARD, view["phase"])
    # The map: every region, greyed out of play; the plague piece once; the six cards.
    in_play = REGIONS_IN_PLAY[view["players"]]
    assert drawn["regions"] == [[name, i >= in_play] for i, name in enumerate(REGION_NAMES)]
    assert drawn["plague"] == [view["plague"]]
    assert drawn["cards"] == list(CLASS_NAMES)
    assert sorted(drawn["tokens"]) == sorted(
        f"{r['name']}.{i}" for r in view["regions"] for i in range(len(r["tokens"])))
    # Exactly the fronts the view holds are shown face up, and nothing else.
    assert set(drawn["fronts"]) == fronts_in(view)
    wanted = set(real_click)
    actions = drawn["actions"]
    real = [a for a in actions if variant(a, view["phase"]) in wanted]
    if "any" in wanted and actions:
        real += [actions[0], actions[len(actions) // 2], actions[-1]]
    click(harness, dict.fromkeys(real))
    return {variant(a, view["phase"]) for a in counts}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_view_of_whole_games_draws_and_places_its_choices(board: Page,
                                                                players: int) -> None:
    """Draw positions across whole random games for the seat to act, an idle seat and a
    spectator; every board choice is one working button."""
    placed: set[str] = set()
    renders = 0
    for seed in (100 + players,):
        for step, state in positions(players, seed=seed, every=10):
            seats: list[int | None] = list(state.to_act)
            if step % 2:
                seats.append(None)
            else:
                idle = [s for s in range(players) if s not in state.to_act]
                seats += idle[step % len(idle):][:1]
            for seat in seats:
                click = ["any"] if step % 5 == 0 and seat in state.to_act else []
                placed |= check_render(board, state, seat, click)
                renders += 1
    assert renders > 30
    assert placed >= {"setup", "take", "no_card", "place", "witch", "end_b", "plague",
                      "spread", "merchant-from"}, placed


def test_every_kind_of_board_choice_is_placed(board: Page) -> None:
    """Find positions offering each kind of choice with a board place (regions, tokens,
    cards, each step of a two-step power, the Witch's swap, the Knight's decision, the final
    round's powers, passing step A or B) and check it is a button."""
    wanted = {"setup", "take", "no_card", "place", "place-peasant", "king", "merchant-from",
              "merchant-to", "monk-from", "monk-to", "witch", "end_b", "swap", "keep",
              "peasant", "plague", "plague-final", "spread", "boost", "no_boost"}
    found: set[str] = set()
    for players in (2, 3, 4):
        for seed in range(8):
            state = tavola.make("rattus", players=players, seed=seed)
            rng = random.Random(seed)
            while not state.is_terminal and found < wanted:
                seat = state.to_act[0]
                phase = state.view(seat)["phase"]
                actions = state.legal_actions(seat)
                new = {variant(str(a), phase) for a in actions} & (wanted - found)
                if new:
                    found |= new & check_render(board, state, seat, real_click=new)
                state = state.apply(seat, rng.choice(actions))
    assert found == wanted, wanted - found


def test_a_witchs_look_shows_to_her_alone(board: Page) -> None:
    """Where a seat has looked at rat tokens, its drawing shows their fronts; no other
    seat's drawing and no spectator's shows them or any word of them."""
    checked = 0
    for players in (2, 3, 4):
        state = tavola.make("rattus", players=players, seed=40 + players)
        rng = random.Random(40 + players)
        step = 0
        here = 0
        while not state.is_terminal and here < 3:
            known = {q: fronts_in(state.view(q)) for q in range(players)}
            if any(known.values()) and step % 11 == 0:
                here += 1
                titles: dict[str, str] = {}
                for q in range(players):
                    drawn = board.show(state.view(q), q, [])
                    assert set(drawn["fronts"]) == known[q]
                    titles |= {f"{q}:{pos}": tip for pos, tip in drawn["fronts"].items()}
                for viewer in [None, *range(players)]:
                    for lang in ("en", "pl") if step % 2 else ("en",):
                        drawn = board.show(state.view(viewer), viewer, [], lang, text=True)
                        own = known[viewer] if viewer is not None else set()
                        assert set(drawn["fronts"]) == own
                        leaked = [key for key, tip in titles.items()
                                  if key.split(":")[1] not in own and tip in drawn["text"]]
                        assert not leaked, (viewer, leaked)
                checked += 1
            seat = state.to_act[0]
            state = state.apply(seat, rng.choice(state.legal_actions(seat)))
            step += 1
    assert checked >= 6
    assert not board.errors, board.errors


def test_enter_and_space_play_the_focused_button(board: Page) -> None:
    """Keyboard players reach every button with Tab and play it with Enter or Space."""
    state = tavola.make("rattus", players=3, seed=5)
    rng = random.Random(5)
    while "take" not in {a.kind for a in state.legal_actions(state.to_act[0])}:
        seat = state.to_act[0]
        state = state.apply(seat, rng.choice(state.legal_actions(seat)))
    seat = state.to_act[0]
    drawn = board.show(state.view(seat), seat, choices_of(state, seat))
    check_keyboard(board, drawn["actions"], drawn["actions"][0], drawn["actions"][-1])


def test_italian_and_polish_drawings_carry_no_english_tooltips(board: Page) -> None:
    """Render positions in Italian and Polish; no English sentence of the module shows."""
    words = board.page.evaluate("window.rattus.WORDS")
    english: list[str] = []
    for key in ("power", "tip"):
        for template in words["en"][key].values():
            english += [p for p in literal_parts(template) if len(p) >= 14]
    for key in ("round", "setupRound", "toAct", "over", "classCards", "outOfGame", "free"):
        english += [p for p in literal_parts(words["en"][key]) if len(p) >= 6]
    english += [p for p in words["en"]["phase"].values() if len(p) >= 10]
    assert len(english) > 50
    check_word_tables(words)
    for lang in ("it", "pl"):
        # Every entry of the table, drawn below or not, is translated.
        entries = [v for v in words[lang].values() if isinstance(v, str)]
        entries += [x for v in words[lang].values() if isinstance(v, dict) for x in v.values()]
        untranslated = [e for e in entries if any(p in e for p in english)]
        assert not untranslated, (lang, untranslated[:3])
    for players in (2, 4):
        for step, state in positions(players, seed=300 + players, every=12):
            acting = state.to_act[0] if state.to_act else 0
            for seat in (acting, None):
                for lang in ("it", "pl")[step % 2:][:1] if step else ("it", "pl"):
                    choices = choices_of(state, acting) if seat in state.to_act else []
                    shown = "\n".join(board.show(state.view(seat), seat, choices, lang,
                                                words=True)["words"])
                    leaked = [p for p in english if p in shown]
                    assert not leaked, (lang, step, leaked[:3])
    assert not board.errors, board.errors


def test_the_module_map_equals_the_game_map(board: Page) -> None:
    """The module's copies of the regions, roads, classes and player counts match the
    game's, and every sea crossing is a road."""
    data = board.page.evaluate("({regions: window.rattus.REGIONS, roads: window.rattus.ROADS,"
                               " sea: window.rattus.SEA_ROADS, classes: window.rattus.CLASSES,"
                               " inPlay: window.rattus.REGIONS_IN_PLAY,"
                               " placed: window.rattus.PLACED_KINDS,"
                               " words: window.rattus.WORDS})")
    assert data["regions"] == list(REGION_NAMES)
    assert [tuple(r) for r in data["roads"]] == list(ADJACENT_PAIRS)
    assert {tuple(r) for r in data["sea"]} <= set(ADJACENT_PAIRS)
    assert data["classes"] == list(CLASS_NAMES)
    assert {int(k): v for k, v in data["inPlay"].items()} == REGIONS_IN_PLAY
    # Every kind of action the game has is either placed on the board or left to the list.
    kinds = set()
    for value in vars(actions).values():
        items = value.values() if isinstance(value, dict) else (
            value if isinstance(value, tuple) else (value,))
        kinds |= {a.kind for a in items if isinstance(a, Action)}
    assert set(data["placed"]) | NOT_ON_BOARD == kinds
    assert not set(data["placed"]) & NOT_ON_BOARD
    for lang in ("en", "it", "pl"):
        for table in ("class", "group", "power"):
            assert set(data["words"][lang][table]) == set(CLASS_NAMES)


def test_regions_palace_and_supply_do_not_overlap(board: Page) -> None:
    """The boxes of the twelve regions, the palace and the supply lie apart on the map."""
    state = tavola.make("rattus", players=4, seed=1)
    board.show(state.view(0), 0, choices_of(state, 0))
    boxes = board.page.evaluate("""() => [...document.querySelectorAll(
        '.rt-region > rect, .rt-region > .rt-region-body > rect, .rt-palace > rect, '
        + '.rt-supply > rect')].filter(r => !r.getAttribute('fill-opacity'))
        .map(r => { const b = r.getBBox(); return [b.x, b.y, b.width, b.height]; })""")
    boxes = [b for b in boxes if b[2] > 150]
    assert len(boxes) == 14, boxes
    for i, (ax, ay, aw, ah) in enumerate(boxes):
        for bx, by, bw, bh in boxes[i + 1:]:
            apart = ax + aw <= bx or bx + bw <= ax or ay + ah <= by or by + bh <= ay
            assert apart, ((ax, ay, aw, ah), (bx, by, bw, bh))


def test_a_view_draws_the_same_every_time(board: Page) -> None:
    """Equal views and choices draw equal boards."""
    check_same_drawing(board, advance("rattus", 3, 11, 40, first=True))


def test_the_board_fits_a_desktop_and_a_phone(board: Page) -> None:
    """At 1280x800 map and table sit side by side, at 390x844 they stack without sideways
    scrolling; text stays readable; screenshots are saved for people to look at."""
    measure = """() => {
      const [map, table] = document.querySelectorAll('#board svg');
      const mapBox = map.parentElement;
      const a = map.getBoundingClientRect(), b = table.getBoundingClientRect();
      const sizes = [...document.querySelectorAll('#board text')]
        .filter(t => t.textContent.trim())
        .map(t => parseFloat(t.getAttribute('font-size')) * t.ownerSVGElement.getScreenCTM().a);
      return {firstTop: a.top, secondTop: b.top,
              firstBottom: mapBox.getBoundingClientRect().bottom,
              scroll: document.documentElement.scrollWidth, smallest: Math.min(...sizes)};
    }"""
    check_fits(board, advance("rattus", 4, 3, 60, first=True), "rattus", measure, (11, 10))
