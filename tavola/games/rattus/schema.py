"""Loading a Rattus position from untrusted data: its declared shape, its invariants, and
building it.

`state_schema` declares every field's type and range for the player count and options
(regions out of play must be empty, the plague piece in a region in play, ...);
`check_state` then checks what one field cannot say alone: every cube and every token
accounted for, the class cards held consistently, a regular turn's steps A, B and C in
their order, and each phase's own fields set in that phase and nowhere else, so the pending
decision is one a game can reach.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tavola.core.errors import CorruptState
from tavola.core.events import Event
from tavola.core.schema import Bool, Int, List, Obj, Spec, Tuple
from tavola.games.rattus.components import (
    CLASS_NAMES,
    KNIGHT,
    MERCHANT,
    MONK,
    REGION_COUNT,
    STARTING_COUNT,
    TOKEN_COUNT,
    WITCH,
)
from tavola.games.rattus.config import (
    CUBES_PER_PLAYER,
    MAX_TOKENS_PER_REGION,
    NEIGHBOURS,
    NON_STARTING_REMOVED,
    SETUP_CUBES,
    SETUP_ROUNDS,
    SPREAD_BY_TOKENS,
    Config,
)
from tavola.games.rattus.rules import b_offers, setup_order, spread_targets
from tavola.games.rattus.state import (
    FINAL,
    KNIGHT_DECISION,
    MERCHANT_TO,
    MONK_TO,
    NO_POSITION,
    OVER,
    PHASE_NAMES,
    POWER_STEPS,
    SETUP,
    SPREAD,
    STAGE_A,
    STAGE_B,
    STAGE_C,
    STAGE_NAMES,
    TURN,
    WITCH_SECOND,
    WITCH_SWAP,
    Position,
)

RNG_MAX = 2**64 - 1


def state_schema(config: Config) -> Spec:
    """Return the declared shape of `Position.data()` for this configuration."""
    n, count = config.players, config.regions
    seat, cubes = Int(0, n - 1), Int(0, CUBES_PER_PLAYER)
    region = Int(0, count - 1)
    token = Int(0, TOKEN_COUNT - 1)
    region_tokens = List(token, max_len=MAX_TOKENS_PER_REGION, unique=True)
    empty_tokens = List(token, max_len=0)
    position = Tuple(Int(-1, count - 1), Int(-1, MAX_TOKENS_PER_REGION - 1))
    return Obj({
        "phase": Int(0, len(PHASE_NAMES) - 1),
        "active": seat,
        "step": Int(0, SETUP_ROUNDS * n),
        "turn": Int(0, config.turn_limit),
        "took": Bool(), "placed": Bool(), "stage": Int(0, len(STAGE_NAMES) - 1),
        "used": Int(0, 2 ** len(CLASS_NAMES) - 1),
        "spread_left": Int(0, max(SPREAD_BY_TOKENS)),
        "spread_from": Int(-1, count - 1),
        "witch_first": position, "witch_second": position,
        "pick": Int(-1, count - 1),
        "queue": List(seat, max_len=n - 1, unique=True),
        "last_player": Int(-1, n - 1),
        "tokens": Tuple(*([region_tokens] * count + [empty_tokens] * (REGION_COUNT - count))),
        "supply": List(token, max_len=TOKEN_COUNT, unique=True),
        "aside": List(Int(STARTING_COUNT, TOKEN_COUNT - 1), length=NON_STARTING_REMOVED[n],
                      unique=True),
        "out": List(token, max_len=TOKEN_COUNT, unique=True),
        "board": Tuple(*([List(cubes, length=n)] * count
                         + [List(Int(0, 0), length=n)] * (REGION_COUNT - count))),
        "palace": List(cubes, length=n), "reserve": List(cubes, length=n),
        "lost": List(cubes, length=n),
        "plague": region,
        "holder": List(Int(-1, n - 1), length=len(CLASS_NAMES)),
        "known": List(List(token, max_len=MAX_TOKENS_PER_REGION * count, unique=True),
                      length=n),
        "rng": Int(0, RNG_MAX),
    })


def fill_from_data(s: Position, data: Mapping[str, Any], log: list[Event]) -> None:
    """Fill the blank position `s` from schema-checked `data` and checked log events."""
    s.phase, s.active, s.step, s.turn = data["phase"], data["active"], data["step"], data["turn"]
    s.took, s.placed, s.stage = data["took"], data["placed"], data["stage"]
    s.used = data["used"]
    s.spread_left, s.spread_from = data["spread_left"], data["spread_from"]
    s.witch_first = (data["witch_first"][0], data["witch_first"][1])
    s.witch_second = (data["witch_second"][0], data["witch_second"][1])
    s.pick, s.last_player = data["pick"], data["last_player"]
    s.queue = list(data["queue"])
    s.tokens = [list(t) for t in data["tokens"]]
    s.supply, s.aside, s.out = list(data["supply"]), list(data["aside"]), list(data["out"])
    s.board = [list(b) for b in data["board"]]
    s.palace, s.reserve, s.lost = list(data["palace"]), list(data["reserve"]), list(data["lost"])
    s.plague = data["plague"]
    s.holder = list(data["holder"])
    s.known = [list(k) for k in data["known"]]
    s.rng = data["rng"]
    s.history = tuple(log)


def check_state(s: Position) -> None:
    """Raise CorruptState unless `s` keeps every invariant of Rattus."""
    _check_pieces(s)
    _check_cards(s)
    _check_phase(s)


def _check_pieces(s: Position) -> None:
    """Every player's 20 cubes and the 49 tokens are each in exactly one place."""
    n = s.config.players
    for p in range(n):
        cubes = sum(b[p] for b in s.board) + s.palace[p] + s.reserve[p] + s.lost[p]
        if cubes != CUBES_PER_PLAYER:
            raise CorruptState(f"P{p + 1}'s cubes add up to {cubes}, not {CUBES_PER_PLAYER}")
    on_board = [t for r in s.tokens for t in r]
    ids = on_board + s.supply + s.aside + s.out
    if sorted(ids) != list(range(TOKEN_COUNT)):
        raise CorruptState(f"the rat tokens are not the {TOKEN_COUNT} tokens, each once")
    if s.supply != sorted(s.supply) or s.aside != sorted(s.aside):
        raise CorruptState("the token supply or the set-aside tokens are not in order")
    board = set(on_board)
    for p, known in enumerate(s.known):
        if known != sorted(known) or not board.issuperset(known):
            raise CorruptState(f"P{p + 1} knows a token that is not face down on the board")


