"""Rattus in words, in English, Italian and Polish (German and French catalogs are ready for
when tavola.core.LANGUAGES names them): log templates (and who may read the private ones),
prompts, action labels, the terminal map and the help topics.

Everything a person reads comes from the tables below, keyed by language; the functions
only choose a line and fill it in. The tables hold the English; the other languages are read
from the gettext catalogs in locale/ the first time they are needed (tavola.core.catalogs,
docs/translating.md). The log's arguments are written by the rules in English
(seat colours, class names, token positions), so `localize` shows them in the language of
the line. Names follow the Italian, German and French editions of the game (Carte Classe,
Ständekarte, carte de Classe); the Polish names are ours (docs/games/rattus.md, "Terms in
Italian, Polish, German and French"). Region names are the Latin ones printed on the map,
the same in every language.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from tavola.core import LANGUAGES, Action, Catalog
from tavola.core.catalogs import Domain, Translated
from tavola.core.events import Private
from tavola.core.words import plural
from tavola.games.rattus.components import (
    ADJACENT,
    CLASS_NAMES,
    COLOUR_NAMES,
    REGION_INDEX,
    REGION_NAMES,
    TOKENS,
)
from tavola.games.rattus.config import NEIGHBOURS, REGIONS_IN_PLAY, SPREAD_BY_TOKENS
from tavola.games.rattus.state import (
    FINAL,
    KNIGHT_DECISION,
    MERCHANT_TO,
    MONK_TO,
    PHASE_NAMES,
    SETUP,
    SPREAD,
    TURN,
    WITCH_SECOND,
    WITCH_SWAP,
    Position,
)

DOMAIN = Domain("rattus", Path(__file__).parent, tuple(x for x in LANGUAGES if x != "en"),
                derived={"region": ("from_region",), "source": ("from_source",)})
"""Rattus's catalogs: locale/<lang>/LC_MESSAGES/rattus.po beside this module. Beyond the
derived forms of every domain, a translation may write `{from_region}` or `{from_source}`:
"from" the region joined by the language's rule (French "de Gallia", "d'Anglia")."""


def _seat(args: Mapping[str, Any]) -> frozenset[int]:
    """Return the audience of an event read by the seat it names in `seat`."""
    seat = args["seat"]
    if type(seat) is not int:
        raise TypeError("an event's seat is a whole number")
    return frozenset({seat})


# -- counting ------------------------------------------------------------------------------
def count(n: object, noun: str, lang: str) -> str:
    """Return `n` with `noun` in the form the number asks for ("2 kostki", "5 kostek")."""
    forms = WORDS[lang]["nouns"][noun]
    if type(n) is not int:  # a count a saved log got wrong is shown as it is, not refused
        return f"{n} {forms[-1]}"
    return f"{n} {plural(lang, n, forms)}"


# -- the words -----------------------------------------------------------------------------
# Per language: names of things, the count nouns (English and Italian: one, many; Polish:
# one, few, many, in the accusative since a count is mostly what is placed, moved or lost),
# prompts, labels and the map. Fields in braces are filled by the functions below.
WORDS: Translated[dict[str, Any]] = Translated(
    DOMAIN, "WORDS",
    {
        "colours": ("Red", "Blue", "Green", "Yellow"),
        "colours_of": ("Red", "Blue", "Green", "Yellow"),
        "classes": ("King", "Merchant", "Monk", "Peasant", "Witch", "Knight"),
        "icons": ("royalty", "bourgeoisie", "clergy", "peasantry", "magic", "chivalry"),
        "nouns": {"cube": ("cube", "cubes"), "token": ("token", "tokens"),
                  "rat": ("rat token", "rat tokens"), "region": ("region", "regions"),
                  "round": ("round", "rounds")},
        "phases": {
            "setup": "initial placement", "turn": "A: class card, B: cubes and powers, "
            "C: plague", "spread": "C: the plague spreads", "knight": "C: the Knight decides",
            "witch_second": "B: the Witch looks", "witch_swap": "B: the Witch looks",
            "merchant_to": "B: the Merchant moves cubes",
            "monk_to": "B: the Monk moves a token", "final": "final class round",
            "over": "game over"},
        "steps": ("step A: class card", "step B: cubes and powers", "step C: plague"),
        # prompts
        "p.setup": "Setup: place 2 cubes in a region",
        "p.A": "Step A: take a class card, or none",
        "p.B": "Step B: place cubes and use your class powers, or end step B",
        "p.C": "Step C: move the plague piece (this ends your turn)",
        "p.spread": "Plague in {region}: where does a face-down rat token go? "
                    "({left} to place)",
        "p.knight": "Knight: count the plague as 2 neutral cubes before {region} is "
                    "devastated?",
        "p.witch_second": "{stage}Witch: choose the second token to look at",
        "p.witch_swap": "{stage}Witch: swap the two tokens you looked at, or keep them",
        "p.merchant_to": "{stage}Merchant: move up to 3 of your cubes from {region} to a "
                         "neighbour",
        "p.monk_to": "{stage}Monk: choose a token in {region} and the neighbour it goes to",
        "p.final": "Final round: use your class powers, then done",
        "p.over": "The game is over",
        "stage.B": "",
        "stage.final": "",
        # labels
        "l.setup": "place 2 cubes in {region}",
        "l.take": "take the {card} card",
        "l.take.from": "take the {card} card from {holder}",
        "l.no_card": "take no card",
        "l.end_b": "end step B (on to moving the plague)",
        "l.place": "place {cubes} in {region}",
        "l.place.peasant": " (Peasant: one more)",
        "l.king": "{stage}King: a cube from {region} to the palace",
        "l.merchant.from": "{stage}Merchant: move some of your cubes out of {region}",
        "l.merchant": "{stage}Merchant: move {cubes} from {source} to {target}",
        "l.monk.from": "{stage}Monk: move a rat token out of {region}",
        "l.monk": "{stage}Monk: move {token} to {target}",
        "l.witch": "{stage}Witch: look at {token}",
        "l.swap": "{stage}Witch: swap the two tokens",
        "l.keep": "{stage}Witch: leave the tokens where they are",
        "l.peasant": "Peasant: one cube in {region}",
        "l.plague": "move the plague to {region} - {effect}",
        "l.plague.final": "Knight: move the plague to {region} (it no longer spreads)",
        "l.spread": "the rat token goes to {region} (rat tokens there then: {after})",
        "l.boost": "Knight: the plague counts as 2 cubes (population {boosted})",
        "l.no_boost": "Knight: the plague does not count (population {population})",
        "l.done": "done with the final round",
        "e.none": "nothing spreads",
        "e.one": "1 token spreads",
        "e.more": "{tokens} spread",
        "e.devastation": ", then devastation",
        "token": "{region} token {slot}",
        "mark.starting": "purple border",
        "mark.seen": "seen by you",
        # the map
        "m.title": "Rattus - turn {turn}",
        "m.to_act": ", {name} to act",
        "m.head": ("region", "plague", "cubes", "rat tokens"),
        "m.plague": "PLAGUE",
        "m.near": "Neighbours (where the plague, rats, Merchant and Monk can go):",
        "m.palace": "Palace",
        "m.reserve": "Reserve",
        "m.cards": "Class cards",
        "m.beside": "beside the board",
        "m.supply": "Token supply: {supply} ({starting} starting), out of the game: {out}",
        "m.round": ", round {round} of at most {limit}",
        "m.legend.cubes": "Cubes: {colours}.",
        "m.legend.tokens": "Tokens: ? face down, * starting (purple border), ({initial}) "
                           "{name} has seen it,",
        "m.legend.front": "[2 M] a front you know: threshold, then what it hits:",
        "m.legend.symbols": "M most cubes (MM twice), A everyone, a class its holder.",
    },
    plurals=frozenset({"nouns"}),
)


