"""The bots' fixed public ratings per game and level, measured.

Run from the repository root::

    python3 benchmarks/bot_ratings.py --games 40 --jobs 2 --out bot_ratings.jsonl --write
    python3 benchmarks/bot_ratings.py --report bot_ratings.jsonl          # the tables alone
    python3 benchmarks/bot_ratings.py --report bot_ratings.jsonl --write  # ... and the file

For every game it plays `--games` games at four players, one seat for each level (`easy`,
`medium`, `hard`, `strong`, each the spec `GameInfo.levels` names), the levels' seats
rotating: game i uses seed `--seed + i` and the i-th of the 24 orders of the four levels
(i mod 24), so every level holds every seat as often as the next. The games are played
round-robin (game 0 of every game, then game 1, ...), one at a time in this process or
`--jobs N` at once in N worker processes, and each is appended to `--out` as soon as it
ends: running the same command again plays only the games not yet in the file (and a
run's figures rest on its own games alone: `--games 20` over a file of 30 uses 20).

**The ratings** are OpenSkill's Plackett-Luce model, as the server rates people
(`tavola.server.ratings`), fed every game of a game in index order, each level a team of
one ranked by the game's own result (ties share a rank), starting from the model's default
(mu 25, sigma 25/3) with its drift term `tau` 0 (a bot's strength does not change). **The
anchor**: the scale is then shifted so that `easy` has mu 25, the rating every new account
starts with: a new player is taken to be as strong as the `easy` bot, the level meant for
learning the game; a player rated above 25 on the vs-bots ladder has done better than that.
Only differences of mu mean anything to the model, so the shift changes no prediction;
sigma is the model's own uncertainty of each level after the games.

The report gives per game and level the rating (mu, sigma), the mean rank and the win
share (k tied winners share a win) with its 95% Wilson interval. `--write` writes the
package's data file (`tavola/agents/level_ratings.json`, or the path given) with, per game
and level, mu, sigma, the games, the exact spec measured, the date and this command;
`tests/agents/test_level_ratings.py` fails when a level's spec is not the one its rating
was measured with. `strong` thinks by the clock (0.5 s a decision): its rating holds for
an idle core, and a run on a busy machine measures it weaker than it is there.
"""

from __future__ import annotations

import argparse
import datetime
import itertools
import json
import random
import shlex
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass
from pathlib import Path

# The package is not installed in a fresh checkout; run against the sources beside us.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tavola.agents import decide, make_agent
from tavola.agents.levels import LEVELS, RATINGS_FILE, level_spec
from tavola.arena.stats import wilson
from tavola.core import make

GAMES = ("notre-dame", "rattus", "nottingham", "intrige")
PLAYERS = 4
ORDERS = tuple(itertools.permutations(LEVELS))
ANCHOR = ("easy", 25.0)
"""The level whose mu is set to the rating a new account starts with."""


@dataclass
class Played:
    """One game: the level in each seat, the specs they played, each seat's rank."""

    game: str
    index: int
    seed: int
    seats: list[str]
    specs: list[str]
    ranks: list[int]
    winners: list[int]


def play(game: str, seed: int, index: int) -> Played:
    """Play game `index` of `game`: one seat per level, in the index's order."""
    seats = list(ORDERS[index % len(ORDERS)])
    specs = [level_spec(game, level) for level in seats]
    agents = [make_agent(spec, game) for spec in specs]
    state, rng = make(game, PLAYERS, seed + index), random.Random(seed + index)
    while not state.is_terminal:
        player = state.to_act[0]
        state = state.apply(player, decide(agents[player], state, player, rng))
    result = state.result()
    return Played(game, index, seed, seats, specs, list(result.ranks), list(result.winners))


def load(path: Path) -> list[Played]:
    """Return the games recorded in `path` (none if it does not exist)."""
    if not path.exists():
        return []
    games: dict[tuple[str, int, int], Played] = {}
    for line in path.read_text().splitlines():
        if line:  # a game recorded twice (two runs at once) counts once
            played = Played(**json.loads(line))
            games.setdefault((played.game, played.index, played.seed), played)
    return list(games.values())


def fit(played: list[Played]) -> dict[str, tuple[float, float]]:
    """Return each level's (mu, sigma) after `played` (one game's games), anchored."""
    from openskill.models import PlackettLuce

    model = PlackettLuce(tau=0.0)
    current = {level: model.rating(name=level) for level in LEVELS}
    for game in sorted(played, key=lambda p: (p.seed, p.index)):
        rated = model.rate([[current[level]] for level in game.seats],
                           ranks=[float(r) for r in game.ranks])
        for level, team in zip(game.seats, rated, strict=True):
            current[level] = team[0]
    shift = ANCHOR[1] - current[ANCHOR[0]].mu
    return {level: (r.mu + shift, r.sigma) for level, r in current.items()}


