"""Play one game between agents, recording every action."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from tavola.agents import Agent, decide, make_agent
from tavola.core import Record, State, make


@dataclass
class GameOutcome:
    """A finished (or abandoned) game: its record, final state and decision counts."""

    record: Record
    final: State
    decisions: int
    seat_decisions: list[int] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """Return the summary that `simulate --json` and `replay --json` print.

        Seats are 0-based here, as in saved records. `scores`, `ranks` and `winners` are
        null for an unfinished game.
        """
        finished = self.final.is_terminal
        result = self.final.result() if finished else None
        return {"game": self.record.game, "seed": self.record.seed,
                "players": self.record.players, "options": self.record.options,
                "bots": self.record.bots, "finished": finished,
                "scores": list(result.scores) if result else None,
                "ranks": list(result.ranks) if result else None,
                "winners": list(result.winners) if result else None,
                "decisions": self.decisions}


def play_game(state: State, agents: Sequence[Agent], rng: random.Random,
              record: Record | None = None,
              on_step: Callable[[State], None] | None = None,
              seat_decisions: list[int] | None = None) -> tuple[State, int]:
    """Play `state` to the end; return the final state and the number of decisions.

    When several players are pending, the first of them acts; each sees only its own view,
    so a choice already made by another pending player stays hidden from it. Decisions per
    seat are added to `seat_decisions` when it is given.
    """
    decisions = 0
    limit = state.game.info.max_decisions
    while not state.is_terminal:
        player = state.to_act[0]
        action = decide(agents[player], state, player, rng)
        state = state.apply(player, action)
        if record is not None:
            record.add(player, action)
        if seat_decisions is not None:
            seat_decisions[player] += 1
        decisions += 1
        if on_step is not None:
            on_step(state)
        if decisions > limit:
            raise RuntimeError(f"game exceeded {limit} decisions")
    return state, decisions


def run_match(game: str, players: int, seed: int, bots: Sequence[str],
              options: dict[str, object] | None = None) -> GameOutcome:
    """Set up and play one game with the named bots by seat; return its outcome."""
    state = make(game, players, seed, **(options or {}))
    agents = [make_agent(name, game, user_classes=True) for name in bots]
    record = Record.start(state, seed, list(bots))
    seat_decisions = [0] * players
    final, decisions = play_game(state, agents, random.Random(seed), record,
                                 seat_decisions=seat_decisions)
    record.finish(final)
    return GameOutcome(record, final, decisions, seat_decisions)


def outcome_of(record: Record) -> GameOutcome:
    """Replay and verify a saved record; return its outcome (raise CorruptRecord if bad)."""
    states = record.replay()
    seat_decisions = [0] * record.players
    for player, _ in record.actions:
        seat_decisions[player] += 1
    return GameOutcome(record, states[-1], len(record.actions), seat_decisions)


def win_share(game: str, players: int, games: int, bot: str = "greedy",
              opponent: str = "random", first_seed: int = 0,
              options: dict[str, Any] | None = None) -> float:
    """Return `bot`'s share of wins in one seat against `opponent` everywhere else; game i
    uses seed first_seed + i with the bot in seat i mod players; k tied winners each get 1/k."""
    wins = 0.0
    for i in range(games):
        seat = i % players
        bots = [opponent] * players
        bots[seat] = bot
        result = run_match(game, players, first_seed + i, bots, options).final.result()
        if seat in result.winners:
            wins += 1 / len(result.winners)
    return wins / games