# -- the log -------------------------------------------------------------------------------
# Arguments ending in `_n` are counts with their noun and `player_of` the seat in the
# genitive (Polish declines it): `localize` adds them, so templates stay grammatical.
TEMPLATES: Translated[dict[str, str]] = Translated(
    DOMAIN, "TEMPLATES",
    {
        "setup": "Setup: {regions} regions in play, {supply} tokens in the supply, {aside} "
                 "set aside; the plague starts in {plague}",
        "setup.place": "{player} places {cubes} cubes in {region}",
        "turn": "Turn {turn}: {player}",
        "take": "{player} takes the {card} ({source})",
        "place": "{player} places {cubes} cubes in {region}",
        "place.one": "{player} places 1 cube in {region}",
        "king": "{player} (King) moves a cube from {region} to the palace",
        "merchant": "{player} (Merchant) moves {cubes} cubes from {source} to {target}",
        "merchant.one": "{player} (Merchant) moves 1 cube from {source} to {target}",
        "monk": "{player} (Monk) moves {source} to {target}",
        "witch.look": "{player} (Witch) looks at {first} [{first_token}] and {second} "
                      "[{second_token}]",
        "witch.look.public": "{player} (Witch) looks at {first} and {second}",
        "witch.swap": "{player} swaps the tokens {first} and {second}",
        "witch.keep": "{player} leaves the tokens {first} and {second} in place",
        "plague": "{player} moves the plague to {region} ({spread} tokens spread)",
        "plague.one": "{player} moves the plague to {region} (1 token spreads)",
        "plague.none": "{player} moves the plague to {region} (no token spreads)",
        "plague.final": "{player} (Knight) moves the plague to {region}",
        "spread": "A face-down rat token spreads to {region} ({supply} left in the supply)",
        "knight": "{player} (Knight) counts the plague as 2 cubes: {boost}",
        "reveal": "Revealed in {region}: threshold {threshold}, {symbols} (population "
                  "{population}: {outcome})",
        "lose": "{player} loses a cube in {region} ({symbol})",
        "end": "The game ends after {player}'s turn: the rat token supply is empty",
        "end.cubes": "The game ends after {player}'s turn: every cube of {players} is on "
                     "the board",
        "round.last": "Round {round} begins, the last one: the turn limit ends the game "
                      "after it",
        "end.limit": "The game ends after {player}'s turn: {rounds} rounds have been played, "
                     "the turn limit",
        "final.turn": "Final class round: {player}",
        "final.resolution": "Every remaining token is resolved",
        "result": "Cubes on the board: {scores}. Winner: {winners}",
    },
)

# Words the rules write into the log in English, by language; a token's symbols are told in
# words (M: the majority, MM: the majority twice, A: everyone), never as the letters.
_LOG_WORDS: Translated[dict[str, str]] = Translated(
    DOMAIN, "_LOG_WORDS",
    {"M": "majority", "MM": "majority twice", "A": "everyone",
     # English prints these as the rules wrote them.
     "beside the board": "beside the board", "yes": "yes", "no": "no",
     "devastation": "devastation", "no effect": "no effect"},
)
# Who a class card is taken from ({name}: the seat's colour; Polish may use {name_of}, its
# genitive).
_LOG_SOURCE_FROM: Translated[str] = Translated(DOMAIN, "_LOG_SOURCE_FROM", "{name}")
_POSITION = re.compile(r"^([A-Z][a-z]+) token ([0-9]+)$")
_COUNTED = {"cubes": "cube", "supply": "token", "spread": "token", "regions": "region",
            "rounds": "round", "aside": "token"}


def _colour(name: str, lang: str, table: str = "colours") -> str:
    """Return a seat's colour as the rules wrote it (English) in `lang`."""
    if name in COLOUR_NAMES:
        return str(WORDS[lang][table][COLOUR_NAMES.index(name)])
    return name


def _class_word(name: str, lang: str) -> str:
    """Return a class card's name as the rules wrote it (lower case English) in `lang`."""
    if name in CLASS_NAMES:
        return str(WORDS[lang]["classes"][CLASS_NAMES.index(name)])
    return name


