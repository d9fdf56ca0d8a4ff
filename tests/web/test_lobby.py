"""The lobby: the games described in the reader's language, every seat named as the game
names it (a colour, a palace) in the seat chooser, the invitation links, open tables and
"my tables"; open tables one may take a seat at or watch; the page's words for every
option and bot."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.error import HTTPError
from urllib.parse import urlencode
from urllib.request import urlopen

from jsonschema import Draft202012Validator
from playwright.sync_api import Page

from tavola.core import LANGUAGES, info, load
from tests.web.conftest import NewContext, Server, watched
from tests.web.pages import await_turn, get, intrige_table

GAMES = ("intrige", "notre-dame", "nottingham", "rattus")


def test_an_open_seat_is_taken_from_the_lobby_and_listed_in_my_tables(
        page: Page, server: Server) -> None:
    made = intrige_table(server.base, [{"kind": "bot", "bot": "greedy"}, {"kind": "human"},
                                       {"kind": "bot", "bot": "random"}])
    table = made["table"]
    page.goto(server.base + "/")
    page.wait_for_selector(".lobby[data-ready=yes]")
    entry = page.locator(f".open-tables li:has-text('{table}')")
    assert entry.count() == 1
    assert entry.locator("a.button").get_attribute("href") == f"{server.base}/play/{table}"
    entry.locator("button").click()
    assert "name" in entry.locator(".status").inner_text().lower()
    page.fill("input[name=name]", "Cleo")
    entry.locator("button").click()
    page.wait_for_url(f"**/play/{table}#token=*")
    page.wait_for_selector("#table-page[data-state]")
    assert page.locator("#join").is_hidden()
    assert "Cleo" in page.inner_text("#seats li[data-seat='1']")
    assert await_turn(page)

    page.goto(server.base + "/")
    page.wait_for_selector(".lobby[data-ready=yes]")
    assert page.locator(f".open-tables li:has-text('{table}')").count() == 0, "seat taken"
    mine = page.locator(f".my-tables li:has-text('{table}')")
    seat = titled(names('intrige', 3, 'en'))[1]
    assert mine.count() == 1 and f"you play {seat}" in mine.inner_text()
    link = mine.locator("a.button").get_attribute("href") or ""
    assert link.startswith(f"{server.base}/play/{table}#token=")
    assert not page.problems  # type: ignore[attr-defined]


def test_a_spectator_watches_without_a_seat_and_sees_no_money(
        page: Page, server: Server) -> None:
    made = intrige_table(server.base, [{"kind": "bot", "bot": "greedy"},
                                       {"kind": "bot", "bot": "greedy"},
                                       {"kind": "bot", "bot": "greedy"}])
    page.goto(f"{server.base}/play/{made['table']}")
    page.wait_for_selector("#table-page[data-state]")
    page.wait_for_function(
        "() => document.querySelectorAll('#board .bribes tbody tr').length >= 2")
    assert page.get_attribute("#table-page", "data-you") == "spectator"
    assert page.locator("#intrige-money").count() == 0
    assert page.locator("#choice-list button").count() == 0
    assert page.locator("#leave").is_hidden()
    page.fill("#chat-input", "nice bribe")
    page.press("#chat-input", "Enter")
    page.wait_for_selector("#chat li.said:has-text('nice bribe')")
    assert "spectators only" in page.inner_text("#chat")
    assert not page.problems  # type: ignore[attr-defined]


# -- the games in the reader's language, the seats by the game's own names ------------------

def names(game: str, players: int, lang: str, **options: Any) -> list[str]:
    """Return the game's own name of every seat, as the table page shows them."""
    rules = load(game, players, **options)
    return [rules.player_name(p, lang) for p in range(players)]


def titled(seat_names: list[str]) -> list[str]:
    """Return the seats as the page names them: the number, then the game's own name in
    one form for every game ("P1 (Red)"), whichever form the game gives it in."""
    out = []
    for seat, name in enumerate(seat_names):
        number = f"P{seat + 1}"
        bare = re.sub(rf"\s*\({number}\)$", "", re.sub(rf"^{number}\s*\((.*)\)$", r"\1", name))
        out.append(f"{number} ({bare[0].upper()}{bare[1:]})" if bare and bare != number
                   else number)
    return out


