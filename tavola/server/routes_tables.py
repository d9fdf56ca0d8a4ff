"""The HTTP routes of tables: create one, the lobby, a browser's own tables, a table's
summary and rules help, and a finished game's file and replay (docs/protocol.md, "HTTP
routes"). Taking a seat and playing are `routes_play`.
"""

from __future__ import annotations

import asyncio
import math
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header, Query, Request
from pydantic import BaseModel, Field

from tavola.server import tokens
from tavola.server.answers import HelpOut, MineSummary, ReplayStep, TableSummary
from tavola.server.clocks import OFF, REALTIME, TURN, Clock, default_clock
from tavola.server.limits import KeyedRateLimit
from tavola.server.protocol import MAX_NAME
from tavola.server.ratings import bots_rated_settings, rated_settings
from tavola.server.routes_common import (
    API,
    Lang,
    Problem,
    Strict,
    answers,
    bearer,
    hub_of,
    invite_url,
    language,
    table_of,
)
from tavola.server.routes_games import help_topics
from tavola.server.routes_lobby import LobbyFilters
from tavola.server.tables import (
    DECIDER,
    STANDIN_BOT,
    Limits,
    LiveTable,
    Refused,
    SeatRequest,
    Settings,
    replay,
)


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
    rated_bots: bool = Field(False, description="rated against bots: the people's seats "
                                                "for accounts, the other seats bots of "
                                                "the game's levels by name (easy, medium, "
                                                "hard, strong), a clock, no take-backs; "
                                                "the people's vs-bots ratings move after "
                                                "the game (not with `rated`)")


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


class TokenRef(Strict):
    """A token the browser holds and the table it is for."""

    table: str = Field(max_length=32)
    token: str = Field(max_length=tokens.MAX_TOKEN_TEXT)


class MineIn(Strict):
    """The tokens a browser holds."""

    tokens: list[TokenRef] = Field(max_length=200)


def reader(table: LiveTable, authorization: str | None) -> None:
    """Refuse (403) a request whose token may not read the table's finished game."""
    if not table.may_read(bearer(authorization)):
        raise Problem(403, "not_a_reader")


def tables_router(limits: Limits) -> APIRouter:
    """Return the routes of tables; each client (address) may create `limits.creations`
    tables in `limits.creation_seconds`."""
    router = APIRouter(tags=["tables"])
    creations = KeyedRateLimit(limits.creations, limits.creation_seconds)

    @router.post(f"{API}/tables", status_code=201,
                 responses=answers(400, 413, 422, 429))
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
        if body.rated and body.rated_bots:
            raise Problem(400, "rated_or_rated_bots")
        if body.rated:
            settings = rated_settings(settings, seats)
        if body.rated_bots:
            settings = bots_rated_settings(settings, seats, body.game)
        made = await hub_of(request).create(body.game, body.players, dict(body.options),
                                            seats, settings)
        base = str(request.base_url)
        return TableCreated(
            table=made.table.id, host_token=made.host_token,
            seats=[SeatOut(seat=n, token=t, invite=invite_url(base, made.table.id, t))
                   for n, t in sorted(made.seat_tokens.items())])

    @router.get(f"{API}/tables", responses=answers(400, 404, 422),
                response_model=list[TableSummary])
    async def lobby(request: Request, only: Annotated[LobbyFilters, Query()],
                    lang: Lang = "en") -> list[dict[str, Any]]:
        """The open tables: not finished, with a seat anyone may take; only those of a
        `game`, a player count, a speed, rated or not, if asked (docs/protocol.md)."""
        return await hub_of(request).lobby(language(lang), **only.checked())

    @router.post(f"{API}/tables/mine", responses=answers(400, 413, 422),
                 response_model=list[MineSummary])
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

    @router.get(f"{API}/tables/{{table_id}}", responses=answers(400, 404, 422),
                response_model=TableSummary)
    async def table_summary(table_id: str, request: Request,
                            lang: Lang = "en") -> dict[str, Any]:
        """What anybody may know of a table: game, options, seats, progress."""
        language(lang)
        return (await table_of(request, table_id)).summary(lang)

    @router.get(f"{API}/tables/{{table_id}}/help", responses=answers(400, 404, 422),
                response_model=HelpOut)
    async def table_help(table_id: str, request: Request, lang: Lang = "en") -> dict[str, Any]:
        """The rules help of this table's game (its player count and options) in `lang`."""
        language(lang)
        return help_topics((await table_of(request, table_id)).game, lang)

    @router.get(f"{API}/tables/{{table_id}}/record", responses=answers(403, 404, 409, 422))
    async def record(table_id: str, request: Request,
                     authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """The game file of a finished table (the format `tavola replay` reads)."""
        table = await table_of(request, table_id)
        reader(table, authorization)
        if not table.state.is_terminal:
            raise Problem(409, "record_not_over")
        return table.record().to_json()

    @router.get(f"{API}/tables/{{table_id}}/replay",
                responses=answers(400, 403, 404, 409, 422), response_model=ReplayStep)
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

    return router
