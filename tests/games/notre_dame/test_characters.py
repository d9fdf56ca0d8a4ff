"""All fifteen characters (Notre Dame rulebook, "The characters") and phase 4 itself
("Course of play", phase 4)."""

from __future__ import annotations

import itertools

import pytest

from tavola.core import NotPending
from tavola.games.notre_dame.components import Character
from tavola.games.notre_dame.state import HIRE, PLAGUE, NDState
from tests.games.notre_dame.scenario import SECTOR, edit, fresh, run, set_quarter

RED, BLUE = 0, 1


def hiring(character: Character, change: object = None) -> NDState:
    s = fresh(4)
    if callable(change):
        s = edit(s, change)
    c = s.clone()
    c.revealed = [Character.INNKEEPER, Character.MONK, character]
    if character in (Character.INNKEEPER, Character.MONK):
        c.revealed = [Character.JESTER, Character.MINSTREL, character]
    c.phase, c.turn, c.stack, c.first = HIRE, 0, [], RED
    return c


def hire(character: Character, *then: str, change: object = None) -> NDState:
    return run(hiring(character, change), RED, f"hire:{character.name.lower()}", *then)


def test_paying_a_character_costs_one_gold_to_the_bank() -> None:
    s = hire(Character.MONK)
    assert s.gold[RED] == 2 and s.bank == 25 - 12 + 1


def test_each_player_pays_at_most_one_character_per_round_in_turn_order() -> None:
    s = hire(Character.MONK)
    assert s.to_act == (BLUE,)
    with pytest.raises(NotPending):
        s.apply(RED, "hire:monk")


def test_the_same_character_may_be_paid_by_several_players() -> None:
    s = run(hire(Character.MONK), BLUE, "hire:monk")
    assert s.supply[RED] == s.supply[BLUE] == 6


def test_innkeeper_gives_three_prestige_and_a_benefit() -> None:
    s = hire(Character.INNKEEPER, "benefit:gold")
    assert s.prestige[RED] == 3 and s.gold[RED] == 3


def test_minstrel_moves_one_to_three_pieces_without_the_action() -> None:
    s = hire(Character.MINSTREL, change=lambda c: (set_quarter(c, RED, bank=4),
                                                   c.friend.__setitem__(RED, SECTOR["bank"])))
    s = run(s, RED, "from:bank", "to:residence")
    options = [str(a) for a in s.legal_actions(RED)]
    assert options == ["pieces:0,friend", "pieces:1", "pieces:1,friend", "pieces:2",
                       "pieces:2,friend", "pieces:3"]
    s = run(s, RED, "pieces:2,friend")
    assert s.sectors[RED][SECTOR["residence"]] == 2 and s.friend[RED] == SECTOR["residence"]
    assert s.prestige[RED] == 0


def test_monk_gives_two_cubes_and_one_prestige() -> None:
    s = hire(Character.MONK)
    assert s.supply[RED] == 6 and s.prestige[RED] == 1


def test_jester_may_move_a_cube_out_of_notre_dame_or_the_friend() -> None:
    s = hire(Character.JESTER, change=lambda c: (set_quarter(c, RED, notre_dame=1),
                                                 c.friend.__setitem__(RED, SECTOR["park"])))
    assert [str(a) for a in s.legal_actions(RED)] == ["from:notre_dame", "from:trusted_friend"]
    s = run(s, RED, "from:notre_dame", "to:residence")
    assert s.nd[RED] == 0 and s.prestige[RED] == 1


def test_moneylender_gives_two_gold_and_one_prestige() -> None:
    s = hire(Character.MONEYLENDER)
    assert s.gold[RED] == 4 and s.prestige[RED] == 1


def test_doctor_counts_this_rounds_plague_as_zero() -> None:
    s = hire(Character.DOCTOR)
    assert s.hired[RED] == Character.DOCTOR
    c = s.clone()
    c.rats[RED] = 5
    c.phase, c.turn, c.stack = PLAGUE, 0, []
    from tavola.games.notre_dame import rules

    rules.plague(c)
    assert c.rats[RED] == 5


def test_city_watch_counts_every_piece_in_the_quarter_and_notre_dame() -> None:
    s = hire(Character.CITY_WATCH, change=lambda c: (set_quarter(c, RED, bank=2, notre_dame=1),
                                                     c.friend.__setitem__(RED, 3)))
    assert s.prestige[RED] == 4


def test_night_watch_counts_empty_sectors() -> None:
    s = hire(Character.NIGHT_WATCH, change=lambda c: (set_quarter(c, RED, bank=2),
                                                      c.friend.__setitem__(RED, 3)))
    assert s.prestige[RED] == 5


def test_bishop_places_a_general_supply_cube_in_an_empty_sector_with_its_action() -> None:
    s = hire(Character.BISHOP, change=lambda c: set_quarter(c, RED, bank=2))
    assert "to:bank" not in [str(a) for a in s.legal_actions(RED)]
    s = run(s, RED, "to:residence")
    assert s.sectors[RED][SECTOR["residence"]] == 1 and s.prestige[RED] == 1
    assert s.supply[RED] == 4 and s.general[RED] == 10 - 2 - 1


def test_guild_master_pays_two_per_sector_with_two_pieces() -> None:
    s = hire(Character.GUILD_MASTER, change=lambda c: (set_quarter(c, RED, bank=2, hotel=1),
                                                       c.friend.__setitem__(RED, 4)))
    assert s.prestige[RED] == 4


def test_mayor_pays_three_per_sector_with_three_pieces() -> None:
    s = hire(Character.MAYOR, change=lambda c: (set_quarter(c, RED, bank=3, hotel=2),
                                                c.friend.__setitem__(RED, 4)))
    assert s.prestige[RED] == 6


def test_carpenter_pays_one_per_occupied_sector() -> None:
    s = hire(Character.CARPENTER, change=lambda c: (set_quarter(c, RED, bank=3, hotel=2),
                                                    c.friend.__setitem__(RED, 6)))
    assert s.prestige[RED] == 3


def test_round_reveals_two_brown_and_the_periods_grey_character() -> None:
    s = fresh(4, seed=11)
    brown, grey = s.revealed[:2], s.revealed[2]
    assert all(c < 6 for c in brown) and grey in (6, 7, 8)


def test_every_brown_character_appears_once_per_period_and_grey_once_per_game() -> None:
    import random

    s = fresh(3, seed=4)
    rng = random.Random(1)
    seen: list[list[int]] = []
    last_round = -1
    while not s.is_terminal:
        if s.rnd != last_round:
            seen.append(list(s.revealed))
            last_round = s.rnd
        p = s.to_act[0]
        s = s.apply(p, rng.choice(s.legal_actions(p)))  # type: ignore[assignment]
    for period in range(3):
        rounds = seen[period * 3:period * 3 + 3]
        assert sorted(c for r in rounds for c in r[:2]) == [0, 1, 2, 3, 4, 5]
        assert sorted(r[2] for r in rounds) == [6 + 3 * period + k for k in range(3)]


def test_bell_ringer_passes_to_the_left_each_round() -> None:
    import random

    s = fresh(4, seed=9)
    rng = random.Random(2)
    firsts = [s.first]
    while not s.is_terminal:
        p = s.to_act[0]
        s = s.apply(p, rng.choice(s.legal_actions(p)))  # type: ignore[assignment]
        if not s.is_terminal and s.first != firsts[-1]:
            firsts.append(s.first)
    assert len(firsts) == 9
    assert all((b - a) % 4 == 1 for a, b in itertools.pairwise(firsts))
