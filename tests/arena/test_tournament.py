"""Tournaments: results files, resuming, refusing foreign or damaged files, and the same game
records from every backend (in this process, a process pool and Ray)."""

from __future__ import annotations

import json
from dataclasses import replace
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from tavola.arena.backends import GameFailed, GameTask, play_task
from tavola.arena.results import FORMAT, ResultsFile, ResultsMismatch, read_results
from tavola.arena.schedule import Schedule, game_seed
from tavola.arena.tournament import progress_bar, report, tournament
from tavola.core import BadOptions, CorruptRecord, Record, TavolaError, UnknownGame

pytestmark = pytest.mark.usefixtures("toys")

SETUP = "tests.arena.toys:register_toys"
LEAGUE = ["random", "greedy", "low"]


def run(path: Path | None, games: int, workers: int = 1, **kw: Any) -> Any:
    settings: dict[str, Any] = {"game": "toy-league", "players": 2, "bots": LEAGUE,
                                "seed": 5, "setup": SETUP, "progress": False}
    settings.update(kw)
    return tournament(games=games, workers=workers, out=path, **settings)


def lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def without_timing(path: Path) -> dict[int, str]:
    """Return each game's line by index, with the timing field removed, as canonical text."""
    games = {}
    for data in lines(path)[1:]:
        del data["seconds"]
        games[data["index"]] = json.dumps(data, sort_keys=True)
    return games


