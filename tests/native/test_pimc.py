"""The bot `pimc` runs natively (native/src/pimc.hpp, bound per game by
native/src/pimc_bindings.hpp) and decides exactly as the Python bot: the same action, the
same visits and totals of every legal action summed over the samples, the same simulation
count and the generator left in the same state, position by position and seed by seed, on
positions of real games of all four games (the positions of tests/native/test_ismcts.py).
A budget smaller than the samples (samples given no simulation), the greedy rollouts and
a cutoff where the evaluation is native are among the options checked."""

from __future__ import annotations

import random
import threading
from typing import Any

import pytest

from tavola import native
from tavola.agents import PimcAgent, decide
from tavola.agents.specs import make_agent
from tavola.core import make
from tavola.native import core
from tavola.native.search import EVALUATES, PIMCS
from tests.native.test_ismcts import CASES, positions

SPECS = {
    "rattus": ("pimc:samples=4:iterations=40",
               "pimc:samples=3:iterations=31:rollout=greedy:c=0.5",
               "pimc:samples=9:iterations=6:c=2"),
    "intrige": ("pimc:samples=3:iterations=20",
                "pimc:samples=2:iterations=13:rollout=greedy:c=0.3"),
    "notre-dame": ("pimc:samples=3:iterations=20",
                   "pimc:samples=2:iterations=10:rollout=greedy:c=0"),
    "nottingham": ("pimc:samples=3:iterations=16",
                   "pimc:samples=2:iterations=12:rollout=greedy:cutoff=6:c=0.7"),
}

SPEC_CASES = [(name, spec) for name, specs in SPECS.items() for spec in specs]


def decisions(game: str, spec: str, states: list[Any],
              seeds: range) -> list[tuple[str, int, Any, Any]]:
    out = []
    for state in states:
        for seed in seeds:
            agent = make_agent(spec, game)
            assert isinstance(agent, PimcAgent)
            rng = random.Random(seed)
            action = decide(agent, state, state.to_act[0], rng)
            out.append((str(action), agent.last_iterations, agent.last_stats, rng.getstate()))
    return out


