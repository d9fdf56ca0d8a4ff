"""Turn notices on any page: a signed-in account whose seat is to decide at a table sees it
named under the header of the lobby (with a link that opens the seat) and counted in the
tab's title; the table's own page leaves it out; a closed notice stays closed."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.web.conftest import NewContext, Server, watched
from tests.web.pages import intrige_table
from tests.web.test_accounts import sign_up


def test_a_table_waiting_for_the_account_is_named_on_the_lobby_and_in_the_title(
        new_context: NewContext, server: Server) -> None:
    made = intrige_table(server.base, [{"kind": "human"}, {"kind": "bot", "bot": "greedy"},
                                       {"kind": "bot", "bot": "greedy"}], public=False,
                         wait=False)
    table = made["table"]
    page: Page = watched(new_context().new_page())
    sign_up(page, server.base, "Tina Turns")
    attached = page.evaluate(
        """async ([table, token]) => {
             const answer = await fetch('/api/v1/account/seats', {method: 'POST',
               headers: {'Content-Type': 'application/json'},
               body: JSON.stringify({table, token})});
             return answer.status; }""", [table, made["seats"][0]["token"]])
    assert attached == 200
    page.goto(server.base + "/")
    page.wait_for_selector(f"#turn-notice li[data-table='{table}']")
    link = page.locator(f"#turn-notice li[data-table='{table}'] a")
    assert link.inner_text() == f"Intrige · table {table}"
    assert link.get_attribute("href") == f"/#/open/{table}/0"
    page.wait_for_function("() => document.title.startsWith('(1) ')")
    page.screenshot(path=str(server.output.parent / "turn-notice-lobby.png"))
    # In Italian too.
    page.select_option("#lang", "it")
    page.wait_for_function(
        "() => (document.getElementById('turn-notice') || {}).textContent?.includes('Tocca a te')")
    page.select_option("#lang", "en")
    # Its own table's page leaves it out; opening the seat from the notice goes there.
    link = page.locator(f"#turn-notice li[data-table='{table}'] a")
    link.click()
    page.wait_for_selector("#table-page")
    page.wait_for_function("() => !document.getElementById('turn-notice')"
                           " && !document.title.startsWith('(')")
    # Closed on the lobby, it stays closed while the table still waits.
    page.goto(server.base + "/#/mine")
    page.wait_for_selector("#turn-notice")
    page.click("#turn-notice button")
    page.wait_for_selector("#turn-notice", state="detached")
    page.reload()
    page.wait_for_selector("#mine-page[data-ready=yes]")
    page.wait_for_function("() => document.title.startsWith('(1) ')")
    assert page.locator("#turn-notice").count() == 0
