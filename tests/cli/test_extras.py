"""The extras a tournament needs: `[arena]` alone plays on local processes (ratings and
plots), Ray is an extra of its own (`[ray]`), and `[test]` installs what the tests use."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

WITHOUT_RAY = """
import sys
sys.modules["ray"] = None  # as on a machine where only tavola[arena] is installed
from tavola.cli import main
main(sys.argv[1:], prog_name="tavola")
"""


def extras() -> dict[str, list[str]]:
    """Return the optional dependencies pyproject.toml declares."""
    with (ROOT / "pyproject.toml").open("rb") as file:
        found: dict[str, list[str]] = tomllib.load(file)["project"]["optional-dependencies"]
    return found


def names(requirements: list[str]) -> set[str]:
    """Return the distribution names of requirement lines (without versions)."""
    return {line.split(">")[0].split("=")[0].split("[")[0].strip() for line in requirements}


def test_the_arena_extra_has_no_ray_and_ray_is_its_own_extra() -> None:
    found = extras()
    assert "ray" not in names(found["arena"])
    assert {"openskill", "matplotlib"} <= names(found["arena"])
    assert "ray" in names(found["ray"]) and "tavola[arena]" in found["ray"]
    # The tests run tournaments on Ray too.
    assert any(line.startswith("tavola[") and "ray" in line for line in found["test"])


def without_ray(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run `tavola ARGS` in a process where Ray cannot be imported."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-c", WITHOUT_RAY, *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300, check=False)


def test_a_tournament_runs_on_local_processes_without_ray(tmp_path: Path) -> None:
    done = without_ray("tournament", "notre-dame", "-p", "2", "-b", "random,greedy",
                       "-n", "4", "-w", "2", "--plot", "ratings.png", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "greedy" in done.stdout and "random" in done.stdout
    assert (tmp_path / "ratings.png").stat().st_size > 0


def test_ray_without_the_ray_extra_says_which_extra(tmp_path: Path) -> None:
    done = without_ray("tournament", "notre-dame", "-p", "2", "-b", "random,greedy",
                       "-n", "2", "--ray", cwd=tmp_path)
    assert done.returncode != 0
    assert "Traceback" not in done.stderr
    assert "pip install 'tavola[ray]'" in done.stderr, done.stderr
