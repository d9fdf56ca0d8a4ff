"""The HTTP routes of play: take a seat by its link or from the lobby, give a seat a new
link, play again after a game, and the websocket every player and spectator plays and
watches through (`table_socket`; docs/protocol.md, "HTTP routes" and "The websocket").
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Cookie, Header, Request, WebSocket
from pydantic import Field

from tavola.core.game import seat_label
from tavola.server import tokens
from tavola.server.accounts import COOKIE, Accounts
from tavola.server.answers import Joined, RematchSeat
from tavola.server.protocol import MAX_NAME, clean_text
from tavola.server.ratings import account_seat, carry_to_rematch
from tavola.server.routes_common import (
    API,
    Problem,
    Strict,
    answers,
    bearer,
    hub_of,
    invite_url,
    table_of,
)
from tavola.server.routes_tables import SeatOut
from tavola.server.table_socket import serve_client
from tavola.server.tables import Refused


class JoinIn(Strict):
    """Take a seat by its link and pick a display name."""

    token: str = Field(max_length=tokens.MAX_TOKEN_TEXT)
    name: str = Field(max_length=200)


class ClaimIn(Strict):
    """Take an open seat from the lobby."""

    name: str = Field(max_length=200)


def play_router() -> APIRouter:
    """Return the routes of seats and play."""
    router = APIRouter(tags=["play"])

    @router.post(f"{API}/tables/{{table_id}}/join",
                 responses=answers(400, 401, 403, 404, 409, 413, 422), response_model=Joined)
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

    @router.post(f"{API}/tables/{{table_id}}/seats/{{seat}}/claim",
                 responses=answers(400, 401, 404, 409, 413, 422))
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

    @router.post(f"{API}/tables/{{table_id}}/seats/{{seat}}/link",
                 responses=answers(403, 404, 409, 422))
    async def new_link(table_id: str, seat: int, request: Request,
                       authorization: Annotated[str | None, Header()] = None) -> SeatOut:
        """Give a person's seat a new link (the host token authorises): the old link stops
        working at once, its connections are closed, and the seat stays reserved for the
        name it had until the new link is used."""
        table = await table_of(request, table_id)
        if not table.is_host(bearer(authorization)):
            raise Problem(403, "host_only")
        try:
            token = await table.reissue(seat)
        except Refused as exc:
            raise Problem.of(404 if exc.code == "no_such_seat" else 409, exc) from None
        return SeatOut(seat=seat, token=token,
                       invite=invite_url(str(request.base_url), table.id, token))

    @router.post(f"{API}/tables/{{table_id}}/rematch", responses=answers(403, 404, 409, 422),
                 response_model=RematchSeat)
    async def rematch(table_id: str, request: Request,
                      authorization: Annotated[str | None, Header()] = None,
                      ) -> dict[str, Any]:
        """Play again: a new table with the same game, options, settings and seat kinds,
        seats rotated by one; the same one for every player who asks. Answer the caller's
        own seat there and its token (a seat token of this finished table authorises)."""
        table = await table_of(request, table_id)
        token = bearer(authorization)
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

    @router.websocket(f"{API}/tables/{{table_id}}/ws")
    async def play(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        await serve_client(websocket, hub_of(websocket), table_id)

    return router
