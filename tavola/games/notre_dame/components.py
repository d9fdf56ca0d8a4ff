"""Notre Dame components as data: action cards, sectors, characters, messages, the board.

Sources: the Notre Dame rulebook, "Contents", "Setting up", "The action cards" and the
character sheet (in both the Italian and the Polish edition). The rule numbers (cubes, gold,
payouts, the rat track) are in config.py.

Two tables here are RECONSTRUCTIONS (the printed values are not known from any source):
`CHARACTER_RATS` and the road network (`QUARTER_ROADS`, `LINK_ROADS`). Each is marked where
it is defined with the constraints it satisfies; docs/reconstructions.md explains them and
tests/games/notre_dame/test_components.py checks the constraints. Replacing either with the
printed data is a one-table change.
"""

from __future__ import annotations

from enum import IntEnum


class Kind(IntEnum):
    """The nine action cards of every colour. The first seven are also quarter sectors."""

    CONVENT_SCHOOL = 0
    BANK = 1
    RESIDENCE = 2
    CARRIAGE_HOUSE = 3
    HOTEL = 4
    PARK = 5
    HOSPITAL = 6
    NOTRE_DAME = 7
    TRUSTED_FRIEND = 8


KIND_NAMES = ("convent_school", "bank", "residence", "carriage_house", "hotel", "park",
              "hospital", "notre_dame", "trusted_friend")
SECTORS = tuple(range(7))
"""The seven sectors of a quarter (the harbour is not a sector; Notre Dame is shared)."""
NOTRE_DAME = 7
CARDS_PER_COLOUR = 9

COLOURS = ("red", "blue", "green", "yellow", "purple")
"""Seat i plays colour i. In a 2-player game colours 2 and 3 lie unused in the empty quarters."""


def card_id(colour: int, kind: int) -> int:
    """Return the card number of a colour's card of a kind."""
    return colour * CARDS_PER_COLOUR + kind


def card_colour(card: int) -> int:
    """Return the colour of a card number."""
    return card // CARDS_PER_COLOUR


def card_kind(card: int) -> int:
    """Return the kind of a card number."""
    return card % CARDS_PER_COLOUR


def card_name(card: int) -> str:
    """Return the token of a card, e.g. `red.bank`."""
    return f"{COLOURS[card_colour(card)]}.{KIND_NAMES[card_kind(card)]}"


class Benefit(IntEnum):
    """The four message tiles of each colour, one of each benefit (Notre Dame rulebook,
    "The action cards: Carriage house")."""

    PRESTIGE1_GOLD = 0
    PRESTIGE2_CUBE = 1
    PRESTIGE3_RAT = 2
    PRESTIGE4 = 3


BENEFIT_NAMES = ("1p_gold", "2p_cube", "3p_rat", "4p")
BENEFIT_PRESTIGE = (1, 2, 3, 4)
MESSAGES_PER_COLOUR = 4


def message_id(colour: int, benefit: int) -> int:
    """Return the number of a message tile."""
    return colour * MESSAGES_PER_COLOUR + benefit


class Character(IntEnum):
    """The fifteen characters: six brown, then the grey ones of periods A, B and C."""

    INNKEEPER = 0
    MINSTREL = 1
    MONK = 2
    JESTER = 3
    MONEYLENDER = 4
    DOCTOR = 5
    CITY_WATCH = 6
    NIGHT_WATCH = 7
    BISHOP = 8
    GUILD_MASTER = 9
    KING_OF_BEGGARS = 10
    LAWYER = 11
    LADY_IN_WAITING = 12
    MAYOR = 13
    CARPENTER = 14


CHARACTER_NAMES = tuple(c.name.lower() for c in Character)
BROWN = tuple(range(6))
GREY_BY_PERIOD = ((6, 7, 8), (9, 10, 11), (12, 13, 14))

# RECONSTRUCTION - rats printed on each character card (not known from any source).
# Constraints (docs/reconstructions.md): every card shows 0-3 rats; a period reveals all six
# brown cards and its three grey ones, 12 / 13 / 12 rats in periods A / B / C, so with B = the
# brown sum, grey A sums to 12 - B, grey B to 13 - B, grey C to 12 - B; some card shows 0
# (the rulebook's "The plague" example 2 + 0 + 1); a round of 2 + 3 + 1 can include the
# Doctor (the character sheet's Doctor example). Here B = 9 (grey sums 3 / 4 / 3).
CHARACTER_RATS = (
    2,  # innkeeper
    1,  # minstrel
    2,  # monk
    3,  # jester
    0,  # moneylender
    1,  # doctor
    1,  # city_watch
    2,  # night_watch
    0,  # bishop
    1,  # guild_master
    2,  # king_of_beggars
    1,  # lawyer
    1,  # lady_in_waiting
    1,  # mayor
    1,  # carpenter
)

SQUARES_PER_QUARTER = 5
CENTRE = 0
"""Market square 0 of a quarter is its centre (carriage start); 1-4 are the outer squares
that hold the quarter colour's four messages."""

# RECONSTRUCTION - the road network between market squares (not known from any source).
# Constraints (the rulebook's "Setting up" and "Carriage house" examples;
# docs/reconstructions.md): 5 market squares per quarter, a centre and 4 outer ones; the
# quarters form a closed ring; roads along the board edge exist; one template per quarter
# plus links between neighbouring quarters; example 1: one step from a quarter's centre
# reaches a message square of a neighbouring quarter; example 2: some square has at least
# four squares one step away. Outer squares 1-4 run left to right; 1 and 4 lie by the
# neighbouring quarters near Notre Dame, 2 and 3 along the board edge.
QUARTER_ROADS = ((0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (2, 3), (3, 4))
"""Roads inside one quarter (pairs of square numbers within the quarter)."""
LINK_ROADS = ((4, 1), (3, 2), (0, 1), (4, 0))
"""Roads from a quarter (first number) to the next quarter clockwise (second number)."""


def board_squares(quarters: int) -> int:
    """Return the number of market squares on a ring of `quarters` quarters."""
    return quarters * SQUARES_PER_QUARTER


def board_roads(quarters: int) -> list[tuple[int, int]]:
    """Return every road of a ring of `quarters` quarters as pairs of square numbers."""
    roads: list[tuple[int, int]] = []
    for q in range(quarters):
        base, nxt = q * SQUARES_PER_QUARTER, ((q + 1) % quarters) * SQUARES_PER_QUARTER
        roads += [(base + a, base + b) for a, b in QUARTER_ROADS]
        roads += [(base + a, nxt + b) for a, b in LINK_ROADS]
    return roads


def road_distances(quarters: int) -> list[list[int]]:
    """Return the number of road steps between every pair of squares."""
    n = board_squares(quarters)
    near: list[list[int]] = [[] for _ in range(n)]
    for a, b in board_roads(quarters):
        near[a].append(b)
        near[b].append(a)
    table = []
    for start in range(n):
        dist = [-1] * n
        dist[start] = 0
        frontier = [start]
        while frontier:
            nxt = []
            for sq in frontier:
                for other in near[sq]:
                    if dist[other] < 0:
                        dist[other] = dist[sq] + 1
                        nxt.append(other)
            frontier = nxt
        table.append(dist)
    return table
