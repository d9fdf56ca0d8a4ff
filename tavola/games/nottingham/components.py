"""The printed components of Nottingham as data: item cards, ambush cards, commissions and
the sheriff's track.

Source: Nottingham rulebook, "Contenuto della scatola" (the box), the item table under
"Pescare una carta dal mazzo", "Completare un incarico" and "Le azioni". Three tables are
printed on components the rulebook does not reproduce; they are *reconstructions*, marked
where they are defined, each with the constraints it satisfies (tested in
tests/games/nottingham/test_components.py and explained in docs/games/nottingham.md,
Reconstructions).
"""

from __future__ import annotations

# -- item cards (rulebook: the item table) -------------------------------------------------
COPPER, CANDLESTICK, GOLD, PEARLS, JEWELS, NECKLACE, CHEST = range(7)
ITEMS: tuple[str, ...] = ("copper", "candlestick", "gold", "pearls", "jewels", "necklace",
                          "chest")
ITEM_TYPES = len(ITEMS)
ITEM_VALUES: tuple[int, ...] = (7, 8, 9, 10, 11, 12, 13)
# The action printed on each item's banner, by item.
ITEM_ACTIONS: tuple[str, ...] = ("buy", "steal", "ambush", "rob", "raid", "defence", "trade")
# Red banners are attacks that a necklace in hand can cancel (rulebook, "Difesa").
ATTACKS: frozenset[int] = frozenset({CANDLESTICK, PEARLS, JEWELS})
CARDS_PER_ITEM = 12
ITEM_CARDS = ITEM_TYPES * CARDS_PER_ITEM  # 84; card id // CARDS_PER_ITEM is its item


def item_of(card: int) -> int:
    """Return the item shown on item card `card`."""
    return card // CARDS_PER_ITEM


# -- player colours (rulebook, "Contenuto della scatola") ----------------------------------
COLOURS: tuple[str, ...] = ("red", "yellow", "green", "blue", "purple", "white", "grey")

# -- ambush cards (rulebook, "Imboscata") --------------------------------------------------
# Ambush card ids 0-6 show a player colour (the colour with the same index); ids 7-12
# show two items each.
#
# RECONSTRUCTION: the item pairs on the six two-item cards are not printed in the rulebook.
# Constraints (its notes under "Imboscata" and public descriptions of the cards): gold is on
# none of them, each of the other six items is on exactly two cards, and each card shows
# two different items.
# We use the cycle copper-candlestick-pearls-jewels-necklace-chest-copper, which also
# makes every pair distinct.
AMBUSH_PAIRS: tuple[tuple[int, int], ...] = (
    (COPPER, CANDLESTICK),
    (CANDLESTICK, PEARLS),
    (PEARLS, JEWELS),
    (JEWELS, NECKLACE),
    (NECKLACE, CHEST),
    (CHEST, COPPER),
)
AMBUSH_CARDS = len(COLOURS) + len(AMBUSH_PAIRS)  # 13


def ambush_name(card: int) -> str:
    """Return the token naming ambush card `card` (a colour, or two items joined by '+')."""
    if card < len(COLOURS):
        return COLOURS[card]
    a, b = AMBUSH_PAIRS[card - len(COLOURS)]
    return f"{ITEMS[a]}+{ITEMS[b]}"


def ambush_colour(card: int) -> int:
    """Return the seat colour on ambush card `card`, or -1 for a two-item card."""
    return card if card < len(COLOURS) else -1


def ambush_items(card: int) -> tuple[int, ...]:
    """Return the items shown on ambush card `card` (empty for a colour card)."""
    return () if card < len(COLOURS) else AMBUSH_PAIRS[card - len(COLOURS)]


AMBUSH_NAMES: tuple[str, ...] = tuple(ambush_name(c) for c in range(AMBUSH_CARDS))

# -- commissions (rulebook, "Completare un incarico") --------------------------------------
SEVEN, FIVE, PAIRS4, PAIRS3 = range(4)
COMMISSIONS: tuple[str, ...] = ("seven", "five", "pairs4", "pairs3")
COMMISSION_COUNT = 2 * len(COMMISSIONS)  # 8 cards, a pair per kind
# RECONSTRUCTION: the printed values are not in the rulebook. Constraints (the rulebook and
# public descriptions of the cards): the single-pawn side is worth more than the two-pawn
# side, every value lies between 10 and 30. We also order the kinds by how hard the
# rulebook's tips ("Alcuni suggerimenti generali") say they are (seven different is the
# hardest, "five identical" is very rewarding, three pairs of little interest in the first
# half of the game). Entries are (single-pawn value, two-pawn value).
COMMISSION_VALUES: tuple[tuple[int, int], ...] = (
    (30, 20),  # seven different items
    (26, 16),  # five identical items
    (22, 14),  # four different pairs
    (15, 10),  # three different pairs
)

# -- the sheriff's track (rulebook, "Muovere lo Sceriffo e ottenere favori") ---------------
# RECONSTRUCTION: the track's length and numbers are not known. Constraints: it starts and
# ends at the town of Nottingham; each space shows a number from 2 to 8. The reviews'
# wording that every space has "its own number" is only a hint: read literally it allows at
# most seven spaces, and then the eighth commission (which needs eight exchanges) could
# never end the game, so the default track goes round the numbers twice (each of 2-8 on
# exactly two spaces, no two neighbours equal). The literal reading is the `distinct` track
# (option `track`).
TRACKS: dict[str, tuple[int, ...]] = {
    "long": (5, 3, 7, 4, 2, 6, 8, 3, 5, 2, 7, 4, 8, 6),
    "distinct": (5, 3, 7, 2, 6, 4, 8),
}
