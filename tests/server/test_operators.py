"""The operators' routes (`tavola.server.routes_admin`) on a running server: nobody but an
operator reaches them; an operator lists accounts, disables and enables one (never their
own), removes a chat line — gone at once from every client at the table and from what a
client joining later is sent — and ends an abandoned table, whose clients are told and
closed. Both databases."""

from __future__ import annotations

from typing import Any

from click.testing import CliRunner
from starlette.testclient import TestClient

from tavola.cli import main
from tests.server.helpers import API, connect, create, hello, kind, receive, until
from tests.server.test_accounts import PASSWORD, browser, other_device, sign_in, sign_up

OPERATOR_PASSWORD = "operator's passphrase"


def make_operator(db_url: str, name: str = "Olga") -> None:
    done = CliRunner().invoke(main, ["admin", "operator", name, "--db", db_url,
                                     "--password", OPERATOR_PASSWORD])
    assert done.exit_code == 0, done.output


def as_operator(client: TestClient, db_url: str) -> TestClient:
    make_operator(db_url)
    other_device(client)
    assert sign_in(client, "Olga", OPERATOR_PASSWORD).status_code == 200
    return client


ROUTES: list[tuple[str, str, dict[str, Any] | None]] = [
    ("GET", f"{API}/admin/accounts", None),
    ("POST", f"{API}/admin/accounts/Ada/disabled", {"disabled": True}),
    ("DELETE", f"{API}/admin/tables/TID/chat/1", None),
    ("DELETE", f"{API}/admin/tables/TID", None),
]


def call(client: TestClient, method: str, path: str, body: dict[str, Any] | None) -> Any:
    return client.request(method, path, json=body)


def test_only_an_operator_reaches_the_operators_routes(db_url: str,
                                                      db_client: TestClient) -> None:
    client = browser(db_client)
    table = create(client, players=2)
    routes = [(m, p.replace("TID", table["table"]), b) for m, p, b in ROUTES]
    for method, path, body in routes:  # nobody signed in
        answer = call(client, method, path, body)
        assert answer.status_code == 401 and answer.json()["code"] == "not_signed_in", path
    assert sign_up(client, "Ada").status_code == 201
    for method, path, body in routes:  # an account, not an operator
        answer = call(client, method, path, body)
        assert answer.status_code == 403 and answer.json()["code"] == "operator_only", path
        assert "Olga" not in answer.text
    assert client.get(f"{API}/account").json()["operator"] is False
    # Nothing happened: Ada still signs in, the table is still there.
    assert client.get(f"{API}/tables/{table['table']}").status_code == 200
    other_device(client)
    assert sign_in(client, "Ada").status_code == 200
    # A state-changing route from another site is refused even to an operator.
    as_operator(client, db_url)
    assert client.get(f"{API}/account").json()["operator"] is True
    del client.headers["origin"]
    answer = call(client, *routes[1][:2], routes[1][2])
    assert answer.status_code == 403 and answer.json()["code"] == "cross_site"


