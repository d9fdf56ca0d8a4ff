"""The rules of Intrige as functions over a `Board`.

Sections of the Intrige rulebook are cited by their English names: "Setup", "Course of the
game" (turn order and the three phases), "1. Collecting income", "2. Receiving foreign
figures" (bribes and seating), "Conflicts" with "External conflict" and "Internal conflict"
(and the order of assignment), "3. Sending one's own figures" (nothing sent in the last
turn; the richest wins). docs/games/intrige.md lists the rulings cited below by name.

Every function that changes a board works on the successor made by `play`
(`Board.successor`), which shares its lists with the board played on: a function changing a
list first makes it the successor's own (`own_supply`, `own_rooms`, `own_park`, or a new flat
list), so the board played on never changes.
Events are built only when the board is logging (boards made for search are not).
"""

from __future__ import annotations

from functools import cache

from tavola.core.action import Action
from tavola.core.events import Event, log_append
from tavola.core.game import seat_label
from tavola.games.intrige import actions as A
from tavola.games.intrige.components import PROFESSION_LABELS, Figure
from tavola.games.intrige.config import DIRECT_SUMS, SUMS_PER_RANGE, Table
from tavola.games.intrige.state import (
    BRIBE,
    DECIDE,
    OVER,
    SEAT,
    SEND,
    Board,
    BribeDue,
    Decision,
)

Plan = tuple[list[BribeDue], list[Decision], list[int]]
"""A palace's receiving phase: the bribes due in order, the conflicts to decide, the senders
to seat without conflict."""


def label(table: Table, profession: int) -> str:
    """Return the English name of a profession, as events show it."""
    token = table.edition.professions[profession]
    return PROFESSION_LABELS.get(token, token)


def emit(board: Board, key: str, **args: object) -> None:
    """Append a public event to the board's log (callers skip this when not logging)."""
    board.log = log_append(board.log, Event(key, args))


def turn_distance(table: Table, owner: int, player: int) -> int:
    """Return how many seats after `owner` `player` sits (the owner's own turn order).

    Intrige rulebook, "Course of the game": play passes on seat by seat (ruling "turn order
    inside a palace"), so "in turn order" inside a palace starts with the seat after its
    owner.
    """
    return (player - owner) % table.players


# -- setup and the flow of turns ------------------------------------------------------------

def new_board(table: Table) -> Board:
    """Set up a game and run to the first decision.

    Intrige rulebook, "Setup": every player gets a palace and the starting money (kept
    secret); "Course of the game": the youngest (seat P1) begins.
    """
    board = Board(table.players, table.edition)
    emit(board, "round", round=1)
    begin_turn(table, board)
    return board


def begin_turn(table: Table, board: Board) -> None:
    """Start the turn of `board.turn`: collect income, then open the receiving phase.

    Intrige rulebook, "Course of the game": a turn is three phases in order - income,
    receiving the figures in one's park, sending figures.
    """
    if board.logging:
        emit(board, "turn", player=seat_label(board.turn),
             palace=table.edition.palaces[board.turn])
    collect_income(table, board)
    open_receiving(table, board)
    advance(table, board)


def income_due(table: Table, board: Board, player: int) -> int:
    """Return the salaries of the rooms of other palaces holding `player`'s figures."""
    salaries = table.edition.salaries
    total = 0
    for palace, rooms in enumerate(board.rooms):
        if palace != player:
            for number, figure in enumerate(rooms):
                if figure is not None and figure[0] == player:
                    total += salaries[number]
    return total


def collect_income(table: Table, board: Board) -> None:
    """Pay the current player the salary of each of their figures seated in other palaces.

    Intrige rulebook, "1. Collecting income": the bank pays, at the start of the player's
    own turn, the salary of every room of another palace holding one of their figures;
    nobody is paid in the first turn.
    """
    if board.round == 1:
        return
    player = board.turn
    total = income_due(table, board, player)
    if total:
        board.money = board.money[:]
        board.money[player] += total
        board.incomes = board.incomes[:]
        board.incomes[player] += total
        if board.logging:
            emit(board, "income", player=seat_label(player), amount=total)


