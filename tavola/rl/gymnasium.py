"""Gymnasium environments: one learning seat of a tavola game, the other seats played by bots.

Importing this module registers ``tavola/<game>-v0`` for every game, e.g.::

    import gymnasium
    import tavola.rl.gymnasium  # noqa: F401  (registers the ids)

    env = gymnasium.make("tavola/rattus-v0", players=3, opponents="greedy")

Options: `players` (the least the game allows by default), `seat` (the learner's seat, 0 by
default), `opponents` (a bot spec for every other seat, or a comma list with one spec per
other seat in seat order: ``"greedy"``, ``"random,ismcts:iterations=50"``), `illegal`
(what an index that is no legal action does: ``"lose"``, the default, ends the episode
there with the reward -1, the worst utility, and the step's info says ``illegal``, as
PettingZoo's classic games do (their `TerminateIllegalWrapper`), so that every action of the
space can be stepped, as Gymnasium's `check_env` and learners that do not mask need;
``"raise"``: IllegalAction is raised and nothing changes; ``"random"``: a uniformly random
legal action is played instead and the info says ``illegal``), `render_mode` (``"ansi"``:
the learner's view as the terminal draws it), and the game's own options.

Vector envs: ``gymnasium.make_vec("tavola/<game>-v0", num_envs=N, **options)`` steps N
games in one call on the native core (`tavola.native.gym.NativeGymVector`, the ids'
`vector_entry_point`) for the games it plays, when it is installed (NativeUnavailable says
how to build it otherwise), with this env's `illegal` choices and default (a row that
loses starts its next game in the same step); ``vectorization_mode="sync"`` is
Gymnasium's vector env over copies of this env, for every game.
See docs/rl.md.

The action space is `Discrete(K)`, the observation a float32 Box in [0, 1] (the learner's
`state.observation`); ``info["action_mask"]`` and `action_masks()` (for sb3-contrib's
maskable algorithms) give the legal indices. The reward is 0 until the game ends, then the
learner's `Result.utilities()` (+1 first ... -1 last); the last info holds the raw
``scores`` and ``ranks``. The opponents decide from their own seats' information sets
(`tavola.agents.decide`); in a simultaneous step the learner chooses first, and its choice
stays hidden from them until the step resolves.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt

from tavola.agents import Agent, decide, make_agent, split_specs
from tavola.core import BadOptions, IllegalAction, State, game_names
from tavola.core.action import quote
from tavola.rl.common import (
    SEED_BITS,
    FloatArray,
    as_index,
    load_game,
    mask_array,
    observation_array,
)

ILLEGAL_CHOICES = ("lose", "raise", "random")


def env_id(game: str) -> str:
    """Return the Gymnasium id of a game's environment, e.g. ``tavola/notre-dame-v0``."""
    return f"tavola/{game}-v0"


