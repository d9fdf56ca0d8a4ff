"""What the four differential drivers share: the difference they raise and how they check.

`Divergence` names the game, its player count and options, the seed and the step, and
keeps them as attributes, so that the long run (`tests.native.longrun`) can write them down.
"""

from __future__ import annotations

from typing import Any


class Divergence(AssertionError):
    """The engines differ: in `what`, at `step` of the game of `seed`."""

    def __init__(self, game: str, players: int, options: dict[str, Any], seed: int,
                 step: int, what: str) -> None:
        super().__init__(f"{game} {players}p {options} seed {seed} step {step}: "
                         f"{what} differ")
        self.game = game
        self.players = players
        self.options = options
        self.seed = seed
        self.step = step
        self.what = what
