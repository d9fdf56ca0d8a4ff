"""The seven actions and the Defence interrupts (Nottingham rulebook, "Le azioni"; ruling 1 in
docs/games/nottingham.md). Each interrupt case has its own test."""

from __future__ import annotations

import json

from tavola.games.nottingham.state import (
    AMBUSH_KEEP,
    BUY_CHOOSE,
    BUY_OFFER,
    DEFEND,
    EXCHANGE,
    TAKE,
    TRADE_CHOOSE,
    TRADE_OFFER,
)
from tests.games.nottingham.scenario import hand, known, legal, log_keys, play, table

# -- Buy (copper coin) -------------------------------------------------------------------


def buy_table() -> object:
    return table(4, hands={0: ["gold"], 1: ["pearls", "copper"], 2: ["chest", "jewels"],
                           3: ["copper", "copper"]}, drawn="copper")


def test_buy_every_other_player_must_offer_one_card_at_once() -> None:
    s = play(table(4, hands={0: [], 1: ["pearls"], 2: ["chest"], 3: ["gold"]},
                   drawn="copper"), (0, "buy"))
    assert s.phase == BUY_OFFER and s.to_act == (1, 2, 3)
    # offers are simultaneous: any of the pending players may go first
    s = play(s, (3, "offer:gold"))
    assert s.to_act == (1, 2)


def test_buy_a_copper_coin_cannot_be_offered() -> None:
    s = play(buy_table(), (0, "buy"))  # type: ignore[arg-type]
    assert legal(s, 1) == ["offer:pearls"]


def test_buy_a_hand_with_nothing_but_copper_coins_is_announced_and_shown() -> None:
    s = play(buy_table(), (0, "buy"))  # type: ignore[arg-type]
    assert 3 not in s.to_act
    assert known(s, 3, None) == {"copper": 2}
    assert "announce" in log_keys(s, 1)


def test_buy_an_empty_hand_is_announced() -> None:
    s = play(table(3, hands={0: ["gold"], 1: [], 2: ["pearls"]}, drawn="copper"), (0, "buy"))
    assert s.to_act == (2,) and s.offered[1] == 2


def test_buy_offers_stay_hidden_until_all_are_in() -> None:
    s = play(buy_table(), (0, "buy"), (1, "offer:pearls"))  # type: ignore[arg-type]
    for viewer in (0, 2, 3, None):
        assert s.view(viewer)["seats"][1]["offer"] is None
        assert s.view(viewer)["seats"][1]["offered"] == 1
        assert "pearls" not in json.dumps([e.public_json() for e in s.log(viewer)][-1:])
    assert s.view(1)["seats"][1]["offer"] == ["pearls"]


def test_buy_offers_are_revealed_together() -> None:
    s = play(buy_table(), (0, "buy"), (2, "offer:jewels"), (1, "offer:pearls"))  # type: ignore[arg-type]
    assert s.phase == BUY_CHOOSE
    for viewer in (0, 3, None):
        v = s.view(viewer)
        assert v["seats"][1]["offer"] == ["pearls"] and v["seats"][2]["offer"] == ["jewels"]
    assert known(s, 2, 3) == {"jewels": 1}
    assert legal(s, 0) == ["purchase:1", "purchase:2", "refuse"]


def test_buy_the_active_player_buys_one_offer_with_the_copper_coin() -> None:
    s = play(buy_table(), (0, "buy"), (1, "offer:pearls"), (2, "offer:jewels"),  # type: ignore[arg-type]
             (0, "purchase:2"))
    assert hand(s, 0) == ["gold", "jewels"]
    assert hand(s, 2) == ["chest", "copper"]
    assert known(s, 2, 1) == {"copper": 1}
    assert s.phase == EXCHANGE


def test_buy_the_others_take_their_offers_back() -> None:
    s = play(buy_table(), (0, "buy"), (1, "offer:pearls"), (2, "offer:jewels"),  # type: ignore[arg-type]
             (0, "purchase:2"))
    assert hand(s, 1) == ["copper", "pearls"]
    assert s.offers == [[], [], [], []]


def test_buy_the_active_player_may_refuse_every_offer_and_keep_the_copper() -> None:
    s = play(buy_table(), (0, "buy"), (1, "offer:pearls"), (2, "offer:jewels"),  # type: ignore[arg-type]
             (0, "refuse"))
    assert hand(s, 0) == ["copper", "gold"]
    assert hand(s, 1) == ["copper", "pearls"] and hand(s, 2) == ["chest", "jewels"]


def test_buy_with_nobody_able_to_offer_only_refusing_is_left() -> None:
    s = play(table(3, hands={0: ["gold"], 1: ["copper"], 2: []}, drawn="copper"), (0, "buy"))
    assert s.phase == BUY_CHOOSE and legal(s, 0) == ["refuse"]


