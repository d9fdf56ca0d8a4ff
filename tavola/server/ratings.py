"""Rated tables and the players' ratings (docs/protocol.md, "Rated tables and ratings").

There are two ladders per game, kept apart: **people** (rated tables among people) and
**vs bots** (tables rated against bots).

- **A rated table** is marked so by its creator. Every seat is for a person with an
  account: a seat is taken by opening its invitation while signed in (the seat is then
  attached to the account, under the account's name), and a seat's link plays only once an
  account took it. The people's clock runs (real time or turn based), nobody may take a
  decision back, and play waits for every seat. The stand-in bot that plays a seat whose
  person ran out of time or left is not rated: it plays the seat of a player who abandoned.
- **A table rated against bots** (`"rated_bots": true`) is a rated table whose other seats
  are bots of the game's levels (`easy`, `medium`, `hard`, `strong` by name, nothing
  else): at least one seat for a person, at least one bot, every person's seat an
  account's, a clock, no take-backs, and a bot time no shorter than the levels' think times
  (so every level plays as it was measured). Its result moves each account's **vs-bots
  rating** for the game, never its people's rating.
- **The bots' ratings are fixed and public**: each level's rating per game was measured
  (`benchmarks/bot_ratings.py`, four-player games, one seat per level; the scale anchored
  so that `easy` is mu 25, where every new account starts) and ships with the package
  (`tavola.agents.levels.level_rating`, each with the spec it was measured with: a level
  whose spec changed has no rating until measured again, and a table cannot be rated
  against it). A capped level (`easy`, `medium`, `hard`) plays the same on any machine;
  `strong` thinks by the clock, so its rating holds for an idle core.
- **Ratings** are OpenSkill's (the `openskill` package, as the tournaments use it), with
  its Plackett-Luce model and its default parameters (a new player: mu 25, sigma 25/3; the
  default tau keeps a rating able to move after many games). One rating per account, game
  and ladder. After a rated game each seat is one team of one, ranked by the game's own
  result (ties share a rank, as the library models them); a seat a stand-in plays at the
  end (its person's clock ran out, or they left, and they were not back by the end) ranks
  last, below every seat that played to the end, several such seats tied together. Against
  bots, the bots enter the same update with their fixed ratings, and only the people's new
  ratings are kept: the bots' do not move (`rate_against_bots`).
- **Settling** happens once per game, in the process that stored the final action, in one
  transaction that stores every person's result (with the ratings before and after; against
  bots, also the bots and their ratings) and the new ratings (`storage.settle_rated`): a
  second attempt finds the results and changes nothing. A rating is shown with its
  uncertainty (sigma); leaderboards rank by the conservative estimate `mu - 3 sigma`
  (OpenSkill's `ordinal`).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import secrets
import time
from typing import TYPE_CHECKING, Any

from sqlalchemy.exc import IntegrityError

from tavola.agents.levels import LEVELS, SECONDS, level_ratings
from tavola.core import UnknownGame, info
from tavola.server import storage as db
from tavola.server import tokens
from tavola.server.accounts import AccountRefused, Accounts
from tavola.server.settings import SeatRequest, Settings
from tavola.server.storage import AccountRow, RatedSeat
from tavola.server.table_core import BOT, HUMAN, Refused

if TYPE_CHECKING:
    from tavola.server.tables import LiveTable

log = logging.getLogger("tavola.server")

Pair = tuple[float, float]


@functools.lru_cache(maxsize=1)
def model() -> Any:
    """Return OpenSkill's Plackett-Luce model with its default parameters."""
    from openskill.models import PlackettLuce

    return PlackettLuce()


