"""The tournament benchmark runs end to end on a small budget and prints its table."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytestmark = pytest.mark.usefixtures("toys")

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "tournament.py"


def load_benchmark() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_tournament", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_tournament"] = module
    spec.loader.exec_module(module)
    return module


def test_the_benchmark_times_every_backend_and_finds_the_same_games(
        capsys: pytest.CaptureFixture[str], ray_local: None) -> None:
    load_benchmark().main(["--game", "toy-league", "--bots", "random,greedy,low",
                           "--games", "24", "--workers", "2",
                           "--setup", "tests.arena.toys:register_toys"])
    out = capsys.readouterr().out
    assert "toy-league, 2 players, bots random,greedy,low, 24 games" in out
    rows = [line.split() for line in out.splitlines() if line.split()[:1] in (
        ["in-process"], ["processes"], ["ray"])]
    assert [(row[0], row[2]) for row in rows] == [("in-process", "1"), ("processes", "2"),
                                                  ("ray", "2")]
    assert "Ray was already running" in out
    assert "Game records identical on every backend: yes" in out


def test_the_benchmark_can_leave_ray_out(capsys: pytest.CaptureFixture[str]) -> None:
    load_benchmark().main(["--game", "toy-league", "--games", "6", "--workers", "2",
                           "--no-ray", "--setup", "tests.arena.toys:register_toys"])
    out = capsys.readouterr().out
    assert "Ray skipped" in out and "identical on every backend: yes" in out
