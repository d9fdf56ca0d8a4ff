"""A table's chat: the players' and the spectators' channels, and the game events posted in the
players' chat as table talk (`GameInfo.chat_events`)."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Sequence
from typing import Any

from tavola.core import Event, Game
from tavola.core.game import seat_label
from tavola.server.messages import shown_name
from tavola.server.protocol import PROTOCOL
from tavola.server.storage import ChatRow
from tavola.server.table_core import Client, Refused, TableCore

log = logging.getLogger("tavola.server")

RECENT_CHAT = 200
"""How many of a table's newest chat messages a client is sent when it joins."""
PLAYERS, SPECTATORS = "players", "spectators"
TALK = "event"
"""The stored channel of a game event posted in the players' chat (`GameInfo.chat_events`).
Its row's text is the JSON object {"key", "args", "text"} of the event; it is sent in the
players' channel with an `event` field. A separate stored channel (rather than a new
column) needs no migration, and no client can write to it, so nobody can forge an event by
typing JSON."""


def talk_keys(game: Game) -> frozenset[str]:
    """Return the event keys of `game` posted in the players' chat: those it declares table
    talk, less any key its catalogue writes with an audience or as the redacted form of a
    private event (only events everyone reads whole may ever be posted)."""
    private = game.catalog.private
    hidden = set(private) | {rule.redacted for rule in private.values() if rule.redacted}
    return frozenset(game.info.chat_events) - hidden


def stored_event(text: str) -> dict[str, Any] | None:
    """Return the event {"key", "args", "text"} stored in a `TALK` chat row (None if the
    row is damaged: it is then shown as plain text rather than lost)."""
    try:
        data = json.loads(text)
    except ValueError:
        return None
    if (isinstance(data, dict) and type(data.get("key")) is str
            and isinstance(data.get("args"), dict) and type(data.get("text")) is str):
        return {"key": data["key"], "args": data["args"], "text": data["text"]}
    return None


class TableChat(TableCore):
    """The chat of a table: storing, sending and translating its messages."""

    talk: frozenset[str]

    def chat_frame(self, row: ChatRow, lang: str = "en") -> dict[str, Any]:
        """Return a chat frame (a posted game event: in the players' channel, with `event`
        rendered in `lang`)."""
        channel, text, event = row.channel, row.text, None
        if channel == TALK:
            channel, event = PLAYERS, stored_event(row.text)
            if event is not None:
                event["text"] = self.talk_text(event, lang)
            text = row.text if event is None else event["text"]
        return {"type": "chat", "protocol": PROTOCOL, "id": row.id, "channel": channel,
                "seat": row.seat, "author": shown_name(row.author, lang), "text": text,
                "time": row.time, "event": event}

    def talk_text(self, event: dict[str, Any], lang: str) -> str:
        """Return a stored table-talk event's text in `lang` (the stored text if the event
        no longer renders, say after the game's messages changed)."""
        if lang == "en" or event["key"] not in self.talk:
            return str(event["text"])
        try:
            return self.game.render_event(Event(event["key"], event["args"]), lang)
        except (KeyError, IndexError, TypeError, ValueError, AttributeError):
            return str(event["text"])

    def may_read_chat(self, client: Client, channel: str) -> bool:
        """Players' chat (posted game events too) is read by everyone at the table;
        spectators' only by spectators."""
        return channel in (PLAYERS, TALK) or client.seat is None

    def push_chat(self, rows: Sequence[ChatRow]) -> None:
        """Send the messages of `rows` not sent yet, oldest first, each to everyone allowed
        to read it.

        `rows` must be every message of the table with an id above some id not above
        `chat_last`, in id order (what `Storage.post_chat` and `Storage.chat_after` return:
        within a table, ids become visible in the order they are drawn). Then every message
        up to `chat_last` has been sent, so a message is sent once, and a message another
        process stored with a lower id than one stored here is never skipped."""
        for row in rows:
            if row.id <= self.chat_last:
                continue
            self.chat_last = row.id
            self.recent_chat.append(row)
            frames: dict[str, dict[str, Any]] = {}
            for client in list(self.clients):
                if self.may_read_chat(client, row.channel):
                    if client.lang not in frames:
                        frames[client.lang] = self.chat_frame(row, client.lang)
                    client.push(frames[client.lang])

    def forget_chat(self, line: int) -> None:
        """Drop chat line `line`, removed by an operator, from what this process keeps and
        tell every client that may have read it to take it away."""
        gone = [row for row in self.recent_chat if row.id == line]
        if not gone:
            return
        kept = [row for row in self.recent_chat if row.id != line]
        self.recent_chat.clear()
        self.recent_chat.extend(kept)
        frame = {"type": "chat_removed", "protocol": PROTOCOL, "id": line}
        for client in list(self.clients):
            if self.may_read_chat(client, gone[0].channel):
                client.push(frame)

    async def check_chat(self) -> None:
        """Forget the kept chat lines another process's operator removed (the caller
        holds the lock): a kept line at or after the oldest stored one it reads, and not
        stored any more, was removed."""
        limit = self.recent_chat.maxlen or RECENT_CHAT
        stored = await asyncio.to_thread(self.hub.storage.chat, self.id, limit)
        oldest = stored[0].id if len(stored) == limit else 0
        present = {row.id for row in stored}
        for row in list(self.recent_chat):
            if row.id >= oldest and row.id not in present:
                self.forget_chat(row.id)

    def _author(self, seat: int) -> str:
        row = self.seats[seat]
        return row.name or row.reserved or seat_label(seat)

    async def _post_talk(self, seat: int, events: Sequence[Event]) -> None:
        """Post the table talk among `events` (new in the spectator's log after `seat`'s
        action, so public) in the players' chat, stored like any message."""
        for event in events:
            if event.key not in self.talk:
                continue
            payload = {"key": event.key, "args": dict(event.args),
                       "text": self.game.render_event(event)}
            try:
                rows = await asyncio.to_thread(self.hub.storage.post_chat, self.id, TALK,
                                               seat, self._author(seat), json.dumps(payload),
                                               self.chat_last)
            except Exception:
                # The action is stored and acknowledged: a chat copy that cannot be stored
                # must not turn it into a refusal. The log still shows the event.
                log.exception("table %s: posting %s in the chat failed", self.id, event.key)
                return
            self.push_chat(rows)

    async def chat(self, client: Client, channel: str, text: str) -> None:
        """Store and send a chat message from `client`."""
        if client.seat is None:
            if channel != SPECTATORS:
                raise Refused("spectators_channel")
            if not self.settings.spectator_chat:
                raise Refused("spectator_chat_off")
            author = "spectator"
        else:
            self._check_client(client, client.seat)
            if channel != PLAYERS:
                raise Refused("players_channel")
            author = self._author(client.seat)
        rows = await asyncio.to_thread(self.hub.storage.post_chat, self.id, channel,
                                       client.seat, author, text, self.chat_last)
        self.push_chat(rows)
