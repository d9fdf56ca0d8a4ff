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

import random
import sys
from collections.abc import Callable
from typing import Any

from tavola.games.nottingham.game import NottinghamGame, NottinghamState
from tavola.native.nottingham import NativeNottingham, state_data
from tests.native.divergence import Divergence, compare

RANDOM = "random"
HOARD = "hoard"
HOARD_P = 0.85


def _fail(game: NottinghamGame, seed: int, step: int, what: str) -> None:
    raise Divergence("nottingham", game.players, game.options, seed, step, what)


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
              watch: Callable[[NottinghamState, int], None] | None = None
              ) -> tuple[NottinghamState, int]:
    """Play one game in both engines; return the final (reference) position and the steps
    played. `observe_every` compares every seat's tensor at every k-th step (1: every
    step) and at the end; `watch` is called with every reference position of the game
    and the index played there (-1 at the end)."""
    ref: NottinghamState = game.new_state(seed).for_search()
    nat = NativeNottingham.new(game, seed)
    rng = random.Random(seed * 7919 + game.players)
    commission_at = game.encoding().size - 78
    step = 0
    while True:
        if compare("nottingham", game, seed, step, ref, nat, state_data(ref),
                   step % observe_every == 0):
            if watch is not None:
                watch(ref, -1)
            return ref, step
        to_act = ref.to_act
        legal = ()
        player = to_act[rng.randrange(len(to_act))] if len(to_act) > 1 else to_act[0]
        for q in to_act:
            indices = ref.legal_indices(q)
            if indices != nat.legal_indices(q):
                _fail(game, seed, step, f"legal indices of seat {q}")
            if q == player:
                legal = indices
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
    """The long run of this game (`tests.native.longrun`, whose options it takes)."""
    from tests.native import longrun
    return longrun.main(["--game", "nottingham", *(sys.argv[1:] if argv is None else argv)])


if __name__ == "__main__":
    sys.exit(main())
