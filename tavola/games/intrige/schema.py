"""Loading an Intrige position from untrusted data: its declared shape, its invariants, and
building the board.

`state_schema` declares every field of `Board.to_json` with its type and range for the
player count and edition; `board_from_data` builds a board from data that fits it; and
`check_board` refuses any board that is not a position the rules could reach:

- figures conserved: each player's figures of each profession are in the supply, a park, a
  room or on the island, exactly as many as the edition gives; none in its owner's palace;
- the supply shows exactly the figures sent in the turns played so far, and a figure waits
  in a park only if its owner sent it on their last turn and the palace has not received
  since (Intrige rulebook, "3. Sending one's own figures", "Course of the game");
- money accounted for: every purse is the starting money plus the incomes the bank paid it
  plus the bribes received less those paid, so the total is the starting money of all plus
  every income paid (Intrige rulebook, "Setup", "1. Collecting income");
- bribes and offers on record are whole notes, never to oneself, never in the future;
- the pending decision is possible: the bribes due, conflicts and figures to seat are what
  the receiving phase of the current park gives (`rules.receiving_plan`), nobody owes a
  bribe to themself, and a half-made choice of a sum is one the payer could make;
- the public log is the record of the position: each event's arguments as declared
  (`event_schema`), rounds and turns in the order of play up to now, and exactly the
  incomes, bribes and offers on the board.

The core has already checked the log against the catalogue (every Intrige event is public,
so an event with an audience is refused) and afterwards runs every call of the contract
(`check_contract`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from tavola.core.errors import CorruptState
from tavola.core.events import Event, log_events, log_from_events
from tavola.core.game import seat_label
from tavola.core.schema import Bool, Int, List, Obj, Opt, Spec, Str, Tuple, shown
from tavola.games.intrige.components import Figure
from tavola.games.intrige.config import Table
from tavola.games.intrige.rules import label, offer_rooms, receiving_plan, sum_menu
from tavola.games.intrige.state import (
    BRIBE,
    CONFLICTS,
    DECIDE,
    OVER,
    PHASE_NAMES,
    ROLES,
    SEAT,
    SEND,
    Board,
)


def income_bound(table: Table) -> int:
    """Return the most one seat can collect in one turn: every figure it owns seated in the
    best room of another palace."""
    edition = table.edition
    rooms_held = min(edition.figures_per_player, (table.players - 1) * edition.rooms)
    return rooms_held * max(edition.salaries)


def money_bound(table: Table) -> int:
    """Return the most money there can be: everybody's start and every income possible."""
    edition = table.edition
    incomes = (edition.rounds - 1) * income_bound(table)
    return table.players * (edition.start_money + incomes)


def state_schema(table: Table) -> Spec:
    """Return the declared shape of a saved Intrige board for this player count and edition."""
    edition = table.edition
    n, professions, rooms = table.players, len(edition.professions), edition.rooms
    figures = edition.figures_per_player
    seat, profession = Int(0, n - 1), Int(0, professions - 1)
    money = Int(0, money_bound(table))
    figure = Tuple(seat, profession)
    bribes_per_turn = 2 * (n - 1)
    records = 2 * n * figures
    return Obj({
        "round": Int(1, edition.rounds),
        "turn": seat,
        "phase": Str(PHASE_NAMES),
        "money": List(money, length=n),
        "incomes": List(Int(0, (edition.rounds - 1) * income_bound(table)), length=n),
        "supply": List(List(Int(0, edition.figures_per_profession), length=professions),
                       length=n),
        "rooms": List(List(Opt(figure), length=rooms), length=n),
        "parks": List(List(figure, max_len=n - 1), length=n),
        "island": List(figure, max_len=n * figures),
        "queue": List(Tuple(seat, Str(ROLES), profession), max_len=bribes_per_turn),
        "offered": Bool(),
        "ask_room": Int(0, rooms),
        "range_from": Int(0, money.hi),
        "went_back": Bool(),
        "step_bribes": List(Tuple(seat, Str(ROLES), profession, money),
                            max_len=bribes_per_turn),
        "decisions": List(Tuple(Str(CONFLICTS), profession), max_len=n - 1),
        "seating": List(seat, max_len=n - 1, unique=True),
        "sent": List(seat, max_len=edition.figures_sent_per_turn, unique=True),
        "bribes": List(Tuple(Int(1, edition.rounds), seat, seat, Str(ROLES), profession,
                             money), max_len=records),
        "offers": List(Tuple(Int(1, edition.rounds), seat, seat, money, Int(1, rooms)),
                       max_len=records),
    })