def _position(text: str, lang: str) -> str:
    """Return a token position the rules wrote ("Gallia token 2") in `lang`."""
    match = _POSITION.match(text)
    if match is None:
        return text
    return str(WORDS[lang]["token"]).format(region=match[1], slot=match[2],
                                            from_region=_from(match[1], lang))


def _symbols(text: str, lang: str) -> str:
    """Return a token's symbols ("MM A king") in `lang`, in words: "majority twice,
    everyone, King"."""
    words = _LOG_WORDS[lang]
    return ", ".join(words.get(w) or _class_word(w, lang) for w in text.split())


def _value(name: str, value: Any, lang: str) -> Any:
    """Return one log argument, written by the rules in English, in `lang`."""
    if not isinstance(value, str):
        return value
    words = _LOG_WORDS[lang]
    if name in ("player", "winners", "players"):
        return ", ".join(_colour(w, lang) for w in value.split(", "))
    if name == "scores":
        return ", ".join(" ".join(_colour(w, lang) for w in pair.split(" "))
                         for pair in value.split(", "))
    if name == "card" or name == "symbol":
        return words.get(value) or _class_word(value, lang)
    if name in ("first", "second"):
        return _position(value, lang)
    if name == "source":
        if value in COLOUR_NAMES:
            return _LOG_SOURCE_FROM[lang].format(name=_colour(value, lang),
                                                 name_of=_colour(value, lang, "colours_of"))
        return words.get(value) or _position(value, lang)
    if name in ("first_token", "second_token"):
        threshold, _, symbols = value.partition(": ")
        return f"{threshold}{_mark(':', lang)} {_symbols(symbols, lang)}"
    if name == "symbols":
        return _symbols(value, lang)
    return words.get(value, value)


def localize(args: Mapping[str, Any], lang: str) -> Mapping[str, Any]:
    """Return a log event's arguments as the line in `lang` shows them: seat colours, class
    cards and words the rules wrote in English translated, counts given their noun."""
    if lang == "en":
        # English needs only the symbols told in words.
        return {name: _value(name, value, lang) if name in ("symbol", "symbols", "first_token",
                                                           "second_token") else value
                for name, value in args.items()}
    if lang not in _LOG_WORDS:
        return args
    out = {name: _value(name, value, lang) for name, value in args.items()}
    for name, noun in _COUNTED.items():
        if name in args:
            out[f"{name}_n"] = count(args[name], noun, lang)
    if "player" in args and isinstance(args["player"], str):
        out["player_of"] = _colour(args["player"], lang, "colours_of")
    if "target" in args:
        out["to_target"] = _to(str(out["target"]), lang)
    for name in ("region", "source"):
        if name in args:
            out[f"from_{name}"] = _from(str(out[name]), lang)
    return out


def _to(region: str, lang: str) -> str:
    """Return "to `region`" where a language joins them by its own rule: Italian writes "ad"
    before a region beginning with a ("ad Anglia"), "a" otherwise."""
    if lang == "it":
        return f"{'ad' if region[:1] in 'Aa' else 'a'} {region}"
    return region


# The regions whose h French does not pronounce, so that "de" elides before it as before a
# vowel (l'Hispanie, d'Hispania); Hungaria's h is aspirated (la Hongrie, de Hungaria).
_FRENCH_MUTE_H = frozenset({"Hispania"})


def _from(region: str, lang: str) -> str:
    """Return "from `region`" where a language joins them by its own rule: French writes
    "d'" before a region beginning with a vowel or a mute h ("d'Anglia", "d'Hispania"), "de"
    otherwise ("de Gallia", "de Hungaria")."""
    if lang == "fr":
        elided = region[:1] in "AEIOUaeiou" or region.capitalize() in _FRENCH_MUTE_H
        return f"d'{region}" if elided else f"de {region}"
    return region


# The Witch's look is read whole by her seat only (ruling R13); the others read where she
# looked, not what she saw.
CATALOG = Catalog(TEMPLATES,
                  private={"witch.look": Private(_seat, "witch.look.public")},
                  unprinted={"plague.one": frozenset({"spread"}),
                             "plague.none": frozenset({"spread"}),
                             "place.one": frozenset({"cubes"}),
                             "merchant.one": frozenset({"cubes"}),
                             "witch.look": frozenset({"seat"})},
                  localize=localize)


# -- seats, prompts and labels -------------------------------------------------------------
def player_name(player: int, lang: str = "en") -> str:
    """Return a seat's display name in `lang`: its cube colour."""
    return str(WORDS[lang]["colours"][player])


def _w(lang: str, key: str, **fields: object) -> str:
    """Return the line `key` of `lang`, filled in."""
    return str(WORDS[lang][key]).format(**fields)


def _stage(s: Position, lang: str) -> str:
    """Return the prefix naming the step a power belongs to: B in a turn, none in the final
    round (the prompt names it)."""
    return _w(lang, "stage.final" if s.resume_phase() == FINAL else "stage.B")


def prompt(s: Position, player: int, lang: str = "en") -> str:
    """Return what the active player is asked (never naming a face-down token's front)."""
    phase = s.phase
    if phase == SETUP:
        return _w(lang, "p.setup")
    if phase == TURN:
        # Each step is its own decision (ruling R2); the prompt names it and how to pass.
        return _w(lang, ("p.A", "p.B", "p.C")[s.stage])
    if phase == SPREAD:
        return _w(lang, "p.spread", region=_region(s.spread_from), left=s.spread_left)
    if phase == KNIGHT_DECISION:
        return _w(lang, "p.knight", region=_region(s.plague))
    stage = _stage(s, lang)
    if phase == WITCH_SECOND:
        return _w(lang, "p.witch_second", stage=stage)
    if phase == WITCH_SWAP:
        return _w(lang, "p.witch_swap", stage=stage)
    if phase == MERCHANT_TO:
        return _w(lang, "p.merchant_to", stage=stage, region=_region(s.pick),
                  from_region=_from(_region(s.pick), lang))
    if phase == MONK_TO:
        return _w(lang, "p.monk_to", stage=stage, region=_region(s.pick),
                  from_region=_from(_region(s.pick), lang))
    if phase == FINAL:
        return _w(lang, "p.final")
    return _w(lang, "p.over")


