"""Every rule number of Intrige, per edition, as data; the options; the proven game length.

Intrige rulebook, "Contents", "Setup" and "3. Sending one's own figures" give the 1994
numbers; the Amigo card edition's numbers are those published with that edition
(docs/games/intrige.md, "Editions").

RECONSTRUCTION: the salaries of the three middle rooms of the 1994 edition are printed on the
boards, not in the rulebook, and no source at hand gives them. `SALARIES_1994` marks them;
the constraints they satisfy (checked by tests/games/intrige/test_config.py) are: five rooms,
strictly increasing, the lowest 10,000 and the highest 100,000 ducats as printed, every salary
a multiple of the smallest bribe. The values follow the Amigo edition's accelerating curve
(1, 3, 6, 10); docs/reconstructions.md, "Intrige", explains the choice. Replacing them with
the printed values is a change to that one tuple.
"""

from __future__ import annotations

from dataclasses import dataclass

from tavola.core.game import OptionSpec
from tavola.games.intrige.components import (
    PALACES_1994,
    PALACES_AMIGO,
    PROFESSIONS_1994,
    PROFESSIONS_AMIGO,
)

VERSION = 4
"""Bumped whenever play, views or saved states change (3: incomes per seat, the bribe queue
and the conflicts left in the view, greedy owners price their rooms; 4: `back` takes one
step of a sum back)."""

MIN_PLAYERS, MAX_PLAYERS = 3, 5


@dataclass(frozen=True)
class Edition:
    """The numbers of one edition of Intrige."""

    name: str
    palaces: tuple[str, ...]
    professions: tuple[str, ...]
    figures_per_profession: int
    salaries: tuple[int, ...]
    start_money: int
    smallest_bribe: int
    bribe_step: int
    rounds: int
    figures_sent_per_turn: int
    send_in_last_round: bool

    @property
    def figures_per_player(self) -> int:
        """Return how many figures each player owns."""
        return len(self.professions) * self.figures_per_profession

    @property
    def rooms(self) -> int:
        """Return the number of rooms of each palace."""
        return len(self.salaries)

    def sends_in(self, round_: int) -> bool:
        """Tell whether figures are sent in `round_` (Intrige rulebook, "3. Sending one's
        own figures": not in the last round)."""
        return self.send_in_last_round or round_ < self.rounds


# Printed: 10,000 (lowest room) and 100,000 (highest room).
# RECONSTRUCTION: 20,000 / 40,000 / 60,000 for rooms 2-4 (see the module docstring).
SALARIES_1994: tuple[int, ...] = (10_000, 20_000, 40_000, 60_000, 100_000)
RECONSTRUCTED_SALARY_ROOMS_1994: tuple[int, ...] = (1, 2, 3)

EDITIONS: dict[str, Edition] = {
    # Intrige rulebook, "Contents" and "Setup": 10 figures (2 x 5 professions), 320,000
    # ducats (two notes of 10,000, 50,000 and 100,000), bribes of at least 10,000 paid in
    # notes; "3. Sending one's own figures": six turns, no figures sent in the last.
    "1994": Edition(
        name="1994", palaces=PALACES_1994, professions=PROFESSIONS_1994,
        figures_per_profession=2, salaries=SALARIES_1994, start_money=320_000,
        smallest_bribe=10_000, bribe_step=10_000, rounds=6, figures_sent_per_turn=2,
        send_in_last_round=False),
    # The Amigo 2003/04 card edition. Its 8 figures last four sending turns, so the fifth
    # (last) round sends nothing either (docs/reconstructions.md, "Intrige").
    "amigo": Edition(
        name="amigo", palaces=PALACES_AMIGO, professions=PROFESSIONS_AMIGO,
        figures_per_profession=2, salaries=(1_000, 3_000, 6_000, 10_000), start_money=32_000,
        smallest_bribe=1_000, bribe_step=1_000, rounds=5, figures_sent_per_turn=2,
        send_in_last_round=False),
}

DEFAULT_EDITION = "1994"

# Ruling "conflict order" (docs/games/intrige.md): who bribes first in a palace.
BRIBE_ORDERS: tuple[str, ...] = ("conflicts_first", "turn_order")
DEFAULT_BRIBE_ORDER = "conflicts_first"

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec("edition", DEFAULT_EDITION, tuple(EDITIONS),
               "1994: the F.X. Schmid board game; amigo: the 2003/04 card edition"),
    OptionSpec("bribe_order", DEFAULT_BRIBE_ORDER, BRIBE_ORDERS,
               "who bribes first in a palace with conflicts",
               ruling="conflicts_first: internal conflicts (defender first), then "
                      "external ones, then the other senders; turn_order: every sender "
                      "in turn order, each defender just before its first attacker"),
)


@dataclass(frozen=True)
class Table:
    """The fixed facts of one game: seats, edition and the chosen rulings."""

    players: int
    edition: Edition
    bribe_order: str


# Decision design, not a rule: a bribe (or the sum of an offer) is one sum out of up to
# hundreds, which no person wants to read as one list. When a payer could pay more than
# `DIRECT_SUMS` different sums, the sums below `SUMS_PER_RANGE` steps are offered directly and
# every higher sum through a range of `SUMS_PER_RANGE` consecutive sums (`range:100000` then
# `bribe:150000`): at most about 20 choices per decision, every sum still reachable, and each
# choice one typed action (docs/games/intrige.md, "Choosing a sum").
DIRECT_SUMS = 12
SUMS_PER_RANGE = 10

# The most decisions one bribe can take. At most two sums are named per bribe (the optional
# non-binding offer, made at most once, and the bribe). Without going back the offer takes at
# most three (`ask:R`, `range:B`, `offer:X,R`) and the bribe two (`range:B`, `bribe:X`); the
# interface's `back` (decision design, not a rule) is offered at most once per sum named and
# undoes one step, which then may be taken again: at most two more decisions per sum. Hence
# 3 + 2 + 2 x 2 = 9, e.g. `range`, `back`, `ask`, `range`, `offer`, `range`, `back`,
# `range`, `bribe`.
DECISIONS_PER_BRIBE = 9


def max_decisions(players: int, edition: Edition) -> int:
    """Return a proven upper bound on the decisions of one game.

    Every decision belongs to one figure sent, so count per figure:
    - sending it: 1 decision (`send`); each player sends at most `figures_per_player`;
    - receiving it: its sender pays one bribe for it; an internal conflict adds one bribe by
      the defender, charged to the conflict's first attacker, so at most 2 bribes per figure,
      each at most `DECISIONS_PER_BRIBE` (9) decisions;
    - at most 1 conflict decision (`defend`/`admit`), charged to the conflict's first
      contender, and at most 1 seating (`room`).
    Income, the turn order and the end of the game are automatic. Hence at most
    players x figures_per_player x (1 + 2 x 9 + 1 + 1) decisions.
    """
    per_figure = 1 + 2 * DECISIONS_PER_BRIBE + 1 + 1
    return players * edition.figures_per_player * per_figure


MAX_DECISIONS = max(max_decisions(MAX_PLAYERS, e) for e in EDITIONS.values())
"""The declared bound for every player count and edition: 5 x 10 x 21 = 1,050."""
