"""The rules of Notre Dame as functions that change a fresh copy of a state.

Every rule function cites the section of the Notre Dame rulebook it implements (the Italian
and the Polish edition tell the same rules; the character sheet is part of the rulebook),
and the rulings it follows by name (docs/rulings.md). `setup`, `legal` and `apply` are the
entry points of play; `apply` is called on a fork (see state.py) and never on a returned
state. `knowledge` says who knows which card from the public pattern of the draft; the
views, the sampler and the loader's checks share it.
"""

from __future__ import annotations

from typing import Any

from tavola.core import Action, Event, Result, Rng
from tavola.core.events import log_append
from tavola.core.rng import seed_to_state
from tavola.games.notre_dame.actions import (
    BENEFIT_CUBE,
    BENEFIT_GOLD,
    BENEFIT_RAT,
    CARD_OF_TOKEN,
    CHARACTER_OF_TOKEN,
    FORGO,
    FRIEND_TO,
    FROM_FRIEND,
    FROM_SECTOR,
    GOLD,
    HIRE,
    KEEP,
    LEAVE,
    LOSE,
    MOVE,
    PASS,
    PIECES,
    PLACE,
    PLAY,
    SECTOR_OF_TOKEN,
    SQUARE_OF_TOKEN,
    STAY,
    TAKE,
    TO_SECTOR,
)
from tavola.games.notre_dame.components import (
    BENEFIT_PRESTIGE,
    BROWN,
    CARDS_PER_COLOUR,
    CHARACTER_NAMES,
    CHARACTER_RATS,
    GREY_BY_PERIOD,
    KIND_NAMES,
    MESSAGES_PER_COLOUR,
    NOTRE_DAME,
    SQUARES_PER_QUARTER,
    Benefit,
    Character,
    Kind,
    card_id,
    card_name,
    message_id,
)
from tavola.games.notre_dame.config import (
    CARDS_DRAWN,
    HOTEL_DOUBLE_FROM,
    MINSTREL_MOST,
    NOTRE_DAME_DONATION,
    NOTRE_DAME_PAYOUT,
    PLAGUE_PRESTIGE,
    RAT_TRACK_MAX,
    ROUNDS,
    ROUNDS_PER_PERIOD,
)
from tavola.games.notre_dame.state import (
    DRAFT_KEEP,
    DRAFT_PICK,
    F_BOARD,
    F_BROWN,
    F_CARDS,
    F_CARRIAGE,
    F_CHOICE,
    F_FRIEND,
    F_GENERAL,
    F_GOLD,
    F_HIRED,
    F_MSGS,
    F_ND,
    F_PRESTIGE,
    F_RATS,
    F_SECTORS,
    F_SUPPLY,
    F_TILES,
    KNOWN,
    OVER,
    PAIR_GROUP,
    PLAGUE,
    T_BENEFIT,
    T_BISHOP,
    T_CARRIAGE,
    T_DONATION,
    T_JESTER_FROM,
    T_JESTER_TO,
    T_MESSAGE,
    T_MINSTREL_FROM,
    T_MINSTREL_PIECES,
    T_MINSTREL_TO,
    T_PLAGUE_LOSS,
    T_SOURCE,
    NDState,
    colour_groups,
)
from tavola.games.notre_dame.state import (
    HIRE as PHASE_HIRE,
)
from tavola.games.notre_dame.state import (
    PLAY as PHASE_PLAY,
)

CONVENT, BANK, RESIDENCE, CARRIAGE, HOTEL, PARK, HOSPITAL = range(7)
CARD_NAMES = tuple(card_name(c) for c in range(5 * CARDS_PER_COLOUR))
FRIEND_SOURCE = 8


def log(s: NDState, key: str, audience: frozenset[int] | None = None,
        redacted: Event | None = None, **args: Any) -> None:
    """Append one event to the state's log (a search copy logs nothing, see `for_search`).
    The frequent call sites test `s.quiet` themselves, so that a search copy does not even
    build the arguments."""
    if not s.quiet:
        s.logcell = log_append(s.logcell, Event(key, args, audience, redacted))


# -- set-up ---------------------------------------------------------------------------------
def setup(s: NDState, seed: int) -> None:
    """Set up a blank position (Notre Dame rulebook, "Setting up"; "Two-player game"; grey
    characters shuffled within each letter, A on B on C: ruling 'Grey characters shuffled
    within their letter')."""
    n = s.setting.players
    rng = Rng(seed_to_state(seed))
    for colour, quarter in s.setting.message_quarters:
        benefits = list(Benefit)
        rng.shuffle(benefits)
        for i, b in enumerate(benefits):
            s.board[quarter * SQUARES_PER_QUARTER + 1 + i] = message_id(colour, b)
    for p in range(n):
        deck = [card_id(p, k) for k in range(CARDS_PER_COLOUR)]
        rng.shuffle(deck)
        s.deck[p] = deck
    s.brown = list(BROWN)
    rng.shuffle(s.brown)
    s.grey = []
    for letter in GREY_BY_PERIOD:
        block = list(letter)
        rng.shuffle(block)
        s.grey += block
    s.first = rng.below(n)
    s.rng = rng.state
    log(s, "nd.setup", players=n, first=s.first)
    start_round(s)


