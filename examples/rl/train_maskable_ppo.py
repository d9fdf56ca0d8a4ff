"""Train sb3-contrib's MaskablePPO to beat `random` at a tavola game, on a CPU, in minutes.

Needs the `train` extra (``pip install -e ".[train]"``: the RL adapters, sb3-contrib and
torch). Run from the repository root::

    python3 examples/rl/train_maskable_ppo.py                      # Rattus, 2 players
    python3 examples/rl/train_maskable_ppo.py --steps 100000 --eval-games 400
    python3 examples/rl/train_maskable_ppo.py --game intrige --players 3

One seat learns (`tavola/<game>-v0`, seat 0) against `random` in every other seat. The
agent sees only its own observation tensor and picks among the legal indices
(`action_masks()`); the reward is its rank-based utility at the end of the game. The script
prints the win rate against `random` of the untrained policy, trains for `--steps` of the
learner's decisions, and prints the win rate again over the same seeded games. A win counts
1/k when k seats share first place, so equal players would each win 1/players.
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
                        help="decisions per PPO update (default: 1024)")
    args = parser.parse_args(argv)
    # The network is small: one thread is fastest, and leaves the other cores alone.
    torch.set_num_threads(1)

    env_id = f"tavola/{args.game}-v0"
    train_env = gymnasium.make(env_id, players=args.players, opponents="random")
    eval_env = gymnasium.make(env_id, players=args.players, opponents="random")
    model = MaskablePPO("MlpPolicy", train_env, n_steps=args.n_steps,
                        batch_size=min(256, args.n_steps), learning_rate=3e-4, gamma=1.0,
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
    print(f"trained on {args.steps:,} decisions in {minutes:.1f} min")
    print(f"win rate after training: {after:.1%} over {args.eval_games} games")


if __name__ == "__main__":
    main()
