"""Words for Notre Dame in English, Italian and Polish: the log catalogue (templates keyed
for every language, and who may read each private event), prompts, action labels, the
terminal picture of a view and the help topics.

Everything a line shows is data: `WORDS[lang]` names the colours, seats, cards, sectors,
characters and messages of one language with the grammatical forms its sentences need
(`{sector:from}` picks the "from the Bank" form, `{amount:cubes}` says "3 cubes", "3
cubetti" or "3 znaczniki" with the right plural), so one template per language and key
covers every line. Italian and Polish use the terms of the Italian and the Polish edition
of the game; docs/games/notre-dame.md lists them and the ones we chose where the editions
differ or are silent.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from typing import Any

from tavola.core import Action, Catalog
from tavola.core.events import Private
from tavola.core.words import plural
from tavola.games.notre_dame.actions import CARD_OF_TOKEN, SECTOR_OF_TOKEN, SQUARE_OF_TOKEN
from tavola.games.notre_dame.components import (
    BENEFIT_NAMES,
    CHARACTER_NAMES,
    CHARACTER_RATS,
    COLOURS,
    KIND_NAMES,
    SQUARES_PER_QUARTER,
    Character,
    Kind,
    card_colour,
    card_kind,
)
from tavola.games.notre_dame.config import (
    HOTEL_DOUBLE_FROM,
    NOTRE_DAME_DONATION,
    RAT_TRACK_MAX,
    ROUNDS,
)
from tavola.games.notre_dame.rules import (
    message_allowed,
    occupied,
    park_bonus,
    pieces,
)
from tavola.games.notre_dame.state import (
    DRAFT_KEEP,
    DRAFT_PICK,
    HIRE,
    PLAY,
    T_BENEFIT,
    T_BISHOP,
    T_CARRIAGE,
    T_JESTER_FROM,
    T_JESTER_TO,
    T_MINSTREL_FROM,
    T_MINSTREL_PIECES,
    T_MINSTREL_TO,
    T_SOURCE,
    NDState,
)

# -- grammar --------------------------------------------------------------------------------


class Term(str):
    """A word as a line shows it, with its other grammatical forms: a template writes
    `{sector}` for the name and `{sector:from}` for the form the sentence needs."""

    forms: dict[str, str]

    def __new__(cls, forms: Mapping[str, str]) -> Term:
        term = super().__new__(cls, forms[""])
        term.forms = dict(forms)
        return term

    def __format__(self, spec: str) -> str:
        if spec in self.forms:
            return self.forms[spec]
        return format(str(self), spec)


class Count(int):
    """A number in a line: `{amount}` prints it, `{amount:cubes}` prints it with the noun in
    the form that agrees with it, in the line's language."""

    lang: str

    def __new__(cls, value: int, lang: str) -> Count:
        count = super().__new__(cls, value)
        count.lang = lang
        return count

    def __format__(self, spec: str) -> str:
        n = int(self)
        if not spec:
            return str(n)
        if spec == "park":
            return WORDS[self.lang]["park_bonus"].format(n) if n > 0 else ""
        return f"{n} {plural(self.lang, n, WORDS[self.lang]['nouns'][spec])}"


def say(lang: str, key: str, **args: Any) -> str:
    """Return the phrase `key` of `lang` filled with `args` (numbers become `Count`s)."""
    shown = {k: Count(v, lang) if type(v) is int else v for k, v in args.items()}
    return str(WORDS[lang][key]).format_map(shown)


def _index(value: Any, size: int) -> int:
    """Return `value` if it is a whole number indexing a table of `size` entries, else
    raise (the catalogue turns that into a refusal of the event)."""
    if type(value) is not int or not 0 <= value < size:
        raise IndexError("out of range")
    return value


# -- the words of each language ------------------------------------------------------------
# Sector forms: "" the name, "in" where a cube is placed, "from" and "to" for moves, "piece"
# what the Jester moves. Character forms: "" the name, "obj" the one who is paid.

_EN_KINDS = {
    k: {"": name, "in": f"in the {name}", "from": f"from the {name}", "to": f"to the {name}",
        "piece": f"a cube from the {name}"}
    for k, name in zip(KIND_NAMES[:7], ("Convent school", "Bank", "Residence",
                                        "Carriage house", "Hotel", "Park", "Hospital"),
                       strict=True)}
_EN_KINDS["notre_dame"] = {"": "Notre Dame", "in": "on Notre Dame", "from": "from Notre Dame",
                           "to": "to Notre Dame", "piece": "a cube from Notre Dame"}
_EN_KINDS["trusted_friend"] = {"": "Trusted friend", "in": "with the trusted friend",
                               "from": "from the trusted friend",
                               "to": "to the trusted friend", "piece": "the trusted friend"}

_IT_KINDS = {
    "convent_school": ("Scuola conventuale", "nella", "dalla", "alla"),
    "bank": ("Banca", "nella", "dalla", "alla"),
    "residence": ("Residenza", "nella", "dalla", "alla"),
    "carriage_house": ("Rimessa delle carrozze", "nella", "dalla", "alla"),
    "hotel": ("Locanda", "nella", "dalla", "alla"),
    "park": ("Parco", "nel", "dal", "al"),
    "hospital": ("Ospedale", "nell'", "dall'", "all'"),
}


def _it_kind(name: str, in_: str, from_: str, to: str) -> dict[str, str]:
    """Return the forms of an Italian sector name from its articled prepositions."""
    def join(prep: str) -> str:
        return prep + name if prep.endswith("'") else f"{prep} {name}"
    return {"": name, "in": join(in_), "from": join(from_), "to": join(to),
            "piece": "un cubetto " + join(from_)}


_IT_FORMS = {k: _it_kind(*v) for k, v in _IT_KINDS.items()}
_IT_FORMS["notre_dame"] = {"": "Notre Dame", "in": "su Notre Dame", "from": "da Notre Dame",
                           "to": "su Notre Dame", "piece": "un cubetto da Notre Dame"}
_IT_FORMS["trusted_friend"] = {"": "Fiduciario", "in": "col Fiduciario",
                               "from": "dal Fiduciario", "to": "al Fiduciario",
                               "piece": "il Fiduciario"}

_PL_FORMS = {
    k: {"": name, "in": in_, "from": from_, "to": to, "piece": "znacznik " + from_}
    for k, name, in_, from_, to in (
        ("convent_school", "Seminarium", "w seminarium", "z seminarium", "do seminarium"),
        ("bank", "Bank", "w banku", "z banku", "do banku"),
        ("residence", "Rezydencja", "w rezydencji", "z rezydencji", "do rezydencji"),
        ("carriage_house", "Zajazd", "w zajeździe", "z zajazdu", "do zajazdu"),
        ("hotel", "Hotel", "w hotelu", "z hotelu", "do hotelu"),
        ("park", "Park", "w parku", "z parku", "do parku"),
        ("hospital", "Szpital", "w szpitalu", "ze szpitala", "do szpitala"),
        ("notre_dame", "Notre Dame", "w Notre Dame", "z Notre Dame", "do Notre Dame"),
    )}
_PL_FORMS["trusted_friend"] = {"": "Pełnomocnik", "in": "z pełnomocnikiem",
                               "from": "od pełnomocnika", "to": "do pełnomocnika",
                               "piece": "pełnomocnika"}

_EN_CHARACTERS = ("Innkeeper", "Minstrel", "Monk", "Jester", "Moneylender", "Doctor",
                  "City watch", "Night watch", "Bishop", "Guild master", "King of beggars",
                  "Lawyer", "Lady-in-waiting", "Mayor", "Carpenter")
_IT_CHARACTERS = (("Locandiera", "la"), ("Trovatore", "il"), ("Monaco", "il"),
                  ("Giullare", "il"), ("Usuraio", "l'"), ("Medico", "il"),
                  ("Sentinella", "la"), ("Ronda notturna", "la"), ("Vescovo", "il"),
                  ("Capo delle corporazioni", "il"), ("Re dei mendicanti", "il"),
                  ("Avvocato", "l'"), ("Dama di corte", "la"), ("Sindaco", "il"),
                  ("Falegname", "il"))
_PL_CHARACTERS = (("Oberżystka", "oberżystkę"), ("Bard", "barda"), ("Mnich", "mnicha"),
                  ("Błazen", "błazna"), ("Lichwiarz", "lichwiarza"), ("Lekarz", "lekarza"),
                  ("Strażnik miejski", "strażnika miejskiego"), ("Wartownik", "wartownika"),
                  ("Biskup", "biskupa"), ("Mistrz cechu", "mistrza cechu"),
                  ("Król żebraków", "króla żebraków"), ("Adwokat", "adwokata"),
                  ("Dama dworu", "damę dworu"), ("Burmistrz", "burmistrza"),
                  ("Stolarz", "stolarza"))

# Colour forms: "" the seat's name, "m" / "f" the adjective with a masculine / feminine noun
# (a message, a card); Polish adds the cases its lines need.
_EN_COLOURS = [{"": c.capitalize(), "m": c, "f": c, "mp": c, "name": c} for c in COLOURS]
_IT_COLOURS = [{"": seat, "m": m, "f": f, "mp": mp, "name": m} for seat, m, f, mp in (
    ("Rosso", "rosso", "rossa", "rossi"), ("Blu", "blu", "blu", "blu"),
    ("Verde", "verde", "verde", "verdi"), ("Giallo", "giallo", "gialla", "gialli"),
    ("Violetto", "violetto", "violetta", "violetti"))]
_PL_COLOURS = [
    {"": stem.capitalize() + nom, "gen": stem.capitalize() + soft + "ego",
     "dat": stem.capitalize() + soft + "emu", "m": stem + nom, "f": stem + "a",
     "facc": stem + "ą", "fgen": stem + soft + "ej", "mp": stem + soft + "e",
     "name": stem + nom}
    # After k the endings soften: niebieskiego, niebieskiemu, niebieskiej, niebieskie.
    for stem, nom, soft in (("czerwon", "y", ""), ("niebiesk", "i", "i"),
                            ("zielon", "y", ""), ("żółt", "y", ""), ("fioletow", "y", ""))]

