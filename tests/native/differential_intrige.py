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

import random
import sys
from collections.abc import Callable
from typing import Any

from tavola.games.intrige.game import IntrigeGame, IntrigeState
from tavola.native.intrige import NativeIntrige, state_data
from tests.native.divergence import Divergence, compare

RANDOM = "random"
THRIFTY = "thrifty"
THRIFTY_P = 0.8


def _fail(game: IntrigeGame, seed: int, step: int, what: str) -> None:
    raise Divergence("intrige", game.players, game.options, seed, step, what)


def play_both(game: IntrigeGame, seed: int, policy: str = RANDOM, observe_every: int = 1,
              watch: Callable[[IntrigeState, int], None] | None = None
              ) -> tuple[IntrigeState, int]:
    """Play one game in both engines; return the final (reference) position and the steps
    played. `observe_every` compares every seat's tensor at every k-th step (1: every
    step) and at the end; `watch` is called with every reference position of the game
    and the index played there (-1 at the end)."""
    ref: IntrigeState = game.new_state(seed).for_search()
    nat = NativeIntrige.new(game, seed)
    rng = random.Random(seed * 7919 + game.players)
    step = 0
    while True:
        if compare("intrige", game, seed, step, ref, nat, state_data(ref),
                   step % observe_every == 0):
            if watch is not None:
                watch(ref, -1)
            return ref, step
        to_act = ref.to_act
        player = to_act[0]
        legal = ref.legal_indices(player)
        if legal != nat.legal_indices():
            _fail(game, seed, step, "legal indices")
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
    """The long run of this game (`tests.native.longrun`, whose options it takes)."""
    from tests.native import longrun
    return longrun.main(["--game", "intrige", *(sys.argv[1:] if argv is None else argv)])


if __name__ == "__main__":
    sys.exit(main())
