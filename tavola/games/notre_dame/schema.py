"""Loading a saved Notre Dame position without trusting it.

`state_schema` declares every field's type and range for the player count and options;
`fill` builds a position from data that fits it; `check_state` then refuses any position
the rules could not have produced: pieces, gold, cards and messages conserved, the phase,
turn and pending sub-decision a possible combination, the hands shaped by the draft's public
pattern, and the knowledge table exactly what the draft implies (rules.py, "who knows which
card"). Nothing here is on the hot path of play.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tavola.core import CorruptState, Event
from tavola.core.schema import Int, List, Obj, Spec, Tuple
from tavola.games.notre_dame.components import (
    BROWN,
    CARDS_PER_COLOUR,
    GREY_BY_PERIOD,
    MESSAGES_PER_COLOUR,
    NOTRE_DAME,
    SQUARES_PER_QUARTER,
    Benefit,
    Character,
    message_id,
)
from tavola.games.notre_dame.config import (
    CARDS_DRAWN,
    CUBES_PER_COLOUR,
    GOLD_IN_GAME,
    MAX_GOLD_UNLIMITED,
    MAX_PRESTIGE,
    PLAYS_PER_ROUND,
    RAT_TRACK_MAX,
    ROUNDS,
    ROUNDS_PER_PERIOD,
)
from tavola.games.notre_dame.rules import (
    FRIEND_SOURCE,
    TASK_LEGAL,
    infer_roles,
    knowledge,
    message_allowed,
    pieces,
    plague_candidates,
)
from tavola.games.notre_dame.state import (
    DRAFT_KEEP,
    DRAFT_PICK,
    FIELDS,
    HIRE,
    OVER,
    PAIR_GROUP,
    PLAGUE,
    PLAY,
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
    TASK_NAMES,
    NDState,
    Setting,
)

SECTORS = 7


def state_schema(setting: Setting) -> Spec:
    """Return the declared shape of a saved position for this table."""
    n = setting.players
    cards = n * CARDS_PER_COLOUR
    squares = setting.quarters * SQUARES_PER_QUARTER
    max_gold = MAX_GOLD_UNLIMITED if setting.unlimited_gold else GOLD_IN_GAME

    def per_player(item: Spec) -> List:
        return List(item, length=n)

    def zone(most: int) -> List:
        return per_player(List(Int(0, cards - 1), max_len=most, unique=True))

    fields: dict[str, Spec] = {
        "gold": per_player(Int(0, max_gold)),
        "prestige": per_player(Int(0, MAX_PRESTIGE)),
        "rats": per_player(Int(0, RAT_TRACK_MAX)),
        "supply": per_player(Int(0, CUBES_PER_COLOUR)),
        "general": per_player(Int(0, CUBES_PER_COLOUR)),
        "friend": per_player(Int(-1, SECTORS - 1)),
        "nd": per_player(Int(0, CUBES_PER_COLOUR)),
        "carriage": per_player(Int(0, squares - 1)),
        "hired": per_player(Int(-1, len(Character) - 1)),
        "choice": per_player(Int(-1, CARDS_DRAWN - 1)),
        "sectors": per_player(List(Int(0, CUBES_PER_COLOUR), length=SECTORS)),
        "msgs": per_player(List(Int(0, MESSAGES_PER_COLOUR), length=5)),
        "tiles": per_player(List(Int(0, 5 * MESSAGES_PER_COLOUR - 1),
                                 max_len=len(setting.message_quarters) * MESSAGES_PER_COLOUR,
                                 unique=True)),
        "deck": zone(CARDS_PER_COLOUR),
        "hand": zone(CARDS_DRAWN),
        "received": zone(CARDS_DRAWN - 1),
        "facedown": zone(ROUNDS_PER_PERIOD),
        "played": zone(PLAYS_PER_ROUND * ROUNDS_PER_PERIOD),
        "know": per_player(List(Int(0, PAIR_GROUP + ROUNDS - 1), length=cards)),
        "board": List(Int(-1, 5 * MESSAGES_PER_COLOUR - 1), length=squares),
        "brown": List(Int(0, len(BROWN) - 1), length=len(BROWN), unique=True),
        "grey": List(Int(len(BROWN), len(Character) - 1), length=ROUNDS, unique=True),
        "revealed": List(Int(0, len(Character) - 1), max_len=3),
        "stack": List(Tuple(Int(0, len(TASK_NAMES) - 1), Int(0, n - 1),
                            Int(0, max(squares - 1, CUBES_PER_COLOUR + 1)),
                            Int(0, cards - 1)),
                      max_len=1),
        "rnd": Int(0, ROUNDS - 1),
        "phase": Int(DRAFT_KEEP, OVER),
        "first": Int(0, n - 1),
        "turn": Int(0, PLAYS_PER_ROUND * n - 1),
        "bank": Int(GOLD_IN_GAME - n * max_gold, GOLD_IN_GAME),
        "rng": Int(0, 2**64 - 1),
    }
    assert set(fields) == set(FIELDS)
    return Obj(fields)


def fill(s: NDState, data: Mapping[str, Any], log: list[Event]) -> None:
    """Copy schema-checked data into the blank position `s` (sharing no list with it)."""
    for name in FIELDS:
        value = data[name]
        if name == "stack":
            s.stack = [(a, b, c, d) for a, b, c, d in value]
        elif isinstance(value, list):
            setattr(s, name, [x[:] if isinstance(x, list) else x for x in value])
        else:
            setattr(s, name, value)
    s.log_base = tuple(log)


def check_state(s: NDState) -> None:
    """Raise CorruptState unless `s` is a position the rules could have produced."""
    for check in (_pieces, _gold, _messages, _characters, _round, _task, _cards,
                  _knowledge):
        problem = check(s)
        if problem:
            raise CorruptState(f"not a possible Notre Dame position: {problem}")


def _pieces(s: NDState) -> str:
    """Every colour's 14 cubes are somewhere; the trusted friend is in a sector or out."""
    for p in range(len(s.gold)):
        cubes = s.supply[p] + s.general[p] + sum(s.sectors[p]) + s.nd[p]
        if cubes != CUBES_PER_COLOUR:
            return f"colour {p} has {cubes} cubes, not {CUBES_PER_COLOUR}"
    return ""


