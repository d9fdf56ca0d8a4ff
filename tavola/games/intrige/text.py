"""The words of Intrige in English, Italian and Polish (German and French written, spoken
once tavola.core.LANGUAGES names them): the event catalogue, prompts, action labels, the
terminal picture of a view, seat names and the help topics.

Everything a line says is data: `WORDS[lang]` holds the sentences of one language,
`PROFESSIONS[lang]` and `PALACES[lang]` the names of the pieces and places with the
grammatical forms those sentences need (a Polish accusative, a German dative, an Italian
"di"/"del", a French "du"/"au"), and `count` agrees a noun with its number (1 ducato /
2 ducati; 1 dukat, 2 dukaty, 5 dukatów). Italian follows the terms of the Italian rulebook;
Polish, German and French, with no rulebook of an edition at hand, use terms we chose
(German and French the words descriptions of their editions use, where there are such).
docs/games/intrige.md, "Terms in Italian, Polish, German and French", lists them all. The
tables hold the English; the other languages are read from the gettext catalogs in locale/
the first time they are needed (tavola.core.catalogs, docs/translating.md).

Every event of Intrige is public (bribes, incomes and offers are announced at the table;
ruling "money is hidden"), so the catalogue declares no private event and a saved log whose
events carry an audience is refused when loaded. The events carry English names (rules.py
writes them), so `localize` turns those into the names of the line's language.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tavola.core.action import Action
from tavola.core.catalogs import Domain, Translated
from tavola.core.events import Catalog
from tavola.core.game import LANGUAGES, seat_label
from tavola.core.words import number, plural
from tavola.games.intrige.components import (
    PALACES_1994,
    PALACES_AMIGO,
    PROFESSION_LABELS,
)
from tavola.games.intrige.config import SUMS_PER_RANGE, Table
from tavola.games.intrige.state import BRIBE, DECIDE, SEAT, SEND, Board

WIDTH = 80
"""The widest line of the terminal picture."""

DOMAIN = Domain("intrige", Path(__file__).parent, tuple(x for x in LANGUAGES if x != "en"),
                derived={"amount": ("ducats",), "what": ("nom", "gen")})
"""Intrige's catalogs: locale/<lang>/LC_MESSAGES/intrige.po beside this module. A
translation may write `{ducats}` (the sum with its noun) for `{amount}`, and a profession
`{what}` as `{nom}` or `{gen}` (`as_object`)."""


# -- numbers and nouns ------------------------------------------------------------------------

def money(amount: object, lang: str) -> str:
    """Return a sum with its digits grouped the way `lang` writes them, by CLDR's rule
    (tavola.core.words.number): 320,000 / 320.000 / 320 000."""
    if type(amount) is not int:  # a value a saved log got wrong is shown as it is
        return str(amount)
    return number(amount, lang)


def count(n: object, noun: str, lang: str) -> str:
    """Return `n` with `noun` in the form the number asks for ("2 figure", "5 figur")."""
    forms = NOUNS[lang][noun]
    if type(n) is not int:
        return f"{n} {forms[-1]}"
    return f"{money(n, lang)} {plural(lang, n, forms)}"


NOUNS: Translated[dict[str, tuple[str, str, str]]] = Translated(
    DOMAIN, "NOUNS",
    {"ducat": ("ducat", "ducats", "ducats"), "figure": ("figure", "figures", "figures"),
           "room": ("room", "rooms", "rooms")},
    plurals=frozenset({""}),
)


@dataclass(frozen=True)
class Profession:
    """The name of a profession in one language, in the forms the sentences need."""

    one: str
    few: str  # the plural; in Polish the one after 2-4
    many: str  # the Polish plural after 5 and more (the plural elsewhere)
    acc: str  # whom one pays for, sends, admits (Polish accusative; the name elsewhere)
    dat: str  # to whom a room is given (Polish dative; the name elsewhere)
    gen: str  # whom one keeps a room for (Polish genitive; the name elsewhere)


def _plain(one: str, plural: str) -> Profession:
    return Profession(one, plural, plural, one, one, one)


# Italian: the rulebook's names. Polish, German and French: ours (docs/games/intrige.md).
PROFESSIONS: Translated[dict[str, Profession]] = Translated(
    DOMAIN, "PROFESSIONS",
    {
        "fiscal": _plain("fiscal counsellor", "fiscal counsellors"),
        "legal": _plain("legal counsellor", "legal counsellors"),
        "prelate": _plain("prelate", "prelates"),
        "military": _plain("military counsellor", "military counsellors"),
        "scientific": _plain("scientific counsellor", "scientific counsellors"),
    },
)

TOKEN_OF_LABEL = {label: token for token, label in PROFESSION_LABELS.items()}
"""The profession token of each English name the events carry."""


def profession(token: str, lang: str) -> Profession:
    """Return a profession's names in `lang` (an unknown token stands for itself)."""
    known = PROFESSIONS[lang].get(token)
    return known if known is not None else _plain(token, token)


