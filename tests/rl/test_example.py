"""The training example runs end to end: a few hundred steps of MaskablePPO on a tavola game,
with the win rates against `random` printed before and after."""

from __future__ import annotations

import importlib.util
import os
import re
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "examples" / "rl" / "train_maskable_ppo.py"


@pytest.mark.parametrize("batch", ["0", "16"])
def test_the_training_example_trains_and_reports_win_rates(
        batch: str, capsys: pytest.CaptureFixture[str]) -> None:
    """On the Python env (`--native-batch 0`) and on the native batch (skipped without the
    native core, except in CI, where it must be installed)."""
    from tavola import native

    if batch != "0" and not native.available() and not os.environ.get("CI"):
        pytest.skip("the native core is not installed (pip install ./native)")
    spec = importlib.util.spec_from_file_location("train_maskable_ppo", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main(["--game", "intrige", "--players", "3", "--steps", "256", "--n-steps", "128",
                 "--eval-games", "3", "--native-batch", batch])
    out = capsys.readouterr().out
    rates = re.findall(r"win rate (before|after) training: ([\d.]+)% over 3 games", out)
    assert [when for when, _ in rates] == ["before", "after"], out
    assert all(0.0 <= float(rate) <= 100.0 for _, rate in rates)
    assert "trained on 256 decisions" in out
    where = "the Python env" if batch == "0" else "16 games at a time on the native core"
    assert f"({where}, " in out
