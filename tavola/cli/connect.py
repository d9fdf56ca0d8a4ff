"""`tavola connect`: play a seat of a remote table with a local bot.

The bot receives only what the server sent that seat (its view, its redacted log and its
legal actions); a searching bot samples full states from that information set alone.
"""

from __future__ import annotations

import json
import random
from typing import Any
from urllib.error import HTTPError, URLError
from urllib.request import Request, urlopen

import click
from rich.console import Console
from rich.status import Status

from tavola.cli import words
from tavola.cli.common import friendly, out_console, print_text
from tavola.cli.words import LANGUAGE_LIST, say, system_language
from tavola.core import LANGUAGES, TavolaError
from tavola.core.game import seat_label


def _join(base: str, table: str, token: str, name: str) -> None:
    body = json.dumps({"token": token, "name": name}).encode()
    request = Request(f"{base}/api/v1/tables/{table}/join", body,
                      {"Content-Type": "application/json"})
    try:
        with urlopen(request, timeout=30):
            pass
    except HTTPError as exc:
        raise TavolaError(f"the server refused the name: "
                          f"{json.loads(exc.read() or b'{}').get('error', exc.reason)}") from None
    except URLError as exc:
        raise TavolaError(f"cannot reach {base}: {exc.reason}") from None


def thinking_lines(frame: dict[str, Any], lang: str) -> list[str]:
    """Return a line in `lang` for every bot a state frame says is thinking (its
    `thinking` field: seat, seconds so far, think time); none when the field is absent, as
    from a server older than it, or holds anything else."""
    thinking = frame.get("thinking") if frame.get("type") == "state" else None
    seats = frame.get("seats")
    if not isinstance(thinking, list) or not isinstance(seats, list):
        return []
    lines = []
    for entry in thinking:
        if not isinstance(entry, dict):
            continue
        seat, elapsed, budget = entry.get("seat"), entry.get("elapsed"), entry.get("budget")
        if (not isinstance(seat, int) or not 0 <= seat < len(seats)
                or not isinstance(elapsed, (int, float))):
            continue
        about = seats[seat] if isinstance(seats[seat], dict) else {}
        name = str(about.get("player") or about.get("label") or seat_label(seat))
        args = {"name": name, "bot": str(about.get("bot") or "bot"),
                "elapsed": words.decimal(lang, float(elapsed), fixed=True)}
        if isinstance(budget, (int, float)) and budget > 0:
            lines.append(say(lang, "thinking", budget=words.decimal(lang, budget, 2), **args))
        else:
            lines.append(say(lang, "thinking_open", **args))
    return lines


class Progress:
    """Shows what the server says of the bots thinking at the table: on a terminal a line
    drawn again with each frame; elsewhere (a pipe, a log) a line each time a seat starts
    thinking."""

    def __init__(self, console: Console, lang: str) -> None:
        self.console = console
        self.lang = lang
        self.status: Status | None = None
        self.seats: set[int] = set()

    def frame(self, frame: dict[str, Any]) -> None:
        """Show the thinking a frame tells of (a frame without it changes nothing)."""
        if frame.get("type") != "state" or "thinking" not in frame:
            return
        lines = thinking_lines(frame, self.lang)
        if self.console.is_terminal:
            if lines and self.status is None:
                self.status = self.console.status(" · ".join(lines))
                self.status.start()
            elif lines and self.status is not None:
                self.status.update(" · ".join(lines))
            elif not lines:
                self.stop()
            return
        thinking = frame["thinking"]
        now = {entry.get("seat") for entry in thinking if isinstance(entry, dict)}
        for line, entry in zip(lines, thinking, strict=False):
            if isinstance(entry, dict) and entry.get("seat") not in self.seats:
                print_text(self.console, line)
        self.seats = {seat for seat in now if isinstance(seat, int)}

    def stop(self) -> None:
        """Take the line away."""
        if self.status is not None:
            self.status.stop()
            self.status = None


@click.command("connect")
@click.argument("url")
@click.option("--bot", "-b", "spec", default="random", show_default=True,
              help="The bot that plays the seat (a name or spec, as `tavola games GAME` lists).")
@click.option("--name", default=None, help="The display name to take at the table.")
@click.option("--seed", type=int, default=None, help="Seed of the bot's own randomness.")
@click.option("--lang", type=click.Choice(LANGUAGES), default=None,
              help=f"The language of the result line: {LANGUAGE_LIST} (default: the system's, "
                   "else en).")
@friendly
def connect_command(url: str, spec: str, name: str | None, seed: int | None,
                    lang: str | None) -> None:
    """Play the seat of an invitation link URL with a local bot until the game ends."""
    language = lang or system_language()
    try:
        from tavola.server.bots import make_bot
        from tavola.server.remote import Invite, RemoteSeat
    except ImportError as exc:
        raise TavolaError(f"connecting needs the web extra ({exc.name} is missing): "
                          f"pip install 'tavola[web]'") from None

    invite = Invite.parse(url)
    if name is not None:
        _join(invite.base, invite.table, invite.token, name)
    try:
        seat = RemoteSeat(invite.websocket, invite.token)
    except OSError as exc:
        raise TavolaError(f"cannot reach {invite.base}: {exc}") from None
    try:
        while seat.known.game is None:
            frame = seat.receive()
            if frame["type"] == "error":
                raise TavolaError(f"the server refused: {frame['message']}")
        game = seat.known.game
        assert game is not None and seat.known.seat is not None
        agent = make_bot(spec, game.info.name)
        console = out_console()
        me = seat_label(seat.known.seat)
        print_text(console, f"Playing {me} of {game.info.title} ({game.players} players) "
                            f"with {spec}.")
        progress = Progress(console, language)
        try:
            final = seat.play(agent, random.Random(seed), on_frame=progress.frame)
        finally:
            progress.stop()
    finally:
        seat.close()
    result = final.result or {}
    ranks, scores = result.get("ranks", []), result.get("scores", [])
    lines = [say(language, "connect_line", seat=seat_label(p),
                 score=words.number(language, scores[p]), rank=ranks[p])
             for p in range(len(ranks))]
    print_text(console, say(language, "connect_over",
                                 lines=say(language, "list_separator").join(lines)))
