"""The terminal's own words left in English no more: options named in the person's
language (with the KEY=VALUE --option takes), and scores written as each language writes
numbers (Intrige's money as the game itself writes it)."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from tavola.agents import decide, make_agent
from tavola.cli.common import result_table
from tavola.cli.words import OPTION_WORDS, decimal, grouped, number, options_line
from tavola.core import LANGUAGES, info, load
from tavola.games.intrige.text import money
from tests.arena.toys import real_games
from tests.cli.helpers import invoke


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", real_games())
def test_every_option_and_value_of_every_game_has_words(game: str, lang: str) -> None:
    for option in info(game).options:
        assert f"{game}.{option.name}" in OPTION_WORDS[lang], option.name
        for value in option.choices:
            if not isinstance(value, (bool, int)):
                assert f"{game}.{option.name}.{value}" in OPTION_WORDS[lang], value


def test_options_read_in_the_language_with_the_key_to_type() -> None:
    options = {"gold": "limited"}
    assert options_line("it", "notre-dame", options) == "Oro: limitato (gold=limited)"
    assert options_line("pl", "notre-dame", options) == "Złoto: ograniczone (gold=limited)"
    assert options_line("en", "nottingham", {"rob_shows_card": True}) == \
        "A Rob shows the card: yes (rob_shows_card=true)"
    assert options_line("it", "rattus", {"rounds": 20}) == "Giri: 20 (rounds=20)"
    # An option the terminal has no words for (a game of your own) stays KEY=VALUE.
    assert options_line("pl", "toy", {"rounds": 5}) == "rounds=5"


def test_the_line_up_names_the_options_in_italian(tmp_path: object) -> None:
    result = invoke("play", "notre-dame", "-p", "2", "--seed", "1", "--plain", "--lang",
                    "it", input="q\ns\n")
    assert "Opzioni: Oro: limitato (gold=limited)" in result.output, result.output


def test_numbers_as_each_language_writes_them() -> None:
    assert {lang: number(lang, 1_120_000) for lang in LANGUAGES} == {
        "en": "1,120,000", "it": "1.120.000", "pl": "1 120 000", "de": "1.120.000",
        "fr": "1 120 000"}
    assert number("it", 45) == "45" and number("pl", 9999) == "9999"
    assert number("it", 2.5) == "2,5" and number("en", 2.5) == "2.5"
    assert number("de", 2.5) == "2,5" and number("fr", 2.5) == "2,5"
    assert decimal("pl", 0.64, fixed=True) == "0,6" and grouped("en", 10_000) == "10,000"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_intriges_final_table_writes_money_as_the_game_does(lang: str) -> None:
    state = load("intrige", 3).new_state(4)
    rng = random.Random(4)
    bot = make_agent("random", "intrige")
    while not state.is_terminal:
        player = state.to_act[0]
        state = state.apply(player, decide(bot, state, player, rng))
    out = io.StringIO()
    Console(file=out, width=100).print(result_table(state, None, None, lang))
    scores = state.result().scores
    assert max(scores) >= 10_000
    for score in scores:
        assert money(score, lang) in out.getvalue(), out.getvalue()
