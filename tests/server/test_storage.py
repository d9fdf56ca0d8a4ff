"""The storage layer on both databases: what is stored comes back, action numbers are
unique, a take-back needs the revision it was judged on, old schemas upgrade."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic.script import ScriptDirectory

from tavola.server.migrations import config, upgrade
from tavola.server.storage import (
    ActionRow,
    Conflict,
    SeatRow,
    Storage,
    StorageError,
    TableRow,
    default_url,
    hold_serving_lock,
    normalise_url,
)


def a_table(table_id: str = "t1") -> TableRow:
    return TableRow(table_id, "toy", 1, 2, {"rounds": 3}, 2**62 + 5, "h" * 64,
                    {"timer": None}, 0, False, time.time(),
                    [SeatRow(0, "human", token_hash="a" * 64, reserved="Ann"),
                     SeatRow(1, "bot", bot="random", name="random")], [])


def test_a_table_and_its_actions_come_back_as_stored(db_url: str) -> None:
    store = Storage(db_url)
    try:
        store.create_table(a_table())
        store.append_action("t1", ActionRow(0, 0, "bid:1", "human", 1.5), False)
        store.append_action("t1", ActionRow(1, 1, "bid:2", "bot", 2.5), True)
        row = store.load_table("t1")
        assert row is not None and row.seed == 2**62 + 5 and row.options == {"rounds": 3}
        assert row.finished and [s.reserved for s in row.seats] == ["Ann", None]
        assert [(a.n, a.seat, a.action, a.by) for a in row.actions] == [
            (0, 0, "bid:1", "human"), (1, 1, "bid:2", "bot")]
        assert store.table_ids(finished=False) == [] and store.table_ids() == ["t1"]
        assert store.load_table("nope") is None
    finally:
        store.close()


def test_an_action_number_is_stored_once(db_url: str) -> None:
    store = Storage(db_url)
    try:
        store.create_table(a_table())
        store.append_action("t1", ActionRow(0, 0, "bid:1", "human", 1.0), False)
        with pytest.raises(Conflict):
            store.append_action("t1", ActionRow(0, 1, "bid:3", "bot", 1.0), False)
        assert [a.action for a in store.actions("t1")] == ["bid:1"]
    finally:
        store.close()


def test_a_take_back_needs_the_revision_and_the_last_action(db_url: str) -> None:
    store = Storage(db_url)
    try:
        store.create_table(a_table())
        store.append_action("t1", ActionRow(0, 0, "bid:1", "human", 1.0), False)
        with pytest.raises(Conflict):
            store.undo_action("t1", 0, 0, revision=5)
        with pytest.raises(Conflict):
            store.undo_action("t1", 0, 1, revision=0)
        assert [a.action for a in store.actions("t1")] == ["bid:1"]
        store.undo_action("t1", 0, 0, revision=0)
        row = store.load_table("t1")
        assert row is not None and row.actions == [] and row.revision == 1
    finally:
        store.close()


def test_chat_is_kept_in_order(db_url: str) -> None:
    store = Storage(db_url)
    try:
        store.create_table(a_table())
        first = store.add_chat("t1", "players", 0, "Ann", "hello")
        store.add_chat("t1", "spectators", None, "spectator", "hi")
        assert [c.text for c in store.chat("t1")] == ["hello", "hi"]
        assert [c.text for c in store.chat_after("t1", first.id)] == ["hi"]
    finally:
        store.close()


def test_a_database_made_by_an_older_version_upgrades(db_url: str) -> None:
    engine = sa.create_engine(normalise_url(db_url))
    with engine.begin() as conn:
        upgrade(conn, "r0001")
        conn.execute(sa.text(
            "INSERT INTO tables (id, game, version, players, options, seed, host_hash, "
            "settings, revision, finished, created) VALUES ('old', 'toy', 1, 2, '{}', 7, "
            "'h', '{}', 0, false, 1.0)"))
        conn.execute(sa.text("INSERT INTO actions (table_id, n, seat, action, by, time) "
                             "VALUES ('old', 0, 0, 'bid:1', 'human', 1.0)"))
        conn.execute(sa.text("INSERT INTO seats (table_id, seat, kind, token_hash, name) "
                             "VALUES ('old', 0, 'human', 'x', 'Ann'), "
                             "('old', 1, 'human', 'y', NULL)"))
        assert not sa.inspect(conn).has_table("chat")
    engine.dispose()
    store = Storage(db_url)
    try:
        row = store.load_table("old")
        assert row is not None and [a.action for a in row.actions] == ["bid:1"]
        # A seat somebody joined before seats were marked taken is taken; a free one is not.
        assert [s.taken for s in row.seats] == [True, False]
        assert store.add_chat("old", "players", 0, "P1", "still here").id >= 1
        with store.engine.connect() as conn:
            assert conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalar() \
                == ScriptDirectory.from_config(config()).get_current_head()
            assert sa.inspect(conn).has_table("rematches")
        assert store.rematch_of("old") is None
    finally:
        store.close()


def test_a_rematch_is_stored_once_with_its_link(db_url: str) -> None:
    store = Storage(db_url)
    try:
        store.create_table(a_table("old"))
        assert store.create_rematch("old", a_table("new")) == "new"
        # A second rematch of the same table stores nothing and answers the first.
        assert store.create_rematch("old", a_table("other")) == "new"
        assert store.load_table("other") is None
        row = store.load_table("old")
        assert row is not None and row.rematch == "new" and store.rematch_of("new") is None
        # A seat's token is bound once: the same token again is fine, another is refused.
        assert store.set_seat_token("new", 0, "b" * 64) is False  # it holds "a" * 64
        store.set_seat("new", 0, token_hash=None)
        assert store.set_seat_token("new", 0, "b" * 64) is True
        assert store.set_seat_token("new", 0, "b" * 64) is True
        assert store.set_seat_token("new", 0, "c" * 64) is False
    finally:
        store.close()


def test_sqlite_writes_through_to_disk(sqlite_url: str) -> None:
    store = Storage(sqlite_url)
    try:
        with store.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert conn.exec_driver_sql("PRAGMA synchronous").scalar() == 2  # FULL
    finally:
        store.close()


def test_the_default_database_is_in_the_users_data_directory(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_url() == f"sqlite:///{tmp_path / 'tavola' / 'tavola.db'}"


def test_urls_are_read_in_sqlalchemys_form() -> None:
    assert normalise_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalise_url("sqlite:///x.db") == "sqlite:///x.db"
    with pytest.raises(StorageError, match="unsupported database 'mysql'"):
        Storage("mysql://u@h/db")
    with pytest.raises(StorageError, match="not a database URL"):
        Storage("no url at all")


def test_actions_committed_together_are_refused_one_by_one(db_url: str) -> None:
    store = Storage(db_url)
    try:
        store.create_table(a_table("t1"))
        store.create_table(a_table("t2"))
        store.append_action("t1", ActionRow(0, 0, "bid:1", "human", 1.0), False)
        futures = [store.append_later("t1", ActionRow(0, 1, "bid:3", "bot", 1.0), False),
                   store.append_later("t2", ActionRow(0, 0, "bid:2", "human", 1.0), True),
                   store.append_later("t1", ActionRow(1, 1, "bid:3", "bot", 1.0), False)]
        with pytest.raises(Conflict):
            futures[0].result(30)
        assert futures[1].result(30) is None and futures[2].result(30) is None
        assert [a.action for a in store.actions("t1")] == ["bid:1", "bid:3"]
        row = store.load_table("t2")
        assert row is not None and row.finished
    finally:
        store.close()


def test_one_process_at_a_time_holds_a_sqlite_file_for_serving(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'served.db'}"
    hold_serving_lock(url)
    hold_serving_lock(url)  # again in the same process: nothing changes
    hold_serving_lock("sqlite://")  # in memory: nothing to lock
    hold_serving_lock("postgresql://u@127.0.0.1:1/db")  # PostgreSQL: no lock, no connection
    other = subprocess.run(
        [sys.executable, "-c", "import sys; from tavola.server.storage import "
         "hold_serving_lock; hold_serving_lock(sys.argv[1])", url],
        capture_output=True, text=True, timeout=60, check=False)
    assert other.returncode != 0
    assert "StorageError: another tavola serve is using this database: " in other.stderr
    assert str(tmp_path / "served.db") in other.stderr
    assert (tmp_path / "served.db.lock").read_text() == str(os.getpid())
    with pytest.raises(StorageError, match="cannot open the database"):
        hold_serving_lock(f"sqlite:///{tmp_path / 'missing' / 'x.db'}")


def test_a_write_whose_waiter_gave_up_is_stored_and_the_writer_goes_on(db_url: str) -> None:
    """A table stopped while its action is being stored cancels its wait: the action is
    stored all the same, and the writer thread, which every later write waits on, lives."""
    from concurrent.futures import Future

    store = Storage(db_url)
    try:
        store.create_table(a_table("t1"))
        assert store.append_later("t1", ActionRow(0, 0, "bid:1", "human", 1.0),
                                  False).result(30) is None
        given_up: Future[None] = Future()
        assert given_up.cancel()
        writer = store._writer
        assert writer is not None
        writer._commit([("t1", ActionRow(1, 1, "bid:2", "human", 2.0), False, given_up)])
        assert store.append_later("t1", ActionRow(2, 0, "bid:3", "human", 3.0),
                                  False).result(30) is None
        assert [a.action for a in store.actions("t1")] == ["bid:1", "bid:2", "bid:3"]
    finally:
        store.close()
