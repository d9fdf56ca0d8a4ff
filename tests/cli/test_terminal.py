"""`tavola play` driven through a pseudo-terminal for whole games, as a person would, then
the saved game replayed by `tavola replay` — for every game that ships with tavola, and for
the test game."""

from __future__ import annotations

import io
import json
import os
import random
import re
import subprocess
import sys
import time
from pathlib import Path

import pexpect
import pytest

from tavola.core import info
from tests.arena.toys import real_games

pytestmark = pytest.mark.usefixtures("toys")

ROOT = Path(__file__).resolve().parents[2]
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
PROMPT = r"Your choice \[1-(\d+)\]: "
TIME_LIMIT = 60


def tavola_command(game: str) -> list[str]:
    """Return the command that runs `tavola` with `game` available."""
    module = "tests.cli.toy_main" if game.startswith("toy") else "tavola"
    return [sys.executable, "-m", module]


def environment() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env["TERM"] = "xterm-256color"
    env.pop("NO_COLOR", None)
    env.pop("COLUMNS", None)
    return env


def play_whole_game(game: str, players: int, seat: int, save: Path,
                    seed: int) -> tuple[str, int]:
    """Play `seat` by typing at a terminal; return the screen text and the decisions made."""
    command = tavola_command(game)
    args = [*command[1:], "play", game, "--players", str(players), "--seat", str(seat),
            "--seed", str(seed), "--save", str(save)]
    child = pexpect.spawn(command[0], args, env=environment(), cwd=str(ROOT),
                          encoding="utf-8", dimensions=(40, 80), timeout=TIME_LIMIT)
    screen = io.StringIO()
    child.logfile_read = screen
    chooser = random.Random(seed)
    typed = 0
    start = time.monotonic()
    try:
        child.expect(PROMPT)
        # a person's typo first: it must be refused and asked again, not taken as a move
        child.sendline("seven")
        child.expect("'seven' is not a number")
        child.expect(PROMPT)
        while True:
            count = int(child.match.group(1))  # type: ignore[union-attr]
            child.sendline(str(chooser.randint(1, count)))
            typed += 1
            if child.expect([PROMPT, "Game over"]) == 1:
                break
            assert time.monotonic() - start < TIME_LIMIT, "the game took too long"
        child.expect(pexpect.EOF)
    finally:
        child.close()
    text = ANSI.sub("", screen.getvalue())
    assert child.exitstatus == 0, text[-2000:]
    return text, typed


def replay(game: str, save: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*tavola_command(game), "replay", str(save), *extra],
                          env=environment(), cwd=str(ROOT), capture_output=True, text=True,
                          timeout=TIME_LIMIT, check=False)


def cases() -> list[tuple[str, int, int]]:
    """Return (game, players, seat): the fewest players from seat 1, the most from the last."""
    out = [("toy", 2, 1)]
    for name in real_games():
        facts = info(name)
        out += [(name, facts.min_players, 1), (name, facts.max_players, facts.max_players)]
    return out


@pytest.mark.parametrize(("game", "players", "seat"), cases())
def test_a_person_plays_a_whole_game_in_a_terminal_then_replays_it(
        game: str, players: int, seat: int, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    screen, typed = play_whole_game(game, players, seat, save, seed=7)
    assert screen.count("Your choice [1-") == typed + 1
    assert "'seven' is not a number" in screen and "you are " in screen
    assert "Result" in screen and re.search(r"You win!|Winner: |Shared win: ", screen)
    assert f"Saved the game to {save}" in screen
    for line in screen.splitlines():
        assert len(line.rstrip("\r")) <= 80 or str(save) in line, line
    record = json.loads(save.read_text())
    assert record["game"] == game and record["seed"] == 7 and record["result"] is not None
    assert record["bots"][seat - 1] == "human" and record["bots"].count("human") == 1
    assert 0 < typed <= sum(1 for p, _ in record["actions"] if p == seat - 1)
    shown = replay(game, save)
    assert shown.returncode == 0, shown.stderr
    assert "replayed and verified" in shown.stdout and "Final board" in shown.stdout
    data = json.loads(replay(game, save, "--json").stdout)
    assert data["finished"] is True and data["scores"] == record["result"]["scores"]
    assert data["decisions"] == len(record["actions"])


def test_the_module_entry_point_reports_errors_without_a_traceback(tmp_path: Path) -> None:
    missing = replay("tavola", tmp_path / "none.json")
    assert missing.returncode == 1
    assert "Error: cannot read" in missing.stderr and "Traceback" not in missing.stderr
    unknown = subprocess.run([sys.executable, "-m", "tavola", "play", "no-such-game"],
                             env=environment(), cwd=str(ROOT), capture_output=True, text=True,
                             timeout=TIME_LIMIT, check=False)
    assert unknown.returncode == 2 and "no game called 'no-such-game'" in unknown.stderr
