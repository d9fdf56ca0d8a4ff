"""The tree search `ismcts` runs natively (native/src/ismcts.hpp and each game's
<game>_search.cpp) and decides exactly as the Python search: the same action, the same
iteration count and the generator left in the same state, position by position and seed by
seed, and along whole games in which each bot keeps its tree between its own decisions.
One module for every game with a native tree, parametrized by game; Rattus is checked
widest, the others cheaper on purpose (few positions and seeds: the all-Python half is the
slow one)."""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass
from typing import Any

import pytest

from tavola import native
from tavola.agents import IsmctsAgent, decide
from tavola.agents.levels import level_spec
from tavola.agents.specs import make_agent
from tavola.core import Game, make
from tavola.games.intrige.game import IntrigeGame
from tavola.games.notre_dame.game import NotreDame
from tavola.games.nottingham.game import SEARCH, NottinghamGame
from tavola.games.rattus.game import RattusGame
from tavola.native import core
from tavola.native.intrige import NativeIntrige
from tavola.native.notre_dame import NativeNotreDame
from tavola.native.nottingham import NativeNottingham
from tavola.native.position import NativePosition
from tavola.native.rattus import NativeRattus
from tavola.native.search import EVALUATES, NativeTree
from tests.conformance.harness import random_game


@dataclass(frozen=True)
class Case:
    """What the tests check for one game, and how widely."""

    game: str
    game_class: type[Game]
    position: type[NativePosition]
    search: str
    specs: tuple[str, ...]
    players: tuple[int, ...]
    """The player counts of the positions searched."""
    first: int
    stride: int
    """The positions: `states[first::stride]` of a random game per player count."""
    enough: int
    """At least this many positions (0: no floor)."""
    check_python: bool
    """Also check that with the core off the bot says it searched in Python."""
    games: tuple[tuple[int, int], ...]
    """The whole games played on either engine: (players, seed)."""
    game_specs: tuple[str, ...]
    level_seeds: int
    key_players: tuple[int, ...]
    key_stride: int
    key_samples: int
    """Samples of each seat's information set compared (besides the position itself)."""
    key_others: int
    """Compare with the last `key_others` of the samples and the position (0: all)."""
    key_far: int
    """...and with `states[::key_far]`."""
    bad_players: int


