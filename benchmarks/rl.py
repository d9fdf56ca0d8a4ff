"""What the PettingZoo adapter costs over tavola itself, and what observations cost.

Run from the repository root (needs the `rl` extra: ``pip install -e ".[rl]"``)::

    python3 benchmarks/rl.py                         # every game, smallest player count
    python3 benchmarks/rl.py --game rattus --players 4 --games 100 --repeats 5

For each game it plays the same `--games` seeded random games three ways, on one core, and
gives decisions per second (the fastest of `--repeats` passes, the three ways taking turns
within each pass). Times are the CPU time of this process (`time.process_time`), so other
work on the machine distorts them less than wall-clock time would:

- **AEC env**: through `tavola.rl.pettingzoo.raw_env`: `last()` (the observation tensor and
  the legal-action mask of the agent to act, as numpy arrays), a uniform choice among the
  mask's indices, `step(index)`.
- **tavola, obs**: a plain loop over the same game computing the same arrays:
  `state.observation(seat)` as float32, the mask from `state.legal_indices(seat)`, the same
  choice, `state.action_at` and `state.apply`. ``AEC / tavola`` is the adapter's overhead
  (the target is at most 1.5x).
- **tavola, no obs**: the same loop without the observation tensor (the mask is still
  needed to choose), so ``obs cost`` is the share of the plain loop spent on observations.

Then microseconds per call over states sampled evenly from random games (best of three
passes): `state.observation(seat)` (the tensor, from the view) and `state.view(seat)`.
Both games and choices are seeded, so every way plays exactly the same decisions.
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

# The package is not installed in a fresh checkout; run against the sources beside us.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import numpy as np
from rich.console import Console
from rich.table import Table

from tavola.core import State, game_class, game_names, make
from tavola.rl.pettingzoo import raw_env

OVERHEAD_TARGET = 1.5
SAMPLES = 1000


@dataclass
class Row:
    """What one game's measurements found."""

    game: str
    players: int
    decisions: int
    aec: float
    plain: float
    bare: float
    observation_us: float
    view_us: float

    @property
    def overhead(self) -> float:
        """Return how many times longer the AEC env takes than the plain loop."""
        return self.plain / self.aec

    @property
    def observation_share(self) -> float:
        """Return the share of the plain loop's time spent on observation tensors."""
        return 1.0 - self.plain / self.bare


def aec_pass(name: str, players: int, seeds: range) -> int:
    """Play every seeded game through the AEC env; return the decisions made."""
    env = raw_env(name, players)
    decisions = 0
    for seed in seeds:
        env.reset(seed=seed)
        rng = random.Random(seed)
        while env.agents:
            observation, _, done, _, _ = env.last()
            if done:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
            decisions += 1
    return decisions


