"""Two real server processes on one PostgreSQL show every player the same table: every
chat message reaches every client once, whichever process its writer is connected to; a
seat connected to one process shows connected in the other (and stops showing it when it
leaves, or when its process is killed with `kill -9`); a stand-in set in one process shows
and plays in the other; and in a simultaneous step, a seat's action is never refused
because a seat connected to the other process acted at the same moment."""

from __future__ import annotations

import contextlib
import random
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any
from urllib.error import HTTPError

import pytest
import sqlalchemy as sa

from tavola.agents import RandomAgent
from tavola.core import TavolaError
from tavola.server.remote import RemoteSeat
from tavola.server.storage import PRESENCE_SECONDS, SeatRow, Storage, TableRow
from tests.server.postgres import Cluster
from tests.server.processes import ServerProcess

API = "/api/v1"
WAIT = 25.0
Seats = list[dict[str, Any]]


@dataclass
class Pair:
    """Two server processes, A and B, on one PostgreSQL database."""

    db: str
    a: ServerProcess
    b: ServerProcess


@pytest.fixture(scope="module")
def pair(postgres: Cluster) -> Iterator[Pair]:
    db = postgres.new_database()
    a = ServerProcess(db)
    try:
        b = ServerProcess(db)
    except Exception:
        a.stop()
        raise
    try:
        yield Pair(db, a, b)
    finally:
        a.stop()
        b.stop()


@pytest.fixture
def opened() -> Iterator[list[RemoteSeat]]:
    """The connections a test opens, closed at its end."""
    seats: list[RemoteSeat] = []
    yield seats
    for seat in seats:
        with contextlib.suppress(OSError, TavolaError):
            seat.close()


def new_table(server: ServerProcess, players: int, **settings: Any) -> dict[str, Any]:
    body = {"game": "toy", "players": players, "seats": [{"kind": "human"}] * players,
            **settings}
    made: dict[str, Any] = server.post(f"{API}/tables", body)
    return made


def join(opened: list[RemoteSeat], server: ServerProcess, made: dict[str, Any],
         seat: int | None) -> RemoteSeat:
    """Connect to `server` as `seat` (None: a spectator) and read up to the first state."""
    return first_state(opened, server, made, seat)[0]


def first_state(opened: list[RemoteSeat], server: ServerProcess, made: dict[str, Any],
                seat: int | None) -> tuple[RemoteSeat, dict[str, Any]]:
    """Connect to `server` as `seat` (None: a spectator); return the connection and its
    first state frame."""
    token = None if seat is None else made["seats"][seat]["token"]
    client = RemoteSeat(server.ws(made["table"]), token)
    opened.append(client)
    return client, until(client, lambda frame: frame["type"] == "state")


def stored_presence(db: str, table: str, seats: set[int]) -> None:
    """Wait until the database says exactly `seats` of a table are connected."""
    store = Storage(db)
    try:
        deadline = time.monotonic() + WAIT
        while store.present_elsewhere(table) != seats:
            assert time.monotonic() < deadline, f"seats {seats} never stored as connected"
            time.sleep(0.05)
    finally:
        store.close()


