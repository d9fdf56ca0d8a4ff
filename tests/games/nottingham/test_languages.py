"""Nottingham in English, Italian and Polish: plural forms, a known position's prompt and
labels in each language, a table without abbreviations within 80 columns, a help topic for
everything the components define, and labels that show what a choice turns on."""

from __future__ import annotations

import random
import re

import pytest

from tavola.core import LANGUAGES, BadOptions
from tavola.core.words import plural
from tavola.games.nottingham.components import (
    AMBUSH_PAIRS,
    CHEST,
    COLOURS,
    COMMISSION_VALUES,
    COMMISSIONS,
    GOLD,
    ITEM_VALUES,
    ITEMS,
    PAIRS3,
)
from tavola.games.nottingham.state import PHASES
from tavola.games.nottingham.text import (
    COMMISSION_TERMS,
    ITEM_TERMS,
    WORDS,
    Count,
)
from tests.conformance.harness import random_game
from tests.games.nottingham.scenario import play, table

CARD_FORMS = ("karta", "karty", "kart")


@pytest.mark.parametrize(("n", "form"), [
    (1, "karta"), (2, "karty"), (4, "karty"), (5, "kart"), (11, "kart"), (12, "kart"),
    (14, "kart"), (21, "kart"), (22, "karty"), (24, "karty"), (25, "kart"), (112, "kart"),
    (122, "karty"), (0, "kart")])
def test_polish_plurals_follow_the_one_few_many_rule(n: int, form: str) -> None:
    assert plural("pl", n, CARD_FORMS) == form


def test_italian_and_english_plurals_have_one_form_for_one_and_one_for_the_rest() -> None:
    assert [plural("it", n, ("carta", "carte", "carte")) for n in (1, 2, 5)] == [
        "carta", "carte", "carte"]
    assert [plural("en", n, ("card", "cards", "cards")) for n in (1, 2, 5)] == [
        "card", "cards", "cards"]


def test_counted_items_agree_with_their_number() -> None:
    def shown(n: int, lang: str, item: int) -> str:
        return format(Count(n, lang, item), "item")

    assert [shown(n, "pl", CHEST) for n in (1, 3, 5, 12, 22)] == [
        "1 skrzynia", "3 skrzynie", "5 skrzyń", "12 skrzyń", "22 skrzynie"]
    assert [shown(n, "pl", GOLD) for n in (1, 2, 5)] == [
        "1 sztabka złota", "2 sztabki złota", "5 sztabek złota"]
    assert [shown(n, "it", CHEST) for n in (1, 3)] == ["1 carta Forziere", "3 carte Forziere"]
    assert [shown(n, "en", CHEST) for n in (1, 3)] == ["1 chest", "3 chests"]
    assert format(Count(22, "pl"), "point") == "22 punkty"
    assert format(Count(26, "pl"), "point") == "26 punktów"


def test_an_ambush_in_italian_and_polish() -> None:
    s = table(4, hands={0: []}, drawn="gold", ambush_deck_top=["yellow", "pearls+jewels"])
    assert s.prompt(0, "it") == "tieni l'Oro oppure esegui la sua azione (Imboscata)"
    assert s.prompt(0, "pl") == "zatrzymaj sztabkę złota albo wykonaj akcję tej karty " \
                                "(Zasadzka)"
    s = play(s, (0, "ambush"))
    assert s.prompt(0, "it") == ("tieni una carta imboscata (non del tuo colore); l'altra "
                                 "va in fondo al mazzo")
    assert [s.describe(0, a, "it") for a in s.legal_actions(0)] == [
        "tieni la carta imboscata gialla (P2): colpisce ogni scambio di P2 (giallo)",
        "tieni la carta imboscata Perle + Gioielli: colpisce ogni scambio di carte Perle o "
        "di carte Gioielli"]
    assert [s.describe(0, a, "pl") for a in s.legal_actions(0)] == [
        "zatrzymaj żółtą kartę zasadzki (P2): trafia w każdą wymianę gracza P2 (żółty)",
        "zatrzymaj kartę zasadzki „sznur pereł + klejnot”: trafia w każdą wymianę sznurów "
        "pereł lub klejnotów"]
    s = play(s, (0, "hide:pearls+jewels"))
    assert s.log_text(0, "pl")[-1] == (
        "P1 (czerwony) zastawia zasadzkę: zatrzymuje kartę zasadzki „sznur pereł + "
        "klejnot” i wsuwa żółtą kartę zasadzki (P2) pod talię zasadzek.")
    assert s.log_text(1, "it")[-1] == (
        "P1 (rosso) prepara un'imboscata: una carta imboscata coperta con l'Oro sotto.")


