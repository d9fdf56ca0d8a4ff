"""Mail: an account's e-mail address, turn notices and password resets.

- **The relay**: a server sends mail only when configured with an SMTP URL
  (`tavola serve --smtp smtp://user:password@host:587?starttls=1&from=tavola@example.org`;
  `smtps://` for TLS from the first byte). `MailSettings.parse` reads it.
- **An address** is optional. Setting or changing it sends a verification link (single use,
  `VERIFY_SECONDS`); no other mail goes to an address before it is verified.
- **Turn notices**: when it becomes a person's turn at a turn-based table and the seat is an
  account's, holding a verified address and asking for notices, one mail says so, with a
  link straight to the table and a one-click unsubscribe link (also as RFC 8058
  `List-Unsubscribe` headers). At most one mail per table per account in `NOTICE_SECONDS`
  (stored, so it holds across restarts and processes). A notice says which game and table
  wait, never anything of the game's state.
- **Password reset**: a single-use link (`RESET_SECONDS`) sent to the verified address; the
  request's answer is the same whether or not the name or address exists.
- **Sending never blocks a table, and loses nothing**: each mail is stored in the outbox
  (`mail_outbox`) and `Sender`, one background thread per process, sends it and deletes it
  once the relay took it; a server that stops or dies leaves it to the next. A send that
  fails is tried again after `RETRY_DELAYS` (3 attempts in all); a mail that cannot be sent
  (its last attempt failed, or the relay refused it for good) is logged at ERROR level with
  its kind and recipient and counted in `Sender.failed`: never dropped silently.

Links in mails are stored only as SHA-256 hashes (`tokens.token_hash`), like seat tokens.
"""

from __future__ import annotations

import asyncio
import contextlib
import email
import email.policy
import logging
import smtplib
import ssl
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from email.message import EmailMessage, Message
from email.utils import formataddr, make_msgid
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, unquote, urlsplit

import sqlalchemy as sa
from email_validator import EmailNotValidError, validate_email

from tavola.core import TavolaError
from tavola.core.game import LANGUAGES
from tavola.server import storage as db
from tavola.server import tokens
from tavola.server.clocks import TURN
from tavola.server.table_core import HUMAN
from tavola.server.text import MAIL

if TYPE_CHECKING:
    from tavola.server.tables import Hub, LiveTable

log = logging.getLogger("tavola.mail")

VERIFY_SECONDS = 24 * 3600.0
"""How long a verification link works."""
RESET_SECONDS = 3600.0
"""How long a password-reset link works."""
UNSUBSCRIBE_SECONDS = 90 * 86_400.0
"""How long a notice's unsubscribe link works (it may be used more than once)."""
NOTICE_SECONDS = 3600.0
"""At most one notice per table per account in this time."""
RETRY_DELAYS = (30.0, 300.0)
"""Seconds before the second and the third (last) attempt at a mail."""
ADDRESS_MAX = 254

VERIFY, RESET, UNSUBSCRIBE = "verify", "reset", "unsubscribe"


class MailError(TavolaError):
    """A bad mail setting (an SMTP URL that is not one)."""