def classify(table: Table, rooms: list[Figure | None], park: list[Figure], owner: int
             ) -> tuple[list[tuple[int, int, list[int]]], list[tuple[int, list[int]]], list[int]]:
    """Sort a park into internal conflicts, external conflicts and plain entries.

    Intrige rulebook, "Conflicts": a waiting figure whose profession is already seated in
    the palace attacks that room (internal conflict); several waiting figures of one
    profession not yet seated are an external conflict; any other figure enters without
    conflict. Returns internal conflicts as (room, profession, attackers) from the lowest
    room up, external ones as (profession, senders) by their first sender in turn order, and
    the senders of plain entries in turn order; every list of senders is in turn order.
    """
    seated = {f[1]: number for number, f in enumerate(rooms) if f is not None}
    players = table.players
    waiting: dict[int, list[int]] = {}
    # By `turn_distance` (written out: this runs every turn).
    for sender, profession in sorted(park, key=lambda f: (f[0] - owner) % players):
        waiting.setdefault(profession, []).append(sender)
    # A profession enters `waiting` with its first sender in turn order, so `waiting` is
    # already ordered by the turn order of first senders: external conflicts and plain
    # entries need no sort of their own.
    internal = sorted([(seated[p], p, s) for p, s in waiting.items() if p in seated])
    external = [(p, s) for p, s in waiting.items() if p not in seated and len(s) > 1]
    plain = [s[0] for p, s in waiting.items() if p not in seated and len(s) == 1]
    return internal, external, plain


def receiving_plan(table: Table, rooms: list[Figure | None], park: list[Figure],
                   owner: int) -> Plan:
    """Return the bribes due, the conflicts to decide and the senders to seat for a park.

    Intrige rulebook, "2. Receiving foreign figures": each sender, in turn order, announces
    and pays a bribe to the owner; "Internal conflict": the defender pays a new bribe before
    the attackers, who follow in turn order; "Conflicts": first every internal conflict is
    resolved, then every external one. Ruling "conflict order" (docs/games/intrige.md): that
    sentence orders the bribing and the owner's conflict decisions; the numbered order of
    assignment orders the seating (see `seat`). With the option `bribe_order="turn_order"`
    every sender pays in plain turn order instead, each defender just before the first
    attacker of their room.
    """
    internal, external, plain = classify(table, rooms, park, owner)
    profession_of = {sender: p for sender, p in park}
    defender_of: dict[int, int] = {}
    for number, profession, _ in internal:
        defender = rooms[number]
        assert defender is not None
        defender_of[profession] = defender[0]
    queue: list[BribeDue] = []
    if table.bribe_order == "conflicts_first":
        for _, profession, attackers in internal:
            queue.append((defender_of[profession], "defend", profession))
            queue.extend((a, "attack", profession) for a in attackers)
        for profession, senders in external:
            queue.extend((s, "external", profession) for s in senders)
        queue.extend((s, "enter", profession_of[s]) for s in plain)
    else:
        role = {s: "enter" for s in plain}
        for _, senders in external:
            role.update({s: "external" for s in senders})
        for _, _, attackers in internal:
            role.update({a: "attack" for a in attackers})
        defended: set[int] = set()
        for sender in sorted(profession_of, key=lambda s: turn_distance(table, owner, s)):
            profession = profession_of[sender]
            if role[sender] == "attack" and profession not in defended:
                defended.add(profession)
                queue.append((defender_of[profession], "defend", profession))
            queue.append((sender, role[sender], profession))
    decisions = ([("internal", p) for _, p, _ in internal]
                 + [("external", p) for p, _ in external])
    return queue, decisions, plain


