"""The HTTP routes of the games a server offers: the list with each game's summary,
options and bots, the names and colours of a table's seats, and a game's rules help
(docs/protocol.md, "HTTP routes"). They hold nothing of any table.
"""

from __future__ import annotations

import functools
import json
from typing import Annotated, Any

from fastapi import APIRouter, Query

from tavola.agents import agent_names
from tavola.core import UnknownGame, game_names, info, load
from tavola.core.game import Game, GameInfo, seat_label
from tavola.server.answers import GameOut, GameSeats, HelpOut
from tavola.server.routes_common import API, Lang, Problem, answers, language
from tavola.server.tables import Refused, set_up


def help_topics(game: Game, lang: str) -> dict[str, Any]:
    """Return a game's help: its summary and every help topic with its explanation."""
    topics = game.glossary(lang)
    return {"game": game.info.name, "title": game.info.title, "players": game.players,
            "options": dict(game.options), "lang": lang,
            "summary": summary_json(game.info, lang),
            "topics": [{"topic": name, "text": text} for name, text in topics.items()]}


def summary_json(facts: GameInfo, lang: str) -> dict[str, str]:
    """Return a game's summary in `lang` and the language it is in (English where the game
    has none in `lang`)."""
    text, written = facts.summary_in(lang)
    return {"text": text, "lang": written}


def seat_names(game: Game, lang: str) -> list[str]:
    """Return the game's own name of each seat in `lang` (a colour, a palace), as a table
    shows them."""
    return [game.player_name(p, lang) for p in range(game.players)]


@functools.lru_cache(maxsize=64)
def game_listing(name: str, lang: str) -> dict[str, Any]:
    """Return what the lobby shows of a game, its texts in `lang`; the seats' names are
    given per player count, with the default options."""
    facts = info(name)
    counts = range(facts.min_players, facts.max_players + 1)
    return {"name": name, "title": facts.title, "version": facts.version,
            "summary": summary_json(facts, lang),
            "min_players": facts.min_players, "max_players": facts.max_players,
            "options": [{"name": o.name, "default": o.default,
                         "choices": list(o.choices), "help": o.help}
                        for o in facts.options],
            "bots": agent_names(name),
            "seat_names": {str(n): seat_names(load(name, n), lang) for n in counts}}


def game_options(text: str) -> dict[str, Any]:
    """Return the options a query names as a JSON object; raise a one-line refusal for
    anything else."""
    try:
        options = json.loads(text)
    except ValueError:
        options = None
    if not isinstance(options, dict) or not all(
            isinstance(v, (bool, int, str)) for v in options.values()):
        raise Problem(400, "options_query")
    return options


def game_info(name: str) -> GameInfo:
    """Return the facts of the game `name`; refuse (404) if the server has none."""
    try:
        return info(name[:40])
    except UnknownGame:
        raise Problem(404, "unknown_game", game=name[:40],
                      games=", ".join(game_names())) from None


def games_router() -> APIRouter:
    """Return the routes of the games."""
    router = APIRouter(tags=["games"])

    @router.get(f"{API}/games", responses=answers(400, 422), response_model=list[GameOut])
    async def games(lang: Lang = "en") -> list[dict[str, Any]]:
        """The games this server offers: summary (in `lang`), players, options, bots and
        the names of the seats (in `lang`) for each player count."""
        return [game_listing(name, language(lang)) for name in game_names()]

    @router.get(f"{API}/games/{{name}}/seats", responses=answers(400, 404, 422),
                response_model=GameSeats)
    async def game_seats(name: str, players: Annotated[int, Query(ge=1, le=99)],
                         lang: Lang = "en",
                         options: Annotated[str, Query(max_length=2000)] = "{}",
                         ) -> dict[str, Any]:
        """The game's own names and colours of the seats (names in `lang`) of a table of
        `players` with `options` (a JSON object; left out: the defaults)."""
        facts = game_info(name)
        try:
            game = set_up(facts.name, players, game_options(options))
        except Refused as exc:
            raise Problem.of(400, exc) from None
        lang = language(lang)
        return {"game": facts.name, "players": players, "options": dict(game.options),
                "lang": lang, "seats": [{"seat": p, "label": seat_label(p), "player": player,
                                         "colour": game.player_colour(p)}
                                        for p, player in enumerate(seat_names(game, lang))]}

    @router.get(f"{API}/games/{{name}}/help", responses=answers(400, 404, 422),
                response_model=HelpOut)
    async def game_help(name: str, lang: Lang = "en",
                        players: Annotated[int | None, Query(ge=1, le=99)] = None,
                        ) -> dict[str, Any]:
        """A game's rules help in `lang`: its summary and every help topic (each card,
        piece, space and track, and what it does), for `players` (default: the most)."""
        facts = game_info(name)
        game = set_up(facts.name, facts.max_players if players is None else players, {})
        return help_topics(game, language(lang))

    return router
