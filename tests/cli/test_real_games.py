"""The command line on every game that ships with tavola: listing, options, simulate, replay."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tavola.cli.common import show_value
from tavola.core import info
from tests.arena.toys import real_games
from tests.cli.helpers import invoke

GAMES = real_games()




def test_tavola_ships_with_at_least_one_game() -> None:
    assert GAMES


def test_games_lists_every_shipped_game_and_option() -> None:
    table = invoke("games").output
    for name in GAMES:
        facts = info(name)
        assert re.search(rf"^{name} +{facts.min_players}-{facts.max_players} +{facts.title}:",
                         table, re.M)
        out = invoke("games", name).output
        assert f"{name}  {facts.title}, {facts.min_players}-{facts.max_players} players" in out
        for spec in facts.options:
            assert f"    {spec.name} = {show_value(spec.default)}" in out


@pytest.mark.parametrize("name", GAMES)
def test_every_option_value_can_be_given_on_the_command_line(name: str, tmp_path: Path) -> None:
    facts = info(name)
    for spec in facts.options:
        for value in spec.choices:
            save = tmp_path / f"{spec.name}-{show_value(value)}.json"
            result = invoke("play", name, "--seed", "1", "--save", str(save),
                            "--option", f"{spec.name}={show_value(value)}", input="")
            assert result.exit_code == 1, result.output
            assert "Input ended" in result.output
            assert json.loads(save.read_text())["options"][spec.name] == value


@pytest.mark.parametrize("name", GAMES)
def test_simulate_then_replay_every_player_count(name: str, tmp_path: Path) -> None:
    facts = info(name)
    bots = "greedy" if "greedy" in facts.policies else "random"
    for players in range(facts.min_players, facts.max_players + 1):
        folder = tmp_path / str(players)
        lineup = ",".join([bots] + ["random"] * (players - 1))
        result = invoke("simulate", name, "-p", str(players), "--games", "2", "--seed", "5",
                        "--bots", lineup, "--json", "-q", "--save-dir", str(folder))
        assert result.exit_code == 0, result.output
        lines = result.stdout.splitlines()
        for path, line in zip(sorted(folder.iterdir()), lines, strict=True):
            replayed = invoke("replay", str(path), "--json")
            assert replayed.exit_code == 0, replayed.output
            data = json.loads(replayed.stdout)
            assert data.pop("verified") is True and data.pop("verification")
            assert data == json.loads(line)
            shown = invoke("replay", str(path))
            assert "replayed and verified" in shown.output and "Final board" in shown.output
        table = invoke("simulate", name, "-p", str(players), "--games", "2", "--seed", "5",
                       "--bots", lineup, "-q")
        assert table.exit_code == 0 and "By bot" in table.stdout
