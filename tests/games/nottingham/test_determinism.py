"""Determinism and the one copy routine: the same game, options, seed and actions give the
same states and log; apply never changes its input."""

from __future__ import annotations

import json
import random

import pytest

from tavola.core import CorruptState, Record, make, state_from_json
from tavola.games.nottingham.game import NottinghamState
from tavola.games.nottingham.state import PHASES
from tests.conformance.harness import canonical, random_game
from tests.games.nottingham.scenario import play, table


def test_same_seed_and_actions_replay_to_the_same_states_and_log() -> None:
    states, record = random_game("nottingham", 5, 21)
    again = Record.from_json(json.loads(json.dumps(record.to_json()))).replay()
    assert [canonical(s) for s in again] == [canonical(s) for s in states]
    assert again[-1].log_text(None) == states[-1].log_text(None)


def test_different_seeds_deal_different_games() -> None:
    deals = {json.dumps(make("nottingham", 4, seed).to_json()["state"]["hands"])
             for seed in range(10)}
    assert len(deals) == 10


def test_options_are_part_of_the_game() -> None:
    a = make("nottingham", 3, 1)
    b = make("nottingham", 3, 1, track="distinct")
    assert a.view(None)["track"] != b.view(None)["track"]
    assert len(b.view(None)["track"]) == 7


def test_apply_never_changes_its_input_and_clone_shares_no_list() -> None:
    states, _ = random_game("nottingham", 4, 8)
    rng = random.Random(0)
    for s in states[:-1:3]:
        assert isinstance(s, NottinghamState)
        before = canonical(s)
        p = s.to_act[0]
        s.apply(p, rng.choice(s.legal_actions(p)))
        assert canonical(s) == before
        c = s.clone()
        for name in ("deck", "discard", "known", "hands", "winnings", "ambushes", "queue",
                     "offers", "table", "ambush_deck", "ambush_known", "commissions"):
            assert getattr(c, name) is not getattr(s, name)
        for row_c, row_s in zip(c.hands, s.hands, strict=True):
            assert row_c is not row_s


def test_a_corrupt_saved_state_is_refused() -> None:
    s = make("nottingham", 4, 2)
    data = json.loads(json.dumps(s.to_json()))
    data["state"]["hands"][1] = data["state"]["hands"][0]
    with pytest.raises(CorruptState, match="item cards"):
        state_from_json(data)
    data = json.loads(json.dumps(s.to_json()))
    data["state"]["known"][5] = 3
    with pytest.raises(CorruptState, match="knowledge"):
        state_from_json(data)
    data = json.loads(json.dumps(s.to_json()))
    del data["state"]["deck"]
    with pytest.raises(CorruptState):
        state_from_json(data)
    data = json.loads(json.dumps(s.to_json()))
    data["state"]["phase"] = "choose"
    with pytest.raises(CorruptState):
        state_from_json(data)


def test_a_saved_state_that_asks_a_player_who_cannot_act_is_refused() -> None:
    s = table(3, hands={0: ["gold"], 1: ["gold", "chest"], 2: ["copper"]}, drawn="jewels")
    s = play(s, (0, "raid:1"), (1, "decline"))
    data = json.loads(json.dumps(s.to_json()))
    hands = data["state"]["hands"]
    data["state"]["deck"] += hands[1]
    hands[1] = []
    data["state"]["known"] = [0] * len(data["state"]["known"])
    with pytest.raises(CorruptState, match="nothing they may do"):
        state_from_json(data)


def test_a_saved_state_that_is_over_too_soon_or_asks_twice_is_refused() -> None:
    s = make("nottingham", 4, 2)
    data = json.loads(json.dumps(s.to_json()))
    data["state"]["phase"] = PHASES.index("over")
    with pytest.raises(CorruptState, match="game is over"):
        state_from_json(data)
    s = play(table(4, hands={0: ["gold"], 1: ["gold"], 2: ["chest"], 3: ["jewels"]},
                   drawn="copper"), (0, "buy"))
    data = json.loads(json.dumps(s.to_json()))
    data["state"]["queue"] = [1, 1, 2, 3]
    with pytest.raises(CorruptState, match="appears twice"):
        state_from_json(data)
