"""The native batch as a Gymnasium vector env (needs `gymnasium`, in tavola's `[rl]` extra).

`gymnasium.make_vec("tavola/<game>-v0", num_envs=N)` (after ``import tavola.rl.gymnasium``)
makes a `NativeGymVector` for every game the native batch plays (`tavola.native.vector.
BATCHES`): it is the id's `vector_entry_point`, which `make_vec` uses by default;
``vectorization_mode="sync"`` (or ``"async"``) gives Gymnasium's own vector env over copies
of the Python env instead, and is the only way for a game the native core does not play.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium.vector import AutoresetMode, VectorEnv

from tavola.core import BadOptions
from tavola.core.action import quote
from tavola.native.vector import NativeVector, batch_class

ILLEGAL_CHOICES = ("lose", "raise", "random")


class NativeGymVector(VectorEnv[npt.NDArray[np.float32], npt.ArrayLike, npt.NDArray[Any]]):
    """Gymnasium's vector env over the native batch: `num_envs` games of `game`, the learner
    in seat `seat` of each, the other seats random inside the core (the batch with
    `learner`).

    Spaces: each game's observation `Box(0, 1, (length,), float32)` and action
    `Discrete(K)`, batched. `step` returns the learner's utility as the reward in the rows
    whose game ended; a finished game starts again within the same step (Gymnasium's
    same-step autoreset: `info["final_obs"]` and its mask `info["_final_obs"]` hold the
    ended game's last observation). `info["action_mask"]` (int8) and `action_masks()`
    (booleans) give the legal indices. `reset(seed=s)` starts games `s`, `s + 1`, ...;
    a row's later games are `tavola.native.vector.game_seed`'s.

    The options are the Python env's (`tavola.rl.gymnasium.TavolaEnv`) where the batch
    can honour them: `players`, `seat`, `opponents` (only ``"random"``: the core plays no
    bot), `illegal` (as the single env: ``"lose"``, the default: a row whose index is no
    legal action ends its game there, reward -1 and terminated, the single env's step, and
    starts its next game as a finished row does, `info["illegal"]` marking the rows;
    ``"raise"``: ValueError and nothing played; ``"random"``: a uniformly random legal
    index from the env's generator is played instead, and `info["illegal"]` marks the
    rows), and the game's own options. Anything else is refused with BadOptions.
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012 (as VectorEnv)

    def __init__(self, game: str, num_envs: int = 1, players: int | None = None,
                 seat: int = 0, opponents: str = "random", illegal: str = "lose",
                 render_mode: str | None = None, **options: Any) -> None:
        cls = batch_class(game)
        if opponents != "random":
            raise BadOptions(f"the native batch's other seats play at random: opponents is "
                             f"'random', not {quote(opponents, 24)} (for bots use "
                             f"vectorization_mode='sync' over the Python env)")
        if illegal not in ILLEGAL_CHOICES:
            raise BadOptions(f"illegal is one of {', '.join(ILLEGAL_CHOICES)} in the native "
                             f"batch, not {quote(illegal, 24)}")
        if render_mode is not None:
            raise BadOptions(f"the native batch draws nothing: render_mode is None, not "
                             f"{quote(render_mode, 24)}")
        self.game_name = game
        self._cls = cls
        self._options = options
        self._players = players
        self._seat = seat
        self.illegal = illegal
        self.render_mode = None
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
        """Start `num_envs` new games (seeds `seed`, `seed + 1`, ...; drawn when None; a list
        must be such a run of seeds)."""
        if isinstance(seed, list):
            if len(seed) != self.num_envs or any(
                    type(s) is not int or s != seed[0] + k for k, s in enumerate(seed)):
                raise BadOptions(f"the native batch's games are seed, seed + 1, ...: give "
                                 f"one whole number (or a list of {self.num_envs} "
                                 f"consecutive ones)")
            seed = seed[0]
        if seed is not None and type(seed) is not int:
            if not isinstance(seed, np.integer):
                raise BadOptions(f"a seed is a whole number, not {quote(seed, 24)}")
            seed = int(seed)
        super().reset(seed=seed)
        first = seed if seed is not None else int(self.np_random.integers(2**62))
        self.batch = self.make_batch(first)
        obs, mask, _ = self.batch.observe()
        return obs.copy(), self._info(mask)

    def step(self, actions: npt.ArrayLike) -> tuple[
            npt.NDArray[np.float32], npt.NDArray[np.float32], npt.NDArray[np.bool_],
            npt.NDArray[np.bool_], dict[str, Any]]:
        """Play the learner's index in every game, then the random seats."""
        illegal = None
        if self.illegal == "random":
            chosen = np.array(actions, copy=True)
            if chosen.shape == (self.num_envs,) and np.issubdtype(chosen.dtype, np.integer):
                mask = self.batch.mask
                inside = (chosen >= 0) & (chosen < self.batch.size)
                legal = np.zeros(self.num_envs, np.bool_)
                rows = np.flatnonzero(inside)
                legal[rows] = mask[rows, chosen[rows]] > 0
                illegal = ~legal
                if illegal.any():
                    pick = self.np_random.random(mask.shape) * mask
                    chosen[illegal] = pick[illegal].argmax(1)
            actions = chosen
        lose = self.illegal == "lose"
        obs, mask, _, rewards, terminated = self.batch.step(actions, lose)
        info = self._info(mask)
        if lose and self.batch.illegal.any():
            illegal = self.batch.illegal.copy()
        if illegal is not None and illegal.any():
            info["illegal"], info["_illegal"] = illegal, illegal.copy()
        if terminated.any():
            info["final_obs"] = self.batch.final_obs.copy()
            info["_final_obs"] = terminated.copy()
        return (obs.copy(), rewards[:, self._seat].copy(), terminated.copy(),
                np.zeros(self.num_envs, np.bool_), info)

    def make_batch(self, seed: int) -> NativeVector:
        """Return the game's native batch of `num_envs` games from `seed`, the learner's."""
        if self._players is None:
            return self._cls(self.num_envs, seed=seed, learner=self._seat, **self._options)
        return self._cls(self.num_envs, self._players, seed, self._seat, **self._options)

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Return the learner's legal masks as booleans (for sb3-contrib)."""
        return self.batch.mask.astype(np.bool_)

    def _info(self, mask: npt.NDArray[np.int8]) -> dict[str, Any]:
        """Return the info every step has: the legal masks, in every row."""
        return {"action_mask": mask.copy(), "_action_mask": np.ones(self.num_envs, np.bool_)}


class RattusGymVector(NativeGymVector):
    """`num_envs` games of Rattus (`RattusVector`), the learner in seat `seat`."""

    def __init__(self, num_envs: int, players: int = 2, seat: int = 0, **options: Any) -> None:
        super().__init__("rattus", num_envs, players, seat, **options)


class NotreDameGymVector(NativeGymVector):
    """`num_envs` games of Notre Dame (`NotreDameVector`), the learner in seat `seat`."""

    def __init__(self, num_envs: int, players: int = 2, seat: int = 0, **options: Any) -> None:
        super().__init__("notre-dame", num_envs, players, seat, **options)


class IntrigeGymVector(NativeGymVector):
    """`num_envs` games of Intrige (`IntrigeVector`), the learner in seat `seat`."""

    def __init__(self, num_envs: int, players: int = 3, seat: int = 0, **options: Any) -> None:
        super().__init__("intrige", num_envs, players, seat, **options)


class NottinghamGymVector(NativeGymVector):
    """`num_envs` games of Nottingham (`NottinghamVector`), the learner in seat `seat`."""

    def __init__(self, num_envs: int, players: int = 3, seat: int = 0, **options: Any) -> None:
        super().__init__("nottingham", num_envs, players, seat, **options)
