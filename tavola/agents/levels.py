"""Bot levels a player understands: `easy`, `medium`, `hard` and `strong`.

A level is an ordinary bot name (``--bots medium``, a table's seat, a stand-in, a
tournament) for a searching bot, and the levels are a ladder by construction: each game
names the spec of each level in `GameInfo.levels`, where `easy`, `medium` and `hard` are
searches with a **simulation cap** that grows level by level and a **think time** as their
ceiling (``iterations=N:seconds=T``: whichever comes first ends the search), and `strong` is
the game's strongest measured spec with a think time alone (0.5 s), so it uses every moment
it is given. The four games build the ladder alike: `easy` is the plain search (no rules of
thumb, random rollouts) with a few simulations; `hard` is the game's tuned search (Notre
Dame's is the plain one) with more; `medium` is between, the tuned search (Rattus) or the
plain one with more simulations than `easy` (Nottingham, Intrige: there the step from the
plain search to the tuned one separates levels, more simulations of the tuned search
hardly); `strong` is the tuned search by the clock, or where more simulations of the tuned
search do not beat `hard` a variant of it with the same rules of thumb searched another way
(Nottingham: the other players search in the tree instead of playing the greedy policy's
choice). The caps are each game's own, chosen
from its measured speed and strength; the think times (`SECONDS`) are the same in every
game. A level the game does not name is the plain
search by the clock, ``ismcts:seconds=T`` at that level's think time, so every game, a new
one included, offers all four. A level takes no options: its spec is the game's, not the
player's.

A capped level plays the same on any machine: its cap binds long before its think time on
an idle core, so on a fast machine it answers sooner than its think time, and its decisions
depend on the seed alone (unless a very slow machine reaches the think time first). The
search is anytime: it stops at its cap or its deadline and plays the best decision found so
far, after at least one simulation. Where a level meets another bound on think time, **the
smaller wins**: a table whose bot time is shorter than the level's think time cuts the level
to the table's bot time (`tavola.server.workers.thinking_at_most`), and the level's own time
stands at a table that allows more. Each level is measured against the level below in
`benchmarks/levels.py` (figures in `benchmarks/README.md`, "Bot levels").

Each level has a one-line description in every language (`HELP`, by language); the English one, with
the level's think time and spec, is the help `tavola games` prints.

Each game's levels have **fixed public ratings** (`level_rating`), measured by
`benchmarks/bot_ratings.py` (four-player games, one seat per level, OpenSkill's
Plackett-Luce model; the scale anchored so that `easy` has mu 25, the rating a new account
starts with) and shipped in `level_ratings.json` with the spec each was measured with: the
vs-bots ladder rates people against them (`tavola.server.ratings`). `strong` thinks by the
clock, so its rating holds for an idle core.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from pathlib import Path

from tavola.core import info
from tavola.core.catalogs import Translated
from tavola.core.game import SERVER_WORDS

LEVELS = ("easy", "medium", "hard", "strong")
"""The levels, weakest first."""

SECONDS = {"easy": 0.02, "medium": 0.1, "hard": 0.25, "strong": 0.5}
"""Each level's think time a decision, in seconds: the ceiling of a capped level, the whole
budget of `strong` and of every level of a game that names no spec of its own (the four
games name the same times)."""

HELP: Translated[dict[str, str]] = Translated(SERVER_WORDS, "LEVELS", {
    "easy": "a quick opponent that thinks only a moment a move: good for learning the game",
    "medium": "a fair opponent that takes a little longer over each move",
    "hard": "a tough opponent that thinks longer about every move",
    "strong": "the strongest bot we have measured for this game",
})
"""One line per level, by language (`HELP[lang][level]`), for lobbies and bot lists: the
English here, the other languages from the server's catalogs (tavola.server.text)."""


RATINGS_FILE = Path(__file__).with_name("level_ratings.json")
"""The levels' measured ratings (written by `benchmarks/bot_ratings.py --write`)."""


@dataclass(frozen=True)
class LevelRating:
    """A level's fixed public rating in one game, and how it was measured."""

    game: str
    level: str
    mu: float
    sigma: float
    games: int
    spec: str
    date: str
    command: str


@functools.lru_cache(maxsize=1)
def _ratings() -> dict[str, dict[str, LevelRating]]:
    body = json.loads(RATINGS_FILE.read_text(encoding="utf-8"))
    return {game: {level: LevelRating(game, level, float(r["mu"]), float(r["sigma"]),
                                      int(r["games"]), str(r["spec"]), str(r["date"]),
                                      str(r["command"]))
                   for level, r in levels.items()}
            for game, levels in body["games"].items()}


def level_ratings(game: str) -> dict[str, LevelRating]:
    """Return the measured rating of each of `game`'s levels that has one, weakest level
    first (none for a game never measured, such as a toy game of the tests); a rating
    measured with another spec than the level's present one is not returned (a stale
    rating is no rating)."""
    measured = _ratings().get(game, {})
    return {level: measured[level] for level in LEVELS
            if level in measured and measured[level].spec == level_spec(game, level)}


def level_rating(game: str, level: str) -> LevelRating | None:
    """Return `level`'s measured rating in `game`, or None if it has none."""
    return level_ratings(game).get(level)


def level_spec(game: str, level: str) -> str:
    """Return the spec `game` plays at `level` (raise UnknownGame; KeyError for a name
    that is not a level)."""
    seconds = SECONDS[level]
    return info(game).levels.get(level) or f"ismcts:seconds={seconds:g}"

