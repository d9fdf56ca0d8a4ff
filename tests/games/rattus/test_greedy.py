"""The greedy bot clearly beats random play (GameInfo.policies['greedy'])."""

from __future__ import annotations

import random

from tavola.agents import agent_names, decide, make_agent
from tavola.arena.runner import win_share
from tavola.core import make

GAMES_PER_COUNT = 60


def greedy_win_rate(players: int, games: int) -> float:
    """Play greedy in one seat (rotated by game) against random; return its win share."""
    return win_share("rattus", players, games, first_seed=5000)


def test_greedy_is_offered_for_rattus() -> None:
    assert "greedy" in agent_names("rattus")


def test_greedy_clearly_beats_random_in_every_seat_and_player_count() -> None:
    # The baseline of a bot no better than random is 1/players.
    for players in (2, 3, 4):
        rate = greedy_win_rate(players, GAMES_PER_COUNT)
        assert rate >= 0.8, f"greedy won {rate:.0%} of {players}-player games"


def test_greedy_only_picks_legal_actions_from_its_view() -> None:
    agent = make_agent("greedy", "rattus")
    rng = random.Random(1)
    s = make("rattus", 3, 8)
    while not s.is_terminal:
        p = s.to_act[0]
        action = decide(agent, s, p, rng)
        assert action in s.legal_actions(p)
        s = s.apply(p, action)


def test_greedy_is_deterministic_given_the_seed_and_the_rng() -> None:
    def game() -> list[str]:
        agent = make_agent("greedy", "rattus")
        rng = random.Random(4)
        s = make("rattus", 3, 21)
        actions = []
        while not s.is_terminal:
            p = s.to_act[0]
            action = decide(agent, s, p, rng)
            actions.append(str(action))
            s = s.apply(p, action)
        return actions

    assert game() == game()
