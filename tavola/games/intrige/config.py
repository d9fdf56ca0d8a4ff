"""Every rule number of Intrige, per edition, as data.

Seed: 004_2f30db9d650ad435.txt ("Preparazione", "Ricevere i personaggi", "Inviare dei
propri personaggi"); COMPONENTS.md (Intrige) for the Amigo edition and the room salaries.

RECONSTRUCTION: the salaries of the three middle rooms of the 1994 edition are not known
from any source (COMPONENTS.md). `SALARIES_1994` marks them; the constraints they satisfy
(checked by tests/games/intrige/test_config.py) are: five rooms, strictly increasing, the
lowest 10,000 and the highest 100,000 ducats as printed, every salary a multiple of the
smallest bribe. The values follow the Amigo edition's accelerating curve (1, 3, 6, 10).
Replacing them with the printed values is a change to that one tuple.
"""

from __future__ import annotations

from dataclasses import dataclass

from tavola.games.intrige.components import (
    PALACES_1994,
    PALACES_AMIGO,
    PROFESSIONS_1994,
    PROFESSIONS_AMIGO,
)


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


# Printed: 10,000 (lowest room) and 100,000 (highest room).
# RECONSTRUCTION: 20,000 / 40,000 / 60,000 for rooms 2-4 (see the module docstring).
SALARIES_1994: tuple[int, ...] = (10_000, 20_000, 40_000, 60_000, 100_000)
RECONSTRUCTED_SALARY_ROOMS_1994: tuple[int, ...] = (1, 2, 3)

EDITIONS: dict[str, Edition] = {
    # Seed "Contenuto" and "Preparazione": 10 figures (2 x 5 professions), 320,000 ducats
    # (two notes of 10,000, 50,000 and 100,000), bribes of at least 10,000 paid in notes,
    # six turns with no figures sent in the last.
    "1994": Edition(
        name="1994", palaces=PALACES_1994, professions=PROFESSIONS_1994,
        figures_per_profession=2, salaries=SALARIES_1994, start_money=320_000,
        smallest_bribe=10_000, bribe_step=10_000, rounds=6, figures_sent_per_turn=2,
        send_in_last_round=False),
    # COMPONENTS.md: the Amigo 2003/04 card edition. Its 8 figures last four sending turns,
    # so the fifth (last) round sends nothing either.
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

# Decision design, not a rule: a bribe (or the sum of an offer) is one sum out of up to
# hundreds, which no person wants to read as one list. When a payer could pay more than
# `DIRECT_SUMS` different sums, the sums below `SUMS_PER_RANGE` steps are offered directly and
# every higher sum through a range of `SUMS_PER_RANGE` consecutive sums (`range:100000` then
# `bribe:150000`): at most about 20 choices per decision, every sum still reachable, and each
# choice one typed action (docs/games/intrige.md, "Choosing a sum").
DIRECT_SUMS = 12
SUMS_PER_RANGE = 10
