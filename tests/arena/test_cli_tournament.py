"""`tavola tournament`, in-process with click's runner and as a real command (a process pool,
Ray, and an interrupted run picked up again)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from tavola.cli import main
from tests.signals import sigint_default

pytestmark = pytest.mark.usefixtures("toys")

ROOT = Path(__file__).resolve().parents[2]
SETUP = "tests.arena.toys:register_toys"
RUN = ["tournament", "toy-league", "--setup", SETUP, "-p", "2", "-b", "random,greedy,low"]


def invoke(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def refused(result: Result, code: int, message: str) -> None:
    """Check a refusal: exit code, one error line with the message, no traceback."""
    assert result.exit_code == code, result.output
    assert isinstance(result.exception, SystemExit)
    errors = [line for line in result.output.splitlines() if line.startswith("Error")]
    assert len(errors) == 1 and message in errors[0], result.output
    assert "Traceback" not in result.output


def table(output: str) -> str:
    """Return the printed report without its timing line."""
    return "\n".join(line for line in output.splitlines()
                     if "per second" not in line and "worker." not in line)


def games_in(path: Path) -> dict[int, str]:
    """Return each game's line by index, without the timing field."""
    out = {}
    for line in path.read_text().splitlines()[1:]:
        data = json.loads(line)
        del data["seconds"]
        out[data["index"]] = json.dumps(data, sort_keys=True)
    return out


def test_a_tournament_prints_its_table_and_the_report_prints_it_again(tmp_path: Path) -> None:
    out, plot = tmp_path / "results.jsonl", tmp_path / "ratings.png"
    result = invoke(*RUN, "-n", "12", "--seed", "4", "-w", "1", "--out", str(out),
                    "--plot", str(plot))
    assert result.exit_code == 0, result.output
    assert "toy-league (version 1): 2 players, 12 games, seed 4" in result.output
    assert "By bot" in result.output and "By seat" in result.output
    assert f"Ratings plotted to {plot}" in result.output
    assert plot.read_bytes().startswith(b"\x89PNG")
    for line in result.output.splitlines():
        assert len(line) <= 80 or str(plot) in line, line
    assert len(out.read_text().splitlines()) == 13
    plot.unlink()
    again = invoke("tournament", "--report", str(out), "--plot", str(plot))
    assert again.exit_code == 0, again.output
    assert table(again.output) == table(result.output)
    assert plot.exists()


