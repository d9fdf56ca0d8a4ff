"""The rules of Rattus: setup, the legal decisions and their effects, the end and the result.

Every rule function cites the section of the Rattus rulebook it implements ("Setup", "Turn
summary", "A. Take 1 class card", "B. Place new cubes", "C. Move the plague piece", "Plague
spreading", "Devastation of the plagued region", "The rat tokens", "End of the game",
"Class cards") or the ruling (`docs/games/rattus.md`, Rn) that decides where it is silent.
The functions act on a `Position` (state.py): `apply` makes one successor sharing the
input's lists (`Position.successor`), and every function below that changes a list first
gives the successor its own copy of it (`own_tokens`, `own_cubes`, ``x = x[:]``), so the
input never changes.
A position in search mode (`quiet`) records no log events; everything else is the same.
"""

from __future__ import annotations

from typing import TypeVar

from tavola.core import Action, Result, Rng
from tavola.core.events import Event
from tavola.core.rng import seed_to_state
from tavola.games.rattus import actions as A
from tavola.games.rattus.components import (
    CLASS_INDEX,
    CLASS_NAMES,
    COLOUR_NAMES,
    KING,
    KNIGHT,
    MERCHANT,
    MONK,
    PEASANT,
    REGION_COUNT,
    REGION_INDEX,
    REGION_NAMES,
    STARTING_COUNT,
    TOKEN_COUNT,
    TOKENS,
    WITCH,
)
from tavola.games.rattus.config import (
    KING_CUBES,
    MAX_TOKENS_PER_REGION,
    MERCHANT_MAX_CUBES,
    NEIGHBOURS,
    NON_STARTING_REMOVED,
    PEASANT_EXTRA_CUBES,
    PLAGUE_NEUTRAL_CUBES,
    SETUP_CUBES,
    SPREAD_BY_TOKENS,
    WITHIN_TWO,
)
from tavola.games.rattus.state import (
    FINAL,
    KNIGHT_DECISION,
    MERCHANT_TO,
    MONK_TO,
    NO_POSITION,
    OVER,
    SETUP,
    SPREAD,
    STAGE_A,
    STAGE_B,
    STAGE_C,
    TURN,
    WITCH_SECOND,
    WITCH_SWAP,
    Position,
)

P = TypeVar("P", bound=Position)

# Region names as the log shows them.
REGION_LABELS: tuple[str, ...] = tuple(name.capitalize() for name in REGION_NAMES)

# The plague moves as actions, by player count and the plague's region: `plague_moves`
# without the Knight, then with him, built once since a turn's options always include them.
PLAGUE_NEAR: dict[int, tuple[tuple[Action, ...], ...]] = {
    n: tuple(tuple(A.PLAGUE[t] for t in near) for near in NEIGHBOURS[n]) for n in NEIGHBOURS}
PLAGUE_WITHIN_TWO: dict[int, tuple[tuple[Action, ...], ...]] = {
    n: tuple(tuple(A.PLAGUE[t] for t in reach) for reach in WITHIN_TWO[n]) for n in WITHIN_TWO}
# `A.WITCH_LOOK` by region, then slot: indexing is quicker than hashing a position.
WITCH_AT: tuple[tuple[Action, ...], ...] = tuple(
    tuple(A.WITCH_LOOK[r, i] for i in range(MAX_TOKENS_PER_REGION)) for r in range(REGION_COUNT))