def counted_profession(n: int, token: str, lang: str) -> str:
    """Return "2 prelates", "2 prelati", "2 prałaci", "5 prałatów"."""
    names = profession(token, lang)
    return f"{n} {plural(lang, n, (names.one, names.few, names.many))}"


@dataclass(frozen=True)
class Palace:
    """The name of a palace in one language: alone, after "the park of", after "send to"."""

    name: str
    of: str
    to: str


def _cities(names: Sequence[str], of: str, to: str) -> dict[str, Palace]:
    return {token: Palace(name, of.format(name), to.format(name))
            for token, name in zip(PALACES_1994, names, strict=True)}


PALACES: Translated[dict[str, Palace]] = Translated(
    DOMAIN, "PALACES",
    {**_cities(PALACES_1994, "{}", "{}"),
     **{c: Palace(f"{c} palace", f"the {c} palace", f"the {c} palace")
        for c in PALACES_AMIGO}},
)


def palace(token: str, lang: str) -> Palace:
    """Return a palace's names in `lang` (an unknown name stands for itself)."""
    known = PALACES[lang].get(token)
    return known if known is not None else Palace(token, token, token)


# -- the log --------------------------------------------------------------------------------

# English keeps the exact lines of the golden playthroughs. Italian and Polish take the
# forms `localize` adds: `profession_acc`, `profession_dat`, `palace_of`, `ducats`.
CATALOG_TEMPLATES: Translated[dict[str, str]] = Translated(
    DOMAIN, "CATALOG_TEMPLATES",
    {
        "round": "Round {round} begins.",
        "turn": "{player}'s turn ({palace}).",
        "income": "{player} collects {amount:,} ducats of income.",
        "bribe.enter": "{payer} pays {owner} a bribe of {amount:,} for the {profession}.",
        "bribe.external": "{payer} pays {owner} a bribe of {amount:,} for the {profession} "
                          "(external conflict).",
        "bribe.attack": "{payer} pays {owner} a bribe of {amount:,} for the {profession} "
                        "(attacking).",
        "bribe.defend": "{payer} pays {owner} a bribe of {amount:,} to keep the {profession} "
                        "(defending).",
        "offer": "{payer} offers {owner} {amount:,} for room {room} ({salary:,}) - not "
                 "binding.",
        "defend": "{owner} keeps {player}'s {profession} in room {room}.",
        "takeover": "{owner} gives room {room} to {player}'s {profession}.",
        "choose": "{owner} admits {player}'s {profession}.",
        "exile": "{player}'s {profession} is exiled to the island.",
        "seat": "{owner} seats {player}'s {profession} in room {room} ({salary:,}).",
        "send": "{player} sends a {profession} to the park of {palace} ({owner}).",
        "over": "The game is over. Money: {money}.",
    },
)

_SUM = re.compile(r"\d{1,3}(?:,\d{3})+")


def localize(args: Mapping[str, Any], lang: str) -> Mapping[str, Any]:
    """Return an event's arguments as a line in `lang` shows them: English as written,
    otherwise sums grouped the language's way and names in the forms its templates use."""
    out = dict(args)
    if lang == "en":
        return out
    for key in ("amount", "salary"):
        if key in args:
            out[key] = money(args[key], lang)
    if "amount" in args:
        out["ducats"] = count(args["amount"], "ducat", lang)
    label = args.get("profession")
    if isinstance(label, str):
        names = profession(TOKEN_OF_LABEL.get(label, label), lang)
        out.update(profession=names.one, profession_acc=names.acc, profession_dat=names.dat)
    name = args.get("palace")
    if isinstance(name, str):
        place = palace(name, lang)
        out.update(palace=place.name, palace_of=place.of)
    if isinstance(args.get("money"), str):
        out["money"] = _SUM.sub(lambda m: number(int(m.group().replace(",", "")), lang),
                                args["money"])
    return out


CATALOG = Catalog(CATALOG_TEMPLATES, localize=localize)


# -- sentences -------------------------------------------------------------------------------