CASES = {
    "rattus": Case(
        "rattus", RattusGame, NativeRattus, "RattusSearch",
        specs=("ismcts:iterations=60",
               "ismcts:iterations=40:prior=greedy:rollout=greedy:bias=10:c=0.5",
               "ismcts:iterations=30:prior=greedy:bias=0:rollout=random",
               "ismcts:iterations=50:prior=greedy:opponents=prior:rollout=greedy",
               "ismcts:iterations=40:prior=greedy:opponents=mixed:follow=0.6:rollout=greedy",
               "ismcts:iterations=30:prior=greedy:opponents=noisy:follow=0.3:rollout=greedy",
               "ismcts:iterations=25:reuse=false:c=2",
               "ismcts:iterations=30:root=paired:prior=greedy:rollout=greedy:bias=0.3",
               "ismcts:iterations=30:cutoff=5",
               "ismcts:iterations=24:cutoff=8:root=paired:prior=greedy:rollout=greedy",
               "ismcts:iterations=10:ensemble=3:prior=greedy:rollout=greedy:bias=10:c=0.5",
               "ismcts:iterations=40:depth=2:prior=greedy:rollout=greedy"),
        players=(2, 3, 4), first=2, stride=20, enough=10, check_python=True,
        games=((2, 102), (3, 103), (4, 104)),
        game_specs=("ismcts:iterations=20:prior=greedy:rollout=greedy:bias=10:c=0.5",
                    "ismcts:iterations=15", "ismcts:iterations=25:prior=greedy:rollout=greedy",
                    "ismcts:iterations=10:c=0.7:cutoff=4"),
        level_seeds=2, key_players=(2, 3, 4), key_stride=4, key_samples=3, key_others=2,
        key_far=40, bad_players=2),
    "intrige": Case(
        "intrige", IntrigeGame, NativeIntrige, "IntrigeSearch",
        specs=("ismcts:iterations=30",
               "ismcts:iterations=20:prior=greedy:rollout=greedy:bias=3:c=0.5",
               "ismcts:iterations=20:prior=greedy:opponents=prior:rollout=greedy",
               "ismcts:iterations=30:prior=greedy:opponents=mixed:follow=0.5:rollout=greedy:bias=3",
               "ismcts:iterations=30:prior=greedy:opponents=noisy:follow=0.8:rollout=greedy:bias=3",
               "ismcts:iterations=15:reuse=false:c=2:prior=greedy:bias=0",
               "ismcts:iterations=20:cutoff=6:prior=greedy:rollout=greedy:bias=3",
               "ismcts:iterations=8:ensemble=4:prior=greedy:rollout=greedy:bias=3",
               "ismcts:iterations=40:depth=3:prior=greedy:rollout=greedy:bias=3"),
        players=(3, 5), first=3, stride=41, enough=6, check_python=False,
        games=((3, 103),),
        game_specs=("ismcts:iterations=6:prior=greedy:rollout=greedy:bias=3:opponents=mixed:"
                    "follow=0.7",
                    "ismcts:iterations=5", "ismcts:iterations=4:c=0.7:cutoff=5"),
        level_seeds=1, key_players=(3, 4, 5), key_stride=7, key_samples=1, key_others=0,
        key_far=60, bad_players=3),
    "notre-dame": Case(
        "notre-dame", NotreDame, NativeNotreDame, "NotreDameSearch",
        specs=("ismcts:iterations=30",
               "ismcts:iterations=20:prior=greedy:rollout=greedy:bias=10:c=0.5",
               "ismcts:iterations=20:prior=greedy:opponents=prior:rollout=greedy",
               "ismcts:iterations=15:reuse=false:c=2:prior=greedy:bias=0",
               "ismcts:iterations=20:root=paired:prior=greedy",
               "ismcts:iterations=20:cutoff=6",
               "ismcts:iterations=15:cutoff=4:root=paired:prior=greedy:rollout=greedy"),
        players=(3, 5), first=3, stride=29, enough=6, check_python=False,
        games=((2, 102),),
        game_specs=("ismcts:iterations=6:prior=greedy:rollout=greedy:bias=3",
                    "ismcts:iterations=5"),
        level_seeds=1, key_players=(3, 4, 5), key_stride=7, key_samples=2, key_others=0,
        key_far=60, bad_players=3),
    "nottingham": Case(
        "nottingham", NottinghamGame, NativeNottingham, "NottinghamSearch",
        specs=("ismcts:iterations=20",
               f"ismcts:iterations=16:{SEARCH}",
               "ismcts:iterations=15:cutoff=6:root=paired",
               "ismcts:iterations=12:prior=greedy:rollout=greedy:bias=3:c=0.5:reuse=false"),
        players=(3, 6), first=5, stride=31, enough=6, check_python=False,
        games=((3, 103),),
        game_specs=(f"ismcts:iterations=4:{SEARCH}", "ismcts:iterations=5",
                    "ismcts:iterations=4:c=0.7:cutoff=5"),
        level_seeds=1, key_players=(3, 5, 7), key_stride=15, key_samples=2, key_others=0,
        key_far=60, bad_players=3),
}

SPEC_CASES = [(name, spec) for name, case in CASES.items() for spec in case.specs]
GAME_CASES = [(name, players, seed) for name, case in CASES.items()
              for players, seed in case.games]


def positions(case: Case) -> list[Any]:
    out = []
    for players in case.players:
        states, _ = random_game(case.game, players, 30 + players)
        out += [s for s in states[case.first::case.stride] if not s.is_terminal and
                len(s.legal_actions(s.to_act[0])) > 1]
    return out


def decisions(game: str, spec: str, states: list[Any],
              seeds: range) -> list[tuple[str, int, Any]]:
    out = []
    for state in states:
        for seed in seeds:
            agent = make_agent(spec, game)
            assert isinstance(agent, IsmctsAgent)
            rng = random.Random(seed)
            action = decide(agent, state, state.to_act[0], rng)
            out.append((str(action), agent.last_iterations, rng.getstate()))
    return out