# -- setup ---------------------------------------------------------------------------------
def set_up(s: Position, seed: int) -> None:
    """Set up a new game in the blank position `s` (rulebook, "Setup" 1-8).

    The class cards lie beside the board; one shuffled starting token goes to each region in
    play, the other starting tokens join the supply; the non-starting tokens lose 12 / 6 / 0
    (set aside face down) for 2 / 3 / 4 players and the rest join the supply; the plague
    piece goes to a random region in play; each player has 20 cubes; seat 0 (the youngest)
    begins. The two placement rounds ("Setup" 9-10) are the first decisions.
    """
    n = s.config.players
    rng = Rng(seed_to_state(seed))
    count = s.config.regions
    starting = list(range(STARTING_COUNT))
    rng.shuffle(starting)
    for r in range(count):
        s.tokens[r].append(starting[r])
    others = list(range(STARTING_COUNT, TOKEN_COUNT))
    rng.shuffle(others)
    removed = NON_STARTING_REMOVED[n]
    s.aside = sorted(others[:removed])
    s.supply = sorted(starting[count:] + others[removed:])
    s.plague = rng.below(count)
    s.rng = rng.state
    s.phase, s.active, s.step = SETUP, 0, 0
    _log(s, "setup", regions=count, supply=len(s.supply), aside=len(s.aside),
         plague=REGION_LABELS[s.plague])


def setup_order(players: int) -> list[int]:
    """Return the seats of the two placement rounds (rulebook, "Setup" 9-10).

    Round one runs clockwise from the first player, round two counter-clockwise from the last.
    """
    return list(range(players)) + list(range(players - 1, -1, -1))


# -- legal decisions -----------------------------------------------------------------------
def legal(s: Position) -> list[Action]:
    """Return the active player's legal actions in a stable order."""
    phase = s.phase
    if phase == TURN:
        stage = s.stage
        if stage == STAGE_C:
            # As `plague_moves`, from the tables of actions.
            moves = PLAGUE_WITHIN_TWO if s.holder[KNIGHT] == s.active else PLAGUE_NEAR
            return list(moves[s.config.players][s.plague])
        if stage == STAGE_B:
            out = _b_actions(s)
            out.append(A.END_B)
            return out
        p, holder, take = s.active, s.holder, A.TAKE
        out = [take[c] for c in range(6) if holder[c] != p]
        out.append(A.NO_CARD)
        return out
    if phase == SPREAD:
        return [A.SPREAD[r] for r in spread_targets(s)]
    if phase == KNIGHT_DECISION:
        return [A.BOOST, A.NO_BOOST]
    if phase == WITCH_SECOND:
        first = A.WITCH_LOOK[s.witch_first]
        return [look for look in _witch_looks(s.tokens) if look is not first]
    if phase == WITCH_SWAP:
        return [A.SWAP, A.KEEP]
    if phase == MERCHANT_TO:
        return merchant_moves(s)
    if phase == MONK_TO:
        return monk_moves(s)
    if phase == FINAL:
        out = []
        _power_actions(s, out, final=True)
        out.append(A.DONE)
        return out
    if phase == SETUP:
        return list(A.SETUP[:s.config.regions])
    return []


def _b_actions(s: Position) -> list[Action]:
    """Step B's options but `end_b` (rulebook, "B. Place new cubes" and "Class cards"): one
    placement while none was made, and each held power once (ruling R1)."""
    p = s.active
    holder = s.holder
    out: list[Action] = []
    reserve = s.reserve[p]
    if not s.placed and reserve > 0:
        tokens = s.tokens
        place = A.PLACE
        if holder[PEASANT] == p and not s.used & (1 << PEASANT):
            peasant = A.PLACE_PEASANT
            for r in range(s.config.regions):
                rats = len(tokens[r])
                if rats:
                    out.append(place[r])
                if reserve > rats:
                    out.append(peasant[r])
        else:
            out += [place[r] for r in range(s.config.regions) if tokens[r]]
    _power_actions(s, out, final=False)
    return out


def b_offers(s: Position) -> bool:
    """Return whether step B has anything to offer but ending it: a placement (cubes in
    the reserve and a region with rat tokens, or the Peasant) or a usable power."""
    p = s.active
    if not s.placed and s.reserve[p] > 0 and (
            s.holder[PEASANT] == p or any(s.tokens)):
        return True
    if p not in s.holder:
        return False
    out: list[Action] = []
    _power_actions(s, out, final=False)
    return bool(out)


