"""Every game at 80x24, every player count, every language, mid-game: the board in pages
whose every line is whole and which together hold the whole board, the question and at
least 8 choices (all when fewer) on screen, and the key legend whole."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from tavola.agents import decide, make_agent
from tavola.cli.pages import pages
from tavola.cli.play import Session
from tavola.cli.tui import SHOWN, WIDE, FullScreen, PlayApp
from tavola.cli.words import say
from tavola.core import LANGUAGES, Record, info, load
from tests.aio import run_async
from tests.arena.toys import real_games
from tests.cli.test_tui import SMALL, flat, pane_text, press, screen_text, until

MIDGAME = 60
"""How many decisions the bots make before the person's screen is looked at."""

BOARDS = [(game, players) for game in real_games()
          for players in range(info(game).min_players, info(game).max_players + 1)]


def mid_game(game: str, players: int, lang: str, seed: int = 3) -> PlayApp:
    """Return the full screen of a game where random bots have made `MIDGAME` decisions
    (and then until the person at P1 has a real choice)."""
    state = load(game, players).new_state(seed)
    record = Record.start(state, seed, ["human"] + ["random"] * (players - 1))
    rng = random.Random(seed)
    bots = [make_agent("random", game) for _ in range(players)]
    made = 0
    while made < MIDGAME or 0 not in state.to_act or len(state.legal_actions(0)) < 2:
        player = state.to_act[0]
        action = decide(bots[player], state, player, rng)
        state = state.apply(player, action)
        record.add(player, action)
        made += 1
        assert not state.is_terminal
    front = FullScreen(Console(file=io.StringIO(), width=80))
    session = Session(state, (0,), [None, *bots[1:]], random.Random(seed), record, None,
                      True, lang, front)
    return PlayApp(session, front)


def whole_rows(app: PlayApp, lines: list[str]) -> bool:
    """Return whether every line is a whole row of the screen (nothing cut at its end)."""
    rows = {row.rstrip() for row in screen_text(app).splitlines()}
    return all(line.rstrip() in rows for line in lines if line.strip())


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("game", "players"), BOARDS)
def test_every_board_fits_80x24_in_pages_with_the_question_and_8_choices(
        game: str, players: int, lang: str) -> None:
    check_screen(game, players, lang, SMALL)


@pytest.mark.parametrize("size", [(100, 40), (90, 30), (119, 24)])
@pytest.mark.parametrize(("game", "players", "lang"), [("notre-dame", 5, "it"),
                                                       ("intrige", 5, "pl")])
def test_other_narrow_screens_page_the_board_as_well(game: str, players: int, lang: str,
                                                     size: tuple[int, int]) -> None:
    check_screen(game, players, lang, size)


def check_screen(game: str, players: int, lang: str, size: tuple[int, int]) -> None:
    """Check a mid-game screen of `size`: the legend, the heading, the question and at
    least 8 choices whole, every page of the board whole and all of them the board."""
    app = mid_game(game, players, lang)

    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            await until(pilot, "choice")
            session = app.session
            state = session.state
            text = screen_text(app)
            assert all(len(row) <= size[0] for row in text.splitlines())
            # The key legend and the heading, whole.
            assert say(lang, "keys_small") in text
            assert flat(app.last.heading if app.last else "") in flat(text)
            # The question and at least 8 choices (all when fewer), whole.
            choices = flat(pane_text(app, "choices-pane"))
            assert flat(state.prompt(0, lang)) in choices
            labels = [state.describe(0, a, lang) for a in state.legal_actions(0)]
            width = len(str(len(labels)))
            shown = [n for n, label in enumerate(labels, 1)
                     if flat(f"{n:>{width}}) {label}") in choices]
            assert len(shown) >= min(SHOWN, len(labels)), (len(shown), choices)
            assert shown == list(range(1, len(shown) + 1))
            # Every page of the board, flipped through with →: each line whole, and all
            # of them together the whole board.
            board = state.game.render_view(state.view(0), lang)
            seen: list[str] = []
            for page in range(len(app.pages)):
                assert app.page == page and app.view == "board"
                assert whole_rows(app, app.pages[page]), (page, screen_text(app))
                seen.extend(app.pages[page])
                await press(app, "right")
                await pilot.pause()
            assert app.view == "log"
            everything = [line.rstrip() for line in board.splitlines() if line.strip()]
            assert {line.rstrip() for line in seen} >= set(everything)
            # ← goes back through the pages to the new events.
            for _ in range(len(app.pages) + 1):
                await press(app, "left")
            for _ in range(4):
                await pilot.pause()
            assert app.view == "events"
            new = state.log_text(0, lang)[-1]
            assert flat(new)[-40:] in flat(pane_text(app, "events-pane"))

    run_async(run())


def test_pages_keep_a_regions_first_line_and_cut_nothing() -> None:
    board = "Title\n\n   A  B\nx  1  2\ny  3  4\nz  5  6\n\nHead:\n  one\n  two\nNext:\n  " + \
        "#" * 90
    cut = pages(board, 3, 80)
    assert cut[0] == ["Title"]
    assert cut[1] == ["   A  B", "x  1  2", "y  3  4"]
    assert cut[2] == ["   A  B", "z  5  6"]
    assert cut[3] == ["Head:", "  one", "  two"]
    assert all(len(line) <= 80 for page in cut for line in page)
    assert "".join("".join(page) for page in cut).count("#") == 90


def test_a_table_under_a_heading_keeps_its_column_heads_on_every_page() -> None:
    board = "Round 1\n  region  plague  cubes\n  Anglia  -  R2\n  Gallia  X  -\n  Italia  -  -\n"
    cut = pages(board, 4, 80)
    assert cut == [["Round 1", "  region  plague  cubes", "  Anglia  -  R2", "  Gallia  X  -"],
                   ["Round 1", "  region  plague  cubes", "  Italia  -  -"]]


def test_column_heads_go_on_only_with_the_tables_rows() -> None:
    board = ("Turn 7\n  region  plague  cubes\n  Anglia  -  R2\n  Gallia  X  -\n"
             "  Neighbours:\n    Anglia: Gallia\n")
    cut = pages(board, 4, 80)
    assert cut == [["Turn 7", "  region  plague  cubes", "  Anglia  -  R2", "  Gallia  X  -"],
                   ["Turn 7", "  Neighbours:", "    Anglia: Gallia"]]


def test_an_entry_under_a_heading_brings_the_heading_to_its_page() -> None:
    board = ("Players:\n  P1: 3 cards\n    hand: gold\n    pile: nothing\n"
             "  P2: 5 cards\n    pile: nothing\n")
    cut = pages(board, 4, 80)
    assert cut == [["Players:", "  P1: 3 cards", "    hand: gold", "    pile: nothing"],
                   ["Players:", "  P2: 5 cards", "    pile: nothing"]]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_key_legends_fit_their_screens_in_every_language(lang: str) -> None:
    # The legend line has a column of padding on each side.
    assert len(say(lang, "keys_small")) <= SMALL[0] - 2
    assert len(say(lang, "keys")) <= WIDE - 2
