"""The game contract shared by every game, bot, adapter and the server."""

from tavola.core.action import Action, act
from tavola.core.encoding import Encoding, Slice
from tavola.core.errors import (
    BadOptions,
    CorruptRecord,
    CorruptState,
    IllegalAction,
    MalformedAction,
    NotPending,
    TavolaError,
    UnknownGame,
    UnknownPlayer,
)
from tavola.core.events import Catalog, Event
from tavola.core.game import (
    LANGUAGES,
    Game,
    GameInfo,
    InfoSet,
    OptionSpec,
    Policy,
    Result,
    State,
)
from tavola.core.record import Record
from tavola.core.registry import game_class, game_names, info, load, make, register, state_from_json
from tavola.core.rng import Rng

__all__ = [
    "LANGUAGES", "Action", "BadOptions", "Catalog", "CorruptRecord", "CorruptState", "Encoding",
    "Event", "Game", "GameInfo", "IllegalAction", "InfoSet", "MalformedAction", "NotPending",
    "OptionSpec", "Policy", "Record", "Result", "Rng", "Slice", "State", "TavolaError",
    "UnknownGame", "UnknownPlayer", "act", "game_class", "game_names", "info", "load", "make",
    "register", "state_from_json",
]
