"""Every game ends, even when every player stalls.

A stalling player always takes the action that moves the game least: pass, keep, forgo,
stay, leave, decline, or else the first (or last) legal action. With every seat stalling, a
game must still end within its declared `max_decisions`, which each game derives in its
docs as a proven bound.
"""

from __future__ import annotations

import random

from tavola.core import Action, State, make

STALL_KINDS = ("pass", "keep", "forgo", "stay", "leave", "decline", "done", "end", "skip",
               "none", "nothing", "no")


def stall(legal: tuple[Action, ...], mode: str, rng: random.Random) -> Action:
    """Return the stalling choice among `legal` ("first", "last" or "random" fallback)."""
    for kind in STALL_KINDS:
        for a in legal:
            if a.kind == kind:
                return a
    if mode == "first":
        return legal[0]
    if mode == "last":
        return legal[-1]
    return legal[rng.randrange(len(legal))]


def stalling_game(name: str, players: int, seed: int, mode: str, **options: object) -> State:
    """Play one game with every seat stalling; return the final state, asserting the bound."""
    state = make(name, players, seed, **options)
    bound = state.game.info.max_decisions
    rng = random.Random(seed)
    for _ in range(bound):
        if state.is_terminal:
            return state
        p = state.to_act[0]
        state = state.apply(p, stall(state.legal_actions(p), mode, rng))
    assert state.is_terminal, f"{name} ({players}p, seed {seed}, {mode}) did not end within " \
                              f"its declared bound of {bound} decisions"
    return state
