"""No bot cheats: a decision depends only on the seat's information set and the random
generator. For every bot and game, at positions of seeded random games, the bot decides
on the true state and on another state drawn from the same information set
(`state.determinize(seat, rng)`): same choice, same random numbers drawn, a legal action."""

from __future__ import annotations

import copy
import json
import random

import pytest

from tavola.agents import Agent, IsmctsAgent, decide, make_agent
from tavola.core import State, info, make
from tests.agents.helpers import cheap_specs, games, require_playable

pytestmark = pytest.mark.usefixtures("toys")

POSITIONS = 6
# Other seats following the prior inside the tree: the prior must see their views of the
# sample, never of the true state.
FOLLOWING = "ismcts:iterations=12:cutoff=12:prior=greedy:opponents=prior"
# The paired root: one sample and one stream of random numbers per batch of root actions.
PAIRED = "ismcts:iterations=12:cutoff=12:prior=greedy:opponents=prior:root=paired"


def positions(name: str, players: int, seed: int) -> list[State]:
    """Return `POSITIONS` live states spread over one seeded random game."""
    state = make(name, players, seed)
    rng = random.Random(seed)
    states = []
    while not state.is_terminal:
        states.append(state)
        player = state.to_act[rng.randrange(len(state.to_act))]
        legal = state.legal_actions(player)
        state = state.apply(player, legal[rng.randrange(len(legal))])
    step = max(1, len(states) // POSITIONS)
    return states[::step][:POSITIONS]


def twin(state: State, seat: int, seed: int) -> State:
    """Return another state with the same information set for `seat`."""
    other = state.determinize(seat, random.Random(seed))
    assert other.infoset(seat) == state.infoset(seat)
    return other


def same_decision(agent: Agent, state: State, other: State, seat: int, seed: int) -> None:
    """Ask two copies of `agent` on the two states with equal generators: same everything."""
    keep = {id(state.game): state.game, id(other.game): other.game}
    first, second = copy.deepcopy(agent, dict(keep)), copy.deepcopy(agent, dict(keep))
    rng_a, rng_b = random.Random(seed), random.Random(seed)
    action = decide(first, state, seat, rng_a)
    assert action == decide(second, other, seat, rng_b)
    assert rng_a.getstate() == rng_b.getstate()
    assert action in state.legal_actions(seat)


def specs(name: str) -> list[str]:
    """Return the cheap spec of every bot, and the searcher with opponents following greedy
    (with and without the paired root)."""
    return cheap_specs(name) + ([FOLLOWING, PAIRED] if "greedy" in info(name).policies else [])


def player_counts(name: str) -> list[int]:
    facts = info(name)
    return sorted({facts.min_players, facts.max_players})


@pytest.mark.parametrize("name", games())
def test_every_bot_decides_the_same_on_every_state_of_its_information_set(name: str) -> None:
    require_playable(name)
    hidden_seen = False
    for players in player_counts(name):
        for k, state in enumerate(positions(name, players, seed=players)):
            for seat in state.to_act:
                other = twin(state, seat, seed=100 + k)
                hidden_seen |= json.dumps(other.to_json(), sort_keys=True) != json.dumps(
                    state.to_json(), sort_keys=True)
                for spec in specs(name):
                    same_decision(make_agent(spec, name), state, other, seat, seed=k)
    facts = info(name)
    # With hidden chance (a generator, a deck) the twins must differ, or nothing was tested.
    assert hidden_seen or not (facts.hidden_information and facts.chance)


# The toy game declares no greedy policy, so it has no following searcher.
@pytest.mark.parametrize(("name", "spec"), [
    (name, spec) for name in games()
    for spec in ("ismcts:iterations=16:cutoff=16", FOLLOWING)
    if not (spec == FOLLOWING and name == "toy")])
def test_a_searcher_that_keeps_its_tree_still_decides_on_its_information_set_alone(
        name: str, spec: str) -> None:
    """Along a whole game, before each of its decisions, a copy of the bot (its kept tree
    included) asked on another state of the same information set makes the same choice."""
    require_playable(name)
    assert spec != FOLLOWING or FOLLOWING in specs(name), f"{name} declares no greedy"
    players = info(name).min_players
    state = make(name, players, 5)
    agent = make_agent(spec, name)
    assert isinstance(agent, IsmctsAgent) and agent.reuse
    rng = random.Random(5)
    decisions = reused = 0
    while not state.is_terminal and decisions < 40:
        seat = state.to_act[0]
        if seat == 0:
            other = twin(state, 0, seed=decisions)
            seed = rng.randrange(1 << 30)
            same_decision(agent, state, other, 0, seed)
            action = decide(agent, state, 0, random.Random(seed))
            decisions += 1
            reused += agent.reused
        else:
            legal = state.legal_actions(seat)
            action = legal[rng.randrange(len(legal))]
        state = state.apply(seat, action)
    assert reused > 0
