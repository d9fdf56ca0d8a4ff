"""Bot levels measured: each level against the level below, per game.

Run from the repository root::

    python3 benchmarks/levels.py --games 20 --out levels.jsonl      # plays, then reports
    python3 benchmarks/levels.py --report levels.jsonl              # the table alone
    python3 benchmarks/levels.py --speed 200                        # simulations a second

For every game and every pair of neighbouring levels (easy-medium, medium-hard,
hard-strong) it plays `--games` games: at two players where the game allows two (the higher
level in one seat, the lower in the other), else at the game's smallest player count with
one seat of the higher level against the rest at the lower ("one against the field"). Game
i uses seed `--seed + i` for every pair and puts the higher level in seat i mod players, so
seats rotate. `--step LEVEL` plays only the step up to LEVEL
(repeat for several). The games are played round-robin (game 0 of every game and pair, then
game 1, ...), one at a time in this one process or `--jobs N` at once in N worker processes,
and each is appended to `--out` as soon as it ends;
a run stopped at any moment leaves every figure resting on about as many games as the next,
and running the same command again plays only the games not yet in the file.

The report gives, per game and pair, the higher level's win share (k tied winners share a
win) with its 95% Wilson interval, the share equal players would get, and whether the
interval shows a clear majority (its low end above one half) or at least more than the fair
share; then, per game and level, its simulation cap, the think time of its decisions that
had a choice, p50 and p99 against the level's budget (a capped level's ceiling), and the CPU
time the playing process spent on them (p50). A capped level searches its cap wherever its
ceiling is not reached first, so its figures barely follow the machine; `strong` thinks by
the clock: on a busy machine it gets only part of a core and searches less (and a decision
may end past the budget, by one simulation slowed down as much), so the step up to it
follows the machine's load.

`--speed N` plays no game: it translates think times into simulations. For every game and
level it runs the level's spec with ``iterations=N`` in place of its think time at a few
mid-game positions (a greedy game's decisions with a choice, from the 30th step on) and
prints the simulations per CPU second and what that makes of the level's think time on one
idle core. CPU time, unlike the clock, barely depends on other work sharing the machine.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path

# The package is not installed in a fresh checkout; run against the sources beside us.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.search import wilson
from tavola.agents import decide, make_agent
from tavola.agents.levels import LEVELS, level_spec
from tavola.agents.specs import parse_spec
from tavola.core import State, info, make

GAMES = ("notre-dame", "rattus", "nottingham", "intrige")
PAIRS = tuple(itertools.pairwise(LEVELS))


@dataclass
class Played:
    """One game: who played it, the higher level's share of the win, the think times."""

    game: str
    players: int
    low: str
    high: str
    index: int
    seed: int
    win: float
    high_times: list[float]
    low_times: list[float]
    high_cpu: list[float] = field(default_factory=list)
    low_cpu: list[float] = field(default_factory=list)


def seats_for(game: str) -> int:
    """Return the player count a game's levels are measured at."""
    facts = info(game)
    return 2 if facts.min_players <= 2 <= facts.max_players else facts.min_players


def budget(game: str, level: str) -> float:
    """Return `level`'s think time in `game`, in seconds."""
    return float(dict(parse_spec(level_spec(game, level)).options)["seconds"])


def cap(game: str, level: str) -> str:
    """Return `level`'s simulation cap in `game` ("-": none, its think time alone)."""
    return str(dict(parse_spec(level_spec(game, level)).options).get("iterations", "-"))


def play(game: str, low: str, high: str, seed: int, index: int) -> Played:
    """Play game `index`: `high` in seat index mod players, `low` everywhere else."""
    players = seats_for(game)
    seat = index % players
    agents = [make_agent(high if p == seat else low, game) for p in range(players)]
    state, rng = make(game, players, seed + index), random.Random(seed + index)
    times: dict[bool, list[float]] = {True: [], False: []}
    cpu: dict[bool, list[float]] = {True: [], False: []}
    while not state.is_terminal:
        player = state.to_act[0]
        choice = len(state.legal_actions(player)) > 1
        begin, begin_cpu = time.perf_counter(), time.process_time()
        action = decide(agents[player], state, player, rng)
        if choice:
            times[player == seat].append(round(time.perf_counter() - begin, 4))
            cpu[player == seat].append(round(time.process_time() - begin_cpu, 4))
        state = state.apply(player, action)
    winners = state.result().winners
    win = 1 / len(winners) if seat in winners else 0.0
    return Played(game, players, low, high, index, seed, win, times[True], times[False],
                  cpu[True], cpu[False])


def load(path: Path) -> list[Played]:
    """Return the games recorded in `path` (none if it does not exist)."""
    if not path.exists():
        return []
    return [Played(**json.loads(line)) for line in path.read_text().splitlines() if line]


