"""Screenshots of the lobby and of an Intrige table on a laptop and on a phone, saved under
`tests/artifacts/` for a person to look at; the phone's board stands above the choices."""

from __future__ import annotations

import pytest

from tests.web.conftest import ARTIFACTS, NewContext, Server, watched
from tests.web.pages import await_turn, intrige_table, join

SCREENS = {"1280x800": {"width": 1280, "height": 800}, "390x844": {"width": 390, "height": 844}}


@pytest.mark.parametrize("screen", sorted(SCREENS))
def test_lobby_and_intrige_table_screenshots(
        new_context: NewContext, server: Server, screen: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    size = SCREENS[screen]
    page = watched(new_context(viewport=size).new_page())
    page.goto(server.base + "/")
    page.wait_for_selector(".lobby[data-ready=yes]")
    page.screenshot(path=str(ARTIFACTS / f"lobby-{screen}.png"), full_page=True)
    made = intrige_table(server.base, [{"kind": "human"}, {"kind": "bot", "bot": "greedy"},
                                       {"kind": "bot", "bot": "greedy"},
                                       {"kind": "bot", "bot": "random"}])
    page.goto(made["seats"][0]["invite"])
    join(page, "Ada")
    for _ in range(3):  # a few figures on the board
        assert await_turn(page)
        choices = page.locator("#choice-list button")
        (page.locator("#board [data-action]").first if page.locator("#board [data-action]").count()
         else choices.first).click()
        page.wait_for_timeout(150)
    assert await_turn(page)
    page.screenshot(path=str(ARTIFACTS / f"intrige-{screen}.png"), full_page=True)
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= size["width"], "nothing sticks out sideways"
    board = page.locator("#board").bounding_box()
    choices_box = page.locator("#choices").bounding_box()
    assert board is not None and choices_box is not None
    if size["width"] < 900:
        assert board["y"] < choices_box["y"], "on a phone the board comes first"
    else:
        assert choices_box["x"] > board["x"], "on a laptop the choices are beside the board"
    assert not page.problems  # type: ignore[attr-defined]
