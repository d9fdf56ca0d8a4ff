"""Words for Nottingham in English, Italian and Polish: the log catalogue (templates for
every language, the private events and what everybody else reads of them), prompts, action
labels, the terminal picture of a view (`render_view`) and the help topics (`glossary`).

Everything a line shows is data. `WORDS[lang]` names the colours, items, actions,
commissions and counted nouns of one language with the grammatical forms its sentences need
(`{item:acc}` is the Polish accusative, `{item:the}` the name with its article, `{count:item}`
says "3 chests", "3 carte Forziere" or "3 skrzynie" with the plural that agrees), so one
template per language and key covers every line. Italian uses the terms of the Italian
edition; no Polish edition is known to us, so the Polish terms are ours (docs/games/
nottingham.md, "Terms in Italian and Polish", lists them).

Every event argument is checked as it is put into words (`localize`): a seat is a seat of a
Nottingham table, an item an item, a count a whole number. The catalogue's check runs the
words of every language when a saved log is loaded, so an event with arguments this game
never writes is refused there instead of breaking a view of the log later.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

from tavola.core import Action, Catalog
from tavola.core.events import Private
from tavola.core.game import check_language
from tavola.core.words import plural
from tavola.games.nottingham.components import (
    AMBUSH_NAMES,
    AMBUSH_PAIRS,
    CARDS_PER_ITEM,
    COLOURS,
    COMMISSION_VALUES,
    COMMISSIONS,
    ITEM_VALUES,
    ITEMS,
    SEVEN,
)
from tavola.games.nottingham.config import MAX_PLAYERS
from tavola.games.nottingham.rules import commission_cards
from tavola.games.nottingham.state import AMBUSH_WINDOW, DEFEND, PHASES, Position

# -- grammar --------------------------------------------------------------------------------


class Term(str):
    """A word as a line shows it, with its other grammatical forms: a template writes
    `{item}` for the name and `{item:acc}` for the form its sentence needs."""

    forms: dict[str, str]

    def __new__(cls, forms: Mapping[str, str]) -> Term:
        term = super().__new__(cls, forms[""])
        term.forms = dict(forms)
        return term

    def __format__(self, spec: str) -> str:
        return self.forms[spec] if spec else str(self)


class Count(int):
    """A number in a line: `{n}` prints it, `{n:card}` prints it with the noun in the form
    that agrees with it, `{n:item}` with the name of the item it counts."""

    lang: str
    item: int

    def __new__(cls, value: int, lang: str, item: int = -1) -> Count:
        count = super().__new__(cls, value)
        count.lang = lang
        count.item = item
        return count

    def __format__(self, spec: str) -> str:
        n = int(self)
        if not spec:
            return str(n)
        if spec == "item":
            return f"{n} {plural(self.lang, n, WORDS[self.lang]['items'][self.item][1])}"
        return f"{n} {plural(self.lang, n, WORDS[self.lang]['nouns'][spec])}"


def fill(template: str, **args: Any) -> str:
    """Return `template` filled with `args` (whole numbers of `lang` become `Count`s)."""
    lang = args.pop("lang")
    shown = {k: Count(v, lang) if type(v) is int else v for k, v in args.items()}
    return template.format_map(shown)

# -- the words of each language ------------------------------------------------------------
# Item forms: "" the name, "the" with its article, "a" one card of it, "acc" the Polish
# accusative, "many" the plural a sentence about every card of it uses; then the counted
# forms (one, few, many). Italian counts cards ("3 carte Forziere"), as its rulebook
# names them ("la carta Oro").


def _it_item(name: str, the: str) -> tuple[dict[str, str], tuple[str, str, str]]:
    """Return the forms of an Italian item named `name`, `the` with its article."""
    return ({"": name, "the": the, "a": f"una carta {name}", "many": f"carte {name}"},
            (f"carta {name}", f"carte {name}", f"carte {name}"))


def _en_item(name: str, many: str) -> tuple[dict[str, str], tuple[str, str, str]]:
    """Return the forms of an English item named `name`, `many` its plural. A name that is
    its own plural (gold, pearls, jewels) is counted in cards: "1 pearls card", never
    "1 pearls"."""
    counted = (name, many, many) if name != many else (f"{name} card", f"{name} cards",
                                                       f"{name} cards")
    return ({"": name, "the": f"the {name}", "a": name, "many": many}, counted)


WORDS: dict[str, dict[str, Any]] = {
    "en": {
        "colours": ("red", "yellow", "green", "blue", "purple", "white", "grey"),
        "items": (
            _en_item("copper coin", "copper coins"),
            _en_item("silver candlestick", "silver candlesticks"),
            _en_item("gold", "gold"),
            _en_item("pearls", "pearls"),
            _en_item("jewels", "jewels"),
            _en_item("necklace", "necklaces"),
            _en_item("chest", "chests"),
        ),
        "actions": ("buy", "steal", "ambush", "rob", "raid", "defence", "trade"),
        "commissions": ("seven different items", "five identical items",
                        "four different pairs", "three different pairs"),
        "nouns": {"card": ("card", "cards", "cards"), "cards": ("card", "cards", "cards"),
                  "point": ("point", "points", "points"),
                  "ambush": ("ambush card", "ambush cards", "ambush cards")},
        "and": " and ", "nothing": "nothing", "none": "none",
        "offer": "{seat} {item}", "score": "{seat} {n}",
        # An ambush card: one showing a seat's colour, one showing two items.
        "ambush_colour": {"": "{colour} ({seat})", "the": "the {colour} ambush card ({seat})"},
        "ambush_items": {"": "{a} + {b}", "the": "the ambush card {a} + {b}"},
    },
    "it": {
        "colours": ("rosso", "giallo", "verde", "blu", "viola", "bianco", "grigio"),
        "colours_f": ("rossa", "gialla", "verde", "blu", "viola", "bianca", "grigia"),
        "items": (
            _it_item("Moneta di Rame", "la Moneta di Rame"),
            _it_item("Candelabro d'Argento", "il Candelabro d'Argento"),
            _it_item("Oro", "l'Oro"),
            _it_item("Perle", "le Perle"),
            _it_item("Gioielli", "i Gioielli"),
            _it_item("Collana", "la Collana"),
            _it_item("Forziere", "il Forziere"),
        ),
        "actions": ("Acquisto", "Trafugare", "Imboscata", "Rubare", "Rapinare", "Difesa",
                    "Commercio"),
        "commissions": ("7 oggetti diversi", "5 carte uguali", "4 coppie diverse",
                        "3 coppie diverse"),
        "nouns": {"card": ("carta", "carte", "carte"), "cards": ("carta", "carte", "carte"),
                  "point": ("punto", "punti", "punti"),
                  "ambush": ("carta imboscata", "carte imboscata", "carte imboscata")},
        "and": " e ", "nothing": "niente", "none": "nessuna",
        "offer": "{seat}: {item}", "score": "{seat} {n}",
        "ambush_colour": {"": "{colour_f} ({seat})",
                          "the": "la carta imboscata {colour_f} ({seat})"},
        "ambush_items": {"": "{a} + {b}", "the": "la carta imboscata {a} + {b}"},
    },
    "pl": {
        "colours": ("czerwony", "żółty", "zielony", "niebieski", "fioletowy", "biały",
                    "szary"),
        "colours_f": ("czerwona", "żółta", "zielona", "niebieska", "fioletowa", "biała",
                      "szara"),
        "colours_f_acc": ("czerwoną", "żółtą", "zieloną", "niebieską", "fioletową", "białą",
                          "szarą"),
        "items": (
            ({"": "miedziana moneta", "acc": "miedzianą monetę", "many": "miedzianych monet"},
             ("miedziana moneta", "miedziane monety", "miedzianych monet")),
            ({"": "srebrny świecznik", "acc": "srebrny świecznik",
              "many": "srebrnych świeczników"},
             ("srebrny świecznik", "srebrne świeczniki", "srebrnych świeczników")),
            ({"": "sztabka złota", "acc": "sztabkę złota", "many": "sztabek złota"},
             ("sztabka złota", "sztabki złota", "sztabek złota")),
            ({"": "sznur pereł", "acc": "sznur pereł", "many": "sznurów pereł"},
             ("sznur pereł", "sznury pereł", "sznurów pereł")),
            ({"": "klejnot", "acc": "klejnot", "many": "klejnotów"},
             ("klejnot", "klejnoty", "klejnotów")),
            ({"": "naszyjnik", "acc": "naszyjnik", "many": "naszyjników"},
             ("naszyjnik", "naszyjniki", "naszyjników")),
            ({"": "skrzynia", "acc": "skrzynię", "many": "skrzyń"},
             ("skrzynia", "skrzynie", "skrzyń")),
        ),
        "actions": ("Kupno", "Kradzież", "Zasadzka", "Rabunek", "Napad", "Obrona", "Handel"),
        "commissions": ("siedem różnych przedmiotów", "pięć jednakowych przedmiotów",
                        "cztery różne pary", "trzy różne pary"),
        # "card" is the form after a verb (accusative), "cards" the form that names a
        # number of cards (nominative): 1 kartę / 1 karta, then alike from 2 on.
        "nouns": {"card": ("kartę", "karty", "kart"), "cards": ("karta", "karty", "kart"),
                  "point": ("punkt", "punkty", "punktów"),
                  "ambush": ("karta zasadzki", "karty zasadzki", "kart zasadzki")},
        "and": " i ", "nothing": "nic", "none": "brak",
        "offer": "{seat}: {item}", "score": "{seat} {n}",
        "ambush_colour": {"": "{colour_f} ({seat})",
                          "acc": "{colour_f_acc} kartę zasadzki ({seat})"},
        "ambush_items": {"": "{a} + {b}", "acc": "kartę zasadzki „{a} + {b}”"},
    },
}

# Terms built once per language from the tables above.
ITEM_TERMS = {lang: tuple(Term(forms) for forms, _ in w["items"]) for lang, w in WORDS.items()}
SEATS = {lang: tuple(Term({"": f"P{p + 1} ({c})"}) for p, c in enumerate(w["colours"]))
         for lang, w in WORDS.items()}
COMMISSION_TERMS = {lang: tuple(Term({"": n}) for n in w["commissions"])
                    for lang, w in WORDS.items()}


def _ambush_term(card: int, lang: str) -> Term:
    """Return ambush card `card` in `lang`: its colour and seat, or its two items."""
    words = WORDS[lang]
    if card < len(COLOURS):
        shown = {"colour": words["colours"][card], "seat": f"P{card + 1}",
                 "colour_f": words.get("colours_f", words["colours"])[card],
                 "colour_f_acc": words.get("colours_f_acc", words["colours"])[card]}
        return Term({k: v.format_map(shown) for k, v in words["ambush_colour"].items()})
    a, b = AMBUSH_PAIRS[card - len(COLOURS)]
    names = {"a": ITEM_TERMS[lang][a], "b": ITEM_TERMS[lang][b]}
    return Term({k: v.format_map(names) for k, v in words["ambush_items"].items()})


AMBUSH_TERMS = {lang: {name: _ambush_term(c, lang) for c, name in enumerate(AMBUSH_NAMES)}
                for lang in WORDS}
ITEM_INDEX = {name: i for i, name in enumerate(ITEMS)}


def player_name(seat: int, lang: str = "en") -> str:
    """Return a seat's display name in `lang`: its number and colour."""
    check_language(lang)
    return str(SEATS[lang][seat])


