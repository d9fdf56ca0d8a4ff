"""The sheriff, his favours, the exhausted deck, the end and the score (Nottingham rulebook,
"Muovere lo Sceriffo e ottenere favori", "Mazzo esaurito", "Conclusione della partita",
"Punteggio"; rulings 3-4 and the exhaustion rulings in docs/games/nottingham.md)."""

from __future__ import annotations

from tavola.games.nottingham.schema import problem
from tavola.games.nottingham.state import CHOOSE, DISCARD_DOWN, OVER
from tests.games.nottingham.scenario import (
    bank,
    discard_down,
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
    empty_the_deck_and_discard(s, 3)
    s = play(s, (0, "keep"), (0, "pass"))
    assert s.phase == DISCARD_DOWN and s.to_act == (1,) and s.queue == [1, 2, 3]
    assert legal(s, 1) == ["discard:gold"]
    assert s.log_text(None)[-1] == ("No deck and no discard: every hand above 5 cards is "
                                    "discarded down to 5.")
    s = play(s, (1, "discard:gold"), (1, "discard:gold"))
    assert s.to_act == (2,)
    s = play(s, (2, "discard:pearls"))
    assert s.to_act == (3,)
    s = discard_down(s, 3)
    # the sheriff moves on with no favours, then the draw that was due takes place
    assert s.sheriff == 2 and "sheriff.nofavour" in log_keys(s, None)
    assert [len(h) for h in s.hands] == [2, 5, 5, 5]
    assert s.phase == CHOOSE and s.active == 1 and "reshuffle" in log_keys(s, None)


def test_on_nottingham_there_is_no_number_so_an_exhaustion_discards_nothing() -> None:
    s = table(3, hands={0: ["chest"] * 3, 1: ["gold"] * 3, 2: ["pearls"] * 3},
              drawn="copper", sheriff=0)
    empty_the_deck_and_discard(s, 2)
    s = play(s, (0, "keep"), (0, "pass"))
    # on Nottingham nobody discards and the sheriff moves to space 1 (5); the draw still
    # finds nothing, so the exception applies again there: seat 2 discards down to 5
    assert log_keys(s, None)[-3:] == ["exhausted.town", "sheriff.nofavour", "exhausted"]
    assert s.sheriff == 1 and s.phase == DISCARD_DOWN and s.queue == [2]
    assert "discard" not in log_keys(s, None)


def test_each_draw_that_finds_neither_deck_nor_discard_applies_the_exception_again() -> None:
    # Small hands with no deck and no discard cannot happen in a game (see
    # test_robustness.py); built by hand, they show the ruling: nobody has to discard, so
    # the draw finds nothing again and again, and the sheriff walks home without favours.
    s = table(3, hands={0: ["chest"], 1: ["gold"], 2: ["pearls"]}, drawn="copper")
    s.winnings[0] += s.deck + s.discard
    s.deck, s.discard = [], []
    assert "won" in problem(s)
    s = s.apply(0, "keep").apply(0, "pass")  # type: ignore[assignment]
    keys = log_keys(s, None)
    assert keys.count("sheriff.nofavour") == 14 and keys[-2:] == ["sheriff.home", "end"]
    assert s.is_terminal and s.sheriff == 15


def test_favours_cut_short_by_an_exhaustion_are_lost() -> None:
    s = table(4, hands={0: ["gold"] * 3, 1: ["copper"] * 3, 2: ["chest"], 3: ["pearls"]})
    empty_the_deck_and_discard(s, 1)
    s = play(s, (0, "exchange:gold,3"))
    # the two discarded golds are shuffled into a deck and go to seats 0 and 2; seat 1
    # holds too many cards for a favour; seat 3's draw finds nothing
    assert hand(s, 0) == ["gold"] and hand(s, 2) == ["chest", "gold"]
    assert s.sheriff == 1 and s.phase == DISCARD_DOWN and s.to_act == (1,)
    s = discard_down(s, 1)
    assert hand(s, 3) == ["pearls"]  # the favour still due is lost
    assert s.sheriff == 2 and s.active == 1 and s.phase == CHOOSE


def test_game_ends_when_the_sheriff_is_back_in_nottingham() -> None:
    s = table(3, hands={0: ["gold"] * 3}, sheriff=14)
    s = play(s, (0, "exchange:gold,3"))
    assert s.phase == OVER and s.is_terminal and s.to_act == ()
    assert "sheriff.home" in log_keys(s, None)
    assert s.result().scores[0] == 9


def test_game_ends_when_the_eighth_commission_is_completed() -> None:
    s = table(3, hands={0: ["gold", "gold", "pearls", "pearls", "chest", "chest"]}, sheriff=7)
    s.commissions = [[1, 2], [1, 2], [1, 2], [1]]
    s = play(s, (0, "commission:pairs3,gold,pearls,chest"))
    assert s.is_terminal and s.sheriff == 7  # ends at once, the sheriff stays


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
