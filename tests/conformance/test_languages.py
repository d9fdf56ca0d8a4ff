"""Every game speaks English, Italian and Polish: its log, prompts, action labels, board and
help topics, for every player count, with nothing left in English in the other two."""

from __future__ import annotations

import re

import pytest

from tavola.core import LANGUAGES, BadOptions, make
from tavola.core.registry import game_class
from tests.conformance.harness import random_states

GAMES = ("intrige", "notre-dame", "nottingham", "rattus")
OTHERS = tuple(lang for lang in LANGUAGES if lang != "en")


def words(text: str) -> set[str]:
    """Return the words of a text that could only be English prose (4+ letters)."""
    return {w.lower() for w in re.findall(r"[A-Za-z]{4,}", text)}


@pytest.mark.parametrize("name", GAMES)
def test_every_log_template_exists_in_every_language(name: str) -> None:
    templates = game_class(name).catalog.templates
    english = set(templates["en"])
    for lang in OTHERS:
        assert lang in templates, f"{name}: no {lang} log templates"
        assert set(templates[lang]) == english, (
            f"{name} {lang}: missing {sorted(english - set(templates[lang]))[:5]}, "
            f"extra {sorted(set(templates[lang]) - english)[:5]}")
        same = [k for k in english if templates[lang][k] == templates["en"][k]
                and words(templates["en"][k])]
        assert not same, f"{name} {lang}: left in English: {same[:5]}"


@pytest.mark.parametrize("name", GAMES)
def test_every_language_has_the_same_help_topics(name: str) -> None:
    game = make(name, game_class(name).info.min_players, 0).game
    topics = {lang: game.glossary(lang) for lang in LANGUAGES}
    assert len(topics["en"]) >= 10, f"{name}: only {len(topics['en'])} help topics"
    for lang in OTHERS:
        assert len(topics[lang]) == len(topics["en"])
        assert set(topics[lang].values()).isdisjoint(topics["en"].values())
    for lang, table in topics.items():
        for topic, text in table.items():
            assert topic.strip() and len(text) >= 20, f"{name} {lang}: thin topic {topic!r}"


@pytest.mark.parametrize("name", GAMES)
def test_prompts_labels_boards_and_logs_render_in_every_language(name: str) -> None:
    info = game_class(name).info
    for players in (info.min_players, info.max_players):
        states = random_states(name, players, players)
        sample = [*states[:: max(1, len(states) // 40)], states[-1]]
        for state in sample:
            for seat in state.to_act:
                legal = state.legal_actions(seat)
                for lang in OTHERS:
                    prompt = state.prompt(seat, lang)
                    assert (prompt and prompt != state.prompt(seat, "en")) or not words(prompt)
                    for action in legal:
                        state.describe(seat, action, lang)
            for viewer in (None, *range(players)):
                view = state.view(viewer)
                english = state.game.render_view(view, "en")
                for lang in OTHERS:
                    board = state.game.render_view(view, lang)
                    assert board != english or not words(english)
                    state.log_text(viewer, lang)
            for p in range(players):
                for lang in LANGUAGES:
                    assert state.game.player_name(p, lang)


@pytest.mark.parametrize("name", GAMES)
def test_most_labels_differ_from_english(name: str) -> None:
    """Action labels are translated (a label may stay the same only where it is a name or a
    number, like a region or a sum)."""
    states = random_states(name, game_class(name).info.max_players, 1)
    english_words: set[str] = set()
    kept: dict[str, set[str]] = {lang: set() for lang in OTHERS}
    for state in states[:: max(1, len(states) // 60)]:
        for seat in state.to_act:
            for action in state.legal_actions(seat):
                en = state.describe(seat, action, "en")
                english_words |= words(en)
                for lang in OTHERS:
                    if state.describe(seat, action, lang) == en and words(en):
                        kept[lang].add(en)
    for lang in OTHERS:
        assert len(kept[lang]) <= max(2, len(english_words) // 20), (
            f"{name} {lang}: labels left in English: {sorted(kept[lang])[:8]}")


def test_an_unknown_language_is_refused_clearly() -> None:
    state = make("rattus", 2, 0)
    seat = state.to_act[0]
    for call in (lambda: state.prompt(seat, "es"), lambda: state.log_text(None, "xx"),
                 lambda: state.describe(seat, state.legal_actions(seat)[0], "EN")):
        with pytest.raises(BadOptions, match="no language"):
            call()
