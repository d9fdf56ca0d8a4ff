"""A table's bots: which seat a bot (or a person's stand-in) decides now, running it, one
decision at a time per table off the event loop (in worker processes, on a Ray cluster or in
the hub's threads), and what the frames say of it (`thinking`)."""

from __future__ import annotations

import asyncio
import logging
import random
import secrets
import time

from tavola.agents import Agent
from tavola.core import TavolaError
from tavola.core.game import seat_label
from tavola.server.bots import bot_decision, make_bot, replacement, worker_decision
from tavola.server.table_core import BOT, FALLBACK, ZOMBIE, Refused, TableCore

log = logging.getLogger("tavola.server")


class TableBots(TableCore):
    """The bots and stand-ins of a table."""

    agents: dict[tuple[int, str], Agent]
    bot_task: asyncio.Task[None] | None

    # -- bots and zombies -----------------------------------------------------------------
    def _agent(self, seat: int) -> tuple[Agent, str]:
        spec = self.seats[seat].bot if self.seats[seat].kind == BOT else self.settings.zombie_bot
        assert spec is not None
        key = (seat, spec)
        if key not in self.agents:
            self.agents[key] = make_bot(spec, self.game.info.name)
        return self.agents[key], spec

    def _bot_seat(self) -> int | None:
        if self.started is None:
            return None  # bots wait for the players like everyone else
        for seat in self.state.to_act:
            if self.seats[seat].kind == BOT or seat in self.zombies:
                return seat
        return None

    def _budget(self, seat: int) -> float:
        """Return the think time of the bot deciding for `seat` (the table's bot time, or
        less where the bot's own is shorter; none for a bot that does not search)."""
        try:
            agent, _ = self._agent(seat)
        except TavolaError:
            return 0.0
        if not hasattr(agent, "seconds"):
            return 0.0
        own = getattr(agent, "seconds", None)
        budget = self.settings.bot_seconds
        if isinstance(own, (int, float)) and not isinstance(own, bool) and own > 0:
            budget = min(budget, float(own))
        return round(budget, 2)

    def _schedule_bots(self) -> None:
        if self.bot_task is not None and not self.bot_task.done():
            return
        if self._bot_seat() is None:
            return
        self.bot_task = asyncio.get_running_loop().create_task(self._run_bot())

    async def _run_bot(self) -> None:
        seat = self._bot_seat()
        if seat is None:
            return
        state, state_id = self.state, self.state_id
        by = BOT if self.seats[seat].kind == BOT else ZOMBIE
        rng = random.Random(secrets.randbits(64))
        where = f"table {self.id} {seat_label(seat)}"
        self.thinking = (seat, time.time())
        try:
            agent, spec = self._agent(seat)
            if self.hub.workers is not None:
                action, own = await worker_decision(
                    self.hub.workers, f"{self.id}:{seat}", spec, state, seat, rng,
                    self.settings.bot_seconds, where, hasattr(agent, "seconds"))
            else:
                action, own = await bot_decision(self.hub.pool, agent, state, seat, rng,
                                                 self.settings.bot_seconds, where,
                                                 self.hub.stopping)
        except TavolaError as exc:
            log.warning("%s: no bot (%s); its seat's simple policy decides", where, exc)
            action, own = replacement(state, seat, rng, where), False
        try:
            if self.seats[seat].kind != BOT and seat not in self.zombies:
                return
            await self.act(None, seat, state_id, str(action), by if own else FALLBACK)
        except Refused:
            pass
        except Exception:
            log.exception("%s: storing a bot decision failed", where)
            await asyncio.sleep(1.0)
        finally:
            self.thinking = None
            self.bot_task = None
            if self.drives and self.hub.running:
                self._schedule_bots()
            self.hub.evict(self)
