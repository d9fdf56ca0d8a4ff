"""Every worked example of the Notre Dame rulebook, one test each, named as the rule.

The Italian and the Polish edition tell the same examples with different people (Paola /
Peggy, Michele / Mike, Barbara / Bill, Vittorio / Scott, ...); each test cites the section
and names the Italian edition's people.
"""

from __future__ import annotations

from tavola.games.notre_dame import rules
from tavola.games.notre_dame.components import Character, card_id
from tavola.games.notre_dame.state import PLAGUE, T_CARRIAGE, NDState
from tests.games.notre_dame.scenario import (
    SECTOR,
    edit,
    events,
    fresh,
    playing,
    run,
    set_quarter,
)

RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3


def test_convent_school_gives_as_many_cubes_as_the_school_then_holds() -> None:
    """Rulebook, "The action cards: Convent school", Paola's example: 2 cubes + 1 -> 3
    cubes, and the next one -> 4."""
    s = edit(fresh(), lambda c: set_quarter(c, RED, convent_school=2))
    s = run(playing(s, RED, "convent_school", "bank"), RED, "play:red.convent_school", "place")
    assert s.sectors[RED][SECTOR["convent_school"]] == 3
    assert s.supply[RED] == 4 - 1 + 3
    s = run(playing(s, RED, "convent_school", "bank"), RED, "play:red.convent_school", "place")
    assert s.supply[RED] == 6 - 1 + 4


def test_bank_gives_as_much_gold_as_the_bank_then_holds() -> None:
    """Rulebook, "The action cards: Bank"."""
    s = edit(fresh(), lambda c: set_quarter(c, RED, bank=1))
    s = run(playing(s, RED, "bank", "park"), RED, "play:red.bank", "place")
    assert s.gold[RED] == 3 + 2


def test_residence_gives_as_much_prestige_as_the_residence_then_holds() -> None:
    """Rulebook, "The action cards: Residence"."""
    s = edit(fresh(), lambda c: set_quarter(c, RED, residence=2))
    s = run(playing(s, RED, "residence", "park"), RED, "play:red.residence", "place")
    assert s.prestige[RED] == 3


def test_hotel_gives_one_benefit_up_to_three_cubes_and_two_from_the_fourth() -> None:
    """Rulebook, "The action cards: Hotel", Michele's example: third cube -> one of gold,
    cube, rat; fourth cube -> two, the same twice allowed."""
    s = edit(fresh(), lambda c: set_quarter(c, RED, hotel=2))
    s = edit(s, lambda c: c.rats.__setitem__(RED, 4))
    s = run(playing(s, RED, "hotel", "park"), RED, "play:red.hotel", "place")
    assert [str(a) for a in s.legal_actions(RED)] == ["benefit:gold", "benefit:cube",
                                                      "benefit:rat"]
    s = run(s, RED, "benefit:gold")
    assert s.gold[RED] == 4 and not s.stack
    s = run(playing(s, RED, "hotel", "park"), RED, "play:red.hotel", "place",
            "benefit:cube", "benefit:cube")
    assert s.sectors[RED][SECTOR["hotel"]] == 4
    assert s.supply[RED] == 4 - 1 - 1 + 2 and not s.stack


def test_hotel_rat_option_lapses_with_the_marker_on_zero() -> None:
    """Rulebook, "The action cards: Hotel": with the rat marker on 0 that option lapses."""
    s = run(playing(fresh(), RED, "hotel", "park"), RED, "play:red.hotel", "place")
    assert [str(a) for a in s.legal_actions(RED)] == ["benefit:gold", "benefit:cube"]


def test_trusted_friend_counts_as_a_cube_of_the_sector_it_enters() -> None:
    """Rulebook, "The action cards: Trusted friend", Barbara's example: the friend to a
    Bank with 2 cubes -> 3 gold."""
    s = edit(fresh(), lambda c: set_quarter(c, RED, bank=2))
    s = run(playing(s, RED, "trusted_friend", "park"), RED, "play:red.trusted_friend",
            "friend:bank")
    assert s.gold[RED] == 3 + 3 and s.friend[RED] == SECTOR["bank"]
    assert s.supply[RED] == 4


