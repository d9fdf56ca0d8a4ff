"""A bot's win share against another bot in every other seat, the games spread over worker
processes: the strength half of `search.py`, for runs too long for one core.

Run from the repository root::

    python3 benchmarks/strength.py --game nottingham --players 4 --games 100 --workers 2 \
        --bot ismcts:iterations=300:rollout=random:cutoff=10:prior=greedy

Game i uses seed `--seed + i` and puts the bot in seat i mod players, exactly as
`search.py --games` does, so both scripts play the same games and, with a fixed iteration
budget, give the same result whatever the number of workers. Each worker measures the
bot's thinking time per decision by the clock and by its own CPU time (the CPU figure is
what one core costs even when other work shares the machine). The share (k tied winners
share a win) is given with a 95% Wilson interval beside the share equal players would get.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

# The package is not installed in a fresh checkout; run against the sources beside us.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.search import wilson
from tavola.agents import decide, make_agent
from tavola.core import make


@dataclass
class Outcome:
    """What one game gave: the bot's share of the win and its thinking time."""

    index: int
    win: float
    decisions: int
    clock: float
    cpu: float


def play(name: str, players: int, bot: str, opponent: str, seed: int, index: int) -> Outcome:
    """Play game `index`: `bot` in seat index mod players, `opponent` everywhere else."""
    seat = index % players
    agents = [make_agent(bot if p == seat else opponent, name) for p in range(players)]
    state, rng = make(name, players, seed + index), random.Random(seed + index)
    decisions, clock, cpu = 0, 0.0, 0.0
    while not state.is_terminal:
        player = state.to_act[0]
        begin, begin_cpu = time.perf_counter(), time.process_time()
        action = decide(agents[player], state, player, rng)
        if player == seat:
            clock += time.perf_counter() - begin
            cpu += time.process_time() - begin_cpu
            decisions += 1
        state = state.apply(player, action)
    winners = state.result().winners
    win = 1 / len(winners) if seat in winners else 0.0
    return Outcome(index, win, decisions, clock, cpu)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--bot", required=True, help="the bot spec measured")
    parser.add_argument("--opponent", default="greedy", help="the bot spec in every other seat")
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=2, help="worker processes (at most 4)")
    args = parser.parse_args(argv)
    if not 1 <= args.workers <= 4:
        parser.error("--workers takes 1 to 4")
    if args.games < 1:
        parser.error("--games takes a whole number >= 1")
    outcomes: list[Outcome] = []
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        futures = [pool.submit(play, args.game, args.players, args.bot, args.opponent,
                               args.seed, i) for i in range(args.games)]
        for future in as_completed(futures):
            outcomes.append(future.result())
            wins = sum(o.win for o in outcomes)
            print(f"{len(outcomes)}/{args.games} games, wins {wins:g}", file=sys.stderr,
                  flush=True)
    games = len(outcomes)
    wins = sum(o.win for o in outcomes)
    share = wins / games
    low, high = wilson(share, games)
    decisions = max(1, sum(o.decisions for o in outcomes))
    print(f"{args.game}, {args.players} players: {args.bot} against {args.opponent}, "
          f"seeds {args.seed}..{args.seed + games - 1}, seats rotated")
    print(f"  won {wins:g} of {games} games: {share:.1%} (95% Wilson {low:.1%}-{high:.1%}; "
          f"equal share {1 / args.players:.1%})")
    print(f"  {sum(o.clock for o in outcomes) / decisions:.3f} s per decision by the clock, "
          f"{sum(o.cpu for o in outcomes) / decisions:.3f} s of CPU, "
          f"{decisions / games:.0f} decisions per game")


if __name__ == "__main__":
    main()
