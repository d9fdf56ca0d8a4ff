"""The web application: `create_app` assembles the server from its parts — the
middleware, the handlers that answer every refusal, the HTTP routers (`routes_games`,
`routes_tables`, `routes_play`, `routes_accounts`, `routes_ratings`), the websocket
(`table_socket`) and the browser page's static files.

Every route is in the OpenAPI document at `/openapi.json`, with every status it may answer;
`docs/protocol.md` describes the routes and every websocket frame with its JSON schema.
Every refusal is one line, as JSON `{"error": "..."}` over HTTP or an error frame on a
websocket, and changes nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import os
from collections.abc import AsyncIterator, Sequence
from urllib.parse import parse_qs

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tavola import __version__
from tavola.core import LANGUAGES, TavolaError
from tavola.server.hub import Hub
from tavola.server.mail import MailSettings
from tavola.server.messages import Refusal, refusal_of
from tavola.server.routes_accounts import include_accounts
from tavola.server.routes_admin import include_admin
from tavola.server.routes_common import API, Problem, refusal_response
from tavola.server.routes_games import games_router
from tavola.server.routes_lobby import include_lobby
from tavola.server.routes_mail import include_mail
from tavola.server.routes_play import play_router
from tavola.server.routes_ratings import include_ratings
from tavola.server.routes_tables import tables_router
from tavola.server.storage import Storage, default_url, hold_serving_lock
from tavola.server.tables import Limits
from tavola.web import STATIC
from tavola.web.words import page_html, table_json

__all__ = ["API", "MAX_BODY", "MAX_WS_MESSAGE", "Problem", "create_app", "serve"]


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

PAGE_PREFIXES = ("/static/", "/play/", "/i18n/")


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


VALIDATION_CODES = {"missing": "field_missing", "extra_forbidden": "field_unknown"}
"""The request validator's error types that have a refusal code of their own (any other:
"field_invalid")."""


def create_app(db: str | None = None, storage: Storage | None = None,
               bot_threads: int = 2, limits: Limits | None = None, bot_workers: int = 0,
               worker_setup: Sequence[str] = (), bots: str | None = None,
               mail: MailSettings | None = None) -> FastAPI:
    """Return the server application on database URL `db` (default: the embedded SQLite
    file) or on an open `storage`, with the server's `limits` (default: `Limits()`); its
    bots think in `bot_workers` worker processes (set up by the `worker_setup` functions,
    "module:function"), or with none in `bot_threads` threads of this process; or, given
    `bots` (a Ray address, `tavola.server.raybots`), on that Ray cluster; given `mail`, it
    sends mail through that SMTP relay (`tavola.server.mail`)."""
    limits = limits or Limits()

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

    app.include_router(games_router())
    app.include_router(tables_router(limits))
    app.include_router(play_router())

    def cached(request: Request, made: tuple[bytes, str], media_type: str) -> Response:
        """Answer with `made` (a body and its entity tag), or that the asker's copy is it."""
        body, tag = made
        if tag in request.headers.get("if-none-match", ""):
            return Response(status_code=304, headers={"etag": tag})
        return Response(body, media_type=media_type, headers={"etag": tag})

    @app.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
    async def page(request: Request) -> Response:
        """The browser page: the lobby (docs/web.md), its language switch filled."""
        return cached(request, page_html(), "text/html")

    @app.api_route("/play/{table_id}", methods=["GET", "HEAD"], include_in_schema=False)
    async def invited(table_id: str, request: Request) -> Response:
        """The browser page for an invitation link; the token stays in the fragment."""
        del table_id  # the page reads it from its own address
        return cached(request, page_html(), "text/html")

    @app.api_route("/i18n/{lang}.json", methods=["GET", "HEAD"], include_in_schema=False)
    def page_words(lang: str, request: Request) -> Response:
        """The page's words in `lang`, made from the `web` catalogs (tavola.web.words): a
        file of the page, revalidated by its entity tag on every load (docs/web.md). Not a
        coroutine: the first table reads the catalogs (Babel), off the event loop."""
        if lang not in LANGUAGES:
            raise Problem(404, "unknown_language", lang=lang[:16],
                          languages=", ".join(LANGUAGES))
        return cached(request, table_json(lang), "application/json")

    include_accounts(app, limits)
    include_ratings(app)
    include_admin(app)
    include_mail(app, mail)
    include_lobby(app, limits)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app

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
                      bots=None if workers is None else workers.get("bots"),
                      mail=MailSettings.from_json(json.loads(os.environ["TAVOLA_MAIL"]))
                      if os.environ.get("TAVOLA_MAIL") else None)


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
          bots: str | None = None, mail: MailSettings | None = None) -> None:
    """Run the server until interrupted (what `tavola serve` does); `bots`: a Ray address
    where the bots think instead of this machine's worker processes; `mail`: the SMTP
    relay to send mail through."""
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
    if mail is not None:
        os.environ["TAVOLA_MAIL"] = json.dumps(mail.to_json())
    uvicorn.run("tavola.server.app:app_from_env", factory=True, host=host, port=port,
                workers=workers, ws_max_size=MAX_WS_MESSAGE, log_level=log_level)
