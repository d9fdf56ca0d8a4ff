"""The end of a game in the reader's language: the result table, who won, the headings
around them, in `tavola play` (line mode, hot seat, full screen), `tavola replay` and
`tavola connect`, all through tavola/cli/words.py."""

from __future__ import annotations

import asyncio
import io
import random
from pathlib import Path
from string import Formatter

import pytest
from rich.console import Console

from tavola.cli.common import result_table, tiebreak_note, winners_line
from tavola.cli.words import WORDS
from tavola.core import LANGUAGES, State, make
from tests.aio import run_async
from tests.cli.helpers import invoke
from tests.cli.test_play import ENGLISH_TABLE_WORDS
from tests.cli.test_tui import SMALL, play_out, press, screen_text, table, until

pytestmark = pytest.mark.usefixtures("toys")

TABLE_KEYS = ("result", "col_player", "col_bot", "col_score", "col_rank", "col_tiebreak",
              "you_cell", "human_cell", "you_win", "winner", "shared_win", "over",
              "final_board", "replay_final", "replay_left", "not_finished", "connect_over",
              "connect_line")


def finished(name: str, players: int, seed: int) -> State:
    """Return the end of a seeded random game."""
    state = make(name, players, seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        seat = state.to_act[0]
        legal = state.legal_actions(seat)
        state = state.apply(seat, legal[rng.randrange(len(legal))])
    return state


def printed(*things: object) -> str:
    """Return what Rich prints for `things` on a wide console."""
    out = io.StringIO()
    console = Console(file=out, width=120, highlight=False)
    for thing in things:
        console.print(thing)
    return out.getvalue()


SAME_WORDS = frozenset({"list_separator", "option_named"})


def test_every_word_of_the_terminal_is_in_every_language_with_the_same_blanks() -> None:
    assert set(WORDS) == set(LANGUAGES)
    assert set(TABLE_KEYS) <= set(WORDS["en"])
    for lang in WORDS:
        assert set(WORDS[lang]) == set(WORDS["en"]), lang
    for key in WORDS["en"]:
        blanks = {lang: {name for _, name, _, _ in Formatter().parse(WORDS[lang][key]) if name}
                  for lang in WORDS}
        assert all(blanks[lang] == blanks["en"] for lang in WORDS), key
        if key in SAME_WORDS:  # punctuation and a layout, the same in most languages
            continue
        assert all(WORDS[lang][key] != WORDS["en"][key] for lang in WORDS if lang != "en"), key


@pytest.mark.parametrize("lang", ["it", "pl", "de", "fr"])
def test_the_result_table_with_a_tie_break_speaks_the_language_asked(lang: str) -> None:
    state = finished("nottingham", 3, 2)
    assert state.result().tiebreaks
    text = printed(result_table(state, ["human", "greedy", "random"], 0, lang),
                   winners_line(state, 0, lang))
    words = WORDS[lang]
    for key in ("result", "col_player", "col_bot", "col_score", "col_rank", "col_tiebreak",
                "you_cell"):
        assert words[key] in text, key
    for english in (*ENGLISH_TABLE_WORDS, "you", "human"):
        assert english not in text, english


def test_the_result_table_in_english_is_as_before() -> None:
    state = finished("nottingham", 3, 2)
    text = printed(result_table(state, ["human", "greedy", "random"], 1))
    for word in ("Result", "Player", "Played by", "Score", "Rank", "Tie-break", "you",
                 "human"):
        assert word in text


@pytest.mark.parametrize("lang", ["it", "pl", "de", "fr"])
def test_a_hot_seat_game_ends_on_the_final_board_in_the_language_asked(lang: str) -> None:
    result = invoke("play", "toy", "--seed", "1", "--seats", "1,2", "--lang", lang,
                    input="\n1\n\n1\n\n1\n\n1\n\n1\n\n1\n")
    assert result.exit_code == 0, result.output
    final = result.output[result.output.index(WORDS[lang]["final_board"].split(" ")[-1]):]
    assert WORDS[lang]["human_cell"] in final and WORDS[lang]["result"] in final
    for english in ENGLISH_TABLE_WORDS:
        assert english not in final, english


@pytest.mark.parametrize("lang", ["it", "pl", "de", "fr"])
def test_the_full_screen_ends_in_the_language_asked(lang: str) -> None:
    played = table("toy", 2, seed=1, lang=lang)

    async def run() -> None:
        async with played.app.run_test(size=SMALL) as pilot:
            await until(pilot, "choice")
            await play_out(pilot, random.Random(1))
            text = screen_text(played.app)
            assert WORDS[lang]["result"] in text and WORDS[lang]["over"] in text
            for english in ENGLISH_TABLE_WORDS:
                assert english not in text, english
            await press(played.app, "enter")
            await asyncio.sleep(0.1)

    run_async(run())
    played.front.after(played.session)
    after = played.out.getvalue()
    assert WORDS[lang]["result"] in after
    for english in ENGLISH_TABLE_WORDS:
        assert english not in after, english


@pytest.mark.parametrize("lang", ["it", "pl", "de", "fr"])
def test_a_replay_ends_in_the_language_asked(lang: str, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    assert invoke("play", "toy", "--seed", "1", "--save", str(save),
                  input="1\n1\n1\n").exit_code == 0
    result = invoke("replay", str(save), "--lang", lang)
    assert result.exit_code == 0, result.output
    words = WORDS[lang]
    assert words["replay_final"] in result.output and words["result"] in result.output
    assert words["human_cell"] in result.output
    final = result.output[result.output.index(words["replay_final"]):]
    for english in ENGLISH_TABLE_WORDS:
        assert english not in final, english


def test_connect_takes_the_language_of_its_result_line() -> None:
    result = invoke("connect", "--help")
    assert "--lang" in result.output


@pytest.mark.parametrize("name", ["notre-dame", "rattus", "nottingham", "intrige"])
def test_the_result_table_says_what_its_tie_break_numbers_count(name: str) -> None:
    state = finished(name, 3, 5)
    facts = state.game.info
    has_numbers = bool(state.result().tiebreaks)
    assert bool(facts.tiebreak) == has_numbers
    for lang in LANGUAGES:
        out = Console(file=io.StringIO(), width=100, record=True)
        out.print(result_table(state, None, lang=lang))
        out.print(tiebreak_note(state, lang))
        text = " ".join(out.export_text().split())
        if has_numbers:
            note = facts.tiebreak[lang]
            assert " ".join(note.split()) in text, (lang, text)
            assert lang == "en" or note != facts.tiebreak["en"]
