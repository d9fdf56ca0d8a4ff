"""The terminal's own lines around a game in the reader's language: the line-up, how a game
stopped, where it is saved and how to go on with it in `tavola play`; the header, what was
checked and the step-through in `tavola replay`. No English line of the terminal is left
when another language is asked (game texts and the result table are tested elsewhere)."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from string import Formatter
from typing import Any

import pytest

from tavola.cli.play import Choice, Quit, Session
from tavola.cli.replay import checked_words
from tavola.cli.words import COUNTED, PLURALS, WORDS, counted, say
from tavola.core import Record
from tests.cli.helpers import assert_stopped, invoke
from tests.core.toy import ToyState

pytestmark = pytest.mark.usefixtures("toys")

TERMINAL_KEYS = (
    "banner", "players", "resumed", "resumed_decisions", "options", "seat_you",
    "seat_person", "quit_left", "quit_input", "quit_interrupted", "quit_closed", "stopped",
    "stopped_decisions", "go_on", "bug", "not_saved", "save_failed", "saved_game",
    "saved_unfinished", "replay_it", "replay_header", "replay_decisions", "verified",
    "not_verified", "checked", "check_replayed", "check_result", "check_digest",
    "check_unfinished", "check_no_digest", "step_heading", "spectator", "step_asked",
    "step_help", "step_prompt", "not_command", "already_at", "deciders", "decider_stand-in",
    "decider_replacement", "step_stand-in", "step_replacement")
"""The keys of the lines this file is about."""

LANGS = ("it", "pl", "de", "fr")


def english_pieces(lang: str) -> Iterator[str]:
    """Yield the English words of the terminal's lines that a text in `lang` must not hold:
    each line's fixed text between its blanks, unless that language keeps it too (the
    commands tavola play and tavola replay, say)."""
    for key in TERMINAL_KEYS:
        theirs = " ".join(forms(lang, key))
        for form in forms("en", key):
            for literal, _, _, _ in Formatter().parse(form):
                piece = literal.strip(" ,.:;()-[]")
                if len(piece) >= 3 and piece not in theirs:
                    yield piece


def forms(lang: str, key: str) -> tuple[str, ...]:
    """Return the forms of a line of the terminal in `lang` (a counted one's each)."""
    return COUNTED[lang][key] if key in PLURALS else (WORDS[lang][key],)


def flat(text: str) -> str:
    """Return `text` on one line, each run of spaces and line ends one space (as it reads
    before the terminal wraps it; a no-break space, which French writes before ":", stays)."""
    return " ".join(re.split(r"[ \t\r\n]+", text.strip(" \t\r\n")))


def assert_no_english(text: str, lang: str) -> None:
    """Check that no English line of the terminal is in `text`."""
    joined = flat(text)
    for piece in english_pieces(lang):
        assert piece not in joined, piece


def yes(lang: str) -> str:
    """Return the first yes of `lang`."""
    return say(lang, "yes").split()[0]


def test_english_pieces_would_catch_the_english_lines() -> None:
    # Italian's "una persona" holds "a person", so that piece is looked for only in Polish.
    pieces = set(english_pieces("it")) | set(english_pieces("pl"))
    for english in ("players, seed", "Resumed after", "Options", "you", "a person",
                    "You left the game", "Input ended, so the game stops here", "played",
                    "Go on with it with", "tavola failed; this is a bug",
                    "Saved the unfinished game to", "Replay it with", "replayed and verified",
                    "Checked", "actions replayed, each legal", "seen by", "was asked",
                    "is not a command", "Already at step"):
        assert any(english in piece or piece in english for piece in pieces), english
    assert "tavola play --resume" not in pieces and "tavola replay" not in pieces


def test_every_counted_word_has_the_forms_of_its_language() -> None:
    # That every key is in every language, with the same blanks, is tested with the
    # words of the end of a game (test_result_words.py).
    assert set(TERMINAL_KEYS) <= {*WORDS["en"], *COUNTED["en"]}
    assert set(PLURALS) <= set(TERMINAL_KEYS)
    # The catalogs' plural forms: English (one, other), Italian (one, many, other: CLDR's
    # many is for whole millions), Polish (one, few, many).
    for key in PLURALS:
        assert len(COUNTED["en"][key]) == 2, key
        assert len(COUNTED["it"][key]) == 3, key
        assert len(COUNTED["pl"][key]) == 3, key


@pytest.mark.parametrize("lang", ["en", "it", "pl"])
def test_counted_words_agree_with_their_number(lang: str) -> None:
    shown = {n: counted(lang, "stopped_decisions", n) for n in (0, 1, 2, 5, 12, 22)}
    assert all(text.startswith(f"{n} ") for n, text in shown.items())
    assert shown[1] != shown[2] and shown[0] == shown[5].replace("5", "0")
    if lang == "pl":
        assert shown[2] == shown[22].replace("22", "2") != shown[5].replace("5", "2")
        assert shown[12] == shown[5].replace("5", "12")
    else:
        assert shown[2] == shown[5].replace("5", "2")
    assert counted("en", "stopped_decisions", 1) == "1 decision"
    assert counted("pl", "players", 4) == "4 gracze"
    assert counted("pl", "players", 5) == "5 graczy"


@pytest.mark.parametrize("lang", LANGS)
def test_a_game_left_resumed_and_replayed_speaks_the_language_asked(
        lang: str, data_folder: Path) -> None:
    name = str(data_folder / "tavola" / "saves" / "toy-2.json")
    left = invoke("play", "toy", "--seed", "2", "--lang", lang, "--option", "rounds=4",
                  input=f"2\nq\n{yes(lang)}\n")
    assert left.exit_code == 0, left.output
    out = left.output
    assert say(lang, "banner", title="Toy", players=counted(lang, "players", 2),
               seed=2) in out
    assert say(lang, "options", options="rounds=4") in out
    assert f"  P1: {say(lang, 'seat_you')}" in out
    assert say(lang, "autosaved", path=name) in out
    assert say(lang, "stopped", reason=say(lang, "quit_left"),
               decisions=counted(lang, "stopped_decisions", 2)) in flat(out)
    assert say(lang, "saved_unfinished", path=name) in out
    assert say(lang, "replay_it", path=name) in out
    assert say(lang, "go_on", path=name) in out
    assert_no_english(out, lang)

    saved = json.loads(Path(name).read_text())
    assert saved["lang"] == lang and saved["names"] == ["P1", "P2"]
    # The save keeps the language: no --lang is needed to go on in it.
    resumed = invoke("play", "--resume", name, input="1\n1\n1\n")
    assert resumed.exit_code == 0, resumed.output
    out = resumed.output
    assert say(lang, "resumed", decisions=counted(lang, "resumed_decisions", 2),
               path=name) in out
    assert say(lang, "saved_game", path=name) in out
    assert_no_english(out, lang)

    # The replay too speaks the save's language unasked.
    replayed = invoke("replay", name)
    assert replayed.exit_code == 0, replayed.output
    out = replayed.output
    record = Record.load(name)
    verification = record.check()
    assert say(lang, "replay_header", title="Toy", players=counted(lang, "players", 2),
               seed=2, decisions=counted(lang, "replay_decisions", len(record.actions)),
               verdict=say(lang, "verified")) in out
    assert say(lang, "checked", summary=checked_words(verification, lang)) in flat(out)
    assert say(lang, "options", options="rounds=4") in out
    assert_no_english(out, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_the_step_through_speaks_the_language_asked(lang: str, tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    assert invoke("play", "toy", "--seed", "6", "--save", str(save),
                  input="3\n3\n3\n").exit_code == 0
    result = invoke("replay", str(save), "--step", "--seat", "2", "--lang", lang,
                    input="p\nxyz\n\n999\n\nq\n")
    assert result.exit_code == 0, result.output
    out = result.output
    joined = flat(out)
    assert say(lang, "step_heading", title="Toy", at=0, last=6, who="P2") in out
    assert say(lang, "step_heading", title="Toy", at=6, last=6, who="P2") in out
    assert say(lang, "step_prompt", at=0, last=6) in out
    assert flat(say(lang, "step_help")) in joined
    assert say(lang, "already_at", at=0, last=6) in out
    assert say(lang, "already_at", at=6, last=6) in out
    assert flat(say(lang, "not_command", text="'xyz'", help=say(lang, "step_help"))) in joined
    assert say(lang, "step_asked", seat="P2", prompt="").rstrip() in out
    assert_no_english(out, lang)
    spectator = invoke("replay", str(save), "--step", "--lang", lang, input="e\nq\n")
    assert spectator.exit_code == 0, spectator.output
    assert say(lang, "step_heading", title="Toy", at=0, last=6,
               who=say(lang, "spectator")) in spectator.output
    assert_no_english(spectator.output, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_an_unverified_unfinished_replay_says_so_in_the_language_asked(
        lang: str, tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    invoke("play", "toy", "--seed", "2", "--save", str(save), input="1\n")
    data = json.loads(save.read_text())
    del data["final_digest"]
    save.write_text(json.dumps(data))
    result = invoke("replay", str(save), "--lang", lang)
    assert result.exit_code == 0, result.output
    joined = flat(result.output)
    assert say(lang, "not_verified") in joined
    for key in ("check_unfinished", "check_no_digest"):
        assert say(lang, key) in joined
    assert say(lang, "check_replayed", count=2) in joined
    assert_no_english(result.output, lang)


def test_what_was_checked_reads_in_english_as_the_files_verification(tmp_path: Path) -> None:
    verifications = []
    for seed, typed, drop in ((5, "1\n2\n3\n", ()), (2, "1\n", ()),
                              (5, "1\n2\n3\n", ("final_digest",)),
                              (5, "1\n2\n3\n", ("final_digest", "result"))):
        save = tmp_path / f"{seed}-{len(drop)}.json"
        invoke("play", "toy", "--seed", str(seed), "--save", str(save), input=typed)
        data = json.loads(save.read_text())
        for field in drop:
            del data[field]
        save.write_text(json.dumps(data))
        verifications.append(Record.load(save).check())
    assert len({v.summary for v in verifications}) == 4
    for verification in verifications:
        assert checked_words(verification, "en") == verification.summary
        for lang in LANGS:
            assert checked_words(verification, lang) != verification.summary
            assert_no_english(checked_words(verification, lang), lang)


@pytest.mark.parametrize("lang", LANGS)
def test_input_ending_and_ctrl_c_stop_in_the_language_asked(
        lang: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.chdir(tmp_path)
    ended = invoke("play", "toy", "-p", "3", "--seed", "2", "--save", "g.json", "--lang", lang,
                   input="1\n")
    assert_stopped(ended, 1, say(lang, "saved_unfinished", path="g.json"))
    assert say(lang, "stopped", reason=say(lang, "quit_input"),
               decisions=counted(lang, "stopped_decisions", 3)) in flat(ended.output)
    assert say(lang, "saved_unfinished", path="g.json") in ended.output
    assert_no_english(ended.output, lang)

    def interrupt(*args: Any, **kwargs: Any) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(Session, "bot_turn", interrupt)
    stopped = invoke("play", "toy", "--seed", "2", "--lang", lang, input="1\n")
    assert_stopped(stopped, 130, say(lang, "quit_interrupted"))
    assert say(lang, "stopped", reason=say(lang, "quit_interrupted"),
               decisions=counted(lang, "stopped_decisions", 1)) in flat(stopped.output)
    assert_no_english(stopped.output, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_a_hot_seat_line_up_speaks_the_language_asked(lang: str) -> None:
    result = invoke("play", "toy", "-p", "3", "--seats", "1,3", "--seed", "6", "--lang", lang,
                    input="\n2\n\n3\n\n1\n\n1\n\n3\n\n2\n")
    assert result.exit_code == 0, result.output
    person = say(lang, "seat_person")
    assert f"P1: {person}" in result.output and f"P3: {person}" in result.output
    assert_no_english(result.output, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_a_save_that_cannot_be_made_is_told_in_the_language_asked(
        lang: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, data_folder: Path) -> None:
    monkeypatch.chdir(tmp_path)
    (data_folder / "tavola").write_text("no data folder here")
    (tmp_path / "tavola-toy-3.json").write_text("my notes")
    refused = invoke("play", "toy", "--seed", "3", "--lang", lang, input=f"q\n{yes(lang)}\n")
    assert refused.exit_code == 0, refused.output
    assert say(lang, "autosave_failed", reason="").strip() in refused.output
    assert say(lang, "not_saved", reason="").strip() in refused.output
    assert_no_english(refused.output, lang)

    folder = tmp_path / "games"
    folder.mkdir()
    ask = Session.ask

    def lose_the_folder_then_ask(self: Session, prompt: str, labels: list[str]) -> Choice:
        if self.decisions == 2:
            shutil.rmtree(folder)
        return ask(self, prompt, labels)

    monkeypatch.setattr(Session, "ask", lose_the_folder_then_ask)
    failed = invoke("play", "toy", "--seed", "4", "--save", "games/g.json", "--lang", lang,
                    input="1\n1\n1\n")
    assert failed.exit_code == 1
    assert say(lang, "save_failed", path="games/g.json", reason="").split(":")[0] in (
        failed.stderr)
    assert_no_english(failed.stderr, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_a_fault_is_told_in_the_language_asked(lang: str, monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    def broken(self: ToyState, player: int, lang: str) -> str:
        if self.round == 1:
            raise RuntimeError("broken prompt")
        return "?"

    monkeypatch.setattr(ToyState, "prompt", broken)
    monkeypatch.chdir(tmp_path)
    result = invoke("play", "toy", "--seed", "1", "--save", "g.json", "--lang", lang,
                    input="1\n1\n")
    assert isinstance(result.exception, RuntimeError)
    assert say(lang, "bug") in result.output
    assert say(lang, "saved_unfinished", path="g.json") in result.output
    assert_no_english(result.output, lang)


def test_a_quit_carries_its_reason_for_every_language() -> None:
    for key in ("quit_left", "quit_input", "quit_interrupted", "quit_closed"):
        quit_ = Quit(key, 1)
        assert quit_.key == key and str(quit_) == WORDS["en"][key]