@pytest.mark.parametrize(("name", "spec"), SPEC_CASES)
def test_the_native_pimc_decides_as_the_python_pimc(
        name: str, spec: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Positions of games of several player counts (simultaneous steps included), two seeds
    each: the same action, visits and totals, simulations and generator state with the core
    on (the search native) and off (all Python)."""
    case = CASES[name]
    states = positions(case)[::2]
    assert len(states) >= 3
    agent = make_agent(spec, name)
    assert isinstance(agent, PimcAgent)
    decide(agent, states[0], states[0].to_act[0], random.Random(0))
    assert agent.engine == "native" and agent.fallback is None
    with_native = decisions(name, spec, states, range(2))
    assert sum(k for _, _, stats, _ in with_native for k, _ in stats) > 0
    monkeypatch.setattr(native, "_CORE", None)
    agent = make_agent(spec, name)
    assert isinstance(agent, PimcAgent)
    decide(agent, states[0], states[0].to_act[0], random.Random(0))
    assert agent.engine == "python" and agent.fallback is not None
    assert decisions(name, spec, states, range(2)) == with_native


def test_whole_games_are_the_same_on_either_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    """A whole game of Rattus between two `pimc` bots and one `ismcts`, decision for
    decision."""
    def play() -> tuple[list[str], list[int], Any]:
        game = make("rattus", 3, 7)
        agents = [make_agent("pimc:samples=3:iterations=12", "rattus"),
                  make_agent("ismcts:iterations=10", "rattus"),
                  make_agent("pimc:samples=2:iterations=9:rollout=greedy", "rattus")]
        rng = random.Random(7)
        state = game
        actions, iterations = [], []
        while not state.is_terminal:
            seat = state.to_act[0]
            action = decide(agents[seat], state, seat, rng)
            actions.append(str(action))
            iterations.append(getattr(agents[seat], "last_iterations", 0))
            state = state.apply(seat, action)
        return actions, iterations, rng.getstate()

    with_native = play()
    monkeypatch.setattr(native, "_CORE", None)
    assert play() == with_native


def test_a_cutoff_runs_natively_and_engine_python_is_said_and_decides_alike() -> None:
    # Every game's evaluation is native, so a cutoff is; engine=python asks for Python.
    state = positions(CASES["rattus"])[0]
    chosen = []
    for spec in ("pimc:samples=2:iterations=8:cutoff=5",
                 "pimc:samples=2:iterations=8:cutoff=5:engine=python"):
        agent = make_agent(spec, "rattus")
        assert isinstance(agent, PimcAgent)
        chosen.append(decide(agent, state, state.to_act[0], random.Random(1)))
        if spec.endswith("python"):
            assert agent.engine == "python"
            assert agent.fallback is not None and "engine=python" in agent.fallback
        else:
            assert agent.engine == "native" and agent.fallback is None
    assert chosen[0] == chosen[1]


def test_a_think_time_and_a_stop_request_run_natively_at_least_once() -> None:
    state = positions(CASES["rattus"])[0]
    agent = make_agent("pimc:samples=100:seconds=0.001", "rattus")
    assert isinstance(agent, PimcAgent)
    agent.seconds = 1e-9  # spent by the first simulation, however fast the machine
    decide(agent, state, state.to_act[0], random.Random(1))
    assert agent.engine == "native" and agent.last_iterations == 1
    agent = make_agent("pimc:seconds=3600", "rattus")
    assert isinstance(agent, PimcAgent)
    agent.stop = threading.Event()
    agent.stop.set()
    decide(agent, state, state.to_act[0], random.Random(1))
    assert agent.engine == "native" and agent.last_iterations == 1  # as in Python


def test_a_stop_request_ends_a_native_search_under_way() -> None:
    """An hour's search, stopped from another thread while it runs without the GIL: it
    ends (the test's thread could set the event only because the GIL was free)."""
    state = positions(CASES["rattus"])[0]
    agent = make_agent("pimc:samples=5:seconds=3600", "rattus")
    assert isinstance(agent, PimcAgent)
    agent.stop = threading.Event()
    chosen: list[Any] = []
    worker = threading.Thread(
        target=lambda: chosen.append(decide(agent, state, state.to_act[0], random.Random(2))))
    worker.start()
    worker.join(0.3)
    assert worker.is_alive()
    agent.stop.set()
    worker.join(120)
    assert not worker.is_alive()
    assert agent.engine == "native" and agent.last_iterations >= 1
    assert chosen[0] in state.legal_actions(state.to_act[0])
    assert sum(k for k, _ in agent.last_stats) == agent.last_iterations


@pytest.mark.parametrize("name", list(PIMCS))
def test_bad_input_to_the_native_pimc_is_refused(name: str) -> None:
    case = CASES[name]
    make_search = getattr(core(), PIMCS[name])
    search = make_search(c=1.0, greedy_rollout=False)
    position = case.position.new(case.game_class(case.bad_players, {}), 1)
    words = list(random.Random(0).getstate()[1])
    with pytest.raises(ValueError, match="no decision begun"):
        search.run(words)
    with pytest.raises(ValueError, match="no such seat"):
        search.begin(position._s, 5, 3, 10, -1.0)
    # A seat not to act: play on to a position with one.
    while set(position.to_state(check=False).to_act) == set(range(case.bad_players)):
        position = case.position.from_state(
            position.to_state(check=False).apply_index(
                position.to_state(check=False).to_act[0], 0))
    idle = next(p for p in range(case.bad_players)
                if p not in position.to_state(check=False).to_act)
    with pytest.raises(ValueError, match="not to act"):
        search.begin(position._s, idle, 3, 10, -1.0)
    with pytest.raises(ValueError, match="at least one sample"):
        search.begin(position._s, 0, 0, 10, -1.0)
    with pytest.raises(ValueError, match="at least one iteration"):
        search.begin(position._s, 0, 3, 0, -1.0)
    with pytest.raises(ValueError, match="finite"):
        search.begin(position._s, 0, 3, 10, float("nan"))
    with pytest.raises(ValueError, match="at least 0"):
        make_search(c=-1.0, greedy_rollout=False)
    with pytest.raises(ValueError, match="at least 0"):
        make_search(c=1.0, greedy_rollout=False, cutoff=-1)
    if name not in EVALUATES:
        with pytest.raises(ValueError, match="no native evaluation"):
            make_search(c=1.0, greedy_rollout=False, cutoff=5)
    seat = position.to_state(check=False).to_act[0]
    search.begin(position._s, seat, 3, 10, -1.0)
    with pytest.raises(ValueError, match=r"random\.Random"):
        search.run(words[:10])
    over, after = search.run(words)
    assert over and search.iterations == 10 and after != words
    with pytest.raises(ValueError, match="no such action"):
        search.stats([-1])
