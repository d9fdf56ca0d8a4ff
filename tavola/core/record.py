"""Saved games: game, options, seed and actions, replayed and verified.

A record also keeps the result and a digest of the final state, so a file whose actions,
result or options were edited does not replay to what it claims and is refused.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tavola.core.action import Action
from tavola.core.errors import CorruptRecord, TavolaError
from tavola.core.game import State
from tavola.core.registry import make

FORMAT = "tavola-record/1"


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
        return {"format": FORMAT, "game": self.game, "version": self.version,
                "players": self.players, "seed": self.seed, "options": self.options,
                "bots": self.bots, "actions": [[p, a] for p, a in self.actions],
                "result": self.result, "final_digest": self.final_digest}

    @staticmethod
    def from_json(data: Any) -> Record:
        """Read a record, raising CorruptRecord on anything malformed."""
        try:
            if not isinstance(data, Mapping) or data.get("format") != FORMAT:
                raise CorruptRecord(f"not a tavola saved game (expected format {FORMAT!r})")
            actions = []
            for item in data["actions"]:
                player, text = item
                if not isinstance(player, int) or not isinstance(text, str):
                    raise CorruptRecord(f"bad action entry {item!r:.60}")
                actions.append((player, text))
            seed, players = data["seed"], data["players"]
            if not isinstance(seed, int) or not isinstance(players, int):
                raise CorruptRecord("seed and players must be whole numbers")
            return Record(str(data["game"]), players, seed, dict(data["options"]),
                          int(data["version"]), actions, data.get("bots"),
                          data.get("result"), data.get("final_digest"))
        except CorruptRecord:
            raise
        except (KeyError, TypeError, ValueError) as exc:
            raise CorruptRecord(f"not a readable saved game: {type(exc).__name__}: {exc}") from None

    @staticmethod
    def load(path: str | Path) -> Record:
        """Read a record from a JSON file."""
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except OSError as exc:
            raise CorruptRecord(f"cannot read {path}: {exc.strerror}") from None
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise CorruptRecord(f"{path} is not valid JSON: {exc}") from None
        return Record.from_json(data)

    def save(self, path: str | Path) -> None:
        """Write the record as JSON."""
        Path(path).write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")

    def replay(self, verify: bool = True) -> list[State]:
        """Replay every action from the start; return all states. Raise CorruptRecord on any
        illegal action, version mismatch, or a final result or digest that differs."""
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
                raise CorruptRecord(f"action {n} ({text!r} by seat {player}) "
                                    f"does not replay: {exc}") from None
            states.append(state)
        if verify:
            if self.result is not None:
                got = state.result().to_json() if state.is_terminal else None
                if got != self.result:
                    raise CorruptRecord("the replayed result differs from the saved result")
            if self.final_digest is not None and digest(state) != self.final_digest:
                raise CorruptRecord("the replayed final state differs from the saved one")
        return states
