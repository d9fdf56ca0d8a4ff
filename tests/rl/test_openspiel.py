"""The OpenSpiel games: OpenSpiel's own random simulation test (serialization on) for every
game and player count, its IS-MCTS playing whole games, and the game facts, observers,
resampling and serialization the adapter promises."""

from __future__ import annotations

import contextlib
import hashlib
import io
import itertools
import json
import os
import random
import subprocess
import sys

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from tavola.core import game_class
from tavola.rl import openspiel as tos
from tests.rl.cases import CASES, GAMES, IDS, SMALLEST

tos.register()


def load(name: str, players: int) -> pyspiel.Game:
    """Return the OpenSpiel game of a tavola game."""
    return pyspiel.load_game(tos.short_name(name), {"players": players})


def set_up(game: pyspiel.Game, seed: int) -> pyspiel.State:
    """Return the first decision of a game, its seed bytes drawn from `seed`."""
    state = game.new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        state.apply_action(rng.randrange(tos.SEED_OUTCOMES))
    return state


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_openspiel_random_sim_test_passes_with_serialization(name: str, players: int) -> None:
    pyspiel.random_sim_test(load(name, players), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "players"), SMALLEST, ids=[n for n, _ in SMALLEST])
def test_openspiel_ismcts_plays_a_whole_game(name: str, players: int) -> None:
    game = load(name, players)
    rng = np.random.RandomState(players)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0,
                           max_simulations=3, random_state=rng)
    state = set_up(game, 1)
    searched = 0
    while not state.is_terminal():
        if state.current_player() == 0:
            action = bot.step(state)
            searched += 1
        else:
            legal = state.legal_actions()
            action = legal[rng.randint(len(legal))]
        assert action in state.legal_actions()
        state.apply_action(action)
    assert searched > 0
    assert sum(state.returns()) == pytest.approx(0.0)
    assert state.returns() == list(state.tavola.result().utilities())


@pytest.mark.parametrize("name", GAMES)
def test_the_game_type_says_what_the_game_is(name: str) -> None:
    info = game_class(name).info
    game = load(name, info.max_players)
    kind = game.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert kind.chance_mode == (pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if info.chance
                                else pyspiel.GameType.ChanceMode.DETERMINISTIC)
    encoding = game.tavola.encoding()
    assert game.num_distinct_actions() == encoding.size
    assert game.observation_tensor_size() == encoding.length
    assert game.max_game_length() == info.max_decisions
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    assert game.num_players() == info.max_players


def test_options_are_parameters_and_text_that_looks_like_a_number_stays_text() -> None:
    game = pyspiel.load_game("python_tavola_intrige", {"players": 4,
                                                       "edition": "edition_amigo"})
    assert game.tavola.options["edition"] == "amigo"
    again = pyspiel.load_game(str(game))
    assert again.tavola.options == game.tavola.options and again.num_players() == 4
    assert str(load("intrige", 3)).find("edition=edition_1994") > 0
    with pytest.raises(ValueError, match="for 2-4 players, not 9"):
        pyspiel.load_game("python_tavola_rattus", {"players": 9})


def test_resampling_keeps_the_information_state_and_redraws_the_rest() -> None:
    game = load("notre-dame", 3)
    state = set_up(game, 4)
    for _ in range(40):
        state.apply_action(state.legal_actions()[0])
    seat = state.current_player()
    key = state.information_state_string(seat)
    worlds = set()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(5):
        sample = state.resample_from_infostate(seat, sampler)
        assert sample.information_state_string(seat) == key
        assert sample.observation_tensor(seat) == state.observation_tensor(seat)
        assert sample.legal_actions() == state.legal_actions()
        worlds.add(str(sample))
    assert len(worlds) > 1, "resampling drew the same hidden state every time"


def test_serialization_goes_through_the_state_json() -> None:
    game = load("rattus", 2)
    state = set_up(game, 9)
    for _ in range(25):
        state.apply_action(state.legal_actions()[-1])
    text = pyspiel.serialize_game_and_state(game, state)
    other_game, other = pyspiel.deserialize_game_and_state(text)
    assert str(other_game) == str(game)
    assert str(other) == str(state)
    assert other.tavola.to_json() == state.tavola.to_json()
    assert other.information_state_string(1) == state.information_state_string(1)
    assert json.loads(str(state))["game"] == "rattus"