# Prompts, labels and the picture, per language. `{what}` is a profession in the form the
# sentence needs (Polish: accusative wherever `what` is an object).
WORDS: Translated[dict[str, str]] = Translated(
    DOMAIN, "WORDS",
    {
        "or": " or ",
        "you": ", you",
        # prompts
        "ask_sum": "name the sum of your non-binding offer to {owner} for room {room}",
        "pay": "pay {owner} a bribe {role}{stake}",
        "role.defend": "to keep your {what}",
        "role.attack": "for your attacking {what}",
        "role.external": "for your contested {what}",
        "role.enter": "for your {what}",
        "stake.defend": " in room {room} ({salary}), attacked by {rivals}",
        "stake.self": "your own figure",
        "stake.attack": " against {holder}'s in room {room} ({salary})",
        "stake.others": "; other attackers: {rivals}",
        "stake.external": ", also wanted by {rivals}",
        "from": "{ask}: a sum from {lowest}",
        "invite": "{ask} (or first make a non-binding offer)",
        "internal": "internal conflict over room {room}: keep {holder}'s {what} or admit "
                    "that of {waiting}; the losers go to the island",
        "external": "external conflict: admit the {what} of {waiting}; the others go to the "
                    "island",
        "seat": "seat {sender}'s {what} in an empty room",
        "send": "send a figure to another palace's park ({left} to send)",
        "over": "the game is over",
        # labels
        "l.pay": "pay {amount} (leaves you {left})",
        "l.broke": "pay nothing: you cannot afford the smallest bribe",
        "l.range": "a sum from {lowest} to {highest} (choose it next)",
        "l.back.range": "go back to the choice of a range of sums (one step back per sum)",
        "l.back.ask": "go back: make no offer for room {room} now, choose again (one step "
                      "back per sum)",
        "l.ask": "make a non-binding offer for room {room} (salary {salary}); name the sum "
                 "next",
        "l.offer": "offer {amount} for room {room} (salary {salary}), not binding",
        "l.defend": "keep {holder}'s {what} in room {room} (the defender; {paid})",
        "l.admit": "admit {player}'s {what} ({paid})",
        "l.paid": "paid you {amount}",
        "l.promised": "; offered {amount} for room {room}",
        "l.room": "room {room} (salary {salary})",
        "l.room_offer": "; {player} offered {amount} for it",
        "l.send": "send a {what} to {palace} ({owner})",
        "l.attacks": " - attacks {holder}'s {what} in room {room}",
        "l.own": " - your own {what} holds room {room} there",
        "l.contest": " - external conflict with {rivals}",
        # the picture
        "heading": "Intrige ({edition}) - ",
        "edition.1994": "1994 edition",
        "edition.amigo": "Amigo card edition",
        "h.over": "the game is over after round {rounds}",
        "h.round": "round {round} of {rounds}, {player}'s turn ({palace})",
        "room": "  room {room}  salary {salary}  {who}",
        "empty_room": "empty",
        "park": "  park: ",
        "empty_park": "empty",
        "supply": "Supply (figures not sent yet):",
        "none": "none",
        "island": "Island (exiled for the rest of the game):",
        "nobody": " nobody",
        "purse": "Your money: {ducats} (secret)",
        "bribes": "Bribes paid:",
        "bribe_line": "  round {round}: {payer} paid {owner} {amount} {role}",
        "b.defend": "to keep the {what}",
        "b.attack": "for the attacking {what}",
        "b.external": "for the contested {what}",
        "b.enter": "for the {what}",
        "offers": "Offers on the table (not binding):",
        "offer_line": "  {player}: {amount} for room {room}",
        "due": "Still to bribe here: ",
        # a palace and its owner, a seat heading its supply or its exiles (French sets a
        # space before the colon)
        "palace_head": "{palace} ({seat}{you}):",
        "seat_head": "  {seat}:",
    },
)


def say(lang: str, key: str, **args: object) -> str:
    """Return one sentence of `WORDS` in `lang` with its blanks filled."""
    return WORDS[lang][key].format(**args)


def as_object(token: str, lang: str) -> dict[str, str]:
    """Return the forms of a profession a sentence may use: `what` (the object), `nom`
    (the subject) and `gen` (after "za utrzymanie")."""
    names = profession(token, lang)
    return {"what": names.acc, "nom": names.one, "gen": names.gen}


def seats(players: Sequence[int], joiner: str) -> str:
    """Return seats as one phrase: "P2, P4" or "P2 or P4"."""
    return joiner.join(seat_label(s) for s in players)


# -- prompts and labels -------------------------------------------------------------------------

