"""The searching bots' rollouts (random and greedy) run on the native core for Notre Dame,
and decide exactly as on the Python engine: the same draws, the same moves, the same
results, the same decisions; the greedy policy chooses as the Python heuristics do."""

from __future__ import annotations

import random

import pytest

from tavola import native
from tavola.agents import decide
from tavola.agents.search import Rollout
from tavola.agents.specs import make_agent
from tavola.games.notre_dame.game import NotreDame, NotreDameState
from tavola.games.notre_dame.heuristics import GreedyPolicy
from tavola.native.notre_dame import NativeNotreDame, greedy_rollout, rollout
from tests.conformance.harness import random_game


@pytest.mark.parametrize(("policy", "cutoff"),
                         [("random", 0), ("random", 11), ("greedy", 0), ("greedy", 13)])
def test_a_native_rollout_is_the_python_rollout_draw_for_draw(policy: str, cutoff: int) -> None:
    """Same utilities (or evaluation after the cutoff) and the generator left in the same
    state, from set-ups and from positions of real games, for every player count and
    both gold options."""
    native = {"random": rollout, "greedy": greedy_rollout}[policy]
    for players in (2, 3, 4, 5):
        for gold in ("limited", "unlimited"):
            game = NotreDame(players, {"gold": gold})
            python = Rollout(game, policy, cutoff)
            assert python.native is native
            python.native = None
            states, _ = random_game("notre-dame", players, 3, gold=gold)
            starts = [game.new_state(seed) for seed in range(10)] + states[::40]
            for k, start in enumerate(starts):
                if start.is_terminal:
                    continue
                assert isinstance(start, NotreDameState)
                state = start.for_search()
                a, b = random.Random(k), random.Random(k)
                assert python.run(state, a) == native(state, b, cutoff)
                assert a.getstate() == b.getstate()


@pytest.mark.parametrize("spec", [
    "ismcts:iterations=40", "ismcts:iterations=30:cutoff=12", "pimc:samples=3:iterations=15",
    "ismcts:iterations=20:prior=greedy:rollout=greedy:bias=10:c=0.5"])
def test_the_bots_decide_identically_on_either_engine(
        spec: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Decisions along real games, with the same seed and iterations: native rollouts,
    then Python rollouts (the native core switched off)."""
    positions = []
    for players in (2, 3, 4, 5):
        states, _ = random_game("notre-dame", players, 20 + players)
        positions += [s for s in states[5::23] if not s.is_terminal and
                      len(s.legal_actions(s.to_act[0])) > 1]

    def decisions() -> list[str]:
        out = []
        for k, state in enumerate(positions):
            agent = make_agent(spec, "notre-dame")
            out.append(str(decide(agent, state, state.to_act[0], random.Random(k))))
        return out

    assert Rollout(NotreDame(3, {}), "random", 0).native is rollout
    assert Rollout(NotreDame(3, {}), "greedy", 0).native is greedy_rollout
    with_native = decisions()
    monkeypatch.setattr(native, "_CORE", None)
    assert Rollout(NotreDame(3, {}), "random", 0).native is None
    assert Rollout(NotreDame(3, {}), "greedy", 0).native is None
    assert decisions() == with_native


GREEDY_GAMES = 150


def test_the_native_greedy_policy_chooses_as_the_python_heuristics_on_every_state() -> None:
    """Every decision of whole random games (2-5 players, both gold options) with more than
    one legal action, for every pending seat: the same choice, from the seat's view alone
    in the Python policy, and the same tie-break drawn (the generators end alike)."""
    policy = GreedyPolicy()
    compared = 0
    for k in range(GREEDY_GAMES):
        players = 2 + k % 4
        game = NotreDame(players, {"gold": ("limited", "unlimited")[k // 4 % 2]})
        state = game.new_state(k).for_search()
        nat = NativeNotreDame.new(game, k)
        rng, mine, walk = random.Random(k), random.Random(k), random.Random(-k)
        while not state.is_terminal:
            for player in state.to_act:
                legal = state.legal_actions(player)
                if len(legal) > 1:
                    chosen = policy.choose(state.view(player), legal, rng)
                    assert nat.greedy(mine, player) == game.encoding().index(state, player,
                                                                             chosen)
                    assert rng.getstate() == mine.getstate()
                    compared += 1
            player = state.to_act[0]
            i = walk.randrange(len(state.legal_actions(player)))
            state = state.apply_index(player, i)
            nat.apply(nat.legal_indices()[i])
    assert compared > 100 * GREEDY_GAMES
