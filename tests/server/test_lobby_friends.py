"""The lobby's filters (in its one query), "play now" (race-safe seating, a new table when
none is open), and friends (follows, invitations by name, friends' open tables, private to
the account). Both databases."""

from __future__ import annotations

import json
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from starlette.testclient import TestClient

from tavola.server.app import create_app
from tavola.server.messages import CODES, MESSAGES
from tavola.server.migrations import config, upgrade
from tavola.server.storage import Storage, follows_t, invites_t, normalise_url, tables_t
from tests.server.games import register_server_toys
from tests.server.helpers import API, create
from tests.server.test_accounts import (
    PASSWORD,
    browser,
    engine,
    other_device,
    seat_played,
    sign_up,
)


def lobby(client: TestClient, **filters: Any) -> list[str]:
    answer = client.get(f"{API}/tables", params=filters)
    assert answer.status_code == 200, answer.text
    return [t["table"] for t in answer.json()]


def public(client: TestClient, game: str = "toy", players: int = 3,
           **settings: Any) -> str:
    made = create(client, game=game, players=players, public=True, wait=True, **settings)
    return str(made["table"])


def test_the_lobby_filters_by_game_players_speed_and_rated(db_client: TestClient) -> None:
    client = db_client
    fast3 = public(client, players=3, clock={"kind": "realtime"})
    slow2 = public(client, players=2, clock={"kind": "turn"})
    rated2 = public(client, players=2, clock={"kind": "turn"}, rated=True)
    calm4 = public(client, game="toy-fixed", players=4, clock={"kind": "off"})
    create(client, players=2, clock={"kind": "turn"})  # private: never listed
    assert set(lobby(client)) == {fast3, slow2, rated2, calm4}
    assert set(lobby(client, game="toy")) == {fast3, slow2, rated2}
    assert lobby(client, game="toy-fixed") == [calm4]
    assert set(lobby(client, players=2)) == {slow2, rated2}
    assert lobby(client, speed="realtime") == [fast3]
    assert set(lobby(client, speed="turn")) == {slow2, rated2}
    assert lobby(client, speed="off") == [calm4]
    assert lobby(client, rated="true") == [rated2]
    assert set(lobby(client, rated="false")) == {fast3, slow2, calm4}
    assert lobby(client, game="toy", players=2, speed="turn", rated="false") == [slow2]
    assert lobby(client, game="toy", players=4) == []
    # Bad filters get a clear refusal, never a traceback.
    unknown = client.get(f"{API}/tables", params={"game": "chess"})
    assert unknown.status_code == 404 and unknown.json()["code"] == "unknown_game"
    for bad in ({"speed": "blitz"}, {"players": "0"}, {"rated": "perhaps"},
                {"game": "x" * 41}):
        refused = client.get(f"{API}/tables", params=bad)
        assert refused.status_code == 422 and refused.json()["code"] == "field_invalid", bad


