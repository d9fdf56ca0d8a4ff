"""The component tables, known and reconstructed (Nottingham rulebook, "Contenuto della
scatola" and the item table; the reconstructions in docs/games/nottingham.md)."""

from __future__ import annotations

import itertools
from collections import Counter

from tavola.games.nottingham.components import (
    AMBUSH_CARDS,
    AMBUSH_PAIRS,
    CARDS_PER_ITEM,
    COLOURS,
    COMMISSION_COUNT,
    COMMISSION_VALUES,
    COMMISSIONS,
    GOLD,
    ITEM_ACTIONS,
    ITEM_CARDS,
    ITEM_VALUES,
    ITEMS,
    TRACKS,
    ambush_colour,
    ambush_items,
    item_of,
)


def test_eighty_four_item_cards_twelve_of_each_of_seven_items() -> None:
    assert ITEM_CARDS == 84 and len(ITEMS) == 7 and CARDS_PER_ITEM == 12
    assert Counter(item_of(c) for c in range(ITEM_CARDS)) == {i: 12 for i in range(7)}


def test_each_item_has_its_fixed_value_and_action() -> None:
    assert dict(zip(ITEMS, zip(ITEM_VALUES, ITEM_ACTIONS, strict=True), strict=True)) == {
        "copper": (7, "buy"), "candlestick": (8, "steal"), "gold": (9, "ambush"),
        "pearls": (10, "rob"), "jewels": (11, "raid"), "necklace": (12, "defence"),
        "chest": (13, "trade")}


def test_seven_colours_one_ambush_card_each() -> None:
    assert COLOURS == ("red", "yellow", "green", "blue", "purple", "white", "grey")
    assert [ambush_colour(a) for a in range(7)] == list(range(7))


def test_thirteen_ambush_cards_six_with_two_items() -> None:
    assert AMBUSH_CARDS == 13 and len(AMBUSH_PAIRS) == 6
    assert all(ambush_colour(a) == -1 for a in range(7, 13))


def test_reconstructed_ambush_pairs_show_no_gold_and_every_other_item_twice() -> None:
    shown = Counter(i for a in range(7, 13) for i in ambush_items(a))
    assert GOLD not in shown
    assert shown == {i: 2 for i in range(7) if i != GOLD}
    assert all(a != b for a, b in AMBUSH_PAIRS)
    assert len({frozenset(p) for p in AMBUSH_PAIRS}) == 6


def test_eight_commissions_in_four_pairs() -> None:
    assert COMMISSION_COUNT == 8 and COMMISSIONS == ("seven", "five", "pairs4", "pairs3")


def test_reconstructed_commission_values_single_pawn_above_two_pawn_within_10_to_30() -> None:
    for single, double in COMMISSION_VALUES:
        assert 10 <= double < single <= 30
    singles = [v[0] for v in COMMISSION_VALUES]
    assert singles == sorted(singles, reverse=True)  # harder kinds are worth more


def test_reconstructed_tracks_show_numbers_from_2_to_8() -> None:
    for numbers in TRACKS.values():
        assert all(2 <= n <= 8 for n in numbers)
    assert sorted(TRACKS["distinct"]) == list(range(2, 9))
    assert Counter(TRACKS["long"]) == {n: 2 for n in range(2, 9)}
    long = TRACKS["long"]
    assert all(a != b for a, b in itertools.pairwise(long))
