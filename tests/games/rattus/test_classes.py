"""The six class powers (Rattus rulebook, "Class cards"; rulings R1, R4, R9, R11 and R13
in docs/games/rattus.md)."""

from __future__ import annotations

from tavola.games.rattus.state import MERCHANT_TO, MONK_TO, TURN, WITCH_SECOND, WITCH_SWAP
from tests.conformance.harness import expect_error
from tests.games.rattus.scenarios import (
    cubes,
    is_legal,
    kinds,
    legal_text,
    play,
    region,
    scenario,
)


def test_king_moves_a_cube_to_the_palace_only_from_a_region_without_rats() -> None:
    s = scenario(holders={"king": 0}, tokens={"germania": ["2 M"]},
                 cubes={"hispania": [2, 1], "germania": [1, 0]}, step="B")
    assert [a for a in legal_text(s) if a.startswith("king")] == ["king:hispania"]
    s = play(s, "king:hispania")
    assert s.palace == [1, 0] and cubes(s, "hispania") == [1, 1]


def test_palace_cubes_are_safe_and_count_at_the_end() -> None:
    s = scenario(holders={"king": 0}, plague="anglia", tokens={"gallia": ["2 A"]},
                 cubes={"gallia": [1, 1], "hispania": [1, 0]}, supply=0, step="B")
    s = play(s, "king:hispania", "end_b", "plague:gallia")
    assert s.is_terminal and s.palace == [1, 0] and cubes(s, "gallia") == [0, 0]
    assert s.result().scores == (1, 0)


def test_merchant_moves_up_to_three_own_cubes_to_an_adjacent_region() -> None:
    s = scenario(holders={"merchant": 0}, cubes={"gallia": [4, 2], "italia": [0, 1]},
                 step="B")
    assert [a for a in legal_text(s) if a.startswith("merchant")] == ["merchant:gallia"]
    s = play(s, "merchant:gallia")
    assert s.phase == MERCHANT_TO
    assert sorted(legal_text(s)) == sorted(f"merchant:gallia,{to},{k}"
                                           for to in ("anglia", "germania", "hispania", "italia")
                                           for k in (1, 2, 3))
    s = play(s, "merchant:gallia,italia,3")
    assert cubes(s, "gallia") == [1, 2] and cubes(s, "italia") == [3, 1]
    assert s.phase == TURN and "merchant" not in kinds(s)


def test_merchant_moves_only_the_holders_cubes() -> None:
    """Ruling R11: the rulebook does not say whose cubes; the Merchant moves his own."""
    s = scenario(holders={"merchant": 0}, cubes={"gallia": [0, 3]}, step="B")
    assert "merchant" not in kinds(s)
    s = scenario(holders={"merchant": 0}, cubes={"gallia": [2, 3]}, step="B")
    s = play(s, "merchant:gallia")
    assert all(a.endswith((",1", ",2")) for a in legal_text(s))


def test_the_merchant_chooses_the_region_first_then_where_and_how_many() -> None:
    """The two-step decision: choosing the region uses the Merchant for this turn."""
    s = scenario(holders={"merchant": 0}, cubes={"gallia": [1, 0], "scandia": [2, 0]},
                 step="B")
    assert sorted(a for a in legal_text(s) if a.startswith("merchant")) == [
        "merchant:gallia", "merchant:scandia"]
    s = play(s, "merchant:scandia")
    assert kinds(s) == {"merchant"}
    expect_error(s, 0, "plague:scandia")
    expect_error(s, 0, "merchant:gallia,italia,1")
    s = play(s, "merchant:scandia,anglia,1")
    assert s.phase == TURN and "merchant" not in kinds(s) and cubes(s, "anglia") == [1, 0]


def test_monk_moves_a_token_to_an_adjacent_region_with_room() -> None:
    s = scenario(holders={"monk": 0}, tokens={"gallia": ["2 M", "3 A"],
                                              "italia": ["1 ki", "1 me", "1 mo"]},
                 step="B")
    assert "monk:gallia" in legal_text(s)
    s = play(s, "monk:gallia")
    assert s.phase == MONK_TO
    assert not is_legal(s, "monk:gallia.0,italia")
    assert sorted(legal_text(s)) == sorted(f"monk:gallia.{i},{to}" for i in (0, 1)
                                           for to in ("anglia", "germania", "hispania"))
    moved = region(s, "gallia")[1]
    s = play(s, "monk:gallia.1,hispania")
    assert region(s, "hispania") == [moved] and len(region(s, "gallia")) == 1
    assert s.phase == TURN and "monk" not in kinds(s)


def test_monk_cannot_move_a_token_out_of_a_region_whose_neighbours_are_full() -> None:
    full = {"anglia": ["2 M"], "gallia": ["1 ki", "1 me", "1 mo"],
            "scandia": ["1 pe", "1 wi", "2 A"]}
    s = scenario(holders={"monk": 0}, tokens=full, step="B")
    assert "monk:anglia" not in legal_text(s)
    assert "monk:gallia" in legal_text(s)


