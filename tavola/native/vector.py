"""A batch of games stepped in one call, for learners: the native core's vector env.

`RattusVector(num_envs, players, seed, **options)` holds `num_envs` games of Rattus on the
native core (games `seed`, `seed + 1`, ... as `tavola.make` sets them up);
`NotreDameVector` likewise for Notre Dame, where the seat to act is the first of the seats
to act (several in its simultaneous draft); `IntrigeVector` for Intrige (whose set-up is
the same for every seed: the seed names the game and its random opponents' stream);
`NottinghamVector` for Nottingham (3 players by default), where the seat to act is the
first of the seats to act (in a Buy several seats offer at once: the first of them in the
reference's order, then the next).
Every game has one seat to act;
`step(actions)` takes one action index per game (numpy, of the game's fixed action space),
plays them all with the GIL released, and returns numpy arrays:

- `obs` float32 (num_envs, length): the observation tensor of the seat to act in each game;
- `mask` int8 (num_envs, K): that seat's legal indices;
- `to_act` int64 (num_envs,): the seat to act;
- `rewards` float32 (num_envs, players): every seat's utility (`Result.utilities()`) in the
  games this step ended, zeros elsewhere;
- `terminated` bool (num_envs,): which games this step ended. A finished game is set up
  again at once (autoreset), so `obs`, `mask` and `to_act` of that row are already the new
  game's first decision (`episode_seeds` says which game each row's rewards belong to).

Which games: row `i`'s `k`-th game (k = 0, 1, ...) is the game `tavola.make` sets up for
`game_seed(seed, i, k, num_envs)` = (seed + i + k * num_envs) mod 2**63. The first games are
`seed`, `seed + 1`, ... as Gymnasium seeds a vector env's copies, and a row's later games
depend only on how many games that row has played, never on the other rows.

The arrays are the batch's own, overwritten by the next call: copy what you keep. An
illegal index (or an array of the wrong shape or type) raises ValueError naming the game
and plays nothing; with `step(actions, lose=True)` an illegal index (but not a wrong array)
ends its row's game instead, a forfeit (-1 to the seat that chose, 0 to the others; the
`illegal` array marks those rows), as the single Gymnasium env's ``illegal="lose"`` does.
`final_obs` holds, in the rows that ended, the ended game's last observation of the seat
that made its last decision (the learner's, with a learner seat; in a forfeit, that seat's
observation of the position where it chose the illegal index).

By default every seat is the learner's (self-play): the seat to act says whose turn it is.
With `learner=seat`, the other seats play uniformly at random inside the core (each game's
own SplitMix64 stream, `opponents_stream(seed)`), so every row waits on that seat, and its
observation is that seat's (in Notre Dame's draft the learner chooses first, the random
seats after it; likewise in Nottingham's Buy the learner offers first). `tavola.native.gym.
RattusGymVector`, `NotreDameGymVector`, `IntrigeGymVector` and `NottinghamGymVector` offer
that as Gymnasium vector envs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from tavola.core import BadOptions, Game, Rng
from tavola.core.rng import seed_to_state
from tavola.games.intrige.config import BRIBE_ORDERS
from tavola.games.intrige.game import IntrigeGame
from tavola.games.notre_dame.game import NotreDame
from tavola.games.nottingham.game import NottinghamGame
from tavola.games.rattus.game import RattusGame
from tavola.native import NativeUnavailable, core
from tavola.native.intrige import NativeIntrige
from tavola.native.notre_dame import NativeNotreDame
from tavola.native.nottingham import NativeNottingham, _table
from tavola.native.rattus import NativeRattus

_SEEDS = 1 << 63
_OPPONENTS = 0xA5A5A5A5A5A5A5A5


def game_seed(seed: int, row: int, k: int, num_envs: int) -> int:
    """Return the seed of the `k`-th game (from 0) that row `row` of a batch of `num_envs`
    games made with `seed` plays (the native core's `batch_seed`)."""
    return (seed + row + k * num_envs) % _SEEDS


def opponents_stream(seed: int) -> Rng:
    """Return the generator the random opponents of game `seed` draw from: one
    `below(len(legal))` per decision of theirs, the legal actions in their order."""
    return Rng(seed_to_state(seed) ^ _OPPONENTS)


class NativeVector:
    """`num_envs` games of one game stepped together on the native core (the batch of
    `RattusVector`, `NotreDameVector`, `IntrigeVector` and `NottinghamVector`)."""

    def __init__(self, game: Game, num_envs: int, seed: int, learner: int | None) -> None:
        if type(num_envs) is not int or not 1 <= num_envs <= 1 << 20:
            raise BadOptions(f"num_envs is a whole number from 1 to {1 << 20}")
        if type(seed) is not int or not 0 <= seed < _SEEDS:
            raise BadOptions("seed is a whole number from 0 below 2**63")
        players = game.players
        if learner is not None and (type(learner) is not int or not 0 <= learner < players):
            raise BadOptions(f"learner is a seat 0-{players - 1} or None, not {learner!r}")
        self.game = game
        self.learner = learner
        encoding = self.game.encoding()
        self.num_envs = num_envs
        self.players = players
        self.size = encoding.size
        self.length = encoding.length
        self._v = self._native(num_envs, seed, -1 if learner is None else learner)
        self.obs: npt.NDArray[np.float32] = np.zeros((num_envs, self.length), np.float32)
        self.mask: npt.NDArray[np.int8] = np.zeros((num_envs, self.size), np.int8)
        self.to_act: npt.NDArray[np.int64] = np.zeros(num_envs, np.int64)
        self.rewards: npt.NDArray[np.float32] = np.zeros((num_envs, players), np.float32)
        self.terminated: npt.NDArray[np.bool_] = np.zeros(num_envs, np.bool_)
        self.episode_seeds: npt.NDArray[np.int64] = np.zeros(num_envs, np.int64)
        self.final_obs: npt.NDArray[np.float32] = np.zeros((num_envs, self.length), np.float32)
        self.illegal: npt.NDArray[np.bool_] = np.zeros(num_envs, np.bool_)
        self._v.observe_all(self.obs, self.mask, self.to_act)

    def _native(self, num_envs: int, seed: int, learner: int) -> Any:
        """Return the compiled batch of this game."""
        raise NotImplementedError

    def observe(self) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8],
                               npt.NDArray[np.int64]]:
        """Return (obs, mask, to_act) of the games as they stand."""
        return self.obs, self.mask, self.to_act

    def step(self, actions: npt.ArrayLike, lose: bool = False) -> tuple[
            npt.NDArray[np.float32], npt.NDArray[np.int8], npt.NDArray[np.int64],
            npt.NDArray[np.float32], npt.NDArray[np.bool_]]:
        """Play one action index per game; return (obs, mask, to_act, rewards, terminated).

        An index that is no legal action of its row's seat to act raises ValueError and
        plays nothing; with `lose`, that row's game ends there instead (a forfeit: -1 to
        the seat that chose, 0 to the others, `terminated` set, `final_obs` that seat's
        observation of the unchanged position, and the row's next game started), and
        `illegal` marks the rows that forfeited; the other rows play on."""
        given = np.asarray(actions)
        if given.shape != (self.num_envs,):
            raise ValueError(f"actions: one index per game, shape ({self.num_envs},), "
                             f"not {given.shape} (nothing was played)")
        if not np.issubdtype(given.dtype, np.integer):
            raise ValueError(f"actions are whole action indices (an integer array), not "
                             f"{given.dtype} (nothing was played)")
        out = (given < 0) | (given >= self.size)
        if out.any() and not lose:
            row = int(np.argmax(out))
            raise ValueError(f"game {row}: action index {given[row]} is outside the action "
                             f"space 0-{self.size - 1} (nothing was played)")
        # Outside the space (only with `lose`) is no legal action either: -1 says so to
        # the core whatever the integer was (a uint64 beyond int64 included).
        chosen = np.ascontiguousarray(given, dtype=np.int64)
        if out.any():
            chosen = chosen.copy()  # the caller's array is left as it was
            chosen[out] = -1
        bad = self._v.step(chosen, self.obs, self.mask, self.to_act, self.rewards,
                           self.terminated, self.episode_seeds, self.final_obs, lose,
                           self.illegal)
        if bad >= 0:
            raise ValueError(f"game {bad}: action index {int(chosen[bad])} is not a legal "
                             f"action of its seat to act (nothing was played)")
        return self.obs, self.mask, self.to_act, self.rewards, self.terminated

    def seeds(self) -> list[int]:
        """Return the seed of the game each row plays now (`game_seed`)."""
        seeds: list[int] = self._v.seeds
        return seeds


