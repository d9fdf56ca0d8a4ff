"""The benchmark script runs end to end on a small budget and prints its tables."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tavola.core import make

pytestmark = pytest.mark.usefixtures("toys")

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "bench.py"


def load_bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench"] = module
    spec.loader.exec_module(module)
    return module


def test_a_playout_counts_every_decision() -> None:
    bench = load_bench()
    assert bench.playout(make("toy", 3, 1), random.Random(0)) == 9


def test_sampled_states_are_live_and_capped() -> None:
    bench = load_bench()
    states = bench.sampled_states("toy", 2, 10, 0, limit=7)
    assert 0 < len(states) <= 7 and not any(s.is_terminal for s in states)


def test_the_benchmark_prints_both_tables(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_bench()
    bench.main(["--game", "toy", "--games", "3", "--repeats", "1", "--no-openspiel"])
    out = capsys.readouterr().out
    assert "Random playouts, one core" in out and "Microseconds per call" in out
    for players in (2, 3, 4):
        assert f"toy {players}p: view and determinize" in out
    assert "OpenSpiel skipped" in out


def test_openspiel_games_are_measured_when_installed(
        capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_bench()
    bench.main(["--game", "toy", "--games", "2", "--repeats", "1"])
    out = capsys.readouterr().out
    if bench.load_openspiel() is None:
        assert "OpenSpiel is not installed" in out
    else:
        assert "python_liars_poker" in out and "python_kuhn_poker" in out
        assert "x liars" in out and ("meets" in out or "misses" in out)