# -- settings ------------------------------------------------------------------------------
@dataclass(frozen=True)
class MailSettings:
    """How this server sends mail: its SMTP relay, its From address and the address of
    the server's page that links in mails lead to."""

    host: str
    port: int
    sender: str
    public_url: str
    user: str | None = None
    password: str | None = field(default=None, repr=False)
    starttls: bool = False
    tls: bool = False
    timeout: float = 30.0

    @staticmethod
    def parse(url: str, public_url: str) -> MailSettings:
        """Read an SMTP URL: `smtp://[user:password@]host[:port][?starttls=1][&from=ADDR]`
        or `smtps://...` (port 25 or 465 by default; `from` defaults to tavola@ the page's
        host). `public_url` is where the server's page is, for the links in mails."""
        parts = urlsplit(url.strip())
        if parts.scheme not in ("smtp", "smtps") or not parts.hostname:
            raise MailError(f"an SMTP URL is smtp://[user:password@]host[:port] or "
                            f"smtps://..., not {url[:60]!r}")
        query = {k: v[-1] for k, v in parse_qs(parts.query).items()}
        unknown = set(query) - {"starttls", "from", "timeout"}
        if unknown:
            raise MailError(f"unknown SMTP URL parameter {sorted(unknown)[0]!r} (known: "
                            "starttls, from, timeout)")
        if query.get("starttls", "0") not in ("0", "1"):
            raise MailError("the SMTP URL's starttls is 0 or 1")
        page = urlsplit(public_url)
        if page.scheme not in ("http", "https") or not page.hostname:
            raise MailError(f"the public URL is http(s)://host[:port]/, not {public_url[:60]!r}")
        try:
            port = parts.port or (465 if parts.scheme == "smtps" else 25)
            timeout = float(query.get("timeout", "30"))
        except ValueError:
            raise MailError("the SMTP URL's port or timeout is not a number") from None
        sender = f"tavola@{page.hostname}"
        if "from" in query:
            try:
                sender = validate_email(query["from"], check_deliverability=False,
                                        test_environment=True).normalized
            except EmailNotValidError as exc:
                raise MailError(f"the SMTP URL's from is not an address: {exc}") from None
        return MailSettings(
            host=parts.hostname, port=port, sender=sender,
            public_url=public_url.rstrip("/"),
            user=unquote(parts.username) if parts.username else None,
            password=unquote(parts.password) if parts.password else None,
            starttls=query.get("starttls") == "1", tls=parts.scheme == "smtps",
            timeout=timeout)

    def to_json(self) -> dict[str, Any]:
        """Return the settings as JSON data (to hand to the server's processes)."""
        return {"host": self.host, "port": self.port, "sender": self.sender,
                "public_url": self.public_url, "user": self.user, "password": self.password,
                "starttls": self.starttls, "tls": self.tls, "timeout": self.timeout}

    @staticmethod
    def from_json(data: dict[str, Any]) -> MailSettings:
        """Read settings written by `to_json`."""
        return MailSettings(**data)


def clean_address(address: str) -> tuple[str, str]:
    """Return an address as it is written to and its key (case-folded, to find an account
    by it); raise ValueError for something that is not an address."""
    try:
        shown = validate_email(address.strip(), check_deliverability=False,
                               test_environment=True).normalized
    except EmailNotValidError as exc:
        raise ValueError(str(exc)) from None
    if len(shown) > ADDRESS_MAX:
        raise ValueError("too long")
    return shown, shown.casefold()


# -- storage (migration r0009) -------------------------------------------------------------
addresses_t = sa.Table(
    "mail_addresses", db.metadata,
    sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("address", sa.String(254), nullable=True),
    sa.Column("address_key", sa.String(254), nullable=True, index=True),
    sa.Column("verified", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("notices", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("lang", sa.String(8), nullable=False, server_default="en"),
)

links_t = sa.Table(
    "mail_links", db.metadata,
    sa.Column("token_hash", sa.String(64), primary_key=True),
    sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"),
              nullable=False, index=True),
    sa.Column("purpose", sa.String(12), nullable=False),
    sa.Column("address", sa.String(254), nullable=True),
    sa.Column("expires", sa.Float, nullable=False),
)

notices_t = sa.Table(
    "mail_notices", db.metadata,
    sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id", ondelete="CASCADE"),
              primary_key=True),
    sa.Column("sent", sa.Float, nullable=False),
)


@dataclass
class MailRow:
    """An account's mail settings."""

    address: str | None = None
    verified: bool = False
    notices: bool = False
    lang: str = "en"


def mail_of(storage: db.Storage, account_id: str) -> MailRow:
    """Return an account's mail settings (the defaults if it never set any)."""
    with storage.engine.connect() as conn:
        r = conn.execute(addresses_t.select().where(
            addresses_t.c.account_id == account_id)).first()
    return MailRow() if r is None else MailRow(r.address, bool(r.verified), bool(r.notices),
                                               r.lang)


