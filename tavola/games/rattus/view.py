"""What each player may know of a Rattus position, and a state drawn from that alone.

Face-down tokens are unknown to everyone, except those a Witch looked at, which are known
to her alone (ruling R13). A token's back is public: starting tokens have a purple border,
which is how the rulebook ("Setup" 3) has them sorted face down (ruling R8). Which tokens
each player has seen is public too (the look itself is announced), only the fronts are not.

`sample` rebuilds a full position from a seat's view and log and nothing else: every public
field is read from the view, each front the seat has seen (its own looks, the revealed
tokens) is given a token id with that front and back, and every other id is dealt at random
among the face-down places of its back (board, supply, the set-aside tokens); the
generator is drawn afresh.

`reseed` keeps everything any seat knows and redraws only what nobody knows: the fronts of
the board tokens no Witch has seen, the supply and the set-aside tokens, and the generator.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from tavola.core.events import Event
from tavola.games.rattus import rules
from tavola.games.rattus.components import (
    CLASS_INDEX,
    CLASS_NAMES,
    REGION_COUNT,
    REGION_INDEX,
    REGION_NAMES,
    STARTING_COUNT,
    TOKEN_COUNT,
    TOKENS,
)
from tavola.games.rattus.config import NEIGHBOURS
from tavola.games.rattus.state import (
    NO_POSITION,
    OVER,
    PHASE_NAMES,
    SETUP,
    STAGE_A,
    STAGE_NAMES,
    Position,
)

P = TypeVar("P", bound=Position)

# What identifies a front and its back in a view: tokens with equal keys are twins.
FrontKey = tuple[int, str, bool]


def token_data(token: int) -> dict[str, Any]:
    """Return a token's front (and its back: starting or not) as JSON data."""
    t = TOKENS[token]
    return {"threshold": t.threshold, "majority": t.majority, "all": t.everyone,
            "classes": [CLASS_NAMES[c] for c in t.classes], "symbols": t.symbols,
            "starting": t.starting}


# Each token's front as data, built once: views copy it (a view is the caller's to keep).
_FRONTS: tuple[dict[str, Any], ...] = tuple(token_data(t) for t in range(TOKEN_COUNT))


def _front(token: int) -> dict[str, Any]:
    d = _FRONTS[token].copy()
    d["classes"] = d["classes"][:]
    return d


def _key_of(front: Mapping[str, Any]) -> FrontKey:
    return (front["threshold"], front["symbols"], front["starting"])


# Token ids by front and back, lowest first: tokens with the same key cannot be told apart.
IDS_BY_FRONT: dict[FrontKey, tuple[int, ...]] = {}
for _t in range(TOKEN_COUNT):
    _k = _key_of(_FRONTS[_t])
    IDS_BY_FRONT[_k] = (*IDS_BY_FRONT.get(_k, ()), _t)

_NEIGHBOUR_NAMES: dict[int, tuple[tuple[str, ...], ...]] = {
    n: tuple(tuple(REGION_NAMES[x] for x in near) for near in NEIGHBOURS[n])
    for n in NEIGHBOURS}


def _pos(pos: tuple[int, int]) -> str | None:
    return None if pos == NO_POSITION else f"{REGION_NAMES[pos[0]]}.{pos[1]}"


