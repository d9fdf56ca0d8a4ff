"""Accounts in the page: signing up, in and out from the top bar's account menu; a guest's
seat brought into the account and opened from another device through "My games" (the
game waiting for me first); the data download and the deletion in the account page."""

from __future__ import annotations

import json

from playwright.sync_api import Page

from tests.web.conftest import NewContext, Server, watched
from tests.web.pages import await_turn, intrige_table, join

PASSWORD = "correct horse battery"


def sign_up(page: Page, base: str, name: str) -> None:
    """Create the account `name` from the top bar's menu, or sign in if it exists (the
    browser tests share one server, which allows 5 new accounts per address in 10 minutes:
    they make 3 between them)."""
    page.goto(base + "/")
    page.click("#account-sign-in")
    page.wait_for_selector("#signin-page[data-ready=yes]")
    page.fill("#sign-up input[name=name]", name)
    page.fill("#sign-up input[name=password]", PASSWORD)
    page.click("#sign-up button[type=submit]")
    page.wait_for_selector("#mine-page[data-ready=yes], #sign-up .status.bad")
    if page.locator("#sign-up .status.bad").count():
        assert "taken" in page.inner_text("#sign-up .status")
        page.fill("#sign-in input[name=name]", name)
        page.fill("#sign-in input[name=password]", PASSWORD)
        page.click("#sign-in button[type=submit]")
        page.wait_for_selector("#mine-page[data-ready=yes]")


def test_a_guest_seat_joins_the_account_and_opens_on_another_device(
        new_context: NewContext, server: Server) -> None:
    # A guest takes a seat from an invitation link, as anyone may without an account.
    made = intrige_table(server.base, [{"kind": "human"}, {"kind": "bot", "bot": "greedy"},
                                       {"kind": "bot", "bot": "greedy"}])
    table = made["table"]
    phone = watched(new_context().new_page())
    phone.goto(made["seats"][0]["invite"])
    join(phone, "Ada")
    assert await_turn(phone)
    # The guest creates an account: the seat this browser holds is offered, chosen.
    sign_up(phone, server.base, "Ada Phone")
    assert phone.inner_text("#account-name") == "Ada Phone"
    offered = phone.locator(f".guest-seats input[data-table='{table}']")
    assert offered.count() == 1 and offered.is_checked()
    phone.click("#claim-seats")
    phone.wait_for_selector(f"#my-games li[data-table='{table}']")
    assert phone.locator(".guest-seats").count() == 0
    mine = phone.locator(f"#my-games li[data-table='{table}']")
    assert "your turn" in mine.inner_text() and "waiting" in (mine.get_attribute("class") or "")

    # Another device: signed in, "My games" opens the same seat.
    laptop = watched(new_context().new_page())
    laptop.goto(server.base + "/#/mine")
    laptop.wait_for_selector("#mine-page[data-ready=yes]")
    assert laptop.locator("#mine-page a[href='/#/signin']").count() == 1
    laptop.click("#account-sign-in")
    laptop.wait_for_selector("#signin-page[data-ready=yes]")
    laptop.fill("#sign-in input[name=name]", "ada phone")
    laptop.fill("#sign-in input[name=password]", "not the password")
    laptop.click("#sign-in button[type=submit]")
    laptop.wait_for_selector("#sign-in .status.bad")
    assert "password" in laptop.inner_text("#sign-in .status").lower()
    laptop.fill("#sign-in input[name=password]", PASSWORD)
    laptop.click("#sign-in button[type=submit]")
    laptop.wait_for_selector(f"#my-games li[data-table='{table}']")
    laptop.click(f"#my-games button[data-open='{table}']")
    laptop.wait_for_url(f"**/play/{table}#token=*")
    laptop.wait_for_selector("#table-page[data-state]")
    assert "Ada" in laptop.inner_text("#seats li[data-seat='0']")
    assert await_turn(laptop)

    # The account page: the data to download, then the deletion (the password confirms).
    laptop.click("#account-name")
    laptop.click("#account a[href='/#/account']")
    laptop.wait_for_selector("#account-page[data-ready=yes]")
    assert "Ada Phone" in laptop.inner_text("#account-facts")
    with laptop.expect_download() as download:
        laptop.click("#account-export")
    data = json.loads(download.value.path().read_text())
    assert data["account"]["name"] == "Ada Phone"
    assert [t["table"] for t in data["tables"]] == [table]
    # A new password: the phone, signed in with the old one, is signed out.
    laptop.fill("#change-password input[name=password]", PASSWORD)
    laptop.fill("#change-password input[name=new_password]", "another passphrase")
    laptop.click("#change-password button[type=submit]")
    laptop.locator("#change-password .status", has_text="changed").wait_for()
    phone.goto(server.base + "/")
    phone.wait_for_selector("#account[data-signed-in=no] #account-sign-in")
    laptop.fill("#delete-account input[name=password]", PASSWORD)
    laptop.click("#delete-account button[type=submit]")
    laptop.wait_for_selector("#delete-account .status.bad")
    laptop.fill("#delete-account input[name=password]", "another passphrase")
    laptop.click("#delete-account button[type=submit]")
    laptop.wait_for_selector("#account-deleted")
    laptop.wait_for_selector("#account[data-signed-in=no] #account-sign-in")
    assert not phone.problems and not laptop.problems  # type: ignore[attr-defined]


def test_signing_out_from_the_menu_in_italian(new_context: NewContext, server: Server) -> None:
    context = new_context(locale="it-IT")
    page = watched(context.new_page())
    sign_up(page, server.base, "Bea Rossi")
    assert page.inner_text("#mine-page h1") == "Le mie partite"
    page.click("#account-name")
    menu = page.inner_text("#account ul")
    assert "Il mio profilo" in menu and "Esci" in menu
    page.click("#account-sign-out")
    page.wait_for_selector("#account[data-signed-in=no] #account-sign-in")
    assert page.inner_text("#account-sign-in") == "Accedi"
    assert not [c for c in context.cookies() if c["name"] == "tavola_session"]
    # Signed out for the server too: "My games" asks to sign in.
    page.goto(server.base + "/#/mine")
    page.wait_for_selector("#mine-page a[href='/#/signin']")
    assert not page.problems  # type: ignore[attr-defined]
