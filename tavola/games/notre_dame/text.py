"""Words for Notre Dame: the log catalogue (English templates keyed for translations, and
who may read each private event), prompts, action labels and the terminal picture of a
view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tavola.core import Action, Catalog
from tavola.core.events import Private
from tavola.games.notre_dame.actions import SQUARE_OF_TOKEN
from tavola.games.notre_dame.components import (
    BENEFIT_NAMES,
    CHARACTER_NAMES,
    CHARACTER_RATS,
    COLOURS,
    KIND_NAMES,
    SQUARES_PER_QUARTER,
)
from tavola.games.notre_dame.config import NOTRE_DAME_DONATION
from tavola.games.notre_dame.state import (
    DRAFT_KEEP,
    DRAFT_PICK,
    HIRE,
    PLAY,
    T_BENEFIT,
    T_CARRIAGE,
    T_SOURCE,
    NDState,
)


class _Names(dict[str, Any]):
    """Format arguments: seat numbers (`p`, `to`, `first`, `source`) become colour names,
    colour and benefit numbers their words; a number out of range is refused."""

    def __getitem__(self, key: str) -> Any:
        value = super().__getitem__(key)
        if key in SEAT_KEYS and isinstance(value, int):
            return COLOURS[_index(value, len(COLOURS))].capitalize()
        if key == "colour" and isinstance(value, int):
            return COLOURS[_index(value, len(COLOURS))]
        if key == "benefit" and isinstance(value, int):
            return BENEFIT_TEXT[_index(value, len(BENEFIT_TEXT))]
        if isinstance(value, str):
            return value.replace("_", " ")
        if isinstance(value, list):
            return ", ".join(str(v).replace("_", " ") for v in value)
        return value


SEAT_KEYS = ("p", "to", "first", "source")


def _index(value: int, size: int) -> int:
    """Return `value` if it indexes a table of `size` entries, else raise."""
    if not 0 <= value < size:
        raise IndexError("out of range")
    return value


BENEFIT_TEXT = ("1 prestige + 1 gold", "2 prestige + 1 cube", "3 prestige + rat back 1",
                "4 prestige")
CHARACTER_TEXT = {
    "innkeeper": "3 prestige, then 1 gold, 1 cube or rat back 1",
    "minstrel": "move 1-3 pieces from one sector to another (no action)",
    "monk": "2 cubes and 1 prestige",
    "jester": "move 1 piece to another sector and carry out its action",
    "moneylender": "2 gold and 1 prestige",
    "doctor": "your plague this round counts 0",
    "city_watch": "1 prestige per piece in your quarter and Notre Dame",
    "night_watch": "1 prestige per empty sector",
    "bishop": "a general-supply cube into an empty sector, with its action",
    "guild_master": "2 prestige per sector with 2+ pieces",
    "king_of_beggars": "1 prestige per empty space ahead of your rats",
    "lawyer": "3 prestige per 2 messages",
    "lady_in_waiting": "1 prestige per piece in your fullest sector",
    "mayor": "3 prestige per sector with 3+ pieces",
    "carpenter": "1 prestige per sector with 1+ piece",
}

TEMPLATES: dict[str, dict[str, str]] = {"en": {
    "nd.setup": "{players} players; {first} rings the bell first",
    "nd.round": "Round {round} (period {period}): {first} starts; characters {characters} "
                "({rats} rats)",
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
    "nd.forgo": "{p} plays {card} without its action",
    "nd.friend": "{p} sends the trusted friend to the {sector}",
    "nd.place": "{p} places a cube in the {sector}",
    "nd.shift": "{p} moves a cube from the {source} to the {sector}",
    "nd.stay": "{p} leaves the carriage where it is",
    "nd.drive": "{p} drives the carriage to square {square}",
    "nd.message_barred": "{p} may not take that {colour} message yet",
    "nd.leave_message": "{p} leaves the message",
    "nd.take_message": "{p} takes a {colour} message ({benefit})",
    "nd.donate": "{p} gives {gold} gold to Notre Dame",
    "nd.pass": "{p} pays no character",
    "nd.cannot_hire": "{p} has no gold for a character",
    "nd.hire": "{p} pays the {character}",
    "nd.minstrel": "{p} moves {cubes} cube(s) (friend: {friend}) from the {source} to "
                   "the {sector}",
    "nd.jester": "{p} moves a piece from the {source} to the {sector}",
    "nd.bishop": "{p} places a general-supply cube in the {sector}",
    "nd.prestige": "{p} gains {amount} prestige (+{bonus} park) from the {reason}",
    "nd.cubes": "{p} takes {amount} cube(s) from the general supply ({reason})",
    "nd.gold": "{p} takes {amount} gold from the bank ({reason})",
    "nd.gold_from": "the bank is empty: {p} takes {amount} gold from {source}",
    "nd.gold_lost": "nobody has gold left: {p} loses {amount} gold of the gain",
    "nd.rat_back": "{p} moves the rat marker back to {rats} ({reason})",
    "nd.plague": "plague: {p}'s rat marker is on {rats}",
    "nd.overflow": "plague: {p}'s rats pass 9: marker on 9, -{prestige} prestige, one cube",
    "nd.plague_cube": "{p} returns a cube from the {sector} to the general supply",
    "nd.payout": "Notre Dame pays {each} prestige per cube ({cubes} cubes)",
    "nd.game_over": "Game over: prestige {prestige}",
}}


def render_event_args(args: Mapping[str, Any]) -> _Names:
    """Wrap event arguments so templates print names."""
    return _Names(args)


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
                  unprinted={"nd.cubes": frozenset({"wanted"})})


def square_text(s: NDState, square: int) -> str:
    """Describe a market square: its quarter's owner and any message on it."""
    quarter, spot = divmod(square, SQUARES_PER_QUARTER)
    setting = s.setting
    owner = [p for p in range(setting.players) if setting.player_quarter[p] == quarter]
    where = (f"{COLOURS[owner[0]]} quarter" if owner else
             f"empty quarter {quarter} ({COLOURS[setting.quarter_colour[quarter]]} messages)")
    spot_text = "centre" if spot == 0 else f"square {spot}"
    message = s.board[square]
    extra = ""
    if message >= 0:
        extra = f" — {COLOURS[message // 4]} message: {BENEFIT_TEXT[message % 4]}"
    return f"{where}, {spot_text}{extra}"


