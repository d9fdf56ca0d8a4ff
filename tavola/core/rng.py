"""A small seeded random generator whose whole state is one integer.

The state of a game carries its generator, so the generator must be cheap to copy and
serialise: a SplitMix64 stream fits in one int and replays identically on every platform.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Any, TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def seed_to_state(seed: int) -> int:
    """Turn any integer seed into a 64-bit generator state."""
    return mix(seed & _MASK)


def mix(z: int) -> int:
    """Scramble a 64-bit integer (SplitMix64 finaliser)."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Rng:
    """SplitMix64 stream; `state` is the whole of it."""

    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next64(self) -> int:
        """Return the next 64-bit value."""
        self.state = (self.state + _GOLDEN) & _MASK
        return mix(self.state)

    def below(self, n: int) -> int:
        """Return a uniform integer in [0, n) by rejection, so no value is favoured."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _MASK - (_MASK + 1) % n
        while True:
            v = self.next64()
            if v <= limit:
                return v % n

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Shuffle in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T]) -> T:
        """Return one element uniformly."""
        return items[self.below(len(items))]