def _check_cards(s: Position) -> None:
    """Cards are taken only in turns; what the active player took or used they hold."""
    p = s.active
    if s.phase == SETUP:
        if any(h >= 0 for h in s.holder) or s.took or s.placed or s.used or s.stage:
            raise CorruptState("a class card or a turn's step before the first turn")
        return
    held = {c for c, h in enumerate(s.holder) if h == p}
    if s.took and not held:
        raise CorruptState("the active player took a class card but holds none")
    used = {c for c in range(len(CLASS_NAMES)) if s.used >> c & 1}
    if not used <= held:
        raise CorruptState("the active player used a power of a card they do not hold")


def _check_phase(s: Position) -> None:
    """Each phase's own fields are set in that phase only, and its decision is possible."""
    n, phase, p = s.config.players, s.phase, s.active
    final_part = s.last_player >= 0
    if (phase == SETUP) != (s.turn == 0):
        raise CorruptState("turns are counted only after the setup placements")
    if phase == SETUP:
        _check_setup(s)
    elif s.step != SETUP_ROUNDS * n:
        raise CorruptState("the turns began before every setup placement was made")
    if (final_part or phase == SETUP) and (s.took or s.placed or s.stage != STAGE_A):
        raise CorruptState("a turn's steps are recorded outside a regular turn")
    if final_part:
        if phase in (SETUP, TURN, SPREAD, KNIGHT_DECISION):
            raise CorruptState("a regular decision after the last regular turn")
        if phase != OVER and (p == s.last_player or p not in s.holder):
            raise CorruptState("the final round's player is the last player or holds no card")
        if any(q in (s.last_player, p) or q not in s.holder for q in s.queue):
            raise CorruptState("the final round's queue holds a player it cannot")
        if phase == OVER and (s.queue or any(s.tokens)):
            raise CorruptState("the game is over with tokens unresolved or players to act")
    else:
        if phase in (FINAL, OVER):
            raise CorruptState("the final round or the end came without a last regular turn")
        if s.queue:
            raise CorruptState("a final round queue before the end of the game")
        if phase != SETUP:
            _check_regular(s)
    _check_spread(s)
    _check_powers(s)
    if not final_part and phase != SETUP:
        _check_stage(s)


