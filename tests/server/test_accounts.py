"""Accounts: sign up, in and out; Argon2id passwords and hashed sessions; cross-site
requests refused; rate-limited sign-ins; a guest's seat attached to an account and opened
from another device; deletion leaving the games replayable; the data export; and a scan
that no route answers another user's private data. Both databases."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from starlette.testclient import TestClient

from tavola.server import tokens
from tavola.server.accounts import FORMER_PLAYER, SIGN_IN_PER_ACCOUNT, SIGN_IN_PER_ADDRESS
from tavola.server.messages import CODES, MESSAGES
from tavola.server.migrations import config, upgrade
from tavola.server.storage import (
    Storage,
    accounts_t,
    chat_t,
    normalise_url,
    seats_t,
    sessions_t,
)
from tests.server.helpers import API, connect, create, hello, kind, receive, until
from tests.server.test_rematch import SEATS, play_out

SITE = "https://testserver"
PASSWORD = "correct horse battery"


def browser(client: TestClient) -> TestClient:
    """Make the test client a browser on the server's own page over HTTPS (the session
    cookie is Secure) that sends its page's Origin."""
    client.base_url = SITE  # type: ignore[assignment]
    client.headers["origin"] = SITE
    return client


def sign_up(client: TestClient, name: str, password: str = PASSWORD) -> Any:
    return client.post(f"{API}/accounts", json={"name": name, "password": password})


def sign_in(client: TestClient, name: str, password: str = PASSWORD) -> Any:
    return client.post(f"{API}/session", json={"name": name, "password": password})


def engine(client: TestClient) -> sa.Engine:
    return client.app.state.hub.storage.engine  # type: ignore[attr-defined,no-any-return]


def seat_played(client: TestClient, tid: str, token: str) -> int | None:
    """Return the seat a token plays at a table (its welcome frame's `you`)."""
    with connect(client, tid) as ws:
        ws.send_json({"type": "hello", "protocol": 1, "token": token})
        frame = until(ws, lambda f: f["type"] in ("welcome", "error"))
    you: int | None = frame.get("you")
    return you


def other_device(client: TestClient) -> None:
    """Forget every cookie: the same person on a device that never signed in."""
    client.cookies.clear()


def test_sign_up_in_and_out(db_client: TestClient) -> None:
    client = browser(db_client)
    answer = sign_up(client, "Ada Lovelace")
    assert answer.status_code == 201, answer.text
    assert answer.json()["name"] == "Ada Lovelace"
    cookie = answer.headers["set-cookie"].lower()
    assert "tavola_session=" in cookie
    assert all(flag in cookie for flag in ("secure", "httponly", "samesite=lax", "max-age="))
    assert client.get(f"{API}/account").json()["name"] == "Ada Lovelace"
    # Signed out: the session is gone from the database too.
    assert client.delete(f"{API}/session").status_code == 200
    assert client.get(f"{API}/account").status_code == 401
    with engine(client).connect() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(sessions_t)).scalar() == 0
    # Names are unique whatever the case; a wrong password and an unknown name look alike.
    taken = sign_up(client, "ADA LOVELACE")
    assert taken.status_code == 409 and taken.json()["code"] == "account_name_taken"
    wrong = sign_in(client, "ada lovelace", "not the password")
    nobody = sign_in(client, "nobody at all", "not the password")
    assert wrong.status_code == nobody.status_code == 401
    assert wrong.json() == nobody.json()
    right = sign_in(client, "ada lovelace")
    assert right.status_code == 200 and right.json()["name"] == "Ada Lovelace"
    assert client.get(f"{API}/account").status_code == 200
    # Bad names and passwords, refused in the asked language.
    for name, code in (("x", "account_name_length"), ("a" * 31, "account_name_length"),
                       (" Ada", "account_name_chars"), ("Ad\x07a", "account_name_chars"),
                       ("Ad\u200ba", "account_name_chars")):
        refused = client.post(f"{API}/accounts?lang=it",
                              json={"name": name, "password": PASSWORD})
        assert refused.status_code == 400 and refused.json()["code"] == code, name
        assert refused.json()["error"].startswith("un nome utente")
    short = sign_up(client, "Bea", "short")
    assert short.status_code == 400 and short.json()["code"] == "password_length"
    # The password is stored only as an Argon2id hash.
    with engine(client).connect() as conn:
        stored = conn.execute(sa.select(accounts_t.c.password_hash)).scalars().all()
    assert len(stored) == 1 and stored[0].startswith("$argon2id$")
    assert PASSWORD not in stored[0]


