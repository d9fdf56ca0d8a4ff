"""A finished table's rematch: its seats (rotated by one), its row, and offering it to the
table's clients, each seat its own new seat and token."""

from __future__ import annotations

import secrets
import time
from collections.abc import Sequence

from tavola.server import tokens
from tavola.server.protocol import PROTOCOL
from tavola.server.storage import SeatRow, TableRow
from tavola.server.table_core import HUMAN, Client, TableCore


class TableRematch(TableCore):
    """The rematch of a table."""

    # -- rematch --------------------------------------------------------------------------
    def rematch_seat(self, seat: int) -> int:
        """Return the seat at the rematch of whoever sits at `seat` here (rotated by one,
        so the first player changes)."""
        return (seat + 1) % self.game.players

    def rematch_row(self) -> TableRow:
        """Return a new table like this one: the same game, options, settings and seat
        kinds, bots with their specs and people with their names, rotated by one seat; its
        people's tokens are bound later, one by one (`Hub.bind_rematch_seat`)."""
        seats = [SeatRow(self.rematch_seat(s.seat), s.kind, bot=s.bot, reserved=s.reserved,
                         name=s.name, taken=s.taken) for s in self.seats]
        seats.sort(key=lambda s: s.seat)
        now = time.time()
        waits = self.settings.wait and any(s.kind == HUMAN and not s.taken for s in seats)
        return TableRow(tokens.new_table_id(), self.row.game, self.game.info.version,
                        self.game.players, dict(self.game.options), tokens.new_seed(),
                        tokens.token_hash(tokens.new_token()), dict(self.row.settings), 0,
                        False, now, seats, [], started=None if waits else now)

    async def offer_rematch(self, clients: Sequence[Client] | None = None) -> None:
        """Tell `clients` (default: every client here) where the rematch is: each seat its
        own new seat and token, spectators only the table."""
        if self.rematch is None:
            return
        new = await self.hub.get(self.rematch)
        for client in list(self.clients) if clients is None else clients:
            seat: int | None = None
            token: str | None = None
            current = None if client.seat is None else self.seats[client.seat].token_hash
            if (client.seat is not None and client.token is not None
                    and current is not None and client.token_hash is not None
                    and secrets.compare_digest(current, client.token_hash)):
                seat = self.rematch_seat(client.seat)
                token = tokens.rematch_token(client.token, new.id, seat)
                if not await self.hub.bind_rematch_seat(new, seat, token):
                    seat, token = None, None
            client.push({"type": "rematch", "protocol": PROTOCOL, "table": new.id,
                         "seat": seat, "token": token})