def test_a_sprung_ambush_and_a_failed_exchange_in_polish() -> None:
    s = table(3, hands={0: ["chest"] * 3, 1: []}, ambushes={1: ["red"]})
    s = play(s, (0, "exchange:chest,3"))
    assert s.prompt(1, "pl") == ("P1 (czerwony) wymienia 3 skrzynie: odkryj zasadzkę albo "
                                 "przepuść")
    assert s.describe(1, "spring:red", "pl") == (
        "odkryj czerwoną kartę zasadzki (P1): weź z wymiany skrzynię i oddaj za nią sztabkę "
        "złota")
    s = play(s, (1, "spring:red"))
    assert s.log_text(None, "pl")[-4:-1] == [
        "P1 (czerwony) wykłada do wymiany na punkty: 3 skrzynie.",
        "P2 (żółty) odkrywa czerwoną kartę zasadzki (P1) przeciw graczowi P1 (czerwony), "
        "zabiera skrzynię i oddaje sztabkę złota.",
        "P1 (czerwony) ma już tylko 2 karty do wymiany i wymiana przepada."]


def test_a_buy_names_the_offered_item_in_every_language() -> None:
    s = table(4, hands={0: [], 1: ["jewels"], 2: ["gold"], 3: ["necklace"]}, drawn="copper")
    s = play(s, (0, "buy"), (1, "offer:jewels"), (2, "offer:gold"), (3, "offer:necklace"))
    assert s.describe(0, "purchase:2", "en") == "buy the gold offered by P3 (green)"
    assert s.describe(0, "purchase:2", "it") == "compra da P3 (verde) una carta Oro"
    assert s.describe(0, "purchase:2", "pl") == "kup od gracza P3 (zielony) sztabkę złota"
    assert s.log_text(0, "it")[-1] == ("Si scoprono le offerte: P2 (giallo): Gioielli, "
                                       "P3 (verde): Oro, P4 (blu): Collana.")


def test_an_attack_label_shows_the_hand_size_and_what_the_attacker_knows() -> None:
    s = table(3, hands={0: [], 1: ["gold", "chest", "chest"], 2: ["pearls"]},
              drawn="jewels", seen=True)
    assert s.describe(0, "raid:1", "en") == (
        "raid P2 (yellow): lay their hand open and take a card (3 cards in hand, among them "
        "1 gold card and 2 chests)")
    assert s.describe(0, "raid:2", "pl") == (
        "napadnij na gracza P3 (zielony): wyłóż jego rękę i weź kartę (w ręce: 1 karta, w "
        "tym 1 sznur pereł)")
    unseen = table(3, hands={0: [], 1: ["gold", "chest", "chest"]}, drawn="jewels")
    assert unseen.describe(0, "raid:1", "it") == (
        "rapina P2 (giallo): scopri la sua mano e prendi una carta (3 carte in mano)")


def test_a_kept_ambush_card_shows_its_colour_and_whom_it_hits() -> None:
    # Keeping an ambush card, its colour is the whole decision: whose exchanges it hits.
    s = table(4, hands={0: []}, drawn="gold", ambush_deck_top=["blue", "green"])
    s = play(s, (0, "ambush"))
    labels = sorted(s.describe(0, a) for a in s.legal_actions(0))
    assert labels == ["keep the blue ambush card (P4): it hits any exchange by P4 (blue)",
                      "keep the green ambush card (P3): it hits any exchange by P3 (green)"]


def test_exchange_and_commission_labels_show_points_and_what_is_left() -> None:
    s = table(3, hands={0: ["gold"] * 3 + ["pearls"] * 2 + ["chest"] * 2 + ["copper"]})
    assert s.describe(0, "exchange:gold,3", "en") == (
        "exchange 3 gold cards: bank one for 9 points, 5 cards left in hand")
    single, double = COMMISSION_VALUES[PAIRS3]
    assert s.describe(0, "commission:pairs3,gold,pearls,chest", "it") == (
        f"completa l'incarico «3 coppie diverse» con 2 carte Oro, 2 carte Perle e 2 carte "
        f"Forziere: {single} punti ({double} se lo completa anche un altro giocatore)")
    s.commissions[PAIRS3].append(1)
    assert s.describe(0, "commission:pairs3,gold,pearls,chest", "pl") == (
        f"zrealizuj zlecenie „trzy różne pary”: 2 sztabki złota, 2 sznury pereł i "
        f"2 skrzynie — {double} punktów")


