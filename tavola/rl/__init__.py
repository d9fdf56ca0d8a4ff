"""Reinforcement-learning adapters: every tavola game as a PettingZoo, Gymnasium or OpenSpiel
environment.

- `tavola.rl.pettingzoo`: `env(game, players=N, **options)` (AEC) and `parallel_env(...)`,
  every seat an agent (`player_0`, ...).
- `tavola.rl.gymnasium`: importing it registers `tavola/<game>-v0`, one learning seat against
  bots given by spec; `gymnasium.make_vec` on those ids steps N games at once on the native
  core (`tavola.native.gym`) for the games it plays.
- `tavola.rl.batched`: `batched_env(game, num_envs, ...)`, N self-play games on the native
  core stepped in one call, PettingZoo-style.
- `tavola.rl.openspiel`: `register()` makes every game a pyspiel game
  (`python_tavola_<game>`), usable by OpenSpiel's own algorithms.

The engine does not depend on these libraries: only the modules of this package import
numpy, pettingzoo, gymnasium or pyspiel (install them with ``pip install -e ".[rl]"``).
Each adapter is a thin layer over the game contract: action indices and observation tensors
come from the game's `Encoding` (`state.legal_indices`, `state.action_at`,
`state.observation`), rewards from `Result.utilities()`. See docs/rl.md.
"""
