"""The searching bots' rollouts (random and greedy) run on the native core for Rattus, and
decide exactly as on the Python engine: the same draws, the same moves, the same results,
the same decisions; the greedy policy chooses as the Python heuristics do."""

from __future__ import annotations

import random

import pytest

from tavola import native
from tavola.agents import decide
from tavola.agents.search import Rollout
from tavola.agents.specs import make_agent
from tavola.games.rattus.game import RattusGame
from tavola.games.rattus.heuristics import GreedyPolicy
from tavola.native.rattus import NativeRattus, greedy_rollout, rollout
from tests.conformance.harness import random_game

GREEDY_GAMES = 250


def test_the_native_greedy_policy_chooses_as_the_python_heuristics_on_every_state() -> None:
    """Every decision of 500 whole random games (2, 3 and 4 players) with more than one
    legal action: the same choice, from the seat's view alone in the Python policy."""
    policy = GreedyPolicy()
    compared = 0
    for k in range(GREEDY_GAMES):
        players = 2 + k % 3
        game = RattusGame(players, {})
        state = game.new_state(k).for_search()
        nat = NativeRattus.new(game, k)
        rng = random.Random(k)
        while not state.is_terminal:
            player = state.to_act[0]
            legal = state.legal_actions(player)
            if len(legal) > 1:
                chosen = policy.choose(state.view(player), legal, rng)
                assert nat.greedy() == game.encoding().index(state, player, chosen)
                compared += 1
            i = rng.randrange(len(legal))
            state = state.apply_index(player, i)
            nat.apply(nat.legal_indices()[i])
    assert compared > 50 * GREEDY_GAMES


@pytest.mark.parametrize(("policy", "cutoff"),
                         [("random", 0), ("random", 7), ("greedy", 0), ("greedy", 9)])
def test_a_native_rollout_is_the_python_rollout_draw_for_draw(policy: str, cutoff: int) -> None:
    """Same utilities (or evaluation after the cutoff) and the generator left in the same
    state, from set-ups and from positions of real games."""
    for players in (2, 3, 4):
        game = RattusGame(players, {})
        python = Rollout(game, policy, cutoff)
        assert python.native is {"random": rollout, "greedy": greedy_rollout}[policy]
        python.native = None
        states, _ = random_game("rattus", players, 3)
        starts = [game.new_state(seed) for seed in range(40)] + states[::5]
        for k, start in enumerate(starts):
            if start.is_terminal:
                continue
            state = start.for_search()
            a, b = random.Random(k), random.Random(k)
            native = rollout if policy == "random" else greedy_rollout
            assert python.run(state, a) == native(state, b, cutoff)  # type: ignore[arg-type]
            assert a.getstate() == b.getstate()


@pytest.mark.parametrize("spec", [
    "ismcts:iterations=60", "ismcts:iterations=40:cutoff=12", "pimc:samples=4:iterations=20",
    "ismcts:iterations=30:prior=greedy:rollout=greedy:bias=10:c=0.5"])
def test_the_bots_decide_identically_on_either_engine(
        spec: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Decisions along real games, with the same seed and iterations: native rollouts,
    then Python rollouts (the native core switched off)."""
    positions = []
    for players in (2, 3, 4):
        states, _ = random_game("rattus", players, 20 + players)
        positions += [s for s in states[3::9] if not s.is_terminal and
                      len(s.legal_actions(s.to_act[0])) > 1]

    def decisions() -> list[str]:
        out = []
        for k, state in enumerate(positions):
            agent = make_agent(spec, "rattus")
            out.append(str(decide(agent, state, state.to_act[0], random.Random(k))))
        return out

    with_native = decisions()
    monkeypatch.setattr(native, "_CORE", None)
    assert Rollout(RattusGame(3, {}), "random", 0).native is None
    assert Rollout(RattusGame(3, {}), "greedy", 0).native is None
    assert decisions() == with_native
