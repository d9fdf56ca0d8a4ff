"""OpenSpiel's IS-MCTS on tavola's games: the information-state keys' length, the memory of
a search tree per node, and iterations per second, with compact keys (the default: a
BLAKE2b digest of the seat's view and log) against readable keys (``readable_keys=True``:
that JSON itself, what the adapter gave before), in the same run.

Run from the repository root (needs open_spiel and numpy: ``pip install -e ".[rl]"``)::

    python3 benchmarks/openspiel_keys.py                       # every game, smallest count
    python3 benchmarks/openspiel_keys.py --game rattus --players 3 --simulations 300
    python3 benchmarks/openspiel_keys.py --positions 1 --simulations 20   # check the script

For each game (at its least player count, or `--players`), `--positions` seeded random
games are played to 30% of their length (then on to a decision with a choice); from each of
those mid-game positions OpenSpiel's Python `ISMCTSBot` (UCT c=2, one random rollout per
leaf, a fresh tree) runs `--simulations` simulations, once per key kind, alternating the
kinds to share a busy machine's slow spells fairly. Columns:

- **key chars**: the mean length of the information-state string of the player to act over
  every decision of the `--positions` games (both kinds on the same states).
- **bytes/node**: the memory the bot's tree holds after a search, by `tracemalloc` (a
  separate pass, as tracing slows Python), divided by the tree's nodes.
- **iter/s**: simulations per CPU second (`time.process_time`, tracing off), over every
  position (a position with one legal action is not searched, and not counted).
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

# The package is not installed in a fresh checkout; run against the sources beside us.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rich.console import Console
from rich.table import Table

from tavola.core import game_class, game_names

KINDS = ("readable", "compact")
MIDGAME = 0.3


def positions(game: Any, count: int, seed: int) -> tuple[list[Any], float]:
    """Return `count` positions at `MIDGAME` of the length of seeded random games of `game`
    (the first decision from there with a choice), and the mean information-state key
    length over every decision of those games."""
    found, lengths = [], []
    for index in range(count):
        length = 0
        for replay in (False, True):
            rng = random.Random(seed + index)
            state = game.new_initial_state()
            decisions = 0
            while not state.is_terminal():
                if state.is_chance_node():
                    state.apply_action(rng.randrange(len(state.chance_outcomes())))
                    continue
                if (replay and decisions >= int(MIDGAME * length)
                        and len(state.legal_actions()) > 1):
                    found.append(state.clone())
                    break
                if not replay:
                    lengths.append(len(state.information_state_string(
                        state.current_player())))
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
            length = decisions
    return found, sum(lengths) / max(len(lengths), 1)


def make_bot(game: Any, simulations: int, seed: int) -> Any:
    """Return OpenSpiel's Python IS-MCTS bot, seeded."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    rng = np.random.RandomState(seed)
    return ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0,
                            max_simulations=simulations, random_state=rng)


def search_time(bot: Any, state: Any) -> float:
    """Return the CPU seconds of one search from `state`."""
    start = time.process_time()
    bot.run_search(state)
    return time.process_time() - start


def tree_bytes(bot: Any, state: Any) -> tuple[int, int]:
    """Return the bytes the bot's tree holds after one search from `state`, and its nodes."""
    bot.reset()
    gc.collect()
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        bot.run_search(state)
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        tracemalloc.stop()
    return after - before, len(bot._nodes)


def main() -> None:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", help="a game (default: every game)")
    parser.add_argument("--players", type=int, help="player count (default: the least)")
    parser.add_argument("--positions", type=int, default=3)
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    import pyspiel

    from tavola.rl import openspiel as tos

    tos.register()
    console = Console()
    table = Table(title="OpenSpiel IS-MCTS: readable against compact keys",
                  title_justify="left")
    for column in ("game", "keys", "key chars", "nodes", "bytes/node", "iter/s"):
        table.add_column(column, justify="left" if column in ("game", "keys") else "right")
    for name in args.game or [n for n in game_names()
                              if game_class(n).__module__.startswith("tavola.games.")]:
        players = args.players or game_class(name).info.min_players
        games = {kind: pyspiel.load_game(tos.short_name(name), {
            "players": players, "readable_keys": kind == "readable"}) for kind in KINDS}
        starts = {kind: positions(games[kind], args.positions, args.seed)
                  for kind in KINDS}
        seconds = dict.fromkeys(KINDS, 0.0)
        memory = dict.fromkeys(KINDS, 0)
        nodes = dict.fromkeys(KINDS, 0)
        iterations = dict.fromkeys(KINDS, 0)
        for index in range(args.positions):
            for kind in KINDS:
                state = starts[kind][0][index]
                bot = make_bot(games[kind], args.simulations, args.seed + index)
                seconds[kind] += search_time(bot, state)
                # A position with one legal action is not searched.
                iterations[kind] += args.simulations * (len(state.legal_actions()) > 1)
                bot = make_bot(games[kind], args.simulations, args.seed + index)
                held, count = tree_bytes(bot, state)
                memory[kind] += held
                nodes[kind] += count
        for kind in KINDS:
            table.add_row(f"{name} {players}p", kind, f"{starts[kind][1]:,.0f}",
                          f"{nodes[kind]:,}", f"{memory[kind] / max(nodes[kind], 1):,.0f}",
                          f"{iterations[kind] / seconds[kind]:,.1f}")
    console.print(table)


if __name__ == "__main__":
    main()
