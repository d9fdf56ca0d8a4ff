"""Speed of tavola's games, and of OpenSpiel's pure-Python games when OpenSpiel is installed.

Run from the repository root::

    python3 benchmarks/bench.py [--games N] [--game NAME] [--seed S]

For every registered game (or the one named) and every player count it measures, on one
core, random playouts (`legal_actions` + a uniform choice + `apply`, no views): decisions per
second and games per second; then the cost of single calls in microseconds, over states
sampled from random games: `apply` (legal actions already computed, as in a playout),
`legal_actions` (computed afresh), `view` and `determinize` of the player to act.

If `pyspiel` imports, OpenSpiel's `python_liars_poker` and `python_kuhn_poker` are measured
the same way: decisions count only players' moves (chance moves are played and timed but not
counted); their `apply` is `clone()` + `apply_action()`, since OpenSpiel states change in
place and tavola's `apply` returns a new state; their "view" is the information-state string.
Each tavola game's decisions/s is then given as a multiple of `python_liars_poker`'s.
"""

from __future__ import annotations

import argparse
import importlib
import platform
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

# The package is not installed in a fresh checkout; run against the sources beside us.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rich.console import Console
from rich.table import Table

from tavola.core import State, game_names, info, make

LIARS_POKER = "python_liars_poker"
OPENSPIEL_GAMES = (LIARS_POKER, "python_kuhn_poker")
VIEW_TARGET_US = 20.0
SPEED_TARGET = 2.0


@dataclass
class Measure:
    """What one benchmark row found."""

    game: str
    players: int
    games: int
    decisions: int
    seconds: float
    apply_us: float
    legal_us: float
    view_us: float | None
    determinize_us: float | None
    baseline_per_s: float | None = None

    @property
    def decisions_per_s(self) -> float:
        """Return playout decisions per second."""
        return self.decisions / self.seconds

    @property
    def games_per_s(self) -> float:
        """Return playouts per second."""
        return self.games / self.seconds


def per_call_us(calls: Sequence[Callable[[], object]], repeats: int = 3) -> float:
    """Return the best mean time of one call over `repeats` passes, in microseconds."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        for call in calls:
            call()
        best = min(best, time.perf_counter() - start)
    return best / len(calls) * 1e6


# -- tavola ----------------------------------------------------------------------------------

def playout(state: State, rng: random.Random) -> int:
    """Play uniformly random moves to the end; return the number of decisions."""
    decisions = 0
    while not state.is_terminal:
        player = state.to_act[0]
        legal = state.legal_actions(player)
        state = state.apply(player, legal[rng.randrange(len(legal))])
        decisions += 1
    return decisions


def sampled_states(name: str, players: int, games: int, seed: int,
                   limit: int = 2000) -> list[State]:
    """Return up to `limit` live states spread evenly over random games."""
    states: list[State] = []
    rng = random.Random(seed)
    for g in range(games):
        state = make(name, players, seed + g)
        while not state.is_terminal:
            states.append(state)
            player = state.to_act[0]
            legal = state.legal_actions(player)
            state = state.apply(player, legal[rng.randrange(len(legal))])
    step = max(1, len(states) // limit)
    return states[::step][:limit]


def fresh_legal(state: State, player: int) -> Callable[[], object]:
    """Return a call that computes `state`'s legal actions without the cache."""
    def call() -> object:
        state._legal_cache = None
        return state.legal_actions(player)
    return call


class Timed:
    """The same playouts, run again and again; the fastest pass counts."""

    def __init__(self, playouts: Callable[[], int]) -> None:
        self.playouts = playouts
        self.best = float("inf")
        self.decisions = 0

    def run(self) -> None:
        """Time one more pass."""
        begin = time.perf_counter()
        self.decisions = self.playouts()
        self.best = min(self.best, time.perf_counter() - begin)


def best_pass(run: Callable[[], int], repeats: int,
              between: Callable[[], None] | None = None) -> tuple[int, float]:
    """Run the same playouts `repeats` times; return their decisions and the best time.

    `between` runs after each pass: the baseline's passes are interleaved with ours, so a
    machine that is busy for a while slows both alike.
    """
    timed = Timed(run)
    for _ in range(repeats):
        timed.run()
        if between is not None:
            between()
    return timed.decisions, timed.best


