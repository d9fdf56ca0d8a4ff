"""How well Nottingham's `evaluate()` foretells the final ranking, measured on greedy games.

Run from the repository root::

    python3 benchmarks/nottingham_evaluate.py --players 4 --games 200

Plays `--games` seeded games with `greedy` in every seat (game i uses seed `--seed + i`),
takes the position at the start of every turn, and compares what `evaluate()` says of each
seat there with the rank utility the seat ended the game with (+1 ahead of / -1 behind each
other seat, averaged). Two figures per stretch of the game (by the sheriff's moves so far):

- **order**: over every pair of seats that did not tie, the share where the seat that
  `evaluate()` put higher finished higher (a rank correlation: 50% is a coin, 100% is
  foresight);
- **error**: the mean squared difference between the estimate and the final utility
  (what a search backs up; lower is better).

Beside it stand the same figures for the points scored so far alone (ties broken by
winnings cards), the yardstick an evaluation has to beat.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

# The package is not installed in a fresh checkout; run against the sources beside us.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tavola.agents import decide, make_agent
from tavola.core import State, make
from tavola.games.nottingham.heuristics import evaluate
from tavola.games.nottingham.rules import scores
from tavola.games.nottingham.state import CHOOSE, Position

Evaluation = Callable[[Position], Sequence[float]]


def collect(players: int, games: int, seed: int) -> list[tuple[list[Position], tuple[float, ...]]]:
    """Play greedy games; return each game's turn-start positions and final utilities."""
    out = []
    for i in range(games):
        agents = [make_agent("greedy", "nottingham") for _ in range(players)]
        state: State = make("nottingham", players, seed + i)
        rng = random.Random(seed + i)
        turns: list[Position] = []
        last_turn = -1
        while not state.is_terminal:
            assert isinstance(state, Position)
            if state.phase == CHOOSE and state.turn != last_turn:
                turns.append(state)
                last_turn = state.turn
            player = state.to_act[0]
            state = state.apply(player, decide(agents[player], state, player, rng))
        out.append((turns, state.result().utilities()))
    return out


def points_only(s: Position) -> tuple[float, ...]:
    """Return each seat's rank utility if the game ended now (the yardstick)."""
    points = scores(s)
    key = [(points[h], len(s.winnings[h])) for h in range(s.players)]
    return tuple(sum((key[h] > key[o]) - (key[h] < key[o]) for o in range(s.players) if o != h)
                 / (s.players - 1) for h in range(s.players))


STRETCHES = ((0, 4), (4, 8), (8, 12), (12, 16))


def measure(data: list[tuple[list[Position], tuple[float, ...]]],
            judge: Evaluation) -> list[tuple[float, float, int]]:
    """Return (order, error, positions) for each stretch of the sheriff's track."""
    rows = []
    for low, high in STRETCHES:
        pairs = 0
        agree = error = 0.0
        count = 0
        for turns, final in data:
            for s in turns:
                if not low <= s.sheriff < high:
                    continue
                values = judge(s)
                count += 1
                for h in range(s.players):
                    error += (values[h] - final[h]) ** 2 / s.players
                    for o in range(h + 1, s.players):
                        if final[h] == final[o]:
                            continue
                        pairs += 1
                        lead = (values[h] - values[o]) * (final[h] - final[o])
                        # A tie in the estimate is half right.
                        agree += 1.0 if lead > 0 else 0.5 if lead == 0 else 0.0
        rows.append((agree / max(1, pairs), error / max(1, count), count))
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    data = collect(args.players, args.games, args.seed)
    print(f"{args.games} greedy games of {args.players} players (seeds {args.seed}.."
          f"{args.seed + args.games - 1}), every turn start")
    print(f"{'sheriff moves':>14} {'positions':>10} {'evaluate order':>15} {'error':>7}"
          f" {'points order':>13} {'error':>7}")
    for (low, high), mine, base in zip(STRETCHES, measure(data, evaluate),
                                       measure(data, points_only), strict=True):
        print(f"{f'{low}-{high - 1}':>14} {mine[2]:>10} {mine[0]:>15.1%} {mine[1]:>7.3f}"
              f" {base[0]:>13.1%} {base[1]:>7.3f}")


if __name__ == "__main__":
    main()
