"""The differential driver: the reference and the native core through the same game.

`play_both` sets both engines up from one seed and plays them through the same action
indices, drawn from a generator of the test's own, comparing at every step: who acts, the
legal index sequences (the same indices in the same order), the position (its data, which
`tavola.native.rattus.digest` digests), every seat's observation tensor and, at the end, the
scores and the returns. Any difference raises `Divergence` naming the game, the seed and
the step. `python -m tests.native.differential` is the long run (docs/native.md).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any

from tavola.games.rattus.components import REGION_INDEX
from tavola.games.rattus.game import RattusGame, RattusState
from tavola.native.rattus import NativeRattus

# A stalling table (every seat mostly ends A and B at once and moves the plague where no
# rats are): long games that reach the round limit, which random play never does.
STALL = "stall"
RANDOM = "random"
STALL_PASS = 0.9


class Divergence(AssertionError):
    """The engines differ."""


def _check(ok: bool, game: RattusGame, seed: int, step: int, what: str) -> None:
    if not ok:
        raise Divergence(f"rattus {game.players}p {game.options} seed {seed} step {step}: "
                         f"{what} differ")


def play_both(game: RattusGame, seed: int, policy: str = RANDOM,
              observe_every: int = 1) -> RattusState:
    """Play one game in both engines; return the final (reference) position. `observe_every`
    compares every seat's tensor at every k-th step (1: every step)."""
    ref: RattusState = game.new_state(seed).for_search()
    nat = NativeRattus.new(game, seed)
    rng = random.Random(seed * 7919 + game.players)
    encoding = game.encoding()
    end_b, no_card = encoding.size - 1, encoding.size - 2
    step = 0
    while True:
        _check(ref.to_act == nat.to_act, game, seed, step, "players to act")
        _check(ref.data() == nat.data(), game, seed, step, "positions")
        if step % observe_every == 0 or ref.is_terminal:
            for p in range(game.players):
                _check(ref.observation(p) == nat.observation(p), game, seed, step,
                       f"observations of seat {p}")
        if ref.is_terminal:
            result = ref.result()
            _check(result.scores == nat.scores(), game, seed, step, "scores")
            _check(result.utilities() == nat.returns(), game, seed, step, "returns")
            return ref
        _check(nat.returns() == (0.0,) * game.players, game, seed, step, "returns")
        player = ref.to_act[0]
        legal = ref.legal_indices(player)
        _check(legal == nat.legal_indices(), game, seed, step, "legal indices")
        i = rng.randrange(len(legal))
        if policy == STALL:
            i = _stall(ref, player, legal, i, rng, (end_b, no_card))
        ref = ref.apply_index(player, i)
        nat.apply(legal[i])
        step += 1


def _stall(ref: RattusState, player: int, legal: tuple[int, ...], i: int,
           rng: random.Random, passes: tuple[int, int]) -> int:
    """Return the stalling table's choice: end A and B at once, move the plague to a region
    without rats (so nothing spreads), else the random choice `i`."""
    for passing in passes:
        if passing in legal and rng.random() < STALL_PASS:
            return legal.index(passing)
    actions = ref.legal_actions(player)
    calm = [k for k, a in enumerate(actions)
            if a.kind == "plague" and not ref.tokens[REGION_INDEX[a.args[0]]]]
    return calm[rng.randrange(len(calm))] if calm and rng.random() < STALL_PASS else i


def option_sets() -> list[tuple[dict[str, Any], str]]:
    """The option sets and policies every player count is tested with."""
    return [({}, RANDOM), ({"ties": "shared"}, RANDOM), ({"rounds": 20}, STALL)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000,
                        help="games per player count and option set")
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--observe-every", type=int, default=1)
    args = parser.parse_args(argv)
    total = 0
    began = time.perf_counter()
    for players in (2, 3, 4):
        for options, policy in option_sets():
            game = RattusGame(players, options)
            limited = 0
            for seed in range(args.start, args.start + args.games):
                end = play_both(game, seed, policy, args.observe_every)
                total += end.turn
                limited += end.turn == game.config.turn_limit
            print(f"{players}p {options} {policy}: {args.games} games identical "
                  f"({limited} ended by the round limit; {total} turns so far, "
                  f"{time.perf_counter() - began:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