def set_mail(storage: db.Storage, account_id: str, address: str | None, notices: bool,
             lang: str) -> bool:
    """Store an account's mail settings; True if the address changed (it is then not
    verified, and the links sent to the old one stop working)."""
    key = address.casefold() if address else None
    with storage._write() as conn:
        old = conn.execute(sa.select(addresses_t.c.address, addresses_t.c.verified).where(
            addresses_t.c.account_id == account_id)).first()
        changed = (old.address if old else None) != address
        verified = bool(old.verified) and not changed if old else False
        values = {"address": address, "address_key": key, "verified": verified,
                  "notices": notices, "lang": lang}
        if old is None:
            conn.execute(addresses_t.insert().values(account_id=account_id, **values))
        else:
            conn.execute(addresses_t.update().where(
                addresses_t.c.account_id == account_id).values(**values))
        if changed:
            conn.execute(links_t.delete().where(links_t.c.account_id == account_id,
                                                links_t.c.purpose.in_((VERIFY, RESET))))
    return changed


def add_link(storage: db.Storage, account_id: str, purpose: str, address: str | None,
             expires: float) -> str:
    """Store a new link for an account; return its token (stored only as its hash). An
    account's earlier links of the same purpose stop working (but unsubscribe links)."""
    token = tokens.new_token()
    with storage._write() as conn:
        if purpose != UNSUBSCRIBE:
            conn.execute(links_t.delete().where(links_t.c.account_id == account_id,
                                                links_t.c.purpose == purpose))
        conn.execute(links_t.delete().where(links_t.c.expires <= time.time()))
        conn.execute(links_t.insert().values(token_hash=tokens.token_hash(token),
                                             account_id=account_id, purpose=purpose,
                                             address=address, expires=expires))
    return token


def use_link(storage: db.Storage, token: str, purpose: str,
             now: float) -> tuple[str, str | None] | None:
    """Return the account and address of an unexpired link of `purpose`, or None; a
    verification or reset link works once (it is forgotten here)."""
    if not token or len(token) > tokens.MAX_TOKEN_TEXT:
        return None
    where = (links_t.c.token_hash == tokens.token_hash(token), links_t.c.purpose == purpose,
             links_t.c.expires > now)
    with storage._write() as conn:
        r = conn.execute(sa.select(links_t.c.account_id, links_t.c.address).where(*where)).first()
        if r is None:
            return None
        if purpose != UNSUBSCRIBE and conn.execute(
                links_t.delete().where(*where)).rowcount != 1:
            return None  # used by another process a moment ago
    return str(r.account_id), r.address


def verify_address(storage: db.Storage, account_id: str, address: str | None) -> bool:
    """Mark the account's address verified if it is still `address`; True if it is."""
    with storage._write() as conn:
        done = conn.execute(addresses_t.update().where(
            addresses_t.c.account_id == account_id, addresses_t.c.address == address)
            .values(verified=True)).rowcount
    return bool(done)


def stop_notices(storage: db.Storage, account_id: str) -> None:
    """Send the account no more turn notices."""
    with storage._write() as conn:
        conn.execute(addresses_t.update().where(addresses_t.c.account_id == account_id)
                     .values(notices=False))


def forget_outbox(storage: db.Storage, account_id: str) -> None:
    """Drop the mails waiting to go to an account's address (it is being deleted)."""
    address = mail_of(storage, account_id).address
    if address is None:
        return
    with storage._write() as conn:
        conn.execute(outbox_t.delete().where(outbox_t.c.recipient == address))


