"""The HTTP routes of the lobby beyond its list of open tables (docs/protocol.md, "The
lobby: filters, play now and friends"):

- **the lobby's filters** (`LobbyFilters`): the query parameters of `GET /tables` — a game,
  a player count, a speed, rated or not — applied in the lobby's one query;
- **play now**: a person (an account or a guest) picks a game and a speed and is seated at
  the oldest open public table of that game and speed, or at a new one made for them;
- **friends**: an account follows others by name, sees the open tables where the
  accounts it follows sit, and invites an account it follows to a table by name.

A follow and an invitation are the account's own: every route of them answers only the
signed-in account's follows and invitations, never another's.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Cookie, Depends, FastAPI, Header, Request
from pydantic import BaseModel, Field

from tavola.core import UnknownGame, game_names, info
from tavola.core.game import LANGUAGES, seat_label
from tavola.server import storage as db
from tavola.server import tokens
from tavola.server.accounts import COOKIE, AccountRefused, Accounts, name_key
from tavola.server.answers import Dismissed, TableSummary, Unfollowed
from tavola.server.clocks import default_clock
from tavola.server.limits import KeyedRateLimit
from tavola.server.protocol import MAX_NAME, clean_text, no_language
from tavola.server.ratings import account_seat, rated_settings
from tavola.server.routes_accounts import (
    API,
    Account,
    Lang,
    SameSite,
    Strict,
    address,
    answers,
    hub_of,
    same_site,
)
from tavola.server.settings import STANDIN_BOT, Limits, SeatRequest, Settings
from tavola.server.storage import AccountRow
from tavola.server.table_core import HUMAN
from tavola.server.tables import LiveTable, Refused

CANDIDATES = 20
"""How many open tables "play now" tries, oldest first, before it makes a new one."""


@asynccontextmanager
async def held_lock(storage: db.Storage, name: str) -> AsyncIterator[None]:
    """Hold the database's lock called `name` (every server process of a PostgreSQL
    database waits for it; see `Storage.hold_lock`) while the block runs."""
    taking = asyncio.ensure_future(asyncio.to_thread(storage.hold_lock, name))
    try:
        held = await asyncio.shield(taking)
    except asyncio.CancelledError:
        # The request went away while waiting: the thread still takes the lock, so let it
        # go as soon as it is taken, or nobody else would ever get it.
        def let_go(done: asyncio.Future[Any]) -> None:
            if not done.cancelled() and done.exception() is None:
                asyncio.get_running_loop().run_in_executor(None, storage.release_lock,
                                                           done.result())
        taking.add_done_callback(let_go)
        raise
    try:
        yield
    finally:
        await asyncio.to_thread(storage.release_lock, held)


def known_game(name: str) -> str:
    """Return a game's name; refuse one this server does not offer (404)."""
    try:
        return info(name[:40]).name
    except UnknownGame:
        raise AccountRefused(404, "unknown_game", game=name[:40],
                             games=", ".join(game_names())) from None


class LobbyFilters(BaseModel):
    """The lobby's filters (`GET /tables?game=...&players=...&speed=...&rated=...`): a
    filter left out lets every table through."""

    game: str | None = Field(None, max_length=40, description="only this game's tables")
    players: int | None = Field(None, ge=1, le=99,
                                description="only tables of this many players")
    speed: Literal["realtime", "turn", "off"] | None = Field(
        None, description="only tables of this speed: real time, turn based, or no clock")
    rated: bool | None = Field(None, description="only rated tables (true) or only "
                                                 "unrated ones (false)")

    def checked(self) -> dict[str, Any]:
        """Return the filters asked for, as `Hub.lobby` takes them; refuse an unknown
        game (404)."""
        return {"game": None if self.game is None else known_game(self.game),
                "players": self.players, "speed": self.speed, "rated": self.rated}


def lobby_answers() -> dict[int | str, dict[str, Any]]:
    """Return the refusals of `GET /tables`."""
    return answers(400, 404, 422)


class PlayNowIn(Strict):
    """A game and a speed to play now."""

    game: str = Field(max_length=40)
    speed: Literal["realtime", "turn"] = Field(description="real time or turn based")
    players: int | None = Field(None, ge=1, le=99,
                                description="only tables of this many players (a new "
                                            "table: this many; default the fewest the "
                                            "game allows)")
    name: str | None = Field(None, max_length=200,
                             description="a guest's display name (an account plays under "
                                         "its own)")
    rated: bool = Field(False, description="a rated table (accounts only)")
    avoid: list[str] = Field(default_factory=list, max_length=200,
                             description="tables not to be seated at (a browser's own: "
                                         "nobody plays against themself)")


