"""Scenario helpers: build specific Rattus positions directly, not by lucky shuffles."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tavola.core import Action, State
from tavola.games.rattus.components import (
    CLASS_INDEX,
    REGION_INDEX,
    STARTING_COUNT,
    TOKEN_COUNT,
    TOKENS,
    _token,
)
from tavola.games.rattus.config import NON_STARTING_REMOVED
from tavola.games.rattus.game import RattusGame, RattusState
from tavola.games.rattus.rules import b_offers
from tavola.games.rattus.state import STAGE_A, STAGE_B, STAGE_C, TURN


def token_id(code: str, used: set[int] | None = None) -> int:
    """Return the id of an unused token whose front is `code` (e.g. ``"3 MM"``)."""
    want = _token(code, False)
    for t, front in enumerate(TOKENS):
        if (front.threshold, front.majority, front.everyone, front.classes) == (
                want.threshold, want.majority, want.everyone, want.classes) and (
                used is None or t not in used):
            if used is not None:
                used.add(t)
            return t
    raise LookupError(f"no free token {code!r}")


def scenario(
    players: int = 2,
    *,
    tokens: Mapping[str, Sequence[str]] | None = None,
    cubes: Mapping[str, Sequence[int]] | None = None,
    plague: str = "gallia",
    holders: Mapping[str, int] | None = None,
    active: int = 0,
    supply: int | None = None,
    palace: Sequence[int] | None = None,
    lost: Sequence[int] | None = None,
    options: Mapping[str, object] | None = None,
    step: str = "A",
) -> RattusState:
    """Return a position at the start of `active`'s first turn: tokens by region (front
    codes), cubes by region (per player), the plague piece, card holders and the supply
    size. As in a real game the setup's tokens are set aside; the other unused tokens are in
    the supply (all of them unless `supply` is given) or else out of the game, so every
    token is accounted for and the position passes the loader's invariants. With `step`
    "B" or "C" the player has already passed the steps before it (see `to_step`)."""
    game = RattusGame(players, dict(options or {}))
    s = RattusState(game)
    used: set[int] = set()
    for name, codes in (tokens or {}).items():
        for code in codes:
            s.tokens[REGION_INDEX[name]].append(token_id(code, used))
    rest = [t for t in range(TOKEN_COUNT) if t not in used]
    removed = NON_STARTING_REMOVED[players]
    s.aside = [t for t in rest if t >= STARTING_COUNT][:removed]
    rest = [t for t in rest if t not in s.aside]
    keep = len(rest) if supply is None else supply
    s.supply, s.out = rest[:keep], rest[keep:]
    for name, per_player in (cubes or {}).items():
        s.board[REGION_INDEX[name]] = list(per_player)
    s.palace = list(palace) if palace is not None else [0] * players
    s.lost = list(lost) if lost is not None else [0] * players
    s.reserve = [20 - sum(b[p] for b in s.board) - s.palace[p] - s.lost[p]
                 for p in range(players)]
    for card, p in (holders or {}).items():
        s.holder[CLASS_INDEX[card]] = p
    s.plague = REGION_INDEX[plague]
    s.step = 2 * players
    s.phase, s.active, s.turn = TURN, active, active + 1
    if all(h == active for h in s.holder):  # no card to take: the rules skip A
        s.stage = STAGE_B if b_offers(s) else STAGE_C
    game.check_state(s)
    return to_step(s, step)


def to_step(state: State, step: str) -> RattusState:
    """Return the position once the active player has passed the steps of their turn
    before `step` ("A", "B" or "C"): no card in A, then the end of B when B is asked (a B
    with nothing to offer is skipped by the rules)."""
    s = state
    assert isinstance(s, RattusState)
    if step in ("B", "C") and s.phase == TURN and s.stage == STAGE_A:
        s = play(s, "no_card")
    if step == "C" and s.phase == TURN and s.stage == STAGE_B:
        s = play(s, "end_b")
    return s


def revealed(s: RattusState) -> list[int]:
    """Return the tokens revealed since the scenario began, in order (a scenario starts with
    the unused tokens out of the game and an empty log; each reveal is logged)."""
    count = sum(1 for e in s.events() if e.key == "reveal")
    return s.out[len(s.out) - count:]


def play(state: State, *moves: str) -> RattusState:
    """Apply the active player's moves in order; return the final state."""
    s = state
    for m in moves:
        s = s.apply(s.to_act[0], m)
    assert isinstance(s, RattusState)
    return s


def legal_text(state: State) -> list[str]:
    """Return the active player's legal actions as text."""
    return [str(a) for a in state.legal_actions(state.to_act[0])]


def kinds(state: State) -> set[str]:
    """Return the kinds of the active player's legal actions."""
    return {a.kind for a in state.legal_actions(state.to_act[0])}


def region(state: RattusState, name: str) -> list[int]:
    """Return the token ids in a region."""
    return state.tokens[REGION_INDEX[name]]


def cubes(state: RattusState, name: str) -> list[int]:
    """Return the cubes per player in a region."""
    return state.board[REGION_INDEX[name]]


def is_legal(state: State, text: str) -> bool:
    """True if `text` is a legal action for the active player."""
    return Action.parse(text) in state.legal_actions(state.to_act[0])
