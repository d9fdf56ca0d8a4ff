"""The native core: tavola's games compiled (C++17), proven identical to the Python reference.

The Python engine (`tavola.games`) is the reference of the rules and the engine a player's
game runs on; the native core plays exactly the same games many times faster, for search,
rollouts, tournaments and learning. It is a separate distribution, `tavola-native` (the
folder `native/` of the repository), built from source where a C++ compiler is present;
`pip install tavola` alone stays pure Python. `available()` says whether it is installed,
`engine()` which engine runs; `TAVOLA_NATIVE=0` in the environment makes tavola ignore an
installed core. docs/native.md says how it is built, tested and measured.

Games in the native core: `GAMES`. Each has a module here (`tavola.native.rattus`) that
converts positions between the engines and drives the native state by action indices.
"""

from __future__ import annotations

import importlib
import os
import random
from collections.abc import Callable
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tavola.core import Game

GAMES: tuple[str, ...] = ("rattus", "notre-dame", "intrige", "nottingham")
"""The games the native core plays."""

ABI = 15
"""The version of the compiled module's interface this package speaks."""


class NativeUnavailable(RuntimeError):
    """The native core is not installed (or not the version this tavola speaks)."""


def _load() -> ModuleType | None:
    if os.environ.get("TAVOLA_NATIVE") == "0":  # the Python engine on request
        return None
    try:
        module = importlib.import_module("tavola_native")
    except ImportError:
        return None
    return module if getattr(module, "ABI", None) == ABI else None


_CORE = _load()


def available() -> bool:
    """Return whether the compiled native core is installed and speaks this tavola's ABI."""
    return _CORE is not None


def engine() -> str:
    """Return the engine that runs the native-capable paths: 'native' or 'python'."""
    return "native" if _CORE is not None else "python"


def core() -> ModuleType:
    """Return the compiled module; raise NativeUnavailable (with how to build it) if absent."""
    if _CORE is None:
        raise NativeUnavailable(
            "the native core is not installed: with a C++ compiler, run "
            "`pip install ./native` in a tavola checkout (docs/native.md)")
    return _CORE


RolloutFunction = Callable[[Any, random.Random, int], tuple[float, ...]]
"""`(state, rng, cutoff) -> utilities`: a rollout as `tavola.agents.search` plays it."""


def plays(game: Game) -> bool:
    """Return whether the installed native core plays `game`, at the rules version of the
    reference (`game.info.version`: a core built for other rules is not used)."""
    if _CORE is None or game.info.name not in GAMES:
        return False
    key = game.info.name.replace("-", "_").upper() + "_VERSION"
    return bool(getattr(_CORE, key, None) == game.info.version)


def native_rollout(game: Game, policy: str) -> RolloutFunction | None:
    """Return the native rollout of `game`'s states with `policy` ("random", or a policy the
    game declares, as `tavola.agents.search` names them), or None where the native core is
    absent or does not play that game with that policy. It draws from the rollout's
    generator exactly what the Python rollout draws and plays the same moves, so a search
    decides identically with either engine."""
    if not plays(game):
        return None
    module = importlib.import_module(f"tavola.native.{game.info.name.replace('-', '_')}")
    function: RolloutFunction | None = module.ROLLOUTS.get(policy)
    return function
