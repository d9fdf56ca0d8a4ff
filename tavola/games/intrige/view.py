"""What one player may know of an Intrige position.

Everything on the table is public: the palaces with their rooms, the parks, the island, each
player's supply of figures, the bribes paid and the offers made. Money is not: the seed
("Preparazione") asks each player to keep their ducats secret, so a player's view holds only
their own money and a spectator's holds none (RULINGS.md Intrige 1). Bribes and incomes are
public events, so a player with perfect memory could reconstruct the others' money; the view
does not do that bookkeeping for them.
"""

from __future__ import annotations

from typing import Any

from tavola.games.intrige.components import Figure
from tavola.games.intrige.rules import Table, contenders, to_act
from tavola.games.intrige.state import BRIBE, DECIDE, PHASE_NAMES, SEAT, SEND, Board


def figure_json(table: Table, figure: Figure) -> dict[str, Any]:
    """Return a figure as view data."""
    return {"player": figure[0], "profession": table.edition.professions[figure[1]]}


def room_of(board: Board, palace: int, profession: int) -> int | None:
    """Return the 1-based room a profession holds in a palace, if any."""
    for number, f in enumerate(board.rooms[palace]):
        if f is not None and f[1] == profession:
            return number + 1
    return None


def pending(table: Table, board: Board, player: int | None) -> dict[str, Any] | None:
    """Return the decision being asked for, as `player` may see it.

    A sum chosen in two steps (`ask`, `range`) is the payer's own input until the offer or
    bribe is made, so only the payer's view shows the step reached.
    """
    names = table.edition.professions
    owner = board.turn
    if board.phase == BRIBE:
        payer, role, profession = board.queue[0]
        return {"kind": "bribe", "payer": payer, "palace": owner, "role": role,
                "profession": names[profession], "room": room_of(board, owner, profession),
                "offered": board.offered,
                "ask_room": board.ask_room or None if player == payer else None,
                "range_from": board.range_from or None if player == payer else None}
    if board.phase == DECIDE:
        kind, profession = board.decisions[0]
        data: dict[str, Any] = {"kind": kind, "palace": owner, "profession": names[profession],
                                "contenders": contenders(table, board, profession)}
        number = room_of(board, owner, profession)
        if kind == "internal" and number is not None:
            defender = board.rooms[owner][number - 1]
            assert defender is not None
            data.update(room=number, defender=defender[0])
        return data
    if board.phase == SEAT:
        sender = board.seating[0]
        profession = next(p for s, p in board.parks[owner] if s == sender)
        return {"kind": "seat", "palace": owner, "player": sender,
                "profession": names[profession], "waiting": board.seating[1:]}
    if board.phase == SEND:
        return {"kind": "send", "sent": board.sent[:]}
    return None


def view(table: Table, board: Board, player: int | None) -> dict[str, Any]:
    """Return exactly what `player` may know (None: a spectator)."""
    edition = table.edition
    names = edition.professions
    acting = to_act(board)
    palaces = []
    for seat in range(table.players):
        palaces.append({
            "seat": seat, "name": edition.palaces[seat],
            "rooms": [{"room": n + 1, "salary": edition.salaries[n],
                       "figure": None if f is None else figure_json(table, f)}
                      for n, f in enumerate(board.rooms[seat])],
            "park": [figure_json(table, f) for f in board.parks[seat]],
        })
    data: dict[str, Any] = {
        "edition": edition.name, "players": table.players, "viewer": player,
        "round": board.round, "rounds": edition.rounds, "turn": board.turn,
        "phase": PHASE_NAMES[board.phase], "to_act": [] if acting is None else [acting],
        "professions": list(names), "salaries": list(edition.salaries),
        "smallest_bribe": edition.smallest_bribe, "bribe_step": edition.bribe_step,
        "palaces": palaces,
        "supply": [dict(zip(names, row, strict=True)) for row in board.supply],
        "island": [figure_json(table, f) for f in board.island],
        "bribes": [{"round": r, "palace": pal, "payer": payer, "role": role,
                    "profession": names[prof], "amount": amount}
                   for r, pal, payer, role, prof, amount in board.bribes],
        "offers": [{"round": r, "palace": pal, "payer": payer, "amount": amount, "room": room}
                   for r, pal, payer, amount, room in board.offers],
        "this_palace_bribes": [{"payer": payer, "role": role, "profession": names[prof],
                                "amount": amount}
                               for payer, role, prof, amount in board.step_bribes],
        "pending": pending(table, board, player),
    }
    if player is not None:
        data["my_money"] = board.money[player]
    return data
