"""Whether a decision may be taken back (Board Game Arena's policy), told through the
game contract alone.

A player may take back their own last decision only while the game is not over (a game
that has ended is final: its result, and on a server its seed, may already be known), while
nobody else has acted since (the table checks that: the decision is the table's last), no
randomness happened and no hidden information was revealed to anyone. This module tells it
through the game contract alone:

- **Not the end**: a decision that ended the game is never taken back.

- **No randomness**: the state's `chance_marker` after the decision equals the one before
  (the contract: equal exactly when the game's generator was not consumed on the way). A
  game whose marker is None cannot tell, and its decisions are never taken back.
- **Nothing revealed to the one who decided**: the decision is replayed on states sampled
  from that seat's information set before it (`Game.sample`). If the seat's view and log
  after it are the same in every sample as in the game, the seat learned nothing it could
  not know beforehand — and since whatever became public is in that view too, nothing
  hidden became public either.
- **Nothing revealed to another seat**: each other seat's view and log changed only where
  the spectator's did, in the same way (a hidden choice shows as "P1 has bid", as it does
  to a spectator), so no private information reached it.

A decision the samples cannot replay (illegal in a sample, an error) is not taken back:
when unsure, refuse.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from tavola.core import Action, State, TavolaError

SAMPLES = 6
"""How many states drawn from the seat's information set the decision is replayed on."""


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    if isinstance(value, dict):
        for key in sorted(value):
            yield from _leaves(value[key], (*path, key))
    elif isinstance(value, list):
        yield (*path, "#len"), len(value)
        for i, item in enumerate(value):
            yield from _leaves(item, (*path, i))
    else:
        yield path, value


def changes(before: Any, after: Any) -> set[tuple[tuple[Any, ...], Any]]:
    """Return the leaves of `after` that differ from `before`, with their new values."""
    old = dict(_leaves(before))
    return {(path, repr(value)) for path, value in _leaves(after)
            if path not in old or old[path] != value} | {
        (path, "<gone>") for path in old if path not in dict(_leaves(after))}


def _log(state: State, viewer: int | None) -> list[dict[str, Any]]:
    return [e.public_json() for e in state.log(viewer)]


REASONS = {
    "undo_game_over": "the game is over, and its end is final",
    "undo_chance_unknown": "this game does not say whether chance was involved",
    "undo_chance": "chance was involved (something was drawn or shuffled)",
    "undo_unchecked": "the decision cannot be checked",
    "undo_revealed_you": "it revealed something you could not know before",
    "undo_revealed_other": "it revealed something to another player",
    "undo_told_other": "it told another player something in private",
}
"""Each reason's refusal code (`tavola.server.messages`) and its English words."""


def why_not_undoable(before: State, after: State, seat: int, action: Action,
                     rng: random.Random) -> str | None:
    """Return why `seat`'s decision `action` (from `before` to `after`) may not be taken
    back, in English, or None if it may."""
    code = undo_refusal(before, after, seat, action, rng)
    return None if code is None else REASONS[code]


def cheap_refusal(before: State, after: State) -> str | None:
    """Return the refusal code of the checks that cost nothing (the end of the game, chance),
    or None if they pass and only the information checks of `undo_refusal` remain."""
    if after.is_terminal:
        return "undo_game_over"
    chance_before, chance_after = before.chance_marker, after.chance_marker
    if chance_before is None or chance_after is None:
        return "undo_chance_unknown"
    if chance_before != chance_after:
        return "undo_chance"
    return None


def undo_refusal(before: State, after: State, seat: int, action: Action,
                 rng: random.Random) -> str | None:
    """Return the refusal code of why `seat`'s decision `action` (from `before` to
    `after`) may not be taken back (a key of `REASONS`), or None if it may."""
    code = cheap_refusal(before, after)
    if code is not None:
        return code
    mine_after = (after.view(seat), _log(after, seat))
    view, log = before.view(seat), before.log(seat)
    for _ in range(SAMPLES):
        try:
            sample = before.game.sample(seat, view, log, random.Random(rng.getrandbits(64)))
            replayed = sample.apply(seat, action)
        except TavolaError:
            return "undo_unchecked"
        if (replayed.view(seat), _log(replayed, seat)) != mine_after:
            return "undo_revealed_you"
    public = changes(before.view(None), after.view(None))
    public_log = _log(after, None)[len(before.log(None)):]
    for other in range(before.game.players):
        if other == seat:
            continue
        if not changes(before.view(other), after.view(other)) <= public:
            return "undo_revealed_other"
        if _log(after, other)[len(before.log(other)):] != public_log:
            return "undo_told_other"
    return None
