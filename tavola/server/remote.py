"""The client side of the protocol: a seat of a remote table played by a local bot.

`tavola connect URL --bot SPEC` uses `RemoteSeat`. The bot receives only what the server
sent that seat: the view, the seat's log as the server redacted it and the legal actions,
bundled as an `InfoSet`; a searching bot samples full states from that alone
(`Game.sample(seat, view, log, rng)`). Nothing here ever holds the true state.
"""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit
from urllib.request import urlopen

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tavola.agents import Agent
from tavola.core import Action, Event, Game, InfoSet, TavolaError, load
from tavola.server.protocol import PROTOCOL, RATE_PER_SECOND, RateLimit

_INVITE = re.compile(r"/play/(?P<table>[A-Za-z0-9_-]{1,32})$")


@dataclass(frozen=True)
class Invite:
    """Where a seat's table is and the token that opens it."""

    base: str
    table: str
    token: str

    @property
    def websocket(self) -> str:
        """Return the websocket URL of the table."""
        scheme = "wss" if self.base.startswith("https") else "ws"
        return f"{scheme}://{self.base.split('://', 1)[1]}/api/v1/tables/{self.table}/ws"

    @staticmethod
    def parse(url: str) -> Invite:
        """Read an invitation link (`http://host:port/play/<table>#token=<token>`)."""
        parts = urlsplit(url.strip())
        found = _INVITE.search(parts.path)
        token = parts.fragment.removeprefix("token=")
        if parts.scheme not in ("http", "https") or not found or not parts.fragment.startswith(
                "token=") or not token:
            raise TavolaError("not an invitation link (expected http://HOST:PORT/play/"
                              "TABLE#token=TOKEN)")
        return Invite(f"{parts.scheme}://{parts.netloc}", found["table"], token)


@dataclass
class SeatState:
    """What the server has told one client so far."""

    game: Game | None = None
    seat: int | None = None
    state: int = -1
    to_act: list[int] = field(default_factory=list)
    view: dict[str, Any] = field(default_factory=dict)
    legal: list[Action] = field(default_factory=list)
    log: list[Event] = field(default_factory=list)
    finished: bool = False
    result: dict[str, Any] | None = None

    def take(self, frame: dict[str, Any]) -> None:
        """Absorb one frame from the server."""
        if frame["type"] == "welcome":
            summary = frame["table"]
            self.game = load(summary["game"], summary["players"], **summary["options"])
            self.seat = frame["you"]
        elif frame["type"] == "state":
            self.state = frame["state"]
            self.to_act = frame["to_act"]
            self.view = frame["view"]
            self.legal = [Action.parse(a["action"]) for a in frame["legal"]]
            start = frame["log"]["from"]
            self.log[start:] = [Event(e["key"], e["args"]) for e in frame["log"]["events"]]
            self.finished = frame["finished"]
            self.result = frame["result"]

    def infoset(self) -> InfoSet:
        """Return the seat's information set, built from the frames alone."""
        assert self.game is not None and self.seat is not None
        return InfoSet(self.game, self.seat, self.view, tuple(self.log), tuple(self.legal))

    @property
    def my_turn(self) -> bool:
        """True when the server asks this seat to decide."""
        return self.seat is not None and self.seat in self.to_act and bool(self.legal)


class RemoteSeat:
    """One websocket to a table, as a seat (with a token) or a spectator (without)."""

    def __init__(self, url: str, token: str | None, timeout: float = 30.0) -> None:
        # Entered by hand: the connection outlives this call and is closed by `close`.
        self.ws: ClientConnection = connect(url, open_timeout=timeout,
                                            max_size=2**24).__enter__()
        self.timeout = timeout
        self.known = SeatState()
        self.send({"type": "hello", "protocol": PROTOCOL, "token": token})

    def send(self, frame: dict[str, Any]) -> None:
        """Send one frame."""
        self.ws.send(json.dumps(frame, separators=(",", ":")))

    def receive(self, timeout: float | None = None) -> dict[str, Any]:
        """Return the next frame (and remember what it says); raise TavolaError on an
        error frame that ends the connection or when the server closes it."""
        try:
            text = self.ws.recv(timeout if timeout is not None else self.timeout)
        except ConnectionClosed:
            raise TavolaError("the server closed the connection") from None
        except TimeoutError:
            raise TavolaError("the server said nothing for too long") from None
        frame: dict[str, Any] = json.loads(text)
        self.known.take(frame)
        return frame

    def close(self) -> None:
        """Close the connection."""
        self.ws.close()

    def play(self, agent: Agent, rng: random.Random,
             on_frame: Callable[[dict[str, Any]], None] | None = None) -> SeatState:
        """Play the seat with `agent` until the game ends; return what was last known.

        Every action is answered: an acknowledgement, or a refusal. A move refused because
        the table moved on meanwhile is decided again at the new state; one refused for
        coming too fast is sent again once the server's rate allows (the bot also keeps to
        that rate by itself); any other refusal of the bot's move ends play with the
        server's words (TavolaError), never a wait for a frame that will not come."""
        # After an acknowledgement, frames older than it predate the seat's own action.
        asked, awaiting, settled = -1, False, 0
        pace = RateLimit()
        pending: Action | None = None
        while not self.known.finished:
            frame = self.receive()
            if on_frame is not None:
                on_frame(frame)
            if frame["type"] == "error" and self.known.game is None:
                raise TavolaError(f"the server refused: {frame['message']}")
            if frame["type"] in ("ack", "error") and awaiting:
                awaiting = False
                code = frame.get("code")
                if frame["type"] == "ack":
                    settled = frame["state"]
                elif code in ("stale_state", "action_conflict"):
                    asked = -1
                elif code == "too_many_frames" and pending is not None:
                    time.sleep(1.0 / RATE_PER_SECOND)
                    awaiting = True
                    self._send_paced(pace, {"type": "action", "seat": self.known.seat,
                                            "state": asked, "action": str(pending)})
                    continue
                else:
                    raise TavolaError(f"the server refused the bot's move: "
                                      f"{frame.get('message', code)}")
            known = self.known
            if (known.my_turn and known.state != asked and not awaiting
                    and known.state >= settled):
                asked, awaiting = known.state, True
                info = known.infoset()
                pending = agent.act(info if agent.needs_view else InfoSet(
                    info.game, info.seat, {}, (), info.legal), rng)
                self._send_paced(pace, {"type": "action", "seat": known.seat,
                                        "state": known.state, "action": str(pending)})
        return self.known

    def _send_paced(self, pace: RateLimit, frame: dict[str, Any]) -> None:
        """Send `frame` once the server's frame rate allows it."""
        while not pace.allow():
            time.sleep(1.0 / RATE_PER_SECOND)
        self.send(frame)


def wait_for_server(base: str, timeout: float = 30.0) -> None:
    """Wait until a server answers at `base` (for scripts that start one)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urlopen(f"{base}/api/v1/games", timeout=2.0) as answer:
                if answer.status == 200:
                    return
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise TavolaError(f"no server answered at {base}")
        time.sleep(0.1)
