"""What the RL adapters share: agent names, checked action indices, observation and mask
arrays, seed streams.

Every adapter computes a seat's observation as `state.observation(seat)` and its mask from
`state.legal_indices(seat)`, both from what that seat may know alone, so no adapter can show
a learner more than its seat's information set.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import numpy.typing as npt

from tavola.core import BadOptions, Game, IllegalAction, State, UnknownPlayer, game_class, load
from tavola.core.action import quote

AGENT_PREFIX = "player_"
SEED_BITS = 63
"""Seeds drawn for games when no seed is given are below 2**63."""

FloatArray = npt.NDArray[np.float32]
MaskArray = npt.NDArray[np.int8]


def agent_name(seat: int) -> str:
    """Return the agent name of a seat: ``player_0`` for seat 0 (shown as P1 elsewhere)."""
    return f"{AGENT_PREFIX}{seat}"


def seat_of(agent: object, players: int) -> int:
    """Return the seat of an agent name; raise UnknownPlayer with one line if there is none."""
    if isinstance(agent, str) and agent.startswith(AGENT_PREFIX):
        digits = agent[len(AGENT_PREFIX):]
        if digits.isascii() and digits.isdigit() and len(digits) < 4:
            seat = int(digits)
            if seat < players and agent == agent_name(seat):
                return seat
    raise UnknownPlayer(f"no agent {quote(agent, 24)} in a {players}-player game "
                        f"(agents are {agent_name(0)}-{agent_name(players - 1)})")


def load_game(name: str, players: int | None, options: dict[str, Any]) -> Game:
    """Return the rules of `name` for `players` (the least the game allows when None)."""
    cls = game_class(name)
    count = cls.info.min_players if players is None else players
    return load(name, count, **options)


def as_index(action: object, size: int) -> int:
    """Return an action index as a Python int; raise IllegalAction for anything that is not
    a whole number in 0..size-1 (numpy integers and 0-d integer arrays are accepted)."""
    value: object = action
    if isinstance(value, np.ndarray) and value.shape in ((), (1,)):
        value = value.reshape(()).item() if np.issubdtype(value.dtype, np.integer) else None
    if isinstance(value, np.integer):
        value = int(value)
    if type(value) is not int or not 0 <= value < size:
        raise IllegalAction(f"an action is an index 0-{size - 1}, not {quote(action, 24)}")
    return value


def observation_array(state: State, seat: int) -> FloatArray:
    """Return `seat`'s observation tensor as float32."""
    return np.asarray(state.observation(seat), dtype=np.float32)


def mask_array(state: State, seat: int, size: int) -> MaskArray:
    """Return `seat`'s legal-action mask: 1 at the index of every legal action (all 0 when
    the seat is not asked to act)."""
    mask = np.zeros(size, dtype=np.int8)
    if seat in state.to_act:
        mask[list(state.legal_indices(seat))] = 1
    return mask


class SeedStream:
    """Seeds for successive games: `reset(seed=S)` plays the game `tavola.make` gives for
    seed S and restarts the stream from S, so later unseeded resets replay too."""

    def __init__(self) -> None:
        self._rng = random.Random()

    def next(self, seed: int | None) -> int:
        """Return the game seed for a reset given `seed` (None: the next one of the stream)."""
        if seed is None:
            return self._rng.getrandbits(SEED_BITS)
        if type(seed) is not int:
            if isinstance(seed, np.integer):
                seed = int(seed)
            else:
                raise BadOptions(f"a seed is a whole number, not {quote(seed, 24)}")
        self._rng = random.Random(seed)
        return seed
