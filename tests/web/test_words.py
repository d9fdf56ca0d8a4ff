"""The words a player reads, as the page renders them in English, Italian and Polish: each
slip found by players trying the page (issue 21) pinned here. Step letters and token codes
stay out of choices and log; seats are named in one form in every language, an open seat
as open rather than by its number twice; the boards' own words agree with the log's (the
Polish palaces, a card named in an inflected sentence) and count in whole phrases; options
are worded for players, not for the people who wrote the rules engine."""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tavola.core import info, make
from tests.web.conftest import Server, watched
from tests.web.pages import await_turn, join, play_first_choices, post

LANGS = ("en", "it", "pl")
GAMES = {"intrige": 4, "notre-dame": 4, "nottingham": 4, "rattus": 4}
OPTIONS: dict[str, dict[str, Any]] = {"rattus": {"rounds": 20}}

# A choice never starts with the step it belongs to: the status bar names the step.
STEP_PREFIX = re.compile(r"^[ABC][:,] ")
# A token's symbols as letters, which mean nothing to a player who has not read the rules.
SYMBOL = re.compile(r"\b(MM|M|A)\b")


def new_table(server: Server, game: str, seats: list[dict[str, Any]]) -> dict[str, Any]:
    made: dict[str, Any] = post(server.base, "/api/v1/tables", {
        "game": game, "players": len(seats), "seats": seats, "bot_seconds": 0.05,
        "options": OPTIONS.get(game, {})})
    return made


def fresh_page(browser: Browser, lang: str, width: int = 1280, height: int = 800) -> Page:
    context = browser.new_context(viewport={"width": width, "height": height}, locale=lang,
                                  reduced_motion="reduce")
    context.set_default_timeout(20_000)
    context.add_init_script(f"localStorage.setItem('tavola.lang', '{lang}')")
    return watched(context.new_page())


@pytest.fixture(scope="module")
def links(browser: Browser, server: Server) -> Iterator[dict[str, str]]:
    """Seat 0's link at a table of each game, a few of its decisions in (random bots at
    the other seats); and a Rattus table whose second seat nobody took."""
    found: dict[str, str] = {}
    for game, players in GAMES.items():
        seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
        link: str = new_table(server, game, seats)["seats"][0]["invite"]
        page = fresh_page(browser, "en")
        page.goto(link)
        join(page, "Ada")
        play_first_choices(page, 3, game)
        assert not page.problems, page.problems  # type: ignore[attr-defined]
        page.context.close()
        found[game] = link
    open_seat = new_table(server, "rattus", [{"kind": "human"}, {"kind": "human"}])
    found["open-seat"] = open_seat["seats"][0]["invite"]
    page = fresh_page(browser, "en")
    page.goto(found["open-seat"])
    join(page, "Ada")
    page.context.close()
    yield found


def seat_page(browser: Browser, link: str, lang: str) -> Page:
    page = fresh_page(browser, lang)
    page.goto(link)
    assert await_turn(page)
    return page


def choice_labels(page: Page) -> list[str]:
    labels: list[str] = page.eval_on_selector_all(
        "#choice-list .label", "nodes => nodes.map((n) => n.textContent)")
    return labels


def titles(page: Page, where: str) -> list[str]:
    found: list[str] = page.eval_on_selector_all(
        f"{where} title", "nodes => nodes.map((n) => n.textContent)")
    return found