def account_to_reset(storage: db.Storage, who: str) -> tuple[db.AccountRow, MailRow] | None:
    """Return the account named `who`, or whose verified address is `who`, with its mail
    settings, if it has a verified address; else None."""
    from tavola.server.accounts import name_key

    query = sa.select(db.accounts_t, addresses_t.c.address, addresses_t.c.lang).join(
        addresses_t, addresses_t.c.account_id == db.accounts_t.c.id).where(
        addresses_t.c.verified == sa.true(), addresses_t.c.address.is_not(None),
        db.accounts_t.c.disabled == sa.false(),
        sa.or_(db.accounts_t.c.name_key == name_key(who),
               addresses_t.c.address_key == who.strip().casefold()))
    with storage.engine.connect() as conn:
        r = conn.execute(query).first()
    if r is None:
        return None
    return db._account(r), MailRow(r.address, True, False, r.lang)


def reset_password(storage: db.Storage, account_id: str, password_hash: str) -> None:
    """Give an account a new password hash and end every session of it."""
    with storage._write() as conn:
        conn.execute(db.accounts_t.update().where(db.accounts_t.c.id == account_id)
                     .values(password_hash=password_hash))
        conn.execute(db.sessions_t.delete().where(db.sessions_t.c.account_id == account_id))


def seat_notice(storage: db.Storage, table_id: str, seat: int,
                token_hash: str) -> tuple[db.AccountRow, MailRow] | None:
    """Return the account holding a seat (by the token it was handed with) if it asked for
    notices and its address is verified; else None."""
    query = (sa.select(db.accounts_t, addresses_t.c.address, addresses_t.c.lang)
             .join(db.account_seats_t, db.account_seats_t.c.account_id == db.accounts_t.c.id)
             .join(addresses_t, addresses_t.c.account_id == db.accounts_t.c.id)
             .where(db.account_seats_t.c.table_id == table_id,
                    db.account_seats_t.c.seat == seat,
                    db.account_seats_t.c.token_hash == token_hash,
                    addresses_t.c.verified == sa.true(), addresses_t.c.notices == sa.true(),
                    addresses_t.c.address.is_not(None), db.accounts_t.c.disabled == sa.false()))
    with storage.engine.connect() as conn:
        r = conn.execute(query).first()
    return None if r is None else (db._account(r), MailRow(r.address, True, True, r.lang))


def claim_notice(storage: db.Storage, account_id: str, table_id: str, now: float) -> bool:
    """Note a notice to an account about a table unless one went in the last
    `NOTICE_SECONDS`; True if this one may go (one statement: processes cannot both win)."""
    if storage.backend == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as pg_insert
        statement: Any = pg_insert(notices_t)
    else:
        from sqlalchemy.dialects.sqlite import insert as sqlite_insert
        statement = sqlite_insert(notices_t)
    statement = statement.values(account_id=account_id, table_id=table_id, sent=now)
    statement = statement.on_conflict_do_update(
        index_elements=[notices_t.c.account_id, notices_t.c.table_id],
        set_={"sent": now}, where=notices_t.c.sent <= now - NOTICE_SECONDS,
    ).returning(notices_t.c.sent)
    with storage._write() as conn:
        return conn.execute(statement).first() is not None


# -- texts ---------------------------------------------------------------------------------
def text(lang: str, key: str, **args: Any) -> str:
    """Return a mail text in `lang` (English for a language tavola has not)."""
    return MAIL[lang if lang in LANGUAGES else "en"][key].format(**args)


# -- sending -------------------------------------------------------------------------------
outbox_t = sa.Table(
    "mail_outbox", db.metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("kind", sa.String(40), nullable=False),
    sa.Column("recipient", sa.String(254), nullable=False),
    sa.Column("message", sa.Text, nullable=False),
    sa.Column("attempts", sa.Integer, nullable=False),
    sa.Column("due", sa.Float, nullable=False, index=True),
    sa.Column("leased", sa.Float, nullable=True),
)

POLL_SECONDS = 5.0
"""How often a sender looks in the outbox for mails another process queued or left."""
LEASE_SECONDS = 300.0
"""A mail being sent is another sender's to take only this long after (its process died)."""


@dataclass
class Outgoing:
    """A mail of the outbox: its row, what kind it is (for the log), to whom, the message
    and how many attempts were made."""

    id: int
    kind: str
    recipient: str
    message: str
    attempts: int