def open_receiving(table: Table, board: Board) -> None:
    """Queue the bribes and decisions of the current player's receiving phase
    (`receiving_plan`)."""
    owner = board.turn
    board.queue, board.decisions, board.seating = receiving_plan(
        table, board.rooms[owner], board.parks[owner], owner)
    board.offered = board.went_back = False
    board.ask_room = board.range_from = 0
    board.step_bribes = []
    board.sent = []
    board.phase = BRIBE


def advance(table: Table, board: Board) -> None:
    """Run the automatic steps until somebody must decide or the game is over.

    Intrige rulebook, "2. Receiving foreign figures": the owner seats the figures only after
    every bribe is paid; then "3. Sending one's own figures": two figures are sent (none in
    the last round), and the turn passes.
    """
    while True:
        if board.phase == BRIBE and not board.queue:
            board.phase = DECIDE
        elif board.phase == DECIDE and not board.decisions:
            board.phase = SEAT
        elif board.phase == SEAT and not board.seating:
            if not table.edition.sends_in(board.round):
                end_turn(table, board)
                return
            board.phase = SEND
        elif board.phase == SEND and (len(board.sent) >= table.edition.figures_sent_per_turn
                                      or not any(board.supply[board.turn])):
            end_turn(table, board)
            return
        else:
            return


def end_turn(table: Table, board: Board) -> None:
    """Pass the turn to the next seat; after the last round the game is over.

    Intrige rulebook, "Course of the game": play passes seat by seat (ruling "turn order
    inside a palace"); "3. Sending one's own figures": the game ends after the last round
    and the player with most ducats wins.
    """
    board.queue, board.decisions, board.seating, board.sent = [], [], [], []
    board.step_bribes = []
    board.offered = False
    board.turn += 1
    if board.turn == table.players:
        board.turn = 0
        if board.round == table.edition.rounds:
            board.phase = OVER
            if board.logging:
                emit(board, "over", money=", ".join(
                    f"{seat_label(p)} {m:,}" for p, m in enumerate(board.money)))
            return
        board.round += 1
        if board.logging:
            emit(board, "round", round=board.round)
    begin_turn(table, board)


# -- what may be done -----------------------------------------------------------------------

def bribe_amounts(table: Table, money: int) -> list[int]:
    """Return the bribes a player holding `money` may pay.

    Intrige rulebook, "2. Receiving foreign figures": at least the smallest bribe, paid in
    notes, in full, so in steps of the smallest note and never 0 - except that a player who
    cannot pay the smallest bribe offers 0 (ruling "a player who cannot pay pays 0").
    """
    low, step = table.edition.smallest_bribe, table.edition.bribe_step
    if money < low:
        return [0]
    return list(range(low, money - (money - low) % step + 1, step))


def sum_menu(table: Table, money: int, range_from: int) -> tuple[list[int], list[int]]:
    """Return the sums offered directly now and the lowest sums of the ranges offered.

    Decision design (config.DIRECT_SUMS): every sum of `bribe_amounts` stays reachable, in
    one decision when there are few, else directly below the first range or through the
    range that holds it. `range_from` is the range already picked (0: none). Computed from
    the ends rather than from the list of sums, since it runs at every bribe: the sums are
    every step from the smallest bribe (itself a whole number of steps, checked by
    test_config.py) to the most the payer can pay.
    """
    return _sums(table.edition.smallest_bribe, table.edition.bribe_step, money, range_from)


def _sums(low: int, step: int, money: int, range_from: int) -> tuple[list[int], list[int]]:
    """`sum_menu` with the edition's smallest bribe `low` and its `step`."""
    if money < low:
        return [0], []
    top = money - (money - low) % step
    span = SUMS_PER_RANGE * step
    if range_from:
        return list(range(max(low, range_from), min(top, range_from + span - step) + 1,
                          step)), []
    if (top - low) // step + 1 <= DIRECT_SUMS:
        return list(range(low, top + 1, step)), []
    return list(range(low, min(top, span - step) + 1, step)), list(range(span, top + 1, span))


