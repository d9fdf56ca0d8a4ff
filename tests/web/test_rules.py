"""The rules panel: every help topic of a game with its explanation, in the page's language,
opened from the lobby's game cards and from the table page; a choice whose label names a
help topic has a "?" beside it that opens the panel at that topic. The lobby's options are
in the page's own words."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.request import urlopen

from playwright.sync_api import Page

from tavola.core import game_names
from tests.web.conftest import NewContext, Server, watched
from tests.web.pages import await_turn, intrige_table, join

GAMES = ("intrige", "notre-dame", "nottingham", "rattus")


def help_of(server: Server, path: str) -> dict[str, Any]:
    """Return a help route's answer."""
    with urlopen(server.base + path, timeout=30) as answer:
        data: dict[str, Any] = json.loads(answer.read())
    return data


def panel(page: Page) -> list[tuple[str, str]]:
    """Return the open rules panel's topics with their explanations."""
    page.wait_for_selector("dialog#rules[data-ready=yes]")
    pairs: list[list[str]] = page.eval_on_selector_all(
        "#rules-topics dt", "nodes => nodes.map(n => [n.textContent,"
        " n.nextElementSibling.textContent])")
    return [(a, b) for a, b in pairs]


def test_every_games_rules_open_from_the_lobby_in_the_pages_language(
        new_context: NewContext, server: Server) -> None:
    assert set(GAMES) <= set(game_names())
    for lang, locale in (("it", "it-IT"), ("en", "en-GB"), ("pl", "pl-PL")):
        page = watched(new_context(locale=locale).new_page())
        page.goto(server.base + "/")
        page.wait_for_selector(".lobby[data-ready=yes]")
        for game in GAMES:
            expected = help_of(server, f"/api/v1/games/{game}/help?lang={lang}")
            assert expected["topics"]
            page.click(f"button[data-rules={game}]")
            shown = panel(page)
            assert shown == [(t["topic"], t["text"]) for t in expected["topics"]]
            assert expected["title"] in page.inner_text("#rules-title")
            page.click("#rules-close")
            page.wait_for_selector("dialog#rules", state="detached")
            assert page.evaluate("() => document.activeElement.dataset.rules") == game
        # The search box narrows the topics; nothing found says so.
        page.click("button[data-rules=rattus]")
        everything = panel(page)
        first = everything[0][0]
        page.fill("#rules-find", first)
        visible = page.eval_on_selector_all("#rules-topics dt:not([hidden])",
                                            "nodes => nodes.map(n => n.textContent)")
        assert first in visible and len(visible) < len(everything)
        page.fill("#rules-find", "zzqqzz")
        assert page.locator("#rules-topics dt:not([hidden])").count() == 0
        assert page.locator("dialog#rules p.help:not([hidden])").count() == 1
        page.keyboard.press("Escape")
        page.wait_for_selector("dialog#rules", state="detached")
        assert not page.problems  # type: ignore[attr-defined]


def test_the_lobby_shows_every_option_in_the_pages_words(
        new_context: NewContext, server: Server) -> None:
    page = watched(new_context(locale="pl-PL").new_page())
    page.goto(server.base + "/")
    page.wait_for_selector(".lobby[data-ready=yes]")
    for game in GAMES:
        page.click(f"button[data-game={game}]")
        options = page.locator("#new-table fieldset.options select")
        assert options.count() >= 1
        # Nothing falls back to the server's English declaration of an option.
        assert page.locator("#new-table fieldset.options [lang=en]").count() == 0
        labels = page.inner_text("#new-table fieldset.options")
        assert not re.search(r"\b[a-z]+_[a-z]+\b", labels), labels
    assert not page.problems  # type: ignore[attr-defined]


def test_the_table_opens_its_rules_and_a_choice_its_topic(
        new_context: NewContext, server: Server) -> None:
    page = watched(new_context(locale="it-IT").new_page())
    made = intrige_table(server.base, [{"kind": "human"}, {"kind": "bot", "bot": "greedy"},
                                       {"kind": "bot", "bot": "greedy"}])
    page.goto(made["seats"][0]["invite"])
    join(page, "Ada")
    assert await_turn(page)
    expected = help_of(server, f"/api/v1/tables/{made['table']}/help?lang=it")
    page.click("#rules-button")
    assert panel(page) == [(t["topic"], t["text"]) for t in expected["topics"]]
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog#rules", state="detached")

    # A "?" stands beside each choice whose label names a topic, and only there.
    page.wait_for_selector("#choice-list .topic-help")
    rows: list[list[Any]] = page.eval_on_selector_all(
        "#choice-list li", "items => items.map(li => [li.querySelector('.label').textContent,"
        " li.querySelector('.topic-help') ? li.querySelector('.topic-help').dataset.topic"
        " : null])")
    names = [t["topic"] for t in expected["topics"]]
    for label, topic in rows:
        named = [n for n in names if re.search(rf"(?<!\w){re.escape(n)}(?!\w)", label, re.I)]
        if topic is None:
            assert named == [], (label, named)
        else:
            assert topic in named and len(topic) == max(len(n) for n in named), (label, topic)
    helped = next(topic for _, topic in rows if topic is not None)
    button = page.locator(f'#choice-list .topic-help[data-topic="{helped}"]').first
    explained = dict((t["topic"], t["text"]) for t in expected["topics"])[helped]
    assert (button.get_attribute("title") or "").startswith(f"{helped}: ")
    assert explained.startswith((button.get_attribute("title") or "")[len(helped) + 2:])
    button.click()
    page.wait_for_selector("dialog#rules[data-ready=yes]")
    assert page.inner_text("#rules-topics dt.chosen") == helped
    assert page.evaluate("() => document.activeElement.dataset.topic") == helped
    page.keyboard.press("Escape")
    # The choices still play: the "?" is beside them, not instead of them.
    before = page.get_attribute("#table-page", "data-state")
    page.click("#choice-list button[data-action]")
    page.wait_for_function(
        "(before) => document.getElementById('table-page').dataset.state !== before",
        arg=before)
    assert not page.problems  # type: ignore[attr-defined]
