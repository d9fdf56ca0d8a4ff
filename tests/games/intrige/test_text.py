"""The words of Intrige: the terminal table, prompts, action labels and options."""

from __future__ import annotations

import pytest

from tavola.core import BadOptions, make
from tests.conformance.harness import random_game
from tests.games.intrige.scenarios import play, scenario


def test_the_table_shows_palaces_rooms_salaries_parks_island_money_and_bribes() -> None:
    state = scenario(turn=0, rooms={0: {5: (2, "prelate")}},
                     parks={0: [(1, "prelate")], 1: [(3, "legal")]},
                     island=[(3, "fiscal")])
    state = play(state, "bribe:20000", "ask:5", "offer:30000,5")
    picture = state.game.render_view(state.view(0))
    for expected in ("Firenze (P1, you):", "room 5  salary 100,000  P3 prelate",
                     "room 1  salary  10,000  empty", "park: P2 prelate",
                     "park: P4 legal counsellor",
                     "Island (exiled for the rest of the game):\n  P4: 1 fiscal counsellor",
                     "Your money: 340,000 ducats", "round 2: P3 paid P1 20,000 to keep the "
                     "prelate", "P2: 30,000 for room 5", "Still to bribe here: P2 prelate"):
        assert expected in picture


def test_every_legal_action_has_a_label_and_every_pending_player_a_prompt() -> None:
    states, _ = random_game("intrige", 4, 2, edition="amigo")
    for state in states[:-1]:
        player = state.to_act[0]
        assert state.prompt(player)
        assert state.prompt((player + 1) % 4) == "nothing to decide now"
        for action in state.legal_actions(player)[:40]:
            assert state.describe(player, action)


def test_unknown_editions_options_and_player_counts_are_refused_clearly() -> None:
    with pytest.raises(BadOptions, match="edition"):
        make("intrige", 4, 0, edition="2010")
    with pytest.raises(BadOptions, match="bribe_order"):
        make("intrige", 4, 0, bribe_order="richest_first")
    with pytest.raises(BadOptions, match="3-5"):
        make("intrige", 2, 0)


def test_a_bribe_prompt_says_what_is_at_stake() -> None:
    state = scenario(turn=0, rooms={0: {4: (2, "prelate")}},
                     parks={0: [(1, "prelate"), (3, "prelate")]})
    assert state.prompt(2) == ("pay P1 a bribe to keep your prelate in room 4 (60,000), "
                               "attacked by P2, P4 (or first make a non-binding offer)")
    state = play(state, "bribe:10000")
    assert state.prompt(1).startswith("pay P1 a bribe for your attacking prelate against "
                                      "P3's in room 4 (60,000); other attackers: P4")
    state = scenario(turn=0, parks={0: [(1, "legal"), (2, "legal")]})
    assert state.prompt(1).startswith("pay P1 a bribe for your contested legal counsellor, "
                                      "also wanted by P3")


def test_the_table_heading_names_whose_turn_it_is_and_the_end() -> None:
    state = scenario(turn=1, parks={1: [(0, "legal")]})
    assert state.game.render_view(state.view(0)).splitlines()[0] == (
        "Intrige (1994 edition) - round 2 of 6, P2's turn (Milano)")
    last = scenario(round=6, turn=3, parks={3: [(0, "legal")]})
    over = play(last, "ask:5", "offer:10000,5", "bribe:10000", "room:5")
    assert over.is_terminal
    assert "Offers on the table" not in over.game.render_view(over.view(None))
    assert over.game.render_view(over.view(None)).splitlines()[0] == (
        "Intrige (1994 edition) - the game is over after round 6")


def test_a_player_who_cannot_pay_is_not_invited_to_make_an_offer() -> None:
    state = scenario(turn=0, parks={0: [(1, "legal")]}, money={1: 0})
    assert state.prompt(1) == "pay P1 a bribe for your legal counsellor"
    assert [str(a) for a in state.legal_actions(1)] == ["bribe:0"]