def describe(s: Position, player: int, action: Action, lang: str = "en") -> str:
    """Return a label for a legal action that shows what matters to choosing it: the step
    of the turn it belongs to, whose card is taken, how many cubes are placed or moved, which
    token, and what moving the plague there sets off."""
    kind, args = action.kind, action.args
    words = WORDS[lang]
    if kind in ("take", "no_card", "end_b", "swap", "keep", "boost", "no_boost", "done"):
        return _simple_label(s, player, kind, args, lang)
    where = _region_arg(args[0]) if args and "." not in args[0] else ""
    stage = _stage(s, lang)
    if kind == "setup":
        return _w(lang, "l.setup", region=where)
    if kind == "place":
        r = REGION_INDEX[args[0]]
        extra = 1 if len(args) > 1 else 0
        cubes = min(len(s.tokens[r]) + extra, s.reserve[player])
        label = _w(lang, "l.place", cubes=count(cubes, "cube", lang), region=where)
        return label + (_w(lang, "l.place.peasant") if extra else "")
    if kind == "king":
        return _w(lang, "l.king", stage=stage, region=where, from_region=_from(where, lang))
    if kind == "merchant":
        if len(args) == 1:
            return _w(lang, "l.merchant.from", stage=stage, region=where,
                      from_region=_from(where, lang))
        target = _region_arg(args[1])
        return _w(lang, "l.merchant", stage=stage, cubes=count(int(args[2]), "cube", lang),
                  source=where, target=target, to_target=_to(target, lang),
                  from_source=_from(where, lang))
    if kind == "monk":
        if len(args) == 1:
            return _w(lang, "l.monk.from", stage=stage, region=where,
                      from_region=_from(where, lang))
        return _w(lang, "l.monk", stage=stage, token=_token_arg(s, player, args[0], lang),
                  target=_region_arg(args[1]))
    if kind == "witch":
        return _w(lang, "l.witch", stage=stage, token=_token_arg(s, player, args[0], lang))
    if kind == "peasant":
        return _w(lang, "l.peasant", region=where)
    if kind == "spread":
        after = len(s.tokens[REGION_INDEX[args[0]]]) + 1
        return _w(lang, "l.spread", region=where, after=after)
    if kind == "plague":
        if s.phase == FINAL:
            return _w(lang, "l.plague.final", region=where)
        return _w(lang, "l.plague", region=where, effect=_plague_effect(s, args[0], lang))
    return f"{words['phases'].get(PHASE_NAMES[s.phase], '')}{_mark(':', lang)} {action}"


def _simple_label(s: Position, player: int, kind: str, args: tuple[str, ...],
                  lang: str) -> str:
    """Return the label of an action that names no region."""
    stage = _stage(s, lang)
    if kind == "take":
        c = CLASS_NAMES.index(args[0])
        card = WORDS[lang]["classes"][c]
        holder = s.holder[c]
        # Whom the card is taken from matters: that seat loses the power and the class's
        # risk on the rat tokens passes to the taker.
        return (_w(lang, "l.take", card=card) if holder < 0 else _w(
            lang, "l.take.from", card=card,
            holder=WORDS[lang]["colours_of" if lang == "pl" else "colours"][holder]))
    if kind in ("no_card", "end_b"):
        return _w(lang, "l." + kind)
    if kind == "swap":
        return _w(lang, "l.swap", stage=stage)
    if kind == "keep":
        return _w(lang, "l.keep", stage=stage)
    if kind in ("boost", "no_boost"):
        population = sum(s.board[s.plague])
        return _w(lang, "l." + kind, population=population, boosted=population + 2)
    return _w(lang, "l.done")


def _plague_effect(s: Position, target: str, lang: str) -> str:
    """Return what moving the plague to `target` sets off: how many rat tokens spread (from
    the tokens there, rulebook "Plague spreading") and whether a devastation follows (a rat
    token and a cube there, "Devastation of the plagued region")."""
    r = REGION_INDEX[target]
    tokens = len(s.tokens[r])
    spread = SPREAD_BY_TOKENS[min(tokens, len(SPREAD_BY_TOKENS) - 1)]
    effect = (_w(lang, "e.none") if spread == 0 else _w(lang, "e.one") if spread == 1
              else _w(lang, "e.more", tokens=count(spread, "token", lang)))
    if tokens and any(s.board[r]):
        effect += _w(lang, "e.devastation")
    return effect


def _region(r: int) -> str:
    """Return a region's name as the map prints it."""
    return REGION_NAMES[r].capitalize()


def _region_arg(arg: str) -> str:
    """Return an action's region argument as the map prints it."""
    return arg.capitalize()


def _token_arg(s: Position, player: int, arg: str, lang: str) -> str:
    """Return an action's token position (``region.slot``) for people, counting from 1, with
    what a player can tell of it face down: a starting token's purple border, and whether
    they have seen its front already (the front itself stays on the map)."""
    name, _, slot = arg.partition(".")
    r, i = REGION_INDEX[name], int(slot)
    label = _w(lang, "token", region=name.capitalize(), slot=i + 1,
               from_region=_from(name.capitalize(), lang))
    token = s.tokens[r][i] if i < len(s.tokens[r]) else -1
    marks = []
    if token >= 0 and TOKENS[token].starting:
        marks.append(_w(lang, "mark.starting"))
    if token >= 0 and token in s.known[player]:
        marks.append(_w(lang, "mark.seen"))
    return label + (f" ({', '.join(marks)})" if marks else "")


