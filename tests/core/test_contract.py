"""The contract's own behaviour, on a tiny test game."""

from __future__ import annotations

import json
import random

import pytest

from tavola.core import (
    Action,
    BadOptions,
    CorruptRecord,
    IllegalAction,
    MalformedAction,
    NotPending,
    Record,
    Result,
    Rng,
    UnknownGame,
    UnknownPlayer,
    make,
    register,
    state_from_json,
)
from tests.core.toy import ToyGame

register(ToyGame)


def test_action_text_round_trips() -> None:
    for a in (Action("pass"), Action("play", ("red.bank",)), Action("x", ("1", "2"))):
        assert Action.parse(str(a)) == a
        assert Action.parse(a.to_json()) == a


@pytest.mark.parametrize("text", ["", "Play:x", "a:b c", "a:", 3, None, "a:b,,c"])
def test_malformed_action_text_is_refused(text: object) -> None:
    with pytest.raises(MalformedAction):
        Action.parse(text)


def test_make_rejects_bad_arguments() -> None:
    with pytest.raises(UnknownGame):
        make("no-such-game", 2)
    with pytest.raises(BadOptions):
        make("toy", 9)
    with pytest.raises(BadOptions):
        make("toy", 2, rounds=99)
    with pytest.raises(BadOptions):
        make("toy", 2, colour="x")
    with pytest.raises(BadOptions):
        make("toy", 2, seed="1")  # type: ignore[arg-type]


def test_simultaneous_choices_stay_hidden_until_the_step_resolves() -> None:
    s = make("toy", 3, seed=1)
    assert s.to_act == (0, 1, 2)
    s2 = s.apply(1, "bid:3")
    assert s2.to_act == (0, 2)
    assert s2.view(0) == s.view(0) | {"bid_made": [False, True, False]}
    assert s2.view(0)["my_bid"] == 0 and s2.view(1)["my_bid"] == 3
    assert all("3" not in line for line in s2.log_text(0)[1:])
    assert any("3" in line for line in s2.log_text(1))


def test_illegal_and_out_of_turn_actions_change_nothing() -> None:
    s = make("toy", 2, seed=1)
    before = json.dumps(s.to_json(), sort_keys=True)
    with pytest.raises(IllegalAction):
        s.apply(0, "bid:4")
    with pytest.raises(MalformedAction):
        s.apply(0, "bid 4")
    s = s.apply(0, "bid:1")
    with pytest.raises(NotPending):
        s.apply(0, "bid:2")
    with pytest.raises(UnknownPlayer):
        s.apply(7, "bid:2")
    assert json.dumps(make("toy", 2, seed=1).to_json(), sort_keys=True) == before


def test_states_are_never_changed_by_apply() -> None:
    s = make("toy", 2, seed=3)
    snapshot = json.dumps(s.to_json(), sort_keys=True)
    for a in s.legal_actions(0):
        s.apply(0, a)
    assert json.dumps(s.to_json(), sort_keys=True) == snapshot


def test_json_round_trip_and_determinism() -> None:
    def run(seed: int) -> list[str]:
        s, rng, out = make("toy", 3, seed=seed), random.Random(seed), []
        while not s.is_terminal:
            p = s.to_act[0]
            s = s.apply(p, rng.choice(s.legal_actions(p)))
            back = state_from_json(json.loads(json.dumps(s.to_json())))
            assert back.to_json() == s.to_json()
            out.append(json.dumps(s.to_json(), sort_keys=True))
        return out

    assert run(5) == run(5)


def test_record_replays_and_refuses_tampering(tmp_path) -> None:  # type: ignore[no-untyped-def]
    s = make("toy", 2, seed=9)
    rec = Record.start(s, 9)
    rng = random.Random(0)
    while not s.is_terminal:
        p = s.to_act[0]
        a = rng.choice(s.legal_actions(p))
        s = s.apply(p, a)
        rec.add(p, a)
    rec.finish(s)
    path = tmp_path / "g.json"
    rec.save(path)
    assert Record.load(path).replay()[-1].to_json() == s.to_json()
    data = json.loads(path.read_text())
    data["result"]["scores"][0] += 1
    path.write_text(json.dumps(data))
    with pytest.raises(CorruptRecord):
        Record.load(path).replay()
    path.write_text("{not json")
    with pytest.raises(CorruptRecord):
        Record.load(path)


def test_result_ranking_shares_ties() -> None:
    assert Result.rank([(3, 1), (5, 0), (3, 1), (1, 9)]) == (2, 1, 2, 4)


def test_rng_is_uniform_enough_and_replays() -> None:
    a, b = Rng(42), Rng(42)
    draws = [a.below(6) for _ in range(6000)]
    assert draws == [b.below(6) for _ in range(6000)]
    assert all(800 < draws.count(k) < 1200 for k in range(6))


def test_view_and_determinize_check_the_seat_at_the_boundary() -> None:
    from tavola.core import UnknownPlayer

    s = make("toy", 2, seed=1)
    for bad in (2, -1, "0"):
        with pytest.raises(UnknownPlayer):
            s.view(bad)  # type: ignore[arg-type]
        with pytest.raises(UnknownPlayer):
            s.determinize(bad, random.Random(0))  # type: ignore[arg-type]
    with pytest.raises(UnknownPlayer):
        s.determinize(None, random.Random(0))  # type: ignore[arg-type]
