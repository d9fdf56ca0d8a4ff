"""Intrige in Italian and Polish: plural forms, known prompts and labels, the board without
abbreviations, a help topic for every piece the components define, and labels that show what
the choice turns on."""

from __future__ import annotations

import re

import pytest

from tavola.core import LANGUAGES, make
from tavola.games.intrige import text
from tavola.games.intrige.components import (
    PALACES_1994,
    PALACES_AMIGO,
    PROFESSIONS_1994,
    PROFESSIONS_AMIGO,
)
from tavola.games.intrige.game import IntrigeGame
from tests.conformance.harness import random_states
from tests.games.intrige.scenarios import play, scenario


@pytest.mark.parametrize(("n", "ducats", "figures"), [
    (0, "0 dukatów", "0 figur"), (1, "1 dukat", "1 figura"), (2, "2 dukaty", "2 figury"),
    (4, "4 dukaty", "4 figury"), (5, "5 dukatów", "5 figur"), (12, "12 dukatów", "12 figur"),
    (14, "14 dukatów", "14 figur"), (22, "22 dukaty", "22 figury"),
    (112, "112 dukatów", "112 figur"), (1_000, "1 000 dukatów", "1 000 figur")])
def test_polish_counts_take_the_one_few_or_many_form(n: int, ducats: str, figures: str) -> None:
    assert text.count(n, "ducat", "pl") == ducats
    assert text.count(n, "figure", "pl") == figures


def test_italian_and_english_counts_and_professions_agree_with_the_number() -> None:
    assert text.count(1, "ducat", "it") == "1 ducato"
    assert text.count(320_000, "ducat", "it") == "320.000 ducati"
    assert text.count(2, "figure", "en") == "2 figures"
    assert text.counted_profession(1, "prelate", "it") == "1 prelato"
    assert text.counted_profession(2, "legal", "it") == "2 consiglieri giuridici"
    assert text.counted_profession(2, "prelate", "pl") == "2 prałaci"
    assert text.counted_profession(5, "prelate", "pl") == "5 prałatów"
    assert text.counted_profession(2, "fiscal", "pl") == "2 doradcy skarbowi"
    assert text.counted_profession(1, "fiscal", "en") == "1 fiscal counsellor"


def test_a_defenders_prompt_and_labels_in_italian_and_polish() -> None:
    state = scenario(turn=0, rooms={0: {4: (2, "prelate")}},
                     parks={0: [(1, "prelate"), (3, "prelate")]})
    assert state.prompt(2, "it") == (
        "paga a P1 un'offerta per tenere il tuo prelato nella sala 4 (rendita 60.000), "
        "attaccato da P2, P4 (oppure fai prima una promessa senza impegno)")
    assert state.prompt(2, "pl") == (
        "zapłać P1 łapówkę za utrzymanie swojego prałata w komnacie 4 (pensja 60 000), "
        "atakowanego przez P2, P4 (albo najpierw złóż niewiążącą obietnicę)")
    assert state.describe(2, "bribe:30000", "it") == "paga 30.000 (ti restano 290.000)"
    assert state.describe(2, "bribe:30000", "pl") == "zapłać 30 000 (zostanie ci 290 000)"
    assert state.describe(2, "ask:4", "pl") == (
        "złóż niewiążącą obietnicę za komnatę 4 (pensja 60 000); kwotę podasz potem")
    state = play(state, "range:100000")
    assert state.prompt(2, "it").endswith(": una somma da 100.000 in su")
    assert state.describe(2, "bribe:120000", "pl") == "zapłać 120 000 (zostanie ci 200 000)"


def test_an_external_conflict_in_three_languages_names_what_each_contender_paid() -> None:
    state = scenario(turn=0, parks={0: [(1, "legal"), (2, "legal")]})
    state = play(state, "bribe:20000", "ask:3", "offer:30000,3", "bribe:10000")
    assert state.prompt(0, "pl") == ("konflikt zewnętrzny: wpuść doradcę prawnego gracza P2 "
                                     "lub P3; pozostali idą na wyspę")
    assert state.describe(0, "admit:1") == "admit P2's legal counsellor (paid you 20,000)"
    assert state.describe(0, "admit:2", "it") == (
        "accogli il consigliere giuridico di P3 (ti ha pagato 10.000; ha promesso 30.000 "
        "per la sala 3)")
    assert state.describe(0, "admit:2", "pl") == (
        "wpuść doradcę prawnego gracza P3 (wpłata dla ciebie: 10 000; obietnica: 30 000 za "
        "komnatę 3)")
    state = play(state, "admit:2")
    # Seating: the room the admitted figure's owner offered for is marked as such.
    assert state.describe(0, "room:3") == "room 3 (salary 40,000); P3 offered 30,000 for it"
    assert state.describe(0, "room:2", "it") == "sala 2 (rendita 20.000)"
    assert state.prompt(0, "it") == "sistema il consigliere giuridico di P3 in una sala vuota"


