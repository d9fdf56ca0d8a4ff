"""Every bad input at the contract's boundary gets its documented error and changes nothing.

Each test is named for what it guards (robustness findings: seats, actions, messages, JSON
read from outside, saved games)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tavola.core import (
    Action,
    CorruptRecord,
    CorruptState,
    IllegalAction,
    MalformedAction,
    NotPending,
    Record,
    UnknownPlayer,
    make,
    register,
    state_from_json,
)
from tavola.core.jsonio import parse_json, read_json
from tests.core.toy import ToyGame

register(ToyGame)

BAD_SEATS: list[object] = [2, 5, -1, 2**70, True, False, "0", 0.0, None, [0]]


def canonical(state: object) -> str:
    return json.dumps(state.to_json(), sort_keys=True)  # type: ignore[attr-defined]


@pytest.mark.parametrize("seat", BAD_SEATS)
def test_a_seat_outside_the_game_is_an_unknown_player_everywhere(seat: object) -> None:
    s = make("toy", 2, seed=1)
    before = canonical(s)
    with pytest.raises(UnknownPlayer):
        s.apply(seat, "bid:1")  # type: ignore[arg-type]
    with pytest.raises(UnknownPlayer):
        s.legal_actions(seat)  # type: ignore[arg-type]
    with pytest.raises(UnknownPlayer):
        s.prompt(seat)  # type: ignore[arg-type]
    with pytest.raises(UnknownPlayer):
        s.describe(seat, Action("bid", ("1",)))  # type: ignore[arg-type]
    if seat is not None:
        with pytest.raises(UnknownPlayer):
            s.view(seat)  # type: ignore[arg-type]
        with pytest.raises(UnknownPlayer):
            s.log(seat)  # type: ignore[arg-type]
    with pytest.raises(UnknownPlayer):
        s.determinize(seat, __import__("random").Random(1))  # type: ignore[arg-type]
    assert canonical(s) == before


def test_an_unknown_seat_is_never_named_as_a_colour_or_number_that_does_not_exist() -> None:
    s = make("toy", 2, seed=1)
    with pytest.raises(UnknownPlayer) as err:
        s.apply(-1, "bid:1")
    assert "P0" not in str(err.value)
    assert "-1" in str(err.value)


def test_out_of_turn_messages_name_seats_from_p1() -> None:
    s = make("toy", 2, seed=1).apply(0, "bid:1")
    with pytest.raises(NotPending) as err:
        s.apply(0, "bid:2")
    assert "P1 is not asked" in str(err.value) and "P2" in str(err.value)


def test_legal_actions_is_an_immutable_sequence() -> None:
    s = make("toy", 2, seed=1)
    legal = s.legal_actions(0)
    assert isinstance(legal, tuple)
    with pytest.raises(AttributeError):
        legal.append(Action("bid", ("9",)))  # type: ignore[attr-defined]
    with pytest.raises(IllegalAction):
        s.apply(0, "bid:9")


@pytest.mark.parametrize("args", [(10000,), ("ok", 3), "abc", (None,), ("Upper",), ("",),
                                  ("a" * 41,), ("a\n",)])
def test_an_action_is_validated_when_constructed(args: object) -> None:
    with pytest.raises(MalformedAction):
        Action("bribe", args)  # type: ignore[arg-type]


@pytest.mark.parametrize("kind", [3, "", "Bid", "bid\n", "a b", None])
def test_an_action_kind_is_validated_when_constructed(kind: object) -> None:
    with pytest.raises(MalformedAction):
        Action(kind)  # type: ignore[arg-type]


def test_an_action_text_with_a_trailing_newline_is_refused_without_echoing_it() -> None:
    for text in ("keep\n:red.bank", "keep:red.bank\n", "bid:1\n"):
        with pytest.raises(MalformedAction) as err:
            Action.parse(text)
        assert "\n" not in str(err.value)


def test_an_error_message_quotes_a_bounded_part_of_a_huge_action_text() -> None:
    s = make("toy", 2, seed=1)
    with pytest.raises(MalformedAction) as err:
        s.apply(0, "x" * 100_000)
    assert len(str(err.value)) < 120
    with pytest.raises(MalformedAction) as err:
        s.apply(0, "bid:" + "1" * 150)
    assert len(str(err.value)) < 200


def test_describe_refuses_an_action_that_is_not_legal() -> None:
    s = make("toy", 2, seed=1)
    with pytest.raises(IllegalAction):
        s.describe(0, Action("bid", ("7",)))


def test_describe_refuses_a_malformed_or_huge_action_with_a_short_one_line_message() -> None:
    s = make("toy", 2, seed=1)
    for bad in ("x" * 100_000, "keep\n:red.bank", 7, None):
        with pytest.raises(MalformedAction) as err:
            s.describe(0, bad)  # type: ignore[arg-type]
        assert len(str(err.value)) < 120 and "\n" not in str(err.value)


@pytest.mark.parametrize("text,words", [
    ("[" * 100_000 + "]" * 100_000, "nested"),
    ('{"a": ' + "1" * 5001 + "}", "digits"),
    ("[NaN]", "NaN"),
    ("{not json", "not valid JSON"),
    (b"\xff\xfe", "UTF-8"),
    ('{"a": ' * 70 + "1" + "}" * 70, "nested"),
])
def test_json_from_outside_is_bounded_and_fails_with_one_line(text: str | bytes,
                                                             words: str) -> None:
    with pytest.raises(CorruptState) as err:
        parse_json(text, "input")
    assert words in str(err.value)
    assert "\n" not in str(err.value)


def test_json_larger_than_the_limit_is_refused() -> None:
    with pytest.raises(CorruptRecord, match="larger"):
        parse_json("[" + "1," * 1000 + "1]", "input", CorruptRecord, max_bytes=100)


def test_a_directory_or_missing_file_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(CorruptRecord, match="directory"):
        read_json(tmp_path, error=CorruptRecord)
    with pytest.raises(CorruptRecord, match="cannot read"):
        read_json(tmp_path / "nope.json", error=CorruptRecord)


def _finished_record() -> Record:
    s = make("toy", 2, seed=4)
    record = Record.start(s, 4)
    while not s.is_terminal:
        p = s.to_act[0]
        a = s.legal_actions(p)[-1]
        s = s.apply(p, a)
        record.add(p, a)
    record.finish(s)
    return record


@pytest.mark.parametrize("seat", [99, -1, 2**70])
def test_a_record_with_an_action_by_a_seat_outside_the_game_is_corrupt(seat: int) -> None:
    data = _finished_record().to_json()
    data["actions"][0][0] = seat
    with pytest.raises(CorruptRecord) as err:
        Record.from_json(data).replay()
    assert "does not replay" in str(err.value) or "not in" in str(err.value)


@pytest.mark.parametrize("text", [
    "[" * 50_000 + "]" * 50_000,
    '{"format": "tavola-record/1", "seed": ' + "9" * 5001 + "}",
    '{"format": "tavola-record/1", "game": "toy", "players": 2, "seed": 1, "options": {},'
    ' "actions": [[0, 7]]}',
    '{"format": "tavola-record/1", "game": "toy", "players": true, "seed": 1, "options": {},'
    ' "actions": []}',
])
def test_a_corrupt_record_file_is_one_corrupt_record_line(tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(CorruptRecord) as err:
        Record.load(path).replay()
    assert "\n" not in str(err.value)


def test_a_record_without_result_or_digest_says_what_was_not_verified() -> None:
    record = _finished_record()
    record.result = None
    record.final_digest = None
    check = record.check()
    assert check.finished and not check.result_checked and not check.digest_checked
    assert "nothing proves" in check.summary
    full = _finished_record().check()
    assert full.result_checked and full.digest_checked
    assert "nothing proves" not in full.summary


def test_a_record_is_saved_atomically(tmp_path: Path) -> None:
    record = _finished_record()
    path = tmp_path / "game.json"
    record.save(path)
    record.save(path)
    assert Record.load(path).to_json() == record.to_json()
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def test_a_save_gets_the_mode_a_plain_write_would_and_keeps_a_replaced_files_mode(
        tmp_path: Path) -> None:
    import os
    record = _finished_record()
    umask = os.umask(0o022)
    try:
        record.save(tmp_path / "new.json")
        assert (tmp_path / "new.json").stat().st_mode & 0o777 == 0o644
        (tmp_path / "old.json").write_text("")
        (tmp_path / "old.json").chmod(0o640)
        record.save(tmp_path / "old.json")
        assert (tmp_path / "old.json").stat().st_mode & 0o777 == 0o640
    finally:
        os.umask(umask)


def test_a_state_with_a_deep_chain_of_redacted_events_is_corrupt_not_a_crash() -> None:
    data = make("toy", 2, seed=1).to_json()
    event: dict[str, object] = {"key": "bid.hidden", "args": {"player": 0}}
    for _ in range(60):
        event = {"key": "bid", "args": {"player": 0, "bid": 1}, "audience": [0],
                 "redacted": event}
    data["log"].append(event)
    with pytest.raises(CorruptState):
        state_from_json(data)


@pytest.mark.parametrize("edit", [
    lambda d: d["log"].append({"key": "bid", "args": {"player": 0, "bid": 2},
                               "audience": [0, 1], "redacted": {"key": "bid.hidden",
                                                                "args": {"player": 0}}}),
    lambda d: d["log"].append({"key": "bid", "args": {"player": 0, "bid": 2}}),
    lambda d: d["log"].append({"key": "forged", "args": {}}),
    lambda d: d["log"].append({"key": "round", "args": {}}),
    lambda d: d["log"].append({"key": "bid", "args": {"player": 0, "bid": 2},
                               "audience": [0]}),
    lambda d: d["state"].update(round=99),
    lambda d: d["state"].update(bids=[0, 0, 0]),
    lambda d: d["state"].update(scores=[9, 9]),
    lambda d: d["state"].update(extra=1),
    lambda d: d.update(players=3),
    lambda d: d.update(version="1"),
])
def test_a_state_that_breaks_the_rules_or_widens_a_secret_is_refused(edit: object) -> None:
    data = make("toy", 2, seed=1).to_json()
    edit(data)  # type: ignore[operator]
    with pytest.raises(CorruptState):
        state_from_json(data)


def test_a_loaded_state_where_nobody_can_act_is_refused() -> None:
    data = make("toy", 2, seed=1).apply(0, "bid:1").to_json()
    data["state"]["bids"] = [1, 1]
    with pytest.raises(CorruptState, match="asks nobody"):
        state_from_json(data)


@pytest.mark.parametrize("game", ["notre-dame", "rattus", "nottingham", "intrige"])
def test_a_saved_log_event_with_an_extra_or_a_structured_argument_is_corrupt(game: str) -> None:
    data = make(game, 3, seed=2).to_json()
    first = next(k for k, e in enumerate(data["log"]) if "audience" not in e and e["args"])
    extra = json.loads(json.dumps(data))
    extra["log"][first]["args"]["forged"] = 1
    with pytest.raises(CorruptState, match="never written with"):
        state_from_json(extra)
    nested = json.loads(json.dumps(data))
    name = next(iter(nested["log"][first]["args"]))
    nested["log"][first]["args"][name] = {"a": 1}
    with pytest.raises(CorruptState, match="not a number"):
        state_from_json(nested)
    assert state_from_json(json.loads(json.dumps(data))).to_json() == data
