"""Devastation of the plague's region (Rattus rulebook, "Devastation of the plagued
region" and "The rat tokens"; rulings R5, R7, R12 and R15 in docs/games/rattus.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tavola.games.rattus.components import TOKENS
from tavola.games.rattus.game import RattusState
from tavola.games.rattus.state import KNIGHT_DECISION, SPREAD, TURN
from tests.games.rattus.scenarios import cubes, legal_text, play, region, revealed, scenario


def plague_to_gallia(tokens: Sequence[str], gallia: Sequence[int], players: int = 2,
                     holders: Mapping[str, int] | None = None,
                     other: Mapping[str, Sequence[int]] | None = None) -> RattusState:
    """Move the plague from Anglia into Gallia and place the spreading tokens in Hispania."""
    s = scenario(players, plague="anglia", tokens={"gallia": list(tokens)},
                 cubes={"gallia": list(gallia), **(other or {})}, holders=holders, supply=10,
                 step="C")
    s = play(s, "plague:gallia")
    while s.phase == SPREAD:
        s = play(s, "spread:hispania")
    return s


def test_no_devastation_without_a_cube_in_the_region() -> None:
    s = plague_to_gallia(["1 M"], [0, 0])
    assert revealed(s) == [] and len(region(s, "gallia")) == 1


def test_no_devastation_without_a_rat_token_in_the_region() -> None:
    s = scenario(plague="anglia", cubes={"gallia": [3, 0]}, supply=10, step="C")
    s = play(s, "plague:gallia")
    assert revealed(s) == [] and cubes(s, "gallia") == [3, 0] and s.phase == TURN


def test_tokens_are_revealed_one_at_a_time_until_all_are_revealed() -> None:
    s = plague_to_gallia(["1 M", "1 ki"], [5, 0])
    assert region(s, "gallia") == [] and len(revealed(s)) == 2
    assert cubes(s, "gallia") == [4, 0]


def test_revealing_stops_when_the_region_has_no_cubes() -> None:
    s = plague_to_gallia(["1 M", "2 A", "3 MM"], [1, 0])
    assert cubes(s, "gallia") == [0, 0]
    assert len(revealed(s)) == 1 and len(region(s, "gallia")) == 2


def test_tokens_are_revealed_in_the_order_they_arrived() -> None:
    """Ruling R5."""
    s = plague_to_gallia(["3 MM", "1 M"], [1, 1])
    first, second = (TOKENS[t] for t in revealed(s))
    assert (first.threshold, first.majority) == (3, 2)
    assert (second.threshold, second.majority) == (1, 1)


def test_a_token_below_its_threshold_has_no_effect_but_leaves_the_game() -> None:
    s = plague_to_gallia(["3 M"], [1, 1])
    assert cubes(s, "gallia") == [1, 1] and len(revealed(s)) == 1
    assert "no effect" in s.log_text(None)[-2]


def test_the_threshold_counts_every_players_cubes_in_the_region() -> None:
    s = plague_to_gallia(["3 M"], [2, 1])
    assert cubes(s, "gallia") == [1, 1]


def test_m_hits_the_player_with_most_cubes() -> None:
    s = plague_to_gallia(["1 M"], [3, 1])
    assert cubes(s, "gallia") == [2, 1] and s.lost == [1, 0]


def test_m_tie_hits_every_tied_player() -> None:
    s = plague_to_gallia(["1 M"], [2, 2])
    assert cubes(s, "gallia") == [1, 1]


def test_mm_is_resolved_one_m_at_a_time() -> None:
    s = plague_to_gallia(["3 MM"], [3, 2])
    assert cubes(s, "gallia") == [1, 1]


def test_a_hits_every_player_with_a_cube_in_the_region() -> None:
    s = plague_to_gallia(["2 A"], [2, 1, 0], players=3, other={"italia": [0, 0, 3]})
    assert cubes(s, "gallia") == [1, 0, 0] and s.lost == [1, 1, 0]
    assert cubes(s, "italia") == [0, 0, 3]


def test_a_class_icon_hits_its_holder_with_a_cube_in_the_region() -> None:
    """Ruling R15."""
    s = plague_to_gallia(["1 ki"], [2, 1], holders={"king": 1})
    assert cubes(s, "gallia") == [2, 0]


def test_a_class_icon_spares_its_holder_without_a_cube_in_the_region() -> None:
    """Ruling R15."""
    s = plague_to_gallia(["1 ki"], [2, 0], holders={"king": 1}, other={"italia": [0, 3]})
    assert cubes(s, "gallia") == [2, 0] and s.lost == [0, 0]


def test_a_class_icon_of_a_card_beside_the_board_hits_nobody() -> None:
    s = plague_to_gallia(["1 ki"], [2, 1])
    assert cubes(s, "gallia") == [2, 1]


def test_several_icons_hit_one_holder_once_each() -> None:
    s = plague_to_gallia(["3 ki me"], [0, 3], holders={"king": 1, "merchant": 1})
    assert cubes(s, "gallia") == [0, 1]


def test_every_revealed_token_leaves_the_game_and_lost_cubes_are_removed() -> None:
    """Ruling R7: lost cubes leave the game (they do not return to the reserve)."""
    s = plague_to_gallia(["3 M", "1 M"], [1, 1])
    assert len(revealed(s)) == 2 and region(s, "gallia") == []
    assert s.reserve == [19, 19] and s.lost == [1, 1]


def test_the_knight_holder_decides_before_revealing_when_active() -> None:
    s = plague_to_gallia(["3 M"], [1, 0], holders={"knight": 0})
    assert s.phase == KNIGHT_DECISION and revealed(s) == []
    assert legal_text(s) == ["boost", "no_boost"]


def test_knight_boost_counts_the_plague_piece_as_two_neutral_cubes() -> None:
    s = plague_to_gallia(["3 M"], [1, 0], holders={"knight": 0})
    boosted = play(s, "boost")
    assert cubes(boosted, "gallia") == [0, 0]
    plain = play(s, "no_boost")
    assert cubes(plain, "gallia") == [1, 0] and len(revealed(plain)) == 1


def test_knight_neutral_cubes_are_no_player_for_majority() -> None:
    s = play(plague_to_gallia(["1 M"], [1, 1], holders={"knight": 0}), "boost")
    assert cubes(s, "gallia") == [0, 0]


def test_the_knight_decision_is_not_asked_of_a_holder_who_is_not_active() -> None:
    s = plague_to_gallia(["3 M"], [1, 0], holders={"knight": 1})
    assert s.phase == TURN and s.to_act == (1,) and len(revealed(s)) == 1


def test_the_knight_decision_is_not_asked_without_a_devastation() -> None:
    s = plague_to_gallia(["3 M"], [0, 0], holders={"knight": 0})
    assert s.phase == TURN and s.to_act == (1,)


def test_a_tokens_symbols_resolve_m_first_then_a_then_class_icons() -> None:
    """Rulebook, "The rat tokens" 1-3: the order decides who is hit."""
    # M first: the majority (Red, 2) loses one, then the King's holder (Red) loses one.
    # Icons first would leave Red 1 and Blue 1 tied, and the M would hit both.
    s = plague_to_gallia(["2 M ki"], [2, 1], holders={"king": 0})
    assert cubes(s, "gallia") == [0, 1]
    assert [line.split(" (")[-1] for line in s.log_text(None) if "loses" in line] == [
        "majority)", "King)"]


def test_a_and_m_count_only_the_cubes_left_by_the_symbols_before() -> None:
    s = plague_to_gallia(["4 M A"], [3, 1, 0], players=3)
    assert cubes(s, "gallia") == [1, 0, 0] and s.lost == [2, 1, 0]


def test_knight_neutral_cubes_do_not_keep_a_devastation_going() -> None:
    """Ruling R12: reveals stop once no player's cube is left; neutral cubes never leave."""
    s = play(plague_to_gallia(["1 M", "2 A"], [1, 0], holders={"knight": 0}), "boost")
    assert cubes(s, "gallia") == [0, 0]
    assert len(revealed(s)) == 1 and len(region(s, "gallia")) == 1


def test_a_devastation_hits_only_the_plague_region() -> None:
    s = plague_to_gallia(["2 A"], [1, 1], other={"italia": [2, 2], "anglia": [1, 1]})
    assert cubes(s, "gallia") == [0, 0]
    assert cubes(s, "italia") == [2, 2] and cubes(s, "anglia") == [1, 1]


def test_the_knights_plague_spreads_and_devastates_only_in_its_final_region() -> None:
    """Ruling R4: the region passed through neither spreads nor is devastated."""
    s = scenario(holders={"knight": 0}, plague="anglia", supply=10,
                 tokens={"gallia": ["2 A"], "italia": ["3 M"]},
                 cubes={"gallia": [2, 1], "italia": [1, 0]}, step="C")
    s = play(s, "plague:italia", "spread:germania", "no_boost")
    assert cubes(s, "gallia") == [2, 1] and len(region(s, "gallia")) == 1
    assert region(s, "italia") == [] and len(revealed(s)) == 1
    assert len(region(s, "germania")) == 1