def test_the_filtered_lobby_is_one_query_and_loads_no_table(db_url: str) -> None:
    register_server_toys()
    with TestClient(create_app(db_url)) as client:
        for n in range(6):
            public(client, players=2 + n % 2, clock={"kind": ("turn", "realtime")[n % 2]})
    with TestClient(create_app(db_url)) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        statements: list[str] = []

        def seen(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
            if statement.lstrip().upper().startswith("SELECT"):
                statements.append(statement)

        sa.event.listen(hub.storage.engine, "before_cursor_execute", seen)
        try:
            assert len(lobby(client, speed="turn", players=2)) == 3
        finally:
            sa.event.remove(hub.storage.engine, "before_cursor_execute", seen)
        # The tables and their seats: two statements, the filters inside the first (the
        # server's own start-up query of the tables to resume may run meanwhile).
        listed = [s for s in statements if "tables.public" in s]
        seats = [s for s in statements if s.lstrip().startswith("SELECT seats.")]
        assert len(listed) == 1 and len(seats) == 1, statements
        assert "tables.speed" in listed[0] and "tables.players" in listed[0]
        assert not hub.tables  # nothing was loaded to filter it


def play_now(client: TestClient, **body: Any) -> Any:
    return client.post(f"{API}/play", json={"game": "toy", "speed": "realtime", **body})


def test_play_now_seats_at_the_oldest_open_table_or_makes_one(db_client: TestClient) -> None:
    client = db_client
    first = play_now(client, name="Ada")
    assert first.status_code == 200, first.text
    made = first.json()
    assert made["created"] and made["seat"] == 0
    summary = client.get(f"{API}/tables/{made['table']}").json()
    # A new public table of the fewest players, waiting for them, at the speed asked.
    assert summary["players"] == 2 and summary["settings"]["public"]
    assert summary["settings"]["clock"]["kind"] == "realtime"
    assert made["table"] in lobby(client, speed="realtime")
    # Another person at the same speed takes the other seat of that table.
    second = play_now(client, name="Bea").json()
    assert (second["table"], second["seat"], second["created"]) == (made["table"], 1, False)
    assert seat_played(client, made["table"], second["token"]) == 1
    assert made["table"] not in lobby(client)  # full now
    # Turn based is another speed: a new table.
    slow = play_now(client, name="Cleo", speed="turn").json()
    assert slow["created"] and slow["table"] != made["table"]
    # The oldest open table first; a browser's own tables are avoided.
    older = public(client, players=2, clock={"kind": "turn"})
    newer = public(client, players=2, clock={"kind": "turn"})
    assert play_now(client, name="Dan", speed="turn").json()["table"] == slow["table"]
    assert play_now(client, name="Eve", speed="turn").json()["table"] == older
    assert play_now(client, name="Fay", speed="turn", avoid=[older]).json()["table"] == newer
    # A player count asked for is kept.
    three = play_now(client, name="Gil", players=3).json()
    assert client.get(f"{API}/tables/{three['table']}").json()["players"] == 3
    # Clear refusals.
    for body, status, code in (
            ({"name": "Hal", "game": "chess"}, 404, "unknown_game"),
            ({"name": "Hal", "players": 9}, 400, "invalid"),
            ({"name": "  "}, 400, "name_empty"),
            ({}, 400, "name_empty"),
            ({"name": "Hal", "speed": "blitz"}, 422, "field_invalid"),
            ({"name": "Hal", "rated": True}, 401, "play_now_rated_needs_account")):
        refused = play_now(client, **body)
        assert refused.status_code == status and refused.json()["code"] == code, body


def test_players_playing_now_together_never_share_a_seat(db_client: TestClient) -> None:
    client = db_client
    # Three open tables of two seats, and eight people asking at once.
    for _ in range(3):
        public(client, players=2, clock={"kind": "realtime"})
    with ThreadPoolExecutor(8) as pool:
        answers = list(pool.map(lambda n: play_now(client, name=f"P{n}", players=2),
                                range(8)))
    assert all(a.status_code == 200 for a in answers), [a.text for a in answers]
    places = [(a.json()["table"], a.json()["seat"]) for a in answers]
    assert len(set(places)) == 8
    # Four tables of two, full: the three open ones first, then one made for the rest.
    assert sum(a.json()["created"] for a in answers) == 1
    assert len({t for t, _ in places}) == 4


def test_an_account_plays_now_under_its_name_and_finds_the_seat_among_its_tables(
        db_client: TestClient) -> None:
    client = browser(db_client)
    assert sign_up(client, "Ada").status_code == 201
    mine = play_now(client, name="ignored", speed="turn").json()
    seats = client.get(f"{API}/account/seats").json()
    assert [(t["table"], t["you"]) for t in seats] == [(mine["table"], 0)]
    summary = client.get(f"{API}/tables/{mine['table']}").json()
    assert summary["seats"][0]["name"] == "Ada"
    # Asking again never seats the account at its own table.
    again = play_now(client, speed="turn").json()
    assert again["table"] != mine["table"]
    # A rated table: accounts only.
    rated = play_now(client, speed="turn", rated=True).json()
    assert client.get(f"{API}/tables/{rated['table']}").json()["settings"]["rated"]
    other_device(client)
    assert sign_up(client, "Bea").status_code == 201
    joined = play_now(client, speed="turn", rated=True).json()
    assert (joined["table"], joined["created"]) == (rated["table"], False)
    # A request with a session from another site is refused.
    forged = client.post(f"{API}/play", json={"game": "toy", "speed": "turn"},
                         headers={"origin": "https://elsewhere.example"})
    assert forged.status_code == 403 and forged.json()["code"] == "cross_site"


def test_friends_follow_invite_and_see_open_tables(db_client: TestClient) -> None:
    client = browser(db_client)
    sessions = {}
    for name in ("Ada", "Bea", "Cleo"):
        other_device(client)
        assert sign_up(client, name).status_code == 201
        sessions[name] = client.cookies["tavola_session"]

    def be(name: str | None) -> TestClient:
        other_device(client)
        if name is not None:
            client.cookies.set("tavola_session", sessions[name])
        return client

    be("Ada")
    assert client.put(f"{API}/account/follows/bea").json()["name"] == "Bea"
    assert client.put(f"{API}/account/follows/Bea").status_code == 200  # again: the same
    assert [f["name"] for f in client.get(f"{API}/account/follows").json()] == ["Bea"]
    for name, status, code in (("Ada", 400, "follow_self"), ("nobody", 404, "unknown_player")):
        refused = client.put(f"{API}/account/follows/{name}")
        assert refused.status_code == status and refused.json()["code"] == code
    # Bea sits at an open public table: Ada sees it among her friends' tables, Cleo not.
    be("Bea")
    bea_table = play_now(client, speed="turn").json()["table"]
    be("Ada")
    friends = client.get(f"{API}/account/follows/tables").json()
    assert [t["table"] for t in friends] == [bea_table]
    be("Cleo")
    assert client.get(f"{API}/account/follows/tables").json() == []
    # Ada invites Bea to a seat of her private table (her host token authorises).
    be("Ada")
    private = create(client, players=2, clock={"kind": "turn"}, wait=True)
    tid, host = private["table"], private["host_token"]
    invite = {"name": "Bea", "table": tid, "seat": 1}
    unauthorised = client.post(f"{API}/account/invites", json=invite)
    assert unauthorised.status_code == 403 and unauthorised.json()["code"] == "host_only"
    sent = client.post(f"{API}/account/invites", json=invite,
                       headers={"authorization": f"Bearer {host}"})
    assert sent.status_code == 201, sent.text
    # The seat's old link no longer plays; the seat waits for Bea alone.
    assert seat_played(client, tid, private["seats"][1]["token"]) is None
    assert client.get(f"{API}/tables/{tid}").json()["seats"][1]["reserved"] is True
    for body, status, code in (
            ({"name": "Cleo", "table": tid, "seat": 0}, 409, "not_following"),
            ({"name": "a guest", "table": tid, "seat": 0}, 404, "unknown_player"),
            ({"name": "Bea", "table": tid}, 409, "invite_seat_needed"),
            ({"name": "Bea", "table": "nope", "seat": 0}, 404, "unknown_table")):
        refused = client.post(f"{API}/account/invites", json=body,
                              headers={"authorization": f"Bearer {host}"})
        assert refused.status_code == status and refused.json()["code"] == code, body
    # An invitation to a public table's open seats needs no host token.
    client.put(f"{API}/account/follows/Cleo")
    open_table = public(client, players=2, clock={"kind": "turn"})
    assert client.post(f"{API}/account/invites",
                       json={"name": "Cleo", "table": open_table}).status_code == 201
    # Bea sees the invitation and opens the seat kept for her, from her tables.
    be("Bea")
    got = client.get(f"{API}/account/invites").json()
    assert [(i["sender"], i["table"], i["seat"]) for i in got] == [("Ada", tid, 1)]
    assert got[0]["link"].endswith(f"/play/{tid}")
    assert any(t["table"] == tid and t["you"] == 1 and t["held"]
               for t in client.get(f"{API}/account/seats").json())
    opened = client.post(f"{API}/account/seats/{tid}/1/open")
    assert opened.status_code == 200, opened.text
    assert seat_played(client, tid, opened.json()["token"]) == 1
    # Invitations and follows are private: nobody else sees or dismisses them.
    be("Cleo")
    cleo = client.get(f"{API}/account/invites").json()
    assert [(i["sender"], i["table"], i["seat"]) for i in cleo] == [("Ada", open_table, None)]
    assert client.get(f"{API}/account/follows").json() == []
    assert client.delete(f"{API}/account/invites/{got[0]['id']}").status_code == 404
    be("Bea")
    assert client.delete(f"{API}/account/invites/{got[0]['id']}").status_code == 200
    assert client.get(f"{API}/account/invites").json() == []
    # Ada unfollows Bea: her table is no longer among Ada's friends' tables.
    be("Ada")
    assert client.delete(f"{API}/account/follows/Bea").status_code == 200
    assert client.delete(f"{API}/account/follows/Bea").status_code == 404
    assert client.get(f"{API}/account/follows/tables").json() == []


def test_a_deleted_account_takes_its_follows_and_invitations_with_it(
        db_client: TestClient) -> None:
    client = browser(db_client)
    sessions = {}
    for name in ("Ada", "Bea"):
        other_device(client)
        assert sign_up(client, name).status_code == 201
        sessions[name] = client.cookies["tavola_session"]
    assert client.put(f"{API}/account/follows/Ada").status_code == 200  # Bea follows Ada
    other_device(client)
    client.cookies.set("tavola_session", sessions["Ada"])
    assert client.put(f"{API}/account/follows/Bea").status_code == 200
    made = create(client, players=2, clock={"kind": "turn"}, wait=True)
    assert client.post(f"{API}/account/invites",
                       json={"name": "Bea", "table": made["table"], "seat": 1},
                       headers={"authorization": f"Bearer {made['host_token']}"}
                       ).status_code == 201
    other_device(client)
    client.cookies.set("tavola_session", sessions["Bea"])
    data = client.get(f"{API}/account/export").json()
    assert [(i["from"], i["table"]) for i in data["invitations"]] == [("Ada", made["table"])]
    other_device(client)
    client.cookies.set("tavola_session", sessions["Ada"])
    # Ada's data to download holds whom she follows; Bea's, the invitation she received.
    assert client.get(f"{API}/account/export").json()["follows"][0]["name"] == "Bea"
    gone = client.request("DELETE", f"{API}/account", json={"password": PASSWORD})
    assert gone.status_code == 200
    with engine(client).connect() as conn:
        for table in (follows_t, invites_t):
            assert conn.execute(sa.select(sa.func.count()).select_from(table)).scalar() == 0
    other_device(client)
    client.cookies.set("tavola_session", sessions["Bea"])
    assert client.get(f"{API}/account/follows").json() == []
    assert client.get(f"{API}/account/invites").json() == []
    assert client.get(f"{API}/account/export").json()["invitations"] == []


def test_no_route_shows_one_accounts_follows_or_invites_to_another(
        db_client: TestClient) -> None:
    client = browser(db_client)
    for name in ("Zed", "Ada", "Bea"):
        other_device(client)
        assert sign_up(client, name).status_code == 201
    bea = client.cookies.get("tavola_session")  # signed up last
    other_device(client)
    client.post(f"{API}/session", json={"name": "Ada", "password": "correct horse battery"})
    assert client.put(f"{API}/account/follows/Zed").status_code == 200
    made = create(client, players=2, clock={"kind": "turn"}, wait=True)
    sent = client.post(f"{API}/account/invites",
                       json={"name": "Zed", "table": made["table"], "seat": 1},
                       headers={"authorization": f"Bearer {made['host_token']}"})
    assert sent.status_code == 201
    # Signed in as Bea, and as nobody: every route of the API (but those deleting or
    # following) tells nothing of Ada following Zed or inviting him: Ada's name is nowhere
    # (she sits at no table) and no invitation is shown.
    paths = client.get("/openapi.json").json()["paths"]
    routes = [(method.upper(), path) for path, methods in paths.items() for method in methods
              if method not in ("delete", "put")]
    for session in (bea, None):
        other_device(client)
        if session is not None:
            client.cookies.set("tavola_session", session)
        for method, path in routes:
            url = (path.replace("{table_id}", made["table"]).replace("{seat}", "1")
                   .replace("{name}", "Zed").replace("{number}", "1"))
            body = {"name": "Zed", "table": made["table"]} if method != "GET" else None
            answer = client.request(method, url, json=body)
            assert "Ada" not in answer.text, (method, path, answer.text)
            assert '"sender"' not in answer.text, (method, path)
            if path.startswith(f"{API}/account/follows") and method == "GET":
                assert "Zed" not in answer.text, (method, path, answer.text)


def test_the_lobby_migration_fills_in_speed_and_rated(db_url: str) -> None:
    from alembic import command

    engine_ = sa.create_engine(normalise_url(db_url))
    with engine_.begin() as conn:
        upgrade(conn, "r0008")
        for n, settings in enumerate(({"clock": {"kind": "turn", "seconds": 60}},
                                      {"clock": {"kind": "realtime"}, "rated": True},
                                      {"timer": 30}, {})):
            conn.execute(sa.text(
                "INSERT INTO tables (id, game, version, players, options, seed, host_hash, "
                "settings, revision, finished, created, public) VALUES (:id, 'toy', 1, 2, "
                "'{}', 1, 'h', :s, 0, false, :c, true)"),
                {"id": f"t{n}", "s": json.dumps(settings), "c": float(n)})
        conn.execute(sa.text("INSERT INTO seats (table_id, seat, kind, token_hash) VALUES "
                             "('t0', 0, 'human', 'x'), ('t0', 1, 'human', 'y')"))
        conn.execute(sa.text("INSERT INTO actions (table_id, n, seat, action, by, time) "
                             "VALUES ('t0', 0, 0, 'bid:1', 'human', 1.0)"))
    engine_.dispose()
    store = Storage(db_url)
    try:
        with store.engine.connect() as conn:
            rows = conn.execute(sa.select(tables_t.c.id, tables_t.c.speed, tables_t.c.rated)
                                .order_by(tables_t.c.id)).all()
            assert [tuple(r) for r in rows] == [("t0", "turn", False), ("t1", "realtime", True),
                                               ("t2", "turn", False), ("t3", "off", False)]
            assert {"follows", "invites"} <= set(sa.inspect(conn).get_table_names())
        # Nothing of a stored table is lost on the way (SQLite deletes a table's seats and
        # actions with it if the migration copied and dropped `tables`).
        row = store.load_table("t0")
        assert row is not None and [a.action for a in row.actions] == ["bid:1"]
        assert len(row.seats) == 2
        with store.engine.begin() as conn:
            command.downgrade(config(conn), "r0008")
        with store.engine.connect() as conn:
            assert not sa.inspect(conn).has_table("follows")
            assert "speed" not in {c["name"] for c in sa.inspect(conn).get_columns("tables")}
    finally:
        store.close()


def test_every_lobby_refusal_has_its_lines_in_every_language() -> None:
    source = (Path(__file__).resolve().parents[2] / "tavola" / "server"
              / "routes_lobby.py").read_text()
    raised = set(re.findall(r'AccountRefused\(\d+, "([a-z_]+)"', source))
    assert len(raised) >= 8 and raised <= CODES
    for code in raised:
        assert all(code in MESSAGES[lang] for lang in ("en", "it", "pl")), code


@pytest.mark.parametrize("path", ["/api/v1/play", "/api/v1/account/invites"])
def test_every_new_route_documents_its_refusals(client: TestClient, path: str) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for method, spec in paths[path].items():
        assert {"401", "422"} <= set(spec["responses"]), (method, path)
    assert {"400", "404", "422"} <= set(paths[f"{API}/tables"]["get"]["responses"])
