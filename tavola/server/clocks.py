"""Clocks: how long each person at a table has to decide, and what happens when it runs out.

A table's creator picks one of two speeds, as Board Game Arena offers them:

- **real time**: each person has a bank of time for the whole game (say 3 minutes) and
  gains a little more with every decision they make (say 20 seconds); the bank runs down
  while the game waits for them.
- **turn based**: each decision has its own time (say a day), whatever was used before.

A clock runs only for a person's seat that is to act, in a game in play (not waiting for its
players, not over), while no stand-in bot plays the seat. When it runs out, the seat is out
of time: the other players are asked whether a stand-in should play it until its person
returns, or whether to wait; with no answer within `VOTE_SECONDS` the stand-in plays (at
once when no other person is there to answer). Players who chose to wait may still hand the
seat to a stand-in at any time while it stays out of time. A person who comes back takes the
seat again with at least `RETURN_SECONDS` (real time) or a whole decision's time (turn based).

What the clock of each seat holds after each decision is stored with the decision, so a
restarted server (or another process) knows every bank. While a seat waits for its decision
its clock is counted from the table's last decision (or the start of play): a person whose
decision was pending through other players' simultaneous decisions gets, after a restart,
the time since the last of them (a small gift, never a loss).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from tavola.server.storage import ActionRow

REALTIME = "realtime"
TURN = "turn"
OFF = "off"
KINDS = (REALTIME, TURN, OFF)

DEFAULT_BANK = 180.0
"""Real time: the bank each person starts with (3 minutes)."""
DEFAULT_INCREMENT = 20.0
"""Real time: what each decision adds to its maker's bank."""
DEFAULT_TURN = 86_400.0
"""Turn based: the time for each decision (a day)."""
MAX_SECONDS = 30 * 86_400.0
"""The longest clock a table may set (a bank or one decision's time): 30 days."""
MAX_INCREMENT = 3_600.0
VOTE_SECONDS = 60.0
"""How long the other players have to answer before a stand-in plays a seat out of time."""
RETURN_SECONDS = 30.0
"""Real time: the least a person who comes back to a seat out of time finds on its clock."""


@dataclass(frozen=True)
class Clock:
    """A table's clock: its kind, the bank (real time) or each decision's time (turn
    based) in seconds, and the addition per decision (real time)."""

    kind: str = OFF
    seconds: float = 0.0
    increment: float = 0.0

    @property
    def on(self) -> bool:
        """True if this clock runs at all."""
        return self.kind != OFF

    def to_json(self) -> dict[str, Any]:
        """Return the clock as JSON data."""
        return {"kind": self.kind, "seconds": self.seconds, "increment": self.increment}

    @staticmethod
    def from_json(data: Any, timer: Any = None) -> Clock:
        """Read a stored clock (`timer`: the seconds per decision of a table stored before
        clocks had speeds, which is a turn-based clock)."""
        if isinstance(data, dict) and data.get("kind") in (REALTIME, TURN):
            return Clock(str(data["kind"]), float(data.get("seconds", 0.0)),
                         float(data.get("increment", 0.0)))
        if isinstance(timer, (int, float)) and not isinstance(timer, bool):
            return Clock(TURN, float(timer))
        return Clock()

    def problem(self) -> str | None:
        """Return what is wrong with this clock as a table's setting (a refusal code), or
        None."""
        if self.kind not in KINDS:
            return "clock_kind"
        if not self.on:
            return None
        if not 1.0 <= self.seconds <= MAX_SECONDS:
            return "clock_seconds"
        if not 0.0 <= self.increment <= MAX_INCREMENT or (self.kind == TURN and self.increment):
            return "clock_increment"
        return None

    def after(self, left: float, used: float) -> float:
        """Return what a seat's clock holds after a decision that took `used` seconds with
        `left` on the clock."""
        if self.kind == TURN:
            return self.seconds
        return max(0.0, left - used) + self.increment

    def back(self, left: float) -> float:
        """Return what the clock of a person coming back to their seat holds."""
        if self.kind == TURN:
            return self.seconds
        return max(left, RETURN_SECONDS, self.increment)


