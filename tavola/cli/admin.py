"""`tavola admin`: look after a server's community from the machine it runs on — create an
operator, list accounts and disable (or enable) one, remove a chat line, end an abandoned
table. It works on the server's database directly (the same `--db` as `tavola serve`),
so only whoever runs the server can use it. A signed-in operator does the same through
the running server: its routes (`tavola.server.routes_admin`) and the page's operator tools.

A running server keeps recent chat lines and a loaded table in memory: on PostgreSQL every
change is announced to the server processes (a removed line is taken from every client, an
ended table's connections are closed); on SQLite, which no notification reaches, a table
the server has in memory keeps showing what it had until it is loaded again (the next
start, or a quiet minute with nobody at it): the commands say so, and point to the page.
"""

from __future__ import annotations

import datetime
import secrets
import time
from typing import TYPE_CHECKING

import click

from tavola.cli.common import friendly
from tavola.core import BadOptions, TavolaError

if TYPE_CHECKING:
    from tavola.server.storage import AccountRow, Storage


def _storage(db: str | None) -> Storage:
    try:
        from tavola.server.storage import Storage, default_url
    except ImportError as exc:
        raise BadOptions(f"tavola admin needs the web extra ({exc.name} is missing): "
                         f"pip install 'tavola[web]'") from None
    return Storage(db or default_url())


def _account(storage: Storage, name: str) -> AccountRow:
    from tavola.server import storage as db
    from tavola.server.accounts import name_key

    row = db.account_by_key(storage, name_key(name))
    if row is None:
        raise TavolaError(f"no account is called {name!r}")
    return row


def _unheard(storage: Storage) -> None:
    """Say, on SQLite, that a server running on the database does not hear the change."""
    if not storage.is_postgres:
        click.echo("note: a tavola server running on this SQLite database keeps showing the "
                   "table as it was until it loads it again; on a running server, use the "
                   "page's operator tools (or the /api/v1/admin routes) instead")


DB = click.option("--db", default=None, metavar="URL",
                  help="The server's database URL (default: the SQLite file in your data "
                       "directory, as tavola serve).")


@click.group("admin")
def admin_command() -> None:
    """Look after a server: operators, accounts, chat lines, abandoned tables."""


@admin_command.command("operator")
@click.argument("name")
@DB
@click.option("--password", prompt=True, hide_input=True, confirmation_prompt=True,
              help="The new account's password (asked for when not given).")
@friendly
def operator_command(name: str, db: str | None, password: str) -> None:
    """Make NAME an operator, creating the account if there is none."""
    from tavola.server import storage as store
    from tavola.server.accounts import (
        AccountRefused,
        check_password,
        clean_name,
        hash_password,
        name_key,
    )
    from tavola.server.storage import AccountRow

    storage = _storage(db)
    try:
        row = store.account_by_key(storage, name_key(name))
        if row is None:
            try:
                shown, key = clean_name(name)
                check_password(password)
            except AccountRefused as exc:
                raise BadOptions(str(exc)) from None
            row = AccountRow(secrets.token_urlsafe(18), shown, key, hash_password(password),
                             time.time())
            if not store.add_account(storage, row):
                raise TavolaError(f"the name {name!r} was taken meanwhile")
            click.echo(f"created the account {shown}")
        store.set_account_flags(storage, row.id, operator=True)
        click.echo(f"{row.name} is an operator")
    finally:
        storage.close()


@admin_command.command("accounts")
@DB
@friendly
def accounts_command(db: str | None) -> None:
    """List every account: name, since when, seats, operator, disabled."""
    from tavola.server import storage as store

    storage = _storage(db)
    try:
        rows = store.all_accounts(storage)
    finally:
        storage.close()
    if not rows:
        click.echo("no accounts")
    for row, seats in rows:
        since = datetime.datetime.fromtimestamp(row.created, datetime.UTC).strftime(
            "%Y-%m-%d")
        marks = [m for m, on in (("operator", row.operator), ("disabled", row.disabled)) if on]
        click.echo(f"{row.name}\t{since}\t{seats} seats" + (f"\t{', '.join(marks)}"
                                                           if marks else ""))


def _flag(name: str, db: str | None, disabled: bool) -> None:
    from tavola.server import storage as store

    storage = _storage(db)
    try:
        row = _account(storage, name)
        store.set_account_flags(storage, row.id, disabled=disabled)
        click.echo(f"{row.name} is {'disabled (signed out everywhere)' if disabled else 'enabled'}")
    finally:
        storage.close()


@admin_command.command("disable")
@click.argument("name")
@DB
@friendly
def disable_command(name: str, db: str | None) -> None:
    """Disable an account: it is signed out everywhere and cannot sign in."""
    _flag(name, db, True)


@admin_command.command("enable")
@click.argument("name")
@DB
@friendly
def enable_command(name: str, db: str | None) -> None:
    """Enable a disabled account again."""
    _flag(name, db, False)


@admin_command.command("remove-chat")
@click.argument("table")
@click.argument("line", type=int)
@DB
@friendly
def remove_chat_command(table: str, line: int, db: str | None) -> None:
    """Remove chat line LINE (its id, as in the chat frames) of TABLE (an id that begins
    with `-`, which tables made before 2026-11-29 may have, goes after `--`:
    `remove-chat -- -Ab3 7`)."""
    from tavola.server import storage as store

    storage = _storage(db)
    try:
        if not store.remove_chat_line(storage, table, line):
            raise TavolaError(f"table {table!r} has no chat line {line} a person wrote")
        click.echo(f"removed chat line {line} of table {table}")
        _unheard(storage)
    finally:
        storage.close()


@admin_command.command("end-table")
@click.argument("table")
@DB
@friendly
def end_table_command(table: str, db: str | None) -> None:
    """End an abandoned table: delete an unfinished table with its seats, moves and chat
    (a finished game is kept). An id that begins with `-` goes after `--`."""
    from tavola.server import storage as store

    storage = _storage(db)
    try:
        if not store.end_table(storage, table):
            raise TavolaError(f"no unfinished table {table!r}")
        click.echo(f"ended table {table}")
        _unheard(storage)
    finally:
        storage.close()
