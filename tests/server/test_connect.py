"""Remote seats: `tavola connect` plays a seat of a table on a real server with a local bot
that knows only what the server sent that seat."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from click.testing import CliRunner

from tavola.agents import Agent
from tavola.cli import main
from tavola.core import Action, InfoSet, make
from tavola.server.remote import Invite, RemoteSeat
from tavola.server.storage import Storage
from tests.server.processes import ServerProcess


@pytest.fixture
def server(sqlite_url: str) -> Iterator[ServerProcess]:
    running = ServerProcess(sqlite_url)
    try:
        yield running
    finally:
        running.stop()


class Recorder(Agent):
    """A bot that bids the highest and remembers every information set it was given,
    with a state sampled from it."""

    name = "recorder"

    def __init__(self) -> None:
        self.seen: list[InfoSet] = []
        self.at: list[int] = []
        self.seat: RemoteSeat | None = None

    def act(self, info: InfoSet, rng: random.Random) -> Action:
        assert self.seat is not None
        self.seen.append(info)
        self.at.append(self.seat.known.state)
        sample = info.sample(rng)
        assert sample.view(info.seat) == info.view
        return info.legal[-1]


def test_a_remote_bot_receives_exactly_its_seats_information_set(
        server: ServerProcess, sqlite_url: str) -> None:
    made = server.post("/api/v1/tables", {
        "game": "toy", "players": 3, "options": {"rounds": 4},
        "seats": [{"kind": "bot", "bot": "random"}, {"kind": "human"},
                  {"kind": "bot", "bot": "random"}]})
    invite = Invite.parse(made["seats"][0]["invite"])
    assert invite.table == made["table"]
    seat = RemoteSeat(invite.websocket, invite.token)
    recorder = Recorder()
    recorder.seat = seat
    final = seat.play(recorder, random.Random(3))
    seat.close()
    assert final.finished and len(recorder.seen) == 4
    store = Storage(sqlite_url)
    row = store.load_table(made["table"])
    store.close()
    assert row is not None
    state = make("toy", 3, row.seed, rounds=4)
    states = [state]
    for action in row.actions:
        state = state.apply(action.seat, action.action)
        states.append(state)
    truth = [states[n].infoset(1) for n in recorder.at]
    assert [i.view for i in recorder.seen] == [t.view for t in truth]
    assert [[e.public_json() for e in i.log] for i in recorder.seen] == [
        [e.public_json() for e in t.log] for t in truth]
    assert [i.legal for i in recorder.seen] == [t.legal for t in truth]


def test_tavola_connect_plays_a_seat_to_the_end(server: ServerProcess) -> None:
    made = server.post("/api/v1/tables", {
        "game": "toy-bots", "players": 2,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]})
    result = CliRunner().invoke(main, ["connect", made["seats"][0]["invite"], "--bot",
                                       "greedy", "--name", "Remote"])
    assert result.exit_code == 0, result.output
    assert "Playing P1 of Toy with bots (2 players) with greedy." in result.output
    assert "Game over. P1:" in result.output
    summary = server.get(f"/api/v1/tables/{made['table']}")
    assert summary["finished"] and summary["seats"][0]["name"] == "Remote"


@pytest.mark.parametrize("url, message", [
    ("http://127.0.0.1:1/nowhere", "not an invitation link"),
    ("ftp://x/play/abc#token=t", "not an invitation link"),
])
def test_tavola_connect_refuses_what_is_not_an_invitation(url: str, message: str) -> None:
    result = CliRunner().invoke(main, ["connect", url])
    assert result.exit_code != 0 and message in result.output
    assert "Traceback" not in result.output


def test_tavola_connect_says_when_the_token_is_wrong(server: ServerProcess) -> None:
    made = server.post("/api/v1/tables", {"game": "toy", "players": 2,
                                          "seats": [{"kind": "human"}] * 2})
    result = CliRunner().invoke(main, ["connect", f"{server.base}/play/{made['table']}"
                                                  f"#token=forged"])
    assert result.exit_code == 1
    assert "the server refused: that token is not for this table" in result.output


def test_tavola_connect_says_when_no_server_answers() -> None:
    result = CliRunner().invoke(main, ["connect", "http://127.0.0.1:9/play/abc#token=t"])
    assert result.exit_code == 1 and "cannot reach http://127.0.0.1:9" in result.output


def test_tavola_serve_refuses_several_workers_on_sqlite(sqlite_url: str) -> None:
    result = CliRunner().invoke(main, ["serve", "--db", sqlite_url, "--workers", "2"])
    assert result.exit_code == 1
    assert "more than one worker needs a PostgreSQL database" in result.output


def test_tavola_serve_says_when_the_database_cannot_be_used() -> None:
    result = CliRunner().invoke(main, ["serve", "--db", "mysql://u@h/db"])
    assert result.exit_code == 1 and "unsupported database 'mysql'" in result.output
    assert "Traceback" not in result.output


def test_remote_bots_faster_than_the_frame_rate_keep_to_it_and_finish(
        server: ServerProcess) -> None:
    """Two quick remote bots play a long two-player game against each other: each keeps to
    the server's frame rate (a move refused for coming too fast is sent again), so the game
    ends, with no bot left waiting for an answer that never comes."""
    import threading

    import tavola.games.rattus  # noqa: F401  (registered in this process too)
    from tavola.agents import RandomAgent

    made = server.post("/api/v1/tables", {
        "game": "rattus", "players": 2, "wait": False, "undo": False,
        "seats": [{"kind": "human"}, {"kind": "human"}]})
    outcomes: dict[int, object] = {}

    def play(seat: int) -> None:
        remote = RemoteSeat(server.ws(made["table"]), made["seats"][seat]["token"])
        try:
            outcomes[seat] = remote.play(RandomAgent(), random.Random(seat))
        except Exception as exc:  # reported below
            outcomes[seat] = exc
        finally:
            remote.close()

    threads = [threading.Thread(target=play, args=(seat,)) for seat in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(240)
    assert all(getattr(outcomes.get(seat), "finished", False) for seat in (0, 1)), outcomes
    # Past the burst: the two clients together sent more than two bursts' worth of moves (a
    # random game's length varies with the table's seed: one ended at 89 decisions).
    assert server.get(f"/api/v1/tables/{made['table']}")["state"] > 2 * 30
