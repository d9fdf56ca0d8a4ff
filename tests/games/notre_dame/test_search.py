"""What search code uses: the fast path (`for_search`, `apply_index`) plays the same game as
the checked path, only without a log, and `evaluate` is a utility estimate that favours the
leader."""

from __future__ import annotations

import random

import pytest

from tavola.core import make
from tavola.games.notre_dame.state import FIELDS, NDState
from tests.games.notre_dame.scenario import edit, fresh


def fields(s: NDState) -> dict[str, object]:
    """Every saved field of a position (the log is not one)."""
    data = s.to_json()["state"]
    return {name: data[name] for name in FIELDS}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_search_copy_plays_the_same_game_without_a_log(players: int) -> None:
    checked = make("notre-dame", players, players)
    fast = checked.for_search()
    assert isinstance(checked, NDState) and isinstance(fast, NDState)
    log_length = len(fast.log(None))
    rng = random.Random(players)
    while not checked.is_terminal:
        p = checked.to_act[0]
        assert fast.to_act == checked.to_act
        assert fast.legal_actions(p) == checked.legal_actions(p)
        assert fast.view(p) == checked.view(p)
        i = rng.randrange(len(checked.legal_actions(p)))
        checked = checked.apply(p, checked.legal_actions(p)[i])
        fast = fast.apply_index(p, i)
        assert isinstance(checked, NDState) and isinstance(fast, NDState)
        assert fields(fast) == fields(checked)
    assert fast.is_terminal and fast.result() == checked.result()
    assert len(fast.log(None)) == log_length < len(checked.log(None))


def test_a_search_copy_leaves_the_original_logging() -> None:
    s = make("notre-dame", 3, 1)
    s.for_search()
    p = s.to_act[0]
    assert len(s.apply(p, s.legal_actions(p)[0]).log(p)) > len(s.log(p))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_the_evaluation_is_a_utility_for_every_seat(players: int) -> None:
    s = make("notre-dame", players, 3)
    rng = random.Random(3)
    while not s.is_terminal:
        values = s.evaluate()
        assert len(values) == players and all(-1.0 <= v <= 1.0 for v in values)
        assert abs(sum(values)) < 1e-9
        p = s.to_act[0]
        legal = s.legal_actions(p)
        s = s.apply(p, legal[rng.randrange(len(legal))])
    assert s.evaluate() == s.result().utilities()


def test_the_evaluation_favours_the_leader_and_grows_surer_as_the_game_ends() -> None:
    early = edit(fresh(4), lambda c: c.prestige.__setitem__(2, 12))
    late = edit(early, lambda c: c.__setattr__("rnd", 8))
    for s in (early, late):
        values = s.evaluate()
        assert values[2] == max(values) and values[2] > 0
        assert values[0] == values[1] == values[3] < 0
    assert late.evaluate()[2] > early.evaluate()[2]


def test_the_evaluation_breaks_prestige_ties_by_gold_and_cubes() -> None:
    s = edit(fresh(3), lambda c: (c.prestige.__setitem__(0, 5), c.prestige.__setitem__(1, 5),
                                  c.gold.__setitem__(1, 6), c.__setattr__("bank", 25 - 12)))
    values = s.evaluate()
    assert values[1] > values[0] > values[2]


def test_the_evaluation_counts_a_coming_plague_overflow() -> None:
    safe = edit(fresh(3), lambda c: c.prestige.__setitem__(0, 4))
    doomed = edit(safe, lambda c: c.rats.__setitem__(0, 9))
    assert doomed.evaluate()[0] < safe.evaluate()[0]


@pytest.mark.parametrize(("players", "gold"), [(2, "limited"), (3, "unlimited"),
                                               (4, "limited"), (5, "limited")])
def test_no_move_changes_a_position_it_came_from(players: int, gold: str) -> None:
    """A successor shares the lists it does not change with its predecessor (`fork`): every
    position of whole games, checked and fast, still holds its fields at the end."""
    for seed in range(3):
        start = make("notre-dame", players, seed, gold=gold)
        for s in (start, start.for_search()):
            assert isinstance(s, NDState)
            seen = [(s, repr(fields(s)))]
            rng = random.Random(seed)
            while not s.is_terminal:
                p = s.to_act[rng.randrange(len(s.to_act))]
                i = rng.randrange(len(s.legal_actions(p)))
                s = s.apply_index(p, i) if s.quiet else s.apply(p, s.legal_actions(p)[i])
                assert isinstance(s, NDState)
                seen.append((s, repr(fields(s))))
            assert all(repr(fields(t)) == before for t, before in seen)
