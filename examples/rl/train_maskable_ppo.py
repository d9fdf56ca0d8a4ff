"""Train sb3-contrib's MaskablePPO to beat `random` at a tavola game, on a CPU, in minutes.

Needs the `train` extra (``pip install -e ".[train]"``: the RL adapters, sb3-contrib and
torch). Run from the repository root::

    python3 examples/rl/train_maskable_ppo.py                      # Rattus, 2 players
    python3 examples/rl/train_maskable_ppo.py --steps 100000 --eval-games 400
    python3 examples/rl/train_maskable_ppo.py --game intrige --players 3
    python3 examples/rl/train_maskable_ppo.py --native-batch 16 --steps 120000

One seat learns (`tavola/<game>-v0`, seat 0) against `random` in every other seat. By
default training plays the Python env, one game at a time. With the native core installed
(`pip install ./native`), ``--native-batch N`` trains on N games stepped in one call on it
instead (`gymnasium.make_vec`, the native batch: docs/native.md), its random seats played
inside the core: about twice the decisions per second here, where PPO's updates take most
of the time, but with N games sharing each update of `--n-steps` decisions it learns less
per decision (docs/rl.md has the figures). Evaluation always plays the Python env (the
reference engine and its `random` bots). The agent sees only its own observation tensor and
picks among the legal indices (`action_masks()`); the reward is its rank-based utility at
the end of the game. The script prints the win rate against `random` of the untrained
policy, trains for `--steps` of the learner's decisions, and prints the win rate again over
the same seeded games. A win counts 1/k when k seats share first place, so equal players
would each win 1/players.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path

# The package is not installed in a fresh checkout; run against the sources beside us.
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO

import tavola.rl.gymnasium  # noqa: F401  (registers the tavola/<game>-v0 ids)
from tavola import native
from tavola.native.vector import BATCHES

try:  # stable-baselines3 ships with sb3-contrib
    from stable_baselines3.common.vec_env import VecEnv
except ImportError:  # pragma: no cover
    raise SystemExit("needs the train extra: pip install -e '.[train]'") from None


class NativeBatchVecEnv(VecEnv):  # type: ignore[misc]
    """Gymnasium's vector env over the native batch (`gymnasium.make_vec`) as the
    `VecEnv` stable-baselines3 steps: the same arrays; a finished game's last observation
    in its info's ``terminal_observation``; `action_masks` for MaskablePPO."""

    def __init__(self, env: gymnasium.vector.VectorEnv) -> None:  # type: ignore[type-arg]
        self.env = env
        self._actions: np.ndarray | None = None
        self.render_mode = None
        super().__init__(env.num_envs, env.single_observation_space,
                         env.single_action_space)

    def reset(self) -> np.ndarray:
        seed = self._seeds[0]
        obs, _ = self.env.reset(seed=seed)
        self._reset_seeds()
        return obs

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = np.asarray(actions, np.int64)

    def step_wait(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict[str, object]]]:
        obs, rewards, terminated, truncated, info = self.env.step(self._actions)
        infos: list[dict[str, object]] = [{} for _ in range(self.num_envs)]
        for i in np.flatnonzero(terminated):
            infos[i]["terminal_observation"] = info["final_obs"][i]
        return obs, rewards, terminated | truncated, infos

    def action_masks(self) -> np.ndarray:
        """Return every game's legal mask (booleans)."""
        masks: np.ndarray = self.env.unwrapped.action_masks()
        return masks

    def close(self) -> None:
        self.env.close()

    def get_attr(self, attr_name: str, indices: object = None) -> list[object]:
        return [getattr(self, attr_name)] * len(self._get_indices(indices))

    def set_attr(self, attr_name: str, value: object, indices: object = None) -> None:
        raise AttributeError(f"the native batch has no settable {attr_name}")

    def env_method(self, method_name: str, *args: object, indices: object = None,
                   **kwargs: object) -> list[object]:
        rows = self._get_indices(indices)
        if method_name == "action_masks":
            masks = self.action_masks()
            return [masks[i] for i in rows]
        raise AttributeError(f"the native batch has no method {method_name}")

    def env_is_wrapped(self, wrapper_class: type, indices: object = None) -> list[bool]:
        return [False] * len(self._get_indices(indices))

    def has_attr(self, attr_name: str) -> bool:
        return hasattr(self, attr_name)

    def _get_indices(self, indices: object) -> list[int]:
        if indices is None:
            return list(range(self.num_envs))
        if isinstance(indices, int):
            return [indices]
        return list(indices)  # type: ignore[call-overload]