def test_a_defence_shows_what_is_given_and_what_is_taken() -> None:
    s = table(3, hands={0: [], 1: ["necklace", "chest"]}, drawn="candlestick")
    s = play(s, (0, "steal:1"))
    assert [s.describe(1, a, "en") for a in s.legal_actions(1)] == [
        "defend: give P1 (red) a necklace and take the silver candlestick",
        "do not defend: let P1 (red) carry on"]
    assert s.describe(1, "defend", "pl") == (
        "obroń się: daj graczowi P1 (czerwony) naszyjnik i weź srebrny świecznik")


# Words that would be abbreviations or raw program names on the table.
_CRYPTIC = re.compile(r"\[N\]|\b(?:pairs[34]|seven|five)\b(?! (?:different|identical))|_")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_table_has_no_abbreviation_and_fits_80_columns(lang: str) -> None:
    for players in (3, 7):
        states, _ = random_game("nottingham", players, 5)
        for s in [*states[:: max(1, len(states) // 30)], states[-1]]:
            for viewer in (None, *range(players)):
                text = s.game.render_view(s.view(viewer), lang)
                for line in text.splitlines():
                    assert len(line) <= 80, line
                assert not _CRYPTIC.search(text), text
                assert not any(phase in text for phase in PHASES if "_" in phase)
                assert "[ ]" in text  # the legend of the sheriff's mark
                if "?" in text.split("\n", 3)[-1]:
                    assert "? =" in text  # the legend of an unknown ambush card


def test_the_table_speaks_the_language_of_its_items_and_commissions() -> None:
    s = table(4, hands={0: ["gold", "gold"], 1: ["pearls"]}, drawn="chest",
              ambushes={2: ["red"]}, sheriff=3)
    s = play(s, (0, "keep"))
    text = s.game.render_view(s.view(0), "pl")
    assert "ręka: 2 sztabki złota, 1 skrzynia" in text
    assert "P3 (zielony): 0 kart, 0 punktów, w grze: 1 karta zasadzki" in text
    assert "siedem różnych przedmiotów" in text and "30/20" in text
    text = s.game.render_view(s.view(0), "it")
    assert "mano: 2 carte Oro, 1 carta Forziere" in text and "[7]" in text


def _topics(lang: str) -> dict[str, str]:
    states, _ = random_game("nottingham", 3, 1)
    return dict(states[0].game.glossary(lang))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_item_commission_ambush_card_and_colour_has_a_help_topic(lang: str) -> None:
    topics = _topics(lang)
    names = " | ".join(topics)
    text = " ".join(topics.values())
    for i, _ in enumerate(ITEMS):
        item, action = str(ITEM_TERMS[lang][i]), WORDS[lang]["actions"][i]
        topic = next(t for t in topics if t.startswith(item) and action in t)
        assert str(ITEM_VALUES[i]) in topics[topic]
    for k, _ in enumerate(COMMISSIONS):
        assert str(COMMISSION_TERMS[lang][k]) in names
    for a, b in AMBUSH_PAIRS:
        assert f"{ITEM_TERMS[lang][a]} + {ITEM_TERMS[lang][b]}" in text
    for c, _ in enumerate(COLOURS):
        assert WORDS[lang]["colours"][c] in text
    for mark in ("Nottingham", "[7]", "30/20"):
        assert mark in text


def test_help_topics_are_the_same_topics_in_every_language() -> None:
    sizes = {lang: len(_topics(lang)) for lang in LANGUAGES}
    assert len(set(sizes.values())) == 1 and sizes["en"] >= 30


def test_an_unknown_language_is_refused() -> None:
    s = table(3, hands={0: []}, drawn="gold")
    with pytest.raises(BadOptions, match="no language"):
        s.game.render_view(s.view(0), "xx-unknown")
    with pytest.raises(BadOptions, match="no language"):
        s.game.glossary("xx")
    with pytest.raises(BadOptions, match="no language"):
        s.game.player_name(0, "EN")


def test_every_language_renders_every_private_event_and_its_hidden_form() -> None:
    states, _ = random_game("nottingham", 5, 9)
    final = states[-1]
    rng = random.Random(9)
    for lang in LANGUAGES:
        for viewer in (None, rng.randrange(5)):
            for line in final.log_text(viewer, lang):
                assert "{" not in line and "}" not in line
