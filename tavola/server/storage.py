"""Durable storage of tables: event-sourced, the same code for SQLite and PostgreSQL.

A table is stored as what is needed to replay it — game, player count, options, seed and
the accepted actions in order — plus its seats, its chat and the link to its rematch. The
in-memory state is rebuilt by replaying the actions (`tavola.server.tables`), so nothing
derived is ever stored and nothing stored can disagree with the rules. An action is
acknowledged only after the transaction that stores it has committed; `(table, n)` is
unique, so two processes can never both store an action number `n`: the second one's
insert fails and it catches up.

SQLite runs in WAL mode with `synchronous=FULL` (a committed action survives a power cut)
and is served by one process only, which holds a lock file beside it
(`hold_serving_lock`); PostgreSQL is reached through psycopg 3. The schema is versioned by
Alembic migrations (`tavola/server/migrations`), applied on start, so a database made by an
older tavola upgrades in place. On PostgreSQL every commit that changes a table also sends a
`NOTIFY tavola` carrying the writing process's origin and the table id, which the other
server processes listen to.

Facts of a seat that every process must show alike are stored too: whether a stand-in bot
plays it (`seats.standin`) and, on PostgreSQL, which processes have a connection of it
(`presence`, one row per table, seat and process origin). A process proves it is alive by a
heartbeat (`processes.seen`, in the database's clock, so the servers' clocks need not
agree); the presence of a process silent for `PRESENCE_SECONDS` counts for nothing and is
swept away by the first live process to notice (`expire_processes`), so a process killed
with `kill -9` leaves no seat connected for long.

Chat ids come from one sequence for all tables, and on PostgreSQL an id is drawn when the
insert runs but seen by others only when its transaction commits: without care a lower id
could become visible after a higher one, and a reader that keeps the highest id it has read
would never see it. Every chat insert therefore holds a transaction lock on its table
(`_lock_chat`) from before the id is drawn until the commit, so within one table ids become
visible in increasing order and "every message above the highest id read" is complete.
"""

from __future__ import annotations

import fcntl
import json
import os
import queue
import secrets
import threading
import time
from collections.abc import Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

from tavola.core.errors import TavolaError

NOTIFY_CHANNEL = "tavola"
HEARTBEAT_SECONDS = 2.0
"""How often a server process on PostgreSQL says it is alive (and looks for dead ones)."""
PRESENCE_SECONDS = 8.0
"""How long after its last heartbeat a process's connections still count (on a loaded
machine a heartbeat may be late by a few seconds; a killed process's seats show
disconnected within this and one more heartbeat)."""
_CHAT_LOCKS = 7041937
"""The first key of the per-table chat transaction locks (the second is a hash of the
table id); the migrations lock 7041936 with a one-key lock, another key space."""
_NAMED_LOCKS = 7041938
"""The first key of the named locks held across a few transactions (`hold_lock`: "play
now" holds one per game, speed and rated or not); the second is a hash of the name."""

metadata = sa.MetaData()