def quantile(values: list[float], q: float) -> float:
    """Return the `q` quantile of `values` (nearest rank; nan when empty)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(played: list[Played]) -> str:
    """Return the tables of a run."""
    lines = ["| game | players | higher vs lower | games | higher's win share | 95% Wilson "
             "| fair share | shown |", "|---|---|---|---|---|---|---|---|"]
    for game in GAMES:
        for low, high in PAIRS:
            rows = [p for p in played if (p.game, p.low, p.high) == (game, low, high)]
            if not rows:
                continue
            n, wins, players = len(rows), sum(p.win for p in rows), rows[0].players
            share = wins / n
            lo, hi = wilson(share, n)
            fair = 1 / players
            shown = ("clear majority" if lo > 0.5 else "above fair share" if lo > fair
                     else "not shown")
            lines.append(f"| {game} | {players} | {high} vs {low} | {n} | {wins:g} "
                         f"({share:.0%}) | {lo:.0%}-{hi:.0%} | {fair:.0%} | {shown} |")
    lines += ["", "| game | level | simulations | budget s | decisions | p50 s | p99 s | max s "
              "| CPU p50 s |", "|---|---|---|---|---|---|---|---|---|"]
    for game in GAMES:
        for level in LEVELS:
            times = [t for p in played if p.game == game
                     for t in (p.high_times if p.high == level else [])
                     + (p.low_times if p.low == level else [])]
            cpu = [t for p in played if p.game == game
                   for t in (p.high_cpu if p.high == level else [])
                   + (p.low_cpu if p.low == level else [])]
            if times:
                lines.append(f"| {game} | {level} | {cap(game, level)} | "
                             f"{budget(game, level):g} | {len(times)} | "
                             f"{quantile(times, 0.5):.3f} | {quantile(times, 0.99):.3f} | "
                             f"{max(times):.3f} | {quantile(cpu, 0.5):.3f} |")
    return "\n".join(lines)


def positions(game: str, count: int, seed: int) -> list[tuple[State, int]]:
    """Return `count` mid-game positions of a greedy game, each with a seat to decide."""
    players = seats_for(game)
    state, rng = make(game, players, seed), random.Random(seed)
    greedy = make_agent("greedy", game)
    found: list[tuple[State, int]] = []
    steps = 0
    while not state.is_terminal and len(found) < count:
        seat = state.to_act[0]
        if steps >= 30 and steps % 7 == 0 and len(state.legal_actions(seat)) > 1:
            found.append((state, seat))
        state = state.apply(seat, decide(greedy, state, seat, rng))
        steps += 1
    return found


def speed(game: str, level: str, iterations: int, seed: int) -> str:
    """Return a report row: `level`'s simulations per CPU second in `game`."""
    spec = parse_spec(level_spec(game, level))
    counted = ":".join([spec.name, f"iterations={iterations}",
                        *(f"{k}={v}" for k, v in spec.options
                          if k not in ("seconds", "iterations"))])
    runs, cpu = 0, 0.0
    for state, seat in positions(game, 4, seed):
        agent = make_agent(counted, game)
        begin = time.process_time()
        decide(agent, state, seat, random.Random(seed))
        cpu += time.process_time() - begin
        runs += getattr(agent, "last_iterations", iterations)
    rate = runs / cpu if cpu else float("nan")
    seconds = budget(game, level)
    return (f"| {game} | {level} | {spec.name} | {seconds:g} | {rate:,.0f} | "
            f"{rate * seconds:,.0f} |")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per game and pair")
    parser.add_argument("--game", action="append", choices=GAMES,
                        help="only this game (repeat for several)")
    parser.add_argument("--step", action="append", choices=[h for _, h in PAIRS],
                        help="only the step up to this level (repeat for several)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="games played at once, each in a process of its own")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, help="append each game here (JSON lines)")
    parser.add_argument("--report", type=Path, help="print the tables of a recorded run")
    parser.add_argument("--speed", type=int, metavar="N",
                        help="play nothing: each level's simulations per CPU second, N a "
                             "decision")
    args = parser.parse_args(argv)
    if args.speed is not None:
        if args.speed < 1:
            parser.error("--speed takes a whole number >= 1")
        print("| game | level | search | think time s | simulations per CPU s | "
              "simulations in the think time, one idle core |\n|---|---|---|---|---|---|")
        for game in args.game or GAMES:
            for level in LEVELS:
                print(speed(game, level, args.speed, args.seed), flush=True)
        return
    if args.report is not None:
        print(report(load(args.report)))
        return
    if args.games < 1 or args.jobs < 1:
        parser.error("--games and --jobs take a whole number >= 1")
    played = load(args.out) if args.out is not None else []
    done = {(p.game, p.low, p.high, p.index, p.seed) for p in played}
    games = args.game or list(GAMES)
    for game in games:  # every level names its think time, before a long run starts
        for level in LEVELS:
            budget(game, level)
    pairs = [(low, high) for low, high in PAIRS if args.step is None or high in args.step]
    todo = [(game, low, high, args.seed, index) for index in range(args.games)
            for game in games for low, high in pairs
            if (game, low, high, index, args.seed) not in done]

    def keep(result: Played) -> None:
        played.append(result)
        if args.out is not None:
            with args.out.open("a") as out:
                out.write(json.dumps(asdict(result)) + "\n")
        print(f"{result.game} {result.high} vs {result.low} game {result.index}: "
              f"{result.win:g}", file=sys.stderr, flush=True)

    if args.jobs == 1:
        for job in todo:
            keep(play(*job))
    else:  # each game in a worker process, recorded as it ends, in the order they end
        with ProcessPoolExecutor(args.jobs) as pool:
            for future in as_completed([pool.submit(play, *job) for job in todo]):
                keep(future.result())
    print(report(played))


if __name__ == "__main__":
    main()
