"""Rattus in Italian and Polish: counted nouns, prompts and labels of known positions, a
board a newcomer can read, a help topic for every component, and labels that show what a
choice depends on (the step of the turn, whose card, what moving the plague sets off)."""

from __future__ import annotations

import re

import pytest

from tavola.core import LANGUAGES, Action, State
from tavola.core.words import plural_index
from tavola.games.rattus.components import (
    CLASS_ICONS,
    CLASS_NAMES,
    COLOUR_NAMES,
    REGION_NAMES,
    TOKENS,
)
from tavola.games.rattus.config import REGIONS_IN_PLAY
from tavola.games.rattus.state import FINAL
from tavola.games.rattus.text import CATALOG, WORDS, _initials, count
from tests.conformance.harness import random_game
from tests.games.rattus.scenarios import play, scenario

OTHERS = ("it", "pl")


def labels(state: State, lang: str) -> dict[str, str]:
    """Return the active seat's legal actions (as text) with their labels in `lang`."""
    seat = state.to_act[0]
    return {str(a): state.describe(seat, a, lang) for a in state.legal_actions(seat)}


def opening() -> State:
    """Red's turn: Blue holds the King, Red the Witch; the plague in Anglia, next to Gallia
    (two tokens, cubes of both) and Scandia (one token, no cubes)."""
    return scenario(holders={"king": 1, "witch": 0}, plague="anglia",
                    tokens={"gallia": ["2 M", "3 A"], "scandia": ["1 ki"]},
                    cubes={"gallia": [2, 1], "hispania": [1, 0]})


def every_step() -> list[State]:
    """Return the opening at Red's steps A, B and C (no card taken, B ended at once)."""
    a = opening()
    b = play(a, "no_card")
    return [a, b, play(b, "end_b")]


def step_labels(lang: str) -> dict[str, str]:
    """Return the labels of the opening's steps A, B and C together."""
    return {action: label for s in every_step() for action, label in labels(s, lang).items()}


def test_polish_counts_take_one_few_or_many() -> None:
    assert [plural_index("pl", n)
            for n in (1, 2, 4, 5, 11, 12, 14, 21, 22, 24, 25, 104, 112)] == [
        0, 1, 1, 2, 2, 2, 2, 2, 1, 1, 2, 1, 2]
    assert [count(n, "cube", "pl") for n in (0, 1, 2, 5, 12, 22)] == [
        "0 kostek", "1 kostkę", "2 kostki", "5 kostek", "12 kostek", "22 kostki"]
    assert [count(n, "token", "pl") for n in (1, 3, 13, 23)] == [
        "1 żeton", "3 żetony", "13 żetonów", "23 żetony"]
    assert [count(n, "round", "pl") for n in (1, 2, 30)] == ["1 rundę", "2 rundy", "30 rund"]


def test_italian_and_english_counts_take_one_or_many() -> None:
    assert [count(n, "cube", "it") for n in (0, 1, 2)] == ["0 cubetti", "1 cubetto",
                                                          "2 cubetti"]
    assert [count(n, "token", "en") for n in (1, 2)] == ["1 token", "2 tokens"]


def test_a_known_position_in_italian() -> None:
    assert [s.prompt(0, "it") for s in every_step()] == [
        "Fase A: prendi una Carta Classe, o nessuna",
        "Fase B: piazza cubetti e usa i poteri delle Carte Classe, o chiudi la fase B",
        "Fase C: muovi la pedina Peste (chiude il tuo turno)"]
    got = step_labels("it")
    assert got["take:king"] == "prendi la carta Re a Blu"
    assert got["take:merchant"] == "prendi la carta Mercante"
    assert got["no_card"] == "non prendere nessuna carta"
    assert got["end_b"] == "chiudi la fase B (si passa a muovere la Peste)"
    assert got["place:gallia"] == "piazza 2 cubetti in Gallia"
    assert got["place:scandia"] == "piazza 1 cubetto in Scandia"
    assert got["witch:gallia.1"] == "Strega: guarda il segnalino 2 di Gallia"
    assert got["plague:gallia"] == (
        "muovi la Peste in Gallia - si diffondono 2 segnalini, poi "
        "devastazione")
    assert got["plague:scandia"] == (
        "muovi la Peste in Scandia - si diffonde 1 segnalino")


