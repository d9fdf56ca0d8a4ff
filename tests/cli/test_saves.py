"""Nothing lost: every game is saved as it is played (to the data folder without --save),
and leaving, Ctrl-C, a closed terminal and the next game say where it is and how to go on;
a save keeps its language and seat names, and saves without them still load."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pexpect
import pytest
from rich.console import Console

from tavola.cli.play import saves_folder
from tavola.core import Record, make
from tests.cli.helpers import invoke
from tests.cli.test_tui import ANSI, ROOT, WAIT, environment

pytestmark = pytest.mark.usefixtures("toys")


def saves(data_folder: Path) -> Path:
    """Return where the games of a test's data folder are saved."""
    return data_folder / "tavola" / "saves"


def test_games_without_save_go_to_the_data_folder(data_folder: Path) -> None:
    assert saves_folder() == saves(data_folder)
    result = invoke("play", "toy", "--seed", "5", input="1\n1\n1\n")
    assert result.exit_code == 0, result.output
    path = saves(data_folder) / "toy-5.json"
    assert f"The game is saved as you play, in {path}" in result.output
    assert f"Saved the game to {path}" in result.output
    record = Record.load(path)
    assert record.check().finished and record.lang == "en"


def test_ctrl_c_says_where_the_game_is_and_how_to_go_on(
        monkeypatch: pytest.MonkeyPatch, data_folder: Path) -> None:
    typed = iter(["2"])

    def keyboard(self: Console, prompt: object = "", **_: object) -> str:
        try:
            return next(typed)
        except StopIteration:
            raise KeyboardInterrupt from None

    monkeypatch.setattr(Console, "input", keyboard)
    result = invoke("play", "toy", "--seed", "2")
    assert result.exit_code == 130, result.output
    path = saves(data_folder) / "toy-2.json"
    out = " ".join(result.output.split())
    assert "Interrupted, so the game stops here. (2 decisions played)" in out
    assert f"Saved the unfinished game to {path}" in out
    assert f"Go on with it with: tavola play --resume {path}" in out
    assert len(Record.load(path).actions) == 2


def test_a_closed_terminal_loses_nothing_and_the_next_game_says_how_to_go_on(
        data_folder: Path) -> None:
    child = pexpect.spawn(sys.executable, ["-m", "tests.cli.toy_main", "play", "toy", "-p",
                                           "3", "--seed", "4", "--lang", "it"],
                          env=environment("xterm-256color"), cwd=str(ROOT),
                          encoding="utf-8", dimensions=(24, 80), timeout=WAIT)
    screen = io.StringIO()
    child.logfile_read = screen
    try:
        child.expect("decisioni prese: 0")
        child.expect(r"La tua scelta \[1-3\]")
        child.send("2\r")
        child.expect("decisioni prese: 3")
        child.expect(r"La tua scelta \[1-3\]")
    finally:
        # Closing the terminal hangs the game up (SIGHUP), as closing its window does.
        child.close(force=True)
    assert "Traceback" not in ANSI.sub("", screen.getvalue())
    path = saves(data_folder) / "toy-4.json"
    record = Record.load(path)
    assert record.check().digest_checked and record.result is None
    assert [a for p, a in record.actions if p == 0] == ["bid:2"]
    assert record.lang == "it" and record.names == ["P1", "P2", "P3"]

    later = invoke("play", "toy", "--seed", "9", "--lang", "it", input="1\n1\n1\n")
    assert later.exit_code == 0, later.output
    assert (f"Partita non finita: Toy (3 decisioni prese); per riprenderla: tavola play "
            f"--resume {path}") in " ".join(later.output.split())

    resumed = invoke("play", "--resume", str(path), input="1\n1\n")
    assert resumed.exit_code == 0, resumed.output
    assert "Partita ripresa dopo 3 decisioni" in resumed.output
    assert "Game over" not in resumed.output and "Partita finita" in resumed.output
    again = invoke("play", "toy", "--seed", "9", input="1\n1\n1\n")
    assert "Unfinished" not in again.output


def test_a_game_left_before_any_decision_is_not_recalled(data_folder: Path) -> None:
    left = invoke("play", "toy", "--seed", "3", input="q\ny\n")
    assert left.exit_code == 0 and (saves(data_folder) / "toy-3.json").exists()
    assert "Unfinished" not in invoke("play", "toy", "--seed", "4", input="1\n1\n1\n").output
    invoke("play", "toy", "--seed", "5", input="1\nq\ny\n")
    later = invoke("play", "toy", "--seed", "6", input="1\n1\n1\n").output
    assert later.count("Unfinished: ") == 1 and "toy-5.json" in later


def test_a_save_keeps_the_language_and_the_seat_names_and_old_saves_still_load(
        tmp_path: Path) -> None:
    state = make("notre-dame", 3, seed=1)
    record = Record.start(state, 1, ["human", "greedy", "greedy"])
    old = record.to_json()
    assert "lang" not in old and "names" not in old
    assert Record.from_json(old).lang is None
    record.lang, record.names = "pl", ["Czerwony (P1)", "Niebieski (P2)", "Zielony (P3)"]
    record.finish(state)
    path = tmp_path / "g.json"
    record.save(path)
    data = json.loads(path.read_text())
    assert data["lang"] == "pl" and data["names"][1] == "Niebieski (P2)"
    loaded = Record.load(path)
    assert loaded.lang == "pl" and loaded.names == record.names
    assert loaded.check().digest_checked


@pytest.mark.parametrize("field, value", [("lang", 7), ("names", "P1"), ("names", [1]),
                                          ("lang", "x" * 17)])
def test_a_save_with_a_malformed_language_or_names_is_refused_in_one_line(
        field: str, value: object, tmp_path: Path) -> None:
    state = make("toy", 2, seed=1)
    data = Record.start(state, 1).to_json()
    data[field] = value
    path = tmp_path / "g.json"
    path.write_text(json.dumps(data))
    result = invoke("play", "--resume", str(path))
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert re.search(rf"saved game\.{field}", result.stderr), result.stderr


def test_a_save_in_a_language_this_version_does_not_speak_resumes_in_the_system_one(
        tmp_path: Path) -> None:
    state = make("toy", 2, seed=1)
    record = Record.start(state, 1, ["human", "random"])
    record.lang = "xx"
    path = tmp_path / "g.json"
    record.save(path)
    result = invoke("play", "--resume", str(path), input="1\n1\n1\n")
    assert result.exit_code == 0, result.output
    assert "Your choice [1-3]: " in result.output
    assert Record.load(path).lang == "en"


def test_the_saves_folder_keeps_only_the_newest_finished_games(
        data_folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("tavola.cli.play.KEEP_FINISHED", 2)
    folder = saves(data_folder)
    # An unfinished game and a file that is not a saved game are never removed.
    invoke("play", "toy", "--seed", "99", input="1\nq\ny\n")
    unfinished = folder / "toy-99.json"
    assert Record.load(unfinished).result is None
    folder.joinpath("notes.json").write_text("{}")
    for seed in (1, 2, 3, 4):
        result = invoke("play", "toy", "--seed", str(seed), input="1\n1\n1\n")
        assert result.exit_code == 0, result.output
    kept = sorted(path.name for path in folder.glob("*.json"))
    assert kept == ["notes.json", "toy-3.json", "toy-4.json", "toy-99.json"], kept
