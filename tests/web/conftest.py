"""Fixtures of the browser tests: a real `tavola serve` on a free port with a fresh SQLite
database, and Debian's Chromium driven by Playwright (docs/web.md, "Browser tests")."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from tavola.server.remote import wait_for_server

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync"]
ARTIFACTS = ROOT / "tests" / "artifacts"


def free_port() -> int:
    """Return a TCP port free on 127.0.0.1 now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """`tavola serve` in a subprocess, as a person starts it."""

    def __init__(self, workdir: Path) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.output = workdir / "serve.out"
        db = f"sqlite:///{workdir / 'tavola.db'}"
        with self.output.open("wb") as out:
            # Output to a file: a pipe nobody reads would fill up and stall the server.
            self.proc = subprocess.Popen(
                # One session's tests create hundreds of tables (and several accounts)
                # from this one address.
                [sys.executable, "-m", "tavola", "serve", "--db", db, "--port",
                 str(self.port), "--create-limit", "100000/1", "--sign-up-limit", "1000/1"],
                cwd=ROOT,
                env=dict(os.environ, PYTHONPATH=str(ROOT)),
                stdout=out, stderr=subprocess.STDOUT)
        try:
            wait_for_server(self.base, 60.0)
        except Exception:
            self.stop()
            raise

    def printed(self) -> str:
        """Return what the command printed so far."""
        return self.output.read_text(errors="replace")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(30)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One real server for the session (each xdist worker has its own)."""
    running = Server(tmp_path_factory.mktemp("web-server"))
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's Chromium, headless (fails, never skips, when it is missing)."""
    deadline = time.monotonic() + 120
    while not Path(CHROMIUM).exists():
        if time.monotonic() > deadline:
            pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium")
        time.sleep(2)
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


NewContext = Callable[..., BrowserContext]


@pytest.fixture
def new_context(browser: Browser) -> Iterator[NewContext]:
    """Open fresh browser profiles (own storage, own cookies), closed after the test."""
    opened: list[BrowserContext] = []

    def make(**settings: Any) -> BrowserContext:
        settings.setdefault("viewport", {"width": 1280, "height": 800})
        settings.setdefault("locale", "en-GB")
        # Other seats' moves are shown one by one unless the reader asks for reduced motion;
        # tests about anything else ask for it, so as not to wait for the show
        # (tests/web/test_motion.py asks for motion).
        settings.setdefault("reduced_motion", "reduce")
        context = browser.new_context(**settings)
        context.set_default_timeout(20_000)
        opened.append(context)
        return context

    yield make
    for context in opened:
        context.close()


@pytest.fixture
def page(new_context: NewContext) -> Page:
    """A page in a fresh English profile at 1280×800."""
    return watched(new_context().new_page())


def watched(page: Page) -> Page:
    """Fail the test on any script error or security-policy refusal in the page."""
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(f"script error: {error}"))

    def console(message: Any) -> None:
        if message.type == "error" and "Content Security Policy" in message.text:
            problems.append(f"refused by the policy: {message.text}")

    page.on("console", console)
    page.problems = problems  # type: ignore[attr-defined]
    return page
