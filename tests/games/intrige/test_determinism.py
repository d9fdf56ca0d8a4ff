"""Determinism: the same options and actions replay to the identical Intrige game."""

from __future__ import annotations

import json

from tavola.core import make
from tests.conformance.harness import canonical, random_game


def test_the_same_options_seed_and_actions_give_the_same_states_and_log() -> None:
    for edition in ("1994", "amigo"):
        first, record = random_game("intrige", 5, 11, edition=edition)
        again = make("intrige", 5, 11, edition=edition)
        for (player, action), expected in zip(record.actions, first[1:], strict=True):
            again = again.apply(player, action)
            assert canonical(again) == canonical(expected)
        assert again.log_text(None) == first[-1].log_text(None)


def test_intrige_has_no_chance_so_every_seed_sets_up_the_same_game() -> None:
    texts = {json.dumps(make("intrige", 4, seed).to_json(), sort_keys=True)
             for seed in (0, 1, 12345)}
    assert len(texts) == 1


def test_apply_returns_a_new_state_and_leaves_its_input_unchanged() -> None:
    states, _ = random_game("intrige", 3, 5)
    for before in states[:-1:5]:
        text = canonical(before)
        player = before.to_act[0]
        for action in before.legal_actions(player)[:3]:
            before.apply(player, action)
        assert canonical(before) == text
