"""A real SMTP server for the mail tests: aiosmtpd run as its own process, keeping every
mail it receives in a Maildir the tests read."""

from __future__ import annotations

import email
import email.policy
import mailbox
import re
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from email.message import EmailMessage
from pathlib import Path

WAIT = 20.0


def free_port() -> int:
    """Return a TCP port nobody listens on now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@dataclass
class Relay:
    """A running aiosmtpd process and the Maildir it keeps mail in."""

    port: int
    maildir: Path
    process: subprocess.Popen[bytes]

    @staticmethod
    def start(folder: Path) -> Relay:
        """Start the server on a free port; return once it accepts connections."""
        return Relay.start_on(folder, free_port())

    @staticmethod
    def start_on(folder: Path, port: int) -> Relay:
        """Start the server on `port`; return once it accepts connections."""
        maildir = folder / "maildir"
        mailbox.Maildir(maildir, create=True)
        process = subprocess.Popen(
            [sys.executable, "-m", "aiosmtpd", "-n", "-u", "-l", f"127.0.0.1:{port}",
             "-c", "aiosmtpd.handlers.Mailbox", str(maildir)],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + WAIT
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1):
                    break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    process.kill()
                    raise RuntimeError("the SMTP server did not start: "
                                       + (process.stderr.read() if process.stderr else b"")
                                       .decode(errors="replace")) from None
                time.sleep(0.05)
        return Relay(port, maildir, process)

    def stop(self) -> None:
        """End the server process."""
        self.process.terminate()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()

    @property
    def url(self) -> str:
        """The SMTP URL a tavola server sends through to reach this one."""
        return f"smtp://127.0.0.1:{self.port}?from=tavola@example.org"

    def clear(self) -> None:
        """Forget every mail received."""
        mailbox.Maildir(self.maildir).clear()

    def mails(self) -> list[EmailMessage]:
        """Return every mail received, oldest first."""
        box = mailbox.Maildir(self.maildir, create=False)
        found = []
        # A key begins with the time it arrived: seconds, then "M" and the microseconds,
        # not zero-padded (so "M5" comes after "M123456" as text: compare the numbers).
        def arrival(key: str) -> tuple[int, int, str]:
            found = re.match(r"(\d+)\.M(\d+)", key)
            return (int(found.group(1)), int(found.group(2)), key) if found else (0, 0, key)

        for key in sorted(box.keys(), key=arrival):
            message = email.message_from_bytes(box.get_bytes(key), policy=email.policy.default)
            assert isinstance(message, EmailMessage)
            found.append(message)
        return found

    def wait_for(self, count: int, idle: Callable[[], bool] | None = None) -> list[EmailMessage]:
        """Return the mails once `count` have arrived (failing after a while); given
        `idle` (the sender has nothing left to send), also check that no more came."""
        deadline = time.monotonic() + WAIT
        while len(self.mails()) < count or (idle is not None and not idle()):
            assert time.monotonic() < deadline, f"{len(self.mails())} mails, not {count}"
            time.sleep(0.05)
        mails = self.mails()
        assert len(mails) == count, [m["Subject"] for m in mails]
        return mails