def test_a_results_file_has_a_header_then_one_canonical_line_per_game(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    standings = run(path, 6)
    header, *games = lines(path)
    assert header == {"format": FORMAT, "game": "toy-league", "version": 1, "players": 2,
                      "options": {"rounds": 3}, "bots": LEAGUE, "seed": 5}
    assert sorted(g["index"] for g in games) == list(range(6))
    schedule = Schedule(tuple(LEAGUE), 2)
    for game in games:
        assert game["seed"] == game_seed(5, game["index"])
        assert tuple(game["seats"]) == schedule.seats(game["index"])
        record = Record.from_json(game["record"])
        final = record.replay()[-1]
        assert list(final.result().scores) == game["scores"]
        assert list(final.result().ranks) == game["ranks"]
        assert game["decisions"] == len(record.actions) == sum(game["seat_decisions"])
        assert set(game) == {"index", "seed", "seats", "record", "scores", "ranks",
                             "decisions", "seat_decisions", "seconds"}
    for text in path.read_text().splitlines():
        assert text == json.dumps(json.loads(text), sort_keys=True, separators=(",", ":"))
    assert standings.games == 6 and sum(b.seat_games for b in standings.bots) == 12


def test_a_second_run_on_the_same_file_plays_only_the_missing_games(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    run(path, 4)
    first = path.read_bytes()
    standings = run(path, 9)
    assert path.read_bytes().startswith(first)
    assert len(lines(path)) == 1 + 9
    fresh = tmp_path / "fresh.jsonl"
    assert standings.games == 9 and run(fresh, 9).bots == standings.bots
    assert without_timing(path) == without_timing(fresh)
    untouched = path.read_bytes()
    assert run(path, 9).games == 9 and path.read_bytes() == untouched


def test_a_run_resumes_around_any_games_already_present(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    run(path, 6)
    kept = [line for line in path.read_text().splitlines()
            if json.loads(line).get("index") not in (1, 4)]
    path.write_text("\n".join(kept) + "\n")
    run(path, 6)
    assert sorted(g["index"] for g in lines(path)[1:]) == list(range(6))
    fresh = tmp_path / "fresh.jsonl"
    run(fresh, 6)
    assert without_timing(path) == without_timing(fresh)


@pytest.mark.parametrize(("change", "named"), [
    ({"bots": ["random", "greedy"]}, "bots"),
    ({"seed": 6}, "seed"),
    ({"options": {"rounds": 2}}, "options"),
    ({"game": "toy-bots", "bots": ["random", "greedy"]}, "game"),
    ({"players": 3}, "players"),
])
def test_a_file_of_another_tournament_is_refused_and_left_alone(
        tmp_path: Path, change: dict[str, Any], named: str) -> None:
    path = tmp_path / "results.jsonl"
    run(path, 3)
    before = path.read_bytes()
    with pytest.raises(ResultsMismatch, match=f"another tournament \\(its {named}") as caught:
        run(path, 5, **change)
    assert "\n" not in str(caught.value)
    assert path.read_bytes() == before


def test_the_default_options_are_the_same_tournament_as_naming_them(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    run(path, 2)
    run(path, 3, options={"rounds": 3})
    assert len(lines(path)) == 4


def damage_last(path: Path, edit: Any) -> None:
    text = path.read_text().splitlines()
    text[-1] = edit(text[-1])
    path.write_text("\n".join(text) + "\n")


def edit_json(change: Any) -> Any:
    def edit(line: str) -> str:
        data = json.loads(line)
        change(data)
        return json.dumps(data)
    return edit


def set_score(data: dict[str, Any]) -> None:
    data["scores"][0] += 1


def set_seed(data: dict[str, Any]) -> None:
    data["seed"] += 1


def swap_seats(data: dict[str, Any]) -> None:
    data["seats"].reverse()
    data["record"]["bots"].reverse()


def drop_action(data: dict[str, Any]) -> None:
    data["record"]["actions"].pop()


@pytest.mark.parametrize(("damage", "message"), [
    (lambda p: p.write_bytes(p.read_bytes()[:-20]), "cut short"),
    (lambda p: p.write_text(p.read_text() + "{not json\n"), "not valid JSON"),
    (lambda p: p.write_text(p.read_text() + "[1, 2]\n"), "not an object"),
    (lambda p: damage_last(p, edit_json(set_score)), "result differs"),
    (lambda p: damage_last(p, edit_json(set_seed)), "is not the seed of game"),
    (lambda p: damage_last(p, edit_json(swap_seats)), "seats are not those"),
    (lambda p: damage_last(p, edit_json(drop_action)), "decision counts"),
    (lambda p: p.write_text(p.read_text() + p.read_text().splitlines()[-1] + "\n"),
     "appears twice"),
    (lambda p: p.write_text(p.read_text().replace('"bots":["random","greedy","low"]',
                                                  '"bots":["random","random","low"]', 1)),
     "not a line-up"),
    (lambda p: p.write_text(json.dumps({"format": "tavola-record/1"}) + "\n"),
     "not a tavola tournament header"),
    (lambda p: p.write_bytes(b"\xff\xfe\n"), "not UTF-8"),
])
def test_a_damaged_file_is_refused_in_one_line_and_never_written(
        tmp_path: Path, damage: Any, message: str) -> None:
    path = tmp_path / "results.jsonl"
    run(path, 3)
    damage(path)
    before = path.read_bytes()
    with pytest.raises(CorruptRecord, match=message) as caught:
        run(path, 5)
    assert "\n" not in str(caught.value) and str(path) in str(caught.value)
    assert path.read_bytes() == before
    with pytest.raises(CorruptRecord, match=message):
        report(path)


def test_a_folder_or_a_missing_or_empty_file_cannot_be_reported(tmp_path: Path) -> None:
    with pytest.raises(CorruptRecord, match="cannot open"):
        run(tmp_path, 2)
    with pytest.raises(CorruptRecord, match="cannot read"):
        report(tmp_path / "nothing.jsonl")
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    with pytest.raises(CorruptRecord, match="holds no tournament"):
        report(empty)
    run(empty, 2)
    assert report(empty).games == 2


def test_a_file_in_use_by_another_run_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "results.jsonl"
    run(path, 2)
    config, _ = read_results(path)
    with ResultsFile(path, config), pytest.raises(CorruptRecord, match="another run"):
        run(path, 4)
    assert len(lines(path)) == 3


@pytest.mark.parametrize(("settings", "error", "message"), [
    ({"bots": ["random", "nobody"]}, BadOptions, "no bot 'nobody'"),
    ({"bots": ["random", "random", "greedy"]}, BadOptions, "named twice"),
    ({"bots": []}, BadOptions, "at least one bot"),
    ({"game": "no-such-game"}, UnknownGame, "no game called"),
    ({"players": 9}, BadOptions, "players"),
    ({"options": {"rounds": 99}}, BadOptions, "rounds"),
    ({"workers": 0}, BadOptions, "workers"),
    ({"setup": "tests.arena.nowhere:f"}, BadOptions, "setup function"),
])
def test_bad_settings_are_refused_before_any_file_is_made(
        tmp_path: Path, settings: dict[str, Any], error: type[TavolaError],
        message: str) -> None:
    path = tmp_path / "results.jsonl"
    with pytest.raises(error, match=message):
        run(path, 3, **settings)
    assert not path.exists()


@pytest.mark.parametrize(("workers", "ray_address"), [(1, None), (2, None), (2, "local")])
def test_a_failing_bot_names_the_game_to_replay(tmp_path: Path, request: pytest.FixtureRequest,
                                                workers: int, ray_address: str | None) -> None:
    if ray_address is not None:
        request.getfixturevalue("ray_local")
    path = tmp_path / "results.jsonl"
    with pytest.raises(GameFailed, match=r"game \d+ \(seed \d+, seats \w+,\w+\) failed: "
                                         "ValueError: this bot always fails") as caught:
        run(path, 3, workers=workers, ray_address=ray_address, bots=["crash", "random"])
    assert "\n" not in str(caught.value)
    assert len(lines(path)) == 1


@pytest.mark.parametrize("ray_address", [None, "local"])
def test_a_worker_that_dies_stops_the_run_in_one_line(tmp_path: Path,
                                                      request: pytest.FixtureRequest,
                                                      ray_address: str | None) -> None:
    if ray_address is not None:
        request.getfixturevalue("ray_local")
    path = tmp_path / "results.jsonl"
    with pytest.raises(GameFailed, match=r"died|lost") as caught:
        run(path, 3, workers=2, ray_address=ray_address, bots=["vanish", "random"])
    assert "\n" not in str(caught.value) and "run again to go on" in str(caught.value)
    assert len(lines(path)) == 1


def test_a_worker_with_another_version_of_the_game_refuses_to_play() -> None:
    task = GameTask("toy-league", 2, 2, {"rounds": 3}, 0, 1, ("random", "greedy"))
    with pytest.raises(GameFailed, match="version 1, the tournament is of version 2"):
        play_task(task)


@pytest.mark.parametrize(("bots", "players"), [(LEAGUE, 2), (["greedy", "middle"], 3),
                                               (["random", "greedy", "low", "middle"], 4)])
def test_every_backend_writes_the_same_games(tmp_path: Path, ray_local: None,
                                             bots: list[str], players: int) -> None:
    files = {}
    for name, workers, ray_address in (("serial", 1, None), ("processes", 2, None),
                                       ("ray", 2, "local")):
        files[name] = tmp_path / f"{name}.jsonl"
        run(files[name], 12, workers=workers, ray_address=ray_address, bots=bots,
            players=players)
    serial = without_timing(files["serial"])
    assert sorted(serial) == list(range(12))
    assert without_timing(files["processes"]) == serial
    assert without_timing(files["ray"]) == serial
    expected = report(files["serial"])
    for name in ("processes", "ray"):
        assert replace(report(files[name]), seconds=expected.seconds) == expected


def test_the_progress_bar_shows_only_on_a_terminal() -> None:
    assert progress_bar(Console(file=StringIO())).disable
    assert not progress_bar(Console(file=StringIO(), force_terminal=True)).disable