def test_a_known_position_in_polish() -> None:
    assert [s.prompt(0, "pl") for s in every_step()] == [
        "Faza A: weź kartę klasy albo żadnej",
        "Faza B: połóż kostki i użyj zdolności swoich kart klas albo zakończ fazę B",
        "Faza C: przesuń pionek dżumy (to kończy twoją turę)"]
    got = step_labels("pl")
    assert got["take:king"] == "weź kartę Król od gracza Niebieskiego"
    assert got["no_card"] == "nie bierz żadnej karty"
    assert got["end_b"] == "zakończ fazę B (dalej ruch dżumy)"
    assert got["place:gallia"] == "połóż 2 kostki w regionie Gallia"
    assert got["place:scandia"] == "połóż 1 kostkę w regionie Scandia"
    assert got["witch:gallia.0"] == (
        "Czarownica: obejrzyj żeton 1 z regionu Gallia (fioletowa ramka)")
    assert got["plague:gallia"] == (
        "przesuń dżumę do regionu Gallia - roznosi 2 żetony, potem "
        "spustoszenie")
    assert got["plague:scandia"] == (
        "przesuń dżumę do regionu Scandia - roznosi 1 żeton")


def test_a_known_position_logs_in_every_language() -> None:
    s = play(opening(), "take:king", "place:gallia")
    assert s.log_text(None, "en")[-2:] == ["Red takes the king (Blue)",
                                           "Red places 2 cubes in Gallia"]
    assert s.log_text(None, "it")[-2:] == ["Rosso prende la carta Re (tolta a Blu)",
                                           "Rosso piazza 2 cubetti in Gallia"]
    assert s.log_text(None, "pl")[-2:] == [
        "Czerwony bierze kartę Król (od gracza Niebieskiego)",
        "Czerwony kładzie 2 kostki w regionie Gallia"]


def test_the_witchs_look_is_translated_for_her_and_hidden_from_the_others() -> None:
    s = play(opening(), "no_card", "witch:gallia.0", "witch:scandia.0")
    for lang in OTHERS:
        hers = s.log_text(0, lang)[-1]
        others = s.log_text(1, lang)[-1]
        king = WORDS[lang]["classes"][CLASS_NAMES.index("king")]
        assert f"[1: {king}]" in hers and "[" not in others
        assert others in (
            "Rosso (Strega) guarda il segnalino 1 di Gallia e il segnalino 1 di Scandia",
            "Czerwony (Czarownica) ogląda żeton 1 z regionu Gallia i żeton 1 z regionu "
            "Scandia")


def test_no_english_seat_colour_or_class_name_is_left_in_a_translated_log() -> None:
    states, _ = random_game("rattus", 4, 12)
    english = {*COLOUR_NAMES, *CLASS_NAMES, "beside the board", "devastation", "no effect"}
    for lang in OTHERS:
        for viewer in (None, 0, 1):
            text = "\n".join(states[-1].log_text(viewer, lang))
            found = {w for w in english if re.search(rf"\b{w}\b", text)}
            assert not found, (lang, found)


def test_the_end_of_the_game_declines_the_seat_in_polish() -> None:
    states, _ = random_game("rattus", 2, 5)
    lines = states[-1].log_text(None, "pl")
    end = next(line for line in lines if line.startswith("Gra kończy się"))
    assert re.search(r"po turze gracza (Czerwonego|Niebieskiego):", end)
    assert lines[-1].startswith("Kostki na planszy: ") and "Wygrywa: " in lines[-1]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_board_spells_out_every_name_and_explains_every_mark(lang: str) -> None:
    s = play(scenario(3, holders={"witch": 0}, plague="italia",
                      tokens={"gallia": ["2 M", "3 A"], "scandia": ["5 MM A"]},
                      cubes={"gallia": [2, 1, 0]}, step="B"),
             "witch:gallia.0", "witch:scandia.0")
    board = s.game.render_view(s.view(0), lang)
    words = set(re.findall(r"\w+", board))
    for name in REGION_NAMES[:REGIONS_IN_PLAY[3]]:
        # every region is named whole, never cut short (as "Gal" or "Hung" once were)
        assert name.capitalize() in words
        assert not {name[:k].capitalize() for k in range(2, len(name))} & words
    legend = "\n".join(board.splitlines()[-4:])
    colours = WORDS[lang]["colours"]
    initials = _initials(lang)  # one letter, or as many as tell two colours apart (Gr, Ge)
    for p in range(3):
        name = colours[p] if lang == "de" else colours[p].lower()  # German nouns keep caps
        assert f"{initials[p]} {name}" in legend
    for mark in ("?", "*", "M", "MM", "A", f"({initials[1]})", "[2 M]"):
        assert mark in legend, mark
    assert all(len(line) <= 80 for line in board.splitlines())


