"""The final scores' breakdown (issue 21): each game's final view says where every seat's
score came from, one row per source, and the rows add up to the score exactly; a game in
progress says nothing of it (Intrige's money is secret until the end)."""

from __future__ import annotations

import random

import pytest

from tavola.core import make

SOURCES = {
    "notre-dame": ["residence", "characters", "messages", "notre_dame", "park", "plague"],
    "rattus": ["board", "palace"],
    "nottingham": ["winnings", "commissions"],
    "intrige": ["start", "income", "bribes_received", "bribes_paid"],
}
PLAYERS = {"notre-dame": (2, 5), "rattus": (2, 4), "nottingham": (3, 6), "intrige": (3, 5)}


@pytest.mark.parametrize("game", sorted(SOURCES))
def test_the_breakdown_adds_up_to_each_score_and_appears_only_at_the_end(game: str) -> None:
    for players in PLAYERS[game]:
        for seed in range(2):
            state = make(game, players, 7 + seed)
            rng = random.Random(seed)
            steps = 0
            while not state.is_terminal:
                if steps % 50 == 0:
                    assert "breakdown" not in state.view(None)
                player = state.to_act[0]
                state = state.apply(player, rng.choice(state.legal_actions(player)))
                steps += 1
            scores = state.result().scores
            for viewer in (None, *range(players)):
                parts = state.view(viewer)["breakdown"]
                assert [row["source"] for row in parts["rows"]] == SOURCES[game]
                totals = [sum(row["points"][p] for row in parts["rows"])
                          for p in range(players)]
                assert totals == list(scores), (game, players, seed, viewer)
            # Every source is a whole number; only losses and payments are negative.
            for row in parts["rows"]:
                assert all(isinstance(x, int) for x in row["points"])
                if row["source"] not in ("plague", "bribes_paid"):
                    assert min(row["points"]) >= 0, row