def test_sign_ins_are_rate_limited_per_account_and_per_address(
        db_client: TestClient) -> None:
    client = browser(db_client)
    assert sign_up(client, "Ada").status_code == 201
    other_device(client)
    burst = SIGN_IN_PER_ACCOUNT[0]
    for _ in range(burst):
        assert sign_in(client, "Ada", "guessing wrong").status_code == 401
    # Even the right password is refused now, for this account only.
    limited = sign_in(client, "ada")
    assert limited.status_code == 429 and limited.json()["code"] == "too_many_sign_ins"
    assert limited.json()["args"]["seconds"] > 0
    assert client.get(f"{API}/account").status_code == 401
    # One address trying many names is limited too: after its burst (less what it has
    # spent, plus what refilled meanwhile: one every 15 s on a slow machine).
    answers = []
    for n in range(SIGN_IN_PER_ADDRESS[0]):
        answers.append(sign_in(client, f"guess{n}", "guessing wrong").status_code)
        if answers[-1] == 429:
            break
    assert answers[-1] == 429 and set(answers[:-1]) == {401}
    assert SIGN_IN_PER_ADDRESS[0] - burst - 1 <= len(answers) - 1 <= SIGN_IN_PER_ADDRESS[0] - 2


def test_a_cross_site_request_is_refused_even_with_the_cookie(db_client: TestClient) -> None:
    client = browser(db_client)
    assert sign_up(client, "Ada").status_code == 201
    forged = {"origin": "https://evil.example"}
    # A page elsewhere cannot delete the account, sign out, attach a seat or sign in.
    for method, path, body in (("DELETE", "/account", {"password": PASSWORD}),
                               ("DELETE", "/session", None),
                               ("POST", "/account/seats", {"table": "x", "token": "y"}),
                               ("POST", "/session", {"name": "Ada", "password": PASSWORD}),
                               ("POST", "/accounts", {"name": "Eve", "password": PASSWORD})):
        answer = client.request(method, f"{API}{path}", json=body, headers=forged)
        assert answer.status_code == 403 and answer.json()["code"] == "cross_site", path
    # The same scheme matters, and a request with no origin at all is refused as well.
    http = client.request("DELETE", f"{API}/session", headers={"origin": "http://testserver"})
    assert http.status_code == 403
    del client.headers["origin"]
    assert client.delete(f"{API}/session").status_code == 403
    assert client.get(f"{API}/account").status_code == 200
    # A Referer from the server's own page is enough when a client sends no Origin.
    same = client.delete(f"{API}/session", headers={"referer": f"{SITE}/play/x"})
    assert same.status_code == 200
    assert client.get(f"{API}/account").status_code == 401


def test_a_session_id_read_from_the_database_is_useless(db_client: TestClient) -> None:
    client = browser(db_client)
    assert sign_up(client, "Ada").status_code == 201
    session = client.cookies["tavola_session"]
    with engine(client).connect() as conn:
        stored = conn.execute(sa.select(sessions_t.c.id_hash)).scalar_one()
    assert stored != session and stored == tokens.token_hash(session)
    other_device(client)
    client.cookies.set("tavola_session", stored)
    assert client.get(f"{API}/account").status_code == 401
    client.cookies.set("tavola_session", session)
    assert client.get(f"{API}/account").status_code == 200
    # An expired session counts for nothing.
    with engine(client).begin() as conn:
        conn.execute(sessions_t.update().values(expires=time.time() - 1))
    assert client.get(f"{API}/account").status_code == 401


