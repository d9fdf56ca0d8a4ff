"""A private, throwaway PostgreSQL cluster for the tests: `initdb` and `pg_ctl` from the
Debian `postgresql` package, in a temporary folder, on a free localhost port.

Nothing is mocked and nothing is skipped: if PostgreSQL cannot be started the tests that
need it fail, saying why. As root, the server runs as the `postgres` user (PostgreSQL
refuses to run as root).
"""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg


def _binaries() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"),
                   key=lambda p: int(Path(p).parent.parent.name) if
                   Path(p).parent.parent.name.isdigit() else 0)
    if found:
        return Path(found[-1]).parent
    which = shutil.which("pg_ctl")
    if which:
        return Path(which).resolve().parent
    raise RuntimeError("PostgreSQL is not installed (apt-get install postgresql): "
                       "no pg_ctl in /usr/lib/postgresql/*/bin or on PATH")


def free_port() -> int:
    """Return a TCP port free on 127.0.0.1 now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    """A running private cluster; `url(db)` names one of its databases."""

    def __init__(self) -> None:
        self.bin = _binaries()
        self.dir = Path(tempfile.mkdtemp(prefix="tavola-pg-"))
        self.data = self.dir / "data"
        self.port = free_port()
        self.as_root = os.geteuid() == 0
        if self.as_root:
            shutil.chown(self.dir, "postgres", "postgres")
        self._run([str(self.bin / "initdb"), "-D", str(self.data), "-A", "trust",
                   "-U", "postgres", "-E", "UTF8", "--no-instructions"])
        options = (f"-c listen_addresses=127.0.0.1 -p {self.port} "
                   f"-c unix_socket_directories={self.dir} -c max_connections=300 "
                   f"-c shared_buffers=32MB")
        self._run([str(self.bin / "pg_ctl"), "-D", str(self.data), "-l",
                   str(self.dir / "log"), "-o", options, "-w", "-t", "60", "start"])

    def _run(self, command: list[str]) -> None:
        if self.as_root:
            command = ["runuser", "-u", "postgres", "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, timeout=120,
                              check=False)
        if done.returncode != 0:
            log = self.dir / "log"
            tail = log.read_text()[-800:] if log.exists() else ""
            raise RuntimeError(f"{' '.join(command[-3:])} failed: "
                               f"{(done.stderr or done.stdout)[-800:]} {tail}")

    def url(self, database: str = "postgres") -> str:
        """Return the SQLAlchemy URL of a database of this cluster."""
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """Create an empty database; return its URL."""
        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user=postgres dbname=postgres",
                             autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        """Stop the server and delete its files."""
        try:
            self._run([str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate",
                       "-w", "stop"])
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)


@contextmanager
def cluster() -> Iterator[Cluster]:
    """Start a private cluster for the duration of the block."""
    running = Cluster()
    try:
        yield running
    finally:
        running.stop()
