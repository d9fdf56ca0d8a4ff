"""The words of Intrige: event templates, prompts, action labels and the terminal picture.

Every event of Intrige is public (bribes, incomes and offers are announced at the table;
ruling "money is hidden"), so the catalogue declares no private event and a saved log whose
events carry an audience is refused when loaded.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tavola.core.action import Action
from tavola.core.events import Catalog
from tavola.core.game import seat_label
from tavola.games.intrige.components import PROFESSION_LABELS
from tavola.games.intrige.config import SUMS_PER_RANGE, Table
from tavola.games.intrige.state import BRIBE, DECIDE, SEAT, SEND, Board

CATALOG = Catalog({"en": {
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
    "offer": "{payer} offers {owner} {amount:,} for room {room} ({salary:,}) - not binding.",
    "defend": "{owner} keeps {player}'s {profession} in room {room}.",
    "takeover": "{owner} gives room {room} to {player}'s {profession}.",
    "choose": "{owner} admits {player}'s {profession}.",
    "exile": "{player}'s {profession} is exiled to the island.",
    "seat": "{owner} seats {player}'s {profession} in room {room} ({salary:,}).",
    "send": "{player} sends a {profession} to the park of {palace} ({owner}).",
    "over": "The game is over. Money: {money}.",
}})

ROLE_WORDS = {"defend": "to keep your", "attack": "for your attacking",
              "external": "for your contested", "enter": "for your"}


def profession_label(name: str) -> str:
    """Return the English name of a profession token."""
    return PROFESSION_LABELS.get(name, name)


def prompt(table: Table, board: Board, player: int) -> str:
    """Return what `player` is asked to decide now."""
    names = table.edition.professions
    owner = seat_label(board.turn)
    if board.phase == BRIBE:
        _, role, profession = board.queue[0]
        what = profession_label(names[profession])
        if board.ask_room:
            ask = (f"name the sum of your non-binding offer to {owner} for room "
                   f"{board.ask_room}")
        else:
            ask = f"pay {owner} a bribe {ROLE_WORDS[role]} {what}{stake(table, board)}"
        if board.range_from:
            return f"{ask}: a sum from {board.range_from:,}"
        broke = board.money[board.queue[0][0]] < table.edition.smallest_bribe
        if board.offered or board.ask_room or broke:
            return ask
        return ask + " (or first make a non-binding offer)"
    if board.phase == DECIDE:
        kind, profession = board.decisions[0]
        what = profession_label(names[profession])
        waiting = " or ".join(seat_label(s) for s, p in board.parks[board.turn]
                              if p == profession)
        room = next((n for n, f in enumerate(board.rooms[board.turn])
                     if f is not None and f[1] == profession), None)
        if kind == "internal" and room is not None:
            holder = board.rooms[board.turn][room]
            assert holder is not None
            return (f"internal conflict over room {room + 1}: keep {seat_label(holder[0])}'s "
                    f"{what} or admit that of {waiting}; the losers go to the island")
        return f"external conflict: admit the {what} of {waiting}; the others go to the island"
    if board.phase == SEAT:
        sender = board.seating[0]
        profession = next(p for s, p in board.parks[board.turn] if s == sender)
        return (f"seat {seat_label(sender)}'s {profession_label(names[profession])} "
                "in an empty room")
    if board.phase == SEND:
        left = table.edition.figures_sent_per_turn - len(board.sent)
        return f"send a figure to another palace's park ({left} to send)"
    return "the game is over"


def stake(table: Table, board: Board) -> str:
    """Return what the bribe due now is about: the contested room or the rivals."""
    payer, role, profession = board.queue[0]
    owner = board.turn
    rivals = [s for s, p in board.parks[owner] if p == profession and s != payer]
    room = next((n for n, f in enumerate(board.rooms[owner])
                 if f is not None and f[1] == profession), None)
    names = ", ".join(seat_label(s) for s in rivals)
    if role == "defend" and room is not None:
        return (f" in room {room + 1} ({table.edition.salaries[room]:,}), "
                f"attacked by {names or 'your own figure'}")
    if role == "attack" and room is not None:
        holder = board.rooms[owner][room]
        assert holder is not None
        also = f"; other attackers: {names}" if names else ""
        return (f" against {seat_label(holder[0])}'s in room {room + 1} "
                f"({table.edition.salaries[room]:,}){also}")
    if role == "external":
        return f", also wanted by {names}"
    return ""


def describe(table: Table, board: Board, player: int, action: Action) -> str:
    """Return a human label for an action."""
    kind, args = action.kind, action.args
    salaries = table.edition.salaries
    if kind == "bribe":
        return f"pay {int(args[0]):,}"
    if kind == "range":
        lowest = int(args[0])
        # Only the payer is ever asked for a label here, so it may show their own purse.
        highest = min(lowest + (SUMS_PER_RANGE - 1) * table.edition.bribe_step,
                      board.money[player])
        return f"a sum from {lowest:,} to {highest:,} (choose it next)"
    if kind == "ask":
        room = int(args[0])
        return (f"make a non-binding offer for room {room} ({salaries[room - 1]:,}); "
                "name the sum next")
    if kind == "offer":
        room = int(args[1])
        return f"offer {int(args[0]):,} for room {room} ({salaries[room - 1]:,}), not binding"
    what = (profession_label(table.edition.professions[board.decisions[0][1]])
            if board.phase == DECIDE and board.decisions else "figure")
    if kind == "defend":
        return f"keep the seated {what} (the defender)"
    if kind == "admit":
        return f"admit {seat_label(int(args[0]))}'s {what}"
    if kind == "room":
        room = int(args[0])
        return f"room {room} (salary {salaries[room - 1]:,})"
    if kind == "send":
        palace = int(args[1])
        return (f"send a {profession_label(args[0])} to {table.edition.palaces[palace]} "
                f"({seat_label(palace)})")
    return str(action)


def render_view(view: Mapping[str, Any]) -> str:
    """Return the table as text: palaces, parks, island, your money, the bribes paid."""
    heading = f"Intrige ({view['edition']} edition) - "
    if view["phase"] == "over":
        heading += f"the game is over after round {view['rounds']}"
    else:
        turn = view["palaces"][view["turn"]]
        heading += (f"round {view['round']} of {view['rounds']}, {seat_label(view['turn'])}'s "
                    f"turn ({turn['name']})")
    lines = [heading]
    for palace in view["palaces"]:
        seat = palace["seat"]
        you = ", you" if seat == view["viewer"] else ""
        lines.append(f"{palace['name']} ({seat_label(seat)}{you}):")
        for room in palace["rooms"]:
            fig = room["figure"]
            who = "-" if fig is None else (f"{seat_label(fig['player'])} "
                                           f"{profession_label(fig['profession'])}")
            lines.append(f"  room {room['room']} {room['salary']:>7,}  {who}")
        park = ", ".join(f"{seat_label(f['player'])} {profession_label(f['profession'])}"
                         for f in palace["park"]) or "empty"
        lines.append(f"  park: {park}")
    for seat, supply in enumerate(view["supply"]):
        left = ", ".join(f"{n} {name}" for name, n in supply.items() if n) or "none"
        lines.append(f"{seat_label(seat)} supply: {left}")
    exiled: dict[int, dict[str, int]] = {}
    for f in view["island"]:
        row = exiled.setdefault(f["player"], {})
        row[f["profession"]] = row.get(f["profession"], 0) + 1
    lines.append("Island:" + ("" if exiled else " nobody"))
    for seat, row in sorted(exiled.items()):
        lines.append(f"  {seat_label(seat)}: " + ", ".join(f"{n} {name}"
                                                         for name, n in row.items()))
    if "my_money" in view:
        lines.append(f"Your money: {view['my_money']:,} ducats (secret)")
    if view["bribes"]:
        lines.append("Bribes paid:")
        for b in view["bribes"][-12:]:
            lines.append(f"  round {b['round']}: {seat_label(b['payer'])} -> "
                         f"{seat_label(b['palace'])} {b['amount']:,} ({b['role']} "
                         f"{profession_label(b['profession'])})")
    current = [o for o in view["offers"] if o["round"] == view["round"]
               and o["palace"] == view["turn"] and view["phase"] != "over"]
    if current:
        lines.append("Offers on the table (not binding):")
        for o in current:
            lines.append(f"  {seat_label(o['payer'])}: {o['amount']:,} for room {o['room']}")
    return "\n".join(lines)