def test_a_guest_seat_is_attached_and_opened_from_another_device(
        db_client: TestClient) -> None:
    client = browser(db_client)
    table = create(client, players=2)
    tid, guest = table["table"], table["seats"][0]["token"]
    assert client.post(f"{API}/tables/{tid}/join",
                       json={"token": guest, "name": "Ada"}).status_code == 200
    attach = {"table": tid, "token": guest}
    # Not signed in: nothing to attach to.
    refused = client.post(f"{API}/account/seats", json=attach)
    assert refused.status_code == 401 and refused.json()["code"] == "not_signed_in"
    assert sign_up(client, "Ada").status_code == 201
    wrong = client.post(f"{API}/account/seats", json={"table": tid, "token": "x" * 32})
    assert wrong.status_code == 403 and wrong.json()["code"] == "link_not_for_table"
    assert client.post(f"{API}/account/seats",
                       json={"table": "nosuchtable", "token": guest}).status_code == 404
    answer = client.post(f"{API}/account/seats", json=attach)
    assert answer.status_code == 200 and answer.json() == {"table": tid, "seat": 0}
    # Another device: no token in its storage, only the account.
    other_device(client)
    assert client.get(f"{API}/account/seats").status_code == 401
    assert sign_in(client, "Ada").status_code == 200
    mine = client.get(f"{API}/account/seats?lang=pl").json()
    assert [(t["table"], t["you"], t["held"]) for t in mine] == [(tid, 0, True)]
    assert "token" not in json.dumps(mine)
    opened = client.post(f"{API}/account/seats/{tid}/0/open")
    assert opened.status_code == 200, opened.text
    fresh = opened.json()["token"]
    assert fresh != guest and opened.json()["invite"].endswith(f"/play/{tid}#token={fresh}")
    with connect(client, tid) as ws:
        ws.send_json({"type": "hello", "protocol": 1, "token": guest})
        assert until(ws, kind("error"))["code"] == "token_not_for_table"
    assert seat_played(client, tid, fresh) == 0
    # Only the account's own seats open.
    assert client.post(f"{API}/account/seats/{tid}/1/open").status_code == 404
    # Another account cannot take the seat over with the same link.
    other_device(client)
    assert sign_up(client, "Eve").status_code == 201
    taken = client.post(f"{API}/account/seats", json={"table": tid, "token": fresh})
    assert taken.status_code == 409 and taken.json()["code"] == "seat_of_another_account"
    # The host gives the seat a new link: it is no longer the account's.
    host = {"Authorization": f"Bearer {table['host_token']}"}
    assert client.post(f"{API}/tables/{tid}/seats/0/link", headers=host).status_code == 200
    other_device(client)
    assert sign_in(client, "Ada").status_code == 200
    assert [t["held"] for t in client.get(f"{API}/account/seats").json()] == [False]
    moved = client.post(f"{API}/account/seats/{tid}/0/open")
    assert moved.status_code == 409 and moved.json()["code"] == "seat_moved"


def chat(client: TestClient, tid: str, token: str, text: str) -> None:
    with connect(client, tid) as ws:
        hello(ws, token)
        ws.send_json({"type": "chat", "channel": "players", "text": text})
        until(ws, lambda f: f["type"] == "chat" and f["text"] == text)


def finished_table(client: TestClient) -> dict[str, Any]:
    table = create(client, players=3, seats=SEATS, options={"rounds": 1}, bot_seconds=0.05,
                   timer=3600)
    tid = table["table"]
    for seat, name in ((0, "Ada"), (1, "Bea")):
        client.post(f"{API}/tables/{tid}/join",
                    json={"token": table["seats"][seat]["token"], "name": name})
    chat(client, tid, table["seats"][0]["token"], "Ada's own words")
    chat(client, tid, table["seats"][1]["token"], "Bea's words")
    with connect(client, tid) as a, connect(client, tid) as b:
        play_out({0: a, 1: b}, {s["seat"]: s["token"] for s in table["seats"]})
    return table


def test_the_data_export_and_a_deletion_that_leaves_the_game_replayable(
        db_client: TestClient) -> None:
    client = browser(db_client)
    table = finished_table(client)
    tid = table["table"]
    ada, bea = table["seats"][0]["token"], table["seats"][1]["token"]
    record = client.get(f"{API}/tables/{tid}/record").json()
    assert sign_up(client, "Ada").status_code == 201
    assert client.post(f"{API}/account/seats",
                       json={"table": tid, "token": ada}).status_code == 200
    # The export: the account's facts, its tables and its own chat lines, nothing secret.
    export = client.get(f"{API}/account/export")
    assert export.status_code == 200
    assert "attachment" in export.headers["content-disposition"]
    data = export.json()
    assert data["account"]["name"] == "Ada"
    assert [(t["table"], t["you"], t["finished"]) for t in data["tables"]] == [(tid, 0, True)]
    assert [c["text"] for c in data["chat"]] == ["Ada's own words"]
    text = export.text
    assert "Bea's words" not in text and "argon2" not in text and ada not in text
    assert client.cookies["tavola_session"] not in text
    # Deleting needs the password, and takes the account's personal data with it.
    wrong = client.request("DELETE", f"{API}/account", json={"password": "not it at all"})
    assert wrong.status_code == 401
    gone = client.request("DELETE", f"{API}/account", json={"password": PASSWORD})
    assert gone.status_code == 200
    assert client.get(f"{API}/account").status_code == 401
    assert sign_in(client, "Ada").status_code == 401
    with engine(client).connect() as conn:
        assert conn.execute(sa.select(sa.func.count()).select_from(accounts_t)).scalar() == 0
        assert conn.execute(sa.select(sa.func.count()).select_from(sessions_t)).scalar() == 0
        words = conn.execute(sa.select(chat_t.c.text).where(chat_t.c.table_id == tid)
                             ).scalars().all()
        names = conn.execute(sa.select(seats_t.c.name).where(seats_t.c.table_id == tid)
                             .order_by(seats_t.c.seat)).scalars().all()
    assert "Ada's own words" not in words and "Bea's words" in words
    assert names[:2] == [FORMER_PLAYER, "Bea"]
    summary = client.get(f"{API}/tables/{tid}").json()
    assert summary["seats"][0]["name"] == FORMER_PLAYER
    # The game stays: the same record, replayable to its end, and the same after a reload.
    again = client.get(f"{API}/tables/{tid}/record").json()
    assert again["actions"] == record["actions"]
    last = client.get(f"{API}/tables/{tid}/replay?step={len(record['actions'])}").json()
    assert last["to_act"] == []
    client.app.state.hub.tables.pop(tid, None)  # type: ignore[attr-defined]
    assert client.get(f"{API}/tables/{tid}/record").json()["actions"] == record["actions"]
    with connect(client, tid) as ws:
        hello(ws, bea)
        seen: list[dict[str, Any]] = []
        for _ in range(10):
            try:
                seen.append(receive(ws, 0.5))
            except TimeoutError:
                break
        assert "Ada's own words" not in json.dumps(seen)


