"""The HTTP routes of accounts (`tavola.server.accounts`): sign up, in and out, the
account's seats, its data and its deletion. `include_accounts(app)` adds them to the
application, with the handler that answers their refusals (docs/protocol.md, "Accounts").
"""

from __future__ import annotations

import math
from typing import Annotated, Any

from fastapi import APIRouter, Cookie, Depends, FastAPI, Header, Query, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field

from tavola.core.game import LANGUAGES
from tavola.server import tokens
from tavola.server.accounts import (
    COOKIE,
    NAME_MAX,
    PASSWORD_MAX,
    SESSION_SECONDS,
    SIGN_IN_PER_ACCOUNT,
    SIGN_IN_PER_ADDRESS,
    SIGN_UP_PER_ADDRESS,
    AccountRefused,
    Accounts,
    check_password,
    clean_name,
    name_key,
    same_origin,
)
from tavola.server.answers import AccountDeleted, AccountSummary, PasswordChanged, SignedOut
from tavola.server.limits import KeyedRateLimit
from tavola.server.messages import LANGUAGE_LIST, language_or_english
from tavola.server.protocol import no_language, one_line
from tavola.server.storage import AccountRow
from tavola.server.tables import Hub, Limits, LiveTable, Refused

API = "/api/v1"


class Strict(BaseModel):
    """Request bodies: no unknown fields, no silent type conversions."""

    model_config = ConfigDict(extra="forbid", strict=True)


class Credentials(Strict):
    """A user name and a password (never logged, stored only as its Argon2id hash)."""

    name: str = Field(max_length=NAME_MAX * 4)
    password: str = Field(max_length=PASSWORD_MAX)


class Password(Strict):
    """The account's password, confirming a deletion."""

    password: str = Field(max_length=PASSWORD_MAX)


class NewPassword(Strict):
    """The account's present password and the new one."""

    password: str = Field(max_length=PASSWORD_MAX)
    new_password: str = Field(max_length=PASSWORD_MAX)


class SeatToken(Strict):
    """A seat token a guest holds and the table it is for."""

    table: str = Field(max_length=32)
    token: str = Field(max_length=tokens.MAX_TOKEN_TEXT)


class AccountOut(BaseModel):
    """What the account holder may know of their account."""

    name: str
    created: float
    operator: bool = False
    """A server operator: the page offers them the operators' tools."""


class SeatAttached(BaseModel):
    """A seat now the account's."""

    table: str
    seat: int


class SeatLink(BaseModel):
    """A fresh link to one of the account's seats (shown only here)."""

    table: str
    seat: int
    token: str
    invite: str


class RefusalOut(BaseModel):
    """A refusal: its line in the asked language, its code and arguments."""

    error: str
    code: str
    args: dict[str, Any]


WHY = {400: "a bad name, password or language, or a body that cannot be read",
       401: "not signed in, or a wrong password",
       403: "a cross-site request, a token not for this table, or a disabled account",
       404: "no such table, player or game, or not a seat of this account",
       409: "the name is taken, or the seat is another account's or has a new link",
       413: "the body is too large", 422: "the body is malformed",
       429: "too many attempts: try again later"}


