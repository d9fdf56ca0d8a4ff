"""Who sits where in each game of a tournament, and each game's seed.

The schedule depends only on the bot list (in its order) and the player count, never on the
seed, so game `i` has the same line-up in every run of the same tournament. With `m` bots
and `n` seats it is made of cycles; within every complete cycle each bot sits in each seat
equally often:

- **m ≤ n** (as many bots as seats, or fewer): seat `s` of game `i` holds bot
  `(s - i) mod m`. The cycle is `m` games. With `m = n` this is the line-up moved one seat on
  each game; with fewer bots than seats a bot holds several seats of one game (`a, b` over
  four seats plays `a b a b`, then `b a b a`). Only a line-up (`m = n`) may name a bot more
  than once: `ismcts, greedy, greedy, greedy` puts `ismcts` against three `greedy` seats and
  moves it through every seat, so each bot still sits in each seat equally often (a bot
  named k times, k times per cycle).
- **m > n** (more bots than seats): every `n`-bot subset of the bots plays, each in all `n`
  rotations in a row (rotation `r` puts the subset's `k`-th bot in seat `(k + r) mod n`).
  The cycle is `C(m, n) · n` games: each bot sits in each seat `C(m-1, n-1)` times and every
  two bots meet in `C(m-2, n-2) · n` games. The subsets follow one another so that a prefix
  of a cycle stays as even as it can: the next subset is the unplayed one whose bots have
  played the fewest subsets so far (their counts summed), ties going to the earliest in
  lexicographic order of bot positions. A run that stops in mid-cycle is therefore still
  balanced by seat (every `n` games) and nearly balanced by bot.

Game `i`'s seed is the first 63 bits of SHA-256 of `"<seed>/<i>"`: runs with neighbouring
seeds share no games, and any game can be replayed alone from its record.
"""

from __future__ import annotations

import hashlib
import itertools
import math
from dataclasses import dataclass, field

from tavola.core import BadOptions

MAX_SUBSETS = 2000
"""The most bot subsets a schedule may cycle through (ordering them costs their square)."""


def game_seed(seed: int, index: int) -> int:
    """Return the seed of game `index` of a tournament run with `seed`."""
    digest = hashlib.sha256(f"{seed}/{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def balanced_order(bots: int, seats: int) -> list[tuple[int, ...]]:
    """Return every `seats`-subset of `range(bots)` in the order the schedule plays them."""
    subsets = list(itertools.combinations(range(bots), seats))
    played = [0] * bots
    remaining = list(range(len(subsets)))
    order: list[tuple[int, ...]] = []
    while remaining:
        best = min(remaining, key=lambda k: (sum(played[b] for b in subsets[k]), k))
        remaining.remove(best)
        order.append(subsets[best])
        for b in subsets[best]:
            played[b] += 1
    return order


@dataclass(frozen=True)
class Schedule:
    """The seat assignments of a tournament of `bots` over `players` seats."""

    bots: tuple[str, ...]
    players: int
    subsets: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.bots:
            raise BadOptions("name at least one bot")
        if self.players < 1:
            raise BadOptions("a tournament needs at least one seat")
        m, n = len(self.bots), self.players
        seen: set[str] = set()
        for bot in self.bots:
            # A list exactly as long as the seats is a line-up, and a line-up may repeat a
            # bot (one against a field of copies of another); any other list names bots.
            if bot in seen and m != n:
                raise BadOptions(f"bot {bot!r} is named twice: name each bot once, or give "
                                 f"a line-up of exactly {n} bots (with fewer bots than "
                                 "seats, bots take several seats)")
            seen.add(bot)
        subsets: tuple[tuple[int, ...], ...] = ()
        if m > n:
            count = math.comb(m, n)
            if count > MAX_SUBSETS:
                raise BadOptions(f"{m} bots over {n} seats make {count} line-ups to rotate "
                                 f"through; at most {MAX_SUBSETS} are supported")
            subsets = tuple(balanced_order(m, n))
        object.__setattr__(self, "subsets", subsets)

    @property
    def cycle(self) -> int:
        """Return the number of games after which every bot has sat in every seat equally."""
        m, n = len(self.bots), self.players
        return m if m <= n else len(self.subsets) * n

    def seats(self, index: int) -> tuple[str, ...]:
        """Return the bot in each seat of game `index`."""
        m, n = len(self.bots), self.players
        if m <= n:
            return tuple(self.bots[(s - index) % m] for s in range(n))
        position = index % self.cycle
        subset, rotation = self.subsets[position // n], position % n
        return tuple(self.bots[subset[(s - rotation) % n]] for s in range(n))

    def describe(self) -> str:
        """Say in one sentence how seats are assigned."""
        m, n = len(self.bots), self.players
        if m == n:
            how = "the line-up moves one seat on each game"
        elif m < n:
            how = f"{m} bots fill the {n} seats in turn, moving one seat on each game"
        else:
            how = (f"each of the {len(self.subsets)} sets of {n} bots plays in all {n} "
                   "rotations")
        return f"Seating: {how}; every {self.cycle} games each bot sits in each seat equally."
