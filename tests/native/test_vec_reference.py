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


def _python_env_forfeit(game: str, players: int, options: dict[str, Any], seat: int,
                        state: State, index: int) -> tuple[Any, ...]:
    """What the Python env (`illegal="lose"`, the learner in `seat`) returns when `index` is
    stepped in `state`: its own step from that position."""
    from tavola.rl.gymnasium import TavolaEnv

    env = TavolaEnv(game, players, seat=seat, illegal="lose", **options)
    env.reset(seed=0)
    env._state = state  # the row's position (the env's bots are not asked: it ends here)
    return env.step(index)


@pytest.mark.parametrize("learner", [None, 1])
@pytest.mark.parametrize(("game", "players", "options"), CASES)
def test_an_illegal_index_loses_the_row_as_the_python_env_does(
        game: str, players: int, options: dict[str, Any], learner: int | None) -> None:
    """`step(actions, lose=True)`: in a batch where some rows play legal indices and others
    illegal ones (no legal action of the seat, or outside the action space), each illegal
    row ends its game as the Python env's ``illegal="lose"`` step does (terminated, -1 to
    the seat that chose, the observation it chose from) and starts its next seed, while
    the other rows play on as the reference does."""
    n, seed = 6, 2000 + players
    rules = load(game, players, **options)
    batch = make_batch(game, n, players, seed, learner, **options)
    size = batch.size
    rows = [Row(rules, seed, i, n, learner) for i in range(n)]
    rng = random.Random(f"lose{game}{players}{learner}")
    obs, mask, to_act = batch.observe()
    forfeits = mixed = 0
    for step in range(STEPS[game] // 2):
        for i, row in enumerate(rows):
            seat = row.seat()
            assert to_act[i] == seat, (game, step, i)
            assert list(np.flatnonzero(mask[i])) == sorted(row.state.legal_indices(seat))
            assert np.array_equal(obs[i], np.asarray(row.state.observation(seat), np.float32))
        assert batch.seeds() == [row.game_seed for row in rows]
        wrong = [rng.random() < 0.12 for _ in rows]
        actions = []
        for i, row in enumerate(rows):
            legal = row.state.legal_indices(row.seat())
            if not wrong[i]:
                actions.append(rng.choice(legal))
                continue
            outside = [-1, size, size + 7]
            inside = [k for k in range(size) if k not in legal]
            actions.append(rng.choice(outside if rng.random() < 0.2 or not inside
                                      else inside))
        mixed += 0 < sum(wrong) < n
        obs, mask, to_act, rewards, terminated = batch.step(np.array(actions), lose=True)
        assert list(batch.illegal) == wrong
        for i, row in enumerate(rows):
            decider = row.seat()
            assert batch.episode_seeds[i] == row.game_seed
            if wrong[i]:
                seen, reward, done, truncated, info = _python_env_forfeit(
                    game, players, options, decider, row.state, actions[i])
                assert done and not truncated and info["illegal"] and reward == -1.0
                assert terminated[i]
                assert rewards[i, decider] == reward
                assert not np.delete(rewards[i], decider).any()
                assert np.array_equal(batch.final_obs[i], seen)
                row.begin()
                forfeits += 1
                continue
            row.state = row.state.apply(decider, row.state.action_at(decider, actions[i]))
            row.advance()
            assert terminated[i] == row.state.is_terminal, (game, step, i)
            if row.state.is_terminal:
                utilities = row.state.result().utilities()
                assert np.array_equal(rewards[i], np.asarray(utilities, np.float32))
                assert np.array_equal(batch.final_obs[i], np.asarray(
                    row.state.observation(decider), np.float32))
                row.begin()
            else:
                assert not rewards[i].any()
    assert forfeits >= 20 and mixed >= 10
