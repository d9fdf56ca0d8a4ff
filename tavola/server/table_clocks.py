"""A table's start of play and its people's clocks: when play begins, which clocks run, a seat
out of time put to the other players (a stand-in or wait), and the timer that wakes the table
when a clock runs out or a vote ends. The clocks themselves are `tavola.server.clocks`."""

from __future__ import annotations

import asyncio
import logging
import time

from tavola.core.game import seat_label
from tavola.server.table_core import HUMAN, Client, Refused, TableCore

log = logging.getLogger("tavola.server")


class TableClocks(TableCore):
    """The start of play, the clocks, the votes and the timers of a table."""

    timer_task: asyncio.Task[None] | None

    # -- the start of play and the clocks -------------------------------------------------
    def _missing(self) -> list[str]:
        """Return the labels of the seats for people nobody has taken yet."""
        return [seat_label(s.seat) for s in self.seats if s.kind == HUMAN and not s.taken]

    async def _start_if_ready(self, now: bool = False) -> None:
        """Begin play once every person's seat is taken (or at once if the table does not
        wait, or `now`: the host's call), stored so every process knows."""
        if self.started is not None or (self.settings.wait and self._missing() and not now):
            return
        self.started = await asyncio.to_thread(self.hub.storage.start_play, self.id,
                                               time.time())
        log.info("table %s: play begins", self.id)
        self._changed()

    async def start_now(self, client: Client) -> None:
        """Begin play without waiting for the seats not taken yet (the host only)."""
        if not client.host:
            raise Refused("start_host_only")
        if self.started is not None:
            raise Refused("started_already")
        if self.settings.rated:
            raise Refused("rated_waits")  # every seat is an account's before play begins
        await self._start_if_ready(now=True)

    def _run_clocks(self) -> None:
        """Run the clocks of exactly the seats that should run: people's seats to act, not
        played by a stand-in, in a game in play."""
        if not self.settings.clock.on:
            return
        now = time.time()
        running: set[int] = set()
        if self.started is not None and not self.state.is_terminal:
            running = {s for s in self.state.to_act
                       if self.seats[s].kind == HUMAN and s not in self.zombies}
        last = self.actions[-1].time if self.actions else 0.0
        self.clocks.run(running, max(self.started or now, last), now)
        for seat in list(self.clocks.out):
            if seat not in running:
                del self.clocks.out[seat]

    def _someone_to_ask(self, seat: int) -> bool:
        """True if another person sits at the table, connected, to answer for `seat`."""
        connected = self.connected_here() | self.elsewhere
        return any(s.kind == HUMAN and s.seat != seat and s.seat in connected
                   and s.seat not in self.zombies for s in self.seats)

    async def vote(self, client: Client, seat: int, standin: bool) -> None:
        """A person at the table answers for `seat`, out of time: a stand-in plays it until
        its person returns (`standin`), or the table waits for them."""
        async with self.lock:
            if client.seat is None:
                raise Refused("spectator_cannot_act")
            self._check_client(client, client.seat)
            if not 0 <= seat < len(self.seats):
                raise Refused("no_such_seat")
            if seat == client.seat:
                raise Refused("vote_own_seat")
            if not self.clocks.is_out(seat, time.time()):
                raise Refused("not_out_of_time", seat=seat_label(seat))
            if standin:
                log.info("table %s: the players hand %s to a stand-in", self.id,
                         seat_label(seat))
                self.clocks.out.pop(seat, None)
                self.zombie(seat, True)
            else:
                self.clocks.wait_for(seat)
                await self._set_waited(seat, True)
                self.push_seats()

    async def _set_waited(self, seat: int, on: bool) -> None:
        """Store whether the players wait for `seat` (the caller holds the lock, so these
        are stored in the order they were made)."""
        self.seats[seat].waited = on
        await asyncio.to_thread(self.hub.storage.set_waited, self.id, seat, on)

    def _schedule_timer(self) -> None:
        if self.timer_task is not None:
            self.timer_task.cancel()
            self.timer_task = None
        if self.hub.running and self.clocks.next_moment() is not None:
            self.timer_task = asyncio.get_running_loop().create_task(self._run_timer())

    async def _run_timer(self) -> None:
        moment = self.clocks.next_moment()
        if moment is None:
            return
        await asyncio.sleep(max(0.0, moment - time.time()))
        self.timer_task = None
        async with self.lock:
            now = time.time()
            newly = self.clocks.ran_out(now, self.hub.limits.vote)
            for seat in newly:
                if self.seats[seat].waited:
                    self.clocks.wait_for(seat)
                elif not self._someone_to_ask(seat):
                    self.clocks.out[seat] = now  # nobody to ask: the stand-in plays now
                log.info("table %s: %s ran out of time", self.id, seat_label(seat))
            over = self.clocks.votes_over(now)
            for seat in over:
                log.info("table %s: nobody answered for %s; a stand-in plays the seat",
                         self.id, seat_label(seat))
                self.clocks.out.pop(seat, None)
                self.zombie(seat, True)
            if newly and not over:
                self.push_seats()
        if self.timer_task is None:
            self._schedule_timer()
