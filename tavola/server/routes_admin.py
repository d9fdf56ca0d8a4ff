"""The HTTP routes of a server's operators (accounts marked operator with `tavola admin
operator`): list the accounts, disable or enable one, remove a chat line, end an abandoned
table. What `tavola admin` does on the database, done through the running server, so the
tables it has in memory change at once (and, on PostgreSQL, every other server process is
told). `include_admin(app)` adds them; their refusals are account refusals, answered by
the handler `tavola.server.routes_accounts.include_accounts` adds (docs/protocol.md,
"Operators").
"""

from __future__ import annotations

import asyncio
from typing import Annotated

from fastapi import APIRouter, Depends, FastAPI, Query, Request
from pydantic import BaseModel

from tavola.server import storage as store
from tavola.server.accounts import NAME_MAX, AccountRefused, name_key
from tavola.server.answers import ChatRemoved, TableEnded
from tavola.server.routes_accounts import (
    API,
    SameSite,
    Strict,
    answers,
    hub_of,
    signed_in,
)
from tavola.server.storage import AccountRow

LISTED = 500
"""The most accounts one listing returns (the first by name from `start`)."""


async def operator(account: Annotated[AccountRow, Depends(signed_in)]) -> AccountRow:
    """Return the signed-in account if it is an operator; refuse anyone else."""
    if not account.operator:
        raise AccountRefused(403, "operator_only")
    return account


Operator = Annotated[AccountRow, Depends(operator)]


class AccountListed(BaseModel):
    """One account as an operator sees it (never its password or sessions)."""

    name: str
    created: float
    operator: bool
    disabled: bool
    seats: int


class Disabled(Strict):
    """Whether the account is to be disabled (true) or enabled again (false)."""

    disabled: bool


def admin_router() -> APIRouter:
    """Return the operators' routes."""
    router = APIRouter(tags=["operators"])

    @router.get(f"{API}/admin/accounts", responses=answers(401, 403, 422))
    async def accounts(request: Request, me: Operator,
                       start: Annotated[str, Query(max_length=NAME_MAX * 4)] = "",
                       ) -> list[AccountListed]:
        """The accounts, by name (case-insensitively), from the first whose name is not
        before `start`; at most 500 at a time."""
        rows = await asyncio.to_thread(store.all_accounts, hub_of(request).storage)
        key = name_key(start) if start else ""
        listed = sorted((r for r in rows if r[0].name_key >= key),
                        key=lambda r: r[0].name_key)[:LISTED]
        return [AccountListed(name=a.name, created=a.created, operator=a.operator,
                              disabled=a.disabled, seats=seats) for a, seats in listed]

    @router.post(f"{API}/admin/accounts/{{name}}/disabled", dependencies=[SameSite],
                 responses=answers(400, 401, 403, 404, 409, 413, 422))
    async def disable(name: str, body: Disabled, request: Request,
                      me: Operator) -> AccountListed:
        """Disable an account (it cannot sign in and its sessions end) or enable it
        again. An operator cannot disable their own account."""
        storage = hub_of(request).storage
        row = await asyncio.to_thread(store.account_by_key, storage, name_key(name[:200]))
        if row is None:
            raise AccountRefused(404, "unknown_player", name=name[:200])
        if row.id == me.id and body.disabled:
            raise AccountRefused(409, "own_account")
        await asyncio.to_thread(store.set_account_flags, storage, row.id,
                                disabled=body.disabled)
        seats = dict((a.id, n) for a, n in await asyncio.to_thread(store.all_accounts,
                                                                    storage))
        return AccountListed(name=row.name, created=row.created, operator=row.operator,
                             disabled=body.disabled, seats=seats.get(row.id, 0))

    @router.delete(f"{API}/admin/tables/{{table_id}}/chat/{{line}}", dependencies=[SameSite],
                   responses=answers(401, 403, 404, 422), response_model=ChatRemoved)
    async def remove_chat(table_id: str, line: int, request: Request,
                          me: Operator) -> dict[str, bool]:
        """Remove a chat line a person wrote (its id, as in the chat frames): every client
        of the table is told to take it away. A game's posted event stays."""
        if not await hub_of(request).remove_chat(table_id[:32], line):
            raise AccountRefused(404, "no_chat_line", table=table_id[:32], line=line)
        return {"removed": True}

    @router.delete(f"{API}/admin/tables/{{table_id}}", dependencies=[SameSite],
                   responses=answers(401, 403, 404, 422), response_model=TableEnded)
    async def end_table(table_id: str, request: Request, me: Operator) -> dict[str, bool]:
        """End an abandoned table: delete an unfinished table with its seats, moves and
        chat (a finished game is kept); its connections are told and closed."""
        if not await hub_of(request).end_table(table_id[:32]):
            raise AccountRefused(404, "no_unfinished_table", table=table_id[:32])
        return {"ended": True}

    return router


def include_admin(app: FastAPI) -> None:
    """Add the operators' routes to `app` (after `include_accounts`, whose handler answers
    their refusals)."""
    app.include_router(admin_router())
