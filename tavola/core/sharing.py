"""Copy-on-change for game states that share unchanged lists with the state they came from.

A successor made by a game's `fork` shares every list with its parent and marks them in a
bit set; before changing a list the rules call the game's `own`, which copies the marked
lists it names with `copy_shared`. The one copy routine, so games do not each write it.
"""

from __future__ import annotations

from collections.abc import Mapping


def copy_shared(state: object, bits: int, fields: Mapping[int, tuple[str, bool]]) -> None:
    """Give `state` its own copy of each list attribute whose bit is set in `bits`:
    `fields[bit]` is the attribute's name and whether it is a list of lists (copied a row
    deep)."""
    while bits:
        bit = bits & -bits
        bits ^= bit
        name, nested = fields[bit]
        value = getattr(state, name)
        setattr(state, name, [row[:] for row in value] if nested else value[:])
