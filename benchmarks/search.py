"""How fast `ismcts` searches each game, and how it fares against the game's `greedy` bot.

Run from the repository root::

    python3 benchmarks/search.py                          # speed, every game
    python3 benchmarks/search.py --game rattus --iterations 400 --positions 5
    python3 benchmarks/search.py --game rattus --games 100  # speed, then strength
    python3 benchmarks/search.py --game rattus --games 100 --options cutoff=30
    python3 benchmarks/search.py --game rattus --players 3 --games 60 \
        --strength-iterations 150 --opponent pimc:iterations=150     # against pimc
    python3 benchmarks/search.py --test-games --game toy-bots --games 20   # check the script
    python3 benchmarks/search.py --engines --game rattus --players 4    # the three engines
                                                      # (ismcts and pimc)
    python3 benchmarks/search.py --engines --game rattus --options cutoff=10  # with a cutoff

Speed. For each game (at its smallest player count, or `--players`), `--positions` seeded
random games are played to 30% of their length; from each of those mid-game positions, the
first pending player with a choice runs `--iterations` ISMCTS iterations on a fresh tree,
once per rollout policy (`random`, and `greedy` where the game declares it). The table gives
iterations per second on one core and where the time goes: drawing the determinization
(`info.sample` + `for_search`), the tree (selection, expansion, node keys, backup) and the
rollout.

Engines (with `--engines`). The same positions and iterations searched three ways, one
table: the whole search on the native core (`tavola.native.search`, where it searches the
game with that rollout), the Python tree with native rollouts (the speed table above), and
all Python (the native rollouts switched off too); `--options` adds ismcts options to every
row of the ismcts table (`cutoff=10`: the rollouts end in the game's evaluation, native in
the first two). The three decide alike (tests/native/test_ismcts.py); only the time differs.
A second table does the same for `pimc` (`--samples` samples, `--iterations` simulations a
decision): the whole decision natively (`tavola.native.search.NativePimc`), the Python bot
with native rollouts and all Python, timing `act` whole (its sampling and, natively, the
conversion of one position included); the three decide alike too (tests/native/test_pimc.py).

Strength (with `--games N`). `ismcts` with a fixed iteration budget, the number of
iterations it runs in `--budget` seconds (default 0.25) by the speed measurement above (or
`--strength-iterations`; `--options` adds more of its options), plays N games against
`greedy` in every other seat; game i uses seed `--seed + i` and puts `ismcts` in seat
i mod players, so seats rotate. Its win share (k tied winners share a win) is given with a
95% Wilson interval beside the share that equal players would get, 1/players. With a
fixed iteration budget the run is reproducible.
"""

from __future__ import annotations

import argparse
import inspect
import math
import platform
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

# The package is not installed in a fresh checkout; run against the sources beside us.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rich.console import Console
from rich.table import Table

from tavola.agents import IsmctsAgent, PimcAgent, decide, make_agent
from tavola.agents.ismcts import Node
from tavola.agents.search import Rollout
from tavola.core import InfoSet, State, game_class, game_names, info, make

MIDGAME = 0.3
Z95 = 1.959964


@dataclass
class Speed:
    """What one speed row found: totals over every position."""

    game: str
    players: int
    rollout: str
    iterations: int = 0
    seconds: float = 0.0
    sampling: float = 0.0
    rollouts: float = 0.0
    nodes: int = 0

    @property
    def per_second(self) -> float:
        """Return iterations per second."""
        return self.iterations / self.seconds

    def share(self, part: float) -> str:
        """Return `part` as a percentage of the total time."""
        return f"{100 * part / self.seconds:.0f}%"


def midgame(name: str, players: int, seed: int) -> tuple[State, int]:
    """Return a position 30% into a seeded random game, and a seat with a choice there."""
    rng = random.Random(seed)
    history = [make(name, players, seed)]
    while not history[-1].is_terminal:
        state = history[-1]
        player = state.to_act[0]
        legal = state.legal_actions(player)
        history.append(state.apply(player, legal[rng.randrange(len(legal))]))
    for state in history[int(MIDGAME * (len(history) - 1)):]:
        for seat in state.to_act:
            if len(state.legal_actions(seat)) > 1:
                return state, seat
    raise RuntimeError(f"{name} seed {seed}: no choice left after 30% of the game")