def plain_pass(name: str, players: int, seeds: range, observe: bool) -> int:
    """Play every seeded game in a plain tavola loop computing the same arrays (without the
    observation tensor unless `observe`); return the decisions made."""
    size = make(name, players, 0).game.encoding().size
    decisions = 0
    for seed in seeds:
        state = make(name, players, seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            seat = state.to_act[0]
            if observe:
                np.asarray(state.observation(seat), dtype=np.float32)
            mask = np.zeros(size, dtype=np.int8)
            mask[list(state.legal_indices(seat))] = 1
            legal = np.flatnonzero(mask)
            index = int(legal[rng.randrange(len(legal))])
            state = state.apply(seat, state.action_at(seat, index))
            decisions += 1
    return decisions


def timed(run: Callable[[], int]) -> tuple[int, float]:
    """Return the decisions of `run` and the CPU seconds this process spent in it."""
    start = time.process_time()
    decisions = run()
    return decisions, time.process_time() - start


def sampled_states(name: str, players: int, seed: int) -> list[State]:
    """Return up to `SAMPLES` live states sampled evenly from seeded random games."""
    states: list[State] = []
    rng = random.Random(seed)
    game = 0
    while len(states) < SAMPLES * 4 and game < 200:
        state = make(name, players, seed + game)
        while not state.is_terminal:
            states.append(state)
            seat = state.to_act[0]
            legal = state.legal_actions(seat)
            state = state.apply(seat, legal[rng.randrange(len(legal))])
        game += 1
    return states[:: max(1, len(states) // SAMPLES)][:SAMPLES]


def per_call_us(states: list[State], call: Callable[[State], object]) -> float:
    """Return the microseconds `call` takes per state (best of three passes)."""
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for state in states:
            call(state)
        best = min(best, time.process_time() - start)
    return best / len(states) * 1e6


def measure(name: str, players: int, games: int, repeats: int, seed: int) -> Row:
    """Measure one game at one player count."""
    seeds = range(seed, seed + games)
    # A first game each way loads what is loaded lazily, outside the timed passes.
    aec_pass(name, players, range(seed, seed + 1))
    plain_pass(name, players, range(seed, seed + 1), True)
    ways: list[Callable[[], int]] = [
        lambda: aec_pass(name, players, seeds),
        lambda: plain_pass(name, players, seeds, True),
        lambda: plain_pass(name, players, seeds, False)]
    best = [float("inf")] * len(ways)
    counts: set[int] = set()
    # The three ways take turns in every pass, so a spell of load slows them alike.
    for _ in range(repeats):
        for k, way in enumerate(ways):
            decisions, seconds = timed(way)
            counts.add(decisions)
            best[k] = min(best[k], seconds)
    if len(counts) != 1:
        raise SystemExit(f"{name}: the three ways played different games ({sorted(counts)} "
                         f"decisions)")
    decisions = counts.pop()
    aec, plain, bare = best
    states = sampled_states(name, players, seed)
    observation_us = per_call_us(states, lambda s: s.observation(s.to_act[0]))
    view_us = per_call_us(states, lambda s: s.view(s.to_act[0]))
    return Row(name, players, decisions, decisions / aec, decisions / plain,
               decisions / bare, observation_us, view_us)


def report(rows: list[Row], console: Console) -> None:
    """Print the tables and the target check."""
    speed = Table(title="Random playouts with observations and masks, decisions/s, one core",
                  title_justify="left", show_edge=False)
    for col in ("game", "players", "decisions", "AEC env", "tavola, obs", "AEC / tavola",
                "tavola, no obs", "obs cost", "obs us", "view us"):
        speed.add_column(col, justify="left" if col == "game" else "right")
    for r in rows:
        speed.add_row(r.game, str(r.players), f"{r.decisions:,}", f"{r.aec:,.0f}",
                      f"{r.plain:,.0f}", f"{r.overhead:.2f}x", f"{r.bare:,.0f}",
                      f"{100 * r.observation_share:.0f}%", f"{r.observation_us:.1f}",
                      f"{r.view_us:.1f}")
    console.print(speed)
    worst = max(rows, key=lambda r: r.overhead)
    verdict = "met" if worst.overhead <= OVERHEAD_TARGET else "MISSED"
    console.print(f"AEC overhead target (at most {OVERHEAD_TARGET}x the plain loop): {verdict}, "
                  f"worst {worst.overhead:.2f}x ({worst.game} {worst.players}p)")


def main(argv: Sequence[str] | None = None) -> None:
    """Parse the arguments, measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=game_names(), help="one game (default: all)")
    parser.add_argument("--players", type=int,
                        help="player count (default: each game's smallest)")
    parser.add_argument("--games", type=int, default=40, help="seeded games per pass")
    parser.add_argument("--repeats", type=int, default=3, help="passes; the fastest counts")
    parser.add_argument("--seed", type=int, default=0, help="first game seed")
    args = parser.parse_args(argv)
    console = Console(width=140)
    console.print(f"Python {platform.python_version()} ({platform.python_implementation()}) "
                  f"on {platform.machine()}; {args.games} games per pass, best of "
                  f"{args.repeats}")
    rows = []
    for name in [args.game] if args.game else game_names():
        info = game_class(name).info
        count = args.players or info.min_players
        if not info.min_players <= count <= info.max_players:
            console.print(f"{name}: skipped, it is for {info.min_players}-{info.max_players} "
                          f"players")
            continue
        rows.append(measure(name, count, args.games, args.repeats, args.seed))
    if not rows:
        raise SystemExit("no game to measure")
    report(rows, console)


if __name__ == "__main__":
    main()
