"""docs/writing-a-bot.md cannot rot: its example is the example file, that bot plays whole
games, every spec it shows parses, and every option of the built-in bots is documented."""

from __future__ import annotations

import random
import re
import shlex
from pathlib import Path

import pytest

from tavola.agents import Agent, bots, make_agent, split_specs
from tavola.arena.runner import play_game
from tavola.core import State, info, make
from tests.agents.helpers import games, require_playable

pytestmark = pytest.mark.usefixtures("toys")

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "writing-a-bot.md").read_text()
EXAMPLE = "examples.bots.flat_monte_carlo:FlatMonteCarlo"


def code_blocks(language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", DOC, flags=re.DOTALL)


def test_the_doc_shows_the_example_file_exactly() -> None:
    source = (ROOT / "examples" / "bots" / "flat_monte_carlo.py").read_text()
    assert source in code_blocks("python")


def play(name: str, players: int, seed: int, spec: str, seat: int) -> State:
    """Play one game: the example bot by `spec` in `seat`, random bots elsewhere."""
    agents: list[Agent] = [make_agent("random", name) for _ in range(players)]
    agents[seat] = make_agent(spec, name, user_classes=True)
    final, _ = play_game(make(name, players, seed), agents, random.Random(seed))
    return final


def test_the_example_bot_beats_random_on_the_toy_game() -> None:
    wins = 0.0
    for seed in range(12):
        winners = play("toy", 2, seed, f"{EXAMPLE}:samples=6", seed % 2).result().winners
        wins += (seed % 2 in winners) / len(winners)
    assert wins / 12 >= 0.75


@pytest.mark.parametrize("name", games())
def test_the_example_bot_plays_every_game(name: str) -> None:
    require_playable(name)
    final = play(name, info(name).min_players, 1, f"{EXAMPLE}:samples=1:depth=8", 0)
    assert final.is_terminal


def test_every_spec_the_doc_shows_parses_and_builds() -> None:
    shown = []
    for block in code_blocks("sh"):
        for line in block.splitlines():
            words = shlex.split(line)
            if "--bots" in words:
                shown.append(words[words.index("--bots") + 1])
    assert len(shown) >= 3
    for specs in shown:
        for spec in split_specs(specs):
            make_agent(spec, "toy-bots", user_classes=True)


def test_every_option_of_the_built_in_bots_is_documented() -> None:
    for bot in bots("toy"):
        assert f"`{bot.name}`" in DOC
        for param in bot.params:
            assert f"`{param.name}`" in DOC