def test_one_bot_against_a_field_of_copies_of_another_is_a_line_up(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    result = invoke("tournament", "toy-league", "--setup", SETUP, "-p", "3",
                    "-b", "greedy,random,random", "-n", "6", "-w", "1", "--out", str(out))
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert lines[0]["bots"] == ["greedy", "random", "random"]
    seats = [tuple(line["seats"]) for line in lines[1:]]
    assert all(sorted(s) == ["greedy", "random", "random"] for s in seats)
    assert sorted(s.index("greedy") for s in seats) == [0, 0, 1, 1, 2, 2]
    rows = [line.split()[0] for line in result.output.splitlines()
            if line.split()[:1] in (["greedy"], ["random"])]
    assert sorted(rows) == ["greedy", "random"]
    again = invoke("tournament", "--report", str(out))
    assert again.exit_code == 0 and table(again.output) == table(result.output)


def test_a_second_run_goes_on_where_the_file_stops(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    assert invoke(*RUN, "-n", "5", "-w", "1", "--out", str(out)).exit_code == 0
    result = invoke(*RUN, "-n", "9", "-w", "1", "--out", str(out))
    assert result.exit_code == 0 and "9 games" in result.output
    assert sorted(games_in(out)) == list(range(9))


@pytest.mark.parametrize(("args", "message"), [
    (["-b", "random,nobody"], "no bot 'nobody'"),
    (["-b", "random,,greedy"], "bad bot list"),
    (["-b", "random,random,greedy"], "named twice"),
    (["-p", "7"], "2-4 players"),
    (["-o", "rounds=99"], "rounds"),
    (["-w", "0"], "workers"),
    (["--setup", "nowhere:nothing"], "setup function"),
])
def test_bad_input_is_one_line_and_makes_no_file(tmp_path: Path, args: list[str],
                                                 message: str) -> None:
    out = tmp_path / "results.jsonl"
    refused(invoke(*RUN, "-n", "3", "-w", "1", "--out", str(out), *args), 2, message)
    assert not out.exists()


def test_a_game_and_bots_or_a_report_must_be_given() -> None:
    refused(invoke("tournament"), 2, "give a game")
    refused(invoke("tournament", "toy-league", "--setup", SETUP), 2, "--bots")
    refused(invoke("tournament", "no-such-game", "-b", "random"), 2, "no game called")
    refused(invoke("tournament", "--ray", "toy-league", "-b", "random"), 2,
            "give the game before --ray")


def test_a_report_takes_no_run_settings(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    assert invoke(*RUN, "-n", "2", "-w", "1", "--out", str(out)).exit_code == 0
    refused(invoke("tournament", "--report", str(out), "--seed", "3"), 2, "give it alone")
    refused(invoke("tournament", "toy-league", "--report", str(out)), 2, "give it alone")


def test_a_file_of_another_tournament_or_a_damaged_one_is_left_alone(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    assert invoke(*RUN, "-n", "3", "-w", "1", "--out", str(out)).exit_code == 0
    before = out.read_bytes()
    refused(invoke(*RUN, "-n", "5", "-w", "1", "--seed", "1", "--out", str(out)), 1,
            "holds another tournament (its seed 0, not 1)")
    assert out.read_bytes() == before
    out.write_bytes(before[:-5])
    cut = out.read_bytes()
    refused(invoke(*RUN, "-n", "5", "-w", "1", "--out", str(out)), 1, "cut short")
    refused(invoke("tournament", "--report", str(out)), 1, "cut short")
    assert out.read_bytes() == cut
    refused(invoke("tournament", "--report", str(tmp_path / "none.jsonl")), 1, "cannot read")
    (tmp_path / "empty.jsonl").write_text("")
    refused(invoke("tournament", "--report", str(tmp_path / "empty.jsonl")), 1,
            "holds no tournament")


def command(*args: str) -> list[str]:
    return [sys.executable, "-m", "tavola", *RUN, *args]


def environment() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def test_the_command_plays_the_same_games_on_processes_and_on_ray(tmp_path: Path) -> None:
    files = {"processes": tmp_path / "processes.jsonl", "ray": tmp_path / "ray.jsonl"}
    runs = {"processes": ["-w", "2"], "ray": ["-w", "2", "--ray"]}
    for name, extra in runs.items():
        done = subprocess.run(command("-n", "12", "--out", str(files[name]), *extra),
                              cwd=ROOT, env=environment(), capture_output=True, text=True,
                              timeout=240)
        assert done.returncode == 0, done.stderr[-2000:]
        assert "By bot" in done.stdout and "Traceback" not in done.stderr, done.stderr[-2000:]
    assert games_in(files["processes"]) == games_in(files["ray"])
    assert sorted(games_in(files["ray"])) == list(range(12))


def test_an_interrupted_run_keeps_its_games_and_the_next_run_finishes(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    child = subprocess.Popen(command("-n", "1000000", "-w", "1", "--out", str(out)),
                             cwd=ROOT, env=environment(), stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, preexec_fn=sigint_default)
    deadline = time.monotonic() + 60
    while (not out.exists() or len(out.read_text().splitlines()) < 50) and (
            time.monotonic() < deadline):
        time.sleep(0.05)
    child.send_signal(signal.SIGINT)
    _, err = child.communicate(timeout=60)
    assert child.returncode == 130, err
    assert f"the finished games are in {out}: run the same command to go on" in err
    assert "Traceback" not in err
    kept = games_in(out)
    assert len(kept) >= 50
    finished = invoke(*RUN, "-n", str(max(kept) + 3), "-w", "1", "--out", str(out))
    assert finished.exit_code == 0, finished.output
    assert sorted(games_in(out)) == list(range(max(kept) + 3))


def alive(pid: int) -> bool:
    """Return whether `pid` runs (a zombie waiting to be reaped counts as gone)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "State:\tZ" not in status


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="needs Linux /proc")
def test_workers_of_a_killed_run_do_not_outlive_it(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    child = subprocess.Popen(command("-n", "1000000", "-w", "2", "--out", str(out)),
                             cwd=ROOT, env=environment(), stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while (not out.exists() or len(out.read_text().splitlines()) < 20) and (
            time.monotonic() < deadline):
        time.sleep(0.05)
    workers = [int(pid) for pid in
               Path(f"/proc/{child.pid}/task/{child.pid}/children").read_text().split()]
    assert len(workers) >= 2
    child.kill()
    child.wait(timeout=30)
    deadline = time.monotonic() + 20
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(alive(pid) for pid in workers)


@pytest.mark.parametrize(("address", "message"), [
    ("127.0.0.1:1", "cannot reach Ray at '127.0.0.1:1'"),
    ("somewhere", "a Ray address is HOST:PORT"),
])
def test_a_ray_address_nobody_answers_is_refused_at_once(tmp_path: Path, address: str,
                                                         message: str) -> None:
    # A fresh process: this one may already be connected to the tests' own Ray.
    out = tmp_path / "results.jsonl"
    done = subprocess.run(command("-n", "4", "--out", str(out), "--ray", address), cwd=ROOT,
                          env=environment(), capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    last = done.stderr.strip().splitlines()[-1]
    assert last.startswith("Error: ") and message in last
    assert "Traceback" not in done.stderr and not out.exists()