TASK_PROMPTS = {
    2: "whether to take the message",
    4: "how much gold to give to Notre Dame",
    5: "which sector the Minstrel moves pieces from",
    6: "which sector the pieces go to",
    7: "how many pieces to move",
    8: "which piece the Jester moves",
    9: "which sector it goes to (then its action)",
    10: "which empty sector gets the Bishop's cube",
    11: "which of your largest sectors loses a cube to the plague",
}
"""Prompts of the sub-decisions without parameters, by task number (state.py)."""


def prompt(s: NDState, p: int) -> str:
    """Say what pending player `p` is deciding."""
    if s.stack:
        task, _, x, _ = s.stack[-1]
        if task == T_SOURCE:
            return f"where the cube for {KIND_NAMES[x].replace('_', ' ')} comes from"
        if task == T_CARRIAGE:
            return f"where the carriage stops (up to {x} steps)"
        if task == T_BENEFIT:
            return "which benefit to take" + (f" ({x} left)" if x > 1 else "")
        return TASK_PROMPTS[task]
    return {DRAFT_KEEP: "which card to keep (the other two go left)",
            DRAFT_PICK: "which received card to keep (the other goes left)",
            PLAY: "which card to play" + (" (the last goes face down)"
                                          if s.turn >= len(s.gold) else ""),
            HIRE: "which character to pay 1 gold for"}.get(s.phase, "nothing")


def _sector(token: str) -> str:
    return token.replace("_", " ")


