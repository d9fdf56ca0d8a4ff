"""Saved games: game, options, seed and actions, replayed and verified.

A record also keeps the result and a digest of the final state, so a file whose actions,
result or options were edited does not replay to what it claims and is refused. A game
saved by `tavola play` also keeps the language it was played in and the seats' names as
shown in it (`lang`, `names`: written only when known, so records from elsewhere and older
files are unchanged and load as before). A game played on a server also says who made each
decision (`deciders`, one per action, each one of `DECIDERS`): the seat's person, the seat's
bot, a stand-in bot playing for a person away, or a replacement (the game's simple policy,
deciding for a bot that did not answer).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tavola.core.action import MAX_ACTION_TEXT, Action, quote
from tavola.core.errors import CorruptRecord, CorruptState, TavolaError
from tavola.core.game import State, seat_label
from tavola.core.jsonio import read_json
from tavola.core.registry import make
from tavola.core.schema import AnyObj, Int, List, Obj, Opt, Str, Tuple, check_plain

FORMAT = "tavola-record/1"
DECIDERS = ("person", "bot", "stand-in", "replacement")


def digest(state: State) -> str:
    """Return a short hash of a state's complete JSON form."""
    text = json.dumps(state.to_json(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


@dataclass
class Record:
    """A game as data: what is needed to replay it, and what it should replay to."""

    game: str
    players: int
    seed: int
    options: dict[str, Any]
    version: int = 0
    actions: list[tuple[int, str]] = field(default_factory=list)
    bots: list[str] | None = None
    result: dict[str, Any] | None = None
    final_digest: str | None = None
    lang: str | None = None
    names: list[str] | None = None
    deciders: list[str] | None = None

    @staticmethod
    def start(state: State, seed: int, bots: list[str] | None = None) -> Record:
        """Return an empty record for a game that begins at `state`."""
        return Record(state.game.info.name, state.game.players, seed, dict(state.game.options),
                      state.game.info.version, [], bots)

    def add(self, player: int, action: Action) -> None:
        """Append one action."""
        self.actions.append((player, str(action)))

    def finish(self, state: State) -> None:
        """Store the result and digest of the final state."""
        if state.is_terminal:
            self.result = state.result().to_json()
        self.final_digest = digest(state)

    def to_json(self) -> dict[str, Any]:
        """Return the record as JSON data."""
        data: dict[str, Any] = {
            "format": FORMAT, "game": self.game, "version": self.version,
            "players": self.players, "seed": self.seed, "options": self.options,
            "bots": self.bots, "actions": [[p, a] for p, a in self.actions],
            "result": self.result, "final_digest": self.final_digest}
        if self.lang is not None:
            data["lang"] = self.lang
        if self.names is not None:
            data["names"] = self.names
        if self.deciders is not None:
            data["deciders"] = self.deciders
        return data

    @staticmethod
    def from_json(data: Any) -> Record:
        """Read a record, raising CorruptRecord with one line on anything malformed."""
        try:
            check_plain(data, "saved game")
            if not isinstance(data, Mapping) or data.get("format") != FORMAT:
                raise CorruptRecord(f"not a tavola saved game (expected format {FORMAT!r})")
            RECORD_SCHEMA.check(data, "saved game")
        except CorruptState as exc:
            raise CorruptRecord(str(exc)) from None
        deciders = data.get("deciders")
        if deciders is not None and len(deciders) != len(data["actions"]):
            raise CorruptRecord(f"saved game: {len(deciders)} deciders for "
                                f"{len(data['actions'])} actions")
        return Record(data["game"], data["players"], data["seed"], dict(data["options"]),
                      data.get("version", 0), [(p, a) for p, a in data["actions"]],
                      data.get("bots"), data.get("result"), data.get("final_digest"),
                      data.get("lang"), data.get("names"), data.get("deciders"))

    @staticmethod
    def load(path: str | Path) -> Record:
        """Read a record from a JSON file (bounded in size and depth)."""
        return Record.from_json(read_json(path, error=CorruptRecord))

    def save(self, path: str | Path) -> None:
        """Write the record as JSON, atomically: a crash mid-write leaves the old file whole."""
        target = Path(path)
        text = json.dumps(self.to_json(), indent=1) + "\n"
        handle, temp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp",
                                        dir=target.parent if str(target.parent) else ".")
        try:
            # mkstemp makes the file private; give the save the mode a plain open() would,
            # or keep the mode of the file it replaces.
            try:
                mode = target.stat().st_mode & 0o777
            except OSError:
                umask = os.umask(0)
                os.umask(umask)
                mode = 0o666 & ~umask
            os.chmod(temp, mode)
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
            os.replace(temp, target)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temp)
            raise

    def replay(self, verify: bool = True) -> list[State]:
        """Replay every action from the start; return all states. Raise CorruptRecord on any
        illegal action, version mismatch, or a final result or digest that differs."""
        return self.check(verify).states

    def check(self, verify: bool = True) -> Verification:
        """Replay every action and say what was verified (see `Verification`)."""
        try:
            state = make(self.game, self.players, self.seed, **self.options)
        except TavolaError as exc:
            raise CorruptRecord(f"cannot set up the saved game: {exc}") from None
        if self.version and self.version != state.game.info.version:
            raise CorruptRecord(f"saved with {self.game} version {self.version}, "
                                f"this is version {state.game.info.version}")
        states = [state]
        for n, (player, text) in enumerate(self.actions, 1):
            try:
                state = state.apply(player, text)
            except TavolaError as exc:
                raise CorruptRecord(f"action {n} ({quote(text)} by {seat_label(player)}) "
                                    f"does not replay: {exc}") from None
            states.append(state)
        result_checked = digest_checked = False
        if verify:
            if self.result is not None:
                got = state.result().to_json() if state.is_terminal else None
                if got != self.result:
                    raise CorruptRecord("the replayed result differs from the saved result")
                result_checked = True
            if self.final_digest is not None:
                if digest(state) != self.final_digest:
                    raise CorruptRecord("the replayed final state differs from the saved one")
                digest_checked = True
        return Verification(states, state.is_terminal, result_checked, digest_checked)


