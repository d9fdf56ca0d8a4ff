"""The native batch of Intrige games plays each of its games as the native core (and so
the reference) plays it alone, and starts a finished game again with the next seed."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from tavola.core import BadOptions, Rng
from tavola.games.intrige.game import IntrigeGame
from tavola.native.intrige import NativeIntrige
from tavola.native.vector import IntrigeVector, opponents_stream


@pytest.mark.parametrize(("players", "options"), [
    (3, {}), (4, {"edition": "amigo"}), (5, {"bribe_order": "turn_order"})])
def test_each_row_is_a_game_played_alone_and_finished_games_start_again(
        players: int, options: dict[str, Any]) -> None:
    """Self-play: each row asks its seat to act."""
    n, seed = 4, 30
    vector = IntrigeVector(n, players, seed, **options)
    game = IntrigeGame(players, options)
    alone = [NativeIntrige.new(game, seed + i) for i in range(n)]
    playing = [seed + i for i in range(n)]
    rng = random.Random(players)
    obs, mask, to_act = vector.observe()
    ended = 0
    for _ in range(100 * players + 300):
        for i, nat in enumerate(alone):
            assert to_act[i] == nat.to_act[0]
            assert list(np.flatnonzero(mask[i])) == sorted(nat.legal_indices())
            assert np.array_equal(obs[i], np.asarray(nat.observation(nat.to_act[0]),
                                                     np.float32))
        assert vector.seeds() == playing
        actions = [rng.choice(nat.legal_indices()) for nat in alone]
        obs, mask, to_act, rewards, terminated = vector.step(np.array(actions))
        for i, nat in enumerate(alone):
            nat.apply(actions[i])
            assert terminated[i] == nat.is_terminal
            assert vector.episode_seeds[i] == playing[i]
            if nat.is_terminal:
                assert np.array_equal(rewards[i], np.asarray(nat.returns(), np.float32))
                playing[i] += n  # the row's next game (game_seed)
                alone[i] = NativeIntrige.new(game, playing[i])
                ended += 1
            else:
                assert not rewards[i].any()
    assert ended >= n  # every row finished a game and went on with a new one


def test_an_illegal_index_plays_nothing_and_names_the_game() -> None:
    vector = IntrigeVector(3, 4, 0)
    before = [vector.state(i).data() for i in range(3)]
    _, mask, _ = vector.observe()
    actions = mask.argmax(1)
    actions[1] = int(np.flatnonzero(mask[1] == 0)[0])
    with pytest.raises(ValueError, match="game 1: action index"):
        vector.step(actions)
    assert [vector.state(i).data() for i in range(3)] == before
    with pytest.raises(BadOptions):
        IntrigeVector(2, 3, 0, learner=3)


def test_with_a_learner_seat_the_other_seats_play_their_own_random_stream() -> None:
    """Each row is the game of its seed with the other seats drawing from
    `opponents_stream(seed)`; every row waits on the learner; a finished game's last
    observation is kept in `final_obs` and its rewards are every seat's utility."""
    players, learner, n, seed = 4, 2, 3, 50
    vector = IntrigeVector(n, players, seed, learner=learner)
    game = IntrigeGame(players, {})

    def begin(s: int) -> tuple[NativeIntrige, Rng]:
        nat, opponents = NativeIntrige.new(game, s), opponents_stream(s)
        advance(nat, opponents)
        return nat, opponents

    def advance(nat: NativeIntrige, opponents: Rng) -> None:
        while not nat.is_terminal and learner not in nat.to_act:
            legal = nat.legal_indices()
            nat.apply(legal[opponents.below(len(legal))])

    row_seeds = [seed + i for i in range(n)]
    rows = [begin(s) for s in row_seeds]
    rng = random.Random(7)
    obs, mask, to_act = vector.observe()
    ended = 0
    for _ in range(500):
        for i, (nat, _) in enumerate(rows):
            assert to_act[i] == learner and learner in nat.to_act
            assert list(np.flatnonzero(mask[i])) == sorted(nat.legal_indices())
            assert np.array_equal(obs[i], np.asarray(nat.observation(learner), np.float32))
        actions = [rng.choice(nat.legal_indices()) for nat, _ in rows]
        obs, mask, to_act, rewards, terminated = vector.step(np.array(actions))
        for i, (nat, opponents) in enumerate(rows):
            nat.apply(actions[i])
            advance(nat, opponents)
            assert terminated[i] == nat.is_terminal
            if nat.is_terminal:
                assert np.array_equal(rewards[i], np.asarray(nat.returns(), np.float32))
                assert np.array_equal(vector.final_obs[i],
                                      np.asarray(nat.observation(learner), np.float32))
                row_seeds[i] += n  # the row's next game (game_seed)
                rows[i] = begin(row_seeds[i])
                ended += 1
    assert ended >= n


def test_the_gymnasium_vector_env_plays_the_learners_seat_and_resets_in_the_same_step() -> None:
    from tavola.native.gym import IntrigeGymVector

    env = IntrigeGymVector(5, players=3, seat=1)
    obs, info = env.reset(seed=9)
    assert obs.shape == (5, env.batch.length) and env.single_observation_space.contains(obs[0])
    assert env.action_space.shape == (5,)
    twin = IntrigeVector(5, 3, 9, learner=1)
    rng = np.random.default_rng(1)
    finished = 0
    for _ in range(500):
        assert np.array_equal(obs, twin.obs) and np.array_equal(env.action_masks(), twin.mask > 0)
        actions = (rng.random(info["action_mask"].shape) * info["action_mask"]).argmax(1)
        obs, rewards, terminated, truncated, info = env.step(actions)
        twin.step(actions)
        assert not truncated.any()
        assert np.array_equal(rewards, twin.rewards[:, 1])
        if terminated.any():
            finished += int(terminated.sum())
            assert np.array_equal(info["_final_obs"], terminated)
            assert np.array_equal(info["final_obs"][terminated], twin.final_obs[terminated])
    assert finished > 0
