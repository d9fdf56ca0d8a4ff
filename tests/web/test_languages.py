"""The page in Italian and in Polish shows no English word: the whole rendered page, the
lobby's game descriptions, the log lines, prompts, action labels, seat names and the rules
panel included, is scanned against the English tables of the interface (`i18n.js`), of the
board (`games/intrige.js`), the games' English descriptions and of the game played (its log
templates, prompt and label words and help topics). The page asks the server for its texts
in its own language; switching language on a table page asks again on the same
connection."""

from __future__ import annotations

import importlib
import re
import time
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from playwright.sync_api import Page, Route, WebSocket

from tavola.core import LANGUAGES, info, load
from tavola.web.words import WORDS
from tests.web.conftest import NewContext, Server, watched
from tests.web.pages import await_turn, intrige_table, join

TEXTS = """() => {
  const out = [];
  const skip = (node) => node.closest('script, style, noscript, #lang');
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    if (text && !skip(node.parentElement)) out.push(text);
  }
  for (const el of document.body.querySelectorAll('[aria-label], [title], [placeholder]')) {
    if (skip(el)) continue;
    for (const name of ['aria-label', 'title', 'placeholder']) {
      const value = el.getAttribute(name);
      if (value) out.push(value);
    }
  }
  return out;
}"""

PAGE_TABLES = """async (lang) => {
  const tables = { en: await (await fetch('/i18n/en.json')).json(),
    [lang]: await (await fetch(`/i18n/${lang}.json`)).json() };
  const words = (table) => {
    const flat = { ...table.words };
    for (const [key, forms] of Object.entries(table.counted)) {
      for (const [category, text] of Object.entries(forms)) flat[`${key}/${category}`] = text;
    }
    return flat;
  };
  // Each game's board words as the page gets them (from the games' catalogs).
  const boards = Object.keys(tables.en.games).map((game) => ({
    en: tables.en.games[game].words, [lang]: tables[lang].games[game].words }));
  return [{ en: words(tables.en), [lang]: words(tables[lang]) }, ...boards];
}"""

OTHERS = tuple(lang for lang in LANGUAGES if lang != "en")
"""The languages the server speaks besides English: the page must show no English in any."""

Table = Mapping[str, Any]

GAMES = ("intrige", "notre-dame", "nottingham", "rattus")
"""The games the page's server offers."""


def strings(value: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """Yield (path, text) for every string inside nested tables, tuples and lists."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield from strings(item, f"{path}/{key}")
    elif isinstance(value, (tuple, list)):
        for n, item in enumerate(value):
            yield from strings(item, f"{path}/{n}")
    elif hasattr(value, "_asdict"):
        yield from strings(value._asdict(), path)


def game_tables(name: str, langs: tuple[str, ...]) -> list[dict[str, dict[str, str]]]:
    """Return the per-language tables of a game's text layer (every module-level table with
    an English and the other languages' entries: log templates, words of prompts and labels,
    names of things) and its help topics, each flattened to {path: text} per language."""
    module = importlib.import_module(f"tavola.games.{name.replace('-', '_')}.text")
    tables = []
    for value in vars(module).values():
        if isinstance(value, Mapping) and "en" in value and all(lang in value for lang in langs):
            tables.append({lang: dict(strings(value[lang])) for lang in ("en", *langs)})
    game = load(name, info(name).max_players)
    # Help topics are aligned by their order (their names differ by language).
    help_table = {}
    for lang in ("en", *langs):
        topics = game.glossary(lang)
        help_table[lang] = {f"{n}/{part}": text
                            for n, (topic, explained) in enumerate(topics.items())
                            for part, text in (("topic", topic), ("text", explained))}
    tables.append(help_table)
    return tables


def whole_words_in(fragments: set[str], text: str) -> set[str]:
    """Return the fragments that stand in `text` as whole words (no letter or digit just
    before or after). A fragment not even a substring of `text` is not searched for: most
    are not, and one regular expression each over the page's text cost seconds a check."""
    return {f for f in fragments
            if f in text and re.search(rf"(?<![\w]){re.escape(f)}(?![\w])", text)}


def english_fragments(tables: list[Any], lang: str) -> set[str]:
    """Return the English words a page in `lang` must not show: every run of words between
    placeholders and sentence marks, where the translation differs and does not hold it,
    unless the language's own tables use it too (Italian "figure" is a plural of its own)."""
    found = set()
    own_texts = "\n".join(text for table in tables for text in table[lang].values()
                           if isinstance(text, str))
    for table in tables:
        for key, english in table["en"].items():
            own = table[lang].get(key, "")
            if not isinstance(english, str) or own == english:
                continue
            for part in re.split(r"\{[^}]*\}|[.;:!?()\[\]\n]", english):
                part = part.strip(" ·,–-…'\"")
                if len(part) >= 4 and part not in own and re.search(r"[A-Za-z]{3}", part):
                    found.add(part)
    return found - whole_words_in(found, own_texts)