def item_label(token: str, lang: str = "en") -> str:
    """Return the name of an item token in `lang`."""
    return str(ITEM_TERMS[lang][ITEM_INDEX[token]])


def ambush_label(token: str, lang: str = "en") -> str:
    """Return the name of an ambush card token in `lang`: its colour and seat, or its two
    items."""
    return str(AMBUSH_TERMS[lang][token])


def joined(lang: str, parts: Sequence[str], last: bool = True) -> str:
    """Return `parts` as a list in `lang` ("a, b and c"; with `last` false "a, b, c")."""
    if not parts:
        return str(WORDS[lang]["nothing"])
    if not last or len(parts) == 1:
        return ", ".join(parts)
    return ", ".join(parts[:-1]) + str(WORDS[lang]["and"]) + parts[-1]


def counted(lang: str, row: Sequence[int], last: bool = False) -> str:
    """Return item counts in words ("2 gold, 1 chest"), or "nothing"."""
    return joined(lang, [format(Count(n, lang, i), "item") for i, n in enumerate(row) if n],
                  last)

# -- the log --------------------------------------------------------------------------------

TEMPLATES: dict[str, dict[str, str]] = {
    "en": {
        "setup": "A game for {players} players; the sheriff's track reads {track}.",
        "deal": "{player} is dealt {items}.",
        "deal.hidden": "{player} is dealt {count} cards.",
        "draw": "Turn {turn}: {player} draws {item}.",
        "keep": "{player} keeps the {item}.",
        "buy": "{player} plays the copper coin: everyone else offers a card face down.",
        "announce": "{player} has nothing to offer and shows their hand: {items}.",
        "offer.secret": "{player} offers {item} face down.",
        "offer.hidden": "{player} makes an offer face down.",
        "offers.revealed": "The offers are revealed: {offers}.",
        "purchase": "{player} buys the {item} from {target} for the copper coin.",
        "refuse": "{player} refuses every offer and keeps the copper coin.",
        "steal": "{player} plays the silver candlestick to steal from {target}.",
        "rob": "{player} plays the pearls to rob {target}.",
        "raid": "{player} plays the jewels to raid {target}.",
        "defend": "{player} defends with a necklace: gives it to {target} and takes the "
                  "{item}.",
        "nodefence": "{player} does not defend.",
        "steal.secret": "{player} steals {item} from {target}, who gets the candlestick.",
        "steal.hidden": "{player} steals a card from {target}, who gets the candlestick.",
        "look.secret": "{player} looks at {target}'s hand: {items}.",
        "look.hidden": "{player} looks at {target}'s hand.",
        "rob.secret": "{player} takes {item} from {target}, who gets the pearls.",
        "rob.hidden": "{player} takes a card from {target}, who gets the pearls.",
        "open": "{player} lays their hand open: {items}.",
        "take.open": "{player} takes {item} from {target}, who gets the {paid}.",
        "ambush": "{player} plays the gold and draws two ambush cards.",
        "hide.secret": "{player} lies in wait with {card} and puts {other} under the ambush "
                       "deck.",
        "hide.hidden": "{player} lies in wait with an ambush card and the gold under it.",
        "trade": "{player} plays the chest: everyone else offers one or two cards face up.",
        "offer.open": "{player} offers {items}.",
        "trade.none": "Nobody can offer anything; {player} keeps the chest.",
        "accept": "{player} accepts {target}'s offer of {items} for the chest.",
        "pass": "{player} ends the turn.",
        "exchange": "{player} lays out {count} {item} for points.",
        "ambush.decline": "{player} lets it pass.",
        "spring": "{player} springs the ambush {card} on {target}, takes {item} and gives "
                  "the gold.",
        "exchange.failed": "{player} is left with {count} cards and cannot exchange them.",
        "exchange.done": "{player} exchanges {count} {item} and banks one for {points} "
                         "points.",
        "commission": "{player} completes the commission '{kind}' with {items} (card "
                      "{place} of 2).",
        "sheriff": "The sheriff moves to space {space} ({number}): hands of {number} or "
                   "fewer get a favour.",
        "sheriff.nofavour": "The sheriff moves to space {space} ({number}) with no favours.",
        "sheriff.home": "The sheriff is back in Nottingham.",
        "favour.secret": "{player} receives a favour: {item}.",
        "favour.hidden": "{player} receives a favour from the sheriff.",
        "reshuffle": "The discard pile ({count} cards) is shuffled into a new deck.",
        "exhausted": "No deck and no discard: every hand above {number} cards is discarded "
                     "down to {number}.",
        "exhausted.town": "No deck and no discard, and the sheriff is in Nottingham, where "
                          "there is no number: nobody discards.",
        "discard": "{player} discards {item}.",
        "end": "Game over. Points: {scores}; winners: {winners}.",
    },
    "it": {
        "setup": "Partita a {players} giocatori; il percorso dello Sceriffo è {track}.",
        "deal": "{player} riceve {items}.",
        "deal.hidden": "{player} riceve {count:card}.",
        "draw": "Turno {turn}: {player} pesca {item:a}.",
        "keep": "{player} tiene {item:the}.",
        "buy": "{player} gioca la Moneta di Rame (Acquisto): ognuno degli altri offre una "
               "carta coperta.",
        "announce": "{player} non ha niente da offrire e mostra la mano: {items}.",
        "offer.secret": "{player} offre {item:a}, coperta.",
        "offer.hidden": "{player} fa un'offerta coperta.",
        "offers.revealed": "Si scoprono le offerte: {offers}.",
        "purchase": "{player} compra da {target} {item:a} con la Moneta di Rame.",
        "refuse": "{player} rifiuta tutte le offerte e si tiene la Moneta di Rame.",
        "steal": "{player} gioca il Candelabro d'Argento per trafugare una carta a {target}.",
        "rob": "{player} gioca le Perle per derubare {target}.",
        "raid": "{player} gioca i Gioielli per rapinare {target}.",
        "defend": "{player} si difende con una Collana: la cede a {target} e prende "
                  "{item:the}.",
        "nodefence": "{player} non si difende.",
        "steal.secret": "{player} trafuga {item:a} a {target}, che riceve il Candelabro "
                        "d'Argento.",
        "steal.hidden": "{player} trafuga una carta a {target}, che riceve il Candelabro "
                        "d'Argento.",
        "look.secret": "{player} guarda la mano di {target}: {items}.",
        "look.hidden": "{player} guarda la mano di {target}.",
        "rob.secret": "{player} prende {item:a} a {target}, che riceve le Perle.",
        "rob.hidden": "{player} prende una carta a {target}, che riceve le Perle.",
        "open": "{player} scopre la propria mano sul tavolo: {items}.",
        "take.open": "{player} prende {item:a} a {target}, che riceve {paid:the}.",
        "ambush": "{player} gioca l'Oro e pesca due carte imboscata.",
        "hide.secret": "{player} prepara un'imboscata con {card:the} e mette {other:the} in "
                       "fondo al mazzo delle imboscate.",
        "hide.hidden": "{player} prepara un'imboscata: una carta imboscata coperta con l'Oro "
                       "sotto.",
        "trade": "{player} gioca il Forziere (Commercio): ognuno degli altri offre una o due "
                 "carte scoperte.",
        "offer.open": "{player} offre {items}.",
        "trade.none": "Nessuno può offrire niente; {player} si tiene il Forziere.",
        "accept": "{player} accetta l'offerta di {target} ({items}) in cambio del Forziere.",
        "pass": "{player} termina il turno.",
        "exchange": "{player} mette in tavola {count:item} da scambiare per punti.",
        "ambush.decline": "{player} lascia correre.",
        "spring": "{player} fa scattare {card:the} contro {target}, prende {item:a} e cede "
                  "l'Oro.",
        "exchange.failed": "{player} rimane con {count:card} e lo scambio non riesce.",
        "exchange.done": "{player} scambia {count:item} e ne mette una nelle vincite "
                         "({points:point}).",
        "commission": "{player} completa l'incarico «{kind}» con {items} (carta {place} "
                      "di 2).",
        "sheriff": "Lo Sceriffo avanza sulla casella {space} ({number}): chi ha in mano al "
                   "massimo {number:card} riceve un favore.",
        "sheriff.nofavour": "Lo Sceriffo avanza sulla casella {space} ({number}) senza "
                            "concedere favori.",
        "sheriff.home": "Lo Sceriffo è tornato a Nottingham.",
        "favour.secret": "{player} riceve un favore: {item:a}.",
        "favour.hidden": "{player} riceve un favore dallo Sceriffo.",
        "reshuffle": "Gli scarti ({count:card}) vengono mescolati e formano un nuovo mazzo.",
        "exhausted": "Niente mazzo e niente scarti: chi ha in mano più di {number:card} "
                     "scarta fino a restare con {number}.",
        "exhausted.town": "Niente mazzo e niente scarti, ma lo Sceriffo è a Nottingham, che "
                          "non ha numero: nessuno scarta.",
        "discard": "{player} scarta {item:a}.",
        "end": "Partita finita. Punti: {scores}; vincitori: {winners}.",
    },
    "pl": {
        "setup": "Gra dla {players} graczy; tor szeryfa: {track}.",
        "deal": "{player} otrzymuje: {items}.",
        "deal.hidden": "{player} otrzymuje {count:card}.",
        "draw": "Tura {turn}: {player} dobiera {item:acc}.",
        "keep": "{player} zatrzymuje {item:acc}.",
        "buy": "{player} zagrywa miedzianą monetę (Kupno): każdy z pozostałych oferuje "
               "jedną zakrytą kartę.",
        "announce": "{player} nie ma czego zaoferować i pokazuje rękę: {items}.",
        "offer.secret": "{player} oferuje w ukryciu: {item}.",
        "offer.hidden": "{player} składa zakrytą ofertę.",
        "offers.revealed": "Oferty zostają odkryte: {offers}.",
        "purchase": "{player} kupuje od gracza {target} {item:acc} za miedzianą monetę.",
        "refuse": "{player} odrzuca wszystkie oferty i zatrzymuje miedzianą monetę.",
        "steal": "{player} zagrywa srebrny świecznik (Kradzież) przeciw graczowi {target}.",
        "rob": "{player} zagrywa sznur pereł (Rabunek) przeciw graczowi {target}.",
        "raid": "{player} zagrywa klejnot (Napad) przeciw graczowi {target}.",
        "defend": "{player} broni się naszyjnikiem: oddaje go graczowi {target} i bierze "
                  "{item:acc}.",
        "nodefence": "{player} się nie broni.",
        "steal.secret": "{player} kradnie graczowi {target} {item:acc}, a ten dostaje "
                        "srebrny świecznik.",
        "steal.hidden": "{player} kradnie graczowi {target} jedną kartę, a ten dostaje "
                        "srebrny świecznik.",
        "look.secret": "{player} ogląda rękę gracza {target}: {items}.",
        "look.hidden": "{player} ogląda rękę gracza {target}.",
        "rob.secret": "{player} zabiera graczowi {target} {item:acc}, a ten dostaje sznur "
                      "pereł.",
        "rob.hidden": "{player} zabiera graczowi {target} jedną kartę, a ten dostaje sznur "
                      "pereł.",
        "open": "{player} wykłada rękę na stół: {items}.",
        "take.open": "{player} zabiera graczowi {target} {item:acc}, a ten dostaje "
                     "{paid:acc}.",
        "ambush": "{player} zagrywa sztabkę złota i dobiera dwie karty zasadzki.",
        "hide.secret": "{player} zastawia zasadzkę: zatrzymuje {card:acc} i wsuwa "
                       "{other:acc} pod talię zasadzek.",
        "hide.hidden": "{player} zastawia zasadzkę: kładzie zakrytą kartę zasadzki ze "
                       "sztabką złota pod spodem.",
        "trade": "{player} zagrywa skrzynię (Handel): każdy z pozostałych oferuje jedną lub "
                 "dwie odkryte karty.",
        "offer.open": "{player} oferuje: {items}.",
        "trade.none": "Nikt nie może nic zaoferować; {player} zatrzymuje skrzynię.",
        "accept": "{player} przyjmuje ofertę gracza {target} ({items}) w zamian za skrzynię.",
        "pass": "{player} kończy turę.",
        "exchange": "{player} wykłada do wymiany na punkty: {count:item}.",
        "ambush.decline": "{player} przepuszcza okazję.",
        "spring": "{player} odkrywa {card:acc} przeciw graczowi {target}, zabiera "
                  "{item:acc} i oddaje sztabkę złota.",
        "exchange.failed": "{player} ma już tylko {count:card} do wymiany i wymiana "
                           "przepada.",
        "exchange.done": "{player} wymienia {count:item} i odkłada jedną kartę na stos "
                         "wygranych ({points:point}).",
        "commission": "{player} realizuje zlecenie „{kind}” kartami: {items} (karta {place} "
                      "z 2).",
        "sheriff": "Szeryf przechodzi na pole {space} ({number}): przysługę dostaje każdy, "
                   "kto ma w ręce najwyżej {number:card}.",
        "sheriff.nofavour": "Szeryf przechodzi na pole {space} ({number}) bez przysług.",
        "sheriff.home": "Szeryf wrócił do Nottingham.",
        "favour.secret": "{player} dostaje przysługę: {item}.",
        "favour.hidden": "{player} dostaje przysługę od szeryfa.",
        "reshuffle": "Stos kart odrzuconych ({count:cards}) zostaje potasowany w nową talię.",
        "exhausted": "Nie ma talii ani kart odrzuconych: kto ma w ręce więcej niż "
                     "{number:card}, odrzuca nadmiar.",
        "exhausted.town": "Nie ma talii ani kart odrzuconych, a szeryf stoi w Nottingham, "
                          "gdzie nie ma liczby: nikt nie odrzuca kart.",
        "discard": "{player} odrzuca {item:acc}.",
        "end": "Koniec gry. Punkty: {scores}; zwycięzcy: {winners}.",
    },
}


