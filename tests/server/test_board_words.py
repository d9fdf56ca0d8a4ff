"""The games' boards on the page take their words from the games' catalogs: the server sends
each game's board table (its text module's `PAGE_BOARD`, from its own catalog domain) with
the page's words (`games` in `GET /i18n/{lang}.json`), and no board module keeps a table of
words by language (docs/translating.md, "The boards' words")."""

from __future__ import annotations

import re
from typing import Any

from babel.messages.pofile import read_po
from starlette.testclient import TestClient

from tavola import catalogs
from tavola.core import LANGUAGES
from tavola.web import STATIC
from tavola.web.words import BOARDS

LANGUAGE_KEY = re.compile(r"^\s*(?:en|it|pl|de|fr)\s*:", re.MULTILINE)
"""A member of a JavaScript object keyed by a language code, as the old tables were."""


def test_no_board_module_keeps_words_by_language() -> None:
    modules = sorted((STATIC / "games").glob("*.js"))
    assert {m.stem for m in modules} == set(BOARDS)
    for module in modules:
        text = module.read_text(encoding="utf-8")
        keyed = [line for line in text.splitlines() if LANGUAGE_KEY.match(line)]
        inline = re.findall(r"\{\s*en\s*:", text)
        assert not keyed and not inline, (module.name, keyed[:3])
        assert f'boardWords("{module.stem}", "words")' in text, module.name


def catalog_messages(game: str, lang: str) -> dict[str, str]:
    """Return the board's messages of a game in `lang` by context, as its catalog holds them,
    read with Babel alone (English: the English table)."""
    board = BOARDS[game]
    if lang == "en":
        return {c: t for c, t in board.entries() if isinstance(t, str)}
    domain = catalogs.domain(game)
    with domain.po_path(lang).open("rb") as f:
        return {m.context: m.string for m in read_po(f, locale=lang, domain=domain.name)
                if m.id and m.context and m.context.startswith(f"{board.name}/")}


def at(table: Any, path: list[str]) -> Any:
    for part in path:
        table = table[int(part)] if isinstance(table, list) else table[part]
    return table


def test_each_games_board_words_are_sent_as_its_catalog_holds_them(
        client: TestClient) -> None:
    for lang in LANGUAGES:
        sent = client.get(f"/i18n/{lang}.json").json()["games"]
        assert set(sent) == set(BOARDS)
        for game, board in BOARDS.items():
            wanted = catalog_messages(game, lang)
            english = [c for c, _ in board.entries()]
            assert set(wanted) == set(english), (game, lang)
            for context, text in wanted.items():
                assert text, (game, lang, context)  # every message is translated
                path = context.split("/")[1:]
                assert at(sent[game], path) == text, (game, lang, context)
            assert "title" in sent[game] and "words" in sent[game]


def test_a_language_the_server_does_not_speak_sends_no_board_words(
        client: TestClient) -> None:
    answer = client.get("/i18n/xx.json")
    assert answer.status_code == 404
    assert "games" not in answer.json()