class RattusVector(NativeVector):
    """`num_envs` games of Rattus stepped together on the native core."""

    game: RattusGame

    def __init__(self, num_envs: int, players: int = 2, seed: int = 0,
                 learner: int | None = None, **options: Any) -> None:
        super().__init__(RattusGame(players, options), num_envs, seed, learner)

    def _native(self, num_envs: int, seed: int, learner: int) -> Any:
        config = self.game.config
        return core().RattusVector(num_envs, self.players, config.shared_ties, config.rounds,
                                   seed, learner)

    def state(self, index: int) -> NativeRattus:
        """Return a copy of game `index` as a native position."""
        return NativeRattus(self.game, self._v.state(index))


class NotreDameVector(NativeVector):
    """`num_envs` games of Notre Dame stepped together on the native core."""

    game: NotreDame

    def __init__(self, num_envs: int, players: int = 2, seed: int = 0,
                 learner: int | None = None, **options: Any) -> None:
        super().__init__(NotreDame(players, options), num_envs, seed, learner)

    def _native(self, num_envs: int, seed: int, learner: int) -> Any:
        return core().NotreDameVector(num_envs, self.players,
                                      self.game.setting.unlimited_gold, seed, learner)

    def state(self, index: int) -> NativeNotreDame:
        """Return a copy of game `index` as a native position."""
        return NativeNotreDame(self.game, self._v.state(index))


