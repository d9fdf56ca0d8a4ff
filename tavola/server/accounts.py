"""Accounts: user names, Argon2id passwords, sessions and the seats an account holds.

- **Passwords** are hashed with Argon2id (`argon2-cffi`'s `PasswordHasher`, its default
  parameters) and never stored, logged or echoed; an old hash is upgraded on the next
  sign-in. Signing in with a name nobody has still costs one verification (of a fixed
  dummy hash), so the time taken does not tell which names exist.
- **Sessions**: 192 random bits (`tokens.new_token`) in a cookie that is `Secure`,
  `HttpOnly` and `SameSite=Lax`; the database stores only the SHA-256 hash of the id and
  its expiry (`SESSION_SECONDS`), so a session id read from the database is useless.
- **Cross-site requests**: every state-changing account request must carry an `Origin`
  (or, failing that, a `Referer`) naming this server's own origin (`same_origin`). A
  browser always sends `Origin` with a `POST` or `DELETE` from a page's script, and a page
  elsewhere cannot forge it; with `SameSite=Lax` a cross-site request carries no cookie in
  the first place. We chose the origin check over a CSRF token: no token to store, hand to
  the page and rotate, and it covers signing in (login CSRF) as well.
- **User names**: 2-30 characters after NFC normalisation, no control or format
  characters, no space at either end; unique ignoring case (`name_key`: NFKC, case-folded).
- **Seats**: a guest holding a seat token attaches that seat to their account; the account
  may then ask for a fresh link to it from any device (`open_seat`), which replaces the
  seat's token — the old link in the other browser stops working, as when the host gives a
  seat a new link — and records the new token's hash with the attachment. A seat whose
  token was replaced by someone else (the host gave it a new link) is no longer the
  account's: it is listed as not `held` and no link to it is handed out.
"""

from __future__ import annotations

import asyncio
import functools
import secrets
import threading
import time
import unicodedata
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from tavola.server import storage as db
from tavola.server import tokens
from tavola.server.mail import forget_outbox, mail_of
from tavola.server.messages import FORMER_PLAYER, Refusal
from tavola.server.protocol import error_frame
from tavola.server.storage import AccountRow, Storage
from tavola.server.tables import Hub, LiveTable, Refused

NAME_MIN = 2
NAME_MAX = 30
PASSWORD_MIN = 8
PASSWORD_MAX = 1024
"""Passwords are bounded so that hashing one costs a bounded time."""
SESSION_SECONDS = 30 * 24 * 3600.0
COOKIE = "tavola_session"

SIGN_IN_PER_ACCOUNT = (5, 300.0)
"""Sign-in attempts per user name: 5 in any 5 minutes."""
SIGN_IN_PER_ADDRESS = (20, 300.0)
"""Sign-in attempts per client address: 20 in any 5 minutes."""
SIGN_UP_PER_ADDRESS = (5, 600.0)
"""New accounts per client address: 5 in any 10 minutes."""

HASHER = PasswordHasher()
"""Argon2id with argon2-cffi's default (RFC 9106 low-memory) parameters: 64 MiB, 3
passes, 4 lanes (about 150 ms on one core of the development machine)."""
HASHING = threading.BoundedSemaphore(4)
"""At most 4 hashes at once (64 MiB each), however many sign-ins come together."""


class AccountRefused(Refusal):
    """An account request refused, with its HTTP status."""

    def __init__(self, status: int, code: str, **args: Any) -> None:
        super().__init__(code, **args)
        self.status = status


@functools.lru_cache(maxsize=1)
def _dummy_hash() -> str:
    return hash_password(secrets.token_urlsafe(16))


def hash_password(password: str) -> str:
    """Return the Argon2id hash of a password (run in a thread: it takes a while)."""
    with HASHING:
        return HASHER.hash(password)


def clean_name(name: str) -> tuple[str, str]:
    """Return a user name as shown and its case-insensitive key; refuse a bad one."""
    shown = unicodedata.normalize("NFC", name)
    if not NAME_MIN <= len(shown) <= NAME_MAX:
        raise AccountRefused(400, "account_name_length", least=NAME_MIN, most=NAME_MAX)
    if (shown != shown.strip() or any(unicodedata.category(c)[0] == "C" for c in shown)):
        raise AccountRefused(400, "account_name_chars")
    return shown, name_key(shown)


def name_key(name: str) -> str:
    """Return the key a user name is unique by (NFKC, case-folded)."""
    return unicodedata.normalize("NFKC", name).casefold()


