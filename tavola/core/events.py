"""The event log: what happened, who may read it, and its text.

Events are plain data (a message key and JSON-able arguments). An event with an audience
is private: players in the audience read it whole, everybody else reads its `redacted`
form, or nothing. The log is a persistent linked list so that appending never copies and
never changes a state already returned.
"""

from __future__ import annotations

import string
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from tavola.core.errors import CorruptState
from tavola.core.schema import shown


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
    def from_json(data: Any) -> Event:
        """Rebuild an event written by `to_json`; raise CorruptState on anything else.

        Iterative over the chain of redacted forms, which may be at most `MAX_FORMS` deep,
        so a hostile chain cannot exhaust the stack.
        """
        if data is None:
            raise CorruptState("not an event: None")
        chain: list[Any] = []
        item = data
        while item is not None:
            if len(chain) >= MAX_FORMS:
                raise CorruptState(f"an event has more than {MAX_FORMS} nested forms")
            if not isinstance(item, Mapping) or type(item.get("key")) is not str:
                raise CorruptState(f"not an event: {shown(item)}")
            if not isinstance(item.get("args"), Mapping):
                raise CorruptState(f"event {shown(item['key'])} has no argument table")
            extra = set(item) - {"key", "args", "audience", "redacted"}
            if extra:
                raise CorruptState(f"event {shown(item['key'])} has unknown field "
                                   f"{shown(sorted(extra)[0])}")
            chain.append(item)
            item = item.get("redacted")
        event: Event | None = None
        for raw in reversed(chain):
            audience = raw.get("audience")
            if audience is not None:
                if type(audience) is not list or any(type(p) is not int for p in audience):
                    raise CorruptState(f"event {shown(raw['key'])} has a malformed audience")
                if not audience:
                    raise CorruptState(f"event {shown(raw['key'])} has an empty audience")
            elif event is not None:
                raise CorruptState(f"event {shown(raw['key'])} has another form but no audience")
            event = Event(raw["key"], dict(raw["args"]),
                          None if audience is None else frozenset(audience), event)
        assert event is not None
        return event


MAX_FORMS = 3
"""How many forms one event may have: itself and what the others read of it, nested."""


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


def _fields(template: str) -> frozenset[str]:
    """Return the argument names a template prints (`{amount:,}` prints `amount`)."""
    names = set()
    for _, field_name, _, _ in string.Formatter().parse(template):
        if field_name:
            names.add(field_name.split(".")[0].split("[")[0])
    return frozenset(names)


def _scalar(value: object) -> bool:
    """Return whether `value` is a JSON number, string, boolean or null."""
    return value is None or isinstance(value, (bool, int, str))


@dataclass(frozen=True)
class Private:
    """How a game writes one kind of private event: who reads it, and what the others read.

    `audience(args)` returns the seats that read the event whole, computed from the event's
    own arguments; `redacted` is the key of the form everybody else reads (None: nothing).
    """

    audience: Callable[[Mapping[str, Any]], frozenset[int]]
    redacted: str | None = None


class Catalog:
    """Message templates by language and key; `{name}` placeholders take the arguments.

    `private` declares every event key a game writes with an audience; any other key is
    public. Loading a saved log checks each event against this catalogue (`check_event`).
    """

    def __init__(self, templates: Mapping[str, Mapping[str, str]],
                 wrap: Callable[[Mapping[str, Any]], Mapping[str, Any]] = dict,
                 private: Mapping[str, Private] | None = None,
                 unprinted: Mapping[str, frozenset[str]] | None = None,
                 localize: Callable[[Mapping[str, Any], str], Mapping[str, Any]] | None = None,
                 ) -> None:
        self.templates = templates
        self.wrap = wrap
        # `localize(args, lang)`, where given, shows the arguments (names of seats, cards,
        # places) in the language of the line; `wrap(args)` is the English-only form.
        self.localize = localize
        self.private: Mapping[str, Private] = private or {}
        # An event's arguments are the names its English template prints, plus the ones a
        # game declares in `unprinted` (kept for programs reading the log, not for people).
        self.unprinted: Mapping[str, frozenset[str]] = unprinted or {}
        self.printed = {key: _fields(text) for key, text in templates["en"].items()}

    def text(self, key: str, args: Mapping[str, Any], lang: str = "en") -> str:
        """Render one message; fall back to English, then to the key itself."""
        table = self.templates.get(lang) or self.templates["en"]
        template = table.get(key) or self.templates["en"].get(key)
        if template is None:
            return key + " " + ", ".join(f"{k}={v}" for k, v in args.items())
        if self.localize is not None:
            return template.format_map(self.localize(args, lang))
        return template.format_map(self.wrap(args))

    def check_event(self, event: Event, players: int) -> None:
        """Raise CorruptState unless `event` is one this game writes: a known key whose
        template renders from its arguments in every language, and exactly the audience and
        redacted form the catalogue declares for it (so no saved log can widen a secret)."""
        rule = self.private.get(event.key)
        if rule is None:
            if event.audience is not None or event.redacted is not None:
                raise CorruptState(f"log: public event {shown(event.key)} has an audience")
        else:
            try:
                audience = rule.audience(event.args)
            except (KeyError, TypeError, ValueError, IndexError):
                raise CorruptState(f"log: private event {shown(event.key)} does not name "
                                   f"its audience") from None
            if event.audience != audience:
                raise CorruptState(f"log: private event {shown(event.key)} has the wrong "
                                   f"audience")
            if any(not 0 <= p < players for p in audience):
                raise CorruptState(f"log: event {shown(event.key)} is for no such seat")
            if rule.redacted is None:
                if event.redacted is not None:
                    raise CorruptState(f"log: event {shown(event.key)} has a form that "
                                       f"should not exist")
            elif event.redacted is None or event.redacted.key != rule.redacted:
                raise CorruptState(f"log: event {shown(event.key)} lacks its redacted form")
            if event.redacted is not None:
                self.check_event(event.redacted, players)
        if event.key not in self.templates["en"]:
            raise CorruptState(f"log: unknown event {shown(event.key)}")
        names = set(event.args)
        printed = self.printed[event.key]
        if not printed <= names <= printed | self.unprinted.get(event.key, frozenset()):
            raise CorruptState(f"log: event {shown(event.key)} has arguments it is never "
                               f"written with")
        for value in event.args.values():
            if not (_scalar(value) or (isinstance(value, list)
                                       and all(_scalar(v) for v in value))):
                raise CorruptState(f"log: event {shown(event.key)} has an argument that is "
                                   f"not a number, a word or a list of them")
        for lang in self.templates:
            try:
                self.text(event.key, event.args, lang)
            except (KeyError, TypeError, ValueError, IndexError, AttributeError):
                raise CorruptState(f"log: event {shown(event.key)} has missing or malformed "
                                   f"arguments") from None
