"""Determinism: game, options, seed and actions replay to the identical game."""

from __future__ import annotations

import json

from tavola.core import Record, make
from tests.conformance.harness import random_game


def test_the_same_seed_sets_up_the_same_game() -> None:
    for players in (2, 3, 4):
        a, b = make("rattus", players, 42), make("rattus", players, 42)
        assert json.dumps(a.to_json()) == json.dumps(b.to_json())


def test_different_seeds_set_up_different_games() -> None:
    layouts = {json.dumps(make("rattus", 4, seed).to_json()["state"]["tokens"])
               for seed in range(5)}
    assert len(layouts) == 5


def test_replaying_the_actions_gives_the_identical_states_and_logs() -> None:
    for players in (2, 3, 4):
        states, record = random_game("rattus", players, 99)
        replayed = Record.from_json(record.to_json()).replay()
        assert [json.dumps(s.to_json(), sort_keys=True) for s in replayed] == [
            json.dumps(s.to_json(), sort_keys=True) for s in states]
        for viewer in (None, *range(players)):
            assert replayed[-1].log_text(viewer) == states[-1].log_text(viewer)