def rate(before: list[Pair | None], ranks: list[int]) -> list[tuple[Pair, Pair]]:
    """Return each player's (mu, sigma) before and after a game in which they ranked
    `ranks` (1 is best; equal ranks are a tie); None is a player not rated yet."""
    plackett = model()
    ratings = [plackett.rating() if b is None else plackett.rating(mu=b[0], sigma=b[1])
               for b in before]
    starts = [(r.mu, r.sigma) for r in ratings]
    after = plackett.rate([[r] for r in ratings], ranks=[float(r) for r in ranks])
    return [(s, (team[0].mu, team[0].sigma)) for s, team in zip(starts, after, strict=True)]


def rate_against_bots(before: list[Pair | None], ranks: list[int], bots: list[Pair],
                      bot_ranks: list[int]) -> list[tuple[Pair, Pair]]:
    """Return each person's (mu, sigma) before and after a game against bots: the people
    ranked `ranks`, the bots, of fixed ratings `bots`, ranked `bot_ranks`. The bots enter
    the update as the players they are; their new ratings are dropped (they do not move)."""
    plackett = model()
    people = [plackett.rating() if b is None else plackett.rating(mu=b[0], sigma=b[1])
              for b in before]
    fixed = [plackett.rating(mu=mu, sigma=sigma) for mu, sigma in bots]
    starts = [(r.mu, r.sigma) for r in people]
    after = plackett.rate([[r] for r in people + fixed],
                          ranks=[float(r) for r in ranks + bot_ranks])
    return [(s, (team[0].mu, team[0].sigma))
            for s, team in zip(starts, after[:len(people)], strict=True)]


def ordinal(mu: float, sigma: float) -> float:
    """Return the conservative estimate of a rating that leaderboards rank by."""
    return mu - 3 * sigma


def rated_settings(settings: Settings, seats: list[SeatRequest]) -> Settings:
    """Return a rated table's settings (no take-backs; play waits for every seat), or
    refuse what a rated table cannot be: a seat that is not a person's, or no clock."""
    if len(seats) < 2 or any(s.kind != HUMAN for s in seats):
        raise Refused("rated_people_only")
    if not settings.clock.on:
        raise Refused("rated_needs_clock")
    settings.rated = True
    settings.undo = False
    settings.wait = True
    return settings


def bots_rated_settings(settings: Settings, seats: list[SeatRequest],
                        game: str) -> Settings:
    """Return the settings of a table rated against bots (no take-backs; play waits for
    every seat), or refuse what it cannot be: no person, no bot, a bot that is not one of
    the game's rated levels, a bot time shorter than a level's think time, no clock."""
    people = [s for s in seats if s.kind == HUMAN]
    bots = [s for s in seats if s.kind != HUMAN]
    if not people or not bots:
        raise Refused("rated_bots_mix")
    try:
        rated = level_ratings(info(game).name)
    except UnknownGame:
        return settings  # the table's own check refuses the unknown game, naming it
    for seat in bots:
        if seat.kind != BOT or seat.bot not in rated:
            raise Refused("rated_bots_levels",
                          levels=", ".join(level for level in LEVELS if level in rated)
                          or "-")
    slowest = max(SECONDS[str(s.bot)] for s in bots)
    if settings.bot_seconds < slowest:
        raise Refused("rated_bots_think", seconds=f"{slowest:g}")
    if not settings.clock.on:
        raise Refused("rated_needs_clock")
    settings.rated = True
    settings.rated_bots = True
    settings.undo = False
    settings.wait = True
    return settings


async def account_seat(table: LiveTable, seat: int, session: str | None,
                       token_hash: str) -> AccountRow:
    """Take `seat` of a rated table for the account of `session` (refuse without one):
    attach the seat, whose token hashes to `token_hash`, to the account; return it."""
    accounts = Accounts(table.hub.storage)
    account = await accounts.account_of(session)
    if account is None:
        raise AccountRefused(401, "rated_needs_account")
    owner = await asyncio.to_thread(db.attach_seat_anew, table.hub.storage, account.id,
                                    table.id, seat, token_hash, time.time())
    if owner != account.id:
        raise AccountRefused(409, "seat_of_another_account")
    return account