# -- Steal (silver candlestick) ----------------------------------------------------------


def test_steal_takes_a_random_card_from_the_chosen_opponent_who_gets_the_candlestick() -> None:
    s = table(3, hands={0: [], 1: ["gold", "gold"], 2: ["chest"]}, drawn="candlestick")
    assert legal(s, 0) == ["keep", "steal:1", "steal:2"]
    s = play(s, (0, "steal:1"), (1, "decline"))
    assert hand(s, 0) == ["gold"]
    assert hand(s, 1) == ["candlestick", "gold"]
    assert known(s, 1, 2) == {"candlestick": 1}


def test_steal_the_card_is_taken_at_random() -> None:
    s = table(3, hands={0: [], 1: ["gold", "pearls", "chest"], 2: []}, drawn="candlestick")
    s = play(s, (0, "steal:1"))
    got = set()
    for r in range(40):
        s.rng = r
        got.add(hand(play(s, (1, "decline")), 0)[0])
    assert got == {"gold", "pearls", "chest"}


def test_steal_the_stolen_card_is_seen_only_by_thief_and_victim() -> None:
    s = table(3, hands={0: [], 1: ["gold", "pearls"], 2: ["chest"]}, drawn="candlestick",
              seen=True)
    s = play(s, (0, "steal:1"), (1, "decline"))
    got = hand(s, 0)[0]
    assert known(s, 0, 1) == {got: 1}
    assert known(s, 0, 2) == {} and known(s, 0, None) == {}
    # the onlooker no longer knows which of the victim's cards is left
    assert known(s, 1, 2) == {"candlestick": 1}
    assert log_keys(s, 2)[-1] == "steal.hidden" and log_keys(s, 1)[-1] == "steal.secret"


def test_steal_needs_an_opponent_with_a_card_in_hand() -> None:
    s = table(3, hands={0: ["gold"], 1: [], 2: []}, drawn="candlestick")
    assert legal(s, 0) == ["keep"]


# -- Ambush (gold) --------------------------------------------------------------------------


def test_ambush_draws_two_ambush_cards_seen_only_by_the_active_player() -> None:
    s = table(4, hands={0: []}, drawn="gold", ambush_deck_top=["yellow", "copper+candlestick"])
    s = play(s, (0, "ambush"))
    assert s.phase == AMBUSH_KEEP
    assert s.view(0)["ambush_look"] == ["yellow", "copper+candlestick"]
    assert s.view(1)["ambush_look"] is None and s.view(None)["ambush_look"] is None


def test_ambush_keeps_one_face_down_with_the_gold_under_it_the_other_under_the_deck() -> None:
    s = table(4, hands={0: []}, drawn="gold", ambush_deck_top=["yellow", "copper+candlestick"])
    s = play(s, (0, "ambush"), (0, "hide:yellow"))
    assert s.view(0)["my_ambushes"] == ["yellow"]
    assert s.view(1)["seats"][0]["ambushes"] == 1 and s.view(1)["my_ambushes"] == []
    assert s.ambush_deck[0] == 7  # copper+candlestick at the bottom
    assert s.view(0)["ambush_deck"][-1] == "copper+candlestick"
    assert s.view(1)["ambush_deck"][-1] is None
    assert len(s.ambush_gold[0]) == 1 and hand(s, 0) == []


def test_ambush_a_card_of_ones_own_colour_cannot_be_kept() -> None:
    s = table(4, hands={0: []}, drawn="gold", ambush_deck_top=["red", "pearls+jewels"])
    s = play(s, (0, "ambush"))
    assert legal(s, 0) == ["hide:pearls+jewels"]


def test_ambush_card_and_its_gold_are_not_in_hand_and_score_nothing() -> None:
    s = table(4, hands={0: []}, drawn="gold", ambush_deck_top=["blue", "green"])
    s = play(s, (0, "ambush"), (0, "hide:blue"))
    assert s.hands[0] == [] and s.result().scores[0] == 0


def test_ambush_needs_two_cards_in_the_ambush_deck() -> None:
    s = table(3, hands={0: []}, drawn="gold",
              ambushes={1: ["red", "green", "copper+candlestick", "candlestick+pearls",
                            "pearls+jewels", "jewels+necklace", "necklace+chest"],
                        2: ["yellow"]})
    assert len(s.ambush_deck) == 1 and legal(s, 0) == ["keep"]


# -- Rob (pearls) ---------------------------------------------------------------------------


