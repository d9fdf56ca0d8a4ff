"""Rated tables, ratings, profiles and leaderboards; "My games" waiting first; a deleted
account's links; a former player in the reader's language. Both databases."""

from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from starlette.testclient import TestClient, WebSocketTestSession

from tavola.server import tokens
from tavola.server.app import create_app
from tavola.server.migrations import config, upgrade
from tavola.server.ratings import final_ranks, ordinal, rate
from tavola.server.settings import Limits
from tavola.server.storage import Storage, normalise_url, ratings_t
from tests.server.games import register_server_toys
from tests.server.helpers import API, IDLE, Pace, connect, create, hello, kind, poll, until
from tests.server.test_accounts import (
    PASSWORD,
    browser,
    engine,
    other_device,
    seat_played,
    sign_in,
    sign_up,
)

NAMES = ("Ada", "Bea", "Cleo")
ROOT = Path(__file__).resolve().parents[2]


def rated_table(client: TestClient, players: int = 3, **settings: Any) -> dict[str, Any]:
    return create(client, players=players, rated=True, clock={"kind": "turn"},
                  options={"rounds": 1}, bot_seconds=0.05, **settings)


def seat_everyone(client: TestClient, table: dict[str, Any],
                  names: tuple[str, ...] = NAMES) -> None:
    """Each name signs up on their own device and takes their seat by its invitation."""
    tid = table["table"]
    for seat, name in enumerate(names):
        other_device(client)
        if sign_up(client, name).status_code != 201:
            assert sign_in(client, name).status_code == 200
        joined = client.post(f"{API}/tables/{tid}/join",
                             json={"token": table["seats"][seat]["token"], "name": "x"})
        assert joined.status_code == 200, joined.text
        # The seat is the account's, under the account's own name.
        assert joined.json()["name"] == name


def play_to_the_end(sockets: dict[int, WebSocketTestSession], table: dict[str, Any],
                    leave: int | None = None, seconds: float = 60,
                    rng: random.Random | None = None) -> dict[str, Any]:
    """Play every connected seat's first choice (or, given `rng`, a random one) until the
    game is over; `leave` leaves at once (a stand-in plays it). Return the final state
    frame."""
    first: dict[int, dict[str, Any]] = {}
    for seat, ws in sockets.items():
        first[seat] = hello(ws, table["seats"][seat]["token"])
        if seat == leave:
            ws.send_json({"type": "leave"})
    last: dict[str, Any] = {}
    latest: dict[int, dict[str, Any]] = {}
    finished: set[int] = set()
    paces = {seat: Pace() for seat in sockets}
    deadline = time.monotonic() + seconds
    while len(finished) < len(sockets):
        assert time.monotonic() < deadline, "the game did not finish"
        quiet = True
        for seat, ws in sockets.items():
            if seat in finished:
                continue
            if seat in first:
                frame = first.pop(seat)
                quiet = False
            else:
                got = poll(ws)
                if got is None:
                    continue
                frame = got
                quiet = False
            if frame["type"] == "error" and seat in latest:
                if frame.get("code") != "too_many_frames":
                    # Decided on a state that had moved on (in a phase where several seats
                    # choose at once): the newer state's frame is on its way.
                    continue
                # Told to slow down: decide again on the latest state a moment later.
                time.sleep(0.5)
                frame = latest[seat]
            if frame["type"] != "state":
                continue
            latest[seat] = frame
            if frame["finished"]:
                finished.add(seat)
                last = frame
            elif frame["legal"] and seat != leave and seat in frame["to_act"]:
                choice = frame["legal"][0] if rng is None else rng.choice(frame["legal"])
                paces[seat].wait()
                ws.send_json({"type": "action", "seat": seat, "state": frame["state"],
                              "action": choice["action"]})
        if quiet:
            time.sleep(IDLE)
    return last


def ratings(client: TestClient, game: str = "toy") -> dict[str, tuple[float, float, int, int]]:
    board = client.get(f"{API}/games/{game}/leaders")
    assert board.status_code == 200, board.text
    return {r["name"]: (r["mu"], r["sigma"], r["played"], r["won"])
            for r in board.json()["leaders"]}


