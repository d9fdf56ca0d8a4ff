"""Bots at a table: made from their specs within the server's bounds, asked off the event
loop, never trusted.

A spec that comes over the network is bounded by the server, whoever sent it: it may name
only the bots the game offers (never a `module:Class` of the server's own Python), at most
`MAX_ITERATIONS` simulations and `MAX_SAMPLES` determinizations a decision, and a think
time within the table's budget (a level, `easy` to `strong`, is cut to it instead: the
smaller time wins). A searching bot is then given the table's deadline itself:
its search stops when the budget runs out and it answers with the best decision found so
far (after at least one simulation), so a decision ends on time instead of running on in a
worker after the table stopped waiting.

A bot decides through the agent contract (`tavola.agents.decide`), which hands it only its
seat's information set. It runs in a worker thread; a decision that raises, is not legal,
or still comes too late (a bot that does not search: its budget; a searching bot: `GRACE`
seconds past it) is replaced by the game's own prior policy (`PRIOR`, its simple heuristic
player, from the seat's view alone), never by a random move unless the game declares no
such policy; the replacement is stored as such with the action (`by`: "fallback") and the
failure is logged.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import threading
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

from tavola.agents import Agent, decide, make_agent
from tavola.agents.levels import LEVELS
from tavola.agents.specs import parse_spec
from tavola.core import Action, State, TavolaError
from tavola.server.workers import DecisionPool, WorkerFailed, request_for, thinking_at_most

log = logging.getLogger("tavola.server")

MAX_SPEC = 200
MAX_ITERATIONS = 20_000
"""The most simulations a decision of a bot made from a network spec may ask for."""
MAX_SAMPLES = 200
"""The most determinizations a decision may ask for (each costs at least one simulation,
whatever the deadline)."""
PRIOR = "greedy"
"""The policy that decides for a bot that failed (each game declares one)."""
ANSWER = 1.0
"""How long past its budget a table waits for a bot that does not search, in a worker (the
way there and back: a bot like `random` or `greedy` answers in microseconds, but on a
loaded machine the worker may wait a good part of a second for the processor, and such a
decision must not be replaced for it)."""
GRACE = 1.0
"""How long past its budget a table waits for a bot's answer (a searching bot stops at the
budget and needs at most one simulation more)."""


def make_bot(spec: str, game: str) -> Agent:
    """Return the agent a spec names for `game` (raise a tavola error otherwise)."""
    if len(spec) > MAX_SPEC:
        raise TavolaError("a bot spec is at most 200 characters")
    return make_agent(spec, game)


def network_bot(spec: str, game: str, think: float) -> Agent:
    """Return the agent a spec from the network names for `game`, refusing (a tavola error
    saying which bound) a spec beyond the server's bounds or thinking longer than
    `think` seconds a decision."""
    if parse_spec(spec).is_class:
        raise TavolaError("a table's bots are the game's own bots (see the list of bots); "
                          "a module:Class bot runs only on your own machine")
    agent = make_bot(spec, game)
    iterations = getattr(agent, "iterations", None)
    if isinstance(iterations, int) and iterations > MAX_ITERATIONS:
        raise TavolaError(f"this server allows at most {MAX_ITERATIONS} iterations a "
                          f"decision, not {iterations}")
    samples = getattr(agent, "samples", None)
    if isinstance(samples, int) and samples > MAX_SAMPLES:
        raise TavolaError(f"this server allows at most {MAX_SAMPLES} samples a decision, "
                          f"not {samples}")
    seconds = getattr(agent, "seconds", None)
    # A level's think time meets the table's bot time and the smaller wins (the level is
    # cut to the table's time when it decides), so a level is welcome at every table; a
    # think time the spec asks for outright is refused beyond the table's.
    if parse_spec(spec).name not in LEVELS and isinstance(seconds, (int, float)) \
            and seconds > think:
        raise TavolaError(f"a bot at this table thinks at most {think:g} seconds a decision "
                          f"(the table's bot time), not {seconds:g}")
    return agent


def _deadlined(agent: Agent, state: State, seat: int, rng: random.Random, budget: float,
               stop: threading.Event | None, started: Callable[[], None]) -> Action:
    """Decide with `agent` within `budget` seconds from now (when a worker took the
    decision up): a searching bot's time is cut to the budget (its own think time, if
    shorter, stands; both are restored after) and its search ends at once when `stop` is
    set. Call `started` first."""
    started()
    if hasattr(agent, "stop"):
        agent.stop = stop
    with thinking_at_most(agent, budget):
        return decide(agent, state, seat, rng)


async def bot_decision(pool: Executor, agent: Agent, state: State, seat: int,
                       rng: random.Random, budget: float, where: str,
                       stop: threading.Event | None = None) -> tuple[Action, bool]:
    """Return `seat`'s decision by `agent` and whether it is the agent's own (False: the
    random fallback was used because the agent failed or ran out of time).

    The budget counts from when a worker takes the decision up: decisions wait for a free
    worker in the order they were asked, and a wait is never counted against a bot (with
    every worker busy a table waits longer, but its bot still thinks its whole time and is
    never replaced for it)."""
    loop = asyncio.get_running_loop()
    legal = state.legal_actions(seat)
    begun: asyncio.Future[None] = loop.create_future()

    def mark() -> None:
        if not begun.done():
            begun.set_result(None)

    def started() -> None:
        with contextlib.suppress(RuntimeError):  # the loop closed: nobody waits any more
            loop.call_soon_threadsafe(mark)

    # A searching bot stops at the deadline and may need one simulation more; any other
    # bot gets its budget alone.
    wait = budget + GRACE if hasattr(agent, "seconds") else budget
    work = loop.run_in_executor(pool, _deadlined, agent, state, seat, rng, budget, stop,
                                started)
    try:
        waiting: set[asyncio.Future[Any]] = {begun, work}
        await asyncio.wait(waiting, return_when=asyncio.FIRST_COMPLETED)
        action = await asyncio.wait_for(asyncio.shield(work), wait)
        if action not in legal:
            raise TavolaError(f"the bot chose {str(action)[:60]!r}, which is not legal")
        return action, True
    except TimeoutError:
        log.warning("%s: bot %s took longer than %.1f s; its seat's simple policy decides",
                    where, agent.name, budget)
    except Exception as exc:  # a bot is outside code: any failure is replaced
        log.warning("%s: bot %s failed (%s: %s); its seat's simple policy decides",
                    where, agent.name, type(exc).__name__, str(exc)[:120])
    return replacement(state, seat, rng, where), False


async def worker_decision(workers: DecisionPool, key: str, spec: str, state: State, seat: int,
                          rng: random.Random, budget: float, where: str,
                          searching: bool) -> tuple[Action, bool]:
    """Return `seat`'s decision by the bot `spec`, made in one of the server's worker
    processes from the seat's information set, and whether it is the bot's own (False: the
    bot failed, answered something illegal or overran its time, and the game's simple
    policy decided instead). The budget counts from when a worker takes the decision up; a
    `searching` bot stops at it by itself and may need `GRACE` more for its last simulation,
    any other bot gets `ANSWER` for the way to the worker and back."""
    request = request_for(key, spec, state, seat, rng.getrandbits(63), budget)
    legal = state.legal_actions(seat)
    try:
        action = await workers.decide(request, budget + (GRACE if searching else ANSWER))
        if action not in legal:
            raise TavolaError(f"the bot chose {str(action)[:60]!r}, which is not legal")
        return action, True
    except TimeoutError:
        log.warning("%s: bot %s took longer than %.1f s (its worker was ended); its seat's "
                    "simple policy decides", where, spec, budget)
    except (WorkerFailed, TavolaError) as exc:
        log.warning("%s: bot %s failed (%s); its seat's simple policy decides", where, spec,
                    str(exc)[:160])
    return replacement(state, seat, rng, where), False


def replacement(state: State, seat: int, rng: random.Random, where: str) -> Action:
    """Return the decision of the game's prior policy for `seat` (from the seat's own view):
    what stands in for a bot that failed. A uniformly random legal action only for a game
    that declares no prior policy, or whose policy failed too (both logged)."""
    legal = state.legal_actions(seat)
    make = state.game.info.policies.get(PRIOR)
    if make is not None:
        try:
            choice = make().choose(state.view(seat), legal, rng)
            if choice in legal:
                return choice
            log.error("%s: the %s policy chose %s, which is not legal", where, PRIOR,
                      str(choice)[:60])
        except Exception:
            log.exception("%s: the %s policy failed", where, PRIOR)
    else:
        log.warning("%s: the game has no %s policy; a random action", where, PRIOR)
    return legal[rng.randrange(len(legal))]



