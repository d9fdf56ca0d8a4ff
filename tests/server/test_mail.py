"""Mail, against a real SMTP server process (aiosmtpd, `tests.server.relay`): an account's
address verified by a single-use link; turn notices at a turn-based table (the link to the
table, at most one an hour, one-click unsubscribe, nothing of the game in them); the
password reset (once, expiring, rate-limited, silent about who exists); a send that fails
is tried again and, given up on, logged. Both databases."""

from __future__ import annotations

import json
import logging
import os
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path
from typing import Any
from urllib.error import URLError
from urllib.request import Request, urlopen

import pytest
import sqlalchemy as sa
from starlette.testclient import TestClient

from tavola.server import mail as m
from tavola.server.app import create_app
from tavola.server.routes_mail import RESETS_PER_ADDRESS
from tavola.server.storage import Storage
from tests.server.games import register_server_toys
from tests.server.helpers import API, connect, create, hello, until
from tests.server.relay import Relay, free_port
from tests.server.test_accounts import PASSWORD, SITE, browser, engine, sign_in, sign_up

ADA = "ada@example.org"


@pytest.fixture(scope="module")
def relay(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Relay]:
    running = Relay.start(tmp_path_factory.mktemp("smtp"))
    yield running
    running.stop()


@pytest.fixture
def mail_client(db_url: str, relay: Relay) -> Iterator[TestClient]:
    """A live application on both databases that sends mail through the relay."""
    relay.clear()
    register_server_toys()
    settings = m.MailSettings.parse(relay.url, SITE)
    with TestClient(create_app(db_url, mail=settings)) as client:
        yield browser(client)


def sender(client: TestClient) -> m.Sender:
    mail: m.Mail = client.app.state.mail  # type: ignore[attr-defined]
    return mail.sender


def idle(client: TestClient) -> Any:
    return lambda: sender(client).pending() == 0


def body(mail: EmailMessage) -> str:
    part = mail.get_body(("plain",))
    assert part is not None
    return str(part.get_content())


def link(mail: EmailMessage, view: str) -> str:
    """Return the token of the page's link `#/view/TOKEN` in a mail."""
    found = re.search(rf"{re.escape(SITE)}/#/{view}/([A-Za-z0-9_-]+)", body(mail))
    assert found, body(mail)
    return found.group(1)


def set_address(client: TestClient, address: str | None, notices: bool = True,
                lang: str = "en") -> Any:
    return client.put(f"{API}/account/mail",
                      json={"address": address, "notices": notices, "lang": lang})


def verified_account(client: TestClient, relay: Relay, name: str = "Ada",
                     address: str = ADA, lang: str = "en") -> None:
    """Sign up and verify an address by the link mailed to it (the relay emptied)."""
    assert sign_up(client, name).status_code == 201
    assert set_address(client, address, lang=lang).status_code == 200
    token = link(relay.wait_for(1, idle(client))[0], "verify")
    assert client.post(f"{API}/mail/verify", json={"token": token}).status_code == 200
    relay.clear()


# -- the address -----------------------------------------------------------------------------
def test_an_address_is_verified_once_by_its_link(mail_client: TestClient,
                                                 relay: Relay) -> None:
    client = mail_client
    assert sign_up(client, "Ada").status_code == 201
    assert client.get(f"{API}/account/mail").json() == {
        "address": None, "verified": False, "notices": False, "lang": "en", "enabled": True,
        "verification_sent": False}
    bad = set_address(client, "not an address")
    assert bad.status_code == 400 and bad.json()["code"] == "mail_address_bad"
    assert set_address(client, ADA, lang="xx").json()["code"] == "unknown_language"
    # Another site's page cannot set the address.
    forged = client.put(f"{API}/account/mail", json={"address": ADA},
                        headers={"origin": "https://elsewhere.example"})
    assert forged.status_code == 403 and forged.json()["code"] == "cross_site"
    answer = set_address(client, ADA, lang="it")
    assert answer.status_code == 200, answer.text
    assert answer.json()["verified"] is False and answer.json()["verification_sent"] is True
    (mail,) = relay.wait_for(1, idle(client))
    assert mail["To"] == ADA and "conferma" in mail["Subject"]  # the account's language
    token = link(mail, "verify")
    assert client.post(f"{API}/mail/verify", json={"token": "x" * 32}).status_code == 400
    assert client.post(f"{API}/mail/verify", json={"token": token}).status_code == 200
    assert client.get(f"{API}/account/mail").json()["verified"] is True
    used = client.post(f"{API}/mail/verify", json={"token": token})
    assert used.status_code == 400 and used.json()["code"] == "mail_link_bad"
    # The same address again: still verified, no mail; a new one is not, until its link.
    assert set_address(client, ADA, notices=False).json()["verified"] is True
    relay.wait_for(1, idle(client))
    changed = set_address(client, "ada@example.net").json()
    assert changed["verified"] is False and changed["address"] == "ada@example.net"
    second = relay.wait_for(2, idle(client))[1]
    assert second["To"] == "ada@example.net"
    # A link sent to the old address no longer works for the new one.
    assert client.post(f"{API}/mail/verify", json={"token": token}).status_code == 400
    # No address at all: nothing is sent to anyone.
    assert set_address(client, None).json()["address"] is None


