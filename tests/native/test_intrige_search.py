"""The searching bots' rollouts (random and greedy) run on the native core for Intrige,
and decide exactly as on the Python engine: the same draws, the same moves, the same
results, the same decisions; the greedy policy chooses as the Python heuristics do."""

from __future__ import annotations

import random

import pytest

from tavola import native
from tavola.agents import decide
from tavola.agents.search import Rollout
from tavola.agents.specs import make_agent
from tavola.games.intrige.game import IntrigeGame, IntrigeState
from tavola.games.intrige.heuristics import GreedyPolicy
from tavola.native.intrige import NativeIntrige, greedy_rollout, rollout
from tests.conformance.harness import random_game


@pytest.mark.parametrize(("policy", "cutoff"),
                         [("random", 0), ("random", 11), ("greedy", 0), ("greedy", 13)])
def test_a_native_rollout_is_the_python_rollout_draw_for_draw(policy: str, cutoff: int) -> None:
    """Same utilities (or evaluation after the cutoff) and the generator left in the same
    state, from the set-up and from positions of real games, for every player count,
    edition and bribe order."""
    compared = 0
    for players in (3, 4, 5):
        for edition in ("1994", "amigo"):
            for order in ("conflicts_first", "turn_order"):
                options = {"edition": edition, "bribe_order": order}
                game = IntrigeGame(players, options)
                native = {"random": rollout, "greedy": greedy_rollout}[policy]
                python = Rollout(game, policy, cutoff)
                assert python.native is native
                python.native = None
                states, _ = random_game("intrige", players, 3, **options)
                starts = [game.new_state(0), *states[::25]]
                for k, start in enumerate(starts):
                    if start.is_terminal:
                        continue
                    assert isinstance(start, IntrigeState)
                    state = start.for_search()
                    a, b = random.Random(k), random.Random(k)
                    assert python.run(state, a) == native(state, b, cutoff)
                    assert a.getstate() == b.getstate()
                    compared += 1
    assert compared > 80


def test_an_unknown_rollout_policy_is_refused() -> None:
    with pytest.raises(ValueError, match="no native rollout policy 'wild'"):
        NativeIntrige.new(IntrigeGame(3, {})).rollout(random.Random(1), 0, "wild")


@pytest.mark.parametrize("spec", [
    "ismcts:iterations=40", "ismcts:iterations=30:cutoff=12", "pimc:samples=3:iterations=15",
    "ismcts:iterations=20:prior=greedy:rollout=greedy:bias=3"])
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
    assert Rollout(IntrigeGame(3, {}), "greedy", 0).native is greedy_rollout
    with_native = decisions()
    monkeypatch.setattr(native, "_CORE", None)
    assert Rollout(IntrigeGame(3, {}), "random", 0).native is None
    assert Rollout(IntrigeGame(3, {}), "greedy", 0).native is None
    assert decisions() == with_native


GREEDY_GAMES = 200


def test_the_native_greedy_policy_chooses_as_the_python_heuristics_on_every_state() -> None:
    """Every decision with more than one legal action of whole games (3-5 players, both
    editions and bribe orders; half of them with greedy play mixed in, so purses, offers
    and conflicts look like the bots'): the same choice, from the seat's view alone in the
    Python policy, and the same tie-break drawn (the generators end alike)."""
    policy = GreedyPolicy()
    compared = drawn = 0
    for k in range(GREEDY_GAMES):
        players = 3 + k % 3
        game = IntrigeGame(players, {"edition": ("1994", "amigo")[k // 3 % 2],
                                     "bribe_order": ("conflicts_first", "turn_order")[k // 6 % 2]})
        encoding = game.encoding()
        state = game.new_state(k).for_search()
        nat = NativeIntrige.new(game)
        rng, mine, walk = random.Random(k), random.Random(k), random.Random(-k)
        while not state.is_terminal:
            player = state.to_act[0]
            legal = state.legal_actions(player)
            if len(legal) > 1:
                before = rng.getstate()
                chosen = policy.choose(state.view(player), legal, rng)
                assert nat.greedy(mine) == encoding.index(state, player, chosen)
                assert rng.getstate() == mine.getstate()
                drawn += rng.getstate() != before
                compared += 1
            if k % 2 and walk.random() < 0.5:
                i = legal.index(policy.choose(state.view(player), legal, walk))
            else:
                i = walk.randrange(len(legal))
            state = state.apply_index(player, i)
            nat.apply(nat.legal_indices()[i])
    assert compared > 100 * GREEDY_GAMES and drawn > 1000
