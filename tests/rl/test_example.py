"""The training example runs end to end: a few hundred steps of MaskablePPO on a tavola game,
with the win rates against `random` printed before and after."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "rl" / "train_maskable_ppo.py"


def test_the_training_example_trains_and_reports_win_rates(
        capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("train_maskable_ppo", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main(["--game", "intrige", "--players", "3", "--steps", "256", "--n-steps", "128",
                 "--eval-games", "3"])
    out = capsys.readouterr().out
    rates = re.findall(r"win rate (before|after) training: ([\d.]+)% over 3 games", out)
    assert [when for when, _ in rates] == ["before", "after"], out
    assert all(0.0 <= float(rate) <= 100.0 for _, rate in rates)
    assert "trained on 256 decisions" in out