@pytest.mark.parametrize("lang", OTHERS)
def test_the_board_is_translated(lang: str) -> None:
    s = scenario(holders={"king": 1}, tokens={"gallia": ["2 M"]})
    board = s.game.render_view(s.view(0), lang)
    for key in ("m.palace", "m.reserve", "m.cards", "m.beside", "m.plague"):
        assert WORDS[lang][key] in board
    assert WORDS[lang]["classes"][0] in board
    assert "Palace" not in board and "King" not in board


def test_every_board_prompt_and_label_fits_in_every_language() -> None:
    for players in (2, 3, 4):
        states, _ = random_game("rattus", players, 30 + players)
        for s in states[::3]:
            for lang in LANGUAGES:
                for viewer in (None, 0):
                    for line in s.game.render_view(s.view(viewer), lang).splitlines():
                        # only a region line showing fronts the viewer knows may be longer
                        assert len(line) <= 80 or "]" in line, line
                if not s.is_terminal:
                    assert len(s.prompt(s.to_act[0], lang)) <= 78


def test_every_component_has_a_help_topic_in_every_language() -> None:
    game = scenario(3).game
    for lang in LANGUAGES:
        topics = game.glossary(lang)
        names = WORDS[lang]["classes"]
        for c, card in enumerate(CLASS_NAMES):
            assert names[c] in topics, (lang, card)
            if lang == "en":
                assert CLASS_ICONS[c] in topics[names[c]]
        for region in REGION_NAMES:
            assert region.capitalize() in topics, (lang, region)
        assert sum(1 for t in topics if t.startswith("M (")) == 1
        assert sum(1 for t in topics if t.startswith("A (")) == 1
        # the other pieces and marks, looked up as a player would
        wanted = {"en": ("Rat tokens", "Starting tokens", "Threshold", "Plague piece",
                         "Palace", "Neutral cubes", "Token supply", "Final round",
                         "Step A", "Step B", "Step C"),
                  "it": ("Segnalini Ratto", "Segnalini iniziali", "Valore Limite",
                         "Pedina Peste", "Palazzo", "Cubetti neutrali", "Riserva",
                         "Giro finale", "Fase A", "Fase B", "Fase C"),
                  "pl": ("Żetony szczurów", "Żetony startowe", "Próg", "Pionek dżumy",
                         "Pałac", "Kostki neutralne", "Zapas żetonów", "Runda końcowa",
                         "Faza A", "Faza B", "Faza C"),
                  "de": ("Rattenplättchen", "Startplättchen", "Schwelle", "Pestfigur", "Burg",
                         "Neutrale Würfel", "Plättchenvorrat", "Letzte Runde", "Aktion A",
                         "Aktion B", "Aktion C"),
                  "fr": ("Jetons Rat", "Jetons de départ", "Seuil", "Emblème de la Peste",
                         "Château", "Cubes neutres", "Réserve de jetons", "Dernier tour",
                         "Phase A", "Phase B", "Phase C")}[lang]
        assert set(wanted) <= set(topics)
    assert len({len(game.glossary(lang)) for lang in LANGUAGES}) == 1


def test_a_region_topic_names_its_neighbours_in_this_game() -> None:
    two, four = scenario(2).game.glossary("en"), scenario(4).game.glossary("en")
    assert "Tartaria" not in two["Hungaria"] and "Tartaria" in four["Hungaria"]
    assert "not in this game of 2" in two["Russia"]
    assert "Polonia, Scandia, Tartaria" in scenario(4).game.glossary("pl")["Russia"]


def test_every_token_symbol_on_the_board_is_a_help_topic_or_a_class() -> None:
    topics = scenario().game.glossary("en")
    for token in TOKENS:
        for symbol in token.symbols.split():
            if symbol == "MM":
                assert "MM" in topics["M (majority)"]
            elif symbol in ("M", "A"):
                assert sum(1 for t in topics if t.startswith(f"{symbol} (")) == 1
            else:
                assert symbol.capitalize() in topics, symbol


def test_labels_carry_no_step_prefix_and_the_prompt_names_the_step() -> None:
    """The step is in the prompt (the page's status bar); each choice says only what it
    does, without "A:", "B, " or "C, " in front."""
    for lang in LANGUAGES:
        for s in every_step():
            # (French puts a no-break space before the colon)
            assert re.match(r"^\w+ [ABC]\xa0?: ", s.prompt(0, lang)), s.prompt(0, lang)
            for label in labels(s, lang).values():
                assert not re.match(r"^[ABC][:,] ", label), label
    assert all(label.startswith("move the plague")
               for action, label in step_labels("en").items() if action.startswith("plague"))


