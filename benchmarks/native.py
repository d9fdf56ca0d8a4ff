"""Random playouts on the native core against the Python fast path, and OpenSpiel's C++ games.

Run from the repository root, with the native core installed (`pip install ./native`)::

    python3 benchmarks/native.py          # Rattus 2-4, Notre Dame 2-5, Intrige 3-5, Nottingham 3-7
    python3 benchmarks/native.py --game notre-dame --games 400 --repeats 5 --no-openspiel
    python3 benchmarks/native.py --evaluate-only        # the evaluations alone
    python3 benchmarks/native.py --openspiel-api --games 20   # OpenSpiel's API, both engines

Every row plays whole games choosing uniformly at random among the legal actions and
counts decisions (a player's choices; chance draws are not decisions) per second of CPU
time, on one core (the loops are single-threaded), best of `--repeats` passes:

- `python fast`: the Python reference's search fast path (`for_search()`, then
  `legal_actions` and `apply_index`), as `benchmarks/fastpath.py` measures it;
- `native from Python`: the native core driven one decision at a time from Python
  (`NativeRattus.legal_indices` and `apply`, `NativeNotreDame`'s, `NativeIntrige`'s and
  `NativeNottingham`'s likewise), the price of a Python loop around it;
- `native loop`: whole playouts inside the native core (`tavola.native.rattus.playouts`,
  `tavola.native.notre_dame.playouts`, `tavola.native.intrige.playouts`,
  `tavola.native.nottingham.playouts`), the loop a native search will run.

In Notre Dame's simultaneous draft and Nottingham's Buy the first seat to act decides, in
every row alike.

Then each game's evaluation (`heuristics.evaluate`, what a search's rollout returns at its
cutoff) on every position before the end of `--games / 10` seeded random games (at least
5), evaluations per CPU second: the reference's `evaluate()` on the Python fast path's
positions against the native `evaluate()` called from Python; and rollouts with a cutoff of
10 decisions per CPU second, played natively from those positions and ending in the native
evaluation or, as before the evaluations were native, in the position converted back to
Python and evaluated there (`--evaluate-only` measures only this table).

Then the native batch for learners (`tavola.native.vector.RattusVector`,
`NotreDameVector`, `IntrigeVector` and `NottinghamVector`, 256 games of 4 players): steps
per CPU second with the observation tensors and legal masks, inside its `step`, and with a
numpy random policy drawing the actions around it. And `gymnasium.make_vec("tavola/<game>-v0",
num_envs=N)` at N = 1, 16 and 256: the native batch (the ids' vector entry point) against
Gymnasium's SyncVectorEnv over the Python env (``vectorization_mode="sync"``) in the same
run, learner decisions per second of CPU time and of wall time, and the batch's own
`step()` (`make_batch(..., learner=0)`, CPU time inside the call) at the same N
(`--vector-only` measures only these).

The native core and the reference play the same games (tests/native): this script checks
it again on its own seeds before timing (the same positions at the end of each game).

If `pyspiel` imports, OpenSpiel's C++ games (hearts, oh_hell, skat, bridge, crazy_eights)
are measured in the same run the same two ways: from Python (`legal_actions`, then
`apply_action`; chance outcomes sampled as OpenSpiel's own loop does), and inside C++: the
Python binding offers no playout loop of its own, so one `MCTSBot` simulation with a
`RandomRolloutEvaluator` of many rollouts times OpenSpiel's C++ rollout loop (a clone, then
chance sampled and uniform legal actions applied to the end) from the first decision after
the deal; the decisions per rollout are counted by playing from that state in Python. The
last line gives the native loop's rate against the geometric mean of OpenSpiel's C++ loops.

`--openspiel-api` measures instead random playouts through OpenSpiel's API (`pyspiel.
load_game("python_tavola_<game>")`, chance outcomes sampled, `legal_actions`, a uniform
choice, `apply_action`, no strings asked) on each engine of the registration (its game
parameter `engine`: ``python``, the reference, and ``native``, the native core), beside
tavola's own Python loop over the same games (`legal_indices`, `action_at`, `apply`), and
OpenSpiel's C++ games through the same loop in the same run.
"""