def plague_moves(s: Position) -> tuple[int, ...]:
    """Where the plague piece may go: an adjacent region, never staying (rulebook, "C. Move
    the plague piece"); with the Knight, up to 2 regions away ("Class cards", Knight;
    ruling R4)."""
    n = s.config.players
    if s.holder[KNIGHT] == s.active:
        return WITHIN_TWO[n][s.plague]
    return NEIGHBOURS[n][s.plague]


def _power_actions(s: Position, out: list[Action], final: bool) -> None:
    """Append the class powers the active player may still use (rulebook, "Class cards";
    "End of the game" 1 in the final round, with the Peasant's single cube and the Knight's
    plague move)."""
    p, used, holder = s.active, s.used, s.holder
    n = s.config.players
    count = s.config.regions
    near = NEIGHBOURS[n]
    board, tokens = s.board, s.tokens
    # The tables of actions are read into locals: the comprehensions run at every turn.
    if holder[KING] == p and not used & (1 << KING):
        king = A.KING_MOVE
        out += [king[r] for r in range(count) if board[r][p] and not tokens[r]]
    if holder[MERCHANT] == p and not used & (1 << MERCHANT):
        merchant = A.MERCHANT_FROM
        out += [merchant[r] for r in range(count) if board[r][p] and near[r]]
    if holder[MONK] == p and not used & (1 << MONK):
        monk = A.MONK_FROM
        roomy = {t for t in range(count) if len(tokens[t]) < MAX_TOKENS_PER_REGION}
        out += [monk[r] for r in range(count) if tokens[r] and not roomy.isdisjoint(near[r])]
    if holder[WITCH] == p and not used & (1 << WITCH):
        looks = _witch_looks(tokens)
        if len(looks) >= 2:
            out += looks
    if final:
        if holder[PEASANT] == p and not used & (1 << PEASANT) and s.reserve[p]:
            out += A.PEASANT_CUBE[:count]
        if holder[KNIGHT] == p and not used & (1 << KNIGHT):
            out += PLAGUE_WITHIN_TWO[n][s.plague]


def merchant_moves(s: Position) -> list[Action]:
    """The Merchant's second step: 1 to 3 own cubes from the chosen region to an adjacent one
    (rulebook, "Class cards", Merchant; only the holder's own cubes, ruling R11)."""
    a = s.pick
    have = min(s.board[a][s.active], MERCHANT_MAX_CUBES)
    return [A.MERCHANT_MOVE[a, t, k] for t in NEIGHBOURS[s.config.players][a]
            for k in range(1, have + 1)]


def monk_moves(s: Position) -> list[Action]:
    """The Monk's second step: one token of the chosen region to an adjacent region holding
    fewer than 3 tokens (rulebook, "Class cards", Monk)."""
    a, tokens = s.pick, s.tokens
    targets = [t for t in NEIGHBOURS[s.config.players][a]
               if len(tokens[t]) < MAX_TOKENS_PER_REGION]
    return [A.MONK_MOVE[a, slot, t] for slot in range(len(tokens[a])) for t in targets]


def _witch_looks(tokens: list[list[int]]) -> list[Action]:
    """Return the Witch's look at every (region, slot) holding a token, as `board_positions`
    orders them."""
    return [look for toks, at in zip(tokens, WITCH_AT, strict=True) for look in at[:len(toks)]]


def board_positions(s: Position) -> list[tuple[int, int]]:
    """Return every (region, slot) holding a token."""
    return [(r, i) for r, toks in enumerate(s.tokens) for i in range(len(toks))]


def spread_targets(s: Position) -> list[int]:
    """Regions adjacent to the plague's region with room for a token (rulebook, "Plague
    spreading": never more than 3 tokens in a region; ruling R14)."""
    tokens = s.tokens
    return [t for t in NEIGHBOURS[s.config.players][s.spread_from]
            if len(tokens[t]) < MAX_TOKENS_PER_REGION]


