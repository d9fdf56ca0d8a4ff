"""The searching bots' rollouts run on the native core for Notre Dame, and decide exactly
as on the Python engine: the same draws, the same moves, the same results, the same
decisions."""

from __future__ import annotations

import random

import pytest

from tavola import native
from tavola.agents import decide
from tavola.agents.search import Rollout
from tavola.agents.specs import make_agent
from tavola.games.notre_dame.game import NotreDame, NotreDameState
from tavola.native.notre_dame import rollout
from tests.conformance.harness import random_game


@pytest.mark.parametrize("cutoff", [0, 11])
def test_a_native_rollout_is_the_python_rollout_draw_for_draw(cutoff: int) -> None:
    """Same utilities (or evaluation after the cutoff) and the generator left in the same
    state, from set-ups and from positions of real games, for every player count and
    both gold options."""
    for players in (2, 3, 4, 5):
        for gold in ("limited", "unlimited"):
            game = NotreDame(players, {"gold": gold})
            python = Rollout(game, "random", cutoff)
            assert python.native is rollout
            python.native = None
            states, _ = random_game("notre-dame", players, 3, gold=gold)
            starts = [game.new_state(seed) for seed in range(10)] + states[::40]
            for k, start in enumerate(starts):
                if start.is_terminal:
                    continue
                assert isinstance(start, NotreDameState)
                state = start.for_search()
                a, b = random.Random(k), random.Random(k)
                assert python.run(state, a) == rollout(state, b, cutoff)
                assert a.getstate() == b.getstate()


@pytest.mark.parametrize("spec", [
    "ismcts:iterations=40", "ismcts:iterations=30:cutoff=12", "pimc:samples=3:iterations=15"])
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
    with_native = decisions()
    monkeypatch.setattr(native, "_CORE", None)
    assert Rollout(NotreDame(3, {}), "random", 0).native is None
    assert decisions() == with_native