from __future__ import annotations

import argparse
import importlib
import math
import platform
import random
import sys
import time
from collections.abc import Callable
from typing import Any

SPIEL_GAMES = ("hearts", "oh_hell", "skat", "bridge", "crazy_eights")


def geometric(rates: list[float]) -> float:
    """Return the geometric mean of `rates`."""
    return math.exp(sum(math.log(r) for r in rates) / len(rates))


def best(run: Callable[[], int], repeats: int) -> float:
    """Return the best decisions per CPU second of `run` (which returns its decisions)."""
    rate = 0.0
    for _ in range(repeats):
        begin = time.process_time()
        decisions = run()
        rate = max(rate, decisions / max(time.process_time() - begin, 1e-9))
    return rate


def engine_rows(name: str, players: int, games: int, repeats: int) -> dict[str, float]:
    """Measure game `name` at `players` the three ways (the Python fast path, the native
    core driven from Python, the native loop) on the games of seeds 0, 1, ...; check first
    that both engines play the same games on these seeds."""
    from tavola.core import load

    module = importlib.import_module(f"tavola.native.{name.replace('-', '_')}")
    native: Any = getattr(module, NATIVE[name])
    playouts: Callable[[int, int, int], int] = module.playouts
    game = load(name, players)
    starts = [game.new_state(seed) for seed in range(games)]
    for seed in range(min(games, 50)):  # the same games, checked on these seeds
        ref, nat = starts[seed].for_search(), native.new(game, seed)
        rng = random.Random(seed)
        while not ref.is_terminal:
            legal = ref.legal_indices(ref.to_act[0])
            i = rng.randrange(len(legal))
            ref = ref.apply_index(ref.to_act[0], i)
            nat.apply(legal[i])
        if nat.data() != native.from_state(ref).data():
            raise SystemExit(f"{name} {players}p seed {seed}: the engines played different "
                             f"games")

    def python_fast() -> int:
        decisions = 0
        for seed, start in enumerate(starts):
            rng = random.Random(seed)
            state = start.for_search()
            while not state.is_terminal:
                player = state.to_act[0]
                state = state.apply_index(player, rng.randrange(len(state.legal_actions(player))))
                decisions += 1
        return decisions

    def native_from_python() -> int:
        decisions = 0
        for seed in range(games):
            rng = random.Random(seed)
            nat = native.new(game, seed)
            while not nat.is_terminal:
                legal = nat.legal_indices()
                nat.apply(legal[rng.randrange(len(legal))])
                decisions += 1
        return decisions

    loop_games = games * 50
    return {"python fast": best(python_fast, repeats),
            "native from Python": best(native_from_python, repeats),
            "native loop": best(lambda: playouts(players, loop_games, 0), repeats)}


