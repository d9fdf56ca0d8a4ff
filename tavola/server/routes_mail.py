"""The HTTP routes of mail (`tavola.server.mail`): an account's address and turn notices,
the verification and unsubscribe links, and the password reset. `include_mail(app, mail)`
adds them to the application and, given the server's `MailSettings`, starts the sender and
the turn notices with the application (docs/protocol.md, "Mail").
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import threading
import time
from collections.abc import AsyncIterator
from typing import Any

from fastapi import APIRouter, BackgroundTasks, FastAPI, Request
from pydantic import BaseModel, Field

from tavola.core.game import LANGUAGES
from tavola.server import mail as m
from tavola.server import tokens
from tavola.server.accounts import PASSWORD_MAX, AccountRefused, check_password, hash_password
from tavola.server.answers import NoticesStopped, PasswordChanged, ResetAsked, Verified
from tavola.server.limits import KeyedRateLimit
from tavola.server.protocol import no_language
from tavola.server.routes_accounts import (
    API,
    WHY,
    Account,
    RefusalOut,
    SameSite,
    Strict,
    address,
    hub_of,
)

RESETS_PER_ADDRESS = (5, 600.0)
"""Password-reset requests per client address: 5 in any 10 minutes."""
RESETS_PER_ACCOUNT = (3, 3600.0)
"""Reset mails per account: 3 in any hour (more requests are answered alike, unsent)."""
VERIFY_MAILS_PER_ACCOUNT = (5, 3600.0)
"""Verification mails per account: 5 in any hour."""
LINKS_PER_ADDRESS = (20, 300.0)
"""Links tried (verification, reset) per client address: 20 in any 5 minutes."""

MAIL_WHY = {**WHY,
            400: "a bad address, language or password, or a link unknown, used or expired",
            429: "too many requests: try again later",
            503: "this server sends no mail (started without --smtp)"}


def answers(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """Return the OpenAPI description of the refusals a route may answer."""
    return {s: {"model": RefusalOut, "description": MAIL_WHY[s]} for s in statuses}


class MailIn(Strict):
    """An account's mail settings: its address (none: no mail at all), whether it wants
    turn notices, and the language its mails are in."""

    address: str | None = Field(default=None, max_length=m.ADDRESS_MAX)
    notices: bool = False
    lang: str = Field(default="en", max_length=16)


class MailOut(BaseModel):
    """An account's mail settings, whether its address is verified and whether this
    server sends mail at all (`enabled`)."""

    address: str | None
    verified: bool
    notices: bool
    lang: str
    enabled: bool
    verification_sent: bool = False


class LinkToken(Strict):
    """The token of a link sent by mail."""

    token: str = Field(max_length=tokens.MAX_TOKEN_TEXT)


class ResetAsk(Strict):
    """A user name or a verified e-mail address to send a password-reset link to."""

    who: str = Field(max_length=m.ADDRESS_MAX)


class ResetDone(Strict):
    """A password-reset link's token and the new password."""

    token: str = Field(max_length=tokens.MAX_TOKEN_TEXT)
    new_password: str = Field(max_length=PASSWORD_MAX)


def mail_of(request: Request) -> m.Mail | None:
    """Return the server's mail, or None if it sends none."""
    mail: m.Mail | None = getattr(request.app.state, "mail", None)
    return mail