def check_password(password: str) -> None:
    """Refuse a password too short or too long."""
    if not PASSWORD_MIN <= len(password) <= PASSWORD_MAX:
        raise AccountRefused(400, "password_length", least=PASSWORD_MIN, most=PASSWORD_MAX)


def verify(stored: str, password: str) -> bool:
    """True if `password` is the one hashed as `stored` (constant work either way)."""
    try:
        with HASHING:
            return HASHER.verify(stored, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def same_origin(origin: str | None, referer: str | None, base_url: str) -> bool:
    """True if the request's `Origin` (or, without one, its `Referer`) is `base_url`'s
    origin (scheme, host and port). A request with neither is refused too."""
    own = urlsplit(base_url)
    claimed = origin if origin and origin != "null" else referer
    if not claimed:
        return False
    theirs = urlsplit(claimed)
    return (theirs.scheme, theirs.netloc) == (own.scheme, own.netloc)


@dataclass
class Accounts:
    """The account logic of one server: storage calls run in threads."""

    storage: Storage

    async def sign_up(self, name: str, password: str) -> AccountRow:
        """Create an account; refuse a bad or taken name or a bad password."""
        shown, key = clean_name(name)
        check_password(password)
        hashed = await asyncio.to_thread(hash_password, password)
        row = AccountRow(secrets.token_urlsafe(18), shown, key, hashed, time.time())
        if not await asyncio.to_thread(db.add_account, self.storage, row):
            raise AccountRefused(409, "account_name_taken")
        return row

    async def sign_in(self, name: str, password: str) -> AccountRow:
        """Return the account if the password is its; refuse otherwise (the same refusal
        for an unknown name)."""
        row = await asyncio.to_thread(db.account_by_key, self.storage, name_key(name))
        stored = row.password_hash if row is not None else _dummy_hash()
        right = await asyncio.to_thread(verify, stored, password[:PASSWORD_MAX])
        if row is None or not right:
            raise AccountRefused(401, "wrong_password")
        if row.disabled:
            raise AccountRefused(403, "account_disabled")
        if HASHER.check_needs_rehash(row.password_hash):
            fresh = await asyncio.to_thread(hash_password, password)
            await asyncio.to_thread(db.set_password_hash, self.storage, row.id, fresh)
        return row

    async def change_password(self, account: AccountRow, password: str, new: str,
                              session: str | None) -> None:
        """Give the account a new password (its present one confirms); every other
        session of the account ends (this one stays signed in)."""
        check_password(new)
        if not await asyncio.to_thread(verify, account.password_hash, password[:PASSWORD_MAX]):
            raise AccountRefused(401, "wrong_password")
        hashed = await asyncio.to_thread(hash_password, new)
        keep = tokens.token_hash(session) if session else None
        await asyncio.to_thread(db.change_password, self.storage, account.id, hashed, keep)

    async def new_session(self, account: AccountRow) -> str:
        """Start a session; return its id (for the cookie only; stored hashed)."""
        session = tokens.new_token()
        now = time.time()
        await asyncio.to_thread(db.add_session, self.storage, tokens.token_hash(session),
                                account.id, now, now + SESSION_SECONDS)
        return session

    async def account_of(self, session: str | None) -> AccountRow | None:
        """Return the account of a session cookie's value, or None."""
        if not session or len(session) > tokens.MAX_TOKEN_TEXT:
            return None
        return await asyncio.to_thread(db.session_account, self.storage,
                                       tokens.token_hash(session), time.time())

    async def sign_out(self, session: str | None) -> None:
        """End a session (nothing if there is none)."""
        if session and len(session) <= tokens.MAX_TOKEN_TEXT:
            await asyncio.to_thread(db.delete_session, self.storage,
                                    tokens.token_hash(session))

    async def attach(self, account: AccountRow, table: LiveTable, token: str) -> int:
        """Attach the seat whose token this is to the account; return the seat."""
        seat = table.seat_of(token)
        if seat is None or seat.token_hash is None:
            raise AccountRefused(403, "link_not_for_table")
        owner = await asyncio.to_thread(db.attach_seat, self.storage, account.id, table.id,
                                        seat.seat, seat.token_hash, time.time())
        if owner != account.id:
            raise AccountRefused(409, "seat_of_another_account")
        # Its link was used: the seat is someone's now, as after a join or a hello.
        await table.take(seat.seat)
        return seat.seat

    async def seats(self, account: AccountRow, hub: Hub,
                    lang: str) -> list[dict[str, Any]]:
        """Return the summaries of the account's tables, each with its seat (`you`),
        whether the account still holds it (`held`) and whether the game waits for it
        (`waiting`: its seat is to decide); the ones waiting first, then the unfinished
        ones, then the finished, each newest first."""
        out = []
        for attached in await asyncio.to_thread(db.seats_of_account, self.storage,
                                                account.id):
            try:
                table = await hub.get(attached.table_id)
            except Refused:
                continue
            held = table.seats[attached.seat].token_hash == attached.token_hash
            waiting = (held and table.started is not None and not table.state.is_terminal
                       and attached.seat in table.state.to_act)
            out.append(dict(table.summary(lang), you=attached.seat, host=False, held=held,
                            waiting=waiting, added=attached.added))
        out.reverse()
        out.sort(key=lambda t: (not t["waiting"], bool(t["finished"])))
        return out

    async def open_seat(self, account: AccountRow, table: LiveTable, seat: int) -> str:
        """Give the account's seat a fresh token and return it; the seat's old link stops
        working and its connections are closed."""
        attached = {(a.table_id, a.seat): a for a in await asyncio.to_thread(
            db.seats_of_account, self.storage, account.id)}.get((table.id, seat))
        if attached is None or not 0 <= seat < len(table.seats):
            raise AccountRefused(404, "not_your_seat")
        async with table.lock:
            row = table.seats[seat]
            if row.token_hash != attached.token_hash:
                raise AccountRefused(409, "seat_moved")
            token = tokens.new_token()
            fresh = tokens.token_hash(token)
            if not await asyncio.to_thread(db.move_account_seat, self.storage, account.id,
                                           table.id, seat, attached.token_hash, fresh):
                raise AccountRefused(409, "seat_moved")
            row.token_hash = fresh
            for client in list(table.clients):
                if client.seat == seat and not client.host:
                    client.push(error_frame(Refused("link_replaced"), table.state_id,
                                            client.lang))
                    client.close()
        return token

    async def export(self, account: AccountRow, hub: Hub) -> dict[str, Any]:
        """Return everything stored of the account: its facts, its tables and the chat
        lines written from its seats (never its password hash or sessions)."""
        tables = await self.seats(account, hub, "en")
        attached = await asyncio.to_thread(db.seats_of_account, self.storage, account.id)
        chat = await asyncio.to_thread(db.chat_of_seats, self.storage,
                                       [(a.table_id, a.seat) for a in attached])
        mail = await asyncio.to_thread(mail_of, self.storage, account.id)
        follows = await asyncio.to_thread(db.follows_of, self.storage, account.id)
        invites = await asyncio.to_thread(db.invites_to, self.storage, account.id)
        return {"account": {"name": account.name, "created": account.created},
                "mail": {"address": mail.address, "verified": mail.verified,
                         "notices": mail.notices, "lang": mail.lang},
                "exported": time.time(), "tables": tables,
                "follows": [{"name": n, "added": a} for n, a in follows],
                "invitations": [{"from": i.sender, "table": i.table_id, "seat": i.seat,
                                 "created": i.created} for i in invites],
                "chat": [{"table": t, "seat": c.seat, "channel": c.channel,
                          "author": c.author, "text": c.text, "time": c.time}
                         for t, c in chat]}

    async def delete(self, account: AccountRow, password: str, hub: Hub) -> None:
        """Delete the account (its password confirms) and its personal data; its seats
        stay, named `FORMER_PLAYER` (shown in each reader's language), so every game stays
        replayable; their links stop working, and a stand-in plays an unfinished game's
        seat to its end."""
        if not await asyncio.to_thread(verify, account.password_hash, password[:PASSWORD_MAX]):
            raise AccountRefused(401, "wrong_password")
        await asyncio.to_thread(forget_outbox, self.storage, account.id)
        seats = await asyncio.to_thread(db.delete_account, self.storage, account.id,
                                        FORMER_PLAYER)
        for table_id in sorted({t for t, _ in seats}):
            table = hub.tables.get(table_id)
            if table is None:
                continue
            mine = {s for t, s in seats if t == table_id}
            async with table.lock:
                for seat in mine:
                    row = table.seats[seat]
                    row.name, row.reserved, row.token_hash = FORMER_PLAYER, None, None
                    # Its link stops working at once; a stand-in plays the seat on.
                    for client in list(table.clients):
                        if client.seat == seat and not client.host:
                            client.push(error_frame(Refused("link_replaced"),
                                                    table.state_id, client.lang))
                            client.close()
                    if not table.state.is_terminal:
                        table.zombie(seat, True)
                kept = [r for r in table.recent_chat
                        if not (r.seat in mine and r.channel == "players")]
                table.recent_chat.clear()
                for r in kept:
                    if r.seat in mine:
                        r.author = FORMER_PLAYER
                    table.recent_chat.append(r)
            table.broadcast()
