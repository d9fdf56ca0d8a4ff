"""Play one game between agents, recording every action."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tavola.agents import Agent, make_agent
from tavola.core import Record, State, make


@dataclass
class GameOutcome:
    """A finished game: its record, final state and decision count."""

    record: Record
    final: State
    decisions: int

    def to_json(self) -> dict[str, object]:
        """Return the summary that `simulate --json` and `replay --json` print."""
        result = self.final.result()
        return {"game": self.record.game, "seed": self.record.seed,
                "players": self.record.players, "options": self.record.options,
                "bots": self.record.bots, "scores": list(result.scores),
                "ranks": list(result.ranks), "winners": list(result.winners),
                "decisions": self.decisions}


def play_game(state: State, agents: Sequence[Agent], rng: random.Random,
              record: Record | None = None,
              on_step: Callable[[State], None] | None = None) -> tuple[State, int]:
    """Play `state` to the end; return the final state and the number of decisions."""
    decisions = 0
    limit = state.game.info.max_decisions
    while not state.is_terminal:
        for player in state.to_act:
            legal = state.legal_actions(player)
            agent = agents[player]
            view = state.view(player) if agent.needs_view else None
            action = agent.act(view, legal, rng)
            state = state.apply(player, action)
            if record is not None:
                record.add(player, action)
            decisions += 1
            if on_step is not None:
                on_step(state)
            if decisions > limit:
                raise RuntimeError(f"game exceeded {limit} decisions")
            break
    return state, decisions


def run_match(game: str, players: int, seed: int, bots: Sequence[str],
              options: dict[str, object] | None = None) -> GameOutcome:
    """Set up and play one game with the named bots by seat; return its outcome."""
    state = make(game, players, seed, **(options or {}))
    agents = [make_agent(name, game) for name in bots]
    record = Record.start(state, seed, list(bots))
    final, decisions = play_game(state, agents, random.Random(seed), record)
    record.finish(final)
    return GameOutcome(record, final, decisions)
