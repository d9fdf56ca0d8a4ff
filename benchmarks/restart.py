"""Start-up with many stored tables: how long a restarted server takes to answer, and its
memory, against the number of unfinished tables it stores.

Run from the repository root::

    python3 benchmarks/restart.py [--tables 1000,10000] [--db sqlite,postgresql] [--bots 0]

For each database and each N it stores N unfinished public 3-player toy tables of people
(six moves into their games; the first `--bots` of them with a bot seat, which the server
resumes in the background), starts a real server process (`tavola serve` with the test
games registered) and prints:

- answered: seconds from starting the process to its first HTTP answer (Python's start-up
  and the migrations included);
- lobby: seconds from the start to the lobby's answer (the newest 100 open tables);
- table: milliseconds for the summary of one stored table nobody had asked for (loaded and
  replayed on demand);
- memory: the server's resident set after those answers (VmRSS), in MB.

PostgreSQL is a private throwaway cluster, as in the tests; everything is on 127.0.0.1.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.server.postgres import cluster  # noqa: E402
from tests.server.processes import ServerProcess  # noqa: E402
from tests.server.stored import store_tables  # noqa: E402


def resident_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def measure(url: str, tables: int, bots: int) -> dict[str, float]:
    ids = store_tables(url, tables, bots=bots)
    start = time.monotonic()
    server = ServerProcess(url)
    try:
        answered = time.monotonic() - start
        server.get("/api/v1/tables")
        lobby = time.monotonic() - start
        before = time.perf_counter()
        server.get(f"/api/v1/tables/{ids[len(ids) // 2]}")
        table = (time.perf_counter() - before) * 1000
        memory = resident_mb(server.proc.pid)
    finally:
        server.stop()
    return {"answered": answered, "lobby": lobby, "table": table, "memory": memory}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", default="1000,10000")
    parser.add_argument("--db", default="sqlite,postgresql")
    parser.add_argument("--bots", type=int, default=0,
                        help="how many of the stored tables have a bot seat")
    args = parser.parse_args()
    rows = []
    with ExitStack() as stack:
        for kind in args.db.split(","):
            running = stack.enter_context(cluster()) if kind == "postgresql" else None
            for n in (int(t) for t in args.tables.split(",")):
                if running is None:
                    folder = stack.enter_context(tempfile.TemporaryDirectory())
                    url = f"sqlite:///{folder}/restart.db"
                else:
                    url = running.new_database()
                rows.append((kind, n, measure(url, n, min(args.bots, n))))
                print(f"  {kind} N={n}: done", file=sys.stderr, flush=True)
    print(f"\nA restarted server with N stored unfinished tables ({args.bots} with bots)\n")
    print(f"{'database':<11}{'tables':>8}{'answered s':>11}{'lobby s':>9}{'table ms':>10}"
          f"{'memory MB':>10}")
    for kind, n, f in rows:
        print(f"{kind:<11}{n:>8}{f['answered']:>11.2f}{f['lobby']:>9.2f}{f['table']:>10.1f}"
              f"{f['memory']:>10.0f}")


if __name__ == "__main__":
    main()
