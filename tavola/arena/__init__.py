"""Running games between agents: single games, runs of many games and their statistics,
and tournaments (balanced seats, resumable results files, ratings, parallel and Ray runs)."""

from tavola.arena.runner import GameOutcome, outcome_of, play_game, run_match, win_share
from tavola.arena.simulate import BotStats, Summary, lineup, rotate, run, simulate, spread
from tavola.arena.stats import Standings
from tavola.arena.tournament import report, tournament

__all__ = ["BotStats", "GameOutcome", "Standings", "Summary", "lineup", "outcome_of",
           "play_game", "report", "rotate", "run", "run_match", "simulate", "spread",
           "tournament", "win_share"]