def evaluate_rows(name: str, players: int, games: int, repeats: int) -> dict[str, float]:
    """Evaluations per CPU second of game `name` at `players` on every position before the
    end of `games` seeded random games (seeds 0, 1, ...): the reference's `evaluate()` on
    the Python fast path's positions, the native `evaluate()` called from Python, and a
    search's rollout with a cutoff of `CUTOFF` decisions (rollouts per CPU second, native)
    ending in the native evaluation or, as before the evaluation was native, in the
    position converted back to Python and evaluated there. Checks first that both
    evaluations agree on every position."""
    from tavola.core import load
    from tavola.native.position import drawing

    module = importlib.import_module(f"tavola.native.{name.replace('-', '_')}")
    native: Any = getattr(module, NATIVE[name])
    game = load(name, players)
    states = []
    for seed in range(games):
        state = game.new_state(seed).for_search()
        rng = random.Random(seed)
        while not state.is_terminal:
            states.append(state)
            player = state.to_act[0]
            state = state.apply_index(player, rng.randrange(len(state.legal_actions(player))))
    natives = [native.from_state(s) for s in states]
    for s, n in zip(states, natives, strict=True):
        if n.evaluate() != s.evaluate():
            raise SystemExit(f"{name} {players}p: the evaluations differ")

    def python() -> int:
        for s in states:
            s.evaluate()
        return len(states)

    def from_python() -> int:
        for n in natives:
            n.evaluate()
        return len(natives)

    def cutoff(in_python: bool) -> int:
        rng = random.Random(0)
        for n in natives:
            position = n.copy()
            drawing(rng, lambda words, p=position: p._s.python_rollout(words, CUTOFF, False))
            if position.is_terminal:
                position.returns()
            elif in_python:
                position.to_state(check=False).evaluate()
            else:
                position.evaluate()
        return len(natives)

    return {"python": best(python, repeats), "native from Python": best(from_python, repeats),
            "positions": float(len(states)),
            "cutoff, Python evaluation": best(lambda: cutoff(True), repeats),
            "cutoff, native evaluation": best(lambda: cutoff(False), repeats)}


CUTOFF = 10
"""The rollout's cutoff in the evaluation table (Nottingham's levels use 10)."""


def evaluate_table(chosen: list[str], players: list[int] | None, games: int,
                   repeats: int) -> Any:
    """The evaluation table: per game and player count, `evaluate_rows`."""
    from rich.table import Table

    table = Table(title=f"heuristics.evaluate: evaluations per CPU second, and rollouts with "
                        f"cutoff={CUTOFF} per CPU second", title_justify="left")
    for column in ("game", "positions", "python", "native from Python", "native / python",
                   "cutoff, eval in Python", "cutoff, eval native", "native / Python"):
        table.add_column(column, justify="left" if column == "game" else "right")
    for name in chosen:
        for count in players or GAMES[name]:
            if count not in GAMES[name]:
                continue
            row = evaluate_rows(name, count, games, repeats)
            python_cut = row["cutoff, Python evaluation"]
            native_cut = row["cutoff, native evaluation"]
            table.add_row(f"{name} {count}p", f"{row['positions']:,.0f}",
                          f"{row['python']:,.0f}", f"{row['native from Python']:,.0f}",
                          f"{row['native from Python'] / row['python']:.1f}x",
                          f"{python_cut:,.0f}", f"{native_cut:,.0f}",
                          f"{native_cut / python_cut:.1f}x")
    return table


NATIVE = {"rattus": "NativeRattus", "notre-dame": "NativeNotreDame",
          "intrige": "NativeIntrige", "nottingham": "NativeNottingham"}
"""Each game's native position class, in its module `tavola.native.<game>`."""

GAMES = {"rattus": (2, 3, 4), "notre-dame": (2, 3, 4, 5), "intrige": (3, 4, 5),
         "nottingham": (3, 4, 5, 6, 7)}
"""The games the native core plays: how each is measured, and its player counts."""


def vector_rows(game: str, players: int, envs: int, steps: int,
                repeats: int) -> dict[str, float]:
    """Steps per CPU second of the native batch (observations and masks included): inside
    `step`, and in a loop that also draws a random legal action per game with numpy."""
    import numpy as np

    from tavola.native.vector import BATCHES

    batch = BATCHES[game]
    inner_best = outer_best = 0.0
    for _ in range(repeats):
        vector = batch(envs, players, 0)
        rng = np.random.default_rng(0)
        mask = vector.observe()[1]
        inner = 0.0
        begin = time.process_time()
        for _ in range(steps):
            actions = (rng.random(mask.shape) * mask).argmax(1)
            started = time.process_time()
            mask = vector.step(actions)[1]
            inner += time.process_time() - started
        outer = time.process_time() - begin
        inner_best = max(inner_best, envs * steps / max(inner, 1e-9))
        outer_best = max(outer_best, envs * steps / max(outer, 1e-9))
    return {"step": inner_best, "loop": outer_best}