class TimedInfo:
    """An information set whose sampling is timed (what ISMCTS calls on it)."""

    def __init__(self, inner: InfoSet, row: Speed) -> None:
        self.inner, self.row = inner, row
        self.game, self.seat, self.view = inner.game, inner.seat, inner.view
        self.log, self.legal = inner.log, inner.legal

    def sample(self, rng: random.Random) -> State:
        begin = time.perf_counter()
        state = self.inner.sample(rng)
        self.row.sampling += time.perf_counter() - begin
        return TimedState(state, self.row)  # type: ignore[return-value]


class TimedState:
    """Stands in for a sample until `for_search`, whose cost counts as sampling."""

    def __init__(self, state: State, row: Speed) -> None:
        self.state, self.row = state, row

    def for_search(self) -> State:
        begin = time.perf_counter()
        state = self.state.for_search()
        self.row.sampling += time.perf_counter() - begin
        return state


def speed(name: str, players: int, rollout: str, positions: int, iterations: int,
          seed: int) -> Speed:
    """Measure ISMCTS iterations from `positions` mid-game positions."""
    row = Speed(name, players, rollout)
    for k in range(positions):
        state, seat = midgame(name, players, seed + k)
        agent = make_agent(f"ismcts:iterations={iterations}:rollout={rollout}", name)
        assert isinstance(agent, IsmctsAgent)
        plain = agent.rollouts.for_game(state.game)
        timed = TimedInfo(state.infoset(seat), row)
        root, rng = Node(), random.Random(seed + k)

        def run(state: State, rng: random.Random, plain: Rollout = plain) -> tuple[float, ...]:
            begin = time.perf_counter()
            result = plain.run(state, rng)
            row.rollouts += time.perf_counter() - begin
            return result

        begin = time.perf_counter()
        for _ in range(iterations):
            agent.iterate(root, timed, rng, run)  # type: ignore[arg-type]
        row.seconds += time.perf_counter() - begin
        row.iterations += iterations
        row.nodes += root.size()
    return row


def engine_speed(name: str, players: int, rollout: str, positions: int, iterations: int,
                 seed: int, engine: str, options: str = "") -> tuple[int, float] | None:
    """Return (iterations, seconds) over `positions` positions on `engine`: native (the
    whole search natively; None where it is not), tree (the Python tree, native rollouts)
    or python (the native rollouts off too). `options` adds ismcts options (cutoff=10)."""
    done, seconds = 0, 0.0
    spec = f"ismcts:iterations={iterations}:rollout={rollout}" + (f":{options}" if options
                                                                    else "")
    for k in range(positions):
        state, seat = midgame(name, players, seed + k)
        agent = make_agent(spec, name)
        assert isinstance(agent, IsmctsAgent)
        infoset, rng = state.infoset(seat), random.Random(seed + k)
        if engine == "native":
            tree = agent.native_for(state.game)
            started = tree.start(infoset) if tree is not None else None
            if tree is None or started is None:
                return None
            begin = time.perf_counter()
            done += tree.run(started[0], seat, rng, iterations, None, None)
            seconds += time.perf_counter() - begin
            continue
        plain = agent.rollouts.for_game(state.game)
        if engine == "python":
            plain.native = None
        root = Node()
        begin = time.perf_counter()
        for _ in range(iterations):
            agent.iterate(root, infoset, rng, plain.run)
        seconds += time.perf_counter() - begin
        done += iterations
    return done, seconds


def pimc_speed(name: str, players: int, rollout: str, positions: int, samples: int,
               iterations: int, seed: int, engine: str) -> tuple[int, float] | None:
    """Return (simulations, seconds) of `pimc` decisions from `positions` positions on
    `engine`: native (None where it is not), tree (the Python bot, native rollouts) or
    python (the native rollouts off too)."""
    done, seconds = 0, 0.0
    for k in range(positions):
        state, seat = midgame(name, players, seed + k)
        agent = make_agent(f"pimc:samples={samples}:iterations={iterations}:rollout={rollout}",
                           name)
        assert isinstance(agent, PimcAgent)
        infoset, rng = state.infoset(seat), random.Random(seed + k)
        if engine == "native":
            if agent.native_for(state.game) is None:
                return None
        else:
            agent.native_for(state.game)
            agent.native = None  # the Python bot, as without the core
            if engine == "python":
                agent.rollouts.for_game(state.game).native = None
        begin = time.perf_counter()
        agent.act(infoset, rng)
        seconds += time.perf_counter() - begin
        if agent.engine != ("native" if engine == "native" else "python"):
            return None
        done += agent.last_iterations
    return done, seconds


