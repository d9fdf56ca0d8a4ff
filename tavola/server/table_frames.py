"""What each client of a table is sent: its state frame (only what its seat may know, every
text in its language), the seats' public facts, and the lobby's summary of a table."""

from __future__ import annotations

import functools
import json
import time
from typing import Any

from tavola.core import Game, load
from tavola.core.game import seat_label
from tavola.server.messages import shown_name
from tavola.server.protocol import PROTOCOL
from tavola.server.settings import Settings
from tavola.server.storage import SeatRow, TableRow
from tavola.server.table_chat import TALK
from tavola.server.table_core import FALLBACK, HUMAN, Client, TableCore
from tavola.server.table_seats import claimable


def seat_json(game: Game, seat: SeatRow, lang: str, connected: bool = False,
              zombie: bool = False, seconds_left: float | None = None,
              out_of_time: bool = False, vote_seconds: float | None = None) -> dict[str, Any]:
    """Return the public facts of one seat (the game's name of the seat in `lang`): its
    clock (`seconds_left`, None without one), whether it ran out of time, and how long the
    other players have left to answer whether a stand-in should play it (None: no vote)."""
    return {"seat": seat.seat, "label": seat_label(seat.seat),
            "player": game.player_name(seat.seat, lang),
            "colour": game.player_colour(seat.seat), "kind": seat.kind, "bot": seat.bot,
            "name": shown_name(seat.name or seat.reserved, lang),
            "reserved": seat.reserved is not None,
            "joined": seat.name is not None, "taken": seat.taken, "connected": connected,
            "zombie": zombie, "seconds_left": seconds_left, "out_of_time": out_of_time,
            "vote_seconds": vote_seconds, "waited": seat.waited}


def summary_json(table_id: str, game: Game, settings: Settings, seats: list[dict[str, Any]],
                 free: list[int], moves: int, finished: bool, begun: bool) -> dict[str, Any]:
    """Return what the lobby shows of a table; `state` is the number of moves made, and
    `begun` says whether play began (False: the table waits for its players)."""
    return {"table": table_id, "game": game.info.name, "title": game.info.title,
            "players": game.players, "options": dict(game.options), "seats": seats,
            "free": free, "state": moves, "finished": finished, "begun": begun,
            "settings": settings.to_json()}


@functools.lru_cache(maxsize=256)
def _listed_game(name: str, players: int, options: str) -> Game:
    return load(name, players, **json.loads(options))


def stored_summary(row: TableRow, moves: int, lang: str) -> dict[str, Any]:
    """Return the lobby's summary of a stored table that is not in memory (nobody is
    connected to it here, no bot of it is thinking and no clock of it is running)."""
    game = _listed_game(row.game, row.players, json.dumps(row.options, sort_keys=True))
    settings = Settings.from_json(row.settings)
    return summary_json(row.id, game, settings, [seat_json(game, s, lang) for s in row.seats],
                        [s.seat for s in row.seats if claimable(settings, s)], moves,
                        row.finished, row.started is not None)


