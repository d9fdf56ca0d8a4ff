"""The native batch as a Gymnasium vector env (needs `gymnasium`, in tavola's `[rl]` extra)."""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode, VectorEnv

from tavola.native.vector import IntrigeVector, NativeVector, NotreDameVector, RattusVector


class NativeGymVector(VectorEnv[npt.NDArray[np.float32], npt.ArrayLike, npt.NDArray[Any]]):
    """Gymnasium's vector env over the native batch (`make_batch`): `num_envs` games, the
    learner in seat `seat` of each, the other seats random (the batch with `learner`).

    Spaces: each game's observation `Box(0, 1, (length,), float32)` and action
    `Discrete(K)`, batched. `step` returns the learner's utility as the reward in the rows
    whose game ended; a finished game starts again within the same step (Gymnasium's
    same-step autoreset: `info["final_obs"]` and its mask `info["_final_obs"]` hold the
    ended game's last observation). `info["action_mask"]` (int8) and `action_masks()`
    (booleans) give the legal indices. `reset(seed=s)` starts games `s`, `s + 1`, ...
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012 (as VectorEnv)

    def __init__(self, num_envs: int, players: int = 2, seat: int = 0, **options: Any) -> None:
        self._options = options
        self._players = players
        self._seat = seat
        self.num_envs = num_envs
        self.batch = self.make_batch(0)
        length, size = self.batch.length, self.batch.size
        self.single_observation_space = gymnasium.spaces.Box(0.0, 1.0, (length,), np.float32)
        self.single_action_space = gymnasium.spaces.Discrete(size)
        self.observation_space = gymnasium.spaces.Box(0.0, 1.0, (num_envs, length), np.float32)
        self.action_space = gymnasium.spaces.MultiDiscrete(np.full(num_envs, size))

    def reset(self, *, seed: int | list[int] | None = None,
              options: dict[str, Any] | None = None
              ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Start `num_envs` new games (seeds `seed`, `seed + 1`, ...; drawn when None)."""
        if isinstance(seed, list):
            seed = seed[0] if seed else None
        super().reset(seed=seed)
        first = seed if seed is not None else int(self.np_random.integers(2**62))
        self.batch = self.make_batch(first)
        obs, mask, _ = self.batch.observe()
        return obs.copy(), {"action_mask": mask.copy()}

    def step(self, actions: npt.ArrayLike) -> tuple[
            npt.NDArray[np.float32], npt.NDArray[np.float32], npt.NDArray[np.bool_],
            npt.NDArray[np.bool_], dict[str, Any]]:
        """Play the learner's index in every game, then the random seats."""
        obs, mask, _, rewards, terminated = self.batch.step(actions)
        info: dict[str, Any] = {"action_mask": mask.copy()}
        if terminated.any():
            info["final_obs"] = self.batch.final_obs.copy()
            info["_final_obs"] = terminated.copy()
        return (obs.copy(), rewards[:, self._seat].copy(), terminated.copy(),
                np.zeros(self.num_envs, np.bool_), info)

    def make_batch(self, seed: int) -> NativeVector:
        """Return the game's native batch of `num_envs` games from `seed`, the learner's."""
        raise NotImplementedError

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Return the learner's legal masks as booleans (for sb3-contrib)."""
        return self.batch.mask.astype(np.bool_)


class RattusGymVector(NativeGymVector):
    """`num_envs` games of Rattus (`RattusVector`), the learner in seat `seat`."""

    def make_batch(self, seed: int) -> RattusVector:
        """Return the batch of Rattus games from `seed`."""
        return RattusVector(self.num_envs, self._players, seed, learner=self._seat,
                            **self._options)


class NotreDameGymVector(NativeGymVector):
    """`num_envs` games of Notre Dame (`NotreDameVector`), the learner in seat `seat`."""

    def make_batch(self, seed: int) -> NotreDameVector:
        """Return the batch of Notre Dame games from `seed`."""
        return NotreDameVector(self.num_envs, self._players, seed, learner=self._seat,
                               **self._options)


class IntrigeGymVector(NativeGymVector):
    """`num_envs` games of Intrige (`IntrigeVector`), the learner in seat `seat`."""

    def __init__(self, num_envs: int, players: int = 3, seat: int = 0, **options: Any) -> None:
        super().__init__(num_envs, players, seat, **options)

    def make_batch(self, seed: int) -> IntrigeVector:
        """Return the batch of Intrige games from `seed`."""
        return IntrigeVector(self.num_envs, self._players, seed, learner=self._seat,
                             **self._options)
