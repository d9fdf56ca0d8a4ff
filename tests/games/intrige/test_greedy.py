"""The greedy bot clearly beats random play (seat-rotated, every player count, both editions).

Measure the rate by hand with `PYTHONPATH=$PWD python3 -m tests.games.intrige.test_greedy`.
"""

from __future__ import annotations

import random

import pytest

from tavola.arena.runner import run_match, win_share
from tavola.games.intrige.heuristics import GreedyPolicy
from tests.games.intrige.scenarios import play, scenario
from tests.games.intrige.test_conformance import conserved


def greedy_share(players: int, games: int, edition: str) -> float:
    """Return the greedy seat's share of wins against random opponents (ties split)."""
    return win_share("intrige", players, games, options={"edition": edition})


@pytest.mark.parametrize("edition", ["1994", "amigo"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_greedy_wins_far_more_often_than_its_fair_share_against_random(
        players: int, edition: str) -> None:
    share = greedy_share(players, 30, edition)
    assert share >= 0.75, f"greedy won {share:.0%} of {players}-player games"


def test_greedy_against_greedy_plays_legal_games_that_conserve_money_and_figures() -> None:
    for players in (3, 5):
        outcome = run_match("intrige", players, 7, ["greedy"] * players)
        assert outcome.final.is_terminal
        for state in outcome.record.replay():
            conserved(state)


if __name__ == "__main__":
    for n in (3, 4, 5):
        for ed in ("1994", "amigo"):
            print(f"{n} players, {ed}: greedy won {greedy_share(n, 300, ed):.1%} "
                  f"(fair share {1 / n:.1%})")


def test_greedy_makes_an_offer_and_as_owner_honours_one_paid_in_full() -> None:
    bot = GreedyPolicy()
    rng = random.Random(0)
    state = scenario(turn=0, parks={0: [(1, "legal"), (2, "fiscal")]})
    first = bot.choose(state.view(1), state.legal_actions(1), rng)
    assert first.kind == "ask" and first.args == ("5",)
    # P2 asks for room 3 and pays what it offered; P3 pays more but asked for nothing.
    state = play(state, "ask:3", "offer:20000,3", "bribe:20000", "bribe:50000")
    pick = bot.choose(state.view(0), state.legal_actions(0), rng)
    assert str(pick) == "room:3"
    state = play(state, str(pick))
    assert str(bot.choose(state.view(0), state.legal_actions(0), rng)) == "room:5"


def test_greedy_as_owner_ignores_an_offer_not_paid_in_full() -> None:
    bot = GreedyPolicy()
    state = scenario(turn=0, parks={0: [(1, "legal")]})
    state = play(state, "ask:1", "offer:90000,1", "bribe:10000")
    assert str(bot.choose(state.view(0), state.legal_actions(0), random.Random(0))) == "room:5"
    state = scenario(turn=0, parks={0: [(1, "legal"), (2, "fiscal")]})
    state = play(state, "ask:5", "offer:90000,5", "bribe:10000", "bribe:20000")
    assert str(bot.choose(state.view(0), state.legal_actions(0), random.Random(0))) == "room:4"


def test_games_between_greedy_bots_differ_by_seed_and_repeat_for_one_seed() -> None:
    finals = [run_match("intrige", 4, seed, ["greedy"] * 4).final.result().scores
              for seed in (1, 2, 3, 1)]
    assert finals[0] == finals[3]
    assert len(set(finals)) > 1
