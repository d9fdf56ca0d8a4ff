"""A table shared with other server processes (PostgreSQL): catching up with what they stored,
refreshing on their notification, and taking over a table whose driving process stopped."""

from __future__ import annotations

import asyncio
import logging
import time

from tavola.server.clocks import SeatClocks
from tavola.server.storage import TableRow
from tavola.server.table_core import HUMAN, TableCore, replay

log = logging.getLogger("tavola.server")

TAKEOVER_SECONDS = 5.0
"""How long past a bot's budget (or the clock) a table may wait for the process driving
it before another process takes over."""


class TableSync(TableCore):
    """What a table takes in from the other processes serving it."""

    _refresh_waiting: bool
    _chat_removed: bool
    _refreshes: set[asyncio.Task[None]]
    takeover_task: asyncio.Task[None] | None

    async def _catch_up(self) -> None:
        row = await asyncio.to_thread(self.hub.storage.load_table, self.id)
        if row is None:
            return
        await self._absorb(row)

    async def _absorb(self, row: TableRow) -> None:
        """Take in what another process stored (the caller holds the lock). A row read
        before this table took in a newer change (an older revision, or the same one with
        fewer actions) is stale and changes nothing: a table never goes back."""
        if row.revision < self.revision or (row.revision == self.revision
                                            and len(row.actions) < self.count):
            return
        same_prefix = (row.revision == self.revision and len(row.actions) >= self.count
                       and all(a.action == b.action and a.seat == b.seat
                               for a, b in zip(row.actions, self.actions, strict=False)))
        changed = len(row.actions) != self.count or row.revision != self.revision
        if same_prefix:
            for a in row.actions[self.count:]:
                self.previous, self.state = self.state, self.state.apply(a.seat, a.action)
                self.actions.append(a)
                self.clocks.decided(a.seat, a.clock)
        else:
            self.state, self.previous = await asyncio.to_thread(
                replay, self.game, row.seed, row.actions)
            self.actions = row.actions
            self.clocks = SeatClocks(self.settings.clock, self.game.players, self.actions)
            self.decision_since.clear()
            self._rendered.clear()
            for c in self.clients:
                c.log_sent = 0
        self.revision = row.revision
        began = self.started is None and row.started is not None
        if began:
            self.started = row.started
        renamed = False
        for mine, stored in zip(self.seats, row.seats, strict=True):
            if ((mine.name, mine.token_hash, mine.reserved, mine.taken)
                    != (stored.name, stored.token_hash, stored.reserved, stored.taken)):
                mine.name, mine.token_hash = stored.name, stored.token_hash
                mine.reserved, mine.taken = stored.reserved, stored.taken
                renamed = True
        seats_changed = self.elsewhere != row.elsewhere
        self.elsewhere = set(row.elsewhere)
        for mine, stored in zip(self.seats, row.seats, strict=True):
            if mine.waited != stored.waited:
                mine.waited = stored.waited
                if stored.waited:
                    self.clocks.wait_for(stored.seat)
                seats_changed = True
        for stored in row.seats:
            # A change made here and not stored yet is newer than what was read.
            if stored.seat in self._standins_unsaved or stored.kind != HUMAN:
                continue
            if stored.standin != (stored.seat in self.zombies):
                if stored.standin:
                    self.zombies.add(stored.seat)
                else:
                    self.zombies.discard(stored.seat)
                    self.clocks.returned(stored.seat, time.time())
                seats_changed = True
        if changed or began:
            # (Play began elsewhere: the frames made here while waiting offered no move.)
            self.drives = False
            self._cache.clear()
            self._track_decisions()
            self._run_clocks()
            self.broadcast()
            self._schedule_takeover()
        elif renamed:
            # A seat joined, was claimed or got a new link elsewhere: who drives the table's
            # bots and clocks is not changed by it.
            self._run_clocks()
            self.broadcast()
        elif seats_changed:
            self._run_clocks()
            self.push_seats()
        if seats_changed and self.drives:
            # A stand-in set elsewhere is played by the process that drives the table.
            self._schedule_bots()
            self._schedule_timer()
        if renamed:
            # The last seat may have been taken elsewhere a moment after one here.
            await self._start_if_ready()

    def refresh_soon(self, chat_removed: bool = False) -> None:
        """Refresh once more (a refresh already waiting to read covers this call too);
        `chat_removed`: an operator removed a chat line, so the refresh looks for it."""
        self._chat_removed = self._chat_removed or chat_removed
        if self._refresh_waiting:
            return
        self._refresh_waiting = True
        task = asyncio.get_running_loop().create_task(self.refresh())
        self._refreshes.add(task)
        task.add_done_callback(self._refreshes.discard)

    async def refresh(self) -> None:
        """Load what other processes stored since (called on their notification): actions,
        seats, stand-ins, presence and chat. Read under the lock, so nothing stored here
        meanwhile can make the news look older than what this process shows."""
        async with self.lock:
            self._refresh_waiting = False
            chat_removed, self._chat_removed = self._chat_removed, False
            storage = self.hub.storage
            row = await asyncio.to_thread(storage.load_table, self.id)
            if row is None:
                # An operator ended the table (`tavola admin end-table`, or the page's
                # operator tools on another process).
                self.hub.ended(self)
                return
            news = await asyncio.to_thread(storage.chat_after, self.id, self.chat_last)
            await self._absorb(row)
            self.push_chat(news)
            if chat_removed:
                await self.check_chat()
        if row is not None and row.rematch is not None and self.rematch is None:
            # Another process started the rematch: offer it to the clients here.
            async with self.rematch_lock:
                if self.rematch is None:
                    self.rematch = row.rematch
                    await self.offer_rematch()

    def _schedule_takeover(self) -> None:
        """Another process drives this table's bots and clocks; should it stop (it died),
        this one takes over once the table has waited a bot's budget and some."""
        if self.takeover_task is not None:
            self.takeover_task.cancel()
        if self.hub.running and not self.state.is_terminal:
            self.takeover_task = asyncio.get_running_loop().create_task(
                self._take_over(self.count, self.revision))

    async def _take_over(self, count: int, revision: int) -> None:
        wait = self.settings.bot_seconds + TAKEOVER_SECONDS
        moment = self.clocks.next_moment()
        if self._bot_seat() is None and moment is not None:
            wait = max(0.0, moment - time.time()) + TAKEOVER_SECONDS
        await asyncio.sleep(wait)
        self.takeover_task = None
        if (self.count, self.revision) == (count, revision) and not self.drives:
            log.info("table %s: nothing happened for %.0f s; this process drives it now",
                     self.id, wait)
            self.drives = True
            self.start()
