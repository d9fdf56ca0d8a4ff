"""The native batch against the Python reference: every row of a batch plays, step for
step, the game the reference plays from the row's seed (`game_seed`) through the same
action indices: the seat to act, its legal mask and observation, the rewards and the ended
game's last observation, the autoreset to the row's next seed; with a learner seat the
other seats' moves are the reference's legal actions drawn from `opponents_stream`.
Where several seats act at once (Notre Dame's draft, Nottingham's Buy) a row asks the first
of them in self-play, and the learner as soon as it is among them (the random seats then
play after it, the first of them first)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from tavola.core import Rng, State, load
from tavola.native.vector import game_seed, make_batch, opponents_stream

CASES = [("rattus", 2, {}), ("rattus", 4, {"ties": "shared", "rounds": 20}),
         ("notre-dame", 2, {}), ("notre-dame", 5, {"gold": "unlimited"}),
         ("intrige", 3, {}), ("intrige", 5, {"edition": "amigo", "bribe_order": "turn_order"}),
         ("nottingham", 3, {}),
         ("nottingham", 5, {"track": "distinct", "rob_shows_card": True,
                            "several_ambushes_each": True})]
STEPS = {"rattus": 700, "notre-dame": 700, "intrige": 500, "nottingham": 700}


class Row:
    """One row as the reference plays it: its seed, count of games, state and stream."""

    def __init__(self, rules: Any, seed: int, row: int, n: int,
                 learner: int | None) -> None:
        self.rules, self.seed, self.row, self.n, self.learner = rules, seed, row, n, learner
        self.games = 0
        self.begin()

    def begin(self) -> None:
        self.game_seed = game_seed(self.seed, self.row, self.games, self.n)
        self.games += 1
        self.state: State = self.rules.new_state(self.game_seed)
        self.opponents: Rng = opponents_stream(self.game_seed)
        self.advance()

    def advance(self) -> None:
        """The random seats' moves up to the learner's decision (none in self-play)."""
        if self.learner is None:
            return
        while not self.state.is_terminal and self.learner not in self.state.to_act:
            seat = self.state.to_act[0]
            legal = self.state.legal_indices(seat)
            index = legal[self.opponents.below(len(legal))]
            self.state = self.state.apply(seat, self.state.action_at(seat, index))

    def seat(self) -> int:
        """The seat the row asks: the learner, or the first seat to act."""
        return self.state.to_act[0] if self.learner is None else self.learner


@pytest.mark.parametrize("learner", [None, 1])
@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_each_row_plays_the_reference_game_of_its_seed(
        game: str, players: int, options: dict[str, Any], learner: int | None) -> None:
    n, seed = 4, 1000 + players
    rules = load(game, players, **options)
    batch = make_batch(game, n, players, seed, learner, **options)
    rows = [Row(rules, seed, i, n, learner) for i in range(n)]
    rng = random.Random(f"{game}{players}{learner}")
    obs, mask, to_act = batch.observe()
    ended = restarted_twice = 0
    for step in range(STEPS[game]):
        for i, row in enumerate(rows):
            seat = row.seat()
            assert to_act[i] == seat, (game, step, i)
            assert list(np.flatnonzero(mask[i])) == sorted(row.state.legal_indices(seat))
            assert np.array_equal(obs[i], np.asarray(row.state.observation(seat), np.float32))
        assert batch.seeds() == [row.game_seed for row in rows]
        actions = [rng.choice(row.state.legal_indices(row.seat())) for row in rows]
        obs, mask, to_act, rewards, terminated = batch.step(np.array(actions))
        for i, row in enumerate(rows):
            decider = row.seat()
            row.state = row.state.apply(decider, row.state.action_at(decider, actions[i]))
            row.advance()
            assert terminated[i] == row.state.is_terminal, (game, step, i)
            assert batch.episode_seeds[i] == row.game_seed
            if row.state.is_terminal:
                utilities = row.state.result().utilities()
                assert np.array_equal(rewards[i], np.asarray(utilities, np.float32))
                assert np.array_equal(batch.final_obs[i], np.asarray(
                    row.state.observation(decider), np.float32))
                row.begin()
                ended += 1
                restarted_twice += row.games > 2
            else:
                assert not rewards[i].any()
    assert ended >= n  # the rows finished games and went on with their next seeds
    assert restarted_twice > 0 or game == "notre-dame"
