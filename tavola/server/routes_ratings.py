"""The HTTP routes of ratings (`tavola.server.ratings`): a player's public profile, a
game's leaderboards (among people, and against bots) and the bots' fixed ratings per
level (docs/protocol.md, "Rated tables and ratings"). All are public: they
say only what anybody watching the games could know — names, ratings, counts, and the
finished games that anybody may watch (rated tables and tables listed in the lobby, with
spectators allowed); never a token, a private table or anything of the account itself.
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Literal

from fastapi import APIRouter, FastAPI, Query, Request
from pydantic import BaseModel

from tavola.agents.levels import LEVELS, level_ratings, level_spec
from tavola.core import UnknownGame, game_names, info
from tavola.core.game import LANGUAGES, seat_label
from tavola.server import storage as db
from tavola.server.accounts import AccountRefused, name_key
from tavola.server.messages import LANGUAGE_LIST
from tavola.server.protocol import no_language
from tavola.server.ratings import ordinal
from tavola.server.routes_accounts import API, answers, hub_of
from tavola.server.settings import Settings

ANCHOR = ("easy is mu 25 in every game: the rating a new account starts with on either "
          "ladder")
"""What the bots' scale means (benchmarks/bot_ratings.py)."""

RECENT = 20
"""How many recent games a profile lists."""


class RatingOut(BaseModel):
    """A player's rating for one game: OpenSkill's mu and its uncertainty sigma, the
    conservative estimate `ordinal` (mu - 3 sigma) and the rated games played and won."""

    game: str
    title: str
    mu: float
    sigma: float
    ordinal: float
    played: int
    won: int


class GameOut(BaseModel):
    """One finished game of a player that anybody may watch, with its replay."""

    table: str
    game: str
    title: str
    players: int
    seat: int
    label: str
    created: float
    rated: bool
    ladder: str | None
    """The ladder the game moved: `people` (rated among people), `bots` (rated against
    bots) or None (unrated)."""
    rank: int | None
    """The player's rank in a rated game (1 is best; an abandoned seat ranks last); None
    in an unrated one."""
    abandoned: bool
    change: float | None
    """How much the rating's mu moved with this game (rated games only)."""
    replay: str


class ProfileOut(BaseModel):
    """A player's public profile."""

    name: str
    created: float
    played: int
    won: int
    ratings: list[RatingOut]
    """The ratings among people (rated tables of people)."""
    bots_ratings: list[RatingOut]
    """The vs-bots ratings (tables rated against bots): a ladder of its own."""
    recent: list[GameOut]


class LeaderOut(BaseModel):
    """One line of a leaderboard."""

    place: int
    name: str
    mu: float
    sigma: float
    ordinal: float
    played: int
    won: int


class LeadersOut(BaseModel):
    """A game's leaderboard: the rated players, best first by `ordinal`."""

    game: str
    title: str
    ladder: str
    """`people` or `bots` (the vs-bots ladder)."""
    leaders: list[LeaderOut]


class BotRatingOut(BaseModel):
    """A bot level's fixed public rating in one game, and how it was measured."""

    level: str
    mu: float
    sigma: float
    ordinal: float
    games: int
    """The games it was measured over."""
    spec: str
    """The exact spec measured (the level's spec)."""
    date: str
    command: str
    by_clock: bool
    """True for a level that thinks by the clock (`strong`): its rating holds for an idle
    core; the other levels are simulation-capped and play alike on any machine."""


class GameBotsOut(BaseModel):
    """One game's bot levels with their ratings."""

    game: str
    title: str
    levels: list[BotRatingOut]


class BotsOut(BaseModel):
    """The bots' fixed public ratings per game and level, and the scale's anchor."""

    anchor: str
    games: list[GameBotsOut]


Lang = Annotated[str, Query(max_length=16, description=LANGUAGE_LIST)]


def _language(lang: str) -> str:
    if lang not in LANGUAGES:
        raise AccountRefused(400, no_language(lang).code, **no_language(lang).args_)
    return lang


def _title(game: str) -> str:
    try:
        return info(game).title
    except UnknownGame:
        return game