async def seat_attached(table: LiveTable, seat: int) -> bool:
    """True if an account took `seat` of this rated table with the seat's present link."""
    current = table.seats[seat].token_hash
    attached = await asyncio.to_thread(db.seat_accounts, table.hub.storage, table.id)
    held = attached.get(seat)
    return (current is not None and held is not None
            and secrets.compare_digest(held[1], current))


async def carry_to_rematch(table: LiveTable, seat: int, rematch: LiveTable, place: int,
                           token: str) -> None:
    """Attach the rematch seat of a rated table's `seat` to the same account."""
    attached = await asyncio.to_thread(db.seat_accounts, table.hub.storage, table.id)
    if seat in attached:
        await asyncio.to_thread(db.attach_seat_anew, table.hub.storage, attached[seat][0],
                                rematch.id, place, tokens.token_hash(token), time.time())


def final_ranks(ranks: list[int], abandoned: set[int]) -> list[int]:
    """Return each seat's rank for the ratings: the game's own among the seats played to
    the end, and last, together, for the seats abandoned."""
    kept = [r for s, r in enumerate(ranks) if s not in abandoned]
    out = []
    for seat, rank in enumerate(ranks):
        if seat in abandoned:
            out.append(1 + len(kept))
        else:
            out.append(1 + sum(1 for r in kept if r < rank))
    return out


async def settle(table: LiveTable) -> bool:
    """Rate a finished rated game (once): True if this call stored its results. A failure
    is logged, never raised: the game's last action is stored and acknowledged already."""
    try:
        return await _settle(table)
    except Exception:
        log.exception("table %s: its ratings could not be stored", table.id)
        return False


async def _settle(table: LiveTable) -> bool:
    if not table.settings.rated or not table.state.is_terminal:
        return False
    attached = await asyncio.to_thread(db.seat_accounts, table.hub.storage, table.id)
    abandoned = {s for s in table.zombies if table.seats[s].kind == HUMAN}
    ranks = final_ranks(list(table.state.result().ranks), abandoned)
    seats = [RatedSeat(s, attached[s][0], ranks[s], s in abandoned)
             for s in range(len(table.seats)) if s in attached]
    game = table.game.info.name
    rate_of: db.Rate = rate
    ladder, bots = "people", None
    if table.settings.rated_bots:
        ladder, bots = "bots", []
        fixed_pairs: list[Pair] = []
        fixed_ranks: list[int] = []
        for s, seat in enumerate(table.seats):
            if seat.kind == HUMAN:
                continue
            fixed = level_ratings(game).get(str(seat.bot))
            if fixed is None:
                log.error("table %s: its bot %r has no rating: the game is not rated",
                          table.id, seat.bot)
                return False
            bots.append({"seat": s, "level": fixed.level, "rank": ranks[s],
                         "mu": fixed.mu, "sigma": fixed.sigma})
            fixed_pairs.append((fixed.mu, fixed.sigma))
            fixed_ranks.append(ranks[s])
        rate_of = functools.partial(_against, bots=fixed_pairs, bot_ranks=fixed_ranks)
        if not seats:
            log.warning("table %s: a game rated against bots without an account is not "
                        "rated", table.id)
            return False
    elif len(seats) < 2:
        log.warning("table %s: a rated game with fewer than two accounts is not rated",
                    table.id)
        return False
    for _ in range(3):
        try:
            return await asyncio.to_thread(db.settle_rated, table.hub.storage, table.id,
                                           game, seats, rate_of, time.time(), ladder, bots)
        except IntegrityError:
            continue  # a first rating was made at the same moment by another game: again
    log.error("table %s: its ratings could not be stored", table.id)
    return False


def _against(before: list[Pair | None], ranks: list[int], *, bots: list[Pair],
             bot_ranks: list[int]) -> list[tuple[Pair, Pair]]:
    return rate_against_bots(before, ranks, bots, bot_ranks)
