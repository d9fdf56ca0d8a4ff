"""The learners' part of the contract, for every game and player count: a fixed action space
whose indices round-trip, fixed-length observations in [0, 1] that depend on the seat's
information set alone, and `reseed`, which keeps every view and log and redraws the future."""

from __future__ import annotations

import json
import random

import pytest

from tavola.core import IllegalAction, make
from tavola.core.registry import game_class
from tests.conformance.harness import random_states
from tests.core.toy import ToyGame

GAMES = ("intrige", "notre-dame", "nottingham", "rattus")
CASES = [(name, n) for name in GAMES
         for n in range(game_class(name).info.min_players,
                        game_class(name).info.max_players + 1)]
IDS = [f"{name}-{n}p" for name, n in CASES]
K_LIMIT = 1000


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_every_legal_action_has_an_index_that_round_trips(name: str, players: int) -> None:
    enc = make(name, players, 0).game.encoding()
    assert 0 < enc.size <= K_LIMIT, f"{name}: K={enc.size}"
    for seed in range(3):
        for state in random_states(name, players, seed):
            for seat in state.to_act:
                legal = state.legal_actions(seat)
                indices = state.legal_indices(seat)
                assert len(set(indices)) == len(indices), "two legal actions share an index"
                for action, i in zip(legal, indices, strict=True):
                    assert 0 <= i < enc.size
                    assert enc.action(state, seat, i) == action
                    assert state.action_at(seat, i) == action


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_the_spaces_depend_only_on_the_game_players_and_options(name: str, players: int) -> None:
    a, b = make(name, players, 1).game.encoding(), make(name, players, 2).game.encoding()
    assert (a.size, a.length, a.layout) == (b.size, b.length, b.layout)
    assert a.length == sum(s.length for s in a.layout) > 0
    assert len({s.name for s in a.layout}) == len(a.layout), "two slices share a name"


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_observations_have_a_fixed_length_and_values_in_the_unit_range(
        name: str, players: int) -> None:
    for seed in range(2):
        states = random_states(name, players, seed)
        length = states[0].game.encoding().length
        for state in [*states[:: max(1, len(states) // 60)], states[-1]]:
            for seat in range(players):
                obs = state.observation(seat)
                assert len(obs) == length
                bad = [(i, x) for i, x in enumerate(obs)
                       if not (isinstance(x, float | int) and 0.0 <= x <= 1.0)]
                assert not bad, f"{name} seat {seat}: values outside [0, 1] at {bad[:5]}"


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_an_observation_is_the_same_on_every_state_of_the_seats_information_set(
        name: str, players: int) -> None:
    rng = random.Random(players)
    states = random_states(name, players, 5)
    for state in states[:: max(1, len(states) // 25)]:
        if state.is_terminal:
            continue
        for seat in range(players):
            mine = state.observation(seat)
            for _ in range(3):
                other = state.determinize(seat, rng)
                assert other.observation(seat) == mine


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_reseed_keeps_every_view_and_log_and_plays_on(name: str, players: int) -> None:
    rng = random.Random(7)
    states = random_states(name, players, 3)
    for state in states[:: max(1, len(states) // 20)]:
        fresh = state.reseed(rng)
        assert fresh.to_act == state.to_act
        for viewer in (None, *range(players)):
            assert fresh.view(viewer) == state.view(viewer)
            assert fresh.log(viewer) == state.log(viewer)
        for seat in fresh.to_act:
            assert fresh.legal_actions(seat) == state.legal_actions(seat)
        json.dumps(fresh.to_json())
        state.game.check_state(fresh)


@pytest.mark.parametrize("name", [n for n in GAMES if game_class(n).info.chance])
def test_reseed_draws_a_different_future(name: str) -> None:
    """Some reseeded copy of an early position diverges from the original under the same
    actions: the future is drawn again, not copied."""
    state = make(name, game_class(name).info.min_players, 11)
    differs = False
    for k in range(5):
        a, b = state, state.reseed(random.Random(k))
        pick = random.Random(0)
        for _ in range(200):
            if a.is_terminal or b.is_terminal:
                break
            seat = a.to_act[0]
            legal = a.legal_actions(seat)
            if seat not in b.to_act or b.legal_actions(seat) != legal:
                differs = True
                break
            action = legal[pick.randrange(len(legal))]
            a, b = a.apply(seat, action), b.apply(seat, action)
            if a.view(None) != b.view(None):
                differs = True
                break
        if differs:
            break
    assert differs, f"{name}: reseeding never changed what happens next"


@pytest.mark.parametrize(("name", "players"), CASES[::3], ids=IDS[::3])
def test_an_index_no_legal_action_has_is_refused_clearly(name: str, players: int) -> None:
    state = make(name, players, 2)
    seat = state.to_act[0]
    used = set(state.legal_indices(seat))
    size = state.game.encoding().size
    unused = [i for i in range(size) if i not in used][:1]
    for bad in [*unused, -1, size, "3", True]:
        with pytest.raises(IllegalAction):
            state.action_at(seat, bad)  # type: ignore[arg-type]


def test_the_toy_game_encodes_too() -> None:
    state = ToyGame(3).new_state(1)
    assert state.legal_indices(0) == (0, 1, 2)
    assert len(state.observation(1)) == state.game.encoding().length
    assert state.reseed(random.Random(1)).view(0) == state.view(0)