def test_without_a_relay_no_address_is_taken(db_client: TestClient) -> None:
    client = browser(db_client)
    assert sign_up(client, "Ada").status_code == 201
    assert client.get(f"{API}/account/mail").json()["enabled"] is False
    off = set_address(client, ADA)
    assert off.status_code == 503 and off.json()["code"] == "mail_off"
    reset = client.post(f"{API}/password-reset", json={"who": "Ada"})
    assert reset.status_code == 503


# -- turn notices ----------------------------------------------------------------------------
def bid(client: TestClient, tid: str, seat: int, token: str) -> None:
    """A seat bids, on a connection of its own (as from its own device)."""
    with connect(client, tid) as ws:
        frame = hello(ws, token)
        assert frame["legal"], frame
        ws.send_json({"type": "action", "seat": seat, "state": frame["state"],
                      "action": frame["legal"][0]["action"]})
        until(ws, lambda f, n=frame["state"]: f["type"] == "state" and f["state"] > n)


def play_round(client: TestClient, tid: str, tokens: dict[int, str]) -> None:
    """Each seat bids."""
    for seat, token in tokens.items():
        bid(client, tid, seat, token)


def test_a_restart_does_not_tell_a_turn_again(db_url: str, relay: Relay) -> None:
    relay.clear()
    register_server_toys()
    settings = m.MailSettings.parse(relay.url, SITE)
    with TestClient(create_app(db_url, mail=settings)) as raw:
        client = browser(raw)
        verified_account(client, relay)
        table = create(client, players=3, options={"rounds": 5},
                       clock={"kind": "turn", "seconds": 3600})
        tid = table["table"]
        tokens = {s["seat"]: s["token"] for s in table["seats"]}
        assert client.post(f"{API}/account/seats",
                           json={"table": tid, "token": tokens[0]}).status_code == 200
        bid(client, tid, 1, tokens[1])  # Ada and Cleo are still to bid
    with TestClient(create_app(db_url, mail=settings)) as raw:
        client = browser(raw)
        noticed: list[tuple[int, bool]] = []
        seen = threading.Condition()

        def note(notice: m.TurnNotice, sent: bool) -> None:
            with seen:
                noticed.append((notice.seat, sent))
                seen.notify_all()

        client.app.state.mail.noticed = note  # type: ignore[attr-defined]
        # Cleo bids: Ada's turn did not come now (it came before the restart).
        bid(client, tid, 2, tokens[2])
        # Ada bids last: a new round, Bea's and Cleo's turn (Ada, who just played, is
        # there); in it Ada bids first and Cleo last: Ada's turn comes, and she is told.
        bid(client, tid, 0, tokens[0])
        for seat in (0, 1, 2):
            bid(client, tid, seat, tokens[seat])
        with seen:
            assert seen.wait_for(lambda: len(noticed) >= 4, 20), noticed
        time.sleep(0.2)
        assert sorted(noticed) == [(0, True), (1, False), (1, False), (2, False)]
        (mail,) = relay.wait_for(1, idle(client))
        assert f"/#/open/{tid}/0" in body(mail)


