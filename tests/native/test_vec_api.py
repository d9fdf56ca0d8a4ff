"""The native batch's interfaces: its arrays, bad input, `gymnasium.make_vec` and the
PettingZoo-style batch (`tavola.rl.batched`)."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.vector import SyncVectorEnv

import tavola.rl.gymnasium  # registers the ids
from tavola.core import BadOptions
from tavola.native.gym import NativeGymVector
from tavola.native.vector import BATCHES, NativeVector, game_seed, make_batch
from tavola.rl.batched import batched_env

GAMES = [("rattus", 3), ("notre-dame", 4), ("intrige", 4), ("nottingham", 4)]


def _random(mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal index per row."""
    return np.asarray((rng.random(mask.shape) * mask).argmax(1), np.int64)


def _snapshot(batch: NativeVector) -> tuple[Any, ...]:
    states = [batch.state(i).data() for i in range(batch.num_envs)]  # type: ignore[attr-defined]
    return (states, batch.seeds(), batch.obs.copy(), batch.mask.copy(), batch.to_act.copy())


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_the_arrays_have_their_dtypes_and_shapes(game: str, players: int) -> None:
    n = 7
    batch = make_batch(game, n, players, 3)
    length, size = batch.length, batch.size
    obs, mask, to_act = batch.observe()
    assert obs.dtype == np.float32 and obs.shape == (n, length)
    assert mask.dtype == np.int8 and mask.shape == (n, size)
    assert to_act.dtype == np.int64 and to_act.shape == (n,)
    assert (mask.sum(1) > 0).all() and set(np.unique(mask)) <= {0, 1}
    step = batch.step(_random(mask, np.random.default_rng(0)))
    assert [a.dtype for a in step] == [np.float32, np.int8, np.int64, np.float32, np.bool_]
    assert [a.shape for a in step] == [(n, length), (n, size), (n,), (n, players), (n,)]
    assert batch.final_obs.shape == (n, length) and batch.episode_seeds.dtype == np.int64
    assert ((obs >= 0) & (obs <= 1)).all()


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_bad_actions_are_a_clear_error_that_plays_nothing(game: str, players: int) -> None:
    n = 4
    batch = make_batch(game, n, players, 11)
    before = _snapshot(batch)
    good = _random(batch.mask, np.random.default_rng(1))
    illegal = good.copy()
    illegal[2] = int(np.flatnonzero(batch.mask[2] == 0)[0])
    bad: list[tuple[Any, str]] = [
        (good[:-1], r"one index per game, shape \(4,\), not \(3,\)"),
        (good.reshape(2, 2), r"shape \(4,\), not \(2, 2\)"),
        (np.zeros((4, 1), np.int64), r"not \(4, 1\)"),
        (good.astype(np.float64) + 0.5, "whole action indices"),
        (["a", "b", "c", "d"], "whole action indices"),
        (np.where(np.arange(n) == 1, -1, good), "game 1: action index -1 is outside"),
        (np.where(np.arange(n) == 3, batch.size, good), f"game 3: action index {batch.size}"),
        (illegal, "game 2: action index .* is not a legal action"),
    ]
    for actions, message in bad:
        with pytest.raises(ValueError, match=message) as caught:
            batch.step(actions)
        assert "nothing was played" in str(caught.value)
        after = _snapshot(batch)
        assert after[:2] == before[:2]
        assert all(np.array_equal(a, b) for a, b in zip(after[2:], before[2:], strict=True))
    batch.step(good)  # and the batch plays on
    for options in ({"num_envs": 0}, {"num_envs": 2.0}, {"seed": -1}, {"seed": 2**63},
                    {"learner": players}, {"players": 99}):
        args: dict[str, Any] = {"game": game, "num_envs": 2, "players": players, **options}
        with pytest.raises(BadOptions):
            make_batch(**args)
    with pytest.raises(BadOptions, match=r"the native batch plays rattus, notre-dame, intrige, "
                                         r"nottingham, not 'chess': .*vectorization_mode='sync'"):
        make_batch("chess", 2)


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_the_same_seed_and_actions_replay_identically(game: str, players: int) -> None:
    runs = []
    for _ in range(2):
        batch = make_batch(game, 5, players, 2**63 - 3, learner=None)  # seeds wrap below 2**63
        assert batch.seeds() == [game_seed(2**63 - 3, i, 0, 5) for i in range(5)] == [
            2**63 - 3, 2**63 - 2, 2**63 - 1, 0, 1]
        rng = np.random.default_rng(5)
        trace = []
        for _ in range(300):
            out = batch.step(_random(batch.mask, rng))
            trace.append([a.copy() for a in out] + [batch.final_obs.copy()])
        runs.append(trace)
    for one, two in zip(*runs, strict=True):
        assert all(np.array_equal(a, b) for a, b in zip(one, two, strict=True))


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_make_vec_gives_the_native_batch_and_sync_the_python_env(game: str,
                                                                 players: int) -> None:
    ident = f"tavola/{game}-v0"
    native = gymnasium.make_vec(ident, num_envs=3, players=players)
    assert isinstance(native.unwrapped, NativeGymVector)
    assert native.spec is not None and native.spec.id == ident
    sync = gymnasium.make_vec(ident, num_envs=3, vectorization_mode="sync", players=players)
    assert isinstance(sync.unwrapped, SyncVectorEnv)
    assert native.single_observation_space == sync.single_observation_space
    assert native.single_action_space == sync.single_action_space
    obs, info = native.reset(seed=40)
    assert native.observation_space.contains(obs)
    twin = make_batch(game, 3, players, 40, learner=0)
    assert np.array_equal(obs, twin.obs) and np.array_equal(info["action_mask"], twin.mask)
    # Both envs start games 40, 41, 42; where the learner (seat 0) decides first, with the
    # same observation and mask as the Python env's.
    sync_obs, sync_info = sync.reset(seed=40)
    first = [load_first(game, players, 40 + i) for i in range(3)]
    for i, waits in enumerate(first):
        if waits:
            assert np.array_equal(obs[i], sync_obs[i])
            assert np.array_equal(info["action_mask"][i], sync_info["action_mask"][i])
    rng = np.random.default_rng(2)
    finished = 0
    for _ in range(400):
        actions = _random(info["action_mask"], rng)
        obs, rewards, terminated, truncated, info = native.step(actions)
        twin.step(actions)
        assert np.array_equal(obs, twin.obs) and np.array_equal(rewards, twin.rewards[:, 0])
        assert np.array_equal(native.unwrapped.action_masks(), twin.mask > 0)
        assert not truncated.any() and info["_action_mask"].all()
        finished += int(terminated.sum())
    assert finished > 0
    native.close()
    sync.close()


