"""Every rule number of Rattus and the options (rulings a table may switch), as data.

Source: `../shared/rules/001_fd664e5a4dc3eb03.txt` (seed) and `RULINGS.md` (Rattus).
"""

from __future__ import annotations

from tavola.core import OptionSpec
from tavola.games.rattus.components import ADJACENT, REGION_COUNT

MIN_PLAYERS = 2
MAX_PLAYERS = 4

# Seed, PREPARAZIONE 2: regions in play (the first N of components.REGION_NAMES).
REGIONS_IN_PLAY: dict[int, int] = {2: 8, 3: 10, 4: 12}
# Seed, PREPARAZIONE 4: non-starting tokens removed from the game before play.
NON_STARTING_REMOVED: dict[int, int] = {2: 12, 3: 6, 4: 0}
# Seed, PREPARAZIONE 7: cubes in each player's set.
CUBES_PER_PLAYER = 20
# Seed, PREPARAZIONE 9-10: two placement rounds of 2 cubes each.
SETUP_CUBES = 2
# Seed, "Diffusione della peste": tokens spread by the number of tokens in the new region.
SPREAD_BY_TOKENS: tuple[int, ...] = (0, 1, 2, 2)
# Seed, "Diffusione della peste": never more than 3 tokens in a region (Monk too).
MAX_TOKENS_PER_REGION = 3
# Seed, CARTE CLASSE: Merchant moves up to 3 cubes; Peasant adds 1 cube; Knight moves the
# plague piece up to 2 regions and may count it as 2 neutral cubes.
MERCHANT_MAX_CUBES = 3
PEASANT_EXTRA_CUBES = 1
KNIGHT_RANGE = 2
PLAGUE_NEUTRAL_CUBES = 2
# Seed, CARTE CLASSE (King): one cube to the palace per use.
KING_CUBES = 1


def neighbours(players: int) -> tuple[tuple[int, ...], ...]:
    """Return, per region, its neighbours among the regions in play."""
    count = REGIONS_IN_PLAY[players]
    return tuple(tuple(x for x in ADJACENT[r] if x < count) if r < count else ()
                 for r in range(REGION_COUNT))


def within_two(players: int) -> tuple[tuple[int, ...], ...]:
    """Return, per region, the other regions in play at most 2 steps away (Knight's move)."""
    near = neighbours(players)
    out: list[tuple[int, ...]] = []
    for r in range(REGION_COUNT):
        reach = set(near[r])
        for x in near[r]:
            reach.update(near[x])
        reach.discard(r)
        out.append(tuple(sorted(reach)))
    return tuple(out)


NEIGHBOURS: dict[int, tuple[tuple[int, ...], ...]] = {
    n: neighbours(n) for n in REGIONS_IN_PLAY}
WITHIN_TWO: dict[int, tuple[tuple[int, ...], ...]] = {
    n: within_two(n) for n in REGIONS_IN_PLAY}

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "ties", "next_player", ("next_player", "shared"),
        "how a tie for most cubes is broken",
        ruling="RULINGS.md Rattus 4: the tied player who would have had the next turn "
               "(clockwise from the last player) wins; 'shared' lets tied players share "
               "the win"),
)
