"""The event log: what happened, who may read it, and its text.

Events are plain data (a message key and JSON-able arguments). An event with an audience
is private: players in the audience read it whole, everybody else reads its `redacted`
form, or nothing. The log is a persistent linked list so that appending never copies and
never changes a state already returned.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Event:
    """One log entry, keyed for translation (`key`) with its arguments."""

    key: str
    args: Mapping[str, Any] = field(default_factory=dict)
    audience: frozenset[int] | None = None
    redacted: Event | None = None

    def seen_by(self, viewer: int | None) -> Event | None:
        """Return the form of this event that `viewer` may read (None: nothing)."""
        if self.audience is None:
            return self
        if viewer is not None and viewer in self.audience:
            return self
        return self.redacted.seen_by(viewer) if self.redacted is not None else None

    def to_json(self) -> dict[str, Any]:
        """Return the full event (for saved states, never for clients)."""
        data: dict[str, Any] = {"key": self.key, "args": dict(self.args)}
        if self.audience is not None:
            data["audience"] = sorted(self.audience)
            data["redacted"] = None if self.redacted is None else self.redacted.to_json()
        return data

    def public_json(self) -> dict[str, Any]:
        """Return the event as a viewer receives it (no audience, no other form)."""
        return {"key": self.key, "args": dict(self.args)}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Event:
        """Rebuild an event written by `to_json`."""
        audience = data.get("audience")
        redacted = data.get("redacted")
        return Event(
            str(data["key"]),
            dict(data["args"]),
            None if audience is None else frozenset(int(p) for p in audience),
            None if redacted is None else Event.from_json(redacted),
        )


LogCell = tuple[Event, "LogCell | None"]


def log_append(log: LogCell | None, event: Event) -> LogCell:
    """Return a log with `event` added; the old log is unchanged."""
    return (event, log)


def log_events(log: LogCell | None) -> list[Event]:
    """Return the events of a log, oldest first."""
    out: list[Event] = []
    cell = log
    while cell is not None:
        out.append(cell[0])
        cell = cell[1]
    out.reverse()
    return out


def log_from_events(events: list[Event]) -> LogCell | None:
    """Build a log from events, oldest first."""
    cell: LogCell | None = None
    for e in events:
        cell = (e, cell)
    return cell


def redact(events: list[Event], viewer: int | None) -> Iterator[Event]:
    """Yield what `viewer` may read of `events`, in order."""
    for e in events:
        seen = e.seen_by(viewer)
        if seen is not None:
            yield seen


class Catalog:
    """Message templates by language and key; `{name}` placeholders take the arguments."""

    def __init__(self, templates: Mapping[str, Mapping[str, str]],
                 wrap: Callable[[Mapping[str, Any]], Mapping[str, Any]] = dict) -> None:
        self.templates = templates
        self.wrap = wrap

    def text(self, key: str, args: Mapping[str, Any], lang: str = "en") -> str:
        """Render one message; fall back to English, then to the key itself."""
        table = self.templates.get(lang) or self.templates["en"]
        template = table.get(key) or self.templates["en"].get(key)
        if template is None:
            return key + " " + ", ".join(f"{k}={v}" for k, v in args.items())
        return template.format_map(self.wrap(args))