# -- effects -------------------------------------------------------------------------------
def apply(state: P, action: Action) -> P:
    """Return the position after the active player's legal `action`."""
    s = state.successor()
    kind, args = action.kind, action.args
    if kind == "plague":
        if s.phase == FINAL:
            _knight_final(s, REGION_INDEX[args[0]])
        else:
            _move_plague(s, REGION_INDEX[args[0]])
    elif kind == "spread":
        _spread(s, REGION_INDEX[args[0]])
    elif kind == "place":
        _place(s, REGION_INDEX[args[0]], len(args) > 1)
    elif kind == "end_b":
        _end_b(s)
    elif kind == "no_card":
        _no_card(s)
    elif kind == "take":
        _take(s, CLASS_INDEX[args[0]])
    elif kind == "setup":
        _setup_place(s, REGION_INDEX[args[0]])
    elif kind == "king":
        _king(s, REGION_INDEX[args[0]])
    elif kind == "merchant":
        if len(args) == 1:
            _pick(s, MERCHANT, REGION_INDEX[args[0]])
        else:
            _merchant(s, REGION_INDEX[args[0]], REGION_INDEX[args[1]], int(args[2]))
    elif kind == "monk":
        if len(args) == 1:
            _pick(s, MONK, REGION_INDEX[args[0]])
        else:
            _monk(s, A.position(args[0]), REGION_INDEX[args[1]])
    elif kind == "witch":
        _witch_look(s, A.position(args[0]))
    elif kind in ("swap", "keep"):
        _witch_swap(s, kind == "swap")
    elif kind == "peasant":
        _peasant_final(s, REGION_INDEX[args[0]])
    elif kind in ("boost", "no_boost"):
        _knight_decides(s, kind == "boost")
    elif kind == "done":
        _final_done(s)
    else:  # legality was checked at the boundary; this is a programming error
        raise AssertionError(f"unhandled action {action}")
    return s


def _log(s: Position, key: str, **args: object) -> None:
    """Add a public event to the log (nothing in search mode)."""
    if not s.quiet:
        s.logcell = (Event(key, args), s.logcell)


def position_label(pos: tuple[int, int]) -> str:
    """Return a token position for the log, counting tokens from 1 as the map shows them."""
    return f"{REGION_LABELS[pos[0]]} token {pos[1] + 1}"


def token_text(token: int) -> str:
    """Return a token's front for the log: threshold and symbols."""
    t = TOKENS[token]
    return f"{t.threshold}: {t.symbols}"


def _setup_place(s: Position, r: int) -> None:
    """Place 2 cubes in any region in play (rulebook, "Setup" 9-10, also the same region
    twice); after the second round the first player's turn begins ("Turn summary")."""
    p = s.active
    k = min(SETUP_CUBES, s.reserve[p])
    s.reserve = s.reserve[:]
    s.reserve[p] -= k
    s.own_cubes(r)[p] += k
    _log(s, "setup.place", player=COLOUR_NAMES[p], cubes=k, region=REGION_LABELS[r])
    s.step += 1
    order = setup_order(s.config.players)
    if s.step < len(order):
        s.active = order[s.step]
    else:
        _start_turn(s, 0)


def _start_turn(s: Position, p: int) -> None:
    """Begin player p's regular turn with step A (rulebook, "Turn summary": from the first
    player, clockwise; A, B and C in that order, ruling R2). A player holding all six class
    cards has none to take, so A is skipped."""
    s.phase, s.active, s.stage = TURN, p, STAGE_A
    s.took = s.placed = False
    s.used = 0
    s.turn += 1
    _log(s, "turn", player=COLOUR_NAMES[p], turn=s.turn)
    if s.turn == s.config.turn_limit - s.config.players + 1:
        _log(s, "round.last", round=s.config.rounds)
    if all(h == p for h in s.holder):
        _continue_b(s)


def _continue_b(s: Position) -> None:
    """Go on with step B, or on to C when B has nothing left to offer but ending it (ruling
    R2: B ends by choice or when nothing is left; a B with nothing at all is skipped)."""
    s.stage = STAGE_B if b_offers(s) else STAGE_C


