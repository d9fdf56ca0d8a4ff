"""One test per Notre Dame ruling (docs/rulings.md, "Notre Dame"), named as the ruling says
what happens."""

from __future__ import annotations

import pytest

from tavola.core import IllegalAction
from tavola.games.notre_dame import rules
from tavola.games.notre_dame.components import Character
from tavola.games.notre_dame.state import PLAGUE, T_PLAGUE_LOSS, NDState
from tests.conformance.harness import expect_error
from tests.games.notre_dame.scenario import SECTOR, edit, events, fresh, playing, run, set_quarter

RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3


def _bank_empty(c: NDState, golds: list[int]) -> None:
    c.gold = golds[:]
    c.bank = 25 - sum(golds)


def test_bank_shortfall_comes_from_the_richest_other_player() -> None:
    s = edit(fresh(4), lambda c: (_bank_empty(c, [3, 8, 8, 6]), set_quarter(c, RED, bank=2)))
    s = run(playing(s, RED, "bank", "park"), RED, "play:red.bank", "place")
    # bank had 0: 3 gold from blue (first of the tied richest after red in turn order)
    assert s.gold == [6, 5, 8, 6] and s.bank == 0


def test_bank_shortfall_uses_the_bank_first_then_the_next_richest_and_loses_the_rest() -> None:
    c = edit(fresh(3), lambda c: (c.__setattr__("gold", [0, 1, 0]), c.__setattr__("bank", 1)))
    rules.gain_gold(c, RED, 5, "test")
    assert c.gold == [2, 0, 0] and c.bank == 0
    assert events(c, "nd.gold_lost")[0]["amount"] == 3


def test_bank_shortfall_option_unlimited_gold_never_runs_short() -> None:
    s = fresh(4, gold="unlimited")
    s = edit(s, lambda c: (c.__setattr__("bank", 0), set_quarter(c, RED, bank=2)))
    s = run(playing(s, RED, "bank", "park"), RED, "play:red.bank", "place")
    assert s.gold == [6, 3, 3, 3]


def test_general_supply_running_out_gives_what_is_left() -> None:
    def change(c: NDState) -> None:
        set_quarter(c, RED, convent_school=3, bank=6)
        c.general[RED] = 1
        c.supply[RED] = 4
    s = run(playing(edit(fresh(), change), RED, "convent_school", "park"), RED,
            "play:red.convent_school", "place")
    assert s.supply[RED] == 3 + 1 and s.general[RED] == 0


def test_prestige_never_drops_below_zero() -> None:
    def change(c: NDState) -> None:
        c.revealed = [Character.JESTER, Character.INNKEEPER, Character.NIGHT_WATCH]
        c.rats[RED], c.prestige[RED] = 9, 1
        set_quarter(c, RED, bank=1)
        c.phase, c.turn, c.first = PLAGUE, 0, RED
    c = edit(fresh(), change)
    rules.plague(c)
    assert c.prestige[RED] == 0


def test_park_bonus_applies_to_every_gain_but_not_to_zero_or_losses() -> None:
    c = edit(fresh(), lambda c: set_quarter(c, RED, park=4))
    rules.gain_prestige(c, RED, 0, "test")
    assert c.prestige[RED] == 0
    rules.gain_prestige(c, RED, 1, "test")
    assert c.prestige[RED] == 3
    c.revealed = [Character.JESTER, Character.INNKEEPER, Character.NIGHT_WATCH]
    c.rats[RED] = 9
    c.phase, c.turn, c.first = PLAGUE, 0, RED
    rules.plague(c)
    assert c.prestige[RED] == 1


def test_park_bonus_counts_the_trusted_friend() -> None:
    c = edit(fresh(), lambda c: (set_quarter(c, RED, park=1), c.friend.__setitem__(RED, 5)))
    rules.gain_prestige(c, RED, 2, "test")
    assert c.prestige[RED] == 3


