"""`tavola admin`: an operator created, accounts listed, one disabled (signed out
everywhere, refused at sign-in) and enabled again, a chat line removed, an abandoned table
ended; a bad argument refused in one line. Both databases."""

from __future__ import annotations

import re

import sqlalchemy as sa
from click.testing import CliRunner
from starlette.testclient import TestClient

from tavola.cli import main
from tavola.server.storage import chat_t
from tavola.server.tokens import new_table_id
from tests.server.helpers import API, connect, create, hello, until
from tests.server.test_accounts import (
    PASSWORD,
    browser,
    engine,
    other_device,
    sign_in,
    sign_up,
)


def admin(db_url: str, *args: str, given: str | None = None) -> tuple[int, str]:
    done = CliRunner().invoke(main, ["admin", *args, "--db", db_url], input=given)
    return done.exit_code, done.output


def test_an_operator_looks_after_accounts_chat_and_tables(db_url: str,
                                                         db_client: TestClient) -> None:
    client = browser(db_client)
    assert sign_up(client, "Ada").status_code == 201
    code, out = admin(db_url, "operator", "Olga", "--password", "operator's passphrase")
    assert code == 0 and "created the account Olga" in out and "Olga is an operator" in out
    code, out = admin(db_url, "accounts")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 2
    assert lines[0].startswith("Ada\t") and lines[1].startswith("Olga\t")
    assert lines[1].endswith("operator") and "operator" not in lines[0]
    # Disabled: Ada's session counts for nothing, and she cannot sign in.
    assert client.get(f"{API}/account").status_code == 200
    assert admin(db_url, "disable", "ada")[0] == 0
    assert client.get(f"{API}/account").status_code == 401
    refused = sign_in(client, "Ada")
    assert refused.status_code == 403 and refused.json()["code"] == "account_disabled"
    assert "disabled" in admin(db_url, "accounts")[1].splitlines()[0]
    assert admin(db_url, "enable", "Ada")[0] == 0
    assert sign_in(client, "Ada").status_code == 200
    # A chat line removed; the game's own posted lines are not chat to remove.
    table = create(client, players=2)
    tid = table["table"]
    with connect(client, tid) as ws:
        hello(ws, table["seats"][0]["token"])
        ws.send_json({"type": "chat", "channel": "players", "text": "something rude"})
        line = until(ws, lambda f: f["type"] == "chat")["id"]
    code, out = admin(db_url, "remove-chat", tid, str(line))
    assert code == 0, out
    # SQLite cannot tell a running server: the command says so and points to the page.
    assert ("operator tools" in out) == db_url.startswith("sqlite"), out
    with engine(client).connect() as conn:
        words = conn.execute(sa.select(chat_t.c.text).where(chat_t.c.table_id == tid)
                             ).scalars().all()
    assert "something rude" not in words
    assert admin(db_url, "remove-chat", tid, str(line))[0] != 0
    # An abandoned table ended: gone, as an expired one.
    code, out = admin(db_url, "end-table", tid)
    assert code == 0 and f"ended table {tid}" in out
    client.app.state.hub.tables.pop(tid, None)  # type: ignore[attr-defined]
    assert client.get(f"{API}/tables/{tid}").status_code == 404
    # Refusals in one line.
    code, out = admin(db_url, "disable", "nobody at all")
    assert code != 0 and "no account is called 'nobody at all'" in out
    assert "Traceback" not in out and len(out.strip().splitlines()) == 1
    code, out = admin(db_url, "end-table", "nosuchtable")
    assert code != 0 and "no unfinished table" in out
    code, out = admin(db_url, "operator", "x", "--password", "long enough passphrase")
    assert code != 0 and "user name" in out
    other_device(client)
    assert sign_in(client, "Olga", "operator's passphrase").status_code == 200
    assert PASSWORD not in out


def test_a_new_table_id_never_begins_with_a_dash_and_an_old_one_goes_after_two(
        db_url: str) -> None:
    """A table id that began with `-` (one in 64 did) was read as an option by the admin
    commands ("No such option '-v'"): new ids never begin with it, and an old one is
    reached after `--`, as the commands' help says."""
    made = [new_table_id() for _ in range(5000)]
    assert not [t for t in made if t.startswith("-")]
    assert all(len(t) == 12 and re.fullmatch(r"[A-Za-z0-9_-]+", t) for t in made)
    code, out = admin(db_url, "end-table", "-vOld")
    assert code != 0 and "No such option" in out
    done = CliRunner().invoke(main, ["admin", "end-table", "--db", db_url, "--", "-vOld"])
    assert done.exit_code != 0 and "no unfinished table '-vOld'" in done.output, done.output
    assert "Traceback" not in done.output
