"""`tavola games`, help and version."""

from __future__ import annotations

import re

import pytest

from tests.cli.helpers import assert_fits_80_columns, assert_refused, invoke

pytestmark = pytest.mark.usefixtures("toys")


def test_games_lists_every_game_on_one_line() -> None:
    result = invoke("games")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0].split() == ["game", "players", "what", "it", "is"]
    rows = {line.split()[0]: line for line in lines[1:-1]}
    assert set(rows) >= {"notre-dame", "rattus", "nottingham", "intrige", "toy"}
    assert re.match(r"toy +2-4 +Toy: test game$", rows["toy"])
    assert re.match(r"rattus +2-4 +Rattus: The plague .*…$", rows["rattus"])
    assert lines[-1] == "Bots and options of a game: tavola games GAME"
    assert "Bots (--bots" not in result.output
    assert all(len(line) <= 80 for line in lines)


def test_games_game_gives_its_players_bots_and_options() -> None:
    result = invoke("games", "toy")
    assert result.exit_code == 0
    assert result.output.startswith("toy  Toy, 2-4 players, version 1")
    assert "Bots (--bots SPEC" in result.output
    assert "ismcts:" in result.output and "iterations=" in result.output
    assert "rounds = 3  (one of 1, 2, 3, 4, 5)" in result.output
    assert "toy-bots" not in result.output
    assert "greedy:" in invoke("games", "toy-bots").output
    assert_fits_80_columns(result.output)


def test_games_of_an_unknown_game_is_refused_in_one_line() -> None:
    assert_refused(invoke("games", "chess"), 2, "no game called 'chess'")


def test_help_and_version_work() -> None:
    for args in ((), ("--help",)):
        result = invoke(*args)
        assert result.exit_code == 0 and "Commands:" in result.output
        assert "Exit status" in result.output
    for command in ("play", "simulate", "replay", "games"):
        result = invoke(command, "--help")
        assert result.exit_code == 0 and "Usage: " in result.output
        assert_fits_80_columns(result.output)
    assert "0.1.0" in invoke("--version").output


def test_the_json_outputs_say_their_seats_count_from_0() -> None:
    assert "seats from 0" in " ".join(invoke("simulate", "--help").output.split())
    assert "seats from 0" in " ".join(invoke("replay", "--help").output.split())
