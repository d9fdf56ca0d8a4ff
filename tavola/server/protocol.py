"""The wire protocol: what a client may send, checked before anything looks at it, and
the limits every connection lives within. `docs/protocol.md` documents every frame.

Client frames are JSON objects of at most `MAX_FRAME_BYTES`, parsed with the bounded
reader (`tavola.core.jsonio.parse_json`) and then checked field by field: the exact keys
of their type, each of the exact JSON type (a seat is an integer, never `true`). Anything
else is refused with a code and one line in the client's language
(`tavola.server.messages`), and the table never sees it.
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
from tavola.server.messages import Refusal
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

LANG_PER_SECOND = 0.5
LANG_BURST = 3.0
"""A connection may switch languages `LANG_BURST` times at once and once every two seconds
after that (each switch sends the whole state, log and table talk again)."""

HELLO_SECONDS = 10.0
"""How long a new connection has to say hello."""

CHANNELS = ("players", "spectators")


class FrameError(Refusal):
    """A client frame that is not one the protocol allows."""


class _Unreadable(TavolaError):
    """What the JSON reader says of a frame it cannot read (English, one line)."""


_FIELDS: dict[str, dict[str, tuple[type, ...]]] = {
    "hello": {"protocol": (int,), "token": (str, type(None)), "lang": (str,)},
    "lang": {"lang": (str,)},
    "action": {"seat": (int,), "state": (int,), "action": (str,)},
    "undo": {"seat": (int,), "state": (int,)},
    "chat": {"channel": (str,), "text": (str,)},
    "vote": {"seat": (int,), "standin": (bool,)},
    "start": {},
    "back": {},
    "leave": {},
    "ping": {},
}
_OPTIONAL = {"hello": {"token", "lang"}}


def read_frame(text: str | bytes) -> dict[str, Any]:
    """Parse and check one client frame; raise FrameError with one line otherwise."""
    # The limit is in bytes: a text frame is measured as the UTF-8 it came as (a character
    # is 1 to 4 bytes; only a text that might be over the limit is encoded to tell).
    if len(text) > MAX_FRAME_BYTES or (
            isinstance(text, str) and len(text) * 4 > MAX_FRAME_BYTES
            and len(text.encode("utf-8", "surrogatepass")) > MAX_FRAME_BYTES):
        raise FrameError("frame_too_large", kb=MAX_FRAME_BYTES // 1024)
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise FrameError("not_utf8") from None
    try:
        data = parse_json(text, "the frame", _Unreadable, max_bytes=MAX_FRAME_BYTES,
                          max_depth=3)
    except _Unreadable as exc:
        raise FrameError("bad_json", detail=str(exc)) from None
    if not isinstance(data, dict):
        raise FrameError("not_an_object")
    kind = data.get("type")
    if type(kind) is not str or kind not in _FIELDS:
        shown = repr(kind)[:30] if type(kind) is str else type(kind).__name__
        raise FrameError("unknown_frame", type=shown, types=", ".join(_FIELDS))
    fields = _FIELDS[kind]
    for key in data:
        if key != "type" and key not in fields:
            raise FrameError("unknown_field", frame=kind, field=str(key)[:30])
    for key, types in fields.items():
        if key not in data:
            if key in _OPTIONAL.get(kind, set()):
                continue
            raise FrameError("missing_field", frame=kind, field=key)
        value = data[key]
        if type(value) not in types:
            wanted = " or ".join("null" if t is type(None) else t.__name__ for t in types)
            raise FrameError("wrong_type", field=key, frame=kind, wanted=wanted,
                             got=type(value).__name__)
    if kind == "action" and len(data["action"]) > MAX_ACTION_TEXT:
        raise FrameError("action_too_long")
    if kind == "hello" and type(data.get("token")) is str and len(data["token"]) > MAX_TOKEN_TEXT:
        raise FrameError("not_a_token")
    if "lang" in data and data["lang"] not in LANGUAGES:
        raise no_language(data["lang"])
    if kind == "chat":
        if data["channel"] not in CHANNELS:
            raise FrameError("unknown_channel", channels=", ".join(CHANNELS))
        data["text"] = clean_text(data["text"], MAX_CHAT, "chat")
    return data


def no_language(lang: str) -> FrameError:
    """Return the refusal of a language no game speaks."""
    return FrameError("unknown_language", lang=lang[:16], languages=", ".join(LANGUAGES))


def clean_text(text: str, limit: int, what: str, seat: str | None = None) -> str:
    """Return `text` stripped, with control characters removed; raise FrameError
    (`{what}_empty`, `{what}_too_long`: what is "chat", "name" or "reserved") if it is
    empty or longer than `limit`. (Text is always sent as JSON strings and shown as text,
    never interpreted as HTML.)"""
    cleaned = "".join(c for c in text if c in "\n" or unicodedata.category(c)[0] != "C")
    cleaned = cleaned.strip()
    if not cleaned:
        raise FrameError(f"{what}_empty", seat=seat)
    if len(cleaned) > limit:
        raise FrameError(f"{what}_too_long", limit=limit, seat=seat)
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


def error_frame(refusal: Refusal, state: int | None = None, lang: str = "en") -> dict[str, Any]:
    """Return an error frame: the refusal's code and arguments, and its line in `lang` (one
    bounded line)."""
    return {"type": "error", "protocol": PROTOCOL, "code": refusal.code,
            "args": refusal.args_, "message": one_line(refusal.line(lang)), "state": state}
