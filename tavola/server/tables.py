"""The match authority: every live table in memory, the only place actions are accepted.

A table's state is rebuilt by replaying its stored actions and then kept in memory. A
client's action is checked in this order before anything is applied — token, seat,
pending, state id (the number of accepted actions the client saw), legality — and every
refusal is one line that changes nothing. An accepted action is stored first; only after
its transaction commits is it acknowledged to its sender and the new state broadcast,
each client receiving only what its seat may know (`view`, `log`, legal actions with
their labels) and spectators `view(None)`. Every text rendered from the game (prompts,
labels, log lines, seat names, table talk) is rendered in the client's own language.

Bots and "zombie" seats (a person who ran out of time or left, played by a bot until they
return) are driven here too, one decision at a time per table, off the event loop.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import functools
import heapq
import json
import logging
import random
import secrets
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from tavola.agents import Agent
from tavola.core import (
    Action,
    Event,
    Game,
    Record,
    State,
    TavolaError,
    UnknownGame,
    game_names,
    info,
    load,
)
from tavola.core.game import LANGUAGES, seat_label
from tavola.server import tokens
from tavola.server.bots import (
    bot_decision,
    make_bot,
    network_bot,
    replacement,
    worker_decision,
)
from tavola.server.clocks import MAX_INCREMENT, MAX_SECONDS, VOTE_SECONDS, Clock, SeatClocks
from tavola.server.messages import Refusal
from tavola.server.protocol import (
    LANG_BURST,
    LANG_PER_SECOND,
    MAX_NAME,
    PROTOCOL,
    RateLimit,
    clean_text,
    error_frame,
)
from tavola.server.raybots import RayWorkers
from tavola.server.storage import ActionRow, ChatRow, Conflict, SeatRow, Storage, TableRow
from tavola.server.undo import cheap_refusal, undo_refusal
from tavola.server.workers import BotWorkers, DecisionPool

log = logging.getLogger("tavola.server")

HUMAN, BOT = "human", "bot"
ZOMBIE = "zombie"
"""Who decided: a stand-in bot for a person away (stored as the action's `by`)."""
FALLBACK = "fallback"
"""Who decided: the game's simple policy, for a bot that did not answer."""
DECIDER = {HUMAN: "person", BOT: "bot", ZOMBIE: "stand-in", FALLBACK: "replacement"}
"""Each stored `by` as the game file names it (`tavola.core.record.DECIDERS`)."""
CONFLICT_RETRIES = 20
STANDIN_BOT = "random"
"""The bot that plays a person's seat while they are away, unless the table names another."""
"""How many times an action whose number another process took first is stored again at the
next number (each retry means another action was stored meanwhile)."""
TAKEOVER_SECONDS = 5.0
"""How long past a bot's budget (or the clock) a table may wait for the process driving
it before another process takes over."""
RECENT_CHAT = 200
"""How many of a table's newest chat messages a client is sent when it joins."""
IDLE_SECONDS = 60.0
"""A table loaded for a look is dropped from memory this long after, if nobody needs it."""
SEATS_DELAY = 0.25
"""Joins and leaves within this many seconds are told to the table in one `seats` frame."""
CLIENT_QUEUE = 256
"""Frames waiting for one client; a client that falls this far behind is disconnected."""
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


class Refused(Refusal):
    """A client request the table refuses (the message is for that client)."""


@dataclass
class Settings:
    """How a table is run, chosen by its creator."""

    spectators: bool = True
    spectator_chat: bool = True
    clock: Clock = field(default_factory=Clock)
    """The people's clock (see `tavola.server.clocks`); off by default here, on by default
    for tables made through the API with a seat for a person."""
    bot_seconds: float = 5.0
    zombie_bot: str = STANDIN_BOT
    undo: bool = True
    public: bool = False
    """Listed in the lobby, where anyone may take an open seat (one neither reserved nor
    taken); a private table is reached by its invitations only."""
    wait: bool = True
    """Play begins only once every person's seat is taken (False: at once)."""

    def to_json(self) -> dict[str, Any]:
        """Return the settings as JSON data."""
        return {"spectators": self.spectators, "spectator_chat": self.spectator_chat,
                "clock": self.clock.to_json(), "bot_seconds": self.bot_seconds,
                "zombie_bot": self.zombie_bot, "undo": self.undo, "public": self.public,
                "wait": self.wait}

    @staticmethod
    def from_json(data: dict[str, Any]) -> Settings:
        """Read stored settings (a table stored before tables could be private is private:
        nobody chose to open its seats to strangers; one stored before clocks had speeds
        and `timer` seconds per decision has a turn-based clock of that time)."""
        return Settings(spectators=bool(data.get("spectators", True)),
                        spectator_chat=bool(data.get("spectator_chat", True)),
                        clock=Clock.from_json(data.get("clock"), data.get("timer")),
                        bot_seconds=float(data.get("bot_seconds", 5.0)),
                        zombie_bot=str(data.get("zombie_bot", "random")),
                        undo=bool(data.get("undo", True)),
                        public=bool(data.get("public", False)),
                        wait=bool(data.get("wait", False)))


class Client:
    """One connected client of a table: its seat (None: a spectator), the language it reads
    and its outbox."""

    def __init__(self, seat: int | None, token_hash: str | None, host: bool = False,
                 lang: str = "en", token: str | None = None) -> None:
        self.seat = seat
        self.token_hash = token_hash
        # The seat token itself, kept in memory only: a rematch's seat token is derived
        # from it (`rematch_token`), so the rematch can be offered to this client.
        self.token = token
        self.host = host
        self.lang = lang
        self.queue: asyncio.Queue[dict[str, Any] | None] = asyncio.Queue(CLIENT_QUEUE)
        self.log_sent = 0
        self.closed = False
        self.lang_limit = RateLimit(LANG_PER_SECOND, LANG_BURST, LANG_BURST)
        self.close_code = 1000
        """The websocket close code sent when the queue's None is reached: 1000 for a
        normal end, 1008 (policy violation) when the server ends the connection."""

    def push(self, frame: dict[str, Any] | None) -> None:
        """Queue a frame (None closes); a client too far behind is dropped."""
        if self.closed:
            return
        try:
            self.queue.put_nowait(frame)
        except asyncio.QueueFull:
            self.closed = True
            self.close_code = 1008
            self.queue = asyncio.Queue(1)
            self.queue.put_nowait(None)

    def close(self, code: int = 1008) -> None:
        """End the connection after the frames already queued, with close code `code`."""
        if self.closed:
            return
        self.close_code = code
        self.push(None)
        self.closed = True


def claimable(settings: Settings, seat: SeatRow) -> bool:
    """True if anyone may take `seat` from the lobby: a person's seat at a public table,
    neither reserved for a name nor taken (its link used, by any route)."""
    return (settings.public and seat.kind == HUMAN and seat.reserved is None
            and not seat.taken and seat.name is None)


def seat_json(game: Game, seat: SeatRow, lang: str, connected: bool = False,
              zombie: bool = False, seconds_left: float | None = None,
              out_of_time: bool = False, vote_seconds: float | None = None) -> dict[str, Any]:
    """Return the public facts of one seat (the game's name of the seat in `lang`): its
    clock (`seconds_left`, None without one), whether it ran out of time, and how long the
    other players have left to answer whether a stand-in should play it (None: no vote)."""
    return {"seat": seat.seat, "label": seat_label(seat.seat),
            "player": game.player_name(seat.seat, lang),
            "colour": game.player_colour(seat.seat), "kind": seat.kind, "bot": seat.bot,
            "name": seat.name or seat.reserved, "reserved": seat.reserved is not None,
            "joined": seat.name is not None, "taken": seat.taken, "connected": connected,
            "zombie": zombie, "seconds_left": seconds_left, "out_of_time": out_of_time,
            "vote_seconds": vote_seconds, "waited": seat.waited}


def summary_json(table_id: str, game: Game, settings: Settings, seats: list[dict[str, Any]],
                 free: list[int], moves: int, finished: bool) -> dict[str, Any]:
    """Return what the lobby shows of a table; `state` is the number of moves made."""
    return {"table": table_id, "game": game.info.name, "title": game.info.title,
            "players": game.players, "options": dict(game.options), "seats": seats,
            "free": free, "state": moves, "finished": finished,
            "settings": settings.to_json()}


@functools.lru_cache(maxsize=256)
def _listed_game(name: str, players: int, options: str) -> Game:
    return load(name, players, **json.loads(options))


def stored_summary(row: TableRow, moves: int, lang: str) -> dict[str, Any]:
    """Return the lobby's summary of a stored table that is not in memory (nobody is
    connected to it here, no bot of it is thinking and no clock of it is running)."""
    game = _listed_game(row.game, row.players, json.dumps(row.options, sort_keys=True))
    settings = Settings.from_json(row.settings)
    return summary_json(row.id, game, settings, [seat_json(game, s, lang) for s in row.seats],
                        [s.seat for s in row.seats if claimable(settings, s)], moves,
                        row.finished)


def replay(game: Game, seed: int, actions: Sequence[ActionRow]) -> tuple[State, State | None]:
    """Return the state after `actions` and the one before the last of them."""
    state, previous = game.new_state(seed), None
    for row in actions:
        previous, state = state, state.apply(row.seat, row.action)
    return state, previous


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


@dataclass
class Created:
    """A new table and the secrets shown once to its creator."""

    table: LiveTable
    host_token: str
    seat_tokens: dict[int, str] = field(default_factory=dict)


class LiveTable:
    """One table in memory: its state, seats, clients, bots and timers."""

    def __init__(self, hub: Hub, row: TableRow, game: Game, state: State,
                 previous: State | None) -> None:
        self.hub = hub
        self.id = row.id
        self.row = row
        self.settings = Settings.from_json(row.settings)
        self.game = game
        self.seats: list[SeatRow] = row.seats
        self.actions: list[ActionRow] = row.actions
        self.state = state
        self.previous = previous
        self.revision = row.revision
        self.lock = asyncio.Lock()
        self.clients: set[Client] = set()
        # Stand-ins and presence are facts of the table, shared by every server process
        # through the database: `zombies` is the stored `standin` flags (with this
        # process's changes not yet stored, `_standins_unsaved`), `elsewhere` the seats
        # connected to another live process.
        self.zombies: set[int] = {s.seat for s in row.seats if s.standin and s.kind == HUMAN}
        self._standins_unsaved: set[int] = set()
        self._standins_task: asyncio.Task[None] | None = None
        self.elsewhere: set[int] = set(row.elsewhere)
        self._presence_stored: frozenset[int] | None = None
        self._presence_again = 0
        self._presence_task: asyncio.Task[None] | None = None
        self._refresh_waiting = False
        self._refreshes: set[asyncio.Task[None]] = set()
        self.started = row.started
        self.clocks = SeatClocks(self.settings.clock, game.players, row.actions)
        for seat in row.seats:
            if seat.waited:
                self.clocks.out[seat.seat] = None
        # The seat whose bot decides now and since when (for the frames' `thinking`).
        self.thinking: tuple[int, float] | None = None
        self.agents: dict[tuple[int, str], Agent] = {}
        self.bot_task: asyncio.Task[None] | None = None
        self.timer_task: asyncio.Task[None] | None = None
        self.takeover_task: asyncio.Task[None] | None = None
        self.drives = True
        # Every chat message of the table with an id up to this one has been sent to the
        # clients here (see `push_chat`).
        self.chat_last = 0
        # The newest chat messages, kept here so that a join or a change of language
        # costs no database read.
        self.recent_chat: collections.deque[ChatRow] = collections.deque(maxlen=RECENT_CHAT)
        self._seats_due = False
        self.talk = talk_keys(game)
        # Keyed by (viewer, language): each language a client reads is rendered once.
        self._cache: dict[tuple[int | None, str], dict[str, Any]] = {}
        self._rendered: dict[tuple[int | None, str], list[dict[str, Any]]] = {}
        self.decision_since: dict[int, int] = {}
        self._legal_seen: dict[int, tuple[Action, ...]] = {}
        self._track_decisions()
        # Whether the last decision may be taken back, judged when asked, once per state id.
        self._undo_judged: tuple[int, str | None] | None = None
        self.rematch: str | None = row.rematch
        self.rematch_lock = asyncio.Lock()

    # -- facts ----------------------------------------------------------------------------
    @property
    def count(self) -> int:
        """The number of accepted actions (the moves made)."""
        return len(self.actions)

    @property
    def state_id(self) -> int:
        """The state id: one more with every change of the position, an accepted action or
        a take-back (the moves made plus two per take-back), so no id is ever used for two
        positions and a decision made on a position that was taken back is always stale."""
        return len(self.actions) + 2 * self.revision

    def seat_of(self, token: object) -> SeatRow | None:
        """Return the human seat whose token this is (every seat compared in constant time)."""
        found = None
        for seat in self.seats:
            if seat.kind == HUMAN and tokens.matches(token, seat.token_hash):
                found = seat
        return found

    def is_host(self, token: object) -> bool:
        """True if `token` is the host token."""
        return tokens.matches(token, self.row.host_hash)

    def may_read(self, token: object) -> bool:
        """True if the holder of `token` (or anybody, when spectators are allowed) sits at
        the table or watches it."""
        return self.settings.spectators or self.is_host(token) or self.seat_of(token) is not None

    def claimable(self, seat: SeatRow) -> bool:
        """True if anyone may take `seat` from the lobby (see `claimable`)."""
        return claimable(self.settings, seat)

    def seats_json(self, lang: str = "en") -> list[dict[str, Any]]:
        """Return the public facts of every seat (the game's name of each seat in `lang`):
        a seat is connected if any server process has a connection of it."""
        connected = self.connected_here() | self.elsewhere
        now = time.time()
        out = []
        for s in self.seats:
            left = self.clocks.remaining(s.seat, now) if s.kind == HUMAN else None
            ran_out = s.seat in self.clocks.since and left == 0.0
            vote = self.clocks.out.get(s.seat)
            out.append(seat_json(self.game, s, lang, connected=s.seat in connected,
                                 zombie=s.seat in self.zombies,
                                 seconds_left=None if left is None else round(left, 1),
                                 out_of_time=ran_out or s.seat in self.clocks.out,
                                 vote_seconds=None if vote is None
                                 else max(0.0, round(vote - now, 1))))
        return out

    def summary(self, lang: str = "en") -> dict[str, Any]:
        """Return what the lobby shows of this table (seat names in `lang`)."""
        return summary_json(self.id, self.game, self.settings, self.seats_json(lang),
                            [s.seat for s in self.seats if self.claimable(s)], self.count,
                            self.state.is_terminal)

    # -- frames ---------------------------------------------------------------------------
    def _seen(self, viewer: int | None, lang: str) -> dict[str, Any]:
        cached = self._cache.get((viewer, lang))
        if cached is None:
            state = self.state
            legal: list[dict[str, str]] = []
            prompt = None
            if viewer is not None and viewer in state.to_act and self.started is not None:
                legal = [{"action": str(a), "label": state.describe(viewer, a, lang)}
                         for a in state.legal_actions(viewer)]
                prompt = state.prompt(viewer, lang)
            cached = {"view": state.view(viewer), "legal": legal, "prompt": prompt,
                      "log": self._rendered_log(viewer, lang)}
            self._cache[(viewer, lang)] = cached
        return cached

    def _rendered_log(self, viewer: int | None, lang: str) -> list[dict[str, Any]]:
        # A viewer's log only grows (a take-back or a rebuild clears this), so only the
        # events new since the last change are rendered.
        events = self.state.log(viewer)
        rendered = self._rendered.setdefault((viewer, lang), [])
        if len(events) < len(rendered):
            rendered.clear()
        rendered.extend(dict(e.public_json(), text=self.game.render_event(e, lang))
                        for e in events[len(rendered):])
        return rendered

    def frame_for(self, client: Client) -> dict[str, Any]:
        """Return the state frame for one client (its log from where it last read), every
        text in the client's language."""
        seen = self._seen(client.seat, client.lang)
        events = seen["log"]
        start = client.log_sent if client.log_sent <= len(events) else 0
        client.log_sent = len(events)
        state = self.state
        return {"type": "state", "protocol": PROTOCOL, "table": self.id, "you": client.seat,
                "state": self.state_id, "to_act": list(state.to_act), "view": seen["view"],
                "prompt": seen["prompt"], "legal": seen["legal"],
                "log": {"from": start, "events": events[start:]},
                "seats": self.seats_json(client.lang), "finished": state.is_terminal,
                "result": self.result_json(client.lang) if state.is_terminal else None,
                "may_undo": self.may_undo(client), "waiting": self.started is None,
                "clock": self.settings.clock.to_json(), "thinking": self.thinking_json(),
                "replaced": self.replaced}

    def thinking_json(self) -> list[dict[str, Any]]:
        """Return which seat's bot (or stand-in) is deciding now, for how long so far and
        its think time (empty when no bot is deciding)."""
        if self.state.is_terminal or self.started is None:
            return []
        seat = self._bot_seat()
        if seat is None:
            return []
        elapsed = 0.0
        if self.thinking is not None and self.thinking[0] == seat:
            elapsed = max(0.0, time.time() - self.thinking[1])
        return [{"seat": seat, "elapsed": round(elapsed, 2), "budget": self._budget(seat)}]

    @property
    def replaced(self) -> list[dict[str, int]]:
        """The decisions a simple policy made for a bot that did not answer (each with its
        number, 0 first, and its seat)."""
        return [{"n": a.n, "seat": a.seat} for a in self.actions if a.by == FALLBACK]

    def result_json(self, lang: str) -> dict[str, Any]:
        """Return the finished game's result, with what its tie-break numbers count in
        `lang` ("" where there are none)."""
        result = self.state.result()
        note = self.state.game.info.tiebreak.get(lang, "") if result.tiebreaks else ""
        return {**result.to_json(), "tiebreak_note": note}

    # -- take-backs -----------------------------------------------------------------------
    def undo_refusal(self) -> str | None:
        """Return why the table's last decision may not be taken back by its seat now (a
        refusal code), or None if it may: the cheap checks, then the information checks
        of `tavola.server.undo`, judged once per state id (blocking: call it off the event
        loop). It runs only when a seat asks to take back: judging every decision as it is
        made would cost every table a share of the processor that take-backs rarely use."""
        key = self.state_id
        judged = self._undo_judged
        if judged is not None and judged[0] == key:
            return judged[1]
        code = self._cheap_undo_refusal()
        if code is None:
            last = self.actions[-1]
            before = self.previous
            if before is None:
                before, _ = replay(self.game, self.row.seed, self.actions[:-1])
            try:
                code = undo_refusal(before, self.state, last.seat, Action.parse(last.action),
                                    random.Random(secrets.randbits(64)))
            except Exception:  # a failing check refuses, and never costs the table more
                log.exception("table %s: the take-back check failed", self.id)
                code = "undo_unchecked"
        self._undo_judged = (key, code)
        return code

    def _cheap_undo_refusal(self) -> str | None:
        """Return the refusal code of the checks that cost nothing — take-backs on, a last
        decision made by a person, the game not over, no chance on the way — or None."""
        if not self.settings.undo:
            return "undo_off"
        last = self.actions[-1] if self.actions else None
        if last is None or last.by != HUMAN:
            return "undo_not_yours"
        if self.state.is_terminal:
            return "undo_game_over"
        before = self.previous
        if before is None:
            return None  # judged in full when asked
        return cheap_refusal(before, self.state)

    def may_undo(self, client: Client) -> bool:
        """True if `client`'s seat may ask to take back its last decision now: its own, the
        table's last, and every check that costs nothing passes (the information checks run
        when it asks, and may still refuse; a refusal found is remembered, so the flag then
        says false)."""
        if client.seat is None or client.token_hash is None or not self.actions:
            return False
        if self.actions[-1].seat != client.seat:
            return False
        current = self.seats[client.seat].token_hash
        if current is None or not secrets.compare_digest(current, client.token_hash):
            return False
        judged = self._undo_judged
        if judged is not None and judged[0] == self.state_id:
            return judged[1] is None
        return self._cheap_undo_refusal() is None

    def broadcast(self) -> None:
        """Send every client its own new state frame."""
        for client in list(self.clients):
            client.push(self.frame_for(client))

    def set_lang(self, client: Client, lang: str) -> None:
        """Switch `client` to `lang` (checked by the protocol): send it the whole state
        again in that language, its log from the start, and the table talk it has read
        (the same message ids, the new text)."""
        client.lang = lang
        client.log_sent = 0
        client.push(self.frame_for(client))
        for row in self.recent_chat:
            if row.channel == TALK and self.may_read_chat(client, row.channel):
                client.push(self.chat_frame(row, lang))

    def spectator_count(self) -> int:
        """Return how many spectators watch this table here (the host's own connection
        not counted)."""
        return sum(1 for c in self.clients if c.seat is None and not c.host)

    def seats_changed(self) -> None:
        """Who is connected here changed: share it with the other processes, and tell every
        client once for all the joins and leaves of `SEATS_DELAY` seconds, so a crowd
        arriving costs one frame each, not one frame each per arrival."""
        self.share_presence()
        if self._seats_due:
            return
        self._seats_due = True
        asyncio.get_running_loop().call_later(SEATS_DELAY, self._send_seats)

    def _send_seats(self) -> None:
        self._seats_due = False
        self.push_seats()

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
                "seat": row.seat, "author": row.author, "text": text, "time": row.time,
                "event": event}

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

    # -- the checks, in the order the protocol promises -----------------------------------
    def _check_client(self, client: Client | None, seat: int) -> None:
        if client is None:
            return
        if client.seat is None or client.token_hash is None:
            raise Refused("spectator_cannot_act")
        current = self.seats[client.seat].token_hash
        if current is None or not secrets.compare_digest(current, client.token_hash):
            raise Refused("link_replaced")
        if seat != client.seat:
            raise Refused("wrong_seat", yours=seat_label(client.seat), seat=seat)

    def _check_turn(self, seat: int, state_id: int) -> None:
        if self.started is None:
            raise Refused("waiting_for_players", seats=", ".join(self._missing()))
        pending = self.state.to_act
        if seat not in pending:
            if self.state.is_terminal:
                raise Refused("game_over")
            who = ", ".join(seat_label(p) for p in pending)
            raise Refused("not_your_turn", seat=seat_label(seat), waiting=who)
        since = self.decision_since.get(seat, self.state_id)
        if not since <= state_id <= self.state_id:
            raise Refused("stale_state", state=state_id, current=self.state_id)

    def _track_decisions(self) -> None:
        """Note, for each pending seat, the state id at which its present decision was first
        asked (pending ever since, with the same legal actions, without acting): in a
        simultaneous step another player's action does not make this seat's decision
        stale."""
        state = self.state
        current = {p: state.legal_actions(p) for p in state.to_act}
        for seat in list(self.decision_since):
            if seat not in current or current[seat] != self._legal_seen.get(seat):
                del self.decision_since[seat]
        for seat in current:
            self.decision_since.setdefault(seat, self.state_id)
        self._legal_seen = current

    # -- changes --------------------------------------------------------------------------
    async def act(self, client: Client | None, seat: int, state_id: int, text: str,
                  by: str = HUMAN) -> None:
        """Accept `seat`'s action `text` made at state id `state_id`, or raise Refused."""
        async with self.lock:
            self._check_client(client, seat)
            if self.started is None:
                # Play may have begun through another process a moment ago.
                await self._catch_up()
            self._check_turn(seat, state_id)
            # Where the spectator's log stands, to find the table talk this action writes.
            talk_from = len(self.state.log(None)) if self.talk else 0
            try:
                action = Action.parse(text)
            except TavolaError as exc:
                raise Refused("malformed_action", action=text, detail=str(exc)) from None
            if action not in self.state.legal_actions(seat):
                # The seat's own prompt, in each language, from the game's text layer.
                prompts = {lang: self.state.prompt(seat, lang) for lang in LANGUAGES}
                raise Refused("illegal_action", texts={"prompt": prompts}, action=str(action))
            try:
                row, new = await self._store(seat, action, by)
            except Conflict:
                row, new, talk_from = await self._store_after_conflict(client, seat,
                                                                       state_id, action, by)
            self.previous, self.state = self.state, new
            self.actions.append(row)
            self.decision_since.pop(seat, None)
            self.clocks.decided(seat, row.clock)
            self.drives = True
            if by == HUMAN:
                self._set_standin(seat, False)
                if self.seats[seat].waited:
                    await self._set_waited(seat, False)
            if client is not None:
                client.push({"type": "ack", "protocol": PROTOCOL, "state": self.state_id,
                             "action": row.action})
            self._changed()
            if self.talk:
                await self._post_talk(seat, new.log(None)[talk_from:])

    async def _store_after_conflict(self, client: Client | None, seat: int, state_id: int,
                                    action: Action, by: str) -> tuple[ActionRow, State, int]:
        """Another process stored the action number this one was to have: catch up, and if
        `seat`'s decision is still the one it answered (pending since, with the same legal
        actions: a simultaneous step where another seat acted first) store it at the next
        number; return the stored row, the new state and where the spectator's log stood.
        Refuse with `action_conflict` only when the decision itself changed. (The caller
        holds the lock.)"""
        for _ in range(CONFLICT_RETRIES):
            await self._catch_up()
            try:
                self._check_client(client, seat)
                self._check_turn(seat, state_id)
            except Refused:
                raise Refused("action_conflict", current=self.state_id) from None
            if action not in self.state.legal_actions(seat):
                raise Refused("action_conflict", current=self.state_id)
            talk_from = len(self.state.log(None)) if self.talk else 0
            try:
                row, new = await self._store(seat, action, by)
            except Conflict:
                continue
            return row, new, talk_from
        raise Refused("action_conflict", current=self.state_id)

    async def _store(self, seat: int, action: Action, by: str) -> tuple[ActionRow, State]:
        """Apply `seat`'s legal `action` to the table's state and store it as the next
        action; return the stored row and the new state (the table itself is not changed
        yet). Raise Conflict if another process stored that number first."""
        try:
            new = self.state.apply(seat, action)
        except TavolaError as exc:
            raise Refused("invalid", detail=str(exc)) from None
        now = time.time()
        clock = self.clocks.held_after(seat, now) if by == HUMAN else None
        row = ActionRow(self.count, seat, str(action), by, now, clock)
        await asyncio.wrap_future(self.hub.storage.append_later(self.id, row, new.is_terminal))
        return row, new

    async def undo(self, client: Client, seat: int, state_id: int) -> None:
        """Take back `seat`'s last decision if the policy allows (see `undo`), or raise."""
        async with self.lock:
            self._check_client(client, seat)
            if not self.settings.undo:
                raise Refused("undo_off")
            if self.state.is_terminal:
                raise Refused("undo_game_over")
            last = self.actions[-1] if self.actions else None
            if last is None or last.seat != seat or last.by != HUMAN:
                raise Refused("undo_not_yours")
            if state_id != self.state_id:
                raise Refused("undo_stale", state=state_id, current=self.state_id)
            offered = self._cheap_undo_refusal() is None
            reason = await asyncio.to_thread(self.undo_refusal)
            if reason is not None:
                if offered:
                    # The flag offered it; now it is known that it may not: say so.
                    for other in list(self.clients):
                        if other.seat == seat:
                            other.push(self.frame_for(other))
                raise Refused(reason)
            before, previous = await asyncio.to_thread(self._after_undo)
            try:
                await asyncio.to_thread(self.hub.storage.undo_action, self.id, last.n, seat,
                                        self.revision)
            except Conflict:
                await self._catch_up()
                raise Refused("undo_conflict") from None
            self.revision += 1
            self.actions.pop()
            self.state, self.previous = before, previous
            for c in self.clients:
                c.log_sent = 0
            self.decision_since.clear()
            self._rendered.clear()
            client.push({"type": "ack", "protocol": PROTOCOL, "state": self.state_id,
                         "action": None, "undone": last.action})
            self._changed()

    def _after_undo(self) -> tuple[State, State | None]:
        """Return the state a take-back of the last decision returns to and the state
        before that one."""
        rest = self.actions[:-1]
        before = self.previous
        if before is None:
            before, _ = replay(self.game, self.row.seed, rest)
        previous = replay(self.game, self.row.seed, rest[:-1])[0] if rest else None
        return before, previous

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

    async def take(self, seat: int, name: str | None = None) -> None:
        """Mark a seat taken — its link was used, to join or to play — and set its display
        name if one is given: from now on it is someone's, and nobody can claim it from the
        lobby."""
        row = self.seats[seat]
        if row.taken and (name is None or name == row.name):
            return
        values: dict[str, Any] = {"taken": True}
        if name is not None:
            values["name"] = name
        await asyncio.to_thread(self.hub.storage.set_seat, self.id, seat, **values)
        row.taken = True
        if name is not None:
            row.name = name
        self.broadcast()
        await self._start_if_ready()

    async def claim(self, seat: int, name: str) -> str:
        """Give an open seat of a public table to whoever asks from the lobby, under
        `name`; return its new token (the seat's old link stops working)."""
        async with self.lock:
            if not 0 <= seat < len(self.seats):
                raise Refused("no_such_seat")
            row = self.seats[seat]
            if not self.settings.public:
                raise Refused("table_private")
            if not self.claimable(row):
                raise Refused("seat_not_open")
            token = tokens.new_token()
            hashed = tokens.token_hash(token)
            if not await asyncio.to_thread(self.hub.storage.claim_seat, self.id, seat,
                                           hashed, name):
                raise Refused("seat_not_open")
            row.token_hash, row.name, row.taken = hashed, name, True
        self.broadcast()
        await self._start_if_ready()
        return token

    async def reissue(self, seat: int) -> str:
        """Give a person's seat a new link (the host's call: a player lost theirs, or the
        seat goes to somebody else); return the new token. The old link stops working at
        once and its connections are closed; the seat stays reserved for the name it had,
        so the lobby never offers it, until the new link is used."""
        async with self.lock:
            if not 0 <= seat < len(self.seats):
                raise Refused("no_such_seat")
            row = self.seats[seat]
            if row.kind != HUMAN:
                raise Refused("seat_not_a_person", seat=seat_label(seat))
            token = tokens.new_token()
            hashed = tokens.token_hash(token)
            reserved = row.name or row.reserved
            await asyncio.to_thread(self.hub.storage.set_seat, self.id, seat,
                                    token_hash=hashed, name=None, reserved=reserved,
                                    taken=False)
            row.token_hash, row.name, row.reserved, row.taken = hashed, None, reserved, False
            for client in list(self.clients):
                if client.seat == seat and not client.host:
                    client.push(error_frame(Refused("link_replaced"), self.state_id,
                                            client.lang))
                    client.close()
        self.broadcast()
        return token

    def zombie(self, seat: int, on: bool) -> None:
        """Hand a seat to a bot (on) or give it back to its person; stored, so every
        process shows it and the process driving the table plays it."""
        if self._set_standin(seat, on):
            self._changed()

    def _set_standin(self, seat: int, on: bool) -> bool:
        """Note that a bot plays `seat` (on) or not and store it (soon, in order, under the
        lock); False if nothing changed."""
        if on == (seat in self.zombies) or self.seats[seat].kind != HUMAN:
            return False
        if on:
            self.zombies.add(seat)
        else:
            self.zombies.discard(seat)
            self.clocks.returned(seat, time.time())
        self._standins_unsaved.add(seat)
        if self._standins_task is None or self._standins_task.done():
            self._standins_task = asyncio.get_running_loop().create_task(
                self._save_standins())
        return True

    async def _save_standins(self) -> None:
        # Under the lock, so a refresh never reads the stored flags between a change here
        # and its storing (it would take the old flag for news).
        async with self.lock:
            while self._standins_unsaved:
                saving = {seat: seat in self.zombies for seat in self._standins_unsaved}
                try:
                    await asyncio.to_thread(self.hub.storage.set_standins, self.id, saving)
                except Exception:
                    log.exception("table %s: storing the stand-ins failed", self.id)
                    self._standins_unsaved.clear()
                    return
                for seat, on in saving.items():
                    if (seat in self.zombies) == on:
                        self._standins_unsaved.discard(seat)

    # -- presence -------------------------------------------------------------------------
    def connected_here(self) -> set[int]:
        """Return the seats with a connection to this process."""
        return {c.seat for c in self.clients if c.seat is not None}

    def share_presence(self, again: bool = False) -> None:
        """Store which seats this process has a connection of, if that changed (call it
        whenever a client arrives or leaves), or `again` even if not (the stored rows may
        have been swept away). PostgreSQL only: SQLite has one process."""
        if not self.hub.storage.is_postgres or not self.hub.running:
            return
        if again:
            self._presence_stored = None
            self._presence_again += 1
        if self._presence_task is not None and not self._presence_task.done():
            return
        if frozenset(self.connected_here()) != self._presence_stored:
            self._presence_task = asyncio.get_running_loop().create_task(
                self._save_presence())

    async def _save_presence(self) -> None:
        while self.hub.running and (here := frozenset(self.connected_here())) != \
                self._presence_stored:
            asked = self._presence_again
            try:
                await asyncio.to_thread(self.hub.storage.set_presence, self.id, set(here))
            except Exception:
                log.exception("table %s: storing who is connected failed", self.id)
                return
            if asked == self._presence_again:
                self._presence_stored = here

    def push_seats(self) -> None:
        """Send every client the seats' public facts (in its language)."""
        frames: dict[str, dict[str, Any]] = {}
        for client in list(self.clients):
            if client.lang not in frames:
                frames[client.lang] = {"type": "seats", "protocol": PROTOCOL,
                                       "seats": self.seats_json(client.lang)}
            client.push(frames[client.lang])

    def _changed(self) -> None:
        self._cache.clear()
        self._track_decisions()
        self._run_clocks()
        self.broadcast()
        if self.drives:
            self._schedule_bots()
            self._schedule_timer()

    async def _catch_up(self) -> None:
        row = await asyncio.to_thread(self.hub.storage.load_table, self.id)
        if row is None:
            return
        await self._absorb(row)

    async def _absorb(self, row: TableRow) -> None:
        """Take in what another process stored (the caller holds the lock). A row read
        before this table took in a newer change (an older revision, or the same one with
        fewer actions) is stale and changes nothing: a table never goes back."""
        if row.revision < self.revision or (row.revision == self.revision
                                            and len(row.actions) < self.count):
            return
        same_prefix = (row.revision == self.revision and len(row.actions) >= self.count
                       and all(a.action == b.action and a.seat == b.seat
                               for a, b in zip(row.actions, self.actions, strict=False)))
        changed = len(row.actions) != self.count or row.revision != self.revision
        if same_prefix:
            for a in row.actions[self.count:]:
                self.previous, self.state = self.state, self.state.apply(a.seat, a.action)
                self.actions.append(a)
                self.clocks.decided(a.seat, a.clock)
        else:
            self.state, self.previous = await asyncio.to_thread(
                replay, self.game, row.seed, row.actions)
            self.actions = row.actions
            self.clocks = SeatClocks(self.settings.clock, self.game.players, self.actions)
            self.decision_since.clear()
            self._rendered.clear()
            for c in self.clients:
                c.log_sent = 0
        self.revision = row.revision
        renamed = self.started is None and row.started is not None
        if renamed:
            self.started = row.started
        for mine, stored in zip(self.seats, row.seats, strict=True):
            if ((mine.name, mine.token_hash, mine.reserved, mine.taken)
                    != (stored.name, stored.token_hash, stored.reserved, stored.taken)):
                mine.name, mine.token_hash = stored.name, stored.token_hash
                mine.reserved, mine.taken = stored.reserved, stored.taken
                renamed = True
        seats_changed = self.elsewhere != row.elsewhere
        self.elsewhere = set(row.elsewhere)
        for mine, stored in zip(self.seats, row.seats, strict=True):
            if mine.waited != stored.waited:
                mine.waited = stored.waited
                if stored.waited:
                    self.clocks.wait_for(stored.seat)
                seats_changed = True
        for stored in row.seats:
            # A change made here and not stored yet is newer than what was read.
            if stored.seat in self._standins_unsaved or stored.kind != HUMAN:
                continue
            if stored.standin != (stored.seat in self.zombies):
                if stored.standin:
                    self.zombies.add(stored.seat)
                else:
                    self.zombies.discard(stored.seat)
                    self.clocks.returned(stored.seat, time.time())
                seats_changed = True
        if changed:
            self.drives = False
            self._cache.clear()
            self._track_decisions()
            self._run_clocks()
            self.broadcast()
            self._schedule_takeover()
        elif renamed:
            # A seat joined, was claimed or got a new link elsewhere: who drives the table's
            # bots and clocks is not changed by it.
            self._run_clocks()
            self.broadcast()
        elif seats_changed:
            self._run_clocks()
            self.push_seats()
        if seats_changed and self.drives:
            # A stand-in set elsewhere is played by the process that drives the table.
            self._schedule_bots()
            self._schedule_timer()
        if renamed:
            # The last seat may have been taken elsewhere a moment after one here.
            await self._start_if_ready()

    def refresh_soon(self) -> None:
        """Refresh once more (a refresh already waiting to read covers this call too)."""
        if self._refresh_waiting:
            return
        self._refresh_waiting = True
        task = asyncio.get_running_loop().create_task(self.refresh())
        self._refreshes.add(task)
        task.add_done_callback(self._refreshes.discard)

    async def refresh(self) -> None:
        """Load what other processes stored since (called on their notification): actions,
        seats, stand-ins, presence and chat. Read under the lock, so nothing stored here
        meanwhile can make the news look older than what this process shows."""
        async with self.lock:
            self._refresh_waiting = False
            storage = self.hub.storage
            row = await asyncio.to_thread(storage.load_table, self.id)
            news = await asyncio.to_thread(storage.chat_after, self.id, self.chat_last)
            if row is not None:
                await self._absorb(row)
            self.push_chat(news)
        if row is not None and row.rematch is not None and self.rematch is None:
            # Another process started the rematch: offer it to the clients here.
            async with self.rematch_lock:
                if self.rematch is None:
                    self.rematch = row.rematch
                    await self.offer_rematch()

    # -- bots, zombies and clocks ---------------------------------------------------------
    def _agent(self, seat: int) -> tuple[Agent, str]:
        spec = self.seats[seat].bot if self.seats[seat].kind == BOT else self.settings.zombie_bot
        assert spec is not None
        key = (seat, spec)
        if key not in self.agents:
            self.agents[key] = make_bot(spec, self.game.info.name)
        return self.agents[key], spec

    def _bot_seat(self) -> int | None:
        if self.started is None:
            return None  # bots wait for the players like everyone else
        for seat in self.state.to_act:
            if self.seats[seat].kind == BOT or seat in self.zombies:
                return seat
        return None

    def _budget(self, seat: int) -> float:
        """Return the think time of the bot deciding for `seat` (the table's bot time, or
        less where the bot's own is shorter; none for a bot that does not search)."""
        try:
            agent, _ = self._agent(seat)
        except TavolaError:
            return 0.0
        if not hasattr(agent, "seconds"):
            return 0.0
        own = getattr(agent, "seconds", None)
        budget = self.settings.bot_seconds
        if isinstance(own, (int, float)) and not isinstance(own, bool) and own > 0:
            budget = min(budget, float(own))
        return round(budget, 2)

    def _schedule_bots(self) -> None:
        if self.bot_task is not None and not self.bot_task.done():
            return
        if self._bot_seat() is None:
            return
        self.bot_task = asyncio.get_running_loop().create_task(self._run_bot())

    async def _run_bot(self) -> None:
        seat = self._bot_seat()
        if seat is None:
            return
        state, state_id = self.state, self.state_id
        by = BOT if self.seats[seat].kind == BOT else ZOMBIE
        rng = random.Random(secrets.randbits(64))
        where = f"table {self.id} {seat_label(seat)}"
        self.thinking = (seat, time.time())
        try:
            agent, spec = self._agent(seat)
            if self.hub.workers is not None:
                action, own = await worker_decision(
                    self.hub.workers, f"{self.id}:{seat}", spec, state, seat, rng,
                    self.settings.bot_seconds, where, hasattr(agent, "seconds"))
            else:
                action, own = await bot_decision(self.hub.pool, agent, state, seat, rng,
                                                 self.settings.bot_seconds, where,
                                                 self.hub.stopping)
        except TavolaError as exc:
            log.warning("%s: no bot (%s); its seat's simple policy decides", where, exc)
            action, own = replacement(state, seat, rng, where), False
        try:
            if self.seats[seat].kind != BOT and seat not in self.zombies:
                return
            await self.act(None, seat, state_id, str(action), by if own else FALLBACK)
        except Refused:
            pass
        except Exception:
            log.exception("%s: storing a bot decision failed", where)
            await asyncio.sleep(1.0)
        finally:
            self.thinking = None
            self.bot_task = None
            if self.drives and self.hub.running:
                self._schedule_bots()
            self.hub.evict(self)

    def _schedule_takeover(self) -> None:
        """Another process drives this table's bots and clocks; should it stop (it died),
        this one takes over once the table has waited a bot's budget and some."""
        if self.takeover_task is not None:
            self.takeover_task.cancel()
        if self.hub.running and not self.state.is_terminal:
            self.takeover_task = asyncio.get_running_loop().create_task(
                self._take_over(self.count, self.revision))

    async def _take_over(self, count: int, revision: int) -> None:
        wait = self.settings.bot_seconds + TAKEOVER_SECONDS
        moment = self.clocks.next_moment()
        if self._bot_seat() is None and moment is not None:
            wait = max(0.0, moment - time.time()) + TAKEOVER_SECONDS
        await asyncio.sleep(wait)
        self.takeover_task = None
        if (self.count, self.revision) == (count, revision) and not self.drives:
            log.info("table %s: nothing happened for %.0f s; this process drives it now",
                     self.id, wait)
            self.drives = True
            self.start()

    # -- the start of play and the clocks -------------------------------------------------
    def _missing(self) -> list[str]:
        """Return the labels of the seats for people nobody has taken yet."""
        return [seat_label(s.seat) for s in self.seats if s.kind == HUMAN and not s.taken]

    async def _start_if_ready(self, now: bool = False) -> None:
        """Begin play once every person's seat is taken (or at once if the table does not
        wait, or `now`: the host's call), stored so every process knows."""
        if self.started is not None or (self.settings.wait and self._missing() and not now):
            return
        self.started = await asyncio.to_thread(self.hub.storage.start_play, self.id,
                                               time.time())
        log.info("table %s: play begins", self.id)
        self._changed()

    async def start_now(self, client: Client) -> None:
        """Begin play without waiting for the seats not taken yet (the host only)."""
        if not client.host:
            raise Refused("start_host_only")
        if self.started is not None:
            raise Refused("started_already")
        await self._start_if_ready(now=True)

    def _run_clocks(self) -> None:
        """Run the clocks of exactly the seats that should run: people's seats to act, not
        played by a stand-in, in a game in play."""
        if not self.settings.clock.on:
            return
        now = time.time()
        running: set[int] = set()
        if self.started is not None and not self.state.is_terminal:
            running = {s for s in self.state.to_act
                       if self.seats[s].kind == HUMAN and s not in self.zombies}
        last = self.actions[-1].time if self.actions else 0.0
        self.clocks.run(running, max(self.started or now, last), now)
        for seat in list(self.clocks.out):
            if seat not in running:
                del self.clocks.out[seat]

    def _someone_to_ask(self, seat: int) -> bool:
        """True if another person sits at the table, connected, to answer for `seat`."""
        connected = self.connected_here() | self.elsewhere
        return any(s.kind == HUMAN and s.seat != seat and s.seat in connected
                   and s.seat not in self.zombies for s in self.seats)

    def out_of_time(self, seat: int) -> bool:
        """True if `seat`'s clock ran out and no stand-in plays it yet."""
        if seat in self.clocks.out:
            return True
        return seat in self.clocks.since and self.clocks.remaining(seat, time.time()) == 0.0

    async def vote(self, client: Client, seat: int, standin: bool) -> None:
        """A person at the table answers for `seat`, out of time: a stand-in plays it until
        its person returns (`standin`), or the table waits for them."""
        async with self.lock:
            if client.seat is None:
                raise Refused("spectator_cannot_act")
            self._check_client(client, client.seat)
            if not 0 <= seat < len(self.seats):
                raise Refused("no_such_seat")
            if seat == client.seat:
                raise Refused("vote_own_seat")
            if not self.out_of_time(seat):
                raise Refused("not_out_of_time", seat=seat_label(seat))
            if standin:
                log.info("table %s: the players hand %s to a stand-in", self.id,
                         seat_label(seat))
                self.clocks.out.pop(seat, None)
                self.zombie(seat, True)
            else:
                self.clocks.wait_for(seat)
                await self._set_waited(seat, True)
                self.push_seats()

    async def _set_waited(self, seat: int, on: bool) -> None:
        """Store whether the players wait for `seat` (the caller holds the lock, so these
        are stored in the order they were made)."""
        self.seats[seat].waited = on
        await asyncio.to_thread(self.hub.storage.set_waited, self.id, seat, on)

    def _schedule_timer(self) -> None:
        if self.timer_task is not None:
            self.timer_task.cancel()
            self.timer_task = None
        if self.hub.running and self.clocks.next_moment() is not None:
            self.timer_task = asyncio.get_running_loop().create_task(self._run_timer())

    async def _run_timer(self) -> None:
        moment = self.clocks.next_moment()
        if moment is None:
            return
        await asyncio.sleep(max(0.0, moment - time.time()))
        self.timer_task = None
        async with self.lock:
            now = time.time()
            newly = self.clocks.ran_out(now, self.hub.limits.vote)
            for seat in newly:
                if self.seats[seat].waited:
                    self.clocks.wait_for(seat)
                elif not self._someone_to_ask(seat):
                    self.clocks.out[seat] = now  # nobody to ask: the stand-in plays now
                log.info("table %s: %s ran out of time", self.id, seat_label(seat))
            over = self.clocks.votes_over(now)
            for seat in over:
                log.info("table %s: nobody answered for %s; a stand-in plays the seat",
                         self.id, seat_label(seat))
                self.clocks.out.pop(seat, None)
                self.zombie(seat, True)
            if newly and not over:
                self.push_seats()
        if self.timer_task is None:
            self._schedule_timer()

    def start(self) -> None:
        """Resume bots and clocks (after loading)."""
        self._run_clocks()
        if self.drives and not self.state.is_terminal:
            self._schedule_bots()
            self._schedule_timer()

    def idle(self) -> bool:
        """True if this table needs nothing from this process now: nobody connected, no
        request under way, and (unfinished) no bot to decide and no other process to watch
        over. A clock running does not keep a table in memory: the hub wakes it up when the
        clock runs out (`wakeup`)."""
        if self.clients or self.lock.locked() or self.rematch_lock.locked():
            return False
        if self.state.is_terminal:
            return True
        busy = [t for t in (self.bot_task, self.takeover_task) if t is not None and not t.done()]
        moment = self.clocks.next_moment()
        soon = moment is not None and moment <= time.time() + IDLE_SECONDS
        return not busy and not soon and self._bot_seat() is None

    def wakeup(self) -> float | None:
        """Return when this table, dropped from memory, must be loaded again because a
        clock runs out or a vote ends then (None: nothing will happen by itself)."""
        if self.state.is_terminal or not self.drives:
            return None
        return self.clocks.next_moment()

    def stop(self) -> None:
        """Cancel the bot and clock tasks and close every client."""
        for task in (self.bot_task, self.timer_task, self.takeover_task):
            if task is not None:
                task.cancel()
        for client in list(self.clients):
            client.push(None)

    # -- rematch --------------------------------------------------------------------------
    def rematch_seat(self, seat: int) -> int:
        """Return the seat at the rematch of whoever sits at `seat` here (rotated by one,
        so the first player changes)."""
        return (seat + 1) % self.game.players

    def rematch_row(self) -> TableRow:
        """Return a new table like this one: the same game, options, settings and seat
        kinds, bots with their specs and people with their names, rotated by one seat; its
        people's tokens are bound later, one by one (`Hub.bind_rematch_seat`)."""
        seats = [SeatRow(self.rematch_seat(s.seat), s.kind, bot=s.bot, reserved=s.reserved,
                         name=s.name, taken=s.taken) for s in self.seats]
        seats.sort(key=lambda s: s.seat)
        now = time.time()
        waits = self.settings.wait and any(s.kind == HUMAN and not s.taken for s in seats)
        return TableRow(tokens.new_table_id(), self.row.game, self.game.info.version,
                        self.game.players, dict(self.game.options), tokens.new_seed(),
                        tokens.token_hash(tokens.new_token()), dict(self.row.settings), 0,
                        False, now, seats, [], started=None if waits else now)

    async def offer_rematch(self, clients: Sequence[Client] | None = None) -> None:
        """Tell `clients` (default: every client here) where the rematch is: each seat its
        own new seat and token, spectators only the table."""
        if self.rematch is None:
            return
        new = await self.hub.get(self.rematch)
        for client in list(self.clients) if clients is None else clients:
            seat: int | None = None
            token: str | None = None
            current = None if client.seat is None else self.seats[client.seat].token_hash
            if (client.seat is not None and client.token is not None
                    and current is not None and client.token_hash is not None
                    and secrets.compare_digest(current, client.token_hash)):
                seat = self.rematch_seat(client.seat)
                token = tokens.rematch_token(client.token, new.id, seat)
                if not await self.hub.bind_rematch_seat(new, seat, token):
                    seat, token = None, None
            client.push({"type": "rematch", "protocol": PROTOCOL, "table": new.id,
                         "seat": seat, "token": token})

    def record(self) -> Record:
        """Return the game file (seed included: only for finished games)."""
        record = Record(self.game.info.name, self.game.players, self.row.seed,
                        dict(self.game.options), self.game.info.version,
                        [(a.seat, a.action) for a in self.actions],
                        [s.bot or HUMAN for s in self.seats])
        record.deciders = [DECIDER.get(a.by, "person") for a in self.actions]
        record.finish(self.state)
        return record


