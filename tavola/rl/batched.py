"""A PettingZoo-style batch: N games of one game stepped in one call on the native core,
every seat an agent (self-play).

::

    from tavola.rl.batched import batched_env

    env = batched_env("rattus", num_envs=256, players=3)
    obs = env.reset(seed=0)               # {"observation": (N, L), "action_mask": (N, K)}
    while training:
        seats = env.agent_selection       # (N,): the seat to act in each game
        actions = policy(obs["observation"], obs["action_mask"], seats)
        obs, rewards, terminations, truncations, infos = env.step(actions)

The agents are PettingZoo's (`possible_agents`: ``player_0`` ...), with the spaces of
`tavola.rl.pettingzoo`'s envs (`observation_space(agent)`: a Dict of ``observation`` and
``action_mask``; `action_space(agent)`: `Discrete(K)`). Each row is one game; its selected
agent is the seat to act there (`agent_selection`, or `selected_agents()` by name; in Notre
Dame's simultaneous draft the first of the seats to act, then the next, as the AEC env
selects them), and `step` takes one action index per row, for that agent. `rewards` and
`terminations` map every agent to an (N,) array: the agent's utility (`Result.utilities()`)
in the rows whose game this step ended, and which rows those are; nothing is truncated. A
finished game starts again in the same step (`infos["final_observation"]` and
`infos["final_agent"]` keep the last decision's observation and seat,
`infos["episode_seeds"]` the seed of the game each row's rewards belong to; row `i`'s `k`-th
game is `tavola.native.vector.game_seed(seed, i, k, N)`). Observations are only the
selected agent's, from its own information set. An illegal index raises ValueError and
plays nothing. The games the native batch plays: `tavola.native.vector.BATCHES` (another
game is refused with BadOptions). The arrays returned are the env's own copies.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

from tavola.core import BadOptions
from tavola.core.action import quote
from tavola.native.vector import NativeVector, make_batch
from tavola.rl.common import SEED_BITS, agent_name, seat_of
from tavola.rl.pettingzoo import env_name

Observation = dict[str, npt.NDArray[Any]]


class BatchedEnv:
    """`num_envs` games of `game` on the native batch, every seat an agent (module doc)."""

    metadata = {"render_modes": [], "is_parallelizable": False}  # noqa: RUF012 (as PettingZoo)

    def __init__(self, game: str, num_envs: int, players: int | None = None,
                 seed: int | None = None, **options: Any) -> None:
        self.batch: NativeVector = make_batch(game, num_envs, players, 0, None, **options)
        self.metadata = {**self.metadata, "name": env_name(game)}
        self.num_envs = num_envs
        self.render_mode = None
        self.possible_agents = [agent_name(p) for p in range(self.batch.players)]
        self.agents = list(self.possible_agents)
        self._game = game
        self._players = players
        self._options = options
        self._np_random = np.random.default_rng(seed)
        length, size = self.batch.length, self.batch.size
        self._observation_space = gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(0.0, 1.0, (length,), np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (size,), np.int8)})
        self._action_space = gymnasium.spaces.Discrete(size)
        self._started = False
        if seed is not None:
            self.reset(seed=seed)

    def observation_space(self, agent: str) -> gymnasium.spaces.Dict:
        """Return an agent's observation space (one game's)."""
        seat_of(agent, self.batch.players)
        return self._observation_space

    def action_space(self, agent: str) -> gymnasium.spaces.Discrete:
        """Return an agent's action space (one game's)."""
        seat_of(agent, self.batch.players)
        return self._action_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> Observation:
        """Start `num_envs` new games (seeds `seed`, `seed + 1`, ...; drawn from the env's
        generator when None) and return the selected agents' observations."""
        if seed is None:
            seed = int(self._np_random.integers(2**SEED_BITS - self.num_envs))
        elif type(seed) is not int:
            if not isinstance(seed, np.integer):
                raise BadOptions(f"a seed is a whole number, not {quote(seed, 24)}")
            seed = int(seed)
        self._np_random = np.random.default_rng(seed)
        self.batch = make_batch(self._game, self.num_envs, self._players, seed, None,
                                **self._options)
        self._started = True
        return self.observe()

    @property
    def agent_selection(self) -> npt.NDArray[np.int64]:
        """The seat to act in each game, (N,) (a copy)."""
        self._live()
        return self.batch.to_act.copy()

    def selected_agents(self) -> list[str]:
        """Return the agent to act in each game, by name."""
        return [agent_name(int(p)) for p in self.agent_selection]

    def observe(self) -> Observation:
        """Return the selected agents' observations and legal masks (copies)."""
        self._live()
        obs, mask, _ = self.batch.observe()
        return {"observation": obs.copy(), "action_mask": mask.copy()}

    def step(self, actions: npt.ArrayLike) -> tuple[
            Observation, dict[str, npt.NDArray[np.float32]], dict[str, npt.NDArray[np.bool_]],
            dict[str, npt.NDArray[np.bool_]], dict[str, Any]]:
        """Play one action index per game for its selected agent; return the observations,
        rewards, terminations, truncations and infos (module doc)."""
        self._live()
        before = self.batch.to_act.copy()
        _, _, _, rewards, terminated = self.batch.step(actions)
        ended = terminated.copy()
        infos: dict[str, Any] = {"episode_seeds": self.batch.episode_seeds.copy()}
        if ended.any():
            infos["final_observation"] = self.batch.final_obs.copy()
            infos["final_agent"] = before
            infos["_final"] = ended
        return (self.observe(),
                {a: rewards[:, p].copy() for p, a in enumerate(self.possible_agents)},
                {a: ended.copy() for a in self.possible_agents},
                {a: np.zeros(self.num_envs, np.bool_) for a in self.possible_agents},
                infos)

    def close(self) -> None:
        """Nothing to release (the games are the batch's memory)."""

    def _live(self) -> None:
        if not self._started:
            raise BadOptions("no games yet: call reset() first")


def batched_env(game: str, num_envs: int, players: int | None = None, seed: int | None = None,
                **options: Any) -> BatchedEnv:
    """Return `num_envs` games of `game` stepped together (module doc); with `seed`, already
    reset to it."""
    return BatchedEnv(game, num_envs, players, seed, **options)