def gym_rows(game: str, players: int, envs: int, seconds: float) -> dict[str, float]:
    """Learner decisions per second (CPU and wall) of `gymnasium.make_vec` with `envs` games:
    the native batch (the ids' vector entry point) and Gymnasium's SyncVectorEnv over the
    Python env, both the learner in seat 0 against random seats and a numpy random legal
    policy, each run for about `seconds` of wall time after a reset."""
    import gymnasium
    import numpy as np

    import tavola.rl.gymnasium  # noqa: F401  (registers the ids)

    row: dict[str, float] = {}
    for mode in ("vector_entry_point", "sync"):
        env = gymnasium.make_vec(f"tavola/{game}-v0", num_envs=envs, players=players,
                                 vectorization_mode=mode)
        rng = np.random.default_rng(0)
        _, info = env.reset(seed=0)
        steps = 0
        cpu, wall = time.process_time(), time.perf_counter()
        while steps < 3 or time.perf_counter() - wall < seconds:
            mask = info["action_mask"]
            _, _, _, _, info = env.step((rng.random(mask.shape) * mask).argmax(1))
            steps += 1
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        env.close()
        row[f"{mode} cpu"] = envs * steps / max(cpu, 1e-9)
        row[f"{mode} wall"] = envs * steps / max(wall, 1e-9)
    from tavola.native.vector import make_batch

    batch = make_batch(game, envs, players, 0, learner=0)
    rng = np.random.default_rng(0)
    steps, inside = 0, 0.0
    wall = time.perf_counter()
    while steps < 3 or time.perf_counter() - wall < seconds:
        actions = (rng.random(batch.mask.shape) * batch.mask).argmax(1)
        begin = time.process_time()
        batch.step(actions)
        inside += time.process_time() - begin
        steps += 1
    row["batch cpu"] = envs * steps / max(inside, 1e-9)
    return row


def gym_table(games: list[str], sizes: tuple[int, ...], seconds: float) -> Any:
    """The table of `gym_rows` for each game (its least player count, as `make_vec`'s
    default) and batch size."""
    from rich.table import Table

    table = Table(title="gymnasium.make_vec: learner decisions per second (seat 0 against "
                        "random seats, a random legal policy)", title_justify="left")
    for column in ("game", "num_envs", "native CPU", "native wall", "sync CPU", "sync wall",
                   "native / sync (CPU)", "batch step() CPU"):
        table.add_column(column, justify="left" if column == "game" else "right")
    for name in games:
        players = GAMES[name][0]
        for envs in sizes:
            row = gym_rows(name, players, envs, seconds)
            table.add_row(f"{name} {players}p", str(envs),
                          f"{row['vector_entry_point cpu']:,.0f}",
                          f"{row['vector_entry_point wall']:,.0f}",
                          f"{row['sync cpu']:,.0f}", f"{row['sync wall']:,.0f}",
                          f"{row['vector_entry_point cpu'] / row['sync cpu']:,.0f}x",
                          f"{row['batch cpu']:,.0f}")
    return table


def load_openspiel() -> Any:
    """Return the pyspiel module, or None when OpenSpiel is not installed."""
    try:
        return importlib.import_module("pyspiel")
    except ImportError:
        return None


def spiel_rows(pyspiel: Any, name: str, games: int, repeats: int) -> dict[str, float]:
    """Measure one OpenSpiel game from Python and inside C++."""
    game = pyspiel.load_game(name)
    play = spiel_play
    python_rate = best(lambda: sum(play(game.new_initial_state(), random.Random(seed))
                                   for seed in range(games)), repeats)
    # The C++ loop: one MCTS simulation from the first decision after the deal expands the
    # root and has the evaluator play `rollouts` whole random games from there, in C++.
    rng = random.Random(0)
    start = game.new_initial_state()
    while start.is_chance_node():
        outcomes, weights = zip(*start.chance_outcomes(), strict=True)
        start.apply_action(rng.choices(outcomes, weights)[0])
    per_rollout = sum(play(start.clone(), random.Random(seed)) for seed in range(games)) / games
    rollouts = games * 100

    def in_cpp() -> int:
        evaluator = pyspiel.RandomRolloutEvaluator(rollouts, 1)
        pyspiel.MCTSBot(game, evaluator, 2.0, 1, 10**6, False, 1, False).step(start)
        return round(rollouts * per_rollout)

    return {"from Python": python_rate, "C++ loop": best(in_cpp, repeats),
            "decisions per game": per_rollout}