class PlayNowOut(BaseModel):
    """The seat found (or made) for the caller: its token and link, shown only here."""

    table: str
    seat: int
    label: str
    token: str
    invite: str
    created: bool
    """True if no open table had a seat: a new public table was made for the caller."""


class FollowOut(BaseModel):
    """An account the signed-in account follows."""

    name: str
    added: float


class InviteIn(Strict):
    """Invite an account you follow to a table: a free seat of it kept for them (the host
    token, in `Authorization: Bearer`, authorises), or, at a public table, its open seats
    to take."""

    name: str = Field(max_length=200)
    table: str = Field(max_length=32)
    seat: int | None = Field(None, ge=0, le=98)


class InviteOut(BaseModel):
    """An invitation the signed-in account received."""

    id: int
    sender: str
    table: str
    game: str
    title: str
    seat: int | None
    """The seat kept for the invitee (it is among their tables: open it from there); None:
    take an open seat of the public table."""
    created: float
    link: str
    """The table's page (a spectator's link: the seat opens from the invitee's tables)."""


def _bearer(authorization: str | None) -> str | None:
    if authorization and authorization.startswith("Bearer "):
        return authorization[len("Bearer "):].strip()
    return None


async def optional_account(request: Request,
                           session: Annotated[str | None, Cookie(alias=COOKIE)] = None,
                           ) -> AccountRow | None:
    """Return the account of the session cookie, or None for a guest; a request carrying a
    session must come from this server's own page."""
    if session is None:
        return None
    same_site(request, request.headers.get("origin"), request.headers.get("referer"))
    return await Accounts(hub_of(request).storage).account_of(session)