PROTOCOL = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text()


def documented(title: str) -> Draft202012Validator:
    """Return a validator of the JSON schema in the section `title` of docs/protocol.md."""
    start = PROTOCOL.index(f"### {title}")
    text = PROTOCOL[start:start + PROTOCOL[start + 4:].index("\n### ") + 4]
    (block,) = re.findall(r"```json\n(.*?)```", text, re.DOTALL)
    schema = json.loads(block)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def seat_labels(page: Page) -> list[str]:
    """Return the labels of the new-table form's seat choosers, in seat order."""
    labels: list[str] = page.eval_on_selector_all(
        "#new-table fieldset.seats label[data-seat]", "nodes => nodes.map(n => n.textContent)")
    return labels


def test_the_games_route_sends_descriptions_and_seat_names_in_the_readers_language(
        server: Server) -> None:
    listing = documented("`GET /api/v1/games?lang=L`")
    seats = documented("`GET /api/v1/games/{name}/seats")
    for lang in LANGUAGES:
        answer = get(server.base, f"/api/v1/games?lang={lang}")
        listing.validate(answer)
        for game in answer:
            facts = info(game["name"])
            assert game["summary"] == {"text": facts.summary_in(lang)[0], "lang": lang}
            counts = range(facts.min_players, facts.max_players + 1)
            assert game["seat_names"] == {str(n): names(game["name"], n, lang) for n in counts}
    # Options that rename the seats: Intrige's card edition names its palaces by colour.
    query = urlencode({"players": 4, "lang": "pl", "options": '{"edition":"amigo"}'})
    answer = get(server.base, f"/api/v1/games/intrige/seats?{query}")
    seats.validate(answer)
    assert [s["player"] for s in answer["seats"]] == names("intrige", 4, "pl", edition="amigo")
    assert answer["seats"][0]["player"] != names("intrige", 4, "pl")[0]
    for query, status, line in (
            ({"players": 4, "options": "[1]"}, 400, "options: a JSON object"),
            ({"players": 4, "options": "[1]", "lang": "it"}, 400, "un oggetto JSON"),
            ({"players": 4, "options": '{"edition":"x"}'}, 400, "option 'edition'"),
            ({"players": 9}, 400, "3-5 players"),
            ({"players": 4, "lang": "es"}, 400, "no language 'es'")):
        try:
            get(server.base, f"/api/v1/games/intrige/seats?{urlencode(query)}")
        except HTTPError as refused:
            body = json.loads(refused.read())
            assert refused.code == status and line in body["error"], body
            assert "\n" not in body["error"]
        else:
            raise AssertionError(f"{query} was not refused")
    try:
        get(server.base, "/api/v1/games/chess/seats?players=4&lang=pl")
    except HTTPError as refused:
        body = json.loads(refused.read())
        assert refused.code == 404 and body["code"] == "unknown_game", body
        assert body["error"].startswith("nie ma gry o nazwie 'chess'"), body
    else:
        raise AssertionError("an unknown game's seats were not refused")


