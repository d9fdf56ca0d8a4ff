"""Limits per client: how often one address may do what costs the server (create a table).

A token bucket per key (a client's address): `burst` at once, then one more every
`per / burst` seconds. The buckets live in memory, at most `MAX_KEYS` of them (the oldest
forgotten first), so an attacker with many addresses costs bounded memory.
"""

from __future__ import annotations

import time
from collections import OrderedDict

MAX_KEYS = 10_000


class KeyedRateLimit:
    """Allow each key `burst` events in any `per` seconds (a token bucket per key)."""

    def __init__(self, burst: int, per: float) -> None:
        self.burst = float(burst)
        self.rate = burst / per if per > 0 else float("inf")
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def allow(self, key: str, now: float | None = None) -> float:
        """Take one event's allowance for `key`: 0.0 if allowed, else how many seconds
        until the next one would be."""
        now = time.monotonic() if now is None else now
        tokens, last = self._buckets.pop(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - last) * self.rate)
        if tokens >= 1.0:
            self._buckets[key] = (tokens - 1.0, now)
            wait = 0.0
        else:
            self._buckets[key] = (tokens, now)
            wait = (1.0 - tokens) / self.rate
        while len(self._buckets) > MAX_KEYS:
            self._buckets.popitem(last=False)
        return wait