def load_first(game: str, players: int, seed: int) -> bool:
    """Whether seat 0 is to act at the start of game `seed`."""
    return 0 in tavola.make(game, players, seed).to_act


def test_make_vec_refuses_what_the_native_batch_cannot_honour() -> None:
    for options in ({"opponents": "greedy"}, {"illegal": "skip"}, {"render_mode": "ansi"},
                    {"seat": 5}, {"colour": "red"}):
        with pytest.raises(BadOptions):
            gymnasium.make_vec("tavola/rattus-v0", num_envs=2, **options)
    env = gymnasium.make_vec("tavola/rattus-v0", num_envs=2)
    with pytest.raises(BadOptions, match="consecutive"):
        env.reset(seed=[3, 9])
    env.reset(seed=[3, 4])
    assert env.unwrapped.batch.seeds() == [3, 4]  # type: ignore[attr-defined]
    # Every game has a native batch, each id's vector entry point (make_vec's default).
    assert set(BATCHES) == {"intrige", "notre-dame", "nottingham", "rattus"}
    for game in BATCHES:
        spec = gymnasium.spec(f"tavola/{game}-v0")
        assert spec.vector_entry_point == "tavola.native.gym:NativeGymVector"


def test_illegal_random_plays_a_legal_index_instead_and_says_where() -> None:
    envs = [gymnasium.make_vec("tavola/rattus-v0", num_envs=6, illegal="random")
            for _ in range(2)]
    raising = gymnasium.make_vec("tavola/rattus-v0", num_envs=6, illegal="raise")
    resets = [env.reset(seed=8) for env in envs]
    info = resets[0][1]
    raising.reset(seed=8)
    rng = np.random.default_rng(3)
    for step in range(60):
        actions = _random(info["action_mask"], rng)
        wrong = (rng.random(6) < 0.3) if step >= 20 else np.zeros(6, np.bool_)
        actions[wrong] = [int(np.flatnonzero(row == 0)[0])
                          for row in info["action_mask"][wrong]]
        one, two = (env.step(actions) for env in envs)
        assert all(np.array_equal(a, b) for a, b in zip(one[:4], two[:4], strict=True))
        info = one[4]
        if not wrong.any():
            assert "illegal" not in info
            assert all(np.array_equal(a, b)
                       for a, b in zip(one[:4], raising.step(actions)[:4], strict=True))
            continue
        assert np.array_equal(info["illegal"], wrong)
        with pytest.raises(ValueError, match="nothing was played"):
            raising.step(actions)
        return
    pytest.fail("no illegal index was tried")


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_illegal_lose_is_the_default_and_ends_only_the_rows_that_chose_wrong(
        game: str, players: int) -> None:
    """One convention everywhere: the native vector env's default is the single env's,
    ``illegal="lose"``; a row stepped with an illegal index ends (reward -1, terminated,
    `info["illegal"]`, its final observation the one it chose from) and starts its next
    game, the batch's `step(actions, lose=True)` row for row."""
    single = gymnasium.make(f"tavola/{game}-v0", players=players)
    env = gymnasium.make_vec(f"tavola/{game}-v0", num_envs=5, players=players)
    native = env.unwrapped
    assert isinstance(native, NativeGymVector)
    assert native.illegal == single.unwrapped.illegal == "lose"  # type: ignore[attr-defined]
    single.close()
    obs, info = env.reset(seed=70)
    twin = make_batch(game, 5, players, 70, learner=0)
    rng = np.random.default_rng(4)
    forfeits = 0
    for step in range(120):
        actions = _random(info["action_mask"], rng)
        wrong = rng.random(5) < (0.25 if step % 3 == 0 else 0.0)
        for i in np.flatnonzero(wrong):
            outside = np.flatnonzero(info["action_mask"][i] == 0)
            actions[i] = (-3 if step % 2 else twin.size + 1) if not len(outside) or \
                rng.random() < 0.3 else outside[rng.integers(len(outside))]
        before = obs.copy()
        obs, rewards, terminated, truncated, info = env.step(actions)
        twin.step(actions, lose=True)
        assert np.array_equal(twin.illegal, wrong)
        assert np.array_equal(obs, twin.obs) and np.array_equal(rewards, twin.rewards[:, 0])
        assert not truncated.any() and terminated[wrong].all()
        assert (rewards[wrong] == -1.0).all()
        if wrong.any():
            assert np.array_equal(info["illegal"], wrong)
            assert np.array_equal(info["_illegal"], wrong)
            assert np.array_equal(info["final_obs"][wrong], before[wrong])
            forfeits += int(wrong.sum())
        else:
            assert "illegal" not in info
    assert forfeits > 5
    with pytest.raises(ValueError, match="whole action indices"):  # a wrong array: no row
        env.step(np.zeros(5, np.float64))                          # forfeits, an error
    env.close()


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_the_pettingzoo_style_batch_is_the_self_play_batch(game: str, players: int) -> None:
    env = batched_env(game, num_envs=4, players=players)
    assert env.possible_agents == [f"player_{p}" for p in range(players)]
    with pytest.raises(BadOptions, match="reset"):
        env.observe()
    obs = env.reset(seed=21)
    twin = make_batch(game, 4, players, 21)
    space = env.observation_space("player_0")
    assert space["observation"].shape == (twin.length,)
    assert env.action_space("player_1") == gymnasium.spaces.Discrete(twin.size)
    with pytest.raises(Exception, match="no agent"):
        env.action_space("player_9")
    rng = np.random.default_rng(4)
    ended = 0
    for _ in range(400):
        assert np.array_equal(obs["observation"], twin.obs)
        assert np.array_equal(obs["action_mask"], twin.mask)
        assert np.array_equal(env.agent_selection, twin.to_act)
        assert env.selected_agents() == [f"player_{p}" for p in twin.to_act]
        for i in range(4):
            assert space.contains({"observation": obs["observation"][i],
                                   "action_mask": obs["action_mask"][i]})
        actions = _random(obs["action_mask"], rng)
        deciders = twin.to_act.copy()
        obs, rewards, terminations, truncations, infos = env.step(actions)
        _, _, _, twin_rewards, twin_done = twin.step(actions)
        for p, agent in enumerate(env.possible_agents):
            assert np.array_equal(rewards[agent], twin_rewards[:, p])
            assert np.array_equal(terminations[agent], twin_done)
            assert not truncations[agent].any()
        assert np.array_equal(infos["episode_seeds"], twin.episode_seeds)
        if twin_done.any():
            ended += 1
            assert np.array_equal(infos["final_agent"], deciders)
            done = infos["_final"]
            assert np.array_equal(infos["final_observation"][done], twin.final_obs[done])
    assert ended
    with pytest.raises(BadOptions):
        batched_env("chess", 2)


