"""Nottingham's evaluation (`heuristics.evaluate`, what a search's rollout returns at its
cutoff) computed natively is the reference's, bit for bit, on every state of whole games."""

from __future__ import annotations

import random

import pytest

from tavola.games.nottingham.game import NottinghamGame
from tavola.games.nottingham.heuristics import GreedyPolicy
from tavola.native.nottingham import NativeNottingham
from tests.native.differential_nottingham import _hoard

GAMES = 300


def test_the_native_evaluation_is_the_python_one_on_every_state() -> None:
    """Every position before the end of whole games (3-7 players, both tracks, each
    option; a third of them with greedy play mixed in, so hands, ambushes and commissions
    look like the bots', a third at the hoarding table, which exhausts the deck and takes
    commissions): the same doubles, compared exactly (the same operations in the same
    order: no tolerance)."""
    policy = GreedyPolicy()
    compared = 0
    spread: set[float] = set()
    commissions = ambushes = 0
    for k in range(GAMES):
        players = 3 + k % 5
        options = {"track": ("long", "distinct")[k // 5 % 2],
                   "rob_shows_card": k // 10 % 2 == 1, "several_ambushes_each": k // 20 % 2 == 1}
        game = NottinghamGame(players, options)
        commission_at = game.encoding().size - 78
        state = game.new_state(1000 + k).for_search()
        walk = random.Random(k)
        while not state.is_terminal:
            nat = NativeNottingham.from_state(state)
            value = nat.evaluate()
            assert value == state.evaluate()
            spread.add(value[0])
            commissions += any(state.commissions)
            ambushes += any(state.ambushes)
            compared += 1
            player = state.to_act[0]
            legal = state.legal_actions(player)
            if k % 3 == 1 and walk.random() < 0.6:
                i = legal.index(policy.choose(state.view(player), legal, walk))
            elif k % 3 == 2:
                i = _hoard(state.legal_indices(player), walk.randrange(len(legal)), walk,
                           commission_at)
            else:
                i = walk.randrange(len(legal))
            state = state.apply_index(player, i)
        with pytest.raises(ValueError, match="game is over"):
            NativeNottingham.from_state(state).evaluate()
    assert compared > 100 * GAMES
    assert len(spread) > 1000 and commissions > 1000 and ambushes > 1000
