"""Mail in the page, on a real `tavola serve --smtp` mailing a real SMTP server process
(aiosmtpd): the account page's address and turn notices, the link that confirms the
address, "forgot your password?" and the reset link, the one-click unsubscribe page, and a
turn notice's link that opens the account's seat (signing in first on another device)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.request import Request, urlopen

import pytest
from playwright.sync_api import BrowserContext, Page

from tavola.server import mail as m
from tavola.server import storage as db
from tavola.server.remote import wait_for_server
from tests.server.relay import Relay
from tests.web.conftest import ARTIFACTS, ROOT, NewContext, free_port, watched
from tests.web.pages import intrige_table

ADA = "ada@example.org"
PASSWORD = "correct horse battery"


class MailServer:
    """`tavola serve --smtp` in a subprocess, its relay and its database."""

    def __init__(self, workdir: Path) -> None:
        self.relay = Relay.start(workdir)
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.db = f"sqlite:///{workdir / 'tavola.db'}"
        self.output = workdir / "serve.out"
        with self.output.open("wb") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "tavola", "serve", "--db", self.db, "--port",
                 str(self.port), "--bot-workers", "0", "--smtp", self.relay.url],
                cwd=ROOT, env=dict(os.environ, PYTHONPATH=str(ROOT)), stdout=out,
                stderr=subprocess.STDOUT)
        try:
            wait_for_server(self.base, 60.0)
        except Exception:
            self.stop()
            raise

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.relay.stop()

    def link(self, view: str, count: int) -> str:
        """Return the page link `#/view/...` in the `count`-th mail (once it came)."""
        mail = self.relay.wait_for(count)[count - 1]
        part = mail.get_body(("plain",))
        assert part is not None
        found = re.search(rf"{re.escape(self.base)}/#/{view}/[A-Za-z0-9_-]+",
                          str(part.get_content()))
        assert found, part.get_content()
        return found.group(0)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[MailServer]:
    running = MailServer(tmp_path_factory.mktemp("mail-server"))
    yield running
    running.stop()


def shot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"mail-{name}.png"), full_page=True)


def signed_up(context: BrowserContext, base: str, name: str) -> Page:
    page = watched(context.new_page())
    page.goto(base + "/#/signin")
    page.wait_for_selector("#signin-page[data-ready=yes]")
    page.fill("#sign-up input[name=name]", name)
    page.fill("#sign-up input[name=password]", PASSWORD)
    page.click("#sign-up button[type=submit]")
    page.wait_for_selector("#mine-page[data-ready=yes]")
    return page


def test_the_address_is_confirmed_and_a_forgotten_password_reset(
        new_context: NewContext, served: MailServer) -> None:
    page = signed_up(new_context(), served.base, "Ada")
    page.goto(served.base + "/#/account")
    page.wait_for_selector("#mail-form input[name=address]:not([disabled])")
    page.fill("#mail-form input[name=address]", ADA)
    page.check("#mail-notices")
    page.click("#mail-form button[type=submit]")
    page.wait_for_selector("#mail-form .status:has-text('ada@example.org')")
    assert "Not confirmed" in page.inner_text("#mail-state")
    shot(page, "account")
    # The link in the mail confirms the address (the page posts it).
    page.goto(served.link("verify", 1))
    page.wait_for_selector("#verify-page[data-ready=yes]")
    assert "confirmed" in page.inner_text("#verify-page")
    page.goto(served.base + "/#/account")
    page.wait_for_selector("#mail-state:has-text('Confirmed')")
    assert page.is_checked("#mail-notices")
    # Forgotten password: asked from the sign-in page on another device.
    other = watched(new_context(locale="it-IT").new_page())
    other.goto(served.base + "/#/signin")
    other.wait_for_selector("#signin-page[data-ready=yes]")
    other.fill("#forgot input[name=who]", "ada")
    other.click("#forgot button[type=submit]")
    other.wait_for_selector("#forgot .status:has-text('link')")
    shot(other, "forgot")
    other.goto(served.link("reset", 2))
    other.wait_for_selector("#reset-page[data-ready=yes]")
    other.fill("#reset input[name=new_password]", "a brand new secret")
    other.click("#reset button[type=submit]")
    other.wait_for_selector("#reset a[href='/#/signin']")
    shot(other, "reset-done")
    # The link worked once.
    other.reload()
    other.wait_for_selector("#reset-page[data-ready=yes]")
    other.fill("#reset input[name=new_password]", "yet another secret")
    other.click("#reset button[type=submit]")
    other.wait_for_selector("#reset .status.bad")
    other.goto(served.base + "/#/signin")
    other.fill("#sign-in input[name=name]", "Ada")
    other.fill("#sign-in input[name=password]", "a brand new secret")
    other.click("#sign-in button[type=submit]")
    other.wait_for_selector("#mine-page[data-ready=yes]")
    assert not page.problems and not other.problems  # type: ignore[attr-defined]


def test_a_notice_opens_the_seat_and_stops_in_one_click(
        new_context: NewContext, served: MailServer) -> None:
    phone = signed_up(new_context(), served.base, "Bea")
    cookie = next(c for c in phone.context.cookies() if c["name"] == "tavola_session")
    made = intrige_table(served.base, [{"kind": "human"}, {"kind": "bot", "bot": "greedy"},
                                       {"kind": "bot", "bot": "greedy"}],
                         clock={"kind": "turn", "seconds": 86400})
    table, token = made["table"], made["seats"][0]["token"]
    headers = {"origin": served.base, "content-type": "application/json",
               "cookie": f"tavola_session={cookie['value']}"}
    for path, body in ((f"/api/v1/tables/{table}/join", {"token": token, "name": "Bea"}),
                       ("/api/v1/account/seats", {"table": table, "token": token})):
        with urlopen(Request(served.base + path, data=json.dumps(body).encode(),
                             headers=headers, method="POST"), timeout=10) as answer:
            assert answer.status == 200
    # The notice's link on a device that never signed in: sign in, then the seat opens.
    laptop = watched(new_context().new_page())
    laptop.goto(f"{served.base}/#/open/{table}/0")
    laptop.wait_for_selector("#signin-page[data-ready=yes]")
    laptop.fill("#sign-in input[name=name]", "Bea")
    laptop.fill("#sign-in input[name=password]", PASSWORD)
    laptop.click("#sign-in button[type=submit]")
    laptop.wait_for_url(re.compile(rf"/play/{table}#token="))
    laptop.wait_for_selector("#table-page")
    # One click on a notice's unsubscribe link stops the notices.
    storage = db.Storage(served.db, migrate=False)
    try:
        bea = db.account_by_key(storage, "bea")
        assert bea is not None
        m.set_mail(storage, bea.id, "bea@example.org", True, "pl")
        unsubscribe = m.add_link(storage, bea.id, m.UNSUBSCRIBE, None, time.time() + 3600)
        laptop.goto(f"{served.base}/#/unsubscribe/{unsubscribe}")
        laptop.wait_for_selector("#unsubscribe-page[data-ready=yes]")
        assert "no more" in laptop.inner_text("#unsubscribe-page")
        shot(laptop, "unsubscribed")
        assert m.mail_of(storage, bea.id).notices is False
    finally:
        storage.close()
    assert not phone.problems and not laptop.problems  # type: ignore[attr-defined]