def test_a_turn_notice_links_to_the_table_once_an_hour_until_unsubscribed(
        mail_client: TestClient, relay: Relay) -> None:
    client = mail_client
    noticed: list[tuple[int, bool]] = []
    seen = threading.Condition()

    def note(notice: m.TurnNotice, sent: bool) -> None:
        with seen:
            noticed.append((notice.seat, sent))
            seen.notify_all()

    client.app.state.mail.noticed = note  # type: ignore[attr-defined]

    def notices(count: int) -> list[tuple[int, bool]]:
        with seen:
            assert seen.wait_for(lambda: len(noticed) >= count, 20), noticed
            return noticed[:count]

    assert sign_up(client, "Ada").status_code == 201
    assert set_address(client, ADA, lang="pl").status_code == 200
    verify = link(relay.wait_for(1, idle(client))[0], "verify")
    relay.clear()
    # A turn-based toy (secret bids each round) for Ada and a guest; it begins once both
    # seats are taken.
    table = create(client, players=2, wait=True, options={"rounds": 5},
                   clock={"kind": "turn", "seconds": 3600})
    tid = table["table"]
    tokens = {s["seat"]: s["token"] for s in table["seats"]}
    assert client.post(f"{API}/tables/{tid}/join",
                       json={"token": tokens[0], "name": "Ada"}).status_code == 200
    assert client.post(f"{API}/account/seats",
                       json={"table": tid, "token": tokens[0]}).status_code == 200
    assert client.post(f"{API}/tables/{tid}/join",
                       json={"token": tokens[1], "name": "Bea"}).status_code == 200
    # Play began: both seats' turn; Ada's address is not verified yet, Bea has no account.
    assert sorted(notices(2)) == [(0, False), (1, False)]
    assert client.post(f"{API}/mail/verify", json={"token": verify}).status_code == 200
    play_round(client, tid, tokens)
    # Bea was to bid already (the bids are simultaneous); it became Ada's turn.
    assert notices(3)[2] == (0, True)
    (mail,) = relay.wait_for(1, idle(client))
    assert mail["To"] == ADA and "Twój ruch" in mail["Subject"] and tid in mail["Subject"]
    # A link straight to the table (the page opens the account's seat there).
    assert f"{SITE}/#/open/{tid}/0" in body(mail)
    # Nothing of the game in the mail: it is the template with the game's name, the
    # table, the account's name and the two links, and no seat's token.
    unsubscribe_page = link(mail, "unsubscribe")
    expected = m.text("pl", "notice_body", name="Ada", game="Toy", table=tid,
                      link=f"{SITE}/#/open/{tid}/0",
                      unsubscribe=f"{SITE}/#/unsubscribe/{unsubscribe_page}")
    assert body(mail).strip() == expected.strip()
    assert not any(token in mail.as_string() for token in tokens.values())
    # RFC 8058: a one-click unsubscribe address to POST to.
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    header = re.fullmatch(r"<(.+)>", str(mail["List-Unsubscribe"]).strip())
    assert header and header.group(1).startswith(f"{SITE}/api/v1/mail/unsubscribe/")
    # Ada's turn again within the hour: no second mail about this table.
    play_round(client, tid, tokens)
    assert notices(4)[3] == (0, False), noticed
    relay.wait_for(1, idle(client))
    # An hour later (the last notice's time moved back), the next turn is told again.
    hour_ago = sa.update(m.notices_t).values(sent=time.time() - m.NOTICE_SECONDS - 1)
    with engine(client).begin() as conn:
        conn.execute(hour_ago)
    play_round(client, tid, tokens)
    assert notices(5)[4] == (0, True)
    second = relay.wait_for(2, idle(client))[1]
    # One click: the mail program posts to the header's address, with no cookie and no
    # Origin (it is not the page); the link alone is the proof.
    path = str(second["List-Unsubscribe"]).strip().strip("<>").removeprefix(SITE)
    client.cookies.clear()
    out = client.post(path, content="List-Unsubscribe=One-Click",
                      headers={"origin": "", "content-type":
                               "application/x-www-form-urlencoded"})
    assert out.status_code == 200 and out.json() == {"notices": False}
    assert client.post(path).status_code == 200  # again: nothing changes
    assert sign_in(client, "Ada").status_code == 200
    assert client.get(f"{API}/account/mail").json()["notices"] is False
    assert client.post(f"{API}/mail/unsubscribe/{'x' * 32}").status_code == 400
    with engine(client).begin() as conn:
        conn.execute(hour_ago)
    play_round(client, tid, tokens)
    assert notices(6)[5] == (0, False)
    relay.wait_for(2, idle(client))