def prompt(table: Table, board: Board, player: int, lang: str = "en") -> str:
    """Return what `player` is asked to decide now, in `lang`."""
    names = table.edition.professions
    owner = seat_label(board.turn)
    if board.phase == BRIBE:
        _, role, held = board.queue[0]
        forms = as_object(names[held], lang)
        if board.ask_room:
            ask = say(lang, "ask_sum", owner=owner, room=board.ask_room)
        else:
            ask = say(lang, "pay", owner=owner, role=say(lang, "role." + role, **forms),
                      stake=stake(table, board, lang))
        if board.range_from:
            return say(lang, "from", ask=ask, lowest=money(board.range_from, lang))
        broke = board.money[board.queue[0][0]] < table.edition.smallest_bribe
        if board.offered or board.ask_room or broke:
            return ask
        return say(lang, "invite", ask=ask)
    if board.phase == DECIDE:
        kind, held = board.decisions[0]
        forms = as_object(names[held], lang)
        waiting = seats([s for s, p in board.parks[board.turn] if p == held],
                        WORDS[lang]["or"])
        room = room_of(board, board.turn, held)
        if kind == "internal" and room is not None:
            holder = board.rooms[board.turn][room]
            assert holder is not None
            return say(lang, "internal", room=room + 1, holder=seat_label(holder[0]),
                       waiting=waiting, **forms)
        return say(lang, "external", waiting=waiting, **forms)
    if board.phase == SEAT:
        sender = board.seating[0]
        held = next(p for s, p in board.parks[board.turn] if s == sender)
        return say(lang, "seat", sender=seat_label(sender), **as_object(names[held], lang))
    if board.phase == SEND:
        left = table.edition.figures_sent_per_turn - len(board.sent)
        return say(lang, "send", left=left if lang == "en" else count(left, "figure", lang))
    return say(lang, "over")


def room_of(board: Board, palace_seat: int, held: int) -> int | None:
    """Return the room (0-based) a profession holds in a palace, if any."""
    return next((n for n, f in enumerate(board.rooms[palace_seat])
                 if f is not None and f[1] == held), None)


def stake(table: Table, board: Board, lang: str = "en") -> str:
    """Return what the bribe due now is about: the contested room or the rivals."""
    payer, role, held = board.queue[0]
    owner = board.turn
    rivals = [s for s, p in board.parks[owner] if p == held and s != payer]
    room = room_of(board, owner, held)
    names = seats(rivals, ", ")
    if role in ("defend", "attack") and room is not None:
        salary = money(table.edition.salaries[room], lang)
        if role == "defend":
            return say(lang, "stake.defend", room=room + 1, salary=salary,
                       rivals=names or say(lang, "stake.self"))
        holder = board.rooms[owner][room]
        assert holder is not None
        also = say(lang, "stake.others", rivals=names) if names else ""
        return say(lang, "stake.attack", holder=seat_label(holder[0]), room=room + 1,
                   salary=salary) + also
    if role == "external":
        return say(lang, "stake.external", rivals=names)
    return ""


def paid_here(board: Board, payer: int, held: int, lang: str) -> str:
    """Return what `payer` has paid the palace owner this turn for a profession, and the
    non-binding offer it made, if any: what the owner weighs in a conflict."""
    amount = sum(a for s, _, p, a in board.step_bribes if s == payer and p == held)
    text = say(lang, "l.paid", amount=money(amount, lang))
    offer = last_offer(board, payer)
    if offer is not None:
        text += say(lang, "l.promised", amount=money(offer[0], lang), room=offer[1])
    return text


def last_offer(board: Board, payer: int) -> tuple[int, int] | None:
    """Return the last non-binding offer (sum, room) `payer` made in this palace this
    turn, if any."""
    found = None
    for round_, at, who, amount, room in board.offers:
        if round_ == board.round and at == board.turn and who == payer:
            found = (amount, room)
    return found