def test_moving_the_plague_says_what_it_sets_off_and_that_it_ends_the_turn() -> None:
    got = step_labels("en")
    assert got["plague:gallia"].endswith("2 tokens spread, then devastation")
    assert got["plague:scandia"].endswith("1 token spreads")
    quiet = scenario(plague="anglia", tokens={"gallia": ["2 M"]}, step="C")
    assert labels(quiet, "en")["plague:scandia"].endswith("nothing spreads")
    assert "(this ends your turn)" in quiet.prompt(0, "en")
    assert "chiude il tuo turno" in quiet.prompt(0, "it")
    assert "kończy twoją turę" in quiet.prompt(0, "pl")


def test_taking_a_card_says_whom_it_is_taken_from() -> None:
    s = opening()
    got = labels(s, "en")
    assert got["take:king"] == "take the King card from Blue"
    assert got["take:merchant"] == "take the Merchant card"


def test_the_knight_sees_the_population_either_way() -> None:
    s = scenario(holders={"knight": 0}, plague="anglia", tokens={"gallia": ["2 M"]},
                 cubes={"gallia": [2, 1]}, step="C")
    s = play(s, "plague:gallia", "spread:italia")
    assert labels(s, "en") == {
        "boost": "Knight: the plague counts as 2 cubes (population 5)",
        "no_boost": "Knight: the plague does not count (population 3)"}
    assert labels(s, "pl")["boost"] == "Rycerz: dżuma liczy się jako 2 kostki (populacja 5)"


def test_final_round_labels_belong_to_no_step_of_a_turn() -> None:
    seen = 0
    for seed in range(20):
        states, _ = random_game("rattus", 3, 200 + seed)
        for s in states:
            if s.is_terminal or getattr(s, "phase", None) != FINAL:
                continue
            seen += 1
            for lang in LANGUAGES:
                assert s.prompt(s.to_act[0], lang).split()[0] in (
                    "Final", "Giro", "Runda", "Letzte", "Dernier")
                for label in labels(s, lang).values():
                    assert not label.startswith(("A:", "B:", "B,", "C:", "C,")), label
    assert seen


def test_a_label_marks_the_tokens_a_player_can_tell_apart_without_naming_a_front() -> None:
    fresh = labels(scenario(holders={"witch": 0}, tokens={"gallia": ["2 M", "3 A"]},
                            step="B"), "en")
    assert fresh["witch:gallia.0"] == "Witch: look at Gallia token 1 (purple border)"
    assert fresh["witch:gallia.1"] == "Witch: look at Gallia token 2"
    seen = play(scenario(holders={"monk": 0, "witch": 0}, tokens={"gallia": ["2 M", "3 A"]},
                         step="B"), "witch:gallia.0", "witch:gallia.1", "keep", "monk:gallia")
    got = labels(seen, "en")
    assert got["monk:gallia.1,italia"] == "Monk: move Gallia token 2 (seen by you) to Italia"
    assert all("[" not in label and " M " not in label for label in got.values())


def test_a_log_argument_a_saved_game_got_wrong_is_shown_not_raised() -> None:
    for lang in LANGUAGES:
        assert CATALOG.text("place", {"player": "Mauve", "cubes": "x", "region": "Gallia"},
                            lang)
        assert CATALOG.text("witch.look", {"player": 3, "seat": 0, "first": "nowhere",
                                           "second": None, "first_token": "odd",
                                           "second_token": "2: M"}, lang)


def test_an_action_label_is_never_the_bare_action() -> None:
    for lang in LANGUAGES:
        for action, label in step_labels(lang).items():
            assert label != action and str(Action.parse(action)) not in label


def test_italian_moves_cubes_ad_a_region_beginning_with_a() -> None:
    """Italian writes "ad" before a word beginning with a: "da Scandia ad Anglia", "da
    Turcia a Hungaria"."""
    args = {"player": "Blue", "cubes": 2, "source": "Scandia", "target": "Anglia"}
    assert CATALOG.text("merchant", args, "it").endswith("da Scandia ad Anglia")
    assert CATALOG.text("merchant.one", {**args, "target": "Hungaria"}, "it").endswith(
        "da Scandia a Hungaria")
    assert CATALOG.text("merchant", args, "en").endswith("from Scandia to Anglia")
