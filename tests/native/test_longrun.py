"""The long differential run (`tests.native.longrun`): chunks written as they end, a run
that goes on where it stopped (nothing played twice, nothing lost, a last line cut short
played again), the same chunks on worker processes and on Ray, a divergence that stops the
run and is written down, the report, and bad arguments refused in one line.

Each test plays a few dozen short Rattus games (2 per set, a game a chunk)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tavola.games.rattus.game import RattusGame
from tavola.native.rattus import NativeRattus
from tests.native import differential, longrun
from tests.native.divergence import Divergence

SMALL = ["--game", "rattus", "--games", "18", "--chunk", "1"]
"""18 Rattus games over its 9 sets: seeds 0 and 1 of each, one game a chunk."""

ROOT = Path(__file__).resolve().parents[2]


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def games(path: Path) -> list[tuple[str, int, int, int, int | None]]:
    """The file's chunks as what they prove: set, first seed, count, steps, limited."""
    return sorted((r["set"], r["first"], r["count"], r["steps"], r["limited"])
                  for r in lines(path))


@pytest.fixture(scope="module")
def serial(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The small run, in this process."""
    out = tmp_path_factory.mktemp("serial") / "rattus.jsonl"
    assert longrun.main([*SMALL, "--out", str(out)]) == 0
    return out


def test_every_chunk_is_a_line_of_the_file(serial: Path) -> None:
    records = lines(serial)
    names = [s.name for s in longrun.sets("rattus")]
    assert len(names) == 9 and len(records) == 18
    assert sorted((r["set"], r["first"]) for r in records) == sorted(
        (n, seed) for n in names for seed in (0, 1))
    # interleaved: the first seed of every set before the second of any
    assert {r["first"] for r in records[:9]} == {0}
    for r in records:
        assert r["kind"] == "chunk" and r["game"] == "rattus" and r["count"] == 1
        assert r["steps"] > 0 and r["cpu"] > 0 and r["observe_every"] == 16
        assert r["commit"] == longrun.commit() and len(r["commit"].split("+")[0]) == 40
        assert isinstance(r["limited"], int)
    # the steps are the driver's own count, and the limit is the round limit's
    stall = next(r for r in records if r["set"] == "2p-rounds=20-stall" and r["first"] == 0)
    game = RattusGame(2, {"rounds": 20})
    end, steps = differential.play_both(game, 0, differential.STALL, 16)
    assert (stall["steps"], stall["limited"]) == (steps, end.turn == game.config.turn_limit)


def test_a_stopped_run_goes_on_where_it_stopped(tmp_path: Path, serial: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "rattus.jsonl"
    played: list[tuple[str, int]] = []
    real = longrun.play_chunk

    def stopping(chunk: longrun.Chunk) -> dict[str, Any]:
        if len(played) == 7:
            raise KeyboardInterrupt  # Ctrl-C during the eighth chunk
        played.append((chunk.set.name, chunk.first))
        return real(chunk)

    monkeypatch.setattr(longrun, "play_chunk", stopping)
    assert longrun.main([*SMALL, "--out", str(out)]) == 130
    assert len(lines(out)) == 7
    first = list(played)
    played.clear()

    def counting(chunk: longrun.Chunk) -> dict[str, Any]:
        played.append((chunk.set.name, chunk.first))
        return real(chunk)

    monkeypatch.setattr(longrun, "play_chunk", counting)
    assert longrun.main([*SMALL, "--out", str(out)]) == 0
    assert len(played) == 11 and not set(played) & set(first)  # nothing played twice
    assert games(out) == games(serial)  # nothing lost
    played.clear()
    assert longrun.main([*SMALL, "--out", str(out)]) == 0  # all done: nothing to play
    assert played == [] and games(out) == games(serial)


def test_a_last_line_cut_short_is_dropped_and_its_chunk_played_again(
        tmp_path: Path, serial: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "rattus.jsonl"
    text = serial.read_text().splitlines(keepends=True)
    out.write_text("".join(text[:5]) + text[5][:40])  # killed while writing the sixth
    assert len(longrun.read_records(out)) == 5  # the report reads past it, untouched
    assert longrun.main([*SMALL, "--out", str(out)]) == 0
    assert "dropped a last line cut short (40 bytes)" in capsys.readouterr().out
    assert games(out) == games(serial)


def test_the_file_can_be_extended_with_more_games_and_other_chunks(
        tmp_path: Path, serial: Path) -> None:
    """Seeds, not chunks, are what is done: a file made with one chunk size goes on with
    another, and a larger --games adds the next seeds of every set."""
    out = tmp_path / "rattus.jsonl"
    out.write_text(serial.read_text())
    assert longrun.main(["--game", "rattus", "--games", "36", "--chunk", "3",
                         "--out", str(out)]) == 0
    records = lines(out)
    assert records[:18] == lines(serial)
    assert sorted((r["set"], r["first"], r["count"]) for r in records[18:]) == sorted(
        (s.name, 2, 2) for s in longrun.sets("rattus"))
    spans = longrun.covered(records)
    assert all(spans["rattus", s.name] == [(0, 4)] for s in longrun.sets("rattus"))


def test_worker_processes_play_the_same_chunks(tmp_path: Path, serial: Path) -> None:
    out = tmp_path / "rattus.jsonl"
    assert longrun.main([*SMALL, "--jobs", "2", "--out", str(out)]) == 0
    assert games(out) == games(serial)


def test_ray_plays_the_same_chunks(tmp_path: Path, serial: Path, ray_local: None) -> None:
    out = tmp_path / "rattus.jsonl"
    assert longrun.main([*SMALL, "--ray", "local", "--jobs", "2", "--out", str(out)]) == 0
    assert games(out) == games(serial)


def test_several_games_go_to_a_file_each(tmp_path: Path) -> None:
    pattern = str(tmp_path / "lr-{game}.jsonl")
    assert longrun.main(["--game", "intrige,nottingham", "--games", "4", "--chunk", "1",
                         "--observe-every", "1", "--out", pattern]) == 0
    for game, sets in (("intrige", 24), ("nottingham", 40)):
        records = lines(tmp_path / f"lr-{game}.jsonl")
        assert [r["set"] for r in records] == [s.name for s in longrun.sets(game)][:4]
        assert all(r["game"] == game and r["limited"] is None and r["observe_every"] == 1
                   for r in records)
        assert len(longrun.sets(game)) == sets


def test_a_divergence_stops_the_run_and_is_written_down(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str], serial: Path) -> None:
    """A native apply that plays the second legal action where the first was chosen (in
    3-player games) is caught at the step after, named and written to the file; the run
    plays nothing after it; run again with the core mended, it goes on and proves all."""
    real = NativeRattus.apply

    def wrong(self: NativeRattus, index: int) -> None:
        legal = self.legal_indices()
        real(self, legal[1] if self.game.players == 3 and index == legal[0]
             and len(legal) > 1 else index)

    out = tmp_path / "rattus.jsonl"
    monkeypatch.setattr(NativeRattus, "apply", wrong)
    assert longrun.main([*SMALL, "--out", str(out)]) == 1
    records = lines(out)
    bad = records[-1]
    assert bad["kind"] == "divergence" and bad["set"] == "3p-default-random"
    assert bad["first"] == bad["seed"] == 0 and bad["what"] == "positions"
    assert [r["set"] for r in records[:-1]] == [s.name for s in longrun.sets("rattus")][:3]
    with pytest.raises(Divergence) as caught:  # the driver alone finds the same place
        differential.play_both(RattusGame(3, {}), 0)
    assert (caught.value.seed, caught.value.step) == (bad["seed"], bad["step"]) \
        and bad["step"] > 0
    said = capsys.readouterr().out
    assert (f"DIVERGENCE: rattus set 3p-default-random seed 0 step {bad['step']}: positions "
            f"differ (written to {out})") in said
    assert longrun.main(["--report", str(out)]) == 1
    assert f"DIVERGENCE: rattus set 3p-default-random seed 0 step {bad['step']}" in \
        capsys.readouterr().out
    monkeypatch.setattr(NativeRattus, "apply", real)
    assert longrun.main([*SMALL, "--out", str(out)]) == 0
    done = [r for r in lines(out) if r["kind"] == "chunk"]
    assert sorted((r["set"], r["first"], r["steps"]) for r in done) == sorted(
        (r["set"], r["first"], r["steps"]) for r in lines(serial))


def test_the_report_sums_up_per_game_and_set(serial: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert longrun.main(["--report", str(serial), "--goal", "36"]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[0] == "rattus:"
    assert said[1].startswith("  2p-default-random: 2 games proven (seeds 0-1), ")
    assert "games per CPU second, 0 ended by the limit" in said[1]
    records = lines(serial)
    cpu = sum(r["cpu"] for r in records)
    steps = sum(r["steps"] for r in records)
    total = next(line for line in said if line.startswith("  total:"))
    assert total.startswith(f"  total: 18 of 36 games (50.00 %), {steps:,} steps, ")
    assert f"{18 / cpu:.1f} games per CPU second; the rest needs" in total
    assert said[-1] == f"  observations every 16 steps; commits {longrun.commit()[:12]}" + \
        ("+dirty" if longrun.commit().endswith("+dirty") else "")


@pytest.mark.parametrize(("argv", "message"), [
    (["--game", "chess"], "--game: choose among rattus, notre_dame, intrige, nottingham"),
    (["--game", "rattus,rattus"], "each once"),
    (["--game", "rattus", "--games", "0"], "argument --games: must be at least 1, not 0"),
    (["--game", "rattus", "--jobs", "two"], "argument --jobs: not a whole number: 'two'"),
    (["--game", "rattus", "--start", "-1"], "argument --start: must be at least 0, not -1"),
    (["--game", "rattus", "--observe-every", "0"], "must be at least 1"),
    ([], "say which game to run (--game), or --report FILE"),
])
def test_bad_arguments_are_refused_in_one_line(
        argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit:
        longrun.main(argv)
    assert exit.value.code == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_bad_files_and_places_are_refused_and_change_nothing(
        tmp_path: Path, serial: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.jsonl"
    text = serial.read_text().splitlines(keepends=True)
    broken.write_text("".join(text[:3]) + "{not json\n" + "".join(text[3:6]))
    before = broken.read_bytes()
    cases = [
        ([*SMALL, "--out", str(broken)], f"error: line 4 of {broken} is not a long-run record"),
        (["--report", str(broken)], f"error: line 4 of {broken} is not a long-run record"),
        ([*SMALL, "--out", str(tmp_path / "nowhere" / "x.jsonl")],
         f"error: the directory of {tmp_path / 'nowhere' / 'x.jsonl'} does not exist"),
        (["--game", "rattus,intrige", "--out", str(tmp_path / "x.jsonl")],
         "error: with several games, --out needs {game} in it"),
    ]
    for argv, message in cases:
        assert longrun.main(argv) == 2
        err = capsys.readouterr().err
        assert err.startswith(message) and len(err.splitlines()) == 1
    assert broken.read_bytes() == before
    assert not (tmp_path / "x.jsonl").exists()


def test_the_drivers_commands_are_the_long_run_of_their_game(tmp_path: Path) -> None:
    """`python -m tests.native.differential_intrige ...` runs this, for Intrige; a bad
    option or an unreachable Ray is one line, no traceback."""
    out = tmp_path / "intrige.jsonl"
    done = subprocess.run(
        [sys.executable, "-m", "tests.native.differential_intrige", "--games", "24",
         "--chunk", "12", "--out", str(out)], cwd=ROOT, capture_output=True, text=True,
        timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["24 games to play in 24 chunks (0 already in the file)",
                                        "24 games identical"]
    assert {r["game"] for r in lines(out)} == {"intrige"}
    bad = subprocess.run([sys.executable, "-m", "tests.native.differential", "--games", "x"],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert bad.stderr.splitlines()[-1].endswith("argument --games: not a whole number: 'x'")
    away = subprocess.run([sys.executable, "-m", "tests.native.longrun", "--game", "rattus",
                           "--ray", "127.0.0.1:1", "--out", str(tmp_path / "ray.jsonl")],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert away.returncode == 2 and away.stderr.startswith(
        "error: cannot reach Ray at '127.0.0.1:1'") and len(away.stderr.splitlines()) == 1
    assert not (tmp_path / "ray.jsonl").exists()
