"""The sheriff, his favours, the exhausted deck, the end and the score (seed
002_227dadd6f08061b8.txt, "Muovere lo Sceriffo e ottenere favori", "Mazzo esaurito",
"CONCLUSIONE DELLA PARTITA", "PUNTEGGIO"; RULINGS.md Nottingham 3-4)."""

from __future__ import annotations

from tavola.games.nottingham.state import CHOOSE, DISCARD_DOWN, OVER
from tests.games.nottingham.scenario import (
    bank,
    empty_the_deck_and_discard,
    hand,
    known,
    legal,
    log_keys,
    play,
    table,
)


def test_sheriff_moves_one_space_after_every_exchange() -> None:
    s = play(table(3, hands={0: ["gold"] * 3}), (0, "exchange:gold,3"))
    assert s.sheriff == 1
    s = play(s, (1, "keep"), (1, "pass"))
    assert s.sheriff == 1


def test_sheriff_favour_to_every_hand_of_at_most_his_number_in_turn_order() -> None:
    # space 1 of the default track shows 5
    s = table(4, hands={0: ["gold"] * 3, 1: ["candlestick"] * 5, 2: ["copper"] * 6,
                        3: ["necklace"] * 4}, deck_top=["chest", "jewels", "pearls", "pearls"])
    s = play(s, (0, "exchange:gold,3"))
    assert s.view(None)["sheriff_number"] == 5
    assert hand(s, 0) == ["chest"]
    assert hand(s, 1) == ["candlestick"] * 5 + ["jewels"]
    assert len(s.hands[2]) == 6
    assert hand(s, 3) == ["necklace"] * 4 + ["pearls"]
    assert s.view(None)["drawn"] == "pearls"  # the next player's draw


def test_sheriff_favours_are_drawn_unseen() -> None:
    s = table(4, hands={0: ["gold"] * 3, 1: ["copper"]}, deck_top=["chest", "jewels"],
              seen=True)
    s = play(s, (0, "exchange:gold,3"))
    assert known(s, 1, 2) == {"copper": 1} and s.view(2)["seats"][1]["unknown"] == 1
    assert known(s, 1, 1) == {"copper": 1, "jewels": 1}
    assert "favour.hidden" in log_keys(s, 2) and "favour.secret" in log_keys(s, 1)


def test_an_empty_deck_is_refilled_by_shuffling_the_discard() -> None:
    s = table(3, hands={0: ["gold"]}, drawn="copper", deck_rest=False)
    before = len(s.discard)
    s = play(s, (0, "keep"), (0, "pass"))
    assert "reshuffle" in log_keys(s, None)
    assert s.discard == [] and len(s.deck) == before - 1 and s.phase == CHOOSE


def test_no_deck_and_no_discard_hands_above_the_number_discard_down_then_no_favours() -> None:
    s = table(4, hands={0: ["chest"], 1: ["gold"] * 7, 2: ["pearls"] * 6, 3: ["copper"] * 2},
              drawn="copper", sheriff=1)
    empty_the_deck_and_discard(s)
    s = play(s, (0, "keep"), (0, "pass"))
    assert s.phase == DISCARD_DOWN and s.to_act == (1,) and s.queue == [1, 2]
    assert legal(s, 1) == ["discard:gold"]
    s = play(s, (1, "discard:gold"), (1, "discard:gold"))
    assert s.to_act == (2,)
    s = play(s, (2, "discard:pearls"))
    # the sheriff moves on with no favours, then the draw that was due takes place
    assert s.sheriff == 2 and "sheriff.nofavour" in log_keys(s, None)
    assert [len(h) for h in s.hands] == [2, 5, 5, 2]
    assert s.phase == CHOOSE and s.active == 1 and len(s.deck) + len(s.discard) == 2


def test_on_nottingham_there_is_no_number_so_an_exhaustion_discards_nothing() -> None:
    s = table(3, hands={0: ["chest"] * 3, 1: ["gold"] * 3, 2: ["pearls"] * 3},
              drawn="copper", sheriff=0)
    empty_the_deck_and_discard(s)
    s = play(s, (0, "keep"), (0, "pass"))
    # on Nottingham nobody discards; on space 1 (5) every hand fits; on space 2 (3) seat 0,
    # holding 4, must discard
    assert log_keys(s, None).count("exhausted") == 3
    assert s.sheriff == 2 and s.phase == DISCARD_DOWN and s.queue == [0]
    assert "discard" not in log_keys(s, None)


def test_favours_cut_short_by_an_exhaustion_are_lost() -> None:
    s = table(4, hands={0: ["gold"] * 3, 1: ["copper"] * 3, 2: ["chest"], 3: ["pearls"]})
    empty_the_deck_and_discard(s)
    s = play(s, (0, "exchange:gold,3"))
    assert hand(s, 0) == ["gold"] and len(s.hands[1]) == 4  # the two discarded golds
    assert hand(s, 2) == ["chest"] and hand(s, 3) == ["pearls"]
    # then the next draw finds nothing: seat 1 is above space 2's number (3)
    assert s.sheriff == 2 and s.phase == DISCARD_DOWN and s.to_act == (1,)


def test_game_ends_when_the_sheriff_is_back_in_nottingham() -> None:
    s = table(3, hands={0: ["gold"] * 3}, sheriff=14)
    s = play(s, (0, "exchange:gold,3"))
    assert s.phase == OVER and s.is_terminal and s.to_act == ()
    assert "sheriff.home" in log_keys(s, None)
    assert s.result().scores[0] == 9


def test_game_ends_when_the_eighth_commission_is_completed() -> None:
    s = table(3, hands={0: ["gold", "gold", "pearls", "pearls", "chest", "chest"]}, sheriff=3)
    s.commissions = [[1, 2], [1, 2], [1, 2], [1]]
    s = play(s, (0, "commission:pairs3,gold,pearls,chest"))
    assert s.is_terminal and s.sheriff == 3  # ends at once, the sheriff stays


def test_score_is_the_winnings_plus_the_commissions() -> None:
    s = table(3, hands={})
    bank(s, 0, "chest", "gold")
    s.commissions = [[0], [0, 1], [], []]
    assert s.result().scores == (13 + 9 + 30 + 16, 16, 0)


def test_a_tie_goes_to_the_player_with_more_winnings_cards() -> None:
    s = table(3, hands={})
    s.commissions = [[], [], [], [0]]  # 15 points, no cards
    bank(s, 1, "copper", "candlestick")  # 15 points, two cards
    r = s.result()
    assert r.scores[:2] == (15, 15) and r.ranks[:2] == (2, 1) and r.winners == (1,)


def test_a_tie_on_points_and_winnings_cards_is_shared() -> None:
    s = table(3, hands={})
    bank(s, 0, "gold")
    bank(s, 2, "gold")
    assert s.result().winners == (0, 2)
