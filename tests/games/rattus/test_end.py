"""End of the game (Rattus rulebook, "End of the game"; rulings R6, R16 and R17 in
docs/games/rattus.md)."""

from __future__ import annotations

import tavola
from tavola.games.rattus.config import ROUND_LIMITS
from tavola.games.rattus.state import FINAL, STAGE_C, TURN
from tests.conformance.harness import random_game
from tests.games.rattus.scenarios import cubes, kinds, legal_text, play, region, revealed, scenario


def test_the_game_ends_at_the_end_of_a_turn_when_the_token_supply_is_empty() -> None:
    s = scenario(plague="anglia", tokens={"gallia": ["2 M"]}, supply=1, step="C")
    s = play(s, "plague:gallia")
    assert s.phase != TURN or s.to_act == (0,)
    s = play(s, "spread:italia")
    assert s.supply == [] and s.is_terminal
    assert "The game ends after Red's turn: the rat token supply is empty" in s.log_text(None)


def test_the_game_goes_on_while_tokens_and_cubes_remain() -> None:
    s = scenario(plague="anglia", supply=1, step="C")
    s = play(s, "plague:gallia")
    assert s.phase == TURN and s.to_act == (1,)


def test_the_game_ends_when_a_player_has_all_cubes_on_the_board() -> None:
    s = scenario(plague="anglia", tokens={"germania": ["2 M", "3 A"]},
                 cubes={"italia": [18, 0]}, supply=10, step="B")
    s = play(s, "place:germania")
    assert s.reserve[0] == 0 and not s.is_terminal and s.stage == STAGE_C
    s = play(s, "plague:gallia")
    assert s.is_terminal
    assert "The game ends after Red's turn: every cube of Red is on the board" in s.log_text(1)


def test_the_end_is_checked_after_the_devastation() -> None:
    s = scenario(plague="anglia", tokens={"gallia": ["2 A"]},
                 cubes={"gallia": [1, 1]}, lost=[19, 0], supply=10, step="C")
    s = play(s, "plague:gallia", "spread:italia")
    assert s.reserve[0] == 0 and s.is_terminal
    assert cubes(s, "gallia") == [0, 0]


def test_final_round_runs_from_the_last_players_right_counter_clockwise_without_him() -> None:
    s = scenario(4, plague="anglia", active=2, supply=0,
                 holders={"king": 0, "merchant": 1, "monk": 3, "witch": 2}, step="C")
    s = play(s, "plague:gallia")
    order = []
    while not s.is_terminal:
        assert s.phase == FINAL
        order.append(s.to_act[0])
        s = play(s, "done")
    assert order == [1, 0, 3]


def test_final_round_skips_players_without_class_cards() -> None:
    s = scenario(3, plague="anglia", active=0, supply=0, holders={"king": 1}, step="C")
    s = play(s, "plague:gallia")
    assert s.to_act == (1,)
    s = play(s, "done")
    assert s.is_terminal


def test_final_round_allows_no_new_card_no_cubes_and_no_plague_move_without_powers() -> None:
    s = scenario(plague="anglia", active=1, supply=0, holders={"monk": 0},
                 tokens={"gallia": ["2 M"]}, step="C")
    s = play(s, "plague:scandia")
    assert s.phase == FINAL and s.to_act == (0,)
    assert kinds(s) == {"monk", "done"}


def test_final_round_peasant_places_one_cube_in_a_region() -> None:
    s = scenario(plague="anglia", active=1, supply=0, holders={"peasant": 0}, step="C")
    s = play(s, "plague:scandia")
    assert sorted(a for a in legal_text(s) if a.startswith("peasant"))[0] == "peasant:anglia"
    s = play(s, "peasant:hispania", "done")
    assert cubes(s, "hispania") == [1, 0] and s.is_terminal


def test_final_round_knight_moves_the_plague_up_to_two_regions_without_spreading() -> None:
    """Ruling R6: the final move only places the plague's 2 neutral cubes."""
    s = scenario(plague="anglia", active=1, supply=0, holders={"knight": 0},
                 tokens={"italia": ["3 M", "2 A"]}, cubes={"italia": [1, 0]}, step="C")
    s = play(s, "plague:scandia")
    assert s.phase == FINAL
    s = play(s, "plague:germania")
    assert s.plague == 2 and len(region(s, "italia")) == 2 and revealed(s) == []
    assert "plague" not in kinds(s)
    s = play(s, "done")
    assert s.is_terminal


def test_final_resolution_resolves_every_token_with_the_plague_as_two_neutral_cubes() -> None:
    s = scenario(plague="anglia", active=1, supply=0, holders={"knight": 0},
                 tokens={"italia": ["3 M"], "gallia": ["3 M"], "scandia": ["2 A"]},
                 cubes={"italia": [1, 0], "gallia": [1, 0], "germania": [0, 2]}, step="C")
    s = play(s, "plague:scandia", "plague:italia", "done")
    assert s.is_terminal
    assert cubes(s, "italia") == [0, 0]   # 1 cube + 2 neutral reach 3
    assert cubes(s, "gallia") == [1, 0]   # 1 cube does not
    assert all(not t for t in s.tokens) and len(revealed(s)) == 3


def test_most_cubes_on_the_board_palace_included_wins() -> None:
    s = scenario(plague="anglia", supply=0, cubes={"italia": [3, 4]}, palace=[2, 0],
                 step="C")
    s = play(s, "plague:gallia")
    assert s.result().scores == (5, 4) and s.result().winners == (0,)


