"""Exchanges, commissions and ambush activation (Nottingham rulebook, "Scambiare carte per
punti vittoria", "Completare un incarico", "Attivare una carta imboscata"; rulings 2-3 in
docs/games/nottingham.md). Each ambush interrupt case has its own test."""

from __future__ import annotations

from tavola.games.nottingham.components import AMBUSH_NAMES
from tavola.games.nottingham.state import AMBUSH_WINDOW, CHOOSE
from tests.games.nottingham.scenario import hand, known, legal, play, table

# -- exchanging identical cards -------------------------------------------------------------


def test_exchange_three_or_more_identical_cards_in_any_number() -> None:
    s = table(3, hands={0: ["pearls"] * 4 + ["gold"] * 2})
    assert legal(s, 0) == ["pass", "exchange:pearls,3", "exchange:pearls,4"]


def test_exchange_one_card_goes_face_down_to_winnings_the_rest_to_the_discard() -> None:
    s = table(3, hands={0: ["pearls"] * 4 + ["gold"]}, deck_top=COPPERS)
    s = play(s, (0, "exchange:pearls,4"))
    assert [c // 12 for c in s.winnings[0]] == [3]
    assert s.view(1)["discard"][3] == 3
    assert hand(s, 0) == ["copper", "gold"]  # the gold and the sheriff's favour
    assert s.result().scores[0] == 10


# -- commissions ----------------------------------------------------------------------------

COPPERS = ["copper"] * 8
SEVEN = ["copper", "candlestick", "gold", "pearls", "jewels", "necklace", "chest"]


def test_commission_seven_different_items() -> None:
    s = table(3, hands={0: [*SEVEN, "gold"]}, deck_top=COPPERS)
    assert "commission:seven" in legal(s, 0)
    s = play(s, (0, "commission:seven"))
    assert hand(s, 0) == ["copper", "gold"] and s.commissions[0] == [0]


def test_commission_five_identical_items() -> None:
    s = table(3, hands={0: ["chest"] * 6}, deck_top=COPPERS)
    assert "commission:five,chest" in legal(s, 0)
    s = play(s, (0, "commission:five,chest"))
    assert s.commissions[1] == [0] and hand(s, 0) == ["chest", "copper"]


def test_commission_four_different_pairs() -> None:
    s = table(3, hands={0: ["gold", "gold", "pearls", "pearls", "chest", "chest", "copper",
                            "copper", "jewels"]}, deck_top=COPPERS)
    assert "commission:pairs4,copper,gold,pearls,chest" in legal(s, 0)
    s = play(s, (0, "commission:pairs4,copper,gold,pearls,chest"))
    assert s.commissions[2] == [0] and hand(s, 0) == ["copper", "jewels"]


def test_commission_three_different_pairs() -> None:
    s = table(3, hands={0: ["gold", "gold", "pearls", "pearls", "chest", "chest"]})
    assert "commission:pairs3,gold,pearls,chest" in legal(s, 0)
    s = play(s, (0, "commission:pairs3,gold,pearls,chest"))
    assert s.commissions[3] == [0] and s.view(1)["discard"] == [0, 0, 2, 2, 0, 0, 2]


def test_commission_needs_the_exact_combination() -> None:
    # two pairs of the same item are not two different pairs; six of a kind is no combination
    s = table(3, hands={0: ["gold"] * 4 + ["pearls"] * 2})
    assert not [a for a in legal(s, 0) if a.startswith("commission:pairs")]
    s = table(3, hands={0: [*SEVEN[:6], "copper"]})
    assert "commission:seven" not in legal(s, 0)


def test_commission_first_completer_takes_the_single_pawn_card() -> None:
    s = play(table(3, hands={0: ["chest"] * 5}), (0, "commission:five,chest"))
    assert s.result().scores[0] == 26


def test_commission_second_completer_takes_the_two_pawn_card_and_the_first_flips() -> None:
    s = table(3, hands={0: ["chest"] * 5, 1: ["gold"] * 5})
    s = play(s, (0, "commission:five,chest"))
    s.phase = CHOOSE
    s = play(s, (1, "keep"), (1, "commission:five,gold"))
    assert s.commissions[1] == [0, 1]
    assert s.result().scores[:2] == (16, 16)


def test_commission_is_closed_once_two_players_completed_it() -> None:
    s = table(3, hands={0: ["chest"] * 5, 1: ["gold"] * 5, 2: ["pearls"] * 5})
    s.commissions[1] = [0, 1]
    s.active = 2
    assert not [a for a in legal(s, 2) if a.startswith("commission")]


def test_commission_each_player_completes_each_commission_only_once() -> None:
    s = table(3, hands={0: ["chest"] * 5})
    s.commissions[1] = [0]
    assert legal(s, 0) == ["pass", "exchange:chest,3", "exchange:chest,4", "exchange:chest,5"]


def test_commission_cannot_be_hit_by_an_ambush() -> None:
    s = table(3, hands={0: ["chest"] * 5}, ambushes={1: ["red", "necklace+chest"]})
    s = play(s, (0, "commission:five,chest"))
    assert s.phase != AMBUSH_WINDOW and s.commissions[1] == [0]


def test_commission_is_an_exchange_so_the_sheriff_moves() -> None:
    s = play(table(3, hands={0: ["chest"] * 5}), (0, "commission:five,chest"))
    assert s.sheriff == 1


# -- ambush activation ----------------------------------------------------------------------


def test_ambush_sprung_by_an_item_shown_on_the_card() -> None:
    s = table(4, hands={0: ["pearls"] * 4}, ambushes={2: ["pearls+jewels"]})
    s = play(s, (0, "exchange:pearls,4"))
    assert s.phase == AMBUSH_WINDOW and s.to_act == (2,)
    assert legal(s, 2) == ["spring:pearls+jewels", "decline"]


def test_ambush_sprung_by_the_victims_colour_whatever_the_item() -> None:
    s = table(4, hands={0: ["gold"] * 3}, ambushes={1: ["red"]})
    s = play(s, (0, "exchange:gold,3"))
    assert legal(s, 1) == ["spring:red", "decline"]


def test_ambush_that_does_not_match_can_only_be_declined() -> None:
    s = table(4, hands={0: ["gold"] * 3}, ambushes={1: ["blue", "pearls+jewels"]})
    s = play(s, (0, "exchange:gold,3"))
    assert s.to_act == (1,) and legal(s, 1) == ["decline"]


def test_gold_can_be_ambushed_only_by_the_exchangers_colour() -> None:
    pairs = [n for n in AMBUSH_NAMES if "+" in n]
    s = table(7, hands={0: ["gold"] * 3}, ambushes={1: pairs[:3], 2: pairs[3:]})
    s = play(s, (0, "exchange:gold,3"), (1, "decline"), (2, "decline"))
    assert s.winnings[0] and s.active == 1


def test_ambush_takes_one_exchanged_card_and_gives_the_gold_under_it() -> None:
    s = table(4, hands={0: ["pearls"] * 4}, ambushes={2: ["pearls+jewels"]}, deck_top=COPPERS)
    s = play(s, (0, "exchange:pearls,4"), (2, "spring:pearls+jewels"))
    assert hand(s, 2) == ["copper", "pearls"] and hand(s, 0) == ["copper", "gold"]
    assert known(s, 2, 1) == {"pearls": 1} and known(s, 0, 1).get("gold") == 1
    assert s.ambushes[2] == [] and s.ambush_gold[2] == []


def test_ambush_sprung_card_goes_under_the_ambush_deck_in_view_of_all() -> None:
    s = table(4, hands={0: ["pearls"] * 4}, ambushes={2: ["pearls+jewels"]})
    s = play(s, (0, "exchange:pearls,4"), (2, "spring:pearls+jewels"))
    for viewer in (0, 1, 3, None):
        assert s.view(viewer)["ambush_deck"][-1] == "pearls+jewels"


def test_several_ambushes_on_one_exchange_in_turn_order_from_the_left() -> None:
    s = table(5, hands={0: ["pearls"] * 5}, active=0, deck_top=COPPERS,
              ambushes={4: ["red"], 1: ["pearls+jewels"], 3: ["candlestick+pearls"]})
    s = play(s, (0, "exchange:pearls,5"))
    assert s.to_act == (1,)
    s = play(s, (1, "spring:pearls+jewels"))
    assert s.to_act == (3,)
    s = play(s, (3, "spring:candlestick+pearls"))
    assert s.to_act == (4,) and len(s.table) == 3
    s = play(s, (4, "decline"))
    assert [c // 12 for c in s.winnings[0]] == [3]
    assert hand(s, 0) == ["copper", "gold", "gold"]


def test_ambush_victim_left_with_fewer_than_three_cannot_exchange_and_takes_the_rest_back() -> None:
    s = table(4, hands={0: ["pearls"] * 3 + ["chest"]}, ambushes={1: ["red"]})
    s = play(s, (0, "exchange:pearls,3"), (1, "spring:red"))
    assert hand(s, 0) == ["chest", "gold", "pearls", "pearls"]
    assert s.winnings[0] == [] and s.active == 1 and s.phase == CHOOSE


def test_ambush_window_closes_once_the_exchange_has_failed() -> None:
    s = table(4, hands={0: ["pearls"] * 3}, ambushes={1: ["red"], 2: ["pearls+jewels"]})
    s = play(s, (0, "exchange:pearls,3"), (1, "spring:red"))
    assert s.active == 1 and 2 not in s.to_act and s.ambushes[2]


def test_failed_exchange_does_not_move_the_sheriff() -> None:
    s = table(4, hands={0: ["pearls"] * 3}, ambushes={1: ["red"]})
    s = play(s, (0, "exchange:pearls,3"), (1, "spring:red"))
    assert s.sheriff == 0


def test_ambush_window_is_offered_to_every_opponent_with_an_ambush_in_play() -> None:
    s = table(5, hands={0: ["chest"] * 3}, ambushes={2: ["yellow"], 3: ["red"]})
    s = play(s, (0, "exchange:chest,3"))
    assert s.to_act == (2,) and legal(s, 2) == ["decline"]
    s = play(s, (2, "decline"))
    assert s.to_act == (3,)


def test_ambush_window_reveals_nothing_about_which_ambush_is_held() -> None:
    hit = table(4, hands={0: ["chest"] * 4}, ambushes={1: ["red"]})
    miss = table(4, hands={0: ["chest"] * 4}, ambushes={1: ["blue"]})
    hit = play(hit, (0, "exchange:chest,4"))
    miss = play(miss, (0, "exchange:chest,4"))
    for viewer in (0, 2, 3, None):
        assert hit.view(viewer) == miss.view(viewer)
        assert hit.log_text(viewer) == miss.log_text(viewer)


def test_each_player_springs_at_most_one_ambush_per_exchange() -> None:
    s = table(4, hands={0: ["chest"] * 5}, ambushes={1: ["red", "necklace+chest"]})
    s = play(s, (0, "exchange:chest,5"), (1, "spring:red"))
    assert s.active == 1 and s.ambushes[1] == [AMBUSH_NAMES.index("necklace+chest")]


def test_option_several_ambushes_each_asks_the_same_player_again() -> None:
    s = table(4, hands={0: ["chest"] * 5}, ambushes={1: ["red", "necklace+chest"]},
              several_ambushes_each=True)
    s = play(s, (0, "exchange:chest,5"), (1, "spring:red"))
    assert s.to_act == (1,) and legal(s, 1) == ["spring:necklace+chest", "decline"]
    s = play(s, (1, "spring:necklace+chest"))
    # three chests are left: the exchange stands and the turn passes
    assert s.ambushes[1] == [] and s.active == 1 and [c // 12 for c in s.winnings[0]] == [6]


def test_option_several_ambushes_each_asks_again_whatever_the_remaining_card() -> None:
    s = table(4, hands={0: ["chest"] * 5}, ambushes={1: ["red", "pearls+jewels"]},
              several_ambushes_each=True)
    s = play(s, (0, "exchange:chest,5"), (1, "spring:red"))
    assert s.to_act == (1,) and legal(s, 1) == ["decline"]


def test_ambush_cannot_be_sprung_on_ones_own_exchange() -> None:
    # seat 0's own pearls ambush does not ask seat 0; only the other players are asked
    s = table(4, hands={0: ["pearls"] * 3}, ambushes={0: ["pearls+jewels"], 2: ["blue"]})
    s = play(s, (0, "exchange:pearls,3"))
    assert s.to_act == (2,)
    s = play(s, (2, "decline"))
    assert s.winnings[0] and s.active == 1 and s.ambushes[0]
