"""What the four differential drivers share: the difference they raise and the checks of a
position.

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


def compare(name: str, game: Any, seed: int, step: int, ref: Any, nat: Any, ref_data: Any,
            observe: bool) -> bool:
    """Compare the reference position `ref` (whose data is `ref_data`) with the native one
    `nat` at `step`: who acts, the data, every seat's observation (where `observe`, and at
    the end), and at the end the scores and the returns (before it, that the returns are
    zero); raise `Divergence` at the first difference. Return whether the game is over."""

    def fail(what: str) -> None:
        raise Divergence(name, game.players, game.options, seed, step, what)

    if ref.to_act != nat.to_act:
        fail("players to act")
    if ref_data != nat.data():
        fail("positions")
    over: bool = ref.is_terminal
    if over or observe:
        for p in range(game.players):
            if ref.observation(p) != nat.observation(p):
                fail(f"observations of seat {p}")
    if over:
        result = ref.result()
        if result.scores != nat.scores():
            fail("scores")
        if result.utilities() != nat.returns():
            fail("returns")
    elif nat.returns() != (0.0,) * game.players:
        fail("returns")
    return over
