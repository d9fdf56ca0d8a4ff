"""The results file of a tournament: one JSON line per game, appended as games finish.

The first line is the header: the format, game, version, player count, complete options,
bot list and seed, the settings that fix every game of the tournament. Each further line is
one game: its index, its seed, the bot in each seat, the full game record (replayable with
`tavola replay` once saved alone), the scores and ranks by seat, the decisions in all and by
seat, and `seconds`, the game's wall time (the only field that differs between two runs of
the same tournament). Keys are sorted and separators fixed, so equal games are equal bytes.

Lines are appended in the order games finish, which is not index order with several
workers. Reading checks every line: the JSON is bounded (`tavola.core.jsonio`), each field
has its declared type and range, the seed and seats are those the schedule gives the index,
and the record agrees with the line (same game, options, seats, seed, result, decision
counts). The record's actions are not replayed here; `tavola replay` does that for one game.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tavola.arena.schedule import Schedule, game_seed
from tavola.core import BadOptions, CorruptRecord, CorruptState, Record, TavolaError
from tavola.core.jsonio import parse_json
from tavola.core.record import MAX_ACTIONS
from tavola.core.schema import AnyObj, Int, List, Obj, Spec, Str, shown

FORMAT = "tavola-tournament/1"
MAX_LINE_BYTES = 4 * 1024 * 1024
"""The longest line read back (a long seven-player record is about 100 kB)."""

MAX_INDEX = 10**9
MAX_SEED = 2**63 - 1
SCORE = Int(-(2**63), 2**63)


class ResultsMismatch(TavolaError):
    """A results file that holds another tournament than the one asked for."""


def dumps(data: Mapping[str, Any]) -> str:
    """Return the one canonical line of JSON for `data` (no newline)."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


@dataclass(frozen=True)
class Config:
    """What fixes every game of a tournament: a results file holds one config only."""

    game: str
    version: int
    players: int
    options: Mapping[str, Any]
    bots: tuple[str, ...]
    seed: int

    def header(self) -> dict[str, Any]:
        """Return the first line of a results file, as data."""
        return {"format": FORMAT, "game": self.game, "version": self.version,
                "players": self.players, "options": dict(self.options),
                "bots": list(self.bots), "seed": self.seed}

    def difference(self, other: Config) -> str:
        """Return how `other` differs from this config, in words ('' when equal)."""
        for name, mine, theirs in (
                ("game", self.game, other.game), ("version", self.version, other.version),
                ("players", self.players, other.players),
                ("options", dict(self.options), dict(other.options)),
                ("bots", ",".join(self.bots), ",".join(other.bots)),
                ("seed", self.seed, other.seed)):
            if mine != theirs:
                return f"its {name} {shown(mine, 60)}, not {shown(theirs, 60)}"
        return ""


@dataclass(frozen=True)
class Seconds(Spec):
    """A non-negative duration in seconds (an int or a float)."""

    def check(self, value: Any, path: str) -> None:
        """Raise unless `value` is a finite number of seconds, at least zero."""
        if type(value) not in (int, float) or not 0 <= value < 10**9:
            raise CorruptState(f"{path}: {shown(value)} is not a number of seconds")


HEADER_SCHEMA = Obj({
    "format": Str((FORMAT,)), "game": Str(max_len=40), "version": Int(0, 10**6),
    "players": Int(1, 99), "options": AnyObj(),
    "bots": List(Str(max_len=200), min_len=1, max_len=1000),
    "seed": Int(-(2**63), 2**63)})


def line_schema(players: int) -> Obj:
    """Return the declared shape of one game line for `players` seats."""
    return Obj({
        "index": Int(0, MAX_INDEX), "seed": Int(0, MAX_SEED),
        "seats": List(Str(max_len=200), length=players), "record": AnyObj(),
        "scores": List(SCORE, length=players), "ranks": List(Int(1, players), length=players),
        "decisions": Int(0, MAX_ACTIONS), "seat_decisions": List(Int(0, MAX_ACTIONS),
                                                                 length=players),
        "seconds": Seconds()})


@dataclass(frozen=True)
class GameSummary:
    """What the standings need of one game; the record stays in the file, so a long
    tournament's standings do not hold every game's actions in memory."""

    index: int
    seats: tuple[str, ...]
    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    decisions: int
    seconds: float

    @property
    def winners(self) -> tuple[int, ...]:
        """Return the seats ranked first."""
        return tuple(s for s, r in enumerate(self.ranks) if r == 1)