def board_from_data(table: Table, data: Mapping[str, Any], log: list[Event]) -> Board:
    """Build a board from data that fits `state_schema` (not yet checked for invariants)."""
    def fig(v: list[int]) -> Figure:
        return (v[0], v[1])

    b = Board(table.players, table.edition)
    b.round = data["round"]
    b.turn = data["turn"]
    b.phase = PHASE_NAMES.index(data["phase"])
    b.money = list(data["money"])
    b.incomes = list(data["incomes"])
    b.supply = [list(row) for row in data["supply"]]
    b.rooms = [[None if f is None else fig(f) for f in row] for row in data["rooms"]]
    b.parks = [[fig(f) for f in row] for row in data["parks"]]
    b.island = tuple(fig(f) for f in data["island"])
    b.queue = [(q[0], q[1], q[2]) for q in data["queue"]]
    b.offered = data["offered"]
    b.ask_room = data["ask_room"]
    b.range_from = data["range_from"]
    b.went_back = data["went_back"]
    b.step_bribes = [(s[0], s[1], s[2], s[3]) for s in data["step_bribes"]]
    b.decisions = [(d[0], d[1]) for d in data["decisions"]]
    b.seating = list(data["seating"])
    b.sent = list(data["sent"])
    b.bribes = tuple((r[0], r[1], r[2], r[3], r[4], r[5]) for r in data["bribes"])
    b.offers = tuple((o[0], o[1], o[2], o[3], o[4]) for o in data["offers"])
    b.log = log_from_events(log)
    return b


def check_board(table: Table, board: Board) -> None:
    """Raise CorruptState unless `board` is a position the rules could reach."""
    if board.phase == OVER and (board.round, board.turn) != (table.edition.rounds, 0):
        raise CorruptState("the game is over before the last round ended")
    check_figures(table, board)
    check_sending(table, board)
    check_records(table, board)
    check_money(table, board)
    check_log(table, board)
    check_pending(table, board)


def now(table: Table, board: Board) -> int:
    """Return the index of the current turn, counting every seat's turn from 0 (past the
    last turn once the game is over)."""
    if board.phase == OVER:
        return table.edition.rounds * table.players
    return (board.round - 1) * table.players + board.turn


def last_turn(table: Table, board: Board, seat: int) -> int:
    """Return the index of `seat`'s last finished turn (-1 before their first), the
    current turn not counted."""
    c = now(table, board)
    return c - 1 - (c - 1 - seat) % table.players


def check_figures(table: Table, board: Board) -> None:
    """Raise unless every figure is in exactly one place and none sits at home."""
    edition = table.edition
    count = [row[:] for row in board.supply]
    seated = [[f for f in row if f is not None] for row in board.rooms]
    for figures in (*board.parks, board.island, *seated):
        for owner, profession in figures:
            count[owner][profession] += 1
    if any(n != edition.figures_per_profession for row in count for n in row):
        raise CorruptState("figures are not conserved: a player has too many or too few "
                           "of a profession")
    for palace in range(table.players):
        if any(owner == palace for owner, _ in seated[palace] + board.parks[palace]):
            raise CorruptState("a figure stands in its owner's own palace")
        if len({p for _, p in seated[palace]}) != len(seated[palace]):
            raise CorruptState("a profession sits twice in one palace")
        senders = [owner for owner, _ in board.parks[palace]]
        if len(set(senders)) != len(senders):
            raise CorruptState("a park holds two figures of one player")


