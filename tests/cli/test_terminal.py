"""`tavola play --plain` (the line mode) driven through a pseudo-terminal for whole games, as
a person would, then the saved game replayed by `tavola replay` — for every game that ships
with tavola, and for the test game. The full screen has its own tests (test_tui.py)."""

from __future__ import annotations

import io
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pexpect
import pytest

from tavola.core import Record, info
from tests.arena.toys import real_games
from tests.signals import sigint_default

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
    args = [*command[1:], "play", game, "--plain", "--players", str(players), "--seat",
            str(seat), "--seed", str(seed), "--save", str(save)]
    child = pexpect.spawn(command[0], args, env=environment(), cwd=str(ROOT),
                          encoding="utf-8", dimensions=(40, 80), timeout=TIME_LIMIT,
                          preexec_fn=sigint_default)
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


def start_toy_game(save: Path) -> pexpect.spawn:
    """Start `tavola play toy --plain` for 3 players at a terminal, saving to `save`."""
    command = tavola_command("toy")
    return pexpect.spawn(command[0], [*command[1:], "play", "toy", "--plain", "--players",
                                      "3", "--seed", "3", "--save", str(save)],
                         env=environment(), cwd=str(ROOT), encoding="utf-8",
                         dimensions=(40, 80), timeout=TIME_LIMIT,
                         preexec_fn=sigint_default)


def test_ctrl_c_mid_game_leaves_a_loadable_save_of_the_actions_so_far(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    child = start_toy_game(save)
    try:
        for choice in ("2", "3"):
            child.expect(PROMPT)
            child.sendline(choice)
        child.expect(PROMPT)
        child.sendintr()
        child.expect("Interrupted, so the game stops here. \\(6 decisions played\\)")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 130
    record = Record.load(save)
    verification = record.check()
    assert verification.digest_checked and not verification.finished
    assert len(record.actions) == 6
    assert [a for p, a in record.actions if p == 0] == ["bid:2", "bid:3"]


def test_a_killed_game_leaves_a_loadable_save_up_to_the_last_decision(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    child = start_toy_game(save)
    try:
        child.expect(PROMPT)
        child.sendline("1")
        child.expect(PROMPT)
        child.kill(signal.SIGKILL)
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.signalstatus == signal.SIGKILL
    record = Record.load(save)
    assert record.check().digest_checked and len(record.actions) == 3
    assert record.actions[0] == (0, "bid:1")


def test_the_module_entry_point_reports_errors_without_a_traceback(tmp_path: Path) -> None:
    missing = replay("tavola", tmp_path / "none.json")
    assert missing.returncode == 1
    assert missing.stderr.startswith("Error: cannot read") and missing.stderr.count("\n") == 1
    unknown = subprocess.run([sys.executable, "-m", "tavola", "play", "no-such-game"],
                             env=environment(), cwd=str(ROOT), capture_output=True, text=True,
                             timeout=TIME_LIMIT, check=False)
    assert unknown.returncode == 2 and "no game called 'no-such-game'" in unknown.stderr
    assert unknown.stderr.count("\n") == 1 and "Traceback" not in unknown.stderr


def test_ctrl_c_stops_a_simulation_with_status_130(tmp_path: Path) -> None:
    command = tavola_command("toy")
    child = pexpect.spawn(command[0], [*command[1:], "simulate", "toy", "--games", "1000000"],
                          env=environment(), cwd=str(ROOT), encoding="utf-8",
                          dimensions=(40, 80), timeout=TIME_LIMIT,
                          preexec_fn=sigint_default)
    try:
        # Interrupt once the games are running (the progress bar counts them), however
        # long a busy machine takes to start the program.
        child.expect(r"\d+/1000000")
        child.sendintr()
        child.expect(r"Interrupted after \d+ of 1000000 games\.")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 130
    assert "Traceback" not in str(child.before)


def test_a_reader_that_stops_early_ends_the_output_quietly() -> None:
    with subprocess.Popen([*tavola_command("toy"), "simulate", "toy", "--games", "100000",
                           "--json", "-q"], env=environment(), cwd=str(ROOT),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE) as run:
        assert run.stdout is not None and run.stderr is not None
        first = run.stdout.readline()
        run.stdout.close()
        errors = run.stderr.read()
        code = run.wait(TIME_LIMIT)
    assert json.loads(first)["game"] == "toy"
    assert errors == b"" and code == 1
