"""The rules of Rattus: setup, the legal decisions and their effects, the end and the result.

Every rule function cites the seed (`../shared/rules/001_fd664e5a4dc3eb03.txt`, section
named in Italian) or the ruling (`RULINGS.md` Rattus n, `docs/games/rattus.md` Rn).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tavola.core import Action, Result, Rng
from tavola.core.events import Event, log_append
from tavola.core.rng import seed_to_state
from tavola.games.rattus import actions as A
from tavola.games.rattus.components import (
    CLASS_INDEX,
    CLASS_NAMES,
    KING,
    KNIGHT,
    MERCHANT,
    MONK,
    PEASANT,
    REGION_INDEX,
    REGION_NAMES,
    STARTING_COUNT,
    TOKEN_COUNT,
    TOKENS,
    WITCH,
)
from tavola.games.rattus.config import (
    CUBES_PER_PLAYER,
    KING_CUBES,
    MAX_TOKENS_PER_REGION,
    MERCHANT_MAX_CUBES,
    NEIGHBOURS,
    NON_STARTING_REMOVED,
    PEASANT_EXTRA_CUBES,
    PLAGUE_NEUTRAL_CUBES,
    REGIONS_IN_PLAY,
    SETUP_CUBES,
    SPREAD_BY_TOKENS,
    WITHIN_TWO,
)
from tavola.games.rattus.state import (
    FINAL,
    KNIGHT_DECISION,
    OVER,
    SETUP,
    SPREAD,
    TURN,
    WITCH_SECOND,
    WITCH_SWAP,
    RattusState,
)

if TYPE_CHECKING:
    from tavola.games.rattus import RattusGame


# -- setup ---------------------------------------------------------------------------------
def new_state(game: RattusGame, seed: int) -> RattusState:
    """Set up a game (seed, PREPARAZIONE 1-8).

    The class cards lie beside the board; one shuffled starting token goes to each region in
    play, the other starting tokens join the supply; the non-starting tokens lose 12 / 6 / 0
    (set aside face down) for 2 / 3 / 4 players and the rest join the supply; the plague
    piece goes to a random region in play; each player has 20 cubes; seat 0 (the youngest)
    begins. The two placement rounds (PREPARAZIONE 9-10) are the first decisions.
    """
    s = RattusState(game)
    n = game.players
    rng = Rng(seed_to_state(seed))
    count = REGIONS_IN_PLAY[n]
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
    s.reserve = [CUBES_PER_PLAYER] * n
    s.rng = rng.state
    s.phase, s.active, s.step = SETUP, 0, 0
    _log(s, "setup", regions=count, supply=len(s.supply), aside=len(s.aside),
         plague=region_label(s.plague))
    return s


def setup_order(players: int) -> list[int]:
    """Return the seats of the two placement rounds (seed, PREPARAZIONE 9-10).

    Round one runs clockwise from the first player, round two counter-clockwise from the last.
    """
    return list(range(players)) + list(range(players - 1, -1, -1))


# -- legal decisions -----------------------------------------------------------------------
def legal(s: RattusState) -> list[Action]:
    """Return the active player's legal actions in a stable order."""
    phase = s.phase
    if phase == TURN:
        return _turn_actions(s)
    if phase == SPREAD:
        return [A.SPREAD[r] for r in spread_targets(s)]
    if phase == KNIGHT_DECISION:
        return [A.BOOST, A.NO_BOOST]
    if phase == WITCH_SECOND:
        return [A.WITCH_LOOK[pos] for pos in board_positions(s) if pos != s.witch_first]
    if phase == WITCH_SWAP:
        return [A.SWAP, A.KEEP]
    if phase == FINAL:
        out: list[Action] = []
        _power_actions(s, out, final=True)
        out.append(A.DONE)
        return out
    if phase == SETUP:
        return [A.SETUP[r] for r in range(REGIONS_IN_PLAY[s.game.players])]
    return []


def _turn_actions(s: RattusState) -> list[Action]:
    """A turn's options: A, B and C (seed, RIEPILOGO DEL TURNO)."""
    p = s.active
    out: list[Action] = []
    if not s.took:
        out.extend(A.TAKE[c] for c in range(6) if s.holder[c] != p)
    if not s.b_closed:
        if not s.placed and s.reserve[p] > 0:
            peasant = s.holder[PEASANT] == p and not s.used & (1 << PEASANT)
            for r in range(REGIONS_IN_PLAY[s.game.players]):
                rats = len(s.tokens[r])
                if rats:
                    out.append(A.PLACE[r])
                if peasant and s.reserve[p] > rats:
                    out.append(A.PLACE_PEASANT[r])
        _power_actions(s, out, final=False)
    out.extend(A.PLAGUE[r] for r in plague_moves(s))
    return out


