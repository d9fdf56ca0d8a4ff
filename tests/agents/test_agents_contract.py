"""Bots are made by name for a registered game only."""

from __future__ import annotations

import pytest

from tavola.agents import make_agent
from tavola.core import BadOptions, UnknownGame


def test_make_agent_refuses_an_unknown_game_even_for_random() -> None:
    with pytest.raises(UnknownGame):
        make_agent("random", "no-such-game")


def test_make_agent_refuses_an_unknown_bot() -> None:
    with pytest.raises(BadOptions):
        make_agent("clever", "notre-dame")
