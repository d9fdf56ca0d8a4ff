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
return) are driven by the table too, one decision at a time per table, off the event loop.
This module keeps the table's facts, the checks and the accepting of actions and take-backs
(`act` is the one place an action enters); each other concern of a table is a mixin in a
module of its own beside it (see `tavola.server.table_core`), and the `Hub` of every table
a process serves is `tavola.server.hub`. The names the server used from here before the
split are still here.
"""

from __future__ import annotations

import asyncio
import collections
import logging
import random
import secrets
import time
from typing import Any

from tavola.agents import Agent
from tavola.core import Action, Game, Record, State, TavolaError
from tavola.core.game import LANGUAGES, seat_label
from tavola.server import tokens
from tavola.server.clocks import SeatClocks
from tavola.server.hub import Created, Hub
from tavola.server.protocol import PROTOCOL
from tavola.server.settings import (
    STANDIN_BOT,
    Limits,
    SeatRequest,
    Settings,
    check_settings,
    checked_bot,
    set_up,
)
from tavola.server.storage import ActionRow, ChatRow, Conflict, SeatRow, TableRow
from tavola.server.table_bots import TableBots
from tavola.server.table_chat import (
    PLAYERS,
    RECENT_CHAT,
    SPECTATORS,
    TALK,
    TableChat,
    stored_event,
    talk_keys,
)
from tavola.server.table_clocks import TableClocks
from tavola.server.table_core import (
    BOT,
    CLIENT_QUEUE,
    DECIDER,
    FALLBACK,
    HUMAN,
    ZOMBIE,
    Client,
    Refused,
    replay,
)
from tavola.server.table_frames import TableFrames, seat_json, stored_summary, summary_json
from tavola.server.table_rematch import TableRematch
from tavola.server.table_seats import SEATS_DELAY, TableSeats, claimable
from tavola.server.table_sync import TAKEOVER_SECONDS, TableSync
from tavola.server.undo import cheap_refusal, undo_refusal

log = logging.getLogger("tavola.server")

__all__ = [
    "BOT", "CLIENT_QUEUE", "CONFLICT_RETRIES", "DECIDER", "FALLBACK", "HUMAN", "IDLE_SECONDS",
    "PLAYERS", "RECENT_CHAT", "SEATS_DELAY", "SPECTATORS", "STANDIN_BOT", "TAKEOVER_SECONDS",
    "TALK", "ZOMBIE", "Client", "Created", "Hub", "Limits", "LiveTable", "Refused",
    "SeatRequest", "Settings", "check_settings", "checked_bot", "claimable", "replay",
    "seat_json", "set_up", "stored_event", "stored_summary", "summary_json", "talk_keys",
]

CONFLICT_RETRIES = 20
"""How many times an action whose number another process took first is stored again at the
next number (each retry means another action was stored meanwhile)."""
IDLE_SECONDS = 60.0
"""A table loaded for a look is dropped from memory this long after, if nobody needs it."""


class LiveTable(TableFrames, TableChat, TableSeats, TableBots, TableClocks, TableSync,
                TableRematch):
    """One table in memory: its state, seats, clients, bots and timers. The match authority
    itself is here (the facts, the checks, `act`, take-backs); its other concerns are the
    mixins it is made of."""

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
        self._chat_removed = False
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

    def record(self) -> Record:
        """Return the game file (seed included: only for finished games)."""
        record = Record(self.game.info.name, self.game.players, self.row.seed,
                        dict(self.game.options), self.game.info.version,
                        [(a.seat, a.action) for a in self.actions],
                        [s.bot or HUMAN for s in self.seats])
        record.deciders = [DECIDER.get(a.by, "person") for a in self.actions]
        record.finish(self.state)
        return record

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
            if new.is_terminal and self.settings.rated:
                # Rated before anybody is told the game is over, so the ratings they then
                # look at have moved.
                from tavola.server.ratings import settle  # it reads accounts, built on tables

                await settle(self)
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

    def _changed(self) -> None:
        self._cache.clear()
        self._track_decisions()
        self._run_clocks()
        self.broadcast()
        if self.drives:
            self._schedule_bots()
            self._schedule_timer()
            if self.hub.on_turn is not None:
                self.hub.on_turn(self)

    # -- in memory ------------------------------------------------------------------------
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
        saving = (self._standins_task, self._presence_task)
        if self._standins_unsaved or any(t is not None and not t.done() for t in saving):
            return False  # something acknowledged is still being stored
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
        """Cancel the bot and clock tasks and close every client. A store under way
        (stand-ins, presence) is left to finish: what it stores was acknowledged. A refresh
        under way is left too: a client that asked for this table just before it was
        dropped may still be joining this very object, and a refresh cancelled before it
        ran would leave it waiting for news for ever."""
        for task in (self.bot_task, self.timer_task, self.takeover_task):
            if task is not None:
                task.cancel()
        for client in list(self.clients):
            client.push(None)
