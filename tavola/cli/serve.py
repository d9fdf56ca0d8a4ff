"""`tavola serve`: run the game server (tables, seats, bots) until interrupted."""

from __future__ import annotations

import math
import tomllib
from pathlib import Path

import click

from tavola.cli.common import friendly
from tavola.core import BadOptions


@click.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (0.0.0.0: every interface).")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True)
@click.option("--db", default=None, metavar="URL",
              help="Database URL: sqlite:///path.db or postgresql://user@host/db "
                   "(default: a SQLite file in your data directory).")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Server processes (more than one needs PostgreSQL; a SQLite file is "
                   "served by one tavola serve at a time).")
@click.option("--max-think", type=click.FloatRange(0.05, 600), default=30.0,
              show_default=True, help="The longest time, in seconds, a table may give its "
                                      "bots to think a decision.")
@click.option("--create-limit", default="20/600", show_default=True, metavar="N/SECONDS",
              help="How many tables one client address may create in any SECONDS.")
@click.option("--sign-up-limit", default="5/600", show_default=True, metavar="N/SECONDS",
              help="How many accounts one client address may create in any SECONDS.")
@click.option("--expire-hours", type=click.FloatRange(0), default=24.0, show_default=True,
              help="Delete tables none of whose seats for people was ever taken this many "
                   "hours after they were made (0: never).")
@click.option("--bot-workers", type=click.IntRange(0, 256), default=None,
              help="Processes the bots think in, shared by every table (default: one per "
                   "core; 0: threads of the server process).")
@click.option("--bots", "bots", default=None, metavar="ADDRESS",
              help="Think the bots' decisions on a Ray cluster instead of this machine: "
                   "ray://HOST:PORT (its Ray Client port), or ray:local for a Ray instance "
                   "started here. Needs pip install 'tavola[ray]'.")
@click.option("--smtp", default=None, metavar="URL", envvar="TAVOLA_SMTP",
              help="Send mail (address checks, turn notices, password resets) through this "
                   "SMTP relay: smtp://user:password@host:587?starttls=1&from=ADDRESS, or "
                   "smtps://... (also from the TAVOLA_SMTP environment variable, which "
                   "keeps the password out of the process list; docs/web.md, \"Mail\").")
@click.option("--public-url", default=None, metavar="URL",
              help="The address players open the server at, for the links in mails "
                   "(default: the http://HOST:PORT/ it prints).")
@click.option("--mail-settings", "mail_file", default=None, metavar="FILE",
              type=click.Path(dir_okay=False, path_type=Path),
              help="A TOML file holding smtp = \"URL\" and public_url = \"URL\" (what "
                   "--smtp and --public-url say, which win over it), so that the relay's "
                   "password is in a file only its owner reads.")
@friendly
def serve_command(host: str, port: int, db: str | None, workers: int, max_think: float,
                  create_limit: str, sign_up_limit: str, expire_hours: float,
                  bot_workers: int | None, bots: str | None, smtp: str | None,
                  public_url: str | None, mail_file: Path | None) -> None:
    """Serve tables to browsers, remote bots and other clients (docs/protocol.md).

    Refused in one line, exit status 1: several workers on SQLite, or a SQLite file that
    another tavola serve is using."""
    count, slash, seconds = create_limit.partition("/")
    from tavola.server.raybots import is_ray_address
    if bots is not None and not is_ray_address(bots):
        raise BadOptions(f"--bots is a Ray address, ray://HOST:PORT or ray:local, not "
                         f"{bots[:60]!r}")
    if not (slash and count.isdigit() and int(count) >= 1 and _positive(seconds)):
        raise BadOptions(f"--create-limit is N/SECONDS, e.g. 20/600, not {create_limit!r}")
    accounts, slash, account_seconds = sign_up_limit.partition("/")
    if not (slash and accounts.isdigit() and int(accounts) >= 1
            and _positive(account_seconds)):
        raise BadOptions(f"--sign-up-limit is N/SECONDS, e.g. 5/600, not {sign_up_limit!r}")
    try:
        from tavola.server.app import serve
        from tavola.server.tables import Limits
    except ImportError as exc:
        raise BadOptions(f"the server needs the web extra ({exc.name} is missing): "
                         f"pip install 'tavola[web]'") from None
    # An address that means "every interface" is not one a browser can open.
    shown = {"0.0.0.0": "127.0.0.1", "::": "[::1]"}.get(host, host)
    if ":" in shown and not shown.startswith("["):
        shown = f"[{shown}]"
    if mail_file is not None:
        smtp, public_url = _mail_file(mail_file, smtp, public_url)
    mail = None
    if smtp:
        from tavola.server.mail import MailError, MailSettings
        try:
            mail = MailSettings.parse(smtp, public_url or f"http://{shown}:{port}/")
        except MailError as exc:
            raise BadOptions(f"--smtp: {exc}") from None
    elif public_url is not None:
        raise BadOptions("--public-url is for the links in mails: give --smtp too")
    click.echo(f"Open http://{shown}:{port}/ in a browser to play.")
    serve(host, port, db, workers, limits=Limits(
        think=max_think, creations=int(count), creation_seconds=float(seconds),
        sign_ups=int(accounts), sign_up_seconds=float(account_seconds),
        expire_hours=expire_hours or None), bot_workers=bot_workers, bots=bots, mail=mail)


def _mail_file(path: Path, smtp: str | None,
               public_url: str | None) -> tuple[str | None, str | None]:
    """Return the SMTP and public URLs, the options' or else the settings file's."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise BadOptions(f"--mail-settings {str(path)[:80]!r}: {exc}") from None
    unknown = sorted(set(data) - {"smtp", "public_url"})
    if unknown:
        raise BadOptions(f"--mail-settings: unknown setting {unknown[0]!r} (known: smtp, "
                         "public_url)")
    for key in ("smtp", "public_url"):
        if key in data and not isinstance(data[key], str):
            raise BadOptions(f"--mail-settings: {key} is a text (a URL in quotes)")
    return smtp or data.get("smtp"), public_url or data.get("public_url")


def _positive(text: str) -> bool:
    try:
        return math.isfinite(float(text)) and float(text) > 0
    except ValueError:
        return False