def engine_cells(measure: Callable[[str], tuple[int, float] | None]) -> list[str]:
    """Return a row's cells: the rate on each engine (native, tree, python; "-" where the
    engine does not run it) and native over all Python."""
    rates = []
    for engine in ("native", "tree", "python"):
        got = measure(engine)
        rates.append(None if got is None else got[0] / got[1])
    cells = ["-" if r is None else f"{r:,.0f}" for r in rates]
    native, python = rates[0], rates[2]
    return [*cells, "-" if native is None or python is None else f"{native / python:.1f}x"]


def engines(names: list[str], args: argparse.Namespace, console: Console) -> None:
    """Print the iterations per second of the three engines, for `ismcts` and `pimc`."""
    tables = {
        "ismcts": ("ISMCTS iterations per second by engine, from mid-game positions"
                   + (f" ({args.options})" if args.options else ""),
                   "native search", "Python tree, native rollouts"),
        "pimc": (f"PIMC simulations per second by engine, from mid-game positions "
                 f"({args.samples} samples a decision)", "native pimc",
                 "Python pimc, native rollouts"),
    }
    shown = ["pimc"] if args.pimc_only else ["ismcts", "pimc"]
    out: dict[str, Table] = {}
    for bot in shown:
        title, native, tree = tables[bot]
        out[bot] = Table(title=title, title_justify="left")
        for column in ("game", "players", "rollout", native, tree, "all Python",
                       "native / all Python"):
            out[bot].add_column(column,
                                justify="left" if column in ("game", "rollout") else "right")
    for name in names:
        if not playable(name):
            continue
        players = args.players or info(name).min_players
        for rollout in ["random", *sorted(info(name).policies)]:
            if "ismcts" in out:
                out["ismcts"].add_row(name, str(players), rollout, *engine_cells(partial(
                    engine_speed, name, players, rollout, args.positions, args.iterations,
                    args.seed, options=args.options)))
            out["pimc"].add_row(name, str(players), rollout, *engine_cells(partial(
                pimc_speed, name, players, rollout, args.positions, args.samples,
                args.iterations, args.seed)))
    for table in out.values():
        console.print(table)


