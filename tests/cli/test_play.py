"""`tavola play`, driven in-process with click's runner on the test games."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from tavola.cli.play import Session
from tavola.core import Record
from tests.cli.helpers import (
    assert_fits_80_columns,
    assert_refused,
    assert_stopped,
    invoke,
)
from tests.core.toy import BIDS, ToyState

pytestmark = pytest.mark.usefixtures("toys")


def test_play_a_whole_game_and_save_it(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    result = invoke("play", "toy", "--players", "3", "--seed", "5", "--save", str(save),
                    input="1\n2\n3\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.count("Your choice [1-3]: ") == 3
    assert "choose a bid" in out and "  1) bid 1" in out and "  3) bid 3" in out
    assert "Game over" in out and " you " in out and "Result" in out
    assert re.search(r"(You win!|Winner: P\d\.|Shared win: )", out)
    assert f"Saved the game to {save}" in out
    record = json.loads(save.read_text())
    assert record["seed"] == 5 and record["bots"] == ["human", "random", "random"]
    assert [a for p, a in record["actions"] if p == 0] == ["bid:1", "bid:2", "bid:3"]
    assert record["result"] is not None
    assert_fits_80_columns(out, tmp_path)

    replayed = invoke("replay", str(save))
    assert replayed.exit_code == 0
    assert "replayed and verified" in replayed.output and " human " in replayed.output
    data = json.loads(invoke("replay", str(save), "--json").output)
    assert data["finished"] is True and data["bots"] == ["human", "random", "random"]
    assert data["scores"] == record["result"]["scores"] and data["decisions"] == 9


def test_bad_input_gets_a_clear_message_and_a_new_prompt() -> None:
    result = invoke("play", "toy", "--seed", "1",
                    input="abc\n\n0\n4\n-1\n2.5\n1_0\n" + "9" * 5000 + "\n1\n1\n1\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "'abc' is not a number: type a number from 1 to 3" in out
    assert "Nothing typed: type a number from 1 to 3" in out
    assert "0 is not a choice" in out and "4 is not a choice" in out
    assert "-1 is not a choice" in out and "'2.5' is not a number" in out
    assert "'1_0' is not a number" in out and "'9999999999999999999...' is not a number" in out
    assert out.count("Your choice [1-3]: ") == 11
    assert "Game over" in out


def test_board_log_and_help_commands_do_not_take_a_turn() -> None:
    result = invoke("play", "toy", "--seed", "1", input="b\nl\n?\n1\n1\n1\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("Your choice [1-3]: ") == 6
    assert "Type a number from 1 to 3 to choose; b shows" in result.output
    assert result.output.count("Toy - you are P1") >= 4


def test_end_of_input_stops_cleanly_and_saves_the_unfinished_game(tmp_path: Path) -> None:
    save = tmp_path / "left.json"
    result = invoke("play", "toy", "--players", "3", "--seed", "2", "--save", str(save),
                    input="1\n")
    assert_stopped(result, 1, "Input ended, so the game stops here. (3 decisions played)")
    assert "Saved the unfinished game" in result.output
    record = json.loads(save.read_text())
    assert record["result"] is None and len(record["actions"]) == 3
    replayed = invoke("replay", str(save))
    assert replayed.exit_code == 0 and "The game was not finished." in replayed.output
    assert "replayed and verified" in replayed.output
    data = json.loads(invoke("replay", str(save), "--json").output)
    assert data["finished"] is False and data["scores"] is None and data["decisions"] == 3


def test_quitting_asks_first_then_saves_the_game_to_go_on_with(data_folder: Path) -> None:
    result = invoke("play", "toy", "--seed", "2", input="2\nq\nn\nq\ny\n")
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    saved = data_folder / "tavola" / "saves" / "toy-2.json"
    assert out.count(f"Leave the game? (the game is saved in {saved}") == 2
    assert "Playing on." in out
    assert "You left the game. (2 decisions played)" in out
    assert f"Saved the unfinished game to {saved}" in out
    assert f"tavola play --resume {saved}" in out
    assert len(json.loads(saved.read_text())["actions"]) == 2
    resumed = invoke("play", "--resume", str(saved), input="1\n1\n")
    assert resumed.exit_code == 0 and "Game over" in resumed.output


def test_a_game_that_cannot_be_saved_as_it_is_played_offers_this_folder_on_leaving(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, data_folder: Path) -> None:
    monkeypatch.chdir(tmp_path)
    (data_folder / "tavola").write_text("not a folder")
    result = invoke("play", "toy", "--seed", "2", input="2\nq\ny\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "The game is not saved as you play: " in out
    assert "Leave the game? (the game will be saved in this folder" in out
    assert "Saved the unfinished game to tavola-toy-2.json" in out
    assert len(json.loads((tmp_path / "tavola-toy-2.json").read_text())["actions"]) == 2


def test_quitting_with_a_save_names_it_and_never_overwrites_other_files(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path, data_folder: Path) -> None:
    monkeypatch.chdir(tmp_path)
    result = invoke("play", "toy", "--seed", "2", "--save", "mine.json", input="q\ny\n")
    assert result.exit_code == 0
    assert "Leave the game? (the game is saved in mine.json" in result.output
    assert "saved as you play" not in result.output
    (data_folder / "tavola").write_text("no data folder here")
    (tmp_path / "tavola-toy-3.json").write_text("my notes")
    refused = invoke("play", "toy", "--seed", "3", input="q\ny\n")
    assert refused.exit_code == 0
    assert "The game could not be saved:" in refused.output
    assert (tmp_path / "tavola-toy-3.json").read_text() == "my notes"


def test_the_choices_are_shown_again_after_the_log_or_on_request() -> None:
    result = invoke("play", "toy", "--seed", "1", input="l\nc\n1\n1\n1\n")
    assert result.exit_code == 0, result.output
    first_turn = result.output.split("Your choice [1-3]: ")
    assert "  1) bid 1" in first_turn[1] and "  1) bid 1" in first_turn[2]


def test_hot_seat_hides_each_persons_secrets_from_the_next(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    result = invoke("play", "toy", "-p", "3", "--seats", "1,P3", "--seed", "6",
                    "--save", str(save), input="\n2\n\n3\n\n1\n\n1\n\n3\n\n2\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "P1: a person" in out and "P3: a person" in out and "P2: random" in out
    assert out.count("Pass the keyboard to P3.") == 3
    assert out.count("Pass the keyboard to P1.") == 3
    # What P3 is shown, from its hand-over to P1's, never holds P1's secret bid (the toy
    # game's log names seats from 0: P1's bid is "0 bids 2" to P1, "0 bids" to the others).
    for part in out.split("Pass the keyboard to P3.")[1:]:
        p3_screen = part.split("Pass the keyboard to P1.")[0]
        assert "0 bids\n" in p3_screen
        assert not re.search(r"0 bids \d", p3_screen)
    assert re.search(r"0 bids \d", out.split("Pass the keyboard to P1.")[2])
    record = json.loads(save.read_text())
    assert record["bots"] == ["human", "random", "human"]
    assert "Game over" in out and "final board" in out


def p3_has_one_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    """Leave P3 of the toy game one bid only (P1 and P2 keep three)."""
    monkeypatch.setattr(ToyState, "_legal",
                        lambda self, player: BIDS[:1] if player == 2 else BIDS)


def test_hot_seat_hands_over_only_to_a_person_with_a_real_choice(
        monkeypatch: pytest.MonkeyPatch) -> None:
    p3_has_one_choice(monkeypatch)
    result = invoke("play", "toy", "-p", "3", "--seats", "1,3", "--seed", "6", "--plain",
                    input="\n2\n3\n1\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Pass the keyboard to P3." not in out
    assert out.count("Pass the keyboard to P1.") == 1
    assert out.count("Your choice [1-3]: ") == 3 and "Game over" in out


def test_with_ask_forced_the_hot_seat_hands_over_for_a_single_choice_too(
        monkeypatch: pytest.MonkeyPatch) -> None:
    p3_has_one_choice(monkeypatch)
    result = invoke("play", "toy", "-p", "3", "--seats", "1,3", "--seed", "6", "--plain",
                    "--ask-forced", input="\n2\n\n1\n\n3\n\n1\n\n1\n\n1\n")
    assert result.exit_code == 0, result.output
    assert result.output.count("Pass the keyboard to P3.") == 3
    assert result.output.count("Your choice [1-1]: ") == 3


def test_seats_are_refused_clearly_when_wrong() -> None:
    assert_refused(invoke("play", "toy", "--seats", "1,1"), 2, "--seats names a seat twice")
    assert_refused(invoke("play", "toy", "--seats", "1,5"), 2, "--seats must be from 1 to 2")
    assert_refused(invoke("play", "toy", "--seats", "1", "--seat", "2"), 2,
                   "either --seat (one person) or --seats")


def test_ctrl_c_is_a_clean_exit(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    def interrupt(*args: Any, **kwargs: Any) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("rich.console.Console.input", interrupt)
    save = tmp_path / "g.json"
    result = invoke("play", "toy", "--seed", "2", "--save", str(save))
    assert_stopped(result, 130, "Interrupted, so the game stops here.")
    assert json.loads(save.read_text())["actions"] == []


def test_ctrl_c_while_bots_play_is_a_clean_exit(monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    def interrupt(*args: Any, **kwargs: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(Session, "bot_turn", interrupt)
    save = tmp_path / "g.json"
    result = invoke("play", "toy", "--seed", "2", "--save", str(save), input="1\n")
    assert_stopped(result, 130, "Interrupted, so the game stops here. (1 decision played)")
    assert len(json.loads(save.read_text())["actions"]) == 1


def test_a_single_choice_is_played_unless_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ToyState, "_legal", lambda self, player: BIDS[:1])
    result = invoke("play", "toy", "--seed", "3")
    assert result.exit_code == 0
    assert result.output.count("choose a bid: bid 1 (your only choice)") == 3
    assert "Your choice" not in result.output
    asked = invoke("play", "toy", "--seed", "3", "--ask-forced", input="1\n1\n1\n")
    assert asked.exit_code == 0 and asked.output.count("Your choice [1-1]: ") == 3


def test_others_secret_bids_are_never_shown() -> None:
    for seat in ("1", "2", "3"):
        result = invoke("play", "toy", "--players", "3", "--seat", seat, "--seed", "4",
                        "--option", "rounds=5", input="3\n" * 5)
        assert result.exit_code == 0, result.output
        me = int(seat) - 1
        shown = re.findall(r"\s(\d) bids( \d)?$", result.output, re.MULTILINE)
        assert len(shown) == 15
        for player, bid in shown:
            assert (bid != "") == (int(player) == me), (player, bid)


def test_play_is_deterministic_for_a_seed() -> None:
    first = invoke("play", "toy", "--players", "4", "--seed", "8", input="1\n2\n3\n")
    second = invoke("play", "toy", "--players", "4", "--seed", "8", input="1\n2\n3\n")
    assert first.exit_code == 0 and second.exit_code == 0
    # Each game is saved to a file of its own: only the file's name differs.
    assert "toy-8.json" in first.output and "toy-8-2.json" in second.output
    assert first.output == second.output.replace("toy-8-2.json", "toy-8.json")


def test_without_a_seed_one_is_chosen_and_printed(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    result = invoke("play", "toy", "--save", str(save), input="1\n1\n1\n")
    found = re.search(r"Toy: 2 players, seed (\d+)", result.output)
    assert found is not None
    assert json.loads(save.read_text())["seed"] == int(found.group(1))


def test_bots_are_given_for_all_other_seats_or_one_per_other_seat(tmp_path: Path) -> None:
    cases = [(("--bots", "greedy"), "1", ["human", "greedy", "greedy"]),
             (("--bots", "greedy,random"), "1", ["human", "greedy", "random"]),
             (("--bots", "greedy,random"), "2", ["greedy", "human", "random"]),
             ((), "3", ["greedy", "greedy", "human"])]
    for extra, seat, bots in cases:
        save = tmp_path / f"{seat}.json"
        result = invoke("play", "toy-bots", "-p", "3", "--seat", seat, "--seed", "1",
                        "--save", str(save), *extra, input="1\n1\n1\n")
        assert result.exit_code == 0, result.output
        assert json.loads(save.read_text())["bots"] == bots


def test_an_option_changes_the_game() -> None:
    result = invoke("play", "toy", "--seed", "1", "-o", "rounds=5", input="1\n" * 5)
    assert result.exit_code == 0 and result.output.count("Your choice") == 5
    assert "Options: rounds=5" in result.output


# -- seats are P1, P2, ... -------------------------------------------------------------------

def test_the_seat_can_be_given_as_a_number_or_as_p2() -> None:
    for text in ("2", "P2", "p2"):
        result = invoke("play", "toy", "-p", "3", "--seat", text, "--seed", "1",
                        input="1\n1\n1\n")
        assert result.exit_code == 0, result.output
        assert "you are P2" in result.output


def test_seats_are_named_p1_p2_in_the_line_up_and_the_result() -> None:
    result = invoke("play", "toy-bots", "-p", "3", "--seat", "2", "--seed", "1",
                    "--bots", "greedy,random", input="1\n1\n1\n")
    out = result.output
    assert "  P1: greedy\n  P2: you\n  P3: random\n" in out
    table = out[out.index("Result"):]
    assert re.search(r"^ P1 +│ greedy", table, re.MULTILINE)
    assert re.search(r"^ P2 +│ you", table, re.MULTILINE)
    assert "Seat" not in table and "seat" not in out


# -- the save file ---------------------------------------------------------------------------

def test_a_save_in_a_missing_folder_is_refused_before_the_game_starts(tmp_path: Path) -> None:
    for path in ("/no/such/dir/x.json", str(tmp_path / "no" / "g.json")):
        result = invoke("play", "toy", "--seed", "1", "--save", path, input="1\n1\n1\n")
        assert_refused(result, 2, "there is no folder")
        assert "Your choice" not in result.output


def test_a_save_that_is_a_folder_a_device_or_under_a_file_is_refused(tmp_path: Path) -> None:
    assert_refused(invoke("play", "toy", "--save", str(tmp_path)), 2, "is a folder")
    assert_refused(invoke("play", "toy", "--save", "/dev/null"), 2, "is not a plain file")
    plain = tmp_path / "notes.txt"
    plain.write_text("")
    assert_refused(invoke("play", "toy", "--save", str(plain / "g.json")), 2,
                   "there is no folder")


def test_a_file_that_is_not_a_saved_game_is_never_overwritten(tmp_path: Path) -> None:
    for text in ("my notes\n", '{"format": "something else"}', "[1, 2]"):
        notes = tmp_path / "notes.json"
        notes.write_text(text)
        result = invoke("play", "toy", "--seed", "1", "--save", str(notes), input="1\n1\n1\n")
        assert_refused(result, 2, "exists and is not a tavola saved game")
        assert notes.read_text() == text


def test_a_saved_game_or_an_empty_file_is_replaced(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    save.write_text("")
    assert invoke("play", "toy", "--seed", "1", "--save", str(save),
                  input="1\n1\n1\n").exit_code == 0
    assert json.loads(save.read_text())["seed"] == 1
    assert invoke("play", "toy", "--seed", "2", "--save", str(save),
                  input="1\n1\n1\n").exit_code == 0
    assert json.loads(save.read_text())["seed"] == 2


def test_the_save_holds_every_decision_as_the_game_goes(monkeypatch: pytest.MonkeyPatch,
                                                        tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    seen: list[int] = []
    ask = Session.ask

    def look_then_ask(self: Session, prompt: str, labels: list[str]) -> int:
        record = Record.load(save)
        record.check()
        assert record.actions == self.record.actions
        seen.append(len(record.actions))
        return ask(self, prompt, labels)

    monkeypatch.setattr(Session, "ask", look_then_ask)
    result = invoke("play", "toy", "-p", "3", "--seed", "4", "--save", str(save),
                    input="1\n2\n3\n")
    assert result.exit_code == 0, result.output
    assert seen == [0, 3, 6]


def test_a_save_that_fails_during_the_game_stops_it_in_one_line(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    save = folder / "g.json"
    ask = Session.ask

    def lose_the_folder_then_ask(self: Session, prompt: str, labels: list[str]) -> int:
        if self.decisions == 2:
            shutil.rmtree(folder)
        return ask(self, prompt, labels)

    monkeypatch.setattr(Session, "ask", lose_the_folder_then_ask)
    result = invoke("play", "toy", "--seed", "4", "--save", str(save), input="1\n1\n1\n")
    assert_refused(result, 1, f"cannot write {save}")
    assert "the game stops here and the file keeps the last save" in result.stderr


def test_a_fault_in_the_game_keeps_the_game_so_far(monkeypatch: pytest.MonkeyPatch,
                                                   tmp_path: Path) -> None:
    def broken(self: ToyState, player: int, lang: str) -> str:
        if self.round == 1:
            raise RuntimeError("broken prompt")
        return "choose a bid"

    monkeypatch.setattr(ToyState, "prompt", broken)
    save = tmp_path / "g.json"
    result = invoke("play", "toy", "--seed", "1", "--save", str(save), input="1\n1\n")
    assert isinstance(result.exception, RuntimeError)
    assert "tavola failed; this is a bug." in result.output
    record = json.loads(save.read_text())
    assert len(record["actions"]) == 2 and record["result"] is None
    assert invoke("replay", str(save)).exit_code == 0


def test_resume_goes_on_exactly_where_the_save_stopped(tmp_path: Path) -> None:
    save = tmp_path / "left.json"
    invoke("play", "toy", "--players", "3", "--seed", "2", "--save", str(save), input="1\n")
    before = json.loads(save.read_text())
    result = invoke("play", "--resume", str(save), input="2\n3\n")
    assert result.exit_code == 0, result.output
    assert "Resumed after 3 decisions" in result.output and "Game over" in result.output
    after = json.loads(save.read_text())
    assert after["actions"][:3] == before["actions"] and after["result"] is not None
    assert after["bots"] == before["bots"] == ["human", "random", "random"]
    assert [a for p, a in after["actions"] if p == 0] == ["bid:1", "bid:2", "bid:3"]
    assert "replayed and verified" in invoke("replay", str(save)).output


def test_resume_takes_the_seat_and_the_game_the_file_names(tmp_path: Path) -> None:
    save = tmp_path / "left.json"
    invoke("play", "toy", "--players", "2", "--seat", "2", "--seed", "3", "--save", str(save),
           input="1\n")
    result = invoke("play", "toy", "--resume", str(save), input="2\n3\n")
    assert result.exit_code == 0, result.output
    after = json.loads(save.read_text())
    assert after["bots"] == ["random", "human"]
    assert [a for p, a in after["actions"] if p == 1] == ["bid:1", "bid:2", "bid:3"]


@pytest.mark.parametrize(("extra", "message"), [
    (["--seed", "4"], "leave out --players, --seed and --option"),
    (["--players", "2"], "leave out --players, --seed and --option"),
    (["other-game"], "holds a game of toy, not other-game"),
])
def test_resume_refuses_what_would_change_the_saved_game(tmp_path: Path, extra: list[str],
                                                        message: str) -> None:
    save = tmp_path / "left.json"
    invoke("play", "toy", "--seed", "2", "--save", str(save), input="1\n")
    text = save.read_text()
    game = [e for e in extra if not e.startswith("-") and not e.isdigit()]
    flags = [e for e in extra if e not in game]
    assert_refused(invoke("play", *game, "--resume", str(save), *flags), 2, message)
    assert save.read_text() == text


def test_resume_refuses_a_finished_a_damaged_or_a_foreign_bot_file(tmp_path: Path) -> None:
    done = tmp_path / "done.json"
    invoke("play", "toy", "--players", "3", "--seed", "5", "--save", str(done),
           input="1\n2\n3\n")
    assert_refused(invoke("play", "--resume", str(done)), 2, "that game is over")
    left = tmp_path / "left.json"
    invoke("play", "toy", "--players", "3", "--seed", "2", "--save", str(left), input="1\n")
    data = json.loads(left.read_text())
    data["actions"][1][1] = "bid:9"
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(data))
    result = invoke("play", "--resume", str(edited))
    assert result.exit_code == 1 and "does not replay" in result.output
    data = json.loads(left.read_text())
    data["bots"][1] = "tests.agents.userbots:EndPicker"
    foreign = tmp_path / "foreign.json"
    foreign.write_text(json.dumps(data))
    assert_refused(invoke("play", "--resume", str(foreign), input="1\n"), 2,
                   "the bot of P2 cannot be made again")
    assert json.loads(foreign.read_text()) == data
    again = invoke("play", "--resume", str(foreign), "--bots", "random", input="2\n3\n")
    assert again.exit_code == 0, again.output


def test_help_names_the_topics_and_explains_one() -> None:
    result = invoke("play", "toy", "--seed", "1", input="?\n? bid\n? dragons\n1\n1\n1\n")
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "? TOPIC explains a thing of the game; the topics are:" in out
    assert "bid: Every round each player secretly bids 1, 2 or 3" in out
    assert "No help topic matches 'dragons'. The topics are:" in out
    assert out.count("Your choice [1-3]: ") == 6


@pytest.mark.parametrize(("lang", "asked", "label", "query", "topic"), [
    ("it", "La tua scelta [1-3]: ", "  1) offri 1", "OFFERT", "offerta: A ogni round"),
    ("pl", "Twój wybór [1-3]: ", "  1) oferuj 1", "ofert", "oferta: W każdej rundzie"),
])
def test_the_game_is_played_in_the_language_asked(lang: str, asked: str, label: str,
                                                  query: str, topic: str) -> None:
    result = invoke("play", "toy", "--seed", "1", "--lang", lang,
                    input=f"xyz\n? {query}\n1\n1\n1\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert asked in out and label in out and topic in " ".join(out.split())
    assert "Your choice" not in out and "is not a number" not in out
    final = out[out.index(FINAL[lang][0]):]
    assert all(word in final for word in FINAL[lang])
    for english in ENGLISH_TABLE_WORDS:
        assert english not in final, english


FINAL = {"it": ("Partita finita", "Risultato", "Giocatore", "Giocato da", "Punteggio", "Posto"),
         "pl": ("Koniec gry", "Wynik", "Gracz", "Kto grał", "Punkty", "Miejsce")}
"""The words of the final screen (the heading and the result table) in Italian and Polish."""

ENGLISH_TABLE_WORDS = ("Game over", "Result", "Player", "Played by", "Score", "Rank",
                       "Tie-break", "Winner", "Shared win", "You win", " you ", "final board")


def test_the_terminal_follows_the_systems_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "pl_PL.UTF-8")
    assert "Twój wybór [1-3]: " in invoke("play", "toy", "--seed", "1",
                                         input="1\n1\n1\n").output
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert "Deine Wahl [1-3]: " in invoke("play", "toy", "--seed", "1",
                                         input="1\n1\n1\n").output
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert "Votre choix [1-3]\u00a0: " in invoke("play", "toy", "--seed", "1",
                                                input="1\n1\n1\n").output
    monkeypatch.setenv("LANG", "es_ES.UTF-8")  # a language tavola does not speak: English
    assert "Your choice [1-3]: " in invoke("play", "toy", "--seed", "1",
                                          input="1\n1\n1\n").output
    assert_refused(invoke("play", "toy", "--lang", "es"), 2, "Invalid value for '--lang'")