def default_clock(kind: str = REALTIME) -> Clock:
    """Return the clock of a table with people whose creator chose only its speed."""
    if kind == REALTIME:
        return Clock(REALTIME, DEFAULT_BANK, DEFAULT_INCREMENT)
    if kind == TURN:
        return Clock(TURN, DEFAULT_TURN)
    return Clock()


class SeatClocks:
    """The clocks of every seat of one table (times are `time.time()` seconds).

    `left[seat]` is what the seat's clock held when it last stopped; `since` has the seats
    whose clock runs now and when it started; `out` the seats out of time, each with the
    moment its vote ends (None: the players chose to wait)."""

    def __init__(self, clock: Clock, seats: int, actions: Sequence[ActionRow]) -> None:
        self.clock = clock
        self.left = [clock.seconds] * seats
        for action in actions:
            if action.clock is not None:
                self.left[action.seat] = action.clock
        self.since: dict[int, float] = {}
        self.out: dict[int, float | None] = {}
        self.back_at: dict[int, float] = {}

    def run(self, seats: Iterable[int], start: float, now: float) -> None:
        """Run the clocks of exactly `seats` (a seat whose clock runs already keeps its
        start; a new one starts at `start`); a clock that stops without a decision keeps
        the time it used spent."""
        running = set(seats) if self.clock.on else set()
        for seat in list(self.since):
            if seat not in running:
                self.left[seat] = max(0.0, self.left[seat] - (now - self.since.pop(seat)))
        for seat in running:
            if seat not in self.since:
                self.since[seat] = self.back_at.pop(seat, min(start, now))
        for seat in list(self.back_at):
            if seat not in running:
                del self.back_at[seat]

    def held_after(self, seat: int, now: float) -> float | None:
        """Return what `seat`'s clock holds if it decides now (None if its clock does not
        run: the table has none, or a bot or a stand-in decides)."""
        if seat not in self.since:
            return None
        return self.clock.after(self.left[seat], now - self.since[seat])

    def decided(self, seat: int, held: float | None) -> None:
        """Note that `seat` decided, its clock holding `held` after (`held_after`)."""
        self.out.pop(seat, None)
        self.since.pop(seat, None)
        if held is not None:
            self.left[seat] = held

    def returned(self, seat: int, now: float) -> None:
        """A person came back to their seat (a stand-in played it): it is no longer out of
        time, its clock holds at least what `Clock.back` gives and, if the seat is to act,
        runs from `now`."""
        self.out.pop(seat, None)
        self.left[seat] = self.clock.back(self.left[seat])
        if self.clock.on:
            self.back_at[seat] = now

    def remaining(self, seat: int, now: float) -> float | None:
        """Return the time left on `seat`'s clock now (None: the table has no clock)."""
        if not self.clock.on:
            return None
        since = self.since.get(seat)
        used = 0.0 if since is None else now - since
        return max(0.0, self.left[seat] - used)

    def is_out(self, seat: int, now: float) -> bool:
        """True if `seat` is out of time: marked so (`ran_out`), or its running clock is at
        nothing (a process that does not drive the table never marks it)."""
        return seat in self.out or (seat in self.since and self.remaining(seat, now) == 0.0)

    def deadline(self, seat: int) -> float:
        """Return when the running clock of `seat` runs out."""
        return self.since[seat] + self.left[seat]

    def next_moment(self) -> float | None:
        """Return the next moment something happens: a running clock runs out, or a vote
        ends."""
        moments = [self.deadline(s) for s in self.since if s not in self.out]
        moments += [end for end in self.out.values() if end is not None]
        return min(moments, default=None)

    def ran_out(self, now: float, vote: float = VOTE_SECONDS) -> list[int]:
        """Mark every seat whose clock ran out by `now` as out of time (its vote ends `vote`
        seconds after its clock did); return the seats newly out."""
        new = sorted(s for s in self.since if s not in self.out and self.deadline(s) <= now)
        for seat in new:
            self.out[seat] = self.deadline(seat) + vote
        return new

    def wait_for(self, seat: int) -> None:
        """The players chose to wait for `seat`: its vote ends without a stand-in."""
        if seat in self.out:
            self.out[seat] = None

    def votes_over(self, now: float) -> list[int]:
        """Return the seats out of time whose vote ended unanswered by `now`."""
        return sorted(s for s, end in self.out.items() if end is not None and end <= now)