tables_t = sa.Table(
    "tables", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("options", sa.Text, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("host_hash", sa.String(64), nullable=False),
    sa.Column("settings", sa.Text, nullable=False),
    sa.Column("revision", sa.Integer, nullable=False, server_default="0"),
    sa.Column("finished", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("public", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("started", sa.Float, nullable=True),
    sa.Column("speed", sa.String(8), nullable=False, server_default="off"),
    sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()),
)

seats_t = sa.Table(
    "seats", metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("bot", sa.String(200), nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=True),
    sa.Column("reserved", sa.String(40), nullable=True),
    sa.Column("name", sa.String(40), nullable=True),
    sa.Column("taken", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("standin", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("waited", sa.Boolean, nullable=False, server_default=sa.false()),
)

actions_t = sa.Table(
    "actions", metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.String(200), nullable=False),
    sa.Column("by", sa.String(12), nullable=False),
    sa.Column("time", sa.Float, nullable=False),
    sa.Column("clock", sa.Float, nullable=True),
)

chat_t = sa.Table(
    "chat", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
              nullable=False, index=True),
    sa.Column("channel", sa.String(12), nullable=False),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("author", sa.String(40), nullable=False),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("time", sa.Float, nullable=False),
)


rematches_t = sa.Table(
    "rematches", metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("rematch_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
              nullable=False),
)


processes_t = sa.Table(
    "processes", metadata,
    sa.Column("origin", sa.String(12), primary_key=True),
    sa.Column("seen", sa.Float, nullable=False),
)

presence_t = sa.Table(
    "presence", metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("origin", sa.String(12), primary_key=True, index=True),
)

_NOW = sa.literal_column("extract(epoch from clock_timestamp())", sa.Float)
"""PostgreSQL's clock, in seconds (presence is on PostgreSQL only)."""


class StorageError(TavolaError):
    """The database cannot be opened or used."""


class Conflict(TavolaError):
    """Another writer stored action number `n` first: the caller is behind."""


@dataclass
class SeatRow:
    """One seat as stored."""

    seat: int
    kind: str
    bot: str | None = None
    token_hash: str | None = None
    reserved: str | None = None
    name: str | None = None
    taken: bool = False
    """True once the seat's token has been used (a join or a hello): the seat is someone's."""
    standin: bool = False
    """True while a bot plays this person's seat (they left, or their clock ran out)."""
    waited: bool = False
    """True when, the person's clock having run out, the other players chose to wait for
    them rather than hand the seat to a stand-in (until the seat moves again)."""


@dataclass
class ActionRow:
    """One accepted action as stored."""

    n: int
    seat: int
    action: str
    by: str
    time: float
    clock: float | None = None
    """The mover's time left on their clock after this decision (None: no clock ran)."""


@dataclass
class ChatRow:
    """One chat message as stored."""

    id: int
    channel: str
    seat: int | None
    author: str
    text: str
    time: float


@dataclass
class TableRow:
    """A stored table: its set-up, seats and every accepted action."""

    id: str
    game: str
    version: int
    players: int
    options: dict[str, Any]
    seed: int
    host_hash: str
    settings: dict[str, Any]
    revision: int
    finished: bool
    created: float
    seats: list[SeatRow] = field(default_factory=list)
    actions: list[ActionRow] = field(default_factory=list)
    rematch: str | None = None
    elsewhere: set[int] = field(default_factory=set)
    """The seats with a connection to another live server process (PostgreSQL only)."""
    started: float | None = None
    """When play began (every person's seat taken, or the host did not wait); None while
    the table waits for its players."""


def normalise_url(url: str) -> str:
    """Return a SQLAlchemy URL with the psycopg 3 driver for PostgreSQL."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix):]
    return url


def default_url() -> str:
    """Return the embedded database: a SQLite file in the user's data directory."""
    import platformdirs

    folder = Path(platformdirs.user_data_dir("tavola", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'tavola.db'}"


_serving_locks: dict[str, int] = {}
_serving_guard = threading.Lock()


def hold_serving_lock(url: str) -> None:
    """On a SQLite file, take the exclusive lock that makes this process the only server of
    it (SQLite has no LISTEN/NOTIFY: clients of a second process would miss moves).

    The lock is `flock` on `<file>.lock` beside the database, held for the life of the
    process (the kernel drops it when the process ends, even on `kill -9`); taking it again
    in the same process does nothing. Raise StorageError if another process holds it.
    PostgreSQL and in-memory SQLite need no lock.
    """
    try:
        parsed = sa.make_url(normalise_url(url))
    except sa.exc.ArgumentError:
        raise StorageError(f"not a database URL: {url[:80]!r}") from None
    database = parsed.database
    if (parsed.get_backend_name() != "sqlite" or not database or database == ":memory:"
            or database.startswith("file:")):
        return
    path = os.path.abspath(database) + ".lock"
    with _serving_guard:
        if path in _serving_locks:
            return
        try:
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise StorageError(f"cannot open the database: cannot create {path}: "
                               f"{exc.strerror or exc}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            holder = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
            os.close(fd)
            who = f" (process {holder})" if holder.isdigit() else ""
            raise StorageError(f"another tavola serve is using this database: "
                               f"{os.path.abspath(database)}{who}; SQLite serves one "
                               f"process (use PostgreSQL for several)") from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, str(os.getpid()).encode(), 0)
        _serving_locks[path] = fd


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


class Storage:
    """The database of one server process (thread-safe; every call is one transaction)."""

    def __init__(self, url: str, migrate: bool = True) -> None:
        self.url = normalise_url(url)
        try:
            parsed = sa.make_url(self.url)
        except sa.exc.ArgumentError:
            raise StorageError(f"not a database URL: {url[:80]!r}") from None
        self.backend = parsed.get_backend_name()
        if self.backend not in ("sqlite", "postgresql"):
            raise StorageError(f"unsupported database {self.backend!r} (use sqlite or "
                               "postgresql)")
        self.engine: Engine
        if self.backend == "sqlite":
            self.engine = sa.create_engine(
                self.url, connect_args={"check_same_thread": False, "isolation_level": None})
            sa.event.listen(self.engine, "connect", _sqlite_pragmas)
            # pysqlite's own transaction handling is off (isolation_level None), so SQLAlchemy
            # says exactly when a transaction begins; writers are serialised by a lock.
            sa.event.listen(self.engine, "begin", lambda conn: conn.exec_driver_sql("BEGIN"))
        else:
            self.engine = sa.create_engine(self.url, pool_size=8, max_overflow=8,
                                           pool_pre_ping=True)
        # SQLite has one writer at a time anyway; a lock avoids busy retries between threads.
        self._write_lock = threading.Lock() if self.backend == "sqlite" else None
        self.origin = secrets.token_hex(6)
        self._writer: GroupCommit | None = None
        if migrate:
            self.migrate()

    @property
    def is_postgres(self) -> bool:
        """True on PostgreSQL (several processes may share the database)."""
        return self.backend == "postgresql"

    def libpq_url(self) -> str:
        """Return the PostgreSQL URL in libpq's form, for a LISTEN connection."""
        return sa.make_url(self.url).set(drivername="postgresql").render_as_string(
            hide_password=False)

    def migrate(self) -> None:
        """Bring the schema to the newest migration (holding a lock on PostgreSQL, so that
        processes starting together do not migrate twice)."""
        from tavola.server.migrations import upgrade

        try:
            with self.engine.begin() as conn:
                if self.is_postgres:
                    conn.exec_driver_sql("SELECT pg_advisory_xact_lock(7041936)")
                upgrade(conn)
        except sa.exc.OperationalError as exc:
            raise StorageError(f"cannot open the database: {str(exc.orig)[:160]}") from None

    def close(self) -> None:
        """Stop the group-commit writer and release every connection."""
        if self._writer is not None:
            self._writer.stop()
            self._writer = None
        self.engine.dispose()

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        if self._write_lock is None:
            with self.engine.begin() as conn:
                yield conn
        else:
            with self._write_lock, self.engine.begin() as conn:
                yield conn

    def _notify(self, conn: Connection, table_id: str, what: str = "") -> None:
        """Announce a change of `table_id` to the other server processes (PostgreSQL);
        `what` says what changed when a refresh would not find it by itself ("chat": a
        chat line was removed)."""
        if self.is_postgres:
            payload = f"{self.origin}:{table_id}" + (f":{what}" if what else "")
            conn.execute(sa.text("SELECT pg_notify(:channel, :payload)"),
                         {"channel": NOTIFY_CHANNEL, "payload": payload})

    # -- writing --------------------------------------------------------------------------
    def create_table(self, row: TableRow) -> None:
        """Store a new table and its seats."""
        with self._write() as conn:
            self._insert_table(conn, row)
            self._notify(conn, row.id)

    def _insert_table(self, conn: Connection, row: TableRow) -> None:
        conn.execute(tables_t.insert().values(
            id=row.id, game=row.game, version=row.version, players=row.players,
            options=json.dumps(row.options, sort_keys=True), seed=row.seed,
            host_hash=row.host_hash, settings=json.dumps(row.settings, sort_keys=True),
            revision=0, finished=False, created=row.created,
            public=bool(row.settings.get("public", False)), started=row.started,
            speed=speed_of(row.settings), rated=bool(row.settings.get("rated", False))))
        conn.execute(seats_t.insert(), [
            {"table_id": row.id, "seat": s.seat, "kind": s.kind, "bot": s.bot,
             "token_hash": s.token_hash, "reserved": s.reserved, "name": s.name,
             "taken": s.taken, "standin": s.standin, "waited": s.waited}
            for s in row.seats])

    def create_rematch(self, table_id: str, row: TableRow) -> str:
        """Store `row` as the rematch of finished table `table_id`, with the link between
        them, in one transaction; return the rematch's id — that of a rematch stored before
        (by this or another process), leaving `row` unstored, if there is one."""
        try:
            with self._write() as conn:
                self._insert_table(conn, row)
                # The link's key is the finished table: a second rematch of it fails here,
                # and the whole transaction with it.
                conn.execute(rematches_t.insert().values(table_id=table_id,
                                                         rematch_id=row.id))
                self._notify(conn, row.id)
                self._notify(conn, table_id)
        except IntegrityError:
            known = self.rematch_of(table_id)
            if known is None:
                raise
            return known
        return row.id

    def set_seat_token(self, table_id: str, seat: int, token_hash: str) -> bool:
        """Give a seat the token hash `token_hash` if it has none (or has that one); False
        if the seat holds another token."""
        with self._write() as conn:
            conn.execute(seats_t.update().where(
                seats_t.c.table_id == table_id, seats_t.c.seat == seat,
                seats_t.c.token_hash.is_(None)).values(token_hash=token_hash))
            stored = conn.execute(sa.select(seats_t.c.token_hash).where(
                seats_t.c.table_id == table_id, seats_t.c.seat == seat)).scalar()
            self._notify(conn, table_id)
        return stored == token_hash

    def append_action(self, table_id: str, action: ActionRow, finished: bool) -> None:
        """Store accepted action number `action.n`; raise Conflict if it exists already."""
        try:
            with self._write() as conn:
                conn.execute(actions_t.insert().values(
                    table_id=table_id, n=action.n, seat=action.seat, action=action.action,
                    by=action.by, time=action.time, clock=action.clock))
                if finished:
                    conn.execute(tables_t.update().where(tables_t.c.id == table_id)
                                 .values(finished=True))
                self._notify(conn, table_id)
        except IntegrityError:
            raise Conflict(f"action {action.n} of table {table_id} is stored already") from None

    def append_later(self, table_id: str, action: ActionRow, finished: bool) -> Future[None]:
        """Queue `append_action` for the group-commit writer; the future resolves once the
        action is committed (or raises Conflict). Actions of many tables arriving together
        share one transaction, so one disk sync acknowledges them all."""
        if self._writer is None:
            self._writer = GroupCommit(self)
        return self._writer.submit(table_id, action, finished)

    def undo_action(self, table_id: str, n: int, seat: int, revision: int) -> None:
        """Remove action `n` (the last) of `seat`, if the table is unfinished and still at
        `revision` with exactly `n + 1` actions; raise Conflict otherwise."""
        with self._write() as conn:
            # A finished game is final: its last action is never removed, by any process.
            changed = conn.execute(
                tables_t.update()
                .where(tables_t.c.id == table_id, tables_t.c.revision == revision,
                       tables_t.c.finished == sa.false())
                .values(revision=revision + 1)).rowcount
            last = conn.execute(sa.select(sa.func.max(actions_t.c.n))
                                .where(actions_t.c.table_id == table_id)).scalar()
            if changed != 1 or last != n:
                raise Conflict("the table changed before the take-back was stored")
            removed = conn.execute(actions_t.delete().where(
                actions_t.c.table_id == table_id, actions_t.c.n == n,
                actions_t.c.seat == seat)).rowcount
            if removed != 1:
                raise Conflict("the action to take back is not there")
            self._notify(conn, table_id)

    def claim_seat(self, table_id: str, seat: int, token_hash: str, name: str) -> bool:
        """Give an open seat (a person's, neither reserved nor taken nor joined) a new token
        and a name, and mark it taken, in one statement; False if it is not open (another
        process may have given it away since this one looked)."""
        with self._write() as conn:
            changed = conn.execute(seats_t.update().where(
                seats_t.c.table_id == table_id, seats_t.c.seat == seat,
                seats_t.c.kind == "human", seats_t.c.reserved.is_(None),
                seats_t.c.name.is_(None), seats_t.c.taken == sa.false(),
            ).values(token_hash=token_hash, name=name, taken=True)).rowcount
            if changed:
                self._notify(conn, table_id)
        return bool(changed)

    def set_seat(self, table_id: str, seat: int, **values: Any) -> None:
        """Change a seat's stored name or token hash."""
        with self._write() as conn:
            conn.execute(seats_t.update().where(seats_t.c.table_id == table_id,
                                                seats_t.c.seat == seat).values(**values))
            self._notify(conn, table_id)

    def hold_lock(self, name: str) -> Connection | None:
        """Take the lock called `name` for every server process of this database, waiting
        while another holds it, and return what `release_lock` takes to let it go.

        On PostgreSQL it is a transaction lock (`pg_advisory_xact_lock`) in a transaction
        of its own, opened on a connection kept for it, so it spans the holder's other
        transactions; it goes with that transaction: at `release_lock`, or when the
        connection drops (a process killed while holding it holds it no more). On SQLite
        there is nothing to take and None is returned: one process alone serves a SQLite
        database (`hold_serving_lock`), so a lock within that process is enough."""
        if not self.is_postgres:
            return None
        conn = self.engine.connect()
        try:
            conn.begin()
            conn.execute(sa.text("SELECT pg_advisory_xact_lock(:space, hashtext(:name))"),
                         {"space": _NAMED_LOCKS, "name": name})
        except BaseException:
            conn.close()
            raise
        return conn

    @staticmethod
    def release_lock(held: Connection | None) -> None:
        """Let go of a lock `hold_lock` took."""
        if held is not None:
            try:
                held.commit()
            finally:
                held.close()

    def _lock_chat(self, conn: Connection, table_id: str) -> None:
        if self.is_postgres:
            conn.execute(sa.text("SELECT pg_advisory_xact_lock(:space, hashtext(:table))"),
                         {"space": _CHAT_LOCKS, "table": table_id})

    def add_chat(self, table_id: str, channel: str, seat: int | None, author: str,
                 text: str) -> ChatRow:
        """Store one chat message and return it."""
        return self.post_chat(table_id, channel, seat, author, text, None)[-1]

    def post_chat(self, table_id: str, channel: str, seat: int | None, author: str,
                  text: str, after: int | None) -> list[ChatRow]:
        """Store one chat message; return it, after the table's messages with an id above
        `after` stored before it (all of them: see the module's note on chat ids), oldest
        first. With `after` None, return the new message alone."""
        now = time.time()
        with self._write() as conn:
            self._lock_chat(conn, table_id)
            new_id = conn.execute(chat_t.insert().values(
                table_id=table_id, channel=channel, seat=seat, author=author, text=text,
                time=now)).inserted_primary_key
            assert new_id is not None
            mine = ChatRow(int(new_id[0]), channel, seat, author, text, now)
            rows = [] if after is None else [
                ChatRow(r.id, r.channel, r.seat, r.author, r.text, r.time)
                for r in conn.execute(chat_t.select().where(
                    chat_t.c.table_id == table_id, chat_t.c.id > after,
                    chat_t.c.id < mine.id).order_by(chat_t.c.id))]
            self._notify(conn, table_id)
        return [*rows, mine]

    def start_play(self, table_id: str, when: float) -> float:
        """Note that play began at `when` unless it had already; return when it began."""
        with self._write() as conn:
            changed = conn.execute(tables_t.update().where(
                tables_t.c.id == table_id, tables_t.c.started.is_(None))
                .values(started=when)).rowcount
            began = conn.execute(sa.select(tables_t.c.started)
                                 .where(tables_t.c.id == table_id)).scalar()
            if changed:
                self._notify(conn, table_id)
        return float(began if began is not None else when)

    def set_waited(self, table_id: str, seat: int, waited: bool) -> None:
        """Store whether the players chose to wait for `seat`, whose clock ran out."""
        with self._write() as conn:
            conn.execute(seats_t.update().where(seats_t.c.table_id == table_id,
                                                seats_t.c.seat == seat)
                         .values(waited=waited))
            self._notify(conn, table_id)

    def set_standins(self, table_id: str, standins: dict[int, bool]) -> None:
        """Store, for each seat in `standins`, whether a bot plays it for its person."""
        with self._write() as conn:
            for seat, on in sorted(standins.items()):
                conn.execute(seats_t.update().where(seats_t.c.table_id == table_id,
                                                    seats_t.c.seat == seat)
                             .values(standin=on))
            self._notify(conn, table_id)

    # -- presence (PostgreSQL only: SQLite is served by one process) -----------------------
    def _beat(self, conn: Connection) -> bool:
        """Mark this process alive now; False if it was not known alive (never seen, or
        swept away as dead)."""
        if conn.execute(processes_t.update().where(processes_t.c.origin == self.origin)
                        .values(seen=_NOW)).rowcount:
            return True
        conn.execute(pg_insert(processes_t).values(origin=self.origin, seen=_NOW)
                     .on_conflict_do_update(index_elements=["origin"],
                                            set_={"seen": _NOW}))
        return False

    def heartbeat(self) -> bool:
        """Say this process is alive; False if the others had taken it for dead (its
        presence rows were swept: the caller stores them again)."""
        with self._write() as conn:
            return self._beat(conn)

    def set_presence(self, table_id: str, seats: set[int]) -> None:
        """Store that this process has a connection of exactly `seats` at a table."""
        with self._write() as conn:
            self._beat(conn)
            mine = (presence_t.c.table_id == table_id) & (presence_t.c.origin == self.origin)
            conn.execute(presence_t.delete().where(mine, presence_t.c.seat.not_in(seats)))
            if seats:
                conn.execute(pg_insert(presence_t).on_conflict_do_nothing(), [
                    {"table_id": table_id, "seat": seat, "origin": self.origin}
                    for seat in sorted(seats)])
            self._notify(conn, table_id)

    def expire_processes(self) -> list[str]:
        """Sweep away the presence of every process silent for `PRESENCE_SECONDS` (and any
        presence of no known process); return the tables it was at, each notified."""
        with self._write() as conn:
            dead = [r[0] for r in conn.execute(sa.select(processes_t.c.origin).where(
                processes_t.c.seen < _NOW - PRESENCE_SECONDS,
                processes_t.c.origin != self.origin))]
            stale = presence_t.c.origin.in_(dead) | presence_t.c.origin.not_in(
                sa.select(processes_t.c.origin).scalar_subquery())
            tables = sorted(r[0] for r in conn.execute(
                sa.select(presence_t.c.table_id).where(stale).distinct()))
            conn.execute(presence_t.delete().where(stale))
            if dead:
                conn.execute(processes_t.delete().where(processes_t.c.origin.in_(dead)))
            for table_id in tables:
                self._notify(conn, table_id)
        return tables

    def forget_process(self) -> None:
        """Remove this process's presence and heartbeat (it is stopping), telling the
        tables it was at."""
        with self._write() as conn:
            tables = sorted(r[0] for r in conn.execute(
                sa.select(presence_t.c.table_id)
                .where(presence_t.c.origin == self.origin).distinct()))
            conn.execute(presence_t.delete().where(presence_t.c.origin == self.origin))
            conn.execute(processes_t.delete().where(processes_t.c.origin == self.origin))
            for table_id in tables:
                self._notify(conn, table_id)

    def present_elsewhere(self, table_id: str, conn: Connection | None = None) -> set[int]:
        """Return the seats of a table with a connection to another live process."""
        if not self.is_postgres:
            return set()
        query = (sa.select(presence_t.c.seat).distinct()
                 .join(processes_t, processes_t.c.origin == presence_t.c.origin)
                 .where(presence_t.c.table_id == table_id,
                        presence_t.c.origin != self.origin,
                        processes_t.c.seen >= _NOW - PRESENCE_SECONDS))
        if conn is not None:
            return {r[0] for r in conn.execute(query)}
        with self.engine.connect() as own:
            return {r[0] for r in own.execute(query)}

    # -- reading --------------------------------------------------------------------------
    def load_table(self, table_id: str) -> TableRow | None:
        """Return a stored table with its seats and actions, or None."""
        with self.engine.connect() as conn:
            t = conn.execute(tables_t.select().where(tables_t.c.id == table_id)).first()
            if t is None:
                return None
            row = _table_row(t._mapping)
            row.seats = [SeatRow(s.seat, s.kind, s.bot, s.token_hash, s.reserved, s.name,
                                 bool(s.taken), bool(s.standin), bool(s.waited))
                         for s in conn.execute(seats_t.select()
                                               .where(seats_t.c.table_id == table_id)
                                               .order_by(seats_t.c.seat))]
            row.actions = [ActionRow(a.n, a.seat, a.action, a.by, a.time, a.clock)
                           for a in conn.execute(actions_t.select()
                                                 .where(actions_t.c.table_id == table_id)
                                                 .order_by(actions_t.c.n))]
            row.rematch = conn.execute(sa.select(rematches_t.c.rematch_id).where(
                rematches_t.c.table_id == table_id)).scalar()
            row.elsewhere = self.present_elsewhere(table_id, conn)
        return row

    def rematch_of(self, table_id: str) -> str | None:
        """Return the id of the rematch of table `table_id`, or None."""
        with self.engine.connect() as conn:
            found: str | None = conn.execute(sa.select(rematches_t.c.rematch_id).where(
                rematches_t.c.table_id == table_id)).scalar()
        return found

    def table_ids(self, finished: bool | None = None) -> list[str]:
        """Return the ids of stored tables (only unfinished or finished ones if asked)."""
        query = sa.select(tables_t.c.id).order_by(tables_t.c.created)
        if finished is not None:
            query = query.where(tables_t.c.finished == finished)
        with self.engine.connect() as conn:
            return [r[0] for r in conn.execute(query)]

    def lobby(self, limit: int, game: str | None = None, players: int | None = None,
              speed: str | None = None, rated: bool | None = None, oldest: bool = False,
              followed_by: str | None = None) -> list[tuple[TableRow, int]]:
        """Return the newest (or the `oldest`) `limit` public unfinished tables with a seat
        anyone may take, each with its seats (not its actions) and its number of moves: two
        queries, whatever the number of tables stored. Only those of `game`, of `players`,
        of `speed` (a clock's kind), `rated` or not, if asked; with `followed_by` (an
        account id), only those where an account it follows holds a seat."""
        open_seat = sa.exists().where(
            seats_t.c.table_id == tables_t.c.id, seats_t.c.kind == "human",
            seats_t.c.reserved.is_(None), seats_t.c.name.is_(None),
            seats_t.c.taken == sa.false())
        moves = (sa.select(sa.func.count()).select_from(actions_t)
                 .where(actions_t.c.table_id == tables_t.c.id).scalar_subquery())
        wanted = [tables_t.c.finished == sa.false(), tables_t.c.public == sa.true(),
                  open_seat]
        if game is not None:
            wanted.append(tables_t.c.game == game)
        if players is not None:
            wanted.append(tables_t.c.players == players)
        if speed is not None:
            wanted.append(tables_t.c.speed == speed)
        if rated is not None:
            wanted.append(tables_t.c.rated == rated)
        if followed_by is not None:
            wanted.append(sa.exists().where(
                account_seats_t.c.table_id == tables_t.c.id,
                account_seats_t.c.account_id.in_(
                    sa.select(follows_t.c.followed_id)
                    .where(follows_t.c.account_id == followed_by))))
        order = tables_t.c.created.asc() if oldest else tables_t.c.created.desc()
        query = (sa.select(tables_t, moves.label("moves")).where(*wanted)
                 .order_by(order, tables_t.c.id).limit(limit))
        with self.engine.connect() as conn:
            found = [(_table_row(t._mapping), int(t.moves)) for t in conn.execute(query)]
            seats: dict[str, list[SeatRow]] = {}
            if found:
                for s in conn.execute(seats_t.select()
                                      .where(seats_t.c.table_id.in_([r.id for r, _ in found]))
                                      .order_by(seats_t.c.table_id, seats_t.c.seat)):
                    seats.setdefault(s.table_id, []).append(
                        SeatRow(s.seat, s.kind, s.bot, s.token_hash, s.reserved, s.name,
                                bool(s.taken), bool(s.standin), bool(s.waited)))
        for row, _ in found:
            row.seats = seats.get(row.id, [])
        return found

    def to_resume(self) -> list[str]:
        """Return the unfinished tables in play that may have to go on without anyone
        asking: those with a bot seat or a clock (oldest first). A table still waiting for
        its players has nothing to do until one comes."""
        bot_seat = sa.exists().where(seats_t.c.table_id == tables_t.c.id,
                                     seats_t.c.kind == "bot")
        query = (sa.select(tables_t.c.id, tables_t.c.settings, bot_seat.label("bots"))
                 .where(tables_t.c.finished == sa.false(), tables_t.c.started.is_not(None))
                 .order_by(tables_t.c.created))
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(query) if r.bots or timed(json.loads(r.settings))]

    def expire(self, before: float) -> int:
        """Delete the abandoned tables created before `before`: unfinished, with seats for
        people, none of which was ever taken (nobody ever used a link). Return how many."""
        taken = sa.exists().where(seats_t.c.table_id == tables_t.c.id,
                                  seats_t.c.kind == "human", seats_t.c.taken == sa.true())
        person = sa.exists().where(seats_t.c.table_id == tables_t.c.id,
                                   seats_t.c.kind == "human")
        with self._write() as conn:
            ids = [r[0] for r in conn.execute(
                sa.select(tables_t.c.id).where(tables_t.c.finished == sa.false(),
                                               tables_t.c.created < before, person, ~taken))]
            for start in range(0, len(ids), 500):
                chunk = ids[start:start + 500]
                # Children first: SQLite enforces the foreign keys only where the
                # connection turned them on, PostgreSQL always; this works on both.
                for child in (chat_t, actions_t, seats_t):
                    conn.execute(child.delete().where(child.c.table_id.in_(chunk)))
                conn.execute(rematches_t.delete().where(sa.or_(
                    rematches_t.c.table_id.in_(chunk), rematches_t.c.rematch_id.in_(chunk))))
                conn.execute(tables_t.delete().where(tables_t.c.id.in_(chunk)))
        return len(ids)

    def actions(self, table_id: str) -> list[ActionRow]:
        """Return the stored actions of a table, in order."""
        with self.engine.connect() as conn:
            return [ActionRow(a.n, a.seat, a.action, a.by, a.time, a.clock)
                    for a in conn.execute(actions_t.select()
                                          .where(actions_t.c.table_id == table_id)
                                          .order_by(actions_t.c.n))]

    def chat(self, table_id: str, limit: int = 200) -> list[ChatRow]:
        """Return the newest `limit` chat messages of a table, oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(chat_t.select().where(chat_t.c.table_id == table_id)
                                .order_by(chat_t.c.id.desc()).limit(limit)).all()
        return [ChatRow(r.id, r.channel, r.seat, r.author, r.text, r.time)
                for r in reversed(rows)]

    def chat_after(self, table_id: str, after: int) -> list[ChatRow]:
        """Return the chat messages of a table with an id above `after`."""
        with self.engine.connect() as conn:
            rows = conn.execute(chat_t.select().where(chat_t.c.table_id == table_id,
                                                      chat_t.c.id > after)
                                .order_by(chat_t.c.id)).all()
        return [ChatRow(r.id, r.channel, r.seat, r.author, r.text, r.time) for r in rows]


class GroupCommit:
    """One writer thread that stores queued actions in shared transactions.

    Each action gets its own savepoint, so one that conflicts (its number is taken) is
    refused alone; the others commit together.
    """

    MAX_BATCH = 256

    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self.queue: queue.SimpleQueue[tuple[str, ActionRow, bool, Future[None]] | None] = (
            queue.SimpleQueue())
        self.thread = threading.Thread(target=self._run, name="tavola-writer", daemon=True)
        self.thread.start()

    def submit(self, table_id: str, action: ActionRow, finished: bool) -> Future[None]:
        """Queue one action; return the future of its commit."""
        future: Future[None] = Future()
        self.queue.put((table_id, action, finished, future))
        return future

    def stop(self) -> None:
        """Finish what is queued, then stop."""
        self.queue.put(None)
        self.thread.join(30)

    def _run(self) -> None:
        while True:
            item = self.queue.get()
            if item is None:
                return
            batch = [item]
            while len(batch) < self.MAX_BATCH:
                try:
                    more = self.queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    self._commit(batch)
                    return
                batch.append(more)
            self._commit(batch)

    def _commit(self, batch: list[tuple[str, ActionRow, bool, Future[None]]]) -> None:
        outcomes: list[tuple[Future[None], Exception | None]] = []
        try:
            with self.storage._write() as conn:
                changed: set[str] = set()
                for table_id, action, finished, future in batch:
                    savepoint = conn.begin_nested()
                    try:
                        conn.execute(actions_t.insert().values(
                            table_id=table_id, n=action.n, seat=action.seat,
                            action=action.action, by=action.by, time=action.time,
                            clock=action.clock))
                        if finished:
                            conn.execute(tables_t.update().where(tables_t.c.id == table_id)
                                         .values(finished=True))
                        savepoint.commit()
                        changed.add(table_id)
                        outcomes.append((future, None))
                    except IntegrityError:
                        savepoint.rollback()
                        outcomes.append((future, Conflict(
                            f"action {action.n} of table {table_id} is stored already")))
                for table_id in sorted(changed):
                    self.storage._notify(conn, table_id)
        except Exception as exc:  # the transaction failed: nothing of the batch is stored
            for _, _, _, future in batch:
                _settle(future, exc)
            return
        for future, error in outcomes:
            _settle(future, error)


def _settle(future: Future[None], error: Exception | None) -> None:
    """Answer a writer's future, unless its waiter gave up on it (a table stopped while its
    action was being stored: the action is stored all the same). A cancelled future must
    not end the writer thread, which every later write waits on."""
    if not future.set_running_or_notify_cancel():
        return  # cancelled; from here on it cannot be
    if error is None:
        future.set_result(None)
    else:
        future.set_exception(error)


def speed_of(settings: dict[str, Any]) -> str:
    """Return the speed of stored table settings: its clock's kind, "realtime" or "turn"
    (a table stored with `timer` seconds per decision is turn based), or "off"."""
    clock = settings.get("clock")
    if isinstance(clock, dict) and clock.get("kind") in ("realtime", "turn"):
        return str(clock["kind"])
    timer = settings.get("timer")
    if isinstance(timer, (int, float)) and not isinstance(timer, bool):
        return "turn"
    return "off"


def timed(settings: dict[str, Any]) -> bool:
    """True if stored table settings run a clock."""
    clock = settings.get("clock")
    return settings.get("timer") is not None or (isinstance(clock, dict)
                                                 and clock.get("kind") not in (None, "off"))


def _table_row(t: Any) -> TableRow:
    return TableRow(t["id"], t["game"], t["version"], t["players"], json.loads(t["options"]),
                    int(t["seed"]), t["host_hash"], json.loads(t["settings"]),
                    int(t["revision"]), bool(t["finished"]), float(t["created"]),
                    started=None if t["started"] is None else float(t["started"]))


# -- accounts (migration r0007; the logic is in tavola.server.accounts) --------------------
accounts_t = sa.Table(
    "accounts", metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("name", sa.String(40), nullable=False),
    sa.Column("name_key", sa.String(160), nullable=False, unique=True),
    sa.Column("password_hash", sa.String(200), nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("operator", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("disabled", sa.Boolean, nullable=False, server_default=sa.false()),
)

sessions_t = sa.Table(
    "sessions", metadata,
    sa.Column("id_hash", sa.String(64), primary_key=True),
    sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"),
              nullable=False, index=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("expires", sa.Float, nullable=False),
)

account_seats_t = sa.Table(
    "account_seats", metadata,
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"),
              nullable=False, index=True),
    sa.Column("token_hash", sa.String(64), nullable=False),
    sa.Column("added", sa.Float, nullable=False),
)


@dataclass
class AccountRow:
    """One account as stored (the password only as its Argon2id hash)."""

    id: str
    name: str
    name_key: str
    password_hash: str
    created: float
    operator: bool = False
    """A server operator (`tavola admin`)."""
    disabled: bool = False
    """Disabled by an operator: it cannot sign in, and its sessions count for nothing."""


@dataclass
class AccountSeatRow:
    """A seat attached to an account, with the hash of the seat token it was last handed
    with (the seat is no longer the account's once the seat holds another token)."""

    table_id: str
    seat: int
    token_hash: str
    added: float


def _account(r: Any) -> AccountRow:
    return AccountRow(r.id, r.name, r.name_key, r.password_hash, float(r.created),
                      bool(r.operator), bool(r.disabled))


def add_account(storage: Storage, row: AccountRow) -> bool:
    """Store a new account; False if its name (case-insensitively) is taken."""
    try:
        with storage._write() as conn:
            conn.execute(accounts_t.insert().values(
                id=row.id, name=row.name, name_key=row.name_key,
                password_hash=row.password_hash, created=row.created))
    except IntegrityError:
        return False
    return True


def account_by_key(storage: Storage, name_key: str) -> AccountRow | None:
    """Return the account whose folded name is `name_key`, or None."""
    with storage.engine.connect() as conn:
        r = conn.execute(accounts_t.select().where(accounts_t.c.name_key == name_key)).first()
    return None if r is None else _account(r)


def set_password_hash(storage: Storage, account_id: str, password_hash: str) -> None:
    """Replace an account's password hash (a rehash with newer parameters)."""
    with storage._write() as conn:
        conn.execute(accounts_t.update().where(accounts_t.c.id == account_id)
                     .values(password_hash=password_hash))


def change_password(storage: Storage, account_id: str, password_hash: str,
                    keep_session: str | None) -> None:
    """Replace an account's password hash and end every session of the account but the
    one whose id hashes to `keep_session`."""
    with storage._write() as conn:
        conn.execute(accounts_t.update().where(accounts_t.c.id == account_id)
                     .values(password_hash=password_hash))
        conn.execute(sessions_t.delete().where(sessions_t.c.account_id == account_id,
                                               sessions_t.c.id_hash != (keep_session or "")))


def add_session(storage: Storage, id_hash: str, account_id: str, created: float,
                expires: float) -> None:
    """Store a session (only the hash of its id), forgetting the account's expired ones."""
    with storage._write() as conn:
        conn.execute(sessions_t.delete().where(sessions_t.c.account_id == account_id,
                                               sessions_t.c.expires <= created))
        conn.execute(sessions_t.insert().values(id_hash=id_hash, account_id=account_id,
                                                created=created, expires=expires))


def session_account(storage: Storage, id_hash: str, now: float) -> AccountRow | None:
    """Return the account of the unexpired session whose id hashes to `id_hash`."""
    query = (sa.select(accounts_t).join(sessions_t, sessions_t.c.account_id == accounts_t.c.id)
             .where(sessions_t.c.id_hash == id_hash, sessions_t.c.expires > now,
                    accounts_t.c.disabled == sa.false()))
    with storage.engine.connect() as conn:
        r = conn.execute(query).first()
    return None if r is None else _account(r)


def delete_session(storage: Storage, id_hash: str) -> None:
    """Forget one session."""
    with storage._write() as conn:
        conn.execute(sessions_t.delete().where(sessions_t.c.id_hash == id_hash))


def attach_seat(storage: Storage, account_id: str, table_id: str, seat: int,
                token_hash: str, now: float) -> str:
    """Attach a seat to an account unless it is another's; return the seat's account."""
    with storage._write() as conn:
        owner = conn.execute(sa.select(account_seats_t.c.account_id).where(
            account_seats_t.c.table_id == table_id, account_seats_t.c.seat == seat)).scalar()
        if owner is None:
            conn.execute(account_seats_t.insert().values(
                table_id=table_id, seat=seat, account_id=account_id, token_hash=token_hash,
                added=now))
            return account_id
        if owner == account_id:
            conn.execute(account_seats_t.update().where(
                account_seats_t.c.table_id == table_id, account_seats_t.c.seat == seat)
                .values(token_hash=token_hash))
        return str(owner)


def attach_seat_anew(storage: Storage, account_id: str, table_id: str, seat: int,
                     token_hash: str, now: float) -> str:
    """Attach a seat to an account as `attach_seat` does, also when another account had it
    before the host gave the seat a new link (its attachment then holds an older token's
    hash than `token_hash`, the seat's own): the seat is no longer that account's."""
    with storage._write() as conn:
        held = conn.execute(sa.select(account_seats_t.c.account_id,
                                      account_seats_t.c.token_hash).where(
            account_seats_t.c.table_id == table_id, account_seats_t.c.seat == seat)).first()
        if held is not None and held.account_id != account_id \
                and held.token_hash == token_hash:
            return str(held.account_id)
        conn.execute(account_seats_t.delete().where(account_seats_t.c.table_id == table_id,
                                                    account_seats_t.c.seat == seat))
        conn.execute(account_seats_t.insert().values(
            table_id=table_id, seat=seat, account_id=account_id, token_hash=token_hash,
            added=now))
        return account_id


def seats_of_account(storage: Storage, account_id: str) -> list[AccountSeatRow]:
    """Return the seats attached to an account, oldest first."""
    with storage.engine.connect() as conn:
        return [AccountSeatRow(r.table_id, r.seat, r.token_hash, float(r.added))
                for r in conn.execute(account_seats_t.select()
                                      .where(account_seats_t.c.account_id == account_id)
                                      .order_by(account_seats_t.c.added,
                                                account_seats_t.c.table_id,
                                                account_seats_t.c.seat))]


def move_account_seat(storage: Storage, account_id: str, table_id: str, seat: int,
                      old_hash: str, new_hash: str) -> bool:
    """Give an account's seat the token hash `new_hash`, both in the seat and in the
    attachment, if the seat still holds `old_hash`; False (nothing changed) otherwise."""
    with storage._write() as conn:
        owner = conn.execute(sa.select(account_seats_t.c.account_id).where(
            account_seats_t.c.table_id == table_id, account_seats_t.c.seat == seat,
            account_seats_t.c.token_hash == old_hash)).scalar()
        if owner != account_id:
            return False
        moved = conn.execute(seats_t.update().where(
            seats_t.c.table_id == table_id, seats_t.c.seat == seat,
            seats_t.c.token_hash == old_hash).values(token_hash=new_hash))
        if moved.rowcount != 1:
            return False
        conn.execute(account_seats_t.update().where(
            account_seats_t.c.table_id == table_id, account_seats_t.c.seat == seat)
            .values(token_hash=new_hash))
        storage._notify(conn, table_id)
    return True


def chat_of_seats(storage: Storage, seats: list[tuple[str, int]]) -> list[tuple[str, ChatRow]]:
    """Return the chat lines written from the given (table, seat) pairs (the players'
    channel: a seat's own words, not the game's posted events), oldest first."""
    out: list[tuple[str, ChatRow]] = []
    with storage.engine.connect() as conn:
        for table_id, seat in seats:
            for r in conn.execute(chat_t.select().where(
                    chat_t.c.table_id == table_id, chat_t.c.seat == seat,
                    chat_t.c.channel == "players").order_by(chat_t.c.id)):
                out.append((table_id, ChatRow(r.id, r.channel, r.seat, r.author, r.text,
                                              r.time)))
    return out


def delete_account(storage: Storage, account_id: str, former: str) -> list[tuple[str, int]]:
    """Delete an account with its personal data: its sessions, its seats' attachments and
    chat lines (the players' channel); its seats stay, named `former`, so the games stay
    replayable, as do the game's own posted events, their author renamed. Return the
    (table, seat) pairs that were the account's."""
    with storage._write() as conn:
        seats = [(r.table_id, r.seat) for r in conn.execute(
            sa.select(account_seats_t.c.table_id, account_seats_t.c.seat)
            .where(account_seats_t.c.account_id == account_id))]
        for table_id, seat in seats:
            mine = (chat_t.c.table_id == table_id, chat_t.c.seat == seat)
            conn.execute(chat_t.delete().where(*mine, chat_t.c.channel == "players"))
            conn.execute(chat_t.update().where(*mine).values(author=former))
            # The seat's link stops working: the person is gone (a stand-in plays on).
            conn.execute(seats_t.update().where(seats_t.c.table_id == table_id,
                                                seats_t.c.seat == seat)
                         .values(name=former, reserved=None, token_hash=None))
            conn.execute(seats_t.update().where(
                seats_t.c.table_id == table_id, seats_t.c.seat == seat,
                seats_t.c.table_id.in_(sa.select(tables_t.c.id).where(
                    tables_t.c.id == table_id, sa.not_(tables_t.c.finished))))
                .values(standin=True))
        for results in (rated_results_t, bot_ladder_results_t):
            conn.execute(results.update().where(
                results.c.account_id == account_id).values(account_id=None))
        for child in (account_seats_t, sessions_t, ratings_t, bot_ladder_t):
            conn.execute(child.delete().where(child.c.account_id == account_id))
        conn.execute(accounts_t.delete().where(accounts_t.c.id == account_id))
        for table_id in sorted({t for t, _ in seats}):
            storage._notify(conn, table_id)
    return seats


# -- ratings (migration r0008; the logic is in tavola.server.ratings) ----------------------
# Two ladders of the same shape: rated among people (r0008) and rated against bots (r0011).
def _ratings_table(name: str) -> sa.Table:
    """An account's rating per game on one ladder."""
    return sa.Table(
        name, metadata,
        sa.Column("account_id", sa.String(32),
                  sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("game", sa.String(40), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("played", sa.Integer, nullable=False),
        sa.Column("won", sa.Integer, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
        sa.Index(f"{name}_game", "game"),
    )


def _results_table(name: str, *extra: sa.Column[Any]) -> sa.Table:
    """Each rated seat's result on one ladder, its rating before and after (`extra`
    columns come before the time)."""
    return sa.Table(
        name, metadata,
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.String(32),
                  sa.ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True,
                  index=True),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("abandoned", sa.Boolean, nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu_after", sa.Float, nullable=False),
        sa.Column("sigma_after", sa.Float, nullable=False),
        *extra,
        sa.Column("time", sa.Float, nullable=False),
    )


ratings_t = _ratings_table("ratings")
rated_results_t = _results_table("rated_results")
bot_ladder_t = _ratings_table("bot_ladder")
# The bots rated against, JSON: [{"seat", "level", "rank", "mu", "sigma"}].
bot_ladder_results_t = _results_table("bot_ladder_results", sa.Column("bots", sa.Text,
                                                                      nullable=False))

LADDERS = {"people": (ratings_t, rated_results_t), "bots": (bot_ladder_t, bot_ladder_results_t)}
"""Each ladder's ratings and results: rated among people, and rated against bots."""


@dataclass
class RatingRow:
    """An account's rating for one game (OpenSkill's mu and sigma) and its rated games."""

    game: str
    mu: float
    sigma: float
    played: int
    won: int
    name: str = ""
    """The account's name (in a leaderboard)."""


@dataclass
class RatedSeat:
    """One seat of a rated game to settle: its account, its rank (1 is best; an abandoned
    seat ranks last) and whether its person abandoned."""

    seat: int
    account_id: str
    rank: int
    abandoned: bool


@dataclass
class ResultRow:
    """One seat's result in a rated game, with the account's rating before and after."""

    table_id: str
    seat: int
    game: str
    rank: int
    abandoned: bool
    mu_before: float
    sigma_before: float
    mu_after: float
    sigma_after: float
    time: float


Rate = Any
"""`(before: list[tuple[mu, sigma] | None], ranks: list[int])` -> each seat's
`((mu, sigma) before, (mu, sigma) after)`: the rating model (`tavola.server.ratings.rate`);
None is a rating not made yet (the model's first rating)."""


def seat_accounts(storage: Storage, table_id: str) -> dict[int, tuple[str, str]]:
    """Return each attached seat of a table: (account id, the token hash it was handed
    with)."""
    with storage.engine.connect() as conn:
        return {r.seat: (r.account_id, r.token_hash) for r in conn.execute(
            account_seats_t.select().where(account_seats_t.c.table_id == table_id))}


def settle_rated(storage: Storage, table_id: str, game: str, seats: list[RatedSeat],
                 rate: Rate, now: float, ladder: str = "people",
                 bots: list[dict[str, Any]] | None = None) -> bool:
    """Store a rated game's results and update its players' ratings on `ladder` (`people`
    or `bots`; `bots` lists the bots rated against, stored with each result), in one
    transaction; False (nothing changed) if the game was settled already (by this or
    another process). The ratings read are locked until the commit on PostgreSQL (SQLite
    has one writer)."""
    ratings, results = LADDERS[ladder]
    extra = {} if ladder == "people" else {"bots": json.dumps(bots or [])}
    with storage._write() as conn:
        done = conn.execute(sa.select(results.c.seat).where(
            results.c.table_id == table_id).limit(1)).first()
        if done is not None:
            return False
        ids = [s.account_id for s in seats]
        query = ratings.select().where(ratings.c.game == game,
                                       ratings.c.account_id.in_(ids))
        if storage.is_postgres:
            query = query.with_for_update()
        known = {r.account_id: r for r in conn.execute(query)}
        before = [(known[i].mu, known[i].sigma) if i in known else None for i in ids]
        moved = rate(before, [s.rank for s in seats])
        for s, (old, new) in zip(seats, moved, strict=True):
            won = 1 if s.rank == 1 and not s.abandoned else 0
            if s.account_id in known:
                conn.execute(ratings.update().where(
                    ratings.c.account_id == s.account_id, ratings.c.game == game)
                    .values(mu=new[0], sigma=new[1], played=ratings.c.played + 1,
                            won=ratings.c.won + won, updated=now))
            else:
                conn.execute(ratings.insert().values(
                    account_id=s.account_id, game=game, mu=new[0], sigma=new[1], played=1,
                    won=won, updated=now))
            conn.execute(results.insert().values(
                table_id=table_id, seat=s.seat, account_id=s.account_id, game=game,
                rank=s.rank, abandoned=s.abandoned, mu_before=old[0], sigma_before=old[1],
                mu_after=new[0], sigma_after=new[1], time=now, **extra))
    return True


def account_by_id(storage: Storage, account_id: str) -> AccountRow | None:
    """Return the account with this id, or None."""
    with storage.engine.connect() as conn:
        r = conn.execute(accounts_t.select().where(accounts_t.c.id == account_id)).first()
    return None if r is None else _account(r)


def ratings_of(storage: Storage, account_id: str,
               ladder: str = "people") -> list[RatingRow]:
    """Return an account's ratings on `ladder`, one per game it played rated there."""
    ratings = LADDERS[ladder][0]
    with storage.engine.connect() as conn:
        return [RatingRow(r.game, r.mu, r.sigma, r.played, r.won) for r in conn.execute(
            ratings.select().where(ratings.c.account_id == account_id)
            .order_by(ratings.c.game))]


def results_of(storage: Storage, account_id: str, limit: int,
               ladder: str = "people") -> list[ResultRow]:
    """Return an account's newest rated results on `ladder`, newest first."""
    results = LADDERS[ladder][1]
    with storage.engine.connect() as conn:
        return [ResultRow(r.table_id, r.seat, r.game, r.rank, r.abandoned, r.mu_before,
                          r.sigma_before, r.mu_after, r.sigma_after, r.time)
                for r in conn.execute(results.select()
                                      .where(results.c.account_id == account_id)
                                      .order_by(results.c.time.desc(), results.c.table_id)
                                      .limit(limit))]


def finished_tables_of(storage: Storage, account_id: str,
                       limit: int) -> list[tuple[TableRow, int]]:
    """Return the account's finished tables with its seat at each, newest first."""
    query = (sa.select(tables_t, account_seats_t.c.seat)
             .join(account_seats_t, account_seats_t.c.table_id == tables_t.c.id)
             .where(account_seats_t.c.account_id == account_id, tables_t.c.finished)
             .order_by(tables_t.c.created.desc(), tables_t.c.id).limit(limit))
    with storage.engine.connect() as conn:
        return [(_table_row(r._mapping), int(r.seat)) for r in conn.execute(query)]


def leaders(storage: Storage, game: str, limit: int,
            ladder: str = "people") -> list[RatingRow]:
    """Return a game's ratings on `ladder` with their accounts' names, best first (by the
    conservative estimate mu - 3 sigma)."""
    ratings = LADDERS[ladder][0]
    query = (sa.select(ratings, accounts_t.c.name)
             .join(accounts_t, accounts_t.c.id == ratings.c.account_id)
             .where(ratings.c.game == game)
             .order_by((ratings.c.mu - 3 * ratings.c.sigma).desc(), accounts_t.c.name_key)
             .limit(limit))
    with storage.engine.connect() as conn:
        return [RatingRow(r.game, r.mu, r.sigma, r.played, r.won, r.name)
                for r in conn.execute(query)]


# -- operators (`tavola admin`) ------------------------------------------------------------
def all_accounts(storage: Storage) -> list[tuple[AccountRow, int]]:
    """Return every account with the number of seats attached to it, oldest first."""
    seats = (sa.select(sa.func.count()).select_from(account_seats_t)
             .where(account_seats_t.c.account_id == accounts_t.c.id).scalar_subquery())
    with storage.engine.connect() as conn:
        return [(_account(r), int(r.seats)) for r in conn.execute(
            sa.select(accounts_t, seats.label("seats")).order_by(accounts_t.c.created,
                                                                 accounts_t.c.name_key))]


def set_account_flags(storage: Storage, account_id: str, *, operator: bool | None = None,
                      disabled: bool | None = None) -> None:
    """Make an account an operator or not, disable it or not (a disabled account's
    sessions end)."""
    values = {k: v for k, v in (("operator", operator), ("disabled", disabled))
              if v is not None}
    with storage._write() as conn:
        if values:
            conn.execute(accounts_t.update().where(accounts_t.c.id == account_id)
                         .values(**values))
        if disabled:
            conn.execute(sessions_t.delete().where(sessions_t.c.account_id == account_id))


def remove_chat_line(storage: Storage, table_id: str, line: int) -> bool:
    """Delete one chat line of a table (a player's or a spectator's words; a game's
    posted event is part of the game and stays); False if there is no such line."""
    with storage._write() as conn:
        gone = conn.execute(chat_t.delete().where(
            chat_t.c.table_id == table_id, chat_t.c.id == line,
            chat_t.c.channel.in_(("players", "spectators"))))
        if gone.rowcount:
            storage._notify(conn, table_id, "chat")
        return bool(gone.rowcount)


def end_table(storage: Storage, table_id: str) -> bool:
    """Delete an unfinished table with everything of it (an abandoned game: a finished one
    is kept, as every finished game is); False if there is no such unfinished table."""
    with storage._write() as conn:
        found = conn.execute(sa.select(tables_t.c.id).where(
            tables_t.c.id == table_id, tables_t.c.finished == sa.false())).first()
        if found is None:
            return False
        for child in (chat_t, actions_t, presence_t, account_seats_t, rated_results_t,
                      bot_ladder_results_t, seats_t):
            conn.execute(child.delete().where(child.c.table_id == table_id))
        conn.execute(rematches_t.delete().where(sa.or_(
            rematches_t.c.table_id == table_id, rematches_t.c.rematch_id == table_id)))
        conn.execute(tables_t.delete().where(tables_t.c.id == table_id))
        storage._notify(conn, table_id)
    return True


# -- lobby and friends (migration r0010; the routes are in tavola.server.routes_lobby) -----
sa.Index("tables_lobby", tables_t.c.public, tables_t.c.finished, tables_t.c.game,
         tables_t.c.speed)

follows_t = sa.Table(
    "follows", metadata,
    sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("followed_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("added", sa.Float, nullable=False),
    sa.Index("follows_followed", "followed_id"),
)

invites_t = sa.Table(
    "invites", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("from_account", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"),
              nullable=False),
    sa.Column("to_account", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"),
              nullable=False, index=True),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
              nullable=False),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.UniqueConstraint("to_account", "table_id", name="invites_once"),
)


@dataclass
class InviteRow:
    """An invitation to a table: from whom (their name), the table, the seat kept for the
    invitee (None: an open seat of a public table to take) and when."""

    id: int
    sender: str
    table_id: str
    seat: int | None
    created: float


def follow(storage: Storage, account_id: str, followed_id: str, now: float) -> bool:
    """Make an account follow another; False if it did already."""
    try:
        with storage._write() as conn:
            conn.execute(follows_t.insert().values(account_id=account_id,
                                                   followed_id=followed_id, added=now))
    except IntegrityError:
        return False
    return True


def unfollow(storage: Storage, account_id: str, followed_id: str) -> bool:
    """Stop following; False if the account did not follow that one."""
    with storage._write() as conn:
        return bool(conn.execute(follows_t.delete().where(
            follows_t.c.account_id == account_id,
            follows_t.c.followed_id == followed_id)).rowcount)


def follows_of(storage: Storage, account_id: str) -> list[tuple[str, float]]:
    """Return the names of the accounts an account follows (and since when), by name."""
    query = (sa.select(accounts_t.c.name, follows_t.c.added)
             .join(follows_t, follows_t.c.followed_id == accounts_t.c.id)
             .where(follows_t.c.account_id == account_id).order_by(accounts_t.c.name_key))
    with storage.engine.connect() as conn:
        return [(r.name, float(r.added)) for r in conn.execute(query)]


def follows(storage: Storage, account_id: str, followed_id: str) -> bool:
    """True if an account follows another."""
    with storage.engine.connect() as conn:
        return conn.execute(sa.select(follows_t.c.added).where(
            follows_t.c.account_id == account_id,
            follows_t.c.followed_id == followed_id)).first() is not None


def add_invite(storage: Storage, sender: str, receiver: str, table_id: str,
               seat: int | None, now: float) -> int:
    """Store an invitation (replacing an earlier one of the receiver to the same table);
    return its id."""
    with storage._write() as conn:
        conn.execute(invites_t.delete().where(invites_t.c.to_account == receiver,
                                              invites_t.c.table_id == table_id))
        key = conn.execute(invites_t.insert().values(
            from_account=sender, to_account=receiver, table_id=table_id, seat=seat,
            created=now)).inserted_primary_key
        assert key is not None
        return int(key[0])


def invites_to(storage: Storage, account_id: str) -> list[InviteRow]:
    """Return the invitations an account received, newest first."""
    query = (sa.select(invites_t, accounts_t.c.name)
             .join(accounts_t, accounts_t.c.id == invites_t.c.from_account)
             .where(invites_t.c.to_account == account_id)
             .order_by(invites_t.c.created.desc(), invites_t.c.id.desc()))
    with storage.engine.connect() as conn:
        return [InviteRow(int(r.id), r.name, r.table_id, r.seat, float(r.created))
                for r in conn.execute(query)]


def drop_invite(storage: Storage, account_id: str, invite: int) -> bool:
    """Forget an invitation the account received; False if it has none of that id."""
    with storage._write() as conn:
        return bool(conn.execute(invites_t.delete().where(
            invites_t.c.id == invite, invites_t.c.to_account == account_id)).rowcount)