@dataclass(frozen=True)
class GameResult:
    """One game of a tournament, as its line in the results file holds it."""

    index: int
    seed: int
    seats: tuple[str, ...]
    record: Record
    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    decisions: int
    seat_decisions: tuple[int, ...]
    seconds: float

    def summary(self) -> GameSummary:
        """Return what the standings need of this game."""
        return GameSummary(self.index, self.seats, self.scores, self.ranks, self.decisions,
                           self.seconds)

    def to_json(self) -> dict[str, Any]:
        """Return the game's line as data."""
        return {"index": self.index, "seed": self.seed, "seats": list(self.seats),
                "record": self.record.to_json(), "scores": list(self.scores),
                "ranks": list(self.ranks), "decisions": self.decisions,
                "seat_decisions": list(self.seat_decisions), "seconds": self.seconds}

    @staticmethod
    def from_json(data: Any, config: Config, schedule: Schedule) -> GameResult:
        """Read one game line of a tournament of `config` (raise CorruptState if it is not
        one of its games)."""
        line_schema(config.players).check(data, "game")
        record = Record.from_json(data["record"])
        index = data["index"]
        game = GameResult(index, data["seed"], tuple(data["seats"]), record,
                          tuple(data["scores"]), tuple(data["ranks"]), data["decisions"],
                          tuple(data["seat_decisions"]), data["seconds"])
        problem = game.disagreement(config, schedule)
        if problem:
            raise CorruptState(f"game {index}: {problem}")
        return game

    def disagreement(self, config: Config, schedule: Schedule) -> str:
        """Return why this game is not game `index` of the tournament ('' when it is)."""
        record = self.record
        if self.seed != game_seed(config.seed, self.index):
            return f"seed {self.seed} is not the seed of game {self.index}"
        if self.seats != schedule.seats(self.index):
            return "the seats are not those the schedule gives this game"
        if (record.game, record.version, record.players) != (
                config.game, config.version, config.players):
            return "the record is of another game, version or player count"
        if record.options != dict(config.options) or record.seed != self.seed:
            return "the record's options or seed differ from the tournament's"
        if record.bots != list(self.seats):
            return "the record's bots differ from the seats"
        result = record.result or {}
        if (result.get("scores"), result.get("ranks")) != (list(self.scores), list(self.ranks)):
            return "the record's result differs from the scores and ranks"
        counted = [0] * config.players
        for player, _ in record.actions:
            if not 0 <= player < config.players:
                return f"the record has an action by a seat outside the game ({shown(player)})"
            counted[player] += 1
        if self.decisions != len(record.actions) or tuple(counted) != self.seat_decisions:
            return "the decision counts differ from the record's actions"
        return ""


def read_header(data: Any) -> Config:
    """Read a header line (raise CorruptState if it is not one)."""
    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise CorruptState(f"the first line is not a tavola tournament header "
                           f"(format {FORMAT!r})")
    HEADER_SCHEMA.check(data, "header")
    bots = data["bots"]
    if len(set(bots)) != len(bots) and len(bots) != data["players"]:
        raise CorruptState("header.bots: a bot appears twice in a list that is not a line-up")
    return Config(data["game"], data["version"], data["players"], dict(data["options"]),
                  tuple(data["bots"]), data["seed"])


def _lines(path: Path) -> Iterator[tuple[int, bytes]]:
    """Yield (line number, bytes) of each line; the last must end with a newline."""
    with path.open("rb") as handle:
        number = 0
        while True:
            raw = handle.readline(MAX_LINE_BYTES + 1)
            if not raw:
                return
            number += 1
            if len(raw) > MAX_LINE_BYTES:
                raise CorruptRecord(f"{path}: line {number} is longer than "
                                    f"{MAX_LINE_BYTES // 1024} kB")
            if not raw.endswith(b"\n"):
                raise CorruptRecord(f"{path}: line {number} is cut short (no line end); "
                                    "remove it to go on")
            yield number, raw


def read_results(path: Path) -> tuple[Config, list[GameSummary]]:
    """Read and check a whole results file; return its tournament and a summary of each
    game (raise CorruptRecord with one line if it is not sound)."""
    config: Config | None = None
    schedule: Schedule | None = None
    games: list[GameSummary] = []
    seen: set[int] = set()
    try:
        for number, raw in _lines(path):
            where = f"{path}: line {number}"
            data = parse_json(raw, where, CorruptRecord, MAX_LINE_BYTES)
            try:
                if config is None or schedule is None:
                    config = read_header(data)
                    schedule = Schedule(config.bots, config.players)
                    continue
                game = GameResult.from_json(data, config, schedule)
            except (CorruptState, CorruptRecord, BadOptions) as exc:
                raise CorruptRecord(f"{where}: {exc}") from None
            if game.index in seen:
                raise CorruptRecord(f"{where}: game {game.index} appears twice")
            seen.add(game.index)
            games.append(game.summary())
    except OSError as exc:
        raise CorruptRecord(f"cannot read {path}: {exc.strerror}") from None
    if config is None:
        raise CorruptRecord(f"{path} is empty: it holds no tournament")
    return config, games


class ResultsFile:
    """A results file opened for appending, locked against a second run writing to it."""

    def __init__(self, path: Path, config: Config) -> None:
        """Open `path` for `config`: create it with its header, or check that it holds the
        same tournament (raise ResultsMismatch if another, CorruptRecord if unreadable)."""
        self.path = path
        self.games: list[GameSummary] = []
        flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT
        try:
            self.fd = os.open(path, flags, 0o644)
        except OSError as exc:
            raise CorruptRecord(f"cannot open {path}: {exc.strerror}") from None
        try:
            try:
                fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                raise CorruptRecord(f"{path} is being written by another run") from None
            if os.fstat(self.fd).st_size == 0:
                self._write(dumps(config.header()))
            else:
                found, self.games = read_results(path)
                difference = found.difference(config)
                if difference:
                    raise ResultsMismatch(f"{path} holds another tournament "
                                          f"({difference}); give another results file")
        except BaseException:
            os.close(self.fd)
            raise

    def _write(self, line: str) -> None:
        data = (line + "\n").encode()
        # One write on an O_APPEND descriptor: a crash leaves whole lines, not interleaved ones.
        written = os.write(self.fd, data)
        if written != len(data):
            raise CorruptRecord(f"{self.path}: the disk took only part of a line")

    def append(self, line: str, summary: GameSummary) -> None:
        """Add one finished game: its line (see `dumps`) and its summary."""
        self._write(line)
        self.games.append(summary)

    def close(self) -> None:
        """Release the file."""
        with contextlib.suppress(OSError):
            os.close(self.fd)

    def __enter__(self) -> ResultsFile:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