def test_a_rated_table_is_for_accounts_with_a_clock_and_no_take_backs(
        db_client: TestClient) -> None:
    client = browser(db_client)
    bots = client.post(f"{API}/tables", json={
        "game": "toy", "players": 2, "rated": True,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "random"}]})
    assert bots.status_code == 400 and bots.json()["code"] == "rated_people_only"
    no_clock = client.post(f"{API}/tables", json={
        "game": "toy", "players": 2, "rated": True, "clock": {"kind": "off"},
        "seats": [{"kind": "human"}] * 2})
    assert no_clock.status_code == 400 and no_clock.json()["code"] == "rated_needs_clock"
    table = rated_table(client, undo=True)
    tid = table["table"]
    settings = client.get(f"{API}/tables/{tid}").json()["settings"]
    assert settings["rated"] and not settings["undo"] and settings["wait"]
    assert settings["clock"]["kind"] == "turn"
    # A guest cannot sit: neither by the invitation's form nor by the link alone.
    guest = table["seats"][0]["token"]
    refused = client.post(f"{API}/tables/{tid}/join?lang=pl",
                          json={"token": guest, "name": "Guest"})
    assert refused.status_code == 401 and refused.json()["code"] == "rated_needs_account"
    assert refused.json()["error"].startswith("zaloguj się")
    with connect(client, tid) as ws:
        frame = hello(ws, guest)
        assert frame["you"] == 0 and frame["waiting"]
        assert not frame["seats"][0]["taken"], "the link alone takes no seat of a rated table"
    # Nor may the host begin play before every seat is an account's.
    with connect(client, tid) as ws:
        hello(ws, table["host_token"])
        ws.send_json({"type": "start"})
        assert until(ws, kind("error"))["code"] == "rated_waits"
    seat_everyone(client, table)
    assert seat_played(client, tid, guest) == 0
    # Another account cannot take a seat an account holds with the same link.
    other_device(client)
    assert sign_up(client, "Eve").status_code == 201
    taken = client.post(f"{API}/tables/{tid}/join", json={"token": guest, "name": "Eve"})
    assert taken.status_code == 409 and taken.json()["code"] == "seat_of_another_account"
    names = [s["name"] for s in client.get(f"{API}/tables/{tid}").json()["seats"]]
    assert names == list(NAMES)


def test_a_rated_game_moves_the_ratings_as_openskill_says(db_client: TestClient) -> None:
    client = browser(db_client)
    table = rated_table(client)
    tid = table["table"]
    seat_everyone(client, table)
    with connect(client, tid) as a, connect(client, tid) as b, connect(client, tid) as c:
        final = play_to_the_end({0: a, 1: b, 2: c}, table)
    ranks = final["result"]["ranks"]
    expected = rate([None, None, None], ranks)
    moved = ratings(client)
    for seat, name in enumerate(NAMES):
        mu, sigma, played, won = moved[name]
        assert (mu, sigma) == pytest.approx(expected[seat][1])
        assert played == 1 and won == (1 if ranks[seat] == 1 else 0)
    # Best first by mu - 3 sigma; the profile says the same, with the game's replay.
    board = client.get(f"{API}/games/toy/leaders").json()["leaders"]
    assert [r["ordinal"] for r in board] == sorted((r["ordinal"] for r in board), reverse=True)
    assert [r["place"] for r in board] == [1, 2, 3]
    profile = client.get(f"{API}/players/ada").json()
    assert profile["name"] == "Ada" and profile["played"] == 1
    [rating] = profile["ratings"]
    assert rating["game"] == "toy" and rating["sigma"] == pytest.approx(expected[0][1][1])
    assert rating["ordinal"] == pytest.approx(ordinal(*expected[0][1]))
    [game] = profile["recent"]
    assert game["table"] == tid and game["rated"] and game["rank"] == ranks[0]
    assert game["replay"] == f"/#/replay/{tid}"
    assert game["change"] == pytest.approx(expected[0][1][0] - 25.0)
    # Settling again changes nothing: the game is rated once.
    hub = client.app.state.hub  # type: ignore[attr-defined]
    table_live = client.portal.call(hub.get, tid)  # type: ignore[attr-defined]
    assert client.portal.call(_settle, table_live) is False  # type: ignore[attr-defined]
    assert ratings(client) == moved
    # A second rated game starts from the first one's ratings.
    again = rated_table(client)
    seat_everyone(client, again)
    with connect(client, again["table"]) as a, connect(client, again["table"]) as b, \
            connect(client, again["table"]) as c:
        second = play_to_the_end({0: a, 1: b, 2: c}, again)
    before = [moved[n][:2] for n in NAMES]
    after = rate(before, second["result"]["ranks"])
    for seat, name in enumerate(NAMES):
        assert ratings(client)[name][:2] == pytest.approx(after[seat][1])
        assert ratings(client)[name][2] == 2