def describe(s: NDState, p: int, a: Action) -> str:
    """Label one of `p`'s legal actions for a person."""
    kind, args = a.kind, a.args
    if kind in ("keep", "play"):
        colour, card = args[0].split(".")
        verb = "Keep" if kind == "keep" else "Play"
        return f"{verb} {_sector(card)} ({colour})"
    if kind == "place":
        return "Place a cube from your supply"
    if kind == "forgo":
        return "Play the card without its action"
    if kind == "from":
        if args[0] == "trusted_friend":
            return "Move the trusted friend"
        return f"Move a cube from your {_sector(args[0])}"
    if kind == "friend":
        return f"Trusted friend to the {_sector(args[0])}"
    if kind == "to":
        return f"To the {_sector(args[0])}"
    if kind == "lose":
        return f"Lose a cube from the {_sector(args[0])}"
    if kind == "move":
        return "Drive to " + square_text(s, SQUARE_OF_TOKEN[args[0]])
    if kind == "stay":
        return "Do not move the carriage"
    if kind == "take":
        return "Take the message"
    if kind == "leave":
        return "Leave the message"
    if kind == "benefit":
        return {"gold": "1 gold", "cube": "1 cube", "rat": "Rat marker back 1"}[args[0]]
    if kind == "gold":
        n = int(args[0])
        return f"Give {n} gold for {NOTRE_DAME_DONATION[n]} prestige"
    if kind == "hire":
        return f"Pay the {_sector(args[0])}: {CHARACTER_TEXT[args[0]]}"
    if kind == "pass":
        return "Pay no character"
    if kind == "pieces":
        friend = " and the trusted friend" if len(args) > 1 else ""
        return f"Move {args[0]} cube(s){friend}"
    return str(a)


SHORT = {"convent_school": "School", "bank": "Bank", "residence": "Resid", "carriage_house":
         "Carria", "hotel": "Hotel", "park": "Park", "hospital": "Hosp"}


def render_view(v: Mapping[str, Any]) -> str:
    """Draw a view as plain text for an 80-column terminal."""
    lines = []

    def rats(c: str) -> str:
        n = CHARACTER_RATS[CHARACTER_NAMES.index(c)]
        return f"{n} rat" if n == 1 else f"{n} rats"

    chars = ", ".join(f"{c.replace('_', ' ')} ({rats(c)})" for c in v["characters"])
    lines.append(f"Round {v['round']}/9  period {v['period']}  phase {v['phase']}  "
                 f"bell: {COLOURS[v['first']]}")
    lines.append(f"Characters: {chars or '-'}")
    lines.append(f"Plague this round: {v['plague']} rats")
    if v["bank"] is not None:
        lines.append(f"Bank: {v['bank']} gold")
    head = f"{'':8}" + "".join(f"{SHORT[k]:>7}" for k in SHORT) + "  ND  friend"
    lines.append(head)
    for _p, pl in enumerate(v["players"]):
        row = f"{pl['colour']:<8}" + "".join(f"{pl['sectors'][k]:>7}" for k in SHORT)
        friend = (pl["friend"] or "-").replace("_", " ")
        lines.append(row + f"{pl['notre_dame']:>4}  {friend}")
    lines.append("")
    lines.append(f"{'':8}{'gold':>5}{'prest':>6}{'rats':>5}{'cubes':>6}{'gen':>5}"
                 f"{'msgs':>5}  carriage  hired / played")
    for pl in v["players"]:
        played = ", ".join(c.split(".")[1].replace("_", " ") for c in pl["played"][-2:])
        hired = (pl["hired"] or "-").replace("_", " ")
        lines.append(f"{pl['colour']:<8}{pl['gold']:>5}{pl['prestige']:>6}{pl['rats']:>5}"
                     f"{pl['supply']:>6}{pl['general']:>5}{len(pl['messages']):>5}  "
                     f"{pl['carriage']:<8}  {hired} / {played or '-'}")
    board = v["board"]
    lines.append("")
    lines.append("Messages on the board (quarter.square: colour benefit):")
    items = [f"{sq}: {c} {BENEFIT_TEXT[BENEFIT_NAMES.index(b)]}"
             for sq, (c, b) in sorted(board.items())]
    for i in range(0, len(items), 2):
        lines.append("  " + "   ".join(items[i:i + 2]))
    me = v.get("me")
    if me is not None:
        lines.append("")
        hand = ", ".join(c.replace("_", " ") for c in me["hand"]) or "-"
        lines.append(f"Your hand: {hand}")
        if me["received"]:
            lines.append("Received: " + ", ".join(c.replace("_", " ") for c in me["received"]))
        if me["facedown"]:
            lines.append("Face down: " + ", ".join(c.replace("_", " ") for c in me["facedown"]))
    return "\n".join(lines)
