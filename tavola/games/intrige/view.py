"""What one player may know of an Intrige position, and positions drawn from that alone.

Everything on the table is public: the palaces with their rooms, the parks, the island, each
player's supply of figures, who owes which bribe and which conflicts are left, the bribes
paid, the incomes collected and the offers made. Money is not: Intrige rulebook, "Setup",
asks each player to keep their ducats secret, so a player's view holds only their own money
and a spectator's holds none (ruling "money is hidden"). Bribes and incomes are announced at
the table, so a player with perfect memory knows every purse; the view lists those public
amounts (`bribes`, `incomes`) and leaves the sums to the reader, as the table does.

A payer choosing a sum in two steps (`ask:R`, `range:B`, perhaps taking one back with
`back`) has not announced anything yet, so only the payer's view shows the step reached and
whether the one step back has been used.

`sample` rebuilds a full position from one seat's view and log alone: every purse follows
from the starting money, the incomes and the bribes; the only thing a seat cannot know is
another payer's half-made choice, which the sample resets (see `sample`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from tavola.core.events import Event, log_from_events
from tavola.games.intrige.components import Figure
from tavola.games.intrige.config import Table
from tavola.games.intrige.rules import contenders, to_act
from tavola.games.intrige.state import (
    BRIBE,
    DECIDE,
    PHASE_NAMES,
    SEAT,
    SEND,
    Board,
    BribeRecord,
    OfferRecord,
    StepBribe,
)


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

    A sum chosen in two steps (`ask`, `range`, `back`) is the payer's own input until the
    offer or bribe is made, so only the payer's view shows the step reached and whether
    the payer has gone back (`went_back`: then `back` is not offered again for this sum).
    """
    names = table.edition.professions
    owner = board.turn
    if board.phase == BRIBE:
        payer, role, profession = board.queue[0]
        mine = player == payer
        return {"kind": "bribe", "payer": payer, "palace": owner, "role": role,
                "profession": names[profession], "room": room_of(board, owner, profession),
                "offered": board.offered,
                "ask_room": (board.ask_room or None) if mine else None,
                "range_from": (board.range_from or None) if mine else None,
                "went_back": board.went_back if mine else None}
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
        "start_money": edition.start_money,
        "smallest_bribe": edition.smallest_bribe, "bribe_step": edition.bribe_step,
        "palaces": palaces,
        "supply": [dict(zip(names, row, strict=True)) for row in board.supply],
        "island": [figure_json(table, f) for f in board.island],
        "incomes": board.incomes[:],
        "bribes": [{"round": r, "palace": pal, "payer": payer, "role": role,
                    "profession": names[prof], "amount": amount}
                   for r, pal, payer, role, prof, amount in board.bribes],
        "offers": [{"round": r, "palace": pal, "payer": payer, "amount": amount, "room": room}
                   for r, pal, payer, amount, room in board.offers],
        "this_palace_bribes": [{"payer": payer, "role": role, "profession": names[prof],
                                "amount": amount}
                               for payer, role, prof, amount in board.step_bribes],
        "bribes_due": [{"payer": payer, "role": role, "profession": names[prof]}
                       for payer, role, prof in board.queue],
        "conflicts": [{"kind": kind, "profession": names[prof]}
                      for kind, prof in board.decisions],
        "to_seat": board.seating[:],
        "pending": pending(table, board, player),
    }
    if player is not None:
        data["my_money"] = board.money[player]
    return data


def public_purses(view: Mapping[str, Any]) -> list[int]:
    """Return every seat's money as it follows from the public record in a view: the
    starting money, plus the incomes collected, plus the bribes received, less those paid."""
    purses = [int(view["start_money"]) + int(income) for income in view["incomes"]]
    for bribe in view["bribes"]:
        purses[bribe["payer"]] -= bribe["amount"]
        purses[bribe["palace"]] += bribe["amount"]
    return purses


def sample(table: Table, player: int, seen: Mapping[str, Any], log: Sequence[Event],
           rng: random.Random) -> Board:
    """Return a full board drawn from `player`'s information set: `seen` is the seat's view
    and `log` its log.

    Intrige has no chance and every ducat moves through a public event, so the board is
    fixed by the view except for one thing: when another seat is choosing a sum in two
    steps (`ask:R`, `range:B`, `back`), the step it has reached is hidden (and whether it
    went back). The sample resets it:
    the payer is about to begin the whole choice. That position is in the seat's
    information set and is the one that assumes nothing - every completion the payer
    could still reach (any offer, any bribe) stays open to it - whereas keeping the true
    step would tell a searching bot what the payer has half decided (docs/games/intrige.md,
    "Sampling"). `rng` is not needed: nothing else is unknown.
    """
    del rng
    names = table.edition.professions
    index = {name: i for i, name in enumerate(names)}

    def figure(data: Mapping[str, Any]) -> Figure:
        return (int(data["player"]), index[data["profession"]])

    board = Board(table.players, table.edition)
    board.round = int(seen["round"])
    board.turn = int(seen["turn"])
    board.phase = PHASE_NAMES.index(seen["phase"])
    board.incomes = [int(x) for x in seen["incomes"]]
    board.money = public_purses(seen)
    board.money[player] = int(seen["my_money"])
    board.supply = [[int(row[name]) for name in names] for row in seen["supply"]]
    board.rooms = [[None if r["figure"] is None else figure(r["figure"]) for r in p["rooms"]]
                   for p in seen["palaces"]]
    board.parks = [[figure(f) for f in p["park"]] for p in seen["palaces"]]
    board.island = tuple(figure(f) for f in seen["island"])
    board.queue = [(int(q["payer"]), str(q["role"]), index[q["profession"]])
                   for q in seen["bribes_due"]]
    board.decisions = [(str(c["kind"]), index[c["profession"]]) for c in seen["conflicts"]]
    board.seating = [int(s) for s in seen["to_seat"]]
    steps: list[StepBribe] = [(int(b["payer"]), str(b["role"]), index[b["profession"]],
                               int(b["amount"])) for b in seen["this_palace_bribes"]]
    board.step_bribes = steps
    records: list[BribeRecord] = [
        (int(b["round"]), int(b["palace"]), int(b["payer"]), str(b["role"]),
         index[b["profession"]], int(b["amount"])) for b in seen["bribes"]]
    board.bribes = tuple(records)
    offers: list[OfferRecord] = [
        (int(o["round"]), int(o["palace"]), int(o["payer"]), int(o["amount"]), int(o["room"]))
        for o in seen["offers"]]
    board.offers = tuple(offers)
    asked = seen["pending"]
    if board.phase == BRIBE:
        board.offered = bool(asked["offered"])
        board.ask_room = int(asked["ask_room"] or 0)
        board.range_from = int(asked["range_from"] or 0)
        board.went_back = bool(asked["went_back"])
    elif board.phase == SEND:
        board.sent = [int(s) for s in asked["sent"]]
    board.log = log_from_events(list(log))
    return board


def breakdown(table: Table, board: Board) -> dict[str, Any]:
    """Return each seat's money by source: the starting money, the incomes collected, the
    bribes received and those paid (negative); together, the money each ends with."""
    n = table.players
    received, paid = [0] * n, [0] * n
    for _round, owner, payer, _role, _profession, amount in board.bribes:
        received[owner] += amount
        paid[payer] -= amount
    return {"rows": [{"source": "start", "points": [table.edition.start_money] * n},
                     {"source": "income", "points": board.incomes[:n]},
                     {"source": "bribes_received", "points": received},
                     {"source": "bribes_paid", "points": paid}]}