class IntrigeVector(NativeVector):
    """`num_envs` games of Intrige stepped together on the native core."""

    game: IntrigeGame

    def __init__(self, num_envs: int, players: int = 3, seed: int = 0,
                 learner: int | None = None, **options: Any) -> None:
        super().__init__(IntrigeGame(players, options), num_envs, seed, learner)

    def _native(self, num_envs: int, seed: int, learner: int) -> Any:
        table = self.game.table
        edition = ("1994", "amigo").index(table.edition.name)
        return core().IntrigeVector(num_envs, self.players, edition,
                                    BRIBE_ORDERS.index(table.bribe_order), seed, learner)

    def state(self, index: int) -> NativeIntrige:
        """Return a copy of game `index` as a native position."""
        return NativeIntrige(self.game, self._v.state(index))


class NottinghamVector(NativeVector):
    """`num_envs` games of Nottingham stepped together on the native core (the seat to
    act is the first of the seats to act: in a Buy, the first still to offer)."""

    game: NottinghamGame

    def __init__(self, num_envs: int, players: int = 3, seed: int = 0,
                 learner: int | None = None, **options: Any) -> None:
        super().__init__(NottinghamGame(players, options), num_envs, seed, learner)

    def _native(self, num_envs: int, seed: int, learner: int) -> Any:
        native = getattr(core(), "NottinghamVector", None)
        if native is None:  # a core built before Nottingham's batch
            raise NativeUnavailable(
                "the installed native core has no Nottingham batch: rebuild it with "
                "`pip install ./native` in this tavola checkout (docs/native.md)")
        return native(num_envs, *_table(self.game), seed, learner)

    def state(self, index: int) -> NativeNottingham:
        """Return a copy of game `index` as a native position."""
        return NativeNottingham(self.game, self._v.state(index))


BATCHES: dict[str, Callable[..., NativeVector]] = {
    "rattus": RattusVector, "notre-dame": NotreDameVector, "intrige": IntrigeVector,
    "nottingham": NottinghamVector}
"""The games the native batch plays, and its class for each."""


def batch_class(game: str) -> Callable[..., NativeVector]:
    """Return the native batch of `game`; raise BadOptions, saying what to use instead, for
    a game the native core does not play."""
    if game not in BATCHES:
        raise BadOptions(f"the native batch plays {', '.join(BATCHES)}, not {game!r}: for "
                         f"another game use Gymnasium's vectorization_mode='sync' over the "
                         f"Python env (docs/rl.md)")
    return BATCHES[game]


def make_batch(game: str, num_envs: int, players: int | None = None, seed: int = 0,
               learner: int | None = None, **options: Any) -> NativeVector:
    """Return the native batch of `num_envs` games of `game` (the least player count the
    game allows by default), from `seed`, every seat the learner's or only `learner`'s."""
    cls = batch_class(game)
    if players is None:
        return cls(num_envs, seed=seed, learner=learner, **options)
    return cls(num_envs, players, seed, learner, **options)
