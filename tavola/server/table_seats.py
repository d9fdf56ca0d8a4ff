"""A table's seats: taking, claiming and reissuing them, the stand-ins playing people's seats,
and who is connected (shared with the other server processes)."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from tavola.core.game import seat_label
from tavola.server import tokens
from tavola.server.protocol import error_frame
from tavola.server.settings import Settings
from tavola.server.storage import SeatRow
from tavola.server.table_core import HUMAN, Refused, TableCore

log = logging.getLogger("tavola.server")

SEATS_DELAY = 0.25
"""Joins and leaves within this many seconds are told to the table in one `seats` frame."""


def claimable(settings: Settings, seat: SeatRow) -> bool:
    """True if anyone may take `seat` from the lobby: a person's seat at a public table,
    neither reserved for a name nor taken (its link used, by any route)."""
    return (settings.public and seat.kind == HUMAN and seat.reserved is None
            and not seat.taken and seat.name is None)


class TableSeats(TableCore):
    """The seats of a table, its stand-ins and its presence."""

    _standins_task: asyncio.Task[None] | None
    _presence_stored: frozenset[int] | None
    _presence_again: int
    _presence_task: asyncio.Task[None] | None
    _seats_due: bool

    def claimable(self, seat: SeatRow) -> bool:
        """True if anyone may take `seat` from the lobby (see `claimable`)."""
        return claimable(self.settings, seat)

    def spectator_count(self) -> int:
        """Return how many spectators watch this table here (the host's own connection
        not counted)."""
        return sum(1 for c in self.clients if c.seat is None and not c.host)

    def seats_changed(self) -> None:
        """Who is connected here changed: share it with the other processes, and tell every
        client once for all the joins and leaves of `SEATS_DELAY` seconds, so a crowd
        arriving costs one frame each, not one frame each per arrival."""
        self.share_presence()
        if self._seats_due:
            return
        self._seats_due = True
        asyncio.get_running_loop().call_later(SEATS_DELAY, self._send_seats)

    def _send_seats(self) -> None:
        self._seats_due = False
        self.push_seats()

    async def take(self, seat: int, name: str | None = None) -> None:
        """Mark a seat taken — its link was used, to join or to play — and set its display
        name if one is given: from now on it is someone's, and nobody can claim it from the
        lobby."""
        async with self.lock:
            # Under the lock: a refresh reading the stored seats before this store and
            # taking them in after it would otherwise mark the seat free again here.
            row = self.seats[seat]
            if row.taken and (name is None or name == row.name):
                return
            values: dict[str, Any] = {"taken": True}
            if name is not None:
                values["name"] = name
            await asyncio.to_thread(self.hub.storage.set_seat, self.id, seat, **values)
            row.taken = True
            if name is not None:
                row.name = name
        self.broadcast()
        await self._start_if_ready()

    async def claim(self, seat: int, name: str) -> str:
        """Give an open seat of a public table to whoever asks from the lobby, under
        `name`; return its new token (the seat's old link stops working)."""
        async with self.lock:
            if not 0 <= seat < len(self.seats):
                raise Refused("no_such_seat")
            row = self.seats[seat]
            if not self.settings.public:
                raise Refused("table_private")
            if not self.claimable(row):
                raise Refused("seat_not_open")
            token = tokens.new_token()
            hashed = tokens.token_hash(token)
            if not await asyncio.to_thread(self.hub.storage.claim_seat, self.id, seat,
                                           hashed, name):
                raise Refused("seat_not_open")
            row.token_hash, row.name, row.taken = hashed, name, True
        self.broadcast()
        await self._start_if_ready()
        return token

    async def reissue(self, seat: int) -> str:
        """Give a person's seat a new link (the host's call: a player lost theirs, or the
        seat goes to somebody else); return the new token. The old link stops working at
        once and its connections are closed; the seat stays reserved for the name it had,
        so the lobby never offers it, until the new link is used."""
        async with self.lock:
            if not 0 <= seat < len(self.seats):
                raise Refused("no_such_seat")
            row = self.seats[seat]
            if row.kind != HUMAN:
                raise Refused("seat_not_a_person", seat=seat_label(seat))
            token = tokens.new_token()
            hashed = tokens.token_hash(token)
            reserved = row.name or row.reserved
            await asyncio.to_thread(self.hub.storage.set_seat, self.id, seat,
                                    token_hash=hashed, name=None, reserved=reserved,
                                    taken=False)
            row.token_hash, row.name, row.reserved, row.taken = hashed, None, reserved, False
            for client in list(self.clients):
                if client.seat == seat and not client.host:
                    client.push(error_frame(Refused("link_replaced"), self.state_id,
                                            client.lang))
                    client.close()
        self.broadcast()
        return token

    def zombie(self, seat: int, on: bool) -> None:
        """Hand a seat to a bot (on) or give it back to its person; stored, so every
        process shows it and the process driving the table plays it."""
        if self._set_standin(seat, on):
            self._changed()

    def _set_standin(self, seat: int, on: bool) -> bool:
        """Note that a bot plays `seat` (on) or not and store it (soon, in order, under the
        lock); False if nothing changed."""
        if on == (seat in self.zombies) or self.seats[seat].kind != HUMAN:
            return False
        if on:
            self.zombies.add(seat)
        else:
            self.zombies.discard(seat)
            self.clocks.returned(seat, time.time())
        self._standins_unsaved.add(seat)
        if self._standins_task is None or self._standins_task.done():
            self._standins_task = asyncio.get_running_loop().create_task(
                self._save_standins())
        return True

    async def _save_standins(self) -> None:
        # Under the lock, so a refresh never reads the stored flags between a change here
        # and its storing (it would take the old flag for news).
        async with self.lock:
            while self._standins_unsaved:
                saving = {seat: seat in self.zombies for seat in self._standins_unsaved}
                try:
                    await asyncio.to_thread(self.hub.storage.set_standins, self.id, saving)
                except Exception:
                    log.exception("table %s: storing the stand-ins failed", self.id)
                    self._standins_unsaved.clear()
                    return
                for seat, on in saving.items():
                    if (seat in self.zombies) == on:
                        self._standins_unsaved.discard(seat)

    # -- presence -------------------------------------------------------------------------
    def connected_here(self) -> set[int]:
        """Return the seats with a connection to this process."""
        return {c.seat for c in self.clients if c.seat is not None}

    def share_presence(self, again: bool = False) -> None:
        """Store which seats this process has a connection of, if that changed (call it
        whenever a client arrives or leaves), or `again` even if not (the stored rows may
        have been swept away). PostgreSQL only: SQLite has one process."""
        if not self.hub.storage.is_postgres or not self.hub.running:
            return
        if again:
            self._presence_stored = None
            self._presence_again += 1
        if self._presence_task is not None and not self._presence_task.done():
            return
        if frozenset(self.connected_here()) != self._presence_stored:
            self._presence_task = asyncio.get_running_loop().create_task(
                self._save_presence())

    async def _save_presence(self) -> None:
        while self.hub.running and (here := frozenset(self.connected_here())) != \
                self._presence_stored:
            asked = self._presence_again
            try:
                await asyncio.to_thread(self.hub.storage.set_presence, self.id, set(here))
            except Exception:
                log.exception("table %s: storing who is connected failed", self.id)
                return
            if asked == self._presence_again:
                self._presence_stored = here