def test_a_send_label_shows_the_conflict_it_starts_and_not_what_does_not_matter() -> None:
    state = scenario(turn=0, round=2, rooms={2: {4: (1, "prelate")}, 3: {2: (0, "legal")}},
                     parks={1: [(3, "military")]})
    assert state.legal_actions(0)[0].kind == "send"  # P1's park is empty: P1 sends at once
    assert state.describe(0, "send:prelate,2") == (
        "send a prelate to Napoli (P3) - attacks P2's prelate in room 4")
    assert state.describe(0, "send:military,1", "it") == (
        "manda un consigliere militare a Milano (P2) - conflitto esterno con P4")
    assert state.describe(0, "send:legal,3", "pl") == (
        "wyślij doradcę prawnego do pałacu w Rzymie (P4) - twój doradca prawny zajmuje "
        "już tam komnatę 2")
    assert state.describe(0, "send:fiscal,1", "pl") == (
        "wyślij doradcę skarbowego do pałacu w Mediolanie (P2)")
    assert state.prompt(0, "pl") == ("wyślij figurę do parku innego pałacu (do wysłania: 2 "
                                     "figury)")
    after = play(state, "send:fiscal,1")
    assert after.prompt(0, "it") == ("manda un personaggio nel parco di un altro palazzo "
                                     "(1 personaggio da mandare)")
    assert state.prompt(0, "it").endswith("(2 personaggi da mandare)")


def test_log_lines_in_italian_and_polish_use_the_names_and_sums_of_the_language() -> None:
    state = scenario(turn=0, parks={0: [(1, "legal")]})
    state = play(state, "bribe:20000", "room:2", "send:prelate,2")
    it = state.log_text(None, "it")
    pl = state.log_text(None, "pl")
    assert "P2 paga a P1 un'offerta di 20.000 per il consigliere giuridico." in it
    assert "P1 sistema il consigliere giuridico di P2 nella sala 2 (rendita 20.000)." in it
    assert "P1 manda un prelato nel parco di Napoli (P3)." in it
    assert "P2 płaci P1 łapówkę 20 000 za doradcę prawnego." in pl
    assert "P1 umieszcza doradcę prawnego gracza P2 w komnacie 2 (pensja 20 000)." in pl
    assert "P1 wysyła prałata do parku pałacu w Neapolu (P3)." in pl
    over = random_states("intrige", 3, 7, edition="amigo")[-1]
    assert re.search(r"Koniec gry\. Dukaty: P1 \d{1,3}( \d{3})*, P2 ",
                     over.log_text(None, "pl")[-1])
    amigo = make("intrige", 3, 0, edition="amigo")
    amigo = amigo.apply(0, "send:prelate,1")
    assert amigo.log_text(None, "it")[-1] == ("P1 manda un prelato nel parco del palazzo "
                                              "giallo (P2).")
    assert amigo.log_text(None, "pl")[-1] == "P1 wysyła prałata do parku pałacu żółtego (P2)."


# Words a newcomer could not read: the raw profession tokens, arrows and bare dashes,
# abbreviations of one or two capitals (a seat is P and its number).
CRYPTIC = re.compile(r"->|\s-\s*$|^\s*-|\b(?!P\d)[A-Z]{1,2}\b|\[\w*\]|\bfiscal\b(?! counsellor)"
                     r"|\blegal\b(?! counsellor)|\bmilitary\b(?! counsellor)"
                     r"|\bscientific\b(?! counsellor)|\bgen\b|\bsal\b|\bres\b", re.MULTILINE)


