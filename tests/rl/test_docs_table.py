"""docs/rl.md's table of action spaces and observation lengths is the engine's own."""

from __future__ import annotations

import re
from pathlib import Path

from tavola.core import load

ROW = re.compile(r"^\| ([a-z-]+) \| (\d) \| (\d+) \| (\d+) \|$", re.M)


def test_the_table_of_k_and_observation_lengths_matches_the_encodings() -> None:
    page = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text(encoding="utf-8")
    rows = ROW.findall(page)
    assert len(rows) == 15
    for name, players, size, length in rows:
        encoding = load(name, int(players)).encoding()
        assert (encoding.size, encoding.length) == (int(size), int(length)), (name, players)