def test_the_monks_token_keeps_what_the_witch_knows_of_it() -> None:
    s = scenario(holders={"monk": 0, "witch": 0},
                 tokens={"gallia": ["2 M"], "scandia": ["5 MM A"]}, step="B")
    s = play(s, "witch:gallia.0", "witch:scandia.0", "keep", "monk:gallia",
             "monk:gallia.0,italia")
    moved = region(s, "italia")[0]
    assert moved in s.known[0]
    assert s.view(0)["regions"][5]["tokens"][0]["front"] is not None
    theirs = s.view(1)["regions"][5]["tokens"][0]
    assert theirs["seen_by"] == [0] and theirs["front"] is None


def test_peasant_places_one_cube_more_than_the_rat_tokens() -> None:
    s = scenario(holders={"peasant": 0}, tokens={"gallia": ["2 M", "3 A"]}, step="B")
    s = play(s, "place:gallia,peasant")
    assert cubes(s, "gallia") == [3, 0]


def test_peasant_places_one_cube_where_there_are_no_rats() -> None:
    s = scenario(holders={"peasant": 0}, step="B")
    assert not is_legal(s, "place:anglia")
    s = play(s, "place:anglia,peasant")
    assert cubes(s, "anglia") == [1, 0]


def test_witch_looks_at_any_two_tokens_and_may_swap_them() -> None:
    s = scenario(holders={"witch": 0}, tokens={"gallia": ["2 M"], "scandia": ["5 MM A"]},
                 step="B")
    a, b = region(s, "gallia")[0], region(s, "scandia")[0]
    s = play(s, "witch:gallia.0")
    assert s.phase == WITCH_SECOND and legal_text(s) == ["witch:scandia.0"]
    s = play(s, "witch:scandia.0")
    assert s.phase == WITCH_SWAP and legal_text(s) == ["swap", "keep"]
    assert set(s.known[0]) == {a, b} and s.known[1] == []
    swapped = play(s, "swap")
    assert region(swapped, "gallia") == [b] and region(swapped, "scandia") == [a]
    assert swapped.phase == TURN and "witch" not in kinds(swapped)
    kept = play(s, "keep")
    assert region(kept, "gallia") == [a]


def test_witch_looks_only_at_tokens_on_the_board() -> None:
    """Ruling R13."""
    s = scenario(holders={"witch": 0}, tokens={"gallia": ["2 M"]}, supply=20, step="B")
    assert "witch" not in kinds(s)
    s = scenario(holders={"witch": 0}, tokens={"gallia": ["2 M", "1 ki"]}, supply=20,
                 step="B")
    assert sorted(a for a in legal_text(s) if a.startswith("witch")) == [
        "witch:gallia.0", "witch:gallia.1"]


def test_knight_moves_the_plague_piece_up_to_two_regions() -> None:
    s = scenario(holders={"knight": 0}, plague="anglia", step="C")
    moves = sorted(a.split(":")[1] for a in legal_text(s) if a.startswith("plague"))
    assert moves == ["gallia", "germania", "hispania", "italia", "polonia", "scandia"]
    s = scenario(plague="anglia", step="C")
    moves = sorted(a.split(":")[1] for a in legal_text(s) if a.startswith("plague"))
    assert moves == ["gallia", "scandia"]


def test_knight_power_is_used_only_in_phase_c() -> None:
    s = scenario(holders={"knight": 0}, plague="anglia", tokens={"gallia": ["2 M"]})
    assert kinds(s) == {"take", "no_card"}
    s = play(s, "no_card")
    assert kinds(s) == {"place", "end_b"}
    expect_error(s, 0, "boost")
    expect_error(s, 0, "plague:polonia")
    s = play(s, "end_b")
    assert is_legal(s, "plague:polonia")
    expect_error(s, 0, "boost")


def test_class_powers_are_used_only_in_phase_b() -> None:
    s = scenario(holders={"king": 0}, plague="anglia", cubes={"hispania": [1, 0]}, supply=5)
    assert "king" not in kinds(s)
    s = play(s, "no_card")
    assert is_legal(s, "king:hispania")
    s = play(s, "end_b")
    assert kinds(s) == {"plague"}
    s = play(s, "plague:gallia")
    assert s.to_act == (1,)
    assert "king" not in kinds(s)


def test_knight_reach_counts_only_regions_in_play() -> None:
    """Ruling R4: up to 2 steps through regions in play, never back to the start."""
    s = scenario(holders={"knight": 0}, plague="polonia", step="C")
    moves = {a.split(":")[1] for a in legal_text(s) if a.startswith("plague")}
    assert "polonia" not in moves and "russia" not in moves and "tartaria" not in moves
    s = scenario(4, holders={"knight": 0}, plague="polonia", step="C")
    moves = {a.split(":")[1] for a in legal_text(s) if a.startswith("plague")}
    assert {"russia", "tartaria"} <= moves


def test_witch_may_look_at_two_tokens_of_one_region() -> None:
    """Ruling R9: a swap inside one region only changes the tokens' order there."""
    s = scenario(holders={"witch": 0}, tokens={"gallia": ["2 M", "3 A"]}, step="B")
    a, b = region(s, "gallia")
    s = play(s, "witch:gallia.0", "witch:gallia.1", "swap")
    assert region(s, "gallia") == [b, a] and set(s.known[0]) == {a, b}
