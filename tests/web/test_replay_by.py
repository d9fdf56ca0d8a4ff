"""The replay says who made a step's decision when it was not the seat's own player or bot:
a stand-in bot playing for a person away, or the game's simple policy deciding for a bot
that did not answer (the replay route's `by`, docs/protocol.md), in English, Italian and
Polish. The table is the toy game with a bot that always fails, served by a real server
process with the test games registered (`tests.server.serve_toys`)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.server.processes import ServerProcess
from tests.web.conftest import NewContext, watched
from tests.web.pages import join

SAID = {
    "en": {"stand-in": "A stand-in bot decided for the absent player.",
           "replacement": "The bot did not answer in time; the game's simple policy decided."},
    "it": {"stand-in": "Un bot sostituto ha deciso per il giocatore assente.",
           "replacement": "Il bot non ha risposto in tempo; ha deciso la strategia semplice "
                          "del gioco."},
    "pl": {"stand-in": "Za nieobecnego gracza zdecydował bot zastępczy.",
           "replacement": "Bot nie odpowiedział na czas; zdecydowała prosta strategia gry."},
}


@pytest.fixture(scope="module")
def toys(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A real server with the test games, its bots thinking in its own process."""
    db = f"sqlite:///{Path(tmp_path_factory.mktemp('toys')) / 'tavola.db'}"
    server = ServerProcess(db, bot_workers=0)
    try:
        yield server
    finally:
        server.stop()


def finished_table(page: Page, toys: ServerProcess) -> tuple[str, list[Any]]:
    """Play a toy game whose person (seat 0) leaves at once, so that the stand-in bot plays
    for them, against a bot that always fails; return the table and each step's `by`."""
    made = toys.post("/api/v1/tables", {
        "game": "toy-faulty", "players": 2, "bot_seconds": 0.2, "options": {"rounds": 2},
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "broken"}]})
    table = made["table"]
    page.goto(made["seats"][0]["invite"])
    join(page, "Ada")
    page.click("#leave")
    deadline = time.monotonic() + 120
    while not (summary := toys.get(f"/api/v1/tables/{table}"))["finished"]:
        assert time.monotonic() < deadline, "the toy game did not finish"
        time.sleep(0.2)
    steps = summary["state"]
    by = [toys.get(f"/api/v1/tables/{table}/replay?step={n}")["by"] for n in range(steps + 1)]
    return table, by


def test_the_replay_says_who_decided_for_an_absent_player_or_a_silent_bot(
        new_context: NewContext, toys: ServerProcess) -> None:
    page = watched(new_context().new_page())
    table, by = finished_table(page, toys)
    assert by[0] is None and {"stand-in", "replacement"} <= set(by), by
    for lang in ("en", "it", "pl"):
        page.evaluate(f"() => localStorage.setItem('tavola.lang', '{lang}')")
        page.goto(f"{toys.base}/#/replay/{table}")
        page.reload()
        for step, decider in enumerate(by):
            if lang != "en" and step > 4 and decider not in ("stand-in", "replacement"):
                continue  # every step in English; in the others, each kind of decider
            page.fill("#replay-slider", str(step))
            page.wait_for_selector(f'#replay-page[data-ready=yes][data-step="{step}"]')
            line = page.locator("#replay-by")
            if decider in SAID[lang]:
                assert line.is_visible(), (lang, step, decider)
                assert line.inner_text() == SAID[lang][decider], (lang, step)
            else:  # the seat's own player or bot, or nobody yet: nothing said
                assert line.is_hidden() and not line.inner_text(), (lang, step, decider)
    assert not page.problems  # type: ignore[attr-defined]