def set_up(game_name: str, players: int, options: dict[str, Any]) -> Game:
    """Return the game a new table asks for, or refuse with the code of what is wrong."""
    try:
        facts = info(game_name)
    except UnknownGame:
        raise Refused("unknown_game", game=game_name[:40],
                      games=", ".join(game_names())) from None
    if not facts.min_players <= players <= facts.max_players:
        raise Refused("player_count", game=facts.name, least=facts.min_players,
                      most=facts.max_players, players=players)
    known = {spec.name: spec for spec in facts.options}
    for name, value in options.items():
        spec = known.get(name)
        if spec is None:
            raise Refused("unknown_option", game=facts.name, option=name[:40],
                          options=", ".join(known) or "none")
        if value not in spec.choices or type(value) is not type(spec.default):
            raise Refused("bad_option", option=name,
                          choices=", ".join(repr(c) for c in spec.choices), value=value)
    try:
        return load(game_name, players, **options)
    except TavolaError as exc:
        raise Refused("bad_options", detail=str(exc)) from None


def checked_bot(spec: str, game_name: str, think: float) -> None:
    """Refuse a bot spec that names no bot of the game or goes beyond the server's bounds
    (`tavola.server.bots.network_bot`; `think`: the table's bot time)."""
    try:
        network_bot(spec, game_name, think)
    except TavolaError as exc:
        raise Refused("bad_bot", spec=spec[:60], detail=str(exc)) from None


