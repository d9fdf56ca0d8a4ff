"""The greedy bot clearly beats random play (seat-rotated, every player count, both editions).

Measure the rate by hand with `PYTHONPATH=$PWD python3 -m tests.games.intrige.test_greedy`.
"""

from __future__ import annotations

import pytest

from tavola.arena.runner import run_match
from tests.games.intrige.test_conformance import conserved


def greedy_share(players: int, games: int, edition: str) -> float:
    """Return the greedy seat's share of wins against random opponents (ties split)."""
    wins = 0.0
    for game in range(games):
        seat = game % players
        bots = ["random"] * players
        bots[seat] = "greedy"
        result = run_match("intrige", players, game, bots, {"edition": edition}).final.result()
        if result.ranks[seat] == 1:
            wins += 1 / len(result.winners)
    return wins / games


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
