"""The games and player counts the RL tests run on: tavola's own games (the test suite's toy
games, registered by other tests in the same process, are left out)."""

from __future__ import annotations

from tavola.core import game_class, game_names


def own_games() -> list[str]:
    """Return the names of the games tavola ships."""
    return [n for n in game_names() if game_class(n).__module__.startswith("tavola.games.")]


GAMES = own_games()
CASES = [(name, n) for name in GAMES
         for n in range(game_class(name).info.min_players, game_class(name).info.max_players + 1)]
IDS = [f"{name}-{n}p" for name, n in CASES]
SMALLEST = [(name, game_class(name).info.min_players) for name in GAMES]