class TavolaEnv(gymnasium.Env[FloatArray, np.int64]):
    """One seat of a tavola game for a single learner; bots play the other seats."""

    # Text frames are not timed; the rate is declared because Gymnasium's checker asks.
    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 (as Env declares it)

    def __init__(self, game: str, players: int | None = None, seat: int = 0,
                 opponents: str = "random", illegal: str = "lose",
                 render_mode: str | None = None, **options: Any) -> None:
        self.game = load_game(game, players, options)
        count = self.game.players
        if type(seat) is not int or not 0 <= seat < count:
            raise BadOptions(f"seat is one of 0-{count - 1}, not {quote(seat, 24)}")
        if illegal not in ILLEGAL_CHOICES:
            raise BadOptions(f"illegal is one of {', '.join(ILLEGAL_CHOICES)}, "
                             f"not {quote(illegal, 24)}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise BadOptions(f"render_mode is 'ansi' or None, not {quote(render_mode, 24)}")
        specs = split_specs(opponents)
        if len(specs) not in (1, count - 1):
            raise BadOptions(f"give one bot spec for every other seat or one per other seat "
                             f"({count - 1}), not {len(specs)}")
        others = [p for p in range(count) if p != seat]
        self._specs = {p: specs[0] if len(specs) == 1 else specs[k]
                       for k, p in enumerate(others)}
        for spec in set(self._specs.values()):
            make_agent(spec, game)  # a bad spec fails here, once, not at the first reset
        self.name = game
        self.seat = seat
        self.illegal = illegal
        self.render_mode = render_mode
        encoding = self.game.encoding()
        self.size = encoding.size
        self.action_space = gymnasium.spaces.Discrete(encoding.size)
        self.observation_space = gymnasium.spaces.Box(0.0, 1.0, (encoding.length,), np.float32)
        self._state: State | None = None
        self._lost = False  # the episode ended on an illegal index (illegal="lose")
        self._bots: dict[int, Agent] = {}
        self._rng = random.Random()

    @property
    def game_state(self) -> State | None:
        """The true tavola state (every seat's secrets: never hand it to a learner)."""
        return self._state

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[FloatArray, dict[str, Any]]:
        """Start a new game and play the bots up to the learner's first decision. With
        `seed`, the game is the one `tavola.make` sets up for that seed. (`options` is
        accepted for the API and unused: game options are set when the env is made.)"""
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(2**SEED_BITS))
        self._rng = random.Random(int(self.np_random.integers(2**SEED_BITS)))
        self._bots = {p: make_agent(spec, self.name) for p, spec in self._specs.items()}
        self._state = self.game.new_state(game_seed)
        self._lost = False
        self._play_bots()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[FloatArray, float, bool, bool, dict[str, Any]]:
        """Play the learner's action index, then the bots up to its next decision or the
        end."""
        state = self._state
        if state is None or state.is_terminal or self._lost:
            raise IllegalAction("no game in play: call reset() first")
        illegal = False
        try:
            move = state.action_at(self.seat, as_index(action, self.size))
        except IllegalAction:
            if self.illegal == "raise":
                raise
            if self.illegal == "lose":
                self._lost = True
                info = self._info()
                info["illegal"] = True
                return self._observation(), -1.0, True, False, info
            legal = state.legal_actions(self.seat)
            move, illegal = legal[self._rng.randrange(len(legal))], True
        self._state = state.apply(self.seat, move)
        self._play_bots()
        info = self._info()
        if illegal:
            info["illegal"] = True
        reward = 0.0
        if self._state.is_terminal:
            result = self._state.result()
            reward = result.utilities()[self.seat]
            info["scores"], info["ranks"] = list(result.scores), list(result.ranks)
        return self._observation(), reward, self._state.is_terminal, False, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """Return the learner's legal-action mask as booleans (for sb3-contrib)."""
        if self._state is None:
            raise IllegalAction("no game yet: call reset() first")
        return mask_array(self._state, self.seat, self.size).astype(np.bool_)

    def render(self) -> str | None:
        """Return the learner's view as the terminal draws it (``render_mode='ansi'``)."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() without render_mode: make the env with "
                                  "render_mode='ansi'")
            return None
        if self._state is None:
            raise IllegalAction("no game yet: call reset() first")
        return self.game.render_view(self._state.view(self.seat))

    def _play_bots(self) -> None:
        """Let the bots act until the learner is asked to act or the game ends."""
        state = self._state
        assert state is not None
        while not state.is_terminal and self.seat not in state.to_act:
            seat = state.to_act[0]
            state = state.apply(seat, decide(self._bots[seat], state, seat, self._rng))
        self._state = state

    def _observation(self) -> FloatArray:
        assert self._state is not None
        return observation_array(self._state, self.seat)

    def _info(self) -> dict[str, Any]:
        assert self._state is not None
        return {"action_mask": mask_array(self._state, self.seat, self.size)}


def register() -> list[str]:
    """Register ``tavola/<game>-v0`` for every game (done on import); return the ids. A
    game the native batch plays also gets it as the id's `vector_entry_point`
    (`tavola.native.gym.NativeGymVector`), which `gymnasium.make_vec` uses by default."""
    from tavola.native.vector import BATCHES

    ids = []
    for name in game_names():
        ident = env_id(name)
        if ident not in gymnasium.registry:
            vector = "tavola.native.gym:NativeGymVector" if name in BATCHES else None
            gymnasium.register(id=ident, entry_point="tavola.rl.gymnasium:TavolaEnv",
                               vector_entry_point=vector, kwargs={"game": name})
        ids.append(ident)
    return ids


register()