def test_no_account_route_answers_another_users_private_data(db_client: TestClient) -> None:
    client = browser(db_client)
    table = create(client, players=2)
    tid = table["table"]
    ada_token, bea_token = table["seats"][0]["token"], table["seats"][1]["token"]
    chat(client, tid, ada_token, "Ada's secret plan")
    assert sign_up(client, "Ada").status_code == 201
    assert client.post(f"{API}/account/seats",
                       json={"table": tid, "token": ada_token}).status_code == 200
    fresh = client.post(f"{API}/account/seats/{tid}/0/open").json()["token"]
    ada_session = client.cookies["tavola_session"]
    secrets = [ada_token, fresh, ada_session, tokens.token_hash(fresh),
               tokens.token_hash(ada_session), "Ada's secret plan", PASSWORD, "argon2"]
    other_device(client)
    assert sign_up(client, "Bea", "bea's own password").status_code == 201
    assert client.post(f"{API}/account/seats",
                       json={"table": tid, "token": bea_token}).status_code == 200
    bea_session = client.cookies["tavola_session"]
    paths = client.get("/openapi.json").json()["paths"]
    routes = [(method.upper(), path) for path, methods in paths.items()
              if path.startswith((f"{API}/account", f"{API}/session")) for method in methods]
    assert len(routes) >= 8
    for session in (bea_session, None):
        other_device(client)
        if session is not None:
            client.cookies.set("tavola_session", session)
        for method, path in routes:
            if method == "DELETE":
                continue  # deleting Bea's account or session shows nothing of Ada's
            url = path.replace("{table_id}", tid).replace("{seat}", "0")
            body = {"table": tid, "token": ada_token} if method == "POST" else None
            answer = client.request(method, url, json=body)
            for secret in secrets:
                assert secret not in answer.text, (method, path, secret)
            if path.endswith("/open"):
                assert answer.status_code == (404 if session else 401)
    # Ada's seat is still hers: her fresh link still plays.
    assert seat_played(client, tid, fresh) == 0


def test_the_accounts_migration_upgrades_a_database_and_goes_back(db_url: str) -> None:
    from alembic import command

    engine = sa.create_engine(normalise_url(db_url))
    with engine.begin() as conn:
        upgrade(conn, "r0006")
        assert not sa.inspect(conn).has_table("accounts")
    engine.dispose()
    store = Storage(db_url)
    try:
        with store.engine.connect() as conn:
            assert {"accounts", "sessions", "account_seats"} <= set(
                sa.inspect(conn).get_table_names())
        with store.engine.begin() as conn:
            command.downgrade(config(conn), "r0006")
        with store.engine.connect() as conn:
            assert not sa.inspect(conn).has_table("account_seats")
            assert sa.inspect(conn).has_table("seats")
    finally:
        store.close()


def test_every_account_refusal_has_its_lines_in_every_language() -> None:
    server = Path(__file__).resolve().parents[2] / "tavola" / "server"
    source = "\n".join((server / name).read_text()
                       for name in ("accounts.py", "routes_accounts.py", "routes_admin.py"))
    raised = set(re.findall(r'AccountRefused\(\d+, "([a-z_]+)"', source))
    assert len(raised) >= 12 and raised <= CODES
    for code in raised:
        assert all(code in MESSAGES[lang] for lang in ("en", "it", "pl")), code
