"""Notre Dame in English, Italian and Polish: plural forms, a known position's prompt and
labels, the board picture without abbreviations, a help topic for everything the components
define, and labels that show what the decision is about."""

from __future__ import annotations

import re

import pytest

from tavola.core import LANGUAGES, BadOptions, CorruptState, Event, State, make
from tavola.core.words import plural
from tavola.games.notre_dame.components import CHARACTER_NAMES, KIND_NAMES
from tavola.games.notre_dame.state import NDState
from tavola.games.notre_dame.text import CATALOG, Count, glossary, topic_name
from tests.conformance.harness import random_states
from tests.games.notre_dame.scenario import SECTOR, edit, fresh, playing, set_quarter

RED, BLUE = 0, 1


def labels(state: State, seat: int, lang: str) -> dict[str, str]:
    """Return the labels of a seat's legal actions by action text."""
    return {str(a): state.describe(seat, a, lang) for a in state.legal_actions(seat)}


# -- plural forms -------------------------------------------------------------------------------

@pytest.mark.parametrize(("n", "word"), [
    (0, "kostek"), (1, "kostka"), (2, "kostki"), (4, "kostki"), (5, "kostek"),
    (11, "kostek"), (12, "kostek"), (14, "kostek"), (21, "kostek"), (22, "kostki"),
    (24, "kostki"), (25, "kostek"), (104, "kostki"), (112, "kostek"), (113, "kostek"),
])
def test_polish_plurals_follow_one_few_many(n: int, word: str) -> None:
    assert plural("pl", n, ("kostka", "kostki", "kostek")) == word


def test_counted_nouns_agree_with_their_number() -> None:
    shown = {lang: [f"{Count(n, lang):cubes}" for n in (1, 2, 5, 22)] for lang in LANGUAGES}
    assert shown["en"] == ["1 cube", "2 cubes", "5 cubes", "22 cubes"]
    assert shown["it"] == ["1 cubetto", "2 cubetti", "5 cubetti", "22 cubetti"]
    assert shown["pl"] == ["1 znacznik", "2 znaczniki", "5 znaczników", "22 znaczniki"]
    assert [f"{Count(n, 'pl'):gold}" for n in (1, 3, 12)] == [
        "1 złota moneta", "3 złote monety", "12 złotych monet"]
    assert f"{Count(1, 'pl'):gold_acc}" == "1 złotą monetę"
    assert [f"{Count(n, 'it'):prestige}" for n in (1, 6)] == [
        "1 punto prestigio", "6 punti prestigio"]


# -- a known position -----------------------------------------------------------------------------

def residence_position() -> State:
    """Red to play Residence, Bank or Hotel; the Residence holds 2 cubes and the Park 2."""
    s = edit(fresh(4), lambda c: set_quarter(c, RED, residence=2, park=2, bank=1))
    return playing(s, RED, "residence", "bank", "hotel")


def test_a_known_position_in_italian_and_polish() -> None:
    s = residence_position()
    assert s.prompt(RED, "it") == "quale carta giocare"
    assert s.prompt(RED, "pl") == "którą kartę zagrać"
    # 2 cubes + the new one = 3 prestige, and 2 pieces in the Park add 1 to every gain.
    assert labels(s, RED, "it") == {
        "play:red.bank": "Gioca la carta Banca: +2 monete",
        "play:red.residence": "Gioca la carta Residenza: +4 punti prestigio",
        "play:red.hotel": "Gioca la carta Locanda: scegli 1 beneficio (moneta, cubetto o "
                          "topi indietro)",
    }
    assert labels(s, RED, "pl") == {
        "play:red.bank": "Zagraj kartę Bank: +2 złote monety",
        "play:red.residence": "Zagraj kartę Rezydencja: +4 punkty prestiżu",
        "play:red.hotel": "Zagraj kartę Hotel: do wyboru 1 korzyść (złoto, znacznik albo "
                          "szczury w tył)",
    }
    after = s.apply(RED, "play:red.residence")
    assert after.prompt(RED, "it") == "da dove prendere il cubetto per la carta Residenza"
    assert after.prompt(RED, "pl") == "skąd wziąć znacznik dla karty Rezydencja"
    placed = after.apply(RED, "place")
    assert placed.log_text(None, "it")[-2:] == [
        "Rosso piazza un cubetto nella Residenza",
        "Rosso guadagna 3 punti prestigio + 1 per il Parco (Residenza)"]
    assert placed.log_text(None, "pl")[-2:] == [
        "Czerwony kładzie znacznik w rezydencji",
        "Czerwony zdobywa 3 punkty prestiżu + 1 za park (Rezydencja)"]


