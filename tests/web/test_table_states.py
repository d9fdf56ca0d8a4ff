"""What a table is, as the page says it: a table still waiting for its players says so in
"My games", and for whom; a seat kept for an invited person shows as reserved for them
(not as a free seat, nor as if they sat there), in the lobby, "My games" and the table's
seat list; and an ended table offers no move on its board. In English, Italian and
Polish."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.web.conftest import NewContext, Server, watched
from tests.web.pages import await_turn, intrige_table, join
from tests.web.test_accounts import sign_up
from tests.web.test_operators import make_operator

WORDS = {
    "en": {"waiting": "waiting for Bea Reserved", "reserved": "reserved for Bea Reserved",
           "seat": "reserved: awaiting its invitee"},
    "it": {"waiting": "in attesa di Bea Reserved", "reserved": "riservato a Bea Reserved",
           "seat": "riservato: in attesa della persona invitata"},
    "pl": {"waiting": "czeka na: Bea Reserved",
           "reserved": "zarezerwowane dla: Bea Reserved",
           "seat": "zarezerwowane: czeka na zaproszoną osobę"},
}


def shot(page: Page, server: Server, name: str) -> None:
    page.screenshot(path=str(server.output.parent / f"{name}.png"), full_page=True)


def speak(page: Page, lang: str) -> None:
    page.evaluate(f"() => localStorage.setItem('tavola.lang', '{lang}')")


def test_a_waiting_table_and_a_reserved_seat_say_so(new_context: NewContext,
                                                    server: Server) -> None:
    bea = watched(new_context().new_page())
    sign_up(bea, server.base, "Bea Reserved")
    ada = watched(new_context().new_page())
    sign_up(ada, server.base, "Ada Reserves")
    ada.goto(server.base + "/")
    ada.wait_for_selector("#friends[data-ready=yes]")
    ada.fill("#friends input[name=follow]", "Bea Reserved")
    ada.click("#friends button[type=submit]")
    ada.wait_for_selector("#follows button[data-unfollow='Bea Reserved']")
    # Ada makes a Rattus table of three people (it waits for them) and keeps the second
    # seat for Bea; the third stays open.
    ada.fill(".who input[name=name]", "Ada")
    ada.select_option("#new-table select[name=game]", "rattus")
    ada.select_option("#new-table select[name=players]", "3")
    ada.select_option("#new-table select[name=seat-1]", "human")
    ada.select_option("#new-table select[name=seat-2]", "human")
    ada.click("#new-table button[type=submit]")
    ada.wait_for_selector(".created button[data-invite='1']")
    ada.select_option(".created select[name=friend-1]", "Bea Reserved")
    ada.click(".created button[data-invite='1']")
    ada.wait_for_selector(".created .invite-friend .status:has-text('Bea Reserved')")
    table = ada.inner_text("#created-title").split()[1]
    for lang, words in WORDS.items():
        speak(bea, lang)
        # Bea's "My games": the table waits (for her and the open seat), her seat is kept.
        bea.goto(server.base + "/#/mine")
        bea.reload()
        line = bea.locator(f"#my-games li[data-table='{table}']")
        line.wait_for()
        text = line.inner_text()
        assert words["waiting"] in text, text
        assert words["reserved"] in text, text
        assert "P3" in text.split(words["waiting"])[1].split("\n")[0], text
        shot(bea, server, f"my-games-waiting-{lang}")
        # The table's own seat list, as a spectator sees it.
        bea.goto(f"{server.base}/play/{table}")
        seat = bea.locator("#seats li[data-seat='1']")
        seat.wait_for()
        bea.wait_for_function(
            "() => (document.querySelector(\"#seats li[data-seat='1'] .facts\") || {})"
            ".textContent !== undefined")
        assert words["seat"] in seat.inner_text(), seat.inner_text()
        shot(bea, server, f"table-reserved-seat-{lang}")
    speak(bea, "en")
    assert not bea.problems  # type: ignore[attr-defined]
    assert not ada.problems  # type: ignore[attr-defined]


def test_an_ended_table_offers_no_move_on_its_board(new_context: NewContext,
                                                    server: Server) -> None:
    make_operator(server, "Olga Ends")
    olga: Page = watched(new_context().new_page())
    olga.on("dialog", lambda dialog: dialog.accept())
    sign_up(olga, server.base, "Olga Ends")
    for lang in ("en", "it", "pl"):
        made = intrige_table(server.base, [{"kind": "human"},
                                           {"kind": "bot", "bot": "greedy"},
                                           {"kind": "bot", "bot": "greedy"}])
        player: Page = watched(new_context().new_page())
        player.goto(server.base + "/")
        speak(player, lang)
        player.goto(made["seats"][0]["invite"])
        join(player, "Ena")
        assert await_turn(player)
        assert player.locator("#board [data-action]").count() > 0
        # An operator ends the table.
        olga.goto(f"{server.base}/play/{made['table']}")
        olga.click("#operator-end-table")
        olga.wait_for_selector("#operator-tools .status:has-text('ended')")
        player.wait_for_selector("#table-page[data-ended=yes]")
        assert player.locator("#board [data-action]").count() == 0
        assert player.locator("#board .target").count() == 0
        assert player.get_attribute("#table-page", "data-my-turn") == "no"
        # Nobody is "to play" any more.
        assert player.locator("#seats li[data-seat='0'] .facts").inner_text().count(
            {"en": "to play", "it": "di turno", "pl": "na ruchu"}[lang]) == 0
        shot(player, server, f"table-ended-{lang}")
        assert not player.problems  # type: ignore[attr-defined]
        player.close()
