"""Reusable conformance checks that every game's tests call.

`check_random_games` plays random games and, at every step, checks the contract:
whoever must act has a legal action; JSON round-trips; apply never changes its input;
an illegal or out-of-turn action raises and changes nothing; views are JSON-able, carry no
generator, and determinize keeps the acting player's view; the replay is identical.
Game-specific invariants come in as `invariant(state)`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable
from typing import TypeVar

import pytest

from tavola.core import (
    Action,
    IllegalAction,
    NotPending,
    Record,
    State,
    TavolaError,
    make,
    state_from_json,
)
from tavola.core.encoding import Encoding

Invariant = Callable[[State], None]


def canonical(state: State) -> str:
    """Return a state's complete JSON text, keys sorted."""
    return json.dumps(state.to_json(), sort_keys=True)


def random_game(
    name: str, players: int, seed: int, **options: object
) -> tuple[list[State], Record]:
    """Play one random game; return every state and the record."""
    state = make(name, players, seed, **options)
    record = Record.start(state, seed)
    rng = random.Random(seed * 7919 + players)
    states = [state]
    limit = state.game.info.max_decisions
    while not state.is_terminal:
        assert len(states) <= limit, f"{name} seed {seed}: over {limit} decisions"
        pending = state.to_act
        assert pending, "a live game with nobody to act"
        player = pending[rng.randrange(len(pending))]
        legal = state.legal_actions(player)
        assert legal, f"{name} seed {seed}: player {player} pending with no legal action"
        action = legal[rng.randrange(len(legal))]
        state = state.apply(player, action)
        record.add(player, action)
        states.append(state)
    record.finish(state)
    return states, record


def random_states(name: str, players: int, seed: int, **options: object) -> list[State]:
    """Play one random game (the one `random_game` plays); return every state."""
    return random_game(name, players, seed, **options)[0]


E = TypeVar("E", bound=Encoding)


def game_encoding(state: State, kind: type[E]) -> E:
    """Return a state's encoding, checked to be the game's own kind."""
    enc = state.game.encoding()
    assert isinstance(enc, kind), f"{state.game.info.name}: encoding is {type(enc).__name__}"
    return enc


def observation_part(state: State, seat: int, name: str) -> list[float]:
    """Return one named slice of `seat`'s observation."""
    start, stop = state.game.encoding().offsets()[name]
    return state.observation(seat)[start:stop]


LOAD_EVERY = 12
"""Deep-checked games round-trip every this many states (and the last) through the full
loader, whose log check grows with the log (a quarter of a deep game's time at every
seventh state); the other contract checks run at every state."""


def check_step(before: State, after: State, rng: random.Random,
               round_trip: bool = True) -> None:
    """Check the contract on one state (and that computing `after` left `before` intact)."""
    text = canonical(before)
    if round_trip:
        back = state_from_json(json.loads(text))
        assert canonical(back) == text
        assert back.to_act == before.to_act
        for p in before.to_act:
            assert back.legal_actions(p) == before.legal_actions(p)
    # views: JSON-able and equal to their own JSON round trip, no generator
    players = before.game.players
    for viewer in [None, *range(players)]:
        view = before.view(viewer)
        vtext = json.dumps(view, sort_keys=True)
        assert json.loads(vtext) == view, "a view is not equal to its JSON round trip"
        assert '"rng"' not in vtext and '"seed"' not in vtext
    for p in before.to_act:
        assert isinstance(before.legal_actions(p), tuple)
    if not before.is_terminal:
        p = before.to_act[rng.randrange(len(before.to_act))]
        det = before.determinize(p, rng)
        assert json.dumps(det.view(p), sort_keys=True) == json.dumps(before.view(p), sort_keys=True)
        assert det.log(p) == before.log(p)  # events compare by key, arguments and audience
        assert det.to_act == before.to_act
        assert det.legal_actions(p) == before.legal_actions(p)
        assert all(det.legal_actions(q) for q in det.to_act), "determinize left someone stuck"
        # sampling depends only on the information set: a state with the same view and log
        # for p (the sample itself) samples exactly what the true state samples
        seed = rng.randrange(2**32)
        again = det.determinize(p, random.Random(seed))
        assert canonical(again) == canonical(before.determinize(p, random.Random(seed)))
        info = before.infoset(p)
        assert canonical(info.sample(random.Random(seed))) == canonical(again)
        # the fast path gives the same successor as the checked path
        index = rng.randrange(len(before.legal_actions(p)))
        fast = before.apply_index(p, index)
        assert canonical(fast) == canonical(before.apply(p, before.legal_actions(p)[index]))
        for value in before.evaluate():
            assert -1.0 <= value <= 1.0
        # illegal and out-of-turn actions raise and change nothing
        with pytest.raises(IllegalAction):
            before.apply(p, Action("no_such_action"))
        others = [q for q in range(players) if q not in before.to_act]
        if others:
            with pytest.raises(NotPending):
                before.apply(others[0], before.legal_actions(p)[0])
    assert canonical(before) == text


def check_random_games(name: str, player_counts: Iterable[int], seeds: Iterable[int],
                       invariant: Invariant | None = None, deep_every: int = 1,
                       **options: object) -> int:
    """Play random games and check the contract and `invariant` throughout; return the number
    of decisions checked. Every `deep_every`-th game gets the per-step contract checks."""
    total = 0
    for players in player_counts:
        for k, seed in enumerate(seeds):
            states, record = random_game(name, players, seed, **options)
            rng = random.Random(seed)
            deep = k % deep_every == 0
            for i, state in enumerate(states):
                if invariant is not None:
                    invariant(state)
                if deep:
                    last = len(states) - 1
                    check_step(state, states[min(i + 1, last)], rng,
                               round_trip=i % LOAD_EVERY == 0 or i == last)
            final = states[-1]
            assert final.is_terminal
            result = final.result()
            assert len(result.scores) == players and 1 in result.ranks
            # replay reproduces the game exactly
            replayed = Record.from_json(json.loads(json.dumps(record.to_json()))).replay()
            assert canonical(replayed[-1]) == canonical(final)
            total += len(states) - 1
    return total


def expect_error(state: State, player: int, action: str | Action) -> None:
    """Assert that the action is refused with a TavolaError and changes nothing."""
    text = canonical(state)
    with pytest.raises(TavolaError):
        state.apply(player, action)
    assert canonical(state) == text