def lobby_router(limits: Limits | None = None) -> APIRouter:
    """Return the routes of "play now" and friends (new tables per address as the server's
    `limits` say)."""
    router = APIRouter(tags=["lobby"])
    limits = limits or Limits()
    creations = KeyedRateLimit(limits.creations, limits.creation_seconds)
    seating: dict[tuple[str, str, bool], asyncio.Lock] = {}

    async def table_of(request: Request, table_id: str) -> LiveTable:
        try:
            return await hub_of(request).get(table_id[:32])
        except Refused as exc:
            raise AccountRefused(404, exc.code, **exc.args_) from None

    async def seat_at(table: LiveTable, name: str) -> tuple[int, str] | None:
        """Claim the first open seat of `table` under `name`; None if none is left (another
        player took the last one meanwhile: the claim is one conditional write)."""
        for seat in range(len(table.seats)):
            if not table.claimable(table.seats[seat]):
                continue
            try:
                return seat, await table.claim(seat, name)
            except Refused:
                continue
        return None

    @router.post(f"{API}/play", responses=answers(400, 401, 403, 404, 409, 413, 422, 429))
    async def play_now(body: PlayNowIn, request: Request,
                       account: Annotated[AccountRow | None, Depends(optional_account)],
                       session: Annotated[str | None, Cookie(alias=COOKIE)] = None,
                       ) -> PlayNowOut:
        """Play now: take an open seat of the oldest public table of `game` at `speed`
        (and of `players`, if given; rated or not as asked) that has one, or, if none
        has, a new public table of it made for the caller, which waits for its other
        players. A signed-in account plays under its name and finds the seat among its
        tables; a guest gives a `name`."""
        game = known_game(body.game)
        facts = info(game)
        if body.players is not None and not \
                facts.min_players <= body.players <= facts.max_players:
            raise AccountRefused(400, "invalid", detail=f"{facts.title} is played by "
                                                        f"{facts.min_players} to "
                                                        f"{facts.max_players}")
        if body.rated and account is None:
            raise AccountRefused(401, "play_now_rated_needs_account")
        if account is not None:
            name = account.name
        else:
            name = clean_text(body.name or "", MAX_NAME, "name")
        hub = hub_of(request)
        avoid = set(body.avoid)
        if account is not None:
            avoid |= {a.table_id for a in await asyncio.to_thread(
                db.seats_of_account, hub.storage, account.id)}
        # Not by player count: a request without one may sit at a table of any count, so
        # it must wait for one with a count, and the other way round.
        key = (game, body.speed, body.rated)
        lock = seating.setdefault(key, asyncio.Lock())
        # One at a time per game, speed and rated, so that two players
        # asking together find the table the first one made: in this process by `lock`,
        # across the processes of one PostgreSQL database by a lock of the database
        # (taken second, so a process waits there with one request at most). A seat
        # itself is claimed by one conditional write, so no seat is ever given twice.
        async with lock, held_lock(hub.storage, "play:" + "|".join(map(str, key))):
            found: tuple[LiveTable, int, str] | None = None
            rows = await asyncio.to_thread(hub.storage.lobby, CANDIDATES, game=game,
                                           players=body.players, speed=body.speed,
                                           rated=body.rated, oldest=True)
            for row, _ in rows:
                # A table rated against bots is rated too, but on the other ladder: play
                # now's rated search is for the people's ladder only.
                if row.id in avoid or row.settings.get("rated_bots"):
                    continue
                try:
                    table = await hub.get(row.id)
                except Refused:
                    continue
                got = await seat_at(table, name)
                if got is not None:
                    found = (table, *got)
                    break
            created = found is None
            if found is None:
                wait = creations.allow(address(request))
                if wait:
                    raise AccountRefused(429, "too_many_tables", seconds=math.ceil(wait))
                players = body.players or facts.min_players
                seats = [SeatRequest(HUMAN) for _ in range(players)]
                settings = Settings(clock=default_clock(body.speed), public=True, wait=True,
                                    zombie_bot=STANDIN_BOT)
                if body.rated:
                    settings = rated_settings(settings, seats)
                made = await hub.create(game, players, {}, seats, settings)
                got = await seat_at(made.table, name)
                assert got is not None  # a new public table: every seat is open
                found = (made.table, *got)
            table, seat, token = found
        hashed = tokens.token_hash(token)
        if table.settings.rated:
            await account_seat(table, seat, session, hashed)
        elif account is not None:
            await asyncio.to_thread(db.attach_seat, hub.storage, account.id, table.id, seat,
                                    hashed, time.time())
        invite = f"{str(request.base_url).rstrip('/')}/play/{table.id}#token={token}"
        return PlayNowOut(table=table.id, seat=seat, label=seat_label(seat), token=token,
                          invite=invite, created=created)

    async def someone(request: Request, name: str, me: AccountRow) -> AccountRow:
        other = await asyncio.to_thread(db.account_by_key, hub_of(request).storage,
                                        name_key(name[:200]))
        if other is None or other.disabled:
            raise AccountRefused(404, "unknown_player", name=name[:40])
        if other.id == me.id:
            raise AccountRefused(400, "follow_self")
        return other

    @router.get(f"{API}/account/follows", responses=answers(401, 422))
    async def following(request: Request, account: Account) -> list[FollowOut]:
        """The accounts the signed-in account follows, by name."""
        return [FollowOut(name=n, added=a) for n, a in await asyncio.to_thread(
            db.follows_of, hub_of(request).storage, account.id)]

    @router.put(f"{API}/account/follows/{{name}}", dependencies=[SameSite],
                responses=answers(400, 401, 403, 404, 422))
    async def follow(name: str, request: Request, account: Account) -> FollowOut:
        """Follow an account by its name (again: nothing changes)."""
        other = await someone(request, name, account)
        now = time.time()
        await asyncio.to_thread(db.follow, hub_of(request).storage, account.id, other.id, now)
        return FollowOut(name=other.name, added=now)

    @router.delete(f"{API}/account/follows/{{name}}", dependencies=[SameSite],
                   responses=answers(401, 403, 404, 422), response_model=Unfollowed)
    async def unfollow(name: str, request: Request, account: Account) -> dict[str, bool]:
        """Stop following an account."""
        other = await asyncio.to_thread(db.account_by_key, hub_of(request).storage,
                                        name_key(name[:200]))
        if other is None or not await asyncio.to_thread(
                db.unfollow, hub_of(request).storage, account.id, other.id):
            raise AccountRefused(404, "unknown_player", name=name[:40])
        return {"following": False}

    @router.get(f"{API}/account/follows/tables", responses=answers(400, 401, 422),
                response_model=list[TableSummary])
    async def friends_tables(request: Request, account: Account,
                             lang: Lang = "en") -> list[dict[str, Any]]:
        """The open tables (public, unfinished, with a seat anyone may take) where an
        account the signed-in account follows holds a seat, newest first."""
        if lang not in LANGUAGES:
            raise AccountRefused(400, no_language(lang).code, **no_language(lang).args_)
        return await hub_of(request).lobby(lang, followed_by=account.id)

    @router.post(f"{API}/account/invites", status_code=201, dependencies=[SameSite],
                 responses=answers(400, 401, 403, 404, 409, 413, 422))
    async def invite(body: InviteIn, request: Request, account: Account,
                     authorization: Annotated[str | None, Header()] = None) -> InviteOut:
        """Invite an account the signed-in account follows to a table, by its name. With
        a `seat` (the host token authorises): that free seat is kept for the invitee — it
        is reserved for their name, its old link stops working, and it is among their
        tables, to open from any device. Without one: the table is public and has an open
        seat, which the invitee may take from the invitation. A guest has no name to be
        invited by."""
        storage = hub_of(request).storage
        other = await someone(request, body.name, account)
        if not await asyncio.to_thread(db.follows, storage, account.id, other.id):
            raise AccountRefused(409, "not_following", name=other.name)
        table = await table_of(request, body.table)
        if body.seat is None:
            if not any(table.claimable(s) for s in table.seats):
                raise AccountRefused(409, "invite_seat_needed", name=other.name)
        else:
            if not table.is_host(_bearer(authorization)):
                raise AccountRefused(403, "host_only")
            if not 0 <= body.seat < len(table.seats):
                raise AccountRefused(404, "no_such_seat")
            async with table.lock:
                row = table.seats[body.seat]
                if row.kind != HUMAN or row.taken or row.name is not None:
                    raise AccountRefused(409, "seat_not_open")
                token = tokens.new_token()
                hashed = tokens.token_hash(token)
                await asyncio.to_thread(storage.set_seat, table.id, body.seat,
                                        token_hash=hashed, reserved=other.name)
                row.token_hash, row.reserved = hashed, other.name
                for client in list(table.clients):
                    if client.seat == body.seat and not client.host:
                        client.close()
            await asyncio.to_thread(db.attach_seat_anew, storage, other.id, table.id,
                                    body.seat, hashed, time.time())
            table.broadcast()
        now = time.time()
        number = await asyncio.to_thread(db.add_invite, storage, account.id, other.id,
                                         table.id, body.seat, now)
        return InviteOut(id=number, sender=account.name, table=table.id,
                         game=table.game.info.name, title=table.game.info.title,
                         seat=body.seat, created=now, link=_watch(request, table.id))

    @router.get(f"{API}/account/invites", responses=answers(401, 422))
    async def invites(request: Request, account: Account) -> list[InviteOut]:
        """The invitations the signed-in account received, newest first (of tables that
        still exist)."""
        out = []
        for row in await asyncio.to_thread(db.invites_to, hub_of(request).storage,
                                           account.id):
            try:
                table = await hub_of(request).get(row.table_id)
            except Refused:
                continue
            out.append(InviteOut(id=row.id, sender=row.sender, table=table.id,
                                 game=table.game.info.name, title=table.game.info.title,
                                 seat=row.seat, created=row.created,
                                 link=_watch(request, table.id)))
        return out

    @router.delete(f"{API}/account/invites/{{number}}", dependencies=[SameSite],
                   responses=answers(401, 403, 404, 422), response_model=Dismissed)
    async def dismiss(number: int, request: Request, account: Account) -> dict[str, bool]:
        """Forget an invitation the signed-in account received."""
        if not await asyncio.to_thread(db.drop_invite, hub_of(request).storage, account.id,
                                       number):
            raise AccountRefused(404, "invite_unknown")
        return {"dismissed": True}

    return router


def _watch(request: Request, table_id: str) -> str:
    return f"{str(request.base_url).rstrip('/')}/play/{table_id}"


def include_lobby(app: FastAPI, limits: Limits | None = None) -> None:
    """Add the routes of "play now" and friends to `app` (their refusals are the
    accounts' kind, answered by the handler `include_accounts` adds)."""
    app.include_router(lobby_router(limits))
