"""The operators' tools in the page, as an operator and a player meet them: only an operator
sees them; the operator removes a rude chat line (it goes from the player's page at once),
finds the accounts on the operators' page, and ends the table (the player's page says
so)."""

from __future__ import annotations

import subprocess
import sys

from playwright.sync_api import Page

from tests.web.conftest import ROOT, NewContext, Server, watched
from tests.web.pages import await_turn, intrige_table, join
from tests.web.test_accounts import PASSWORD, sign_up


def make_operator(server: Server, name: str) -> None:
    db = f"sqlite:///{server.output.parent / 'tavola.db'}"
    done = subprocess.run([sys.executable, "-m", "tavola", "admin", "operator", name,
                           "--db", db, "--password", PASSWORD], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def test_an_operator_removes_a_chat_line_and_ends_a_table(new_context: NewContext,
                                                          server: Server) -> None:
    made = intrige_table(server.base, [{"kind": "human"}, {"kind": "bot", "bot": "greedy"},
                                       {"kind": "bot", "bot": "greedy"}])
    table = made["table"]
    player: Page = watched(new_context().new_page())
    player.goto(made["seats"][0]["invite"])
    join(player, "Rude Ruth")
    assert await_turn(player)
    player.fill("#chat-input", "something rude")
    player.press("#chat-input", "Enter")
    player.wait_for_selector("#chat li.said:has-text('something rude')")
    # A guest sees no operator tools.
    assert player.locator("#operator-tools").count() == 0
    assert player.locator("#chat .remove-line").count() == 0

    make_operator(server, "Olga Operator")
    olga: Page = watched(new_context(viewport={"width": 1280, "height": 800}).new_page())
    olga.on("dialog", lambda dialog: dialog.accept())
    sign_up(olga, server.base, "Olga Operator")
    olga.goto(f"{server.base}/play/{table}")
    olga.wait_for_selector("#operator-tools")
    line = olga.locator("#chat li.said:has-text('something rude')")
    line.wait_for()
    olga.screenshot(path=str(server.output.parent / "operator-table.png"))
    line.locator(".remove-line").click()
    # Gone from both pages at once.
    player.wait_for_selector("#chat li.said:has-text('something rude')", state="detached")
    olga.wait_for_selector("#chat li.said:has-text('something rude')", state="detached")

    # The operators' page, from the account menu.
    olga.click("#account-name")
    olga.click("a[href='/#/operators']")
    olga.wait_for_selector("#operators-page[data-ready=yes]")
    row = olga.locator("#operators-accounts tr[data-name='Olga Operator']")
    assert "operator" in row.inner_text()
    assert row.locator("button").is_disabled()  # never their own account
    olga.screenshot(path=str(server.output.parent / "operators-page.png"), full_page=True)

    # The table ended: the player's page says why.
    olga.goto(f"{server.base}/play/{table}")
    olga.click("#operator-end-table")
    olga.wait_for_selector("#operator-tools .status:has-text('ended')")
    player.wait_for_selector("#turn:has-text('an operator ended this table')")
    player.wait_for_selector("#connection[data-status=refused]")
    assert player.locator("#choices").is_hidden()
    assert "an operator ended this table" in player.inner_text("#errors")
    player.screenshot(path=str(server.output.parent / "operator-ended.png"))
