"""The differential driver: the reference and the native core through the same game.

`play_both` sets both engines up from one seed and plays them through the same action
indices, drawn from a generator of the test's own, comparing at every step: who acts, the
legal index sequences (the same indices in the same order), the position (its data, which
`tavola.native.rattus.digest` digests), every seat's observation tensor and, at the end, the
scores and the returns. Any difference raises `Divergence` naming the game, the seed and
the step. `python -m tests.native.differential` is the long run (docs/native.md).
"""

from __future__ import annotations

import random
import sys
from typing import Any

from tavola.games.rattus.components import REGION_INDEX
from tavola.games.rattus.game import RattusGame, RattusState
from tavola.native.rattus import NativeRattus
from tests.native.divergence import Divergence, compare

# A stalling table (every seat mostly ends A and B at once and moves the plague where no
# rats are): long games that reach the round limit, which random play never does.
STALL = "stall"
RANDOM = "random"
STALL_PASS = 0.9


def _fail(game: RattusGame, seed: int, step: int, what: str) -> None:
    raise Divergence("rattus", game.players, game.options, seed, step, what)


def play_both(game: RattusGame, seed: int, policy: str = RANDOM,
              observe_every: int = 1) -> tuple[RattusState, int]:
    """Play one game in both engines; return the final (reference) position and the steps
    played. `observe_every` compares every seat's tensor at every k-th step (1: every
    step) and at the end."""
    ref: RattusState = game.new_state(seed).for_search()
    nat = NativeRattus.new(game, seed)
    rng = random.Random(seed * 7919 + game.players)
    encoding = game.encoding()
    passes = (encoding.size - 1, encoding.size - 2)  # end A and B at once, no card
    step = 0
    while True:
        if compare("rattus", game, seed, step, ref, nat, ref.data(),
                   step % observe_every == 0):
            return ref, step
        to_act = ref.to_act
        player = to_act[0]
        legal = ref.legal_indices(player)
        if legal != nat.legal_indices():
            _fail(game, seed, step, "legal indices")
        i = rng.randrange(len(legal))
        if policy == STALL:
            i = _stall(ref, player, legal, i, rng, passes)
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
    """The long run of this game (`tests.native.longrun`, whose options it takes)."""
    from tests.native import longrun
    return longrun.main(["--game", "rattus", *(sys.argv[1:] if argv is None else argv)])


if __name__ == "__main__":
    sys.exit(main())