def per_game(played: list[Played]) -> dict[str, list[Played]]:
    """Return the games of every game that has some, with the current specs only."""
    out: dict[str, list[Played]] = {}
    for game in GAMES:
        current = {level: level_spec(game, level) for level in LEVELS}
        rows = [p for p in played if p.game == game
                and all(current[level] == spec for level, spec in zip(p.seats, p.specs,
                                                                     strict=True))]
        if rows:
            out[game] = rows
    return out


def report(played: list[Played]) -> str:
    """Return the table of a run."""
    lines = ["| game | level | games | mu | sigma | mean rank | win share | 95% Wilson |",
             "|---|---|---|---|---|---|---|---|"]
    for game, rows in per_game(played).items():
        rated = fit(rows)
        for level in LEVELS:
            wins, ranks = 0.0, []
            for p in rows:
                seat = p.seats.index(level)
                ranks.append(p.ranks[seat])
                if seat in p.winners:
                    wins += 1 / len(p.winners)
            n = len(rows)
            lo, hi = wilson(wins, n)
            mu, sigma = rated[level]
            lines.append(f"| {game} | {level} | {n} | {mu:.1f} | {sigma:.2f} | "
                         f"{sum(ranks) / n:.2f} | {wins:g} ({wins / n:.0%}) | "
                         f"{lo:.0%}-{hi:.0%} |")
    return "\n".join(lines)


def write(played: list[Played], path: Path, command: str) -> None:
    """Write the package's data file of the ratings measured in `played`."""
    date = datetime.datetime.now(datetime.UTC).date().isoformat()
    games: dict[str, dict[str, dict[str, object]]] = {}
    for game, rows in per_game(played).items():
        rated = fit(rows)
        games[game] = {level: {"mu": round(rated[level][0], 3),
                               "sigma": round(rated[level][1], 3),
                               "games": len(rows), "spec": level_spec(game, level),
                               "players": PLAYERS, "date": date, "command": command}
                       for level in LEVELS}
    body = {"model": "openskill PlackettLuce, default parameters, tau 0",
            "anchor": f"{ANCHOR[0]} at mu {ANCHOR[1]:g}, a new account's starting rating",
            "games": games}
    path.write_text(json.dumps(body, indent=1, sort_keys=True) + "\n")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games per game")
    parser.add_argument("--game", action="append", choices=GAMES,
                        help="only this game (repeat for several)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="games played at once, each in a process of its own")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", type=Path, help="append each game here (JSON lines)")
    parser.add_argument("--report", type=Path, help="print the table of a recorded run")
    parser.add_argument("--write", type=Path, nargs="?", const=RATINGS_FILE,
                        help="write the ratings to this data file (default: the package's)")
    args = parser.parse_args(argv)
    command = shlex.join(["python3", "benchmarks/bot_ratings.py",
                          *(argv if argv is not None else sys.argv[1:])])
    if args.report is not None:
        played = load(args.report)
    else:
        if args.games < 1 or args.jobs < 1:
            parser.error("--games and --jobs take a whole number >= 1")
        played = load(args.out) if args.out is not None else []
        done = {(p.game, p.index, p.seed) for p in played}
        todo = [(game, args.seed, index) for index in range(args.games)
                for game in args.game or GAMES if (game, index, args.seed) not in done]

        def keep(result: Played) -> None:
            played.append(result)
            if args.out is not None:
                with args.out.open("a") as out:
                    out.write(json.dumps(asdict(result)) + "\n")
            print(f"{result.game} game {result.index}: ranks "
                  f"{dict(zip(result.seats, result.ranks, strict=True))}",
                  file=sys.stderr, flush=True)

        if args.jobs == 1:
            for job in todo:
                keep(play(*job))
        else:  # each game in a worker process, recorded as it ends
            with ProcessPoolExecutor(args.jobs) as pool:
                for future in as_completed([pool.submit(play, *job) for job in todo]):
                    keep(future.result())
        # The run's own games only: a file may hold more (an earlier, longer run).
        played = [p for p in played if p.seed == args.seed and p.index < args.games
                  and p.game in (args.game or GAMES)]
    print(report(played))
    if args.write is not None:
        write(played, args.write, command)
        print(f"written: {args.write}", file=sys.stderr)


if __name__ == "__main__":
    main()
