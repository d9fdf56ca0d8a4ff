"""The PettingZoo environments: PettingZoo's own API, parallel API and seed tests for every
game and player count, and what tavola adds: the agent to act follows `state.to_act`, a
simultaneous step is one parallel `step`, rewards are the utilities, bad input changes
nothing."""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test
from pettingzoo.utils import wrappers

from tavola.core import IllegalAction, UnknownPlayer, make
from tavola.rl import pettingzoo as tz
from tests.rl.cases import CASES, IDS, SMALLEST


@pytest.fixture(autouse=True)
def quiet() -> Iterator[None]:
    """Silence PettingZoo's advice for dict observations (its own board games get it too)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


class Counted(tz.TavolaAECEnv):
    """The AEC env, counting the games it sees to their end."""

    finished = 0

    def step(self, action: object) -> None:
        """Step, and count a game that this step ended."""
        live = self.game_state is not None and not self.game_state.is_terminal
        super().step(action)
        if live and self.game_state.is_terminal:
            self.finished += 1


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_pettingzoo_api_test_passes_over_several_whole_games(name: str, players: int) -> None:
    counted = Counted(name, players)
    aec = wrappers.OrderEnforcingWrapper(counted)
    for _ in range(3):  # each run plays a game to its end: no game is 1,000 cycles long
        api_test(aec, num_cycles=1000)
    assert counted.finished == 3


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_pettingzoo_parallel_api_test_passes(name: str, players: int) -> None:
    par = tz.parallel_env(name, players)
    parallel_api_test(par, num_cycles=1000)
    assert not par.agents and par.game_state.is_terminal


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_pettingzoo_seed_test_passes(name: str, players: int) -> None:
    seed_test(lambda: tz.env(name, players), num_cycles=500)


def play_aec(name: str, players: int, seed: int) -> tuple[list[int], list[float]]:
    """Play one random game through the AEC env, checking each step; return the actions
    taken and the final cumulative rewards."""
    aec = tz.env(name, players)
    aec.reset(seed=seed)
    rng = np.random.default_rng(seed)
    taken: list[int] = []
    final = {}
    for agent in aec.agent_iter():
        obs, reward, done, truncated, info = aec.last()
        assert not truncated
        if done:
            final[agent] = reward
            assert info["scores"] == list(aec.unwrapped.game_state.result().scores)
            aec.step(None)
            continue
        state = aec.unwrapped.game_state
        assert agent == f"player_{state.to_act[0]}"
        mask = obs["action_mask"]
        assert sorted(np.flatnonzero(mask)) == sorted(state.legal_indices(state.to_act[0]))
        action = int(rng.choice(np.flatnonzero(mask)))
        taken.append(action)
        aec.step(action)
    return taken, [final[f"player_{p}"] for p in range(players)]


@pytest.mark.parametrize(("name", "players"), SMALLEST, ids=[n for n, _ in SMALLEST])
def test_the_aec_env_follows_the_game_and_pays_the_utilities(name: str, players: int) -> None:
    taken, rewards = play_aec(name, players, seed=5)
    assert play_aec(name, players, seed=5) == (taken, rewards)
    # The same seed and indices replay the same game through tavola itself.
    state = make(name, players, 5)
    for index in taken:
        seat = state.to_act[0]
        state = state.apply(seat, state.action_at(seat, index))
    assert state.is_terminal
    assert rewards == list(state.result().utilities())
    assert sum(rewards) == pytest.approx(0.0)


def test_the_parallel_env_takes_a_simultaneous_step_in_one_call() -> None:
    par = tz.parallel_env("notre-dame", 4)
    observations, _ = par.reset(seed=3)
    state = par.game_state
    assert len(state.to_act) == 4, "Notre Dame opens with every seat drafting at once"
    assert par.acting == par.agents
    rng = random.Random(0)
    actions = {a: rng.choice(list(np.flatnonzero(observations[a]["action_mask"])))
               for a in par.agents}
    observations, rewards, done, _, _ = par.step(actions)
    after = par.game_state
    expected = state
    for seat in state.to_act:
        expected = expected.apply(seat, state.action_at(seat, int(actions[f"player_{seat}"])))
    assert after.to_json() == expected.to_json()
    assert rewards == dict.fromkeys(par.possible_agents, 0.0) and not any(done.values())


def test_the_parallel_env_ignores_actions_of_seats_not_asked_and_needs_the_pending_ones(
        ) -> None:
    par = tz.parallel_env("rattus", 3)
    observations, _ = par.reset(seed=1)
    (seat,) = par.game_state.to_act
    mover = f"player_{seat}"
    assert par.acting == [mover]
    idle = [a for a in par.agents if a != mover]
    assert all(not observations[a]["action_mask"].any() for a in idle)
    before = par.game_state
    with pytest.raises(IllegalAction, match=f"{mover} must act"):
        par.step({a: 0 for a in idle})
    with pytest.raises(UnknownPlayer, match="no agent"):
        par.step({"player_9": 0})
    assert par.game_state is before
    legal = int(np.flatnonzero(observations[mover]["action_mask"])[0])
    par.step({mover: legal, **{a: 0 for a in idle}})
    assert par.game_state is not before


@pytest.mark.parametrize("bad", [-1, 10_000, 2.5, "3", None, True, np.array([1, 2])])
def test_a_bad_action_is_refused_in_one_line_and_changes_nothing(bad: object) -> None:
    aec = tz.env("intrige", 3)
    aec.reset(seed=2)
    before = aec.unwrapped.game_state
    with pytest.raises(IllegalAction) as caught:
        aec.step(bad)
    assert "\n" not in str(caught.value)
    assert aec.unwrapped.game_state is before


def test_an_index_no_legal_action_has_is_refused() -> None:
    aec = tz.env("rattus", 2)
    aec.reset(seed=2)
    mask = aec.observe(aec.agent_selection)["action_mask"]
    with pytest.raises(IllegalAction, match="not a legal action"):
        aec.step(int(np.flatnonzero(mask == 0)[0]))


def test_spaces_names_and_render() -> None:
    aec = tz.env("nottingham", 5, render_mode="ansi", track="distinct")
    encoding = aec.unwrapped.game.encoding()
    assert aec.possible_agents == [f"player_{p}" for p in range(5)]
    assert aec.action_space("player_3").n == encoding.size
    space = aec.observation_space("player_3")
    assert space["observation"].shape == (encoding.length,)
    assert space["action_mask"].shape == (encoding.size,)
    assert aec.unwrapped.metadata["name"] == "tavola_nottingham_v0"
    aec.reset(seed=4)
    state = aec.unwrapped.game_state
    assert aec.render() == state.game.render_view(state.view(None))
    with pytest.raises(UnknownPlayer):
        aec.observation_space("robot")


def test_unseeded_resets_follow_the_last_seed() -> None:
    a, b = tz.parallel_env("rattus", 2), tz.parallel_env("rattus", 2)
    a.reset(seed=11)
    b.reset(seed=11)
    assert a.game_state.to_json() == make("rattus", 2, 11).to_json()
    a.reset()
    b.reset()
    assert a.game_state.to_json() == b.game_state.to_json()
