"""Leak scan: what every adapter shows a seat is its own observation and nothing more. Along
random games, each adapter's observation of a seat equals `state.observation(seat)`, and
on other states of the seat's information set (`state.determinize`) every adapter shows that
seat exactly the same observation, mask, observation string and information-state string."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pyspiel
import pytest

from tavola.rl import openspiel as tos
from tavola.rl import pettingzoo as tz
from tavola.rl.common import mask_array, observation_array
from tavola.rl.gymnasium import TavolaEnv
from tests.rl.cases import CASES, IDS

tos.register()


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_adapters_show_a_seat_only_its_information_set(name: str, players: int) -> None:
    game = pyspiel.load_game(tos.short_name(name), {"players": players})
    aec = tz.raw_env(name, players)
    aec.reset(seed=players)
    rng = random.Random(players)
    picks = np.random.default_rng(players)
    size = aec.game.encoding().size
    step = 0
    while aec.agents:
        state = aec.game_state
        if step % 11 == 0 and not state.is_terminal:
            for seat in range(players):
                shown = aec.observe(f"player_{seat}")
                assert np.array_equal(shown["observation"],
                                      np.asarray(state.observation(seat), np.float32))
                spiel = game.state_of(state)
                keys = (spiel.information_state_string(seat), spiel.observation_string(seat),
                        spiel.observation_tensor(seat))
                for _ in range(2):
                    other = state.determinize(seat, rng)
                    assert np.array_equal(observation_array(other, seat), shown["observation"])
                    assert np.array_equal(mask_array(other, seat, size), shown["action_mask"])
                    twin = game.state_of(other)
                    assert (twin.information_state_string(seat), twin.observation_string(seat),
                            twin.observation_tensor(seat)) == keys
        agent = aec.agent_selection
        if aec.terminations[agent]:
            aec.step(None)
            continue
        mask = aec.observe(agent)["action_mask"]
        aec.step(int(picks.choice(np.flatnonzero(mask))))
        step += 1
    assert step > 0


@pytest.mark.parametrize(("name", "players"), CASES[::2], ids=IDS[::2])
def test_the_gymnasium_learner_sees_its_own_observation(name: str, players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env = TavolaEnv(name, players, seat=players - 1)
        obs, info = env.reset(seed=3)
        done = False
        while not done:
            state = env.game_state
            assert state is not None
            assert np.array_equal(obs, np.asarray(state.observation(players - 1), np.float32))
            obs, _, done, _, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