def test_rob_shows_the_hand_to_the_active_player_only() -> None:
    s = table(3, hands={0: [], 1: ["gold", "chest"], 2: []}, drawn="pearls")
    s = play(s, (0, "rob:1"), (1, "decline"))
    assert s.phase == TAKE
    assert known(s, 1, 0) == {"gold": 1, "chest": 1}
    assert known(s, 1, 2) == {} and known(s, 1, None) == {}
    assert legal(s, 0) == ["take:gold", "take:chest"]


def test_rob_takes_the_chosen_card_and_gives_the_pearls() -> None:
    s = table(3, hands={0: [], 1: ["gold", "chest"], 2: []}, drawn="pearls")
    s = play(s, (0, "rob:1"), (1, "decline"), (0, "take:chest"))
    assert hand(s, 0) == ["chest"] and hand(s, 1) == ["gold", "pearls"]
    assert known(s, 1, 0) == {"gold": 1, "pearls": 1}


def test_rob_the_card_taken_is_seen_only_by_the_two_players() -> None:
    s = table(3, hands={0: [], 1: ["gold", "chest"], 2: []}, drawn="pearls")
    s = play(s, (0, "rob:1"), (1, "decline"), (0, "take:chest"))
    assert known(s, 0, 1) == {"chest": 1} and known(s, 0, 2) == {}
    assert log_keys(s, 2)[-1] == "rob.hidden" and log_keys(s, 0)[-1] == "rob.secret"


def test_rob_option_rob_shows_card_shows_everybody_the_card_taken() -> None:
    s = table(3, hands={0: [], 1: ["gold", "chest"], 2: []}, drawn="pearls",
              rob_shows_card=True)
    s = play(s, (0, "rob:1"), (1, "decline"))
    assert known(s, 1, 2) == {}  # the look itself stays private
    s = play(s, (0, "take:chest"))
    assert known(s, 0, 2) == {"chest": 1} and log_keys(s, 2)[-1] == "take.open"


# -- Raid (jewels) --------------------------------------------------------------------------


def test_raid_lays_the_hand_open_to_all() -> None:
    s = table(3, hands={0: [], 1: ["gold", "chest"], 2: []}, drawn="jewels")
    s = play(s, (0, "raid:1"), (1, "decline"))
    for viewer in (0, 2, None):
        assert known(s, 1, viewer) == {"gold": 1, "chest": 1}


def test_raid_takes_the_chosen_card_in_view_and_gives_the_jewels() -> None:
    s = table(3, hands={0: [], 1: ["gold", "chest"], 2: []}, drawn="jewels")
    s = play(s, (0, "raid:1"), (1, "decline"), (0, "take:gold"))
    assert hand(s, 0) == ["gold"] and hand(s, 1) == ["chest", "jewels"]
    assert known(s, 0, 2) == {"gold": 1} and known(s, 1, 2) == {"chest": 1, "jewels": 1}


# -- Defence (necklace): the interrupt cases ---------------------------------------------


def attacked(card: str, action: str, necklace: bool = True) -> object:
    cards = ["necklace", "gold"] if necklace else ["gold", "gold"]
    s = table(3, hands={0: [], 1: cards, 2: ["chest"]}, drawn=card)
    return play(s, (0, action))


def test_defence_a_necklace_cancels_a_steal() -> None:
    s = play(attacked("candlestick", "steal:1"), (1, "defend"))  # type: ignore[arg-type]
    assert hand(s, 0) == ["necklace"] and hand(s, 1) == ["candlestick", "gold"]
    assert s.phase == EXCHANGE


def test_defence_a_necklace_cancels_a_rob() -> None:
    s = play(attacked("pearls", "rob:1"), (1, "defend"))  # type: ignore[arg-type]
    assert hand(s, 0) == ["necklace"] and hand(s, 1) == ["gold", "pearls"]
    assert known(s, 1, 0) == {"pearls": 1}  # no look happened
    assert s.phase == EXCHANGE


def test_defence_a_necklace_cancels_a_raid() -> None:
    s = play(attacked("jewels", "raid:1"), (1, "defend"))  # type: ignore[arg-type]
    assert hand(s, 0) == ["necklace"] and hand(s, 1) == ["gold", "jewels"]
    assert known(s, 1, 2) == {"jewels": 1}  # the hand was not laid open
    assert s.phase == EXCHANGE


def test_defence_the_defender_takes_the_attackers_card_and_gives_the_necklace_in_view() -> None:
    s = play(attacked("pearls", "rob:1"), (1, "defend"))  # type: ignore[arg-type]
    assert known(s, 0, 2) == {"necklace": 1} and known(s, 1, 2) == {"pearls": 1}
    assert log_keys(s, 2)[-1] == "defend"