class TableFrames(TableCore):
    """The frames of a table: what each client is sent."""

    # -- frames ---------------------------------------------------------------------------
    def seats_json(self, lang: str = "en") -> list[dict[str, Any]]:
        """Return the public facts of every seat (the game's name of each seat in `lang`):
        a seat is connected if any server process has a connection of it."""
        connected = self.connected_here() | self.elsewhere
        now = time.time()
        out = []
        for s in self.seats:
            left = self.clocks.remaining(s.seat, now) if s.kind == HUMAN else None
            vote = self.clocks.out.get(s.seat)
            out.append(seat_json(self.game, s, lang, connected=s.seat in connected,
                                 zombie=s.seat in self.zombies,
                                 seconds_left=None if left is None else round(left, 1),
                                 out_of_time=self.clocks.is_out(s.seat, now),
                                 vote_seconds=None if vote is None
                                 else max(0.0, round(vote - now, 1))))
        return out

    def summary(self, lang: str = "en") -> dict[str, Any]:
        """Return what the lobby shows of this table (seat names in `lang`)."""
        return summary_json(self.id, self.game, self.settings, self.seats_json(lang),
                            [s.seat for s in self.seats if self.claimable(s)], self.count,
                            self.state.is_terminal, self.started is not None)

    def _seen(self, viewer: int | None, lang: str) -> dict[str, Any]:
        cached = self._cache.get((viewer, lang))
        if cached is None:
            state = self.state
            legal: list[dict[str, str]] = []
            prompt = None
            if viewer is not None and viewer in state.to_act and self.started is not None:
                legal = [{"action": str(a), "label": state.describe(viewer, a, lang)}
                         for a in state.legal_actions(viewer)]
                prompt = state.prompt(viewer, lang)
            cached = {"view": state.view(viewer), "legal": legal, "prompt": prompt,
                      "log": self._rendered_log(viewer, lang)}
            self._cache[(viewer, lang)] = cached
        return cached

    def _rendered_log(self, viewer: int | None, lang: str) -> list[dict[str, Any]]:
        # A viewer's log only grows (a take-back or a rebuild clears this), so only the
        # events new since the last change are rendered.
        events = self.state.log(viewer)
        rendered = self._rendered.setdefault((viewer, lang), [])
        if len(events) < len(rendered):
            rendered.clear()
        rendered.extend(dict(e.public_json(), text=self.game.render_event(e, lang))
                        for e in events[len(rendered):])
        return rendered

    def frame_for(self, client: Client) -> dict[str, Any]:
        """Return the state frame for one client (its log from where it last read), every
        text in the client's language."""
        seen = self._seen(client.seat, client.lang)
        events = seen["log"]
        start = client.log_sent if client.log_sent <= len(events) else 0
        client.log_sent = len(events)
        state = self.state
        return {"type": "state", "protocol": PROTOCOL, "table": self.id, "you": client.seat,
                "state": self.state_id, "to_act": list(state.to_act), "view": seen["view"],
                "prompt": seen["prompt"], "legal": seen["legal"],
                "log": {"from": start, "events": events[start:]},
                "seats": self.seats_json(client.lang), "finished": state.is_terminal,
                "result": self.result_json(client.lang) if state.is_terminal else None,
                "may_undo": self.may_undo(client), "waiting": self.started is None,
                "clock": self.settings.clock.to_json(), "thinking": self.thinking_json(),
                "replaced": self.replaced}

    def thinking_json(self) -> list[dict[str, Any]]:
        """Return which seat's bot (or stand-in) is deciding now, for how long so far and
        its think time (empty when no bot is deciding)."""
        if self.state.is_terminal or self.started is None:
            return []
        seat = self._bot_seat()
        if seat is None:
            return []
        elapsed = 0.0
        if self.thinking is not None and self.thinking[0] == seat:
            elapsed = max(0.0, time.time() - self.thinking[1])
        return [{"seat": seat, "elapsed": round(elapsed, 2), "budget": self._budget(seat)}]

    @property
    def replaced(self) -> list[dict[str, int]]:
        """The decisions a simple policy made for a bot that did not answer (each with its
        number, 0 first, and its seat)."""
        return [{"n": a.n, "seat": a.seat} for a in self.actions if a.by == FALLBACK]

    def result_json(self, lang: str) -> dict[str, Any]:
        """Return the finished game's result, with what its tie-break numbers count in
        `lang` ("" where there are none)."""
        result = self.state.result()
        note = self.state.game.info.tiebreak.get(lang, "") if result.tiebreaks else ""
        return {**result.to_json(), "tiebreak_note": note}

    def broadcast(self) -> None:
        """Send every client its own new state frame."""
        for client in list(self.clients):
            client.push(self.frame_for(client))

    def set_lang(self, client: Client, lang: str) -> None:
        """Switch `client` to `lang` (checked by the protocol): send it the whole state
        again in that language, its log from the start, and the table talk it has read
        (the same message ids, the new text)."""
        client.lang = lang
        client.log_sent = 0
        client.push(self.frame_for(client))
        for row in self.recent_chat:
            if row.channel == TALK and self.may_read_chat(client, row.channel):
                client.push(self.chat_frame(row, lang))

    def push_seats(self) -> None:
        """Send every client the seats' public facts (in its language)."""
        frames: dict[str, dict[str, Any]] = {}
        for client in list(self.clients):
            if client.lang not in frames:
                frames[client.lang] = {"type": "seats", "protocol": PROTOCOL,
                                       "seats": self.seats_json(client.lang)}
            client.push(frames[client.lang])