def _take(s: Position, c: int) -> None:
    """A: take one class card from beside the board or from another player, who loses it
    (rulebook, "A. Take 1 class card"); step B follows, where the card's power may already
    be used ("Class cards": powers are used in B)."""
    p = s.active
    before = s.holder[c]
    s.holder = s.holder[:]
    s.holder[c] = p
    s.took = True
    source = "beside the board" if before < 0 else COLOUR_NAMES[before]
    _log(s, "take", player=COLOUR_NAMES[p], card=CLASS_NAMES[c], source=source)
    _continue_b(s)


def _no_card(s: Position) -> None:
    """A: take no class card (rulebook, "A. Take 1 class card" is optional); on to B."""
    _continue_b(s)


def _end_b(s: Position) -> None:
    """B: end step B by choice (rulebook, "B. Place new cubes" is optional); on to C."""
    s.stage = STAGE_C


def _place(s: Position, r: int, peasant: bool) -> None:
    """B: place in one region as many cubes as it has rat tokens (rulebook, "B. Place new
    cubes"); the Peasant adds one, also where there are no rats ("Class cards", Peasant). A
    short reserve places what it has (ruling R3)."""
    p = s.active
    want = len(s.tokens[r]) + (PEASANT_EXTRA_CUBES if peasant else 0)
    k = min(want, s.reserve[p])
    s.reserve = s.reserve[:]
    s.reserve[p] -= k
    s.own_cubes(r)[p] += k
    s.placed = True
    if peasant:
        s.used |= 1 << PEASANT
    _log(s, "place.one" if k == 1 else "place", player=COLOUR_NAMES[p], cubes=k,
         region=REGION_LABELS[r])
    _continue_b(s)


def _king(s: Position, r: int) -> None:
    """King: one own cube from a region without rat tokens to the palace, where it is safe
    for the rest of the game (rulebook, "Class cards", King)."""
    p = s.active
    s.own_cubes(r)[p] -= KING_CUBES
    s.palace = s.palace[:]
    s.palace[p] += KING_CUBES
    s.used |= 1 << KING
    _log(s, "king", player=COLOUR_NAMES[p], region=REGION_LABELS[r])
    if s.phase == TURN:
        _continue_b(s)


def _pick(s: Position, card: int, r: int) -> None:
    """Merchant or Monk, first step: choose the region cubes or a token leave (rulebook,
    "Class cards"); the power is then used, the move follows as the second step."""
    s.used |= 1 << card
    s.pick = r
    s.phase = MERCHANT_TO if card == MERCHANT else MONK_TO


def _merchant(s: Position, a: int, b: int, k: int) -> None:
    """Merchant: move up to 3 own cubes from a region to an adjacent one (rulebook, "Class
    cards", Merchant; ruling R11)."""
    p = s.active
    s.phase, s.pick = s.resume_phase(), -1
    s.own_cubes(a)[p] -= k
    s.own_cubes(b)[p] += k
    _log(s, "merchant.one" if k == 1 else "merchant", player=COLOUR_NAMES[p], cubes=k,
         source=REGION_LABELS[a], target=REGION_LABELS[b])
    if s.phase == TURN:
        _continue_b(s)


def _monk(s: Position, pos: tuple[int, int], b: int) -> None:
    """Monk: move one rat token to an adjacent region, never to more than 3 tokens there
    (rulebook, "Class cards", Monk). Who has seen the token still knows it."""
    p = s.active
    s.phase, s.pick = s.resume_phase(), -1
    a, slot = pos
    token = s.own_tokens(a).pop(slot)
    s.own_tokens(b).append(token)
    _log(s, "monk", player=COLOUR_NAMES[p], source=position_label(pos),
         target=REGION_LABELS[b])
    if s.phase == TURN:
        _continue_b(s)