def view(s: Position, player: int | None) -> dict[str, Any]:
    """Return exactly what `player` (None: a spectator) may know, as JSON data."""
    n = s.config.players
    known = s.known
    mine = known[player] if player is not None else ()
    seen_any = {t for k in known for t in k}
    near = _NEIGHBOUR_NAMES[n]
    board, tokens, plague = s.board, s.tokens, s.plague
    regions = []
    for r in range(s.config.regions):
        slots = [{"starting": t < STARTING_COUNT,
                  "seen_by": [q for q in range(n) if t in known[q]] if t in seen_any else [],
                  "front": _front(t) if t in mine else None} for t in tokens[r]]
        regions.append({"name": REGION_NAMES[r], "cubes": board[r][:], "tokens": slots,
                        "plague": r == plague, "neighbours": list(near[r])})
    supply_starting = sum(1 for t in s.supply if t < STARTING_COUNT)
    return {
        "game": "rattus", "players": n, "you": player, "phase": PHASE_NAMES[s.phase],
        "active": s.active if s.phase != OVER else None, "turn": s.turn,
        "regions": regions, "plague": REGION_NAMES[plague],
        "palace": s.palace[:], "reserve": s.reserve[:], "lost": s.lost[:],
        "cards": {CLASS_NAMES[c]: (h if h >= 0 else None) for c, h in enumerate(s.holder)},
        "supply": {"starting": supply_starting, "other": len(s.supply) - supply_starting},
        "set_aside": len(s.aside),
        "out_of_game": [_front(t) for t in s.out],
        "stage": {
            "setup_placements": s.step,
            "took_card": s.took, "placed": s.placed,
            "turn_phase": (STAGE_NAMES[s.stage] if s.phase != SETUP and s.last_player < 0
                           else None),
            "used": [CLASS_NAMES[c] for c in range(6) if s.used >> c & 1],
            "spread_left": s.spread_left,
            "spread_from": REGION_NAMES[s.spread_from] if s.spread_from >= 0 else None,
            "witch_first": _pos(s.witch_first), "witch_second": _pos(s.witch_second),
            "picked": REGION_NAMES[s.pick] if s.pick >= 0 else None,
            "final_queue": s.queue[:],
            "last_player": s.last_player if s.last_player >= 0 else None,
        },
        "scores": rules.scores(s),
        "round_limit": s.config.rounds,
    }


def _position(text: str | None) -> tuple[int, int]:
    if text is None:
        return NO_POSITION
    name, _, slot = text.partition(".")
    return REGION_INDEX[name], int(slot)


def _draw(pool: list[int], k: int, rng: random.Random) -> None:
    """Move `k` items drawn uniformly without replacement to the front of `pool`, in draw
    order (a partial Fisher-Yates shuffle). `int(random() * m)` is used for speed; with 53
    random bits and m below 50 its bias is under 2**-47."""
    draw = rng.random
    n = len(pool)
    for i in range(k):
        j = i + int(draw() * (n - i))
        pool[i], pool[j] = pool[j], pool[i]


