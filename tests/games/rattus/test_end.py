"""End of the game (seed 001, FINE DELLA PARTITA; RULINGS.md Rattus 4; docs R6)."""

from __future__ import annotations

from tavola.games.rattus.state import FINAL, TURN
from tests.games.rattus.scenarios import cubes, kinds, legal_text, play, region, scenario


def test_the_game_ends_at_the_end_of_a_turn_when_the_token_supply_is_empty() -> None:
    s = scenario(plague="anglia", tokens={"gallia": ["2 M"]}, supply=1)
    s = play(s, "plague:gallia")
    assert s.phase != TURN or s.to_act == (0,)
    s = play(s, "spread:italia")
    assert s.supply == [] and s.is_terminal


def test_the_game_goes_on_while_tokens_and_cubes_remain() -> None:
    s = scenario(plague="anglia", supply=1)
    s = play(s, "plague:gallia")
    assert s.phase == TURN and s.to_act == (1,)


def test_the_game_ends_when_a_player_has_all_cubes_on_the_board() -> None:
    s = scenario(plague="anglia", tokens={"germania": ["2 M", "3 A"]},
                 cubes={"italia": [18, 0]}, supply=10)
    s = play(s, "place:germania")
    assert s.reserve[0] == 0 and not s.is_terminal
    s = play(s, "plague:gallia")
    assert s.is_terminal


def test_the_end_is_checked_after_the_devastation() -> None:
    s = scenario(plague="anglia", tokens={"gallia": ["2 A"]},
                 cubes={"gallia": [1, 1]}, lost=[19, 0], supply=10)
    s = play(s, "plague:gallia", "spread:italia")
    assert s.reserve[0] == 0 and s.is_terminal
    assert cubes(s, "gallia") == [0, 0]


def test_final_round_runs_from_the_last_players_right_counter_clockwise_without_him() -> None:
    s = scenario(4, plague="anglia", active=2, supply=0,
                 holders={"king": 0, "merchant": 1, "monk": 3, "witch": 2})
    s = play(s, "plague:gallia")
    order = []
    while not s.is_terminal:
        assert s.phase == FINAL
        order.append(s.to_act[0])
        s = play(s, "done")
    assert order == [1, 0, 3]


def test_final_round_skips_players_without_class_cards() -> None:
    s = scenario(3, plague="anglia", active=0, supply=0, holders={"king": 1})
    s = play(s, "plague:gallia")
    assert s.to_act == (1,)
    s = play(s, "done")
    assert s.is_terminal


def test_final_round_allows_no_new_card_no_cubes_and_no_plague_move_without_powers() -> None:
    s = scenario(plague="anglia", active=1, supply=0, holders={"monk": 0},
                 tokens={"gallia": ["2 M"]})
    s = play(s, "plague:scandia")
    assert s.phase == FINAL and s.to_act == (0,)
    assert kinds(s) == {"monk", "done"}


def test_final_round_peasant_places_one_cube_in_a_region() -> None:
    s = scenario(plague="anglia", active=1, supply=0, holders={"peasant": 0})
    s = play(s, "plague:scandia")
    assert sorted(a for a in legal_text(s) if a.startswith("peasant"))[0] == "peasant:anglia"
    s = play(s, "peasant:hispania", "done")
    assert cubes(s, "hispania") == [1, 0] and s.is_terminal


def test_final_round_knight_moves_the_plague_up_to_two_regions_without_spreading() -> None:
    """Ruling R6: the final move only places the plague's 2 neutral cubes."""
    s = scenario(plague="anglia", active=1, supply=0, holders={"knight": 0},
                 tokens={"italia": ["3 M", "2 A"]}, cubes={"italia": [1, 0]})
    s = play(s, "plague:scandia")
    assert s.phase == FINAL
    s = play(s, "plague:germania")
    assert s.plague == 2 and len(region(s, "italia")) == 2 and s.out == []
    assert "plague" not in kinds(s)
    s = play(s, "done")
    assert s.is_terminal


def test_final_resolution_resolves_every_token_with_the_plague_as_two_neutral_cubes() -> None:
    s = scenario(plague="anglia", active=1, supply=0, holders={"knight": 0},
                 tokens={"italia": ["3 M"], "gallia": ["3 M"], "scandia": ["2 A"]},
                 cubes={"italia": [1, 0], "gallia": [1, 0], "germania": [0, 2]})
    s = play(s, "plague:scandia", "plague:italia", "done")
    assert s.is_terminal
    assert cubes(s, "italia") == [0, 0]   # 1 cube + 2 neutral reach 3
    assert cubes(s, "gallia") == [1, 0]   # 1 cube does not
    assert all(not t for t in s.tokens) and len(s.out) == 3


def test_most_cubes_on_the_board_palace_included_wins() -> None:
    s = scenario(plague="anglia", supply=0, cubes={"italia": [3, 4]}, palace=[2, 0])
    s = play(s, "plague:gallia")
    assert s.result().scores == (5, 4) and s.result().winners == (0,)


def test_a_tie_goes_to_the_player_who_would_have_had_the_next_turn() -> None:
    """RULINGS.md Rattus 4."""
    s = scenario(3, plague="anglia", active=1, supply=0, cubes={"italia": [3, 1, 3]})
    s = play(s, "plague:gallia")
    assert s.result().winners == (2,)
    assert s.result().ranks == (2, 3, 1)
    s = scenario(3, plague="anglia", active=2, supply=0, cubes={"italia": [3, 1, 3]})
    s = play(s, "plague:gallia")
    assert s.result().winners == (0,)


def test_ties_option_shared_lets_tied_players_share_the_win() -> None:
    s = scenario(3, plague="anglia", active=1, supply=0, cubes={"italia": [3, 1, 3]},
                 options={"ties": "shared"})
    s = play(s, "plague:gallia")
    assert s.result().winners == (0, 2)
