"""Bot levels a player understands: `easy`, `medium`, `hard` and `strong`.

A level is an ordinary bot name (``--bots medium``, a table's seat, a stand-in, a
tournament) for a searching bot defined by its **think time** a decision: each game names
the spec of each level in `GameInfo.levels` (search options plus ``seconds=``), and a level
the game does not name is the plain search, ``ismcts:seconds=T``, at that level's usual
time (`SECONDS`), so every game, a new one included, offers all four. The four games name
the same times and build the ladder the same way: `easy` is the plain search (no rules of
thumb, random rollouts) for a moment, a beginner's opponent; `medium`, `hard` and `strong`
are the game's tuned search at 0.1, 0.25 and 0.5 s, and `strong` is the strongest spec
measured for the game. A level takes no options: its spec is
the game's, not the player's.

The search is anytime: it stops at its deadline and plays the best decision found so far,
after at least one simulation, so a level answers in its think time on any machine (on a
slow or busy one it has simply searched less). Where a level meets another bound on think
time, **the smaller wins**: a table whose bot time is shorter than the level's think time
cuts the level to the table's bot time (`tavola.server.workers.thinking_at_most`), and the
level's own time stands at a table that allows more. Each level is measured against the
level below in `benchmarks/levels.py` (figures in `benchmarks/README.md`, "Bot levels").

Each level has a one-line description in every language (`HELP`); the English one, with
the level's think time and spec, is the help `tavola games` prints.
"""

from __future__ import annotations

from tavola.core import info

LEVELS = ("easy", "medium", "hard", "strong")
"""The levels, weakest first."""

SECONDS = {"easy": 0.02, "medium": 0.1, "hard": 0.25, "strong": 0.5}
"""Each level's usual think time a decision, in seconds (what a game that names no spec
of its own gets; the four games name the same times)."""

HELP: dict[str, dict[str, str]] = {
    "easy": {
        "en": "a quick opponent that thinks only a moment a move: good for learning the game",
        "it": "un avversario rapido che riflette solo un attimo a ogni mossa: adatto per "
              "imparare il gioco",
        "pl": "szybki przeciwnik, który nad każdym ruchem myśli tylko chwilę: dobry do nauki "
              "gry",
    },
    "medium": {
        "en": "a fair opponent that takes a little longer over each move",
        "it": "un avversario equilibrato che riflette un po' più a lungo a ogni mossa",
        "pl": "wyważony przeciwnik, który nad każdym ruchem myśli nieco dłużej",
    },
    "hard": {
        "en": "a tough opponent that thinks longer about every move",
        "it": "un avversario tosto che riflette più a lungo su ogni mossa",
        "pl": "wymagający przeciwnik, który dłużej zastanawia się nad każdym ruchem",
    },
    "strong": {
        "en": "the strongest bot we have measured for this game",
        "it": "il bot più forte che abbiamo misurato per questo gioco",
        "pl": "najsilniejszy bot, jakiego zmierzyliśmy w tej grze",
    },
}
"""One line per level and language, for lobbies and bot lists."""


def level_spec(game: str, level: str) -> str:
    """Return the spec `game` plays at `level` (raise UnknownGame; KeyError for a name
    that is not a level)."""
    seconds = SECONDS[level]
    return info(game).levels.get(level) or f"ismcts:seconds={seconds:g}"

