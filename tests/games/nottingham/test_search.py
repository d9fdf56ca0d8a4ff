"""The search fast path and the evaluation (issue 9): a search copy plays exactly the game the
checked path plays, writing no log; `evaluate` estimates each seat's rank utility in
[-1, 1]."""

from __future__ import annotations

import random

import pytest

from tavola.core import Result, make
from tavola.games.nottingham.game import NottinghamState
from tests.conformance.harness import random_game
from tests.games.nottingham.scenario import bank, table


@pytest.mark.parametrize("players", [3, 5, 7])
def test_a_search_copy_plays_the_same_game_without_writing_the_log(players: int) -> None:
    for seed in range(3):
        s = make("nottingham", players, seed)
        fast = s.for_search()
        assert fast.for_search() is fast and s.for_search() is not s
        log = fast.log(None)
        rng = random.Random(seed)
        while not s.is_terminal:
            p = s.to_act[0]
            legal = s.legal_actions(p)
            assert fast.legal_actions(p) == legal
            assert fast.view(p) == s.view(p)
            i = rng.randrange(len(legal))
            s, fast = s.apply(p, legal[i]), fast.apply_index(p, i)
            assert isinstance(s, NottinghamState) and isinstance(fast, NottinghamState)
            checked, quick = s.to_json()["state"], fast.to_json()["state"]
            assert checked.pop("recording") and not quick.pop("recording")
            assert quick == checked
        assert fast.is_terminal and fast.result() == s.result()
        assert fast.log(None) == log and len(s.log(None)) > len(log)


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_evaluate_is_an_estimate_in_range_for_every_seat(players: int) -> None:
    states, _ = random_game("nottingham", players, 12)
    for s in states:
        values = s.evaluate()
        assert len(values) == players and all(-1.0 <= v <= 1.0 for v in values)
        assert abs(sum(values)) < 1e-9
    assert states[-1].evaluate() == states[-1].result().utilities()


def test_evaluate_ranks_points_won_and_cards_in_hand() -> None:
    s = table(3, hands={0: ["chest"] * 4, 1: ["copper"], 2: []}, sheriff=4)
    bank(s, 2, "chest", "chest")
    values = s.evaluate()
    assert values[2] > values[0] > values[1]
    s.sheriff = 13
    late = s.evaluate()
    assert late[2] > values[2]  # the same lead counts for more near the end


def test_evaluate_of_a_finished_game_is_its_rank_utility() -> None:
    s = table(3, hands={0: ["gold"] * 3}, sheriff=14)
    s = s.apply(0, "exchange:gold,3")
    assert s.is_terminal and s.evaluate() == Result((9, 0, 0), (1, 2, 2)).utilities()


@pytest.mark.parametrize(("players", "options"), [
    (3, {}), (4, {"several_ambushes_each": True}), (5, {"rob_shows_card": True}),
    (7, {"track": "distinct"})])
def test_no_move_changes_a_position_it_came_from(players: int, options: dict[str, object]) -> None:
    """A successor shares the lists it does not change with its predecessor (`fork`): every
    position of whole games, checked and fast, still holds its data at the end."""
    for seed in range(3):
        start = make("nottingham", players, seed, **options)
        for s in (start, start.for_search()):
            assert isinstance(s, NottinghamState)
            seen = [(s, repr(s.to_json()["state"]))]
            rng = random.Random(seed)
            while not s.is_terminal:
                p = s.to_act[rng.randrange(len(s.to_act))]
                i = rng.randrange(len(s.legal_actions(p)))
                s = s.apply_index(p, i) if not s.recording else s.apply(p, s.legal_actions(p)[i])
                assert isinstance(s, NottinghamState)
                seen.append((s, repr(s.to_json()["state"])))
            assert all(repr(t.to_json()["state"]) == before for t, before in seen)