def test_the_lobby_names_every_seat_as_the_game_does(
        new_context: NewContext, server: Server) -> None:
    page = watched(new_context(locale="it-IT").new_page())
    page.goto(server.base + "/")
    page.wait_for_selector(".lobby[data-ready=yes]")
    # The game cards describe each game in the page's language.
    for game in GAMES:
        card = page.locator(f"article.game-card:has(button[data-game={game}]) p.about")
        assert card.inner_text() == info(game).summary_in("it")[0]
        assert card.get_attribute("lang") == "it"
    # The seat chooser: the game's names, for the player count and options chosen.
    page.click("button[data-game=notre-dame]")
    page.select_option("select[name=players]", "3")
    expected = [f"Posto {n}" for n in titled(names("notre-dame", 3, "it"))]
    page.wait_for_function("(want) => JSON.stringify([...document.querySelectorAll("
                           "'#new-table fieldset.seats label[data-seat]')].map(n => "
                           "n.textContent)) === JSON.stringify(want)", arg=expected)
    page.click("button[data-game=intrige]")
    page.select_option("select[name=players]", "4")
    page.select_option("select[data-option=edition]", '"amigo"')
    amigo = [f"Posto {n}" for n in titled(names("intrige", 4, "it", edition="amigo"))]
    page.wait_for_function("(want) => JSON.stringify([...document.querySelectorAll("
                           "'#new-table fieldset.seats label[data-seat]')].map(n => "
                           "n.textContent)) === JSON.stringify(want)", arg=amigo)
    assert seat_labels(page) == amigo
    # The bots say what they do, in the page's words.
    bots = page.eval_on_selector_all("select[name=seat-1] option",
                                     "nodes => nodes.map(n => n.textContent)")
    assert "Bot: casuale, gioca a caso" in bots, bots

    # The new table's links: my seat and each invitation by the seat's name.
    page.fill("input[name=name]", "Bice")
    page.select_option("select[name=seat-0]", "human")
    page.select_option("select[name=seat-1]", "you")
    page.select_option("select[name=seat-2]", "human")
    page.select_option("select[name=seat-3]", "bot:random")
    page.click("#new-table button[type=submit]")
    page.wait_for_selector("#open-my-seat")
    seat_names = titled(names("intrige", 4, "it", edition="amigo"))
    assert page.inner_text(".created .seat-tag") == f"Il tuo posto: {seat_names[1]}"
    invites = page.eval_on_selector_all(
        ".created input.invite", "nodes => nodes.map(n => [Number(n.dataset.seat),"
        " document.querySelector(`label[for='${n.id}']`).textContent])")
    assert invites == [[0, f"Link d'invito per {seat_names[0]}"],
                       [2, f"Link d'invito per {seat_names[2]}"]]
    table = page.inner_text(".created h2").split()[2]

    # Open tables and my tables name the seats the same way.
    page.goto(server.base + "/")
    page.wait_for_selector(".lobby[data-ready=yes]")
    entry = page.locator(f".open-tables li:has-text('{table}')")
    line = entry.locator("p").first.inner_text()
    assert line.startswith(f"{seat_names[0]}: posto libero · {seat_names[1]}: Bice"), line
    assert "P1:" not in line
    takes = entry.locator("button[data-seat]").all_inner_texts()
    assert takes == [f"Prendi il posto {seat_names[0]}", f"Prendi il posto {seat_names[2]}"]
    mine = page.locator(f".my-tables li:has-text('{table}')")
    assert f"giochi come {seat_names[1]}" in mine.inner_text()
    assert not page.problems  # type: ignore[attr-defined]


def test_every_option_and_bot_has_the_pages_words_in_every_language(
        page: Page, server: Server) -> None:
    page.goto(server.base + "/")
    page.wait_for_selector(".lobby[data-ready=yes]")
    tables = {lang: get(server.base, f"/i18n/{lang}.json")["words"] for lang in LANGUAGES}
    missing = []
    for game in get(server.base, "/api/v1/games"):
        keys = [f"bot.{bot}" for bot in game["bots"]]
        for option in game["options"]:
            words = f"option.{game['name']}.{option['name']}"
            keys += [words, f"{words}.help"]
            keys += [f"{words}.{c}" for c in option["choices"] if isinstance(c, str)]
        for lang in LANGUAGES:
            missing += [f"{lang}: {key}" for key in keys if not tables[lang].get(key)]
    assert missing == []
    assert not page.problems  # type: ignore[attr-defined]


def test_the_lobby_can_create_a_table_without_take_backs(page: Page, server: Server) -> None:
    page.goto(server.base + "/")
    page.wait_for_selector(".lobby[data-ready=yes]")
    page.fill("input[name=name]", "Ada")
    page.click("button[data-game=rattus]")
    page.select_option("select[name=seat-1]", "bot:random")
    page.click("details.settings summary")
    assert page.is_checked("input[name=undo]"), "take-backs are on unless switched off"
    page.uncheck("input[name=undo]")
    page.click("#new-table button[type=submit]")
    page.wait_for_selector("#open-my-seat")
    link = page.get_attribute("#open-my-seat", "href") or ""
    table = re.search(r"/play/([^#?]+)", link)
    assert table is not None, link
    with urlopen(f"{server.base}/api/v1/tables/{table.group(1)}") as answer:
        summary = json.load(answer)
    assert summary["settings"]["undo"] is False
    assert not page.problems  # type: ignore[attr-defined]