def answers(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """Return the OpenAPI description of the refusals a route may answer."""
    return {s: {"model": RefusalOut, "description": WHY[s]} for s in statuses}


def refusal_json(exc: AccountRefused, lang: object) -> JSONResponse:
    """Return an account refusal as the other routes answer theirs."""
    return JSONResponse({"error": one_line(exc.line(language_or_english(lang))),
                         "code": exc.code, "args": exc.args_}, exc.status)


def hub_of(request: Request) -> Hub:
    """Return the application's hub."""
    hub: Hub = request.app.state.hub
    return hub


def accounts_of(request: Request) -> Accounts:
    """Return the account logic on the application's storage."""
    return Accounts(hub_of(request).storage)


def address(request: Request) -> str:
    """Return the client's address (the key of the per-address limits)."""
    return request.client.host if request.client else ""


def same_site(request: Request, origin: Annotated[str | None, Header()] = None,
              referer: Annotated[str | None, Header()] = None) -> None:
    """Refuse a state-changing request that is not from this server's own page."""
    if not same_origin(origin, referer, str(request.base_url)):
        raise AccountRefused(403, "cross_site")


async def signed_in(request: Request,
                    session: Annotated[str | None, Cookie(alias=COOKIE)] = None,
                    ) -> AccountRow:
    """Return the account of the request's session cookie; refuse without one."""
    account = await accounts_of(request).account_of(session)
    if account is None:
        raise AccountRefused(401, "not_signed_in")
    return account


Lang = Annotated[str, Query(max_length=16, description=LANGUAGE_LIST)]
SameSite = Depends(same_site)
Account = Annotated[AccountRow, Depends(signed_in)]


def accounts_router(limits: Limits | None = None) -> APIRouter:
    """Return the account routes, with rate limits of their own (new accounts per address
    as the server's `limits` say; default `SIGN_UP_PER_ADDRESS`)."""
    router = APIRouter(tags=["accounts"])
    per_account = KeyedRateLimit(*SIGN_IN_PER_ACCOUNT)
    per_address = KeyedRateLimit(*SIGN_IN_PER_ADDRESS)
    sign_ups = KeyedRateLimit(*SIGN_UP_PER_ADDRESS) if limits is None else KeyedRateLimit(
        limits.sign_ups, limits.sign_up_seconds)

    async def table_of(request: Request, table_id: str) -> LiveTable:
        try:
            return await hub_of(request).get(table_id[:32])
        except Refused as exc:
            raise AccountRefused(404, exc.code, **exc.args_) from None

    def language(lang: str) -> str:
        if lang not in LANGUAGES:
            raise AccountRefused(400, no_language(lang).code, **no_language(lang).args_)
        return lang

    def start_session(response: Response, session: str) -> None:
        response.set_cookie(COOKIE, session, max_age=int(SESSION_SECONDS), path="/",
                            secure=True, httponly=True, samesite="lax")

    @router.post(f"{API}/accounts", status_code=201, dependencies=[SameSite],
                 responses=answers(400, 403, 409, 413, 422, 429))
    async def sign_up(body: Credentials, request: Request, response: Response) -> AccountOut:
        """Create an account and sign in (a session cookie). Each address may create a
        limited number of accounts in a while (a refused name or password does not
        count)."""
        clean_name(body.name)
        check_password(body.password)
        wait = sign_ups.allow(address(request))
        if wait:
            raise AccountRefused(429, "too_many_sign_ups", seconds=math.ceil(wait))
        accounts = accounts_of(request)
        account = await accounts.sign_up(body.name, body.password)
        start_session(response, await accounts.new_session(account))
        return AccountOut(name=account.name, created=account.created)

    @router.post(f"{API}/session", dependencies=[SameSite],
                 responses=answers(400, 401, 403, 413, 422, 429))
    async def sign_in(body: Credentials, request: Request, response: Response) -> AccountOut:
        """Sign in (a session cookie: Secure, HttpOnly, SameSite=Lax). Attempts are
        limited per user name and per address."""
        key = name_key(body.name)
        wait = max(per_address.allow(address(request)), per_account.allow(key))
        if wait:
            raise AccountRefused(429, "too_many_sign_ins", seconds=math.ceil(wait))
        accounts = accounts_of(request)
        account = await accounts.sign_in(body.name, body.password)
        start_session(response, await accounts.new_session(account))
        return AccountOut(name=account.name, created=account.created)

    @router.delete(f"{API}/session", dependencies=[SameSite], responses=answers(403, 422),
                   response_model=SignedOut)
    async def sign_out(request: Request, response: Response,
                       session: Annotated[str | None, Cookie(alias=COOKIE)] = None,
                       ) -> dict[str, bool]:
        """Sign out: the session ends (also when there was none)."""
        await accounts_of(request).sign_out(session)
        response.delete_cookie(COOKIE, path="/", secure=True, httponly=True, samesite="lax")
        return {"signed_in": False}

    @router.get(f"{API}/account", responses=answers(401, 422))
    async def who(account: Account) -> AccountOut:
        """The signed-in account."""
        return AccountOut(name=account.name, created=account.created,
                          operator=account.operator)

    @router.post(f"{API}/account/password", dependencies=[SameSite],
                 responses=answers(400, 401, 403, 413, 422, 429), response_model=PasswordChanged)
    async def change_password(body: NewPassword, request: Request, account: Account,
                              session: Annotated[str | None, Cookie(alias=COOKIE)] = None,
                              ) -> dict[str, bool]:
        """Change the account's password (the present one confirms); every other session
        of the account ends. Confirmations count as sign-in attempts of the account."""
        check_password(body.new_password)
        wait = per_account.allow(account.name_key)
        if wait:
            raise AccountRefused(429, "too_many_sign_ins", seconds=math.ceil(wait))
        await accounts_of(request).change_password(account, body.password,
                                                   body.new_password, session)
        return {"changed": True}

    @router.post(f"{API}/account/seats", dependencies=[SameSite],
                 responses=answers(400, 401, 403, 404, 409, 413, 422))
    async def attach(body: SeatToken, request: Request, account: Account) -> SeatAttached:
        """Attach the seat a guest's token is for to the signed-in account."""
        table = await table_of(request, body.table)
        seat = await accounts_of(request).attach(account, table, body.token)
        return SeatAttached(table=table.id, seat=seat)

    @router.get(f"{API}/account/seats", responses=answers(400, 401, 422),
                response_model=list[AccountSummary])
    async def my_tables(request: Request, account: Account,
                        lang: Lang = "en") -> list[dict[str, Any]]:
        """The account's tables ("my tables", from any device): each table's summary with
        the account's seat (`you`) and whether the account still holds it (`held`)."""
        return await accounts_of(request).seats(account, hub_of(request), language(lang))

    @router.post(f"{API}/account/seats/{{table_id}}/{{seat}}/open", dependencies=[SameSite],
                 responses=answers(401, 403, 404, 409, 422))
    async def open_seat(table_id: str, seat: int, request: Request,
                        account: Account) -> SeatLink:
        """A fresh link to one of the account's seats, for this device: the seat's old
        link (in another browser) stops working."""
        table = await table_of(request, table_id)
        token = await accounts_of(request).open_seat(account, table, seat)
        invite = f"{str(request.base_url).rstrip('/')}/play/{table.id}#token={token}"
        return SeatLink(table=table.id, seat=seat, token=token, invite=invite)

    @router.get(f"{API}/account/export", responses=answers(401, 422))
    async def export(request: Request, account: Account) -> JSONResponse:
        """Everything stored of the account, as a JSON file to download: its facts, its
        tables and its chat lines."""
        data = await accounts_of(request).export(account, hub_of(request))
        return JSONResponse(data, headers={
            "content-disposition": 'attachment; filename="tavola-account.json"',
            "cache-control": "no-store"})

    @router.delete(f"{API}/account", dependencies=[SameSite],
                   responses=answers(400, 401, 403, 413, 422, 429), response_model=AccountDeleted)
    async def delete(body: Password, request: Request, response: Response,
                     account: Account) -> dict[str, bool]:
        """Delete the account and its personal data (its password confirms); its games
        stay replayable, its seats named "a former player". Confirmations count as
        sign-in attempts of the account."""
        wait = per_account.allow(account.name_key)
        if wait:
            raise AccountRefused(429, "too_many_sign_ins", seconds=math.ceil(wait))
        await accounts_of(request).delete(account, body.password, hub_of(request))
        response.delete_cookie(COOKIE, path="/", secure=True, httponly=True, samesite="lax")
        return {"deleted": True}

    return router


def include_accounts(app: FastAPI, limits: Limits | None = None) -> None:
    """Add the account routes to `app` and answer their refusals."""
    app.include_router(accounts_router(limits))

    async def refused(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, AccountRefused)
        return refusal_json(exc, request.query_params.get("lang"))

    app.add_exception_handler(AccountRefused, refused)
