"""The tree search `ismcts` runs natively for Notre Dame (native/src/ismcts.hpp,
notre_dame_search.cpp) and decides exactly as the Python search: the same action, the same
iteration count and the generator left in the same state, position by position and seed by
seed, and along whole games in which each bot keeps its tree between its own decisions.
Cheap on purpose (few positions and seeds: the all-Python half is the slow one)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tavola import native
from tavola.agents import IsmctsAgent, decide
from tavola.agents.levels import level_spec
from tavola.agents.specs import make_agent
from tavola.core import make
from tavola.games.notre_dame.game import NotreDame
from tavola.native import core
from tavola.native.notre_dame import NativeNotreDame
from tests.conformance.harness import random_game

SPECS = [
    "ismcts:iterations=30",
    "ismcts:iterations=20:prior=greedy:rollout=greedy:bias=10:c=0.5",
    "ismcts:iterations=20:prior=greedy:opponents=prior:rollout=greedy",
    "ismcts:iterations=15:reuse=false:c=2:prior=greedy:bias=0",
]


def positions() -> list[Any]:
    out = []
    for players in (3, 5):
        states, _ = random_game("notre-dame", players, 30 + players)
        out += [s for s in states[3::29] if not s.is_terminal and
                len(s.legal_actions(s.to_act[0])) > 1]
    return out


def decisions(spec: str, states: list[Any], seeds: range) -> list[tuple[str, int, Any]]:
    out = []
    for state in states:
        for seed in seeds:
            agent = make_agent(spec, "notre-dame")
            assert isinstance(agent, IsmctsAgent)
            rng = random.Random(seed)
            action = decide(agent, state, state.to_act[0], rng)
            out.append((str(action), agent.last_iterations, rng.getstate()))
    return out


@pytest.mark.parametrize("spec", SPECS)
def test_the_native_tree_decides_as_the_python_tree(
        spec: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Positions of 3 and 5 player games (the draft's several seats included), two seeds
    each: the same action, iterations and generator state with the core on (the search
    native) and off (all Python)."""
    states = positions()
    assert len(states) >= 6
    agent = make_agent(spec, "notre-dame")
    assert isinstance(agent, IsmctsAgent)
    decide(agent, states[0], states[0].to_act[0], random.Random(0))
    assert agent.engine == "native" and agent.fallback is None
    with_native = decisions(spec, states, range(2))
    monkeypatch.setattr(native, "_CORE", None)
    assert decisions(spec, states, range(2)) == with_native


def play(specs: list[str], players: int, seed: int) -> tuple[list[str], list[int], Any]:
    """A whole game of `specs` (one agent per seat, kept all game); the actions, the
    iterations of each search and the generator's state at the end."""
    game = make("notre-dame", players, seed)
    agents = [make_agent(spec, "notre-dame") for spec in specs]
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


def test_a_whole_game_with_kept_trees_is_the_same_on_either_engine(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The levels' tuned search and the plain one, each agent keeping its tree between its
    own decisions: the same game, decision for decision."""
    specs = ["ismcts:iterations=6:prior=greedy:rollout=greedy:bias=3", "ismcts:iterations=5"]
    with_native = play(specs, 2, 102)
    monkeypatch.setattr(native, "_CORE", None)
    assert play(specs, 2, 102) == with_native


def test_every_level_runs_natively_and_the_capped_ones_decide_as_in_python(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """easy, medium and hard with their caps alone (the think time left out so the test
    does not follow the clock), and strong (the clock alone) natively."""
    states = positions()[::3]
    for level in ("easy", "medium", "hard"):
        spec = ":".join(part for part in level_spec("notre-dame", level).split(":")
                        if not part.startswith("seconds="))
        assert "iterations=" in spec
        with_native = decisions(spec, states, range(1))
        with monkeypatch.context() as patch:
            patch.setattr(native, "_CORE", None)
            assert decisions(spec, states, range(1)) == with_native
    for level in ("easy", "medium", "hard", "strong"):
        agent = make_agent(level, "notre-dame")
        assert isinstance(agent, IsmctsAgent)
        decide(agent, states[0], states[0].to_act[0], random.Random(0))
        assert agent.engine == "native"


def test_the_native_node_key_tells_apart_exactly_the_views_python_tells_apart() -> None:
    """Pairs of positions of the same game (samples of one information set, which differ in
    the hidden cards, and positions some moves apart): equal key bytes exactly when the
    views (with their private part) are equal."""
    view_key = core().NotreDameSearch.view_key
    compared = equal = 0
    for players in (3, 4, 5):
        states, _ = random_game("notre-dame", players, 50 + players)
        rng = random.Random(players)
        for state in states[::7]:
            for seat in range(players):
                info = state.infoset(seat)
                samples = [info.sample(rng) for _ in range(2)] + [state]
                for a in samples:
                    for b in samples + states[::60]:
                        same = a.view(seat) == b.view(seat)
                        keys = (view_key(NativeNotreDame.from_state(a)._s, seat),
                                view_key(NativeNotreDame.from_state(b)._s, seat))
                        assert (keys[0] == keys[1]) == same
                        compared += 1
                        equal += same
    assert equal > 100 and compared - equal > 100


def test_bad_input_to_the_native_search_is_refused() -> None:
    search = core().NotreDameSearch(c=1.0, bias=1.0, prior=False, follow=False,
                                  greedy_rollout=False)
    position = NativeNotreDame.new(NotreDame(3, {}), 1)
    words = list(random.Random(0).getstate()[1])
    with pytest.raises(ValueError, match="no such seat"):
        search.run(position._s, 5, words, 10, -1.0)
    with pytest.raises(ValueError, match=r"random\.Random"):
        search.run(position._s, 0, words[:10], 10, -1.0)
    with pytest.raises(ValueError, match="at least one"):
        search.run(position._s, 0, words, 0, -1.0)
    with pytest.raises(ValueError, match="needs the prior"):
        core().NotreDameSearch(c=1.0, bias=1.0, prior=False, follow=True, greedy_rollout=False)
    assert search.size() == 0
