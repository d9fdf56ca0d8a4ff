"""The native batch of Rattus games plays each of its games as the native core (and so the
reference) plays it alone, and starts a finished game again from the next seed."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tavola.core import BadOptions
from tavola.games.rattus.game import RattusGame
from tavola.native.rattus import NativeRattus
from tavola.native.vector import RattusVector


@pytest.mark.parametrize(("players", "options"), [(2, {}), (3, {"ties": "shared"}),
                                                  (4, {"rounds": 20})])
def test_each_row_is_a_game_played_alone_and_finished_games_start_again(
        players: int, options: dict[str, object]) -> None:
    n, seed = 5, 30
    vector = RattusVector(n, players, seed, **options)
    game = RattusGame(players, options)
    alone = [NativeRattus.new(game, seed + i) for i in range(n)]
    playing = [seed + i for i in range(n)]
    next_seed = seed + n
    rng = random.Random(players)
    obs, mask, to_act = vector.observe()
    ended = 0
    for _ in range(800):
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
                alone[i] = NativeRattus.new(game, next_seed)
                playing[i] = next_seed
                next_seed += 1
                ended += 1
            else:
                assert not rewards[i].any()
    assert ended >= n  # every row finished a game and went on with a new one


def test_an_illegal_index_plays_nothing_and_names_the_game() -> None:
    vector = RattusVector(3, 3, 0)
    before = [vector.state(i).data() for i in range(3)]
    _, mask, _ = vector.observe()
    actions = mask.argmax(1)
    actions[1] = int(np.flatnonzero(mask[1] == 0)[0])
    with pytest.raises(ValueError, match="game 1: action index"):
        vector.step(actions)
    assert [vector.state(i).data() for i in range(3)] == before
    with pytest.raises(ValueError, match="one index per game"):
        vector.step([0, 1])
    with pytest.raises(BadOptions):
        RattusVector(0, 3)