async def _settle(table: Any) -> bool:
    from tavola.server.ratings import settle

    return await settle(table)


def test_a_player_who_abandons_ranks_last(db_client: TestClient) -> None:
    client = browser(db_client)
    table = rated_table(client)
    seat_everyone(client, table)
    with connect(client, table["table"]) as a, connect(client, table["table"]) as b, \
            connect(client, table["table"]) as c:
        final = play_to_the_end({0: a, 1: b, 2: c}, table, leave=0)
    assert final["seats"][0]["zombie"]
    ranks = final_ranks(final["result"]["ranks"], {0})
    assert ranks[0] == 3 and sorted(ranks[1:]) in ([1, 2], [1, 1])
    profile = client.get(f"{API}/players/Ada").json()
    assert profile["recent"][0]["abandoned"] and profile["recent"][0]["rank"] == 3
    assert profile["won"] == 0
    expected = rate([None, None, None], ranks)
    assert ratings(client)["Ada"][:2] == pytest.approx(expected[0][1])


def test_final_ranks_put_the_abandoned_last_and_keep_ties() -> None:
    assert final_ranks([1, 2, 3], set()) == [1, 2, 3]
    assert final_ranks([1, 2, 3], {0}) == [3, 1, 2]
    assert final_ranks([1, 1, 3, 4], {3}) == [1, 1, 3, 4]
    assert final_ranks([1, 1, 3, 4], {0, 1}) == [3, 3, 1, 2]
    # Two players tied: OpenSkill moves them alike.
    tied = rate([None, None], [1, 1])
    assert tied[0][1] == pytest.approx(tied[1][1])


def test_profiles_and_leaderboards_refuse_what_does_not_exist(db_client: TestClient) -> None:
    client = browser(db_client)
    nobody = client.get(f"{API}/players/nobody?lang=it")
    assert nobody.status_code == 404 and nobody.json()["code"] == "unknown_player"
    assert nobody.json()["error"] == "nessun giocatore si chiama nobody"
    game = client.get(f"{API}/games/chess/leaders")
    assert game.status_code == 404 and game.json()["code"] == "unknown_game"
    assert client.get(f"{API}/games/toy/leaders?lang=xx").status_code == 400
    assert client.get(f"{API}/games/toy/leaders?limit=0").status_code == 422
    assert client.get(f"{API}/games/toy/leaders").json()["leaders"] == []


def test_a_private_game_stays_off_the_profile(db_client: TestClient) -> None:
    client = browser(db_client)
    table = create(client, players=2, options={"rounds": 1})
    assert sign_up(client, "Ada").status_code == 201
    token = table["seats"][0]["token"]
    assert client.post(f"{API}/account/seats",
                       json={"table": table["table"], "token": token}).status_code == 200
    with connect(client, table["table"]) as a, connect(client, table["table"]) as b:
        play_to_the_end({0: a, 1: b}, table)
    mine = client.get(f"{API}/account/seats").json()
    assert [t["finished"] for t in mine] == [True]
    assert client.get(f"{API}/players/Ada").json()["recent"] == []


def test_my_games_list_the_ones_waiting_for_me_first(db_client: TestClient) -> None:
    client = browser(db_client)
    assert sign_up(client, "Ada").status_code == 201
    first = create(client, players=2, wait=True)  # play waits for the other seat
    second = create(client, players=2)            # play began: Ada's seat is to act
    for made, seat in ((first, 0), (second, 0)):
        assert client.post(f"{API}/account/seats", json={
            "table": made["table"], "token": made["seats"][seat]["token"]}).status_code == 200
    mine = client.get(f"{API}/account/seats").json()
    assert [(t["table"], t["waiting"]) for t in mine] == [(second["table"], True),
                                                          (first["table"], False)]