def test_carriage_example_one_reaches_a_neighbouring_message_then_two_squares() -> None:
    """Rulebook, "The action cards: Carriage house", example 1 (Yellow): the first drive
    takes a red message one step away; with a second cube it drives up to two squares, where
    another red message may not be taken before the other colours."""
    s = run(playing(fresh(), YELLOW, "carriage_house", "park"), YELLOW,
            "play:yellow.carriage_house", "place")
    assert s.stack[-1][0] == T_CARRIAGE and s.stack[-1][2] == 1
    assert "move:0.1" in [str(a) for a in s.legal_actions(YELLOW)]
    s = run(s, YELLOW, "move:0.1", "take")
    assert s.msgs[YELLOW][RED] == 1 and s.board[1] == -1
    s = run(playing(s, YELLOW, "carriage_house", "park"), YELLOW,
            "play:yellow.carriage_house", "place")
    moves = [str(a) for a in s.legal_actions(YELLOW) if a.kind == "move"]
    dist = s.setting.distances[1]
    assert moves and all(0 < dist[rules.SQUARE_OF_TOKEN[m[5:]]] <= 2 for m in moves)
    red_square = next(m for m in moves if s.board[rules.SQUARE_OF_TOKEN[m[5:]]] // 4 == RED)
    barred = run(s, YELLOW, red_square)
    assert not barred.stack and events(barred, "nd.message_barred")
    other = next(m for m in moves if s.board[rules.SQUARE_OF_TOKEN[m[5:]]] // 4 == BLUE)
    assert [str(a) for a in run(s, YELLOW, other).legal_actions(YELLOW)] == ["take", "leave"]


def test_carriage_example_two_may_stop_on_any_square_one_step_away() -> None:
    """Rulebook, "Carriage house", example 2 (Green): one step reaches message squares, and
    may stop on a square without a message or with another carriage."""
    def change(c: NDState) -> None:
        c.carriage[BLUE] = c.carriage[GREEN] + 1
    s = run(playing(edit(fresh(), change), GREEN, "carriage_house", "park"), GREEN,
            "play:green.carriage_house", "place")
    moves = [str(a) for a in s.legal_actions(GREEN) if a.kind == "move"]
    assert len(moves) >= 4
    with_message = [m for m in moves if s.board[rules.SQUARE_OF_TOKEN[m[5:]]] >= 0]
    assert len(with_message) >= 2
    blue_square = f"move:{GREEN}.1"
    assert blue_square in moves
    s2 = run(s, GREEN, blue_square)
    assert s2.carriage[GREEN] == s2.carriage[BLUE]


def test_message_colour_rule_first_a_full_set_then_any() -> None:
    """Rulebook, "The action cards: Carriage house", Red's messages: holding one each of three
    colours, the next must be the fourth colour; after it any colour."""
    def change(c: NDState) -> None:
        c.msgs[RED][RED] = c.msgs[RED][BLUE] = c.msgs[RED][GREEN] = 1
    s = edit(fresh(), change)
    assert not rules.message_allowed(s, RED, RED)
    assert not rules.message_allowed(s, RED, BLUE)
    assert rules.message_allowed(s, RED, YELLOW)
    s = edit(s, lambda c: c.msgs[RED].__setitem__(YELLOW, 1))
    assert all(rules.message_allowed(s, RED, k) for k in (RED, BLUE, GREEN, YELLOW))


def test_message_colour_rule_ignores_a_colour_with_no_message_left() -> None:
    """Rulebook, "The action cards: Carriage house": once no message of a colour is left, it no
    longer counts."""
    def change(c: NDState) -> None:
        c.msgs[RED][RED] = c.msgs[RED][BLUE] = c.msgs[RED][GREEN] = 1
        c.board = [-1 if m >= 0 and m // 4 == YELLOW else m for m in c.board]
    assert rules.message_allowed(edit(fresh(), change), RED, RED)


def _park_player() -> NDState:
    return edit(fresh(), lambda c: (set_quarter(c, RED, park=1, residence=2),
                                    c.rats.__setitem__(RED, 3)))


def test_park_example_second_cube_moves_rats_back_without_prestige() -> None:
    """Rulebook, "The action cards: Park", Vittorio's example 1."""
    s = run(playing(_park_player(), RED, "park", "bank"), RED, "play:red.park", "place")
    assert s.rats[RED] == 2 and s.prestige[RED] == 0


def test_park_example_residence_with_two_park_cubes_gains_one_more() -> None:
    """Rulebook, "Park", example 2: a third Residence cube gives 3 + 1 = 4."""
    s = edit(_park_player(), lambda c: set_quarter(c, RED, park=2))
    s = run(playing(s, RED, "residence", "bank"), RED, "play:red.residence", "place")
    assert s.prestige[RED] == 4


def test_park_example_lawyer_with_five_messages_gains_seven() -> None:
    """Rulebook, "Park", example 3: the Lawyer with 5 messages gives 6 + 1 = 7."""
    s = edit(fresh(), lambda c: (set_quarter(c, RED, park=2),
                                 c.tiles.__setitem__(RED, [0, 1, 2, 4, 5])))
    c = s.clone()
    rules.lawyer(c, RED)
    assert c.prestige[RED] == 7


def test_park_example_notre_dame_with_five_park_cubes_gains_five() -> None:
    """Rulebook, "Park", example 4: 2 gold to Notre Dame gives 3 + 2 = 5."""
    s = edit(fresh(), lambda c: set_quarter(c, RED, park=5))
    s = run(playing(s, RED, "notre_dame", "bank"), RED, "play:red.notre_dame", "place",
            "gold:2")
    assert s.prestige[RED] == 5 and s.gold[RED] == 1 and s.nd[RED] == 1


def test_park_example_final_notre_dame_share_with_six_park_cubes_gains_nine() -> None:
    """Rulebook, "Park": two cubes in Notre Dame worth 6, + 3 for six park cubes."""
    def change(c: NDState) -> None:
        set_quarter(c, RED, park=6, notre_dame=2)
        set_quarter(c, BLUE, notre_dame=1)
    c = edit(fresh(4), change)
    rules.notre_dame_payout(c)
    assert c.prestige[RED] == 9 and c.prestige[BLUE] == 3


def test_notre_dame_share_is_the_tile_divided_by_the_cubes_rounded_down() -> None:
    """Rulebook, "The action cards: Notre Dame", Green and Blue: 4 players, 10 / 3 = 3 each;
    green 6 + 1 park = 7, blue 3; the cubes go back to the general supply."""
    def change(c: NDState) -> None:
        set_quarter(c, GREEN, notre_dame=2, park=2)
        set_quarter(c, BLUE, notre_dame=1)
    c = edit(fresh(4), change)
    general = c.general[:]
    rules.notre_dame_payout(c)
    assert (c.prestige[GREEN], c.prestige[BLUE]) == (7, 3)
    assert c.nd == [0, 0, 0, 0]
    assert c.general[GREEN] == general[GREEN] + 2 and c.general[BLUE] == general[BLUE] + 1


def test_out_of_cubes_moves_one_from_a_sector_to_the_card() -> None:
    """Rulebook, "Out of influence cubes", Paola's example: with no personal cube, a cube
    moves from the Hospital to Notre Dame and the donation is made."""
    def change(c: NDState) -> None:
        set_quarter(c, RED, hospital=1)
        c.general[RED] += c.supply[RED]
        c.supply[RED] = 0
    s = playing(edit(fresh(), change), RED, "notre_dame", "bank")
    s = run(s, RED, "play:red.notre_dame")
    assert [str(a) for a in s.legal_actions(RED)] == ["from:hospital", "forgo"]
    s = run(s, RED, "from:hospital", "gold:2")
    assert s.nd[RED] == 1 and s.sectors[RED][SECTOR["hospital"]] == 0
    assert s.prestige[RED] == 3


def _plague(players: int, characters: list[int], setups: dict[int, dict[str, int]],
            rats: dict[int, int], friend_in_hospital: tuple[int, ...] = (),
            doctor: tuple[int, ...] = ()) -> NDState:
    def change(c: NDState) -> None:
        c.revealed = characters
        for p, counts in setups.items():
            set_quarter(c, p, **counts)
        for p, r in rats.items():
            c.rats[p] = r
        for p in friend_in_hospital:
            c.friend[p] = SECTOR["hospital"]
        for p in doctor:
            c.hired[p] = Character.DOCTOR
        c.phase, c.turn, c.stack, c.first = PLAGUE, 0, [], 0
    c = edit(fresh(players), change)
    rules.plague(c)
    return c


def test_plague_moves_by_the_rats_less_the_hospital() -> None:
    """Rulebook, "The plague", first example (Vittorio, Elena, Michela): plague 2 + 0 + 1 =
    3; 4 -> 5 with 2 hospital cubes; 6 -> 9 with none; 5 -> 4 with 3 cubes and the friend."""
    c = _plague(3, [Character.INNKEEPER, Character.MONEYLENDER, Character.CITY_WATCH],
                {0: {"hospital": 2}, 2: {"hospital": 3}}, {0: 4, 1: 6, 2: 5},
                friend_in_hospital=(2,))
    assert c.rats == [5, 9, 4]
    assert not events(c, "nd.overflow")


def test_plague_passing_nine_costs_two_prestige_and_a_cube_however_far() -> None:
    """Rulebook, "The plague", second example: plague 7; 5 + 5 and 9 + 7 both overflow with the
    same penalty; 4 + (7 - 2) reaches exactly 9 without one."""
    c = _plague(3, [Character.JESTER, Character.INNKEEPER, Character.NIGHT_WATCH],
                {0: {"hospital": 2, "bank": 3}, 1: {"residence": 2}, 2: {"hospital": 1}},
                {0: 5, 1: 9, 2: 4}, friend_in_hospital=(2,))
    assert c.rats == [9, 9, 9]
    assert [e["p"] for e in events(c, "nd.overflow")] == [0, 1]
    assert c.sectors[0][SECTOR["bank"]] == 2 and c.sectors[1][SECTOR["residence"]] == 1


def test_doctor_makes_the_plague_zero_and_the_hospital_still_counts() -> None:
    """Rulebook, "The characters: Doctor", Michele's example: plague 2 + 3 + 1 = 6; with
    the Doctor 0 - 2 moves the marker from 7 to 5; without, 7 + 6 - 2 = 11 overflows."""
    cards = [Character.DOCTOR, Character.JESTER, Character.NIGHT_WATCH]
    c = _plague(3, cards, {0: {"hospital": 1}}, {0: 7}, friend_in_hospital=(0,),
                doctor=(0,))
    assert c.rats[0] == 5
    c = _plague(3, cards, {0: {"hospital": 1}}, {0: 7}, friend_in_hospital=(0,))
    assert c.rats[0] == 9 and [e["p"] for e in events(c, "nd.overflow")] == [0]


def _hired(character: str, change: object = None, players: int = 4) -> NDState:
    s = fresh(players)
    if callable(change):
        s = edit(s, change)
    c = s.clone()
    c.revealed = [Character.INNKEEPER, Character.MINSTREL, Character[character.upper()]]
    c.phase, c.turn, c.stack, c.first = 3, 0, [], RED
    return run(c, RED, f"hire:{character}")


def test_jester_moves_a_cube_and_carries_out_the_new_sector() -> None:
    """Rulebook, "The characters: Jester", Bianca's example: a cube from the Bank to a
    Carriage house holding 2 lets the carriage drive up to 3 squares."""
    s = _hired("jester", lambda c: set_quarter(c, RED, bank=1, carriage_house=2))
    s = run(s, RED, "from:bank", "to:carriage_house")
    assert s.stack[-1][0] == T_CARRIAGE and s.stack[-1][2] == 3
    assert s.sectors[RED][SECTOR["bank"]] == 0


def test_king_of_beggars_pays_the_empty_spaces_ahead_of_the_rats() -> None:
    """Rulebook, "The characters: King of beggars", Bianca's example: marker on 4 -> 5."""
    s = _hired("king_of_beggars", lambda c: c.rats.__setitem__(RED, 4))
    assert s.prestige[RED] == 5 and s.gold[RED] == 2


def test_lawyer_pays_three_per_two_messages() -> None:
    """Rulebook, "The characters: Lawyer", Paola's example: 5 messages -> 6."""
    s = _hired("lawyer", lambda c: c.tiles.__setitem__(RED, [0, 1, 2, 4, 5]))
    assert s.prestige[RED] == 6


def test_lady_in_waiting_pays_the_fullest_sector_even_when_tied() -> None:
    """Rulebook, "The characters: Lady-in-waiting", Vittorio's example: 5 and 5 -> 5."""
    s = _hired("lady_in_waiting",
               lambda c: set_quarter(c, RED, carriage_house=5, hotel=5))
    assert s.prestige[RED] == 5


def test_two_player_draft_leaves_two_own_cards_and_one_of_the_opponent() -> None:
    """Rulebook, "Two-player game"; ruling 'Two-player draft'."""
    s = fresh(2, seed=5)
    for p in (0, 1):
        s = run(s, p, str(s.legal_actions(p)[0]))
    for p in (0, 1):
        s = run(s, p, str(s.legal_actions(p)[0]))
    for p in (0, 1):
        colours = sorted(c // 9 for c in s.hand[p])
        assert colours == sorted([p, p, 1 - p])


def test_draft_leaves_one_card_of_each_of_three_colours() -> None:
    """Rulebook, "Course of play", phase 2: own colour, the right neighbour's and the one two
    seats to the right."""
    s = fresh(5, seed=2)
    for _step in range(2):
        for p in range(5):
            s = run(s, p, str(s.legal_actions(p)[-1]))
    for p in range(5):
        assert sorted(c // 9 for c in s.hand[p]) == sorted([p, (p - 1) % 5, (p - 2) % 5])


def test_card_ids_cover_every_colour() -> None:
    """Rulebook, "Contents": 9 action cards per colour."""
    assert card_id(4, 8) == 44