def win_rate(model: MaskablePPO, env: gymnasium.Env[np.ndarray, np.int64], games: int,
             seed: int) -> float:
    """Return the learner's share of wins over `games` seeded games (the policy's most
    likely legal action each time)."""
    wins = 0.0
    for k in range(games):
        obs, info = env.reset(seed=seed + k)
        done = False
        while not done:
            action, _ = model.predict(obs, action_masks=info["action_mask"].astype(bool),
                                      deterministic=True)
            obs, _, done, _, info = env.step(int(action))
        ranks = info["ranks"]
        if ranks[0] == 1:
            wins += 1.0 / ranks.count(1)
    return wins / games


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the arguments, evaluate, train, evaluate again."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="rattus", help="game name (default: rattus)")
    parser.add_argument("--players", type=int, default=2, help="player count (default: 2)")
    parser.add_argument("--steps", type=int, default=30_000,
                        help="learner decisions to train on (default: 30000)")
    parser.add_argument("--eval-games", type=int, default=200,
                        help="games against random for each win rate (default: 200)")
    parser.add_argument("--seed", type=int, default=0, help="seed of training and games")
    parser.add_argument("--n-steps", type=int, default=1024,
                        help="decisions per PPO update, over every game (default: 1024)")
    parser.add_argument("--native-batch", type=int, default=0,
                        help="games stepped together on the native core (default: 0, the "
                             "Python env; needs pip install ./native)")
    args = parser.parse_args(argv)
    if args.native_batch > 0 and not (native.available() and args.game in BATCHES):
        parser.error(f"--native-batch needs the native core (pip install ./native) and a "
                     f"game it batches ({', '.join(BATCHES)})")
    # The network is small: one thread is fastest, and leaves the other cores alone.
    torch.set_num_threads(1)

    env_id = f"tavola/{args.game}-v0"
    eval_env = gymnasium.make(env_id, players=args.players, opponents="random")
    train_env: gymnasium.Env[np.ndarray, np.int64] | NativeBatchVecEnv
    if args.native_batch > 0:
        train_env = NativeBatchVecEnv(gymnasium.make_vec(
            env_id, num_envs=args.native_batch, vectorization_mode="vector_entry_point",
            players=args.players, opponents="random"))
        where = f"{args.native_batch} games at a time on the native core"
    else:
        train_env = gymnasium.make(env_id, players=args.players, opponents="random")
        where = "the Python env, one game at a time"
    games = max(args.native_batch, 1)
    n_steps = max(args.n_steps // games, 1)  # per game: n_steps * games per update
    model = MaskablePPO("MlpPolicy", train_env, n_steps=n_steps,
                        batch_size=min(256, n_steps * games), learning_rate=3e-4, gamma=1.0,
                        ent_coef=0.01, seed=args.seed, device="cpu", verbose=0)
    # Evaluation games use seeds far from training's, the same before and after.
    eval_seed = 1_000_000 + args.seed
    before = win_rate(model, eval_env, args.eval_games, eval_seed)
    print(f"{args.game}, {args.players} players, learner in seat 0 against random; "
          f"equal players would win {1 / args.players:.1%}")
    print(f"win rate before training: {before:.1%} over {args.eval_games} games")
    start = time.perf_counter()
    model.learn(total_timesteps=args.steps)
    minutes = (time.perf_counter() - start) / 60
    after = win_rate(model, eval_env, args.eval_games, eval_seed)
    print(f"trained on {model.num_timesteps:,} decisions in {minutes:.1f} min ({where}, "
          f"{model.num_timesteps / (minutes * 60):,.0f} decisions/s with PPO's updates)")
    print(f"win rate after training: {after:.1%} over {args.eval_games} games")


if __name__ == "__main__":
    main()
