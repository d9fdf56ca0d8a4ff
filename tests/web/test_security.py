"""The page's security: a Content-Security-Policy without inline code, on the page and its
files, and nothing anyone types ever read as HTML."""

from __future__ import annotations

import re
from urllib.request import urlopen

from playwright.sync_api import Dialog, Page

from tavola.web import STATIC
from tests.web.conftest import NewContext, Server, watched
from tests.web.pages import intrige_table, join

POLICY = ("default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self' ws: "
          "wss:; img-src 'self' data:; object-src 'none'; base-uri 'none'; "
          "frame-ancestors 'none'")
ATTACK = "<img src=x onerror=alert(1)>"


def test_the_page_and_its_files_carry_the_policy_without_unsafe_inline(server: Server) -> None:
    for path in ("/", "/play/nosuchtable", "/static/app.js", "/static/style.css",
                 "/static/games/intrige.js", "/static/boards.js", "/static/rules.js",
                 "/static/replay.js", "/static/games/rattus.css", "/i18n/it.json"):
        with urlopen(server.base + path, timeout=10) as answer:
            policy = answer.headers["Content-Security-Policy"]
            assert policy == POLICY, path
            assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
            assert answer.headers["X-Content-Type-Options"] == "nosniff"
    with urlopen(server.base + "/api/v1/games", timeout=10) as answer:
        assert answer.status == 200, "the API routes still answer"


def test_the_files_hold_no_inline_code_and_never_write_html() -> None:
    page = (STATIC / "index.html").read_text()
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", page), "an inline script"
    assert "<style" not in page and " style=" not in page and "onclick" not in page.lower()
    for module in STATIC.rglob("*.js"):
        source = module.read_text()
        for forbidden in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write",
                          "eval(", "new Function"):
            assert forbidden not in source, f"{module.name} uses {forbidden}"


def test_tavola_serve_prints_the_address_to_open(server: Server) -> None:
    assert f"Open http://127.0.0.1:{server.port}/ in a browser" in server.printed()


def test_chat_and_names_are_shown_as_text_never_as_html(
        new_context: NewContext, server: Server) -> None:
    made = intrige_table(server.base, [{"kind": "human"}, {"kind": "bot", "bot": "random"},
                                       {"kind": "bot", "bot": "random"}])
    page: Page = watched(new_context().new_page())
    dialogs: list[str] = []

    def refuse(dialog: Dialog) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    page.on("dialog", refuse)
    page.goto(made["seats"][0]["invite"])
    join(page, "<b>Eve</b>")
    page.wait_for_selector("#seats li[data-seat='0']:has-text('<b>Eve</b>')")
    page.fill("#chat-input", ATTACK)
    page.press("#chat-input", "Enter")
    said = page.locator("#chat li.said .text")
    said.first.wait_for()
    assert said.first.text_content() == ATTACK
    assert page.locator("#chat img").count() == 0
    assert page.locator("img").count() == 0
    assert page.locator("#seats b, #board b").count() == 0
    page.wait_for_timeout(300)
    assert dialogs == []
    assert not page.problems  # type: ignore[attr-defined]