def test_observers_name_the_slices_and_public_observers_show_the_spectator() -> None:
    game = load("nottingham", 3)
    state = set_up(game, 2)
    observer = game.make_py_observer()
    observer.set_from(state, 1)
    encoding = game.tavola.encoding()
    assert list(observer.dict) == [s.name for s in encoding.layout]
    assert np.array_equal(observer.tensor, np.asarray(state.tavola.observation(1), np.float32))
    public = game.make_py_observer(pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE))
    assert public.tensor is None
    spectator = json.dumps({"view": state.tavola.view(None)}, sort_keys=True,
                           separators=(",", ":"))
    assert public.string_from(state, 1) == hashlib.blake2b(
        spectator.encode(), digest_size=tos.KEY_BYTES).hexdigest()
    readable = pyspiel.load_game("python_tavola_nottingham", {"players": 3,
                                                              "readable_keys": True})
    shown = readable.make_py_observer(pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE))
    assert shown.string_from(readable.state_of(state.tavola), 1) == spectator
    with pytest.raises(ValueError, match="public information"):
        game.make_py_observer(pyspiel.IIGObservationType(
            perfect_recall=False, public_info=True,
            private_info=pyspiel.PrivateInfoType.ALL_PLAYERS))


def sampled_keys(name: str, players: int, games: int) -> list[tuple[int, str, str, str, str]]:
    """Return (seat, information-state key, its JSON, observation key, its JSON) of states
    sampled along random games, each with two other states of the seat's information set
    (`determinize`: the same information reached by other chance outcomes and hidden
    choices)."""
    game = load(name, players)
    rows = []
    for seed in range(games):
        state = set_up(game, seed)
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal():
            if step % 9 == 0:
                truth = state.tavola
                for seat in range(players):
                    for tavola_state in (truth, truth.determinize(seat, rng),
                                         truth.determinize(seat, rng)):
                        spiel = game.state_of(tavola_state)
                        rows.append((seat, spiel.information_state_string(seat),
                                     spiel.information_state_json(seat),
                                     spiel.observation_string(seat),
                                     spiel.observation_json(seat)))
            state.apply_action(rng.choice(state.legal_actions()))
            step += 1
    return rows


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_compact_keys_split_histories_exactly_as_the_json_does(name: str,
                                                               players: int) -> None:
    rows = sampled_keys(name, players, 3)
    same_set = other_set = 0
    for a, b in itertools.combinations(rows, 2):
        if a[0] != b[0]:
            continue
        assert (a[1] == b[1]) == (a[2] == b[2]), "information-state keys split differently"
        assert (a[3] == b[3]) == (a[4] == b[4]), "observation keys split differently"
        same_set += a[2] == b[2]
        other_set += a[2] != b[2]
    assert same_set > 0 and other_set > 0
    for _, key, text, observation, seen in rows:
        assert len(key) == len(observation) == 2 * tos.KEY_BYTES
        assert key == hashlib.blake2b(text.encode(), digest_size=tos.KEY_BYTES).hexdigest()
        assert observation == hashlib.blake2b(seen.encode(),
                                              digest_size=tos.KEY_BYTES).hexdigest()


def test_readable_keys_are_the_json_of_the_view_and_log() -> None:
    game = pyspiel.load_game("python_tavola_nottingham", {"players": 3, "readable_keys": True})
    assert game.readable_keys and "readable_keys=True" in str(game)
    state = set_up(game, 5)
    for _ in range(12):
        state.apply_action(state.legal_actions()[-1])
    truth = state.tavola
    seat = 2
    recall = {"view": truth.view(seat), "log": [e.to_json() for e in truth.log(seat)]}
    assert json.loads(state.information_state_string(seat)) == recall
    assert json.loads(state.observation_string(seat)) == {"view": truth.view(seat)}
    assert state.information_state_string(seat) == state.information_state_json(seat)
    compact = load("nottingham", 3).state_of(truth)
    assert compact.information_state_json(seat) == state.information_state_string(seat)
    assert len(compact.information_state_string(seat)) == 2 * tos.KEY_BYTES
    with pytest.raises(pyspiel.SpielError, match="readable_keys"):
        pyspiel.load_game("python_tavola_nottingham", {"players": 3, "readable_keys": 1})


KEY_SCRIPT = """
import random, pyspiel
from tavola.rl import openspiel as tos
tos.register()
state = pyspiel.load_game("python_tavola_rattus", {"players": 3}).new_initial_state()
rng = random.Random(7)
while state.is_chance_node() or len(state.history()) < 30:
    state.apply_action(rng.choice(state.legal_actions()))
print(state.information_state_string(1), state.observation_string(2))
"""


def test_keys_are_the_same_in_every_process() -> None:
    keys = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed,
               "PYTHONPATH": os.pathsep.join(sys.path)}
        done = subprocess.run([sys.executable, "-c", KEY_SCRIPT], env=env, check=True,
                              capture_output=True, text=True)
        keys.add(done.stdout)
    assert len(keys) == 1
    exec_globals: dict[str, object] = {}
    with contextlib.redirect_stdout(io.StringIO()) as out:
        exec(KEY_SCRIPT, exec_globals)
    assert keys == {out.getvalue()}
