"""The web application: HTTP routes for tables and the lobby, one websocket per client.

Every route is in the OpenAPI document at `/openapi.json`; `docs/protocol.md` describes the
routes and every websocket frame with its JSON schema. Every refusal is one line, as JSON
`{"error": "..."}` over HTTP or an error frame on a websocket, and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import json
import logging
import math
import os
from collections.abc import AsyncIterator, Sequence
from typing import Annotated, Any, Literal
from urllib.parse import parse_qs

from fastapi import Cookie, FastAPI, Header, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from pydantic import BaseModel, ConfigDict, Field
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect

from tavola import __version__
from tavola.agents import agent_names
from tavola.core import TavolaError, UnknownGame, game_names, info, load
from tavola.core.game import LANGUAGES, Game, GameInfo, seat_label
from tavola.server import tokens
from tavola.server.accounts import COOKIE, Accounts
from tavola.server.clocks import OFF, REALTIME, TURN, Clock, default_clock
from tavola.server.hub import Hub
from tavola.server.limits import KeyedRateLimit
from tavola.server.messages import CODES, Refusal, language_or_english, refusal_of
from tavola.server.protocol import (
    HELLO_SECONDS,
    MAX_DROPPED,
    MAX_NAME,
    PROTOCOL,
    FrameError,
    RateLimit,
    clean_text,
    error_frame,
    no_language,
    one_line,
    read_frame,
)
from tavola.server.ratings import account_seat, carry_to_rematch, rated_settings, seat_attached
from tavola.server.routes_accounts import include_accounts
from tavola.server.routes_lobby import LobbyFilters, include_lobby, lobby_answers
from tavola.server.routes_ratings import include_ratings
from tavola.server.storage import Storage, default_url, hold_serving_lock
from tavola.server.tables import (
    DECIDER,
    STANDIN_BOT,
    Client,
    Limits,
    LiveTable,
    Refused,
    SeatRequest,
    Settings,
    replay,
    set_up,
)
from tavola.web import STATIC

log = logging.getLogger("tavola.server")

API = "/api/v1"


class Problem(Refusal):
    """An HTTP refusal: a status, a refusal code (`tavola.server.messages`) and its
    arguments (a line that is no code is kept as the English `detail` of "invalid")."""

    def __init__(self, status: int, code: str, **args: Any) -> None:
        if code not in CODES:
            code, args = "invalid", {"detail": code}
        super().__init__(code, **args)
        self.status = status

    @staticmethod
    def of(status: int, refusal: Refusal) -> Problem:
        """Return `refusal` with HTTP status `status`."""
        problem = Problem(status, refusal.code, **refusal.args_)
        problem.texts = refusal.texts
        return problem


class Strict(BaseModel):
    """Request bodies: no unknown fields, no silent type conversions."""

    model_config = ConfigDict(extra="forbid", strict=True)


class SeatIn(Strict):
    """One seat of a new table."""

    kind: Literal["human", "bot"]
    bot: str | None = Field(None, max_length=200, description="a bot spec, for bot seats")
    reserved: str | None = Field(None, max_length=MAX_NAME,
                                 description="reserve a human seat for this name")


class ClockIn(Strict):
    """A table's clock for its people: real time (a bank for the game, `seconds`, plus
    `increment` per decision) or turn based (`seconds` for each decision), or off."""

    kind: Literal["realtime", "turn", "off"] = "realtime"
    seconds: float | None = Field(None, description="real time: the bank (default 180); "
                                                    "turn based: each decision's time "
                                                    "(default 86400, a day)")
    increment: float | None = Field(None, description="real time: added per decision "
                                                      "(default 20)")

    def clock(self) -> Clock:
        """Return the clock asked for, with the defaults of its kind."""
        base = default_clock(self.kind)
        if not base.on:
            return base
        return Clock(self.kind, base.seconds if self.seconds is None else self.seconds,
                     base.increment if self.increment is None else self.increment)


class TableIn(Strict):
    """A table to create."""

    game: str = Field(max_length=40)
    players: int = Field(ge=1, le=99)
    options: dict[str, bool | int | str] = Field(default_factory=dict, max_length=40)
    seats: list[SeatIn] = Field(max_length=99)
    spectators: bool = True
    spectator_chat: bool = True
    clock: ClockIn | None = Field(None, description="the people's clock; default: real "
                                                   "time, 3 minutes plus 20 seconds a "
                                                   "decision, at a table with a person")
    timer: float | None = Field(None, description="(older form) seconds per decision: a "
                                                  "turn-based clock of that time")
    wait: bool = Field(True, description="begin play only once every person's seat is "
                                         "taken (false: at once)")
    bot_seconds: float = 5.0
    zombie_bot: str = Field(STANDIN_BOT, max_length=200)
    undo: bool = Field(True, description="may a player take back a decision (when the "
                                         "rules allow)")
    public: bool = Field(False, description="list the table in the lobby, where anyone may "
                                            "take a seat that is neither reserved nor taken; "
                                            "a private table is reached by invitation only")
    rated: bool = Field(False, description="a rated table: every seat for a person with an "
                                           "account, a clock, no take-backs; the players' "
                                           "ratings move after the game")


class SeatOut(BaseModel):
    """A seat's secret, for the creator to hand on."""

    seat: int
    token: str
    invite: str