def describe(table: Table, board: Board, player: int, action: Action,
             lang: str = "en") -> str:
    """Return a label for one of `player`'s legal actions, with what matters to the choice:
    a sum and what it leaves, a room and its salary, whose figure and what it paid, where a
    figure goes and whether it starts a conflict there."""
    kind, args = action.kind, action.args
    salaries = table.edition.salaries
    names = table.edition.professions
    if kind == "bribe":
        amount = int(args[0])
        if amount == 0:
            return say(lang, "l.broke")
        # Only the payer is ever asked for a label here, so it may show their own purse.
        return say(lang, "l.pay", amount=money(amount, lang),
                   left=money(board.money[player] - amount, lang))
    if kind == "range":
        lowest = int(args[0])
        highest = min(lowest + (SUMS_PER_RANGE - 1) * table.edition.bribe_step,
                      board.money[player])
        return say(lang, "l.range", lowest=money(lowest, lang), highest=money(highest, lang))
    if kind == "ask":
        room = int(args[0])
        return say(lang, "l.ask", room=room, salary=money(salaries[room - 1], lang))
    if kind == "back":
        if board.range_from:
            return say(lang, "l.back.range")
        return say(lang, "l.back.ask", room=board.ask_room)
    if kind == "offer":
        room = int(args[1])
        return say(lang, "l.offer", amount=money(int(args[0]), lang), room=room,
                   salary=money(salaries[room - 1], lang))
    if kind in ("defend", "admit"):
        held = board.decisions[0][1]
        forms = as_object(names[held], lang)
        if kind == "admit":
            seat = int(args[0])
            return say(lang, "l.admit", player=seat_label(seat),
                       paid=paid_here(board, seat, held, lang), **forms)
        seated = room_of(board, board.turn, held)
        assert seated is not None
        holder = board.rooms[board.turn][seated]
        assert holder is not None
        return say(lang, "l.defend", holder=seat_label(holder[0]), room=seated + 1,
                   paid=paid_here(board, holder[0], held, lang), **forms)
    if kind == "room":
        room = int(args[0])
        text = say(lang, "l.room", room=room, salary=money(salaries[room - 1], lang))
        sender = board.seating[0]
        offer = last_offer(board, sender)
        if offer is not None and offer[1] == room:
            text += say(lang, "l.room_offer", player=seat_label(sender),
                        amount=money(offer[0], lang))
        return text
    if kind == "send":
        target = int(args[1])
        held = names.index(str(args[0]))
        forms = as_object(names[held], lang)
        where = palace(table.edition.palaces[target], lang).to
        return say(lang, "l.send", palace=where, owner=seat_label(target),
                   **forms) + conflict_note(board, player, target, held, names[held], lang)
    return str(action)


def conflict_note(board: Board, player: int, target: int, held: int, token: str,
                  lang: str) -> str:
    """Return what sending a figure of profession `held` to `target` runs into: an internal
    conflict with the figure seated there, an external one with those waiting in the park,
    or nothing."""
    forms = as_object(token, lang)
    room = room_of(board, target, held)
    if room is not None:
        holder = board.rooms[target][room]
        assert holder is not None
        if holder[0] == player:
            return say(lang, "l.own", room=room + 1, **forms)
        return say(lang, "l.attacks", holder=seat_label(holder[0]), room=room + 1, **forms)
    rivals = [s for s, p in board.parks[target] if p == held]
    if rivals:
        return say(lang, "l.contest", rivals=seats(rivals, ", "))
    return ""


# -- the picture -------------------------------------------------------------------------------

def fill(head: str, items: Sequence[str], indent: str = "    ") -> list[str]:
    """Return `head` followed by `items` joined with commas, in lines of at most `WIDTH`
    columns, breaking only between items."""
    lines = [head]
    fresh = True  # nothing but the head (or the indent) on the last line yet
    for n, item in enumerate(items):
        piece = item + ("," if n < len(items) - 1 else "")
        if not fresh and len(lines[-1]) + 1 + len(piece) > WIDTH:
            lines.append(indent + piece)
        else:
            lines[-1] += " " + piece
        fresh = False
    return lines


def figure_name(data: Mapping[str, Any], lang: str) -> str:
    """Return a figure as "P3 prelate"."""
    return f"{seat_label(data['player'])} {profession(data['profession'], lang).one}"


