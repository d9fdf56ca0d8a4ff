"""tavola: rules engines, play and game-AI research for four classic tabletop games."""

from tavola.core import (
    Action,
    Record,
    State,
    TavolaError,
    game_names,
    info,
    load,
    make,
    state_from_json,
)

__all__ = ["Action", "Record", "State", "TavolaError", "game_names", "info", "load", "make",
           "state_from_json"]
__version__ = "0.1.0"