def plague_moves(s: RattusState) -> tuple[int, ...]:
    """Where the plague piece may go (seed, fase C; Knight: up to 2 regions, CARTE CLASSE)."""
    n = s.game.players
    if s.holder[KNIGHT] == s.active:
        return WITHIN_TWO[n][s.plague]
    return NEIGHBOURS[n][s.plague]


def _power_actions(s: RattusState, out: list[Action], final: bool) -> None:
    """Append the class powers the active player may still use (seed, CARTE CLASSE)."""
    p, used, holder = s.active, s.used, s.holder
    n = s.game.players
    count = REGIONS_IN_PLAY[n]
    near = NEIGHBOURS[n]
    board, tokens = s.board, s.tokens
    if holder[KING] == p and not used & (1 << KING):
        out.extend(A.KING_MOVE[r] for r in range(count) if board[r][p] and not tokens[r])
    if holder[MERCHANT] == p and not used & (1 << MERCHANT):
        for r in range(count):
            have = min(board[r][p], MERCHANT_MAX_CUBES)
            for t in near[r]:
                out.extend(A.MERCHANT_MOVE[r, t, k] for k in range(1, have + 1))
    if holder[MONK] == p and not used & (1 << MONK):
        for r in range(count):
            targets = [t for t in near[r] if len(tokens[t]) < MAX_TOKENS_PER_REGION]
            for slot in range(len(tokens[r])):
                out.extend(A.MONK_MOVE[r, slot, t] for t in targets)
    if holder[WITCH] == p and not used & (1 << WITCH):
        positions = board_positions(s)
        if len(positions) >= 2:
            out.extend(A.WITCH_LOOK[pos] for pos in positions)
    if final:
        if holder[PEASANT] == p and not used & (1 << PEASANT) and s.reserve[p]:
            out.extend(A.PEASANT_CUBE[r] for r in range(count))
        if holder[KNIGHT] == p and not used & (1 << KNIGHT):
            out.extend(A.PLAGUE[r] for r in WITHIN_TWO[n][s.plague])


def board_positions(s: RattusState) -> list[tuple[int, int]]:
    """Return every (region, slot) holding a token."""
    return [(r, i) for r, toks in enumerate(s.tokens) for i in range(len(toks))]


def spread_targets(s: RattusState) -> list[int]:
    """Regions adjacent to the plague's region with room for a token (RULINGS.md Rattus 2)."""
    tokens = s.tokens
    return [t for t in NEIGHBOURS[s.game.players][s.spread_from]
            if len(tokens[t]) < MAX_TOKENS_PER_REGION]


# -- effects -------------------------------------------------------------------------------
def apply(state: RattusState, action: Action) -> RattusState:
    """Return the state after the active player's legal `action`."""
    s = state.copy()
    kind, args = action.kind, action.args
    if kind == "setup":
        _setup_place(s, REGION_INDEX[args[0]])
    elif kind == "take":
        _take(s, CLASS_INDEX[args[0]])
    elif kind == "place":
        _place(s, REGION_INDEX[args[0]], len(args) > 1)
    elif kind == "king":
        _king(s, REGION_INDEX[args[0]])
    elif kind == "merchant":
        _merchant(s, REGION_INDEX[args[0]], REGION_INDEX[args[1]], int(args[2]))
    elif kind == "monk":
        _monk(s, A.position(args[0]), REGION_INDEX[args[1]])
    elif kind == "witch":
        _witch_look(s, A.position(args[0]))
    elif kind in ("swap", "keep"):
        _witch_swap(s, kind == "swap")
    elif kind == "peasant":
        _peasant_final(s, REGION_INDEX[args[0]])
    elif kind == "plague":
        if s.phase == FINAL:
            _knight_final(s, REGION_INDEX[args[0]])
        else:
            _move_plague(s, REGION_INDEX[args[0]])
    elif kind == "spread":
        _spread(s, REGION_INDEX[args[0]])
    elif kind in ("boost", "no_boost"):
        _knight_decides(s, kind == "boost")
    elif kind == "done":
        _final_done(s)
    else:  # legality was checked at the boundary; this is a programming error
        raise AssertionError(f"unhandled action {action}")
    return s