# -- the password reset ----------------------------------------------------------------------
def test_a_password_reset_works_once_and_expires(mail_client: TestClient,
                                                 relay: Relay) -> None:
    client = mail_client
    verified_account(client, relay)
    assert client.delete(f"{API}/session").status_code == 200
    # The same answer for a name nobody has, an unknown address and a known account.
    answers = [client.post(f"{API}/password-reset", json={"who": who})
               for who in ("nobody", "nobody@example.org", "ada")]
    assert {(a.status_code, a.text) for a in answers} == {(202, '{"asked":true}')}
    (mail,) = relay.wait_for(1, idle(client))
    assert mail["To"] == ADA and "password" in mail["Subject"]
    token = link(mail, "reset")
    short = client.post(f"{API}/password-reset/done",
                        json={"token": token, "new_password": "short"})
    assert short.status_code == 400 and short.json()["code"] == "password_length"
    done = client.post(f"{API}/password-reset/done",
                       json={"token": token, "new_password": "a brand new secret"})
    assert done.status_code == 200, done.text
    assert sign_in(client, "Ada").status_code == 401
    assert sign_in(client, "Ada", "a brand new secret").status_code == 200
    again = client.post(f"{API}/password-reset/done",
                        json={"token": token, "new_password": "yet another secret"})
    assert again.status_code == 400 and again.json()["code"] == "mail_link_bad"
    # By address this time; the link expires (its time moved past).
    assert client.post(f"{API}/password-reset", json={"who": ADA.upper()}).status_code == 202
    late = link(relay.wait_for(2, idle(client))[1], "reset")
    with engine(client).begin() as conn:
        conn.execute(sa.update(m.links_t).values(expires=time.time() - 1))
    expired = client.post(f"{API}/password-reset/done",
                          json={"token": late, "new_password": "yet another secret"})
    assert expired.status_code == 400 and expired.json()["code"] == "mail_link_bad"
    # Asking is rate-limited per address (4 asked so far).
    codes = [client.post(f"{API}/password-reset", json={"who": "nobody"}).status_code
             for _ in range(RESETS_PER_ADDRESS[0])]
    assert codes[-1] == 429 and 202 in codes


def test_an_unverified_address_gets_no_reset(mail_client: TestClient,
                                            relay: Relay) -> None:
    client = mail_client
    assert sign_up(client, "Ada").status_code == 201
    assert set_address(client, ADA).status_code == 200
    relay.wait_for(1, idle(client))
    assert client.post(f"{API}/password-reset", json={"who": "Ada"}).status_code == 202
    relay.wait_for(1, idle(client))  # only the verification


# -- sending ---------------------------------------------------------------------------------
@pytest.fixture
def store(db_url: str) -> Iterator[Storage]:
    """A fresh database, SQLite and PostgreSQL in turn, for a sender alone."""
    opened = Storage(db_url)
    yield opened
    opened.close()


def test_a_failed_send_is_tried_again_then_logged(
        caplog: pytest.LogCaptureFixture, store: Storage) -> None:
    nobody = m.MailSettings.parse(f"smtp://127.0.0.1:{free_port()}?timeout=2", SITE)
    sender = m.Sender(nobody, store, delays=(0.05, 0.05), poll=0.05)
    with caplog.at_level(logging.WARNING, "tavola.mail"):
        sender.submit("turn notice", m.message(nobody, ADA, "subject", "body"))
        deadline = time.monotonic() + 20
        while sender.failed == 0:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        sender.stop()
    tries = [r for r in caplog.records if r.levelno == logging.WARNING]
    given_up = [r for r in caplog.records if r.levelno == logging.ERROR]
    assert len(tries) == 2 and len(given_up) == 1
    assert ADA in given_up[0].getMessage() and "3 attempt" in given_up[0].getMessage()
    assert sender.sent == 0 and sender.failed == 1 and sender.pending() == 0