def _seat(value: Any) -> int:
    """Return `value` if it is a seat of some Nottingham table, else raise ValueError."""
    if type(value) is not int or not 0 <= value < MAX_PLAYERS:
        raise ValueError(f"not a seat: {value!r}")
    return value


def _number(value: Any) -> int:
    """Return `value` if it is a whole number from 0 to 10,000, else raise ValueError."""
    if type(value) is not int or not 0 <= value <= 10_000:
        raise ValueError(f"not a count: {value!r}")
    return value


def _item(value: Any) -> int:
    """Return the index of item token `value`, else raise ValueError."""
    if type(value) is not str or value not in ITEM_INDEX:
        raise ValueError(f"not an item: {value!r}")
    return ITEM_INDEX[value]


def _ambush(value: Any, lang: str) -> Term:
    """Return the ambush card token `value` in `lang`, else raise ValueError."""
    if type(value) is not str or value not in AMBUSH_TERMS[lang]:
        raise ValueError(f"not an ambush card: {value!r}")
    return AMBUSH_TERMS[lang][value]


def _listed(value: Any, limit: int = 84) -> list[Any]:
    """Return `value` if it is a list of at most `limit` entries, else raise ValueError."""
    if type(value) is not list or len(value) > limit:
        raise ValueError("not a short list")
    return value


def _offer(entry: Any, lang: str) -> str:
    """Return the words of one revealed Buy offer, written "seat:item"."""
    if type(entry) is not str or len(entry) > 40:
        raise ValueError(f"not an offer: {entry!r}")
    seat, _, item = entry.partition(":")
    if not seat.isdigit():
        raise ValueError(f"not an offer: {entry!r}")
    return str(WORDS[lang]["offer"]).format(seat=SEATS[lang][_seat(int(seat))],
                                            item=ITEM_TERMS[lang][_item(item)])


def _items(value: Any, lang: str) -> str:
    """Return a list of item tokens in words."""
    names = [str(ITEM_TERMS[lang][_item(i)]) for i in _listed(value)]
    return ", ".join(names) or str(WORDS[lang]["nothing"])


def _shown(name: str, value: Any, args: Mapping[str, Any], lang: str) -> Any:
    """Return one event argument as a line in `lang` shows it; raise ValueError on an
    argument this game never writes (an unknown name, a seat off the table, an item that is
    not one)."""
    words = WORDS[lang]
    if name in ("player", "target"):
        return SEATS[lang][_seat(value)]
    if name in ("item", "paid"):
        return ITEM_TERMS[lang][_item(value)]
    if name in ("card", "other"):
        return _ambush(value, lang)
    if name == "items":
        return _items(value, lang)
    if name == "kind":
        if value not in COMMISSIONS:
            raise ValueError(f"not a commission: {value!r}")
        return COMMISSION_TERMS[lang][COMMISSIONS.index(value)]
    if name == "offers":
        return ", ".join(_offer(e, lang) for e in _listed(value, MAX_PLAYERS)) or words["none"]
    if name == "scores":
        return ", ".join(str(words["score"]).format(seat=SEATS[lang][q], n=_number(n))
                         for q, n in enumerate(_listed(value, MAX_PLAYERS)))
    if name == "winners":
        return ", ".join(SEATS[lang][_seat(w)] for w in _listed(value, MAX_PLAYERS))
    if name == "track":
        return "-".join(str(_number(n)) for n in _listed(value, 100))
    if name == "count" and "item" in args:
        return Count(_number(value), lang, _item(args["item"]))
    if name in ("players", "count", "turn", "space", "number", "points", "place"):
        return Count(_number(value), lang)
    raise ValueError(f"no event argument {name!r}")