@dataclass(frozen=True)
class Verification:
    """What replaying a record established.

    Every action is always checked to be legal in turn. `result_checked`: the file's result
    equals the replayed one; `digest_checked`: the file's digest of the final state equals
    the replayed one. A file without them proves only that its actions are a legal game.
    """

    states: list[State]
    finished: bool
    result_checked: bool
    digest_checked: bool

    @property
    def summary(self) -> str:
        """Say in words what was and was not verified."""
        parts = [f"{len(self.states) - 1} actions replayed, each legal"]
        if self.result_checked:
            parts.append("the result matches the file")
        if self.digest_checked:
            parts.append("the final position matches the file")
        if not self.finished:
            parts.append("the game is not over")
        if not self.digest_checked:
            parts.append("the file holds no digest, so nothing proves it is unedited")
        return "; ".join(parts)


MAX_ACTIONS = 100_000
"""The most actions a saved game may hold (the longest games take a few thousand)."""

RECORD_SCHEMA = Obj({
    "format": Str((FORMAT,)),
    "game": Str(max_len=40),
    "version": Int(0, 10**6),
    "players": Int(1, 99),
    "seed": Int(-(2**127), 2**127),
    "options": AnyObj(),
    "bots": Opt(List(Str(max_len=200), max_len=99)),
    "actions": List(Tuple(Int(-(2**63), 2**63), Str(max_len=MAX_ACTION_TEXT)),
                    max_len=MAX_ACTIONS),
    "result": Opt(AnyObj()),
    "final_digest": Opt(Str(max_len=64)),
    "lang": Str(max_len=16),
    "names": List(Str(max_len=200), max_len=99),
    "deciders": List(Str(DECIDERS), max_len=MAX_ACTIONS),
}, optional=frozenset({"bots", "result", "final_digest", "version", "lang", "names",
                       "deciders"}))