def test_a_relay_that_comes_back_gets_the_mail(tmp_path: Path, store: Storage,
                                              caplog: pytest.LogCaptureFixture) -> None:
    port = free_port()
    settings = m.MailSettings.parse(f"smtp://127.0.0.1:{port}?from=tavola@example.org",
                                    SITE)
    sender = m.Sender(settings, store, delays=(1.0, 5.0), poll=0.05)
    with caplog.at_level(logging.WARNING, "tavola.mail"):
        sender.submit("turn notice", m.message(settings, ADA, "subject", "body"))
        deadline = time.monotonic() + 20
        # The first attempt fails: nobody listens yet.
        while "failed (attempt 1" not in caplog.text:
            assert time.monotonic() < deadline
            time.sleep(0.02)
    relay = Relay.start_on(tmp_path, port)
    try:
        relay.wait_for(1, lambda: sender.sent == 1)
        assert sender.sent == 1 and sender.failed == 0 and sender.pending() == 0
    finally:
        sender.stop()
        relay.stop()


def test_mails_left_when_a_server_stops_are_sent_by_the_next(
        store: Storage, relay: Relay, caplog: pytest.LogCaptureFixture) -> None:
    relay.clear()
    nobody = m.MailSettings.parse(f"smtp://127.0.0.1:{free_port()}?from=tavola@example.org",
                                  SITE)
    first = m.Sender(nobody, store, delays=(60.0, 60.0), poll=0.05)
    with caplog.at_level(logging.WARNING, "tavola.mail"):
        for n in range(2):
            first.submit("turn notice", m.message(nobody, f"p{n}@example.org", "s", "ż"))
        deadline = time.monotonic() + 20
        while sum("failed (attempt 1" in r.getMessage() for r in caplog.records) < 2:
            assert time.monotonic() < deadline
            time.sleep(0.02)
        first.stop()
    assert "2 mail(s) left in the outbox" in caplog.text
    assert first.pending() == 2 and first.failed == 0
    # The next server (or another process) sends them when they are due.
    with store._write() as conn:
        conn.execute(sa.update(m.outbox_t).values(due=time.time()))
    working = m.MailSettings.parse(relay.url, SITE)
    second = m.Sender(working, store, poll=0.05)
    try:
        mails = relay.wait_for(2, lambda: second.pending() == 0)
        assert sorted(str(mail["To"]) for mail in mails) == ["p0@example.org",
                                                             "p1@example.org"]
        assert all(body(mail).strip() == "ż" for mail in mails)
    finally:
        second.stop()


@pytest.mark.parametrize("url", ["http://host", "smtp://", "smtp://h?starttls=2",
                                 "smtp://h?port=1", "smtp://h:x", "smtp://h?from=nobody"])
def test_bad_smtp_urls_are_refused_in_a_line(url: str) -> None:
    with pytest.raises(m.MailError):
        m.MailSettings.parse(url, SITE)


def test_an_smtp_url_is_read() -> None:
    settings = m.MailSettings.parse(
        "smtp://me%40x:p%2Fw@mail.example.org:587?starttls=1", "https://play.example.org/")
    assert (settings.host, settings.port, settings.user, settings.password,
            settings.starttls, settings.tls, settings.sender, settings.public_url) == (
        "mail.example.org", 587, "me@x", "p/w", True, False, "tavola@play.example.org",
        "https://play.example.org")
    assert "p/w" not in repr(settings)
    assert m.MailSettings.parse("smtps://h", SITE).port == 465