def check_settings(settings: Settings, game_name: str, limits: Limits) -> None:
    """Refuse settings out of their bounds (the bot time within the server's `limits`)."""
    problem = settings.clock.problem()
    if problem is not None:
        raise Refused(problem, most=f"{MAX_SECONDS / 86400:g}",
                      increment=f"{MAX_INCREMENT:g}")
    if not 0.05 <= settings.bot_seconds <= limits.think:
        raise Refused("bot_seconds_range", most=f"{limits.think:g}")
    checked_bot(settings.zombie_bot, game_name, settings.bot_seconds)


@dataclass(frozen=True)
class Limits:
    """What a server allows anybody, whoever asks (`tavola serve` sets them)."""

    think: float = 30.0
    """The longest bot time a table may set: seconds a bot thinks a decision."""
    lobby: int = 100
    """The most tables the lobby lists (the newest)."""
    expire_hours: float | None = 24.0
    """Tables none of whose seats for people was ever taken are deleted this long after
    they were made (None: never)."""
    spectators: int = 100
    """The most spectators one table has at once."""
    creations: int = 20
    creation_seconds: float = 600.0
    """Each client (address) may create `creations` tables in any `creation_seconds`."""
    vote: float = VOTE_SECONDS
    """How long the players have to answer for a seat out of time before a stand-in plays
    it."""