class Sender:
    """Sends the mail of the outbox (`mail_outbox`, in the database) through the relay, in
    one background thread. A mail is stored before `submit` returns and deleted once sent,
    so a server that stops (or dies) leaves it to the next one; a failed send is tried again
    later (`RETRY_DELAYS`), and a mail given up on is logged at ERROR level and counted in
    `failed`. Several server processes share the outbox: each mail is leased to one sender
    at a time."""

    def __init__(self, settings: MailSettings, storage: db.Storage,
                 delays: tuple[float, ...] = RETRY_DELAYS, poll: float = POLL_SECONDS) -> None:
        self.settings = settings
        self.storage = storage
        self.delays = delays
        self.poll = poll
        self.sent = 0
        self.failed = 0
        self._ready = threading.Condition()
        self._stopping = False
        self._thread = threading.Thread(target=self._run, name="tavola-mail", daemon=True)
        self._thread.start()

    def submit(self, kind: str, message: EmailMessage) -> None:
        """Store a mail in the outbox and wake the sender (returns at once)."""
        with self.storage._write() as conn:
            conn.execute(outbox_t.insert().values(
                kind=kind, recipient=str(message["To"]), message=message.as_string(),
                attempts=0, due=time.time(), leased=None))
        with self._ready:
            self._ready.notify()

    def pending(self) -> int:
        """Return how many mails the outbox holds (waiting, or being sent)."""
        with self.storage.engine.connect() as conn:
            return int(conn.execute(sa.select(sa.func.count()).select_from(outbox_t))
                       .scalar() or 0)

    def stop(self, wait: float = 5.0) -> None:
        """Stop sending (a mail being sent has up to `wait` seconds to go); the mails left
        stay in the outbox for the next server to send, as the log says."""
        with self._ready:
            self._stopping = True
            self._ready.notify()
        self._thread.join(wait)
        left = self.pending()
        if left:
            log.warning("%d mail(s) left in the outbox, to be sent when a server with "
                        "--smtp runs on this database", left)

    def _give_up(self, item: Outgoing, why: str) -> None:
        with self.storage._write() as conn:
            conn.execute(outbox_t.delete().where(outbox_t.c.id == item.id))
        with self._ready:
            self.failed += 1
        log.error("mail not sent: %s to %s after %d attempt(s): %s", item.kind,
                  item.recipient, item.attempts, why)

    def _take(self) -> Outgoing | None:
        """Lease the outbox's first mail due now, if any."""
        now = time.time()
        free = sa.or_(outbox_t.c.leased.is_(None), outbox_t.c.leased < now)
        with self.storage.engine.connect() as conn:
            r = conn.execute(sa.select(outbox_t).where(outbox_t.c.due <= now, free)
                             .order_by(outbox_t.c.due, outbox_t.c.id).limit(1)).first()
        if r is None:
            return None
        with self.storage._write() as conn:
            taken = conn.execute(outbox_t.update().where(outbox_t.c.id == r.id, free)
                                 .values(leased=now + LEASE_SECONDS,
                                         attempts=r.attempts + 1)).rowcount
        if taken != 1:
            return None  # another process took it a moment ago
        return Outgoing(r.id, r.kind, r.recipient, r.message, r.attempts + 1)

    def _next(self) -> Outgoing | None:
        while True:
            with self._ready:
                if self._stopping:
                    return None
            try:
                item = self._take()
            except sa.exc.SQLAlchemyError as exc:
                log.warning("mail outbox unreadable now: %s", exc)
                item = None
            if item is not None:
                return item
            with self._ready:
                if self._stopping:
                    return None
                self._ready.wait(self.poll)

    def _run(self) -> None:
        while (item := self._next()) is not None:
            try:
                self._attempt(item)
            except sa.exc.SQLAlchemyError as exc:
                # The mail stays in the outbox; its lease ends and it is tried again.
                log.warning("mail %s to %s: the outbox is unreachable now: %s", item.kind,
                            item.recipient, str(exc).splitlines()[0][:200])

    def _attempt(self, item: Outgoing) -> None:
        """Try to send one mail; note in the outbox what came of it."""
        try:
            self._send(email.message_from_string(item.message,
                                                 policy=email.policy.SMTP))
        except smtplib.SMTPResponseException as exc:
            if exc.smtp_code >= 500:  # refused for good: trying again will not help
                self._give_up(item, f"{exc.smtp_code} {exc.smtp_error!r}")
            else:
                self._again(item, f"{exc.smtp_code} {exc.smtp_error!r}")
        except (smtplib.SMTPException, OSError) as exc:
            self._again(item, f"{type(exc).__name__}: {exc}")
        except Exception as exc:  # a mail must never end the sender
            self._give_up(item, f"{type(exc).__name__}: {exc}")
        else:
            with self.storage._write() as conn:
                conn.execute(outbox_t.delete().where(outbox_t.c.id == item.id))
            with self._ready:
                self.sent += 1
            log.info("mail sent: %s to %s", item.kind, item.recipient)

    def _again(self, item: Outgoing, why: str) -> None:
        if item.attempts > len(self.delays):
            self._give_up(item, why)
            return
        delay = self.delays[item.attempts - 1]
        log.warning("mail %s to %s failed (attempt %d, again in %g s): %s", item.kind,
                    item.recipient, item.attempts, delay, why)
        with self.storage._write() as conn:
            conn.execute(outbox_t.update().where(outbox_t.c.id == item.id)
                         .values(due=time.time() + delay, leased=None))

    def _send(self, message: Message) -> None:
        s = self.settings
        context = ssl.create_default_context()
        smtp: smtplib.SMTP = (smtplib.SMTP_SSL(s.host, s.port, timeout=s.timeout,
                                               context=context) if s.tls
                              else smtplib.SMTP(s.host, s.port, timeout=s.timeout))
        with smtp:
            if s.starttls:
                smtp.starttls(context=context)
            if s.user:
                smtp.login(s.user, s.password or "")
            smtp.send_message(message)


