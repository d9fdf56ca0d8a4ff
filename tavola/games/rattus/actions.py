"""Rattus actions, built once as constants so that `action in legal` is an identity test.

A regular turn is asked as its three steps in order (rulebook, "Turn summary"): A, a class
card or `no_card`; B, the placement and the class powers until `end_b` or until nothing is
left; C, the plague move. Each action below is one decision. The powers with
many possible targets (Merchant, Monk, Witch) are asked in two steps, so a person choosing
from a numbered list never faces more than a few dozen lines. Token positions
are written ``region.slot`` (slot 0 is the token that arrived in the region first); no
action ever names a face-down token's front.
"""

from __future__ import annotations

from tavola.core import Action, act
from tavola.games.rattus.components import (
    CLASS_NAMES,
    REGION_COUNT,
    REGION_NAMES,
)
from tavola.games.rattus.config import MAX_TOKENS_PER_REGION, MERCHANT_MAX_CUBES

Position = tuple[int, int]

# Setup: put 2 cubes in a region.
SETUP: tuple[Action, ...] = tuple(act("setup", n) for n in REGION_NAMES)
# A: take a class card, or none and go on to B.
TAKE: tuple[Action, ...] = tuple(act("take", c) for c in CLASS_NAMES)
NO_CARD = act("no_card")
# B: place as many cubes as the region has tokens; with the Peasant one more.
PLACE: tuple[Action, ...] = tuple(act("place", n) for n in REGION_NAMES)
PLACE_PEASANT: tuple[Action, ...] = tuple(act("place", n, "peasant") for n in REGION_NAMES)
# B is over: go on to C (offered while B has anything else to offer).
END_B = act("end_b")
# King: one own cube from a region without rats to the palace.
KING_MOVE: tuple[Action, ...] = tuple(act("king", n) for n in REGION_NAMES)
# Merchant, in two steps: the region the cubes leave, then where to and how many (up to 3
# own cubes to an adjacent region).
MERCHANT_FROM: tuple[Action, ...] = tuple(act("merchant", n) for n in REGION_NAMES)
MERCHANT_MOVE: dict[tuple[int, int, int], Action] = {
    (a, b, k): act("merchant", REGION_NAMES[a], REGION_NAMES[b], k)
    for a in range(REGION_COUNT) for b in range(REGION_COUNT) if a != b
    for k in range(1, MERCHANT_MAX_CUBES + 1)}
# Monk, in two steps: the region a token leaves, then which token and where to (an
# adjacent region with room).
MONK_FROM: tuple[Action, ...] = tuple(act("monk", n) for n in REGION_NAMES)
MONK_MOVE: dict[tuple[int, int, int], Action] = {
    (a, s, b): act("monk", f"{REGION_NAMES[a]}.{s}", REGION_NAMES[b])
    for a in range(REGION_COUNT) for s in range(MAX_TOKENS_PER_REGION)
    for b in range(REGION_COUNT) if a != b}
# Witch: pick a token to look at (twice), then swap the two or keep them.
WITCH_LOOK: dict[Position, Action] = {
    (a, s): act("witch", f"{REGION_NAMES[a]}.{s}")
    for a in range(REGION_COUNT) for s in range(MAX_TOKENS_PER_REGION)}
SWAP = act("swap")
KEEP = act("keep")
# Final round only: Peasant's one cube anywhere.
PEASANT_CUBE: tuple[Action, ...] = tuple(act("peasant", n) for n in REGION_NAMES)
# C: move the plague piece (also the Knight's move in the final round).
PLAGUE: tuple[Action, ...] = tuple(act("plague", n) for n in REGION_NAMES)
# After the plague moves: where a spreading token goes.
SPREAD: tuple[Action, ...] = tuple(act("spread", n) for n in REGION_NAMES)
# Knight, before a devastation: count the plague piece as 2 neutral cubes or not.
BOOST = act("boost")
NO_BOOST = act("no_boost")
# Final round: finished with the class powers.
DONE = act("done")


def position(text: str) -> Position:
    """Return (region, slot) from ``region.slot``."""
    name, _, slot = text.partition(".")
    return REGION_NAMES.index(name), int(slot)


def position_text(pos: Position) -> str:
    """Return ``region.slot`` for a position."""
    return f"{REGION_NAMES[pos[0]]}.{pos[1]}"