def _gold(s: NDState) -> str:
    """The bank and the players hold the game's 25 gold (with unlimited gold the bank's
    count goes below 0 by what it lent)."""
    if sum(s.gold) + s.bank != GOLD_IN_GAME:
        return "gold not conserved"
    if s.bank < 0 and not s.setting.unlimited_gold:
        return "the bank owes gold"
    return ""


def _messages(s: NDState) -> str:
    """Every message is on its quarter's outer square or with one player, counted right."""
    setting = s.setting
    expected = sorted(message_id(c, b) for c, _ in setting.message_quarters for b in Benefit)
    held = [m for tiles in s.tiles for m in tiles]
    if sorted([m for m in s.board if m >= 0] + held) != expected:
        return "messages not each in one place"
    for square, m in enumerate(s.board):
        quarter, spot = divmod(square, SQUARES_PER_QUARTER)
        if m >= 0 and (spot == 0 or m // MESSAGES_PER_COLOUR != setting.quarter_colour[quarter]):
            return "a message lies outside its quarter's squares"
    for p, tiles in enumerate(s.tiles):
        counts = [0] * 5
        for m in tiles:
            counts[m // MESSAGES_PER_COLOUR] += 1
        if counts != s.msgs[p]:
            return "message counts do not match the messages held"
    return ""


def _characters(s: NDState) -> str:
    """The character decks are whole, the grey ones within their letters, and the revealed
    ones are this round's."""
    for letter, block in enumerate(GREY_BY_PERIOD):
        if sorted(s.grey[3 * letter:3 * letter + 3]) != list(block):
            return "grey characters out of their letter"
    if s.phase == OVER:
        return "" if not s.revealed else "characters revealed after the end"
    k = s.rnd % ROUNDS_PER_PERIOD
    if s.revealed != [s.brown[2 * k], s.brown[2 * k + 1], s.grey[s.rnd]]:
        return "the revealed characters are not this round's"
    return ""


def _position(s: NDState, q: int) -> int:
    return (q - s.first) % len(s.gold)


def _round(s: NDState) -> str:
    """Phase, turn, draft choices and paid characters fit together."""
    n = len(s.gold)
    phase, turn = s.phase, s.turn
    drafting = phase in (DRAFT_KEEP, DRAFT_PICK)
    if phase == OVER and s.rnd != ROUNDS - 1:
        return "the game ended early"
    if (drafting or phase == OVER) and turn != 0:
        return "a turn count outside phases 3-5"
    if (phase == HIRE and turn >= n) or (phase == PLAGUE and not 1 <= turn <= n):
        return "a turn count out of its phase"
    if drafting:
        pool = s.hand if phase == DRAFT_KEEP else s.received
        if min(s.choice) >= 0:
            return "every draft choice made but the cards not passed"
        if any(c >= len(pool[q]) for q, c in enumerate(s.choice)):
            return "a draft choice outside the cards held"
    elif max(s.choice) >= 0:
        return "a draft choice outside the draft"
    if phase == OVER and any(s.nd):
        return "cubes left in Notre Dame after the last payout"
    for q, h in enumerate(s.hired):
        if h < 0:
            continue
        if phase < HIRE or phase == OVER or h not in s.revealed:
            return "a character paid outside phase 4 or not revealed"
        pos = _position(s, q)
        if phase == HIRE and (pos > turn or (pos == turn and not s.stack)):
            return "a character paid before the player's turn"
    if phase == HIRE and not s.stack and s.gold[(s.first + turn) % n] == 0:
        return "a player without gold is asked to pay a character"
    return ""


def _task(s: NDState) -> str:
    """The pending sub-decision is one the phase and the player's quarter allow."""
    if not s.stack:
        return "the plague asks nobody" if s.phase == PLAGUE else ""
    task, p, x, y = s.stack[-1]
    n = len(s.gold)
    phase = s.phase
    if phase == PLAGUE:
        if task != T_PLAGUE_LOSS or p != (s.first + s.turn - 1) % n:
            return "the plague's pending choice is not the plague's"
    elif phase not in (PLAY, HIRE) or p != (s.first + s.turn) % n:
        return "a sub-decision outside its player's turn"
    uses_x = task in (T_SOURCE, T_CARRIAGE, T_MESSAGE, T_BENEFIT, T_MINSTREL_TO,
                      T_MINSTREL_PIECES, T_JESTER_TO)
    if (not uses_x and x) or (task not in (T_SOURCE, T_MINSTREL_PIECES) and y):
        return "a sub-decision with stray arguments"
    character = s.hired[p]
    problem = ""
    if task == T_SOURCE:
        ok = phase == PLAY and bool(s.played[p]) and s.played[p][-1] == y
        problem = "" if ok and x == y % CARDS_PER_COLOUR else "a cube for a card not played"
    elif task == T_CARRIAGE:
        problem = "" if x >= 1 and x == pieces(s, p, 3) else "carriage steps not the pieces"
    elif task == T_MESSAGE:
        ok = x < len(s.board) and s.board[x] >= 0 and s.carriage[p] == x
        ok = ok and message_allowed(s, p, s.board[x] // MESSAGES_PER_COLOUR)
        problem = "" if ok else "a message the carriage cannot take"
    elif task == T_BENEFIT:
        problem = "" if 1 <= x <= 2 else "a benefit count out of range"
    elif task == T_DONATION:
        ok = phase == PLAY and s.gold[p] >= 1 and s.nd[p] >= 1
        problem = "" if ok else "a donation without gold or a cube in Notre Dame"
    elif task in (T_MINSTREL_FROM, T_MINSTREL_TO, T_MINSTREL_PIECES):
        ok = phase == HIRE and character == Character.MINSTREL
        ok = ok and (task == T_MINSTREL_FROM or (x < SECTORS and pieces(s, p, x) > 0))
        ok = ok and (task != T_MINSTREL_PIECES or (y < SECTORS and y != x))
        problem = "" if ok else "a Minstrel move nobody paid for or with no pieces"
    elif task in (T_JESTER_FROM, T_JESTER_TO):
        ok = phase == HIRE and character == Character.JESTER
        if task == T_JESTER_TO:
            there = (s.friend[p] >= 0 if x == FRIEND_SOURCE else
                     s.nd[p] > 0 if x == NOTRE_DAME else x < SECTORS and s.sectors[p][x] > 0)
            ok = ok and x <= FRIEND_SOURCE and there
        problem = "" if ok else "a Jester move nobody paid for or with no piece"
    elif task == T_BISHOP:
        ok = phase == HIRE and character == Character.BISHOP and s.general[p] > 0
        problem = "" if ok else "a Bishop's cube nobody paid for or with none left"
    else:
        ok = phase == PLAGUE and s.rats[p] == RAT_TRACK_MAX and len(plague_candidates(s, p)) > 1
        problem = "" if ok else "a plague choice with nothing to choose"
    if phase == HIRE and character < 0:
        problem = problem or "a character's sub-decision nobody paid for"
    if not problem and not TASK_LEGAL[task](s, p, x, y):
        problem = "a sub-decision with no possible answer"
    return problem


def _cards(s: NDState) -> str:
    """Every action card is in one place; decks hold their owner's undrawn cards; hands,
    received cards, face-down and played piles have the sizes the round and turn imply."""
    n = len(s.gold)
    zones = (s.deck, s.hand, s.received, s.facedown, s.played)
    every = sorted(c for zone in zones for cards in zone for c in cards)
    if every != list(range(n * CARDS_PER_COLOUR)):
        return "action cards not each in one place"
    r0 = s.rnd % ROUNDS_PER_PERIOD
    for q in range(n):
        if any(c // CARDS_PER_COLOUR != q for c in s.deck[q]):
            return "a deck holds another colour's card"
        plays = 2 * r0
        if s.phase == PLAY:
            pos = _position(s, q)
            plays += sum(1 for k in (pos, pos + n) if k < s.turn or (k == s.turn and s.stack))
        elif s.phase >= HIRE:
            plays += PLAYS_PER_ROUND
        facedown = r0 + (plays == 2 * r0 + PLAYS_PER_ROUND)
        in_hand = CARDS_DRAWN * (r0 + 1) - plays - facedown if s.phase >= PLAY else 0
        if s.phase == DRAFT_KEEP:
            in_hand = CARDS_DRAWN
        elif s.phase == DRAFT_PICK:
            in_hand = 1
        received = CARDS_DRAWN - 1 if s.phase == DRAFT_PICK else 0
        sizes = (CARDS_PER_COLOUR - CARDS_DRAWN * (r0 + 1), in_hand, received, facedown, plays)
        if tuple(len(zone[q]) for zone in zones) != sizes:
            return "card piles of the wrong size for the round"
    if s.phase == DRAFT_KEEP and any(c // CARDS_PER_COLOUR != q
                                     for q in range(n) for c in s.hand[q]):
        return "a drawn card of another colour"
    if s.phase == DRAFT_PICK:
        for q in range(n):
            if s.hand[q][0] // CARDS_PER_COLOUR != q or any(
                    c // CARDS_PER_COLOUR != (q - 1) % n for c in s.received[q]):
                return "draft cards of the wrong colours"
    return ""


def _knowledge(s: NDState) -> str:
    """The cards kept are shaped by the draft, and the knowledge table is what it implies."""
    roles = infer_roles(s)
    if roles is None:
        return "kept cards not shaped by the draft"
    if knowledge(s, roles) != s.know:
        return "the knowledge table does not follow the draft"
    return ""
