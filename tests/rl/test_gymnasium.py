"""The Gymnasium environments: registered ids, Gymnasium's `check_env` for every game and
player count, one learning seat against bots, masks, rewards, seeding and bad input."""

from __future__ import annotations

import warnings
from collections.abc import Iterator

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import tavola.rl.gymnasium as tg
from tavola.core import BadOptions, IllegalAction, make
from tests.rl.cases import CASES, GAMES, IDS


@pytest.fixture(autouse=True)
def quiet() -> Iterator[None]:
    """Silence Gymnasium's advice about wrapped environments."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def test_every_game_is_registered() -> None:
    for name in GAMES:
        assert f"tavola/{name}-v0" in gymnasium.registry


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
@pytest.mark.parametrize("illegal", ["lose", "random"])
def test_gymnasium_check_env_passes(name: str, players: int, illegal: str) -> None:
    # check_env steps with unmasked random indices: an illegal one loses or plays at random.
    env = gymnasium.make(tg.env_id(name), players=players, opponents="random",
                         illegal=illegal)
    check_env(env.unwrapped)


@pytest.mark.parametrize("name", GAMES)
def test_gymnasium_check_env_passes_with_the_defaults(name: str) -> None:
    check_env(gymnasium.make(tg.env_id(name)).unwrapped)


def play(env: gymnasium.Env[np.ndarray, np.int64], seed: int) -> tuple[list[int], float,
                                                                         dict[str, object]]:
    """Play the learner's first legal index every time; return the indices, the last
    reward and the last info."""
    obs, info = env.reset(seed=seed)
    taken: list[int] = []
    done, reward = False, 0.0
    while not done:
        mask = env.unwrapped.action_masks()
        assert np.array_equal(mask, info["action_mask"].astype(bool)) and mask.any()
        assert obs.dtype == np.float32 and env.observation_space.contains(obs)
        index = int(np.flatnonzero(mask)[-1])
        taken.append(index)
        obs, reward, done, truncated, info = env.step(index)
        assert not truncated
        if not done:
            assert reward == 0.0
    return taken, float(reward), info


@pytest.mark.parametrize("name", GAMES)
def test_one_seat_against_bots_is_paid_its_utility_and_replays(name: str) -> None:
    env = gymnasium.make(tg.env_id(name), players=3, seat=1, opponents="greedy")
    taken, reward, info = play(env, seed=8)
    state = env.unwrapped.game_state
    result = state.result()
    assert reward == result.utilities()[1]
    assert info["scores"] == list(result.scores) and info["ranks"] == list(result.ranks)
    again, reward_again, info_again = play(env, seed=8)
    assert (again, reward_again, info_again["scores"]) == (taken, reward, info["scores"])


def test_opponents_by_seat_and_render() -> None:
    env = gymnasium.make("tavola/rattus-v0", players=3, opponents="random,greedy",
                         render_mode="ansi", rounds=20)
    env.reset(seed=1)
    state = env.unwrapped.game_state
    assert state.game.options["rounds"] == 20
    assert [b.name for _, b in sorted(env.unwrapped._bots.items())] == ["random", "greedy"]
    assert env.render() == state.game.render_view(state.view(0))


@pytest.mark.parametrize(("options", "message"), [
    ({"opponents": "random,random,random"}, "one per other seat"),
    ({"opponents": "nobody"}, "no bot"),
    ({"seat": 3}, "seat is one of"),
    ({"illegal": "ignore"}, "illegal is one of"),
    ({"players": 9}, "players"),
    ({"colour": "red"}, "no option"),
])
def test_bad_options_are_refused_in_one_line(options: dict[str, object], message: str) -> None:
    with pytest.raises(BadOptions, match=message) as caught:
        tg.TavolaEnv("rattus", **{"players": 3, **options})  # type: ignore[arg-type]
    assert "\n" not in str(caught.value)


def test_an_illegal_index_loses_by_default() -> None:
    """The episode ends with the worst utility, the game unchanged; no step after it."""
    env = tg.TavolaEnv("notre-dame", 2)
    env.reset(seed=3)
    before = env.game_state
    bad = int(np.flatnonzero(~env.action_masks())[0])
    obs, reward, terminated, truncated, info = env.step(bad)
    assert (reward, terminated, truncated, info["illegal"]) == (-1.0, True, False, True)
    assert env.game_state is before and env.observation_space.contains(obs)
    with pytest.raises(IllegalAction, match="call reset"):
        env.step(int(np.flatnonzero(env.action_masks())[0]))
    env.reset(seed=3)
    _, reward, _, _, info = env.step(int(np.flatnonzero(env.action_masks())[0]))
    assert reward == 0.0 and "illegal" not in info


def test_an_illegal_index_raises_and_changes_nothing_unless_asked_to_play_random() -> None:
    env = tg.TavolaEnv("intrige", 3, illegal="raise")
    env.reset(seed=0)
    before = env.game_state
    bad = int(np.flatnonzero(~env.action_masks())[0])
    with pytest.raises(IllegalAction):
        env.step(bad)
    assert env.game_state is before
    lenient = tg.TavolaEnv("intrige", 3, illegal="random")
    lenient.reset(seed=0)
    _, _, _, _, info = lenient.step(bad)
    assert info["illegal"] is True and lenient.game_state is not None


def test_the_seeded_game_is_the_one_tavola_makes() -> None:
    env = tg.TavolaEnv("notre-dame", 2, seat=1)
    env.reset(seed=21)
    # Notre Dame opens with every seat drafting at once: no bot has moved yet.
    state = env.game_state
    assert state is not None and state.to_json() == make("notre-dame", 2, 21).to_json()