@pytest.mark.parametrize("lang", LANGS)
def test_rattus_choices_and_round_read_as_players_say_them(
        browser: Browser, links: dict[str, str], lang: str) -> None:
    page = seat_page(browser, links["rattus"], lang)
    labels = choice_labels(page)
    assert labels and not [x for x in labels if STEP_PREFIX.match(x)], labels
    assert not STEP_PREFIX.match(page.inner_text("#prompt")), page.inner_text("#prompt")
    board = page.inner_text("#board")
    round_line = {"en": r"Round \d+ \(at most 20\)", "it": r"Giro \d+ \(al massimo 20\)",
                  "pl": r"Runda \d+ \(najwyżej 20\)"}[lang]
    assert re.search(round_line, board), board[-300:]
    assert "di al massimo" not in board and "z najwyżej" not in board
    undo = {"en": "Take back my last decision", "it": "Annulla la mia ultima mossa",
            "pl": "Cofnij moją ostatnią decyzję"}[lang]
    assert page.text_content("#undo") == undo
    assert not page.problems, page.problems  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_notre_dame_counts_the_rats_and_names_squares_in_words(
        browser: Browser, links: dict[str, str], lang: str) -> None:
    page = seat_page(browser, links["notre-dame"], lang)
    board = page.inner_text("#board")
    line = {"en": r"Rats this round: \d", "it": r"Topi di questo round: \d",
            "pl": r"Szczury w tej rundzie: \d"}[lang]
    assert re.search(line, board), board[:400]
    assert not re.search(r"\b1 (rats|topi|szczurów)\b", board)
    squares = titles(page, "#board .nd-square")
    assert len(squares) >= 20
    assert not [x for x in squares if re.search(r"\d\.\d", x)], squares[:3]
    assert not page.problems, page.problems  # type: ignore[attr-defined]
    page.context.close()


def test_intrige_palaces_on_the_polish_board_are_named_as_in_the_log(
        browser: Browser, links: dict[str, str]) -> None:
    page = seat_page(browser, links["intrige"], "pl")
    board = page.inner_text("#board")
    log = page.text_content("#log") or ""
    assert "Florencja" in board and "Mediolan" in board and "Florencja" in log
    assert "Firenze" not in board and "Milano" not in board
    assert not page.problems, page.problems  # type: ignore[attr-defined]
    page.context.close()


def test_nottingham_polish_names_a_card_without_breaking_the_sentence(
        browser: Browser, links: dict[str, str]) -> None:
    page = seat_page(browser, links["nottingham"], "pl")
    # A card's name stays in the nominative, in quotes, after "kartą"/"kartę".
    words: dict[str, Any] = page.evaluate(
        "async () => (await import('/static/games/nottingham.js')).WORDS.pl")
    lines = [v for part in words.values() if isinstance(part, dict) for v in part.values()
             if isinstance(v, str)]
    assert [x for x in lines if "{drawn}" in x]
    for line in lines:
        assert not re.search(r"kart[ąę] \{drawn\}", line), line
    board = page.inner_text("#board")
    for match in re.finditer(r"kart[ąę] (\S+)", board):
        assert match[1].startswith("„") or match[1][0].islower(), board
    assert not page.problems, page.problems  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_an_open_seat_is_named_open_and_never_by_its_number_twice(
        browser: Browser, links: dict[str, str], lang: str) -> None:
    page = fresh_page(browser, lang)
    page.goto(links["open-seat"])
    page.wait_for_selector("#table-page[data-state] #seats li[data-seat='1']")
    row = page.inner_text("#seats li[data-seat='1']")
    free = {"en": "free seat", "it": "posto libero", "pl": "wolne miejsce"}[lang]
    assert free in row, row
    assert not re.search(r"P2\s+P2", row), row
    # The game's own name of the seat, without its number again.
    assert "(P2)" not in row and not re.search(r"P2\s*\(", row), row
    assert not page.problems, page.problems  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_the_lobby_names_seats_in_one_form_and_words_options_for_players(
        browser: Browser, server: Server, lang: str) -> None:
    page = fresh_page(browser, lang)
    page.goto(server.base + "/")
    page.wait_for_selector(".lobby[data-ready=yes]")
    seat = {"en": "Seat", "it": "Posto", "pl": "Miejsce"}[lang]
    form = re.compile(rf"^{seat} P(\d) \([^()]+\)$")
    for game in GAMES:
        page.click(f"button[data-game={game}]")
        page.select_option("select[name=players]", "4")
        page.wait_for_function(
            """(seat) => [...document.querySelectorAll(
                 '#new-table fieldset.seats label[data-seat]')].every(
                 (n) => n.textContent !== `${seat} P${Number(n.dataset.seat) + 1}`)""",
            arg=seat)
        labels = page.eval_on_selector_all("#new-table fieldset.seats label[data-seat]",
                                           "nodes => nodes.map((n) => n.textContent)")
        for n, label in enumerate(labels):
            match = form.match(label)
            assert match and int(match[1]) == n + 1, (game, label)
        text = page.inner_text("#new-table") + " ".join(page.eval_on_selector_all(
            "#new-table option", "nodes => nodes.map((n) => n.textContent)"))
        for developer in ("ruling", "reconstruction", "rekonstrukcj", "ricostruzion",
                          "interpretazion", "interpretacj"):
            assert developer not in text, (game, developer)
    assert not page.problems, page.problems  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("lang", ("it", "pl"))