class TableCreated(BaseModel):
    """A new table: its id, the host token and each human seat's invitation."""

    table: str
    host_token: str
    seats: list[SeatOut]


class JoinIn(Strict):
    """Take a seat by its link and pick a display name."""

    token: str = Field(max_length=tokens.MAX_TOKEN_TEXT)
    name: str = Field(max_length=200)


class ClaimIn(Strict):
    """Take an open seat from the lobby."""

    name: str = Field(max_length=200)


class TokenRef(Strict):
    """A token the browser holds and the table it is for."""

    table: str = Field(max_length=32)
    token: str = Field(max_length=tokens.MAX_TOKEN_TEXT)


class MineIn(Strict):
    """The tokens a browser holds."""

    tokens: list[TokenRef] = Field(max_length=200)


MAX_BODY = 64 * 1024
"""The largest HTTP request body (a table with 99 seats is well under 10 kB)."""


class BodyLimit:
    """Refuse HTTP request bodies over `MAX_BODY` bytes (413) before anything reads them."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
            query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
            await refusal_response(Refusal("body_too_large", kb=MAX_BODY // 1024), 413,
                                   (query.get("lang") or ["en"])[0])(scope, receive, send)
            return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > MAX_BODY:
                raise StarletteHTTPException(413, f"a request body is at most "
                                                  f"{MAX_BODY // 1024} kB")
            return message

        await self.app(scope, limited, send)


PAGE_POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; "
               "connect-src 'self' ws: wss:; img-src 'self' data:; object-src 'none'; "
               "base-uri 'none'; frame-ancestors 'none'")
"""The Content-Security-Policy of the browser page: its own files only, nothing inline."""

PAGE_PREFIXES = ("/static/", "/play/")


class PageHeaders:
    """Send the page's security headers with the page and its static files.

    The API routes keep their own headers (the interactive `/docs` page loads its scripts
    from elsewhere, which the page's policy would forbid)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "") if scope["type"] == "http" else ""
        if path != "/" and not path.startswith(PAGE_PREFIXES):
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers") or [])
                headers += [(b"content-security-policy", PAGE_POLICY.encode()),
                            (b"x-content-type-options", b"nosniff"),
                            (b"referrer-policy", b"no-referrer"),
                            # Revalidated on every load, so a new version is never mixed
                            # with old modules in a browser's cache.
                            (b"cache-control", b"no-cache")]
                message = dict(message, headers=headers)
            await send(message)

        await self.app(scope, receive, with_headers)


def invite_url(base: str, table_id: str, token: str) -> str:
    """Return a seat's invitation link (the token in the fragment, never sent in requests)."""
    return f"{base.rstrip('/')}/play/{table_id}#token={token}"


Lang = Annotated[str, Query(max_length=16, description="en, it or pl: the language of "
                                                        "every text rendered from the game")]
"""The `lang` query parameter of the routes that send texts rendered from a game."""


def language(lang: str) -> str:
    """Return `lang` if every game speaks it; raise a one-line refusal otherwise."""
    if lang not in LANGUAGES:
        raise no_language(lang)
    return lang


def refusal_response(refusal: Refusal, status: int, lang: object = "en") -> JSONResponse:
    """Return an HTTP refusal: its line in `lang` (English if `lang` is no language
    offered), its code and arguments."""
    line = one_line(refusal.line(language_or_english(lang)))
    return JSONResponse({"error": line, "code": refusal.code, "args": refusal.args_}, status)


VALIDATION_CODES = {"missing": "field_missing", "extra_forbidden": "field_unknown"}
"""The request validator's error types that have a refusal code of their own (any other:
"field_invalid")."""


def help_topics(game: Game, lang: str) -> dict[str, Any]:
    """Return a game's help: its summary and every help topic with its explanation."""
    topics = game.glossary(lang)
    return {"game": game.info.name, "title": game.info.title, "players": game.players,
            "options": dict(game.options), "lang": lang,
            "summary": summary_json(game.info, lang),
            "topics": [{"topic": name, "text": text} for name, text in topics.items()]}


def summary_json(facts: GameInfo, lang: str) -> dict[str, str]:
    """Return a game's summary in `lang` and the language it is in (English where the game
    has none in `lang`)."""
    text, written = facts.summary_in(lang)
    return {"text": text, "lang": written}


def seat_names(game: Game, lang: str) -> list[str]:
    """Return the game's own name of each seat in `lang` (a colour, a palace), as a table
    shows them."""
    return [game.player_name(p, lang) for p in range(game.players)]


@functools.lru_cache(maxsize=64)
def game_listing(name: str, lang: str) -> dict[str, Any]:
    """Return what the lobby shows of a game, its texts in `lang`; the seats' names are
    given per player count, with the default options."""
    facts = info(name)
    counts = range(facts.min_players, facts.max_players + 1)
    return {"name": name, "title": facts.title, "version": facts.version,
            "summary": summary_json(facts, lang),
            "min_players": facts.min_players, "max_players": facts.max_players,
            "options": [{"name": o.name, "default": o.default,
                         "choices": list(o.choices), "help": o.help}
                        for o in facts.options],
            "bots": agent_names(name),
            "seat_names": {str(n): seat_names(load(name, n), lang) for n in counts}}


def game_options(text: str) -> dict[str, Any]:
    """Return the options a query names as a JSON object; raise a one-line refusal for
    anything else."""
    try:
        options = json.loads(text)
    except ValueError:
        options = None
    if not isinstance(options, dict) or not all(
            isinstance(v, (bool, int, str)) for v in options.values()):
        raise Problem(400, "options_query")
    return options


def _bearer(authorization: str | None) -> str | None:
    if authorization and authorization.startswith("Bearer "):
        return authorization[len("Bearer "):].strip()
    return None


def create_app(db: str | None = None, storage: Storage | None = None,
               bot_threads: int = 2, limits: Limits | None = None, bot_workers: int = 0,
               worker_setup: Sequence[str] = (), bots: str | None = None) -> FastAPI:
    """Return the server application on database URL `db` (default: the embedded SQLite
    file) or on an open `storage`, with the server's `limits` (default: `Limits()`); its
    bots think in `bot_workers` worker processes (set up by the `worker_setup` functions,
    "module:function"), or with none in `bot_threads` threads of this process; or, given
    `bots` (a Ray address, `tavola.server.raybots`), on that Ray cluster."""
    limits = limits or Limits()
    creations = KeyedRateLimit(limits.creations, limits.creation_seconds)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = storage if storage is not None else await asyncio.to_thread(
            Storage, db or default_url())
        hub = Hub(store, bot_threads, limits, bot_workers, worker_setup, bots)
        app.state.hub = hub
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()
            if storage is None:
                store.close()

    app = FastAPI(title="tavola", version=__version__, lifespan=lifespan,
                  description="Tables, seats, bots and play for tavola's games. "
                              "Websocket frames are documented in docs/protocol.md.")

    app.add_middleware(BodyLimit)
    app.add_middleware(PageHeaders)

    def hub_of(request: Request | WebSocket) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    async def table_of(request: Request | WebSocket, table_id: str) -> LiveTable:
        try:
            return await hub_of(request).get(table_id[:32])
        except Refused as exc:
            raise Problem.of(404, exc) from None

    def lang_of(request: Request) -> str | None:
        return request.query_params.get("lang")

    @app.exception_handler(Problem)
    async def problem(request: Request, exc: Problem) -> JSONResponse:
        return refusal_response(exc, exc.status, lang_of(request))

    @app.exception_handler(TavolaError)
    async def tavola_error(request: Request, exc: TavolaError) -> JSONResponse:
        return refusal_response(refusal_of(exc), 400, lang_of(request))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        refusal = (Refusal("body_too_large", kb=MAX_BODY // 1024) if exc.status_code == 413
                   else Refusal("http_error", status=exc.status_code, detail=str(exc.detail)))
        return refusal_response(refusal, exc.status_code, lang_of(request))

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0] if exc.errors() else {"loc": (), "msg": "invalid request"}
        where = ".".join(str(p) for p in first.get("loc", ()) if p != "body")
        code = VALIDATION_CODES.get(str(first.get("type")), "field_invalid")
        refusal = Refusal(code, field=where or "request", detail=first.get("msg", "invalid"))
        return refusal_response(refusal, 422, lang_of(request))

    @app.get(f"{API}/games")
    async def games(lang: Lang = "en") -> list[dict[str, Any]]:
        """The games this server offers: summary (in `lang`), players, options, bots and
        the names of the seats (in `lang`) for each player count."""
        return [game_listing(name, language(lang)) for name in game_names()]

    @app.get(f"{API}/games/{{name}}/seats")
    async def game_seats(name: str, players: Annotated[int, Query(ge=1, le=99)],
                         lang: Lang = "en",
                         options: Annotated[str, Query(max_length=2000)] = "{}",
                         ) -> dict[str, Any]:
        """The game's own names and colours of the seats (names in `lang`) of a table of
        `players` with `options` (a JSON object; left out: the defaults)."""
        try:
            facts = info(name[:40])
        except UnknownGame:
            raise Problem(404, "unknown_game", game=name[:40],
                          games=", ".join(game_names())) from None
        try:
            game = set_up(facts.name, players, game_options(options))
        except Refused as exc:
            raise Problem.of(400, exc) from None
        lang = language(lang)
        return {"game": facts.name, "players": players, "options": dict(game.options),
                "lang": lang, "seats": [{"seat": p, "label": seat_label(p), "player": player,
                                         "colour": game.player_colour(p)}
                                        for p, player in enumerate(seat_names(game, lang))]}

    @app.get(f"{API}/games/{{name}}/help")
    async def game_help(name: str, lang: Lang = "en",
                        players: Annotated[int | None, Query(ge=1, le=99)] = None,
                        ) -> dict[str, Any]:
        """A game's rules help in `lang`: its summary and every help topic (each card,
        piece, space and track, and what it does), for `players` (default: the most)."""
        try:
            facts = info(name[:40])
        except UnknownGame:
            raise Problem(404, "unknown_game", game=name[:40],
                          games=", ".join(game_names())) from None
        game = set_up(facts.name, facts.max_players if players is None else players, {})
        return help_topics(game, language(lang))

    @app.post(f"{API}/tables", status_code=201)
    async def create_table(body: TableIn, request: Request) -> TableCreated:
        """Create a table; the host token and the seat tokens are shown only here. Each
        client (address) may create a limited number of tables in a while."""
        wait = creations.allow(request.client.host if request.client else "")
        if wait:
            raise Problem(429, "too_many_tables", seconds=math.ceil(wait))
        if body.clock is not None:
            clock = body.clock.clock()
        elif body.timer is not None:
            clock = Clock(TURN, body.timer)
        else:
            people = any(s.kind == "human" for s in body.seats)
            clock = default_clock(REALTIME if people else OFF)
        settings = Settings(spectators=body.spectators, spectator_chat=body.spectator_chat,
                            clock=clock, bot_seconds=body.bot_seconds,
                            zombie_bot=body.zombie_bot, undo=body.undo, public=body.public,
                            wait=body.wait)
        seats = [SeatRequest(s.kind, s.bot, s.reserved) for s in body.seats]
        if body.rated:
            settings = rated_settings(settings, seats)
        made = await hub_of(request).create(body.game, body.players, dict(body.options),
                                            seats, settings)
        base = str(request.base_url)
        return TableCreated(
            table=made.table.id, host_token=made.host_token,
            seats=[SeatOut(seat=n, token=t, invite=invite_url(base, made.table.id, t))
                   for n, t in sorted(made.seat_tokens.items())])

    @app.get(f"{API}/tables", responses=lobby_answers())
    async def lobby(request: Request, only: Annotated[LobbyFilters, Query()],
                    lang: Lang = "en") -> list[dict[str, Any]]:
        """The open tables: not finished, with a seat anyone may take; only those of a
        `game`, a player count, a speed, rated or not, if asked (docs/protocol.md)."""
        return await hub_of(request).lobby(language(lang), **only.checked())

    @app.post(f"{API}/tables/mine")
    async def mine(body: MineIn, request: Request, lang: Lang = "en") -> list[dict[str, Any]]:
        """The tables of the tokens a browser holds, with the seat each token is for."""
        language(lang)
        out = []
        for ref in body.tokens:
            try:
                table = await hub_of(request).get(ref.table)
            except Refused:
                continue
            seat = table.seat_of(ref.token)
            if seat is not None or table.is_host(ref.token):
                out.append(dict(table.summary(lang), you=None if seat is None else seat.seat,
                                host=table.is_host(ref.token)))
        return out

    @app.get(f"{API}/tables/{{table_id}}")
    async def table_summary(table_id: str, request: Request,
                            lang: Lang = "en") -> dict[str, Any]:
        """What anybody may know of a table: game, options, seats, progress."""
        language(lang)
        return (await table_of(request, table_id)).summary(lang)

    @app.get(f"{API}/tables/{{table_id}}/help")
    async def table_help(table_id: str, request: Request, lang: Lang = "en") -> dict[str, Any]:
        """The rules help of this table's game (its player count and options) in `lang`."""
        language(lang)
        return help_topics((await table_of(request, table_id)).game, lang)

    @app.post(f"{API}/tables/{{table_id}}/join")
    async def join(table_id: str, body: JoinIn, request: Request,
                   session: Annotated[str | None, Cookie(alias=COOKIE)] = None,
                   ) -> dict[str, Any]:
        """Take the seat a link is for, under a display name (again at any time). At a
        rated table the seat is taken by the signed-in account, under its name."""
        table = await table_of(request, table_id)
        seat = table.seat_of(body.token)
        if seat is None or seat.token_hash is None:
            raise Problem(403, "link_not_for_table")
        name = clean_text(body.name, MAX_NAME, "name")
        if table.settings.rated:
            name = (await account_seat(table, seat.seat, session, seat.token_hash)).name
        await table.take(seat.seat, name)
        return {"table": table.id, "seat": seat.seat, "label": seat_label(seat.seat),
                "name": name}

    @app.post(f"{API}/tables/{{table_id}}/seats/{{seat}}/claim")
    async def claim(table_id: str, seat: int, body: ClaimIn, request: Request,
                    session: Annotated[str | None, Cookie(alias=COOKIE)] = None) -> SeatOut:
        """Take an open seat of a public table (neither reserved nor taken: nobody used its
        link); its old link stops working. At a rated table the signed-in account takes
        it, under its name."""
        table = await table_of(request, table_id)
        name = clean_text(body.name, MAX_NAME, "name")
        signed = None
        if table.settings.rated:
            signed = await Accounts(hub_of(request).storage).account_of(session)
            if signed is None:
                raise Problem(401, "rated_needs_account")
            name = signed.name
        try:
            token = await table.claim(seat, name)
        except Refused as exc:
            raise Problem.of(404 if exc.code == "no_such_seat" else 409, exc) from None
        if signed is not None:
            await account_seat(table, seat, session, tokens.token_hash(token))
        return SeatOut(seat=seat, token=token,
                       invite=invite_url(str(request.base_url), table.id, token))

    @app.post(f"{API}/tables/{{table_id}}/seats/{{seat}}/link")
    async def new_link(table_id: str, seat: int, request: Request,
                       authorization: Annotated[str | None, Header()] = None) -> SeatOut:
        """Give a person's seat a new link (the host token authorises): the old link stops
        working at once, its connections are closed, and the seat stays reserved for the
        name it had until the new link is used."""
        table = await table_of(request, table_id)
        if not table.is_host(_bearer(authorization)):
            raise Problem(403, "host_only")
        try:
            token = await table.reissue(seat)
        except Refused as exc:
            raise Problem.of(404 if exc.code == "no_such_seat" else 409, exc) from None
        return SeatOut(seat=seat, token=token,
                       invite=invite_url(str(request.base_url), table.id, token))

    @app.post(f"{API}/tables/{{table_id}}/rematch")
    async def rematch(table_id: str, request: Request,
                      authorization: Annotated[str | None, Header()] = None,
                      ) -> dict[str, Any]:
        """Play again: a new table with the same game, options, settings and seat kinds,
        seats rotated by one; the same one for every player who asks. Answer the caller's
        own seat there and its token (a seat token of this finished table authorises)."""
        table = await table_of(request, table_id)
        token = _bearer(authorization)
        seat = table.seat_of(token)
        if seat is None or token is None:
            raise Problem(403, "rematch_not_a_seat")
        if not table.state.is_terminal:
            raise Problem(409, "rematch_not_over")
        new = await hub_of(request).rematch(table)
        place = table.rematch_seat(seat.seat)
        mine = tokens.rematch_token(token, new.id, place)
        if not await hub_of(request).bind_rematch_seat(new, place, mine):
            raise Problem(409, "rematch_seat_taken")
        if new.settings.rated:
            await carry_to_rematch(table, seat.seat, new, place, mine)
        return {"table": new.id, "seat": place, "label": seat_label(place), "token": mine,
                "invite": invite_url(str(request.base_url), new.id, mine)}

    def reader(table: LiveTable, authorization: str | None) -> None:
        if not table.may_read(_bearer(authorization)):
            raise Problem(403, "not_a_reader")

    @app.get(f"{API}/tables/{{table_id}}/record")
    async def record(table_id: str, request: Request,
                     authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """The game file of a finished table (the format `tavola replay` reads)."""
        table = await table_of(request, table_id)
        reader(table, authorization)
        if not table.state.is_terminal:
            raise Problem(409, "record_not_over")
        return table.record().to_json()

    @app.get(f"{API}/tables/{{table_id}}/replay")
    async def replay_step(table_id: str, request: Request,
                          step: Annotated[int, Query(ge=0)],
                          seat: Annotated[int | None, Query()] = None,
                          lang: Lang = "en",
                          authorization: Annotated[str | None, Header()] = None,
                          ) -> dict[str, Any]:
        """A finished game after `step` actions, as `seat` saw it (no seat: a spectator),
        its log in `lang`."""
        language(lang)
        table = await table_of(request, table_id)
        reader(table, authorization)
        if not table.state.is_terminal:
            raise Problem(409, "replay_not_over")
        if seat is not None and not 0 <= seat < table.game.players:
            raise Problem(400, "seat_range", last=table.game.players - 1)
        if step > table.count:
            raise Problem(400, "step_range", steps=table.count)
        state, _ = await asyncio.to_thread(replay, table.game, table.row.seed,
                                           table.actions[:step])
        decided = table.actions[step - 1] if step > 0 else None
        return {"table": table.id, "step": step, "steps": table.count, "seat": seat,
                "by": None if decided is None else DECIDER.get(decided.by, "person"),
                "view": state.view(seat), "to_act": list(state.to_act),
                "log": [dict(e.public_json(), text=table.game.render_event(e, lang))
                        for e in state.log(seat)]}

    @app.websocket(f"{API}/tables/{{table_id}}/ws")
    async def play(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        await serve_client(websocket, hub_of(websocket), table_id)

    @app.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
    async def page() -> FileResponse:
        """The browser page: the lobby (docs/web.md)."""
        return FileResponse(STATIC / "index.html", media_type="text/html")

    @app.api_route("/play/{table_id}", methods=["GET", "HEAD"], include_in_schema=False)
    async def invited(table_id: str) -> FileResponse:
        """The browser page for an invitation link; the token stays in the fragment."""
        del table_id  # the page reads it from its own address
        return FileResponse(STATIC / "index.html", media_type="text/html")

    include_accounts(app, limits)
    include_ratings(app)
    include_lobby(app, limits)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


async def _send(websocket: WebSocket, frame: dict[str, Any]) -> None:
    await websocket.send_text(json.dumps(frame, separators=(",", ":")))


async def _receive(websocket: WebSocket, timeout: float | None = None) -> str | bytes | None:
    message = await asyncio.wait_for(websocket.receive(), timeout)
    if message["type"] == "websocket.disconnect":
        return None
    data: str | bytes | None = message.get("text")
    if data is None:
        data = message.get("bytes") or b""
    return data


async def _hello(websocket: WebSocket, table: LiveTable) -> Client | None:
    try:
        raw = await _receive(websocket, HELLO_SECONDS)
    except TimeoutError:
        await _send(websocket, error_frame(Refusal("hello_timeout")))
        return None
    if raw is None:
        return None
    try:
        frame = read_frame(raw)
    except FrameError as exc:
        await _send(websocket, error_frame(exc))
        return None
    lang = language_or_english(frame.get("lang", "en"))
    if frame["type"] != "hello":
        await _send(websocket, error_frame(Refusal("hello_first")))
        return None
    if frame["protocol"] != PROTOCOL:
        await _send(websocket, error_frame(Refusal("wrong_protocol", protocol=PROTOCOL),
                                           lang=lang))
        return None
    token = frame.get("token")
    if token is None:
        if not table.settings.spectators:
            await _send(websocket, error_frame(Refusal("no_spectators"), lang=lang))
            return None
        return Client(None, None, lang=lang)
    if table.is_host(token):
        return Client(None, None, host=True, lang=lang)
    seat = table.seat_of(token)
    if seat is None:
        await _send(websocket, error_frame(Refusal("token_not_for_table"), lang=lang))
        return None
    # Playing by the link alone takes the seat as joining does: it is someone's now (at a
    # rated table only once an account took it: until then its page asks to join).
    if not table.settings.rated or await seat_attached(table, seat.seat):
        await table.take(seat.seat)
    return Client(seat.seat, seat.token_hash, lang=lang, token=token)


async def _sender(websocket: WebSocket, client: Client) -> None:
    with contextlib.suppress(Exception):
        while True:
            frame = await client.queue.get()
            if frame is None:
                await websocket.close(client.close_code)
                return
            await _send(websocket, frame)


async def serve_client(websocket: WebSocket, hub: Hub, table_id: str) -> None:
    """Serve one websocket: hello, then frames until it closes."""
    try:
        table = await hub.get(table_id[:32])
    except Refused as exc:
        await _send(websocket, error_frame(exc))
        await websocket.close(1008)
        return
    client = await _hello(websocket, table)
    if client is None:
        with contextlib.suppress(Exception):
            await websocket.close(1008)
        return
    try:
        # The table may have been dropped from memory while the client said hello (nobody
        # was connected and it waited for nobody): join the one in memory now, with no
        # pause between finding it and joining it.
        table = await hub.get(table.id)
    except Refused as exc:
        await _send(websocket, error_frame(exc, lang=client.lang))
        await websocket.close(1008)
        return
    if client.seat is None and not client.host and table.spectator_count() >= \
            hub.limits.spectators:
        await _send(websocket, error_frame(Refusal("spectators_full",
                                                   limit=hub.limits.spectators),
                                           lang=client.lang))
        with contextlib.suppress(Exception):
            await websocket.close(1008)
        return
    sender = asyncio.get_running_loop().create_task(_sender(websocket, client))
    # From here on, however the connection ends (a close, an error, the task cancelled while
    # the chat is read), the client leaves the table and the others see its seat as left.
    try:
        table.clients.add(client)
        # Messages above this id reach the client as they come (`LiveTable.push_chat`);
        # the stored history gives it the ones before, each message once.
        chat_before = table.chat_last
        client.push({"type": "welcome", "protocol": PROTOCOL,
                     "table": table.summary(client.lang), "you": client.seat,
                     "host": client.host})
        client.push(table.frame_for(client))
        for row in table.recent_chat:
            if row.id <= chat_before and table.may_read_chat(client, row.channel):
                client.push(table.chat_frame(row, client.lang))
        if table.rematch is not None:
            await table.offer_rematch([client])
        if client.seat is not None and client.seat in table.zombies:
            table.zombie(client.seat, False)
        table.seats_changed()
        limit = RateLimit()
        while not client.closed:
            raw = await _receive(websocket)
            if raw is None:
                break
            if not limit.allow():
                if limit.dropped > MAX_DROPPED:
                    client.push(error_frame(Refusal("too_many_frames_closing"),
                                            lang=client.lang))
                    client.close(1008)
                    break
                # Every frame dropped is answered (one short frame each, and a flood is
                # closed after MAX_DROPPED), so no action goes unanswered.
                client.push(error_frame(Refusal("too_many_frames"), table.state_id,
                                        client.lang))
                continue
            try:
                await _dispatch(table, client, read_frame(raw))
            except (FrameError, Refused) as exc:
                client.push(error_frame(exc, table.state_id, client.lang))
            except Exception:  # a bug must cost one frame, never the connection or table
                log.exception("table %s: a frame could not be handled", table.id)
                client.push(error_frame(Refusal("server_error"), table.state_id, client.lang))
    except WebSocketDisconnect:
        pass
    finally:
        table.clients.discard(client)
        client.push(None)
        table.seats_changed()
        hub.evict(table)
        with contextlib.suppress(BaseException):
            await asyncio.wait_for(sender, 2.0)


async def _dispatch(table: LiveTable, client: Client, frame: dict[str, Any]) -> None:
    kind = frame["type"]
    if kind == "action":
        await table.act(client, frame["seat"], frame["state"], frame["action"])
    elif kind == "undo":
        await table.undo(client, frame["seat"], frame["state"])
    elif kind == "chat":
        await table.chat(client, frame["channel"], frame["text"])
    elif kind == "lang":
        if not client.lang_limit.allow():
            raise Refused("lang_too_often")
        table.set_lang(client, frame["lang"])
    elif kind == "ping":
        client.push({"type": "pong", "protocol": PROTOCOL, "state": table.state_id})
    elif kind == "vote":
        await table.vote(client, frame["seat"], frame["standin"])
    elif kind == "start":
        await table.start_now(client)
    elif kind in ("back", "leave"):
        if client.seat is None:
            raise Refused("spectator_no_seat")
        table.zombie(client.seat, kind == "leave")
    else:
        raise Refused("hello_once")


def app_from_env() -> FastAPI:
    """Return the application for `uvicorn --factory` (database from TAVOLA_DB); on a
    SQLite file this process becomes its only server or refuses to start."""
    url = os.environ.get("TAVOLA_DB") or default_url()
    hold_serving_lock(url)
    limits = Limits(**json.loads(os.environ["TAVOLA_LIMITS"])) \
        if os.environ.get("TAVOLA_LIMITS") else Limits()
    workers = json.loads(os.environ.get("TAVOLA_BOT_WORKERS") or "null")
    return create_app(url, limits=limits,
                      bot_workers=default_workers() if workers is None else workers["count"],
                      worker_setup=() if workers is None else workers["setup"],
                      bots=None if workers is None else workers.get("bots"))


def default_workers() -> int:
    """Return the default number of bot workers: one per core this process may use."""
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
               else os.cpu_count() or 1)


MAX_WS_MESSAGE = 1024 * 1024
"""Messages above this are cut by the websocket layer itself (closing the connection);
anything between `MAX_FRAME_BYTES` and this earns an error frame instead."""


def serve(host: str = "127.0.0.1", port: int = 8000, db: str | None = None,
          workers: int = 1, log_level: str = "info", limits: Limits | None = None,
          bot_workers: int | None = None, worker_setup: Sequence[str] = (),
          bots: str | None = None) -> None:
    """Run the server until interrupted (what `tavola serve` does); `bots`: a Ray address
    where the bots think instead of this machine's worker processes."""
    import uvicorn

    url = db or default_url()
    storage = Storage(url, migrate=False)
    try:
        if workers > 1 and not storage.is_postgres:
            raise TavolaError("more than one worker needs a PostgreSQL database (--db "
                              "postgresql://...): SQLite serves one process")
        # Held until this process ends (uvicorn serves in it with one worker); taken before
        # migrating, so a second server never changes the schema under a running one.
        hold_serving_lock(url)
        storage.migrate()
    finally:
        storage.close()
    os.environ["TAVOLA_DB"] = url
    os.environ["TAVOLA_LIMITS"] = json.dumps(dataclasses.asdict(limits or Limits()))
    os.environ["TAVOLA_BOT_WORKERS"] = json.dumps(
        {"count": default_workers() if bot_workers is None else bot_workers,
         "setup": list(worker_setup), "bots": bots})
    uvicorn.run("tavola.server.app:app_from_env", factory=True, host=host, port=port,
                workers=workers, ws_max_size=MAX_WS_MESSAGE, log_level=log_level)
