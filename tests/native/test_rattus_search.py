"""The searching bots' random rollouts run on the native core for Rattus, and decide exactly
as on the Python engine: the same draws, the same results, the same decisions."""

from __future__ import annotations

import random

import pytest

from tavola import native
from tavola.agents import decide
from tavola.agents.search import Rollout
from tavola.agents.specs import make_agent
from tavola.games.rattus.game import RattusGame
from tavola.native.rattus import rollout
from tests.conformance.harness import random_game


@pytest.mark.parametrize("cutoff", [0, 7])
def test_a_native_rollout_is_the_python_rollout_draw_for_draw(cutoff: int) -> None:
    """Same utilities (or evaluation after the cutoff) and the generator left in the same
    state, from set-ups and from positions of real games."""
    for players in (2, 3, 4):
        game = RattusGame(players, {})
        python = Rollout(game, "random", cutoff)
        assert python.native is rollout
        python.native = None
        states, _ = random_game("rattus", players, 3)
        starts = [game.new_state(seed) for seed in range(40)] + states[::5]
        for k, start in enumerate(starts):
            if start.is_terminal:
                continue
            state = start.for_search()
            a, b = random.Random(k), random.Random(k)
            assert python.run(state, a) == rollout(state, b, cutoff)  # type: ignore[arg-type]
            assert a.getstate() == b.getstate()


@pytest.mark.parametrize("spec", ["ismcts:iterations=60", "ismcts:iterations=40:cutoff=12",
                                  "pimc:samples=4:iterations=20"])
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
    assert decisions() == with_native
