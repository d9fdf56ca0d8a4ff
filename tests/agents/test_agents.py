"""The agent interface: names, the random agent, and game-declared policies."""

from __future__ import annotations

import json
import random

import pytest

from tavola.agents import PolicyAgent, RandomAgent, agent_names, make_agent
from tavola.arena import outcome_of, run_match
from tavola.core import BadOptions, Record, UnknownGame, game_names, info, make
from tests.arena.toys import real_games

pytestmark = pytest.mark.usefixtures("toys")

GREEDY_GAMES = ["toy-bots", *(n for n in real_games() if "greedy" in info(n).policies)]


def test_every_game_offers_the_random_bot() -> None:
    for name in game_names():
        assert "random" in agent_names(name)
        assert isinstance(make_agent("random", name), RandomAgent)


def test_declared_policies_become_bots() -> None:
    assert agent_names("toy-bots") == ["greedy", "random"]
    agent = make_agent("greedy", "toy-bots")
    assert isinstance(agent, PolicyAgent) and agent.name == "greedy"


def test_unknown_bots_and_games_are_refused_clearly() -> None:
    with pytest.raises(BadOptions, match="bots: random"):
        make_agent("greedy", "toy")
    with pytest.raises(UnknownGame):
        make_agent("greedy", "no-such-game")


def test_the_random_agent_picks_legal_actions_and_needs_no_view() -> None:
    state = make("toy", 2, 0)
    agent = make_agent("random", "toy")
    assert agent.needs_view is False
    legal = state.legal_actions(0)
    picks = {agent.act(None, legal, random.Random(s)) for s in range(30)}
    assert picks == set(legal)


def test_a_policy_is_not_asked_when_there_is_one_choice() -> None:
    state = make("toy-bots", 2, 0)
    agent = make_agent("greedy", "toy-bots")
    only = state.legal_actions(0)[:1]
    assert agent.act(None, only, random.Random(0)) is only[0]


@pytest.mark.parametrize("name", GREEDY_GAMES)
def test_greedy_and_random_play_whole_games_that_replay(name: str) -> None:
    players = info(name).min_players
    for seed in range(2):
        bots = ["greedy", "random"] + ["random"] * (players - 2)
        outcome = run_match(name, players, seed, bots)
        assert outcome.final.is_terminal
        replayed = outcome_of(Record.from_json(json.loads(json.dumps(
            outcome.record.to_json()))))
        assert replayed.to_json() == outcome.to_json()
