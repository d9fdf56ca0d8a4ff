"""`tavola replay`: what it verifies, and hostile or broken files refused in one line."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tavola.core import Record
from tests.cli.helpers import assert_fits_80_columns, assert_refused, invoke

pytestmark = pytest.mark.usefixtures("toys")


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    assert invoke("play", "toy", "--seed", "6", "--save", str(path),
                  input="3\n3\n3\n").exit_code == 0
    return path


def tamper(path: Path, change: Callable[[dict[str, Any]], object]) -> Path:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))
    return path


def test_replay_shows_the_spectator_board_and_result(saved: Path) -> None:
    result = invoke("replay", str(saved))
    assert result.exit_code == 0
    assert "Toy: 2 players, seed 6, 6 decisions - replayed and verified" in result.output
    assert ("Checked: 6 actions replayed, each legal; the result matches the file; the final "
            "position matches the file.") in " ".join(result.output.split())
    assert "Final board" in result.output and "3 of 3 rounds played" in result.output
    assert "Result" in result.output
    assert_fits_80_columns(result.output)


def test_a_record_without_result_and_digest_is_replayed_but_not_called_verified(
        saved: Path) -> None:
    def edit(data: dict[str, Any]) -> None:
        del data["result"], data["final_digest"]
        data["actions"] = [[0, "bid:1"], [1, "bid:1"], [0, "bid:1"], [1, "bid:1"],
                           [0, "bid:1"], [1, "bid:1"]]

    tamper(saved, edit)
    result = invoke("replay", str(saved))
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "replayed and verified" not in out and "replayed, NOT verified" in out
    assert "6 actions replayed, each legal" in out
    assert "the file holds no digest, so nothing proves it is unedited" in out
    data = json.loads(invoke("replay", str(saved), "--json").stdout)
    assert data["verified"] is False and "nothing proves" in data["verification"]


def test_a_record_with_a_digest_but_no_result_is_verified_by_the_digest(saved: Path) -> None:
    tamper(saved, lambda d: d.pop("result"))
    result = invoke("replay", str(saved))
    assert result.exit_code == 0 and "replayed and verified" in result.output
    assert "the result matches" not in result.output


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["result"]["scores"].__setitem__(0, 99),
     "the replayed result differs from the saved result"),
    (lambda d: d["actions"].__setitem__(0, [0, "bid:9"]), "action 1 ('bid:9' by P1)"),
    (lambda d: d["actions"].__setitem__(0, [0, "bid:1"]), "differs from the saved"),
    (lambda d: d["actions"].__setitem__(1, [0, "bid:1"]), "does not replay"),
    (lambda d: d["actions"].append([0, "bid:1"]), "does not replay"),
    (lambda d: d["actions"].pop(), "the replayed result differs"),
    (lambda d: d.__setitem__("seed", 7), "differs"),
    (lambda d: d.__setitem__("game", "chess"), "cannot set up the saved game"),
    (lambda d: d.__setitem__("game", "\x1b[31mred"), "no game called '\\x1b[31mred'"),
    (lambda d: d.__setitem__("options", {"rounds": 77}), "cannot set up the saved game"),
    (lambda d: d.__setitem__("options", {"x" * 5000: 1}), "has no option 'xxxx"),
    (lambda d: d.__setitem__("format", "other"), "not a tavola saved game"),
    (lambda d: d.__setitem__("seed", "7"), "saved game.seed: '7' is not a whole number"),
    (lambda d: d.pop("actions"), "field 'actions' is missing"),
    (lambda d: d.__setitem__("actions", [[0]]), "[0] is not a list of 2"),
    (lambda d: d["actions"].__setitem__(0, [99, "bid:1"]), "no seat 99"),
    (lambda d: d["actions"].__setitem__(0, [-1, "bid:1"]), "no seat -1"),
    (lambda d: d["actions"].__setitem__(0, [True, "bid:1"]), "True is not a whole number"),
    (lambda d: d["actions"].__setitem__(0, [0, "bid:1\n" + "x" * 500]), "longer than"),
])
def test_a_tampered_record_is_refused_in_one_line(saved: Path, change: Any,
                                                  message: str) -> None:
    tamper(saved, change)
    for extra in ((), ("--json",)):
        result = invoke("replay", str(saved), *extra)
        assert_refused(result, 1, message)
        assert result.stdout == "" and len(result.stderr) < 400


@pytest.mark.parametrize(("content", "message"), [
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    (b'{"a":' * 300 + b"1" + b"}" * 300, "nested more than"),
    (b'{"format": "tavola-record/1", "seed": ' + b"9" * 5001 + b"}", "a number with more"),
    (b'{"seed": NaN}', "NaN is not allowed"),
    (b"\xff\xfe\x00garbage", "is not UTF-8 text"),
    (b"{not json", "is not valid JSON"),
    (b"", "is not valid JSON"),
    (b"[]", "not a tavola saved game"),
    (b" " * (17 * 1024 * 1024), "is larger than"),
])
def test_a_hostile_file_is_refused_in_one_line(tmp_path: Path, content: bytes,
                                               message: str) -> None:
    path = tmp_path / "hostile.json"
    path.write_bytes(content)
    for extra in ((), ("--json",)):
        result = invoke("replay", str(path), *extra)
        assert_refused(result, 1, message)
        assert len(result.stderr) < 400


def test_a_missing_file_or_a_folder_is_refused_in_one_line(tmp_path: Path) -> None:
    assert_refused(invoke("replay", str(tmp_path / "none.json")), 1,
                   "cannot read " + str(tmp_path / "none.json"))
    assert_refused(invoke("replay", str(tmp_path)), 1, "it is a directory")


def test_names_read_from_the_file_are_printed_literally(saved: Path) -> None:
    tamper(saved, lambda d: d.__setitem__("bots", ["[bold red]evil[/]", "\x1b[2Jwipe"]))
    result = invoke("replay", str(saved))
    assert result.exit_code == 0, result.output
    assert "[bold red]evil[/]" in result.output
    assert "\x1b" not in result.output and "'\\x1b[2Jwipe'" in result.output


def _steps(output: str) -> list[str]:
    """Split a --step session's output at each step's heading."""
    return re.split(r"─* ?Toy - step \d+ of \d+, seen by [^\n]*\n", output)[1:]


def test_step_through_shows_at_each_step_exactly_what_that_seat_saw(saved: Path) -> None:
    record = Record.load(saved)
    states = record.check().states
    typed = "\n" * len(record.actions) + "p\n0\ne\nq\n"
    result = invoke("replay", str(saved), "--step", "--seat", "2", input=typed)
    assert result.exit_code == 0, result.output
    shown = _steps(result.output)
    order = [*range(len(states)), len(states) - 2, 0, len(states) - 1]
    assert len(shown) == len(order)
    for text, k in zip(shown, order, strict=True):
        state = states[k]
        assert state.game.render_view(state.view(1)) in text
        before = states[k - 1].log_text(1) if k else []
        for line in state.log_text(1)[len(before):]:
            assert line in text
    # P2 never sees P1's bids, only that P1 bid; the spectator sees neither.
    assert not re.search(r"\b0 bids \d", result.output)
    assert re.search(r"\b1 bids \d", result.output)
    spectator = invoke("replay", str(saved), "--step", input="e\nq\n")
    assert spectator.exit_code == 0 and "seen by a spectator" in spectator.output
    assert not re.search(r"bids \d", spectator.output)


def test_step_through_refuses_bad_commands_and_stays_in_range(saved: Path) -> None:
    result = invoke("replay", str(saved), "--step", input="p\nxyz\n999999\nn\n")
    assert result.exit_code == 0, result.output
    assert "Already at step 0" in result.output
    assert "'xyz' is not a command" in result.output
    last = len(Record.load(saved).actions)
    assert f"step {last} of {last}" in result.output
    assert f"Already at step {last}" in result.output


def test_several_files_are_each_replayed_and_step_wants_one(saved: Path,
                                                           tmp_path: Path) -> None:
    other = tmp_path / "other.json"
    other.write_text(saved.read_text())
    result = invoke("replay", str(saved), str(other))
    assert result.exit_code == 0
    assert result.output.count("replayed and verified") == 2
    lines = invoke("replay", str(saved), str(other), "--json").output.splitlines()
    assert [json.loads(line)["verified"] for line in lines] == [True, True]
    assert_refused(invoke("replay", str(saved), str(other), "--step"), 2,
                   "--step walks through one game")
    assert_refused(invoke("replay", str(saved), "--seat", "1"), 2, "--seat goes with --step")
    assert_refused(invoke("replay", str(saved), "--step", "--seat", "9"), 2,
                   "--seat must be from 1 to")


def test_a_server_game_file_says_which_decisions_a_stand_in_or_the_simple_policy_made(
        saved: Path) -> None:
    tamper(saved, lambda data: data.update(deciders=[
        "person", "stand-in", "bot", "replacement", "person", "stand-in"]))
    said = " ".join(invoke("replay", str(saved)).output.split())
    assert ("Decided for a seat: 2 decisions by a stand-in bot playing for an absent person "
            "(2, 6); 1 decision by the game's simple policy, a bot not having answered in "
            "time (4).") in said
    polish = " ".join(invoke("replay", str(saved), "--lang", "pl").output.split())
    assert "2 decyzje bota zastępczego grającego za nieobecną osobę (2, 6)" in polish
    stepped = _steps(invoke("replay", str(saved), "--step", input="\n" * 6 + "q\n").output)
    marked = [n for n, text in enumerate(stepped) if "stand-in bot" in text or
              "simple policy" in text]
    assert marked == [2, 4, 6]
    # A game not played on a server says nothing of who decided.
    assert "Decided for a seat" not in invoke(
        "replay", str(tamper(saved, lambda data: data.pop("deciders")))).output