def wilson(share: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Return the Wilson score interval of a proportion `share` observed over `n` trials."""
    denominator = 1 + z * z / n
    centre = (share + z * z / (2 * n)) / denominator
    half = z / denominator * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n))
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass
class Strength:
    """What one strength row found."""

    game: str
    players: int
    spec: str
    games: int
    wins: float
    seconds_per_decision: float

    @property
    def share(self) -> float:
        """Return the win share."""
        return self.wins / self.games


def strength(name: str, players: int, spec: str, games: int, seed: int,
             opponent: str = "greedy") -> Strength:
    """Play `games` games of `spec` against `opponent` in every other seat, seats rotated;
    time only `spec`'s decisions."""
    wins, thinking, decisions = 0.0, 0.0, 0
    for i in range(games):
        seat = i % players
        agents = [make_agent(spec if p == seat else opponent, name) for p in range(players)]
        state, rng = make(name, players, seed + i), random.Random(seed + i)
        while not state.is_terminal:
            player = state.to_act[0]
            begin = time.perf_counter()
            action = decide(agents[player], state, player, rng)
            if player == seat:
                thinking += time.perf_counter() - begin
                decisions += 1
            state = state.apply(player, action)
        winners = state.result().winners
        if seat in winners:
            wins += 1 / len(winners)
        print(f"{name}: game {i + 1}/{games}, wins so far {wins:g}", file=sys.stderr,
              flush=True)
    return Strength(name, players, spec, games, wins, thinking / max(1, decisions))


def playable(name: str) -> bool:
    """Return whether a registered game implements the whole contract."""
    return not inspect.isabstract(game_class(name))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", help="one game (default: every registered game)")
    parser.add_argument("--players", type=int, help="player count (default: the smallest)")
    parser.add_argument("--iterations", type=int, default=200,
                        help="iterations per position for the speed table")
    parser.add_argument("--positions", type=int, default=3, help="mid-game positions")
    parser.add_argument("--games", type=int, default=0,
                        help="strength: games against greedy per game (0: no strength run)")
    parser.add_argument("--budget", type=float, default=0.25,
                        help="strength: seconds per decision the iteration budget matches")
    parser.add_argument("--strength-iterations", type=int,
                        help="strength: this iteration budget instead of one from --budget")
    parser.add_argument("--options", default="",
                        help="strength and --engines: more ismcts options, e.g. "
                             "cutoff=30:rollout=greedy (--engines: not rollout)")
    parser.add_argument("--opponent", default="greedy",
                        help="strength: the bot spec in every other seat (e.g. "
                             "pimc:iterations=150 for ismcts against pimc at equal budget)")
    parser.add_argument("--pimc-only", action="store_true",
                        help="with --engines: only the pimc table")
    parser.add_argument("--samples", type=int, default=20,
                        help="with --engines: pimc's samples a decision")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--engines", action="store_true",
                        help="compare the native search, the Python tree with native "
                             "rollouts and all Python, for ismcts and pimc (instead of the "
                             "speed table)")
    parser.add_argument("--test-games", action="store_true",
                        help="also register the test suite's toy games (to check the script)")
    args = parser.parse_args(argv)
    if args.test_games:
        from tests.arena.toys import register_toys
        register_toys()
    names = [args.game] if args.game else game_names()
    console = Console(width=None if sys.stdout.isatty() else 120)
    console.print(f"Python {platform.python_version()} on {platform.machine()}, one core; "
                  f"{args.positions} positions x {args.iterations} iterations")
    if args.engines:
        engines(names, args, console)
        return
    table = Table(title="ISMCTS from mid-game positions", title_justify="left")
    for column in ("game", "players", "rollout", "iterations/s", "us/iteration", "sampling",
                   "tree", "rollout time", "nodes/position"):
        table.add_column(column, justify="left" if column in ("game", "rollout") else "right")
    rates: dict[str, float] = {}
    for name in names:
        if not playable(name):
            table.add_row(name, "", "", "not playable yet", "", "", "", "", "")
            continue
        players = args.players or info(name).min_players
        for rollout in ["random", *sorted(info(name).policies)]:
            row = speed(name, players, rollout, args.positions, args.iterations, args.seed)
            rates.setdefault(name, row.per_second)
            tree = row.seconds - row.sampling - row.rollouts
            table.add_row(name, str(players), rollout, f"{row.per_second:,.0f}",
                          f"{1e6 / row.per_second:,.0f}", row.share(row.sampling),
                          row.share(tree), row.share(row.rollouts),
                          f"{row.nodes / args.positions:,.0f}")
    console.print(table)
    if args.games <= 0:
        return
    result = Table(title=f"ismcts against {args.opponent} in every other seat, seats rotated",
                   title_justify="left")
    for column in ("game", "players", "bot", "games", "win share", "95% interval",
                   "1/players", "s/decision"):
        result.add_column(column, justify="left" if column in ("game", "bot") else "right")
    for name in names:
        if name not in rates or (args.opponent == "greedy" and "greedy" not in info(name).policies):
            continue
        players = args.players or info(name).min_players
        budget = args.strength_iterations or max(1, round(args.budget * rates[name]))
        spec = f"ismcts:iterations={budget}" + (f":{args.options}" if args.options else "")
        row2 = strength(name, players, spec, args.games, args.seed, args.opponent)
        low, high = wilson(row2.share, row2.games)
        result.add_row(name, str(players), row2.spec, str(row2.games), f"{row2.share:.3f}",
                       f"{low:.3f}-{high:.3f}", f"{1 / players:.3f}",
                       f"{row2.seconds_per_decision:.3f}")
    console.print(result)


if __name__ == "__main__":
    main()