def test_a_tie_goes_to_the_player_who_would_have_had_the_next_turn() -> None:
    """Ruling R16."""
    s = scenario(3, plague="anglia", active=1, supply=0, cubes={"italia": [3, 1, 3]},
                 step="C")
    s = play(s, "plague:gallia")
    assert s.result().winners == (2,)
    assert s.result().ranks == (2, 3, 1)
    s = scenario(3, plague="anglia", active=2, supply=0, cubes={"italia": [3, 1, 3]},
                 step="C")
    s = play(s, "plague:gallia")
    assert s.result().winners == (0,)


def test_ties_option_shared_lets_tied_players_share_the_win() -> None:
    s = scenario(3, plague="anglia", active=1, supply=0, cubes={"italia": [3, 1, 3]},
                 options={"ties": "shared"}, step="C")
    s = play(s, "plague:gallia")
    assert s.result().winners == (0, 2)


def test_the_devastation_of_the_last_turn_comes_before_the_end() -> None:
    s = scenario(plague="anglia", tokens={"gallia": ["2 A"]}, cubes={"gallia": [1, 1]},
                 supply=1, step="C")
    s = play(s, "plague:gallia", "spread:italia")
    assert s.supply == [] and s.is_terminal
    assert s.lost == [1, 1]


def test_final_round_each_power_may_be_used_once_more() -> None:
    """Rulebook, "End of the game" 1; ruling R1."""
    s = scenario(plague="anglia", active=1, supply=0,
                 holders={"king": 0, "merchant": 0, "monk": 0, "witch": 0},
                 tokens={"gallia": ["2 M"], "italia": ["3 A"]},
                 cubes={"hispania": [2, 0], "gallia": [1, 0]}, step="C")
    s = play(s, "plague:scandia")
    assert s.phase == FINAL and kinds(s) == {"king", "merchant", "monk", "witch", "done"}
    s = play(s, "king:hispania", "merchant:gallia", "merchant:gallia,hispania,1",
             "monk:italia", "monk:italia.0,germania", "witch:gallia.0", "witch:germania.0",
             "keep")
    assert s.phase == FINAL and kinds(s) == {"done"}
    assert s.palace == [1, 0]


def test_final_resolution_applies_the_token_symbols_and_spares_the_palace() -> None:
    """Rulebook, "End of the game" 2 with "The rat tokens"."""
    s = scenario(3, plague="anglia", active=2, supply=0, palace=[2, 0, 0],
                 holders={"monk": 1},
                 tokens={"italia": ["2 M"], "scandia": ["2 mo"], "anglia": ["4 MM"]},
                 cubes={"italia": [2, 1, 0], "scandia": [0, 2, 0], "anglia": [1, 1, 0]},
                 step="C")
    s = play(s, "plague:gallia")
    s = play(s, "done")   # Blue, the Monk's holder, is the only one with a card
    assert s.is_terminal
    assert cubes(s, "italia") == [1, 1, 0]       # M: Red had most
    assert cubes(s, "scandia") == [0, 1, 0]      # the Monk's icon hits Blue
    assert cubes(s, "anglia") == [1, 1, 0]       # 2 cubes do not reach 4 (plague is in Gallia)
    assert s.palace == [2, 0, 0] and s.result().scores == (4, 3, 0)


def test_after_the_round_limit_the_game_ends_as_if_the_supply_were_empty() -> None:
    """Ruling R17: the last regular turn of the last round ends the game; the final class
    round and the final resolution follow and the game is scored as usual."""
    s = scenario(plague="anglia", active=1, holders={"king": 0},
                 tokens={"italia": ["3 M"]}, cubes={"italia": [1, 2], "scandia": [2, 0]},
                 supply=20, options={"rounds": 20}, step="C")
    s.turn = 2 * 20
    s = play(s, "plague:gallia")
    assert s.phase == FINAL and s.to_act == (0,) and len(s.supply) == 20
    assert ("The game ends after Blue's turn: 20 rounds have been played, the turn limit"
            in s.log_text(None))
    s = play(s, "done")
    assert s.is_terminal and revealed(s) and region(s, "italia") == []
    assert cubes(s, "italia") == [1, 1]          # 3 cubes reach 3: M hits Blue
    assert s.result().scores == (3, 1) and s.result().winners == (0,)


def test_the_last_round_is_announced_when_it_begins_and_shown_on_the_map() -> None:
    """Ruling R17: what a player sees before the round limit is reached."""
    s = scenario(plague="anglia", active=1, supply=20, options={"rounds": 20}, step="C")
    s.turn = 2 * 19
    s = play(s, "plague:gallia")
    assert s.turn == 39 and s.to_act == (0,)
    assert s.log_text(None)[-1] == (
        "Round 20 begins, the last one: the turn limit ends the game after it")
    assert "round 20 of at most 20" in s.game.render_view(s.view(0))


def test_the_round_limit_does_not_end_the_game_before_its_last_round_is_complete() -> None:
    s = scenario(plague="anglia", active=0, supply=20, options={"rounds": 20}, step="C")
    s.turn = 2 * 20 - 1
    s = play(s, "plague:gallia")
    assert s.phase == TURN and s.to_act == (1,) and s.turn == 40


def test_the_default_round_limit_is_one_no_game_played_by_the_rules_comes_near() -> None:
    """Ruling R17: a table of people plays the rulebook's end; the default bound is the
    largest one, and random games (the longest kind measured) end long before a fifth of
    it. The summary says so in every language."""
    spec = tavola.info("rattus").option("rounds")
    assert spec.default == max(ROUND_LIMITS) == 100
    for players in (2, 3, 4):
        for seed in range(8):
            states, _ = random_game("rattus", players, seed)
            assert states[-1].is_terminal and states[-1].turn <= 20 * players
    info = tavola.info("rattus")
    for lang in ("en", "it", "pl"):
        assert "100" in info.summary_in(lang)[0] and "R17" in info.summary_in(lang)[0]
