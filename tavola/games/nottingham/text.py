"""Words for Nottingham in English, Italian and Polish: the log catalogue (templates for
every language, the private events and what everybody else reads of them), prompts, action
labels, the terminal picture of a view (`render_view`) and the help topics (`glossary`).

Everything a line shows is data. `WORDS[lang]` names the colours, items, actions,
commissions and counted nouns of one language with the grammatical forms its sentences need
(`{item:acc}` is the Polish accusative, `{item:the}` the name with its article, `{count:item}`
says "3 chests", "3 carte Forziere" or "3 skrzynie" with the plural that agrees), so one
template per language and key covers every line. The tables hold the English; the other
languages are built from the gettext catalogs in locale/ the first time they are needed
(tavola.core.catalogs, docs/translating.md): Italian and Polish, and German and French,
whose catalogs are complete and speak once tavola.core.LANGUAGES switches them on. Italian
uses the terms of the Italian edition; no Polish edition is known to us, so the Polish
terms are ours; German uses the words reviews of the German edition use where we found
them (docs/games/nottingham.md, "Terms in Italian, Polish, German and French", lists them
and their sources).

Every event argument is checked as it is put into words (`localize`): a seat is a seat of a
Nottingham table, an item an item, a count a whole number. The catalogue's check runs the
words of every language when a saved log is loaded, so an event with arguments this game
never writes is refused there instead of breaking a view of the log later.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

from tavola.core import LANGUAGES, Action, Catalog
from tavola.core.catalogs import Domain, Translated
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
            forms = WORDS[self.lang]["counted"][ITEMS[self.item]]
            return f"{n} {plural(self.lang, n, forms)}"
        return f"{n} {plural(self.lang, n, WORDS[self.lang]['nouns'][spec])}"


def fill(template: str, **args: Any) -> str:
    """Return `template` filled with `args` (whole numbers of `lang` become `Count`s)."""
    lang = args.pop("lang")
    shown = {k: Count(v, lang) if type(v) is int else v for k, v in args.items()}
    return template.format_map(shown)

# -- the words ------------------------------------------------------------------------------
# English here; Italian and Polish in the catalogs locale/<lang>/LC_MESSAGES/nottingham.po,
# built from these tables' shape (tavola.core.catalogs, docs/translating.md). Item forms: ""
# the name, "the" with its article, "a" one card of it, "acc" the accusative (Polish), "many"
# the plural a sentence about every card of it uses; English repeats a form it does not
# have. `counted` holds each item's counted forms (plural messages): Italian counts cards
# ("3 carte Forziere"), as its rulebook names them ("la carta Oro"). Colours have a feminine
# (`colours_f`, Italian and Polish: "carta imboscata rossa") and its accusative
# (`colours_f_acc`, Polish), the same words in English.

DOMAIN = Domain("nottingham", Path(__file__).parent, tuple(x for x in LANGUAGES if x != "en"),
                derived={"colour": ("colour_f", "colour_f_acc")})
"""Nottingham's catalogs: locale/<lang>/LC_MESSAGES/nottingham.po beside this module. An
ambush card's line may name its colour in the feminine (`{colour_f}`) or its accusative
(`{colour_f_acc}`) instead of `{colour}`."""


def _en_item(name: str, many: str) -> dict[str, str]:
    """Return the forms of an English item named `name`, `many` its plural."""
    return {"": name, "the": f"the {name}", "a": name, "acc": name, "many": many}


def _en_counted(name: str, many: str) -> tuple[str, str]:
    """Return the counted forms of an English item: a name that is its own plural (gold,
    pearls, jewels) is counted in cards, "1 pearls card", never "1 pearls"."""
    return (name, many) if name != many else (f"{name} card", f"{name} cards")


_COLOURS = ("red", "yellow", "green", "blue", "purple", "white", "grey")

WORDS: Translated[dict[str, Any]] = Translated(
    DOMAIN, "WORDS",
    {
        "colours": _COLOURS,
        "colours_f": _COLOURS,
        "colours_f_acc": _COLOURS,
        "items": (
            _en_item("copper coin", "copper coins"),
            _en_item("silver candlestick", "silver candlesticks"),
            _en_item("gold", "gold"),
            _en_item("pearls", "pearls"),
            _en_item("jewels", "jewels"),
            _en_item("necklace", "necklaces"),
            _en_item("chest", "chests"),
        ),
        "counted": {
            "copper": _en_counted("copper coin", "copper coins"),
            "candlestick": _en_counted("silver candlestick", "silver candlesticks"),
            "gold": _en_counted("gold", "gold"),
            "pearls": _en_counted("pearls", "pearls"),
            "jewels": _en_counted("jewels", "jewels"),
            "necklace": _en_counted("necklace", "necklaces"),
            "chest": _en_counted("chest", "chests"),
        },
        "actions": ("buy", "steal", "ambush", "rob", "raid", "defence", "trade"),
        "commissions": ("seven different items", "five identical items",
                        "four different pairs", "three different pairs"),
        # Polish: "card" is the form after a verb (accusative), "cards" the form that names
        # a number of cards (nominative): 1 kartę / 1 karta, then alike from 2 on.
        "nouns": {"card": ("card", "cards"), "cards": ("card", "cards"),
                  "point": ("point", "points"), "ambush": ("ambush card", "ambush cards")},
        "and": " and ", "nothing": "nothing", "none": "none",
        "offer": "{seat} {item}", "score": "{seat} {n}",
        # An ambush card: one showing a seat's colour, one showing two items.
        "ambush_colour": {"": "{colour} ({seat})", "the": "the {colour} ambush card ({seat})",
                          "acc": "{colour} ({seat})"},
        "ambush_items": {"": "{a} + {b}", "the": "the ambush card {a} + {b}",
                         "acc": "{a} + {b}"},
    },
    plurals=frozenset({"nouns", "counted"}),
)
if tuple(WORDS["en"]["counted"]) != ITEMS:
    raise ValueError("WORDS: counted forms for another set of items")

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


ITEM_TERMS: _ByLanguage[tuple[Term, ...]] = _ByLanguage(
    lambda lang: tuple(Term(forms) for forms in WORDS[lang]["items"]))
SEATS: _ByLanguage[tuple[Term, ...]] = _ByLanguage(
    lambda lang: tuple(Term({"": f"P{p + 1} ({c})"})
                       for p, c in enumerate(WORDS[lang]["colours"])))
COMMISSION_TERMS: _ByLanguage[tuple[Term, ...]] = _ByLanguage(
    lambda lang: tuple(Term({"": n}) for n in WORDS[lang]["commissions"]))


def _ambush_term(card: int, lang: str) -> Term:
    """Return ambush card `card` in `lang`: its colour and seat, or its two items."""
    words = WORDS[lang]
    if card < len(COLOURS):
        shown = {"colour": words["colours"][card], "seat": f"P{card + 1}",
                 "colour_f": words["colours_f"][card],
                 "colour_f_acc": words["colours_f_acc"][card]}
        return Term({k: v.format_map(shown) for k, v in words["ambush_colour"].items()})
    a, b = AMBUSH_PAIRS[card - len(COLOURS)]
    names = {"a": ITEM_TERMS[lang][a], "b": ITEM_TERMS[lang][b]}
    return Term({k: v.format_map(names) for k, v in words["ambush_items"].items()})


AMBUSH_TERMS: _ByLanguage[dict[str, Term]] = _ByLanguage(
    lambda lang: {name: _ambush_term(c, lang) for c, name in enumerate(AMBUSH_NAMES)})
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

TEMPLATES: Translated[dict[str, str]] = Translated(
    DOMAIN, "TEMPLATES",
    {
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
)


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

PROMPTS: Translated[dict[str, str]] = Translated(
    DOMAIN, "PROMPTS",
    {
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
)

# {hand} is the target's hand size with its noun, {known} what the chooser knows of it.
LABELS: Translated[dict[str, str]] = Translated(
    DOMAIN, "LABELS",
    {
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
)


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

BOARD: Translated[dict[str, Any]] = Translated(
    DOMAIN, "BOARD",
    {
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
)

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

ITEM_HELP: Translated[tuple[str, ...]] = Translated(
    DOMAIN, "ITEM_HELP",
    (
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
)

COMMISSION_HELP: Translated[tuple[str, ...]] = Translated(
    DOMAIN, "COMMISSION_HELP",
    (
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
)

# Every other topic: (name, explanation). `{pairs}` lists the two-item ambush cards,
# `{colours}` the player colours in seat order.
HELP: Translated[dict[str, tuple[str, str]]] = Translated(
    DOMAIN, "HELP",
    {
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
)

TOPIC_WORDS: Translated[dict[str, str]] = Translated(
    DOMAIN, "TOPIC_WORDS", {"commission": "commission: {kind}"})


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


# -- the board on the web page ---------------------------------------------------------------

PAGE_BOARD: Translated[dict[str, Any]] = Translated(DOMAIN, "PAGE_BOARD", {
    "title": "Nottingham",
    "words": {
        "item": {
            "copper": "Copper coin",
            "candlestick": "Silver candlestick",
            "gold": "Gold",
            "pearls": "Pearls",
            "jewels": "Jewels",
            "necklace": "Necklace",
            "chest": "Chest",
        },
        # An item's name inside a sentence ("keeps the gold"): as each language writes it
        # there (English in lower case, German nouns and the Italian edition's card names
        # capitalised).
        "inLine": {
            "copper": "copper coin",
            "candlestick": "silver candlestick",
            "gold": "gold",
            "pearls": "pearls",
            "jewels": "jewels",
            "necklace": "necklace",
            "chest": "chest",
        },
        "short": {
            "copper": "Copper",
            "candlestick": "Candlestick",
            "gold": "Gold",
            "pearls": "Pearls",
            "jewels": "Jewels",
            "necklace": "Necklace",
            "chest": "Chest",
        },
        "action": {
            "buy": "Buy",
            "steal": "Steal",
            "ambush": "Ambush",
            "rob": "Rob",
            "raid": "Raid",
            "defence": "Defence",
            "trade": "Trade",
        },
        "does": {
            "buy": (
                "Played when drawn: every other player offers one card face down (never a copper "
                "coin); you buy one offer with this coin or refuse them all."),
            "steal": (
                "Played when drawn: take a random card from an opponent's hand, who gets this "
                "candlestick in return. A necklace stops it."),
            "ambush": (
                "Played when drawn: look at the top two ambush cards, lay one face down before "
                "you (never your own colour) with this gold under it, and put the other under the "
                "ambush deck."),
            "rob": (
                "Played when drawn: look at an opponent's hand in secret and take the card you "
                "like; they get these pearls in return. A necklace stops it."),
            "raid": (
                "Played when drawn: an opponent lays their hand open for everyone and you take "
                "the card you like; they get these jewels in return. A necklace stops it."),
            "defence": (
                "Never played when drawn. Held in hand, it stops a steal, rob or raid aimed at "
                "you: you take the attacker's card and hand them this necklace."),
            "trade": (
                "Played when drawn: from your left, every other player offers one or two cards "
                "face up (never a chest); you must accept one offer for this chest."),
        },
        "commission": {
            "seven": "Seven different",
            "five": "Five identical",
            "pairs4": "Four pairs",
            "pairs3": "Three pairs",
        },
        "needs": {
            "seven": "one card of each of the seven items",
            "five": "five cards of the same item",
            "pairs4": "a pair of each of four different items",
            "pairs3": "a pair of each of three different items",
        },
        "phase": {
            "choose": "{active} keeps the {drawn} or plays it: {action}",
            "buy_offer": "Everyone else offers a card face down for {active}'s copper coin",
            "buy_choose": "{active} buys one offer with the copper coin or refuses them all",
            "defend": (
                "{target} is attacked with the {drawn}: defend with a necklace or let it happen"),
            "take": "{active} takes a card from the hand of {target}",
            "ambush_keep": "{active} keeps one of two ambush cards",
            "trade_offer": (
                "From {active}'s left, one or two cards are offered face up for the chest"),
            "trade_choose": "{active} accepts one of the offers for the chest",
            "exchange": "{active} may exchange cards for points once, or end the turn",
            "ambush_window": "{active} lays out {count} × {item}: ambush cards may be sprung",
            "discard_down": "Deck and discard are empty: hands above {number} cards discard down",
            "over": "The game is over",
        },
        "turn": "Turn {turn}: {name} plays",
        "gameOver": "Game over",
        "waiting": "Waiting for: {names}",
        "queue": "Still to be asked: {names}",
        "afterDraw": "then the turn's card is drawn",
        "afterEnd": "then the turn ends",
        "track": "Sheriff's track",
        "markLegend": (
            "[{number}] under the sheriff: hands of {number} or fewer get a favour; if the cards "
            "run out, bigger hands discard down to {number}."),
        "townLegend": "The sheriff is in the town of Nottingham: no number yet.",
        "homeLegend": "The sheriff is back in Nottingham.",
        "deck": "Deck",
        "discard": "Discard",
        "drawn": "Drawn card",
        "laidOut": "Laid out",
        "lookHead": "Keep one",
        "pickTarget": "{action}: pick a player ▸",
        "ambushDeck": "Ambush deck",
        "commissions": "Commissions",
        "yourHand": "Your hand",
        "knownLegend": "Numbered discs under a card: the players who know you hold it.",
        "emptyHand": "no cards",
        "yourAmbushes": "Your ambush cards",
        "twoCards": "Two cards:",
        "keep": "Keep",
        "refuse": "Keep the coin",
        "you": "you",
        "hand": "Hand",
        "winnings": "Won",
        "offer": "Offer",
        "faceDown": "face down",
        "nothing": "nothing",
        "open": "open",
        "tip": {
            "item": "{name}: worth {value} points in an exchange. {does}",
            "held": "You hold {count}.",
            "knownBy": "Others who know of some of them (and how many): {names}.",
            "knownNobody": "Nobody else knows of them.",
            "seen": "{owner} surely holds {count} of these.",
            "publicCount": "Everyone knows of {count} of them.",
            "unknown": (
                "{owner} holds {count} cards you do not know; they came unseen (the starting "
                "hand, the sheriff's favours, steals)."),
            "commission": (
                "Commission {name}: lay out {needs}. Each player may complete it once and at most "
                "two players in all; a lone completer scores {single} points, each of two scores "
                "{double}. The cards go to the discard and no ambush can strike it."),
            "doneBy": "Completed by: {names}.",
            "openCommission": "Nobody has completed it yet.",
            "commissionChoice": "Complete {name} with: {items}.",
            "ambushColour": (
                "Ambush card of {owner}'s colour: it can strike any exchange of three or more "
                "cards by {owner}, whatever the item."),
            "ambushPair": (
                "Ambush card showing {a} and {b}: it can strike another player's exchange of "
                "three or more {a} or {b}."),
            "ambushSprung": (
                "Sprung, its holder takes one of the cards laid out and gives the gold under it "
                "to the exchanger; left with fewer than three cards, the exchange fails. Then it "
                "goes under the ambush deck."),
            "look": (
                "You drew this ambush card: keep one (never your own colour) with the gold under "
                "it; the other goes under the ambush deck."),
            "ambushesInPlay": (
                "{owner} has {count} ambush cards face down, each with a gold under it; they are "
                "neither hand nor points."),
            "ambushDeck": (
                "The ambush deck: {count} cards face down. Those someone has seen are marked with "
                "who knows them."),
            "deckCard": "Ambush card {place} from the top; known to: {names}.",
            "town": (
                "The town of Nottingham: the sheriff starts here, and when he comes back here the "
                "game ends."),
            "space": (
                "Space {space}, number {number}: when the sheriff arrives here, everyone with "
                "{number} cards or fewer draws a favour unseen. If deck and discard run out while "
                "he stands here, hands above {number} are discarded down to {number}."),
            "sheriff": (
                "The sheriff moves one space after every exchange and commission that scores, and "
                "when deck and discard run out."),
            "deck": "The item deck: {count} cards face down.",
            "discard": (
                "The discard pile: {count} cards face up ({items}). It is shuffled into a new "
                "deck when the deck runs out."),
            "drawn": "This turn's card, shown to everyone.",
            "laidOut": (
                "{owner} lays out {count} × {item} for points: one goes to the winnings, the rest "
                "to the discard, unless ambushes leave fewer than three."),
            "points": "{owner}'s points: {count} (winnings and commissions).",
            "handSize": "{owner} holds {count} cards.",
            "winnings": "{owner}'s winnings: {count} × {item}, {points} points.",
            "noWinnings": "{owner} has won no cards yet.",
            "offer": "{owner} offers {items}.",
            "offerHidden": (
                "{owner} has made an offer face down; it is revealed with all the others."),
            "announced": "{owner} has nothing to offer and has shown their hand.",
            "toAct": "{owner} has a decision to make now.",
            "active": "{owner} is the active player.",
            "winner": "{owner} wins.",
            "exchangeChoice": "Exchange {count} × {item} for {value} points.",
            "offerTwo": "Offer {a} and {b}.",
            "seatTarget": "Attack {owner} with the {drawn}.",
        },
    },
})
"""The words of Nottingham's board on the web page (tavola/web/static/games/nottingham.js), by
the keys the board looks them up by: its title, and under `words` the names of the items
(`item`, and `short` where a card has room for less), their actions and what each does, the
commissions, the phases and the tooltips. `{name}` placeholders are filled by the page. The
server sends each language's table to the page with its other words (tavola.web.words)."""


# -- the game's summary and tie-break line --------------------------------------------------
# What lobbies and rules panels say the game is (GameInfo.summary, .summaries), and what the
# result's tie-break numbers count (GameInfo.tiebreak), for result tables.
SUMMARY: Translated[str] = Translated(
    DOMAIN, "SUMMARY",
    "As the sheriff's assistants, collect and exchange item cards to fulfil commissions "
    "for points, while the other players rob, defend and lay ambushes.")
TIEBREAK: Translated[str] = Translated(
    DOMAIN, "TIEBREAK",
    "Tie-break: the cards in your winnings pile (more wins).")


__all__ = ["CATALOG", "PRIVATE", "ambush_label", "describe", "glossary", "item_label",
           "player_name", "prompt", "render_view"]
