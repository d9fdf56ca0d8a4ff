"""The standings of a tournament: win shares, Wilson intervals, ratings, the table and plot."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest
from rich.console import Console

from tavola.arena.plot import PlotFailed, plot_ratings
from tavola.arena.report import renderables
from tavola.arena.results import Config, GameSummary
from tavola.arena.stats import Standings, ratings, standings, wilson
from tavola.arena.tournament import tournament

pytestmark = pytest.mark.usefixtures("toys")

SETUP = "tests.arena.toys:register_toys"


def league(games: int, players: int = 2, bots: tuple[str, ...] = ("random", "greedy", "low"),
           seed: int = 3) -> Standings:
    return tournament("toy-league", players, list(bots), games, seed=seed, workers=1,
                      setup=SETUP, progress=False)


def fake(index: int, seats: tuple[str, ...], ranks: tuple[int, ...]) -> GameSummary:
    """A game that only says who sat where and how they placed."""
    return GameSummary(index, seats, (0,) * len(seats), ranks, 0, 0.0)


@pytest.mark.parametrize(("wins", "games", "low", "high"), [
    (5, 10, 0.2366, 0.7634), (0, 10, 0.0, 0.2775), (10, 10, 0.7225, 1.0),
    (81, 263, 0.2553, 0.3662)])
def test_the_win_interval_is_the_wilson_score_interval(wins: int, games: int, low: float,
                                                       high: float) -> None:
    got = wilson(wins, games)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_an_interval_of_no_games_is_everything() -> None:
    assert wilson(0, 0) == (0.0, 1.0)


def test_every_game_gives_out_exactly_one_win() -> None:
    result = league(30, players=3, bots=("random", "low", "middle"))
    assert sum(b.wins for b in result.bots) == 30
    assert sum(s.wins for s in result.seats) == 30
    assert all(b.seat_games == 30 for b in result.bots)
    assert all(b.win_low <= b.win_share <= b.win_high for b in result.bots)
    assert all(1 <= b.mean_rank <= 3 for b in result.bots)


def test_tied_winners_share_the_win() -> None:
    config = Config("toy-league", 1, 3, {}, ("a", "b", "c"), 0)
    result = standings(config, [fake(0, ("a", "b", "c"), (1, 1, 3))])
    wins = {b.name: b.wins for b in result.bots}
    assert wins == {"a": Fraction(1, 2), "b": Fraction(1, 2), "c": 0}
    assert [s.wins for s in result.seats] == [Fraction(1, 2), Fraction(1, 2), 0]


def test_the_stronger_bot_is_rated_clearly_higher() -> None:
    result = league(60)
    by_name = {b.name: b for b in result.bots}
    assert result.bots[0].name == "greedy"
    assert by_name["greedy"].rating_low > by_name["random"].rating_high
    assert by_name["greedy"].win_low > 0.5


def test_ratings_follow_game_index_not_the_order_games_finished() -> None:
    games = [fake(i, ("a", "b", "c"), tuple(random.Random(i).sample([1, 2, 3], 3)))
             for i in range(40)]
    shuffled = games[:]
    random.Random(0).shuffle(shuffled)
    assert ratings(("a", "b", "c"), shuffled) == ratings(("a", "b", "c"), games)


def test_a_bot_holding_several_seats_is_rated_once_at_its_best_place() -> None:
    double = ratings(("a", "b"), [fake(0, ("a", "b", "a", "b"), (3, 2, 1, 4))])
    single = ratings(("a", "b"), [fake(0, ("a", "b"), (1, 2))])
    assert double == single


def test_a_game_of_one_bot_rates_nothing() -> None:
    config = Config("toy-league", 1, 2, {}, ("a",), 0)
    result = standings(config, [fake(0, ("a", "a"), (1, 2))])
    assert result.bots[0].seat_games == 2 and result.bots[0].wins == 1
    assert ratings(("a",), [fake(0, ("a", "a"), (1, 2))]) == ratings(("a",), [])


def test_the_report_shows_both_tables_and_the_balance(tmp_path: Path) -> None:
    console = Console(record=True, width=120, file=(tmp_path / "screen").open("w"))
    result = league(10)
    for part in renderables(result):
        console.print(part)
    text = console.export_text()
    assert "toy-league (version 1): 2 players, 10 games, seed 3" in text
    assert "By bot" in text and "By seat" in text and "Rating" in text
    for bot in ("random", "greedy", "low"):
        assert bot in text
    assert "not a multiple of 6" in text
    assert "every seat would win 50.0%" in text


def test_the_plot_is_a_png_of_every_bot(tmp_path: Path) -> None:
    path = tmp_path / "ratings.png"
    plot_ratings(league(12), path)
    data = path.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n") and len(data) > 5000


def test_a_plot_that_cannot_be_written_says_so_in_one_line(tmp_path: Path) -> None:
    with pytest.raises(PlotFailed, match="cannot write") as caught:
        plot_ratings(league(2), tmp_path / "missing" / "ratings.png")
    assert "\n" not in str(caught.value)