@dataclass
class SeatRequest:
    """One seat of a table to create: a person (open or reserved by name) or a bot."""

    kind: str
    bot: str | None = None
    reserved: str | None = None


class Hub:
    """Every table this process serves, its storage and its bot threads."""

    def __init__(self, storage: Storage, bot_threads: int = 2,
                 limits: Limits | None = None, bot_workers: int = 0,
                 worker_setup: Sequence[str] = (), bots: str | None = None) -> None:
        self.storage = storage
        self.limits = limits or Limits()
        # Bots think on the Ray cluster at `bots` (`tavola.server.raybots`), or else in
        # `bot_workers` worker processes (`tavola.server.workers`); with none, in
        # `bot_threads` threads of this process (in-process test servers).
        self.workers: DecisionPool | None = None
        if bots is not None:
            self.workers = RayWorkers(bots, worker_setup)
        elif bot_workers > 0:
            self.workers = BotWorkers(bot_workers, worker_setup)
        self.pool = ThreadPoolExecutor(bot_threads, thread_name_prefix="tavola-bot")
        self.stopping = threading.Event()
        """Set when the server stops: every search under way ends at once."""
        self.tables: dict[str, LiveTable] = {}
        # The tables dropped from memory whose clock will run out (or vote end), soonest
        # first: each is loaded again then (`_wake`).
        self.wakeups: list[tuple[float, str]] = []
        self._woken: asyncio.Event | None = None
        self._waking: asyncio.Task[None] | None = None
        self._loading: dict[str, asyncio.Lock] = {}
        self.running = False
        self.listener: Callable[[], None] | None = None
        self._background: asyncio.Task[None] | None = None
        self._warming: asyncio.Task[None] | None = None
        self.resumed = asyncio.Event()
        """Set once the tables whose bots or clocks must go on have all been loaded."""

    async def start(self) -> None:
        """Start serving at once: a table is loaded when a client, a bot or a clock needs
        it. The tables whose bots or clocks must go on without anyone asking are loaded in
        the background, one at a time, and abandoned tables expire (`Limits.expire_hours`).
        Listen to other processes."""
        self.running = True
        if self.storage.is_postgres:
            from tavola.server.listen import listen

            self.listener = listen(self.storage, asyncio.get_running_loop(), self.notified,
                                   self.reconnected)
        self._background = asyncio.get_running_loop().create_task(self._keep())
        self._woken = asyncio.Event()
        self._waking = asyncio.get_running_loop().create_task(self._wake())
        if self.workers is not None:
            # Started now, so the first bot decision does not wait for them.
            self._warming = asyncio.get_running_loop().create_task(self.workers.warm())

    async def _keep(self) -> None:
        """Expire abandoned tables and resume those that go on by themselves; then expire
        again every hour."""
        await self._expire()
        for table_id in await asyncio.to_thread(self.storage.to_resume):
            if not self.running:
                return
            try:
                table = await self.get(table_id)
            except Refused as exc:
                log.error("table %s cannot be resumed: %s", table_id, exc)
                continue
            self.evict(table)
        self.resumed.set()
        while self.running:
            await asyncio.sleep(3600)
            await self._expire()

    async def _expire(self) -> None:
        hours = self.limits.expire_hours
        if hours is None:
            return
        try:
            gone = await asyncio.to_thread(self.storage.expire, time.time() - hours * 3600)
        except Exception:  # expiry is housekeeping: it must never stop the server
            log.exception("expiring abandoned tables failed")
            return
        if gone:
            log.info("%d abandoned tables (no seat ever taken in %g hours) expired", gone,
                     hours)

    async def stop(self) -> None:
        """Stop bots, clocks, the listener and every connection."""
        self.running = False
        self.stopping.set()
        if self.listener is not None:
            self.listener()
        for task in (self._background, self._warming, self._waking):
            if task is not None:
                task.cancel()
        for table in self.tables.values():
            table.stop()
        self.pool.shutdown(wait=False, cancel_futures=True)
        if self.workers is not None:
            self.workers.close()

    def notified(self, table_id: str) -> None:
        """Another process changed `table_id`: load its news if the table is in memory."""
        table = self.tables.get(table_id)
        if table is not None and self.running:
            table.refresh_soon()

    def evict(self, table: LiveTable) -> None:
        """Forget a table that needs nothing from this process — nobody connected, no bot to
        decide, no clock running, no request under way — so memory follows the tables in
        play, not the tables stored (it is loaded again when asked for)."""
        if (self.tables.get(table.id) is table and table.idle()):
            moment = table.wakeup()
            table.stop()
            del self.tables[table.id]
            if moment is not None:
                heapq.heappush(self.wakeups, (moment, table.id))
                if self._woken is not None:
                    self._woken.set()

    async def _wake(self) -> None:
        """Load each table dropped from memory when its clock runs out (or its vote ends),
        so its players are asked and its stand-in plays as if it had stayed loaded."""
        assert self._woken is not None
        while self.running:
            self._woken.clear()
            if self.wakeups and self.wakeups[0][0] <= time.time():
                _, table_id = heapq.heappop(self.wakeups)
                if table_id not in self.tables:
                    # Loaded, its clock runs out at once; dropped again once idle.
                    try:
                        await self.get(table_id)
                    except Refused as exc:
                        log.error("table %s cannot be woken up: %s", table_id, exc)
                continue
            wait = self.wakeups[0][0] - time.time() if self.wakeups else 3600.0
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._woken.wait(), min(wait, 3600.0))

    def _drop_if_idle(self, table_id: str) -> None:
        table = self.tables.get(table_id)
        if table is not None:
            self.evict(table)

    def reconnected(self) -> None:
        """Notifications may have been missed, and this process's presence may have been
        swept away as a dead process's: load the news of every table in memory and store
        the presence here again."""
        for table in list(self.tables.values()):
            if table.connected_here():
                table.share_presence(again=True)
            self.notified(table.id)

    async def get(self, table_id: str) -> LiveTable:
        """Return a table, loading and replaying it on first use; raise Refused if unknown."""
        table = self.tables.get(table_id)
        if table is not None:
            return table
        lock = self._loading.setdefault(table_id, asyncio.Lock())
        try:
            async with lock:
                table = self.tables.get(table_id)
                if table is not None:
                    return table
                row = await asyncio.to_thread(self.storage.load_table, table_id)
                if row is None:
                    raise Refused("unknown_table")
                table = await asyncio.to_thread(self._build, row)
                chat = await asyncio.to_thread(self.storage.chat, table_id, RECENT_CHAT)
                table.recent_chat.extend(chat)
                table.chat_last = chat[-1].id if chat else 0
                self.tables[table_id] = table
                table.start()
                # Loaded for a look (a summary, a lobby link, a crawler): dropped again once
                # idle, whatever asked for it.
                asyncio.get_running_loop().call_later(IDLE_SECONDS, self._drop_if_idle,
                                                      table_id)
                return table
        finally:
            # Nobody else waits for this load: forget its lock (an id asked for in vain
            # must not cost memory for ever).
            if not lock.locked() and self._loading.get(table_id) is lock:
                del self._loading[table_id]

    def _build(self, row: TableRow) -> LiveTable:
        try:
            game = load(row.game, row.players, **row.options)
        except TavolaError as exc:
            raise Refused("table_broken", table=row.id,
                          detail=f"table {row.id} cannot be set up: {exc}") from None
        if game.info.version != row.version:
            raise Refused("table_broken", table=row.id,
                          detail=f"table {row.id} was played with {row.game} version "
                                 f"{row.version}; this server has version "
                                 f"{game.info.version}")
        try:
            state, previous = replay(game, row.seed, row.actions)
        except TavolaError as exc:
            raise Refused("table_broken", table=row.id,
                          detail=f"table {row.id} does not replay: {exc}") from None
        return LiveTable(self, row, game, state, previous)

    async def create(self, game_name: str, players: int, options: dict[str, Any],
                     seats: Sequence[SeatRequest], settings: Settings) -> Created:
        """Create, store and start a table; return it with its tokens."""
        game = set_up(game_name, players, options)
        if len(seats) != players:
            raise Refused("seat_count", players=players, given=len(seats))
        check_settings(settings, game_name, self.limits)
        rows: list[SeatRow] = []
        seat_tokens: dict[int, str] = {}
        for n, request in enumerate(seats):
            if request.kind == BOT:
                if not request.bot:
                    raise Refused("bot_spec_missing", seat=seat_label(n))
                checked_bot(request.bot, game_name, settings.bot_seconds)
                rows.append(SeatRow(n, BOT, bot=request.bot, name=request.bot))
            elif request.kind == HUMAN:
                token = tokens.new_token()
                seat_tokens[n] = token
                reserved = None
                if request.reserved is not None:
                    reserved = clean_text(request.reserved, MAX_NAME, "reserved",
                                          seat=seat_label(n))
                rows.append(SeatRow(n, HUMAN, token_hash=tokens.token_hash(token),
                                    reserved=reserved))
            else:
                raise Refused("invalid", detail=f"{seat_label(n)}: a seat is 'human' or "
                                                f"'bot', not {request.kind[:20]!r}")
        host = tokens.new_token()
        now = time.time()
        waits = settings.wait and any(r.kind == HUMAN for r in rows)
        row = TableRow(tokens.new_table_id(), game_name, game.info.version, players,
                       dict(game.options), tokens.new_seed(), tokens.token_hash(host),
                       settings.to_json(), 0, False, now, rows, [],
                       started=None if waits else now)
        await asyncio.to_thread(self.storage.create_table, row)
        return Created(self._started(row, game), host, seat_tokens)

    def _started(self, row: TableRow, game: Game) -> LiveTable:
        table = LiveTable(self, row, game, game.new_state(row.seed), None)
        self.tables[row.id] = table
        table.start()
        return table

    async def rematch(self, table: LiveTable) -> LiveTable:
        """Return the rematch of finished `table`, creating, storing and starting it on the
        first ask (of any seat, in any process) and offering it to the table's clients."""
        async with table.rematch_lock:
            if table.rematch is None:
                known = await asyncio.to_thread(self.storage.rematch_of, table.id)
                if known is None:
                    row = table.rematch_row()
                    known = await asyncio.to_thread(self.storage.create_rematch, table.id,
                                                    row)
                    if known == row.id:
                        self._started(row, load(row.game, row.players, **row.options))
                table.rematch = known
                await table.offer_rematch()
            return await self.get(table.rematch)

    async def bind_rematch_seat(self, table: LiveTable, seat: int, token: str) -> bool:
        """Give seat `seat` of rematch `table` the token `token` (derived from its player's
        token at the finished table) unless it holds another; False if it does."""
        hashed = tokens.token_hash(token)
        row = table.seats[seat]
        if row.token_hash is not None:
            return secrets.compare_digest(row.token_hash, hashed)
        if not await asyncio.to_thread(self.storage.set_seat_token, table.id, seat, hashed):
            return False
        row.token_hash = hashed
        return True

    async def lobby(self, lang: str = "en") -> list[dict[str, Any]]:
        """Return the open tables — public, unfinished, with a seat anyone may take —
        newest first, at most `Limits.lobby` of them (seat names in `lang`): one query,
        with the live facts (who is connected) of the tables in memory here."""
        out = []
        for row, moves in await asyncio.to_thread(self.storage.lobby, self.limits.lobby):
            table = self.tables.get(row.id)
            try:
                summary = table.summary(lang) if table is not None \
                    else stored_summary(row, moves, lang)
            except TavolaError:
                continue  # a table this server cannot set up is not offered
            if summary["free"]:
                out.append(summary)
        return out