def localize(args: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """Return an event's arguments as the lines of `lang` show them (the catalogue's
    `localize`); raise ValueError on any argument this game never writes."""
    lang = lang if lang in WORDS else "en"  # as the catalogue falls back to English
    return {name: _shown(name, value, args, lang) for name, value in args.items()}


def _wrap(args: Mapping[str, Any]) -> dict[str, Any]:
    """Return an event's arguments as the English lines show them."""
    return localize(args, "en")


def _one(args: Mapping[str, Any]) -> frozenset[int]:
    """The audience of an event only its `player` reads."""
    return frozenset({_seat(args["player"])})


def _two(args: Mapping[str, Any]) -> frozenset[int]:
    """The audience of an event its `player` and its `target` read."""
    return frozenset({_seat(args["player"]), _seat(args["target"])})


# Every private event, who reads it whole (from its own arguments) and what the others read.
PRIVATE: dict[str, Private] = {
    "deal": Private(_one, "deal.hidden"),
    "offer.secret": Private(_one, "offer.hidden"),
    "steal.secret": Private(_two, "steal.hidden"),
    "look.secret": Private(_one, "look.hidden"),
    "rob.secret": Private(_two, "rob.hidden"),
    "hide.secret": Private(_one, "hide.hidden"),
    "favour.secret": Private(_one, "favour.hidden"),
}

CATALOG = Catalog(TEMPLATES, wrap=_wrap, private=PRIVATE, localize=localize)

# -- prompts and action labels -------------------------------------------------------------

PROMPTS: dict[str, dict[str, str]] = {
    "en": {
        "choose": "keep the {drawn} or carry out its action ({action})",
        "buy_offer": "offer one card face down for {active}'s copper coin (never a copper "
                     "coin)",
        "buy_choose": "buy one of the offers with your copper coin, or refuse them all",
        "defend": "{active} attacks you with the {drawn}: defend with a necklace, or let it "
                  "happen",
        "take": "take one card from {target}'s hand",
        "ambush_keep": "keep one ambush card (not your own colour); the other goes under the "
                       "deck",
        "trade_offer": "offer one or two cards face up for {active}'s chest (never a chest)",
        "trade_choose": "accept one of the offers for your chest",
        "exchange": "exchange cards for points (at most once), or end your turn",
        "ambush_window": "{active} exchanges {count} {item}: spring an ambush, or let it pass",
        "discard_down": "the deck is exhausted: discard down to {number} cards",
        "over": "the game is over",
    },
    "it": {
        "choose": "tieni {drawn:the} oppure esegui la sua azione ({action})",
        "buy_offer": "offri una carta coperta per la Moneta di Rame di {active} (mai una "
                     "Moneta di Rame)",
        "buy_choose": "compra una delle offerte con la tua Moneta di Rame, oppure rifiutale "
                      "tutte",
        "defend": "{active} ti attacca con {drawn:the}: difenditi con una Collana, oppure "
                  "lascia fare",
        "take": "prendi una carta dalla mano di {target}",
        "ambush_keep": "tieni una carta imboscata (non del tuo colore); l'altra va in fondo "
                       "al mazzo",
        "trade_offer": "offri una o due carte scoperte per il Forziere di {active} (mai un "
                       "Forziere)",
        "trade_choose": "accetta una delle offerte per il tuo Forziere",
        "exchange": "scambia carte per punti (al massimo una volta), oppure termina il turno",
        "ambush_window": "{active} scambia {count:item}: fai scattare un'imboscata, oppure "
                         "lascia correre",
        "discard_down": "il mazzo è esaurito: scarta fino a restare con {number:card}",
        "over": "la partita è finita",
    },
    "pl": {
        "choose": "zatrzymaj {drawn:acc} albo wykonaj akcję tej karty ({action})",
        "buy_offer": "zaoferuj jedną zakrytą kartę za miedzianą monetę gracza {active} "
                     "(nigdy miedzianą monetę)",
        "buy_choose": "kup jedną z ofert za swoją miedzianą monetę albo odrzuć wszystkie",
        "defend": "{active} atakuje cię ({drawn}): obroń się naszyjnikiem albo pozwól na atak",
        "take": "weź jedną kartę z ręki gracza {target}",
        "ambush_keep": "zatrzymaj jedną kartę zasadzki (nie w swoim kolorze); druga trafi "
                       "pod talię",
        "trade_offer": "zaoferuj jedną lub dwie odkryte karty za skrzynię gracza {active} "
                       "(nigdy skrzynię)",
        "trade_choose": "przyjmij jedną z ofert za swoją skrzynię",
        "exchange": "wymień karty na punkty (najwyżej raz) albo zakończ turę",
        "ambush_window": "{active} wymienia {count:item}: odkryj zasadzkę albo przepuść",
        "discard_down": "talia się wyczerpała: odrzucaj, aż zostanie ci w ręce "
                        "{number:card}",
        "over": "gra się skończyła",
    },
}

# {hand} is the target's hand size with its noun, {known} what the chooser knows of it.
LABELS: dict[str, dict[str, str]] = {
    "en": {
        "keep": "keep the {item} in your hand",
        "buy": "buy: the others each offer you a card for the copper coin",
        "ambush": "ambush: draw two ambush cards and keep one",
        "trade": "trade: the others each offer one or two cards for the chest",
        "steal": "steal a random card from {target} ({hand:cards} in hand{known})",
        "rob": "rob {target}: look at their hand and take a card ({hand:cards} in "
               "hand{known})",
        "raid": "raid {target}: lay their hand open and take a card ({hand:cards} in "
                "hand{known})",
        "known": ", among them {items}",
        "purchase": "buy the {item} offered by {target}",
        "accept": "accept {items} from {target} for your chest",
        "offer": "offer {items}",
        "refuse": "refuse every offer and keep the copper coin",
        "defend": "defend: give {active} a necklace and take the {item}",
        "let": "do not defend: let {active} carry on",
        "no_spring": "do not spring an ambush",
        "take": "take the {item}",
        "hide_colour": "keep {card:the}: it hits any exchange by {seat}",
        "hide_items": "keep {card:the}: it hits any exchange of {a:many} or {b:many}",
        "spring": "spring {card:the}: take one {item} from the exchange and give up its gold",
        "exchange": "exchange {count:item}: bank one for {value:point}, {left:cards} left in "
                    "hand",
        "commission": "complete '{kind}' with {items}: {worth}",
        "one_of_each": "one card of each item",
        "worth_open": "{single:point} ({double} if another player completes it too)",
        "worth_shared": "{double:point}",
        "pass": "end the turn without an exchange",
        "discard": "discard one {item}",
    },
    "it": {
        "keep": "tieni {item:the} in mano",
        "buy": "Acquisto: ognuno degli altri ti offre una carta per la Moneta di Rame",
        "ambush": "Imboscata: pesca due carte imboscata e tienine una",
        "trade": "Commercio: ognuno degli altri offre una o due carte per il Forziere",
        "steal": "trafuga una carta a caso a {target} ({hand:cards} in mano{known})",
        "rob": "deruba {target}: guarda la sua mano e prendi una carta ({hand:cards} in "
               "mano{known})",
        "raid": "rapina {target}: scopri la sua mano e prendi una carta ({hand:cards} in "
                "mano{known})",
        "known": ", tra cui {items}",
        "purchase": "compra da {target} {item:a}",
        "accept": "accetta l'offerta di {target} ({items}) per il tuo Forziere",
        "offer": "offri {items}",
        "refuse": "rifiuta tutte le offerte e tieni la Moneta di Rame",
        "defend": "difenditi: dai una Collana a {active} e prendi {item:the}",
        "let": "non difenderti: lascia agire {active}",
        "no_spring": "non far scattare imboscate",
        "take": "prendi {item:a}",
        "hide_colour": "tieni {card:the}: colpisce ogni scambio di {seat}",
        "hide_items": "tieni {card:the}: colpisce ogni scambio di {a:many} o di {b:many}",
        "spring": "fai scattare {card:the}: prendi {item:a} dallo scambio e cedi il suo Oro",
        "exchange": "scambia {count:item}: una va nelle vincite per {value:point}, poi in "
                    "mano: {left:cards}",
        "commission": "completa l'incarico «{kind}» con {items}: {worth}",
        "one_of_each": "una carta di ogni oggetto",
        "worth_open": "{single:point} ({double} se lo completa anche un altro giocatore)",
        "worth_shared": "{double:point}",
        "pass": "termina il turno senza scambiare",
        "discard": "scarta {item:a}",
    },
    "pl": {
        "keep": "zatrzymaj {item:acc} w ręce",
        "buy": "Kupno: każdy z pozostałych oferuje ci kartę za miedzianą monetę",
        "ambush": "Zasadzka: dobierz dwie karty zasadzki i zatrzymaj jedną",
        "trade": "Handel: każdy z pozostałych oferuje jedną lub dwie karty za skrzynię",
        "steal": "wyciągnij losową kartę graczowi {target} (w ręce: {hand:cards}{known})",
        "rob": "obrabuj gracza {target}: obejrzyj jego rękę i weź kartę (w ręce: "
               "{hand:cards}{known})",
        "raid": "napadnij na gracza {target}: wyłóż jego rękę i weź kartę (w ręce: "
                "{hand:cards}{known})",
        "known": ", w tym {items}",
        "purchase": "kup od gracza {target} {item:acc}",
        "accept": "przyjmij ofertę gracza {target} ({items}) za swoją skrzynię",
        "offer": "zaoferuj: {items}",
        "refuse": "odrzuć wszystkie oferty i zatrzymaj miedzianą monetę",
        "defend": "obroń się: daj graczowi {active} naszyjnik i weź {item:acc}",
        "let": "nie broń się: pozwól graczowi {active} działać dalej",
        "no_spring": "nie odkrywaj zasadzki",
        "take": "weź {item:acc}",
        "hide_colour": "zatrzymaj {card:acc}: trafia w każdą wymianę gracza {seat}",
        "hide_items": "zatrzymaj {card:acc}: trafia w każdą wymianę {a:many} lub {b:many}",
        "spring": "odkryj {card:acc}: weź z wymiany {item:acc} i oddaj za nią sztabkę złota",
        "exchange": "wymień {count:item}: jedna karta na stos wygranych za "
                    "{value:point}, potem w ręce: {left:cards}",
        "commission": "zrealizuj zlecenie „{kind}”: {items} — {worth}",
        "one_of_each": "po jednej karcie każdego przedmiotu",
        "worth_open": "{single:point} ({double}, jeśli zrealizuje je też ktoś inny)",
        "worth_shared": "{double:point}",
        "pass": "zakończ turę bez wymiany",
        "discard": "odrzuć {item:acc}",
    },
}


def _drawn(s: Position) -> int:
    """Return the item of the shown card (-1 when there is none)."""
    return s.drawn // CARDS_PER_ITEM if s.drawn >= 0 else -1


def prompt(s: Position, player: int, lang: str = "en") -> str:
    """Return what `player` is asked now, in words of `lang`."""
    drawn = _drawn(s)
    table_item = s.table[0] // CARDS_PER_ITEM if s.table else 0
    number = s.track[s.sheriff - 1] if 1 <= s.sheriff <= len(s.track) else 0
    items = ITEM_TERMS[lang]
    return fill(
        PROMPTS[lang][PHASES[s.phase]], lang=lang,
        drawn=items[drawn] if drawn >= 0 else "",
        action=WORDS[lang]["actions"][drawn] if drawn >= 0 else "",
        active=SEATS[lang][s.active], target=SEATS[lang][s.target] if s.target >= 0 else "",
        count=Count(len(s.table), lang, table_item), item=items[table_item], number=number)


def _attack(s: Position, player: int, kind: str, target: int, lang: str) -> str:
    """Return the label of an attack on `target`: their hand size and what `player` is sure
    they hold, which is what choosing a victim turns on."""
    sure = s.known_row(target, player)
    known = fill(LABELS[lang]["known"], lang=lang, items=counted(lang, sure, last=True)) \
        if any(sure) else ""
    return fill(LABELS[lang][kind], lang=lang, target=SEATS[lang][target],
                hand=len(s.hands[target]), known=known)


def _hide(card: str, lang: str) -> str:
    """Return the label of keeping ambush card `card`: whom or what it can hit."""
    index = AMBUSH_NAMES.index(card)
    term = AMBUSH_TERMS[lang][card]
    if index < len(COLOURS):
        return fill(LABELS[lang]["hide_colour"], lang=lang, card=term,
                    seat=SEATS[lang][index])
    a, b = AMBUSH_PAIRS[index - len(COLOURS)]
    return fill(LABELS[lang]["hide_items"], lang=lang, card=term, a=ITEM_TERMS[lang][a],
                b=ITEM_TERMS[lang][b])


def _commission(s: Position, args: tuple[Any, ...], lang: str) -> str:
    """Return the label of a commission: the cards it spends and what it is worth now."""
    labels = LABELS[lang]
    kind = COMMISSIONS.index(args[0])
    if kind == SEVEN:
        items = labels["one_of_each"]
    else:
        cards = commission_cards(kind, [ITEM_INDEX[i] for i in args[1:]])
        items = counted(lang, [cards.count(i) for i in range(len(ITEMS))], last=True)
    single, double = COMMISSION_VALUES[kind]
    worth = labels["worth_shared" if s.commissions[kind] else "worth_open"]
    return fill(labels["commission"], lang=lang, kind=COMMISSION_TERMS[lang][kind],
                items=items, worth=fill(worth, lang=lang, single=single, double=double))


def describe(s: Position, player: int, action: Action, lang: str = "en") -> str:
    """Return a label for `action` in `lang`, showing what the choice turns on."""
    kind, args = action.kind, action.args
    labels, items = LABELS[lang], ITEM_TERMS[lang]
    if kind in ("steal", "rob", "raid"):
        return _attack(s, player, kind, int(args[0]), lang)
    if kind == "keep":
        return fill(labels["keep"], lang=lang, item=items[_drawn(s)])
    if kind in ("buy", "ambush", "trade", "refuse", "pass"):
        return str(labels[kind])
    if kind == "purchase":
        q = int(args[0])
        return fill(labels["purchase"], lang=lang, target=SEATS[lang][q],
                    item=items[s.offers[q][0] // CARDS_PER_ITEM])
    if kind == "accept":
        q = int(args[0])
        offered = [str(items[c // CARDS_PER_ITEM]) for c in s.offers[q]]
        return fill(labels["accept"], lang=lang, target=SEATS[lang][q],
                    items=joined(lang, offered))
    if kind == "offer":
        return fill(labels["offer"], lang=lang,
                    items=joined(lang, [str(items[ITEM_INDEX[a]]) for a in args]))
    if kind == "defend":
        return fill(labels["defend"], lang=lang, active=SEATS[lang][s.active],
                    item=items[_drawn(s)])
    if kind == "decline":
        if s.phase == DEFEND:
            return fill(labels["let"], lang=lang, active=SEATS[lang][s.active])
        return str(labels["no_spring"])
    if kind in ("take", "discard"):
        return fill(labels[kind], lang=lang, item=items[ITEM_INDEX[args[0]]])
    if kind == "hide":
        return _hide(str(args[0]), lang)
    if kind == "spring":
        item = s.table[0] // CARDS_PER_ITEM if s.phase == AMBUSH_WINDOW and s.table else 0
        return fill(labels["spring"], lang=lang, card=AMBUSH_TERMS[lang][str(args[0])],
                    item=items[item])
    if kind == "exchange":
        item, n = ITEM_INDEX[args[0]], int(args[1])
        return fill(labels["exchange"], lang=lang, count=Count(n, lang, item),
                    value=ITEM_VALUES[item], left=len(s.hands[player]) - n)
    if kind == "commission":
        return _commission(s, args, lang)
    return str(action)

# -- the table in the terminal --------------------------------------------------------------

BOARD: dict[str, dict[str, Any]] = {
    "en": {
        "track": "Sheriff's track (the sheriff stands on [ ]; on a number, hands of at most "
                 "that many cards get a favour; the game ends back in Nottingham):",
        "turn": "Turn {turn}, active player {active}. Now: {doing}.",
        "over": "Turn {turn}: the game is over.",
        "deck": "Item deck: {deck:cards}. Discard pile: {discard:cards}{items}.",
        "waiting": "Waiting for: {who}.",
        "shown": "Shown card: {item}.",
        "table": "On the table for exchange: {count:item}.",
        "commissions": "Commissions (points if one player completes it / if two do):",
        "nobody": "open",
        "ambush_deck": "Ambush deck ({count:cards}, top first; ? = not known to you): {cards}",
        "empty": "empty",
        "players": "Players:",
        "seat": "{seat}{me}: {hand:cards}, {points:point}, {ambushes:ambush} in play",
        "me": " (you)",
        "hand": "hand: {items}",
        "seen": "everyone has seen: {items}",
        "mine": "your ambush cards: {cards}",
        "known": "cards you know of: {items}; unknown to you: {unknown}",
        "public": " (known to everyone: {items})",
        "winnings": "winnings pile: {items}",
        "offer": "offer: {items}",
        "hidden_offer": "offer: made face down",
        "look": "You drew the ambush cards: {cards}",
        "doing": {
            "choose": "the shown card is kept or played",
            "buy_offer": "the others offer a card for the copper coin",
            "buy_choose": "the active player picks an offer or refuses them all",
            "defend": "the attacked player may defend",
            "take": "the active player takes a card from the victim's hand",
            "ambush_keep": "the active player keeps one of two ambush cards",
            "trade_offer": "the others offer cards for the chest",
            "trade_choose": "the active player accepts an offer for the chest",
            "exchange": "the active player may exchange cards for points",
            "ambush_window": "the others may spring an ambush",
            "discard_down": "hands above the sheriff's number discard",
        },
    },
    "it": {
        "track": "Percorso dello Sceriffo (lo Sceriffo sta su [ ]; su un numero, chi ha in "
                 "mano al massimo quelle carte riceve un favore; la partita finisce al "
                 "ritorno a Nottingham):",
        "turn": "Turno {turn}, giocatore attivo {active}. Ora: {doing}.",
        "over": "Turno {turn}: la partita è finita.",
        "deck": "Mazzo degli oggetti: {deck:cards}. Scarti: {discard:cards}{items}.",
        "waiting": "Si attende: {who}.",
        "shown": "Carta rivelata: {item}.",
        "table": "In tavola da scambiare: {count:item}.",
        "commissions": "Incarichi (punti se lo completa un solo giocatore / se lo "
                       "completano in due):",
        "nobody": "libero",
        "ambush_deck": "Mazzo delle imboscate ({count:cards}, dalla cima; ? = a te "
                       "ignota): {cards}",
        "empty": "vuoto",
        "players": "Giocatori:",
        "seat": "{seat}{me}: {hand:cards}, {points:point}, {ambushes:ambush} in gioco",
        "me": " (tu)",
        "hand": "mano: {items}",
        "seen": "visto da tutti: {items}",
        "mine": "le tue carte imboscata: {cards}",
        "known": "carte che conosci: {items}; a te ignote: {unknown}",
        "public": " (note a tutti: {items})",
        "winnings": "mazzo delle vincite: {items}",
        "offer": "offerta: {items}",
        "hidden_offer": "offerta: fatta coperta",
        "look": "Hai pescato le carte imboscata: {cards}",
        "doing": {
            "choose": "la carta rivelata si tiene o si gioca",
            "buy_offer": "gli altri offrono una carta per la Moneta di Rame",
            "buy_choose": "il giocatore attivo sceglie un'offerta o le rifiuta tutte",
            "defend": "il giocatore attaccato può difendersi",
            "take": "il giocatore attivo prende una carta dalla mano della vittima",
            "ambush_keep": "il giocatore attivo tiene una delle due carte imboscata",
            "trade_offer": "gli altri offrono carte per il Forziere",
            "trade_choose": "il giocatore attivo accetta un'offerta per il Forziere",
            "exchange": "il giocatore attivo può scambiare carte per punti",
            "ambush_window": "gli altri possono far scattare un'imboscata",
            "discard_down": "chi supera il numero dello Sceriffo scarta",
        },
    },
    "pl": {
        "track": "Tor szeryfa (szeryf stoi na [ ]; na polu z liczbą przysługę dostaje, kto "
                 "ma w ręce najwyżej tyle kart; gra kończy się po powrocie do Nottingham):",
        "turn": "Tura {turn}, gracz aktywny: {active}. Teraz: {doing}.",
        "over": "Tura {turn}: gra się skończyła.",
        "deck": "Talia przedmiotów: {deck:cards}. Stos kart odrzuconych: "
                "{discard:cards}{items}.",
        "waiting": "Czekamy na: {who}.",
        "shown": "Odkryta karta: {item}.",
        "table": "Na stole do wymiany: {count:item}.",
        "commissions": "Zlecenia (punkty, gdy zrealizuje je jeden gracz / gdy dwóch):",
        "nobody": "wolne",
        "ambush_deck": "Talia zasadzek ({count:cards}, od wierzchu; ? = nieznana ci): "
                       "{cards}",
        "empty": "pusta",
        "players": "Gracze:",
        "seat": "{seat}{me}: {hand:cards}, {points:point}, w grze: {ambushes:ambush}",
        "me": " (ty)",
        "hand": "ręka: {items}",
        "seen": "wszyscy widzieli: {items}",
        "mine": "twoje karty zasadzki: {cards}",
        "known": "znane ci karty: {items}; nieznane: {unknown}",
        "public": " (znane wszystkim: {items})",
        "winnings": "stos wygranych: {items}",
        "offer": "oferta: {items}",
        "hidden_offer": "oferta: złożona w ukryciu",
        "look": "Dobrane karty zasadzki: {cards}",
        "doing": {
            "choose": "odkrytą kartę się zatrzymuje albo zagrywa",
            "buy_offer": "pozostali oferują kartę za miedzianą monetę",
            "buy_choose": "gracz aktywny wybiera ofertę albo odrzuca wszystkie",
            "defend": "zaatakowany może się bronić",
            "take": "gracz aktywny bierze kartę z ręki ofiary",
            "ambush_keep": "gracz aktywny zatrzymuje jedną z dwóch kart zasadzki",
            "trade_offer": "pozostali oferują karty za skrzynię",
            "trade_choose": "gracz aktywny przyjmuje ofertę za skrzynię",
            "exchange": "gracz aktywny może wymienić karty na punkty",
            "ambush_window": "pozostali mogą odkryć zasadzkę",
            "discard_down": "kto ma więcej kart niż liczba szeryfa, odrzuca",
        },
    },
}

WIDTH = 80
"""The widest line of the table (a terminal's usual width)."""


def _track(view: Mapping[str, Any]) -> str:
    """Return the sheriff's track as one line: the town at both ends, the sheriff's place
    in brackets."""
    track, pos = view["track"], view["sheriff"]
    home = pos in (0, len(track) + 1)
    start = "[Nottingham]" if pos == 0 else " Nottingham "
    end = "[Nottingham]" if home and pos > 0 else " Nottingham"
    spaces = "".join(f"[{n}]" if i + 1 == pos else f" {n} " for i, n in enumerate(track))
    return f" {start}{spaces}{end}"


def render_view(view: Mapping[str, Any], lang: str = "en") -> str:
    """Return the table as one player sees it, in `lang`: the sheriff's track, the turn,
    the decks, the commissions, the ambush deck and every player (hand, what is known of
    it, winnings, offers), each line at most 80 columns."""
    check_language(lang)
    board = BOARD[lang]
    lines: list[tuple[int, str]] = []  # (indent, text)

    def add(indent: int, key: str, **args: Any) -> None:
        lines.append((indent, fill(board[key], lang=lang, **args)))

    viewer = view["viewer"]
    seats = SEATS[lang]
    add(0, "track")
    lines.append((0, _track(view)))
    if view["phase"] == "over":
        add(0, "over", turn=view["turn"])
    else:
        add(0, "turn", turn=view["turn"], active=seats[view["active"]],
            doing=board["doing"][view["phase"]])
    discard = sum(view["discard"])
    add(0, "deck", deck=view["deck"], discard=discard,
        items=f" ({counted(lang, view['discard'])})" if discard else "")
    if view["to_act"]:
        add(0, "waiting", who=", ".join(seats[q] for q in view["to_act"]))
    if view["drawn"]:
        add(0, "shown", item=ITEM_TERMS[lang][ITEM_INDEX[view["drawn"]]])
    if view["table"]:
        t = view["table"]
        add(0, "table", count=Count(t["count"], lang, ITEM_INDEX[t["item"]]))
    add(0, "commissions")
    names = COMMISSION_TERMS[lang]
    width = max(len(n) for n in names)
    for k, name in enumerate(view["commission_names"]):
        single, double = view["commission_values"][k]
        who = ", ".join(seats[q] for q in view["commissions"][k]) or board["nobody"]
        term = names[COMMISSIONS.index(name)]
        lines.append((4, f"{term!s:<{width}}  {single}/{double}: {who}"))
    deck = view["ambush_deck"]
    known = [ambush_label(c, lang) if c else "?" for c in deck]
    add(0, "ambush_deck", count=len(deck), cards=", ".join(known) or board["empty"])
    add(0, "players")
    for seat, info in enumerate(view["seats"]):
        add(2, "seat", seat=seats[seat], me=board["me"] if seat == viewer else "",
            hand=info["hand_size"], points=info["points"], ambushes=info["ambushes"])
        if seat == viewer:
            add(4, "hand", items=counted(lang, view["hand"]))
            add(4, "seen", items=counted(lang, info["public"]))
            if view["my_ambushes"]:
                add(4, "mine", cards=", ".join(ambush_label(a, lang)
                                               for a in view["my_ambushes"]))
        else:
            line = fill(board["known"], lang=lang, items=counted(lang, info["known"]),
                        unknown=info["unknown"])
            if info["public"] != info["known"]:
                line += fill(board["public"], lang=lang, items=counted(lang, info["public"]))
            lines.append((4, line))
        add(4, "winnings", items=counted(lang, info["winnings"]))
        if info["offer"]:
            add(4, "offer", items=joined(lang, [item_label(i, lang) for i in info["offer"]]))
        elif info["offered"] == 1:
            add(4, "hidden_offer")
    if view["ambush_look"]:
        add(0, "look", cards=joined(lang, [ambush_label(a, lang)
                                           for a in view["ambush_look"]]))
    out: list[str] = []
    for indent, text in lines:
        out += textwrap.wrap(text, WIDTH, initial_indent=" " * indent,
                             subsequent_indent=" " * (indent + 2), break_on_hyphens=False)
    return "\n".join(out)

# -- help topics ----------------------------------------------------------------------------
# Item topics are named after the item and its action ("pearls (rob)") so that a player who
# looks up either finds it; `{value}` is the item's points.

ITEM_HELP: dict[str, tuple[str, ...]] = {
    "en": (
        "An item card worth {value} points once it lies in your winnings pile. Its action "
        "is buy: every other player must offer you one card face down, never a copper coin. "
        "When all offers are turned up you may take one of them and pay its owner with this "
        "coin, or refuse them all and keep the coin.",
        "An item card worth {value} points once it lies in your winnings pile. Its action "
        "is steal, an attack: pick an opponent, draw one card at random from their hand and "
        "give them the candlestick in exchange. The victim may stop it with a necklace.",
        "An item card worth {value} points once it lies in your winnings pile. Its action "
        "is ambush: look at the top two ambush cards, keep one face down in front of you "
        "(never the one of your own colour) with this gold under it, and put the other "
        "under the ambush deck. Gold under an ambush card is not in your hand and scores "
        "nothing.",
        "An item card worth {value} points once it lies in your winnings pile. Its action "
        "is rob, an attack: look at an opponent's hand without showing it to anyone, take "
        "the card you want and give them the pearls. The victim may stop it with a necklace.",
        "An item card worth {value} points once it lies in your winnings pile. Its action "
        "is raid, an attack: an opponent lays their whole hand open for everybody, you take "
        "the card you want and give them the jewels. The victim may stop it with a necklace.",
        "An item card worth {value} points once it lies in your winnings pile. It is never "
        "played when drawn: you keep it, and when someone attacks you with a silver "
        "candlestick, pearls or jewels you may give them a necklace and take their attacking "
        "card instead; the attack is then off.",
        "An item card worth {value} points once it lies in your winnings pile. Its action "
        "is trade: every other player in turn from your left must offer one or two cards "
        "face up, never a chest, and you must accept one offer; its owner gets the chest.",
    ),
    "it": (
        "Carta oggetto che vale {value} punti quando sta nel tuo mazzo delle vincite. La "
        "sua azione è l'Acquisto: ognuno degli altri deve offrirti una carta coperta, mai "
        "una Moneta di Rame. Scoperte le offerte, puoi prenderne una pagandola al "
        "proprietario con questa moneta, oppure rifiutarle tutte e tenerti la moneta.",
        "Carta oggetto che vale {value} punti quando sta nel tuo mazzo delle vincite. La "
        "sua azione, Trafugare, è un attacco: scegli un avversario, pesca a caso una carta "
        "dalla sua mano e dagli in cambio il Candelabro. La vittima può fermarti con una "
        "Collana.",
        "Carta oggetto che vale {value} punti quando sta nel tuo mazzo delle vincite. La "
        "sua azione è l'Imboscata: guardi le prime due carte imboscata, ne tieni una coperta "
        "davanti a te (mai quella del tuo colore) con questo Oro sotto e metti l'altra in "
        "fondo al mazzo delle imboscate. L'Oro sotto un'imboscata non è in mano e non vale "
        "punti.",
        "Carta oggetto che vale {value} punti quando sta nel tuo mazzo delle vincite. La "
        "sua azione, Rubare, è un attacco: guardi di nascosto la mano di un avversario, "
        "prendi la carta che vuoi e gli dai le Perle. La vittima può fermarti con una "
        "Collana.",
        "Carta oggetto che vale {value} punti quando sta nel tuo mazzo delle vincite. La "
        "sua azione, Rapinare, è un attacco: un avversario mostra a tutti la sua mano, tu "
        "prendi la carta che vuoi e gli dai i Gioielli. La vittima può fermarti con una "
        "Collana.",
        "Carta oggetto che vale {value} punti quando sta nel tuo mazzo delle vincite. Non si "
        "gioca quando la peschi: la tieni, e se qualcuno ti attacca con Candelabro "
        "d'Argento, Perle o Gioielli puoi dargli una Collana e prendere al suo posto la carta "
        "con cui attacca; l'attacco è annullato (Difesa).",
        "Carta oggetto che vale {value} punti quando sta nel tuo mazzo delle vincite. La "
        "sua azione è il Commercio: a turno, dalla tua sinistra, ognuno degli altri deve "
        "offrire una o due carte scoperte, mai un Forziere, e tu devi accettarne una; chi "
        "l'ha offerta riceve il Forziere.",
    ),
    "pl": (
        "Karta przedmiotu warta {value:point}, gdy leży na twoim stosie wygranych. Jej "
        "akcja to Kupno: każdy z pozostałych musi zaoferować ci jedną zakrytą kartę, nigdy "
        "miedzianą monetę. Po odkryciu ofert możesz wziąć jedną i zapłacić właścicielowi tą "
        "monetą albo odrzucić wszystkie i zatrzymać monetę.",
        "Karta przedmiotu warta {value:point}, gdy leży na twoim stosie wygranych. Jej "
        "akcja, Kradzież, to atak: wybierz przeciwnika, wyciągnij losowo kartę z jego ręki "
        "i daj mu w zamian świecznik. Ofiara może cię powstrzymać naszyjnikiem.",
        "Karta przedmiotu warta {value:point}, gdy leży na twoim stosie wygranych. Jej "
        "akcja to Zasadzka: obejrzyj dwie wierzchnie karty zasadzki, jedną połóż zakrytą "
        "przed sobą (nigdy tę w swoim kolorze) z tą sztabką złota pod spodem, a drugą wsuń "
        "pod talię zasadzek. Złoto pod kartą zasadzki nie jest w ręce i nie daje punktów.",
        "Karta przedmiotu warta {value:point}, gdy leży na twoim stosie wygranych. Jej "
        "akcja, Rabunek, to atak: obejrzyj w ukryciu rękę przeciwnika, weź wybraną kartę i "
        "daj mu sznur pereł. Ofiara może cię powstrzymać naszyjnikiem.",
        "Karta przedmiotu warta {value:point}, gdy leży na twoim stosie wygranych. Jej "
        "akcja, Napad, to atak: przeciwnik wykłada całą rękę na widok wszystkich, ty bierzesz "
        "wybraną kartę i dajesz mu klejnot. Ofiara może cię powstrzymać naszyjnikiem.",
        "Karta przedmiotu warta {value:point}, gdy leży na twoim stosie wygranych. Nie "
        "zagrywa się go po dobraniu: zatrzymujesz go, a gdy ktoś zaatakuje cię srebrnym "
        "świecznikiem, sznurem pereł lub klejnotem, możesz dać mu naszyjnik i wziąć zamiast "
        "tego jego kartę ataku; atak przepada (Obrona).",
        "Karta przedmiotu warta {value:point}, gdy leży na twoim stosie wygranych. Jej "
        "akcja to Handel: po kolei, od gracza po twojej lewej, każdy musi zaoferować jedną "
        "lub dwie odkryte karty, nigdy skrzynię, a ty musisz przyjąć jedną ofertę; jej "
        "autor dostaje skrzynię.",
    ),
}

COMMISSION_HELP: dict[str, tuple[str, ...]] = {
    "en": (
        "Lay out seven cards, one of each item. The hardest commission and the best paid: "
        "{single} points alone, {double} each once a second player completes it.",
        "Lay out five cards of one item. Well paid ({single} points alone, {double} each "
        "when shared) but slow: you keep a big hand meanwhile, which draws attacks and "
        "misses favours, and another player often completes it too.",
        "Lay out four pairs of four different items, eight cards. Worth {single} points "
        "alone, {double} each when shared.",
        "Lay out three pairs of three different items, six cards. The easiest and least "
        "paid ({single} points alone, {double} each when shared); handy late in the game "
        "for a hand full of pairs.",
    ),
    "it": (
        "Metti in tavola sette carte, una per ogni oggetto. L'incarico più difficile e più "
        "pagato: {single} punti da solo, {double} a testa quando lo completa anche un "
        "secondo giocatore.",
        "Metti in tavola cinque carte dello stesso oggetto. Rende bene ({single} punti da "
        "solo, {double} a testa se condiviso) ma richiede tempo: intanto tieni molte carte "
        "in mano, attiri attacchi e perdi favori, e spesso lo completa anche un altro.",
        "Metti in tavola quattro coppie di quattro oggetti diversi, otto carte. Vale "
        "{single} punti da solo, {double} a testa se condiviso.",
        "Metti in tavola tre coppie di tre oggetti diversi, sei carte. Il più facile e il "
        "meno pagato ({single} punti da solo, {double} a testa se condiviso); utile verso "
        "la fine con una mano piena di coppie.",
    ),
    "pl": (
        "Wyłóż siedem kart, po jednej każdego przedmiotu. Najtrudniejsze i najlepiej płatne "
        "zlecenie: {single:point}, gdy zrealizujesz je sam, po {double}, gdy zrobi to też "
        "drugi gracz.",
        "Wyłóż pięć kart tego samego przedmiotu. Opłacalne ({single:point} samemu, po "
        "{double} we dwóch), ale powolne: przez ten czas trzymasz dużą rękę, ściągasz ataki, "
        "tracisz przysługi, a często realizuje je też ktoś inny.",
        "Wyłóż cztery pary czterech różnych przedmiotów, osiem kart. Warte {single:point} "
        "samemu, po {double} we dwóch.",
        "Wyłóż trzy pary trzech różnych przedmiotów, sześć kart. Najłatwiejsze i najsłabiej "
        "płatne ({single:point} samemu, po {double} we dwóch); przydatne pod koniec gry, "
        "gdy masz w ręce same pary.",
    ),
}

# Every other topic: (name, explanation). `{pairs}` lists the two-item ambush cards,
# `{colours}` the player colours in seat order.
HELP: dict[str, dict[str, tuple[str, str]]] = {
    "en": {
        "item": ("item card", "The 84 cards of the main deck, twelve of each of seven items. "
                 "The top of a card shows the item and its points, the banner below the "
                 "action you may carry out instead of keeping it. Points count only for "
                 "cards that reach your winnings pile."),
        "shown": ("shown card", "At the start of your turn you draw the top item card and "
                  "show it to everyone. You either keep it in your hand or carry out its "
                  "action at once (a necklace can only be kept). Then you may make one "
                  "exchange."),
        "hand": ("hand", "The item cards you hold. Cards you drew face up, offered face up "
                 "or had laid open are known to the others; your starting cards and favours "
                 "are not. A big hand tempts attackers and misses the sheriff's favours."),
        "exchange": ("exchange", "Once per turn, after the shown card, you may lay out three "
                     "or more cards of one item: one goes face down onto your winnings "
                     "pile, the rest to the discard pile. Opponents holding a matching "
                     "ambush card may strike first. Completing a commission also counts as "
                     "your exchange. Every exchange moves the sheriff one space."),
        "commission": ("commission", "Four kinds of commission, two cards of each. Laying "
                       "out the combination a commission asks for scores its points at the "
                       "end. Each kind can be completed by two players: alone you score the "
                       "higher value, once a second player completes it both score the "
                       "lower. Nobody completes one kind twice, no ambush can hit a "
                       "commission, and the game ends when all eight are taken. On the "
                       "table, 30/20 means 30 points alone, 20 each when shared."),
        "ambush": ("ambush card", "Thirteen cards: seven show a player colour, six show two "
                   "items (none shows gold). With the gold's action you keep one face down, "
                   "the gold beneath it. When an opponent exchanges cards it matches, you "
                   "may reveal it, take one of the cards they lay out and give them the "
                   "gold; the ambush card goes under the ambush deck. If fewer than three "
                   "cards are left, their exchange fails and they take the rest back."),
        "colour_ambush": ("colour ambush card", "An ambush card showing a player's colour "
                          "hits any exchange by that player, whatever the item: the only "
                          "way to ambush an exchange of gold. You may never keep the card of "
                          "your own colour. Cards of colours nobody plays are left out."),
        "item_ambush": ("two-item ambush card", "An ambush card showing two items hits an "
                        "exchange of either item, by anyone. The six cards are: {pairs}. "
                        "Each item but gold appears on two of them."),
        "ambush_deck": ("ambush deck", "The face-down pile of ambush cards. Cards put back "
                        "go underneath, so whoever put one back knows where it lies. The "
                        "table lists the deck from the top, with ? for a card you cannot "
                        "place."),
        "sheriff": ("sheriff", "The black pawn. It starts in the town of Nottingham and "
                    "moves one space along its track after every exchange, commissions "
                    "included. It hands out favours, and when it comes back to Nottingham "
                    "the game is over."),
        "track": ("sheriff's track", "The spaces from Nottingham round to Nottingham, each "
                  "with a number. When the sheriff reaches a space, every player holding at "
                  "most that many cards gets a favour. On the table the sheriff's space is "
                  "in brackets, like [7]. The usual track here has fourteen spaces; the "
                  "option track=distinct plays a short one of seven."),
        "town": ("Nottingham", "The town where the sheriff starts and ends, shown at both "
                 "ends of the track. It has no number, so it grants no favour; when the "
                 "sheriff returns to it, the game ends."),
        "favour": ("favour", "A secret card from the sheriff: after he moves, each player "
                   "with no more cards in hand than the number of his space draws one item "
                   "card without showing it, in turn order from the active player."),
        "winnings": ("winnings pile", "Your face-down pile of banked cards, one per "
                     "exchange. At the end each card scores the points printed on it. It "
                     "also breaks ties: with equal points, more cards in the winnings pile "
                     "wins."),
        "discard": ("discard pile", "The face-up pile of exchanged, commission and "
                    "discarded cards. When the item deck runs out, it is shuffled into a "
                    "new deck."),
        "deck": ("item deck", "The face-down draw pile of item cards. Nobody knows its "
                 "order, and no card is ever put back on it."),
        "exhausted": ("deck exhausted", "If the item deck is empty and there is no discard "
                      "pile to shuffle, every player holding more cards than the number of "
                      "the sheriff's space discards down to it, choosing the cards; then the "
                      "sheriff moves on without granting favours."),
        "offer": ("offer", "In a buy each other player offers one card face down, all "
                  "revealed together; in a trade each offers one or two cards face up, one "
                  "after another. A player with nothing they may offer shows their hand "
                  "instead. Offers not taken go back to hand."),
        "known": ("known cards", "For each opponent the table lists the cards you know for "
                  "sure they hold (seen drawn, offered, laid open or taken) and how many you "
                  "do not know; for your own hand, what everybody has seen. Starting hands, "
                  "favours and unseen steals stay unknown."),
        "points": ("points", "Your score: the points of the cards in your winnings pile "
                   "plus your commissions. The highest total wins; a tie goes to the most "
                   "cards in the winnings pile, and past that the tied players share the "
                   "win."),
        "end": ("end of the game", "The game ends when the sheriff comes home to "
                "Nottingham, or at once when the eighth and last commission is completed."),
        "seats": ("players and colours", "Players are named P1, P2 and so on with their "
                  "colour ({colours} in seat order). The colour matters only for the colour "
                  "ambush cards. Play passes to the next seat, on the left."),
        "active": ("active player", "The player whose turn it is: they draw, decide on the "
                   "shown card and may exchange. The others act only when asked: to offer, "
                   "to defend, to spring an ambush or to discard."),
    },
    "it": {
        "item": ("carta oggetto", "Le 84 carte del mazzo principale, dodici per ciascuno "
                 "dei sette oggetti. In alto la carta mostra l'oggetto e i suoi punti, sullo "
                 "stendardo in basso l'azione che puoi eseguire invece di tenerla. I punti "
                 "contano solo per le carte finite nel tuo mazzo delle vincite."),
        "shown": ("carta rivelata", "All'inizio del turno peschi la prima carta oggetto e "
                  "la mostri a tutti. La tieni in mano oppure ne esegui subito l'azione (la "
                  "Collana si può solo tenere). Poi puoi fare uno scambio."),
        "hand": ("mano", "Le carte oggetto che tieni. Quelle pescate scoperte, offerte "
                 "scoperte o mostrate sono note agli altri; le carte iniziali e i favori no. "
                 "Una mano grande attira gli attacchi e perde i favori dello Sceriffo."),
        "exchange": ("scambio", "Una volta per turno, dopo la carta rivelata, puoi mettere in "
                     "tavola tre o più carte dello stesso oggetto: una va coperta nel tuo "
                     "mazzo delle vincite, le altre negli scarti. Gli avversari con una "
                     "carta imboscata adatta possono colpire prima. Anche completare un "
                     "incarico conta come scambio. Ogni scambio fa avanzare lo Sceriffo di "
                     "una casella."),
        "commission": ("incarico", "Quattro tipi di incarico, due carte per tipo. Mettere "
                       "in tavola la combinazione richiesta vale i suoi punti a fine "
                       "partita. Ogni tipo può essere completato da due giocatori: da solo "
                       "prendi il valore più alto, quando lo completa un secondo entrambi "
                       "prendete il più basso. Nessuno completa due volte lo stesso tipo, "
                       "nessuna imboscata colpisce un incarico e la partita finisce quando "
                       "sono stati presi tutti e otto. Sul tavolo, 30/20 vuol dire 30 punti "
                       "da solo, 20 a testa se condiviso."),
        "ambush": ("carta imboscata", "Tredici carte: sette mostrano un colore dei "
                   "giocatori, sei mostrano due oggetti (nessuna l'Oro). Con l'azione "
                   "dell'Oro ne tieni una coperta, con l'Oro sotto. Quando un avversario "
                   "scambia carte che la tua imboscata colpisce, puoi scoprirla, prendere "
                   "una delle carte che mette in tavola e dargli l'Oro; la carta imboscata "
                   "torna in fondo al suo mazzo. Se gli restano meno di tre carte, lo "
                   "scambio fallisce e riprende in mano le altre."),
        "colour_ambush": ("carta imboscata di colore", "Una carta imboscata con il colore "
                          "di un giocatore colpisce ogni suo scambio, qualunque sia "
                          "l'oggetto: l'unico modo di tendere un'imboscata a uno scambio di "
                          "Oro. Non puoi mai tenere quella del tuo colore. Le carte dei "
                          "colori che nessuno usa restano fuori."),
        "item_ambush": ("carta imboscata a due oggetti", "Una carta imboscata con due "
                        "oggetti colpisce uno scambio di uno dei due, di chiunque. Le sei "
                        "carte sono: {pairs}. Ogni oggetto tranne l'Oro compare su due di "
                        "esse."),
        "ambush_deck": ("mazzo delle imboscate", "La pila coperta delle carte imboscata. Le "
                        "carte rimesse vanno in fondo, quindi chi ne ha rimessa una sa dove "
                        "si trova. Il tavolo elenca il mazzo dalla cima, con ? per una carta "
                        "che non sai collocare."),
        "sheriff": ("Sceriffo", "La pedina nera. Parte dalla città di Nottingham e avanza "
                    "di una casella sul suo percorso dopo ogni scambio, incarichi compresi. "
                    "Concede i favori, e quando torna a Nottingham la partita è finita."),
        "track": ("percorso dello Sceriffo", "Le caselle da Nottingham fino a Nottingham, "
                  "ognuna con un numero. Quando lo Sceriffo arriva su una casella, chi ha in "
                  "mano al massimo quel numero di carte riceve un favore. Sul tavolo la "
                  "casella dello Sceriffo è tra parentesi, come [7]. Il percorso abituale "
                  "qui ha quattordici caselle; l'opzione track=distinct ne usa uno corto di "
                  "sette."),
        "town": ("Nottingham", "La città da cui lo Sceriffo parte e a cui ritorna, ai due "
                 "capi del percorso. Non ha numero e quindi non concede favori; quando lo "
                 "Sceriffo ci ritorna, la partita finisce."),
        "favour": ("favore", "Una carta segreta dallo Sceriffo: dopo il suo passo, ogni "
                   "giocatore che non ha in mano più carte del numero della sua casella "
                   "pesca una carta oggetto senza mostrarla, in ordine di turno dal "
                   "giocatore attivo."),
        "winnings": ("mazzo delle vincite", "La tua pila coperta di carte incassate, una "
                     "per scambio. A fine partita ogni carta vale i punti stampati sopra. "
                     "Decide anche i pareggi: a parità di punti vince chi ha più carte in "
                     "questo mazzo."),
        "discard": ("scarti", "La pila scoperta delle carte scambiate, usate per gli "
                    "incarichi o scartate. Quando il mazzo degli oggetti finisce, viene "
                    "mescolata e diventa il nuovo mazzo."),
        "deck": ("mazzo degli oggetti", "La pila coperta delle carte oggetto da pescare. "
                 "Nessuno ne conosce l'ordine e nessuna carta vi viene rimessa."),
        "exhausted": ("mazzo esaurito", "Se il mazzo degli oggetti è vuoto e non ci sono "
                      "scarti da mescolare, chi ha in mano più carte del numero della "
                      "casella dello Sceriffo scarta fino a quel numero, scegliendo le "
                      "carte; poi lo Sceriffo avanza senza concedere favori."),
        "offer": ("offerta", "Nell'Acquisto ognuno degli altri offre una carta coperta e "
                  "le offerte si scoprono insieme; nel Commercio ognuno offre una o due "
                  "carte scoperte, uno dopo l'altro. Chi non ha niente che possa offrire "
                  "mostra invece la mano. Le offerte non scelte tornano in mano."),
        "known": ("carte note", "Per ogni avversario il tavolo elenca le carte che sai con "
                  "certezza che ha (viste pescare, offrire, mostrare o prendere) e quante "
                  "non conosci; per la tua mano, ciò che tutti hanno visto. Le mani iniziali, "
                  "i favori e i furti non visti restano ignoti."),
        "points": ("punti", "Il tuo punteggio: i punti delle carte nel mazzo delle vincite "
                   "più gli incarichi. Vince il totale più alto; in caso di pareggio chi ha "
                   "più carte nel mazzo delle vincite, e oltre i giocatori pari si dividono "
                   "la vittoria."),
        "end": ("fine della partita", "La partita finisce quando lo Sceriffo torna a "
                "Nottingham, oppure subito quando viene completato l'ottavo e ultimo "
                "incarico."),
        "seats": ("giocatori e colori", "I giocatori si chiamano P1, P2 e così via, con il "
                  "loro colore ({colours}, in ordine di posto). Il colore conta solo per le "
                  "carte imboscata di colore. Il turno passa al posto successivo, a "
                  "sinistra."),
        "active": ("giocatore attivo", "Il giocatore di turno: pesca, decide sulla carta "
                   "rivelata e può fare uno scambio. Gli altri agiscono solo quando è loro "
                   "chiesto: per offrire, difendersi, far scattare un'imboscata o scartare."),
    },
    "pl": {
        "item": ("karta przedmiotu", "84 karty głównej talii, po dwanaście z każdego z "
                 "siedmiu przedmiotów. U góry karta pokazuje przedmiot i jego punkty, na "
                 "proporcu u dołu akcję, którą możesz wykonać zamiast zatrzymać kartę. "
                 "Punkty liczą się tylko za karty, które trafią na twój stos wygranych."),
        "shown": ("odkryta karta", "Na początku tury dobierasz wierzchnią kartę przedmiotu i "
                  "pokazujesz ją wszystkim. Zatrzymujesz ją w ręce albo od razu wykonujesz "
                  "jej akcję (naszyjnik można tylko zatrzymać). Potem możesz dokonać jednej "
                  "wymiany."),
        "hand": ("ręka", "Karty przedmiotów, które trzymasz. Te dobrane odkryte, "
                 "zaoferowane odkryte lub wyłożone znają pozostali; karty startowe i "
                 "przysługi nie. Duża ręka kusi napastników i traci przysługi szeryfa."),
        "exchange": ("wymiana", "Raz na turę, po odkrytej karcie, możesz wyłożyć trzy lub "
                     "więcej kart tego samego przedmiotu: jedna trafia zakryta na twój stos "
                     "wygranych, reszta na stos kart odrzuconych. Przeciwnicy z pasującą "
                     "kartą zasadzki mogą uderzyć wcześniej. Zrealizowanie zlecenia też "
                     "liczy się jako wymiana. Każda wymiana przesuwa szeryfa o jedno pole."),
        "commission": ("zlecenie", "Cztery rodzaje zleceń, po dwie karty każdego. Wyłożenie "
                       "układu, którego wymaga zlecenie, daje jego punkty na koniec gry. "
                       "Każdy rodzaj mogą zrealizować dwaj gracze: sam dostajesz wyższą "
                       "wartość, a gdy zrealizuje je drugi, obaj dostajecie niższą. Nikt "
                       "nie realizuje tego samego rodzaju dwa razy, żadna zasadzka nie "
                       "trafia w zlecenie, a gra kończy się, gdy rozejdzie się wszystkie "
                       "osiem. Na stole 30/20 znaczy 30 punktów samemu, po 20 we dwóch."),
        "ambush": ("karta zasadzki", "Trzynaście kart: siedem w kolorach graczy, sześć z "
                   "dwoma przedmiotami (żadna ze złotem). Akcją sztabki złota zatrzymujesz "
                   "jedną zakrytą, ze złotem pod spodem. Gdy przeciwnik wymienia karty, w "
                   "które ona trafia, możesz ją odkryć, zabrać jedną z wyłożonych kart i "
                   "oddać mu złoto; karta zasadzki wraca pod talię zasadzek. Jeśli zostaną "
                   "mu mniej niż trzy karty, wymiana przepada, a resztę bierze z powrotem."),
        "colour_ambush": ("kolorowa karta zasadzki", "Karta zasadzki w kolorze gracza "
                          "trafia w każdą jego wymianę, bez względu na przedmiot: to jedyny "
                          "sposób, by zaskoczyć wymianę złota. Nie wolno ci zatrzymać karty "
                          "we własnym kolorze. Karty kolorów, którymi nikt nie gra, "
                          "odkłada się do pudełka."),
        "item_ambush": ("karta zasadzki z dwoma przedmiotami", "Karta zasadzki z dwoma "
                        "przedmiotami trafia w wymianę któregokolwiek z nich, przez "
                        "kogokolwiek. Sześć takich kart to: {pairs}. Każdy przedmiot poza "
                        "złotem jest na dwóch z nich."),
        "ambush_deck": ("talia zasadzek", "Zakryty stos kart zasadzki. Odkładane karty "
                        "trafiają pod spód, więc kto odłożył kartę, wie, gdzie leży. Stół "
                        "pokazuje talię od wierzchu, ze znakiem ? przy karcie, której "
                        "położenia nie znasz."),
        "sheriff": ("szeryf", "Czarny pionek. Zaczyna w mieście Nottingham i po każdej "
                    "wymianie, także po zleceniu, przesuwa się o jedno pole swojego toru. "
                    "Rozdaje przysługi, a gdy wraca do Nottingham, gra się kończy."),
        "track": ("tor szeryfa", "Pola od Nottingham dookoła do Nottingham, każde z liczbą. "
                  "Gdy szeryf staje na polu, przysługę dostaje każdy, kto ma w ręce najwyżej "
                  "tyle kart. Na stole pole szeryfa jest w nawiasach, np. [7]. Zwykły tor ma "
                  "tu czternaście pól; opcja track=distinct daje krótki tor z siedmioma."),
        "town": ("Nottingham", "Miasto, z którego szeryf wyrusza i do którego wraca, na obu "
                 "końcach toru. Nie ma liczby, więc nie daje przysług; gdy szeryf do niego "
                 "wraca, gra się kończy."),
        "favour": ("przysługa", "Tajna karta od szeryfa: po jego ruchu każdy gracz, który "
                   "ma w ręce nie więcej kart niż liczba na jego polu, dobiera kartę "
                   "przedmiotu, nie pokazując jej, po kolei od gracza aktywnego."),
        "winnings": ("stos wygranych", "Twój zakryty stos odłożonych kart, po jednej z "
                     "każdej wymiany. Na koniec każda karta daje nadrukowane na niej punkty. "
                     "Rozstrzyga też remisy: przy równych punktach wygrywa ten, kto ma na "
                     "nim więcej kart."),
        "discard": ("stos kart odrzuconych", "Odkryty stos kart wymienionych, oddanych na "
                    "zlecenia i odrzuconych. Gdy talia przedmiotów się skończy, zostaje "
                    "potasowany w nową talię."),
        "deck": ("talia przedmiotów", "Zakryty stos kart przedmiotów do dobierania. Nikt nie "
                 "zna jego kolejności i żadna karta nie wraca na niego."),
        "exhausted": ("wyczerpana talia", "Jeśli talia przedmiotów jest pusta, a nie ma "
                      "kart odrzuconych do potasowania, każdy, kto ma w ręce więcej kart niż "
                      "liczba na polu szeryfa, odrzuca nadmiar, sam wybierając karty; potem "
                      "szeryf idzie dalej, nie dając przysług."),
        "offer": ("oferta", "Przy Kupnie każdy z pozostałych oferuje jedną zakrytą kartę, "
                  "a oferty odkrywa się razem; przy Handlu każdy oferuje jedną lub dwie "
                  "odkryte karty, po kolei. Kto nie ma nic, co wolno mu zaoferować, pokazuje "
                  "zamiast tego rękę. Niewybrane oferty wracają do ręki."),
        "known": ("znane karty", "Przy każdym przeciwniku stół podaje karty, o których wiesz "
                  "na pewno, że je ma (widziane przy dobieraniu, ofercie, wyłożeniu lub "
                  "zabraniu), i ile kart nie znasz; przy twojej ręce to, co widzieli "
                  "wszyscy. Ręce startowe, przysługi i niewidziane kradzieże pozostają "
                  "nieznane."),
        "points": ("punkty", "Twój wynik: punkty kart na stosie wygranych plus zlecenia. "
                   "Wygrywa najwyższa suma; przy remisie ten, kto ma więcej kart na stosie "
                   "wygranych, a dalej remisujący dzielą się zwycięstwem."),
        "end": ("koniec gry", "Gra kończy się, gdy szeryf wraca do Nottingham, albo od razu, "
                "gdy ktoś zrealizuje ósme, ostatnie zlecenie."),
        "seats": ("gracze i kolory", "Gracze nazywają się P1, P2 i tak dalej, z kolorem "
                  "({colours}, według miejsc). Kolor ma znaczenie tylko dla kolorowych kart "
                  "zasadzki. Tura przechodzi na następne miejsce, w lewo."),
        "active": ("gracz aktywny", "Gracz, którego jest tura: dobiera, decyduje o odkrytej "
                   "karcie i może dokonać wymiany. Pozostali działają tylko zapytani: by "
                   "zaoferować, bronić się, odkryć zasadzkę albo odrzucić karty."),
    },
}

TOPIC_WORDS: dict[str, dict[str, str]] = {
    "en": {"commission": "commission: {kind}"},
    "it": {"commission": "incarico: {kind}"},
    "pl": {"commission": "zlecenie: {kind}"},
}


def glossary(lang: str = "en") -> dict[str, str]:
    """Return the help topics of `lang`: every item card with its action, every commission,
    the ambush cards, the sheriff and his track, and the piles, counts and marks of the
    table, each topic's name in that language and its explanation."""
    check_language(lang)
    words = WORDS[lang]
    topics: dict[str, str] = {}
    for i, text in enumerate(ITEM_HELP[lang]):
        name = f"{ITEM_TERMS[lang][i]} ({words['actions'][i]})"
        topics[name] = fill(text, lang=lang, value=ITEM_VALUES[i])
    for k, text in enumerate(COMMISSION_HELP[lang]):
        single, double = COMMISSION_VALUES[k]
        name = TOPIC_WORDS[lang]["commission"].format(kind=COMMISSION_TERMS[lang][k])
        topics[name] = fill(text, lang=lang, single=single, double=double)
    pairs = joined(lang, [f"{ITEM_TERMS[lang][a]} + {ITEM_TERMS[lang][b]}"
                          for a, b in AMBUSH_PAIRS], last=False)
    colours = joined(lang, list(words["colours"]))
    for name, text in HELP[lang].values():
        topics[name] = text.format(pairs=pairs, colours=colours)
    return topics


__all__ = ["CATALOG", "PRIVATE", "ambush_label", "describe", "glossary", "item_label",
           "player_name", "prompt", "render_view"]
