"""A turn: A take a class card, B place cubes, C move the plague, each a separate decision
in that order (Rattus rulebook, "Turn summary"), and our rulings R1-R4
(docs/games/rattus.md)."""

from __future__ import annotations

from tavola.games.rattus.state import SPREAD, STAGE_A, STAGE_B, STAGE_C, TURN
from tests.conformance.harness import expect_error
from tests.games.rattus.scenarios import (
    cubes,
    is_legal,
    kinds,
    legal_text,
    play,
    scenario,
    to_step,
)

TWO_RATS = {"tokens": {"germania": ["2 M", "3 A"], "italia": ["1 ki"]}}


def test_take_a_class_card_from_beside_the_board() -> None:
    s = play(scenario(**TWO_RATS), "take:king")
    assert s.holder[0] == 0
    assert "beside the board" in s.log_text(None)[-1]


def test_take_a_class_card_from_another_player() -> None:
    s = play(scenario(holders={"witch": 1}, **TWO_RATS), "take:witch")
    assert s.holder[4] == 0
    assert "Blue" in s.log_text(None)[-1]


def test_cannot_take_own_card_nor_a_second_card_in_one_turn() -> None:
    s = scenario(holders={"king": 0}, **TWO_RATS)
    assert not is_legal(s, "take:king")
    s = play(s, "take:monk")
    assert "take" not in kinds(s) and "no_card" not in kinds(s)
    expect_error(s, 0, "take:witch")


def test_cards_stay_with_their_holder_until_taken() -> None:
    s = play(scenario(**TWO_RATS), "take:merchant", "end_b", "plague:germania")
    while s.to_act == (0,) or s.phase != TURN:
        s = play(s, legal_text(s)[0])
    assert s.holder[1] == 0
    s = play(s, "take:merchant")
    assert s.holder[1] == 1


def test_all_held_cards_give_their_powers() -> None:
    s = scenario(holders={"king": 0, "merchant": 0, "monk": 0},
                 cubes={"hispania": [2, 0]}, step="B", **TWO_RATS)
    assert {"king", "merchant", "monk"} <= kinds(s)


def test_place_as_many_cubes_as_the_region_has_rat_tokens() -> None:
    s = play(scenario(step="B", **TWO_RATS), "place:germania")
    assert cubes(s, "germania") == [2, 0]
    assert s.reserve[0] == 18


def test_no_cubes_can_be_placed_where_there_are_no_rats_without_the_peasant() -> None:
    s = scenario(step="B", **TWO_RATS)
    assert not is_legal(s, "place:anglia")
    assert is_legal(s, "place:italia")


def test_cubes_are_placed_in_one_region_once_per_turn() -> None:
    s = play(scenario(holders={"king": 0}, cubes={"hispania": [1, 0]}, step="B",
                      **TWO_RATS), "place:italia")
    assert s.stage == STAGE_B and "place" not in kinds(s)
    expect_error(s, 0, "place:germania")


def test_placing_cubes_and_taking_a_card_are_optional() -> None:
    s = scenario(**TWO_RATS)
    assert is_legal(s, "no_card")
    s = play(s, "no_card")
    assert is_legal(s, "end_b")
    s = play(s, "end_b", "plague:hispania")
    assert s.to_act == (1,) and s.phase == TURN and s.reserve == [20, 20]


def test_a_short_reserve_places_the_cubes_it_has() -> None:
    """Ruling R3."""
    s = scenario(lost=[19, 0], step="B", **TWO_RATS)
    s = play(s, "place:germania")
    assert cubes(s, "germania") == [1, 0] and s.reserve[0] == 0


def test_no_placement_with_an_empty_reserve() -> None:
    s = scenario(lost=[20, 0], holders={"monk": 0}, step="B", **TWO_RATS)
    assert s.stage == STAGE_B and "place" not in kinds(s)


def test_a_b_and_c_are_separate_decisions_in_order() -> None:
    """Ruling R2 (rulebook, "Turn summary"): A, then B, then C, each its own decision."""
    s = scenario(cubes={"hispania": [2, 0]}, **TWO_RATS)
    assert s.stage == STAGE_A and kinds(s) == {"take", "no_card"}
    s = play(s, "no_card")
    assert s.stage == STAGE_B and kinds(s) == {"place", "end_b"}
    expect_error(s, 0, "take:king")
    expect_error(s, 0, "plague:germania")
    s = play(s, "place:germania")
    assert s.stage == STAGE_C and kinds(s) == {"plague"}
    expect_error(s, 0, "take:king")
    expect_error(s, 0, "end_b")


