"""The typed core a live table is built on: the kinds of decider, a connected client, and
what every concern of a table reads.

`tavola.server.tables.LiveTable`, the match authority, keeps the table's facts, the checks
and the accepting of actions; each of its other concerns is a mixin in its own module:
`table_frames` (what each client is sent), `table_chat`, `table_seats` (taking, claiming
and reissuing seats, stand-ins, presence), `table_bots`, `table_clocks` (the start of play,
the clocks, the out-of-time votes, the timers), `table_sync` (other processes: catch-up,
refresh, take-over) and `table_rematch`.

Mixins rather than components holding the table: the concerns share one set of facts (the
state, the seats, the clients, the lock) and take one another's steps all the time, so as
parts of one object they keep `table.state`, `table.broadcast()` and every public method
where they were, without a layer of forwarding methods or a component reaching through
another. Each mixin derives from `TableCore`, which declares the shared attributes with
their types (`LiveTable.__init__` sets them) and, abstract, every step one concern takes
from another: `mypy --strict` checks each module on its own without `Any` or ignores, and a
table missing a step cannot be made at all (a `TypeError` at once, not a failure in play).
"""

from __future__ import annotations

import asyncio
import collections
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from tavola.core import Game, State
from tavola.server.clocks import SeatClocks
from tavola.server.messages import Refusal
from tavola.server.protocol import LANG_BURST, LANG_PER_SECOND, RateLimit
from tavola.server.storage import ActionRow, ChatRow, SeatRow, TableRow

if TYPE_CHECKING:
    from tavola.server.hub import Hub
    from tavola.server.settings import Settings


HUMAN, BOT = "human", "bot"
ZOMBIE = "zombie"
"""Who decided: a stand-in bot for a person away (stored as the action's `by`)."""
FALLBACK = "fallback"
"""Who decided: the game's simple policy, for a bot that did not answer."""
DECIDER = {HUMAN: "person", BOT: "bot", ZOMBIE: "stand-in", FALLBACK: "replacement"}
"""Each stored `by` as the game file names it (`tavola.core.record.DECIDERS`)."""
CLIENT_QUEUE = 256
"""Frames waiting for one client; a client that falls this far behind is disconnected."""


class Refused(Refusal):
    """A client request the table refuses (the message is for that client)."""


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


def replay(game: Game, seed: int, actions: Sequence[ActionRow]) -> tuple[State, State | None]:
    """Return the state after `actions` and the one before the last of them."""
    state, previous = game.new_state(seed), None
    for row in actions:
        previous, state = state, state.apply(row.seat, row.action)
    return state, previous


class TableCore(ABC):
    """What the concerns of a live table share: its facts, declared here with their types and
    set by `LiveTable.__init__`, and (abstract) the steps one concern takes from another.
    What only one concern keeps is declared by its own mixin."""

    # The facts of the table.
    hub: Hub
    id: str
    row: TableRow
    settings: Settings
    game: Game
    seats: list[SeatRow]
    actions: list[ActionRow]
    state: State
    previous: State | None
    revision: int
    lock: asyncio.Lock
    clients: set[Client]
    started: float | None
    drives: bool
    # The stand-ins (`table_seats`) and who is connected to the other processes.
    zombies: set[int]
    _standins_unsaved: set[int]
    elsewhere: set[int]
    # The clocks (`table_clocks`) and the bot deciding now (`table_bots`).
    clocks: SeatClocks
    thinking: tuple[int, float] | None
    # The chat (`table_chat`).
    chat_last: int
    recent_chat: collections.deque[ChatRow]
    # The frames (`table_frames`).
    _cache: dict[tuple[int | None, str], dict[str, Any]]
    _rendered: dict[tuple[int | None, str], list[dict[str, Any]]]
    # The decisions (`tables`).
    decision_since: dict[int, int]
    # The rematch (`table_rematch`).
    rematch: str | None
    rematch_lock: asyncio.Lock

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

    # -- the steps one concern takes from another (each defined in the module named) ------
    # The authority (`tables`).
    @abstractmethod
    def _check_client(self, client: Client | None, seat: int) -> None: ...

    @abstractmethod
    def _track_decisions(self) -> None: ...

    @abstractmethod
    async def act(self, client: Client | None, seat: int, state_id: int, text: str,
                  by: str = HUMAN) -> None: ...

    @abstractmethod
    def may_undo(self, client: Client) -> bool: ...

    @abstractmethod
    def _changed(self) -> None: ...

    @abstractmethod
    def start(self) -> None: ...

    @abstractmethod
    def idle(self) -> bool: ...

    @abstractmethod
    def wakeup(self) -> float | None: ...

    @abstractmethod
    def stop(self) -> None: ...

    # The frames (`table_frames`).
    @abstractmethod
    def broadcast(self) -> None: ...

    @abstractmethod
    def push_seats(self) -> None: ...

    # The chat (`table_chat`).
    @abstractmethod
    def may_read_chat(self, client: Client, channel: str) -> bool: ...

    @abstractmethod
    def chat_frame(self, row: ChatRow, lang: str = "en") -> dict[str, Any]: ...

    @abstractmethod
    def push_chat(self, rows: Sequence[ChatRow]) -> None: ...

    @abstractmethod
    async def check_chat(self) -> None: ...

    @abstractmethod
    def forget_chat(self, line: int) -> None: ...

    # The seats (`table_seats`).
    @abstractmethod
    def claimable(self, seat: SeatRow) -> bool: ...

    @abstractmethod
    def connected_here(self) -> set[int]: ...

    @abstractmethod
    def zombie(self, seat: int, on: bool) -> None: ...

    # The bots (`table_bots`).
    @abstractmethod
    def _bot_seat(self) -> int | None: ...

    @abstractmethod
    def _budget(self, seat: int) -> float: ...

    @abstractmethod
    def _schedule_bots(self) -> None: ...

    # The start of play and the clocks (`table_clocks`).
    @abstractmethod
    async def _start_if_ready(self, now: bool = False) -> None: ...

    @abstractmethod
    def _run_clocks(self) -> None: ...

    @abstractmethod
    def _schedule_timer(self) -> None: ...

    # The rematch (`table_rematch`).
    @abstractmethod
    async def offer_rematch(self, clients: Sequence[Client] | None = None) -> None: ...