# -- the map -------------------------------------------------------------------------------
WIDTH = 78
"""The widest line the map writes, but for a region line showing fronts the viewer knows."""


def _initials(lang: str) -> tuple[str, ...]:
    """Return the colour initials the map marks cubes and seen tokens with: each colour's
    first letter, or as many letters as tell it from the others where two colours begin
    alike (German Grün and Gelb: Gr, Ge)."""
    names = [str(name) for name in WORDS[lang]["colours"]]
    found = []
    for name in names:
        size = 1
        while size < len(name) and any(other != name and other[:size] == name[:size]
                                       for other in names):
            size += 1
        found.append(name[:size])
    return tuple(found)


def _front(front: Mapping[str, Any], lang: str) -> str:
    """Return a front the viewer knows: threshold, then M or MM, A and the classes hit."""
    parts = [str(front["threshold"])]
    if front["majority"]:
        parts.append("M" * int(front["majority"]))
    if front["all"]:
        parts.append("A")
    parts += [_class_word(c, lang) for c in front["classes"]]
    return "[" + " ".join(parts) + "]"


def _token_label(slot: Mapping[str, Any], you: int | None, lang: str) -> str:
    """Return one rat token on the map: its front or `?`, `*` for a purple border, then
    who else has seen it."""
    initials = _initials(lang)
    back = "*" if slot["starting"] else ""
    # Who else knows the token matters to a person even when they know it themselves.
    seen = "".join(f"({initials[q]})" for q in slot["seen_by"] if q != you)
    face = "?" if slot["front"] is None else _front(slot["front"], lang)
    return f"{face}{back}{seen}"


def _by_colour(counts: list[int], lang: str) -> str:
    """Return a region's cubes as colour initials and counts, e.g. ``R2 B1``."""
    initials = _initials(lang)
    return " ".join(f"{initials[p]}{c}" for p, c in enumerate(counts) if c) or "-"


def _wrapped(text: str, indent: str = "  ", more: str = "    ") -> list[str]:
    """Return `text` as lines of at most `WIDTH` columns."""
    return textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=more,
                         break_on_hyphens=False)


def _mark(mark: str, lang: str) -> str:
    """Return a colon or a semicolon as `lang` writes it after a word: French puts a
    no-break space before it ("Château : rouge 0"), the other languages none."""
    return f"\u00a0{mark}" if lang == "fr" else mark


def _packed(entries: list[str], lang: str = "en") -> list[str]:
    """Return `entries` joined by semicolons into lines of at most `WIDTH` columns, an
    entry broken only when it is wider than a line by itself."""
    lines: list[str] = []
    line = ""
    semicolon = _mark(";", lang)
    for entry in entries:
        # The line ends with "; " and the next entry, or with ";" when it is closed.
        if line and len(line) + len(semicolon) + 1 + len(entry) + len(semicolon) <= WIDTH:
            line += semicolon + " " + entry
            continue
        if line:
            lines.append(line + semicolon)
        wrapped = _wrapped(entry, "    ", "      ")
        lines += wrapped[:-1]
        line = wrapped[-1]
    return [*lines, line] if line else lines


