"""The bots' fixed public ratings (`tavola/agents/level_ratings.json`, measured by
`benchmarks/bot_ratings.py`): every level of every game has one, measured with the spec
the level plays today, so a stale rating cannot ship."""

from __future__ import annotations

import json

import pytest

from tavola.agents.levels import LEVELS, RATINGS_FILE, level_rating, level_ratings, level_spec
from tavola.core import info

GAMES = ("notre-dame", "rattus", "nottingham", "intrige")


@pytest.mark.parametrize("game", GAMES)
def test_every_level_has_a_rating_measured_with_its_spec(game: str) -> None:
    stored = json.loads(RATINGS_FILE.read_text(encoding="utf-8"))["games"][game]
    assert set(stored) == set(LEVELS)
    for level in LEVELS:
        assert stored[level]["spec"] == info(game).levels[level] == level_spec(game, level)
        rating = level_rating(game, level)
        assert rating is not None
        assert rating.games > 0 and rating.sigma > 0
        assert rating.date and rating.command.startswith("python3 benchmarks/bot_ratings.py")
    assert set(level_ratings(game)) == set(LEVELS)


def test_the_scale_is_anchored_on_easy() -> None:
    for game in GAMES:
        rating = level_rating(game, "easy")
        assert rating is not None and rating.mu == pytest.approx(25.0, abs=1e-3)


def test_a_stale_rating_is_no_rating(monkeypatch: pytest.MonkeyPatch) -> None:
    """A level whose spec changed since it was measured has no rating."""
    from tavola.agents import levels

    monkeypatch.setattr(levels, "level_spec",
                        lambda game, level: "ismcts:iterations=999:seconds=0.02")
    assert levels.level_ratings("rattus") == {}
    assert levels.level_rating("rattus", "easy") is None


def test_a_game_never_measured_has_no_ratings() -> None:
    assert level_ratings("no-such-game-measured") == {}
