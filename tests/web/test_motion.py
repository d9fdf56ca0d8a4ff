"""Other seats' moves played one by one (issue 21): when bots make several moves in a row,
the page draws each as a separate step, at least the page's pace apart, marks the log line
of the move on show, and offers to skip to the latest; for a reader who asks for reduced
motion, none of it: each state is drawn as it arrives."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.web.conftest import NewContext, Server, watched
from tests.web.pages import await_finished, await_turn, join, post
from tests.web.test_replay import FINISH_SECONDS

PACE_MS = 700  # table.js PACE_MS

# Record every state the page draws: its id, when, and whether the play-through was on.
RECORD = """() => {
  window.drawn = [];
  window.playingSeen = false;
  window.freshSeen = false;
  const root = document.getElementById('table-page');
  new MutationObserver(() => {
    if (root.dataset.playing === 'yes') window.playingSeen = true;
    if (document.querySelector('#log li.fresh')) window.freshSeen = true;
    window.drawn.push([Number(root.dataset.state), performance.now()]);
  }).observe(root, { attributes: true, attributeFilter: ['data-state', 'data-playing'] });
}"""


def rattus_table(server: Server) -> str:
    """Seat 0 for a person and three random bots: after seat 0's first placement, the
    bots place six times in a row before it is seat 0's turn again."""
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 3
    made: dict[str, Any] = post(server.base, "/api/v1/tables", {
        "game": "rattus", "players": 4, "seats": seats, "bot_seconds": 0.05})
    link: str = made["seats"][0]["invite"]
    return link


def play_once(page: Page) -> tuple[int, list[list[float]]]:
    """Make seat 0's first decision and wait for its next turn; return the state it played
    from and the states drawn since (id, time)."""
    assert await_turn(page)
    start = int(page.get_attribute("#table-page", "data-state") or "-1")
    page.evaluate(RECORD)
    page.click("#choice-list button[data-action]")
    page.wait_for_function(
        "(start) => { const root = document.getElementById('table-page');"
        " return Number(root.dataset.state) > start + 1 && root.dataset.myTurn === 'yes'"
        " && !root.dataset.playing; }", arg=start, timeout=60_000)
    drawn: list[list[float]] = page.evaluate("() => window.drawn")
    return start, [d for d in drawn if d[0] > start]


def test_a_bots_moves_are_drawn_one_by_one_at_a_readable_pace(
        new_context: NewContext, server: Server) -> None:
    page = watched(new_context(reduced_motion="no-preference").new_page())
    page.goto(rattus_table(server))
    join(page, "Ada")
    start, drawn = play_once(page)
    states = [int(d[0]) for d in drawn]
    end = int(page.get_attribute("#table-page", "data-state") or "-1")
    assert end - start >= 4, (start, end)
    # Every move is a step of its own, in order: none skipped, none drawn twice.
    assert sorted(set(states)) == list(range(start + 1, end + 1)), states
    # Each move stays on show for the pace before the next is drawn (one's own decision is
    # drawn as soon as it arrives; every bot's move after it waits its turn).
    firsts: dict[int, float] = {}
    for state, when in drawn:
        firsts.setdefault(int(state), when)
    moments = [firsts[s] for s in range(start + 1, end + 1)]
    gaps = [b - a for a, b in itertools.pairwise(moments)]
    assert gaps and min(gaps) >= PACE_MS - 60, gaps
    assert page.evaluate("() => window.playingSeen && window.freshSeen")
    assert page.locator("#skip-moves").is_hidden()
    assert not page.problems, page.problems  # type: ignore[attr-defined]


