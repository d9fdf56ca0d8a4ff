"""Every game describes itself in every language the games speak: the lobby and the rules
panel show the description in the reader's language (`GameInfo.summary_in`)."""

from __future__ import annotations

import dataclasses

import pytest

from tavola.core import LANGUAGES, game_names, info

GAMES = ("intrige", "notre-dame", "nottingham", "rattus")
"""tavola's games (other tests register toy games of their own beside them)."""


@pytest.mark.parametrize("name", GAMES)
def test_every_game_has_a_description_in_every_language(name: str) -> None:
    assert name in game_names()
    facts = info(name)
    english, written = facts.summary_in("en")
    assert (english, written) == (facts.summary, "en") and len(english) > 40
    seen = {english}
    for lang in LANGUAGES:
        text, written = facts.summary_in(lang)
        assert written == lang, f"{name} has no description in {lang}"
        assert text.strip() == text and text.endswith("."), (name, lang, text)
        seen.add(text)
    # Each language has its own words, never a copy of another's.
    assert len(seen) == len(LANGUAGES), name


def test_a_missing_language_falls_back_to_english_and_says_so() -> None:
    facts = dataclasses.replace(info("rattus"), summaries={"it": "Una descrizione."})
    assert facts.summary_in("it") == ("Una descrizione.", "it")
    assert facts.summary_in("pl") == (facts.summary, "en")
    assert facts.summary_in("en") == (facts.summary, "en")
    empty = dataclasses.replace(facts, summaries={"it": "", "pl": "Opis."})
    assert empty.summary_in("it") == (facts.summary, "en")
    assert empty.summary_in("pl") == ("Opis.", "pl")


@pytest.mark.parametrize("name", ("notre-dame", "nottingham", "rattus"))
def test_every_tie_break_line_is_written_in_every_language(name: str) -> None:
    # What the result tables say the tie-break numbers count (Intrige has none).
    lines = info(name).tiebreak
    assert {lang: bool(lines.get(lang)) for lang in LANGUAGES} == dict.fromkeys(LANGUAGES, True)
    assert len({lines[lang] for lang in LANGUAGES}) == len(LANGUAGES), name

