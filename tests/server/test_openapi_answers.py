"""Every operation of the OpenAPI document answers, on a real successful request, a body
its success schema describes: one valid request per operation (signing up, making tables,
joining, playing a game out, ...) on SQLite and on PostgreSQL, each answer validated by
`jsonschema` against the schema of its status in the application's own document; and
every operation of the document has its case here, so a new route without one fails.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import jsonschema
import pytest
from starlette.testclient import TestClient

from tavola.server import mail as m
from tavola.server import storage as db
from tavola.server.accounts import name_key
from tavola.server.app import create_app
from tests.server.games import register_server_toys
from tests.server.helpers import API, connect, create, hello, kind, until
from tests.server.relay import Relay
from tests.server.test_accounts import PASSWORD, browser, chat, sign_up
from tests.server.test_mail import ADA, link
from tests.server.test_operators import as_operator
from tests.server.test_rematch import SEATS, play_out

METHODS = ("get", "put", "post", "delete", "patch")


@pytest.fixture(scope="module")
def relay(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Relay]:
    running = Relay.start(tmp_path_factory.mktemp("smtp"))
    yield running
    running.stop()


class Checked:
    """Calls of the API, each answer checked against its operation's success schema."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.document: dict[str, Any] = client.get("/openapi.json").json()
        self.covered: set[tuple[str, str]] = set()

    def operations(self) -> set[tuple[str, str]]:
        """Return every operation of the document (its method and path template)."""
        return {(method, path) for path, item in self.document["paths"].items()
                for method in item if method in METHODS}

    def __call__(self, method: str, template: str, *, json: Any = None,
                 headers: dict[str, str] | None = None, **params: Any) -> Any:
        """Make a request of the operation `method template` (path parameters filled from
        `params`); assert it succeeds and that its body fits the document; return it."""
        path = f"{API}{template}"
        operation = self.document["paths"][path][method]
        (status,) = [s for s in operation["responses"] if s.startswith("2")]
        filled = path.format(**{k: v for k, v in params.items() if f"{{{k}}}" in path})
        query = {k: v for k, v in params.items() if f"{{{k}}}" not in path}
        answer = self.client.request(method.upper(), filled, json=json, headers=headers,
                                     params=query)
        assert answer.status_code == int(status), (method, path, answer.text)
        schema = operation["responses"][status]["content"]["application/json"]["schema"]
        body = answer.json()
        jsonschema.validate(body, {**schema, "components": self.document["components"]},
                            cls=jsonschema.Draft202012Validator)
        self.covered.add((method, path))
        return body


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_every_operation_answers_what_its_schema_says(db_url: str, relay: Relay) -> None:
    relay.clear()
    register_server_toys()
    settings = m.MailSettings.parse(relay.url, "https://testserver")
    with TestClient(create_app(db_url, mail=settings)) as raw:
        client = browser(raw)
        call = Checked(client)
        # Games and ratings.
        call("get", "/games")
        call("get", "/games/{name}/seats", name="toy", players=3)
        call("get", "/games/{name}/help", name="toy")
        call("get", "/games/{name}/leaders", name="toy")
        call("get", "/ratings/bots")
        # Tables: made, listed, joined, claimed, relinked, played out, replayed, again.
        made = call("post", "/tables", json={
            "game": "toy", "players": 3, "seats": SEATS, "options": {"rounds": 1},
            "bot_seconds": 0.05, "timer": 3600, "wait": False, "public": True})
        tid, host = made["table"], made["host_token"]
        tokens = {s["seat"]: s["token"] for s in made["seats"]}
        call("get", "/tables")
        call("get", "/tables/{table_id}", table_id=tid)
        call("get", "/tables/{table_id}/help", table_id=tid)
        call("post", "/tables/{table_id}/join", table_id=tid,
             json={"token": tokens[0], "name": "Ada"})
        claimed = call("post", "/tables/{table_id}/seats/{seat}/claim", table_id=tid, seat=1,
                       json={"name": "Bea"})
        tokens[1] = claimed["token"]
        relinked = call("post", "/tables/{table_id}/seats/{seat}/link", table_id=tid, seat=1,
                        headers=bearer(host))
        tokens[1] = relinked["token"]
        call("post", "/tables/mine", json={"tokens": [
            {"table": tid, "token": tokens[0]}, {"table": tid, "token": host}]})
        chat(client, tid, tokens[0], "good luck")
        with connect(client, tid) as a, connect(client, tid) as b:
            play_out({0: a, 1: b}, tokens)
        call("get", "/tables/{table_id}/record", table_id=tid)
        for step in (0, 1):
            call("get", "/tables/{table_id}/replay", table_id=tid, step=step, seat=0)
        call("post", "/tables/{table_id}/rematch", table_id=tid, headers=bearer(tokens[0]))
        # An account: signed up, its address verified, a guest seat attached and opened.
        call("post", "/accounts", json={"name": "Ada", "password": PASSWORD})
        call("get", "/account")
        call("put", "/account/mail", json={"address": ADA, "notices": True, "lang": "en"})
        call("get", "/account/mail")
        mails = relay.wait_for(1, lambda: client.app.state.mail.sender.pending() == 0)
        call("post", "/mail/verify", json={"token": link(mails[0], "verify")})
        call("post", "/account/seats", json={"table": tid, "token": tokens[0]})
        call("get", "/account/seats")
        call("post", "/account/seats/{table_id}/{seat}/open", table_id=tid, seat=0)
        call("get", "/account/export")
        call("post", "/account/password",
             json={"password": PASSWORD, "new_password": "another good secret"})
        # Following and inviting another account; play now.
        ada = type(client.cookies)(client.cookies)
        client.cookies.clear()
        assert sign_up(client, "Bea").status_code == 201
        bea = type(client.cookies)(client.cookies)
        client.cookies = ada
        call("put", "/account/follows/{name}", name="Bea")
        call("get", "/account/follows")
        call("get", "/players/{name}", name="Bea")
        waiting = create(client, players=3, public=True, wait=True)
        call("post", "/account/invites", json={"name": "Bea", "table": waiting["table"],
                                                 "seat": 2},
             headers=bearer(waiting["host_token"]))
        client.cookies = bea
        received = call("get", "/account/invites")
        call("delete", "/account/invites/{number}", number=received[0]["id"])
        call("put", "/account/follows/{name}", name="Ada")
        client.cookies = ada
        call("get", "/account/follows/tables")
        call("delete", "/account/follows/{name}", name="Bea")
        call("post", "/play", json={"game": "toy", "speed": "turn"})
        # The mail's links: a turn notice's unsubscribe (made as a notice makes it), a
        # password reset; then signing in again with the new password.
        storage = client.app.state.hub.storage
        account = db.account_by_key(storage, name_key("Ada"))
        assert account is not None
        stop = m.add_link(storage, account.id, m.UNSUBSCRIBE, None, time.time() + 3600)
        call("post", "/mail/unsubscribe/{token}", token=stop)
        relay.clear()
        call("post", "/password-reset", json={"who": "Ada"})
        mails = relay.wait_for(1, lambda: client.app.state.mail.sender.pending() == 0)
        call("post", "/password-reset/done",
             json={"token": link(mails[0], "reset"), "new_password": "a third good secret"})
        call("post", "/session", json={"name": "Ada", "password": "a third good secret"})
        call("delete", "/session")
        # An operator: accounts listed, one disabled, a chat line removed, a table ended.
        as_operator(client, db_url)
        call("get", "/admin/accounts")
        call("post", "/admin/accounts/{name}/disabled", name="Bea", json={"disabled": True})
        talk = create(client, players=2)
        with connect(client, talk["table"]) as one:
            hello(one, talk["seats"][0]["token"])
            one.send_json({"type": "chat", "channel": "players", "text": "something rude"})
            line = until(one, kind("chat"))["id"]
            call("delete", "/admin/tables/{table_id}/chat/{line}", table_id=talk["table"],
                 line=line)
        call("delete", "/admin/tables/{table_id}", table_id=waiting["table"])
        # Last, an account deleted.
        client.cookies.clear()
        assert sign_up(client, "Cy").status_code == 201
        call("delete", "/account", json={"password": PASSWORD})
        assert call.covered == call.operations(), sorted(call.operations() - call.covered)