def _witch_look(s: Position, pos: tuple[int, int]) -> None:
    """Witch: look at any two tokens on the board, one pick at a time (rulebook, "Class
    cards", Witch; rulings R13 and R9). What she sees is told to her alone: the event names
    her seat, its audience."""
    p = s.active
    if s.phase != WITCH_SECOND:
        s.witch_first = pos
        s.used |= 1 << WITCH
        s.phase = WITCH_SECOND
        return
    s.witch_second = pos
    s.phase = WITCH_SWAP
    first, second = s.witch_first, pos
    ids = (s.tokens[first[0]][first[1]], s.tokens[second[0]][second[1]])
    known = set(s.known[p])
    known.update(ids)
    s.known = s.known[:]
    s.known[p] = sorted(known)
    if s.quiet:
        return
    name = COLOUR_NAMES[p]
    public = Event("witch.look.public", {"player": name, "first": position_label(first),
                                         "second": position_label(second)})
    s.logcell = (Event("witch.look", {
        "player": name, "seat": p, "first": position_label(first),
        "second": position_label(second), "first_token": token_text(ids[0]),
        "second_token": token_text(ids[1])}, frozenset({p}), public), s.logcell)


def _witch_swap(s: Position, swap: bool) -> None:
    """Witch: swap the two tokens she looked at if she wishes (rulebook, "Class cards",
    Witch)."""
    p = s.active
    (ra, ia), (rb, ib) = s.witch_first, s.witch_second
    if swap:
        first = s.own_tokens(ra)
        second = first if rb == ra else s.own_tokens(rb)  # owning ra twice would orphan it
        first[ia], second[ib] = second[ib], first[ia]
    _log(s, "witch.swap" if swap else "witch.keep", player=COLOUR_NAMES[p],
         first=position_label(s.witch_first), second=position_label(s.witch_second))
    s.witch_first = s.witch_second = NO_POSITION
    s.phase = s.resume_phase()
    if s.phase == TURN:
        _continue_b(s)


def _move_plague(s: Position, r: int) -> None:
    """C: move the plague piece to an adjacent region, or up to 2 with the Knight (rulebook,
    "C. Move the plague piece"); then the plague spreads from there: 0 / 1 / 2 / 2 tokens
    for 0 / 1 / 2 / 3 tokens in the new region ("Plague spreading")."""
    s.plague = r
    s.spread_from = r
    s.spread_left = SPREAD_BY_TOKENS[len(s.tokens[r])]
    _log(s, ("plague.none", "plague.one", "plague")[s.spread_left],
         player=COLOUR_NAMES[s.active], region=REGION_LABELS[r], spread=s.spread_left)
    _after_move(s)


def _after_move(s: Position) -> None:
    """Ask for the next spreading token, else go on to the devastation (rulebook, "Plague
    spreading"; ruling R14: tokens that fit nowhere, or that the supply lacks, are not
    placed). A region with a token and a cube is devastated ("Devastation of the plagued
    region"); the Knight's holder, when active, decides first (ruling R12: only when there
    is a devastation)."""
    if s.spread_left > 0 and s.supply and spread_targets(s):
        s.phase = SPREAD
        return
    s.spread_left, s.spread_from = 0, -1
    r = s.plague
    if s.tokens[r] and any(s.board[r]):
        if s.holder[KNIGHT] == s.active:
            s.phase = KNIGHT_DECISION
            return
        devastate(s, r, boost=False)
    _end_turn(s)


def _spread(s: Position, r: int) -> None:
    """Put one face-down token, drawn at random from the supply, into an adjacent region the
    active player chose (rulebook, "Plague spreading"; ruling R14)."""
    rng = Rng(s.rng)
    s.supply = s.supply[:]
    token = s.supply.pop(rng.below(len(s.supply)))
    s.rng = rng.state
    s.own_tokens(r).append(token)
    s.spread_left -= 1
    _log(s, "spread", region=REGION_LABELS[r], supply=len(s.supply))
    _after_move(s)


def _knight_decides(s: Position, boost: bool) -> None:
    """Knight: before revealing, decide whether the plague piece counts as 2 neutral cubes
    (rulebook, "The rat tokens"; "Class cards", Knight)."""
    _log(s, "knight", player=COLOUR_NAMES[s.active], boost="yes" if boost else "no")
    devastate(s, s.plague, boost)
    _end_turn(s)