def _log(s: RattusState, key: str, audience: frozenset[int] | None = None,
         redacted: Event | None = None, **args: object) -> None:
    s.logcell = log_append(s.logcell, Event(key, args, audience, redacted))


def region_label(r: int) -> str:
    """Return a region's display name for the log."""
    return REGION_NAMES[r].capitalize()


def position_label(pos: tuple[int, int]) -> str:
    """Return a token position for the log, counting tokens from 1 as the map shows them."""
    return f"{region_label(pos[0])} token {pos[1] + 1}"


def _name(s: RattusState, p: int) -> str:
    return s.game.player_name(p)


def _setup_place(s: RattusState, r: int) -> None:
    """Place 2 cubes in a region (seed, PREPARAZIONE 9-10); then the first turn begins."""
    p = s.active
    k = min(SETUP_CUBES, s.reserve[p])
    s.reserve[p] -= k
    s.board[r][p] += k
    _log(s, "setup.place", player=_name(s, p), cubes=k, region=region_label(r))
    s.step += 1
    order = setup_order(s.game.players)
    if s.step < len(order):
        s.active = order[s.step]
    else:
        _start_turn(s, 0)


def _start_turn(s: RattusState, p: int) -> None:
    """Begin player p's regular turn (seed, RIEPILOGO DEL TURNO)."""
    s.phase, s.active = TURN, p
    s.took = s.placed = s.b_closed = False
    s.used = 0
    s.turn += 1
    _log(s, "turn", player=_name(s, p), turn=s.turn)


def _b_begun(s: RattusState) -> bool:
    return s.placed or s.used != 0


def _take(s: RattusState, c: int) -> None:
    """A: take a class card from beside the board or from another player (seed, fase A).

    A and B come in either order, so taking a card once B has begun ends B (ruling R2).
    """
    p = s.active
    before = s.holder[c]
    s.holder[c] = p
    s.took = True
    if _b_begun(s):
        s.b_closed = True
    source = "beside the board" if before < 0 else _name(s, before)
    _log(s, "take", player=_name(s, p), card=CLASS_NAMES[c], source=source)


def _place(s: RattusState, r: int, peasant: bool) -> None:
    """B: place as many cubes as the region has rat tokens; the Peasant adds one (seed, fase B;
    CARTE CLASSE, Contadino). A short reserve places what it has (ruling R3)."""
    p = s.active
    want = len(s.tokens[r]) + (PEASANT_EXTRA_CUBES if peasant else 0)
    k = min(want, s.reserve[p])
    s.reserve[p] -= k
    s.board[r][p] += k
    s.placed = True
    if peasant:
        s.used |= 1 << PEASANT
    _log(s, "place.one" if k == 1 else "place", player=_name(s, p), cubes=k,
         region=region_label(r))


def _king(s: RattusState, r: int) -> None:
    """King: one own cube from a region without rat tokens to the palace (CARTE CLASSE, Re)."""
    p = s.active
    s.board[r][p] -= KING_CUBES
    s.palace[p] += KING_CUBES
    s.used |= 1 << KING
    _log(s, "king", player=_name(s, p), region=region_label(r))


def _merchant(s: RattusState, a: int, b: int, k: int) -> None:
    """Merchant: move up to 3 own cubes to an adjacent region (CARTE CLASSE, Mercante)."""
    p = s.active
    s.board[a][p] -= k
    s.board[b][p] += k
    s.used |= 1 << MERCHANT
    _log(s, "merchant.one" if k == 1 else "merchant", player=_name(s, p), cubes=k,
         source=region_label(a), target=region_label(b))


def _monk(s: RattusState, pos: tuple[int, int], b: int) -> None:
    """Monk: move one rat token to an adjacent region with room (CARTE CLASSE, Monaco)."""
    p = s.active
    a, slot = pos
    token = s.tokens[a].pop(slot)
    s.tokens[b].append(token)
    s.used |= 1 << MONK
    _log(s, "monk", player=_name(s, p), source=position_label(pos), target=region_label(b))