def render_view(view: Mapping[str, Any], lang: str = "en") -> str:
    """Return the table as text in `lang`: the palaces with their rooms and parks, the
    supplies, the island, your money, the bribes paid and the offers on the table."""
    words = WORDS[lang]
    edition = words.get("edition." + str(view["edition"]), str(view["edition"]))
    heading = say(lang, "heading", edition=edition)
    if view["phase"] == "over":
        heading += say(lang, "h.over", rounds=view["rounds"])
    else:
        turn = view["palaces"][view["turn"]]
        heading += say(lang, "h.round", round=view["round"], rounds=view["rounds"],
                       player=seat_label(view["turn"]), palace=palace(turn["name"], lang).name)
    lines = [heading]
    widest = max(len(money(s, lang)) for s in view["salaries"])
    for place in view["palaces"]:
        seat = place["seat"]
        you = words["you"] if seat == view["viewer"] else ""
        lines.append(say(lang, "palace_head", palace=palace(place["name"], lang).name,
                         seat=seat_label(seat), you=you))
        for room in place["rooms"]:
            fig = room["figure"]
            who = words["empty_room"] if fig is None else figure_name(fig, lang)
            lines.append(say(lang, "room", room=room["room"],
                             salary=money(room["salary"], lang).rjust(widest), who=who))
        park = [figure_name(f, lang) for f in place["park"]] or [words["empty_park"]]
        lines += fill(words["park"].rstrip(), park)
    lines.append(words["supply"])
    for seat, supply in enumerate(view["supply"]):
        left = [counted_profession(n, name, lang) for name, n in supply.items() if n]
        lines += fill(say(lang, "seat_head", seat=seat_label(seat)), left or [words["none"]])
    exiled: dict[int, dict[str, int]] = {}
    for f in view["island"]:
        row = exiled.setdefault(f["player"], {})
        row[f["profession"]] = row.get(f["profession"], 0) + 1
    lines.append(words["island"] + ("" if exiled else words["nobody"]))
    for seat, row in sorted(exiled.items()):
        lines += fill(say(lang, "seat_head", seat=seat_label(seat)),
                      [counted_profession(n, name, lang) for name, n in row.items()])
    if "my_money" in view:
        lines.append(say(lang, "purse", ducats=count(view["my_money"], "ducat", lang)))
    if view["bribes"]:
        lines.append(words["bribes"])
        for b in view["bribes"][-12:]:
            forms = as_object(b["profession"], lang)
            lines.append(say(lang, "bribe_line", round=b["round"],
                             payer=seat_label(b["payer"]), owner=seat_label(b["palace"]),
                             amount=money(b["amount"], lang),
                             role=say(lang, "b." + b["role"], **forms)))
    if view["phase"] == "bribe" and view["bribes_due"]:
        lines += fill(words["due"].rstrip(),
                      [figure_name({"player": d["payer"], "profession": d["profession"]},
                                   lang) for d in view["bribes_due"]])
    current = [o for o in view["offers"] if o["round"] == view["round"]
               and o["palace"] == view["turn"] and view["phase"] != "over"]
    if current:
        lines.append(words["offers"])
        for o in current:
            lines.append(say(lang, "offer_line", player=seat_label(o["payer"]),
                             amount=money(o["amount"], lang), room=o["room"]))
    return "\n".join(lines)


def player_name(table: Table, player: int, lang: str = "en") -> str:
    """Return a seat's name: its label and its palace ("P1 (Firenze)", "P2 (Mediolan)")."""
    if 0 <= player < table.players:
        return f"{seat_label(player)} ({palace(table.edition.palaces[player], lang).name})"
    return seat_label(player)


# -- help topics ---------------------------------------------------------------------------------

