"""What the HTTP routers share (`routes_games`, `routes_tables`, `routes_play`): the
refusal an HTTP route raises (`Problem`) and its JSON answer, the `lang` parameter, the
application's hub and the tables it holds, and the description in the OpenAPI document
of every status a route may answer besides success (docs/protocol.md, "Refusals").
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Query, Request, WebSocket
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict

from tavola.core.game import LANGUAGES
from tavola.server.hub import Hub
from tavola.server.messages import CODES, LANGUAGE_LIST, Refusal, language_or_english
from tavola.server.protocol import no_language, one_line
from tavola.server.routes_accounts import RefusalOut
from tavola.server.tables import LiveTable, Refused

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


WHY = {400: "a bad request: an unknown language, a bad option, name or seat, a table the "
            "rules refuse, or a body that cannot be read",
       401: "not signed in (a rated table's seat is an account's)",
       403: "the token given does not authorise this",
       404: "no such game, table or seat",
       409: "not now: the table is not over, or the seat is taken or another account's",
       413: "the body is too large", 422: "the request is malformed",
       429: "too many tables from this address: try again later"}
"""What each refusal status of the table and game routes means."""


def answers(*statuses: int) -> dict[int | str, dict[str, Any]]:
    """Return the OpenAPI description of the refusals a route may answer (each one's body
    is a `RefusalOut`)."""
    return {s: {"model": RefusalOut, "description": WHY[s]} for s in statuses}


Lang = Annotated[str, Query(max_length=16, description=f"{LANGUAGE_LIST}: the language of "
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


def hub_of(request: Request | WebSocket) -> Hub:
    """Return the application's hub."""
    hub: Hub = request.app.state.hub
    return hub


async def table_of(request: Request | WebSocket, table_id: str) -> LiveTable:
    """Return the table `table_id`; refuse (404) if there is none."""
    try:
        return await hub_of(request).get(table_id[:32])
    except Refused as exc:
        raise Problem.of(404, exc) from None


def bearer(authorization: str | None) -> str | None:
    """Return the token of an `Authorization: Bearer` header (None without one)."""
    if authorization and authorization.startswith("Bearer "):
        return authorization[len("Bearer "):].strip()
    return None


def invite_url(base: str, table_id: str, token: str) -> str:
    """Return a seat's invitation link (the token in the fragment, never sent in requests)."""
    return f"{base.rstrip('/')}/play/{table_id}#token={token}"
