"""A user's own bot class, named `module.path:ClassName`, plays from the installed `tavola`
script in play, simulate and tournament, found in the folder the command runs from."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TAVOLA = str(Path(sys.executable).with_name("tavola"))
BOT = "tests.agents.userbots:EndPicker:end=last"


def run(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run([TAVOLA, *args], cwd=ROOT, env=env, input=stdin, text=True,
                          capture_output=True, timeout=120, check=False)


def test_simulate_plays_a_users_bot_class_from_the_working_folder() -> None:
    done = run("simulate", "rattus", "-p", "2", "-n", "2", "--bots", f"{BOT},random", "--json")
    assert done.returncode == 0, done.stderr
    games = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(games) == 2


def test_tournament_plays_a_users_bot_class_on_worker_processes(tmp_path: Path) -> None:
    out = tmp_path / "r.jsonl"
    done = run("tournament", "rattus", "-p", "2", "--bots", f"{BOT},random", "--games", "4",
               "--workers", "2", "--out", str(out))
    assert done.returncode == 0, done.stderr
    assert len(out.read_text().splitlines()) == 1 + 4  # the header, then one line a game
    assert "userbots" in done.stdout


def test_play_seats_a_users_bot_class_against_a_person() -> None:
    done = run("play", "rattus", "-p", "2", "--seat", "1", "--bots", BOT,
               stdin="1\n")
    assert "Traceback" not in done.stdout + done.stderr
    assert "cannot import" not in done.stderr and "no bot" not in done.stderr
    assert done.returncode in (0, 1), done.stderr