def _witch_look(s: RattusState, pos: tuple[int, int]) -> None:
    """Witch: look at any two tokens on the board, one pick at a time (CARTE CLASSE, Strega;
    RULINGS.md Rattus 1). What she sees is told to her alone."""
    p = s.active
    if s.phase != WITCH_SECOND:
        s.witch_first = pos
        s.witch_return = s.phase
        s.used |= 1 << WITCH
        s.phase = WITCH_SECOND
        return
    s.witch_second = pos
    s.phase = WITCH_SWAP
    first, second = s.witch_first, pos
    ids = (s.tokens[first[0]][first[1]], s.tokens[second[0]][second[1]])
    known = set(s.known[p])
    known.update(ids)
    s.known[p] = sorted(known)
    public = Event("witch.look.public", {"player": _name(s, p), "first": position_label(first),
                                         "second": position_label(second)})
    _log(s, "witch.look", frozenset({p}), public, player=_name(s, p),
         first=position_label(first), second=position_label(second),
         first_token=_token_text(ids[0]), second_token=_token_text(ids[1]))


def _token_text(token: int) -> str:
    t = TOKENS[token]
    return f"{t.threshold}: {t.symbols}"


def _witch_swap(s: RattusState, swap: bool) -> None:
    """Witch: swap the two tokens she looked at, or leave them (CARTE CLASSE, Strega)."""
    p = s.active
    (ra, ia), (rb, ib) = s.witch_first, s.witch_second
    if swap:
        s.tokens[ra][ia], s.tokens[rb][ib] = s.tokens[rb][ib], s.tokens[ra][ia]
    _log(s, "witch.swap" if swap else "witch.keep", player=_name(s, p),
         first=position_label(s.witch_first), second=position_label(s.witch_second))
    s.witch_first = s.witch_second = (-1, -1)
    s.phase = s.witch_return


def _move_plague(s: RattusState, r: int) -> None:
    """C: move the plague piece to an adjacent region, or up to 2 with the Knight (seed,
    fase C); then the plague spreads from there (seed, Diffusione della peste)."""
    s.plague = r
    s.spread_from = r
    s.spread_left = SPREAD_BY_TOKENS[len(s.tokens[r])]
    key = ("plague.none", "plague.one", "plague")[s.spread_left]
    _log(s, key, player=_name(s, s.active), region=region_label(r), spread=s.spread_left)
    _after_move(s)


def _after_move(s: RattusState) -> None:
    """Ask for the next spreading token, else go on to the devastation (seed, Diffusione;
    RULINGS.md Rattus 2: tokens that fit nowhere, or that the supply lacks, are not placed)."""
    if s.spread_left > 0 and s.supply and spread_targets(s):
        s.phase = SPREAD
        return
    s.spread_left = 0
    r = s.plague
    if s.tokens[r] and any(s.board[r]):
        if s.holder[KNIGHT] == s.active:
            s.phase = KNIGHT_DECISION
            return
        devastate(s, r, boost=False)
    _end_turn(s)


def _spread(s: RattusState, r: int) -> None:
    """Put one face-down token from the supply into an adjacent region (seed, Diffusione)."""
    rng = Rng(s.rng)
    token = s.supply.pop(rng.below(len(s.supply)))
    s.rng = rng.state
    s.tokens[r].append(token)
    s.spread_left -= 1
    _log(s, "spread", region=region_label(r), supply=len(s.supply))
    _after_move(s)


def _knight_decides(s: RattusState, boost: bool) -> None:
    """Knight: before revealing, decide whether the plague piece counts as 2 neutral cubes
    (seed, Spiegazione dei segnalini Ratto; CARTE CLASSE, Cavaliere)."""
    _log(s, "knight", player=_name(s, s.active), boost="yes" if boost else "no")
    devastate(s, s.plague, boost)
    _end_turn(s)


def devastate(s: RattusState, r: int, boost: bool) -> None:
    """Reveal the region's tokens one at a time until all are revealed or no cube is left;
    every revealed token leaves the game (seed, Devastazione della regione appestata).
    Tokens are revealed in the order they arrived (ruling R5)."""
    neutral = PLAGUE_NEUTRAL_CUBES if boost else 0
    while s.tokens[r] and any(s.board[r]):
        reveal(s, r, neutral)


def reveal(s: RattusState, r: int, neutral: int) -> None:
    """Reveal the region's first token and resolve it if the population reaches its
    threshold (seed, Spiegazione dei segnalini Ratto)."""
    token = s.tokens[r].pop(0)
    s.out.append(token)
    for k in s.known:
        if token in k:
            k.remove(token)
    front = TOKENS[token]
    population = sum(s.board[r]) + neutral
    hit = population >= front.threshold
    _log(s, "reveal", region=region_label(r), threshold=front.threshold,
         symbols=front.symbols, population=population,
         outcome="devastation" if hit else "no effect")
    if hit:
        resolve(s, r, token)


