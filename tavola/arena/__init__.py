"""Running games between agents: single games, runs of many games and their statistics."""

from tavola.arena.runner import GameOutcome, outcome_of, play_game, run_match, win_share
from tavola.arena.simulate import BotStats, Summary, lineup, rotate, run, simulate, spread

__all__ = ["BotStats", "GameOutcome", "Summary", "lineup", "outcome_of", "play_game",
           "rotate", "run", "run_match", "simulate", "spread", "win_share"]
