"""Every rule number of Rattus, the options (rulings a table may switch), and the proven
bound on the length of a game, as data.

Sources: the Rattus rulebook (sections named in English: "Setup", "Turn summary", "Plague
spreading", "The rat tokens", "End of the game", "Class cards") and the rulings in
`docs/games/rattus.md`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tavola.core import OptionSpec
from tavola.games.rattus.components import ADJACENT, REGION_COUNT

# Bumped whenever behaviour changes (the golden playthroughs are regenerated with it).
# 2: the Merchant and the Monk are two-step decisions (source region first).
# 3: the turn limit (ruling R17); the Witch's private look names her seat; views show the
#    backs of revealed tokens and the setup placements made.
# 4: a turn's steps A, B and C are separate decisions in that order (`no_card`, `end_b`).
# 5: the default round limit is 100 (ruling R17), which no game played by the rules reaches.
VERSION = 5

MIN_PLAYERS = 2
MAX_PLAYERS = 4

# Rulebook, "Setup" 2: regions in play (the first N of components.REGION_NAMES).
REGIONS_IN_PLAY: dict[int, int] = {2: 8, 3: 10, 4: 12}
# Rulebook, "Setup" 4: non-starting tokens removed from the game before play.
NON_STARTING_REMOVED: dict[int, int] = {2: 12, 3: 6, 4: 0}
# Rulebook, "Setup" 7: cubes in each player's set.
CUBES_PER_PLAYER = 20
# Rulebook, "Setup" 9-10: two placement rounds of 2 cubes each.
SETUP_ROUNDS = 2
SETUP_CUBES = 2
# Rulebook, "Plague spreading": tokens spread by the number of tokens in the new region.
SPREAD_BY_TOKENS: tuple[int, ...] = (0, 1, 2, 2)
# Rulebook, "Plague spreading": never more than 3 tokens in a region (the Monk too).
MAX_TOKENS_PER_REGION = 3
# Rulebook, "Class cards": the Merchant moves up to 3 cubes; the Peasant adds 1 cube; the
# Knight moves the plague piece up to 2 regions and may count it as 2 neutral cubes.
MERCHANT_MAX_CUBES = 3
PEASANT_EXTRA_CUBES = 1
KNIGHT_RANGE = 2
PLAGUE_NEUTRAL_CUBES = 2
# Rulebook, "Class cards" (King): one cube to the palace per use.
KING_CUBES = 1
CLASS_COUNT = 6

# Ruling R17 (docs/games/rattus.md): the rulebook's end conditions need tokens to spread or
# cubes to be placed, and legal play may do neither for ever (the plague shuttling between
# empty regions), so the regular turns end after this many full rounds at the latest.
# Games played by the rules end long before: over 3600 games (random, greedy against
# random, greedy against itself; 2-4 players) the longest lasted 17 rounds (docs/games/
# rattus.md, "Ruling R17"). The default is the largest limit, which no such game comes near,
# so a table of people plays the rulebook's game; the bound stays, so every game (a stalling
# one between bots or learners too) ends within `MAX_DECISIONS`. Smaller limits are there
# for bots and learners that want shorter games.
ROUND_LIMITS: tuple[int, ...] = (20, 30, 40, 60, 100)
DEFAULT_ROUND_LIMIT = 100


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
        ruling="ruling R16 (docs/games/rattus.md): the tied player who would have had the "
               "next turn (clockwise from the last player) wins; 'shared' lets tied players "
               "share the win"),
    OptionSpec(
        "rounds", DEFAULT_ROUND_LIMIT, ROUND_LIMITS,
        "full rounds of regular turns after which the game ends",
        ruling="ruling R17 (docs/games/rattus.md): the rulebook sets no limit; after this "
               "many rounds the game ends as if the token supply were empty (the default, "
               "100, is never reached by a game played by the rules; smaller limits are for "
               "bots and learners)"),
)


@dataclass(frozen=True, slots=True)
class Config:
    """What the rules need to know of a game's configuration: seats and options."""

    players: int
    shared_ties: bool
    rounds: int

    @property
    def regions(self) -> int:
        """Return the number of regions in play."""
        return REGIONS_IN_PLAY[self.players]

    @property
    def turn_limit(self) -> int:
        """Return the number of the last regular turn the game may have."""
        return self.rounds * self.players

    @staticmethod
    def of(players: int, options: dict[str, Any]) -> Config:
        """Return the configuration of a game with resolved `options`."""
        return Config(players, options["ties"] == "shared", options["rounds"])


# -- the proven bound on decisions (GameInfo.max_decisions) -------------------------------
# Every decision is one of these, and each is bounded:
#   setup: each player places twice (rulebook, "Setup" 9-10);
#   a regular turn: one decision in A (a card or none), one placement (B), each held power
#   once (ruling R1) - King 1 decision, Merchant 2 (region, then move), Monk 2 (region,
#   then move), Witch 3 (two looks, then swap or keep), the Peasant rides on the placement
#   and the Knight has no B power; `end_b` is offered only while something of B is unused,
#   so B takes at most as many decisions as using all of it - one plague move (C), at most
#   2 spreading tokens and one Knight decision; the turn ends with the plague move's
#   consequences, so no decision repeats;
#   the final round: every player but the last once, each held power once more (King 1,
#   Merchant 2, Monk 2, Witch 3, Peasant 1, Knight 1) and "done".
# Regular turns are at most `rounds * players` (ruling R17), so a game has at most
#   SETUP_ROUNDS * n + rounds * n * TURN_DECISIONS + (n - 1) * FINAL_DECISIONS decisions.
POWER_DECISIONS = 1 + 2 + 2 + 3
TURN_DECISIONS = 1 + 1 + POWER_DECISIONS + 1 + max(SPREAD_BY_TOKENS) + 1
FINAL_DECISIONS = POWER_DECISIONS + 1 + 1 + 1


def max_decisions(players: int, rounds: int) -> int:
    """Return the most decisions a game with `players` and a `rounds` limit can take."""
    return (SETUP_ROUNDS * players + rounds * players * TURN_DECISIONS
            + (players - 1) * FINAL_DECISIONS)


MAX_DECISIONS = max(max_decisions(n, r) for n in REGIONS_IN_PLAY for r in ROUND_LIMITS)
