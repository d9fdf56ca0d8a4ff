"""The words of Nottingham: event templates (the Catalog, with the private events and what
everybody else reads of them), item and action labels, prompts, and the terminal picture of
a view (`render_view`).

Every event argument is checked as it is put into words (`_wrap`): a seat is a seat of a
Nottingham table, an item an item, a count a whole number. The catalogue's check runs the
words when a saved log is loaded, so an event with arguments this game never writes is
refused there instead of breaking a view of the log later.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tavola.core import Action, Catalog
from tavola.core.events import Private
from tavola.games.nottingham.components import (
    AMBUSH_NAMES,
    CARDS_PER_ITEM,
    COLOURS,
    COMMISSIONS,
    ITEM_ACTIONS,
    ITEM_VALUES,
    ITEMS,
)
from tavola.games.nottingham.config import MAX_PLAYERS
from tavola.games.nottingham.state import DEFEND, PHASES, Position

ITEM_LABELS: dict[str, str] = {
    "copper": "copper coin", "candlestick": "silver candlestick", "gold": "gold",
    "pearls": "pearls", "jewels": "jewels", "necklace": "necklace", "chest": "chest",
}
COMMISSION_LABELS: dict[str, str] = {
    "seven": "seven different items", "five": "five identical items",
    "pairs4": "four different pairs", "pairs3": "three different pairs",
}
PHASE_PROMPTS: dict[str, str] = {
    "choose": "keep the {drawn} or carry out its action ({action})",
    "buy_offer": "offer one card face down for {active}'s copper coin (never a copper coin)",
    "buy_choose": "buy one of the offers with your copper coin, or refuse them all",
    "defend": "{active} attacks you with the {drawn}: defend with a necklace, or let it happen",
    "take": "take one card from {target}'s hand",
    "ambush_keep": "keep one ambush card (not your own colour); the other goes under the deck",
    "trade_offer": "offer one or two cards face up for {active}'s chest (never a chest)",
    "trade_choose": "accept one of the offers for your chest",
    "exchange": "exchange cards for points (at most once), or end your turn",
    "ambush_window": "{active} exchanges {count} {item}: spring an ambush, or let it pass",
    "discard_down": "the deck is exhausted: discard down to {number} cards",
    "over": "the game is over",
}

TEMPLATES: dict[str, dict[str, str]] = {"en": {
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
    "defend": "{player} defends with a necklace: gives it to {target} and takes the {item}.",
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
    "hide.secret": "{player} lies in wait with {card} and puts {other} under the ambush deck.",
    "hide.hidden": "{player} lies in wait with an ambush card and the gold under it.",
    "trade": "{player} plays the chest: everyone else offers one or two cards face up.",
    "offer.open": "{player} offers {items}.",
    "trade.none": "Nobody can offer anything; {player} keeps the chest.",
    "accept": "{player} accepts {target}'s offer of {items} for the chest.",
    "pass": "{player} ends the turn.",
    "exchange": "{player} lays out {count} {item} for points.",
    "ambush.decline": "{player} lets it pass.",
    "spring": "{player} springs the ambush {card} on {target}, takes {item} and gives the gold.",
    "exchange.failed": "{player} is left with {count} cards and cannot exchange them.",
    "exchange.done": "{player} exchanges {count} {item} and banks one for {points} points.",
    "commission": "{player} completes the commission '{kind}' with {items} (card {place} "
                  "of 2).",
    "sheriff": "The sheriff moves to space {space} ({number}): hands of {number} or fewer "
               "get a favour.",
    "sheriff.nofavour": "The sheriff moves to space {space} ({number}) with no favours.",
    "sheriff.home": "The sheriff is back in Nottingham.",
    "favour.secret": "{player} receives a favour: {item}.",
    "favour.hidden": "{player} receives a favour from the sheriff.",
    "reshuffle": "The discard pile ({count} cards) is shuffled into a new deck.",
    "exhausted": "No deck and no discard: every hand above {number} cards is discarded down "
                 "to {number}.",
    "exhausted.town": "No deck and no discard, and the sheriff is in Nottingham, where there "
                      "is no number: nobody discards.",
    "discard": "{player} discards {item}.",
    "end": "Game over. Points: {scores}; winners: {winners}.",
}}


def player_name(seat: int) -> str:
    """Return a seat's display name: its number and colour."""
    return f"P{seat + 1} ({COLOURS[seat]})"


def item_label(token: str) -> str:
    """Return the label of an item token."""
    return ITEM_LABELS.get(token, token)


def ambush_label(token: str) -> str:
    """Return the label of an ambush card token: its colour and seat, or its two items."""
    if token in COLOURS:
        return f"{token} (P{COLOURS.index(token) + 1})"
    return " + ".join(item_label(i) for i in token.split("+"))


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


