"""PettingZoo environments for every tavola game: `env(...)` (AEC) and `parallel_env(...)`.

Each seat is an agent, ``player_0`` ... ``player_{N-1}``; its action space is
`Discrete(K)` (the game's `Encoding.size`) and its observation a dict of
``observation`` (float32 in [0, 1], the seat's `state.observation`) and ``action_mask``
(int8, 1 at each legal index; all 0 when the seat is not asked to act). Rewards are 0 until
the game ends, then each seat's `Result.utilities()` (+1 first ... -1 last); the final
``infos`` hold the raw ``scores`` and ``ranks``. Nothing is truncated: every game ends by
its own rules.

Simultaneous steps (several seats pending at once): the AEC env selects the pending seats one
after another (`state.to_act[0]` each time). The game contract makes this exact: within such
a step the pending set and each pending seat's legal actions do not depend on the others'
choices, a choice made is hidden from the others until the step resolves, and the outcome
does not depend on the order. The parallel env takes every pending seat's action in one
`step`; in a sequential step only the seat to act has legal actions (`acting` names them),
and the actions given for the other live agents are ignored, as PettingZoo's parallel API
sends one for every live agent.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import wrappers

from tavola.core import BadOptions, Game, IllegalAction, State
from tavola.core.action import quote
from tavola.rl.common import (
    FloatArray,
    MaskArray,
    SeedStream,
    agent_name,
    as_index,
    load_game,
    mask_array,
    observation_array,
    seat_of,
)

Observation = dict[str, FloatArray | MaskArray]
RENDER_MODES = ("ansi",)


def env_name(game: str) -> str:
    """Return the PettingZoo name of a game's environment, e.g. ``tavola_notre_dame_v0``."""
    return f"tavola_{game.replace('-', '_')}_v0"


class _Table:
    """The part both environments share: the rules, the spaces, the live state."""

    def __init__(self, game: str, players: int | None, render_mode: str | None,
                 options: dict[str, Any]) -> None:
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise BadOptions(f"render_mode is one of {', '.join(RENDER_MODES)} or None, "
                             f"not {quote(render_mode, 24)}")
        self.game: Game = load_game(game, players, options)
        encoding = self.game.encoding()
        self.size = encoding.size
        self.agents_all = [agent_name(p) for p in range(self.game.players)]
        self.observation_spaces: dict[str, gymnasium.spaces.Dict] = {
            a: gymnasium.spaces.Dict({
                "observation": gymnasium.spaces.Box(0.0, 1.0, (encoding.length,), np.float32),
                "action_mask": gymnasium.spaces.Box(0, 1, (encoding.size,), np.int8),
            }) for a in self.agents_all}
        self.action_spaces: dict[str, gymnasium.spaces.Discrete] = {
            a: gymnasium.spaces.Discrete(encoding.size) for a in self.agents_all}
        self.seeds = SeedStream()
        self.state: State | None = None

    def agent(self, agent: str) -> str:
        """Return `agent` if it is one of this game's agents; raise UnknownPlayer if not."""
        return self.agents_all[seat_of(agent, self.game.players)]

    def live(self) -> State:
        """Return the state, refusing before the first reset."""
        if self.state is None:
            raise IllegalAction("no game yet: call reset() first")
        return self.state

    def observe(self, agent: str) -> Observation:
        """Return `agent`'s observation and mask."""
        state = self.live()
        seat = seat_of(agent, self.game.players)
        return {"observation": observation_array(state, seat),
                "action_mask": mask_array(state, seat, self.size)}

    def final_infos(self) -> dict[str, dict[str, Any]]:
        """Return each agent's info at the end: the raw scores and ranks of every seat."""
        result = self.live().result()
        return {a: {"scores": list(result.scores), "ranks": list(result.ranks)}
                for a in self.agents_all}

    def render(self, render_mode: str | None) -> str | None:
        """Return the spectator's picture of the table (no seat's hidden information)."""
        if render_mode is None:
            gymnasium.logger.warn("render() without render_mode: make the env with "
                                  "render_mode='ansi'")
            return None
        state = self.live()
        return self.game.render_view(state.view(None))


class TavolaAECEnv(AECEnv):  # type: ignore[misc]
    """A tavola game as a PettingZoo AEC environment; the agent to act follows
    `state.to_act` (pending seats of a simultaneous step one after another)."""

    def __init__(self, game: str, players: int | None = None, render_mode: str | None = None,
                 **options: Any) -> None:
        super().__init__()
        self._table = _Table(game, players, render_mode, options)
        self.render_mode = render_mode
        self.metadata = {"name": env_name(game), "render_modes": list(RENDER_MODES),
                         "is_parallelizable": True}
        self.possible_agents = list(self._table.agents_all)
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}
        self.agent_selection = self.possible_agents[0]

    @property
    def game(self) -> Game:
        """The rules being played (player count and options)."""
        return self._table.game

    @property
    def game_state(self) -> State | None:
        """The true tavola state (every seat's secrets: never hand it to a learner)."""
        return self._table.state

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """Return `agent`'s observation space (the same object every time)."""
        return self._table.observation_spaces[self._table.agent(agent)]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """Return `agent`'s action space (the same object every time)."""
        return self._table.action_spaces[self._table.agent(agent)]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game: with `seed`, the one `tavola.make` sets up for that seed.
        (`options` is accepted for the API and unused: game options are set when the env
        is made.)"""
        table = self._table
        table.state = table.game.new_state(table.seeds.next(seed))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = agent_name(table.state.to_act[0])

    def observe(self, agent: str) -> Observation:
        """Return `agent`'s observation tensor and legal-action mask."""
        return self._table.observe(agent)

    def step(self, action: Any) -> None:
        """Play the selected agent's action index; raise IllegalAction with one line (and
        change nothing) for an index that is no legal action of that agent now."""
        agent = self.agent_selection
        if self.terminations.get(agent) or self.truncations.get(agent):
            self._was_dead_step(action)
            return
        table = self._table
        state = table.live()
        seat = seat_of(agent, table.game.players)
        move = state.action_at(seat, as_index(action, table.size))
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        table.state = state = state.apply(seat, move)
        if state.is_terminal:
            for a, utility in zip(self.agents, state.result().utilities(), strict=True):
                self.rewards[a] = utility
                self.terminations[a] = True
            self.infos = table.final_infos()
        else:
            self.agent_selection = agent_name(state.to_act[0])
        self._accumulate_rewards()

    def render(self) -> str | None:
        """Return the spectator's picture of the table (``render_mode='ansi'``)."""
        return self._table.render(self.render_mode)

    def close(self) -> None:
        """Nothing to release."""


