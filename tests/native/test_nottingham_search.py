"""The searching bots' rollouts (random and greedy) run on the native core for Nottingham,
and decide exactly as on the Python engine: the same draws, the same moves, the same
results, the same decisions; the greedy policy chooses as the Python heuristics do."""

from __future__ import annotations

import random

import pytest

from tavola import native
from tavola.agents import decide
from tavola.agents.search import Rollout
from tavola.agents.specs import make_agent
from tavola.games.nottingham.game import NottinghamGame, NottinghamState
from tavola.games.nottingham.heuristics import GreedyPolicy
from tavola.native.nottingham import NativeNottingham, greedy_rollout, rollout
from tests.conformance.harness import random_game
from tests.native.differential_nottingham import _hoard


@pytest.mark.parametrize(("policy", "cutoff"),
                         [("random", 0), ("random", 11), ("greedy", 0), ("greedy", 10)])
def test_a_native_rollout_is_the_python_rollout_draw_for_draw(policy: str, cutoff: int) -> None:
    """Same utilities (or evaluation after the cutoff) and the generator left in the same
    state, from the set-up and from positions of real games, for every player count and
    track."""
    compared = 0
    for players in range(3, 8):
        for track in ("long", "distinct"):
            options = {"track": track, "several_ambushes_each": players % 2 == 0}
            game = NottinghamGame(players, options)
            native_run = {"random": rollout, "greedy": greedy_rollout}[policy]
            python = Rollout(game, policy, cutoff)
            assert python.native is native_run
            python.native = None
            states, _ = random_game("nottingham", players, 3, **options)
            starts = [game.new_state(0), *states[::30]]
            for k, start in enumerate(starts):
                if start.is_terminal:
                    continue
                assert isinstance(start, NottinghamState)
                state = start.for_search()
                a, b = random.Random(k), random.Random(k)
                assert python.run(state, a) == native_run(state, b, cutoff)
                assert a.getstate() == b.getstate()
                compared += 1
    assert compared > 60


def test_an_unknown_rollout_policy_is_refused() -> None:
    with pytest.raises(ValueError, match="no native rollout policy 'wild'"):
        NativeNottingham.new(NottinghamGame(3, {}), 0).rollout(random.Random(1), 0, "wild")


@pytest.mark.parametrize("spec", [
    "ismcts:iterations=40", "ismcts:iterations=30:cutoff=12", "pimc:samples=3:iterations=15",
    "ismcts:iterations=20:prior=greedy:rollout=greedy:cutoff=10:bias=0.3:root=paired"])
def test_the_bots_decide_identically_on_either_engine(
        spec: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Decisions along real games, with the same seed and iterations: native rollouts,
    then Python rollouts (the native core switched off)."""
    positions = []
    for players in (3, 5, 7):
        states, _ = random_game("nottingham", players, 20 + players)
        positions += [s for s in states[5::37] if not s.is_terminal and
                      len(s.legal_actions(s.to_act[0])) > 1]
    assert len(positions) > 10

    def decisions() -> list[str]:
        out = []
        for k, state in enumerate(positions):
            agent = make_agent(spec, "nottingham")
            out.append(str(decide(agent, state, state.to_act[0], random.Random(k))))
        return out

    assert Rollout(NottinghamGame(3, {}), "random", 0).native is rollout
    assert Rollout(NottinghamGame(3, {}), "greedy", 0).native is greedy_rollout
    with_native = decisions()
    monkeypatch.setattr(native, "_CORE", None)
    assert Rollout(NottinghamGame(3, {}), "random", 0).native is None
    assert Rollout(NottinghamGame(3, {}), "greedy", 0).native is None
    assert decisions() == with_native


GREEDY_GAMES = 200


def test_the_native_greedy_policy_chooses_as_the_python_heuristics_on_every_state() -> None:
    """Every decision with more than one legal action of every pending seat (every seat
    still to offer in a Buy) of whole games (3-7 players, both tracks, each option; a
    quarter of them with greedy play mixed in, so hands, ambushes and commissions look like
    the bots', a quarter at the hoarding table, which exhausts the deck): the same choice,
    from the seat's view alone in the Python policy, and no draw (the Python policy draws
    nothing either)."""
    policy = GreedyPolicy()
    compared = 0
    seen: set[str] = set()
    for k in range(GREEDY_GAMES):
        players = 3 + k % 5
        options = {"track": ("long", "distinct")[k // 5 % 2],
                   "rob_shows_card": k // 10 % 2 == 1, "several_ambushes_each": k // 20 % 2 == 1}
        game = NottinghamGame(players, options)
        encoding = game.encoding()
        commission_at = encoding.size - 78
        state = game.new_state(k).for_search()
        nat = NativeNottingham.new(game, k)
        rng, walk = random.Random(k), random.Random(-k)
        while not state.is_terminal:
            for player in state.to_act:
                legal = state.legal_actions(player)
                if len(legal) > 1:
                    before = rng.getstate()
                    chosen = policy.choose(state.view(player), legal, rng)
                    assert nat.greedy(rng, player) == encoding.index(state, player, chosen)
                    assert rng.getstate() == before
                    seen.add(chosen.kind)
                    compared += 1
            player = state.to_act[0]
            legal = state.legal_actions(player)
            indices = state.legal_indices(player)
            if k % 4 == 1 and walk.random() < 0.6:
                i = legal.index(policy.choose(state.view(player), legal, walk))
            elif k % 4 == 3:
                i = _hoard(indices, walk.randrange(len(legal)), walk, commission_at)
            else:
                i = walk.randrange(len(legal))
            state = state.apply_index(player, i)
            nat.apply(nat.legal_indices(player)[i], player)
    assert compared > 100 * GREEDY_GAMES
    assert seen >= {"keep", "buy", "trade", "steal", "rob", "raid", "ambush", "hide", "offer",
                    "purchase", "refuse", "accept", "defend", "decline", "take", "exchange",
                    "commission", "spring", "pass", "discard"}
