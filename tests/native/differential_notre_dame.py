"""The differential driver for Notre Dame: the reference and the native core through the
same game.

`play_both` sets both engines up from one seed and plays them through the same action
indices, drawn from a generator of the test's own, comparing at every step: who acts, the
legal index sequences (the same indices in the same order), the position (every field of
the reference's state data, generator included, which `tavola.native.notre_dame.digest`
digests), every seat's observation tensor and, at the end, the scores and the returns. Any
difference raises `Divergence` naming the game, the seed and the step. The first seat to
act decides (the draft is simultaneous; the order of its choices changes nothing).

Two tables: `random` (uniform among the legal actions) and `favour`, where each seat
mostly plays towards a favourite sector (the Bank for half of them), takes gold, places
cubes, moves them rather than forgo a card and hires the gold and prestige characters: the
limited bank runs dry (the shortfall taken from the richest other player, ties included)
and the general supplies run out, which random play almost never does.
`python -m tests.native.differential_notre_dame` is the long run (docs/native.md).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from typing import Any

from tavola.core import Action
from tavola.games.notre_dame.game import NotreDame, NotreDameState
from tavola.native.notre_dame import NativeNotreDame
from tests.native.divergence import Divergence, compare

RANDOM = "random"
FAVOUR = "favour"
FAVOUR_P = 0.85
FAVOURITES = ("bank", "bank", "residence", "convent_school")


def _fail(game: NotreDame, seed: int, step: int, what: str) -> None:
    raise Divergence("notre-dame", game.players, game.options, seed, step, what)


def play_both(game: NotreDame, seed: int, policy: str = RANDOM, observe_every: int = 1,
              watch: Callable[[NotreDameState], None] | None = None
              ) -> tuple[NotreDameState, int]:
    """Play one game in both engines; return the final (reference) position and the steps
    played. `observe_every` compares every seat's tensor at every k-th step (1: every
    step) and at the end; `watch` is called with every reference position of the game."""
    ref: NotreDameState = game.new_state(seed).for_search()
    nat = NativeNotreDame.new(game, seed)
    rng = random.Random(seed * 7919 + game.players)
    step = 0
    while True:
        if watch is not None:
            watch(ref)
        if compare("notre-dame", game, seed, step, ref, nat, ref._data(),
                   step % observe_every == 0):
            return ref, step
        to_act = ref.to_act
        player = to_act[0]
        legal = ref.legal_indices(player)
        if legal != nat.legal_indices(player):
            _fail(game, seed, step, "legal indices")
        i = rng.randrange(len(legal))
        if policy == FAVOUR:
            i = _favour(ref.legal_actions(player), i, rng, FAVOURITES[(seed + player) % 4])
        ref = ref.apply_index(player, i)
        nat.apply(legal[i], player)
        step += 1


def _favour(actions: Sequence[Action], i: int, rng: random.Random, favourite: str) -> int:
    """Return the favour table's choice: mostly one of the best-ranked actions for a seat
    whose favourite sector is `favourite`, else the random choice `i`."""
    if rng.random() >= FAVOUR_P:
        return i

    def rank(a: Action) -> int:
        kind = a.kind
        if kind in ("keep", "play"):
            card = a.args[0].split(".")[1]
            return (3 if card == favourite else
                    2 if card in ("trusted_friend", "convent_school", "hospital") else 0)
        if kind in ("friend", "to"):
            return 3 if a.args[0] == favourite else 0
        if kind == "benefit":
            return {"gold": 3, "cube": 2}.get(a.args[0], 0)
        if kind == "hire":
            return 3 if a.args[0] in ("moneylender", "city_watch", "mayor") else 0
        if kind == "gold":
            return 3 if a.args[0] == "1" else 0
        return {"place": 3, "take": 3, "pass": 2, "from": 2, "forgo": 0}.get(kind, 1)

    ranks = [rank(a) for a in actions]
    best = max(ranks)
    top = [k for k, r in enumerate(ranks) if r == best]
    return top[rng.randrange(len(top))]


def option_sets() -> list[tuple[dict[str, Any], str]]:
    """The option sets and tables every player count is tested with."""
    return [({}, RANDOM), ({}, FAVOUR), ({"gold": "unlimited"}, RANDOM),
            ({"gold": "unlimited"}, FAVOUR)]


def main(argv: list[str] | None = None) -> int:
    """The long run of this game (`tests.native.longrun`, whose options it takes)."""
    from tests.native import longrun
    return longrun.main(["--game", "notre_dame", *(sys.argv[1:] if argv is None else argv)])


if __name__ == "__main__":
    sys.exit(main())