@pytest.mark.parametrize(("players", "edition"), [(3, "1994"), (5, "1994"), (5, "amigo")])
def test_the_board_spells_everything_out_within_80_columns(players: int, edition: str) -> None:
    states = random_states("intrige", players, players, edition=edition)
    game = states[0].game
    assert isinstance(game, IntrigeGame)
    for state in [*states[:: max(1, len(states) // 25)], states[-1]]:
        for viewer in (None, *range(players)):
            for lang in LANGUAGES:
                board = state.game.render_view(state.view(viewer), lang)
                assert max(len(line) for line in board.splitlines()) <= 80, board
                assert not CRYPTIC.search(board), (lang, CRYPTIC.search(board), board)
                for token in game.table.edition.professions:
                    if lang != "en":
                        assert not re.search(rf"\b{token}\b", board), (lang, token)


def test_the_italian_and_polish_boards_name_palaces_rooms_and_salaries() -> None:
    state = scenario(turn=1, rooms={1: {5: (0, "prelate")}}, parks={1: [(2, "legal")]})
    view = state.view(0)
    pl = state.game.render_view(view, "pl")
    it = state.game.render_view(view, "it")
    assert pl.splitlines()[0] == ("Intrige (wydanie z 1994) - runda 2 z 6, tura gracza P2 "
                                  "(Mediolan)")
    assert "Mediolan (P2):\n  komnata 1  pensja  10 000  wolna" in pl
    assert "  komnata 5  pensja 100 000  P1 prałat" in pl
    assert "Twoje pieniądze: 320 000 dukatów (tajne)" in pl
    assert "Florencja (P1, ty):" in pl
    assert "  sala 5  rendita 100.000  P1 prelato" in it
    assert "  parco: P3 consigliere giuridico" in it
    assert "Isola dell'esilio (fino alla fine della partita): nessuno" in it


@pytest.mark.parametrize(("edition", "professions", "palaces"), [
    ("1994", PROFESSIONS_1994, PALACES_1994), ("amigo", PROFESSIONS_AMIGO, PALACES_AMIGO)])
def test_every_profession_and_palace_of_the_components_has_help(
        edition: str, professions: tuple[str, ...], palaces: tuple[str, ...]) -> None:
    game = make("intrige", 3, 0, edition=edition).game
    sizes = set()
    for lang in LANGUAGES:
        topics = game.glossary(lang)
        sizes.add(len(topics))
        for token in professions:
            name = text.profession(token, lang).one
            assert name in topics and name in topics[name], (lang, token)
        place = topics[{"en": "palace", "it": "palazzo", "pl": "pałac", "de": "Palast",
                        "fr": "château"}[lang]]
        for token in palaces:
            assert text.palace(token, lang).name in place, (lang, token)
        # Every thing the board shows by name has a topic of the same name.
        for word in {"en": ("room", "salary", "park", "island", "supply", "bribe",
                            "non-binding offer", "internal conflict", "external conflict"),
                     "it": ("sala", "rendita", "parco", "isola", "riserva", "offerta",
                            "promessa", "conflitto interno", "conflitto esterno"),
                     "pl": ("komnata", "pensja", "park", "wyspa", "zapas", "łapówka",
                            "obietnica", "konflikt wewnętrzny", "konflikt zewnętrzny"),
                     "de": ("Zimmer", "Gehalt", "Park", "Insel", "Vorrat", "Bestechungsgeld",
                            "unverbindliches Angebot", "interner Konflikt",
                            "externer Konflikt"),
                     "fr": ("emplacement", "revenu", "parc", "île", "réserve", "pot-de-vin",
                            "promesse", "conflit interne", "conflit externe")}[lang]:
            assert len(topics[word]) > 120, (lang, word)
    assert len(sizes) == 1


def test_help_uses_the_numbers_of_the_edition_played() -> None:
    amigo = make("intrige", 3, 0, edition="amigo").game
    assert "4 komnaty" in amigo.glossary("pl")["komnata"]
    assert "1.000, 3.000, 6.000, 10.000" in amigo.glossary("it")["sala"]
    board = make("intrige", 3, 0).game
    assert "5 komnat" in board.glossary("pl")["komnata"]
    assert "320,000 ducats" in board.glossary("en")["ducats"]


def test_seat_names_carry_the_palace_in_each_language() -> None:
    game = make("intrige", 4, 0).game
    assert [game.player_name(p) for p in range(4)] == [
        "P1 (Firenze)", "P2 (Milano)", "P3 (Napoli)", "P4 (Roma)"]
    assert game.player_name(2, "pl") == "P3 (Neapol)"
    assert game.player_name(7) == "P8"
    amigo = make("intrige", 3, 0, edition="amigo").game
    assert amigo.player_name(0, "it") == "P1 (palazzo rosso)"
    assert amigo.player_name(4, "pl") == "P5"


def test_a_log_with_an_unknown_name_still_renders_in_every_language() -> None:
    for lang in LANGUAGES:
        line = text.CATALOG.text("send", {"player": "P1", "profession": "jester",
                                          "palace": "Bologna", "owner": "P2"}, lang)
        assert "jester" in line and "Bologna" in line
