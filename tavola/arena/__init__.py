"""Running games between agents: single games now, tournaments later."""

from tavola.arena.runner import GameOutcome, play_game, run_match

__all__ = ["GameOutcome", "play_game", "run_match"]