@cache
def _sum_actions(low: int, step: int, money: int, range_from: int,
                 ask_room: int) -> tuple[Action, ...]:
    """Return the sums of `_sums` as actions: bribes (offers for room `ask_room` once one is
    begun), then ranges. Cached (by plain ints, quick to hash): every bribe asks for one of
    a few hundred menus, and building it anew was most of the cost of a bribe's options."""
    direct, ranges = _sums(low, step, money, range_from)
    sums = [A.offer(a, ask_room) if ask_room else A.bribe(a) for a in direct]
    return (*sums, *(A.sum_range(lowest) for lowest in ranges))


def free_rooms(board: Board, palace: int) -> list[int]:
    """Return the 0-based numbers of the empty rooms of a palace."""
    return [n for n, f in enumerate(board.rooms[palace]) if f is None]


def legal(table: Table, board: Board) -> list[Action]:
    """Return the actions open to the player who must act, in a stable order.

    Each branch follows the rule function it leads to: `bribe_amounts` and `sum_menu`
    (bribes and offers), `take_back` (a step of a sum, `back`), `decide` (conflicts),
    `seat` (empty rooms only), `send` (two different other palaces).
    """
    phase = board.phase
    if phase == BRIBE:
        payer, role, profession = board.queue[0]
        money = board.money[payer]
        edition = table.edition
        out = list(_sum_actions(edition.smallest_bribe, edition.bribe_step, money,
                                board.range_from, board.ask_room))
        if (not board.offered and not board.ask_room and not board.range_from
                and money >= edition.smallest_bribe):
            out += [A.ask(r + 1) for r in offer_rooms(board, role, profession)]
        if (board.ask_room or board.range_from) and not board.went_back:
            out.append(A.BACK)
        return out
    if phase == DECIDE:
        kind, profession = board.decisions[0]
        senders = contenders(table, board, profession)
        return ([A.DEFEND] if kind == "internal" else []) + [A.admit(s) for s in senders]
    if phase == SEAT:
        return [A.room(n + 1) for n in free_rooms(board, board.turn)]
    if phase == SEND:
        me = board.turn
        targets = [(me + d) % table.players for d in range(1, table.players)]
        targets = [t for t in targets if t not in board.sent]
        grid = _send_grid(table.edition.professions, table.players)
        return [grid[p][t] for p, n in enumerate(board.supply[me]) if n > 0 for t in targets]
    return []


def sum_path(table: Table, board: Board, amount: int) -> tuple[Action, ...] | None:
    """Return the decisions that name `amount` from the step of the sum reached.

    Decision design (docs/games/intrige.md, "Typing a sum"): a front that lets a person type
    a sum plays these in order - the sum itself when it is listed now, else the range that
    holds it and then the sum. Returns () when `amount` cannot be named from here (not a
    payable sum, or outside the range already picked), and None when no sum is being chosen.
    """
    if board.phase != BRIBE:
        return None
    options = legal(table, board)
    wanted = A.offer(amount, board.ask_room) if board.ask_room else A.bribe(amount)
    if wanted in options:
        return (wanted,)
    holder = 0
    for action in options:
        if action.kind == "range" and holder < int(action.args[0]) <= amount:
            holder = int(action.args[0])
    if not holder:
        return ()
    money = board.money[board.queue[0][0]]
    inside, _ = sum_menu(table, money, holder)
    return (A.sum_range(holder), wanted) if amount in inside else ()


@cache
def _send_grid(professions: tuple[str, ...], players: int) -> tuple[tuple[Action, ...], ...]:
    """Return `A.send` for every profession (by index) and palace, built once per edition
    and player count rather than looked up by name for every option of every send."""
    return tuple(tuple(A.send(name, palace) for palace in range(players))
                 for name in professions)


def offer_rooms(board: Board, role: str, profession: int) -> list[int]:
    """Return the rooms (0-based) a payer may ask for: those their figure could end up in.

    A figure in a conflict over a seated profession can only hold that profession's room;
    any other figure can only be seated in an empty room (Intrige rulebook, "2. Receiving
    foreign figures": a profession once seated keeps its room).
    """
    rooms = board.rooms[board.turn]
    if role in ("defend", "attack"):
        return [n for n, f in enumerate(rooms) if f is not None and f[1] == profession]
    return [n for n, f in enumerate(rooms) if f is None]


