"""The text layer (every event, prompt and action in words; the terminal table) and the
greedy bot, which must clearly beat random play."""

from __future__ import annotations

import random

import pytest

from tavola.agents import agent_names
from tavola.arena.runner import run_match, win_share
from tavola.core import make
from tavola.games.nottingham.game import NottinghamState
from tavola.games.nottingham.text import CATALOG
from tests.conformance.harness import random_game
from tests.games.nottingham.scenario import bank, play, table


def test_every_event_prompt_and_action_has_words() -> None:
    for players in (3, 7):
        states, _ = random_game("nottingham", players, 4)
        final = states[-1]
        for event in final.log(None) + final.log(0):
            assert event.key in CATALOG.templates["en"]
            assert "{" not in final.game.render_event(event)
        for s in states[:-1]:
            for p in s.to_act:
                assert s.prompt(p) and "{" not in s.prompt(p)
                for a in s.legal_actions(p):
                    assert s.describe(p, a)


def test_the_table_shows_hand_opponents_commissions_ambushes_and_track() -> None:
    s = table(4, hands={0: ["gold", "gold"], 1: ["pearls"]}, drawn="chest",
              ambushes={2: ["red"]}, sheriff=3)
    s = play(s, (0, "keep"))
    text = s.game.render_view(s.view(0))
    assert "hand: 2 gold cards, 1 chest" in text
    assert "P2 (yellow): 1 card," in text
    assert "cards you know of: nothing; unknown to you: 1" in text
    assert "P3 (green): 0 cards, 0 points, 1 ambush card in play" in text
    assert "Waiting for: P1 (red)." in text
    assert "seven different items" in text and "30/20" in text
    assert "[7]" in text  # the sheriff on space 3
    spectator = s.game.render_view(s.view(None))
    assert "(you)" not in spectator


def test_greedy_is_offered_as_a_bot() -> None:
    assert "greedy" in agent_names("nottingham")


@pytest.mark.parametrize(("players", "least"), [(3, 0.75), (5, 0.6), (7, 0.5)])
def test_greedy_clearly_beats_random_seat_rotated(players: int, least: float) -> None:
    # random play would win 1/3, 1/5 and 1/7 of these games
    share = win_share("nottingham", players, 60)
    assert share >= least, f"greedy won {share:.0%} of {players}-player games"


def greedy_choice(s: NottinghamState, seat: int) -> str:
    policy = s.game.info.policies["greedy"]()
    return str(policy.choose(s.view(seat), s.legal_actions(seat), random.Random(0)))


def test_greedy_takes_a_commission_before_a_set() -> None:
    s = table(3, hands={0: ["gold", "gold", "gold", "pearls", "pearls", "chest", "chest"]})
    assert greedy_choice(s, 0) == "commission:pairs3,gold,pearls,chest"


def test_greedy_lays_out_a_set_rather_than_pass() -> None:
    s = table(3, hands={0: ["chest"] * 3, 1: ["gold"]})
    assert greedy_choice(s, 0) == "exchange:chest,3"


def test_greedy_does_not_end_the_game_while_behind_but_does_while_ahead() -> None:
    s = table(3, hands={0: ["copper"] * 3}, sheriff=14)
    bank(s, 1, "chest", "chest")
    assert greedy_choice(s, 0) == "pass"
    s = table(3, hands={0: ["copper"] * 3}, sheriff=14)
    bank(s, 1, "copper")  # 7 points and one card each after the exchange: a shared win
    assert greedy_choice(s, 0) == "pass"
    s = table(3, hands={0: ["copper"] * 3}, sheriff=14)
    bank(s, 1, "gold")
    s.winnings[0].append(s.winnings[1].pop())
    assert greedy_choice(s, 0) == "exchange:copper,3"


def test_greedy_defends_only_when_the_necklace_is_worth_less_than_what_it_would_lose() -> None:
    s = table(3, hands={0: [], 1: ["necklace", "chest", "chest"]}, drawn="jewels")
    s = play(s, (0, "raid:1"))
    assert greedy_choice(s, 1) == "defend"  # the raider would take a chest of a pair
    s = table(3, hands={0: [], 1: ["necklace", "necklace", "necklace", "copper"]},
              drawn="candlestick")
    s = play(s, (0, "steal:1"))
    assert greedy_choice(s, 1) == "decline"  # a necklace is what a steal most likely takes


def test_a_greedy_game_is_legal_from_start_to_end() -> None:
    outcome = run_match("nottingham", 7, 3, ["greedy"] * 7)
    assert outcome.final.is_terminal
    assert make("nottingham", 7, 3).game.info.policies["greedy"]().choose(
        make("nottingham", 7, 3).view(0), make("nottingham", 7, 3).legal_actions(0),
        random.Random(0)) is not None


def test_the_table_tells_what_only_you_know_from_what_everyone_knows() -> None:
    s = table(3, hands={0: [], 1: ["gold", "chest"], 2: []}, drawn="pearls")
    s = play(s, (0, "rob:1"), (1, "decline"))
    text = " ".join(s.game.render_view(s.view(0)).split())  # as one line, unwrapped
    assert ("cards you know of: 1 gold card, 1 chest; unknown to you: 0 (known to everyone: "
            "nothing)") in text
    assert "cards you know of: nothing; unknown to you: 2" in s.game.render_view(s.view(2))


def test_ambush_cards_are_named_by_their_items_or_their_colour_and_seat() -> None:
    s = table(4, hands={0: []}, drawn="gold", ambush_deck_top=["yellow", "pearls+jewels"])
    s = play(s, (0, "ambush"))
    assert "You drew the ambush cards: yellow (P2) and pearls + jewels" in (
        s.game.render_view(s.view(0)))
    assert [s.describe(0, a) for a in s.legal_actions(0)] == [
        "keep the yellow ambush card (P2): it hits any exchange by P2 (yellow)",
        "keep the ambush card pearls + jewels: it hits any exchange of pearls or jewels"]
    s = play(s, (0, "hide:pearls+jewels"))
    assert s.log_text(0)[-1] == ("P1 (red) lies in wait with pearls + jewels and puts yellow "
                                 "(P2) under the ambush deck.")
    text = " ".join(s.game.render_view(s.view(0)).split())  # as one line, unwrapped
    assert "your ambush cards: pearls + jewels" in text
    assert ("Ambush deck (9 cards, top first; ? = not known to you): ?, ?, ?, ?, ?, ?, ?, "
            "?, yellow (P2)") in text


def test_the_table_says_when_the_game_is_over() -> None:
    s = play(table(3, hands={0: ["gold"] * 3}, sheriff=14), (0, "exchange:gold,3"))
    text = s.game.render_view(s.view(1))
    assert "the game is over" in text and "active player" not in text
