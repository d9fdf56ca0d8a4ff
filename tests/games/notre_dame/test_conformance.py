"""Random-play conformance for every player count: the contract holds at every step and the
pieces are conserved."""

from __future__ import annotations

import json
import random

import pytest

from tavola.core import State, make
from tavola.games.notre_dame.schema import check_state
from tavola.games.notre_dame.state import NDState
from tests.conformance.harness import canonical, check_random_games, random_game


def invariant(state: State) -> None:
    """14 cubes per colour; gold conserved (default ruling); 4 messages per colour; nothing
    negative; rat markers 0-9; every card in one place; whoever must act can act."""
    assert isinstance(state, NDState)
    check_state(state)
    for p in state.to_act:
        assert state.legal_actions(p)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_conform(players: int, long_run: bool) -> None:
    games = 400 if long_run else 15
    seeds = range(players * 10_000, players * 10_000 + games)
    assert check_random_games("notre-dame", [players], seeds, invariant, deep_every=10) > 0


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_many_random_games_terminate_with_conserved_pieces(players: int, long_run: bool) -> None:
    games = 10_000 if long_run else 150
    for seed in range(games):
        states, _ = random_game("notre-dame", players, seed)
        final = states[-1]
        assert isinstance(final, NDState)
        assert final.is_terminal
        check_state(final)
        assert final.rnd == 8


def test_unlimited_gold_option_conforms() -> None:
    def inv(state: State) -> None:
        assert isinstance(state, NDState)
        assert all(g >= 0 for g in state.gold)
    assert check_random_games("notre-dame", [3, 5], range(4), inv, deep_every=4,
                              gold="unlimited") > 0


def test_same_seed_and_actions_replay_to_the_identical_game_and_log() -> None:
    a, rec = random_game("notre-dame", 4, 77)
    b = rec.replay()
    assert [canonical(x) for x in a] == [canonical(y) for y in b]
    assert a[-1].log_text(None) == b[-1].log_text(None)


def test_different_seeds_give_different_games() -> None:
    assert canonical(make("notre-dame", 4, 1)) != canonical(make("notre-dame", 4, 2))


def test_apply_never_changes_its_input_over_a_whole_game() -> None:
    s = make("notre-dame", 3, 5)
    rng = random.Random(5)
    while not s.is_terminal:
        before = canonical(s)
        p = s.to_act[0]
        for a in s.legal_actions(p):
            s.apply(p, a)
        assert canonical(s) == before
        s = s.apply(p, rng.choice(s.legal_actions(p)))


def test_state_json_survives_text_round_trip() -> None:
    s = make("notre-dame", 5, 3)
    text = json.dumps(s.to_json())
    from tavola.core import state_from_json

    assert canonical(state_from_json(json.loads(text))) == canonical(s)


def test_a_corrupt_or_tampered_state_is_refused_with_a_clear_error() -> None:
    import pytest

    from tavola.core import CorruptState, state_from_json

    good = make("notre-dame", 3, 1).to_json()
    tampered = json.loads(json.dumps(good))
    tampered["state"]["supply"][0] += 1  # a cube from nowhere
    broken = json.loads(json.dumps(good))
    del broken["state"]["deck"]
    wrong_size = json.loads(json.dumps(good))
    wrong_size["state"]["gold"].append(3)
    for bad in (tampered, broken, wrong_size, {"game": "notre-dame"}, [], "text"):
        with pytest.raises(CorruptState):
            state_from_json(bad)  # type: ignore[arg-type]
