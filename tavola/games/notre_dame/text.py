"""Words for Notre Dame in English, Italian, Polish, German and French: the log catalogue
(templates keyed for every language, and who may read each private event), prompts, action
labels, the terminal picture of a view and the help topics.

Everything a line shows is data: `WORDS[lang]` names the colours, seats, cards, sectors,
characters and messages of one language with the grammatical forms its sentences need
(`{sector:from}` picks the "from the Bank" form, `{amount:cubes}` says "3 cubes", "3
cubetti" or "3 znaczniki" with the right plural), so one template per language and key
covers every line. The tables hold the English; the other languages are built from the
gettext catalogs in locale/ the first time they are needed (tavola.core.catalogs,
docs/translating.md; German and French once tavola.core.LANGUAGES names them). Italian and
Polish use the terms of the Italian and the Polish edition of the game, German those of the
alea edition where we could confirm them; docs/games/notre-dame.md lists them and the ones
we chose where the editions differ or are silent.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from tavola.core import LANGUAGES, Action, Catalog
from tavola.core.catalogs import Domain, Translated
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
    return str(SAID[lang][key]).format_map(shown)


def _index(value: Any, size: int) -> int:
    """Return `value` if it is a whole number indexing a table of `size` entries, else
    raise (the catalogue turns that into a refusal of the event)."""
    if type(value) is not int or not 0 <= value < size:
        raise IndexError("out of range")
    return value


# -- the words ------------------------------------------------------------------------------
# English here; Italian and Polish in the catalogs locale/<lang>/LC_MESSAGES/notre_dame.po,
# built from these tables' shape (tavola.core.catalogs, docs/translating.md): every form a
# translation needs is a message with an English source, English repeating a form it lacks.

DOMAIN = Domain("notre_dame", Path(__file__).parent, tuple(x for x in LANGUAGES if x != "en"))
"""Notre Dame's catalogs: locale/<lang>/LC_MESSAGES/notre_dame.po beside this module."""

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

_EN_CHARACTERS = ("Innkeeper", "Minstrel", "Monk", "Jester", "Moneylender", "Doctor",
                  "City watch", "Night watch", "Bishop", "Guild master", "King of beggars",
                  "Lawyer", "Lady-in-waiting", "Mayor", "Carpenter")
# Colour forms: "" the seat's name, "m" / "f" / "mp" the adjective with a masculine /
# feminine / masculine plural noun (a message, a card, cubes), "name" the colour; Polish
# adds the cases its lines need ("gen", "dat" the seat in the genitive and dative, "facc",
# "fgen" the feminine adjective in the accusative and genitive), which English repeats.
# German and French fill the same forms their own way (docs/games/notre-dame.md): "f" is the
# colour as it stands after a card's name in brackets, "facc" with "the ... card".
_EN_COLOURS = [{"": c.capitalize(), "gen": c.capitalize(), "dat": c.capitalize(), "m": c,
                "f": c, "facc": c, "fgen": c, "mp": c, "name": c} for c in COLOURS]