def _token(value: Any, allowed: tuple[str, ...]) -> str:
    """Return `value` if it is one of `allowed`, else raise ValueError."""
    if type(value) is not str or value not in allowed:
        raise ValueError(f"not a known token: {value!r}")
    return value


def _listed(value: Any, limit: int = 84) -> list[Any]:
    """Return `value` if it is a list of at most `limit` entries, else raise ValueError."""
    if type(value) is not list or len(value) > limit:
        raise ValueError("not a short list")
    return value


def _offer(entry: Any) -> str:
    """Return the words of one revealed Buy offer, written "seat:item"."""
    seat, _, item = _token_text(entry).partition(":")
    if not seat.isdigit():
        raise ValueError(f"not an offer: {entry!r}")
    return f"{player_name(_seat(int(seat)))} {item_label(_token(item, ITEMS))}"


def _token_text(value: Any) -> str:
    """Return `value` if it is a short text, else raise ValueError."""
    if type(value) is not str or len(value) > 40:
        raise ValueError(f"not a token: {value!r}")
    return value


_WORDS: dict[str, Callable[[Any], str]] = {
    "player": lambda v: player_name(_seat(v)),
    "target": lambda v: player_name(_seat(v)),
    "item": lambda v: item_label(_token(v, ITEMS)),
    "paid": lambda v: item_label(_token(v, ITEMS)),
    "card": lambda v: ambush_label(_token(v, AMBUSH_NAMES)),
    "other": lambda v: ambush_label(_token(v, AMBUSH_NAMES)),
    "items": lambda v: ", ".join(item_label(_token(i, ITEMS)) for i in _listed(v)) or "nothing",
    "kind": lambda v: COMMISSION_LABELS[_token(v, COMMISSIONS)],
    "offers": lambda v: ", ".join(_offer(e) for e in _listed(v, MAX_PLAYERS)) or "none",
    "scores": lambda v: ", ".join(f"{player_name(q)} {_number(n)}"
                                  for q, n in enumerate(_listed(v, MAX_PLAYERS))),
    "winners": lambda v: ", ".join(player_name(_seat(w)) for w in _listed(v, MAX_PLAYERS)),
    "track": lambda v: "-".join(str(_number(n)) for n in _listed(v, 100)),
    "players": lambda v: str(_number(v)),
    "count": lambda v: str(_number(v)),
    "turn": lambda v: str(_number(v)),
    "space": lambda v: str(_number(v)),
    "number": lambda v: str(_number(v)),
    "points": lambda v: str(_number(v)),
    "place": lambda v: str(_number(v)),
}


def _wrap(args: Mapping[str, Any]) -> dict[str, str]:
    """Return the words of an event's arguments; raise ValueError on any argument this game
    never writes (an unknown name, a seat off the table, an item that is not one)."""
    out: dict[str, str] = {}
    for name, value in args.items():
        words = _WORDS.get(name)
        if words is None:
            raise ValueError(f"no event argument {name!r}")
        out[name] = words(value)
    return out


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

CATALOG = Catalog(TEMPLATES, wrap=_wrap, private=PRIVATE)


