"""The registry of games: `make(name, players=N, seed=S, **options)`.

Each game package under `tavola.games` registers its `Game` class when imported; the
registry imports every package there on first use, so a new game is a new folder and
nothing in the core changes.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping
from typing import Any

from tavola.core.errors import BadOptions, CorruptState, UnknownGame
from tavola.core.game import Game, GameInfo, State
from tavola.core.schema import check_plain, shown

_GAMES: dict[str, type[Game]] = {}
_discovered = False


def register(game: type[Game]) -> type[Game]:
    """Register a Game class under its declared name (usable as a class decorator)."""
    name = game.info.name
    if name in _GAMES and _GAMES[name] is not game:
        raise ValueError(f"two games registered as {name!r}")
    _GAMES[name] = game
    return game


def _discover() -> None:
    global _discovered
    if _discovered:
        return
    _discovered = True
    import tavola.games as package

    for module in pkgutil.iter_modules(package.__path__):
        if module.ispkg:
            importlib.import_module(f"tavola.games.{module.name}")


def game_names() -> list[str]:
    """Return the names of all registered games, sorted."""
    _discover()
    return sorted(_GAMES)


def game_class(name: str) -> type[Game]:
    """Return the Game class registered as `name`."""
    _discover()
    try:
        return _GAMES[name]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise UnknownGame(f"no game called {name!r} (games: {known})") from None


def info(name: str) -> GameInfo:
    """Return the declared facts of a game."""
    return game_class(name).info


def load(name: str, players: int, **options: Any) -> Game:
    """Return the rules of `name` for `players` with `options`."""
    return game_class(name)(players, options)


def make(name: str, players: int, seed: int = 0, **options: Any) -> State:
    """Set up a new game and return its first state."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise BadOptions(f"seed must be a whole number, not {seed!r}")
    return load(name, players, **options).new_state(seed)


def state_from_json(data: Any) -> State:
    """Rebuild any state written by `State.to_json`, trusting nothing in it (raise
    CorruptState with one line if it is not a possible position of a known game)."""
    check_plain(data, "state")
    if not isinstance(data, Mapping):
        raise CorruptState("a saved state is a JSON object")
    name, version = data.get("game"), data.get("version")
    if type(name) is not str:
        raise CorruptState("a saved state names its game")
    try:
        cls = game_class(name)
    except UnknownGame as exc:
        raise CorruptState(str(exc)) from None
    if version != cls.info.version:
        raise CorruptState(f"state of {cls.info.name} version {shown(version)}, "
                           f"this is version {cls.info.version}")
    players, options = data.get("players"), data.get("options")
    if type(players) is not int or not isinstance(options, Mapping):
        raise CorruptState("a saved state gives its player count and options")
    try:
        game = cls(players, dict(options))
    except BadOptions as exc:
        raise CorruptState(str(exc)) from None
    return game.state_from_json(data)