def test_b_ends_by_choice_or_when_nothing_is_left() -> None:
    """Ruling R2: `end_b` ends B at once; with the placement made and every held power used
    (or unusable) B ends by itself, and a B with nothing to offer is skipped."""
    s = scenario(holders={"king": 0}, cubes={"hispania": [2, 0]}, step="B", **TWO_RATS)
    ended = play(s, "end_b")
    assert ended.stage == STAGE_C and ended.reserve[0] == 18 and ended.palace == [0, 0]
    s = play(s, "place:germania")
    assert s.stage == STAGE_B and kinds(s) == {"king", "end_b"}
    s = play(s, "king:hispania")
    assert s.phase == TURN and s.stage == STAGE_C and kinds(s) == {"plague"}
    # Nothing to place (an empty reserve) and no power: B is not asked at all.
    s = play(scenario(lost=[16, 0], cubes={"hispania": [4, 0]}, **TWO_RATS), "no_card")
    assert s.stage == STAGE_C and kinds(s) == {"plague"}
    # The King has no region without rats to use: placing ends B.
    s = scenario(holders={"king": 0}, cubes={"germania": [1, 0]}, step="B", **TWO_RATS)
    assert "king" not in kinds(s)
    assert play(s, "place:italia").stage == STAGE_C


def test_a_card_taken_in_a_is_used_in_b() -> None:
    """Rulebook, "Class cards": the powers are used in B, which follows A."""
    s = play(scenario(cubes={"hispania": [2, 0]}, **TWO_RATS), "take:king")
    assert s.stage == STAGE_B and is_legal(s, "king:hispania")
    s = play(s, "king:hispania", "place:germania")
    assert s.palace[0] == 1 and cubes(s, "germania") == [2, 0] and s.stage == STAGE_C


def test_a_is_skipped_by_a_player_holding_every_class_card() -> None:
    """A player holding all six cards has none to take: the turn begins with B."""
    every = {card: 0 for card in ("king", "merchant", "monk", "peasant", "witch", "knight")}
    s = scenario(holders=every, **TWO_RATS)
    assert s.stage == STAGE_B and "no_card" not in kinds(s) and "end_b" in kinds(s)
    # The same reached in play: Red takes the sixth card, and her next turn begins with B.
    s = scenario(holders={**every, "king": 1}, plague="anglia", supply=10, **TWO_RATS)
    s = play(s, "take:king", "end_b", "plague:scandia")
    s = play(to_step(s, "C"), "plague:anglia")
    assert s.to_act == (0,) and s.phase == TURN and s.stage == STAGE_B


def test_class_powers_are_used_in_any_order_each_once_per_turn() -> None:
    s = scenario(holders={"king": 0, "merchant": 0}, cubes={"hispania": [2, 0]}, step="B",
                 **TWO_RATS)
    s = play(s, "king:hispania", "place:germania", "merchant:germania",
             "merchant:germania,italia,2")
    assert s.palace[0] == 1 and cubes(s, "italia") == [2, 0]
    assert "king" not in kinds(s) and "merchant" not in kinds(s)
    s = scenario(holders={"king": 0, "merchant": 0}, cubes={"hispania": [2, 0]}, step="B",
                 **TWO_RATS)
    s = play(s, "merchant:hispania", "merchant:hispania,gallia,2", "king:gallia")
    assert s.palace[0] == 1 and cubes(s, "gallia") == [1, 0]


def test_the_plague_piece_moves_to_an_adjacent_region() -> None:
    s = scenario(plague="hispania", step="C", **TWO_RATS)
    assert sorted(a for a in legal_text(s) if a.startswith("plague")) == [
        "plague:gallia", "plague:italia"]


def test_moving_the_plague_comes_last_and_is_compulsory() -> None:
    s = play(scenario(step="C", **TWO_RATS), "plague:germania")
    assert s.phase == SPREAD and s.stage == STAGE_C and s.to_act == (0,)
    assert kinds(s) == {"spread"}
    s = scenario(step="C", **TWO_RATS)
    assert kinds(s) == {"plague"} and "done" not in kinds(s)


def test_turns_go_clockwise_from_the_first_player() -> None:
    """Rulebook, "Turn summary"."""
    s = scenario(3, plague="anglia", supply=10)
    seen = []
    for region_name in ("gallia", "anglia", "gallia", "anglia"):
        seen.append(s.to_act[0])
        s = play(to_step(s, "C"), f"plague:{region_name}")
    assert seen == [0, 1, 2, 0]


def test_a_taken_card_leaves_its_former_holder_with_its_powers() -> None:
    s = scenario(holders={"king": 1}, cubes={"hispania": [1, 1]}, **TWO_RATS)
    s = play(s, "take:king", "king:hispania", "end_b", "plague:anglia")
    assert s.to_act == (1,) and s.holder[0] == 0
    assert "king" not in kinds(s) and is_legal(s, "take:king")


def test_a_card_taken_in_a_before_b_gives_its_power_in_b() -> None:
    s = play(scenario(cubes={"hispania": [1, 0]}, **TWO_RATS), "take:king")
    assert is_legal(s, "king:hispania") and is_legal(s, "place:germania")
    assert s.stage == STAGE_B and not is_legal(s, "take:merchant")