def prompt(s: Position, player: int) -> str:
    """Return what `player` is asked now, in words."""
    phase = PHASES[s.phase]
    drawn = ITEMS[s.drawn // CARDS_PER_ITEM] if s.drawn >= 0 else ""
    table_item = ITEMS[s.table[0] // CARDS_PER_ITEM] if s.table else ""
    number = s.track[s.sheriff - 1] if 1 <= s.sheriff <= len(s.track) else 0
    return PHASE_PROMPTS[phase].format(
        drawn=item_label(drawn), action=ITEM_ACTIONS[ITEMS.index(drawn)] if drawn else "",
        active=player_name(s.active), target=player_name(s.target) if s.target >= 0 else "",
        count=len(s.table), item=item_label(table_item), number=number)


def describe(s: Position, player: int, action: Action) -> str:
    """Return a label for `action`."""
    kind, args = action.kind, action.args
    items = ", ".join(item_label(a) for a in args)
    if kind == "keep":
        return f"keep the {item_label(ITEMS[s.drawn // CARDS_PER_ITEM])}"
    if kind == "buy":
        return "buy: everyone offers you a card"
    if kind == "ambush":
        return "ambush: draw two ambush cards"
    if kind == "trade":
        return "trade: everyone offers you one or two cards"
    if kind in ("steal", "rob", "raid", "purchase", "accept"):
        who = player_name(int(args[0]))
        verbs = {"steal": "steal a random card from", "rob": "rob (look at and take from)",
                 "raid": "raid (open and take from)", "purchase": "buy the offer of",
                 "accept": "accept the offer of"}
        return f"{verbs[kind]} {who}"
    if kind == "offer":
        return f"offer {items}"
    if kind == "refuse":
        return "refuse every offer and keep the copper coin"
    if kind == "defend":
        return "defend with a necklace"
    if kind == "decline":
        return "let it happen" if s.phase == DEFEND else "do not spring an ambush"
    if kind == "take":
        return f"take the {items}"
    if kind == "hide":
        return f"lie in wait with {ambush_label(args[0])}"
    if kind == "spring":
        return f"spring the ambush {ambush_label(args[0])}"
    if kind == "exchange":
        item = args[0]
        return f"exchange {args[1]} {item_label(item)} ({ITEM_VALUES[ITEMS.index(item)]} points)"
    if kind == "commission":
        label = COMMISSION_LABELS[args[0]]
        return f"complete '{label}'" + (f" with {', '.join(map(item_label, args[1:]))}"
                                        if len(args) > 1 else "")
    if kind == "pass":
        return "end the turn"
    if kind == "discard":
        return f"discard {items}"
    return str(action)


def _count(n: int, noun: str) -> str:
    """Return "1 card", "2 cards"."""
    return f"{n} {noun}" + ("" if n == 1 else "s")


def _items_line(c: list[int]) -> str:
    """Return item counts as words ("2 gold, 1 chest")."""
    parts = [f"{n} {item_label(ITEMS[i])}" for i, n in enumerate(c) if n]
    return ", ".join(parts) or "nothing"


def render_view(view: Mapping[str, Any]) -> str:
    """Return the table as one player sees it: hand, opponents, commissions, ambushes,
    sheriff's track."""
    lines: list[str] = []
    viewer = view["viewer"]
    track = view["track"]
    pos = view["sheriff"]
    marks = ["[N]" if pos in (0, len(track) + 1) else " N "]
    marks += [f"[{n}]" if i + 1 == pos else f" {n} " for i, n in enumerate(track)]
    lines.append("Sheriff's track: " + "".join(marks) + " -> Nottingham")
    if view["phase"] == "over":
        now = "the game is over"
    else:
        now = f"{player_name(view['active'])} is active ({view['phase'].replace('_', ' ')})"
    lines.append(f"Turn {view['turn']}: {now}. Deck {view['deck']} cards, discard "
                 f"{sum(view['discard'])} ({_items_line(view['discard'])}).")
    waiting = view["to_act"]
    if waiting:
        lines.append("Waiting for: " + ", ".join(player_name(q) for q in waiting) + ".")
    if view["drawn"]:
        lines.append(f"Shown card: {item_label(view['drawn'])}.")
    if view["table"]:
        t = view["table"]
        lines.append(f"On the table for exchange: {t['count']} {item_label(t['item'])}.")
    lines.append("Commissions:")
    for k, name in enumerate(view["commission_names"]):
        single, double = view["commission_values"][k]
        done = view["commissions"][k]
        who = ", ".join(player_name(q) for q in done) or "open"
        lines.append(f"  {COMMISSION_LABELS[name]:<24} {single}/{double} points: {who}")
    deck = view["ambush_deck"]
    known = [ambush_label(c) if c else "?" for c in deck]
    lines.append(f"Ambush deck ({len(deck)}, top first): {', '.join(known) or 'empty'}")
    lines.append("Players:")
    for seat, info in enumerate(view["seats"]):
        me = " (you)" if seat == viewer else ""
        head = (f"  {player_name(seat)}{me}: {_count(info['hand_size'], 'card')}, "
                f"{_count(info['points'], 'point')}, "
                f"{_count(info['ambushes'], 'ambush card')} in play")
        lines.append(head)
        if seat == viewer:
            lines.append(f"    hand: {_items_line(view['hand'])}")
            lines.append(f"    everyone has seen: {_items_line(info['public'])}")
            if view["my_ambushes"]:
                mine = ", ".join(map(ambush_label, view["my_ambushes"]))
                lines.append(f"    your ambushes: {mine}")
        else:
            line = f"    known: {_items_line(info['known'])}; unknown: {info['unknown']}"
            if info["public"] != info["known"]:
                line += f" (known to everyone: {_items_line(info['public'])})"
            lines.append(line)
        lines.append(f"    winnings: {_items_line(info['winnings'])}")
        if info["offer"]:
            lines.append(f"    offer: {', '.join(map(item_label, info['offer']))}")
        elif info["offered"] == 1:
            lines.append("    offer: made face down")
    if view["ambush_look"]:
        drew = " and ".join(map(ambush_label, view["ambush_look"]))
        lines.append(f"You drew the ambush cards: {drew}")
    return "\n".join(lines)


__all__ = ["CATALOG", "PRIVATE", "ambush_label", "describe", "player_name", "prompt",
           "render_view"]
