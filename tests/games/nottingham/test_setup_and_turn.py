"""Setup and the shape of a turn (Nottingham rulebook, "Preparazione", "Svolgimento della
partita", "Pescare una carta dal mazzo")."""

from __future__ import annotations

import pytest

from tavola.core import BadOptions, IllegalAction, NotPending, make
from tavola.games.nottingham.components import AMBUSH_PAIRS, ITEM_CARDS, ambush_colour
from tavola.games.nottingham.game import NottinghamState
from tavola.games.nottingham.state import CHOOSE, EXCHANGE
from tests.conformance.harness import expect_error
from tests.games.nottingham.scenario import hand, known, legal, play, table


def start(players: int, seed: int = 3) -> NottinghamState:
    s = make("nottingham", players, seed)
    assert isinstance(s, NottinghamState)
    return s


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_setup_deals_three_unseen_item_cards_to_each_player(players: int) -> None:
    s = start(players)
    assert [len(h) for h in s.hands] == [3] * players
    # the first player's draw is already shown
    assert len(s.deck) == ITEM_CARDS - 3 * players - 1
    for h in range(players):
        for o in [None, *range(players)]:
            if o != h:
                assert known(s, h, o) == {}


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_setup_removes_the_ambush_cards_of_colours_not_in_play(players: int) -> None:
    s = start(players)
    assert len(s.ambush_deck) == players + len(AMBUSH_PAIRS)
    assert all(ambush_colour(a) < players for a in s.ambush_deck)


def test_setup_lays_out_the_four_commission_pairs_open() -> None:
    s = start(4)
    v = s.view(0)
    assert v["commission_names"] == ["seven", "five", "pairs4", "pairs3"]
    assert v["commissions"] == [[], [], [], []]


def test_setup_puts_the_sheriff_on_nottingham() -> None:
    s = start(5)
    assert s.sheriff == 0 and s.view(None)["sheriff_number"] is None


def test_seat_zero_starts() -> None:
    s = start(6)
    assert s.active == 0 and s.to_act == (0,) and s.phase == CHOOSE


def test_game_is_for_three_to_seven_players() -> None:
    for players in (2, 8):
        with pytest.raises(BadOptions):
            make("nottingham", players, 0)


def test_a_turn_starts_by_drawing_and_showing_the_top_card() -> None:
    s = table(4, hands={0: ["gold"]}, drawn="copper", deck_top=["pearls"])
    s = play(s, (0, "keep"), (0, "pass"))
    assert s.active == 1 and s.phase == CHOOSE
    assert s.view(3)["drawn"] == "pearls"
    assert s.log_text(3)[-1] == "Turn 2: P2 (yellow) draws pearls."


def test_the_drawn_card_may_be_kept_in_full_view() -> None:
    s = table(4, hands={0: ["gold"]}, drawn="chest")
    s = play(s, (0, "keep"))
    assert hand(s, 0) == ["chest", "gold"]
    assert known(s, 0, 2) == {"chest": 1} and known(s, 0, None) == {"chest": 1}
    assert s.phase == EXCHANGE


def test_the_drawn_card_may_be_played_for_its_action_instead() -> None:
    s = table(4, hands={0: ["gold"], 1: ["pearls"]}, drawn="chest")
    assert legal(s, 0) == ["keep", "trade"]


def test_after_the_action_at_most_one_exchange_then_play_passes_left() -> None:
    s = table(4, hands={0: ["gold"] * 3 + ["pearls"] * 3}, drawn="chest")
    s = play(s, (0, "keep"))
    assert "exchange:gold,3" in legal(s, 0) and "exchange:pearls,3" in legal(s, 0)
    s = play(s, (0, "exchange:gold,3"))
    # no second exchange: the turn is over and the next player draws
    assert s.active == 1 and s.phase == CHOOSE
    assert legal(s, 0) == []


def test_the_exchange_is_optional() -> None:
    s = table(3, hands={0: ["gold"] * 3}, drawn="chest")
    s = play(s, (0, "keep"), (0, "pass"))
    assert s.active == 1 and hand(s, 0) == ["chest", "gold", "gold", "gold"]


def test_fewer_than_three_identical_cards_cannot_be_exchanged() -> None:
    s = table(3, hands={0: ["gold"] * 2 + ["chest"]}, drawn="copper")
    s = play(s, (0, "keep"))
    assert legal(s, 0) == ["pass"]


def test_an_illegal_or_out_of_turn_action_is_refused_and_changes_nothing() -> None:
    s = table(4, hands={0: ["gold"]}, drawn="copper")
    expect_error(s, 0, "trade")
    expect_error(s, 0, "not an action!")
    with pytest.raises(NotPending):
        s.apply(1, "keep")
    with pytest.raises(IllegalAction):
        s.apply(0, "exchange:gold,3")