def spiel_play(state: Any, rng: random.Random) -> int:
    """Play `state` to the end through OpenSpiel's API, chance sampled from its outcomes and
    a uniform legal action at every decision; return the decisions."""
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
            decisions += 1
    return decisions


def openspiel_api_rows(pyspiel: Any, name: str, players: int, games: int,
                       repeats: int) -> dict[str, float]:
    """Random playouts of `name` through OpenSpiel's API on each engine (the registration's
    game parameter `engine`), and tavola's own Python loop over the same games (the
    reference states the Python engine holds: `legal_indices`, `action_at`, `apply`)."""
    from tavola.core import load
    from tavola.rl import openspiel as tos

    tos.register()
    rules = load(name, players)
    spiel = {engine: pyspiel.load_game(tos.short_name(name),
                                       {"players": players, "engine": engine})
             for engine in ("python", "native")}

    def through(engine: str) -> int:
        game = spiel[engine]
        return sum(spiel_play(game.new_initial_state(), random.Random(seed))
                   for seed in range(games))

    def own_loop() -> int:
        decisions = 0
        for seed in range(games):
            rng = random.Random(seed)
            state = rules.new_state(seed)
            while not state.is_terminal:
                player = state.to_act[0]
                legal = state.legal_indices(player)
                state = state.apply(player, state.action_at(
                    player, legal[rng.randrange(len(legal))]))
                decisions += 1
        return decisions

    return {"tavola loop": best(own_loop, repeats), "python": best(lambda: through("python"),
            repeats), "native": best(lambda: through("native"), repeats)}


