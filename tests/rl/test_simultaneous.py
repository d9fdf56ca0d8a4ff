"""The guarantee the AEC env and OpenSpiel rely on when they take a simultaneous step one
seat at a time: within the step, the pending set and each pending seat's legal actions do
not depend on another pending seat's choice, and the outcome does not depend on the order in
which the pending seats' choices are applied: the same state JSON, except that the log holds
the step's events in the order the choices were made (the same events, every view equal)."""

from __future__ import annotations

import json
import random

import pytest

from tavola.core import State, game_class
from tests.conformance.harness import random_states
from tests.rl.cases import CASES, IDS

SIMULTANEOUS = [(c, i) for c, i in zip(CASES, IDS, strict=True)
                if game_class(c[0]).info.simultaneous]


def apply_all(state: State, choices: list[tuple[int, object]]) -> State:
    """Apply every seat's choice in the order given."""
    for seat, action in choices:
        state = state.apply(seat, action)  # type: ignore[arg-type]
    return state


@pytest.mark.parametrize(("name", "players"), [c for c, _ in SIMULTANEOUS],
                         ids=[i for _, i in SIMULTANEOUS])
def test_simultaneous_steps_do_not_depend_on_the_order_of_the_pending_seats(
        name: str, players: int) -> None:
    rng = random.Random(players)
    steps = 0
    for seed in range(3):
        for state in random_states(name, players, seed):
            pending = state.to_act
            if len(pending) < 2:
                continue
            steps += 1
            legal = {p: state.legal_actions(p) for p in pending}
            choices = [(p, legal[p][rng.randrange(len(legal[p]))]) for p in pending]
            for p, action in choices:
                after = state.apply(p, action)
                for q in pending:
                    if q != p:
                        assert q in after.to_act, f"P{q + 1} stopped pending when P{p + 1} acted"
                        assert after.legal_actions(q) == legal[q], (
                            f"P{q + 1}'s legal actions changed when P{p + 1} acted")
            forward = apply_all(state, choices)
            backward = apply_all(state, choices[::-1])
            one, other = forward.to_json(), backward.to_json()
            log_one, log_other = one.pop("log"), other.pop("log")
            assert one == other
            assert sorted(map(json.dumps, log_one)) == sorted(map(json.dumps, log_other))
            for viewer in (None, *range(players)):
                assert forward.view(viewer) == backward.view(viewer)
    assert steps > 0, f"{name}: no simultaneous step was played"