def test_a_deleted_accounts_old_link_stops_playing(db_client: TestClient) -> None:
    client = browser(db_client)
    table = create(client, players=2)
    tid, token = table["table"], table["seats"][0]["token"]
    assert client.post(f"{API}/tables/{tid}/join",
                       json={"token": token, "name": "Ada"}).status_code == 200
    assert sign_up(client, "Ada").status_code == 201
    assert client.post(f"{API}/account/seats",
                       json={"table": tid, "token": token}).status_code == 200
    with connect(client, tid) as ws:
        hello(ws, token)
        gone = client.request("DELETE", f"{API}/account", json={"password": PASSWORD})
        assert gone.status_code == 200
        # The connection of the seat is closed, with why.
        assert until(ws, kind("error"))["code"] == "link_replaced"
    assert seat_played(client, tid, token) is None
    # Also after the table is loaded again from the database.
    client.app.state.hub.tables.pop(tid, None)  # type: ignore[attr-defined]
    assert seat_played(client, tid, token) is None
    # The seat is played by a stand-in, and named in each reader's language.
    seats = client.get(f"{API}/tables/{tid}?lang=it").json()["seats"]
    assert seats[0]["name"] == "un ex giocatore" and seats[0]["zombie"]
    assert client.get(f"{API}/tables/{tid}?lang=pl").json()["seats"][0]["name"] == "były gracz"


def test_deleting_an_account_takes_its_ratings_and_keeps_the_games(
        db_client: TestClient) -> None:
    client = browser(db_client)
    table = rated_table(client, players=2)
    seat_everyone(client, table, ("Ada", "Bea"))
    with connect(client, table["table"]) as a, connect(client, table["table"]) as b:
        play_to_the_end({0: a, 1: b}, table)
    other_device(client)
    assert sign_in(client, "Ada").status_code == 200
    assert client.request("DELETE", f"{API}/account",
                          json={"password": PASSWORD}).status_code == 200
    assert set(ratings(client)) == {"Bea"}
    assert client.get(f"{API}/players/Ada").status_code == 404
    assert client.get(f"{API}/players/Bea").json()["recent"][0]["table"] == table["table"]
    with engine(client).connect() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(ratings_t)).scalar() == 1


def test_the_ratings_migration_upgrades_a_database_and_goes_back(db_url: str) -> None:
    from alembic import command

    engine_ = sa.create_engine(normalise_url(db_url))
    with engine_.begin() as conn:
        upgrade(conn, "r0007")
        assert not sa.inspect(conn).has_table("ratings")
    engine_.dispose()
    store = Storage(db_url)
    try:
        with store.engine.connect() as conn:
            assert {"ratings", "rated_results"} <= set(sa.inspect(conn).get_table_names())
        with store.engine.begin() as conn:
            command.downgrade(config(conn), "r0007")
        with store.engine.connect() as conn:
            assert not sa.inspect(conn).has_table("rated_results")
            assert sa.inspect(conn).has_table("accounts")
    finally:
        store.close()


def test_no_new_route_answers_another_users_private_data(db_client: TestClient) -> None:
    client = browser(db_client)
    # Ada: a private game (not listed, no spectators), a rated game, chat and tokens.
    private = create(client, players=2, spectators=False, options={"rounds": 1})
    assert sign_up(client, "Ada").status_code == 201
    ada_token = private["seats"][0]["token"]
    assert client.post(f"{API}/account/seats", json={
        "table": private["table"], "token": ada_token}).status_code == 200
    with connect(client, private["table"]) as ws:
        hello(ws, ada_token)
        ws.send_json({"type": "chat", "channel": "players", "text": "Ada's secret plan"})
        until(ws, lambda f: f["type"] == "chat")
    ada_session = client.cookies["tavola_session"]
    rated = rated_table(client, players=2)
    seat_everyone(client, rated, ("Ada", "Bea"))
    bea_session = client.cookies["tavola_session"]
    secrets = [ada_token, ada_session, tokens.token_hash(ada_session), private["table"],
               private["host_token"], rated["seats"][0]["token"], "Ada's secret plan",
               PASSWORD, "argon2"]
    paths = client.get("/openapi.json").json()["paths"]
    routes = [(m.upper(), p) for p, methods in paths.items() for m in methods
              if p.startswith((f"{API}/players", f"{API}/games/{{name}}/leaders",
                               f"{API}/account"))]
    assert len(routes) >= 9
    for session in (bea_session, None):
        other_device(client)
        if session is not None:
            client.cookies.set("tavola_session", session)
        for method, path in routes:
            if method == "DELETE":
                continue
            url = (path.replace("{name}", "Ada" if "players" in path else "toy")
                   .replace("{table_id}", private["table"]).replace("{seat}", "0"))
            body = {"table": private["table"], "token": "x" * 20} if method == "POST" else None
            answer = client.request(method, url, json=body)
            for secret in secrets:
                assert secret not in answer.text, (method, path, secret)