def ismcts_rates(pyspiel: Any, name: str, players: int) -> dict[str, float]:
    """Return OpenSpiel's Python IS-MCTS simulations per CPU second on each engine: 100
    simulations (UCT c=2, one random rollout per leaf) from the 40th decision of seeded
    random games 0-2. Its tree asks for an information-state key at every node (made from
    the reference on either engine); its rollouts ask for none."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    from tavola.rl import openspiel as tos

    rates = {}
    for engine in ("python", "native"):
        game = pyspiel.load_game(tos.short_name(name), {"players": players, "engine": engine})
        seconds, simulations = 0.0, 0
        for seed in range(3):
            rng = random.Random(seed)
            state, decisions = game.new_initial_state(), 0
            while not state.is_terminal() and decisions < 40:
                if state.is_chance_node():
                    state.apply_action(rng.randrange(tos.SEED_OUTCOMES))
                else:
                    state.apply_action(rng.choice(state.legal_actions()))
                    decisions += 1
            if state.is_terminal():
                continue
            draws = np.random.RandomState(seed)
            bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, draws), uct_c=2.0,
                                   max_simulations=100, random_state=draws)
            begin = time.process_time()
            bot.step(state)
            seconds += time.process_time() - begin
            simulations += 100
        rates[engine] = simulations / max(seconds, 1e-9)
    return rates


def openspiel_api_table(pyspiel: Any, chosen: list[str], counts: list[int] | None,
                        games: int, repeats: int) -> tuple[Any, list[float]]:
    """The table of `openspiel_api_rows` for the chosen games (their least player count
    and 4 unless `counts`); also return the native engine's rates."""
    from rich.table import Table

    table = Table(title="Random playouts through OpenSpiel's API (pyspiel python_tavola_*): "
                  "decisions per CPU second", title_justify="left")
    for column in ("game", "tavola's Python loop", "OpenSpiel, Python engine",
                   "OpenSpiel, native engine", "native / Python", "loop / Python engine"):
        table.add_column(column, justify="left" if column == "game" else "right")
    natives: list[float] = []
    for name in chosen:
        least = GAMES[name][0]
        for players in counts or sorted({least, 4}):
            if players not in GAMES[name]:
                continue
            row = openspiel_api_rows(pyspiel, name, players, games, repeats)
            natives.append(row["native"])
            table.add_row(f"{name} {players}p", f"{row['tavola loop']:,.0f}",
                          f"{row['python']:,.0f}", f"{row['native']:,.0f}",
                          f"{row['native'] / row['python']:.1f}x",
                          f"{row['tavola loop'] / row['python']:.2f}x")
    return table, natives


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", choices=(*GAMES, "all"), default="all",
                        help="the game to measure (default: every game of the native core)")
    parser.add_argument("--players", type=int, action="append",
                        help="player count (repeatable; default every count of each game)")
    parser.add_argument("--games", type=int, default=200, help="seeded games per pass")
    parser.add_argument("--repeats", type=int, default=3, help="passes; the fastest counts")
    parser.add_argument("--no-openspiel", action="store_true", help="skip OpenSpiel")
    parser.add_argument("--vector-only", action="store_true",
                        help="only the vector env table (gymnasium.make_vec, native against "
                             "SyncVectorEnv)")
    parser.add_argument("--evaluate-only", action="store_true",
                        help="only the evaluation table (heuristics.evaluate, Python against "
                             "native)")
    parser.add_argument("--openspiel-api", action="store_true",
                        help="only random playouts through OpenSpiel's API: the registered "
                             "games on the Python and the native engine, against OpenSpiel's "
                             "C++ games through the same API")
    parser.add_argument("--vector-seconds", type=float, default=2.0,
                        help="wall seconds per cell of the vector env table (default: 2)")
    args = parser.parse_args()

    from rich.console import Console
    from rich.table import Table

    from tavola import native

    if not native.available():
        raise SystemExit("the native core is not installed: pip install ./native "
                         "(docs/native.md)")
    console = Console(width=None if sys.stdout.isatty() else 120)
    chosen = [name for name in GAMES if args.game in (name, "all")]
    if args.openspiel_api:
        pyspiel = load_openspiel()
        if pyspiel is None:
            raise SystemExit("OpenSpiel is not installed (pip install open_spiel)")
        console.print(f"Python {platform.python_version()} on {platform.machine()}, one core, "
                      f"CPU time; {args.games} seeded random games per pass, best of "
                      f"{args.repeats}")
        table, natives = openspiel_api_table(pyspiel, chosen, args.players, args.games,
                                             args.repeats)
        console.print(table)
        theirs = {name: spiel_rows(pyspiel, name, max(args.games // 10, 5), args.repeats)
                  ["from Python"] for name in SPIEL_GAMES}
        console.print("OpenSpiel's C++ games through the same API loop: " + ", ".join(
            f"{name} {rate:,.0f}" for name, rate in theirs.items()))
        # Bridge's loop mostly computes a double-dummy score for every new deal: left out.
        ours = geometric(natives)
        mean = geometric([rate for name, rate in theirs.items() if name != "bridge"])
        console.print(f"Geometric means: the native engine {ours:,.0f}, OpenSpiel's C++ games "
                      f"but bridge {mean:,.0f} decisions/s (native engine {ours / mean:.2f}x).")
        for name in chosen:
            rates = ismcts_rates(pyspiel, name, GAMES[name][0])
            console.print(f"OpenSpiel's IS-MCTS (100 simulations from 3 positions), {name} "
                          f"{GAMES[name][0]}p: {rates['python']:,.0f} simulations per CPU "
                          f"second on the Python engine, {rates['native']:,.0f} on the native "
                          f"engine ({rates['native'] / rates['python']:.2f}x).")
        return
    if args.vector_only:
        console.print(f"Python {platform.python_version()} on {platform.machine()}; "
                      f"about {args.vector_seconds:g} s of wall time per cell")
        console.print(gym_table(chosen, (1, 16, 256), args.vector_seconds))
        return
    evaluations = max(args.games // 10, 5)
    if args.evaluate_only:
        console.print(f"Python {platform.python_version()} on {platform.machine()}, one core, "
                      f"CPU time; every position of {evaluations} seeded random games, best of "
                      f"{args.repeats}")
        console.print(evaluate_table(chosen, args.players, evaluations, args.repeats))
        return
    console.print(f"Python {platform.python_version()} on {platform.machine()}, one core, CPU "
                  f"time; {args.games} seeded random games per pass ({args.games * 50} in the "
                  f"native loop), best of {args.repeats}")
    table = Table(title="Random playouts: decisions per CPU second", title_justify="left")
    for column in ("game", "python fast", "native from Python", "native loop",
                   "from Python / fast", "loop / fast"):
        table.add_column(column, justify="left" if column == "game" else "right")
    loops: dict[str, list[float]] = {}
    for name, counts in GAMES.items():
        if args.game not in (name, "all"):
            continue
        for players in args.players or counts:
            if players not in counts:
                continue
            row = engine_rows(name, players, args.games, args.repeats)
            loops.setdefault(name, []).append(row["native loop"])
            table.add_row(f"{name} {players}p", f"{row['python fast']:,.0f}",
                          f"{row['native from Python']:,.0f}", f"{row['native loop']:,.0f}",
                          f"{row['native from Python'] / row['python fast']:.1f}x",
                          f"{row['native loop'] / row['python fast']:.0f}x")
    console.print(table)
    console.print(f"The evaluations: every position of {evaluations} seeded random games")
    console.print(evaluate_table(chosen, args.players, evaluations, args.repeats))
    for name, batch in (("rattus", "RattusVector"), ("notre-dame", "NotreDameVector"),
                        ("intrige", "IntrigeVector"), ("nottingham", "NottinghamVector")):
        if args.game not in (name, "all"):
            continue
        vector = vector_rows(name, 4, 256, 200, args.repeats)
        console.print(f"Native batch (tavola.native.vector.{batch}), 256 games of 4 "
                      f"players, observations and masks: {vector['step']:,.0f} steps/s inside "
                      f"step(), {vector['loop']:,.0f} with a numpy random policy around it "
                      f"(the issue's target: 1M/s).")
    console.print(gym_table(chosen, (1, 16, 256), args.vector_seconds))
    pyspiel = None if args.no_openspiel else load_openspiel()
    if pyspiel is None:
        console.print("OpenSpiel is not installed (or --no-openspiel): no OpenSpiel rows.")
        return
    spiel = Table(title="OpenSpiel's C++ games, the same loops", title_justify="left")
    for column in ("game", "decisions per game", "from Python", "C++ loop"):
        spiel.add_column(column, justify="left" if column == "game" else "right")
    cpp: list[float] = []
    for name in SPIEL_GAMES:
        row = spiel_rows(pyspiel, name, max(args.games // 10, 5), args.repeats)
        cpp.append(row["C++ loop"])
        spiel.add_row(name, f"{row['decisions per game']:.0f}", f"{row['from Python']:,.0f}",
                      f"{row['C++ loop']:,.0f}")
    console.print(spiel)
    mean = math.exp(sum(math.log(r) for r in cpp) / len(cpp))
    console.print(f"OpenSpiel C++ loops, geometric mean: {mean:,.0f} decisions/s.")
    for name, rates in loops.items():
        ours = math.exp(sum(math.log(r) for r in rates) / len(rates))
        console.print(f"tavola's native loop, {name} (geometric mean over player counts): "
                      f"{ours:,.0f}, {ours / mean:.2f}x of it (the issue's target: at least "
                      f"0.5x).")


if __name__ == "__main__":
    main()