@pytest.mark.parametrize(("game", "players"), [("rattus", 2), ("nottingham", 3)])
def test_a_step_releases_the_gil(game: str, players: int) -> None:
    """Another Python thread runs while the batch steps. It notes the time as it runs (every
    0.2 ms); with the GIL held through a call it could run only before the call and after
    it, so its longest pause within the call would be most of the call. (Merely counting
    its notes in the call's middle half let a batch holding the GIL pass on a busy machine:
    waiting for the GIL before the call stretches the measured time.)"""
    import bisect
    import itertools
    import sys
    import threading
    import time

    batch = make_batch(game, 20_000, players, 0)
    rng = np.random.default_rng(0)
    stamps: list[float] = []
    stop = threading.Event()

    def spin() -> None:
        while not stop.is_set():
            now = time.perf_counter()
            if not stamps or now - stamps[-1] > 0.0002:
                stamps.append(now)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(0.0005)
    thread = threading.Thread(target=spin, daemon=True)
    windows = []
    try:
        thread.start()
        for _ in range(20):
            actions = _random(batch.mask, rng)
            begin = time.perf_counter()
            batch.step(actions)
            windows.append((begin, time.perf_counter()))
    finally:
        stop.set()
        thread.join()
        sys.setswitchinterval(interval)
    running = 0
    for begin, end in windows:
        assert end - begin > 0.004  # each call lasts well over the switch interval
        seen = [begin, *stamps[bisect.bisect_right(stamps, begin):bisect.bisect_left(stamps, end)],
                end]
        pause = max(b - a for a, b in itertools.pairwise(seen))
        running += pause < (end - begin) / 2
    # Released, the thread kept running in 9-12 calls of 12 (5 with another test worker
    # beside it on the 2 busy cores); Nottingham's batch built without the release let it
    # in none of 12, in each of five runs.
    assert running >= 5, f"the other thread kept running in {running} calls of 20"


def test_a_core_built_before_nottinghams_batch_says_to_rebuild(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The batch added a class, not a new ABI: an older core of the same ABI lacks it."""
    import types

    import tavola.native.vector as vector
    from tavola.native import NativeUnavailable

    real = vector.core()
    older = types.SimpleNamespace(**{name: getattr(real, name) for name in dir(real)
                                     if name != "NottinghamVector" and not name.startswith("__")})
    monkeypatch.setattr(vector, "core", lambda: older)
    make_batch("intrige", 2)  # the other games' batches are there
    with pytest.raises(NativeUnavailable, match=r"no Nottingham batch: rebuild it with "
                                                r"`pip install \./native`"):
        make_batch("nottingham", 2)