def start_round(s: NDState) -> None:
    """Phase 1: reveal two brown and one grey character; then each player draws three action
    cards for phase 2 (Notre Dame rulebook, "Course of play", phases 1 and 2)."""
    s.own_cards()
    k = s.rnd % ROUNDS_PER_PERIOD
    s.revealed = [s.brown[2 * k], s.brown[2 * k + 1], s.grey[s.rnd]]
    quiet = s.quiet
    if not quiet:
        log(s, "nd.round", round=s.rnd + 1, period="ABC"[s.rnd // ROUNDS_PER_PERIOD],
            first=s.first, characters=[CHARACTER_NAMES[c] for c in s.revealed],
            rats=sum(CHARACTER_RATS[c] for c in s.revealed))
    for p in range(len(s.gold)):
        deck, hand, known = s.deck[p], s.hand[p], s.know[p]
        drawn = [deck.pop() for _ in range(CARDS_DRAWN)]
        hand += drawn
        for c in drawn:
            known[c] = KNOWN
        if not quiet:
            log(s, "nd.draw", frozenset((p,)), Event("nd.draw_hidden", {"p": p}),
                p=p, cards=[CARD_NAMES[c] for c in sorted(drawn)])
    s.phase = DRAFT_KEEP
    s.turn = 0
    s.choice = [-1] * len(s.gold)


# -- legal actions --------------------------------------------------------------------------
def pieces(s: NDState, p: int, sector: int) -> int:
    """Return the cubes plus the trusted friend in one of `p`'s sectors (Notre Dame rulebook,
    "The action cards: Trusted friend": the friend always counts as one cube)."""
    return s.sectors[p][sector] + (s.friend[p] == sector)


def legal(s: NDState, p: int) -> list[Action]:
    """Return the legal actions of pending player `p`, in stable order."""
    if s.stack:
        task, _, x, y = s.stack[-1]
        return TASK_LEGAL[task](s, p, x, y)
    phase = s.phase
    if phase == DRAFT_KEEP:
        return [KEEP[c] for c in sorted(s.hand[p])]
    if phase == DRAFT_PICK:
        return [KEEP[c] for c in sorted(s.received[p])]
    if phase == PHASE_PLAY:
        return [PLAY[c] for c in sorted(s.hand[p])]
    if phase == PHASE_HIRE:
        return [HIRE[c] for c in sorted(set(s.revealed))] + [PASS]
    return []


def legal_source(s: NDState, p: int, kind: int, card: int) -> list[Action]:
    """Where the card's cube comes from: the personal supply, or, with none left, a cube of
    one's own from another sector or Notre Dame; or play the card for nothing (Notre Dame
    rulebook, "Out of influence cubes"; rulings 'Out of personal cubes' and 'Any card for
    nothing'). The trusted friend goes to any sector other than its current one ("The action
    cards: Trusted friend"; ruling 'Trusted friend moves'). Notre Dame needs at least one
    gold to give ("The action cards: Notre Dame"; ruling 'Notre Dame needs gold')."""
    if kind == Kind.TRUSTED_FRIEND:
        here = s.friend[p]
        return [FRIEND_TO[t] for t in range(7) if t != here] + [FORGO]
    if kind == NOTRE_DAME and s.gold[p] == 0:
        return [FORGO]
    if s.supply[p] > 0:
        return [PLACE, FORGO]
    row = s.sectors[p]
    out = [FROM_SECTOR[t] for t in range(7) if t != kind and row[t] > 0]
    if kind != NOTRE_DAME and s.nd[p] > 0:
        out.append(FROM_SECTOR[NOTRE_DAME])
    out.append(FORGO)
    return out


def legal_carriage(s: NDState, p: int, steps: int, _: int) -> list[Action]:
    """Any market square 1..N road steps away, or stay (Notre Dame rulebook, "The action
    cards: Carriage house"; ruling 'Carriage move')."""
    row = s.setting.distances[s.carriage[p]]
    return [MOVE[sq] for sq, d in enumerate(row) if 0 < d <= steps] + [STAY]


def legal_message(s: NDState, p: int, square: int, _: int) -> list[Action]:
    """Taking the message where the carriage stopped is optional (ruling 'Carriage move')."""
    return [TAKE, LEAVE]


def legal_benefit(s: NDState, p: int, remaining: int, _: int) -> list[Action]:
    """One gold, one cube, or the rat marker back one space, the last not from 0 (Notre Dame
    rulebook, "The action cards: Hotel"; "The characters: Innkeeper")."""
    if s.rats[p] > 0:
        return [BENEFIT_GOLD, BENEFIT_CUBE, BENEFIT_RAT]
    return [BENEFIT_GOLD, BENEFIT_CUBE]


def legal_donation(s: NDState, p: int, _: int, __: int) -> list[Action]:
    """Give one to three gold to the church (Notre Dame rulebook, "The action cards: Notre
    Dame")."""
    return list(GOLD[1:min(3, s.gold[p]) + 1])


def legal_minstrel_from(s: NDState, p: int, _: int, __: int) -> list[Action]:
    """The Minstrel moves pieces out of one sector (Notre Dame rulebook, "The characters:
    Minstrel")."""
    return [FROM_SECTOR[t] for t in range(7) if pieces(s, p, t) > 0]


def legal_minstrel_to(s: NDState, p: int, source: int, _: int) -> list[Action]:
    """...into any other sector of the quarter, never Notre Dame."""
    return [TO_SECTOR[t] for t in range(7) if t != source]


def legal_minstrel_pieces(s: NDState, p: int, source: int, _: int) -> list[Action]:
    """...one to three pieces, the trusted friend included if it is there."""
    cubes = s.sectors[p][source]
    friends = (0, 1) if s.friend[p] == source else (0,)
    return [PIECES[(c, f)] for c in range(min(MINSTREL_MOST, cubes) + 1) for f in friends
            if 1 <= c + f <= MINSTREL_MOST]


def legal_jester_from(s: NDState, p: int, _: int, __: int) -> list[Action]:
    """The Jester moves one cube from a sector or Notre Dame, or the trusted friend (Notre
    Dame rulebook, "The characters: Jester")."""
    row = s.sectors[p]
    out = [FROM_SECTOR[t] for t in range(7) if row[t] > 0]
    if s.nd[p] > 0:
        out.append(FROM_SECTOR[NOTRE_DAME])
    if s.friend[p] >= 0:
        out.append(FROM_FRIEND)
    return out


def legal_jester_to(s: NDState, p: int, source: int, _: int) -> list[Action]:
    """...to any other sector of the quarter (not Notre Dame)."""
    here = s.friend[p] if source == FRIEND_SOURCE else source
    return [TO_SECTOR[t] for t in range(7) if t != here]


def legal_bishop(s: NDState, p: int, _: int, __: int) -> list[Action]:
    """The Bishop's cube goes to an empty sector (no cube, no friend) (Notre Dame rulebook,
    "The characters: Bishop")."""
    return [TO_SECTOR[t] for t in range(7) if pieces(s, p, t) == 0]


def legal_plague_loss(s: NDState, p: int, _: int, __: int) -> list[Action]:
    """Among the tied largest sectors the player chooses (ruling 'Plague overflow')."""
    return [LOSE[t] for t in plague_candidates(s, p)]


TASK_LEGAL = (legal_source, legal_carriage, legal_message, legal_benefit, legal_donation,
              legal_minstrel_from, legal_minstrel_to, legal_minstrel_pieces,
              legal_jester_from, legal_jester_to, legal_bishop, legal_plague_loss)


# -- applying -------------------------------------------------------------------------------
def apply(s: NDState, p: int, a: Action) -> None:
    """Carry out a legal action of `p` on `s` (a fresh copy), then run every automatic step
    up to the next decision."""
    if s.stack:
        task, _, x, y = s.stack.pop()
        TASK_APPLY[task](s, p, a, x, y)
        if not s.stack and s.phase in (PHASE_PLAY, PHASE_HIRE):
            s.turn += 1
    elif s.phase <= DRAFT_PICK:
        draft_choose(s, p, a)
    elif s.phase == PHASE_PLAY:
        play_card(s, p, CARD_OF_TOKEN[a.args[0]])
    else:
        hire(s, p, a)
        if not s.stack:
            s.turn += 1
    advance(s)


def advance(s: NDState) -> None:
    """Run automatic steps until someone must decide: phase changes, players with no gold
    skipping phase 4 (Notre Dame rulebook, "Course of play", phase 4: without gold one cannot
    pay; ruling 'No gold, no character'), the plague, the end of the round and of the
    period."""
    n = len(s.gold)
    while not s.stack:
        phase = s.phase
        if phase == PHASE_PLAY:
            if s.turn < 2 * n:
                return
            s.phase, s.turn = PHASE_HIRE, 0
        elif phase == PHASE_HIRE:
            while s.turn < n and s.gold[(s.first + s.turn) % n] == 0:
                if not s.quiet:
                    log(s, "nd.cannot_hire", p=(s.first + s.turn) % n)
                s.turn += 1
            if s.turn < n:
                return
            s.phase, s.turn = PLAGUE, 0
        elif phase == PLAGUE:
            if plague(s):
                return
            end_round(s)
        else:
            return


def draft_choose(s: NDState, p: int, a: Action) -> None:
    """Record a hidden draft choice; when all are in, pass the rest to the left (Notre Dame
    rulebook, "Course of play", phase 2; ruling 'Two-player draft' for two players)."""
    card = CARD_OF_TOKEN[a.args[0]]
    pool = s.hand[p] if s.phase == DRAFT_KEEP else s.received[p]
    s.own(F_CHOICE)
    s.choice[p] = pool.index(card)
    if not s.quiet:
        log(s, "nd.choose", frozenset((p,)), Event("nd.choose_hidden", {"p": p}),
            p=p, card=CARD_NAMES[card])
    if min(s.choice) >= 0:
        if s.phase == DRAFT_KEEP:
            pass_two_left(s)
        else:
            pass_one_left(s)


def pass_two_left(s: NDState) -> None:
    """Each keeps the chosen card and passes the other two face down to the left (Notre Dame
    rulebook, "Course of play", phase 2)."""
    s.own_cards()
    n = len(s.gold)
    for p in range(n):
        left = (p + 1) % n
        hand = s.hand[p]
        kept = hand[s.choice[p]]
        passed = [c for c in hand if c != kept]
        s.hand[p] = [kept]
        s.received[left] = passed
        known = s.know[left]
        for c in passed:
            known[c] = KNOWN
        if not s.quiet:
            log(s, "nd.pass_two", frozenset((p, left)),
                Event("nd.pass_two_hidden", {"p": p, "to": left}),
                p=p, to=left, cards=[CARD_NAMES[c] for c in sorted(passed)])
    s.phase = DRAFT_PICK
    s.choice = [-1] * n


def pass_one_left(s: NDState) -> None:
    """Each keeps one of the two received cards and passes the other on to the left; with
    two players it goes back to its owner, who thus ends with two cards of their own."""
    s.own_cards()
    n = len(s.gold)
    for p in range(n):
        left, right = (p + 1) % n, (p - 1) % n
        pool = s.received[p]
        pick = pool[s.choice[p]]
        other = pool[1 - s.choice[p]]
        s.hand[p].append(pick)
        s.hand[left].append(other)
        s.know[left][other] = KNOWN
        if left != right:
            # The passer of this pair knows only that one card stayed and one moved on.
            s.know[right][pick] = s.know[right][other] = PAIR_GROUP + s.rnd
        s.received[p] = []
        if not s.quiet:
            log(s, "nd.pass_one", frozenset((p, left)),
                Event("nd.pass_one_hidden", {"p": p, "to": left}),
                p=p, to=left, card=CARD_NAMES[other])
    s.phase = PHASE_PLAY
    s.turn = 0
    s.choice = [-1] * n


def play_card(s: NDState, p: int, card: int) -> None:
    """Play a card face up; the second play also puts the third card face down, without
    effect (Notre Dame rulebook, "Course of play", phase 3)."""
    # A play changes one row of the hands, of the played cards and of the face-down cards,
    # and one column of the knowledge table: new lists replace just those (search plays
    # many cards; owning every card zone instead cost more than the rest of the move). A
    # replacement is safe whether the zones are still shared or not, so `s.shared` stays.
    hand = s.hand[p][:]
    hand.remove(card)
    s.played = replace_row(s.played, p, [*s.played[p], card])
    know = []
    for row in s.know:
        if row[card] != KNOWN:
            row = row[:]
            row[card] = KNOWN
        know.append(row)
    s.know = know
    if not s.quiet:
        log(s, "nd.play", p=p, card=CARD_NAMES[card])
    if s.turn >= len(s.gold):
        third = hand.pop()
        s.facedown = replace_row(s.facedown, p, [*s.facedown[p], third])
        if not s.quiet:
            log(s, "nd.facedown", frozenset((p,)), Event("nd.facedown_hidden", {"p": p}),
                p=p, card=CARD_NAMES[third])
    s.hand = replace_row(s.hand, p, hand)
    kind = card % CARDS_PER_COLOUR
    s.stack.append((T_SOURCE, p, kind, card))


def replace_row(rows: list[list[int]], p: int, row: list[int]) -> list[list[int]]:
    """Return a new list of `rows` with row `p` replaced by `row` (the others shared)."""
    out = rows[:]
    out[p] = row
    return out


def apply_source(s: NDState, p: int, a: Action, kind: int, card: int) -> None:
    """Place the card's cube (or the friend) and carry out the sector's action, or forgo
    (Notre Dame rulebook, "Course of play", phase 3; "Out of influence cubes")."""
    if a is FORGO:
        if not s.quiet:
            log(s, "nd.forgo", p=p, card=CARD_NAMES[card])
        return
    if a.kind == "friend":
        target = SECTOR_OF_TOKEN[a.args[0]]
        s.own(F_FRIEND)
        s.friend[p] = target
        if not s.quiet:
            log(s, "nd.friend", p=p, sector=KIND_NAMES[target])
        sector_action(s, p, target)
        return
    target = kind
    s.own(F_SECTORS | F_ND | F_SUPPLY)
    if a is PLACE:
        s.supply[p] -= 1
        if not s.quiet:
            log(s, "nd.place", p=p, sector=KIND_NAMES[target])
    else:
        source = SECTOR_OF_TOKEN[a.args[0]]
        if source == NOTRE_DAME:
            s.nd[p] -= 1
        else:
            s.sectors[p][source] -= 1
        log(s, "nd.shift", p=p, source=KIND_NAMES[source], sector=KIND_NAMES[target])
    if target == NOTRE_DAME:
        s.nd[p] += 1
    else:
        s.sectors[p][target] += 1
    sector_action(s, p, target)


def sector_action(s: NDState, p: int, sector: int) -> None:
    """The action of a sector after a cube (or the friend) arrives there (Notre Dame
    rulebook, "The action cards"). Counts include the trusted friend."""
    count = pieces(s, p, sector) if sector != NOTRE_DAME else 0
    if sector == CONVENT:
        gain_cubes(s, p, count, "convent_school")
    elif sector == BANK:
        gain_gold(s, p, count, "bank")
    elif sector == RESIDENCE:
        gain_prestige(s, p, count, "residence")
    elif sector == CARRIAGE:
        s.stack.append((T_CARRIAGE, p, count, 0))
    elif sector == HOTEL:
        s.stack.append((T_BENEFIT, p, 2 if count >= HOTEL_DOUBLE_FROM else 1, 0))
    elif sector in (PARK, HOSPITAL):
        rat_back(s, p, KIND_NAMES[sector])
    else:
        s.stack.append((T_DONATION, p, 0, 0))


def apply_carriage(s: NDState, p: int, a: Action, steps: int, _: int) -> None:
    """Drive the carriage; a message on the final square may be taken if the colour rule
    allows (Notre Dame rulebook, "The action cards: Carriage house"; ruling 'Carriage move').
    Staying put ends no movement, so it takes no message (ruling 'A carriage that stays takes
    no message')."""
    if a is STAY:
        log(s, "nd.stay", p=p)
        return
    square = SQUARE_OF_TOKEN[a.args[0]]
    s.own(F_CARRIAGE)
    s.carriage[p] = square
    log(s, "nd.drive", p=p, square=a.args[0])
    message = s.board[square]
    if message >= 0:
        if message_allowed(s, p, message // MESSAGES_PER_COLOUR):
            s.stack.append((T_MESSAGE, p, square, 0))
        else:
            log(s, "nd.message_barred", p=p, colour=message // MESSAGES_PER_COLOUR)


def message_allowed(s: NDState, p: int, colour: int) -> bool:
    """A second message of a colour only after one of every colour still on the board, and so
    on (Notre Dame rulebook, "The action cards: Carriage house" and its example of Red's
    messages; ruling 'Two-player draft' for the four colours of a two-player game)."""
    on_board = [0] * 5
    for m in s.board:
        if m >= 0:
            on_board[m // MESSAGES_PER_COLOUR] += 1
    mine = s.msgs[p]
    have = mine[colour]
    return all(not (on_board[j] and mine[j] < have) for j in range(5))


def apply_message(s: NDState, p: int, a: Action, square: int, _: int) -> None:
    """Take the message and its fixed benefit (Notre Dame rulebook, "The action cards:
    Carriage house"); the rat step back of the 3-prestige message is always taken (ruling
    'The message's rat step is always taken': declining it never helps)."""
    if a is LEAVE:
        log(s, "nd.leave_message", p=p)
        return
    message = s.board[square]
    s.own(F_BOARD | F_MSGS | F_TILES)
    s.board[square] = -1
    colour, benefit = divmod(message, MESSAGES_PER_COLOUR)
    s.msgs[p][colour] += 1
    s.tiles[p].append(message)
    log(s, "nd.take_message", p=p, colour=colour, benefit=benefit)
    gain_prestige(s, p, BENEFIT_PRESTIGE[benefit], "message")
    if benefit == Benefit.PRESTIGE1_GOLD:
        gain_gold(s, p, 1, "message")
    elif benefit == Benefit.PRESTIGE2_CUBE:
        gain_cubes(s, p, 1, "message")
    elif benefit == Benefit.PRESTIGE3_RAT:
        rat_back(s, p, "message")


def apply_benefit(s: NDState, p: int, a: Action, remaining: int, _: int) -> None:
    """One Hotel or Innkeeper benefit; from the fourth Hotel cube, two (Notre Dame rulebook,
    "The action cards: Hotel")."""
    if a is BENEFIT_GOLD:
        gain_gold(s, p, 1, "benefit")
    elif a is BENEFIT_CUBE:
        gain_cubes(s, p, 1, "benefit")
    else:
        rat_back(s, p, "benefit")
    if remaining > 1:
        s.stack.append((T_BENEFIT, p, remaining - 1, 0))


def apply_donation(s: NDState, p: int, a: Action, _: int, __: int) -> None:
    """1/2/3 gold give 1/3/6 prestige (Notre Dame rulebook, "The action cards: Notre
    Dame")."""
    amount = int(a.args[0])
    s.own(F_GOLD)
    s.gold[p] -= amount
    s.bank += amount
    log(s, "nd.donate", p=p, gold=amount)
    gain_prestige(s, p, NOTRE_DAME_DONATION[amount], "donation")


def hire(s: NDState, p: int, a: Action) -> None:
    """Phase 4: pay one gold for one of the three characters, or pass (Notre Dame rulebook,
    "Course of play", phase 4, and "The characters")."""
    if a is PASS:
        log(s, "nd.pass", p=p)
        return
    c = CHARACTER_OF_TOKEN[a.args[0]]
    s.own(F_GOLD | F_HIRED)
    s.gold[p] -= 1
    s.bank += 1
    s.hired[p] = c
    if not s.quiet:
        log(s, "nd.hire", p=p, character=CHARACTER_NAMES[c])
    CHARACTER_EFFECT[c](s, p)


def occupied(s: NDState, p: int, at_least: int) -> int:
    """Return how many of `p`'s sectors hold at least `at_least` pieces."""
    return sum(1 for t in range(7) if pieces(s, p, t) >= at_least)


def innkeeper(s: NDState, p: int) -> None:
    """The Innkeeper: three prestige, then one gold, one cube or the rat marker back one
    (Notre Dame rulebook, "The characters")."""
    gain_prestige(s, p, 3, "innkeeper")
    s.stack.append((T_BENEFIT, p, 1, 0))


def minstrel(s: NDState, p: int) -> None:
    """The Minstrel: move one to three pieces from one sector to another, without its
    action ("The characters")."""
    if any(pieces(s, p, t) for t in range(7)):
        s.stack.append((T_MINSTREL_FROM, p, 0, 0))


def monk(s: NDState, p: int) -> None:
    """The Monk: two cubes and one prestige ("The characters")."""
    gain_cubes(s, p, 2, "monk")
    gain_prestige(s, p, 1, "monk")


def jester(s: NDState, p: int) -> None:
    """The Jester: move one cube (or the friend) to another sector and carry out its action
    ("The characters")."""
    if legal_jester_from(s, p, 0, 0):
        s.stack.append((T_JESTER_FROM, p, 0, 0))


def moneylender(s: NDState, p: int) -> None:
    """The Moneylender: two gold and one prestige ("The characters")."""
    gain_gold(s, p, 2, "moneylender")
    gain_prestige(s, p, 1, "moneylender")


def doctor(s: NDState, p: int) -> None:
    """The Doctor: this round's plague counts 0 for the player, applied in the plague phase
    ("The characters")."""


def city_watch(s: NDState, p: int) -> None:
    """The City watch: one prestige per own cube in the quarter and in Notre Dame, the friend
    included ("The characters")."""
    total = sum(s.sectors[p]) + (s.friend[p] >= 0) + s.nd[p]
    gain_prestige(s, p, total, "city_watch")


def night_watch(s: NDState, p: int) -> None:
    """The Night watch: one prestige per empty sector, harbour and Notre Dame excluded ("The
    characters")."""
    gain_prestige(s, p, 7 - occupied(s, p, 1), "night_watch")


def bishop(s: NDState, p: int) -> None:
    """The Bishop: a cube from the general supply into an empty sector, then its action
    ("The characters"); with the general supply empty there is no cube to place (ruling
    'General supply runs out')."""
    if s.general[p] > 0 and any(pieces(s, p, t) == 0 for t in range(7)):
        s.stack.append((T_BISHOP, p, 0, 0))


def guild_master(s: NDState, p: int) -> None:
    """The Guild master: two prestige per sector with at least two pieces ("The characters")."""
    gain_prestige(s, p, 2 * occupied(s, p, 2), "guild_master")


def king_of_beggars(s: NDState, p: int) -> None:
    """The King of beggars: one prestige per empty space ahead of the rat marker ("The
    characters")."""
    gain_prestige(s, p, RAT_TRACK_MAX - s.rats[p], "king_of_beggars")


def lawyer(s: NDState, p: int) -> None:
    """The Lawyer: three prestige per two messages ("The characters")."""
    gain_prestige(s, p, 3 * (len(s.tiles[p]) // 2), "lawyer")


def lady_in_waiting(s: NDState, p: int) -> None:
    """The Lady-in-waiting: one prestige per piece in the fullest sector ("The characters")."""
    gain_prestige(s, p, max(pieces(s, p, t) for t in range(7)), "lady_in_waiting")


def mayor(s: NDState, p: int) -> None:
    """The Mayor: three prestige per sector with at least three pieces ("The characters")."""
    gain_prestige(s, p, 3 * occupied(s, p, 3), "mayor")


def carpenter(s: NDState, p: int) -> None:
    """The Carpenter: one prestige per sector with at least one piece ("The characters")."""
    gain_prestige(s, p, occupied(s, p, 1), "carpenter")


CHARACTER_EFFECT = (innkeeper, minstrel, monk, jester, moneylender, doctor, city_watch,
                    night_watch, bishop, guild_master, king_of_beggars, lawyer,
                    lady_in_waiting, mayor, carpenter)


def apply_minstrel_from(s: NDState, p: int, a: Action, _: int, __: int) -> None:
    """Choose the sector the Minstrel empties from."""
    s.stack.append((T_MINSTREL_TO, p, SECTOR_OF_TOKEN[a.args[0]], 0))


def apply_minstrel_to(s: NDState, p: int, a: Action, source: int, _: int) -> None:
    """Choose where the pieces go."""
    s.stack.append((T_MINSTREL_PIECES, p, source, SECTOR_OF_TOKEN[a.args[0]]))


def apply_minstrel_pieces(s: NDState, p: int, a: Action, source: int, target: int) -> None:
    """Move the pieces; the new sector's action is not carried out."""
    cubes = int(a.args[0])
    s.own(F_SECTORS | F_FRIEND)
    s.sectors[p][source] -= cubes
    s.sectors[p][target] += cubes
    with_friend = len(a.args) > 1
    if with_friend:
        s.friend[p] = target
    log(s, "nd.minstrel", p=p, cubes=cubes, friend=with_friend,
        source=KIND_NAMES[source], sector=KIND_NAMES[target])


def apply_jester_from(s: NDState, p: int, a: Action, _: int, __: int) -> None:
    """Choose the piece the Jester moves."""
    source = FRIEND_SOURCE if a is FROM_FRIEND else SECTOR_OF_TOKEN[a.args[0]]
    s.stack.append((T_JESTER_TO, p, source, 0))


def apply_jester_to(s: NDState, p: int, a: Action, source: int, _: int) -> None:
    """Move the piece, then carry out the new sector's action."""
    target = SECTOR_OF_TOKEN[a.args[0]]
    s.own(F_FRIEND | F_ND | F_SECTORS)
    if source == FRIEND_SOURCE:
        s.friend[p] = target
    else:
        if source == NOTRE_DAME:
            s.nd[p] -= 1
        else:
            s.sectors[p][source] -= 1
        s.sectors[p][target] += 1
    log(s, "nd.jester", p=p, source=KIND_NAMES[source], sector=KIND_NAMES[target])
    sector_action(s, p, target)


def apply_bishop(s: NDState, p: int, a: Action, _: int, __: int) -> None:
    """Place the general-supply cube, then carry out the sector's action."""
    target = SECTOR_OF_TOKEN[a.args[0]]
    s.own(F_GENERAL | F_SECTORS)
    s.general[p] -= 1
    s.sectors[p][target] += 1
    log(s, "nd.bishop", p=p, sector=KIND_NAMES[target])
    sector_action(s, p, target)


def apply_plague_loss(s: NDState, p: int, a: Action, _: int, __: int) -> None:
    """Remove the chosen cube to the general supply."""
    lose_cube(s, p, SECTOR_OF_TOKEN[a.args[0]])


TASK_APPLY = (apply_source, apply_carriage, apply_message, apply_benefit, apply_donation,
              apply_minstrel_from, apply_minstrel_to, apply_minstrel_pieces,
              apply_jester_from, apply_jester_to, apply_bishop, apply_plague_loss)


# -- gains and losses -----------------------------------------------------------------------
def park_bonus(s: NDState, p: int) -> int:
    """One extra prestige per two pieces in the park (Notre Dame rulebook, "The action cards:
    Park"; ruling 'Park bonus on every gain')."""
    return pieces(s, p, PARK) // 2


def gain_prestige(s: NDState, p: int, amount: int, reason: str) -> None:
    """Gain prestige; every gain above 0 gets the park bonus (rulings 'Prestige never below
    zero' and 'Park bonus on every gain')."""
    if amount <= 0:
        return
    bonus = park_bonus(s, p)
    s.own(F_PRESTIGE)
    s.prestige[p] += amount + bonus
    if not s.quiet:
        log(s, "nd.prestige", p=p, amount=amount, bonus=bonus, reason=reason)


def gain_cubes(s: NDState, p: int, amount: int, reason: str) -> None:
    """Cubes from the colour's general supply; when it runs out, what is left (Notre Dame
    rulebook, "The action cards: Convent school"; ruling 'General supply runs out')."""
    got = min(amount, s.general[p])
    s.own(F_GENERAL | F_SUPPLY)
    s.general[p] -= got
    s.supply[p] += got
    if not s.quiet:
        log(s, "nd.cubes", p=p, amount=got, wanted=amount, reason=reason)


def gain_gold(s: NDState, p: int, amount: int, reason: str) -> None:
    """Gold from the bank. Limited (default): when the bank runs short, the rest comes from
    the richest other player (ties: the first after the receiver in turn order), then the
    next richest, and what nobody has is lost (Notre Dame rulebook, "The action cards: Bank",
    Italian edition; ruling 'Bank shortfall'). Unlimited (option `gold`, the Polish
    edition): the bank never runs short, and its count goes below 0."""
    if amount <= 0:
        return
    s.own(F_GOLD)
    s.gold[p] += amount
    if s.setting.unlimited_gold or s.bank >= amount:
        s.bank -= amount
        if not s.quiet:
            log(s, "nd.gold", p=p, amount=amount, reason=reason)
        return
    missing = amount - s.bank
    if not s.quiet:
        log(s, "nd.gold", p=p, amount=s.bank, reason=reason)
    s.bank = 0
    n = len(s.gold)
    while missing > 0:
        order = [(p + k) % n for k in range(1, n)]
        richest = max(order, key=lambda q: s.gold[q])
        have = s.gold[richest]
        if have == 0:
            s.gold[p] -= missing
            log(s, "nd.gold_lost", p=p, amount=missing)
            return
        take = min(have, missing)
        s.gold[richest] -= take
        missing -= take
        log(s, "nd.gold_from", p=p, source=richest, amount=take)


def rat_back(s: NDState, p: int, reason: str) -> None:
    """Move the rat marker back one space, never below 0 (Notre Dame rulebook, "The action
    cards: Park" and "Hospital"; ruling 'Park or Hospital at rat zero')."""
    if s.rats[p] > 0:
        s.own(F_RATS)
        s.rats[p] -= 1
        if not s.quiet:
            log(s, "nd.rat_back", p=p, reason=reason, rats=s.rats[p])


def lose_cube(s: NDState, p: int, sector: int) -> None:
    """Return one cube of a sector to the general supply (ruling 'Plague overflow')."""
    s.own(F_SECTORS | F_GENERAL)
    s.sectors[p][sector] -= 1
    s.general[p] += 1
    if not s.quiet:
        log(s, "nd.plague_cube", p=p, sector=KIND_NAMES[sector])


def plague_candidates(s: NDState, p: int) -> list[int]:
    """The sectors a plague overflow may take a cube from: the largest (the friend counts for
    size) among sectors holding a cube (ruling 'Plague overflow')."""
    row, friend = s.sectors[p], s.friend[p]
    best, out = 0, []
    for t in range(7):
        if row[t]:
            size = row[t] + (friend == t)
            if size > best:
                best, out = size, [t]
            elif size == best:
                out.append(t)
    return out


def plague(s: NDState) -> bool:
    """Phase 5: every player's rat marker moves by the rats on the three characters, less
    the Hospital's pieces; the Doctor makes the rats 0 for its payer; never below 0; passing
    9 means: marker on 9, lose 2 prestige and one cube of the largest sector (Notre Dame
    rulebook, "The plague"; "The characters: Doctor"; rulings 'Prestige never below zero',
    'Plague overflow' and 'Plague in turn order'). Return True when a player must choose the
    sector."""
    n = len(s.gold)
    rats = sum(CHARACTER_RATS[c] for c in s.revealed)
    s.own(F_RATS | F_PRESTIGE)
    while s.turn < n:
        p = (s.first + s.turn) % n
        s.turn += 1
        base = 0 if s.hired[p] == Character.DOCTOR else rats
        moved = s.rats[p] + base - pieces(s, p, HOSPITAL)
        if moved <= RAT_TRACK_MAX:
            s.rats[p] = max(0, moved)
            if not s.quiet:
                log(s, "nd.plague", p=p, rats=s.rats[p])
            continue
        s.rats[p] = RAT_TRACK_MAX
        lost = min(PLAGUE_PRESTIGE, s.prestige[p])
        s.prestige[p] -= lost
        if not s.quiet:
            log(s, "nd.overflow", p=p, prestige=lost)
        candidates = plague_candidates(s, p)
        if len(candidates) == 1:
            lose_cube(s, p, candidates[0])
        elif candidates:
            s.stack.append((T_PLAGUE_LOSS, p, 0, 0))
            return True
    return False


def end_round(s: NDState) -> None:
    """Characters go under their decks, the bell ringer passes left; every third round the
    period ends: Notre Dame pays out, the brown characters are reshuffled and every action
    card goes back to its owner and is shuffled (Notre Dame rulebook, "Course of play",
    phase 5, and "End of the game")."""
    n = len(s.gold)
    s.hired = [-1] * n
    s.first = (s.first + 1) % n
    if s.rnd % ROUNDS_PER_PERIOD == ROUNDS_PER_PERIOD - 1:
        notre_dame_payout(s)
        if s.rnd == ROUNDS - 1:
            s.phase = OVER
            s.turn = 0
            s.revealed = []
            if not s.quiet:
                log(s, "nd.game_over", prestige=s.prestige[:])
            return
        new_period(s)
    s.rnd += 1
    start_round(s)


def notre_dame_payout(s: NDState) -> None:
    """Share 6/8/10/12 prestige among the cubes in Notre Dame, rounded down per cube, then
    return those cubes to the general supply (Notre Dame rulebook, "The action cards: Notre
    Dame", and its example of Green's and Blue's cubes)."""
    total = sum(s.nd)
    if total:
        each = NOTRE_DAME_PAYOUT[len(s.gold)] // total
        s.own(F_GENERAL | F_ND)
        log(s, "nd.payout", each=each, cubes=total)
        for p in range(len(s.gold)):
            if s.nd[p]:
                gain_prestige(s, p, each * s.nd[p], "notre_dame")
                s.general[p] += s.nd[p]
                s.nd[p] = 0


def new_period(s: NDState) -> None:
    """Reshuffle the brown characters and return every action card to its owner's deck
    (Notre Dame rulebook, "Course of play", phase 5)."""
    s.own(F_CARDS | F_BROWN)
    n = len(s.gold)
    rng = Rng(s.rng)
    rng.shuffle(s.brown)
    for p in range(n):
        deck = [card_id(p, k) for k in range(CARDS_PER_COLOUR)]
        rng.shuffle(deck)
        s.deck[p] = deck
        s.hand[p], s.received[p], s.facedown[p], s.played[p] = [], [], [], []
    s.know = [colour_groups(n) for _ in range(n)]
    s.rng = rng.state


# -- the end --------------------------------------------------------------------------------
def final_result(s: NDState) -> Result:
    """Prestige wins; ties go to most gold + personal cubes, then are shared (Notre Dame
    rulebook, "End of the game"; ruling 'End-game ties')."""
    tiebreak = tuple(g + c for g, c in zip(s.gold, s.supply, strict=True))
    keys = [(p, t) for p, t in zip(s.prestige, tiebreak, strict=True)]
    return Result(tuple(s.prestige), Result.rank(keys), tiebreak)


# -- who knows which card -------------------------------------------------------------------
# The draft follows a public pattern (Notre Dame rulebook, "Course of play", phase 2): in
# each round every player draws three cards of their own colour, keeps one (role 0) and
# passes two to the left; the left neighbour keeps one of them (its role 1) and passes the
# other on to its own left (that player's role 2). So each hand holds one card of its own
# colour, one of the right neighbour's and one of the player two seats to the right (with two
# players: two of its own and one of the other's). Who knows a card follows from where it
# went: the drawer saw all three; the left neighbour saw the two passed; the one after saw
# the last; a played card is known to all. The drawer of a split pair knows only that one is
# on each of the two hands (its pair group).

Roles = list[list[tuple[int, int, int]]]
"""`roles[q][r]`: the cards of player q's drafted round r of this period, by role (kept,
kept of the two received, received last)."""


def role_colours(q: int, n: int) -> tuple[int, int, int]:
    """Return the colours of player q's three roles in a round."""
    return (q, (q - 1) % n, (q - 2) % n) if n > 2 else (q, 1 - q, q)


def drafted_rounds(s: NDState) -> int:
    """Return how many rounds of this period have finished their draft."""
    r0 = s.rnd % ROUNDS_PER_PERIOD
    return r0 + 1 if s.phase >= PHASE_PLAY else r0


def round_cards(s: NDState, q: int, r: int) -> list[int]:
    """Return the cards player q kept from drafted round r of this period, wherever they are
    now (played, face down or still in hand)."""
    cards = s.played[q][2 * r:2 * r + 2] + s.facedown[q][r:r + 1]
    if r == s.rnd % ROUNDS_PER_PERIOD and s.phase == PHASE_PLAY:
        cards += s.hand[q]
    return cards


def infer_roles(s: NDState) -> Roles | None:
    """Return the role of every drafted card, or None when the cards cannot have come from
    the draft. Colours tell the roles apart; with two players a player's two cards of their
    own colour are told apart by the knowledge table, which says the other player saw the
    one passed back (role 2) and not the one kept (role 0) unless it was played."""
    n = len(s.gold)
    done = drafted_rounds(s)
    out: Roles = []
    for q in range(n):
        rows: list[tuple[int, int, int]] = []
        colours = role_colours(q, n)
        played = set(s.played[q])
        other_row = s.know[1 - q] if n == 2 else s.know[q]
        for r in range(done):
            cards = round_cards(s, q, r)
            if len(cards) != 3 or sorted(c // CARDS_PER_COLOUR for c in cards) != sorted(colours):
                return None
            if n > 2:
                by_colour = {c // CARDS_PER_COLOUR: c for c in cards}
                rows.append((by_colour[colours[0]], by_colour[colours[1]],
                             by_colour[colours[2]]))
                continue
            picked = next(c for c in cards if c // CARDS_PER_COLOUR != q)
            own = [c for c in cards if c // CARDS_PER_COLOUR == q]
            seen = [c for c in own if c not in played and other_row[c] == KNOWN]
            unseen = [c for c in own if c not in played and other_row[c] != KNOWN]
            if len(seen) > 1 or len(unseen) > 1:
                return None
            passed_back = seen[0] if seen else own[1] if own[0] in unseen else own[0]
            kept = own[0] if own[1] == passed_back else own[1]
            rows.append((kept, picked, passed_back))
        out.append(rows)
    return out


def knowledge(s: NDState, roles: Roles) -> list[list[int]]:
    """Return every player's knowledge row (see state.py: KNOWN, a colour group or a pair
    group) implied by the draft pattern, the cards by role, the draft under way and the
    cards played face up."""
    n = len(s.gold)
    rows = [colour_groups(n) for _ in range(n)]
    start = s.rnd - s.rnd % ROUNDS_PER_PERIOD
    for c in range(n):
        left = (c + 1) % n
        drawer, receiver = rows[c], rows[left]
        for r, (kept, _, passed_back) in enumerate(roles[c]):
            picked = roles[left][r][1]
            drawer[kept] = KNOWN
            if n == 2:
                drawer[picked] = drawer[passed_back] = KNOWN
                receiver[picked] = receiver[passed_back] = KNOWN
                continue
            last = roles[(c + 2) % n][r][2]
            drawer[picked] = drawer[last] = PAIR_GROUP + start + r
            receiver[picked] = receiver[last] = KNOWN
            rows[(c + 2) % n][last] = KNOWN
    if s.phase == DRAFT_KEEP:
        for q in range(n):
            for card in s.hand[q]:
                rows[q][card] = KNOWN
    elif s.phase == DRAFT_PICK:
        for q in range(n):
            row = rows[q]
            for card in s.hand[q] + s.received[q] + s.received[(q + 1) % n]:
                row[card] = KNOWN
    for zone in s.played:
        for card in zone:
            for row in rows:
                row[card] = KNOWN
    return rows
