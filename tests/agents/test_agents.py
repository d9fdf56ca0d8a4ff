"""The agent interface: the random agent, game-declared policies, whole games."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from tavola.agents import PolicyAgent, RandomAgent, agent_names, decide, make_agent
from tavola.arena import outcome_of, run_match
from tavola.core import Record, game_names, info, make
from tests.agents.helpers import cheap_specs, games, require_playable

pytestmark = pytest.mark.usefixtures("toys")


def test_every_game_offers_random_ismcts_and_pimc() -> None:
    for name in game_names():
        assert {"random", "ismcts", "pimc"} <= set(agent_names(name))
        assert isinstance(make_agent("random", name), RandomAgent)


def test_declared_policies_become_bots() -> None:
    assert "greedy" in agent_names("toy-bots") and "greedy" not in agent_names("toy")
    agent = make_agent("greedy", "toy-bots")
    assert isinstance(agent, PolicyAgent) and agent.name == "greedy"


def test_the_random_agent_picks_legal_actions_and_needs_no_view() -> None:
    state = make("toy", 2, 0)
    agent = make_agent("random", "toy")
    assert agent.needs_view is False
    legal = state.legal_actions(0)
    picks = {decide(agent, state, 0, random.Random(s)) for s in range(30)}
    assert picks == set(legal)


def test_a_policy_is_not_asked_when_there_is_one_choice() -> None:
    state = make("toy-bots", 2, 0)
    agent = make_agent("greedy", "toy-bots")
    infoset = state.infoset(0)
    only = replace(infoset, legal=infoset.legal[:1])
    assert agent.act(only, random.Random(0)) is only.legal[0]


@pytest.mark.parametrize("name", games())
def test_every_bot_plays_whole_games_that_replay(name: str) -> None:
    require_playable(name)
    players = info(name).min_players
    for seed, spec in enumerate(cheap_specs(name)):
        bots = [spec] + ["random"] * (players - 1)
        outcome = run_match(name, players, seed, bots)
        assert outcome.final.is_terminal
        replayed = outcome_of(Record.from_json(json.loads(json.dumps(
            outcome.record.to_json()))))
        assert replayed.to_json() == outcome.to_json()