def test_a_spectator_is_not_told_there_is_nothing_to_choose(
        browser: Browser, links: dict[str, str], lang: str) -> None:
    page = fresh_page(browser, lang)
    page.goto(links["rattus"].split("#")[0])
    page.wait_for_selector("#table-page[data-state]")
    assert page.get_attribute("#table-page", "data-you") == "spectator"
    body = page.inner_text("body")
    assert "Niente da scegliere" not in body and "nie ma nic do wyboru" not in body
    assert not page.problems, page.problems  # type: ignore[attr-defined]
    page.context.close()


def test_the_rattus_log_tells_token_symbols_in_words() -> None:
    """A revealed token and the cubes it takes are told in words in every language, never
    as the token's letters (M, MM, A)."""
    told = {lang: 0 for lang in LANGS}
    for seed in range(3):
        state = make("rattus", 4, 100 + seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            player = state.to_act[0]
            state = state.apply(player, rng.choice(state.legal_actions(player)))
        for lang in LANGS:
            lines = [x for x in state.log_text(None, lang)
                     if x.startswith(("Revealed", "Rivelato", "Odkryto"))
                     or re.search(r"(loses|perde|traci) ", x)]
            told[lang] += len(lines)
            for line in lines:
                assert not SYMBOL.search(line), line
    assert all(n > 5 for n in told.values()), told


def test_the_tie_break_is_named_as_the_final_scores_column_is() -> None:
    column = {"en": "Tie-break", "it": "Spareggio", "pl": "Rozstrzygnięcie remisu",
              "de": "Gleichstand", "fr": "Départage"}
    for game in GAMES:
        for lang, note in info(game).tiebreak.items():
            colon = "\u00a0:" if lang == "fr" else ":"  # French's no-break space
            assert note.startswith(column[lang] + colon), (game, lang, note)


def test_the_log_marks_each_seat_with_its_chip_and_sets_turns_apart(
        browser: Browser, links: dict[str, str]) -> None:
    page = seat_page(browser, links["rattus"], "en")
    chips = page.eval_on_selector_all(
        "#log li .chip", "nodes => nodes.map((n) => [n.dataset.seat, n.dataset.n,"
        " getComputedStyle(n).backgroundColor, getComputedStyle(n, '::before').content,"
        " n.nextSibling && n.nextSibling.textContent])")
    assert len(chips) > 5, chips
    swatches = dict(page.eval_on_selector_all(
        "#seats li[data-seat]", "nodes => nodes.map((n) => [n.dataset.seat,"
        " getComputedStyle(n.querySelector('.swatch')).backgroundColor])"))
    names = {"0": "Red", "1": "Blue", "2": "Green", "3": "Yellow"}
    for seat, number, fill, content, named in chips:
        assert number == str(int(seat) + 1) and content == f'"{number}"'
        assert fill == swatches[seat], (seat, fill, swatches)
        assert named.startswith(names[seat]), (seat, named)
    # Red is drawn red, not the orange of a vermilion.
    assert swatches["0"] == "rgb(232, 69, 60)"
    # The chips add nothing to the line's text, which stays the server's.
    texts = page.eval_on_selector_all("#log li", "nodes => nodes.map((n) => n.textContent)")
    assert not [x for x in texts if re.search(r"\d(Red|Blue|Green|Yellow)", x)]
    # Turns set apart: every line before the latest turn's first is quieter, none after.
    marks = page.eval_on_selector_all(
        "#log li", "nodes => nodes.map((n) => [n.classList.contains('turn-start'),"
        " n.classList.contains('past')])")
    starts = [i for i, (start, _) in enumerate(marks) if start]
    assert starts, "no turn is set apart"
    assert [past for _, past in marks] == [i < starts[-1] for i in range(len(marks))]
    assert not page.problems, page.problems  # type: ignore[attr-defined]
    page.context.close()


def test_the_log_folds_every_turn_but_the_latest(browser: Browser,
                                                 links: dict[str, str]) -> None:
    page = seat_page(browser, links["rattus"], "en")
    lines = page.locator("#log li")
    heads = page.eval_on_selector_all(
        "#log li",
        "nodes => nodes.flatMap((n, i) => n.classList.contains('group-head') ? [i] : [])")
    assert len(heads) >= 2, heads
    visible = [lines.nth(i).is_visible() for i in range(lines.count())]
    # Every turn's first line shows; of the others, only the latest turn's.
    assert visible == [i in heads or i > heads[-1] for i in range(len(visible))], visible
    # An earlier turn opens from its first line, and folds again.
    earlier = next(h for h, after in itertools.pairwise([*heads, len(visible)]) if after > h + 1)
    button = lines.nth(earlier).locator("button.fold")
    assert button.get_attribute("aria-expanded") == "false"
    assert "Show this turn" in (button.get_attribute("aria-label") or "")
    button.click()
    assert button.get_attribute("aria-expanded") == "true"
    assert lines.nth(earlier + 1).is_visible()
    button.click()
    assert lines.nth(earlier + 1).is_hidden()
    assert not page.problems, page.problems  # type: ignore[attr-defined]
    page.context.close()


def test_the_polish_log_chips_a_seat_named_in_any_case(browser: Browser,
                                                       links: dict[str, str]) -> None:
    """A Polish sentence declines a colour ("przekazuje dwie karty Niebieskiemu", "szczury
    Zielonego"): the chip stands before the declined name too, in that seat's colour."""
    page = seat_page(browser, links["notre-dame"], "pl")
    named = page.eval_on_selector_all(
        "#log li .chip", "nodes => nodes.map((n) => [n.dataset.seat,"
        " n.nextSibling && n.nextSibling.textContent])")
    stems = {"0": "Czerwon", "1": "Niebiesk", "2": "Zielon", "3": "Żółt"}
    declined = [(seat, name) for seat, name in named
                if re.fullmatch(r"\w+(ego|emu|ym|im|ą)", name or "")]
    assert declined, named
    for seat, name in named:
        assert name.startswith(stems[seat]), (seat, name)
    assert not page.problems, page.problems  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize(("lang", "level", "search"), [
    ("en", "Bot (medium)", "Bot (thinking ahead)"), ("it", "Bot (medio)", "Bot (lungimirante)"),
    ("pl", "Bot (średni)", "Bot (przewidujący)")])
def test_a_bot_is_named_by_its_level_in_the_pages_words(
        browser: Browser, server: Server, lang: str, level: str, search: str) -> None:
    """A bot's seat reads as its level (or kind) in the page's language, never as the spec
    the table was made with, which the server also gives the bot as its name."""
    made = new_table(server, "rattus", [{"kind": "human"}, {"kind": "bot", "bot": "medium"},
                                        {"kind": "bot", "bot": "ismcts:seconds=0.02"}])
    page = fresh_page(browser, lang)
    page.goto(made["seats"][0]["invite"])
    join(page, "Ada")
    assert await_turn(page)
    seats = page.inner_text("#seats")
    assert level in seats and search in seats, seats
    text = page.text_content("body") or ""
    assert "ismcts" not in text and "seconds=" not in text and "(medium)" not in text.replace(
        level if lang == "en" else "\0", ""), text
    page.wait_for_selector("#seats li[data-seat='1'] .name")
    assert page.get_attribute("#seats li[data-seat='1'] .name", "title") == level
    assert not page.problems, page.problems  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("game", ["intrige", "notre-dame"])
def test_the_polish_choices_have_their_help_as_the_english_do(
        browser: Browser, links: dict[str, str], game: str) -> None:
    """A Polish label declines the name of a topic ("wyślij doradcę skarbowego",
    "Wynajmij biskupa"): the "?" stands beside it all the same, as beside the English and
    Italian labels."""
    helped = {}
    for lang in LANGS:
        page = seat_page(browser, links[game], lang)
        page.wait_for_selector("#choice-list .topic-help")
        helped[lang] = page.locator("#choice-list .topic-help").count()
        page.context.close()
    assert helped["pl"] >= min(helped["en"], helped["it"]) > 0, helped


def test_my_tables_lists_a_new_table_at_once(browser: Browser, server: Server) -> None:
    page = fresh_page(browser, "en")
    page.goto(server.base + "/")
    page.wait_for_selector(".lobby[data-ready=yes]")
    page.fill("input[name=name]", "Ada")
    page.click("button[data-game=rattus]")
    page.click("#new-table button[type=submit]")
    page.wait_for_selector("#open-my-seat")
    link = page.get_attribute("#open-my-seat", "href") or ""
    table = re.search(r"/play/([^#?]+)", link)
    assert table is not None, link
    # Without reloading the lobby.
    page.wait_for_selector(f".my-tables li:has-text('{table[1]}')")
    assert not page.problems, page.problems  # type: ignore[attr-defined]
    page.context.close()


@pytest.mark.parametrize("game", ["notre-dame", "rattus"])
def test_a_phone_zooms_the_map_in_its_own_box(browser: Browser, links: dict[str, str],
                                              game: str) -> None:
    page = fresh_page(browser, "it", 390, 844)
    page.goto(links[game])
    assert await_turn(page)
    box = "#board .zoomable"
    least = page.evaluate(f"() => document.querySelector('{box} svg').getBoundingClientRect()"
                          ".width")
    assert page.get_attribute(box, "data-zoom") == "1"
    page.click(f"{box} .map-zoom button[aria-label='Ingrandisci la mappa']")
    assert page.get_attribute(box, "data-zoom") == "1.5"
    wide = page.evaluate(f"() => document.querySelector('{box} svg').getBoundingClientRect()"
                         ".width")
    assert wide >= least * 1.45, (least, wide)
    # The map scrolls in its own box; the page never does.
    assert page.evaluate("() => document.scrollingElement.scrollWidth") <= 390
    page.click(f"{box} .map-zoom button[aria-label='Rimpicciolisci la mappa']")
    assert page.get_attribute(box, "data-zoom") == "1"
    assert not page.problems, page.problems  # type: ignore[attr-defined]
    page.context.close()
    laptop = fresh_page(browser, "en")
    laptop.goto(links[game])
    assert await_turn(laptop)
    assert laptop.locator(f"{box} .map-zoom").is_hidden()
    laptop.context.close()


@pytest.mark.parametrize("lang", LANGS)
def test_nottingham_explains_the_discs_under_ones_cards(browser: Browser, server: Server,
                                                        lang: str) -> None:
    """The discs under a card of one's hand (the players who know one holds it) are said
    in words under the hand, in the page's language."""
    state = make("nottingham", 4, 0)
    rng = random.Random(0)
    for _ in range(5):  # by then another seat knows a card of seat 0's hand
        state = state.apply(state.to_act[0], rng.choice(state.legal_actions(state.to_act[0])))
    seat = state.to_act[0]
    view = state.view(seat)
    assert any(any(row) for q, row in enumerate(view["my_hand_known_to"]) if q != seat)
    page = fresh_page(browser, lang)
    page.goto(server.base + "/")
    page.wait_for_selector(".lobby[data-ready=yes]")
    legend: str = page.evaluate(
        """async ([view, seat, lang]) => {
             const boards = await import('/static/boards.js');
             const shell = await import('/static/i18n.js');
             const board = await boards.boardModule('nottingham');
             const box = document.createElement('div');
             box.style.width = '884px';
             document.body.replaceChildren(box);
             board.render(box, view, { seat, players: 4, names: ['A', 'B', 'C', 'D'], lang,
               t: shell.t, choices: [], pick: () => {},
               colour: (s) => boards.seatLook('#888888', s + 1) });
             const node = box.querySelector('.nh-known-legend');
             return node ? node.textContent : '';
           }""", [view, seat, lang])
    words = {"en": "the players who know you hold it", "it": "sanno che ce l'hai",
             "pl": "wiedzą, że ją masz"}[lang]
    assert words in legend, legend
    page.context.close()
