"""Every command refuses a bad command line in one line on stderr, never a traceback."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.cli.helpers import assert_refused, invoke

pytestmark = pytest.mark.usefixtures("toys")

HUGE = "x" * 10_000

BAD_ARGUMENTS: list[tuple[list[str], str]] = [
    (["nosuch"], "No such command 'nosuch'"),
    (["--bogus"], "No such option '--bogus'"),
    (["games", "toy", "extra"], "unexpected extra argument"),
    (["games", "nosuch"], "no game called 'nosuch'"),
    (["games", "--bogus"], "No such option '--bogus'"),
    (["play"], "give a game to play (see 'tavola games'), or --resume FILE"),
    (["play", "nope"], "no game called 'nope'"),
    (["play", HUGE], "no game called 'xxxx"),
    (["play", "toy", "--players", "9"], "toy is for 2-4 players, not 9"),
    (["play", "toy", "--players", "-1"], "toy is for 2-4 players, not -1"),
    (["play", "toy", "--players", "x"], "'x' is not a valid integer"),
    (["play", "toy", "--players", HUGE], "is not a valid integer"),
    (["play", "toy", "--seat", "0"], "--seat must be from 1 to 2 (or P1 to P2), not '0'"),
    (["play", "toy", "--players", "3", "--seat", "4"], "--seat must be from 1 to 3"),
    (["play", "toy", "--seat", "P5"], "not 'P5'"),
    (["play", "toy", "--seat", "x"], "not 'x'"),
    (["play", "toy", "--seat", HUGE], "not 'xxxx"),
    (["play", "toy", "--seed", "abc"], "'abc' is not a valid integer"),
    (["play", "toy", "--seed", "-1"], "-1 is not in the range"),
    (["play", "toy", "--seed", str(2**63)], "is not in the range"),
    (["play", "toy", "-o", "rounds=x"], "option 'rounds' takes a whole number, not 'x'"),
    (["play", "toy", "-o", "rounds=9"], "option 'rounds' takes one of 1, 2, 3, 4, 5, not 9"),
    (["play", "toy", "-o", "colour=red"], "toy has no option 'colour' (options: rounds)"),
    (["play", "toy", "-o", "rounds"], "give an option as KEY=VALUE, not 'rounds'"),
    (["play", "toy", "-o", HUGE], "give an option as KEY=VALUE"),
    (["play", "toy", "--bots", "greedy"],
     "no bot 'greedy' for toy (bots: easy, hard, ismcts, medium, pimc, random, strong"),
    (["play", "toy", "--bots", "random,"], "bad bot list 'random,'"),
    (["play", "toy", "--bots", ""], "no bot given"),
    (["play", "toy", "--bots", HUGE], "bot spec too long"),
    (["play", "toy-bots", "-p", "3", "--bots", "random,random,greedy"],
     "one per other seat (2), not 3"),
    (["play", "toy", "--save", "/no/such/dir/x.json"], "there is no folder '/no/such/dir'"),
    (["simulate"], "Missing argument 'GAME'"),
    (["simulate", "nope"], "no game called 'nope'"),
    (["simulate", "toy", "--games", "0"], "0 is not in the range x>=1"),
    (["simulate", "toy", "--games", "x"], "'x' is not a valid integer"),
    (["simulate", "toy", "--players", "1"], "toy is for 2-4 players, not 1"),
    (["simulate", "toy", "--seed", "x"], "'x' is not a valid integer"),
    (["simulate", "toy", "--seed", "-5"], "-5 is not in the range"),
    (["simulate", "toy", "--bots", "random,random,random"], "one per seat (2), not 3"),
    (["simulate", "toy", "--bots", "smart"], "no bot 'smart' for toy"),
    (["simulate", "toy", "--bots", ",,"], "bad bot list ',,'"),
    (["simulate", "toy", "-o", "rounds=0"], "option 'rounds' takes one of"),
    (["simulate", "toy", "-o", "=1"], "give an option as KEY=VALUE"),
    (["replay"], "Missing argument 'FILE...'"),
    (["replay", "--bogus", "a.json"], "No such option '--bogus'"),
]


@pytest.mark.parametrize(("args", "message"), BAD_ARGUMENTS)
def test_a_bad_command_line_is_refused_in_one_line_without_a_traceback(
        args: list[str], message: str) -> None:
    result = invoke(*args, input="1\n" * 10)
    assert_refused(result, 2, message)
    assert len(result.stderr) < 400 and "Your choice" not in result.output


def test_every_command_is_in_the_table_of_bad_arguments() -> None:
    commands = {args[0] for args, _ in BAD_ARGUMENTS}
    assert {"games", "play", "simulate", "replay"} <= commands


def test_a_refused_command_line_points_at_the_commands_help() -> None:
    assert "see 'tavola play --help'" in invoke("play", "toy", "--seed", "x").stderr
    assert "see 'tavola --help'" in invoke("nosuch").stderr


def test_a_bad_file_is_refused_with_status_1_not_2(tmp_path: Path) -> None:
    assert_refused(invoke("replay", str(tmp_path / "none.json")), 1, "cannot read")
