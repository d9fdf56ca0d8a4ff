"""Property tests: random and malformed frames fed to a live table earn nothing but error
frames, and the stored actions stay exactly as they were."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient

from tavola.server.app import create_app
from tests.server.helpers import connect, create, hello, kind, stored_actions, until

scalars = st.one_of(st.none(), st.booleans(), st.integers(-(2**70), 2**70),
                    st.floats(allow_nan=False), st.text(max_size=30))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)
frame_objects = st.fixed_dictionaries(
    {"type": st.sampled_from(["hello", "action", "undo", "dance", "", "ACTION"])},
    optional={"seat": st.one_of(st.integers(-3, 5), values),
              "state": st.one_of(st.integers(-3, 5), values),
              "action": st.one_of(st.sampled_from(["bid:1", "bid:3", "bid:9", "bid", ":"]),
                                  values),
              "token": values, "protocol": values, "extra": values})
raw = st.one_of(frame_objects.map(json.dumps), values.map(json.dumps),
                st.text(max_size=200), st.binary(max_size=200).map(bytes))


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, dict[str, Any]]]:
    """A 3-player toy table where P1 and P2 have bid and P3 is to act."""
    url = f"sqlite:///{tmp_path_factory.mktemp('fuzz') / 'tavola.db'}"
    with TestClient(create_app(url)) as client:
        table = create(client)
        for seat in (0, 1):
            with connect(client, table["table"]) as ws:
                hello(ws, table["seats"][seat]["token"])
                ws.send_json({"type": "action", "seat": seat, "state": seat,
                              "action": "bid:2"})
                until(ws, kind("ack"))
        yield client, table


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(frames=st.lists(raw, min_size=1, max_size=5))
def test_hostile_frames_earn_errors_and_change_nothing(
        live: tuple[TestClient, dict[str, Any]], frames: list[str | bytes]) -> None:
    client, table = live
    before = stored_actions(client, table["table"])
    with connect(client, table["table"]) as ws:
        hello(ws, table["seats"][0]["token"])
        for frame in frames:
            if isinstance(frame, bytes):
                ws.send_bytes(frame)
            else:
                ws.send_text(frame)
            answer = until(ws, lambda f: f["type"] not in ("seats", "state", "chat"))
            assert answer["type"] == "error", answer
            assert answer["message"] and "\n" not in answer["message"]
            assert "Traceback" not in answer["message"]
    assert stored_actions(client, table["table"]) == before


def test_the_table_still_plays_after_the_storm(
        live: tuple[TestClient, dict[str, Any]]) -> None:
    client, table = live
    with connect(client, table["table"]) as ws:
        frame = hello(ws, table["seats"][2]["token"])
        ws.send_json({"type": "action", "seat": 2, "state": frame["state"], "action": "bid:1"})
        assert until(ws, lambda f: f["type"] in ("ack", "error"))["type"] == "ack"
    assert len(stored_actions(client, table["table"])) == 3
