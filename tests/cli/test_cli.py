"""The command line, driven in-process with click's runner on the test games."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from tavola.arena import rotate
from tavola.cli import fold, main, option_value, parse_options
from tavola.core import BadOptions, OptionSpec
from tests.core.toy import BIDS, ToyState

pytestmark = pytest.mark.usefixtures("toys")


def invoke(*args: str, input: str | None = None) -> Result:
    """Run `tavola ARGS` with `input` typed at the keyboard."""
    return CliRunner().invoke(main, list(args), input=input)


def assert_clean_error(result: Result, code: int, message: str) -> None:
    """Check a refusal: the exit code, the message, and no traceback."""
    assert result.exit_code == code, result.output
    assert isinstance(result.exception, SystemExit)
    assert message in result.output
    assert "Traceback" not in result.output


def assert_fits_80_columns(text: str, path: Path | None = None) -> None:
    """Check every line fits 80 columns (except lines showing a long file name)."""
    for line in text.splitlines():
        assert len(line) <= 80 or (path is not None and str(path) in line), line


# -- games, help -----------------------------------------------------------------------------

def test_games_lists_every_game_with_players_bots_and_options() -> None:
    result = invoke("games")
    assert result.exit_code == 0
    assert "toy  Toy, 2-4 players, version 1" in result.output
    assert "toy-bots" in result.output and "Bots: greedy, random." in result.output
    assert "rounds = 3  (one of 1, 2, 3, 4, 5)" in result.output
    assert_fits_80_columns(result.output)


def test_help_and_version_work() -> None:
    assert invoke("--help").exit_code == 0
    for command in ("play", "simulate", "replay", "games"):
        result = invoke(command, "--help")
        assert result.exit_code == 0 and "Usage: " in result.output
        assert_fits_80_columns(result.output)
    assert "0.1.0" in invoke("--version").output


# -- options ---------------------------------------------------------------------------------

def test_option_values_are_typed_from_the_default() -> None:
    flag = OptionSpec("variant", False, (False, True), "a flag")
    count = OptionSpec("rounds", 3, (1, 2, 3), "a number")
    word = OptionSpec("rule", "strict", ("strict", "loose"), "a word")
    assert option_value(flag, "true") is True and option_value(flag, "No") is False
    assert option_value(count, "2") == 2
    assert option_value(word, "loose") == "loose"
    for spec, text in ((flag, "maybe"), (count, "two"), (count, "9"), (word, "lax")):
        with pytest.raises(BadOptions):
            option_value(spec, text)


def test_options_are_parsed_for_the_game() -> None:
    assert parse_options("toy", ["rounds=5"]) == {"rounds": 5}
    assert parse_options("toy", [" rounds = 1 "]) == {"rounds": 1}
    for bad in (["rounds"], ["=3"], ["colour=red"], ["rounds=6"]):
        with pytest.raises(BadOptions):
            parse_options("toy", bad)


# -- play ------------------------------------------------------------------------------------

def test_play_a_whole_game_and_save_it(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = invoke("play", "toy", "--players", "3", "--seed", "5", "--save", str(save),
                    input="1\n2\n3\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.count("Your choice [1-3]: ") == 3
    assert "choose a bid" in out and "  1) bid 1" in out and "  3) bid 3" in out
    assert "Game over" in out and "P1" in out and " you " in out and "Result" in out
    assert re.search(r"(You win!|Winner: P\d\.|Shared win: )", out)
    assert f"Saved the game to {save}" in out
    record = json.loads(save.read_text())
    assert record["seed"] == 5 and record["bots"] == ["human", "random", "random"]
    assert [a for p, a in record["actions"] if p == 0] == ["bid:1", "bid:2", "bid:3"]
    assert record["result"] is not None
    assert_fits_80_columns(out, tmp_path)

    replayed = invoke("replay", str(save))
    assert replayed.exit_code == 0
    assert "replayed and verified" in replayed.output and " human " in replayed.output
    data = json.loads(invoke("replay", str(save), "--json").output)
    assert data["finished"] is True and data["bots"] == ["human", "random", "random"]
    assert data["scores"] == record["result"]["scores"] and data["decisions"] == 9


def test_bad_input_gets_a_clear_message_and_a_new_prompt() -> None:
    result = invoke("play", "toy", "--seed", "1", input="abc\n\n0\n4\n-1\n2.5\n1\n1\n1\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "'abc' is not a number: type a number from 1 to 3" in out
    assert "Nothing typed: type a number from 1 to 3" in out
    assert "0 is not a choice" in out and "4 is not a choice" in out
    assert "-1 is not a choice" in out and "'2.5' is not a number" in out
    assert out.count("Your choice [1-3]: ") == 9
    assert "Game over" in out


def test_board_log_and_help_commands_do_not_take_a_turn() -> None:
    result = invoke("play", "toy", "--seed", "1", input="b\nl\n?\n1\n1\n1\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("Your choice [1-3]: ") == 6
    assert "Type a number from 1 to 3 to choose; b shows" in result.output
    assert result.output.count("Toy - you are P1") >= 4


def test_end_of_input_stops_cleanly_and_saves_the_unfinished_game(tmp_path: Path) -> None:
    save = tmp_path / "left.json"
    result = invoke("play", "toy", "--players", "3", "--seed", "2", "--save", str(save),
                    input="1\n")
    assert_clean_error(result, 1, "Input ended, so the game stops here. (3 decisions played)")
    assert "Saved the unfinished game" in result.output
    record = json.loads(save.read_text())
    assert record["result"] is None and len(record["actions"]) == 3
    replayed = invoke("replay", str(save))
    assert replayed.exit_code == 0 and "The game was not finished." in replayed.output
    data = json.loads(invoke("replay", str(save), "--json").output)
    assert data["finished"] is False and data["scores"] is None and data["decisions"] == 3


def test_quitting_is_a_clean_exit(tmp_path: Path) -> None:
    result = invoke("play", "toy", "--seed", "2", input="2\nq\n")
    assert result.exit_code == 0
    assert "You left the game. (2 decisions played)" in result.output


def test_ctrl_c_is_a_clean_exit(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def interrupt(*args: Any, **kwargs: Any) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("rich.console.Console.input", interrupt)
    save = tmp_path / "g.json"
    result = invoke("play", "toy", "--seed", "2", "--save", str(save))
    assert_clean_error(result, 130, "Interrupted, so the game stops here.")
    assert json.loads(save.read_text())["actions"] == []


def test_a_single_choice_is_played_unless_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ToyState, "_legal", lambda self, player: BIDS[:1])
    result = invoke("play", "toy", "--seed", "3")
    assert result.exit_code == 0
    assert result.output.count("choose a bid: bid 1 (your only choice)") == 3
    assert "Your choice" not in result.output
    asked = invoke("play", "toy", "--seed", "3", "--ask-forced", input="1\n1\n1\n")
    assert asked.exit_code == 0 and asked.output.count("Your choice [1-1]: ") == 3


def test_others_secret_bids_are_never_shown() -> None:
    for seat in ("1", "2", "3"):
        result = invoke("play", "toy", "--players", "3", "--seat", seat, "--seed", "4",
                        "--option", "rounds=5", input="3\n" * 5)
        assert result.exit_code == 0, result.output
        me = int(seat) - 1
        shown = re.findall(r"\s(\d) bids( \d)?$", result.output, re.MULTILINE)
        assert len(shown) == 15
        for player, bid in shown:
            assert (bid != "") == (int(player) == me), (player, bid)


def test_play_is_deterministic_for_a_seed() -> None:
    first = invoke("play", "toy", "--players", "4", "--seed", "8", input="1\n2\n3\n")
    second = invoke("play", "toy", "--players", "4", "--seed", "8", input="1\n2\n3\n")
    assert first.exit_code == 0 and first.output == second.output


def test_without_a_seed_one_is_chosen_and_printed(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    result = invoke("play", "toy", "--save", str(save), input="1\n1\n1\n")
    seed = int(re.search(r"Toy: 2 players, seed (\d+)", result.output).group(1))  # type: ignore[union-attr]
    assert json.loads(save.read_text())["seed"] == seed


def test_bots_are_given_for_all_other_seats_or_one_per_other_seat(tmp_path: Path) -> None:
    cases = [(("--bots", "greedy"), "1", ["human", "greedy", "greedy"]),
             (("--bots", "greedy,random"), "1", ["human", "greedy", "random"]),
             (("--bots", "greedy,random"), "2", ["greedy", "human", "random"]),
             ((), "3", ["greedy", "greedy", "human"])]
    for extra, seat, bots in cases:
        save = tmp_path / f"{seat}.json"
        result = invoke("play", "toy-bots", "-p", "3", "--seat", seat, "--seed", "1",
                        "--save", str(save), *extra, input="1\n1\n1\n")
        assert result.exit_code == 0, result.output
        assert json.loads(save.read_text())["bots"] == bots


def test_an_option_changes_the_game() -> None:
    result = invoke("play", "toy", "--seed", "1", "-o", "rounds=5", input="1\n" * 5)
    assert result.exit_code == 0 and result.output.count("Your choice") == 5
    assert "Options: rounds=5" in result.output


@pytest.mark.parametrize(("args", "message"), [
    (["play", "nope"], "no game called 'nope'"),
    (["play", "toy", "--players", "9"], "toy is for 2-4 players, not 9"),
    (["play", "toy", "--players", "x"], "'x' is not a valid integer"),
    (["play", "toy", "--seat", "0"], "--seat must be from 1 to 2, not 0"),
    (["play", "toy", "--players", "3", "--seat", "4"], "--seat must be from 1 to 3, not 4"),
    (["play", "toy", "--seed", "abc"], "'abc' is not a valid integer"),
    (["play", "toy", "-o", "rounds=x"], "option 'rounds' takes a whole number, not 'x'"),
    (["play", "toy", "-o", "rounds=9"], "option 'rounds' takes one of 1, 2, 3, 4, 5, not 9"),
    (["play", "toy", "-o", "colour=red"], "toy has no option 'colour' (options: rounds)"),
    (["play", "toy", "-o", "rounds"], "give an option as KEY=VALUE, not 'rounds'"),
    (["play", "toy", "--bots", "greedy"], "no bot 'greedy' for toy (bots: random)"),
    (["play", "toy", "--bots", "random,"], "bad bot list 'random,'"),
    (["play", "toy-bots", "-p", "3", "--bots", "random,random,greedy"],
     "one per other seat (2), not 3"),
    (["simulate", "nope"], "no game called 'nope'"),
    (["simulate", "toy", "--games", "0"], "0 is not in the range x>=1"),
    (["simulate", "toy", "--players", "1"], "toy is for 2-4 players, not 1"),
    (["simulate", "toy", "--bots", "random,random,random"], "one per seat (2), not 3"),
    (["simulate", "toy", "--bots", "smart"], "no bot 'smart' for toy"),
    (["simulate", "toy", "-o", "rounds=0"], "option 'rounds' takes one of"),
])
def test_bad_arguments_are_refused_without_a_traceback(args: list[str], message: str) -> None:
    assert_clean_error(invoke(*args), 2, message)


def test_an_unwritable_save_file_is_a_clear_error(tmp_path: Path) -> None:
    result = invoke("play", "toy", "--seed", "1", "--save", str(tmp_path / "no" / "g.json"),
                    input="1\n1\n1\n")
    assert_clean_error(result, 1, "cannot write")


# -- simulate --------------------------------------------------------------------------------

def test_simulate_prints_a_summary_table() -> None:
    result = invoke("simulate", "toy-bots", "-p", "3", "--games", "30", "--seed", "3",
                    "--bots", "greedy,random,random")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Toy with bots: 3 players, 30 games, seeds 3-32" in out
    assert "Line-up of game 1 (seat:bot): 1:greedy, 2:random, 3:random" in out
    assert "Tied winners share a win" in out
    assert "By seat" in out and "By bot" in out and "Game length: 9.0 decisions" in out
    assert "Rounds: 3.0 per game (min 3, max 3)." in out
    rows = re.findall(r"^\s+(greedy|random)\s+│\s+(\d+) ", out, re.MULTILINE)
    assert rows == [("greedy", "30"), ("random", "60")]
    assert_fits_80_columns(out)
    assert "30/30" in result.stderr


def test_simulate_output_is_deterministic() -> None:
    args = ("simulate", "toy-bots", "-p", "4", "--games", "12", "--seed", "7",
            "--bots", "greedy,random,greedy,random")
    assert invoke(*args).stdout == invoke(*args).stdout
    assert invoke(*args, "--json").stdout == invoke(*args, "--json").stdout


def test_simulate_json_gives_one_object_per_game_with_rotated_seats() -> None:
    result = invoke("simulate", "toy-bots", "-p", "3", "--games", "7", "--seed", "100",
                    "--bots", "greedy,random,random", "--json")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert len(lines) == 7
    for i, line in enumerate(lines):
        data = json.loads(line)
        assert data["seed"] == 100 + i
        assert data["bots"] == rotate(["greedy", "random", "random"], i)
        assert data["bots"].index("greedy") == i % 3
        assert len(data["scores"]) == 3 and data["decisions"] == 9
        assert set(data["winners"]) == {p for p, r in enumerate(data["ranks"]) if r == 1}
    assert "By seat" not in result.stdout


def test_simulate_saves_every_game_and_each_replays_to_its_json(tmp_path: Path) -> None:
    folder = tmp_path / "games"
    result = invoke("simulate", "toy", "-p", "2", "--games", "4", "--seed", "20", "--json",
                    "-q", "--save-dir", str(folder))
    assert result.exit_code == 0 and result.stderr == ""
    files = sorted(folder.iterdir())
    assert [f.name for f in files] == [f"game-{i:05d}-seed{19 + i}.json" for i in range(1, 5)]
    for path, line in zip(files, result.stdout.splitlines(), strict=True):
        replayed = invoke("replay", str(path), "--json")
        assert replayed.exit_code == 0
        assert json.loads(replayed.stdout) == json.loads(line)


# -- replay ----------------------------------------------------------------------------------

@pytest.fixture
def saved(tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    assert invoke("play", "toy", "--seed", "6", "--save", str(path),
                  input="3\n3\n3\n").exit_code == 0
    return path


def tamper(path: Path, change: Any) -> Path:
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["result"]["scores"].__setitem__(0, 99),
     "the replayed result differs from the saved result"),
    (lambda d: d["actions"].__setitem__(0, [0, "bid:9"]), "action 1 ('bid:9' by seat 0)"),
    (lambda d: d["actions"].__setitem__(0, [0, "bid:1"]),
     "differs from the saved"),
    (lambda d: d["actions"].__setitem__(1, [0, "bid:1"]), "does not replay"),
    (lambda d: d["actions"].append([0, "bid:1"]), "does not replay"),
    (lambda d: d["actions"].pop(), "the replayed result differs"),
    (lambda d: d.__setitem__("seed", 7), "differs"),
    (lambda d: d.__setitem__("game", "chess"), "cannot set up the saved game"),
    (lambda d: d.__setitem__("options", {"rounds": 77}), "cannot set up the saved game"),
    (lambda d: d.__setitem__("format", "other"), "not a tavola saved game"),
    (lambda d: d.__setitem__("seed", "7"), "seed and players must be whole numbers"),
    (lambda d: d.pop("actions"), "not a readable saved game"),
    (lambda d: d.__setitem__("actions", [[0]]), "not a readable saved game"),
])
def test_a_tampered_record_is_refused(saved: Path, change: Any, message: str) -> None:
    tamper(saved, change)
    for extra in ((), ("--json",)):
        assert_clean_error(invoke("replay", str(saved), *extra), 1, message)


def test_a_missing_or_unreadable_file_is_refused(tmp_path: Path) -> None:
    assert_clean_error(invoke("replay", str(tmp_path / "none.json")), 1, "cannot read")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    assert_clean_error(invoke("replay", str(bad)), 1, "is not valid JSON")
    binary = tmp_path / "bin.json"
    binary.write_bytes(b"\xff\xfe\x00")
    assert_clean_error(invoke("replay", str(binary)), 1, "is not valid JSON")
    assert_clean_error(invoke("replay", str(tmp_path)), 2, "is a directory")


def test_replay_shows_the_spectator_board_and_result(saved: Path) -> None:
    result = invoke("replay", str(saved))
    assert result.exit_code == 0
    assert "Toy: 2 players, seed 6, 6 decisions - replayed and verified" in result.output
    assert "Final board" in result.output and "round 3 scores" in result.output
    assert "Result" in result.output
    assert_fits_80_columns(result.output)


def test_a_fault_in_the_game_keeps_the_game_so_far(monkeypatch: pytest.MonkeyPatch,
                                                   tmp_path: Path) -> None:
    def broken(self: ToyState, player: int) -> str:
        if self.round == 1:
            raise RuntimeError("broken prompt")
        return "choose a bid"

    monkeypatch.setattr(ToyState, "prompt", broken)
    save = tmp_path / "g.json"
    result = invoke("play", "toy", "--seed", "1", "--save", str(save), input="1\n1\n")
    assert isinstance(result.exception, RuntimeError)
    assert "tavola failed; this is a bug." in result.output
    record = json.loads(save.read_text())
    assert len(record["actions"]) == 2 and record["result"] is None
    assert invoke("replay", str(save)).exit_code == 0


def test_ctrl_c_while_bots_play_is_a_clean_exit(monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    def interrupt(*args: Any, **kwargs: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("tavola.cli.Session.bot_turn", interrupt)
    save = tmp_path / "g.json"
    result = invoke("play", "toy", "--seed", "2", "--save", str(save), input="1\n")
    assert_clean_error(result, 130, "Interrupted, so the game stops here. (1 decision played)")
    assert len(json.loads(save.read_text())["actions"]) == 1


def test_long_lines_of_game_text_fold_under_themselves() -> None:
    assert fold("short\n  also short", 20) == "short\n  also short"
    assert fold("  aaa bbb ccc ddd eee", 12) == "  aaa bbb\n      ccc\n      ddd\n      eee"
    assert fold("  12) Keep the residence card", 18) == (
        "  12) Keep the\n      residence\n      card")
    assert fold("x " + "y" * 30, 10) == "x\n    " + "y" * 30
    assert fold("", 10) == ""