def test_park_or_hospital_on_rat_zero_still_places_the_cube() -> None:
    for card in ("park", "hospital"):
        s = run(playing(fresh(), RED, card, "bank"), RED, f"play:red.{card}", "place")
        assert s.sectors[RED][SECTOR[card]] == 1 and s.rats[RED] == 0


def _overflow(counts: dict[str, int], friend: int = -1) -> NDState:
    def change(c: NDState) -> None:
        c.revealed = [Character.JESTER, Character.INNKEEPER, Character.NIGHT_WATCH]
        c.rats[RED] = 9
        set_quarter(c, RED, **counts)
        c.friend[RED] = friend
        c.phase, c.turn, c.first, c.stack = PLAGUE, 0, RED, []
    c = edit(fresh(), change)
    rules.plague(c)
    return c


def test_plague_overflow_takes_a_cube_from_the_largest_sector() -> None:
    c = _overflow({"bank": 3, "hotel": 1})
    assert c.sectors[RED][SECTOR["bank"]] == 2 and c.general[RED] == 14 - 4 - 3 - 1 + 1


def test_plague_overflow_tied_largest_sectors_let_the_player_choose() -> None:
    c = _overflow({"bank": 2, "hotel": 2, "park": 1})
    assert c.stack == [(T_PLAGUE_LOSS, RED, 0, 0)]
    assert [str(a) for a in rules.legal(c, RED)] == ["lose:bank", "lose:hotel"]


def test_plague_overflow_friend_counts_for_size_but_is_never_removed() -> None:
    c = _overflow({"bank": 2, "hotel": 2}, friend=SECTOR["hotel"])
    assert c.sectors[RED][SECTOR["hotel"]] == 1 and c.friend[RED] == SECTOR["hotel"]


def test_plague_overflow_largest_holding_only_the_friend_takes_the_largest_with_a_cube() -> None:
    c = _overflow({"bank": 1}, friend=SECTOR["hotel"])
    assert c.sectors[RED][SECTOR["bank"]] == 0 and c.friend[RED] == SECTOR["hotel"]


def test_plague_overflow_no_cube_in_any_sector_loses_no_cube() -> None:
    c = _overflow({"notre_dame": 2}, friend=SECTOR["hotel"])
    assert c.nd[RED] == 2 and not c.stack and c.rats[RED] == 9


def test_carriage_may_stay_and_takes_messages_only_on_the_final_square() -> None:
    s = run(playing(fresh(), RED, "carriage_house", "park"), RED,
            "play:red.carriage_house", "place")
    assert "stay" in [str(a) for a in s.legal_actions(RED)]
    stayed = run(s, RED, "stay")
    assert stayed.carriage[RED] == s.carriage[RED] and not stayed.stack
    moved = run(s, RED, "move:0.1")
    assert [str(a) for a in moved.legal_actions(RED)] == ["take", "leave"]
    left = run(moved, RED, "leave")
    assert left.board[1] >= 0 and sum(left.msgs[RED]) == 0