@pytest.mark.parametrize(("name", "spec"), SPEC_CASES)
def test_the_native_tree_decides_as_the_python_tree(
        name: str, spec: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Positions of games of several player counts (Notre Dame's draft, where several seats
    act at once, included), one seed each: the same action, iterations and generator
    state with the core on (the search native) and off (all Python)."""
    case = CASES[name]
    states = positions(case)
    assert len(states) >= case.enough
    agent = make_agent(spec, name)
    assert isinstance(agent, IsmctsAgent)
    decide(agent, states[0], states[0].to_act[0], random.Random(0))
    assert agent.engine == "native" and agent.fallback is None
    with_native = decisions(name, spec, states, range(1))
    monkeypatch.setattr(native, "_CORE", None)
    if case.check_python:
        agent = make_agent(spec, name)
        assert isinstance(agent, IsmctsAgent)
        decide(agent, states[0], states[0].to_act[0], random.Random(0))
        assert agent.engine == "python" and agent.fallback is not None
    assert decisions(name, spec, states, range(1)) == with_native


def play(game_name: str, specs: list[str], players: int,
         seed: int) -> tuple[list[str], list[int], Any]:
    """A whole game of `specs` (one agent per seat, kept all game); the actions, the
    iterations of each search and the generator's state at the end."""
    game = make(game_name, players, seed)
    agents = [make_agent(spec, game_name) for spec in specs]
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


@pytest.mark.parametrize(("name", "players", "seed"), GAME_CASES)
def test_whole_games_with_kept_trees_are_the_same_on_either_engine(
        name: str, players: int, seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The levels' tuned search and the plain one, each agent keeping its tree between its
    own decisions: the same game, decision for decision."""
    specs = list(CASES[name].game_specs[:players])
    with_native = play(name, specs, players, seed)
    monkeypatch.setattr(native, "_CORE", None)
    assert play(name, specs, players, seed) == with_native


def test_whole_games_of_an_ensemble_with_kept_trees_are_the_same_on_either_engine(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`ensemble`: each tree keeps and reuses its own tree on either engine, and the games
    are the same decision for decision."""
    specs = ["ismcts:iterations=4:ensemble=3:prior=greedy:rollout=greedy:bias=3",
             "ismcts:iterations=5", "ismcts:iterations=3:ensemble=2"]
    with_native = play("intrige", specs, 3, 105)
    monkeypatch.setattr(native, "_CORE", None)
    assert play("intrige", specs, 3, 105) == with_native


@pytest.mark.parametrize("name", list(CASES))
def test_every_level_runs_natively_and_the_capped_ones_decide_as_in_python(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """easy, medium and hard with their caps alone (the think time, a ceiling on a machine
    not starved, left out so the test does not follow the clock), and strong (the clock
    alone) natively."""
    case = CASES[name]
    states = positions(case)[::3]
    for level in ("easy", "medium", "hard"):
        spec = ":".join(part for part in level_spec(name, level).split(":")
                        if not part.startswith("seconds="))
        assert "iterations=" in spec
        with_native = decisions(name, spec, states, range(case.level_seeds))
        with monkeypatch.context() as patch:
            patch.setattr(native, "_CORE", None)
            assert decisions(name, spec, states, range(case.level_seeds)) == with_native
    for level in ("easy", "medium", "hard", "strong"):
        agent = make_agent(level, name)
        assert isinstance(agent, IsmctsAgent)
        decide(agent, states[0], states[0].to_act[0], random.Random(0))
        assert agent.engine == "native"


@pytest.mark.parametrize("spec", ["ismcts:iterations=20:cutoff=5",
                                  "ismcts:iterations=20:prior=greedy:cutoff=3:root=paired"])
def test_a_core_built_for_other_rules_is_said_and_searched_in_python(
        spec: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every option of every game's search is native; a core built for other rules than
    the reference's is not used: the bot says so, searches in Python (rollouts and
    evaluation included) and decides the same."""
    states = positions(CASES["rattus"])[:2]
    with_native = decisions("rattus", spec, states, range(2))
    monkeypatch.setattr(core(), "RATTUS_VERSION", -1)
    agent = make_agent(spec, "rattus")
    assert isinstance(agent, IsmctsAgent)
    decide(agent, states[0], states[0].to_act[0], random.Random(1))
    assert agent.engine == "python"
    assert agent.fallback is not None and "other rules" in agent.fallback
    assert decisions("rattus", spec, states, range(2)) == with_native


def test_a_think_time_runs_natively_at_least_once_and_stops() -> None:
    state = positions(CASES["rattus"])[0]
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


@pytest.mark.parametrize("name", list(CASES))
def test_the_native_node_key_tells_apart_exactly_the_views_python_tells_apart(
        name: str) -> None:
    """Pairs of positions of the same game (samples of one information set, which differ in
    what the seat cannot see, and positions some moves apart): equal key bytes exactly
    when the views (with their private part) are equal."""
    case = CASES[name]
    view_key = getattr(core(), case.search).view_key
    cls = case.position
    compared = equal = 0
    for players in case.key_players:
        game = case.game_class(players, {})
        states, _ = random_game(name, players, 50 + players)
        rng = random.Random(players)
        for state in states[::case.key_stride]:
            for seat in range(players):
                info = state.infoset(seat)
                samples = [info.sample(rng) for _ in range(case.key_samples)] + [state]
                for a in samples:
                    for b in samples[-case.key_others:] + states[::case.key_far]:
                        same = a.view(seat) == b.view(seat)
                        keys = (view_key(cls.from_state(a)._s, seat),
                                view_key(cls.from_state(b)._s, seat))
                        assert (keys[0] == keys[1]) == same
                        compared += 1
                        equal += same
        assert game.players == players
    assert equal > 100 and compared - equal > 100


@pytest.mark.parametrize("name", list(CASES))
def test_bad_input_to_the_native_search_is_refused(name: str) -> None:
    case = CASES[name]
    make_search = getattr(core(), case.search)
    search = make_search(c=1.0, bias=1.0, prior=False, follow=0.0, greedy_rollout=False)
    position = case.position.new(case.game_class(case.bad_players, {}), 1)
    words = list(random.Random(0).getstate()[1])
    with pytest.raises(ValueError, match="no such seat"):
        search.run(position._s, 5, words, 10, -1.0)
    with pytest.raises(ValueError, match=r"random\.Random"):
        search.run(position._s, 0, words[:10], 10, -1.0)
    with pytest.raises(ValueError, match="at least one"):
        search.run(position._s, 0, words, 0, -1.0)
    with pytest.raises(ValueError, match="needs the prior"):
        make_search(c=1.0, bias=1.0, prior=False, follow=1.0, greedy_rollout=False)
    with pytest.raises(ValueError, match="needs the prior"):
        make_search(c=1.0, bias=1.0, prior=False, follow=0.5, greedy_rollout=False)
    with pytest.raises(ValueError, match="needs the prior"):
        make_search(c=1.0, bias=1.0, prior=False, follow=0.0, greedy_rollout=False,
                    noisy=True)
    for chance in (-0.1, 1.5, float("nan")):
        with pytest.raises(ValueError, match="a chance, from 0 to 1"):
            make_search(c=1.0, bias=1.0, prior=True, follow=chance, greedy_rollout=False)
    assert name in EVALUATES
    with pytest.raises(ValueError, match="at least 0"):
        make_search(c=1.0, bias=1.0, prior=False, follow=0.0, greedy_rollout=False,
                    cutoff=-1)
    with pytest.raises(ValueError, match="depth is at least 0"):
        make_search(c=1.0, bias=1.0, prior=False, follow=0.0, greedy_rollout=False,
                    depth=-1)
    legal = list(position.legal_indices())  # seat 0's: it acts first in every game
    with pytest.raises(ValueError, match="not the observer's legal actions"):
        search.run_paired(position._s, 0, words, [*legal, legal[0]], done=0, limit=10,
                          whole=True,
                          seconds=-1.0, slice=-1.0, last=0.0)
    with pytest.raises(ValueError, match="no root action"):
        search.run_paired(position._s, 0, words, [], done=0, limit=10, whole=True,
                          seconds=-1.0, slice=-1.0, last=0.0)
    assert search.size() == 0
    tree = NativeTree(case.game_class(case.bad_players, {}),
                      {"c": 1.0, "bias": 1.0, "prior": "none", "opponents": "search",
                       "rollout": "random"})
    assert tree.size() == 0


@pytest.mark.parametrize("bot", ["ismcts:iterations=60:rollout=greedy", "pimc:iterations=60"])
def test_engine_python_asks_for_the_reference_and_decides_alike(bot: str) -> None:
    """`engine=python` runs the search and its rollouts on the Python reference (to measure
    what the native core buys); `auto` runs natively; both decide alike."""
    state = make("rattus", 3, seed=5)
    seat = state.to_act[0]
    chosen = {}
    for engine in ("auto", "python"):
        agent = make_agent(f"{bot}:engine={engine}", "rattus")
        chosen[engine] = agent.act(state.infoset(seat), random.Random(7))
        assert agent.engine == ("native" if engine == "auto" else "python")  # type: ignore[attr-defined]
        assert (agent.rollouts.for_game(state.game).native is None) == (  # type: ignore[attr-defined]
            engine == "python")
    assert chosen["auto"] == chosen["python"]
    with pytest.raises(Exception, match="engine"):
        make_agent(f"{bot}:engine=gpu", "rattus")