def render_view(view: Mapping[str, Any], lang: str = "en") -> str:
    """Return the map as text within 80 columns: per region the plague piece, the cubes by
    colour and the rat tokens; each region's neighbours; then palace, reserves, class cards,
    the token supply and a legend of every mark used."""
    words = WORDS[lang]
    n = view["players"]
    names = [player_name(p, lang) for p in range(n)]
    active = view["active"]
    turn = view["turn"]
    phase = words["phases"].get(view["phase"], view["phase"])
    letter = view["stage"]["turn_phase"]
    if view["phase"] == "turn" and letter in ("A", "B", "C"):
        phase = words["steps"]["ABC".index(letter)]
    head = words["m.head"]
    colon = _mark(":", lang)
    lines = _wrapped(_w(lang, "m.title", turn=turn)
                     + (_w(lang, "m.to_act", name=names[active]) if active is not None else "")
                     + f" ({phase})", "")
    lines.append(f"  {head[0]:<10}{head[1]:<8}{head[2]:<17}{head[3]}")
    near = []
    for r in view["regions"]:
        name = r["name"].capitalize()
        tokens = " ".join(_token_label(t, view["you"], lang) for t in r["tokens"]) or "-"
        plague = words["m.plague"] if r["plague"] else ""
        # Tokens come last: a long front the viewer knows only makes its own line longer.
        lines.append(f"  {name:<10}{plague:<8}{_by_colour(r['cubes'], lang):<17}{tokens}")
        near.append(f"{name}{colon} " + ", ".join(x.capitalize() for x in r["neighbours"]))
    lines += _wrapped(words["m.near"])
    lines += _packed(near, lang)
    # The colours as the palace, reserve and legend list them: in lower case, but in German,
    # which writes a colour named as a noun with a capital ("Rot 2").
    colours = names if lang == "de" else [c.lower() for c in names]
    lines += _wrapped(f"{words['m.palace']}{colon} " + "  ".join(
        f"{colours[p]} {c}" for p, c in enumerate(view["palace"])))
    lines += _wrapped(f"{words['m.reserve']}{colon} " + "  ".join(
        f"{colours[p]} {c}" for p, c in enumerate(view["reserve"])))
    held: dict[int, list[str]] = {}
    for card, h in view["cards"].items():
        held.setdefault(n if h is None else h, []).append(_class_word(card, lang))
    groups = [f"{names[h] if h < n else words['m.beside']}{colon} {', '.join(held[h])}"
              for h in sorted(held)]
    lines += _wrapped(f"{words['m.cards']}{colon} " + f"{_mark(';', lang)} ".join(groups))
    sup = view["supply"]
    # The round limit (ruling R17) is shown so that nobody is surprised when it is reached.
    rounds = (_w(lang, "m.round", round=(turn - 1) // n + 1, limit=view["round_limit"])
              if turn else "")
    lines += _wrapped(_w(lang, "m.supply", supply=sup["starting"] + sup["other"],
                         starting=sup["starting"], out=len(view["out_of_game"])) + rounds)
    initials = _initials(lang)
    legend = ", ".join(f"{initials[p]} {colours[p]}" for p in range(n))
    lines += _wrapped(_w(lang, "m.legend.cubes", colours=legend))
    lines += _wrapped(_w(lang, "m.legend.tokens", initial=initials[1], name=names[1]))
    lines += _wrapped(_w(lang, "m.legend.front"))
    lines += _wrapped(_w(lang, "m.legend.symbols"))
    return "\n".join(lines)


# -- help topics ---------------------------------------------------------------------------
# Per class card, in the order of components.CLASS_NAMES: what its power does. The topic's
# name is the card's name; the text names the social class whose icon stands for it.
CLASS_HELP: Translated[tuple[str, ...]] = Translated(
    DOMAIN, "CLASS_HELP",
    (
        "Class card of {icon}. In step B, once a turn, move one of your cubes from a region "
        "without rat tokens to the palace, where no token can reach it again. Tokens showing "
        "the {icon} icon hit the King's holder.",
        "Class card of {icon}. In step B, once a turn, move 1 to 3 of your own cubes from "
        "one region to a neighbouring one: out of danger, or into a region where you want "
        "the majority. Tokens showing the {icon} icon hit the Merchant's holder.",
        "Class card of {icon}. In step B, once a turn, move one rat token to a neighbouring "
        "region holding fewer than 3 tokens: away from your cubes, or towards someone "
        "else's. Tokens showing the {icon} icon hit the Monk's holder.",
        "Class card of {icon}. When you place cubes in step B you place one more, and you "
        "may then place 1 cube even in a region without rat tokens. In the final round you "
        "may place 1 cube in any region. Tokens showing the {icon} icon hit the Peasant's "
        "holder.",
        "Class card of {icon}. In step B, once a turn, look at any two rat tokens on the "
        "board (only you learn their fronts) and swap them if you like. Tokens showing the "
        "{icon} icon hit the Witch's holder.",
        "Class card of {icon}. In step C you may move the plague piece up to 2 regions "
        "away, and before a devastation on your turn you decide whether the plague piece "
        "counts as 2 neutral cubes. Tokens showing the {icon} icon hit the Knight's holder.",
    ),
)

# The social classes in the form the help sentences above need (Polish: genitive).
ICONS_IN_HELP: Translated[tuple[str, ...]] = Translated(
    DOMAIN, "ICONS_IN_HELP",
    ("royalty", "bourgeoisie", "clergy", "peasantry", "magic", "chivalry"),
)

REGION_HELP: Translated[dict[str, str]] = Translated(
    DOMAIN, "REGION_HELP",
    {
        "in": "A region of the map, in play with {least} or more players. Its neighbours "
              "in this game: {near}. The plague piece, spreading rat tokens, the "
              "Merchant's cubes and the Monk's tokens move from it only to these.",
        "out": "A region of the map, in play only with {least} or more players, so not in "
               "this game of {players}: nothing is ever placed or moved there. On the full "
               "map its neighbours are {near}.",
    },
)

# Every other thing a player meets: topic name -> explanation, per language, in the same
# order in each (the tests check that every language has them all).
HELP: Translated[dict[str, str]] = Translated(
    DOMAIN, "HELP",
    {
        "Class cards": "Six cards (King, Merchant, Monk, Peasant, Witch, Knight), each a "
        "social class with a power. In step A you may take one from beside the board or "
        "from another player, who loses it. You keep every card you hold until someone "
        "takes it, and rat tokens showing a class's icon hit its holder.",
        "Rat tokens": "Tokens lying face down in the regions. Each front shows a threshold "
        "and symbols (M, MM, A, class icons) saying whom it hits. When the plague piece "
        "arrives in a region with tokens and cubes, its tokens are revealed one by one and "
        "then leave the game.",
        "Starting tokens": "The 12 rat tokens with a purple border: one starts in each "
        "region in play, the rest join the supply. The border shows face down, so everyone "
        "can tell them apart (a * on the board); they tend to be milder than the others.",
        "Threshold": "The number at the top of a rat token: how many cubes (of all players, "
        "plus the Knight's neutral ones) a region must hold for the token to strike when it "
        "is revealed. Below it the token does nothing.",
        "M (majority)": "Symbol on a rat token: the player with the most cubes in the region "
        "loses one (tied players each lose one). MM does this twice, the majority being "
        "counted again after the first loss.",
        "A (all)": "Symbol on a rat token: every player with a cube in the region loses one "
        "cube. It is resolved after M and MM and before the class icons.",
        "Class icons": "A rat token may show class icons (on the board written as the "
        "card's name): the holder of each such class card loses one cube in the region, if "
        "they have one there. Holding many cards makes you a target.",
        "Plague piece": "The black piece that moves every turn in step C to a neighbouring "
        "region (up to 2 regions with the Knight). Where it arrives, rat tokens spread to "
        "the neighbours and then the region may be devastated. At the end it counts as 2 "
        "neutral cubes in its region.",
        "Plague spreading": "After the plague piece moves, the region it reached spreads "
        "rat tokens drawn face down from the supply: none if it has no tokens, 1 if it has "
        "one, 2 if it has two or three. The player on turn puts each in a neighbouring "
        "region with fewer than 3 tokens.",
        "Devastation": "If the region the plague piece reached holds at least one rat token "
        "and one cube, its tokens are revealed one at a time, oldest first. A token whose "
        "threshold the cubes reach strikes (M, A, class icons); revealing stops when no "
        "token or no cube is left.",
        "Cubes": "Each player has 20 cubes of their colour: their people. They are placed "
        "in regions in step B, lost to rat tokens, and whoever has the most on the board "
        "(palace included) at the end wins.",
        "Reserve": "The cubes a player has not placed yet. If a player's reserve is empty "
        "at the end of a turn, the game ends.",
        "Palace": "A safe place beside the map: cubes the King moves there can no longer be "
        "hit and count at the end like cubes in the regions.",
        "Neutral cubes": "The plague piece can count as 2 cubes of nobody: when the Knight's "
        "holder so decides before a devastation on their turn, and always in the final "
        "resolution. They raise the population against thresholds but are never lost and "
        "never anyone's majority.",
        "Token supply": "The face-down rat tokens not on the board. Spreading draws from it "
        "at random; when it runs out, the game ends after that turn.",
        "Set-aside tokens": "With 2 or 3 players, 12 or 6 of the tokens without a purple "
        "border are removed face down at setup. Nobody sees them and they never come back.",
        "Out of the game": "Revealed rat tokens are removed from the game face up, so "
        "everyone knows which fronts are gone.",
        "Turn": "Your turn has three steps, in this order, each its own decision. A: you may "
        "take a class card, or none. B: you may place cubes once and use each class card's "
        "power once, in any order, a card taken in A included; end B when you wish (it ends "
        "by itself when nothing is left). C: you must move the plague piece, which ends your "
        "turn.",
        "Step A": "Take one class card you do not hold, from beside the board or from "
        "another player, or take none. Optional, once a turn, always before B.",
        "Step B": "Place in one region as many cubes as it has rat tokens (the Peasant adds "
        "one), and use the powers of your class cards, each once, in any order. Optional: "
        "end it when you wish; it ends by itself, or is skipped, when nothing is left to do. "
        "There is no going back to B once the plague moves.",
        "Step C": "Move the plague piece to a neighbouring region (up to 2 regions with the "
        "Knight). Compulsory, and it ends your turn: no more cards, cubes or powers. Then "
        "the plague spreads and the region may be devastated.",
        "Setup": "Each region in play gets one starting token and the plague piece a random "
        "region. Then each player places 2 cubes in a region, in turn order, and 2 more in "
        "reverse order (the same region is allowed).",
        "Final round": "When the game ends, every player except the one who had the last "
        "turn may use each class card once more, from that player's right "
        "counter-clockwise. No new cards and no cube placing, except 1 cube with the "
        "Peasant; the Knight may move the plague piece up to 2 regions without spreading.",
        "End of the game": "The game ends after a turn in which the token supply runs out or "
        "a player has every cube on the board. After the final round every token left is "
        "revealed and resolved, the plague piece counting as 2 neutral cubes.",
        "Round limit": "Our addition: since play could go on forever with nothing spreading, "
        "the game also ends after a set number of full rounds (30 unless chosen otherwise). "
        "The board shows the round, and the log announces the last one.",
        "Winner and ties": "Most cubes on the board, palace included, wins. Among tied "
        "players, the one who would have played next wins (unless the table chose to share "
        "the win).",
        "Neighbours": "Regions touching each other, or linked by a sea arrow. The board "
        "lists each region's neighbours; the printed map is not known to us, so this map is "
        "our reconstruction of medieval Europe.",
        "Seen tokens": "A (B) after a token means Blue has seen its front with the Witch. "
        "Fronts you have seen yourself are shown in brackets, e.g. [3 M A].",
    },
    titles=frozenset({""}),
)


def glossary(players: int, lang: str = "en") -> dict[str, str]:
    """Return the help topics of a game of `players` in `lang`: each class card, each
    region (with its neighbours in this game) and every other thing of the game."""
    words = WORDS[lang]
    topics: dict[str, str] = {}
    for c, text in enumerate(CLASS_HELP[lang]):
        topics[str(words["classes"][c])] = text.format(icon=ICONS_IN_HELP[lang][c])
    topics.update(HELP[lang])
    in_play = REGIONS_IN_PLAY[players]
    for r, name in enumerate(REGION_NAMES):
        least = min(p for p, count in REGIONS_IN_PLAY.items() if r < count)
        if r < in_play:
            near = NEIGHBOURS[players][r]
            text = REGION_HELP[lang]["in"]
        else:
            near = ADJACENT[r]
            text = REGION_HELP[lang]["out"]
        topics[name.capitalize()] = text.format(
            least=least, players=players, near=", ".join(_region(x) for x in near))
    return topics


# -- the board on the web page ---------------------------------------------------------------

PAGE_BOARD: Translated[dict[str, Any]] = Translated(DOMAIN, "PAGE_BOARD", {
    "title": "Rattus",
    "words": {
        "class": {
            "king": "King",
            "merchant": "Merchant",
            "monk": "Monk",
            "peasant": "Peasant",
            "witch": "Witch",
            "knight": "Knight",
        },
        "group": {
            "king": "Royalty",
            "merchant": "Bourgeoisie",
            "monk": "Clergy",
            "peasant": "Peasantry",
            "witch": "Magic",
            "knight": "Chivalry",
        },
        "power": {
            "king": (
                "in step B, move one of your cubes from a region without rat tokens to the "
                "palace, where it is safe for the rest of the game."),
            "merchant": (
                "in step B, move up to 3 of your cubes from one region to a neighbouring region."),
            "monk": (
                "in step B, move one rat token to a neighbouring region that holds fewer than 3."),
            "peasant": (
                "your placement in step B puts one cube more, even in a region without rat "
                "tokens."),
            "witch": (
                "in step B, look at any two rat tokens on the map and swap them if you like; only "
                "you learn their fronts."),
            "knight": (
                "in step C, move the plague piece up to two regions; before a devastation, choose "
                "whether it counts as 2 neutral cubes."),
        },
        "phase": {
            "setup": "initial placement",
            "turn": "class card, cubes and powers, plague",
            "spread": "the plague spreads",
            "knight": "the Knight decides",
            "witch_second": "the Witch looks",
            "witch_swap": "the Witch swaps or keeps",
            "merchant_to": "the Merchant moves cubes",
            "monk_to": "the Monk moves a rat token",
            "final": "the final round of class powers",
            "over": "game over",
        },
        "step": {
            "A": "step A, take a class card or none",
            "B": "step B, place cubes and use powers",
            "C": "step C, move the plague piece",
        },
        "pass": {
            "no_card": "Take no card",
            "end_b": "End step B",
        },
        "round": "Round {round} (at most {limit})",
        "setupRound": "Initial placement: {done} of {total}",
        "toAct": "{name} to act: {phase}",
        "over": "The game is over",
        "palace": "Palace",
        "supply": "Rat tokens",
        "outOfGame": "out of game: {count}",
        "classCards": "Class cards",
        "free": "beside the board",
        "reserve": "reserve",
        "lost": "lost",
        "onBoard": "on the board",
        "notInPlay": "not in play",
        "used": "used",
        "tip": {
            "region": (
                "{region}. Neighbours: {near}. Rat tokens here: {tokens} of at most 3. When the "
                "plague piece arrives, rats spread to the neighbours, and a region holding cubes "
                "and rat tokens is devastated."),
            "regionOut": "{region} is not in play with {players} players.",
            "cubes": "{owner}'s cubes in {region}: {count}.",
            "back": (
                "Face-down rat token {slot} in {region}. Its front stays hidden until the plague "
                "devastates the region."),
            "backStarting": (
                "Face-down starting rat token {slot} in {region} (purple border). Its front stays "
                "hidden until the plague devastates the region."),
            "front": "You have looked at rat token {slot} in {region}; its front: {front}",
            "seenBy": "Seen by: {names}.",
            "onlyYou": "No other player has seen it.",
            "witchPick": "The Witch picked this token.",
            "emptySlot": "Room for a rat token: a region holds at most 3.",
            "threshold": (
                "devastates from {n} cubes in the region (the plague piece of a Knight may add 2)"),
            "majority": "the player with most cubes here loses one (ties: each of them)",
            "double": "that twice, one at a time",
            "everyone": "every player with a cube here loses one",
            "hits": "the holder of the {card} loses one",
            "plague": (
                "The plague piece, in {region}. Each turn it moves to a neighbouring region (with "
                "the Knight up to two away); where it stops, rats spread and the region may be "
                "devastated."),
            "palace": (
                "The palace: cubes the King brings here are safe for the rest of the game and "
                "count at the end."),
            "palaceSeat": "{owner}'s cubes in the palace: {count}.",
            "supply": (
                "Face-down rat tokens in the supply: {count}, {starting} of them with a purple "
                "border. When the supply runs out, the game ends after that turn. {aside} were "
                "set aside unseen at setup."),
            "outOfGame": "Rat tokens revealed and out of the game: {list}",
            "none": "none yet",
            "card": "{name} ({group}): {power}",
            "heldBy": "Held by {owner}. Any other player may take it in step A.",
            "lying": "Beside the board: any player may take it in step A.",
            "icon": "Rat tokens showing {icon} hit the holder of this card.",
            "usedNow": "Its power has been used this turn.",
            "player": (
                "{owner}: {reserve} cubes in reserve, {palace} in the palace, {board} on the "
                "board, {lost} lost. Most cubes on the board and in the palace wins."),
            "toAct": "{owner} has a decision to make now.",
            "setup": "Put 2 of your cubes in {region}.",
            "place": "Put {count} of your cubes in {region}: as many as it has rat tokens.",
            "placePeasant": (
                "Put {count} of your cubes in {region}: the Peasant adds one to its rat tokens."),
            "king": "King: one of your cubes goes from {region} to the palace.",
            "merchantFrom": "Merchant: move some of your cubes out of {region}.",
            "merchantTo": "Merchant: {count} of your cubes go from {from} to {region}.",
            "monkFrom": "Monk: move a rat token out of {region}.",
            "monkTo": "Monk: rat token {slot} of {from} goes to {region}.",
            "witch": "Witch: look at this rat token.",
            "peasant": "Peasant: one of your cubes into {region}.",
            "plagueMove": "Move the plague piece to {region}.",
            "plagueFinal": (
                "Knight: move the plague piece to {region}; it only counts as 2 neutral cubes at "
                "the final count."),
            "spread": "A face-down rat token spreads to {region}.",
            "take": "Take the {name}.",
            "picked": "The power's cubes or token leave from here.",
            "boost": (
                "Knight: before {region} is devastated, the plague piece counts as 2 neutral "
                "cubes there."),
            "noBoost": "Knight: the plague piece does not count as cubes in this devastation.",
            "swap": "Witch: swap the two rat tokens you looked at.",
            "keep": "Witch: leave the two rat tokens where they are.",
            "noCard": "Take no class card this turn and go on to step B.",
            "endB": "Stop placing and using powers: go on to step C, moving the plague piece.",
        },
    },
})
"""The words of Rattus's board on the web page (tavola/web/static/games/rattus.js), by the
keys the board looks them up by: its title, and under `words` the class cards' names, groups
and powers, the phases and steps, the legends and the tooltips. `{name}` placeholders are
filled by the page. The server sends each language's table to the page with its other words
(tavola.web.words)."""


# -- the game's summary and tie-break line --------------------------------------------------
# What lobbies and rules panels say the game is (GameInfo.summary, .summaries), and what the
# result's tie-break numbers count (GameInfo.tiebreak), for result tables.
SUMMARY: Translated[str] = Translated(
    DOMAIN, "SUMMARY",
    "The plague sweeps across medieval Europe: place your people in its regions, move the"
    " plague among the rats and use the class cards' powers to have the most people left "
    "at the end. The game ends as the rulebook says; a bound of 100 rounds, which no game"
    " played by the rules comes near, ends a game stalled for ever (option rounds, ruling"
    " R17).")
TIEBREAK: Translated[str] = Translated(
    DOMAIN, "TIEBREAK",
    "Tie-break: who would have played next after the last turn (higher plays sooner and "
    "wins the tie).")