# Note any animation of a moving piece: the plague, a carriage, the sheriff (`data-move`),
# and every other piece a board marks (`data-piece`): its kind, where it went, and whether
# it travelled (a translation) or appeared in place (a scale).
GLIDES = """() => {
  // The box around a moving piece that cuts it at its own edges, if any: one hiding or
  // scrolling its overflow (an SVG drawing does, unless told), up to the board; a map its
  // reader scrolled may keep its edges.
  const clippedBy = (node) => {
    const board = document.getElementById('board');
    for (let at = node.parentElement; at && at !== board; at = at.parentElement) {
      const style = getComputedStyle(at);
      const clips = style.overflowX !== 'visible' || style.overflowY !== 'visible';
      if (clips && !at.scrollLeft && !at.scrollTop) return at.getAttribute('class') || at.tagName;
    }
    return null;
  };
  window.glided = [];
  window.pieces = [];
  setInterval(() => {
    for (const animation of document.getAnimations()) {
      const target = animation.effect && animation.effect.target;
      if (!target || !target.dataset) continue;
      if (target.dataset.move) window.glided.push(target.dataset.move);
      if (target.dataset.piece) {
        const frames = animation.effect.getKeyframes();
        const how = String(frames[0].transform || '').startsWith('translate') ? 'moved' : 'grew';
        const table = document.getElementById('table-page');  // none in the replay
        window.pieces.push([target.dataset.piece, target.dataset.at, how,
          Boolean(table) && table.dataset.playing === 'yes', clippedBy(target)]);
      }
    }
  }, 40);
}"""


def play_until_the_plague_moved(page: Page, turns: int = 6) -> None:
    """Play seat 0's first choice until other seats moved the plague at least once."""
    page.evaluate(GLIDES)
    for _ in range(turns):
        assert await_turn(page)
        before = page.get_attribute("#board [data-move=plague]", "data-plague")
        page.click("#choice-list button[data-action]")
        assert await_turn(page)
        page.wait_for_function("() => !document.getElementById('table-page').dataset.playing")
        if page.get_attribute("#board [data-move=plague]", "data-plague") != before:
            return
    raise AssertionError("the plague never moved")


def test_the_plague_glides_to_its_new_region(new_context: NewContext, server: Server) -> None:
    page = watched(new_context(reduced_motion="no-preference").new_page())
    page.goto(rattus_table(server))
    join(page, "Ada")
    # The plague moves on one's own turns too (drawn at once, without gliding) and on the
    # other seats' (played one by one, gliding): play on until it has glided.
    for _ in range(4):
        play_until_the_plague_moved(page, 12)
        if "plague" in page.evaluate("() => window.glided"):
            break
    assert "plague" in page.evaluate("() => window.glided")
    assert not page.problems, page.problems  # type: ignore[attr-defined]


def test_the_other_seats_cubes_move_from_their_reserve_to_the_map(
        new_context: NewContext, server: Server) -> None:
    """While a bot's placement is on show, its cubes travel (a running translation) from
    its reserve to the region they were placed in."""
    page = watched(new_context(reduced_motion="no-preference").new_page())
    page.goto(rattus_table(server))
    join(page, "Ada")
    page.evaluate(GLIDES)
    play_once(page)
    pieces: list[list[Any]] = page.evaluate("() => window.pieces")
    moved = {(kind, at) for kind, at, how, playing, _ in pieces if how == "moved" and playing}
    # Seats 1 to 3 are bots: each placed cubes in a region while its move was on show.
    bots = {kind for kind, at in moved if kind in {"cube:1", "cube:2", "cube:3"}
            and at.startswith("region:")}
    assert bots, pieces
    # Drawn above the board's parts all the way: nothing cut it at the map's edge.
    clipped = [p for p in pieces if p[2] == "moved" and p[4]]
    assert not clipped, clipped[:5]
    assert not page.problems, page.problems  # type: ignore[attr-defined]


@pytest.mark.parametrize(("game", "kind"), [("notre-dame", "card"), ("nottingham", "card"),
                                           ("intrige", "figure:")])
