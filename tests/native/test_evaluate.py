"""Each game's evaluation (`heuristics.evaluate`, what a search's rollout returns at its
cutoff) computed natively (`State::evaluate` in the game's native/src/<game>.cpp) is the
reference's, bit for bit, on every position before the end of whole games of every player
count and option, compared exactly: the same operations in the same order, no tolerance.

One module for the four games, parametrized by game. Each game's games cycle through its
player counts and a list of (options, table): `random` chooses uniformly, `greedy` plays
the game's greedy policy 60% of the time (so positions look like the bots'), and each game's
differential table reaches what random play rarely does (Rattus's stalling table the round
limit, Notre Dame's favour table a drained bank, Intrige's thrifty table rich purses and
conflicts, Nottingham's hoarding table the eighth commission and an exhausted deck)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from tavola.core import State, load
from tavola.games.intrige.game import IntrigeState
from tavola.games.notre_dame.components import CHARACTER_RATS, Character
from tavola.games.notre_dame.config import RAT_TRACK_MAX
from tavola.games.notre_dame.game import NotreDameState
from tavola.games.notre_dame.heuristics import HOSPITAL
from tavola.games.rattus.game import RattusState
from tavola.games.rattus.heuristics import RESERVE_WORTH, projected_scores
from tavola.native.intrige import NativeIntrige
from tavola.native.notre_dame import NativeNotreDame
from tavola.native.nottingham import NativeNottingham
from tavola.native.position import NativePosition
from tavola.native.rattus import NativeRattus
from tests.native.differential import _stall
from tests.native.differential_notre_dame import FAVOURITES, _favour
from tests.native.differential_nottingham import _hoard

RANDOM, GREEDY, SPECIAL = "random", "greedy", "special"
GREEDY_SHARE = 0.6

Choose = Callable[[State, int, int, random.Random, int], int]
"""`(state, player, i, rng, seed) -> index`: a table's choice among `player`'s legal actions
(`i` is the uniform draw already made)."""


def _stalling(state: State, player: int, i: int, rng: random.Random, seed: int) -> int:
    del seed
    assert isinstance(state, RattusState)
    size = state.game.encoding().size
    return _stall(state, player, state.legal_indices(player), i, rng, (size - 1, size - 2))


def _favouring(state: State, player: int, i: int, rng: random.Random, seed: int) -> int:
    return _favour(state.legal_actions(player), i, rng, FAVOURITES[(seed + player) % 4])


def _thrifty(state: State, player: int, i: int, rng: random.Random, seed: int) -> int:
    del state, player, seed
    return 0 if rng.random() < 0.8 else i


def _hoarding(state: State, player: int, i: int, rng: random.Random, seed: int) -> int:
    del seed
    return _hoard(state.legal_indices(player), i, rng, state.game.encoding().size - 78)


@dataclass(frozen=True)
class Case:
    """One game's whole games: game k has `players[k % len(players)]` seats and the
    (options, table) `sets[k // len(players) % len(sets)]`."""

    position: type[NativePosition]
    players: tuple[int, ...]
    sets: tuple[tuple[dict[str, Any], str], ...]
    special: Choose
    games: int


CASES = {
    "rattus": Case(NativeRattus, (2, 3, 4),
                   (({}, RANDOM), ({}, GREEDY), ({"ties": "shared"}, RANDOM),
                    ({"rounds": 20}, SPECIAL)), _stalling, games=48),
    "intrige": Case(NativeIntrige, (3, 4, 5),
                    tuple(({"edition": edition, "bribe_order": order}, table)
                          for table in (RANDOM, SPECIAL, GREEDY)
                          for edition in ("1994", "amigo")
                          for order in ("conflicts_first", "turn_order")),
                    _thrifty, games=36),
    "notre-dame": Case(NativeNotreDame, (2, 3, 4, 5),
                       (({}, RANDOM), ({}, SPECIAL), ({}, GREEDY),
                        ({"gold": "unlimited"}, RANDOM), ({"gold": "unlimited"}, SPECIAL),
                        ({"gold": "unlimited"}, GREEDY)), _favouring, games=48),
    "nottingham": Case(NativeNottingham, (3, 4, 5, 6, 7),
                       tuple(({"track": track, "rob_shows_card": rob,
                               "several_ambushes_each": several}, table)
                             for table in (RANDOM, GREEDY, SPECIAL)
                             for track in ("long", "distinct")
                             for rob in (False, True) for several in (False, True)),
                       _hoarding, games=120),
}


def positions(name: str) -> Iterator[tuple[int, State]]:
    """Every position of the case's whole games, the last (over) included: (game, state)."""
    case = CASES[name]
    for k in range(case.games):
        options, table = case.sets[k // len(case.players) % len(case.sets)]
        game = load(name, case.players[k % len(case.players)], **options)
        greedy = game.info.policies["greedy"]()
        state = game.new_state(1000 + k).for_search()
        rng = random.Random(k)
        while True:
            yield k, state
            if state.is_terminal:
                break
            player = state.to_act[0]
            legal = state.legal_actions(player)
            i = rng.randrange(len(legal))
            if table == GREEDY and rng.random() < GREEDY_SHARE:
                i = legal.index(greedy.choose(state.view(player), legal, rng))
            elif table == SPECIAL:
                i = case.special(state, player, i, rng, 1000 + k)
            state = state.apply_index(player, i)


def reached(name: str, state: State) -> bool:
    """Whether `state` reaches the part of its game's evaluation random play misses most:
    a token on the board resolving (Rattus), a salary still to come from a figure seated in
    another's palace (Intrige), a plague overflow coming for some seats and not others
    (Notre Dame), a commission taken or an ambush card held (Nottingham)."""
    if isinstance(state, RattusState):
        plain = [state.palace[p] + RESERVE_WORTH * state.reserve[p]
                 + sum(state.board[r][p] for r in range(state.config.regions))
                 for p in range(state.config.players)]
        return projected_scores(state) != plain
    if isinstance(state, IntrigeState):
        return any(figure is not None and figure[0] != palace
                   for palace, rooms in enumerate(state.board.rooms) for figure in rooms)
    if isinstance(state, NotreDameState):
        plague = sum(CHARACTER_RATS[c] for c in state.revealed)
        overflows = {state.rats[p] + (0 if state.hired[p] == Character.DOCTOR else plague)
                     - state.sectors[p][HOSPITAL] - (state.friend[p] == HOSPITAL)
                     > RAT_TRACK_MAX for p in range(len(state.gold))}
        return len(overflows) == 2
    return any(state.commissions) or any(state.ambushes)  # type: ignore[attr-defined]


@pytest.mark.parametrize("name", list(CASES))
def test_the_native_evaluation_is_the_python_one_on_every_position(name: str) -> None:
    """Every position before the end: the same doubles, compared exactly; at the end the
    native evaluation is refused (a finished game has returns, not an estimate)."""
    case = CASES[name]
    compared = rare = 0
    spread: set[float] = set()
    games = set()
    for k, state in positions(name):
        native = case.position.from_state(state)
        if state.is_terminal:
            with pytest.raises(ValueError, match="game is over"):
                native.evaluate()
            games.add(k)
            continue
        value = native.evaluate()
        assert value == state.evaluate(), (name, k)
        assert len(value) == state.game.players
        spread.add(value[0])
        rare += reached(name, state)
        compared += 1
    assert len(games) == case.games
    assert compared > 60 * case.games
    assert len(spread) > 10 * case.games and rare > 10 * case.games
