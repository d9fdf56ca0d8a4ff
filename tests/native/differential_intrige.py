"""The differential driver for Intrige: the reference and the native core through the same
game.

`play_both` sets both engines up and plays them through the same action indices, drawn from
a generator of the test's own, comparing at every step: who acts, the legal index sequences
(the same indices in the same order), the position (every field of the reference's board
data, which `tavola.native.intrige.digest` digests), every seat's observation tensor and, at
the end, the scores and the returns. Any difference raises `Divergence` naming the game,
the seed and the step. Intrige has no chance: the seed only seeds the choices.

Two tables: `random` (uniform among the legal actions: wild bribes, ranges, offers and
steps back, seats soon broke and paying 0) and `thrifty`, where each decision is mostly the
first legal action (the smallest bribe, keeping the defender, the cheapest room, the same
profession to the next palace): purses grow large (sums chosen through many ranges) and
figures collide in the same palaces, so internal conflicts and exiles are many.
`python -m tests.native.differential_intrige` is the long run (docs/native.md).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from tavola.games.intrige.game import IntrigeGame, IntrigeState
from tavola.native.intrige import NativeIntrige, state_data

RANDOM = "random"
THRIFTY = "thrifty"
THRIFTY_P = 0.8


class Divergence(AssertionError):
    """The engines differ."""


def _check(ok: bool, game: IntrigeGame, seed: int, step: int, what: str) -> None:
    if not ok:
        raise Divergence(f"intrige {game.players}p {game.options} seed {seed} step {step}: "
                         f"{what} differ")


def play_both(game: IntrigeGame, seed: int, policy: str = RANDOM, observe_every: int = 1,
              watch: Callable[[IntrigeState, int], None] | None = None) -> IntrigeState:
    """Play one game in both engines; return the final (reference) position. `observe_every`
    compares every seat's tensor at every k-th step (1: every step); `watch` is called with
    every reference position of the game and the index played there (-1 at the end)."""
    ref: IntrigeState = game.new_state(seed).for_search()
    nat = NativeIntrige.new(game, seed)
    rng = random.Random(seed * 7919 + game.players)
    step = 0
    while True:
        _check(ref.to_act == nat.to_act, game, seed, step, "players to act")
        _check(state_data(ref) == nat.data(), game, seed, step, "positions")
        if step % observe_every == 0 or ref.is_terminal:
            for p in range(game.players):
                _check(ref.observation(p) == nat.observation(p), game, seed, step,
                       f"observations of seat {p}")
        if ref.is_terminal:
            if watch is not None:
                watch(ref, -1)
            result = ref.result()
            _check(result.scores == nat.scores(), game, seed, step, "scores")
            _check(result.utilities() == nat.returns(), game, seed, step, "returns")
            return ref
        _check(nat.returns() == (0.0,) * game.players, game, seed, step, "returns")
        player = ref.to_act[0]
        legal = ref.legal_indices(player)
        _check(legal == nat.legal_indices(), game, seed, step, "legal indices")
        i = rng.randrange(len(legal))
        if policy == THRIFTY and rng.random() < THRIFTY_P:
            i = 0
        if watch is not None:
            watch(ref, legal[i])
        ref = ref.apply_index(player, i)
        nat.apply(legal[i])
        step += 1


def option_sets() -> list[tuple[dict[str, Any], str]]:
    """The option sets and tables every player count is tested with."""
    return [({"edition": edition, "bribe_order": order}, policy)
            for edition in ("1994", "amigo")
            for order in ("conflicts_first", "turn_order")
            for policy in (RANDOM, THRIFTY)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000,
                        help="games per player count and option set")
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--observe-every", type=int, default=1)
    args = parser.parse_args(argv)
    began = time.perf_counter()
    for players in (3, 4, 5):
        for options, policy in option_sets():
            game = IntrigeGame(players, options)
            for seed in range(args.start, args.start + args.games):
                play_both(game, seed, policy, args.observe_every)
            print(f"{players}p {options} {policy}: {args.games} games identical "
                  f"({time.perf_counter() - began:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
