"""Golden playthroughs: every registered game has at least one, and each replays line for line.

Transcripts live in `tests/playthroughs/<game>/*.txt`. Regenerate one with
`python3 -m tests.playthroughs.regenerate GAME` after a deliberate behaviour change (and bump
the game's version).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tavola.core import game_class, game_names
from tavola.core.playthrough import replay_transcript

HERE = Path(__file__).parent
FILES = sorted(HERE.glob("*/*.txt"))


def shipped_games() -> list[str]:
    """The games that ship in tavola.games (test games registered by other tests excluded)."""
    return [n for n in game_names() if game_class(n).__module__.startswith("tavola.games.")]


@pytest.mark.parametrize("name", shipped_games())
def test_every_registered_game_has_a_golden_playthrough(name: str) -> None:
    assert list((HERE / name).glob("*.txt")), f"no golden playthrough for {name}"


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_golden_playthrough_replays_line_by_line(path: Path) -> None:
    expected = path.read_text(encoding="utf-8").splitlines()
    got = replay_transcript(expected)
    for number, (want, have) in enumerate(zip(expected, got, strict=False), 1):
        assert have == want, f"{path.name} line {number} differs"
    assert len(got) == len(expected)