def contenders(table: Table, board: Board, profession: int) -> list[int]:
    """Return the senders waiting in the current park with `profession`, in turn order.

    Intrige rulebook, "Conflicts": these are the attackers of a seated figure of that
    profession, or the contenders of an external conflict, among whom the owner chooses.
    """
    owner = board.turn
    return sorted((s for s, p in board.parks[owner] if p == profession),
                  key=lambda s: turn_distance(table, owner, s))


def to_act(board: Board) -> int | None:
    """Return the seat that must decide now (None once the game is over)."""
    if board.phase == OVER:
        return None
    if board.phase == BRIBE:
        return board.queue[0][0]
    return board.turn


# -- doing it -------------------------------------------------------------------------------

def play(table: Table, before: Board, action: Action) -> Board:
    """Return a new board after a legal action (the input board is left unchanged)."""
    board = before.successor()
    kind = action.kind
    if kind == "bribe":
        pay_bribe(table, board, int(action.args[0]))
    elif kind == "range":
        board.range_from = int(action.args[0])
    elif kind == "ask":
        board.ask_room = int(action.args[0])
    elif kind == "back":
        take_back(board)
    elif kind == "offer":
        make_offer(table, board, int(action.args[0]), int(action.args[1]))
    elif kind == "defend":
        decide(table, board, None)
    elif kind == "admit":
        decide(table, board, int(action.args[0]))
    elif kind == "room":
        seat(table, board, int(action.args[0]) - 1)
    elif kind == "send":
        send(table, board, table.edition.professions.index(action.args[0]),
             int(action.args[1]))
    advance(table, board)
    return board


def pay_bribe(table: Table, board: Board, amount: int) -> None:
    """Pay the next bribe due to the palace owner, at once and in full.

    Intrige rulebook, "2. Receiving foreign figures": each sender announces the sum aloud
    and hands it over at once; it can no longer be raised or changed. "Internal conflict":
    the defender pays again.
    """
    payer, role, profession = board.queue[0]
    board.queue = board.queue[1:]
    owner = board.turn
    board.money = board.money[:]
    board.money[payer] -= amount
    board.money[owner] += amount
    board.step_bribes = [*board.step_bribes, (payer, role, profession, amount)]
    board.bribes = (*board.bribes, (board.round, owner, payer, role, profession, amount))
    board.offered = board.went_back = False
    board.range_from = 0
    if board.logging:
        emit(board, "bribe." + role, payer=seat_label(payer), owner=seat_label(owner),
             amount=amount, profession=label(table, profession))


def take_back(board: Board) -> None:
    """Undo the last step of the sum being chosen: the range picked, else the room asked for.

    Interface rule, not a game rule (docs/games/intrige.md, "Choosing a sum"): the two-step
    choice of a sum is tavola's, so a step picked by mistake may be taken back; nothing was
    announced yet, so nothing else changes. Once per sum named (`legal` offers `back` only
    while `went_back` is unset, and naming an offer or a bribe clears it), so no choice can
    go round for ever.
    """
    if board.range_from:
        board.range_from = 0
    else:
        board.ask_room = 0
    board.went_back = True


def make_offer(table: Table, board: Board, amount: int, room: int) -> None:
    """Record a public, non-binding offer by the payer due to bribe next.

    Ruling "negotiation" (docs/games/intrige.md): the owner is bound by no promise (Intrige
    rulebook, "2. Receiving foreign figures": the owner seats at their discretion,
    regardless of sums paid or agreements made); the offer only tells the table what the
    payer asks for. One offer per bribe due, for a room the figure could end up in
    (`offer_rooms`, chosen first with `ask`), of an amount the payer could pay now.
    """
    payer = board.queue[0][0]
    board.offered = True
    board.went_back = False
    board.ask_room = board.range_from = 0
    board.offers = (*board.offers, (board.round, board.turn, payer, amount, room))
    if board.logging:
        emit(board, "offer", payer=seat_label(payer), owner=seat_label(board.turn),
             amount=amount, room=room, salary=table.edition.salaries[room - 1])