# -- the schema, the refusals, the private data ----------------------------------------------
def test_the_mail_migration_upgrades_a_database_and_goes_back(db_url: str) -> None:
    from alembic import command

    from tavola.server.migrations import config, upgrade
    from tavola.server.storage import normalise_url

    engine = sa.create_engine(normalise_url(db_url))
    with engine.begin() as conn:
        upgrade(conn, "r0008")
        assert not sa.inspect(conn).has_table("mail_addresses")
    engine.dispose()
    store = Storage(db_url)
    try:
        with store.engine.connect() as conn:
            assert {"mail_addresses", "mail_links", "mail_notices", "mail_outbox"} <= set(
                sa.inspect(conn).get_table_names())
        with store.engine.begin() as conn:
            command.downgrade(config(conn), "r0008")
        with store.engine.connect() as conn:
            assert not sa.inspect(conn).has_table("mail_links")
            assert sa.inspect(conn).has_table("ratings")
    finally:
        store.close()


def test_every_mail_refusal_has_its_lines_in_every_language() -> None:
    from tavola.server.messages import CODES, MESSAGES

    source = (Path(__file__).resolve().parents[2] / "tavola" / "server"
              / "routes_mail.py").read_text()
    raised = set(re.findall(r'AccountRefused\(\d+, "([a-z_]+)"', source))
    assert len(raised) >= 4 and raised <= CODES
    for code in raised:
        assert all(code in MESSAGES[lang] for lang in ("en", "it", "pl")), code
    for lang in ("en", "it", "pl"):
        assert set(m.MAIL[lang]) == set(m.MAIL["en"])


def test_no_mail_route_answers_another_accounts_address(mail_client: TestClient,
                                                       relay: Relay) -> None:
    client = mail_client
    verified_account(client, relay)
    ada = client.cookies["tavola_session"]
    client.cookies.clear()
    assert sign_up(client, "Bea", "bea's own password").status_code == 201
    bea = client.cookies["tavola_session"]
    paths = client.get("/openapi.json").json()["paths"]
    routes = [(method.upper(), path) for path, methods in paths.items()
              if "mail" in path or "password-reset" in path for method in methods]
    assert len(routes) == 6
    for session in (bea, None):
        client.cookies.clear()
        if session is not None:
            client.cookies.set("tavola_session", session)
        for method, path in routes:
            if method == "PUT":
                continue  # Bea setting her own address shows nothing of Ada's
            answer = client.request(method, path.replace("{token}", "x" * 32),
                                    json={"token": "x" * 32, "who": "Ada",
                                          "new_password": "a brand new secret"})
            assert ADA not in answer.text and ada not in answer.text, (method, path)
    # Bea never saw Ada's address: her own settings are empty.
    client.cookies.set("tavola_session", bea)
    assert client.get(f"{API}/account/mail").json()["address"] is None


def test_every_mail_route_documents_its_answers(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for path, methods in paths.items():
        if "mail" in path or "password-reset" in path:
            for method, route in methods.items():
                assert {"401", "400", "429", "422"} & set(route["responses"]), (method, path)


# -- tavola serve --smtp ---------------------------------------------------------------------
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("settings", "said"), [
    (None, "--smtp: an SMTP URL is"),
    ('smtp = "http://x"', "--smtp: an SMTP URL is"),
    ("smtp = 3", "--mail-settings: smtp is a text"),
    ('relay = "smtp://x"', "--mail-settings: unknown setting 'relay'"),
    ("smtp = ", "--mail-settings"),
])
def test_bad_mail_settings_are_refused_by_tavola_serve(tmp_path: Path, settings: str | None,
                                                       said: str) -> None:
    if settings is None:
        options = ["--smtp", "http://x"]
    else:
        (tmp_path / "mail.toml").write_text(settings)
        options = ["--mail-settings", str(tmp_path / "mail.toml")]
    done = subprocess.run([sys.executable, "-m", "tavola", "serve", *options], cwd=ROOT,
                          capture_output=True, text=True, timeout=60,
                          env={k: v for k, v in os.environ.items() if k != "TAVOLA_SMTP"})
    assert done.returncode != 0
    assert said in done.stderr and "Traceback" not in done.stderr, done.stderr