def fill_sample(s: Position, player: int, seen: Mapping[str, Any], log: Sequence[Event],
                rng: random.Random) -> None:
    """Fill the blank position `s` with a state drawn from `player`'s information set: the
    view `seen` and the log `log` (both the seat's own), with `rng` for what they hide."""
    n = s.config.players
    stage = seen["stage"]
    s.phase = PHASE_NAMES.index(seen["phase"])
    s.step = stage["setup_placements"]
    s.turn = seen["turn"]
    s.took, s.placed = stage["took_card"], stage["placed"]
    letter = stage["turn_phase"]
    s.stage = STAGE_A if letter is None else STAGE_NAMES.index(letter)
    s.used = sum(1 << CLASS_INDEX[c] for c in stage["used"])
    s.spread_left = stage["spread_left"]
    s.spread_from = -1 if stage["spread_from"] is None else REGION_INDEX[stage["spread_from"]]
    s.witch_first = _position(stage["witch_first"])
    s.witch_second = _position(stage["witch_second"])
    s.pick = -1 if stage["picked"] is None else REGION_INDEX[stage["picked"]]
    s.queue = list(stage["final_queue"])
    s.last_player = -1 if stage["last_player"] is None else stage["last_player"]
    active = seen["active"]
    if active is None:   # over: nobody acts; the last regular player stands in
        active = max(s.last_player, 0)
    s.active = active
    s.plague = REGION_INDEX[seen["plague"]]
    s.palace, s.reserve, s.lost = list(seen["palace"]), list(seen["reserve"]), list(seen["lost"])
    cards = seen["cards"]
    s.holder = [-1 if cards[c] is None else cards[c] for c in CLASS_NAMES]
    regions = seen["regions"]
    board = [r["cubes"][:] for r in regions]
    board += [[0] * n for _ in range(REGION_COUNT - len(board))]
    s.board = board

    # Fronts the seat has seen get the first free id of their kind, the others are dealt.
    taken: dict[FrontKey, int] = {}

    def twin(front: Mapping[str, Any]) -> int:
        key = _key_of(front)
        i = taken.get(key, 0)
        taken[key] = i + 1
        return IDS_BY_FRONT[key][i]

    s.out = [twin(front) for front in seen["out_of_game"]]
    slots = [slot for r in regions for slot in r["tokens"]]
    fixed = [-1 if slot["front"] is None else twin(slot["front"]) for slot in slots]
    used = set(fixed)
    used.update(s.out)
    starting = [t for t in range(STARTING_COUNT) if t not in used]
    other = [t for t in range(STARTING_COUNT, TOKEN_COUNT) if t not in used]
    # Draw only what must be drawn: the unseen board tokens in slot order (a uniform deal),
    # then which of the rest were set aside; the remaining tokens are the supply.
    face_down = [slot["starting"] for t, slot in zip(fixed, slots, strict=True) if t < 0]
    on_board = face_down.count(True)
    _draw(starting, on_board, rng)
    _draw(other, len(face_down) - on_board + seen["set_aside"], rng)
    deal_starting, deal_other = iter(starting), iter(other)
    ids = [t if t >= 0 else next(deal_starting if slot["starting"] else deal_other)
           for t, slot in zip(fixed, slots, strict=True)]
    rest = len(face_down) - on_board
    s.aside = sorted(other[rest:rest + seen["set_aside"]])
    s.supply = sorted(starting[on_board:] + other[rest + seen["set_aside"]:])
    known: list[list[int]] = [[] for _ in range(n)]
    tokens: list[list[int]] = []
    k = 0
    for r in regions:
        here = ids[k:k + len(r["tokens"])]
        for t, slot in zip(here, r["tokens"], strict=True):
            for q in slot["seen_by"]:
                known[q].append(t)
        tokens.append(here)
        k += len(here)
    tokens += [[] for _ in range(REGION_COUNT - len(tokens))]
    s.tokens = tokens
    s.known = [sorted(x) for x in known]
    s.rng = rng.getrandbits(64)
    s.history = tuple(log)


def reseed(s: P, rng: random.Random) -> P:
    """Return a copy of `s` whose tokens nobody has seen are dealt afresh, with a new
    generator.

    No seat knows the front of a face-down token no Witch has looked at, nor which tokens
    are in the supply or were set aside; only their backs and counts are public (ruling
    R8). So the unseen board tokens, the supply and the set-aside tokens are shuffled
    together, each back on its own, and dealt back to the same places: every view and the
    log stay as they were, and the spreading draws to come are new.
    """
    c = s.copy()
    seen = {t for k in s.known for t in k}
    holes = [(r, i) for r, toks in enumerate(c.tokens) for i, t in enumerate(toks)
             if t not in seen]
    unseen = [c.tokens[r][i] for r, i in holes]
    starting = sorted([t for t in unseen if t < STARTING_COUNT]
                      + [t for t in c.supply if t < STARTING_COUNT])
    other = sorted([t for t in unseen if t >= STARTING_COUNT]
                   + [t for t in c.supply if t >= STARTING_COUNT] + c.aside)
    _draw(starting, len(starting), rng)
    _draw(other, len(other), rng)
    deal_starting, deal_other = iter(starting), iter(other)
    for (r, i), t in zip(holes, unseen, strict=True):
        c.tokens[r][i] = next(deal_starting if t < STARTING_COUNT else deal_other)
    aside = [next(deal_other) for _ in c.aside]
    c.aside = sorted(aside)
    c.supply = sorted([*deal_starting, *deal_other])
    c.rng = rng.getrandbits(64)
    return c


def breakdown(s: Position) -> dict[str, Any]:
    """Return each seat's score by where its cubes stand: on the board's regions and in the
    palace (rulebook, "End of the game": both count)."""
    n = s.config.players
    return {"rows": [{"source": "board", "points": [sum(b[p] for b in s.board)
                                                     for p in range(n)]},
                     {"source": "palace", "points": s.palace[:n]}]}
