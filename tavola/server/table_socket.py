"""One client's websocket at a table: its hello, then every frame it sends, answered,
until it closes (docs/protocol.md, "The websocket"). `routes_play` serves it at
`/api/v1/tables/{table_id}/ws`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any

from fastapi import WebSocket
from starlette.websockets import WebSocketDisconnect

from tavola.server.hub import Hub
from tavola.server.messages import Refusal, language_or_english
from tavola.server.protocol import (
    HELLO_SECONDS,
    MAX_DROPPED,
    PROTOCOL,
    FrameError,
    RateLimit,
    error_frame,
    read_frame,
)
from tavola.server.ratings import seat_attached
from tavola.server.tables import Client, LiveTable, Refused

log = logging.getLogger("tavola.server")


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


def _asked_language(websocket: WebSocket) -> str:
    """Return the language the websocket's address asks for (`?lang=`), for the refusals
    sent before a hello names one: English when it names none the server speaks."""
    return language_or_english(websocket.query_params.get("lang"))


async def _hello(websocket: WebSocket, table: LiveTable) -> Client | None:
    asked = _asked_language(websocket)
    try:
        raw = await _receive(websocket, HELLO_SECONDS)
    except TimeoutError:
        await _send(websocket, error_frame(Refusal("hello_timeout"), lang=asked))
        return None
    if raw is None:
        return None
    try:
        frame = read_frame(raw)
    except FrameError as exc:
        await _send(websocket, error_frame(exc, lang=asked))
        return None
    lang = language_or_english(frame.get("lang", asked))
    if frame["type"] != "hello":
        await _send(websocket, error_frame(Refusal("hello_first"), lang=asked))
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
        await _send(websocket, error_frame(exc, lang=_asked_language(websocket)))
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
