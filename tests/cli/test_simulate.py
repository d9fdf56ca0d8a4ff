"""`tavola simulate` on the test games."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tavola.arena import rotate
from tests.cli.helpers import assert_fits_80_columns, assert_refused, invoke

pytestmark = pytest.mark.usefixtures("toys")


def test_simulate_prints_a_summary_table() -> None:
    result = invoke("simulate", "toy-bots", "-p", "3", "--games", "30", "--seed", "3",
                    "--bots", "greedy,random,random")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Toy with bots: 3 players, 30 games, seeds 3-32" in out
    assert "Line-up of game 1: P1 greedy, P2 random, P3 random" in out
    assert "Tied winners share a win" in out
    assert "By seat" in out and "By bot" in out and "Game length: 9.0 decisions" in out
    assert "Rounds: 3.0 per game (min 3, max 3)." in out
    assert re.findall(r"^ +(P\d) │", out, re.MULTILINE) == ["P1", "P2", "P3"]
    rows = re.findall(r"^\s+(greedy|random)\s+│\s+(\d+) ", out, re.MULTILINE)
    assert rows == [("greedy", "30"), ("random", "60")]
    assert_fits_80_columns(out)
    assert "30/30" in result.stderr


def test_simulate_output_is_deterministic() -> None:
    args = ("simulate", "toy-bots", "-p", "4", "--games", "12", "--seed", "7",
            "--bots", "greedy,random,greedy,random")
    assert invoke(*args).stdout == invoke(*args).stdout
    assert invoke(*args, "--json").stdout == invoke(*args, "--json").stdout


def test_simulate_json_gives_one_object_per_game_with_rotated_seats() -> None:
    result = invoke("simulate", "toy-bots", "-p", "3", "--games", "7", "--seed", "100",
                    "--bots", "greedy,random,random", "--json")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert len(lines) == 7
    for i, line in enumerate(lines):
        data = json.loads(line)
        assert data["seed"] == 100 + i
        assert data["bots"] == rotate(["greedy", "random", "random"], i)
        assert data["bots"].index("greedy") == i % 3
        assert len(data["scores"]) == 3 and data["decisions"] == 9
        assert set(data["winners"]) == {p for p, r in enumerate(data["ranks"]) if r == 1}
    assert "By seat" not in result.stdout


def test_simulate_saves_every_game_and_each_replays_to_its_json(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    result = invoke("simulate", "toy", "-p", "2", "--games", "4", "--seed", "20", "--json",
                    "-q", "--save-dir", str(folder))
    assert result.exit_code == 0 and result.stderr == ""
    files = sorted(folder.iterdir())
    assert [f.name for f in files] == [f"game-{i:05d}-seed{19 + i}.json" for i in range(1, 5)]
    for path, line in zip(files, result.stdout.splitlines(), strict=True):
        replayed = invoke("replay", str(path), "--json")
        assert replayed.exit_code == 0
        data = json.loads(replayed.stdout)
        assert data.pop("verified") is True and "final position matches" in data.pop(
            "verification")
        assert data == json.loads(line)


def test_a_save_folder_that_cannot_be_made_is_refused_before_any_game(tmp_path: Path) -> None:
    plain = tmp_path / "file"
    plain.write_text("")
    for folder in (plain, plain / "sub"):
        result = invoke("simulate", "toy", "--games", "3", "--save-dir", str(folder))
        assert_refused(result, 2, "cannot make the folder")
        assert "By seat" not in result.stdout


def test_seeds_past_the_largest_are_refused() -> None:
    assert_refused(invoke("simulate", "toy", "--seed", str(2**63 - 2), "--games", "3"), 2,
                   "goes past the largest seed")
    assert invoke("simulate", "toy", "--seed", str(2**63 - 3), "--games", "3",
                  "-q").exit_code == 0