def resolve(s: RattusState, r: int, token: int) -> None:
    """Resolve a token's symbols: each M (one at a time), then A, then class icons (seed,
    Spiegazione dei segnalini Ratto 1-3; RULINGS.md Rattus 3)."""
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


def _lose(s: RattusState, r: int, p: int, why: str) -> None:
    s.board[r][p] -= 1
    s.lost[p] += 1
    _log(s, "lose", player=_name(s, p), region=region_label(r), symbol=why)


def _end_turn(s: RattusState) -> None:
    """End the turn; the game ends when the token supply is empty or a player has every cube
    on the board (seed, FINE DELLA PARTITA)."""
    last = s.active
    n = s.game.players
    s.spread_left, s.spread_from = 0, -1
    ended = not s.supply or any(r == 0 for r in s.reserve)
    if not ended:
        _start_turn(s, (last + 1) % n)
        return
    s.last_player = last
    reason = "supply" if not s.supply else "cubes"
    _log(s, "end", player=_name(s, last), reason=reason)
    s.queue = [q for q in final_round_order(n, last) if p_holds_card(s, q)]
    _next_final(s)


def final_round_order(players: int, last: int) -> list[int]:
    """Return the seats of the final class round: from the last player's right-hand
    neighbour counter-clockwise, the last player excluded (seed, FINE DELLA PARTITA 1;
    RULINGS.md Rattus 4)."""
    return [(last - k) % players for k in range(1, players)]


def p_holds_card(s: RattusState, p: int) -> bool:
    """True if player p holds a class card."""
    return p in s.holder


def _next_final(s: RattusState) -> None:
    if s.queue:
        s.active = s.queue.pop(0)
        s.phase = FINAL
        s.used = 0
        _log(s, "final.turn", player=_name(s, s.active))
        return
    final_resolution(s)


def _peasant_final(s: RattusState, r: int) -> None:
    """Final round, Peasant: add 1 cube to any region (seed, FINE DELLA PARTITA 1)."""
    p = s.active
    s.reserve[p] -= 1
    s.board[r][p] += 1
    s.used |= 1 << PEASANT
    _log(s, "place.one", player=_name(s, p), cubes=1, region=region_label(r))


def _knight_final(s: RattusState, r: int) -> None:
    """Final round, Knight: move the plague piece up to 2 regions (seed, FINE DELLA PARTITA
    1). It neither spreads nor devastates: the final resolution follows (ruling R6)."""
    s.plague = r
    s.used |= 1 << KNIGHT
    _log(s, "plague.final", player=_name(s, s.active), region=region_label(r))


def _final_done(s: RattusState) -> None:
    _next_final(s)


def final_resolution(s: RattusState) -> None:
    """Resolve every token on the board, the plague piece counting as 2 neutral cubes in its
    region (seed, FINE DELLA PARTITA 2); then the game is over."""
    _log(s, "final.resolution")
    for r in range(REGIONS_IN_PLAY[s.game.players]):
        neutral = PLAGUE_NEUTRAL_CUBES if r == s.plague else 0
        while s.tokens[r]:
            reveal(s, r, neutral)
    s.phase = OVER
    res = result(s)
    _log(s, "result", scores=", ".join(f"{_name(s, p)} {v}" for p, v in enumerate(res.scores)),
         winners=", ".join(_name(s, p) for p in res.winners))


def scores(s: RattusState) -> list[int]:
    """Return each player's cubes on the board, palace included (seed, FINE DELLA PARTITA)."""
    n = s.game.players
    return [sum(b[p] for b in s.board) + s.palace[p] for p in range(n)]


def result(s: RattusState) -> Result:
    """Most cubes wins; ties go to the tied player who would have had the next turn (seed,
    FINE DELLA PARTITA; RULINGS.md Rattus 4; option `ties`)."""
    n = s.game.players
    sc = scores(s)
    last = s.last_player if s.last_player >= 0 else s.active
    # Tie priority, higher first: n for the next player clockwise after the last player,
    # down to 1 for the last player.
    priority = [n - (p - last - 1) % n for p in range(n)]
    if s.game.options["ties"] == "shared":
        return Result(tuple(sc), Result.rank([(v,) for v in sc]))
    return Result(tuple(sc), Result.rank([(v, priority[p]) for p, v in enumerate(sc)]),
                  tuple(priority))