def devastate(s: Position, r: int, boost: bool) -> None:
    """Reveal the region's tokens one at a time until all are revealed or no player's cube is
    left (rulebook, "Devastation of the plagued region"); the Knight's neutral cubes are
    never removed, so they do not keep the devastation going (ruling R12). Tokens are
    revealed in the order they arrived (ruling R5)."""
    neutral = PLAGUE_NEUTRAL_CUBES if boost else 0
    _own_for_reveals(s, (r,))
    while s.tokens[r] and any(s.board[r]):
        reveal(s, r, neutral)


def _own_for_reveals(s: Position, regions: tuple[int, ...] | range) -> None:
    """Give `s` its own copy of every list that revealing tokens in `regions` changes (see
    `Position.successor`): their tokens and cubes, the tokens out, who knows which token,
    the cubes lost."""
    for r in regions:
        s.own_tokens(r)
        s.own_cubes(r)
    s.out = s.out[:]
    s.known = [k[:] for k in s.known]
    s.lost = s.lost[:]


def reveal(s: Position, r: int, neutral: int) -> None:
    """Reveal the region's first token; it hits if the population (every player's cubes plus
    any neutral ones) reaches its threshold; it leaves the game either way (rulebook, "The
    rat tokens"). The caller has made the lists it changes `s`'s own (`_own_for_reveals`)."""
    token = s.tokens[r].pop(0)
    s.out.append(token)
    for k in s.known:
        if token in k:
            k.remove(token)
    front = TOKENS[token]
    population = sum(s.board[r]) + neutral
    hit = population >= front.threshold
    if not s.quiet:  # `front.symbols` is built for the log alone
        _log(s, "reveal", region=REGION_LABELS[r], threshold=front.threshold,
             symbols=front.symbols, population=population,
             outcome="devastation" if hit else "no effect")
    if hit:
        resolve(s, r, token)


def resolve(s: Position, r: int, token: int) -> None:
    """Resolve a token's symbols in the rulebook's order: each M (one at a time, the majority
    counted again for the second), then A, then class icons (rulebook, "The rat tokens"
    1-3; ruling R15)."""
    front = TOKENS[token]
    cubes = s.board[r]
    for _ in range(front.majority):
        most = max(cubes)
        if most:
            for p, c in enumerate(cubes):
                if c == most:
                    _lose(s, r, p, "M")
    if front.everyone:
        for p, c in enumerate(cubes):
            if c:
                _lose(s, r, p, "A")
    for c in front.classes:
        h = s.holder[c]
        if h >= 0 and cubes[h]:
            _lose(s, r, h, CLASS_NAMES[c])


def _lose(s: Position, r: int, p: int, why: str) -> None:
    """Remove one of p's cubes in r from the game (rulebook, "The rat tokens": the player
    loses a cube; ruling R7)."""
    s.board[r][p] -= 1
    s.lost[p] += 1
    _log(s, "lose", player=COLOUR_NAMES[p], region=REGION_LABELS[r], symbol=why)


def _end_turn(s: Position) -> None:
    """End the turn; the game ends here when the token supply is empty or a player (after
    the devastation) has every cube on the board (rulebook, "End of the game"; ruling R7),
    or when the turn limit's last round is complete (ruling R17). Otherwise the next player
    clockwise begins."""
    last = s.active
    n = s.config.players
    at_limit = s.turn >= s.config.turn_limit
    if s.supply and all(s.reserve) and not at_limit:
        _start_turn(s, (last + 1) % n)
        return
    s.last_player = last
    s.took = s.placed = False
    s.stage = STAGE_A
    s.used = 0
    if not s.supply:
        _log(s, "end", player=COLOUR_NAMES[last])
    elif not all(s.reserve):
        done = [COLOUR_NAMES[p] for p in range(n) if s.reserve[p] == 0]
        _log(s, "end.cubes", player=COLOUR_NAMES[last], players=", ".join(done))
    else:
        _log(s, "end.limit", player=COLOUR_NAMES[last], rounds=s.config.rounds)
    holder = s.holder
    s.queue = [q for q in final_round_order(n, last) if q in holder]
    _next_final(s)


