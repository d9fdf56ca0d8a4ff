"""`tavola games`, help and version."""

from __future__ import annotations

import pytest

from tests.cli.helpers import assert_fits_80_columns, invoke

pytestmark = pytest.mark.usefixtures("toys")


def test_games_lists_every_game_with_players_bots_and_options() -> None:
    result = invoke("games")
    assert result.exit_code == 0
    assert "toy  Toy, 2-4 players, version 1" in result.output
    assert "toy-bots" in result.output and "Bots (--bots SPEC" in result.output
    assert "greedy:" in result.output and "iterations=" in result.output
    assert "rounds = 3  (one of 1, 2, 3, 4, 5)" in result.output
    assert_fits_80_columns(result.output)


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
