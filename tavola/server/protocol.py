"""The wire protocol: what a client may send, checked before anything looks at it, and
the limits every connection lives within. `docs/protocol.md` documents every frame.

Client frames are JSON objects of at most `MAX_FRAME_BYTES`, parsed with the bounded
reader (`tavola.core.jsonio.parse_json`) and then checked field by field: the exact keys
of their type, each of the exact JSON type (a seat is an integer, never `true`). Anything
else is refused with one line and the table never sees it.
"""

from __future__ import annotations

import time
import unicodedata
from dataclasses import dataclass
from typing import Any

from tavola.core.action import MAX_ACTION_TEXT
from tavola.core.errors import TavolaError
from tavola.core.game import LANGUAGES
from tavola.core.jsonio import parse_json
from tavola.server.tokens import MAX_TOKEN_TEXT

PROTOCOL = 1
"""The protocol version; every server frame carries it, a client's hello names it."""

MAX_FRAME_BYTES = 4096
"""The largest frame a client may send (the longest legitimate one, a chat line, is
well under 2 kB)."""

MAX_CHAT = 500
"""The longest chat message, in characters."""

MAX_NAME = 40
"""The longest display name."""

RATE_PER_SECOND = 10.0
RATE_BURST = 30.0
"""A connection may send `RATE_BURST` frames at once and `RATE_PER_SECOND` after that."""

MAX_DROPPED = 100
"""A connection that keeps flooding past this many refused frames is closed."""

HELLO_SECONDS = 10.0
"""How long a new connection has to say hello."""

CHANNELS = ("players", "spectators")


class FrameError(TavolaError):
    """A client frame that is not one the protocol allows."""


_FIELDS: dict[str, dict[str, tuple[type, ...]]] = {
    "hello": {"protocol": (int,), "token": (str, type(None)), "lang": (str,)},
    "lang": {"lang": (str,)},
    "action": {"seat": (int,), "state": (int,), "action": (str,)},
    "undo": {"seat": (int,), "state": (int,)},
    "chat": {"channel": (str,), "text": (str,)},
    "back": {},
    "leave": {},
    "ping": {},
}
_OPTIONAL = {"hello": {"token", "lang"}}


def read_frame(text: str | bytes) -> dict[str, Any]:
    """Parse and check one client frame; raise FrameError with one line otherwise."""
    data = parse_json(text, "the frame", FrameError, max_bytes=MAX_FRAME_BYTES, max_depth=3)
    if not isinstance(data, dict):
        raise FrameError("a frame is a JSON object with a 'type'")
    kind = data.get("type")
    if type(kind) is not str or kind not in _FIELDS:
        shown = repr(kind)[:30] if type(kind) is str else type(kind).__name__
        raise FrameError(f"unknown frame type {shown} (types: {', '.join(_FIELDS)})")
    fields = _FIELDS[kind]
    for key in data:
        if key != "type" and key not in fields:
            raise FrameError(f"a {kind} frame has no field {str(key)[:30]!r}")
    for key, types in fields.items():
        if key not in data:
            if key in _OPTIONAL.get(kind, set()):
                continue
            raise FrameError(f"a {kind} frame needs '{key}'")
        value = data[key]
        if type(value) not in types:
            wanted = " or ".join("null" if t is type(None) else t.__name__ for t in types)
            raise FrameError(f"'{key}' of a {kind} frame is a {wanted}, "
                             f"not {type(value).__name__}")
    if kind == "action" and len(data["action"]) > MAX_ACTION_TEXT:
        raise FrameError("the action is too long")
    if kind == "hello" and type(data.get("token")) is str and len(data["token"]) > MAX_TOKEN_TEXT:
        raise FrameError("that is not a token of this server")
    if "lang" in data and data["lang"] not in LANGUAGES:
        shown = repr(data["lang"][:12]) + ("..." if len(data["lang"]) > 12 else "")
        raise FrameError(f"no language {shown} (languages: {', '.join(LANGUAGES)})")
    if kind == "chat":
        if data["channel"] not in CHANNELS:
            raise FrameError(f"chat channels are {', '.join(CHANNELS)}")
        data["text"] = clean_text(data["text"], MAX_CHAT, "a chat message")
    return data


def clean_text(text: str, limit: int, what: str) -> str:
    """Return `text` stripped, with control characters removed; raise FrameError if it is
    empty or longer than `limit`. (Text is always sent as JSON strings and shown as text,
    never interpreted as HTML.)"""
    cleaned = "".join(c for c in text if c in "\n" or unicodedata.category(c)[0] != "C")
    cleaned = cleaned.strip()
    if not cleaned:
        raise FrameError(f"{what} cannot be empty")
    if len(cleaned) > limit:
        raise FrameError(f"{what} is longer than {limit} characters")
    return cleaned


@dataclass
class RateLimit:
    """A token bucket: `burst` frames at once, `rate` per second after that."""

    rate: float = RATE_PER_SECOND
    burst: float = RATE_BURST
    tokens: float = RATE_BURST
    last: float = 0.0
    dropped: int = 0

    def allow(self, now: float | None = None) -> bool:
        """Take one frame's allowance; False if the connection is over its rate."""
        now = time.monotonic() if now is None else now
        if self.last:
            self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        self.dropped += 1
        return False


MAX_MESSAGE = 300
"""The longest error message sent."""


def one_line(message: str) -> str:
    """Return `message` as one bounded line (a message may quote what a client sent)."""
    flat = "".join("?" if unicodedata.category(c)[0] == "C" else c for c in message)
    return flat if len(flat) <= MAX_MESSAGE else flat[: MAX_MESSAGE - 3] + "..."


def error_frame(message: str, state: int | None = None) -> dict[str, Any]:
    """Return an error frame (its message one bounded line)."""
    return {"type": "error", "protocol": PROTOCOL, "message": one_line(message),
            "state": state}