def test_two_players_need_all_four_colours_for_a_full_set() -> None:
    s = fresh(2)
    colours_on_board = {m // 4 for m in s.board if m >= 0}
    assert colours_on_board == {0, 1, 2, 3}
    c = edit(s, lambda c: (c.msgs[0].__setitem__(0, 1), c.msgs[0].__setitem__(1, 1),
                           c.msgs[0].__setitem__(2, 1)))
    assert rules.message_allowed(c, 0, 3) and not rules.message_allowed(c, 0, 0)


def test_trusted_friend_must_move_to_a_different_sector() -> None:
    s = edit(fresh(), lambda c: c.friend.__setitem__(RED, SECTOR["bank"]))
    s = run(playing(s, RED, "trusted_friend", "park"), RED, "play:red.trusted_friend")
    legal = [str(a) for a in s.legal_actions(RED)]
    assert "friend:bank" not in legal and "friend:hotel" in legal
    assert not any("notre_dame" in a for a in legal)
    expect_error(s, RED, "friend:bank")


def test_out_of_cubes_never_takes_from_the_general_supply_or_moves_the_friend() -> None:
    def change(c: NDState) -> None:
        c.general[RED] += c.supply[RED]
        c.supply[RED] = 0
        c.friend[RED] = SECTOR["hotel"]
        set_quarter(c, RED, notre_dame=1)
    s = run(playing(edit(fresh(), change), RED, "bank", "park"), RED, "play:red.bank")
    assert [str(a) for a in s.legal_actions(RED)] == ["from:notre_dame", "forgo"]
    s = run(s, RED, "from:notre_dame")
    assert s.gold[RED] == 4 and s.nd[RED] == 0


def test_any_card_may_be_played_for_nothing() -> None:
    s = run(playing(fresh(), RED, "bank", "park"), RED, "play:red.bank", "forgo")
    assert s.gold[RED] == 3 and s.supply[RED] == 4 and events(s, "nd.forgo")


def test_end_game_ties_go_to_gold_plus_personal_cubes_then_are_shared() -> None:
    def change(c: NDState) -> None:
        c.prestige = [10, 10, 10, 4]
        c.gold, c.supply = [2, 1, 0, 0], [1, 2, 1, 0]
        c.bank = 25 - 3
        c.phase = 5
    result = edit(fresh(), change).result()
    assert result.ranks == (1, 1, 3, 4) and result.winners == (0, 1)


def test_notre_dame_needs_gold_to_place_a_cube() -> None:
    s = run(playing(edit(fresh(), lambda c: (c.gold.__setitem__(RED, 0),
                                             c.__setattr__("bank", 25 - 9))),
                    RED, "notre_dame", "park"), RED, "play:red.notre_dame")
    assert [str(a) for a in s.legal_actions(RED)] == ["forgo"]
    with pytest.raises(IllegalAction):
        s.apply(RED, "place")


def test_the_message_rat_step_is_taken_with_the_three_prestige_message() -> None:
    def change(c: NDState) -> None:
        c.rats[RED] = 5
        c.board[1] = 0 * 4 + 2
        c.board[2], c.board[3], c.board[4] = 0, 1, 3
    s = run(playing(edit(fresh(), change), RED, "carriage_house", "park"), RED,
            "play:red.carriage_house", "place", "move:0.1", "take")
    assert s.rats[RED] == 4 and s.prestige[RED] == 3


def test_players_without_gold_skip_the_characters() -> None:
    def change(c: NDState) -> None:
        c.gold = [0, 3, 3, 3]
        c.bank = 25 - 9
    s = playing(edit(fresh(), change), YELLOW, "bank", "park", second=True)
    s = edit(s, lambda c: (c.__setattr__("turn", 2 * 4 - 1), c.__setattr__("first", RED)))
    s = run(s, YELLOW, "play:yellow.park", "forgo")
    assert s.phase == 3 and s.to_act == (BLUE,)
    assert events(s, "nd.cannot_hire")[0]["p"] == RED


def test_prestige_played_cards_and_messages_are_shown_to_every_seat_as_a_memory_aid() -> None:
    """Ruling 'Public record as a memory aid': every seat (and a spectator) sees each
    player's prestige, the cards played face up this period and the messages taken; the
    third card, played face down, stays a count."""
    from tests.conformance.harness import random_game
    states, _ = random_game("notre-dame", 3, 5)
    shown = 0
    for s in states[::7]:
        assert isinstance(s, NDState)
        for viewer in (None, 0, 1, 2):
            rows = s.view(viewer)["players"]
            for p, row in enumerate(rows):
                assert row["prestige"] == s.prestige[p]
                assert len(row["played"]) == len(s.played[p])
                assert len(row["messages"]) == len(s.tiles[p])
                assert row["facedown"] == len(s.facedown[p])
                shown += bool(s.played[p]) and bool(s.tiles[p])
    assert shown > 0