# Topic name, then its explanation; the blanks take the numbers of the edition played.
GLOSSARY: Translated[tuple[tuple[str, str], ...]] = Translated(
    DOMAIN, "GLOSSARY",
    (
        ("palace", "Every player owns one palace ({palaces}). Other players send their "
                   "figures to it and pay you bribes for good rooms; you decide who gets in "
                   "and where they live. Your own figures never live in your own palace: "
                   "they earn their salaries in the palaces of the others."),
        ("room", "Each palace has {room_count}, numbered from the poorest (1) to the "
                 "richest ({rooms}), paying {salaries} ducats per turn. A room holds one "
                 "figure, and once a profession is seated in a room, that room belongs to "
                 "that profession for the rest of the game."),
        ("salary", "The ducats a room pays its figure's owner every turn. At the start of "
                   "your own turn the bank pays you the salaries of all the rooms your "
                   "figures hold in other palaces; nobody is paid in round 1. A rich room "
                   "held for many turns is worth a large bribe."),
        ("park", "The space in front of a palace where sent figures wait. At the start of "
                 "the owner's turn each figure waiting there costs its owner a bribe, and "
                 "then the palace owner seats it, or in a conflict admits one contender and "
                 "sends the others to the island."),
        ("island", "The island of exile. A figure that loses a conflict goes there and "
                   "stays until the end of the game: it never earns a salary again and "
                   "cannot be sent again."),
        ("supply", "The figures you have not sent yet. You start with {figures}: {per} of "
                   "each profession. On your turn you send {sent} of them from your supply, "
                   "to different palaces; in the last round nobody sends."),
        ("figure", "One of your courtiers, shown as your seat and its profession (\"P3 "
                   "prelate\"). A palace can house only one figure of each profession, "
                   "whoever owns it, so a figure of the same profession as one already "
                   "there starts a conflict."),
        ("bribe", "The sum you pay a palace owner for your figure waiting in their park: at "
                  "least {smallest} ducats, in steps of {step}, announced and handed over at "
                  "once and never given back. It obliges the owner to nothing. If you cannot "
                  "pay the smallest bribe you pay nothing. In an internal conflict the "
                  "defender pays first, then the attackers in turn order."),
        ("non-binding offer", "Before paying a bribe you may tell the table what you would "
                              "pay for a given room (\"30,000 for room 5\"). Nothing is "
                              "paid and nobody is bound, but everybody sees it, and the "
                              "palace owner may bear it in mind when seating."),
        ("sum range", "When many sums are possible the choice comes in two steps: first a "
                      "range of {span} sums (\"a sum from 100,000 to 190,000\"), then the "
                      "sum itself within it. Nobody else learns anything until the sum is "
                      "chosen. A range picked by mistake (or a room asked for an offer) "
                      "can be taken back once per sum: choose \"go back\". You may "
                      "also type the sum itself (150000 or 150,000)."),
        ("internal conflict", "A figure arrives at a palace where a figure of the same "
                              "profession already holds a room. The seated figure's owner "
                              "bribes first, then every attacker; the palace owner then "
                              "keeps the defender or lets one attacker take that same room. "
                              "All losers go to the island."),
        ("external conflict", "Two or more figures of the same profession wait in one park "
                              "and none of that profession lives in the palace. Each pays a "
                              "bribe in turn order; the palace owner admits one, who is "
                              "then seated in an empty room, and the others go to the "
                              "island."),
        ("seating", "After the bribes and conflicts the palace owner puts every figure "
                    "admitted into an empty room of their own choosing, cheapest or "
                    "richest; no sum paid or promised obliges them. A figure that has paid "
                    "to enter must get a room while one is free."),
        ("ducats", "The money of the game. Everybody starts with {start}. Your purse is "
                   "secret, but every bribe and salary is announced, so an attentive "
                   "player can keep count. Whoever has the most ducats after the last round "
                   "wins; equal purses share the victory."),
        ("round and turn", "The game lasts {rounds} rounds; in each every player has one "
                           "turn, seat after seat. A turn has three steps: collect your "
                           "salaries, receive the figures in your park (bribes, conflicts, "
                           "seating), then send {sent} of your own figures to other "
                           "palaces."),
        ("edition", "This game is played with the {edition}. The 1994 board game has five "
                    "palaces named after Italian cities, five rooms and five professions; "
                    "the Amigo card edition has four rooms, four professions, palaces known "
                    "by their colour, and sums ten times smaller."),
    ),
)

# One topic per profession: they have no powers, so each explains the one thing that makes
# a profession matter, the one-per-palace limit, with its own name.
PROFESSION_HELP: Translated[str] = Translated(
    DOMAIN, "PROFESSION_HELP",
    "One of the {count} professions of the courtiers; you own {per} {plural}. It has "
          "no power of its own: it matters because a palace houses at most one {name}. "
          "Send a {name} where one already lives and you attack its room (internal "
          "conflict); send it where another {name} waits in the park and you contest the "
          "entry (external conflict).",
)


def glossary(table: Table, lang: str = "en") -> dict[str, str]:
    """Return the help topics of the edition played, in `lang`: every place, piece, sum
    and step of a turn, and each profession by its name."""
    edition = table.edition
    per = edition.figures_per_profession
    blanks = {
        "palaces": ", ".join(palace(p, lang).name for p in edition.palaces),
        "rooms": edition.rooms,
        "room_count": count(edition.rooms, "room", lang),
        "salaries": ", ".join(money(s, lang) for s in edition.salaries),
        "start": count(edition.start_money, "ducat", lang),
        "smallest": money(edition.smallest_bribe, lang),
        "step": money(edition.bribe_step, lang),
        "rounds": edition.rounds,
        "figures": edition.figures_per_player,
        "per": per,
        "sent": edition.figures_sent_per_turn,
        "span": SUMS_PER_RANGE,
        "edition": WORDS[lang]["edition." + edition.name],
    }
    topics = {topic: text.format(**blanks) for topic, text in GLOSSARY[lang]}
    for token in edition.professions:
        names = profession(token, lang)
        topics[names.one] = PROFESSION_HELP[lang].format(
            count=len(edition.professions), per=per, name=names.one,
            plural=names.few)
    return topics


# -- the board on the web page ---------------------------------------------------------------

