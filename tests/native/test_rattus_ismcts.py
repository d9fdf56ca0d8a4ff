"""The tree search `ismcts` runs natively for Rattus (native/src/ismcts.hpp) and decides
exactly as the Python search: the same action, the same iteration count and the generator
left in the same state, position by position and seed by seed, and along whole games in
which each bot keeps its tree between its own decisions."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest

from tavola import native
from tavola.agents import IsmctsAgent, decide
from tavola.agents.levels import level_spec
from tavola.agents.specs import make_agent
from tavola.core import make
from tavola.games.rattus.game import RattusGame
from tavola.native import core
from tavola.native.rattus import NativeRattus
from tavola.native.search import NativeTree
from tests.conformance.harness import random_game

SPECS = [
    "ismcts:iterations=60",
    "ismcts:iterations=40:prior=greedy:rollout=greedy:bias=10:c=0.5",
    "ismcts:iterations=30:prior=greedy:bias=0:rollout=random",
    "ismcts:iterations=50:prior=greedy:opponents=prior:rollout=greedy",
    "ismcts:iterations=25:reuse=false:c=2",
]


def positions() -> list[Any]:
    out = []
    for players in (2, 3, 4):
        states, _ = random_game("rattus", players, 30 + players)
        out += [s for s in states[2::13] if not s.is_terminal and
                len(s.legal_actions(s.to_act[0])) > 1]
    return out


def decisions(spec: str, states: list[Any], seeds: range) -> list[tuple[str, int, Any]]:
    out = []
    for state in states:
        for seed in seeds:
            agent = make_agent(spec, "rattus")
            assert isinstance(agent, IsmctsAgent)
            rng = random.Random(seed)
            action = decide(agent, state, state.to_act[0], rng)
            out.append((str(action), agent.last_iterations, rng.getstate()))
    return out


@pytest.mark.parametrize("spec", SPECS)
def test_the_native_tree_decides_as_the_python_tree(
        spec: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Many positions of 2-4 player games, two seeds each: the same action, iterations
    and generator state with the core on (the search native) and off (all Python)."""
    states = positions()
    agent = make_agent(spec, "rattus")
    assert isinstance(agent, IsmctsAgent)
    decide(agent, states[0], states[0].to_act[0], random.Random(0))
    assert agent.engine == "native" and agent.fallback is None
    with_native = decisions(spec, states, range(2))
    monkeypatch.setattr(native, "_CORE", None)
    agent = make_agent(spec, "rattus")
    assert isinstance(agent, IsmctsAgent)
    decide(agent, states[0], states[0].to_act[0], random.Random(0))
    assert agent.engine == "python" and agent.fallback is not None
    assert decisions(spec, states, range(2)) == with_native