class TavolaParallelEnv(ParallelEnv):  # type: ignore[misc]
    """A tavola game as a PettingZoo parallel environment: every pending seat acts in one
    `step`, so a simultaneous step is one call."""

    def __init__(self, game: str, players: int | None = None, render_mode: str | None = None,
                 **options: Any) -> None:
        self._table = _Table(game, players, render_mode, options)
        self.render_mode = render_mode
        self.metadata = {"name": env_name(game), "render_modes": list(RENDER_MODES)}
        self.possible_agents = list(self._table.agents_all)
        self.agents: list[str] = []

    @property
    def game(self) -> Game:
        """The rules being played (player count and options)."""
        return self._table.game

    @property
    def game_state(self) -> State | None:
        """The true tavola state (every seat's secrets: never hand it to a learner)."""
        return self._table.state

    @property
    def acting(self) -> list[str]:
        """The agents asked to act in the next `step` (several in a simultaneous step)."""
        state = self._table.state
        if state is None or state.is_terminal:
            return []
        return [agent_name(p) for p in state.to_act]

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """Return `agent`'s observation space (the same object every time)."""
        return self._table.observation_spaces[self._table.agent(agent)]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """Return `agent`'s action space (the same object every time)."""
        return self._table.action_spaces[self._table.agent(agent)]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """Start a new game (see `TavolaAECEnv.reset`); return every agent's observation
        and info."""
        table = self._table
        table.state = table.game.new_state(table.seeds.next(seed))
        self.agents = list(self.possible_agents)
        return {a: table.observe(a) for a in self.agents}, {a: {} for a in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[
            dict[str, Observation], dict[str, float], dict[str, bool], dict[str, bool],
            dict[str, dict[str, Any]]]:
        """Play one action index for every pending seat; raise with one line (changing
        nothing) if a pending seat's action is missing or illegal, or an agent is unknown.
        Actions of live agents who are not asked to act are ignored."""
        table = self._table
        state = table.live()
        if state.is_terminal:
            raise IllegalAction("the game is over: call reset() to start another")
        if not isinstance(actions, dict):
            raise IllegalAction(f"step takes a dict of actions by agent, not "
                                f"{type(actions).__name__}")
        for agent in actions:
            seat_of(agent, table.game.players)
        # Every pending seat's choice is read against the state before any of them is
        # applied: the contract keeps their legal actions unchanged within the step.
        moves = []
        for seat in state.to_act:
            agent = agent_name(seat)
            if agent not in actions:
                raise IllegalAction(f"{agent} must act in this step (acting: "
                                    f"{', '.join(self.acting)})")
            moves.append((seat, state.action_at(seat, as_index(actions[agent], table.size))))
        for seat, move in moves:
            state = state.apply(seat, move)
        table.state = state
        agents = self.agents
        observations = {a: table.observe(a) for a in agents}
        if state.is_terminal:
            rewards = dict(zip(agents, state.result().utilities(), strict=True))
            self.agents = []
            return (observations, rewards, dict.fromkeys(agents, True),
                    dict.fromkeys(agents, False), table.final_infos())
        return (observations, dict.fromkeys(agents, 0.0), dict.fromkeys(agents, False),
                dict.fromkeys(agents, False), {a: {} for a in agents})

    def render(self) -> str | None:
        """Return the spectator's picture of the table (``render_mode='ansi'``)."""
        return self._table.render(self.render_mode)

    def close(self) -> None:
        """Nothing to release."""


def raw_env(game: str, players: int | None = None, render_mode: str | None = None,
            **options: Any) -> TavolaAECEnv:
    """Return the AEC environment of `game` without PettingZoo's checking wrappers."""
    return TavolaAECEnv(game, players, render_mode, **options)


def env(game: str, players: int | None = None, render_mode: str | None = None,
        **options: Any) -> Any:
    """Return the AEC environment of `game` for `players` seats (the least the game allows
    when None) with its `options`, inside PettingZoo's usual order-enforcing wrapper."""
    return wrappers.OrderEnforcingWrapper(raw_env(game, players, render_mode, **options))


def parallel_env(game: str, players: int | None = None, render_mode: str | None = None,
                 **options: Any) -> TavolaParallelEnv:
    """Return the parallel environment of `game` for `players` seats with its `options`."""
    return TavolaParallelEnv(game, players, render_mode, **options)