@pytest.mark.parametrize("given", ["environment", "settings file"])
def test_tavola_serve_sends_mail_through_its_relay(relay: Relay, tmp_path: Path,
                                                   given: str) -> None:
    relay.clear()
    port = free_port()
    site = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "tavola", "serve", "--port", str(port),
               "--bot-workers", "0", "--db", f"sqlite:///{tmp_path / 'served.db'}"]
    env = dict(os.environ)
    env.pop("TAVOLA_SMTP", None)
    if given == "environment":
        env["TAVOLA_SMTP"] = relay.url
    else:
        settings = tmp_path / "mail.toml"
        settings.write_text(f'smtp = "{relay.url}"\npublic_url = "{site}/"\n')
        command += ["--mail-settings", str(settings)]
    server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE)
    def call(method: str, path: str, data: dict[str, Any] | None = None,
             cookie: str | None = None) -> Any:
        headers = {"origin": site, "content-type": "application/json"}
        if cookie:
            headers["cookie"] = cookie
        return urlopen(Request(site + path, method=method, headers=headers, data=None
                               if data is None else json.dumps(data).encode()), timeout=10)

    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                call("GET", f"{API}/games").close()
                break
            except (URLError, ConnectionError):
                assert server.poll() is None and time.monotonic() < deadline
                time.sleep(0.2)
        with call("POST", f"{API}/accounts", {"name": "Ada", "password": "x" * 12}) as answer:
            session = answer.headers["set-cookie"].split(";")[0]
        with call("PUT", f"{API}/account/mail", {"address": ADA, "notices": True,
                                                 "lang": "en"}, session) as answer:
            assert answer.status == 200
        (mail,) = relay.wait_for(1)
        assert f"{site}/#/verify/" in body(mail)
    finally:
        server.terminate()
        server.wait(30)


def test_the_address_is_exported_and_deleted_with_the_account(mail_client: TestClient,
                                                             relay: Relay) -> None:
    client = mail_client
    verified_account(client, relay, lang="it")
    exported = client.get(f"{API}/account/export").json()
    assert exported["mail"] == {"address": ADA, "verified": True, "notices": True,
                                "lang": "it"}
    # A mail to the account still waiting (due later) is dropped with the account.
    with engine(client).begin() as conn:
        conn.execute(m.outbox_t.insert().values(kind="turn notice", recipient=ADA,
                                                message="x", attempts=1,
                                                due=time.time() + 3600))
    assert client.request("DELETE", f"{API}/account",
                          json={"password": PASSWORD}).status_code == 200
    with engine(client).connect() as conn:
        for table in (m.addresses_t, m.links_t, m.notices_t, m.outbox_t):
            assert conn.execute(sa.select(sa.func.count()).select_from(table)).scalar() == 0
    # Nobody can ask for a reset by the deleted account's address any more.
    assert client.post(f"{API}/password-reset", json={"who": ADA}).status_code == 202
    relay.wait_for(0, idle(client))


def test_a_relay_that_never_answers_does_not_slow_the_table(db_url: str) -> None:
    # A relay that takes connections and never says a word: each attempt waits for its
    # whole timeout, in the sender's thread, while the table plays on.
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(16)
        port = silent.getsockname()[1]
        settings = m.MailSettings.parse(f"smtp://127.0.0.1:{port}?timeout=30", SITE)
        register_server_toys()
        with TestClient(create_app(db_url, mail=settings)) as raw:
            client = browser(raw)
            assert sign_up(client, "Ada").status_code == 201
            storage = client.app.state.hub.storage  # type: ignore[attr-defined]
            ada = client.get(f"{API}/account").json()["name"]
            account = db_account(storage, ada)
            m.set_mail(storage, account, ADA, True, "en")
            assert m.verify_address(storage, account, ADA)
            table = create(client, players=2, options={"rounds": 5},
                           clock={"kind": "turn", "seconds": 3600})
            tid = table["table"]
            tokens = {s["seat"]: s["token"] for s in table["seats"]}
            assert client.post(f"{API}/account/seats",
                               json={"table": tid, "token": tokens[0]}).status_code == 200
            for round_ in range(4):
                started = time.monotonic()
                play_round(client, tid, tokens)
                assert time.monotonic() - started < 5.0, round_
            # The notice is queued (or being tried), not lost.
            assert sender(client).pending() >= 1 and sender(client).failed == 0


def db_account(storage: Any, name: str) -> str:
    from tavola.server.accounts import name_key
    from tavola.server.storage import account_by_key

    row = account_by_key(storage, name_key(name))
    assert row is not None
    return row.id