def descriptions(lang: str) -> dict[str, dict[str, str]]:
    """Return every game's description in English and in `lang` (the lobby's game cards and
    the rules panel show them)."""
    return {code: {name: info(name).summary_in(code)[0] for name in GAMES}
            for code in ("en", lang)}


def english_on(page: Page, lang: str, game: str | None = "intrige") -> list[str]:
    """Return the English words of the interface, the board, every game's description and
    `game` the page shows."""
    tables: list[Any] = page.evaluate(PAGE_TABLES, lang)
    tables.append(descriptions(lang))
    if game is not None:
        tables += game_tables(game, (lang,))
    # The games' titles are names, the same on every page (French writes the cathedral
    # "Notre-Dame" on its board, but the game is "Notre Dame" in every language).
    fragments = english_fragments(tables, lang) - {info(name).title for name in GAMES}
    texts: list[Any] = page.evaluate(TEXTS)
    shown = "\n".join(texts)
    return sorted(whole_words_in(fragments, shown))


def log_lines(page: Page) -> list[str]:
    """Return the lines of the page's game log."""
    lines: list[str] = page.eval_on_selector_all("#log li",
                                                  "nodes => nodes.map(n => n.textContent)")
    return lines


def check_pages(page: Page, server: Server, lang: str) -> None:
    page.wait_for_selector(".lobby[data-ready=yes]")
    assert page.get_attribute("html", "lang") == lang
    # Each game card describes its game in the page's language.
    cards: list[list[str]] = page.eval_on_selector_all(
        "article.game-card", "cards => cards.map(c => [c.querySelector('button[data-game]')"
        ".dataset.game, c.querySelector('p.about').textContent,"
        " c.querySelector('p.about').lang])")
    assert cards == [[name, text, lang] for name, text in descriptions(lang)[lang].items()]
    assert english_on(page, lang, None) == []
    made = intrige_table(server.base, [{"kind": "human"}, {"kind": "bot", "bot": "greedy"},
                                       {"kind": "bot", "bot": "greedy"}])
    page.goto(made["seats"][0]["invite"])
    page.wait_for_selector("#join:not([hidden])")
    assert english_on(page, lang) == []
    join(page, "Ola")
    assert await_turn(page)
    page.click("#board [data-action]")
    assert await_turn(page)
    assert page.get_attribute("#board", "data-module") == "intrige"
    assert page.locator("#log li").count() >= 3
    assert page.inner_text("#prompt")
    assert english_on(page, lang) == []
    # The game's own name of each seat, as the log names it (its number shown once).
    game = load("intrige", 3)
    seat_two = page.inner_text("#seats li[data-seat='1']")
    assert game.player_name(1, lang).removeprefix("P2 (").removesuffix(")") in seat_two
    assert seat_two.count("P2") == 1, seat_two
    # The log's first line is the game's own line in the page's language.
    assert log_lines(page)[0] == game.catalog.text("round", {"round": 1}, lang)
    # The rules panel: every topic, in the page's language, no English in it.
    page.click("#rules-button")
    page.wait_for_selector("dialog#rules[data-ready=yes]")
    topics = page.eval_on_selector_all("#rules-topics dt",
                                       "nodes => nodes.map(n => n.textContent)")
    assert topics == list(game.glossary(lang))
    assert english_on(page, lang) == []
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog#rules", state="detached")
    assert not page.problems  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", OTHERS)
def test_a_browser_in_a_language_gets_the_page_in_it(
        new_context: NewContext, server: Server, lang: str) -> None:
    page = watched(new_context(locale=f"{lang}-{lang.upper()}").new_page())
    page.goto(server.base + "/")
    assert page.inner_text("h1") == WORDS[lang]["lobby.title"]
    check_pages(page, server, lang)


@pytest.mark.parametrize("lang", OTHERS)
def test_the_language_switch_is_remembered(
        new_context: NewContext, server: Server, lang: str) -> None:
    page = watched(new_context(locale="en-GB").new_page())
    page.goto(server.base + "/")
    page.wait_for_selector(".lobby[data-ready=yes]")
    assert page.get_attribute("html", "lang") == "en"
    page.select_option("#lang", lang)
    page.wait_for_selector(f"html[lang={lang}] .lobby[data-ready=yes]")
    assert page.inner_text("h1") == WORDS[lang]["lobby.title"]
    page.reload()
    check_pages(page, server, lang)


def test_switching_language_at_the_table_asks_the_server_again_on_the_same_connection(
        new_context: NewContext, server: Server) -> None:
    page = watched(new_context(locale="it-IT").new_page())
    sockets: list[WebSocket] = []
    sent: list[str] = []

    def opened(ws: WebSocket) -> None:
        sockets.append(ws)
        ws.on("framesent", lambda payload: sent.append(str(payload)))

    page.on("websocket", opened)
    made = intrige_table(server.base, [{"kind": "human"}, {"kind": "bot", "bot": "greedy"},
                                       {"kind": "bot", "bot": "greedy"}])
    page.goto(made["seats"][0]["invite"])
    join(page, "Ola")
    assert await_turn(page)
    page.click("#board [data-action]")
    assert await_turn(page)
    italian = log_lines(page)
    assert '"lang":"it"' in sent[0].replace(" ", "")
    page.select_option("#lang", "pl")
    game = load("intrige", 3)
    page.wait_for_function(
        "(line) => { const first = document.querySelector('#log li');"
        " return first && first.textContent === line; }",
        arg=game.catalog.text("round", {"round": 1}, "pl"))
    assert await_turn(page)
    polish = log_lines(page)
    assert len(polish) >= len(italian) and polish[0] != italian[0]
    assert len(sockets) == 1, "the language changed without a new connection"
    assert any('"type":"lang"' in frame.replace(" ", "") for frame in sent)
    assert english_on(page, "pl") == []
    assert page.get_attribute("html", "lang") == "pl"
    assert not page.problems  # type: ignore[attr-defined]