PAGE_BOARD: Translated[dict[str, Any]] = Translated(DOMAIN, "PAGE_BOARD", {
    "title": "Intrige",
    "words": {
        "room": "Room {room}",
        "park": "Park",
        "island": "Island",
        "nobody": "nobody",
        "money": "Your money: {amount} ducats (secret)",
        "round": "Round {round} of {rounds}",
        "over": "The game is over",
        "receives": "{palace} ({owner}) receives its visitors",
        "sends": "{owner} sends figures",
        "receiving": "receiving",
        "sending": "sending",
        "you": "you",
        "palace_tip": (
            "The palace of {palace}, owned by {owner}. Others' figures seated here earn their "
            "owners its rooms' salaries; nobody enters their own palace."),
        "room_tip": (
            "Room {room} of {palace}: a figure seated here earns its owner {salary} ducats at the "
            "start of each of their turns."),
        "empty": "Empty.",
        "figure_tip": (
            "{player}'s {profession} in room {room} of {palace}: earns {player} {salary} ducats a "
            "turn."),
        "park_tip": (
            "The park of {palace}: figures sent here wait until {owner} receives them; each "
            "sender first pays {owner} a bribe."),
        "waiting_tip": "{player}'s {profession}, waiting in the park of {palace}.",
        "send_tip": "Send your {profession} to wait in the park of {palace} ({owner}).",
        "send_label": "send your {profession} to {palace}",
        "ask_label": "offer a sum for room {room} ({salary}), not binding",
        "ask_tip": "Make a non-binding offer for room {room}; you name the sum next.",
        "seat_label": "seat the figure in room {room} ({salary})",
        "defend_label": "keep {player}'s {profession} in room {room}",
        "admit_label": "admit {player}'s {profession}",
        "island_tip": "The island: exiled figures stay here for the rest of the game.",
        "exiled_tip": "{player}'s {profession}, exiled to the island.",
        "supply": "Figures not yet sent",
        "supply_tip": "{player}'s {profession}: {count} not yet sent.",
        "offers": "Offers on the table (not binding)",
        "no_offers": "No offer on the table.",
        "offer_line": "{payer} offers {owner} {amount} for room {room}",
        "bribes": "Bribes paid",
        "no_bribes": "No bribe paid yet.",
        "col_round": "Round",
        "col_payer": "Payer",
        "col_owner": "To",
        "col_amount": "Amount",
        "col_for": "For",
        "incomes": "Income collected so far",
        "income_line": "{player}: {amount}",
        "role_enter": "entry",
        "role_external": "external conflict",
        "role_attack": "attack",
        "role_defend": "defence",
        "conflict": "Conflict over the {profession}: {owner} decides.",
        "back": "← back",
        "back_tip": (
            "Go back one step of the sum (a range or a room picked by mistake); once per sum."),
        "sum_field": "Sum",
        "sum_go": "Name this sum",
        "sum_pick": "Choose the sum",
        "sum_less": "One step less",
        "sum_more": "One step more",
        "sum_pay": "Pay {amount}",
        "sum_promise": "Promise {amount}",
        "sum_tip": "Type the sum (150000 or 150,000): its range and the sum are chosen in one go.",
        "sum_bad": "{text} is not a sum you can name now.",
    },
    "professions": {
        "fiscal": ("fiscal counsellor", "Fiscal"),
        "legal": ("legal counsellor", "Legal"),
        "prelate": ("prelate", "Prelate"),
        "military": ("military counsellor", "Military"),
        "scientific": ("scientific counsellor", "Science"),
    },
    "palaces": {
        "red": "red",
        "yellow": "yellow",
        "green": "green",
        "blue": "blue",
        "violet": "violet",
        "Firenze": "Firenze",
        "Milano": "Milano",
        "Napoli": "Napoli",
        "Roma": "Roma",
        "Venezia": "Venezia",
    },
})
"""The words of Intrige's board on the web page (tavola/web/static/games/intrige.js), by the
keys the board looks them up by: its title, its words (`words`), each profession's full and
short name (`professions`) and the palaces' names (`palaces`: the card edition's colours,
and the 1994 edition's cities, which keep their Italian names where a language has no other).
`{name}` placeholders are filled by the page. The server sends each language's table to the
page with its other words (tavola.web.words)."""


# -- the game's summary and tie-break line --------------------------------------------------
# What lobbies and rules panels say the game is (GameInfo.summary, .summaries).
SUMMARY: Translated[str] = Translated(
    DOMAIN, "SUMMARY",
    "Send your courtiers to the rivals' palaces for the best salaries: bribes win favour "
    "but bind nobody, so promises are cheap and money stays secret.")