def test_every_board_moves_its_pieces(new_context: NewContext, server: Server, game: str,
                                      kind: str) -> None:
    """On every board, the other seats' moves carry pieces from where they were to where
    they are while each move is on show: Notre Dame's and Nottingham's cards, Intrige's
    figures (the seat plays its first choice each turn, three bots the rest)."""
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 2
    made: dict[str, Any] = post(server.base, "/api/v1/tables", {
        "game": game, "players": 3, "seats": seats, "bot_seconds": 0.05})
    page = watched(new_context(reduced_motion="no-preference").new_page())
    page.goto(made["seats"][0]["invite"])
    join(page, "Ada")
    page.evaluate(GLIDES)
    moved: set[str] = set()
    for _ in range(12):
        assert await_turn(page)
        before = page.get_attribute("#table-page", "data-state")
        page.click("#choice-list button[data-action]")
        page.wait_for_function(
            "(before) => { const root = document.getElementById('table-page');"
            " return root.dataset.state !== before && !root.dataset.playing"
            " && (root.dataset.myTurn === 'yes' || root.dataset.finished === 'yes'); }",
            arg=before, timeout=60_000)
        pieces: list[list[Any]] = page.evaluate("() => window.pieces")
        moved = {k for k, _, how, playing, _ in pieces if how == "moved" and playing}
        if any(k.startswith(kind) for k in moved):
            break
    assert any(k.startswith(kind) for k in moved), moved
    clipped = [p for p in pieces if p[2] == "moved" and p[4]]
    assert not clipped, clipped[:5]
    assert not page.problems, page.problems  # type: ignore[attr-defined]


def test_skipping_draws_the_latest_state_at_once(new_context: NewContext,
                                                 server: Server) -> None:
    page = watched(new_context(reduced_motion="no-preference").new_page())
    page.goto(rattus_table(server))
    join(page, "Ada")
    assert await_turn(page)
    page.click("#choice-list button[data-action]")
    page.wait_for_selector("#skip-moves:not([hidden])")
    page.keyboard.press("Escape")
    assert await_turn(page)
    page.wait_for_function("() => !document.getElementById('table-page').dataset.playing")
    assert page.locator("#skip-moves").is_hidden()
    assert not page.problems, page.problems  # type: ignore[attr-defined]


def test_with_reduced_motion_each_state_is_drawn_as_it_arrives(
        new_context: NewContext, server: Server) -> None:
    page = watched(new_context(reduced_motion="reduce").new_page())
    page.goto(rattus_table(server))
    join(page, "Ada")
    _, drawn = play_once(page)
    assert drawn
    assert not page.evaluate("() => window.playingSeen"), "moves were played one by one"
    play_until_the_plague_moved(page, 12)
    assert page.evaluate("() => window.glided") == [], "a piece glided"
    assert page.evaluate("() => window.pieces") == [], "a piece moved"
    assert page.locator("#skip-moves").is_hidden()
    assert not page.problems, page.problems  # type: ignore[attr-defined]


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_the_replay_moves_the_pieces_of_each_step(new_context: NewContext, server: Server,
                                                  motion: str) -> None:
    """Stepping through a replay shows each step as what changed: the pieces move (a
    running animation on a marked piece), unless the reader asks for reduced motion."""
    seats = [{"kind": "bot", "bot": "random"}] * 3
    made: dict[str, Any] = post(server.base, "/api/v1/tables", {
        "game": "rattus", "players": 3, "seats": seats, "bot_seconds": 0.05})
    table = made["table"]
    await_finished(server.base, table, FINISH_SECONDS)
    page = watched(new_context(reduced_motion=motion).new_page())
    page.goto(f"{server.base}/#/replay/{table}")
    page.wait_for_selector('#replay-page[data-ready=yes][data-step="0"]')
    page.evaluate(GLIDES)
    # The set-up places every seat's cubes: within its first steps, cubes go on the map.
    for step in range(1, 7):
        page.click("#replay-next")
        page.wait_for_selector(f'#replay-page[data-ready=yes][data-step="{step}"]')
        if motion == "no-preference":
            try:
                page.wait_for_function("() => window.pieces.length > 0", timeout=1_500)
                break
            except PlaywrightTimeout:
                continue
    moved: list[list[Any]] = page.evaluate("() => window.pieces")
    if motion == "reduce":
        # Each step's moves (half a second) would have been seen while the next step loaded.
        assert moved == [], moved
    else:
        assert any(kind.startswith("cube:") for kind, *_ in moved), moved
    assert not page.problems, page.problems  # type: ignore[attr-defined]