def _check_setup(s: Position) -> None:
    """The setup placements run in their order, 2 cubes each, before anything else."""
    n = s.config.players
    order = setup_order(n)
    if s.step >= len(order) or s.active != order[s.step]:
        raise CorruptState("the setup placement belongs to another player")
    for q in range(n):
        placed = SETUP_CUBES * order[:s.step].count(q)
        if sum(b[q] for b in s.board) != placed or s.palace[q] or s.lost[q]:
            raise CorruptState(f"P{q + 1}'s cubes do not match the setup placements made")
    if s.out or any(s.known):
        raise CorruptState("a token was revealed or looked at before the first turn")


def _check_regular(s: Position) -> None:
    """A regular turn belongs to its player (turns run clockwise from seat 0)."""
    if (s.turn - 1) % s.config.players != s.active:
        raise CorruptState("the turn number does not belong to the active player")


def _check_stage(s: Position) -> None:
    """A regular turn's steps come in order, A, B, C (ruling R2): nothing is done before A
    is decided, a power's steps belong to B, spreading and the Knight's decision to C; an A
    with no card to take and a B with nothing to offer are never asked."""
    phase, stage, p = s.phase, s.stage, s.active
    if stage == STAGE_A:
        if s.took or s.placed or s.used:
            raise CorruptState("something was done in the turn before step A was decided")
        if phase != TURN or all(h == p for h in s.holder):
            raise CorruptState("step A is asked with no class card to take or out of its turn")
    elif phase in POWER_STEPS and stage != STAGE_B:
        raise CorruptState("a class power's step outside step B")
    elif phase in (SPREAD, KNIGHT_DECISION) and stage != STAGE_C:
        raise CorruptState("the plague spreads or devastates before step C")
    elif phase == TURN and stage == STAGE_B and not b_offers(s):
        raise CorruptState("step B is asked with nothing left to offer")


def _check_spread(s: Position) -> None:
    """The spreading fields belong to SPREAD, the Knight's decision to a devastation."""
    if s.phase == SPREAD:
        if s.spread_from != s.plague or s.spread_left < 1:
            raise CorruptState("a spreading token has no region to spread from")
        if s.spread_left > SPREAD_BY_TOKENS[len(s.tokens[s.plague])] or not s.supply or \
                not spread_targets(s):
            raise CorruptState("a spreading token with no supply or no room to go")
    elif s.spread_from != -1 or s.spread_left != 0:
        raise CorruptState("spreading fields are set outside the spreading of the plague")
    if s.phase == KNIGHT_DECISION:
        r = s.plague
        if s.holder[KNIGHT] != s.active or not s.tokens[r] or not any(s.board[r]):
            raise CorruptState("the Knight's decision without the Knight or a devastation")


def _check_powers(s: Position) -> None:
    """The Witch's picks and the Merchant's or Monk's region are set in their steps only."""
    phase = s.phase
    looks = {WITCH_SECOND: 1, WITCH_SWAP: 2}.get(phase, 0)
    picks = [s.witch_first, s.witch_second]
    for i, pos in enumerate(picks):
        if i < looks:
            r, slot = pos
            if r < 0 or not 0 <= slot < len(s.tokens[r]):
                raise CorruptState("the Witch's look points at no token")
        elif pos != NO_POSITION:
            raise CorruptState("the Witch's look is set outside her look")
    if looks == 2 and s.witch_first == s.witch_second:
        raise CorruptState("the Witch looked at one token twice")
    if phase in (MERCHANT_TO, MONK_TO):
        a = s.pick
        if a < 0:
            raise CorruptState("the Merchant's or the Monk's region is not chosen")
        if phase == MERCHANT_TO and not s.board[a][s.active]:
            raise CorruptState("the Merchant's region holds none of his cubes")
        if phase == MONK_TO and not (s.tokens[a] and any(
                len(s.tokens[t]) < MAX_TOKENS_PER_REGION
                for t in NEIGHBOURS[s.config.players][a])):
            raise CorruptState("the Monk's region holds no token that can move")
    elif s.pick != -1:
        raise CorruptState("a region is chosen outside the Merchant's or the Monk's step")
    if phase in POWER_STEPS:
        card = {WITCH_SECOND: WITCH, WITCH_SWAP: WITCH, MERCHANT_TO: MERCHANT,
                MONK_TO: MONK}[phase]
        if not s.used >> card & 1:
            raise CorruptState("a power's step without the power being used")
