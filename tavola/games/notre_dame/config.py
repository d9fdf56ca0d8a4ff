"""Notre Dame's rule numbers, options, version and the proven bound on a game's length.

Every number the rules use lives here (the printed data of cards, characters, messages and
the board is in components.py). Every ruling that names an alternative is an option.
"""

from __future__ import annotations

from tavola.core import OptionSpec

VERSION = 2
"""Bump when behaviour changes, and regenerate the golden playthroughs in the same commit."""

MIN_PLAYERS = 2
MAX_PLAYERS = 5

OPTIONS = (
    OptionSpec(
        "gold", "limited", ("limited", "unlimited"),
        "the bank's 25 gold: 'limited' takes a shortfall from the richest other player; "
        "'unlimited' never runs out",
        ruling="'Bank shortfall' in docs/rulings.md (the Italian and the Polish edition "
               "differ)"),
)

# -- the supply (Notre Dame rulebook, "Contents" and "Setting up") -----------------------------
CUBES_PER_COLOUR = 14
PERSONAL_CUBES_AT_START = 4
GOLD_IN_GAME = 25
GOLD_AT_START = 3
RAT_TRACK_MAX = 9

# -- the course of play (Notre Dame rulebook, "Course of play") --------------------------------
ROUNDS = 9
ROUNDS_PER_PERIOD = 3
CARDS_DRAWN = 3
"""Action cards each player draws in phase 1 of a round; two are played, one goes face down."""
PLAYS_PER_ROUND = 2
HOTEL_DOUBLE_FROM = 4
"""From the fourth piece in the Hotel its action gives two benefits instead of one."""
MINSTREL_MOST = 3
"""The Minstrel moves one to three pieces."""
PLAGUE_PRESTIGE = 2
"""Prestige a rat marker passing 9 costs (floored at 0)."""

NOTRE_DAME_PAYOUT = {2: 6, 3: 8, 4: 10, 5: 12}
"""Prestige the Notre Dame tile shares out at each period end, by player count."""
NOTRE_DAME_DONATION = {1: 1, 2: 3, 3: 6}
"""Gold given with a Notre Dame card -> prestige gained."""

# -- bounds used to declare the saved state's ranges ------------------------------------------
MAX_GOLD_UNLIMITED = 1_000
"""With unlimited gold a player's gold has no printed limit; a proof it stays below this: at
most 27 sector actions a game (18 cards, 9 Jester or Bishop moves), each paying at most 15
gold (14 cubes and the friend in the Bank; a Hotel pays 2), 9 characters at most 3 each
(Moneylender 2 + 1 from an Innkeeper's benefit is more than any one pays) and 20 messages
at most 1 each: under 27 * 15 + 9 * 3 + 20 = 452."""
MAX_PRESTIGE = 2_000
"""No player can reach this: at most 27 sector actions (each at most 15 prestige), 9
characters (at most 30, the Lawyer with all 20 messages), 20 messages (at most 4) and 3
payouts (at most 12), each gain with a park bonus of at most 7: under 27 * 22 + 9 * 37 +
20 * 11 + 3 * 19 = 1204."""

# -- the proven bound on decisions --------------------------------------------------------------
# Per player and round, at most:
#   draft: keep one card, keep one received card                                   2
#   two plays, each: the card, where its cube comes from (or the friend's sector),
#     then the sector's own choice: Carriage house drive + take/leave (2), Hotel
#     two benefits (2), Notre Dame the gold (1)                               2 * 4 = 8
#   phase 4: the character, then its choices: the Jester's piece, its sector and
#     that sector's action (at most 2 more) = 5; Minstrel 4, Bishop 4, Innkeeper 2   5
#   the plague: which of the tied largest sectors loses a cube                       1
# Nothing else asks anybody anything (automatic steps, such as players without gold
# skipping phase 4, decide nothing), so a game asks at most 16 decisions per player per
# round, over 9 rounds and at most 5 players.
DECISIONS_PER_PLAYER_ROUND = 2 + PLAYS_PER_ROUND * 4 + 5 + 1
MAX_DECISIONS = ROUNDS * MAX_PLAYERS * DECISIONS_PER_PLAYER_ROUND
