"""Notre Dame options: every ruling that names an alternative is an option here.

Rule numbers themselves (cubes, gold, payouts, the rat track) are in components.py.
"""

from __future__ import annotations

from tavola.core import OptionSpec

OPTIONS = (
    OptionSpec(
        "gold", "limited", ("limited", "unlimited"),
        "the bank's 25 gold: 'limited' takes a shortfall from the richest other player; "
        "'unlimited' never runs out",
        ruling="RULINGS.md Notre Dame 1 (Italian text / Polish text)"),
)
VERSION = 1
"""Bump when behaviour changes, and regenerate the golden playthroughs in the same commit."""