def play(specs: list[str], players: int, seed: int) -> tuple[list[str], list[int], Any]:
    """A whole game of `specs` (one agent per seat, kept all game); the actions, the
    iterations of each search and the generator's state at the end."""
    game = make("rattus", players, seed)
    agents = [make_agent(spec, "rattus") for spec in specs]
    rng = random.Random(seed)
    state = game
    actions, iterations = [], []
    reused = 0
    while not state.is_terminal:
        seat = state.to_act[0]
        agent = agents[seat]
        assert isinstance(agent, IsmctsAgent)
        action = decide(agent, state, seat, rng)
        reused += agent.reused
        actions.append(str(action))
        iterations.append(agent.last_iterations)
        state = state.apply(seat, action)
    assert reused > 0  # the trees were kept and found again
    return actions, iterations, rng.getstate()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_games_with_kept_trees_are_the_same_on_either_engine(
        players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The levels' tuned search and the plain one, each agent keeping its tree between its
    own decisions: the same game, decision for decision."""
    specs = ["ismcts:iterations=20:prior=greedy:rollout=greedy:bias=10:c=0.5",
             "ismcts:iterations=15", "ismcts:iterations=25:prior=greedy:rollout=greedy",
             "ismcts:iterations=10:c=0.7"][:players]
    with_native = play(specs, players, 100 + players)
    monkeypatch.setattr(native, "_CORE", None)
    assert play(specs, players, 100 + players) == with_native


def test_every_level_runs_natively_and_the_capped_ones_decide_as_in_python(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """easy, medium and hard with their caps alone (the think time, a ceiling on a machine
    not starved, left out so the test does not follow the clock), and strong (the clock
    alone) natively."""
    states = positions()[::3]
    for level in ("easy", "medium", "hard"):
        spec = ":".join(part for part in level_spec("rattus", level).split(":")
                        if not part.startswith("seconds="))
        assert "iterations=" in spec
        with_native = decisions(spec, states, range(2))
        with monkeypatch.context() as patch:
            patch.setattr(native, "_CORE", None)
            assert decisions(spec, states, range(2)) == with_native
    for level in ("easy", "medium", "hard", "strong"):
        agent = make_agent(level, "rattus")
        assert isinstance(agent, IsmctsAgent)
        decide(agent, states[0], states[0].to_act[0], random.Random(0))
        assert agent.engine == "native"


@pytest.mark.parametrize("spec", ["ismcts:iterations=20:cutoff=5", "ismcts:root=paired",
                                  "ismcts:prior=greedy:rollout=random:cutoff=3"])
def test_options_not_native_are_said_and_searched_in_python(spec: str) -> None:
    state = positions()[0]
    agent = make_agent(spec.replace("root=paired", "root=paired:iterations=20"), "rattus")
    assert isinstance(agent, IsmctsAgent)
    decide(agent, state, state.to_act[0], random.Random(1))
    assert agent.engine == "python"
    assert agent.fallback is not None and "not native" in agent.fallback


def test_a_think_time_runs_natively_at_least_once_and_stops() -> None:
    state = positions()[0]
    agent = make_agent("ismcts:seconds=0.001", "rattus")
    assert isinstance(agent, IsmctsAgent)
    decide(agent, state, state.to_act[0], random.Random(1))
    assert agent.engine == "native" and agent.last_iterations >= 1
    agent = make_agent("ismcts:seconds=3600", "rattus")
    assert isinstance(agent, IsmctsAgent)
    agent.stop = threading.Event()
    agent.stop.set()
    decide(agent, state, state.to_act[0], random.Random(1))
    assert agent.engine == "native" and agent.last_iterations == 1  # as budget() says
    assert agent.native_tree is not None and agent.native_tree.size() > 1


def test_the_native_node_key_tells_apart_exactly_the_views_python_tells_apart() -> None:
    """Pairs of positions of the same game (samples of one information set, and positions
    a few moves apart): equal key bytes exactly when the views are equal."""
    view_key = core().RattusSearch.view_key
    compared = equal = 0
    for players in (2, 3, 4):
        game = RattusGame(players, {})
        states, _ = random_game("rattus", players, 50 + players)
        rng = random.Random(players)
        for state in states[::4]:
            for seat in range(players):
                info = state.infoset(seat)
                samples = [info.sample(rng) for _ in range(3)] + [state]
                for a in samples:
                    for b in samples[-2:] + states[::40]:
                        same = a.view(seat) == b.view(seat)
                        keys = (view_key(NativeRattus.from_state(a)._s, seat),
                                view_key(NativeRattus.from_state(b)._s, seat))
                        assert (keys[0] == keys[1]) == same
                        compared += 1
                        equal += same
        assert game.players == players
    assert equal > 100 and compared - equal > 100


def test_bad_input_to_the_native_search_is_refused() -> None:
    search = core().RattusSearch(c=1.0, bias=1.0, prior=False, follow=False,
                                 greedy_rollout=False)
    position = NativeRattus.new(RattusGame(2, {}), 1)
    words = list(random.Random(0).getstate()[1])
    with pytest.raises(ValueError, match="no such seat"):
        search.run(position._s, 5, words, 10, -1.0)
    with pytest.raises(ValueError, match=r"random\.Random"):
        search.run(position._s, 0, words[:10], 10, -1.0)
    with pytest.raises(ValueError, match="at least one"):
        search.run(position._s, 0, words, 0, -1.0)
    with pytest.raises(ValueError, match="needs the prior"):
        core().RattusSearch(c=1.0, bias=1.0, prior=False, follow=True, greedy_rollout=False)
    assert search.size() == 0
    tree = NativeTree(RattusGame(2, {}), {"c": 1.0, "bias": 1.0, "prior": "none",
                                          "opponents": "search", "rollout": "random"})
    assert tree.size() == 0
