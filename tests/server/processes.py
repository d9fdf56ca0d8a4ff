"""Real server processes for the tests (uvicorn in a subprocess, on 127.0.0.1)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any
from urllib.request import Request, urlopen

from tavola.server.remote import wait_for_server
from tests.server.postgres import free_port

ROOT = Path(__file__).resolve().parents[2]


class ServerProcess:
    """`python -m tests.server.serve_toys` on a free port; killed or stopped by the test."""

    def __init__(self, db: str, bot_workers: int = 2) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.server.serve_toys", "--db", db, "--port",
             str(self.port), "--bot-workers", str(bot_workers)], cwd=ROOT, env=env,
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        try:
            wait_for_server(self.base, 60.0)
        except Exception:
            self.stop()
            raise

    def cpu_seconds(self) -> float:
        """Return the CPU time the server's own process has had so far (user and system;
        not its bot workers'): what its work costs, whatever else the machine runs."""
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def ws(self, table: str) -> str:
        """Return the websocket URL of a table."""
        return f"ws://127.0.0.1:{self.port}/api/v1/tables/{table}/ws"

    def post(self, path: str, body: dict[str, Any]) -> Any:
        """POST JSON; return the answer's JSON."""
        request = Request(self.base + path, json.dumps(body).encode(),
                          {"Content-Type": "application/json"})
        with urlopen(request, timeout=30) as answer:
            return json.loads(answer.read())

    def get(self, path: str, token: str | None = None) -> Any:
        """GET JSON."""
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        with urlopen(Request(self.base + path, headers=headers), timeout=30) as answer:
            return json.loads(answer.read())

    def kill(self) -> None:
        """kill -9."""
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(30)

    def stop(self) -> None:
        """Stop it politely (and for good)."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.kill()
        if self.proc.stderr is not None:
            self.proc.stderr.close()