def test_an_operator_disables_and_enables_an_account_but_not_their_own(
        db_url: str, db_client: TestClient) -> None:
    client = browser(db_client)
    assert sign_up(client, "Ada").status_code == 201
    for name in ("Bruno", "Celina"):
        other_device(client)
        assert sign_up(client, name).status_code == 201
    as_operator(client, db_url)
    listed = client.get(f"{API}/admin/accounts").json()
    assert [a["name"] for a in listed] == ["Ada", "Bruno", "Celina", "Olga"]
    assert [a["operator"] for a in listed] == [False, False, False, True]
    assert all("password" not in str(a).lower() for a in listed)
    assert [a["name"] for a in client.get(f"{API}/admin/accounts?start=c").json()] == [
        "Celina", "Olga"]
    answer = client.post(f"{API}/admin/accounts/bruno/disabled", json={"disabled": True})
    assert answer.status_code == 200 and answer.json()["disabled"] is True
    assert answer.json()["name"] == "Bruno"
    # Bruno cannot sign in; enabled again, he can.
    other = TestClient(client.app)
    browser(other)
    refused = sign_in(other, "Bruno")
    assert refused.status_code == 403 and refused.json()["code"] == "account_disabled"
    answer = client.post(f"{API}/admin/accounts/Bruno/disabled", json={"disabled": False})
    assert answer.status_code == 200 and answer.json()["disabled"] is False
    assert sign_in(other, "Bruno", PASSWORD).status_code == 200
    # Not their own account; not an account that does not exist; not a malformed body.
    answer = client.post(f"{API}/admin/accounts/Olga/disabled", json={"disabled": True})
    assert answer.status_code == 409 and answer.json()["code"] == "own_account"
    answer = client.post(f"{API}/admin/accounts/Nobody/disabled", json={"disabled": True})
    assert answer.status_code == 404 and answer.json()["code"] == "unknown_player"
    answer = client.post(f"{API}/admin/accounts/Ada/disabled", json={"disabled": "yes"})
    assert answer.status_code == 422
    assert client.get(f"{API}/account").status_code == 200


def test_a_removed_chat_line_goes_from_every_client_at_once(db_url: str,
                                                           db_client: TestClient) -> None:
    client = browser(db_client)
    table = create(client, players=2)
    tid = table["table"]
    as_operator(client, db_url)
    with connect(client, tid) as one, connect(client, tid) as watcher:
        hello(one, table["seats"][0]["token"])
        hello(watcher, None)
        one.send_json({"type": "chat", "channel": "players", "text": "something rude"})
        line = until(one, kind("chat"))["id"]
        until(watcher, kind("chat"))
        one.send_json({"type": "chat", "channel": "players", "text": "good luck"})
        kept = until(one, kind("chat"))["id"]
        answer = client.delete(f"{API}/admin/tables/{tid}/chat/{line}")
        assert answer.status_code == 200 and answer.json() == {"removed": True}
        for ws in (one, watcher):
            gone = until(ws, kind("chat_removed"))
            assert gone["id"] == line
        # Once only: a second removal finds nothing.
        answer = client.delete(f"{API}/admin/tables/{tid}/chat/{line}")
        assert answer.status_code == 404 and answer.json()["code"] == "no_chat_line"
    # A client joining now is not sent the removed line, and is sent the other.
    with connect(client, tid) as later:
        later.send_json({"type": "hello", "protocol": 1, "token": None})
        seen: list[dict[str, Any]] = []
        until(later, lambda f: f["type"] == "chat" and f["id"] == kept, seen)
        assert all(f.get("id") != line for f in seen if f["type"] == "chat")
        assert "something rude" not in str(seen)


def test_an_ended_table_closes_its_connections_and_is_gone(db_url: str,
                                                          db_client: TestClient) -> None:
    client = browser(db_client)
    table = create(client, players=2)
    tid = table["table"]
    as_operator(client, db_url)
    with connect(client, tid) as one:
        hello(one, table["seats"][0]["token"])
        answer = client.delete(f"{API}/admin/tables/{tid}")
        assert answer.status_code == 200 and answer.json() == {"ended": True}
        told = until(one, kind("error"))
        assert told["code"] == "table_ended" and told["message"] == "an operator ended this table"
        assert receive(one)["type"] == "closed"
    assert tid not in client.app.state.hub.tables  # type: ignore[attr-defined]
    assert client.get(f"{API}/tables/{tid}").status_code == 404
    answer = client.delete(f"{API}/admin/tables/{tid}")
    assert answer.status_code == 404 and answer.json()["code"] == "no_unfinished_table"
    # In Italian too.
    answer = client.delete(f"{API}/admin/tables/{tid}?lang=it")
    assert answer.json()["error"] == f"non c'è nessun tavolo non finito {tid}"