def final_round_order(players: int, last: int) -> list[int]:
    """Return the seats of the final class round: from the last player's right-hand
    neighbour counter-clockwise, the last player excluded (rulebook, "End of the game" 1;
    ruling R16). Only players holding a class card have powers to use in it."""
    return [(last - k) % players for k in range(1, players)]


def _next_final(s: Position) -> None:
    """Give the final round to the next player in its order, or resolve every token
    (rulebook, "End of the game" 1-2); each power once more (ruling R1)."""
    if s.queue:
        s.active = s.queue[0]
        s.queue = s.queue[1:]  # a new list: the queue may be shared (`Position.successor`)
        s.phase = FINAL
        s.used = 0
        _log(s, "final.turn", player=COLOUR_NAMES[s.active])
        return
    final_resolution(s)


def _peasant_final(s: Position, r: int) -> None:
    """Final round, Peasant: add 1 cube to a region, with or without rats (rulebook, "End of
    the game" 1; ruling R10)."""
    p = s.active
    s.reserve = s.reserve[:]
    s.reserve[p] -= 1
    s.own_cubes(r)[p] += 1
    s.used |= 1 << PEASANT
    _log(s, "place.one", player=COLOUR_NAMES[p], cubes=1, region=REGION_LABELS[r])


def _knight_final(s: Position, r: int) -> None:
    """Final round, Knight: move the plague piece up to 2 regions (rulebook, "End of the
    game" 1). It neither spreads nor devastates: the final resolution follows (ruling R6)."""
    s.plague = r
    s.used |= 1 << KNIGHT
    _log(s, "plague.final", player=COLOUR_NAMES[s.active], region=REGION_LABELS[r])


def _final_done(s: Position) -> None:
    """The player ends their part of the final round (rulebook, "End of the game" 1)."""
    _next_final(s)


def final_resolution(s: Position) -> None:
    """Resolve every token on the board by the usual token rules, the plague piece counting
    as 2 neutral cubes in its region (rulebook, "End of the game" 2); then the game is
    over."""
    _log(s, "final.resolution")
    s.used = 0  # nobody acts once the game is over (a sample's stand-in holds no power)
    _own_for_reveals(s, range(s.config.regions))
    for r in range(s.config.regions):
        neutral = PLAGUE_NEUTRAL_CUBES if r == s.plague else 0
        while s.tokens[r]:
            reveal(s, r, neutral)
    s.phase = OVER
    if not s.quiet:
        res = result(s)
        _log(s, "result",
             scores=", ".join(f"{COLOUR_NAMES[p]} {v}" for p, v in enumerate(res.scores)),
             winners=", ".join(COLOUR_NAMES[p] for p in res.winners))


def scores(s: Position) -> list[int]:
    """Return each player's cubes on the board, palace included (rulebook, "End of the
    game"; "Class cards", King: palace cubes are safe)."""
    n = s.config.players
    return [sum(b[p] for b in s.board) + s.palace[p] for p in range(n)]


def result(s: Position) -> Result:
    """Most cubes wins; ties go to the tied player who would have had the next turn
    (rulebook, "End of the game"; ruling R16; option `ties`)."""
    n = s.config.players
    sc = scores(s)
    last = s.last_player if s.last_player >= 0 else s.active
    # Tie priority, higher first: n for the next player clockwise after the last player,
    # down to 1 for the last player.
    priority = [n - (p - last - 1) % n for p in range(n)]
    if s.config.shared_ties:
        return Result(tuple(sc), Result.rank([(v,) for v in sc]))
    return Result(tuple(sc), Result.rank([(v, priority[p]) for p, v in enumerate(sc)]),
                  tuple(priority))
