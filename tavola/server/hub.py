"""The hub: every table one server process serves, its storage and its bot threads. A table
is loaded when a client, a bot or a clock needs it and dropped again when it waits for
nobody, so start-up and memory do not grow with the tables stored.

`tavola.server.tables` imports this module (its `Hub` is still found there), so the hub
reaches the table class and `tables.IDLE_SECONDS` through that module when it runs, not when
it is imported; `IDLE_SECONDS` is read there each time, so it may be changed there.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import logging
import secrets
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from tavola.core import Game, TavolaError, load
from tavola.core.game import seat_label
from tavola.server import tokens
from tavola.server.protocol import MAX_NAME, clean_text, error_frame
from tavola.server.raybots import RayWorkers
from tavola.server.settings import (
    Limits,
    SeatRequest,
    Settings,
    check_settings,
    checked_bot,
    set_up,
)
from tavola.server.storage import SeatRow, Storage, TableRow
from tavola.server.table_chat import RECENT_CHAT
from tavola.server.table_core import BOT, HUMAN, Refused, TableCore, replay
from tavola.server.table_frames import stored_summary
from tavola.server.workers import BotWorkers, DecisionPool

if TYPE_CHECKING:
    from tavola.server.tables import LiveTable

log = logging.getLogger("tavola.server")


@dataclass
class Created:
    """A new table and the secrets shown once to its creator."""

    table: LiveTable
    host_token: str
    seat_tokens: dict[int, str] = field(default_factory=dict)


class Hub:
    """Every table this process serves, its storage and its bot threads."""

    def __init__(self, storage: Storage, bot_threads: int = 2,
                 limits: Limits | None = None, bot_workers: int = 0,
                 worker_setup: Sequence[str] = (), bots: str | None = None) -> None:
        self.storage = storage
        self.limits = limits or Limits()
        # Bots think on the Ray cluster at `bots` (`tavola.server.raybots`), or else in
        # `bot_workers` worker processes (`tavola.server.workers`); with none, in
        # `bot_threads` threads of this process (in-process test servers).
        self.workers: DecisionPool | None = None
        if bots is not None:
            self.workers = RayWorkers(bots, worker_setup)
        elif bot_workers > 0:
            self.workers = BotWorkers(bot_workers, worker_setup)
        self.pool = ThreadPoolExecutor(bot_threads, thread_name_prefix="tavola-bot")
        self.stopping = threading.Event()
        """Set when the server stops: every search under way ends at once."""
        self.tables: dict[str, LiveTable] = {}
        # The tables dropped from memory whose clock will run out (or vote end), soonest
        # first: each is loaded again then (`_wake`).
        self.wakeups: list[tuple[float, str]] = []
        self._woken: asyncio.Event | None = None
        self._waking: asyncio.Task[None] | None = None
        self._loading: dict[str, asyncio.Lock] = {}
        self._missed: set[str] = set()
        """Tables another process changed while they were being loaded here."""
        self.running = False
        self.listener: Callable[[], None] | None = None
        self.on_turn: Callable[[LiveTable], None] | None = None
        """Called after every change of a table this process drives (turn notices by
        mail, `tavola.server.mail`)."""
        self._background: asyncio.Task[None] | None = None
        self._warming: asyncio.Task[None] | None = None
        self.resumed = asyncio.Event()
        """Set once the tables whose bots or clocks must go on have all been loaded."""

    async def start(self) -> None:
        """Start serving at once: a table is loaded when a client, a bot or a clock needs
        it. The tables whose bots or clocks must go on without anyone asking are loaded in
        the background, one at a time, and abandoned tables expire (`Limits.expire_hours`).
        Listen to other processes."""
        self.running = True
        if self.storage.is_postgres:
            from tavola.server.listen import listen

            self.listener = listen(self.storage, asyncio.get_running_loop(), self.notified,
                                   self.reconnected)
        self._background = asyncio.get_running_loop().create_task(self._keep())
        self._woken = asyncio.Event()
        self._waking = asyncio.get_running_loop().create_task(self._wake())
        if self.workers is not None:
            # Started now, so the first bot decision does not wait for them.
            self._warming = asyncio.get_running_loop().create_task(self.workers.warm())

    async def _keep(self) -> None:
        """Expire abandoned tables and resume those that go on by themselves; then expire
        again every hour."""
        await self._expire()
        for table_id in await asyncio.to_thread(self.storage.to_resume):
            if not self.running:
                return
            # A table already in memory (created or asked for since the server started)
            # is its users' to keep: only a table loaded here is dropped again here.
            loaded_here = table_id not in self.tables
            try:
                table = await self.get(table_id)
            except Refused as exc:
                log.error("table %s cannot be resumed: %s", table_id, exc)
                continue
            if loaded_here:
                self.evict(table)
        self.resumed.set()
        while self.running:
            await asyncio.sleep(3600)
            await self._expire()

    async def _expire(self) -> None:
        hours = self.limits.expire_hours
        if hours is None:
            return
        try:
            gone = await asyncio.to_thread(self.storage.expire, time.time() - hours * 3600)
        except Exception:  # expiry is housekeeping: it must never stop the server
            log.exception("expiring abandoned tables failed")
            return
        if gone:
            log.info("%d abandoned tables (no seat ever taken in %g hours) expired", gone,
                     hours)

    async def stop(self) -> None:
        """Stop bots, clocks, the listener and every connection."""
        self.running = False
        self.stopping.set()
        if self.listener is not None:
            self.listener()
        for task in (self._background, self._warming, self._waking):
            if task is not None:
                task.cancel()
        for table in self.tables.values():
            table.stop()
        self.pool.shutdown(wait=False, cancel_futures=True)
        if self.workers is not None:
            self.workers.close()

    def notified(self, table_id: str, what: str = "") -> None:
        """Another process changed `table_id`: load its news if the table is in memory
        (`what` is "chat" when a chat line was removed)."""
        table = self.tables.get(table_id)
        if table is not None and self.running:
            table.refresh_soon(chat_removed=what == "chat")
        elif table_id in self._loading:
            # Being loaded: the row read may be older than this news.
            self._missed.add(table_id)

    # -- operators ------------------------------------------------------------------------
    async def remove_chat(self, table_id: str, line: int) -> bool:
        """Remove chat line `line` (a person's words) of a table, from the database and
        from every client here (the other processes are told); False if there is none."""
        from tavola.server.storage import remove_chat_line

        table = self.tables.get(table_id)
        removed = await asyncio.to_thread(remove_chat_line, self.storage, table_id, line)
        if removed and table is not None:
            table.forget_chat(line)
        return removed

    async def end_table(self, table_id: str) -> bool:
        """End an abandoned table: delete an unfinished table with everything of it and
        close its connections here (the other processes are told); False if there is no
        such unfinished table."""
        from tavola.server.storage import end_table

        table = self.tables.get(table_id)
        if table is None:
            return await asyncio.to_thread(end_table, self.storage, table_id)
        async with table.lock:
            # Under the lock: no action is being stored meanwhile.
            ended = await asyncio.to_thread(end_table, self.storage, table_id)
        if ended:
            self.ended(table)
        return ended

    def ended(self, table: TableCore) -> None:
        """An operator ended `table`: tell its clients, close them and forget it."""
        for client in list(table.clients):
            client.push(error_frame(Refused("table_ended"), table.state_id, client.lang))
        table.stop()
        if self.tables.get(table.id) is table:
            del self.tables[table.id]

    def evict(self, table: TableCore) -> None:
        """Forget a table that needs nothing from this process — nobody connected, no bot to
        decide, no clock running, no request under way — so memory follows the tables in
        play, not the tables stored (it is loaded again when asked for)."""
        if (self.tables.get(table.id) is table and table.idle()):
            moment = table.wakeup()
            table.stop()
            del self.tables[table.id]
            if moment is not None:
                heapq.heappush(self.wakeups, (moment, table.id))
                if self._woken is not None:
                    self._woken.set()

    async def _wake(self) -> None:
        """Load each table dropped from memory when its clock runs out (or its vote ends),
        so its players are asked and its stand-in plays as if it had stayed loaded."""
        assert self._woken is not None
        while self.running:
            self._woken.clear()
            if self.wakeups and self.wakeups[0][0] <= time.time():
                _, table_id = heapq.heappop(self.wakeups)
                if table_id not in self.tables:
                    # Loaded, its clock runs out at once; dropped again once idle.
                    try:
                        await self.get(table_id)
                    except Refused as exc:
                        log.error("table %s cannot be woken up: %s", table_id, exc)
                continue
            wait = self.wakeups[0][0] - time.time() if self.wakeups else 3600.0
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._woken.wait(), min(wait, 3600.0))

    def _drop_if_idle(self, table_id: str) -> None:
        table = self.tables.get(table_id)
        if table is not None:
            self.evict(table)

    def reconnected(self) -> None:
        """Notifications may have been missed, and this process's presence may have been
        swept away as a dead process's: load the news of every table in memory and store
        the presence here again."""
        for table in list(self.tables.values()):
            if table.connected_here():
                table.share_presence(again=True)
            self.notified(table.id)

    async def get(self, table_id: str) -> LiveTable:
        """Return a table, loading and replaying it on first use; raise Refused if unknown."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        try:
            async with lock:
                table = self.tables.get(table_id)
                if table is not None:
                    return table
                self._missed.discard(table_id)
                row = await asyncio.to_thread(self.storage.load_table, table_id)
                if row is None:
                    raise Refused("unknown_table")
                table = await asyncio.to_thread(self._build, row)
                chat = await asyncio.to_thread(self.storage.chat, table_id, RECENT_CHAT)
                table.recent_chat.extend(chat)
                table.chat_last = chat[-1].id if chat else 0
                self.tables[table_id] = table
                table.start()
                if table_id in self._missed:
                    self._missed.discard(table_id)
                    table.refresh_soon()
                from tavola.server import tables  # not at the top: see the docstring
                # Loaded for a look (a summary, a lobby link, a crawler): dropped again once
                # idle, whatever asked for it.
                asyncio.get_running_loop().call_later(tables.IDLE_SECONDS,
                                                      self._drop_if_idle,
                                                      table_id)
                return table
        finally:
            # Nobody else waits for this load: forget its lock (an id asked for in vain
            # must not cost memory for ever).
            if not lock.locked() and self._loading.get(table_id) is lock:
                del self._loading[table_id]
                self._missed.discard(table_id)

    def _build(self, row: TableRow) -> LiveTable:
        try:
            game = load(row.game, row.players, **row.options)
        except TavolaError as exc:
            raise Refused("table_broken", table=row.id,
                          detail=f"table {row.id} cannot be set up: {exc}") from None
        if game.info.version != row.version:
            raise Refused("table_broken", table=row.id,
                          detail=f"table {row.id} was played with {row.game} version "
                                 f"{row.version}; this server has version "
                                 f"{game.info.version}")
        try:
            state, previous = replay(game, row.seed, row.actions)
        except TavolaError as exc:
            raise Refused("table_broken", table=row.id,
                          detail=f"table {row.id} does not replay: {exc}") from None
        from tavola.server import tables  # not at the top: see the docstring
        return tables.LiveTable(self, row, game, state, previous)

    async def create(self, game_name: str, players: int, options: dict[str, Any],
                     seats: Sequence[SeatRequest], settings: Settings) -> Created:
        """Create, store and start a table; return it with its tokens."""
        game = set_up(game_name, players, options)
        if len(seats) != players:
            raise Refused("seat_count", players=players, given=len(seats))
        check_settings(settings, game_name, self.limits)
        rows: list[SeatRow] = []
        seat_tokens: dict[int, str] = {}
        for n, request in enumerate(seats):
            if request.kind == BOT:
                if not request.bot:
                    raise Refused("bot_spec_missing", seat=seat_label(n))
                checked_bot(request.bot, game_name, settings.bot_seconds)
                rows.append(SeatRow(n, BOT, bot=request.bot, name=request.bot))
            elif request.kind == HUMAN:
                token = tokens.new_token()
                seat_tokens[n] = token
                reserved = None
                if request.reserved is not None:
                    reserved = clean_text(request.reserved, MAX_NAME, "reserved",
                                          seat=seat_label(n))
                rows.append(SeatRow(n, HUMAN, token_hash=tokens.token_hash(token),
                                    reserved=reserved))
            else:
                raise Refused("invalid", detail=f"{seat_label(n)}: a seat is 'human' or "
                                                f"'bot', not {request.kind[:20]!r}")
        host = tokens.new_token()
        now = time.time()
        waits = settings.wait and any(r.kind == HUMAN for r in rows)
        row = TableRow(tokens.new_table_id(), game_name, game.info.version, players,
                       dict(game.options), tokens.new_seed(), tokens.token_hash(host),
                       settings.to_json(), 0, False, now, rows, [],
                       started=None if waits else now)
        await asyncio.to_thread(self.storage.create_table, row)
        return Created(self._started(row, game), host, seat_tokens)

    def _started(self, row: TableRow, game: Game) -> LiveTable:
        from tavola.server import tables  # not at the top: see the docstring
        table = tables.LiveTable(self, row, game, game.new_state(row.seed), None)
        self.tables[row.id] = table
        table.start()
        return table

    async def rematch(self, table: LiveTable) -> LiveTable:
        """Return the rematch of finished `table`, creating, storing and starting it on the
        first ask (of any seat, in any process) and offering it to the table's clients."""
        async with table.rematch_lock:
            if table.rematch is None:
                known = await asyncio.to_thread(self.storage.rematch_of, table.id)
                if known is None:
                    row = table.rematch_row()
                    known = await asyncio.to_thread(self.storage.create_rematch, table.id,
                                                    row)
                    if known == row.id:
                        self._started(row, load(row.game, row.players, **row.options))
                table.rematch = known
                await table.offer_rematch()
            return await self.get(table.rematch)

    async def bind_rematch_seat(self, table: LiveTable, seat: int, token: str) -> bool:
        """Give seat `seat` of rematch `table` the token `token` (derived from its player's
        token at the finished table) unless it holds another; False if it does."""
        hashed = tokens.token_hash(token)
        row = table.seats[seat]
        if row.token_hash is not None:
            return secrets.compare_digest(row.token_hash, hashed)
        if not await asyncio.to_thread(self.storage.set_seat_token, table.id, seat, hashed):
            return False
        row.token_hash = hashed
        return True

    async def lobby(self, lang: str = "en", **only: Any) -> list[dict[str, Any]]:
        """Return the open tables — public, unfinished, with a seat anyone may take —
        newest first, at most `Limits.lobby` of them (seat names in `lang`): one query,
        with the live facts (who is connected) of the tables in memory here. `only`: the
        filters of `Storage.lobby` (game, players, speed, rated, followed_by)."""
        out = []
        for row, moves in await asyncio.to_thread(self.storage.lobby, self.limits.lobby,
                                                  **only):
            table = self.tables.get(row.id)
            try:
                summary = table.summary(lang) if table is not None \
                    else stored_summary(row, moves, lang)
            except TavolaError:
                continue  # a table this server cannot set up is not offered
            if summary["free"]:
                out.append(summary)
        return out