def test_a_passed_pair_names_the_receiver_in_the_polish_dative() -> None:
    s = fresh(3, seed=1)
    seat = s.to_act[0]
    after = s.apply(seat, s.legal_actions(seat)[0])
    for p in after.to_act:
        after = after.apply(p, after.legal_actions(p)[0])
    lines = after.log_text(None, "pl")
    assert "Czerwony przekazuje dwie karty Niebieskiemu" in lines


# -- the board ----------------------------------------------------------------------------------

ABBREVIATIONS = re.compile(
    r"\b(Resid|Carria|Hosp|gen|prest|msgs|ND|Semin|Rezyd|N\. Dame|\d\.\d)\b|_|\[\w\]")


@pytest.mark.parametrize("players", [2, 5])
def test_the_board_spells_everything_out_within_80_columns(players: int) -> None:
    states = random_states("notre-dame", players, 3)
    for state in [*states[:: max(1, len(states) // 25)], states[-1]]:
        for viewer in (None, *range(players)):
            view = state.view(viewer)
            for lang in LANGUAGES:
                board = state.game.render_view(view, lang)
                for line in board.splitlines():
                    assert len(line) <= 80, (lang, line)
                    assert line == line.rstrip()
                    assert not ABBREVIATIONS.search(line), (lang, line)


def test_the_board_names_every_sector_in_full() -> None:
    state = make("notre-dame", 3, 0)
    board = {lang: state.game.render_view(state.view(0), lang) for lang in LANGUAGES}
    for name in ("Convent school", "Carriage house", "Hospital", "Personal supply"):
        assert name in board["en"]
    for name in ("Scuola conventuale", "Rimessa delle carrozze", "Ospedale"):
        assert name in board["it"]
    for name in ("Seminarium", "Zajazd", "Szpital", "Wskaźnik plagi"):
        assert name in board["pl"]


def test_an_unknown_language_is_refused_by_the_board_and_the_help() -> None:
    state = make("notre-dame", 2, 0)
    with pytest.raises(BadOptions, match="no language"):
        state.game.render_view(state.view(None), "xx")
    with pytest.raises(BadOptions, match="no language"):
        state.game.glossary("EN")


# -- help topics --------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_and_character_of_the_components_has_a_help_topic(lang: str) -> None:
    topics = glossary(lang)
    for name in (*KIND_NAMES, *CHARACTER_NAMES):
        shown = topic_name(name, lang)
        assert shown in topics, (lang, name)
        assert len(topics[shown].split()) >= 15, (lang, name)
    for term in ("quarter", "sector", "message", "plague", "rat_marker", "carriage",
                 "general_supply", "bell_ringer", "market_square"):
        assert topic_name(term, lang) in topics


def test_the_topics_are_the_same_in_every_language() -> None:
    keys = {lang: [topic_name(t, lang) for t in CHARACTER_NAMES] for lang in LANGUAGES}
    assert keys["it"][:3] == ["Locandiera", "Trovatore", "Monaco"]
    assert keys["pl"][:3] == ["Oberżystka", "Bard", "Mnich"]
    sizes = {lang: len(make("notre-dame", 2, 0).game.glossary(lang)) for lang in LANGUAGES}
    assert len(set(sizes.values())) == 1 and sizes["en"] >= len(KIND_NAMES) + 15


# -- labels show what matters -------------------------------------------------------------------

COLOUR_WORDS = {"en": ("red", "blue", "green", "yellow", "purple"),
                "it": ("ross", "blu", "verde", "giall", "violett"),
                "pl": ("czerwon", "niebiesk", "zielon", "żółt", "fioletow"),
                "de": ("rot", "blau", "grün", "gelb", "violett"),
                "fr": ("rouge", "bleu", "vert", "jaune", "violet")}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_card_to_play_is_labelled_by_its_sector_not_its_colour(lang: str) -> None:
    s = playing(fresh(4), RED, "blue.residence", "green.bank", "park")
    for label in labels(s, RED, lang).values():
        assert not any(c in label.lower() for c in COLOUR_WORDS[lang]), label


@pytest.mark.parametrize("lang", LANGUAGES)
def test_two_cards_of_one_sector_are_told_apart_by_colour(lang: str) -> None:
    s = playing(fresh(4), RED, "red.bank", "blue.bank", "park")
    shown = labels(s, RED, lang)
    assert shown["play:red.bank"] != shown["play:blue.bank"]
    assert COLOUR_WORDS[lang][0] in shown["play:red.bank"].lower()
    assert COLOUR_WORDS[lang][1] in shown["play:blue.bank"].lower()


def test_a_carriage_stop_says_whether_its_message_may_be_taken() -> None:
    def change(c: NDState) -> None:
        c.msgs[RED][RED] = 1  # Red holds a red message, so a second red one must wait
        set_quarter(c, RED, carriage_house=1)
    s = playing(edit(fresh(4), change), RED, "carriage_house", "bank", "park")
    driving = s.apply(RED, "play:red.carriage_house").apply(RED, "place")
    shown = labels(driving, RED, "en")
    red = [label for a, label in shown.items() if a.startswith("move:0.") and "message" in label
           and "no message" not in label]
    assert red and all("(you may not take it yet)" in label for label in red)
    blue = [label for a, label in shown.items() if a.startswith("move:1.")
            and "no message" not in label]
    assert blue and all("may not" not in label for label in blue)


def test_a_character_label_counts_what_it_pays_now() -> None:
    s = edit(fresh(4), lambda c: set_quarter(c, RED, bank=3, park=1, hotel=2))
    s = edit(s, lambda c: c.revealed.__setitem__(2, CHARACTER_NAMES.index("city_watch")))
    s = edit(s, lambda c: setattr(c, "phase", 3))
    s = edit(s, lambda c: setattr(c, "first", RED))
    assert s.to_act == (RED,)
    shown = labels(s, RED, "en")
    assert shown["hire:city_watch"] == ("Pay the City watch: +6 prestige (1 per piece in your "
                                        "quarter and on Notre Dame)")
    assert labels(s, RED, "pl")["hire:city_watch"].startswith(
        "Wynajmij strażnika miejskiego: +6 punktów prestiżu")


# -- the log ------------------------------------------------------------------------------------

def test_the_log_reads_as_sentences_in_every_language() -> None:
    states = random_states("notre-dame", 3, 7)
    final = states[-1]
    for lang in LANGUAGES:
        for viewer in (None, 0):
            for line in final.log_text(viewer, lang):
                assert "_" not in line and "(s)" not in line, line
                assert "True" not in line and "False" not in line, line
                assert not re.search(r"\b\d\.\d\b", line), line
    assert final.log_text(None, "it")[-1].startswith("Fine della partita. Punti prestigio: ")


def test_a_logged_name_this_game_never_writes_is_refused() -> None:
    with pytest.raises(CorruptState):
        CATALOG.check_event(Event("nd.place", {"p": 0, "sector": "castle"}), 4)
    with pytest.raises(CorruptState):
        CATALOG.check_event(Event("nd.hire", {"p": 0, "character": "dragon"}), 4)
    CATALOG.check_event(Event("nd.place", {"p": 0, "sector": "bank"}), 4)
    assert SECTOR["bank"] == KIND_NAMES.index("bank")