def until(client: RemoteSeat, test: Callable[[dict[str, Any]], bool],
          timeout: float = WAIT) -> dict[str, Any]:
    """Return the first frame passing `test`, failing after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"no such frame within {timeout} s")
        try:
            frame = client.receive(left)
        except TavolaError as exc:
            raise AssertionError(f"no such frame within {timeout} s: {exc}") from None
        if test(frame):
            return frame


def seats_until(client: RemoteSeat, test: Callable[[Seats], bool],
                timeout: float = WAIT) -> Seats:
    """Return the first seat facts (of a `seats` or `state` frame) passing `test`."""
    found: list[Seats] = []

    def passes(frame: dict[str, Any]) -> bool:
        if frame["type"] in ("seats", "state") and test(frame["seats"]):
            found.append(frame["seats"])
            return True
        return False

    until(client, passes, timeout)
    return found[0]


def test_a_silent_process_stops_counting_and_the_first_live_one_to_look_sweeps_it(
        postgres: Cluster) -> None:
    db = postgres.new_database()
    live, silent = Storage(db), Storage(db)
    try:
        live.create_table(TableRow("t1", "toy", 1, 2, {}, 7, "h" * 64, {}, 0, False,
                                   time.time(), [SeatRow(0, "human"), SeatRow(1, "human")]))
        silent.set_presence("t1", {0, 1})
        assert live.present_elsewhere("t1") == {0, 1}
        assert silent.present_elsewhere("t1") == set()  # its own are not elsewhere
        row = live.load_table("t1")
        assert row is not None and row.elsewhere == {0, 1}
        # Its last heartbeat is now older than a presence lasts.
        with live.engine.begin() as conn:
            conn.execute(sa.text("UPDATE processes SET seen = seen - :age WHERE origin = :o"),
                         {"age": PRESENCE_SECONDS + 1, "o": silent.origin})
        assert live.present_elsewhere("t1") == set()
        assert live.expire_processes() == ["t1"]
        assert live.expire_processes() == []
        # The silent process learns at its next heartbeat that it was taken for dead.
        assert silent.heartbeat() is False
        assert silent.heartbeat() is True
        silent.set_presence("t1", {1})
        assert live.present_elsewhere("t1") == {1}
        silent.forget_process()
        assert live.present_elsewhere("t1") == set()
    finally:
        live.close()
        silent.close()


def test_a_chat_message_comes_back_with_every_message_of_its_table_stored_before_it(
        postgres: Cluster) -> None:
    db = postgres.new_database()
    stores = [Storage(db), Storage(db)]
    try:
        stores[0].create_table(TableRow("t1", "toy", 1, 2, {}, 7, "h" * 64, {}, 0, False,
                                        time.time(), [SeatRow(0, "human")]))
        answers: list[tuple[int, list[int]]] = []

        def write(writer: int) -> None:
            store, after = stores[writer % 2], 0
            for n in range(20):
                rows = store.post_chat("t1", "players", 0, "Ann", f"{writer}:{n}", after)
                answers.append((after, [row.id for row in rows]))
                after = rows[-1].id if n % 3 else 0

        threads = [threading.Thread(target=write, args=(writer,)) for writer in range(6)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        stored = [row.id for row in stores[1].chat("t1", 1000)]
        assert len(stored) == 120
        for after, ids in answers:
            # However the six writers on two connection pools interleave, a message comes
            # back after every message of its table stored before it, none left out.
            assert ids == [i for i in stored if after < i <= ids[-1]]
    finally:
        for store in stores:
            store.close()


def test_every_chat_message_reaches_every_client_once_whichever_process_it_came_through(
        pair: Pair, opened: list[RemoteSeat]) -> None:
    made = new_table(pair.a, 4)
    # Seats 0 and 1 talk through A, 2 and 3 through B; a spectator reads on each.
    writers = [join(opened, pair.a if seat < 2 else pair.b, made, seat) for seat in range(4)]
    readers = [*writers, join(opened, pair.a, made, None), join(opened, pair.b, made, None)]
    sent = [f"{seat}:{n}" for n in range(15) for seat in (0, 2, 1, 3)]
    for text in sent:
        writers[int(text.split(":")[0])].send(
            {"type": "chat", "channel": "players", "text": text})
    heard: list[list[dict[str, Any]]] = [[] for _ in readers]

    def hear(index: int, texts: set[str], deadline: float) -> None:
        """Read client `index`'s frames until it has heard all of `texts` (or time is up:
        the assertions below say what is missing)."""
        wanted = set(texts)

        def chat(frame: dict[str, Any]) -> bool:
            if frame["type"] == "chat":
                heard[index].append(frame)
                wanted.discard(frame["text"])
            return not wanted

        with contextlib.suppress(AssertionError):
            until(readers[index], chat, max(0.1, deadline - time.monotonic()))

    deadline = time.monotonic() + WAIT
    for index in range(len(readers)):
        hear(index, set(sent), deadline)
    # Everyone has every message; any copy of one would come before this last one.
    writers[0].send({"type": "chat", "channel": "players", "text": "end"})
    deadline = time.monotonic() + WAIT
    for index in range(len(readers)):
        hear(index, {"end"}, deadline)
        texts = Counter(frame["text"] for frame in heard[index])
        missing = [text for text in sent if texts[text] == 0]
        assert not missing, f"client {index} missed {len(missing)} of 60: {missing}"
        assert texts == Counter([*sent, "end"]), f"client {index} got some twice"
        ids = [frame["id"] for frame in heard[index]]
        assert ids == sorted(ids), "messages arrive in the order they were stored"


def test_a_seat_connected_to_one_process_shows_connected_in_the_other_until_it_leaves(
        pair: Pair, opened: list[RemoteSeat]) -> None:
    made = new_table(pair.b, 2)
    second = join(opened, pair.b, made, 1)
    stored_presence(pair.db, made["table"], {1})
    # A loads the table only now: it shows the seat connected from the start.
    watcher_a, state = first_state(opened, pair.a, made, None)
    assert [seat["connected"] for seat in state["seats"]] == [False, True]
    watcher_b = join(opened, pair.b, made, None)
    first = join(opened, pair.a, made, 0)
    seats_until(watcher_b, lambda seats: seats[0]["connected"] and seats[1]["connected"])
    second.close()
    seats_until(watcher_a, lambda seats: seats[0]["connected"] and not seats[1]["connected"])
    first.close()
    seats_until(watcher_b, lambda seats: not seats[0]["connected"])
    summary = pair.a.get(f"{API}/tables/{made['table']}")
    assert [seat["connected"] for seat in summary["seats"]] == [False, False]


def test_a_killed_process_leaves_no_seat_connected(pair: Pair,
                                                   opened: list[RemoteSeat]) -> None:
    made = new_table(pair.a, 2)
    watcher = join(opened, pair.a, made, None)
    doomed = ServerProcess(pair.db)
    try:
        join(opened, doomed, made, 1)
        seats_until(watcher, lambda seats: seats[1]["connected"])
        doomed.kill()
        killed = time.monotonic()
        seats_until(watcher, lambda seats: not seats[1]["connected"])
        # Within the presence's lifetime (8 s), a heartbeat or two and some slack.
        assert time.monotonic() - killed < 20.0
    finally:
        doomed.stop()


def test_a_seat_left_through_one_process_shows_its_stand_in_in_the_other_and_it_plays(
        pair: Pair, opened: list[RemoteSeat]) -> None:
    made = new_table(pair.a, 2, bot_seconds=0.1)
    watcher = join(opened, pair.a, made, None)
    first = join(opened, pair.a, made, 0)
    second = join(opened, pair.b, made, 1)
    # Seat 0 acts through A: A drives the table's bots from now on, B only follows.
    first.send({"type": "action", "seat": 0, "state": 0, "action": "bid:1"})
    until(first, lambda frame: frame["type"] in ("ack", "error"))
    until(second, lambda frame: frame["type"] == "state" and frame["state"] == 1)
    second.send({"type": "leave"})
    seats_until(watcher, lambda seats: seats[1]["zombie"])
    # The stand-in plays seat 1's bid; the round ends.
    until(watcher, lambda frame: frame["type"] == "state" and frame["state"] >= 2)
    store = Storage(pair.db)
    try:
        assert [(a.seat, a.by) for a in store.actions(made["table"])][:2] == \
            [(0, "human"), (1, "zombie")]
    finally:
        store.close()
    second.send({"type": "back"})
    seats_until(watcher, lambda seats: not seats[1]["zombie"])
    seats_until(second, lambda seats: not seats[1]["zombie"])


class Enough(Exception):
    """The table has gone far enough for the test."""


def play_split(pair: Pair, opened: list[RemoteSeat], made: dict[str, Any],
               until_state: int | None = None) -> tuple[list[dict[str, Any]], Counter[int]]:
    """Play every seat of a table with a random bot, even seats through A and odd ones
    through B, all at once, until the game ends (or reaches state `until_state`); return
    the refusals and the number of acknowledged actions of each seat."""
    players = len(made["seats"])
    clients = [join(opened, pair.a if seat % 2 == 0 else pair.b, made, seat)
               for seat in range(players)]
    refusals: list[dict[str, Any]] = []
    acks = Counter[int]()
    failures: list[BaseException] = []
    start = threading.Barrier(players)

    def play(seat: int) -> None:
        def note(frame: dict[str, Any]) -> None:
            if frame["type"] == "error":
                refusals.append(frame)
            elif frame["type"] == "ack":
                acks[seat] += 1
            if until_state is not None and frame.get("state", -1) >= until_state:
                raise Enough
        try:
            # The first state was read by `join`: a ping's answer makes `play` look at it,
            # every seat at the same moment.
            start.wait(WAIT)
            clients[seat].send({"type": "ping"})
            clients[seat].play(RandomAgent(), random.Random(seat), note)
        except Enough:
            pass
        except BaseException as exc:
            failures.append(exc)

    threads = [threading.Thread(target=play, args=(seat,)) for seat in range(players)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    codes = Counter(frame["code"] for frame in refusals)
    assert not failures, f"refused {dict(codes)}, then stalled: {failures}"
    assert not any(thread.is_alive() for thread in threads)
    return refusals, acks


def test_seats_on_both_processes_acting_at_once_in_a_simultaneous_step_are_never_refused(
        pair: Pair, opened: list[RemoteSeat]) -> None:
    made = new_table(pair.a, 4, options={"rounds": 5})
    refusals, acks = play_split(pair, opened, made)
    assert refusals == []
    assert acks == {seat: 5 for seat in range(4)}
    store = Storage(pair.db)
    try:
        assert len(store.actions(made["table"])) == 20
    finally:
        store.close()


def test_a_notre_dame_draft_split_over_both_processes_refuses_no_pick(
        pair: Pair, opened: list[RemoteSeat]) -> None:
    # Notre Dame's rounds open with two simultaneous card drafts (four picks at once); 45
    # decisions take in the drafts of the first two rounds.
    made = pair.a.post(f"{API}/tables", {"game": "notre-dame", "players": 4,
                                          "seats": [{"kind": "human"}] * 4})
    refusals, acks = play_split(pair, opened, made, until_state=45)
    assert refusals == []
    assert sum(acks.values()) >= 40


def test_a_waiting_table_begins_for_a_seat_whose_process_learns_it_from_the_other(
        pair: Pair, opened: list[RemoteSeat]) -> None:
    # Seat 1 is taken last, through B, so play begins in B; A learns it from the database
    # and must then offer its seat the first move (it once sent the frame it had made
    # while waiting, with no move in it, and the table stood still).
    for _ in range(3):
        made = new_table(pair.a, 2, options={"rounds": 2})
        one, waiting = first_state(opened, pair.a, made, 0)
        assert waiting["waiting"] and waiting["legal"] == []
        two, first = first_state(opened, pair.b, made, 1)
        for client, frame in ((one, waiting), (two, first)):
            if frame["waiting"]:
                frame = until(client, lambda f: f["type"] == "state" and not f["waiting"])
            assert frame["to_act"] == [0, 1]  # the toy's bids are simultaneous
            assert frame["legal"] and frame["prompt"], frame
        begun = one.known.state
        for client in (one, two):
            client.send({"type": "action", "seat": client.known.seat, "state": begun,
                         "action": "bid:1"})
        for client in (one, two):
            until(client, lambda f, begun=begun: f["type"] == "state" and f["state"] > begun)


def test_an_operators_removal_and_ending_reach_the_clients_of_every_process(
        pair: Pair, opened: list[RemoteSeat]) -> None:
    # What `tavola admin` (or the operators' routes on another process) stores is
    # announced: a client of B is told at once.
    from tavola.server import storage as store

    made = new_table(pair.a, 2, wait=False)
    one, _ = first_state(opened, pair.b, made, 0)
    one.send({"type": "chat", "channel": "players", "text": "something rude"})
    line = until(one, lambda f: f["type"] == "chat")["id"]
    database = Storage(pair.db)
    try:
        assert store.remove_chat_line(database, made["table"], line)
        assert until(one, lambda f: f["type"] == "chat_removed")["id"] == line
        assert store.end_table(database, made["table"])
        told = until(one, lambda f: f["type"] == "error")
        assert told["code"] == "table_ended"
        with pytest.raises(TavolaError):
            one.receive(WAIT)
    finally:
        database.close()
    # Gone for B's clients too (a websocket to it is refused at once, so ask over HTTP).
    with pytest.raises(HTTPError) as gone:
        pair.b.get(f"{API}/tables/{made['table']}")
    assert gone.value.code == 404


def play_now_together(pair: Pair, names: tuple[str, str]) -> list[dict[str, Any]]:
    """Ask play now through A and through B at the same moment; return both answers."""
    start = threading.Barrier(2)
    answers: list[dict[str, Any]] = [{}, {}]

    def ask(index: int, server: ServerProcess) -> None:
        start.wait(WAIT)
        answers[index] = server.post(f"{API}/play", {
            "game": "toy", "speed": "turn", "players": 2, "name": names[index]})

    threads = [threading.Thread(target=ask, args=(i, s))
               for i, s in enumerate((pair.a, pair.b))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(WAIT)
    return answers


def test_two_people_playing_now_at_once_through_the_two_processes_sit_at_one_new_table(
        pair: Pair) -> None:
    # Each round: no open table of the kind, and one person asks through each process at
    # the same moment. Exactly one table is made, and both sit at it, in different seats.
    for round_ in range(6):
        names = (f"P{round_}-0", f"P{round_}-1")
        answers = play_now_together(pair, names)
        assert all(answers), answers
        assert answers[0]["table"] == answers[1]["table"], (round_, answers)
        assert sorted(a["created"] for a in answers) == [False, True], answers
        assert {a["seat"] for a in answers} == {0, 1}
        # Both seats taken, each by its own player, as either process tells it (the other
        # process's claim reaches a process by its notification).
        for server in (pair.a, pair.b):
            deadline = time.monotonic() + WAIT
            while {s["name"] for s in server.get(
                    f"{API}/tables/{answers[0]['table']}")["seats"]} != set(names):
                assert time.monotonic() < deadline, (server.base, answers)
                time.sleep(0.05)
