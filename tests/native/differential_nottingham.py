"""The differential driver for Nottingham: the reference and the native core through the
same game.

`play_both` sets both engines up from one seed and plays them through the same action
indices, drawn from a generator of the test's own, comparing at every step: who acts, the
legal index sequences of every pending seat (the same indices in the same order), the
position (every field of the reference's state data, the generator included, which
`tavola.native.nottingham.digest` digests), every seat's observation tensor and, at the end,
the scores and the returns. Any difference raises `Divergence` naming the game, the seed
and the step. In a Buy several seats offer at once: the seat that acts is drawn among them.

Two tables: `random` (uniform among the legal actions) and `hoard`, where each seat
completes a commission whenever it can and otherwise mostly keeps the drawn card and passes
rather than exchange: hands grow, the deck runs out with nothing to reshuffle (everybody
over the sheriff's number discards down), and the eighth commission ends games, which
random play never reaches. `python -m tests.native.differential_nottingham` is the long run
(docs/native.md).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from tavola.games.nottingham.game import NottinghamGame, NottinghamState
from tavola.native.nottingham import NativeNottingham, state_data

RANDOM = "random"
HOARD = "hoard"
HOARD_P = 0.85


class Divergence(AssertionError):
    """The engines differ."""


def _check(ok: bool, game: NottinghamGame, seed: int, step: int, what: str) -> None:
    if not ok:
        raise Divergence(f"nottingham {game.players}p {game.options} seed {seed} step {step}: "
                         f"{what} differ")


def _hoard(legal: tuple[int, ...], i: int, rng: random.Random, commission_at: int) -> int:
    """The hoarding table's choice: a commission whenever one is open (the last legal
    action), else mostly `keep` the drawn card (index 0) and `pass` (index 7) rather than
    exchange, else the random choice `i`."""
    if legal[-1] >= commission_at:
        return len(legal) - 1
    if rng.random() < HOARD_P:
        for keep_or_pass in (0, 7):
            if keep_or_pass in legal:
                return legal.index(keep_or_pass)
    return i


def play_both(game: NottinghamGame, seed: int, policy: str = RANDOM, observe_every: int = 1,
              watch: Callable[[NottinghamState, int], None] | None = None) -> NottinghamState:
    """Play one game in both engines; return the final (reference) position. `observe_every`
    compares every seat's tensor at every k-th step (1: every step); `watch` is called with
    every reference position of the game and the index played there (-1 at the end)."""
    ref: NottinghamState = game.new_state(seed).for_search()
    nat = NativeNottingham.new(game, seed)
    rng = random.Random(seed * 7919 + game.players)
    commission_at = game.encoding().size - 78
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
        for q in ref.to_act:
            _check(ref.legal_indices(q) == nat.legal_indices(q), game, seed, step,
                   f"legal indices of seat {q}")
        pending = ref.to_act
        player = pending[rng.randrange(len(pending))] if len(pending) > 1 else pending[0]
        legal = ref.legal_indices(player)
        i = rng.randrange(len(legal))
        if policy == HOARD:
            i = _hoard(legal, i, rng, commission_at)
        if watch is not None:
            watch(ref, legal[i])
        ref = ref.apply_index(player, i)
        nat.apply(legal[i], player)
        step += 1


def option_sets() -> list[tuple[dict[str, Any], str]]:
    """The option sets and tables every player count is tested with: each option on its
    own beside the defaults, with both tables."""
    sets: list[dict[str, Any]] = [{}, {"track": "distinct"}, {"rob_shows_card": True},
                                  {"several_ambushes_each": True}]
    return [(options, policy) for options in sets for policy in (RANDOM, HOARD)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000,
                        help="games per player count and option set")
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--observe-every", type=int, default=1)
    args = parser.parse_args(argv)
    began = time.perf_counter()
    for players in range(3, 8):
        for options, policy in option_sets():
            game = NottinghamGame(players, options)
            for seed in range(args.start, args.start + args.games):
                play_both(game, seed, policy, args.observe_every)
            print(f"{players}p {options} {policy}: {args.games} games identical "
                  f"({time.perf_counter() - began:.0f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
