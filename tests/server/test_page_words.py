"""The page's words: each language the server speaks is sent as the JSON table compiled from
the `web` catalogs (tavola/web/words.py), revalidated by its entity tag; a language it does
not speak is refused clearly; the page lists the server's languages and holds no words of
its own (docs/web.md, "Languages")."""

from __future__ import annotations

import html
import re

from babel import Locale
from babel.messages.pofile import read_po
from starlette.testclient import TestClient

from tavola import catalogs
from tavola.core import LANGUAGES
from tavola.core.catalogs import Domain
from tavola.core.words import plural
from tavola.web import STATIC
from tavola.web.words import DOMAIN, WORDS


def catalog_table(lang: str) -> tuple[dict[str, str], dict[str, tuple[str, ...]]]:
    """Return the page's words and counted texts in `lang` as the catalog holds them, read
    with Babel alone (English: the English tables)."""
    if lang == "en":
        found = dict(catalogs.messages("web"))
    else:
        with DOMAIN.po_path(lang).open("rb") as f:
            found = {m.context: (m.string if isinstance(m.string, str) else tuple(m.string))
                     for m in read_po(f, locale=lang, domain="web") if m.id and m.context}
    words = {c.removeprefix("WORDS/"): t for c, t in found.items()
             if c.startswith("WORDS/") and isinstance(t, str)}
    counted = {c.removeprefix("COUNTED/"): t for c, t in found.items()
               if c.startswith("COUNTED/") and isinstance(t, tuple)}
    assert len(words) + len(counted) == len(found)
    return words, counted


def test_each_language_is_sent_as_its_catalog_holds_it(client: TestClient) -> None:
    for lang in LANGUAGES:
        answer = client.get(f"/i18n/{lang}.json")
        assert answer.status_code == 200
        assert answer.headers["content-type"].startswith("application/json")
        table = answer.json()
        words, counted = catalog_table(lang)
        assert table["lang"] == lang
        assert table["words"] == words
        assert set(table["counted"]) == set(counted)
        rule = Locale.parse(lang).plural_form
        for key, forms in counted.items():
            # The page picks by the browser's CLDR category; each category's text is the
            # form the games' own plural picking takes for the numbers in it.
            sent = table["counted"][key]
            assert set(sent) == set(rule.tags) | {"other"}
            for n in range(0, 2000):
                assert sent[rule(n)] == plural(lang, n, forms), (lang, key, n)
        assert [x["code"] for x in table["languages"]] == list(LANGUAGES)


def test_the_italian_and_polish_words_are_the_pages_own() -> None:
    assert WORDS["it"]["lobby.title"] == "Gioca una partita"
    assert WORDS["pl"]["lobby.title"] == "Zagraj"
    assert WORDS["en"]["lobby.title"] == "Play a game"


def test_a_copy_the_browser_holds_is_revalidated_by_its_tag(client: TestClient) -> None:
    first = client.get("/i18n/it.json")
    tag = first.headers["etag"]
    assert first.headers["cache-control"] == "no-cache"
    again = client.get("/i18n/it.json", headers={"If-None-Match": tag})
    assert again.status_code == 304
    assert again.content == b""
    other = client.get("/i18n/pl.json", headers={"If-None-Match": tag})
    assert other.status_code == 200
    assert other.headers["etag"] != tag


def test_a_language_the_server_does_not_speak_is_refused_clearly(client: TestClient) -> None:
    for lang in ("xx", "en-GB", "EN", "it.json", "a" * 300):
        answer = client.get(f"/i18n/{lang}.json")
        assert answer.status_code == 404, lang
        body = answer.json()
        assert body["code"] == "unknown_language"
        assert body["args"] == {"lang": lang[:16], "languages": ", ".join(LANGUAGES)}
        assert ", ".join(LANGUAGES) in body["error"]
    italian = client.get("/i18n/xx.json?lang=it").json()
    assert italian["error"].startswith("lingua 'xx' non disponibile")


def test_the_page_offers_the_servers_languages_each_named_in_itself(
        client: TestClient) -> None:
    names = {"en": "English", "it": "Italiano", "pl": "Polski", "de": "Deutsch",
             "fr": "Français"}
    for path in ("/", "/play/T123"):
        page = client.get(path)
        assert page.status_code == 200
        offered = re.findall(r'<option value="(\w+)" lang="\w+" data-none="([^"]+)">([^<]+)'
                             r'</option>', page.text)
        assert [(code, name) for code, _, name in offered] == \
            [(code, names[code]) for code in LANGUAGES]
        # Each language's line for words that cannot be had, in that language.
        assert [html.unescape(none) for _, none, _ in offered] == \
            [WORDS[code]["lang.none"] for code in LANGUAGES]
        assert client.get(path, headers={"If-None-Match": page.headers["etag"]}) \
            .status_code == 304


def test_the_page_holds_no_words_of_its_own() -> None:
    """The page's code and its HTML hold none of the words: they come from the catalogs."""
    code = (STATIC / "i18n.js").read_text() + (STATIC / "index.html").read_text()
    english = [text for text in WORDS["en"].values() if len(text) > 8 and " " in text]
    assert len(english) > 250
    assert [text for text in english if text in code] == []
    assert not re.search(r"data-i18n=\"[^\"]+\">[^<]", code)


def test_the_german_and_french_words_are_complete_before_they_are_switched_on() -> None:
    """German and French are written ahead of `LANGUAGES` (the lead switches them on for the
    whole project at once); the check holds them to the same standard meanwhile."""
    d = catalogs.domain("web")
    waiting = tuple(lang for lang in ("de", "fr") if lang not in d.languages)
    assert catalogs.problems("web", Domain(d.name, d.directory, waiting, d.derived)) == []
