"""The searching bots' random rollouts run on the native core for Intrige, and decide
exactly as on the Python engine: the same draws, the same moves, the same results, the same
decisions. (Intrige's greedy policy is not ported: a greedy rollout runs in Python.)"""

from __future__ import annotations

import random

import pytest

from tavola import native
from tavola.agents import decide
from tavola.agents.search import Rollout
from tavola.agents.specs import make_agent
from tavola.games.intrige.game import IntrigeGame, IntrigeState
from tavola.native.intrige import NativeIntrige, rollout
from tests.conformance.harness import random_game


@pytest.mark.parametrize("cutoff", [0, 11])
def test_a_native_rollout_is_the_python_rollout_draw_for_draw(cutoff: int) -> None:
    """Same utilities (or evaluation after the cutoff) and the generator left in the same
    state, from the set-up and from positions of real games, for every player count,
    edition and bribe order."""
    compared = 0
    for players in (3, 4, 5):
        for edition in ("1994", "amigo"):
            for order in ("conflicts_first", "turn_order"):
                options = {"edition": edition, "bribe_order": order}
                game = IntrigeGame(players, options)
                python = Rollout(game, "random", cutoff)
                assert python.native is rollout
                python.native = None
                states, _ = random_game("intrige", players, 3, **options)
                starts = [game.new_state(0), *states[::25]]
                for k, start in enumerate(starts):
                    if start.is_terminal:
                        continue
                    assert isinstance(start, IntrigeState)
                    state = start.for_search()
                    a, b = random.Random(k), random.Random(k)
                    assert python.run(state, a) == rollout(state, b, cutoff)
                    assert a.getstate() == b.getstate()
                    compared += 1
    assert compared > 80


def test_the_greedy_rollout_is_left_to_python() -> None:
    game = IntrigeGame(3, {})
    assert Rollout(game, "greedy", 0).native is None
    with pytest.raises(ValueError, match="no native rollout policy 'greedy'"):
        NativeIntrige.new(game).rollout(random.Random(1), 0, "greedy")


@pytest.mark.parametrize("spec", [
    "ismcts:iterations=40", "ismcts:iterations=30:cutoff=12", "pimc:samples=3:iterations=15",
    "ismcts:iterations=20:prior=greedy:bias=3"])
def test_the_bots_decide_identically_on_either_engine(
        spec: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Decisions along real games, with the same seed and iterations: native rollouts,
    then Python rollouts (the native core switched off)."""
    positions = []
    for players in (3, 4, 5):
        states, _ = random_game("intrige", players, 20 + players)
        positions += [s for s in states[5::31] if not s.is_terminal and
                      len(s.legal_actions(s.to_act[0])) > 1]
    assert len(positions) > 10

    def decisions() -> list[str]:
        out = []
        for k, state in enumerate(positions):
            agent = make_agent(spec, "intrige")
            out.append(str(decide(agent, state, state.to_act[0], random.Random(k))))
        return out

    assert Rollout(IntrigeGame(3, {}), "random", 0).native is rollout
    with_native = decisions()
    monkeypatch.setattr(native, "_CORE", None)
    assert Rollout(IntrigeGame(3, {}), "random", 0).native is None
    assert decisions() == with_native