def ratings_router() -> APIRouter:
    """Return the profile and leaderboard routes."""
    router = APIRouter(tags=["ratings"])

    @router.get(f"{API}/players/{{name}}", responses=answers(400, 404, 422))
    async def profile(name: str, request: Request, lang: Lang = "en") -> ProfileOut:
        """A player's public profile: their ratings per game with their uncertainty, the
        rated games played and won, and their recent finished games that anybody may
        watch (rated tables, and tables listed in the lobby), each with its replay."""
        _language(lang)
        storage = hub_of(request).storage
        account = await asyncio.to_thread(db.account_by_key, storage, name_key(name[:200]))
        if account is None:
            raise AccountRefused(404, "unknown_player", name=name[:40])
        rows = await asyncio.to_thread(db.ratings_of, storage, account.id)
        against = await asyncio.to_thread(db.ratings_of, storage, account.id, "bots")
        results = {(r.table_id, r.seat): r for r in await asyncio.to_thread(
            db.results_of, storage, account.id, 500)}
        results |= {(r.table_id, r.seat): r for r in await asyncio.to_thread(
            db.results_of, storage, account.id, 500, "bots")}
        recent = []
        for table, seat in await asyncio.to_thread(db.finished_tables_of, storage,
                                                   account.id, 200):
            settings = Settings.from_json(table.settings)
            if not settings.spectators or not (settings.rated or settings.public):
                continue  # a private game stays private
            result = results.get((table.id, seat))
            recent.append(GameOut(
                table=table.id, game=table.game, title=_title(table.game),
                players=table.players, seat=seat, label=seat_label(seat),
                created=table.created, rated=settings.rated,
                ladder=("bots" if settings.rated_bots else "people") if settings.rated
                else None,
                rank=None if result is None else result.rank,
                abandoned=result is not None and result.abandoned,
                change=None if result is None else result.mu_after - result.mu_before,
                replay=f"/#/replay/{table.id}"))
            if len(recent) >= RECENT:
                break
        return ProfileOut(
            name=account.name, created=account.created,
            played=sum(r.played for r in rows), won=sum(r.won for r in rows),
            ratings=[RatingOut(game=r.game, title=_title(r.game), mu=r.mu, sigma=r.sigma,
                               ordinal=ordinal(r.mu, r.sigma), played=r.played, won=r.won)
                     for r in rows],
            bots_ratings=[RatingOut(game=r.game, title=_title(r.game), mu=r.mu,
                                    sigma=r.sigma, ordinal=ordinal(r.mu, r.sigma),
                                    played=r.played, won=r.won) for r in against],
            recent=recent)

    @router.get(f"{API}/games/{{name}}/leaders", responses=answers(400, 404, 422))
    async def leaderboard(name: str, request: Request, lang: Lang = "en",
                          limit: Annotated[int, Query(ge=1, le=200)] = 50,
                          ladder: Annotated[Literal["people", "bots"], Query(
                              description="people (rated among people) or bots (the "
                                          "vs-bots ladder)")] = "people") -> LeadersOut:
        """A game's leaderboard: its rated players on one ladder (among people, or against
        bots), best first by the conservative estimate mu - 3 sigma."""
        _language(lang)
        try:
            facts = info(name)
        except UnknownGame:
            raise AccountRefused(404, "unknown_game", game=name[:40],
                                 games=", ".join(game_names())) from None
        rows = await asyncio.to_thread(db.leaders, hub_of(request).storage, facts.name,
                                       limit, ladder)
        return LeadersOut(game=facts.name, title=facts.title, ladder=ladder, leaders=[
            LeaderOut(place=n, name=r.name, mu=r.mu, sigma=r.sigma,
                      ordinal=ordinal(r.mu, r.sigma), played=r.played, won=r.won)
            for n, r in enumerate(rows, 1)])

    @router.get(f"{API}/ratings/bots", responses=answers(400, 422))
    async def bots(lang: Lang = "en") -> BotsOut:
        """The bots' fixed public ratings: per game and level, the rating the vs-bots
        ladder rates people against, measured (`benchmarks/bot_ratings.py`) with the
        exact spec the level plays. `strong` thinks by the clock: its rating holds for an
        idle core."""
        _language(lang)
        games = []
        for game in game_names():
            rated = level_ratings(game)
            if not rated:
                continue
            games.append(GameBotsOut(game=game, title=_title(game), levels=[
                BotRatingOut(level=level, mu=r.mu, sigma=r.sigma,
                             ordinal=ordinal(r.mu, r.sigma), games=r.games, spec=r.spec,
                             date=r.date, command=r.command,
                             by_clock="iterations=" not in level_spec(game, level))
                for level in LEVELS if (r := rated.get(level)) is not None]))
        return BotsOut(anchor=ANCHOR, games=games)

    return router


def include_ratings(app: FastAPI) -> None:
    """Add the rating routes to `app` (their refusals are the accounts' kind)."""
    app.include_router(ratings_router())