def message(settings: MailSettings, to: str, subject: str, body: str,
            unsubscribe: str | None = None) -> EmailMessage:
    """Return a plain-text mail from the server to `to` (with RFC 8058 one-click
    unsubscribe headers given an unsubscribe URL)."""
    mail = EmailMessage()
    mail["From"] = formataddr(("tavola", settings.sender))
    mail["To"] = to
    mail["Subject"] = subject
    mail["Message-ID"] = make_msgid(domain=settings.sender.rpartition("@")[2])
    mail["Auto-Submitted"] = "auto-generated"
    if unsubscribe:
        mail["List-Unsubscribe"] = f"<{unsubscribe}>"
        mail["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    # Quoted-printable: plain ASCII on the wire, whatever the relay allows.
    mail.set_content(body, cte="quoted-printable")
    return mail


# -- the server's mail ---------------------------------------------------------------------
@dataclass(frozen=True)
class TurnNotice:
    """A seat whose turn came at a turn-based table."""

    table_id: str
    seat: int
    token_hash: str
    game: str


class Mail:
    """The mail of one server process: the sender, and the turn notices' watcher (its
    `on_turn` is called by each table after every change)."""

    def __init__(self, settings: MailSettings, hub: Hub,
                 delays: tuple[float, ...] = RETRY_DELAYS) -> None:
        self.settings = settings
        self.hub = hub
        self.sender = Sender(settings, hub.storage, delays)
        self._turns: dict[str, frozenset[int]] = {}
        self._notices: asyncio.Queue[TurnNotice] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None
        self.noticed: Callable[[TurnNotice, bool], None] | None = None
        """Called after each turn notice is looked at (True: a mail was queued); tests."""

    def start(self) -> None:
        """Start watching for turns."""
        self._task = asyncio.get_running_loop().create_task(self._notify())

    async def stop(self) -> None:
        """Stop watching and stop the sender (mails left unsent are logged)."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        await asyncio.to_thread(self.sender.stop)

    def link(self, path: str) -> str:
        """Return the address of one of the page's views (`path` after `#/`)."""
        return f"{self.settings.public_url}/#/{path}"

    def on_turn(self, table: LiveTable) -> None:
        """Note the people whose turn came at a turn-based table (no waiting here: the
        notices are looked up and sent in the background). Never raises: a notice must
        not stop a table."""
        try:
            self._on_turn(table)
        except Exception:  # the table goes on whatever happens here
            log.exception("turn notices of table %s", table.id)

    def _on_turn(self, table: LiveTable) -> None:
        state = table.state
        if (table.settings.clock.kind != TURN or table.started is None
                or state.is_terminal):
            self._turns.pop(table.id, None)
            return
        now = frozenset(p for p in state.to_act if table.seats[p].kind == HUMAN
                        and table.seats[p].token_hash and not table.seats[p].standin)
        before = self._turns.get(table.id)
        if before is None:
            # First seen by this process (made, or loaded after a restart): the seats whose
            # decision was asked before this position are not newly to play.
            before = frozenset(p for p in now
                               if table.decision_since.get(p, table.state_id) < table.state_id)
        self._turns[table.id] = now
        for seat in sorted(now - before):
            token_hash = table.seats[seat].token_hash
            assert token_hash is not None
            self._notices.put_nowait(TurnNotice(table.id, seat, token_hash,
                                                table.game.info.title))

    async def _notify(self) -> None:
        while True:
            notice = await self._notices.get()
            try:
                sent = await asyncio.to_thread(self._notice, notice)
            except Exception:  # one notice must not end the others
                log.exception("turn notice for table %s seat %d", notice.table_id,
                              notice.seat)
                sent = False
            if self.noticed is not None:
                self.noticed(notice, sent)

    def _notice(self, notice: TurnNotice) -> bool:
        storage = self.hub.storage
        found = seat_notice(storage, notice.table_id, notice.seat, notice.token_hash)
        if found is None:
            return False
        account, mail = found
        assert mail.address is not None
        now = time.time()
        if not claim_notice(storage, account.id, notice.table_id, now):
            return False
        token = add_link(storage, account.id, UNSUBSCRIBE, None, now + UNSUBSCRIBE_SECONDS)
        unsubscribe = f"{self.settings.public_url}/api/v1/mail/unsubscribe/{token}"
        args = {"name": account.name, "game": notice.game, "table": notice.table_id,
                "link": self.link(f"open/{notice.table_id}/{notice.seat}"),
                "unsubscribe": self.link(f"unsubscribe/{token}")}
        self.sender.submit("turn notice", message(
            self.settings, mail.address, text(mail.lang, "notice_subject", **args),
            text(mail.lang, "notice_body", **args), unsubscribe))
        return True

    def send_verify(self, account: db.AccountRow, address: str, lang: str) -> None:
        """Store a verification link for the account's new address and mail it there."""
        token = add_link(self.hub.storage, account.id, VERIFY, address,
                         time.time() + VERIFY_SECONDS)
        args = {"name": account.name, "hours": int(VERIFY_SECONDS // 3600),
                "link": self.link(f"verify/{token}")}
        self.sender.submit("address verification", message(
            self.settings, address, text(lang, "verify_subject"),
            text(lang, "verify_body", **args)))

    def send_reset(self, account: db.AccountRow, mail: MailRow) -> None:
        """Store a password-reset link for the account and mail it to its address."""
        assert mail.address is not None
        token = add_link(self.hub.storage, account.id, RESET, None,
                         time.time() + RESET_SECONDS)
        args = {"name": account.name, "minutes": int(RESET_SECONDS // 60),
                "link": self.link(f"reset/{token}")}
        self.sender.submit("password reset", message(
            self.settings, mail.address, text(mail.lang, "reset_subject"),
            text(mail.lang, "reset_body", **args)))


def language(lang: str) -> str:
    """Return `lang` if tavola speaks it, else English."""
    return lang if lang in LANGUAGES else "en"