def test_defence_window_is_offered_to_the_attacked_player_whatever_they_hold() -> None:
    with_necklace = attacked("candlestick", "steal:1")
    without = attacked("candlestick", "steal:1", necklace=False)
    for s in (with_necklace, without):
        assert s.phase == DEFEND and s.to_act == (1,)  # type: ignore[attr-defined]
    assert legal(with_necklace, 1) == ["defend", "decline"]  # type: ignore[arg-type]
    assert legal(without, 1) == ["decline"]  # type: ignore[arg-type]


def test_defence_window_reveals_nothing_to_the_other_players() -> None:
    with_necklace = attacked("jewels", "raid:1")
    without = attacked("jewels", "raid:1", necklace=False)
    for viewer in (0, 2, None):
        assert with_necklace.view(viewer) == without.view(viewer)  # type: ignore[attr-defined]
        assert (with_necklace.log_text(viewer)  # type: ignore[attr-defined]
                == without.log_text(viewer))  # type: ignore[attr-defined]


def test_defence_declined_lets_the_attack_happen() -> None:
    s = play(attacked("jewels", "raid:1"), (1, "decline"))  # type: ignore[arg-type]
    assert s.phase == TAKE and legal(s, 0) == ["take:gold", "take:necklace"]


def test_defence_cannot_be_played_when_the_necklace_is_drawn() -> None:
    s = table(3, hands={0: [], 1: ["gold"]}, drawn="necklace")
    assert legal(s, 0) == ["keep"]


def test_defence_is_no_answer_to_buy_or_trade() -> None:
    s = play(table(3, hands={0: [], 1: ["necklace"], 2: ["gold"]}, drawn="copper"), (0, "buy"))
    assert legal(s, 1) == ["offer:necklace"]
    s = play(table(3, hands={0: [], 1: ["necklace"], 2: ["gold"]}, drawn="chest"), (0, "trade"))
    assert s.phase == TRADE_OFFER and legal(s, 1) == ["offer:necklace"]


# -- Trade (chest) --------------------------------------------------------------------------


def trade_table() -> object:
    return table(4, hands={0: ["gold"], 1: ["pearls", "pearls", "chest"], 2: ["chest"],
                           3: ["copper", "jewels"]}, drawn="chest", active=0)


def test_trade_offers_are_made_in_turn_order_from_the_active_players_left() -> None:
    s = play(trade_table(), (0, "trade"))  # type: ignore[arg-type]
    assert s.to_act == (1,)
    s = play(s, (1, "offer:pearls"))
    assert s.to_act == (3,)  # seat 2 holds only a chest


def test_trade_each_offer_is_one_or_two_cards_face_up_never_a_chest() -> None:
    s = play(trade_table(), (0, "trade"))  # type: ignore[arg-type]
    assert legal(s, 1) == ["offer:pearls", "offer:pearls,pearls"]
    s = play(s, (1, "offer:pearls,pearls"))
    assert s.view(3)["seats"][1]["offer"] == ["pearls", "pearls"]
    assert known(s, 1, 2) == {"pearls": 2}
    assert legal(s, 3) == ["offer:copper", "offer:jewels", "offer:copper,jewels"]


def test_trade_a_hand_of_only_chests_is_announced_and_shown() -> None:
    s = play(trade_table(), (0, "trade"), (1, "offer:pearls"))  # type: ignore[arg-type]
    assert known(s, 2, None) == {"chest": 1} and s.offered[2] == 2


def test_trade_the_active_player_must_accept_one_offer() -> None:
    s = play(trade_table(), (0, "trade"), (1, "offer:pearls"), (3, "offer:jewels"))  # type: ignore[arg-type]
    assert s.phase == TRADE_CHOOSE and legal(s, 0) == ["accept:1", "accept:3"]


def test_trade_the_accepted_offerer_gets_the_chest_the_others_take_their_cards_back() -> None:
    s = play(trade_table(), (0, "trade"), (1, "offer:pearls,pearls"), (3, "offer:jewels"),  # type: ignore[arg-type]
             (0, "accept:1"))
    assert hand(s, 0) == ["gold", "pearls", "pearls"]
    assert hand(s, 1) == ["chest", "chest"] and hand(s, 3) == ["copper", "jewels"]
    assert known(s, 3, 2) == {"jewels": 1}


def test_trade_that_nobody_can_answer_leaves_the_chest_with_the_active_player() -> None:
    s = play(table(3, hands={0: [], 1: ["chest"], 2: []}, drawn="chest"), (0, "trade"))
    assert s.phase == EXCHANGE and hand(s, 0) == ["chest"]


def test_defence_only_the_attacked_player_is_asked() -> None:
    s = table(4, hands={0: [], 1: ["gold"], 2: ["necklace"], 3: ["necklace"]},
              drawn="jewels")
    s = play(s, (0, "raid:1"))
    assert s.to_act == (1,) and legal(s, 1) == ["decline"]
    assert legal(s, 2) == [] and legal(s, 3) == []