WORDS: dict[str, dict[str, Any]] = {
    "en": {
        "kinds": _EN_KINDS,
        "characters": [{"": n, "obj": f"the {n}"} for n in _EN_CHARACTERS],
        "colours": _EN_COLOURS,
        "benefits": ("1 prestige + 1 gold", "2 prestige + 1 cube",
                     "3 prestige + rat marker back 1", "4 prestige"),
        "reasons": {"message": "message", "benefit": "benefit",
                    "donation": "gift to Notre Dame", "notre_dame": "Notre Dame's share"},
        "nouns": {"cubes": ("cube", "cubes"), "gold": ("gold", "gold"),
                  "gold_acc": ("gold", "gold"), "prestige": ("prestige", "prestige"),
                  "rats": ("rat", "rats"), "messages": ("message", "messages"),
                  "cards": ("card", "cards"), "pieces": ("piece", "pieces"),
                  "steps": ("step", "steps"), "benefits": ("benefit", "benefits"),
                  "spaces": ("space", "spaces")},
        "park_bonus": " + {} for the Park",
        "square": "square {k} of quarter {q}",
        "square_to": "to square {k} of quarter {q}",
        "square_at": "at square {k} of quarter {q}",
        "centre": "the centre of quarter {q}",
        "centre_to": "to the centre of quarter {q}",
        "centre_at": "at the centre of quarter {q}",
        "no_cards": "no cards",
        "card": "{kind} ({colour})",
        "scores": "{seat} {n}",
        "none": "none",
        "list": ", ",
    },
    "it": {
        "kinds": _IT_FORMS,
        "characters": [{"": n, "obj": f"{art}{n}" if art.endswith("'") else f"{art} {n}"}
                       for n, art in _IT_CHARACTERS],
        "colours": _IT_COLOURS,
        "benefits": ("1 punto prestigio + 1 moneta", "2 punti prestigio + 1 cubetto",
                     "3 punti prestigio + topi indietro di 1", "4 punti prestigio"),
        "reasons": {"message": "messaggio", "benefit": "beneficio",
                    "donation": "offerta a Notre Dame", "notre_dame": "quota di Notre Dame"},
        "nouns": {"cubes": ("cubetto", "cubetti"), "gold": ("moneta", "monete"),
                  "gold_acc": ("moneta", "monete"),
                  "prestige": ("punto prestigio", "punti prestigio"),
                  "rats": ("topo", "topi"), "messages": ("messaggio", "messaggi"),
                  "cards": ("carta", "carte"), "pieces": ("pezzo", "pezzi"),
                  "steps": ("passo", "passi"), "benefits": ("beneficio", "benefici"),
                  "spaces": ("casella", "caselle")},
        "park_bonus": " + {} per il Parco",
        "square": "piazza {k} del quartiere {q}",
        "square_to": "alla piazza {k} del quartiere {q}",
        "square_at": "sulla piazza {k} del quartiere {q}",
        "centre": "piazza centrale del quartiere {q}",
        "centre_to": "alla piazza centrale del quartiere {q}",
        "centre_at": "sulla piazza centrale del quartiere {q}",
        "no_cards": "nessuna carta",
        "card": "{kind} ({colour})",
        "scores": "{seat} {n}",
        "none": "nessuno",
        "list": ", ",
    },
    "pl": {
        "kinds": _PL_FORMS,
        "characters": [{"": n, "obj": obj} for n, obj in _PL_CHARACTERS],
        "colours": _PL_COLOURS,
        "benefits": ("1 punkt prestiżu + 1 złota moneta", "2 punkty prestiżu + 1 znacznik",
                     "3 punkty prestiżu + szczury o 1 pole w tył", "4 punkty prestiżu"),
        "reasons": {"message": "wiadomość", "benefit": "korzyść",
                    "donation": "datek na Notre Dame", "notre_dame": "nagroda z Notre Dame"},
        "nouns": {"cubes": ("znacznik", "znaczniki", "znaczników"),
                  "gold": ("złota moneta", "złote monety", "złotych monet"),
                  "gold_acc": ("złotą monetę", "złote monety", "złotych monet"),
                  "prestige": ("punkt prestiżu", "punkty prestiżu", "punktów prestiżu"),
                  "rats": ("szczur", "szczury", "szczurów"),
                  "messages": ("wiadomość", "wiadomości", "wiadomości"),
                  "cards": ("karta", "karty", "kart"),
                  "pieces": ("pionek", "pionki", "pionków"),
                  "steps": ("krok", "kroki", "kroków"),
                  "benefits": ("korzyść", "korzyści", "korzyści"),
                  "spaces": ("pole", "pola", "pól")},
        "park_bonus": " + {} za park",
        "square": "targowisko {k} w dzielnicy {q}",
        "square_to": "na targowisko {k} w dzielnicy {q}",
        "square_at": "na targowisku {k} w dzielnicy {q}",
        "centre": "środkowe targowisko dzielnicy {q}",
        "centre_to": "na środkowe targowisko dzielnicy {q}",
        "centre_at": "na środkowym targowisku dzielnicy {q}",
        "no_cards": "brak kart",
        "card": "{kind} ({colour})",
        "scores": "{seat} {n}",
        "none": "brak",
        "list": ", ",
    },
}

# Terms built once per language from the tables above.
SEATS = {lang: tuple(Term(c) for c in w["colours"]) for lang, w in WORDS.items()}
COLOUR_TERMS = {lang: tuple(Term({**c, "": c["name"]}) for c in w["colours"])
                for lang, w in WORDS.items()}
KINDS = {lang: {k: Term(f) for k, f in w["kinds"].items()} for lang, w in WORDS.items()}
CHARACTERS = {lang: {name: Term(f) for name, f in zip(CHARACTER_NAMES, w["characters"],
                                                       strict=True)}
              for lang, w in WORDS.items()}
REASONS = {lang: {**{k: str(t) for k, t in KINDS[lang].items()},
                  **{c: str(t) for c, t in CHARACTERS[lang].items()}, **w["reasons"]}
           for lang, w in WORDS.items()}


def kind_name(kind: str, lang: str) -> Term:
    """Return the name of a card or sector (`bank`, `notre_dame`) in `lang`."""
    return KINDS[lang][kind]


def card_term(token: str, lang: str) -> Term:
    """Return a card (`red.bank`) as a line names it: its kind, then its colour."""
    colour, kind = token.split(".")
    text = WORDS[lang]["card"].format(kind=KINDS[lang][kind],
                                      colour=COLOUR_TERMS[lang][COLOURS.index(colour)]
                                      .forms["f"])
    return Term({"": text})


def square_term(token: str, lang: str) -> Term:
    """Return a market square (`2.1`, quarter 2, square 1) in words: quarters and squares
    counted from 1 as people count them, square 0 being the quarter's centre."""
    square = SQUARE_OF_TOKEN[token]
    quarter, spot = divmod(square, SQUARES_PER_QUARTER)
    words = WORDS[lang]
    place = "centre" if spot == 0 else "square"
    return Term({form: words[place + suffix].format(k=spot, q=quarter + 1)
                 for form, suffix in (("", ""), ("to", "_to"), ("at", "_at"))})


def _joined(lang: str, items: Sequence[str]) -> Term:
    return Term({"": WORDS[lang]["list"].join(items) or WORDS[lang]["none"]})


SEAT_KEYS = ("p", "to", "first", "source")


def _shown(key: str, value: Any, lang: str) -> Any:
    """Return one event argument as a line in `lang` shows it; raise on a value no event of
    this game carries."""
    if type(value) is int and key in SEAT_KEYS:
        return SEATS[lang][_index(value, len(COLOURS))]
    if key == "colour":
        return COLOUR_TERMS[lang][_index(value, len(COLOURS))]
    if key == "benefit":
        return WORDS[lang]["benefits"][_index(value, len(BENEFIT_NAMES))]
    if key in ("sector", "source"):
        return KINDS[lang][value]
    if key == "reason":
        return REASONS[lang][value]
    if key == "character":
        return CHARACTERS[lang][value]
    if key == "characters":
        return _joined(lang, [CHARACTERS[lang][c] for c in value])
    if key == "card":
        return card_term(value, lang)
    if key == "cards":
        return _joined(lang, [card_term(c, lang) for c in value])
    if key == "square":
        return square_term(value, lang)
    if key == "prestige" and isinstance(value, list):
        return _joined(lang, [WORDS[lang]["scores"].format(seat=SEATS[lang][p], n=int(n))
                              for p, n in enumerate(value[:len(COLOURS)])])
    if type(value) is int:
        return Count(value, lang)
    if isinstance(value, (str, bool)):
        return value
    raise TypeError("not an argument of this game")


