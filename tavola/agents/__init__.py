"""Bots. Every agent receives only its seat's information set (`InfoSet`): the seat's view,
its log as it may read it, and its legal actions; nothing that holds the true state.

- `base`: the `Agent` contract, `decide` (the one way to ask a bot), `random`, and the
  policies games declare (such as `greedy`) wrapped as bots.
- `specs`: bot specs (``ismcts:iterations=400``, ``module.path:ClassName``, comma lists),
  the bots each game offers (built in, declared by the game, or added by installed packages
  through the ``tavola.bots`` entry points), `make_agent` and `make_agents`.
- `ismcts`: single-observer information-set Monte Carlo tree search; `pimc`: perfect-
  information Monte Carlo, its baseline; `search`: their budget and rollouts.

Nothing here imports a game's internals: bots see games only through the contract.
"""

from __future__ import annotations

from tavola.agents.base import Agent, PolicyAgent, RandomAgent, decide
from tavola.agents.ismcts import IsmctsAgent
from tavola.agents.params import Param
from tavola.agents.pimc import PimcAgent
from tavola.agents.specs import (
    ENTRY_POINT_GROUP,
    BotInfo,
    BotSpec,
    agent_names,
    bots,
    make_agent,
    make_agents,
    parse_spec,
    split_specs,
)

__all__ = [
    "ENTRY_POINT_GROUP", "Agent", "BotInfo", "BotSpec", "IsmctsAgent", "Param", "PimcAgent",
    "PolicyAgent", "RandomAgent", "agent_names", "bots", "decide", "make_agent", "make_agents",
    "parse_spec", "split_specs",
]