def bench_tavola(name: str, players: int, games: int, seed: int, repeats: int,
                 baseline: Timed | None = None) -> Measure:
    """Measure one tavola game at one player count, beside passes of `baseline`."""
    starts = [make(name, players, seed + g) for g in range(games)]
    beside = Timed(baseline.playouts) if baseline is not None else None
    decisions, seconds = best_pass(
        lambda: sum(playout(state, random.Random(seed + i)) for i, state in enumerate(starts)),
        repeats, beside.run if beside is not None else None)
    baseline_per_s = None
    if baseline is not None and beside is not None:
        baseline.best = min(baseline.best, beside.best)
        baseline.decisions = beside.decisions
        baseline_per_s = beside.decisions / beside.best
    rng = random.Random(seed)
    sample = sampled_states(name, players, max(2, games // 10), seed + 1_000_000)
    moves = [(s, s.to_act[0], rng.choice(s.legal_actions(s.to_act[0]))) for s in sample]
    det_rng = random.Random(seed)
    return Measure(
        name, players, games, decisions, seconds,
        apply_us=per_call_us([partial(s.apply, p, a) for s, p, a in moves]),
        legal_us=per_call_us([fresh_legal(s, p) for s, p, _ in moves]),
        view_us=per_call_us([partial(s.view, p) for s, p, _ in moves]),
        determinize_us=per_call_us([partial(s.determinize, p, det_rng) for s, p, _ in moves]),
        baseline_per_s=baseline_per_s)


# -- OpenSpiel -------------------------------------------------------------------------------

def load_openspiel() -> Any:
    """Return the pyspiel module with the Python games registered, or None."""
    try:
        pyspiel = importlib.import_module("pyspiel")
        importlib.import_module("open_spiel.python.games")  # registers the Python games
    except ImportError:
        return None
    return pyspiel


def spiel_step(state: Any, rng: random.Random) -> bool:
    """Play one random move in place; return True if it was a player's decision."""
    if state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(actions, probs)[0])
        return False
    legal = state.legal_actions()
    state.apply_action(legal[rng.randrange(len(legal))])
    return True


def spiel_playouts(pyspiel: Any, name: str, games: int, seed: int) -> Timed:
    """Return the seeded random playouts of an OpenSpiel game, ready to time."""
    game = pyspiel.load_game(name)

    def playouts() -> int:
        decisions = 0
        for g in range(games):
            state, rng = game.new_initial_state(), random.Random(seed + g)
            while not state.is_terminal():
                decisions += spiel_step(state, rng)
        return decisions

    return Timed(playouts)


def bench_openspiel(pyspiel: Any, name: str, games: int, seed: int, repeats: int,
                    timed: Timed | None = None) -> Measure:
    """Measure one OpenSpiel game the way tavola's are measured (continuing `timed`)."""
    game = pyspiel.load_game(name)
    timed = timed or spiel_playouts(pyspiel, name, games, seed)
    for _ in range(repeats):
        timed.run()
    decisions, seconds = timed.decisions, timed.best
    rng = random.Random(seed)
    sample: list[Any] = []
    for _ in range(max(2, games // 10)):
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node():
                sample.append(state.clone())
            spiel_step(state, rng)
    sample = sample[::max(1, len(sample) // 2000)][:2000]
    moves = [(s, rng.choice(s.legal_actions())) for s in sample]

    def clone_apply(s: Any, a: int) -> Callable[[], object]:
        def call() -> object:
            child = s.clone()
            child.apply_action(a)
            return child
        return call

    has_info = game.get_type().provides_information_state_string
    return Measure(
        name, game.num_players(), games, decisions, seconds,
        apply_us=per_call_us([clone_apply(s, a) for s, a in moves]),
        legal_us=per_call_us([s.legal_actions for s, _ in moves]),
        view_us=per_call_us([partial(s.information_state_string, s.current_player())
                             for s, _ in moves]) if has_info else None,
        determinize_us=None)


# -- report ----------------------------------------------------------------------------------

def _us(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def report(console: Console, rows: list[Measure], spiel: list[Measure], note: str) -> None:
    """Print the two tables and the targets."""
    base = next((m.decisions_per_s for m in spiel if m.game == LIARS_POKER), None)

    def ratio(m: Measure) -> float | None:
        """Return decisions/s over liars poker's, measured beside this row if it was."""
        liars = m.baseline_per_s or base
        return m.decisions_per_s / liars if liars else None

    speed = Table(title="Random playouts, one core (x liars: decisions/s over "
                        "python_liars_poker's)", title_justify="left", show_edge=False)
    speed.add_column("game", no_wrap=True)
    for col in ("players", "games", "dec./game", "dec./s", "games/s", "x liars"):
        speed.add_column(col, justify="right")
    calls = Table(title="Microseconds per call", title_justify="left", show_edge=False)
    calls.add_column("game", no_wrap=True)
    for col in ("players", "apply", "legal_actions", "view", "determinize"):
        calls.add_column(col, justify="right")
    for m in rows + spiel:
        times = ratio(m) if m in rows else None
        speed.add_row(m.game, str(m.players), str(m.games), f"{m.decisions / m.games:.1f}",
                      f"{m.decisions_per_s:,.0f}", f"{m.games_per_s:,.1f}",
                      "-" if times is None else f"{times:.2f}")
        calls.add_row(m.game, str(m.players), _us(m.apply_us), _us(m.legal_us),
                      _us(m.view_us), _us(m.determinize_us))
    console.print(speed)
    console.print(calls)
    for m in rows:
        checks = []
        times = ratio(m)
        if times is not None:
            ok = times >= SPEED_TARGET
            checks.append(f"decisions/s {'meets' if ok else 'misses'} {SPEED_TARGET:g}x liars")
        slow = [k for k, v in (("view", m.view_us), ("determinize", m.determinize_us))
                if v is not None and v > VIEW_TARGET_US]
        checks.append(f"{' and '.join(slow)} over {VIEW_TARGET_US:g} us" if slow
                      else f"view and determinize within {VIEW_TARGET_US:g} us")
        console.print(f"{m.game} {m.players}p: " + "; ".join(checks))
    if base is None:
        console.print(note)


def main(argv: Sequence[str] | None = None) -> None:
    """Run the benchmark."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="random playouts per row")
    parser.add_argument("--game", choices=game_names(), help="only this game")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeats", type=int, default=3,
                        help="timed passes over the same playouts (the best counts)")
    parser.add_argument("--no-openspiel", action="store_true", help="skip OpenSpiel")
    args = parser.parse_args(argv)
    if args.games < 1 or args.repeats < 1:
        parser.error("--games and --repeats must be at least 1")
    console = Console(highlight=False)
    console.print(f"Python {platform.python_version()} ({platform.python_implementation()}) "
                  f"on {platform.machine()}, {args.games} playouts per row (best of "
                  f"{args.repeats}), seed {args.seed}")
    names = [args.game] if args.game else [n for n in game_names() if n != "toy"]
    rows = []
    spiel_games = args.games * 10
    pyspiel = None if args.no_openspiel else load_openspiel()
    baseline = (spiel_playouts(pyspiel, LIARS_POKER, spiel_games, args.seed)
                if pyspiel is not None else None)
    with console.status("measuring...") as status:
        for name in names:
            facts = info(name)
            for players in range(facts.min_players, facts.max_players + 1):
                status.update(f"measuring {name}, {players} players")
                rows.append(bench_tavola(name, players, args.games, args.seed, args.repeats,
                                         baseline))
        spiel: list[Measure] = []
        if pyspiel is not None:
            for name in OPENSPIEL_GAMES:
                status.update(f"measuring {name}")
                spiel.append(bench_openspiel(pyspiel, name, spiel_games, args.seed,
                                             args.repeats,
                                             baseline if name == LIARS_POKER else None))
    note = ("OpenSpiel skipped (--no-openspiel)." if args.no_openspiel else
            "OpenSpiel is not installed (pip install open_spiel): no comparison.")
    report(console, rows, spiel, note)


if __name__ == "__main__":
    main()