WORDS: Translated[dict[str, Any]] = Translated(
    DOMAIN, "WORDS",
    {
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
    plurals=frozenset({"nouns"}),
)

V = TypeVar("V")


class _ByLanguage(dict[str, V]):
    """Terms made from a language's words the first time that language is asked for (so an
    English game never reads a catalog), then kept."""

    def __init__(self, make: Callable[[str], V]) -> None:
        super().__init__()
        self._make = make

    def __missing__(self, lang: str) -> V:
        made = self[lang] = self._make(lang)
        return made


SEATS: _ByLanguage[tuple[Term, ...]] = _ByLanguage(
    lambda lang: tuple(Term(c) for c in WORDS[lang]["colours"]))
COLOUR_TERMS: _ByLanguage[tuple[Term, ...]] = _ByLanguage(
    lambda lang: tuple(Term({**c, "": c["name"]}) for c in WORDS[lang]["colours"]))
KINDS: _ByLanguage[dict[str, Term]] = _ByLanguage(
    lambda lang: {k: Term(f) for k, f in WORDS[lang]["kinds"].items()})
CHARACTERS: _ByLanguage[dict[str, Term]] = _ByLanguage(
    lambda lang: {name: Term(f) for name, f in zip(CHARACTER_NAMES, WORDS[lang]["characters"],
                                                   strict=True)})
REASONS: _ByLanguage[dict[str, str]] = _ByLanguage(
    lambda lang: {**{k: str(t) for k, t in KINDS[lang].items()},
                  **{c: str(t) for c, t in CHARACTERS[lang].items()}, **WORDS[lang]["reasons"]})


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
    words = SAID[lang]
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

TEMPLATES: Translated[dict[str, str]] = Translated(
    DOMAIN, "TEMPLATES",
    {
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
)


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

PHRASES: Translated[dict[str, Any]] = Translated(
    DOMAIN, "PHRASES",
    {
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
)
SAID: _ByLanguage[dict[str, Any]] = _ByLanguage(lambda lang: {**WORDS[lang], **PHRASES[lang]})
"""The words and phrases of a language in one table, as `say` and the views read them."""
if WORDS["en"].keys() & PHRASES["en"].keys():
    raise ValueError("PHRASES: a key WORDS has too")


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
    words = SAID[lang]
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

TOPIC_NAMES: Translated[dict[str, str]] = Translated(
    DOMAIN, "TOPIC_NAMES",
    {"action_cards": "Action cards", "draft": "Choosing cards", "cube": "Cubes",
     "personal_supply": "Personal supply", "general_supply": "General supply",
     "gold": "Gold", "prestige": "Prestige", "rat_marker": "Rat marker",
     "plague": "Plague", "quarter": "Quarter", "sector": "Sector",
     "market_square": "Market square", "carriage": "Carriage", "message": "Message",
     "bell_ringer": "Bell ringer", "rounds": "Rounds and periods",
     "character_cards": "Character cards", "face_down": "Face-down card"},
)

GLOSSARY: Translated[dict[str, str]] = Translated(
    DOMAIN, "GLOSSARY",
    {
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
)


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


# -- the board on the web page ---------------------------------------------------------------

PAGE_BOARD: Translated[dict[str, Any]] = Translated(DOMAIN, "PAGE_BOARD", {
    "title": "Notre Dame",
    "words": {
        "sector": {
            "convent_school": "Convent school",
            "bank": "Bank",
            "residence": "Residence",
            "carriage_house": "Carriage house",
            "hotel": "Hotel",
            "park": "Park",
            "hospital": "Hospital",
            "notre_dame": "Notre Dame",
            "trusted_friend": "Trusted friend",
        },
        "short": {
            "convent_school": "School",
            "bank": "Bank",
            "residence": "Resid.",
            "carriage_house": "Carriage",
            "hotel": "Hotel",
            "park": "Park",
            "hospital": "Hospital",
            "notre_dame": "N.Dame",
        },
        "does": {
            "convent_school": (
                "Each cube put here brings as many cubes from the general supply to your own as "
                "the school then holds."),
            "bank": "Each cube put here pays as much gold as the bank then holds pieces.",
            "residence": (
                "Each cube put here earns as much prestige as the residence then holds pieces."),
            "carriage_house": (
                "Each cube put here lets your carriage drive along up to as many roads as pieces "
                "are here, and take the message where it stops."),
            "hotel": (
                "Each cube put here gives 1 gold, 1 cube or the rat marker back one space; from "
                "the fourth piece, two of these."),
            "park": (
                "A cube put here moves your rat marker back one space; every two pieces here add "
                "1 prestige to each prestige you earn."),
            "hospital": (
                "A cube put here moves your rat marker back one space; each piece here keeps one "
                "rat of every plague away."),
            "notre_dame": (
                "Put a cube on the cathedral and give 1, 2 or 3 gold for 1, 3 or 6 prestige; at "
                "each period's end the cathedral shares its prestige among the cubes on it."),
            "trusted_friend": (
                "Move your trusted friend to another sector of your quarter and carry out that "
                "sector's action; there it counts as one more cube."),
        },
        "character": {
            "innkeeper": "Innkeeper",
            "minstrel": "Minstrel",
            "monk": "Monk",
            "jester": "Jester",
            "moneylender": "Moneylender",
            "doctor": "Doctor",
            "city_watch": "City watch",
            "night_watch": "Night watch",
            "bishop": "Bishop",
            "guild_master": "Guild master",
            "king_of_beggars": "King of beggars",
            "lawyer": "Lawyer",
            "lady_in_waiting": "Lady in waiting",
            "mayor": "Mayor",
            "carpenter": "Carpenter",
        },
        "hireDoes": {
            "innkeeper": "3 prestige, then your pick of 1 gold, 1 cube or the rat marker back one.",
            "minstrel": (
                "Shift one to three of your pieces from one sector to another, without any "
                "action."),
            "monk": "2 cubes from the general supply and 1 prestige.",
            "jester": "Shift one piece to another sector and carry out that sector's action.",
            "moneylender": "2 gold and 1 prestige.",
            "doctor": "This round's plague counts zero for you.",
            "city_watch": "1 prestige for each of your pieces in your quarter and on Notre Dame.",
            "night_watch": "1 prestige for each sector of yours with no piece.",
            "bishop": (
                "A cube from the general supply into one of your empty sectors, with that "
                "sector's action."),
            "guild_master": "2 prestige for each sector of yours holding two pieces or more.",
            "king_of_beggars": "1 prestige for each free space ahead of your rat marker.",
            "lawyer": "3 prestige for every two messages you hold.",
            "lady_in_waiting": "1 prestige for each piece in your fullest sector.",
            "mayor": "3 prestige for each sector of yours holding three pieces or more.",
            "carpenter": "1 prestige for each sector of yours holding at least one piece.",
        },
        "colour": {
            "red": "red",
            "blue": "blue",
            "green": "green",
            "yellow": "yellow",
            "purple": "purple",
        },
        "benefit": {
            "1p_gold": "1 prestige and 1 gold",
            "2p_cube": "2 prestige and 1 cube",
            "3p_rat": "3 prestige and the rat marker back one",
            "4p": "4 prestige",
        },
        "phase": {
            "draft_keep": "choosing cards",
            "draft_pick": "choosing a passed card",
            "play": "playing cards",
            "hire": "paying characters",
            "plague": "the plague",
            "over": "game over",
        },
        "round": "Round {round} of 9, period {period}: {phase}",
        "bank": "Bank: {gold} gold",
        "plague": "Rats this round: {rats}",
        "characters": "Characters of the round",
        "toCome": "Still to come this period",
        "yourCards": "Your cards",
        "hand": "Hand",
        "received": "Received",
        "facedown": "Face down",
        "deck": "Deck",
        "played": "Played",
        "nobody": "none",
        "tip": {
            "characterCard": (
                "{name}: pay 1 gold in the character phase for this: {does} Brings {rats} rats to "
                "the plague."),
            "card": "Action card {name} ({colour}). {does}",
            "hiddenCards": (
                "{name} holds {hand} cards in hand, {received} received, {facedown} face down and "
                "{deck} in the deck; only they know which."),
            "sectorTile": "{owner}'s {name}: {count} pieces. {does}",
            "friendToken": (
                "{owner}'s trusted friend: a roaming piece that counts as a cube in its sector."),
            "friendAway": "{owner}'s trusted friend is not yet in the quarter.",
            "ndTile": (
                "{owner}'s cubes on Notre Dame: {count}. At each period's end the cathedral's "
                "prestige is shared out among all cubes on it."),
            "cathedral": (
                "Notre Dame: at the end of every period its {payout} prestige are shared out "
                "among the cubes on it, which then go back to the general supply."),
            "donation": "Give {gold} gold to Notre Dame for {prestige} prestige.",
            "carriage": (
                "{owner}'s carriage: the Carriage house drives it from square to square along the "
                "roads; where it stops it may take the message."),
            "message": (
                "Message ({colour}): {benefit}. A carriage that stops here may take it; a second "
                "of one colour only after a full set."),
            "square": "Market square {square} of {quarter}; carriages stop only on squares.",
            "centre": "The central market square of {quarter}; carriages stop only on squares.",
            "quarterOf": "{owner}'s quarter",
            "emptyQuarter": "empty quarter ({colour} messages)",
            "ratTrack": (
                "{owner}'s rat track: the marker is on {rats}. Every round the plague moves it "
                "on; past 9 it costs 2 prestige and a cube from the fullest sector."),
            "ratForecast": "After this round's plague the marker would be on {rats}.",
            "ratOverflow": "This round's plague would push it past 9.",
            "bell": "The bell ringer: {owner} plays first this round.",
            "gold": "{owner}'s gold: {count}. It pays for characters and Notre Dame.",
            "prestige": "{owner}'s prestige: {count}. The most prestige after nine rounds wins.",
            "supply": "{owner}'s personal supply: {count} cubes to place with action cards.",
            "general": "{owner}'s cubes left in the general supply: {count}.",
            "messages": "Messages {owner} has taken: {count}.",
            "toAct": "{owner} has a decision to make now.",
            "draftDone": "{owner} has made the draft choice.",
            "hired": "{owner} paid the {name} this round.",
            "played": "Cards {owner} played this period: {cards}.",
            "chosen": "You chose this card; it stays hidden until everyone has chosen.",
            "seenBy": "Also known to: {names}.",
        },
    },
})
"""The words of Notre Dame's board on the web page (tavola/web/static/games/notre-dame.js), by
the keys the board looks them up by: its title, and under `words` the sectors', cards' and
characters' names, the phases, the legends and the tooltips. `{name}` placeholders are filled
by the page. The server sends each language's table to the page with its other words
(tavola.web.words)."""


# -- the game's summary and tie-break line --------------------------------------------------
# What lobbies and rules panels say the game is (GameInfo.summary, .summaries), and what the
# result's tie-break numbers count (GameInfo.tiebreak), for result tables.
SUMMARY: Translated[str] = Translated(
    DOMAIN, "SUMMARY",
    "Each player leads a quarter of medieval Paris: choose action cards, place your "
    "influence, earn prestige points and keep the rats down before the plague breaks out "
    "in your quarter.")
TIEBREAK: Translated[str] = Translated(
    DOMAIN, "TIEBREAK",
    "Tie-break: gold plus the cubes in your personal supply (more wins).")