def localize(args: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """Return an event's arguments as the lines of `lang` show them (the catalogue's
    `localize`): seats by colour, cards, sectors, characters and squares by name."""
    out = {key: _shown(key, value, lang) for key, value in args.items()}
    if "friend" in args and "cubes" in args:
        # The Minstrel's move reads as one phrase: "2 cubes and the trusted friend".
        out["cubes"] = _moved(lang, _index(args["cubes"], 15), args["friend"] is True)
    return out


def render_event_args(args: Mapping[str, Any]) -> dict[str, Any]:
    """Return event arguments as the English lines show them."""
    return localize(args, "en")


# -- the log --------------------------------------------------------------------------------

TEMPLATES: dict[str, dict[str, str]] = {
    "en": {
        "nd.setup": "{players} players; {first} rings the bell first",
        "nd.round": "Round {round} (period {period}): {first} starts; characters "
                    "{characters} ({rats:rats})",
        "nd.draw": "{p} draws {cards}",
        "nd.draw_hidden": "{p} draws three cards",
        "nd.choose": "{p} chooses {card}",
        "nd.choose_hidden": "{p} has chosen",
        "nd.pass_two": "{p} passes {cards} to {to}",
        "nd.pass_two_hidden": "{p} passes two cards to {to}",
        "nd.pass_one": "{p} passes {card} to {to}",
        "nd.pass_one_hidden": "{p} passes a card to {to}",
        "nd.play": "{p} plays {card}",
        "nd.facedown": "{p} puts {card} face down",
        "nd.facedown_hidden": "{p} puts the third card face down",
        "nd.forgo": "{p} gives up the action of {card}",
        "nd.friend": "{p} sends the trusted friend {sector:to}",
        "nd.place": "{p} places a cube {sector:in}",
        "nd.shift": "{p} moves a cube {source:from} {sector:to}",
        "nd.stay": "{p} leaves the carriage where it is",
        "nd.drive": "{p} drives the carriage {square:to}",
        "nd.message_barred": "{p} may not take that {colour:m} message yet",
        "nd.leave_message": "{p} leaves the message",
        "nd.take_message": "{p} takes a {colour:m} message ({benefit})",
        "nd.donate": "{p} gives {gold:gold} to Notre Dame",
        "nd.pass": "{p} pays no character",
        "nd.cannot_hire": "{p} has no gold for a character",
        "nd.hire": "{p} pays {character:obj}",
        "nd.minstrel": "{p} moves {cubes} {source:from} {sector:to}",
        "nd.jester": "{p} moves {source:piece} {sector:to}",
        "nd.bishop": "{p} places a cube from the general supply {sector:in}",
        "nd.prestige": "{p} gains {amount:prestige}{bonus:park} ({reason})",
        "nd.cubes": "{p} takes {amount:cubes} from the general supply ({reason})",
        "nd.gold": "{p} takes {amount:gold} from the bank ({reason})",
        "nd.gold_from": "the bank is empty: {p} takes {amount:gold} from {source}",
        "nd.gold_lost": "nobody has gold left: {p} loses {amount:gold} of the gain",
        "nd.rat_back": "{p} moves the rat marker back to {rats} ({reason})",
        "nd.plague": "plague: {p}'s rat marker is on {rats}",
        "nd.overflow": "plague: {p}'s rat marker would pass 9: it stays on 9 and {p} loses "
                       "{prestige:prestige}",
        "nd.plague_cube": "{p} returns a cube {sector:from} to the general supply",
        "nd.payout": "Notre Dame pays {each:prestige} per cube ({cubes:cubes})",
        "nd.game_over": "Game over. Prestige: {prestige}",
    },
    "it": {
        "nd.setup": "{players} giocatori; {first} ha il campanaro e inizia",
        "nd.round": "Round {round} (passaggio {period}): inizia {first}; personaggi "
                    "{characters} ({rats:rats})",
        "nd.draw": "{p} pesca {cards}",
        "nd.draw_hidden": "{p} pesca tre carte",
        "nd.choose": "{p} sceglie {card}",
        "nd.choose_hidden": "{p} ha scelto",
        "nd.pass_two": "{p} passa {cards} a {to}",
        "nd.pass_two_hidden": "{p} passa due carte a {to}",
        "nd.pass_one": "{p} passa {card} a {to}",
        "nd.pass_one_hidden": "{p} passa una carta a {to}",
        "nd.play": "{p} gioca {card}",
        "nd.facedown": "{p} mette coperta la carta {card}",
        "nd.facedown_hidden": "{p} mette coperta la terza carta",
        "nd.forgo": "{p} rinuncia all'azione della carta {card}",
        "nd.friend": "{p} manda il Fiduciario {sector:to}",
        "nd.place": "{p} piazza un cubetto {sector:in}",
        "nd.shift": "{p} sposta un cubetto {source:from} {sector:to}",
        "nd.stay": "{p} lascia la carrozza dov'è",
        "nd.drive": "{p} porta la carrozza {square:to}",
        "nd.message_barred": "{p} non può ancora prendere quel messaggio {colour:m}",
        "nd.leave_message": "{p} lascia il messaggio",
        "nd.take_message": "{p} prende un messaggio {colour:m} ({benefit})",
        "nd.donate": "{p} dona {gold:gold} a Notre Dame",
        "nd.pass": "{p} non paga nessun personaggio",
        "nd.cannot_hire": "{p} non ha monete per pagare un personaggio",
        "nd.hire": "{p} paga {character:obj}",
        "nd.minstrel": "{p} sposta {cubes} {source:from} {sector:to}",
        "nd.jester": "{p} sposta {source:piece} {sector:to}",
        "nd.bishop": "{p} piazza un cubetto della riserva generale {sector:in}",
        "nd.prestige": "{p} guadagna {amount:prestige}{bonus:park} ({reason})",
        "nd.cubes": "{p} prende {amount:cubes} dalla riserva generale ({reason})",
        "nd.gold": "{p} prende {amount:gold} dalla riserva ({reason})",
        "nd.gold_from": "la riserva è vuota: {p} prende {amount:gold} da {source}",
        "nd.gold_lost": "nessuno ha più monete: {p} perde {amount:gold} del guadagno",
        "nd.rat_back": "{p} fa arretrare i topi alla casella {rats} ({reason})",
        "nd.plague": "pestilenza: i topi di {p} sono sulla casella {rats}",
        "nd.overflow": "pestilenza: i topi di {p} supererebbero il 9: restano sul 9 e {p} "
                       "perde {prestige:prestige}",
        "nd.plague_cube": "{p} rimette un cubetto {sector:from} nella riserva generale",
        "nd.payout": "Notre Dame paga {each:prestige} per cubetto ({cubes:cubes})",
        "nd.game_over": "Fine della partita. Punti prestigio: {prestige}",
    },
    "pl": {
        "nd.setup": "Liczba graczy: {players}; dzwonnika dostaje {first} i zaczyna",
        "nd.round": "Runda {round} (okres {period}): zaczyna {first}; postacie: "
                    "{characters} ({rats:rats})",
        "nd.draw": "{p} dobiera karty: {cards}",
        "nd.draw_hidden": "{p} dobiera trzy karty",
        "nd.choose": "{p} wybiera kartę: {card}",
        "nd.choose_hidden": "{p} dokonał wyboru",
        "nd.pass_two": "{p} przekazuje {to:dat} karty: {cards}",
        "nd.pass_two_hidden": "{p} przekazuje dwie karty {to:dat}",
        "nd.pass_one": "{p} przekazuje {to:dat} kartę: {card}",
        "nd.pass_one_hidden": "{p} przekazuje jedną kartę {to:dat}",
        "nd.play": "{p} zagrywa kartę: {card}",
        "nd.facedown": "{p} odkłada zakrytą kartę: {card}",
        "nd.facedown_hidden": "{p} odkłada zakrytą trzecią kartę",
        "nd.forgo": "{p} rezygnuje z akcji karty: {card}",
        "nd.friend": "{p} wysyła pełnomocnika {sector:to}",
        "nd.place": "{p} kładzie znacznik {sector:in}",
        "nd.shift": "{p} przenosi znacznik {source:from} {sector:to}",
        "nd.stay": "{p} zostawia powóz na miejscu",
        "nd.drive": "{p} jedzie powozem {square:to}",
        "nd.message_barred": "{p} nie może jeszcze wziąć tej {colour:fgen} wiadomości",
        "nd.leave_message": "{p} zostawia wiadomość",
        "nd.take_message": "{p} bierze {colour:facc} wiadomość ({benefit})",
        "nd.donate": "{p} daje {gold:gold_acc} na Notre Dame",
        "nd.pass": "{p} nie wynajmuje żadnej postaci",
        "nd.cannot_hire": "{p} nie ma złota na wynajęcie postaci",
        "nd.hire": "{p} wynajmuje {character:obj}",
        "nd.minstrel": "{p} przenosi {cubes} {source:from} {sector:to}",
        "nd.jester": "{p} przenosi {source:piece} {sector:to}",
        "nd.bishop": "{p} kładzie znacznik z ogólnych zasobów {sector:in}",
        "nd.prestige": "{p} zdobywa {amount:prestige}{bonus:park} ({reason})",
        "nd.cubes": "{p} bierze {amount:cubes} z ogólnych zasobów ({reason})",
        "nd.gold": "{p} bierze {amount:gold_acc} z zasobów ({reason})",
        "nd.gold_from": "w zasobach nie ma złota: {p} bierze {amount:gold_acc} od "
                        "{source:gen}",
        "nd.gold_lost": "nikt nie ma już złota: {p} traci {amount:gold_acc} z zysku",
        "nd.rat_back": "{p} cofa szczury na pole {rats} ({reason})",
        "nd.plague": "plaga: szczury {p:gen} są na polu {rats}",
        "nd.overflow": "plaga: szczury {p:gen} przeszłyby za pole 9: zostają na 9, a {p} "
                       "traci {prestige:prestige}",
        "nd.plague_cube": "{p} oddaje znacznik {sector:from} do ogólnych zasobów",
        "nd.payout": "Notre Dame płaci {each:prestige} za znacznik ({cubes:cubes})",
        "nd.game_over": "Koniec gry. Punkty prestiżu: {prestige}",
    },
}


def _seat(value: Any) -> int:
    """Return `value` if it is a seat number, else raise (the catalogue turns that into a
    refusal of the event)."""
    if type(value) is not int or not 0 <= value < len(COLOURS):
        raise ValueError("not a seat")
    return value


def _the_player(args: Mapping[str, Any]) -> frozenset[int]:
    return frozenset((_seat(args["p"]),))


def _the_two(args: Mapping[str, Any]) -> frozenset[int]:
    return frozenset((_seat(args["p"]), _seat(args["to"])))


PRIVATE = {
    "nd.draw": Private(_the_player, "nd.draw_hidden"),
    "nd.choose": Private(_the_player, "nd.choose_hidden"),
    "nd.pass_two": Private(_the_two, "nd.pass_two_hidden"),
    "nd.pass_one": Private(_the_two, "nd.pass_one_hidden"),
    "nd.facedown": Private(_the_player, "nd.facedown_hidden"),
}
"""Every private event: the cards a player draws, chooses and puts face down are theirs
alone; the cards passed are read by the passer and the receiver. Everyone else reads the
hidden form, which names the players but no card."""

CATALOG = Catalog(TEMPLATES, render_event_args, PRIVATE,
                  unprinted={"nd.cubes": frozenset({"wanted"}),
                             "nd.minstrel": frozenset({"friend"})},
                  localize=localize)


# -- prompts, labels and the board: the phrases of each language ----------------------------

PHRASES: dict[str, dict[str, Any]] = {
    "en": {
        "moved": "{cubes:cubes}", "moved_friend": "{cubes:cubes} and the trusted friend",
        "moved_only_friend": "the trusted friend",
        # prompts
        "ask.keep": "which card to keep (the other two go left)",
        "ask.pick": "which received card to keep (the other goes left)",
        "ask.play": "which card to play", "ask.play_last": " (the last goes face down)",
        "ask.hire": "which character to pay 1 gold for",
        "ask.source": "where the cube for the {kind} card comes from",
        "ask.friend": "which sector the trusted friend goes to",
        "ask.carriage": "where the carriage stops (up to {steps:steps})",
        "ask.message": "whether to take the message",
        "ask.benefit": "which benefit to take", "ask.benefit_left": " ({left} left)",
        "ask.donation": "how much gold to give to Notre Dame",
        "ask.minstrel_from": "which sector the Minstrel moves pieces from",
        "ask.minstrel_to": "which sector the pieces go to",
        "ask.minstrel_pieces": "how many pieces to move",
        "ask.jester_from": "which piece the Jester moves",
        "ask.jester_to": "which sector it goes to (then its action)",
        "ask.bishop": "which empty sector gets the Bishop's cube",
        "ask.plague_loss": "which of your largest sectors loses a cube to the plague",
        # labels
        "keep": "Keep {kind}",
        "play": "Play {kind}: {effect}",
        "which_card": " (the {colour} card)",
        "place": "Use a cube from your personal supply (you have {left:cubes})",
        "forgo": "Play the card without its action",
        "from": "Take a cube {sector:from} ({count:cubes} there now)",
        "friend": "Trusted friend {sector:to}: {effect}",
        "minstrel_from": "Move pieces {sector:from} ({count:pieces} there)",
        "minstrel_to": "Move them {sector:to} (no action there)",
        "jester_from": "Move a cube {sector:from}",
        "jester_friend": "Move the trusted friend (now {sector:in})",
        "jester_to": "Move it {sector:to}: {effect}",
        "bishop": "Bishop's cube {sector:to}: {effect}",
        "lose": "Lose a cube {sector:from}",
        "move": "Drive {square:to}, {owner}: {message}",
        "quarter_of": "{seat}'s quarter", "empty_quarter": "nobody's quarter",
        "no_message": "no message",
        "a_message": "{colour:m} message, {benefit}",
        "barred": " (you may not take it yet)",
        "stay": "Leave the carriage where it is",
        "take": "Take the message: {benefit}",
        "leave": "Leave the message",
        "benefit.gold": "Take 1 gold",
        "benefit.cube": "Take 1 cube from the general supply",
        "benefit.rat": "Move the rat marker back 1 space (to {to})",
        "gold": "Give {gold:gold} for {prestige:prestige}",
        "hire": "Pay the {character}: {effect}",
        "pass": "Pay no character (keep your gold)",
        "pieces": "Move {what}",
        # what a sector does when a piece arrives, as the labels forecast it
        "does.convent_school": "+{n:cubes} to your personal supply",
        "does.bank": "+{n:gold}",
        "does.residence": "+{n:prestige}",
        "does.carriage_house": "drive the carriage up to {n:steps}",
        "does.hotel": "choose {n:benefits} (gold, cube or rat marker back)",
        "does.park": "rat marker back 1; then +{n} on every prestige gain",
        "does.park_zero": "no rat to move back; then +{n} on every prestige gain",
        "does.hospital": "rat marker back 1; then {n:rats} fewer in every plague",
        "does.hospital_zero": "no rat to move back; then {n:rats} fewer in every plague",
        "does.notre_dame": "a cube on Notre Dame by giving 1 to 3 gold (1, 3 or 6 prestige)",
        "does.notre_dame_poor": "no gold to give: it can only be played without its action",
        "does.trusted_friend": "move the trusted friend to another sector and use it",
        "hired.innkeeper": "+{n:prestige}, then 1 gold, 1 cube or rat marker back 1",
        "hired.minstrel": "move 1 to 3 pieces from one sector to another (no action)",
        "hired.monk": "+{cubes:cubes} and +{n:prestige}",
        "hired.jester": "move 1 piece to another sector and use that sector",
        "hired.moneylender": "+2 gold and +{n:prestige}",
        "hired.doctor": "this round's plague counts 0 for you instead of {rats:rats}",
        "hired.city_watch": "+{n:prestige} (1 per piece in your quarter and on Notre Dame)",
        "hired.night_watch": "+{n:prestige} (1 per empty sector)",
        "hired.bishop": "a cube from the general supply into an empty sector, and its "
                        "action",
        "hired.guild_master": "+{n:prestige} (2 per sector holding at least 2 pieces)",
        "hired.king_of_beggars": "+{n:prestige} (1 per free space ahead of your rat "
                                 "marker)",
        "hired.lawyer": "+{n:prestige} (3 per 2 messages you hold)",
        "hired.lady_in_waiting": "+{n:prestige} (1 per piece in your fullest sector)",
        "hired.mayor": "+{n:prestige} (3 per sector holding at least 3 pieces)",
        "hired.carpenter": "+{n:prestige} (1 per sector holding at least 1 piece)",
        # the board
        "phases": {"draft_keep": "choosing cards", "draft_pick": "choosing a passed card",
                   "play": "playing action cards", "hire": "paying characters",
                   "plague": "the plague", "over": "game over"},
        "b.round": "Round {round} of {rounds}, period {period}: {phase}",
        "b.bell": "Bell ringer (plays first this round): {seat}",
        "b.deciding": "Deciding now: {seats}",
        "b.characters": "Characters this round: {items}",
        "b.character": "{name} ({rats:rats})",
        "b.to_come": "Still to come this period: {items}",
        "b.plague": "Plague this round: {rats:rats}",
        "b.bank": "Gold in the bank: {gold}",
        "b.rows": {"notre_dame": "Notre Dame (cubes)", "gold": "Gold",
                   "prestige": "Prestige", "rats": "Rat marker (0 to 9)",
                   "supply": "Personal supply (cubes)",
                   "general": "General supply (cubes)", "messages": "Messages taken",
                   "hand": "Cards in hand", "deck": "Cards in deck"},
        "b.legend": "* the trusted friend stands here (it counts as one more piece)",
        "b.player": "{seat}: carriage {square:at}; paid this round: {character}; played "
                    "this period: {cards}",
        "b.messages": "Messages on the market squares (each quarter has a centre and "
                      "squares 1 to 4):",
        "b.quarter": "Quarter {q} ({owner}), {colour:mp} messages: {items}",
        "b.quarter_bare": "Quarter {q} ({owner}): no message left", "b.nobody": "no player",
        "b.square": "square {k}: {benefit}",
        "b.hand": "Your hand: {cards}",
        "b.received": "Passed to you: {cards}",
        "b.choice": "Your choice: {card}",
        "b.facedown": "Your face-down cards: {cards}",
        "b.deck": "Left in your deck: {cards}",
        "b.seen": "Other players know your {card}: {seats}",
    },
    "it": {
        "moved": "{cubes:cubes}", "moved_friend": "{cubes:cubes} e il Fiduciario",
        "moved_only_friend": "il Fiduciario",
        "ask.keep": "quale carta tenere (le altre due vanno a sinistra)",
        "ask.pick": "quale carta ricevuta tenere (l'altra va a sinistra)",
        "ask.play": "quale carta giocare", "ask.play_last": " (l'ultima va coperta)",
        "ask.hire": "a quale personaggio dare 1 moneta",
        "ask.source": "da dove prendere il cubetto per la carta {kind}",
        "ask.friend": "in quale settore mandare il Fiduciario",
        "ask.carriage": "dove fermare la carrozza (al massimo {steps:steps})",
        "ask.message": "se prendere il messaggio",
        "ask.benefit": "quale beneficio prendere", "ask.benefit_left": " (ne restano {left})",
        "ask.donation": "quante monete donare a Notre Dame",
        "ask.minstrel_from": "da quale settore il Trovatore sposta i pezzi",
        "ask.minstrel_to": "in quale settore vanno i pezzi",
        "ask.minstrel_pieces": "quanti pezzi spostare",
        "ask.jester_from": "quale pezzo sposta il Giullare",
        "ask.jester_to": "in quale settore va (poi la sua azione)",
        "ask.bishop": "quale settore vuoto riceve il cubetto del Vescovo",
        "ask.plague_loss": "quale dei tuoi settori più pieni perde un cubetto per la "
                           "pestilenza",
        "keep": "Tieni la carta {kind}",
        "play": "Gioca la carta {kind}: {effect}",
        "which_card": " (la carta {colour:f})",
        "place": "Usa un cubetto della tua riserva personale (ne hai {left})",
        "forgo": "Gioca la carta senza la sua azione",
        "from": "Prendi un cubetto {sector:from} (ora ne ha {count:cubes})",
        "friend": "Fiduciario {sector:to}: {effect}",
        "minstrel_from": "Sposta pezzi {sector:from} ({count:pieces})",
        "minstrel_to": "Spostali {sector:to} (lì nessuna azione)",
        "jester_from": "Sposta un cubetto {sector:from}",
        "jester_friend": "Sposta il Fiduciario (ora {sector:in})",
        "jester_to": "Spostalo {sector:to}: {effect}",
        "bishop": "Cubetto del Vescovo {sector:to}: {effect}",
        "lose": "Perdi un cubetto {sector:from}",
        "move": "Porta la carrozza {square:to}, {owner}: {message}",
        "quarter_of": "quartiere di {seat}", "empty_quarter": "quartiere di nessuno",
        "no_message": "nessun messaggio",
        "a_message": "messaggio {colour:m}, {benefit}",
        "barred": " (non puoi ancora prenderlo)",
        "stay": "Lascia la carrozza dov'è",
        "take": "Prendi il messaggio: {benefit}",
        "leave": "Lascia il messaggio",
        "benefit.gold": "Prendi 1 moneta",
        "benefit.cube": "Prendi 1 cubetto dalla riserva generale",
        "benefit.rat": "Fai arretrare i topi di 1 casella (fino alla casella {to})",
        "gold": "Dona {gold:gold} per {prestige:prestige}",
        "hire": "Paga {character:obj}: {effect}",
        "pass": "Non pagare nessun personaggio (tieni le monete)",
        "pieces": "Sposta {what}",
        "does.convent_school": "+{n:cubes} nella tua riserva personale",
        "does.bank": "+{n:gold}",
        "does.residence": "+{n:prestige}",
        "does.carriage_house": "la carrozza viaggia fino a {n:steps}",
        "does.hotel": "scegli {n:benefits} (moneta, cubetto o topi indietro)",
        "does.park": "topi indietro di 1; poi +{n} a ogni guadagno di prestigio",
        "does.park_zero": "nessun topo da far arretrare; poi +{n} a ogni guadagno di "
                          "prestigio",
        "does.hospital": "topi indietro di 1; poi {n:rats} in meno a ogni pestilenza",
        "does.hospital_zero": "nessun topo da far arretrare; poi {n:rats} in meno a ogni "
                              "pestilenza",
        "does.notre_dame": "un cubetto su Notre Dame donando da 1 a 3 monete (1, 3 o 6 "
                           "punti prestigio)",
        "does.notre_dame_poor": "nessuna moneta da donare: si può giocare solo senza la sua azione",
        "does.trusted_friend": "sposta il Fiduciario in un altro settore e usalo",
        "hired.innkeeper": "+{n:prestige}, poi 1 moneta, 1 cubetto o topi indietro di 1",
        "hired.minstrel": "sposta da 1 a 3 pezzi da un settore a un altro (senza azione)",
        "hired.monk": "+{cubes:cubes} e +{n:prestige}",
        "hired.jester": "sposta 1 pezzo in un altro settore e usa quel settore",
        "hired.moneylender": "+2 monete e +{n:prestige}",
        "hired.doctor": "la pestilenza di questo round per te vale 0 invece di {rats:rats}",
        "hired.city_watch": "+{n:prestige} (1 per pezzo nel quartiere e su Notre Dame)",
        "hired.night_watch": "+{n:prestige} (1 per settore vuoto)",
        "hired.bishop": "un cubetto della riserva generale in un settore vuoto, con la sua "
                        "azione",
        "hired.guild_master": "+{n:prestige} (2 per settore con almeno 2 pezzi)",
        "hired.king_of_beggars": "+{n:prestige} (1 per casella libera davanti ai tuoi topi)",
        "hired.lawyer": "+{n:prestige} (3 ogni 2 messaggi che hai)",
        "hired.lady_in_waiting": "+{n:prestige} (1 per pezzo nel tuo settore più pieno)",
        "hired.mayor": "+{n:prestige} (3 per settore con almeno 3 pezzi)",
        "hired.carpenter": "+{n:prestige} (1 per settore con almeno 1 pezzo)",
        "phases": {"draft_keep": "scelta delle carte",
                   "draft_pick": "scelta di una carta ricevuta",
                   "play": "gioco delle carte azione", "hire": "pagamento dei personaggi",
                   "plague": "la pestilenza", "over": "partita finita"},
        "b.round": "Round {round} di {rounds}, passaggio {period}: {phase}",
        "b.bell": "Campanaro (gioca per primo in questo round): {seat}",
        "b.deciding": "Deve decidere ora: {seats}",
        "b.characters": "Personaggi del round: {items}",
        "b.character": "{name} ({rats:rats})",
        "b.to_come": "Ancora da scoprire in questo passaggio: {items}",
        "b.plague": "Pestilenza del round: {rats:rats}",
        "b.bank": "Monete nella riserva: {gold}",
        "b.rows": {"notre_dame": "Notre Dame (cubetti)", "gold": "Monete",
                   "prestige": "Punti prestigio", "rats": "Topi (da 0 a 9)",
                   "supply": "Riserva personale",
                   "general": "Cubetti riserva generale", "messages": "Messaggi presi",
                   "hand": "Carte in mano", "deck": "Carte nel mazzo"},
        "b.legend": "* qui c'è il Fiduciario (vale un pezzo in più)",
        "b.player": "{seat}: carrozza {square:at}; pagato in questo round: "
                    "{character}; giocate in questo passaggio: {cards}",
        "b.messages": "Messaggi sulle piazze del mercato (ogni quartiere ha una piazza "
                      "centrale e le piazze da 1 a 4):",
        "b.quarter": "Quartiere {q} ({owner}), messaggi {colour:mp}: {items}",
        "b.quarter_bare": "Quartiere {q} ({owner}): nessun messaggio rimasto",
        "b.nobody": "nessun giocatore",
        "b.square": "piazza {k}: {benefit}",
        "b.hand": "In mano: {cards}",
        "b.received": "Ricevute: {cards}",
        "b.choice": "La tua scelta: {card}",
        "b.facedown": "Le tue carte coperte: {cards}",
        "b.deck": "Ancora nel tuo mazzo: {cards}",
        "b.seen": "Conoscono la tua carta {card}: {seats}",
    },
    "pl": {
        "moved": "{cubes:cubes}", "moved_friend": "{cubes:cubes} i pełnomocnika",
        "moved_only_friend": "pełnomocnika",
        "ask.keep": "którą kartę zatrzymać (dwie pozostałe idą w lewo)",
        "ask.pick": "którą z otrzymanych kart zatrzymać (druga idzie w lewo)",
        "ask.play": "którą kartę zagrać",
        "ask.play_last": " (ostatnia zostanie odłożona zakryta)",
        "ask.hire": "którą postać wynająć za 1 złotą monetę",
        "ask.source": "skąd wziąć znacznik dla karty {kind}",
        "ask.friend": "do którego sektora wysłać pełnomocnika",
        "ask.carriage": "gdzie zatrzymać powóz (najwyżej {steps:steps})",
        "ask.message": "czy wziąć wiadomość",
        "ask.benefit": "którą korzyść wybrać", "ask.benefit_left": " (pozostało: {left})",
        "ask.donation": "ile złota dać na Notre Dame",
        "ask.minstrel_from": "z którego sektora bard przenosi pionki",
        "ask.minstrel_to": "do którego sektora idą pionki",
        "ask.minstrel_pieces": "ile pionków przenieść",
        "ask.jester_from": "który pionek przenosi błazen",
        "ask.jester_to": "do którego sektora trafia (potem jego akcja)",
        "ask.bishop": "który pusty sektor dostaje znacznik biskupa",
        "ask.plague_loss": "z którego z najpełniejszych sektorów plaga zabiera znacznik",
        "keep": "Zatrzymaj kartę: {kind}",
        "play": "Zagraj kartę {kind}: {effect}",
        "which_card": " ({colour:f} karta)",
        "place": "Użyj znacznika z własnych zasobów (masz {left:cubes})",
        "forgo": "Zagraj kartę bez jej akcji",
        "from": "Weź znacznik {sector:from} (teraz tam {count:cubes})",
        "friend": "Pełnomocnik {sector:to}: {effect}",
        "minstrel_from": "Przenieś pionki {sector:from} (teraz tam {count:pieces})",
        "minstrel_to": "Przenieś je {sector:to} (bez akcji)",
        "jester_from": "Przenieś znacznik {sector:from}",
        "jester_friend": "Przenieś pełnomocnika (teraz {sector:in})",
        "jester_to": "Przenieś go {sector:to}: {effect}",
        "bishop": "Znacznik biskupa {sector:to}: {effect}",
        "lose": "Strać znacznik {sector:from}",
        "move": "Jedź {square:to}, {owner}: {message}",
        "quarter_of": "dzielnica {seat:gen}", "empty_quarter": "niczyja dzielnica",
        "no_message": "bez wiadomości",
        "a_message": "{colour:f} wiadomość, {benefit}",
        "barred": " (jeszcze nie możesz jej wziąć)",
        "stay": "Zostaw powóz na miejscu",
        "take": "Weź wiadomość: {benefit}",
        "leave": "Zostaw wiadomość",
        "benefit.gold": "Weź 1 złotą monetę",
        "benefit.cube": "Weź 1 znacznik z ogólnych zasobów",
        "benefit.rat": "Cofnij szczury o 1 pole (na pole {to})",
        "gold": "Daj {gold:gold_acc} za {prestige:prestige}",
        "hire": "Wynajmij {character:obj}: {effect}",
        "pass": "Nie wynajmuj nikogo (zachowaj złoto)",
        "pieces": "Przenieś {what}",
        "does.convent_school": "+{n:cubes} do własnych zasobów",
        "does.bank": "+{n:gold}",
        "does.residence": "+{n:prestige}",
        "does.carriage_house": "powóz jedzie najwyżej o {n:steps}",
        "does.hotel": "do wyboru {n:benefits} (złoto, znacznik albo szczury w tył)",
        "does.park": "szczury o 1 pole w tył; potem +{n} do każdego zdobytego prestiżu",
        "does.park_zero": "szczurów nie da się cofnąć; potem +{n} do każdego zdobytego "
                          "prestiżu",
        "does.hospital": "szczury o 1 pole w tył; potem przy każdej pladze mniej o "
                         "{n:rats}",
        "does.hospital_zero": "szczurów nie da się cofnąć; potem przy każdej pladze mniej "
                              "o {n:rats}",
        "does.notre_dame": "znacznik na Notre Dame za datek od 1 do 3 złotych monet (1, 3 "
                           "lub 6 punktów prestiżu)",
        "does.notre_dame_poor": "brak złota na datek: można ją zagrać tylko bez akcji",
        "does.trusted_friend": "przenieś pełnomocnika do innego sektora i użyj go",
        "hired.innkeeper": "+{n:prestige}, potem 1 złota moneta, 1 znacznik albo szczury "
                           "o 1 w tył",
        "hired.minstrel": "przenieś od 1 do 3 pionków z jednego sektora do innego (bez "
                          "akcji)",
        "hired.monk": "+{cubes:cubes} i +{n:prestige}",
        "hired.jester": "przenieś 1 pionek do innego sektora i użyj tego sektora",
        "hired.moneylender": "+2 złote monety i +{n:prestige}",
        "hired.doctor": "plaga tej rundy liczy się dla ciebie jako 0 zamiast {rats:rats}",
        "hired.city_watch": "+{n:prestige} (1 za każdy pionek w dzielnicy i na Notre Dame)",
        "hired.night_watch": "+{n:prestige} (1 za każdy pusty sektor)",
        "hired.bishop": "znacznik z ogólnych zasobów do pustego sektora, z jego akcją",
        "hired.guild_master": "+{n:prestige} (2 za sektor z co najmniej 2 pionkami)",
        "hired.king_of_beggars": "+{n:prestige} (1 za każde wolne pole przed szczurami)",
        "hired.lawyer": "+{n:prestige} (3 za każde 2 twoje wiadomości)",
        "hired.lady_in_waiting": "+{n:prestige} (1 za pionek w najpełniejszym sektorze)",
        "hired.mayor": "+{n:prestige} (3 za sektor z co najmniej 3 pionkami)",
        "hired.carpenter": "+{n:prestige} (1 za sektor z co najmniej 1 pionkiem)",
        "phases": {"draft_keep": "wybór kart", "draft_pick": "wybór otrzymanej karty",
                   "play": "zagrywanie kart akcji", "hire": "wynajmowanie postaci",
                   "plague": "plaga", "over": "koniec gry"},
        "b.round": "Runda {round} z {rounds}, okres {period}: {phase}",
        "b.bell": "Dzwonnik (w tej rundzie zaczyna): {seat}",
        "b.deciding": "Teraz decyduje: {seats}",
        "b.characters": "Postacie tej rundy: {items}",
        "b.character": "{name} ({rats:rats})",
        "b.to_come": "Jeszcze w tym okresie: {items}",
        "b.plague": "Plaga w tej rundzie: {rats:rats}",
        "b.bank": "Złoto w ogólnych zasobach: {gold}",
        "b.rows": {"notre_dame": "Notre Dame (znaczniki)", "gold": "Złote monety",
                   "prestige": "Punkty prestiżu", "rats": "Wskaźnik plagi (0 do 9)",
                   "supply": "Własne zasoby (znaczniki)",
                   "general": "Ogólne zasoby (znaczniki)",
                   "messages": "Zebrane wiadomości", "hand": "Karty w ręce",
                   "deck": "Karty w talii"},
        "b.legend": "* tu stoi pełnomocnik (liczy się jak jeszcze jeden pionek)",
        "b.player": "{seat}: powóz stoi {square:at}; wynajęta postać: {character}; "
                    "zagrane w tym okresie: {cards}",
        "b.messages": "Wiadomości na targowiskach (każda dzielnica ma środkowe "
                      "targowisko i targowiska od 1 do 4):",
        "b.quarter": "Dzielnica {q} ({owner}), wiadomości {colour:mp}: {items}",
        "b.quarter_bare": "Dzielnica {q} ({owner}): nie ma już wiadomości",
        "b.nobody": "bez gracza",
        "b.square": "targowisko {k}: {benefit}",
        "b.hand": "Twoja ręka: {cards}",
        "b.received": "Otrzymane: {cards}",
        "b.choice": "Twój wybór: {card}",
        "b.facedown": "Twoje zakryte karty: {cards}",
        "b.deck": "Zostały w twojej talii: {cards}",
        "b.seen": "Twoją kartę {card} znają też: {seats}",
    },
}
for _lang, _phrases in PHRASES.items():
    WORDS[_lang].update(_phrases)


def _moved(lang: str, cubes: int, friend: bool) -> str:
    """Return what the Minstrel moves: cubes, the trusted friend, or both."""
    if not friend:
        return say(lang, "moved", cubes=cubes)
    return say(lang, "moved_friend" if cubes else "moved_only_friend", cubes=cubes)


# -- prompts ----------------------------------------------------------------------------------

TASK_PROMPTS = {
    2: "ask.message",
    4: "ask.donation",
    5: "ask.minstrel_from",
    6: "ask.minstrel_to",
    7: "ask.minstrel_pieces",
    8: "ask.jester_from",
    9: "ask.jester_to",
    10: "ask.bishop",
    11: "ask.plague_loss",
}
"""Prompts of the sub-decisions that name nothing of the position, by task number."""


def prompt(s: NDState, p: int, lang: str = "en") -> str:
    """Say what pending player `p` is deciding, in `lang`."""
    if s.stack:
        task, _, x, _ = s.stack[-1]
        if task == T_SOURCE:
            if x == Kind.TRUSTED_FRIEND:
                return say(lang, "ask.friend")
            return say(lang, "ask.source", kind=KINDS[lang][KIND_NAMES[x]])
        if task == T_CARRIAGE:
            return say(lang, "ask.carriage", steps=x)
        if task == T_BENEFIT:
            left = say(lang, "ask.benefit_left", left=x) if x > 1 else ""
            return say(lang, "ask.benefit") + left
        return say(lang, TASK_PROMPTS[task])
    if s.phase == PLAY:
        last = say(lang, "ask.play_last") if s.turn >= len(s.gold) else ""
        return say(lang, "ask.play") + last
    return say(lang, {DRAFT_KEEP: "ask.keep", DRAFT_PICK: "ask.pick",
                      HIRE: "ask.hire"}[s.phase])


# -- labels -----------------------------------------------------------------------------------


def effect(s: NDState, p: int, sector: int, lang: str) -> str:
    """Return what a piece arriving in `p`'s `sector` (or a Notre Dame or Trusted friend
    card played) brings now: the sector's action with one more piece there, which is what
    choosing it decides."""
    if sector == Kind.NOTRE_DAME:
        return say(lang, "does.notre_dame" if s.gold[p] else "does.notre_dame_poor")
    if sector == Kind.TRUSTED_FRIEND:
        return say(lang, "does.trusted_friend")
    count = pieces(s, p, sector) + 1
    kind = KIND_NAMES[sector]
    if sector == Kind.CONVENT_SCHOOL:
        return say(lang, "does." + kind, n=min(count, s.general[p]))
    if sector == Kind.RESIDENCE:
        return say(lang, "does." + kind, n=count + park_bonus(s, p))
    if sector == Kind.HOTEL:
        return say(lang, "does." + kind, n=2 if count >= HOTEL_DOUBLE_FROM else 1)
    if sector == Kind.PARK:
        zero = "_zero" if s.rats[p] == 0 else ""
        return say(lang, "does." + kind + zero, n=count // 2)
    if sector == Kind.HOSPITAL:
        zero = "_zero" if s.rats[p] == 0 else ""
        return say(lang, "does." + kind + zero, n=count)
    return say(lang, "does." + kind, n=count)


def _prestige(s: NDState, p: int, amount: int) -> int:
    """Return the prestige a gain of `amount` brings `p`, with the Park's bonus."""
    return amount + park_bonus(s, p) if amount > 0 else 0


def hired_effect(s: NDState, p: int, character: int, lang: str) -> str:
    """Return what paying `character` brings `p` now, counted where it is a count."""
    row = [pieces(s, p, t) for t in range(7)]
    plague = sum(CHARACTER_RATS[c] for c in s.revealed)
    amounts = {
        Character.INNKEEPER: 3,
        Character.MONK: 1,
        Character.MONEYLENDER: 1,
        Character.CITY_WATCH: sum(row) + s.nd[p],
        Character.NIGHT_WATCH: 7 - occupied(s, p, 1),
        Character.GUILD_MASTER: 2 * occupied(s, p, 2),
        Character.KING_OF_BEGGARS: RAT_TRACK_MAX - s.rats[p],
        Character.LAWYER: 3 * (len(s.tiles[p]) // 2),
        Character.LADY_IN_WAITING: max(row),
        Character.MAYOR: 3 * occupied(s, p, 3),
        Character.CARPENTER: occupied(s, p, 1),
    }
    return say(lang, "hired." + CHARACTER_NAMES[character],
               n=_prestige(s, p, amounts.get(Character(character), 0)),
               cubes=min(2, s.general[p]),
               rats=max(0, plague - row[Kind.HOSPITAL]))


def _quarter_owner(s: NDState, quarter: int, lang: str) -> str:
    owners = [q for q in range(s.setting.players) if s.setting.player_quarter[q] == quarter]
    if not owners:
        return say(lang, "empty_quarter")
    return say(lang, "quarter_of", seat=SEATS[lang][owners[0]])


def _drive(s: NDState, p: int, token: str, lang: str) -> str:
    square = SQUARE_OF_TOKEN[token]
    message = s.board[square]
    if message < 0:
        what = say(lang, "no_message")
    else:
        colour, benefit = divmod(message, 4)
        what = say(lang, "a_message", colour=COLOUR_TERMS[lang][colour],
                   benefit=WORDS[lang]["benefits"][benefit])
        if not message_allowed(s, p, colour):
            what += say(lang, "barred")
    return say(lang, "move", square=square_term(token, lang),
               owner=_quarter_owner(s, square // SQUARES_PER_QUARTER, lang), message=what)


def _card_label(s: NDState, p: int, a: Action, lang: str) -> str:
    """Label a card to keep or play: its kind, and when played what it brings now. A
    card's colour changes nothing in play, so it is named only to tell apart two cards of
    one kind in the same hand."""
    card = CARD_OF_TOKEN[a.args[0]]
    kind = card_kind(card)
    name = KINDS[lang][KIND_NAMES[kind]]
    if a.kind == "keep":
        return say(lang, "keep", kind=name)
    label = say(lang, "play", kind=name, effect=effect(s, p, kind, lang))
    if sum(1 for c in s.hand[p] if card_kind(c) == kind) > 1:
        label += say(lang, "which_card", colour=COLOUR_TERMS[lang][card_colour(card)])
    return label


def describe(s: NDState, p: int, a: Action, lang: str = "en") -> str:
    """Label one of `p`'s legal actions for a person, in `lang`: what the choice decides
    and what it brings now."""
    kind, args = a.kind, a.args
    task = s.stack[-1][0] if s.stack else -1
    if kind in ("keep", "play"):
        return _card_label(s, p, a, lang)
    if kind in ("place", "forgo", "stay", "take", "leave", "pass"):
        if kind == "take":
            message = s.board[s.stack[-1][2]]
            return say(lang, "take", benefit=WORDS[lang]["benefits"][message % 4])
        return say(lang, kind, left=s.supply[p])
    if kind == "from":
        if args[0] == "trusted_friend":
            return say(lang, "jester_friend", sector=KINDS[lang][KIND_NAMES[s.friend[p]]])
        sector = KINDS[lang][args[0]]
        source = SECTOR_OF_TOKEN[args[0]]
        count = s.nd[p] if source == Kind.NOTRE_DAME else s.sectors[p][source]
        if task == T_MINSTREL_FROM:
            return say(lang, "minstrel_from", sector=sector, count=pieces(s, p, source))
        if task == T_JESTER_FROM:
            return say(lang, "jester_from", sector=sector)
        return say(lang, "from", sector=sector, count=count)
    if kind in ("friend", "to"):
        target = SECTOR_OF_TOKEN[args[0]]
        sector = KINDS[lang][args[0]]
        if task == T_MINSTREL_TO:
            return say(lang, "minstrel_to", sector=sector)
        label = {T_JESTER_TO: "jester_to", T_BISHOP: "bishop"}.get(task, "friend")
        return say(lang, label, sector=sector, effect=effect(s, p, target, lang))
    if kind == "lose":
        return say(lang, "lose", sector=KINDS[lang][args[0]])
    if kind == "move":
        return _drive(s, p, args[0], lang)
    if kind == "benefit":
        return say(lang, "benefit." + args[0], to=max(0, s.rats[p] - 1))
    if kind == "gold":
        n = int(args[0])
        return say(lang, "gold", gold=n, prestige=_prestige(s, p, NOTRE_DAME_DONATION[n]))
    if kind == "hire":
        character = CHARACTER_NAMES.index(args[0])
        return say(lang, "hire", character=CHARACTERS[lang][args[0]],
                   effect=hired_effect(s, p, character, lang))
    if kind == "pieces" and task == T_MINSTREL_PIECES:
        return say(lang, "pieces", what=_moved(lang, int(args[0]), len(args) > 1))
    return str(a)


def player_name(player: int, lang: str = "en") -> str:
    """Return a seat's name, its colour, with the seat label the tables use (`Red (P1)`)."""
    return f"{SEATS[lang][_index(player, len(COLOURS))]} (P{player + 1})"


# -- the board --------------------------------------------------------------------------------

WIDTH = 80
LABEL = 25
CELL = 10


def _wrapped(text: str) -> list[str]:
    """Return a paragraph folded to the terminal's 80 columns, later lines indented."""
    return textwrap.wrap(text, WIDTH, subsequent_indent="    ", break_on_hyphens=False)


def render_view(v: Mapping[str, Any], lang: str = "en") -> str:
    """Draw a view as plain text for an 80-column terminal, in `lang`, every word spelled
    out: the round, the characters, a table of every player's quarter and stock, then the
    carriages, the messages on the board and the viewer's own cards."""
    words = WORDS[lang]
    seats = SEATS[lang]
    chars = CHARACTERS[lang]
    none: str = words["none"]

    def names(items: Sequence[str]) -> str:
        return str(words["list"]).join(items) or none

    def cards(tokens: Sequence[str]) -> str:
        return str(words["list"]).join(card_term(c, lang) for c in tokens) or str(
            words["no_cards"])

    lines = [say(lang, "b.round", round=v["round"], period=v["period"],
                 rounds=ROUNDS, phase=words["phases"][v["phase"]])]
    lines.append(say(lang, "b.bell", seat=seats[v["first"]]))
    if v["to_act"]:
        lines.append(say(lang, "b.deciding", seats=names([seats[q] for q in v["to_act"]])))
    if v["characters"]:
        items = [say(lang, "b.character", name=chars[c],
                     rats=CHARACTER_RATS[CHARACTER_NAMES.index(c)]) for c in v["characters"]]
        lines += _wrapped(say(lang, "b.characters", items=names(items)))
        lines.append(say(lang, "b.plague", rats=v["plague"]))
    if v["to_come"]:
        lines += _wrapped(say(lang, "b.to_come", items=names([chars[c] for c in v["to_come"]])))
    if v["bank"] is not None:
        lines.append(say(lang, "b.bank", gold=v["bank"]))
    players = v["players"]
    lines.append("")
    lines.append(" " * LABEL + "".join(f"{seats[q]:>{CELL}}" for q in range(len(players))))
    for sector in KIND_NAMES[:7]:
        cells = []
        for pl in players:
            mark = "*" if pl["friend"] == sector else " "
            cells.append(f"{pl['sectors'][sector]:>{CELL - 1}}{mark}")
        lines.append(f"{KINDS[lang][sector]:<{LABEL}}" + "".join(cells))
    rows = words["b.rows"]
    stock = (("notre_dame", "notre_dame"), ("gold", "gold"), ("prestige", "prestige"),
             ("rats", "rats"), ("supply", "supply"), ("general", "general"))
    for row, field in stock:
        lines.append(f"{rows[row]:<{LABEL}}"
                     + "".join(f"{pl[field]:>{CELL - 1}} " for pl in players))
    lines.append(f"{rows['messages']:<{LABEL}}"
                 + "".join(f"{len(pl['messages']):>{CELL - 1}} " for pl in players))
    lines.append(f"{rows['hand']:<{LABEL}}"
                 + "".join(f"{pl['hand_size'] + pl['received_size']:>{CELL - 1}} "
                           for pl in players))
    lines.append(f"{rows['deck']:<{LABEL}}"
                 + "".join(f"{pl['deck_size']:>{CELL - 1}} " for pl in players))
    if any(pl["friend"] for pl in players):
        lines.append(words["b.legend"])
    lines.append("")
    for q, pl in enumerate(players):
        hired = chars[pl["hired"]] if pl["hired"] else none
        lines += _wrapped(say(lang, "b.player", seat=seats[q],
                              square=square_term(pl["carriage"], lang), character=hired,
                              cards=str(words["list"]).join(
                                  KINDS[lang][c.split(".")[1]] for c in pl["played"])
                              or words["no_cards"]))
    lines.append("")
    lines += _wrapped(words["b.messages"])
    owner_of = {pl["quarter"]: q for q, pl in enumerate(players)}
    for quarter in range(v["quarters"]):
        items, colour = [], None
        for spot in range(1, SQUARES_PER_QUARTER):
            message = v["board"].get(f"{quarter}.{spot}")
            if message is not None:
                # Every message of a quarter has the quarter's colour.
                colour = COLOUR_TERMS[lang][COLOURS.index(message[0])]
                benefit = words["benefits"][BENEFIT_NAMES.index(message[1])]
                items.append(say(lang, "b.square", k=spot, benefit=benefit))
        owner = seats[owner_of[quarter]] if quarter in owner_of else words["b.nobody"]
        lines += _wrapped(say(lang, "b.quarter" if items else "b.quarter_bare",
                              q=quarter + 1, owner=owner, colour=colour,
                              items="; ".join(items)))
    me = v.get("me")
    if me is not None:
        lines.append("")
        lines += _wrapped(say(lang, "b.hand", cards=cards(me["hand"])))
        if me["received"]:
            lines += _wrapped(say(lang, "b.received", cards=cards(me["received"])))
        if me["choice"]:
            lines += _wrapped(say(lang, "b.choice", card=card_term(me["choice"], lang)))
        if me["facedown"]:
            lines += _wrapped(say(lang, "b.facedown", cards=cards(me["facedown"])))
        lines += _wrapped(say(lang, "b.deck", cards=cards(me["deck"])))
        for card, others in sorted(me["seen_by"].items()):
            lines += _wrapped(say(lang, "b.seen", card=card_term(card, lang),
                                  seats=names([seats[q] for q in others])))
    return "\n".join(line.rstrip() for line in lines)


# -- help topics ------------------------------------------------------------------------------
# Keyed by topic: every card kind and character of components.py, then the other things a
# player meets. A topic's name is the card's or character's name, or TOPIC_NAMES.

TOPIC_NAMES: dict[str, dict[str, str]] = {
    "en": {"action_cards": "Action cards", "draft": "Choosing cards", "cube": "Cubes",
           "personal_supply": "Personal supply", "general_supply": "General supply",
           "gold": "Gold", "prestige": "Prestige", "rat_marker": "Rat marker",
           "plague": "Plague", "quarter": "Quarter", "sector": "Sector",
           "market_square": "Market square", "carriage": "Carriage", "message": "Message",
           "bell_ringer": "Bell ringer", "rounds": "Rounds and periods",
           "character_cards": "Character cards", "face_down": "Face-down card"},
    "it": {"action_cards": "Carte azione", "draft": "Scelta delle carte",
           "cube": "Cubetti influenza", "personal_supply": "Riserva personale",
           "general_supply": "Riserva generale", "gold": "Monete d'oro",
           "prestige": "Punti prestigio", "rat_marker": "Segnalino topi",
           "plague": "Pestilenza", "quarter": "Quartiere", "sector": "Settore",
           "market_square": "Piazza del mercato", "carriage": "Carrozza",
           "message": "Messaggio", "bell_ringer": "Campanaro",
           "rounds": "Round e passaggi", "character_cards": "Carte personaggio",
           "face_down": "Carta coperta"},
    "pl": {"action_cards": "Karty akcji", "draft": "Wybór kart",
           "cube": "Znaczniki wpływów", "personal_supply": "Własne zasoby",
           "general_supply": "Ogólne zasoby", "gold": "Złote monety",
           "prestige": "Punkty prestiżu", "rat_marker": "Znacznik szczurów",
           "plague": "Plaga", "quarter": "Dzielnica", "sector": "Sektor",
           "market_square": "Targowisko", "carriage": "Powóz", "message": "Wiadomość",
           "bell_ringer": "Dzwonnik", "rounds": "Rundy i okresy",
           "character_cards": "Karty postaci", "face_down": "Karta zakryta"},
}

GLOSSARY: dict[str, dict[str, str]] = {
    "en": {
        "convent_school": "A sector of your quarter and the action card for it. Each cube "
        "you put there brings as many cubes from your general supply into your personal "
        "supply as the Convent school then holds (the trusted friend counts). It is how you "
        "get more cubes to place.",
        "bank": "A sector of your quarter and the action card for it. Each cube you put "
        "there pays you as much gold from the bank as the Bank then holds pieces. Gold pays "
        "for characters and for gifts to Notre Dame.",
        "residence": "A sector of your quarter and the action card for it. Each cube you "
        "put there earns as much prestige as the Residence then holds pieces: the plainest "
        "way to score, and it grows with every cube.",
        "carriage_house": "A sector of your quarter and the action card for it. Each cube "
        "you put there lets your carriage drive along as many roads as the Carriage house "
        "then holds pieces; where it stops you may take the message lying there.",
        "hotel": "A sector of your quarter and the action card for it. A cube put there "
        "gives your choice of 1 gold, 1 cube from the general supply or the rat marker back "
        "one space; from the fourth piece in the Hotel on, you choose twice.",
        "park": "A sector of your quarter and the action card for it. A cube put there "
        "moves your rat marker back one space. Every two pieces in the Park add 1 prestige "
        "to every later gain of prestige, whatever it comes from.",
        "hospital": "A sector of your quarter and the action card for it. A cube put there "
        "moves your rat marker back one space, and every piece in the Hospital keeps one rat "
        "of each round's plague away from you.",
        "notre_dame": "The cathedral in the middle of the board, and the action card for "
        "it. Playing the card puts a cube on the cathedral if you give 1, 2 or 3 gold, for "
        "1, 3 or 6 prestige at once. At the end of each period the cathedral's prestige (6 "
        "to 12 by player count) is shared out per cube on it, rounded down, and the cubes "
        "go back to the general supply.",
        "trusted_friend": "Your one roaming piece, and the action card that moves it. The "
        "card sends the friend into any sector of your quarter (later always a different "
        "one) and carries out that sector's action. Wherever it stands it counts as one more "
        "piece, but the plague never takes it.",
        "innkeeper": "A brown character. Paid with 1 gold, she gives 3 prestige and then "
        "your choice of 1 gold, 1 cube or the rat marker back one space.",
        "minstrel": "A brown character. Paid with 1 gold, he moves one to three of your "
        "pieces (the trusted friend too) from one sector to another; the new sector's action "
        "is not carried out.",
        "monk": "A brown character. Paid with 1 gold, he gives 2 cubes from the general "
        "supply and 1 prestige.",
        "jester": "A brown character. Paid with 1 gold, he moves one of your pieces from a "
        "sector or from Notre Dame into another sector of your quarter, whose action is then "
        "carried out.",
        "moneylender": "A brown character. Paid with 1 gold, he gives 2 gold and 1 prestige "
        "back, so he is a gold gain of 1.",
        "doctor": "A brown character. Paid with 1 gold, he makes this round's plague count "
        "as 0 for you; your Hospital's pieces can then even move the rat marker back.",
        "city_watch": "A grey character of period A, seen once a game. Paid with 1 gold, it "
        "gives 1 prestige for every piece you have in your quarter and on Notre Dame.",
        "night_watch": "A grey character of period A, seen once a game. Paid with 1 gold, "
        "it gives 1 prestige for every sector of yours with no piece in it.",
        "bishop": "A grey character of period A, seen once a game. Paid with 1 gold, he "
        "puts a cube from the general supply into one of your empty sectors and carries out "
        "its action.",
        "guild_master": "A grey character of period B, seen once a game. Paid with 1 gold, "
        "he gives 2 prestige for every sector of yours holding at least two pieces.",
        "king_of_beggars": "A grey character of period B, seen once a game. Paid with 1 "
        "gold, he gives 1 prestige for every free space between your rat marker and 9.",
        "lawyer": "A grey character of period B, seen once a game. Paid with 1 gold, he "
        "gives 3 prestige for every two messages you have taken.",
        "lady_in_waiting": "A grey character of period C, seen once a game. Paid with 1 "
        "gold, she gives 1 prestige for every piece in your fullest sector.",
        "mayor": "A grey character of period C, seen once a game. Paid with 1 gold, he "
        "gives 3 prestige for every sector of yours holding at least three pieces.",
        "carpenter": "A grey character of period C, seen once a game. Paid with 1 gold, he "
        "gives 1 prestige for every sector of yours holding at least one piece.",
        "action_cards": "Each player owns nine action cards, one per sector, Notre Dame and "
        "the trusted friend. Each round you hold three, play two for their actions and put "
        "the third face down unused. At each period's end every card goes back to its owner.",
        "draft": "At the start of a round everyone draws three of their own cards, keeps one "
        "and passes two to the left; then keeps one of the two received and passes the other "
        "on. So you end with three cards, usually of three colours.",
        "cube": "Your influence cubes, 14 in your colour. Playing a card puts one from your "
        "personal supply into the card's sector; if you have none left, you may move one from "
        "another sector or from Notre Dame instead.",
        "personal_supply": "The cubes in front of you, ready to be placed by action cards. "
        "You start with 4; the Convent school, the Hotel, messages and some characters bring "
        "more from your general supply.",
        "general_supply": "The cubes of your colour beside the board (10 at the start). They "
        "reach your personal supply through the Convent school, the Hotel, messages and "
        "characters; cubes lost to the plague or paid out by Notre Dame return here. When it "
        "is empty, those gains give what is left.",
        "gold": "Coins, 3 each at the start and 25 in the game. A character costs 1 gold, a "
        "gift to Notre Dame 1 to 3. With the usual rules, if the bank runs dry the richest "
        "other player pays. Gold also breaks a tie at the end.",
        "prestige": "The score. The player with the most prestige after nine rounds wins; a "
        "tie goes to the most gold and personal cubes together.",
        "rat_marker": "Your marker on the plague track, from 0 to 9. Each round's plague "
        "moves it on; the Park, the Hospital, the Hotel, the Innkeeper and one message move "
        "it back. A marker that would pass 9 costs you.",
        "plague": "The last phase of every round. Each player's rat marker moves on by the "
        "rats shown on the round's three characters, less one per piece in their Hospital "
        "(the Doctor makes the rats 0). A marker that would pass 9 stops on 9 and its owner "
        "loses 2 prestige and a cube of their fullest sector.",
        "quarter": "Your part of the city: seven sectors with your cubes, five market "
        "squares and the roads between them. Quarters are numbered around the board; in a "
        "two-player game two quarters have no player but still hold messages.",
        "sector": "One of the seven buildings of a quarter (Convent school, Bank, Residence, "
        "Carriage house, Hotel, Park, Hospital). A sector's action counts the pieces in it, "
        "so a sector grows stronger each time you add to it.",
        "market_square": "A place where carriages stop. Each quarter has five: a centre, "
        "where its carriage starts, and squares 1 to 4, which start with a message each.",
        "carriage": "Your coach on the streets. The Carriage house drives it from square to "
        "square; it may go into any quarter and may stop early. Where it stops it may take "
        "the message lying there.",
        "message": "A tile lying on a market square, in the colour of its quarter. Taking "
        "it gives 1 prestige and 1 gold, 2 prestige and 1 cube, 3 prestige and the rat "
        "marker back one, or 4 prestige. You may take a second message of a colour only "
        "after one of every colour still on the board, and so on.",
        "bell_ringer": "The first player of the round. The bell passes to the left every "
        "round; the bell ringer plays the first card and chooses a character first.",
        "rounds": "The game lasts three periods, A, B and C, of three rounds each. A round "
        "is: reveal three characters, choose cards, play two cards each, pay a character, "
        "the plague. After each period Notre Dame pays out and the cards go home.",
        "character_cards": "Three characters are shown each round: two of the six brown "
        "ones, which return every period, and one grey one of the period, seen only once. "
        "Each player may pay 1 gold to one of them for its help; the rats on the three "
        "make the round's plague.",
        "face_down": "The third card of a round, put under your second play without its "
        "action. Only you know it; it goes back to its owner at the period's end.",
    },
    "it": {
        "convent_school": "Un settore del tuo quartiere e la relativa carta azione. Ogni "
        "cubetto messo qui porta dalla tua riserva generale alla riserva personale tanti "
        "cubetti quanti ne contiene allora la Scuola (il Fiduciario conta). Serve ad avere "
        "più cubetti da piazzare.",
        "bank": "Un settore del tuo quartiere e la relativa carta azione. Ogni cubetto messo "
        "qui ti fa incassare dalla riserva tante monete quanti pezzi contiene allora la "
        "Banca. Le monete pagano i personaggi e le offerte a Notre Dame.",
        "residence": "Un settore del tuo quartiere e la relativa carta azione. Ogni cubetto "
        "messo qui dà tanti punti prestigio quanti pezzi contiene allora la Residenza: il "
        "modo più diretto di fare punti, che cresce a ogni cubetto.",
        "carriage_house": "Un settore del tuo quartiere e la relativa carta azione. Ogni "
        "cubetto messo qui fa viaggiare la tua carrozza per tante strade quanti pezzi "
        "contiene allora la Rimessa; dove si ferma puoi prendere il messaggio che c'è.",
        "hotel": "Un settore del tuo quartiere e la relativa carta azione. Un cubetto messo "
        "qui dà a scelta 1 moneta, 1 cubetto della riserva generale o i topi indietro di una "
        "casella; dal quarto pezzo nella Locanda in poi si sceglie due volte.",
        "park": "Un settore del tuo quartiere e la relativa carta azione. Un cubetto messo "
        "qui fa arretrare i topi di una casella. Ogni due pezzi nel Parco aggiungono 1 punto "
        "a ogni guadagno di prestigio successivo, da qualunque cosa venga.",
        "hospital": "Un settore del tuo quartiere e la relativa carta azione. Un cubetto "
        "messo qui fa arretrare i topi di una casella, e ogni pezzo nell'Ospedale tiene "
        "lontano un topo della pestilenza di ogni round.",
        "notre_dame": "La cattedrale al centro del tabellone e la relativa carta azione. "
        "Giocando la carta metti un cubetto sulla cattedrale se doni 1, 2 o 3 monete, per 1, "
        "3 o 6 punti prestigio subito. Alla fine di ogni passaggio il prestigio della "
        "cattedrale (da 6 a 12 secondo i giocatori) si divide per cubetto, arrotondando per "
        "difetto, e i cubetti tornano nella riserva generale.",
        "trusted_friend": "La tua pedina vagante e la carta azione che la sposta. La carta "
        "manda il Fiduciario in un settore qualsiasi del quartiere (poi sempre in uno "
        "diverso) ed esegue l'azione di quel settore. Ovunque sia vale un pezzo in più, ma "
        "la pestilenza non lo toglie mai.",
        "innkeeper": "Personaggio marrone. Pagandola 1 moneta dà 3 punti prestigio e poi a "
        "scelta 1 moneta, 1 cubetto o i topi indietro di una casella.",
        "minstrel": "Personaggio marrone. Pagandolo 1 moneta sposta da uno a tre tuoi pezzi "
        "(anche il Fiduciario) da un settore a un altro; l'azione del nuovo settore non si "
        "esegue.",
        "monk": "Personaggio marrone. Pagandolo 1 moneta dà 2 cubetti dalla riserva generale "
        "e 1 punto prestigio.",
        "jester": "Personaggio marrone. Pagandolo 1 moneta sposta un tuo pezzo da un settore "
        "o da Notre Dame in un altro settore del quartiere, di cui poi si esegue l'azione.",
        "moneylender": "Personaggio marrone. Pagandolo 1 moneta ne restituisce 2 con 1 punto "
        "prestigio: un guadagno netto di 1 moneta.",
        "doctor": "Personaggio marrone. Pagandolo 1 moneta la pestilenza del round vale 0 "
        "per te; i pezzi nell'Ospedale possono allora persino far arretrare i topi.",
        "city_watch": "Personaggio grigio del passaggio A, visto una sola volta. Pagandola 1 "
        "moneta dà 1 punto prestigio per ogni tuo pezzo nel quartiere e su Notre Dame.",
        "night_watch": "Personaggio grigio del passaggio A, visto una sola volta. Pagandola 1 "
        "moneta dà 1 punto prestigio per ogni tuo settore senza pezzi.",
        "bishop": "Personaggio grigio del passaggio A, visto una sola volta. Pagandolo 1 "
        "moneta mette un cubetto della riserva generale in un tuo settore vuoto ed esegue la "
        "sua azione.",
        "guild_master": "Personaggio grigio del passaggio B, visto una sola volta. Pagandolo "
        "1 moneta dà 2 punti prestigio per ogni tuo settore con almeno due pezzi.",
        "king_of_beggars": "Personaggio grigio del passaggio B, visto una sola volta. "
        "Pagandolo 1 moneta dà 1 punto prestigio per ogni casella libera tra i tuoi topi e "
        "il 9.",
        "lawyer": "Personaggio grigio del passaggio B, visto una sola volta. Pagandolo 1 "
        "moneta dà 3 punti prestigio ogni due messaggi presi.",
        "lady_in_waiting": "Personaggio grigio del passaggio C, visto una sola volta. "
        "Pagandola 1 moneta dà 1 punto prestigio per ogni pezzo nel tuo settore più pieno.",
        "mayor": "Personaggio grigio del passaggio C, visto una sola volta. Pagandolo 1 "
        "moneta dà 3 punti prestigio per ogni tuo settore con almeno tre pezzi.",
        "carpenter": "Personaggio grigio del passaggio C, visto una sola volta. Pagandolo 1 "
        "moneta dà 1 punto prestigio per ogni tuo settore con almeno un pezzo.",
        "action_cards": "Ogni giocatore ha nove carte azione, una per settore, Notre Dame e "
        "il Fiduciario. A ogni round ne tieni tre, ne giochi due per la loro azione e metti "
        "la terza coperta senza usarla. Alla fine del passaggio ogni carta torna al suo "
        "proprietario.",
        "draft": "All'inizio del round ognuno pesca tre carte proprie, ne tiene una e passa "
        "le altre due a sinistra; poi tiene una delle due ricevute e passa l'altra. Così si "
        "finisce con tre carte, di solito di tre colori.",
        "cube": "I tuoi cubetti influenza, 14 del tuo colore. Giocare una carta mette un "
        "cubetto della riserva personale nel settore della carta; se non ne hai più puoi "
        "spostarne uno da un altro settore o da Notre Dame.",
        "personal_supply": "I cubetti davanti a te, pronti per le carte azione. Se ne hanno "
        "4 all'inizio; la Scuola conventuale, la Locanda, i messaggi e alcuni personaggi ne "
        "portano altri dalla riserva generale.",
        "general_supply": "I cubetti del tuo colore accanto al tabellone (10 all'inizio). "
        "Passano alla riserva personale con la Scuola conventuale, la Locanda, i messaggi e "
        "i personaggi; i cubetti persi per la pestilenza o pagati da Notre Dame tornano qui. "
        "Se è vuota, quei guadagni danno quel che resta.",
        "gold": "Le monete: 3 a testa all'inizio, 25 in tutto. Un personaggio costa 1 "
        "moneta, un'offerta a Notre Dame da 1 a 3. Con le regole usuali, se la riserva è "
        "vuota paga il giocatore più ricco. Le monete spareggiano anche alla fine.",
        "prestige": "Il punteggio. Vince chi ha più punti prestigio dopo nove round; in caso "
        "di parità conta la somma di monete e cubetti della riserva personale.",
        "rat_marker": "Il tuo segnalino sul livello pestilenza, da 0 a 9. La pestilenza di "
        "ogni round lo fa avanzare; Parco, Ospedale, Locanda, Locandiera e un messaggio lo "
        "fanno arretrare. Se supererebbe il 9, costa caro.",
        "plague": "L'ultima fase di ogni round. I topi di ciascuno avanzano di tanti topi "
        "quanti ne mostrano i tre personaggi del round, meno uno per pezzo nell'Ospedale (il "
        "Medico porta i topi a 0). Chi supererebbe il 9 si ferma sul 9, perde 2 punti "
        "prestigio e un cubetto del settore più pieno.",
        "quarter": "La tua parte di città: sette settori con i tuoi cubetti, cinque piazze "
        "del mercato e le strade tra di esse. I quartieri sono numerati intorno al tabellone; "
        "in due giocatori due quartieri sono senza giocatore ma hanno comunque i messaggi.",
        "sector": "Uno dei sette edifici di un quartiere (Scuola conventuale, Banca, "
        "Residenza, Rimessa delle carrozze, Locanda, Parco, Ospedale). L'azione di un "
        "settore conta i suoi pezzi, quindi diventa più forte a ogni aggiunta.",
        "market_square": "Un luogo dove si fermano le carrozze. Ogni quartiere ne ha cinque: "
        "quella centrale, da cui parte la sua carrozza, e le piazze da 1 a 4, ognuna con un "
        "messaggio all'inizio.",
        "carriage": "La tua carrozza per le strade. La Rimessa delle carrozze la fa "
        "viaggiare di piazza in piazza; può entrare in ogni quartiere e fermarsi prima. Dove "
        "si ferma può prendere il messaggio che c'è.",
        "message": "Una tessera su una piazza del mercato, del colore del suo quartiere. "
        "Prenderla dà 1 punto prestigio e 1 moneta, 2 punti e 1 cubetto, 3 punti e i topi "
        "indietro di uno, oppure 4 punti. Un secondo messaggio di un colore si può prendere "
        "solo dopo averne uno di ogni colore ancora sul tabellone, e così via.",
        "bell_ringer": "Il primo giocatore del round. Il campanaro passa a sinistra a ogni "
        "round; chi lo ha gioca la prima carta e sceglie per primo il personaggio.",
        "rounds": "La partita dura tre passaggi, A, B e C, di tre round ciascuno. Un round è: "
        "scoprire tre personaggi, scegliere le carte, giocarne due a testa, pagare un "
        "personaggio, la pestilenza. Dopo ogni passaggio Notre Dame paga e le carte tornano "
        "ai proprietari.",
        "character_cards": "A ogni round si scoprono tre personaggi: due dei sei marroni, "
        "che tornano a ogni passaggio, e uno grigio del passaggio, visto una volta sola. "
        "Ognuno può dare 1 moneta a uno di loro per il suo aiuto; i topi sui tre fanno la "
        "pestilenza del round.",
        "face_down": "La terza carta del round, messa sotto la seconda giocata senza la sua "
        "azione. La conosci solo tu; a fine passaggio torna al suo proprietario.",
    },
    "pl": {
        "convent_school": "Sektor twojej dzielnicy i karta akcji do niego. Każdy znacznik "
        "położony tutaj przenosi z ogólnych zasobów do twoich własnych tyle znaczników, ile "
        "jest wtedy w seminarium (pełnomocnik się liczy). Tak zdobywasz znaczniki do "
        "kładzenia.",
        "bank": "Sektor twojej dzielnicy i karta akcji do niego. Każdy znacznik położony "
        "tutaj daje tyle złotych monet, ile jest wtedy pionków w banku. Złotem płaci się za "
        "postacie i datki na Notre Dame.",
        "residence": "Sektor twojej dzielnicy i karta akcji do niego. Każdy znacznik "
        "położony tutaj daje tyle punktów prestiżu, ile jest wtedy pionków w rezydencji: "
        "najprostsza droga do punktów, coraz lepsza z każdym znacznikiem.",
        "carriage_house": "Sektor twojej dzielnicy i karta akcji do niego. Każdy znacznik "
        "położony tutaj pozwala powozowi przejechać tyle ulic, ile jest wtedy pionków w "
        "zajeździe; tam, gdzie stanie, możesz wziąć leżącą wiadomość.",
        "hotel": "Sektor twojej dzielnicy i karta akcji do niego. Znacznik położony tutaj "
        "daje do wyboru 1 złotą monetę, 1 znacznik z ogólnych zasobów albo cofnięcie szczurów "
        "o jedno pole; od czwartego pionka w hotelu wybierasz dwa razy.",
        "park": "Sektor twojej dzielnicy i karta akcji do niego. Znacznik położony tutaj "
        "cofa szczury o jedno pole. Każde dwa pionki w parku dodają 1 punkt do każdego "
        "późniejszego zdobycia prestiżu, bez względu na jego źródło.",
        "hospital": "Sektor twojej dzielnicy i karta akcji do niego. Znacznik położony "
        "tutaj cofa szczury o jedno pole, a każdy pionek w szpitalu odpędza jednego szczura "
        "z plagi każdej rundy.",
        "notre_dame": "Katedra na środku planszy i karta akcji do niej. Zagranie karty kładzie "
        "znacznik na katedrze, jeśli dasz 1, 2 lub 3 złote monety, za 1, 3 lub 6 punktów "
        "prestiżu od razu. Na koniec każdego okresu prestiż katedry (od 6 do 12 zależnie od "
        "liczby graczy) dzieli się na znaczniki, z zaokrągleniem w dół, a znaczniki wracają "
        "do ogólnych zasobów.",
        "trusted_friend": "Twój wędrowny pionek i karta akcji, która go przenosi. Karta "
        "wysyła pełnomocnika do dowolnego sektora dzielnicy (później zawsze do innego) i "
        "wykonuje akcję tego sektora. Gdziekolwiek stoi, liczy się jako jeszcze jeden "
        "pionek, ale plaga nigdy go nie zabiera.",
        "innkeeper": "Brązowa postać. Za 1 złotą monetę daje 3 punkty prestiżu, a potem do "
        "wyboru 1 złotą monetę, 1 znacznik albo cofnięcie szczurów o jedno pole.",
        "minstrel": "Brązowa postać. Za 1 złotą monetę przenosi od jednego do trzech twoich "
        "pionków (także pełnomocnika) z jednego sektora do innego; akcja nowego sektora się "
        "nie odbywa.",
        "monk": "Brązowa postać. Za 1 złotą monetę daje 2 znaczniki z ogólnych zasobów i 1 "
        "punkt prestiżu.",
        "jester": "Brązowa postać. Za 1 złotą monetę przenosi twój pionek z sektora lub z "
        "Notre Dame do innego sektora dzielnicy, którego akcja zostaje wykonana.",
        "moneylender": "Brązowa postać. Za 1 złotą monetę oddaje 2 złote monety i 1 punkt "
        "prestiżu, czyli zysk jednej monety.",
        "doctor": "Brązowa postać. Za 1 złotą monetę plaga tej rundy liczy się dla ciebie "
        "jako zero; pionki w szpitalu mogą wtedy nawet cofnąć szczury.",
        "city_watch": "Szara postać okresu A, widziana raz w grze. Za 1 złotą monetę daje 1 "
        "punkt prestiżu za każdy twój pionek w dzielnicy i na Notre Dame.",
        "night_watch": "Szara postać okresu A, widziana raz w grze. Za 1 złotą monetę daje 1 "
        "punkt prestiżu za każdy twój sektor bez pionków.",
        "bishop": "Szara postać okresu A, widziana raz w grze. Za 1 złotą monetę kładzie "
        "znacznik z ogólnych zasobów w jednym z twoich pustych sektorów i wykonuje jego "
        "akcję.",
        "guild_master": "Szara postać okresu B, widziana raz w grze. Za 1 złotą monetę daje 2 "
        "punkty prestiżu za każdy twój sektor z co najmniej dwoma pionkami.",
        "king_of_beggars": "Szara postać okresu B, widziana raz w grze. Za 1 złotą monetę "
        "daje 1 punkt prestiżu za każde wolne pole między twoimi szczurami a polem 9.",
        "lawyer": "Szara postać okresu B, widziana raz w grze. Za 1 złotą monetę daje 3 "
        "punkty prestiżu za każde dwie zebrane wiadomości.",
        "lady_in_waiting": "Szara postać okresu C, widziana raz w grze. Za 1 złotą monetę "
        "daje 1 punkt prestiżu za każdy pionek w twoim najpełniejszym sektorze.",
        "mayor": "Szara postać okresu C, widziana raz w grze. Za 1 złotą monetę daje 3 "
        "punkty prestiżu za każdy twój sektor z co najmniej trzema pionkami.",
        "carpenter": "Szara postać okresu C, widziana raz w grze. Za 1 złotą monetę daje 1 "
        "punkt prestiżu za każdy twój sektor z co najmniej jednym pionkiem.",
        "action_cards": "Każdy gracz ma dziewięć kart akcji: po jednej na każdy sektor, Notre "
        "Dame i pełnomocnika. W każdej rundzie masz trzy, dwie zagrywasz dla ich akcji, a "
        "trzecią odkładasz zakrytą bez użycia. Na koniec okresu każda karta wraca do "
        "właściciela.",
        "draft": "Na początku rundy każdy dobiera trzy własne karty, jedną zatrzymuje, a dwie "
        "podaje w lewo; potem zatrzymuje jedną z dwóch otrzymanych, a drugą podaje dalej. "
        "Kończysz więc z trzema kartami, zwykle w trzech kolorach.",
        "cube": "Twoje znaczniki wpływów, 14 w twoim kolorze. Zagranie karty kładzie znacznik "
        "z własnych zasobów w sektorze karty; gdy ich zabraknie, możesz przenieść znacznik z "
        "innego sektora albo z Notre Dame.",
        "personal_supply": "Znaczniki przed tobą, gotowe do kładzenia kartami akcji. Na "
        "początku są 4; seminarium, hotel, wiadomości i niektóre postacie dokładają kolejne "
        "z ogólnych zasobów.",
        "general_supply": "Znaczniki twojego koloru obok planszy (na początku 10). Trafiają "
        "do własnych zasobów przez seminarium, hotel, wiadomości i postacie; znaczniki "
        "stracone przez plagę albo rozliczone na Notre Dame tu wracają. Gdy ich zabraknie, "
        "te zyski dają tyle, ile zostało.",
        "gold": "Monety: na początku po 3, w grze 25. Postać kosztuje 1 złotą monetę, datek "
        "na Notre Dame od 1 do 3. Według zwykłych zasad, gdy w zasobach zabraknie złota, "
        "płaci najbogatszy inny gracz. Złoto rozstrzyga też remis na końcu.",
        "prestige": "Wynik gry. Po dziewięciu rundach wygrywa gracz z największą liczbą "
        "punktów prestiżu; przy remisie liczy się suma złota i znaczników we własnych "
        "zasobach.",
        "rat_marker": "Twój znacznik na wskaźniku plagi, od 0 do 9. Plaga każdej rundy "
        "przesuwa go dalej; park, szpital, hotel, oberżystka i jedna z wiadomości cofają go. "
        "Przejście za pole 9 kosztuje.",
        "plague": "Ostatnia faza każdej rundy. Szczury każdego gracza idą naprzód o tyle, "
        "ile szczurów mają trzy postacie rundy, mniej o jeden za każdy pionek w jego szpitalu "
        "(lekarz sprowadza je do zera). Kto przeszedłby za pole 9, staje na 9, traci 2 punkty "
        "prestiżu i znacznik z najpełniejszego sektora.",
        "quarter": "Twoja część miasta: siedem sektorów z twoimi znacznikami, pięć targowisk "
        "i ulice między nimi. Dzielnice są ponumerowane dookoła planszy; w grze dwuosobowej "
        "dwie dzielnice nie mają gracza, ale leżą w nich wiadomości.",
        "sector": "Jeden z siedmiu budynków dzielnicy (seminarium, bank, rezydencja, "
        "zajazd, hotel, park, szpital). Akcja sektora liczy jego pionki, więc sektor "
        "rośnie w siłę z każdym dołożonym.",
        "market_square": "Miejsce, w którym stają powozy. Każda dzielnica ma pięć: środkowe, "
        "z którego rusza jej powóz, i targowiska od 1 do 4, na każdym na początku leży "
        "wiadomość.",
        "carriage": "Twój powóz na ulicach. Zajazd prowadzi go od targowiska do targowiska; "
        "może wjechać do każdej dzielnicy i zatrzymać się wcześniej. Tam, gdzie stanie, może "
        "wziąć leżącą wiadomość.",
        "message": "Żeton na targowisku, w kolorze swojej dzielnicy. Wzięcie go daje 1 punkt "
        "prestiżu i 1 złotą monetę, 2 punkty i 1 znacznik, 3 punkty i szczury o jedno pole w "
        "tył albo 4 punkty. Drugą wiadomość danego koloru można wziąć dopiero po jednej w "
        "każdym kolorze, który jest jeszcze na planszy, i tak dalej.",
        "bell_ringer": "Pierwszy gracz rundy. Dzwonnik co rundę przechodzi w lewo; kto go "
        "ma, zagrywa pierwszą kartę i pierwszy wynajmuje postać.",
        "rounds": "Gra trwa trzy okresy, A, B i C, po trzy rundy. Runda to: odkrycie trzech "
        "postaci, wybór kart, zagranie po dwie karty, wynajęcie postaci, plaga. Po każdym "
        "okresie Notre Dame wypłaca prestiż, a karty wracają do właścicieli.",
        "character_cards": "W każdej rundzie odkrywa się trzy postacie: dwie z sześciu "
        "brązowych, które wracają w każdym okresie, i jedną szarą z danego okresu, widzianą "
        "tylko raz. Każdy może zapłacić 1 złotą monetę jednej z nich za pomoc; szczury na "
        "trzech kartach tworzą plagę rundy.",
        "face_down": "Trzecia karta rundy, odłożona pod drugą zagraną bez użycia akcji. Znasz "
        "ją tylko ty; na koniec okresu wraca do właściciela.",
    },
}


def topic_name(topic: str, lang: str) -> str:
    """Return the name a help topic has in `lang`."""
    if topic in KINDS[lang]:
        return str(KINDS[lang][topic])
    if topic in CHARACTERS[lang]:
        return str(CHARACTERS[lang][topic])
    return TOPIC_NAMES[lang][topic]


def glossary(lang: str = "en") -> dict[str, str]:
    """Return the help topics of `lang`: each topic's name there and its explanation."""
    return {topic_name(topic, lang): text for topic, text in GLOSSARY[lang].items()}
