"""Bots at a table: made from their specs, asked off the event loop, never trusted.

A bot decides through the agent contract (`tavola.agents.decide`), which hands it only its
seat's information set. It runs in a worker thread with a think-time budget; a decision
that raises, is not legal or comes too late is replaced by a uniformly random legal action
for that decision, and the failure is logged.
"""

from __future__ import annotations

import asyncio
import logging
import random
from concurrent.futures import Executor

from tavola.agents import Agent, decide, make_agent
from tavola.core import Action, State, TavolaError

log = logging.getLogger("tavola.server")

MAX_SPEC = 200


def make_bot(spec: str, game: str) -> Agent:
    """Return the agent a spec names for `game` (raise a tavola error otherwise)."""
    if len(spec) > MAX_SPEC:
        raise TavolaError("a bot spec is at most 200 characters")
    return make_agent(spec, game)


async def bot_decision(pool: Executor, agent: Agent, state: State, seat: int,
                       rng: random.Random, budget: float, where: str) -> tuple[Action, bool]:
    """Return `seat`'s decision by `agent` and whether it is the agent's own (False: the
    random fallback was used because the agent failed or ran out of time)."""
    loop = asyncio.get_running_loop()
    legal = state.legal_actions(seat)
    try:
        action = await asyncio.wait_for(
            loop.run_in_executor(pool, decide, agent, state, seat, rng), budget)
        if action not in legal:
            raise TavolaError(f"the bot chose {str(action)[:60]!r}, which is not legal")
        return action, True
    except TimeoutError:
        log.warning("%s: bot %s took longer than %.1f s; playing a random action",
                    where, agent.name, budget)
    except Exception as exc:  # a bot is outside code: any failure falls back to random
        log.warning("%s: bot %s failed (%s: %s); playing a random action",
                    where, agent.name, type(exc).__name__, str(exc)[:120])
    return legal[rng.randrange(len(legal))], False
