"""Component constraints (docs/games/rattus.md, "Reconstructions"): the reconstructed map
and tokens."""

from __future__ import annotations

from collections import Counter

from tavola.games.rattus.components import (
    ADJACENT,
    CLASS_NAMES,
    REGION_INDEX,
    REGION_NAMES,
    STARTING_COUNT,
    TOKENS,
)
from tavola.games.rattus.config import NEIGHBOURS, REGIONS_IN_PLAY


def adjacent(a: str, b: str) -> bool:
    return REGION_INDEX[b] in ADJACENT[REGION_INDEX[a]]


def test_twelve_regions_eight_light_then_two_for_three_then_two_for_four_players() -> None:
    assert len(REGION_NAMES) == 12
    assert set(REGION_NAMES[:8]) == {"anglia", "gallia", "germania", "hispania", "hungaria",
                                     "italia", "polonia", "scandia"}
    assert set(REGION_NAMES[8:10]) == {"bulgaria", "turcia"}
    assert set(REGION_NAMES[10:]) == {"russia", "tartaria"}
    assert REGIONS_IN_PLAY == {2: 8, 3: 10, 4: 12}


def test_adjacency_is_symmetric_and_never_reflexive() -> None:
    for r, near in enumerate(ADJACENT):
        assert r not in near
        for x in near:
            assert r in ADJACENT[x]


def test_anglia_gallia_and_hispania_form_a_connected_group() -> None:
    group = {"anglia", "gallia", "hispania"}
    reached = {"anglia"}
    frontier = ["anglia"]
    while frontier:
        a = frontier.pop()
        for b in group - reached:
            if adjacent(a, b):
                reached.add(b)
                frontier.append(b)
    assert reached == group


def test_russia_and_tartaria_are_neighbours() -> None:
    assert adjacent("russia", "tartaria")


def test_germania_and_turcia_are_not_neighbours() -> None:
    assert not adjacent("germania", "turcia")


def test_exactly_one_pair_among_hispania_italia_polonia_are_neighbours() -> None:
    pairs = [("hispania", "italia"), ("hispania", "polonia"), ("italia", "polonia")]
    assert sum(adjacent(a, b) for a, b in pairs) == 1


def test_regions_in_play_form_a_connected_map_for_every_player_count() -> None:
    for players, count in REGIONS_IN_PLAY.items():
        near = NEIGHBOURS[players]
        seen = {0}
        frontier = [0]
        while frontier:
            for x in near[frontier.pop()]:
                assert x < count
                if x not in seen:
                    seen.add(x)
                    frontier.append(x)
        assert seen == set(range(count))


def test_twelve_starting_tokens_and_thirty_seven_others() -> None:
    assert len(TOKENS) == 49
    assert STARTING_COUNT == 12
    assert [t.starting for t in TOKENS] == [True] * 12 + [False] * 37


def test_every_class_icon_is_present_on_the_tokens() -> None:
    icons = Counter(c for t in TOKENS for c in t.classes)
    assert set(icons) == set(range(len(CLASS_NAMES)))
    assert min(icons.values()) >= 5


def test_thresholds_are_at_least_one_and_mostly_one_to_four() -> None:
    thresholds = [t.threshold for t in TOKENS]
    assert min(thresholds) >= 1
    assert sum(1 for v in thresholds if v <= 4) >= 0.9 * len(thresholds)
    assert all(t.threshold <= 3 for t in TOKENS if t.starting)


def test_tokens_mix_m_mm_a_and_class_icons_and_every_token_has_a_symbol() -> None:
    assert any(t.majority == 1 for t in TOKENS)
    assert any(t.majority == 2 for t in TOKENS)
    assert any(t.everyone for t in TOKENS)
    assert any(t.classes and not t.majority and not t.everyone for t in TOKENS)
    assert all(t.majority or t.everyone or t.classes for t in TOKENS)