def test_the_check_would_see_english(new_context: NewContext, server: Server) -> None:
    page = watched(new_context(locale="en-GB").new_page())
    page.goto(server.base + "/")
    page.wait_for_selector(".lobby[data-ready=yes]")
    found = english_on(page, "it", None)
    assert "Your name" in found
    # The games' English descriptions are seen too.
    assert "Each player leads a quarter of medieval Paris" in found, found
    made = intrige_table(server.base, [{"kind": "human"}, {"kind": "bot", "bot": "greedy"},
                                       {"kind": "bot", "bot": "greedy"}])
    page.goto(made["seats"][0]["invite"])
    join(page, "Ola")
    assert await_turn(page)
    found = english_on(page, "it")
    # English log lines and labels are seen, not only the interface's words.
    assert "begins" in " ".join(found) or "Round" in " ".join(found), found
    assert any(f in found for f in ("send a figure to another palace's park", "to send")), found


HIDDEN = """() => [...document.body.children]
  .filter((node) => !['NOSCRIPT', 'SCRIPT'].includes(node.tagName) && !node.hidden)
  .map((node) => [node.id || node.className, getComputedStyle(node).visibility])"""


def test_the_page_shows_nothing_until_its_words_arrive(
        new_context: NewContext, server: Server) -> None:
    page = watched(new_context(locale="pl-PL").new_page())
    held: list[Route] = []
    page.route("**/i18n/*.json", lambda route: held.append(route))
    page.goto(server.base + "/", wait_until="domcontentloaded")
    deadline = time.monotonic() + 20
    while not held and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert [r.request.url.rsplit("/", 1)[1] for r in held] == ["pl.json"]
    # The words are on their way: no key, no English, and nothing shown but hidden.
    shown = page.evaluate(HIDDEN)
    assert shown and all(visibility == "hidden" for _, visibility in shown), shown
    assert page.inner_text("#words-failed") == ""
    held[0].continue_()
    page.wait_for_selector(".lobby[data-ready=yes]")
    assert page.get_attribute("html", "lang") == "pl"
    assert all(visibility == "visible" for _, visibility in page.evaluate(HIDDEN))
    assert page.inner_text("nav") == WORDS["pl"]["nav.lobby"]
    assert not page.problems  # type: ignore[attr-defined]


@pytest.mark.parametrize("locale", ["it-IT", "fr-FR", "en-GB"])
def test_words_that_cannot_be_had_are_said_not_hidden(
        new_context: NewContext, server: Server, locale: str) -> None:
    # Said in the language the page wanted: the server writes each language's line into
    # the page itself, since no words arrived to say it with.
    page = new_context(locale=locale).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.route("**/i18n/*.json", lambda route: route.fulfill(status=503, body="down"))
    page.goto(server.base + "/")
    page.wait_for_selector("#words-failed:not([hidden])")
    line = page.inner_text("#words-failed")
    assert line == WORDS[locale[:2]]["lang.none"].format(reason="HTTP 503")
    shown = dict(page.evaluate(HIDDEN))
    assert shown.pop("words-failed") == "visible"
    assert set(shown.values()) == {"hidden"}
    assert errors and "could not be loaded" in errors[0]


def test_a_switch_to_words_that_cannot_be_had_says_so_and_keeps_the_page(
        new_context: NewContext, server: Server) -> None:
    page = watched(new_context(locale="en-GB").new_page())
    page.goto(server.base + "/")
    page.wait_for_selector(".lobby[data-ready=yes]")
    other = OTHERS[-1]
    page.route(f"**/i18n/{other}.json", lambda route: route.abort())
    page.select_option("#lang", other)
    page.wait_for_selector("#words-failed:not([hidden])")
    name = page.eval_on_selector(f"#lang option[value={other}]", "o => o.textContent")
    assert page.inner_text("#words-failed").startswith(
        WORDS["en"]["lang.failed"].split("{language}")[0] + name)
    assert page.input_value("#lang") == "en"
    assert page.get_attribute("html", "lang") == "en"
    assert page.inner_text("h1") == WORDS["en"]["lobby.title"]
    page.unroute(f"**/i18n/{other}.json")
    page.select_option("#lang", other)
    page.wait_for_selector(f"html[lang={other}]")
    assert page.is_hidden("#words-failed")
    assert not page.problems  # type: ignore[attr-defined]