def check_sending(table: Table, board: Board) -> None:
    """Raise unless the supplies and parks show exactly the figures sent so far."""
    edition, n = table.edition, table.players
    sending = board.phase == SEND
    for seat in range(n):
        k = last_turn(table, board, seat)
        sent_turns = sum(1 for r in range(1, k // n + 2) if edition.sends_in(r)) if k >= 0 else 0
        out = min(edition.figures_per_player, edition.figures_sent_per_turn * sent_turns)
        if sending and seat == board.turn:
            out += len(board.sent)
        if edition.figures_per_player - sum(board.supply[seat]) != out:
            raise CorruptState(f"P{seat + 1}'s supply does not match the figures sent so far")
    c = now(table, board)
    for palace, park in enumerate(board.parks):
        for sender, _ in park:
            if sender == board.turn and board.phase != OVER:
                if not (sending and palace in board.sent):
                    raise CorruptState("a figure waits in a park it was not sent to this turn")
                continue
            k = last_turn(table, board, sender)
            if k < 0 or not edition.sends_in(k // n + 1) or k + (palace - sender) % n < c:
                raise CorruptState("a figure waits in a park whose palace has received since "
                                   "it could have been sent")
    if sending:
        if board.parks[board.turn]:
            raise CorruptState("figures still wait in the park of a player who is sending")
        mine = {palace for palace, park in enumerate(board.parks)
                if any(sender == board.turn for sender, _ in park)}
        if mine != set(board.sent):
            raise CorruptState("the palaces sent to this turn do not hold the figures sent")
    elif board.sent:
        raise CorruptState("figures are listed as sent outside the sending phase")


def check_money(table: Table, board: Board) -> None:
    """Raise unless every ducat is accounted for by the start, the incomes and the bribes."""
    edition, n = table.edition, table.players
    if sum(board.money) != n * edition.start_money + sum(board.incomes):
        raise CorruptState("the money does not add up to the starting money plus the incomes "
                           "paid by the bank")
    expected = [edition.start_money + income for income in board.incomes]
    for _, palace, payer, _, _, amount in board.bribes:
        expected[payer] -= amount
        expected[palace] += amount
    if expected != board.money:
        raise CorruptState("a purse is not its starting money plus its incomes and the bribes "
                           "received, less those paid")
    unit = math.gcd(*edition.salaries)
    c = now(table, board)
    for seat, income in enumerate(board.incomes):
        current = seat == board.turn and board.phase != OVER
        started = c if current else last_turn(table, board, seat)
        collections = started // n if started >= 0 else 0
        if income % unit or income > collections * income_bound(table):
            raise CorruptState(f"P{seat + 1}'s incomes are not salaries of the turns played")


def check_records(table: Table, board: Board) -> None:
    """Raise unless the bribes and offers on record could have been paid and made."""
    edition = table.edition
    # Once the game is over, every turn of the last round is past.
    current = (board.round, table.players if board.phase == OVER else board.turn)
    when = (0, 0)
    for r, palace, payer, _, _, amount in board.bribes:
        if payer == palace:
            raise CorruptState("a bribe on record was paid by a palace owner to themself")
        if (r, palace) < when or (r, palace) > current:
            raise CorruptState("the bribes on record are not in the order of play")
        when = (r, palace)
        if amount and (amount < edition.smallest_bribe or amount % edition.bribe_step):
            raise CorruptState("a bribe on record is not a whole number of notes")
    this_turn = [(payer, role, prof, amount) for r, palace, payer, role, prof, amount
                 in board.bribes if (r, palace) == current and board.phase != OVER]
    if this_turn != board.step_bribes:
        raise CorruptState("the bribes paid this turn are not those on record")
    per_turn: dict[tuple[int, int], int] = {}
    for r, palace, *_ in board.bribes:
        per_turn[r, palace] = per_turn.get((r, palace), 0) + 1
    offers: dict[tuple[int, int], int] = {}
    when = (0, 0)
    for r, palace, payer, amount, _ in board.offers:
        if payer == palace:
            raise CorruptState("an offer on record was made by a palace owner to themself")
        if (r, palace) < when or (r, palace) > current:
            raise CorruptState("the offers on record are not in the order of play")
        when = (r, palace)
        if amount < edition.smallest_bribe or amount % edition.bribe_step:
            raise CorruptState("an offer on record is not a whole number of notes")
        offers[r, palace] = offers.get((r, palace), 0) + 1
    open_offer = 1 if board.offered else 0
    for key, made in offers.items():
        if made > per_turn.get(key, 0) + (open_offer if key == current else 0):
            raise CorruptState("more offers on record than bribes they were made for")


def event_schema(table: Table) -> dict[str, Spec]:
    """Return the declared arguments of every Intrige event, for this game's seats and
    edition (the catalogue only checks that a template renders)."""
    edition = table.edition
    seat = Str(tuple(seat_label(p) for p in range(table.players)))
    profession = Str(tuple(label(table, p) for p in range(len(edition.professions))))
    room = Int(1, edition.rooms)
    salary = Int(min(edition.salaries), max(edition.salaries))
    money = Int(0, money_bound(table))
    bribe = Obj({"payer": seat, "owner": seat, "amount": money, "profession": profession})
    return {
        "round": Obj({"round": Int(1, edition.rounds)}),
        "turn": Obj({"player": seat, "palace": Str(edition.palaces[:table.players])}),
        "income": Obj({"player": seat, "amount": Int(1, income_bound(table))}),
        **{"bribe." + role: bribe for role in ROLES},
        "offer": Obj({"payer": seat, "owner": seat, "amount": money, "room": room,
                      "salary": salary}),
        "defend": Obj({"owner": seat, "player": seat, "profession": profession, "room": room}),
        "takeover": Obj({"owner": seat, "player": seat, "profession": profession,
                         "room": room}),
        "choose": Obj({"owner": seat, "player": seat, "profession": profession}),
        "exile": Obj({"player": seat, "profession": profession}),
        "seat": Obj({"owner": seat, "player": seat, "profession": profession, "room": room,
                     "salary": salary}),
        "send": Obj({"player": seat, "profession": profession, "owner": seat,
                     "palace": Str(edition.palaces[:table.players])}),
        "over": Obj({"money": Str(max_len=40 * table.players)}),
    }


def check_log(table: Table, board: Board) -> None:
    """Raise unless the public log is the record of this position: every event's arguments
    as declared (`event_schema`), the rounds and turns in the order of play up to now, and
    exactly the incomes, bribes and offers on the board, each in the turn where the board
    has it.

    Every ducat that moves is announced at the table, so the log is the public record the
    purses follow from. (A position made for search stops logging and is therefore not a
    record to save.)
    """
    n, edition = table.players, table.edition
    specs = event_schema(table)
    seat = {seat_label(p): p for p in range(n)}
    incomes = [0] * n
    bribes: list[tuple[int, int, int, str, str, int]] = []
    offers: list[tuple[int, int, int, int, int]] = []
    turns: list[tuple[int, int]] = []
    round_ = 0
    for i, event in enumerate(log_events(board.log)):
        key, args = event.key, event.args
        spec = specs.get(key)
        if spec is None:
            raise CorruptState(f"log[{i}]: {shown(key)} is not an event of Intrige")
        spec.check(args, f"log[{i}]")
        if key == "round":
            round_ = args["round"]
            if round_ != len(turns) // n + 1 or len(turns) % n:
                raise CorruptState(f"log[{i}]: a round begins out of turn")
        elif key == "turn":
            player, k = seat[args["player"]], len(turns)
            if (round_, player) != (k // n + 1, k % n) or args["palace"] != edition.palaces[player]:
                raise CorruptState(f"log[{i}]: a turn out of the order of play")
            turns.append((round_, player))
        elif key == "income":
            incomes[seat[args["player"]]] += args["amount"]
        elif key.startswith("bribe."):
            bribes.append((round_, seat[args["owner"]], seat[args["payer"]],
                           key[len("bribe."):], args["profession"], args["amount"]))
        elif key == "offer":
            offers.append((round_, seat[args["owner"]], seat[args["payer"]], args["amount"],
                           args["room"]))
        if key in ("offer", "seat") and args["salary"] != edition.salaries[args["room"] - 1]:
            raise CorruptState(f"log[{i}]: a room's salary is not the printed one")
        owner = args.get("player") if key in ("income", "send") else args.get("owner")
        if owner is not None and (not turns or seat[owner] != turns[-1][1]):
            raise CorruptState(f"log[{i}]: {shown(key)} is not in the turn of its palace")
    if board.phase == OVER:
        now_turn = (edition.rounds, n - 1)
        final = f"{', '.join(f'{seat_label(p)} {m:,}' for p, m in enumerate(board.money))}"
        last = log_events(board.log)[-1]
        if last.key != "over" or last.args["money"] != final:
            raise CorruptState("log: the end of the game is not recorded as it is")
    else:
        now_turn = (board.round, board.turn)
    if (turns[-1] if turns else None) != now_turn:
        raise CorruptState("log: the turns recorded do not reach the turn being played")
    if incomes != board.incomes:
        raise CorruptState("the incomes on the board are not those the log records")
    if bribes != [(r, pal, payer, role, label(table, prof), amount)
                  for r, pal, payer, role, prof, amount in board.bribes]:
        raise CorruptState("the bribes on record are not those the log records")
    if offers != list(board.offers):
        raise CorruptState("the offers on record are not those the log records")


def check_pending(table: Table, board: Board) -> None:
    """Raise unless the decision in progress is one the rules could ask for."""
    phase, owner = board.phase, board.turn
    if phase != BRIBE and (board.offered or board.ask_room or board.range_from
                           or board.went_back):
        raise CorruptState("a sum is being chosen outside the bribes")
    if phase == OVER:
        if board.queue or board.decisions or board.seating or any(board.parks):
            raise CorruptState("the game is over but figures still wait")
        return
    if any(payer == owner for payer, _, _ in board.queue):
        raise CorruptState("a palace owner owes a bribe to themself")
    if any(payer == owner for payer, *_ in board.step_bribes):
        raise CorruptState("a palace owner paid a bribe to themself")
    queue, decisions, seating = receiving_plan(table, board.rooms[owner], board.parks[owner],
                                               owner)
    if phase == BRIBE:
        paid = [(payer, role, prof) for payer, role, prof, _ in board.step_bribes]
        if not board.queue or paid + board.queue != queue:
            raise CorruptState("the bribes due are not those of the figures in the park")
        if board.decisions != decisions or board.seating != seating:
            raise CorruptState("the conflicts or seatings listed are not those of the park")
        check_sum_choice(table, board)
        return
    if board.queue:
        raise CorruptState("a bribe is still due after the bribing")
    if phase == DECIDE:
        if not board.decisions or board.decisions != decisions:
            raise CorruptState("the conflicts left are not those of the park")
    elif decisions:
        raise CorruptState("a conflict in the park was never decided")
    if phase in (DECIDE, SEAT) and sorted(board.seating) != sorted(seating):
        raise CorruptState("the figures to seat are not those waiting without conflict")
    if phase == SEAT:
        if not board.seating:
            raise CorruptState("a seating is pending but nobody waits")
        free = sum(1 for f in board.rooms[owner] if f is None)
        if len(board.parks[owner]) > free:
            raise CorruptState("more figures wait to be seated than there are empty rooms")
    if phase == SEND:
        if board.decisions or board.seating:
            raise CorruptState("figures wait to be received while their owner sends")
        if not table.edition.sends_in(board.round):
            raise CorruptState("figures are sent in the last round")
        if len(board.sent) >= table.edition.figures_sent_per_turn or not any(
                board.supply[owner]):
            raise CorruptState("a player is asked to send more figures than allowed")


def check_sum_choice(table: Table, board: Board) -> None:
    """Raise unless the payer's half-made choice of a sum is one they could make."""
    payer, role, profession = board.queue[0]
    money = board.money[payer]
    if board.offered:
        last = board.offers[-1] if board.offers else None
        if board.ask_room or last is None or last[:3] != (board.round, board.turn, payer):
            raise CorruptState("an offer is marked as made but none is on record")
    if board.ask_room and (money < table.edition.smallest_bribe or board.ask_room - 1
                           not in offer_rooms(board, role, profession)):
        raise CorruptState("an offer is begun for a room the figure cannot get")
    if board.range_from and board.range_from not in sum_menu(table, money, 0)[1]:
        raise CorruptState("a range of sums is picked that the payer cannot pay")
    # `back` needs a step to undo: a room asked for (never once the offer is made) or a range.
    if board.went_back and (money < table.edition.smallest_bribe or (
            board.offered and not sum_menu(table, money, 0)[1])):
        raise CorruptState("a step back is marked where the payer had nothing to take back")