def mail_router() -> APIRouter:
    """Return the mail routes, with rate limits of their own."""
    router = APIRouter(tags=["mail"])
    resets_per_address = KeyedRateLimit(*RESETS_PER_ADDRESS)
    resets_per_account = KeyedRateLimit(*RESETS_PER_ACCOUNT)
    verify_mails = KeyedRateLimit(*VERIFY_MAILS_PER_ACCOUNT)
    links_per_address = KeyedRateLimit(*LINKS_PER_ADDRESS)
    in_thread = threading.Lock()

    def sending(request: Request) -> m.Mail:
        mail = mail_of(request)
        if mail is None:
            raise AccountRefused(503, "mail_off")
        return mail

    def try_link(request: Request) -> None:
        wait = links_per_address.allow(address(request))
        if wait:
            raise AccountRefused(429, "too_many_mails", seconds=math.ceil(wait))

    @router.get(f"{API}/account/mail", responses=answers(401, 422))
    async def get_mail(request: Request, account: Account) -> MailOut:
        """The account's mail settings."""
        row = await asyncio.to_thread(m.mail_of, hub_of(request).storage, account.id)
        return MailOut(address=row.address, verified=row.verified, notices=row.notices,
                       lang=row.lang, enabled=mail_of(request) is not None)

    @router.put(f"{API}/account/mail", dependencies=[SameSite],
                responses=answers(400, 401, 403, 413, 422, 429, 503))
    async def put_mail(body: MailIn, request: Request, account: Account) -> MailOut:
        """Set the account's address, turn notices and mails' language. A new address is
        sent a verification link; no other mail goes to it before it is verified."""
        if body.lang not in LANGUAGES:
            wrong = no_language(body.lang[:16])
            raise AccountRefused(400, wrong.code, **wrong.args_)
        shown = None
        if body.address is not None and body.address.strip():
            try:
                shown, _ = m.clean_address(body.address)
            except ValueError as exc:
                raise AccountRefused(400, "mail_address_bad", detail=str(exc)) from None
        storage = hub_of(request).storage
        before = await asyncio.to_thread(m.mail_of, storage, account.id)
        mail = mail_of(request)
        new = shown is not None and shown != before.address
        if new:
            if mail is None:
                raise AccountRefused(503, "mail_off")
            wait = verify_mails.allow(account.id)
            if wait:
                raise AccountRefused(429, "too_many_mails", seconds=math.ceil(wait))
        await asyncio.to_thread(m.set_mail, storage, account.id, shown, body.notices,
                                body.lang)
        if new and mail is not None and shown is not None:
            await asyncio.to_thread(mail.send_verify, account, shown, body.lang)
        row = await asyncio.to_thread(m.mail_of, storage, account.id)
        return MailOut(address=row.address, verified=row.verified, notices=row.notices,
                       lang=row.lang, enabled=mail is not None, verification_sent=new)

    @router.post(f"{API}/mail/verify", dependencies=[SameSite],
                 responses=answers(400, 403, 413, 422, 429), response_model=Verified)
    async def verify(body: LinkToken, request: Request) -> dict[str, bool]:
        """Verify an address by the link mailed to it (it works once, for a day)."""
        try_link(request)
        storage = hub_of(request).storage
        found = await asyncio.to_thread(m.use_link, storage, body.token, m.VERIFY,
                                        time.time())
        if found is None or not await asyncio.to_thread(m.verify_address, storage, *found):
            raise AccountRefused(400, "mail_link_bad")
        return {"verified": True}

    @router.post(f"{API}/mail/unsubscribe/{{token}}", responses=answers(400, 422, 429),
                 response_model=NoticesStopped)
    async def unsubscribe(token: str, request: Request) -> dict[str, bool]:
        """Stop the turn notices of the account a notice went to: the one-click
        unsubscribe of RFC 8058 (the mail's `List-Unsubscribe` address, posted by the
        reader's mail program, or by the page the mail's link opens). The link is the
        only proof needed; using it again changes nothing."""
        try_link(request)
        storage = hub_of(request).storage
        found = await asyncio.to_thread(m.use_link, storage, token[:tokens.MAX_TOKEN_TEXT],
                                        m.UNSUBSCRIBE, time.time())
        if found is None:
            raise AccountRefused(400, "mail_link_bad")
        await asyncio.to_thread(m.stop_notices, storage, found[0])
        return {"notices": False}

    @router.post(f"{API}/password-reset", status_code=202, dependencies=[SameSite],
                 responses=answers(400, 403, 413, 422, 429, 503), response_model=ResetAsked)
    async def ask_reset(body: ResetAsk, request: Request,
                        later: BackgroundTasks) -> dict[str, bool]:
        """Ask for a password-reset link, by user name or verified address: it goes to the
        account's verified address. The answer is the same whether or not such an account
        exists (and has a verified address), and comes as soon: the account is looked up
        after answering."""
        mail = sending(request)
        wait = resets_per_address.allow(address(request))
        if wait:
            raise AccountRefused(429, "too_many_mails", seconds=math.ceil(wait))
        storage = hub_of(request).storage

        def look_up_and_send() -> None:
            found = m.account_to_reset(storage, body.who)
            if found is None:
                return
            with in_thread:  # the limits are not thread-safe by themselves
                wait = resets_per_account.allow(found[0].id)
            if not wait:
                mail.send_reset(*found)

        later.add_task(look_up_and_send)
        return {"asked": True}

    @router.post(f"{API}/password-reset/done", dependencies=[SameSite],
                 responses=answers(400, 403, 413, 422, 429), response_model=PasswordChanged)
    async def reset(body: ResetDone, request: Request) -> dict[str, bool]:
        """Choose a new password by a reset link (it works once, for an hour); every
        session of the account ends: sign in with the new password."""
        check_password(body.new_password)
        try_link(request)
        storage = hub_of(request).storage
        found = await asyncio.to_thread(m.use_link, storage, body.token, m.RESET,
                                        time.time())
        if found is None:
            raise AccountRefused(400, "mail_link_bad")
        hashed = await asyncio.to_thread(hash_password, body.new_password)
        await asyncio.to_thread(m.reset_password, storage, found[0], hashed)
        return {"changed": True}

    return router


def include_mail(app: FastAPI, settings: m.MailSettings | None = None) -> None:
    """Add the mail routes to `app`; given `settings`, send mail while the application
    runs (`app.state.mail`)."""
    app.include_router(mail_router())
    app.state.mail = None
    if settings is None:
        return
    inner = app.router.lifespan_context

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[Any]:
        async with inner(app) as state:
            mail = m.Mail(settings, app.state.hub)
            app.state.mail = mail
            app.state.hub.on_turn = mail.on_turn
            mail.start()
            try:
                yield state
            finally:
                app.state.hub.on_turn = None
                app.state.mail = None
                await mail.stop()

    app.router.lifespan_context = lifespan