def test_the_server_sets_how_many_accounts_an_address_may_create(sqlite_url: str) -> None:
    register_server_toys()
    with TestClient(create_app(sqlite_url, limits=Limits(sign_ups=2,
                                                         sign_up_seconds=600))) as client:
        browser(client)
        assert [sign_up(client, n).status_code for n in ("Ada", "Bea", "Cleo")] == [
            201, 201, 429]
    done = subprocess.run([sys.executable, "-m", "tavola", "serve", "--sign-up-limit", "5"],
                          cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert "--sign-up-limit is N/SECONDS" in done.stderr and "Traceback" not in done.stderr


def test_a_password_change_ends_the_other_sessions(db_client: TestClient) -> None:
    client = browser(db_client)
    assert sign_up(client, "Ada").status_code == 201
    phone = client.cookies["tavola_session"]
    other_device(client)
    assert sign_in(client, "Ada").status_code == 200
    laptop = client.cookies["tavola_session"]
    change = f"{API}/account/password"
    wrong = client.post(change, json={"password": "not it at all", "new_password": "x" * 12})
    assert wrong.status_code == 401 and wrong.json()["code"] == "wrong_password"
    short = client.post(change, json={"password": PASSWORD, "new_password": "short"})
    assert short.status_code == 400 and short.json()["code"] == "password_length"
    forged = client.post(change, json={"password": PASSWORD, "new_password": "x" * 12},
                         headers={"origin": "https://evil.example"})
    assert forged.status_code == 403
    done = client.post(change, json={"password": PASSWORD, "new_password": "a new passphrase"})
    assert done.status_code == 200, done.text
    # This device stays signed in; the other one is signed out.
    assert client.get(f"{API}/account").status_code == 200
    other_device(client)
    client.cookies.set("tavola_session", phone)
    assert client.get(f"{API}/account").status_code == 401
    assert sign_in(client, "Ada").status_code == 401
    assert sign_in(client, "Ada", "a new passphrase").status_code == 200
    assert laptop != phone


def test_a_rated_tables_rematch_is_rated_and_each_seat_the_same_accounts(
        db_client: TestClient) -> None:
    client = browser(db_client)
    table = rated_table(client, players=2)
    seat_everyone(client, table, ("Ada", "Bea"))
    with connect(client, table["table"]) as a, connect(client, table["table"]) as b:
        play_to_the_end({0: a, 1: b}, table)
    again = client.post(f"{API}/tables/{table['table']}/rematch",
                        headers={"Authorization": f"Bearer {table['seats'][0]['token']}"})
    assert again.status_code == 200, again.text
    new, place, token = again.json()["table"], again.json()["seat"], again.json()["token"]
    assert client.get(f"{API}/tables/{new}").json()["settings"]["rated"]
    other_device(client)
    assert sign_in(client, "Ada").status_code == 200
    mine = {(t["table"], t["you"]) for t in client.get(f"{API}/account/seats").json()}
    assert (new, place) in mine
    # Its link takes the seat at once: it is Ada's account's.
    assert seat_played(client, new, token) == place
    assert client.get(f"{API}/tables/{new}").json()["seats"][place]["taken"]


@pytest.mark.parametrize("game", ["intrige", "notre-dame", "nottingham", "rattus"])
def test_a_rated_game_of_each_game_moves_the_ratings(client: TestClient, game: str) -> None:
    client = browser(client)
    options = {"rounds": 20} if game == "rattus" else {}
    table = create(client, game=game, players=3, rated=True, clock={"kind": "turn"},
                   options=options)
    seat_everyone(client, table)
    tid = table["table"]
    with connect(client, tid) as a, connect(client, tid) as b, connect(client, tid) as c:
        final = play_to_the_end({0: a, 1: b, 2: c}, table, seconds=240,
                                rng=random.Random(game))
    expected = rate([None, None, None], final["result"]["ranks"])
    moved = ratings(client, game)
    for seat, name in enumerate(NAMES):
        assert moved[name][:2] == pytest.approx(expected[seat][1]), (game, name)