def exile(table: Table, board: Board, figure: Figure) -> None:
    """Send a figure to the island for the rest of the game (Intrige rulebook,
    "Conflicts")."""
    board.island = (*board.island, figure)
    if board.logging:
        emit(board, "exile", player=seat_label(figure[0]), profession=label(table, figure[1]))


def decide(table: Table, board: Board, winner: int | None) -> None:
    """Resolve the next conflict: `winner` is the seat admitted, None keeps the defender.

    Intrige rulebook, "Internal conflict": the owner decides whether the defender keeps the
    room or which attacker takes it; the defeated go to the island for good. "External
    conflict": the owner takes one of the contenders and seats it in an empty room, the
    others are exiled.
    """
    kind, profession = board.decisions[0]
    board.decisions = board.decisions[1:]
    owner = board.turn
    park = board.parks[owner]
    contending = [f for f in park if f[1] == profession]
    board.parks = board.parks[:]
    board.parks[owner] = [f for f in park if f[1] != profession]
    if kind == "internal":
        number = next(n for n, f in enumerate(board.rooms[owner])
                      if f is not None and f[1] == profession)
        defender = board.rooms[owner][number]
        assert defender is not None
        if winner is None:
            if board.logging:
                emit(board, "defend", owner=seat_label(owner), player=seat_label(defender[0]),
                     profession=label(table, profession), room=number + 1)
            losers = contending
        else:
            board.own_rooms(owner)[number] = (winner, profession)
            if board.logging:
                emit(board, "takeover", owner=seat_label(owner), player=seat_label(winner),
                     profession=label(table, profession), room=number + 1)
            losers = [defender] + [f for f in contending if f[0] != winner]
    else:
        assert winner is not None
        if board.logging:
            emit(board, "choose", owner=seat_label(owner), player=seat_label(winner),
                 profession=label(table, profession))
        board.parks[owner].append((winner, profession))  # the new park made above
        board.seating = [*board.seating, winner]
        losers = [f for f in contending if f[0] != winner]
    for figure in losers:
        exile(table, board, figure)


def seat(table: Table, board: Board, number: int) -> None:
    """Seat the next waiting figure in an empty room; its profession now owns that room.

    Intrige rulebook, "2. Receiving foreign figures": one figure per room and one per
    profession; a room once given to a profession stays with it. "Conflicts": a figure whose
    owner paid must get an empty room if there is one (ruling "a player who cannot pay pays
    0": also a figure whose owner paid 0); rooms go first to figures without conflict, then
    to the winners of external conflicts (the order of assignment).
    """
    sender = board.seating[0]
    board.seating = board.seating[1:]
    owner = board.turn
    figure = next(f for f in board.parks[owner] if f[0] == sender)
    board.own_park(owner).remove(figure)
    board.own_rooms(owner)[number] = figure
    if board.logging:
        emit(board, "seat", owner=seat_label(owner), player=seat_label(sender),
             profession=label(table, figure[1]), room=number + 1,
             salary=table.edition.salaries[number])


def send(table: Table, board: Board, profession: int, palace: int) -> None:
    """Put one figure from the supply into the park of another player's palace.

    Intrige rulebook, "3. Sending one's own figures": two figures of the player's choice
    (same or different professions), into two different palaces, never the player's own.
    """
    me = board.turn
    board.own_supply(me)[profession] -= 1
    board.own_park(palace).append((me, profession))
    board.sent = [*board.sent, palace]
    if board.logging:
        emit(board, "send", player=seat_label(me), profession=label(table, profession),
             owner=seat_label(palace), palace=table.edition.palaces[palace])
