"""The OpenSpiel games on the native core against the same games on the Python reference:
whole games played through OpenSpiel's API on both engines give, at every step, the same
seat to act, legal actions, observation tensors, observation and information-state keys
for every seat, returns and action texts; resampling, serialization and OpenSpiel's own
algorithms run on the native engine; which engine runs is said, and asking for the native
one without the core is refused."""

from __future__ import annotations

import os
import random
import subprocess
import sys

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from tavola.rl import openspiel as tos

tos.register()

CASES = [("rattus", 2, {}), ("rattus", 4, {"ties": "shared"}), ("notre-dame", 3, {}),
         ("intrige", 3, {}), ("intrige", 4, {"edition": "edition_amigo"}),
         ("nottingham", 3, {}), ("nottingham", 5, {"track": "distinct"})]
IDS = [f"{game}-{players}p{'-' if options else ''}{'-'.join(map(str, options.values()))}"
       for game, players, options in CASES]


def load(game: str, players: int, engine: str, **options: object) -> pyspiel.Game:
    """Return the OpenSpiel game of a tavola game on one engine."""
    return pyspiel.load_game(tos.short_name(game),
                             {"players": players, "engine": engine, **options})


def facts(game: pyspiel.Game, state: pyspiel.State,
          observers: list[tuple[object, object, object]]) -> tuple[object, ...]:
    """Everything OpenSpiel's API says about `state`, for every seat."""
    seats = range(game.num_players())
    player = state.current_player()
    out: list[object] = [player, state.is_terminal(), state.is_chance_node(),
                         state.returns(), state.history()]
    if state.is_chance_node():
        out.append(state.chance_outcomes())
    elif not state.is_terminal():
        legal = state.legal_actions()
        out += [legal, [state.action_to_string(player, a) for a in legal[:5]]]
    for tensor, view, recall in observers:
        for seat in seats:
            tensor.set_from(state, seat)  # type: ignore[attr-defined]
            array = tensor.tensor  # type: ignore[attr-defined]
            out += [None if array is None else array.tobytes(),
                    view.string_from(state, seat),  # type: ignore[attr-defined]
                    recall.string_from(state, seat)]  # type: ignore[attr-defined]
    out += [state.observation_string(p) for p in seats]
    out += [state.information_state_string(p) for p in seats]
    out += [state.observation_tensor(p) for p in seats]
    return tuple(out)


def observers(game: pyspiel.Game) -> list[tuple[object, object, object]]:
    """The tensor, view-key and recall-key observers, private and public ones."""
    private = pyspiel.PrivateInfoType.SINGLE_PLAYER
    public = pyspiel.PrivateInfoType.NONE
    out = []
    for info in (private, public):
        kind = pyspiel.IIGObservationType(perfect_recall=False, private_info=info)
        recall = pyspiel.IIGObservationType(perfect_recall=True, private_info=info)
        obs = game.make_py_observer(kind)
        out.append((obs, obs, game.make_py_observer(recall)))
    return out


@pytest.mark.parametrize(("game", "players", "options"), CASES, ids=IDS)
def test_both_engines_give_the_same_answers_at_every_step(
        game: str, players: int, options: dict[str, object]) -> None:
    python = load(game, players, "python", **options)
    native = load(game, players, "native", **options)
    assert (python.engine, native.engine) == ("python", "native")
    differ = {k for k, v in python.get_parameters().items()
              if native.get_parameters()[k] != v}
    assert differ == {"engine"}
    both = [(g, observers(g)) for g in (python, native)]
    decisions = 0
    for seed in (1, 2):
        rng = random.Random(f"{game}{players}{seed}")
        states = [g.new_initial_state() for g in (python, native)]
        while True:
            told = [facts(g, s, obs) for (g, obs), s in zip(both, states, strict=True)]
            assert told[0] == told[1], (game, seed, len(states[0].history()))
            if states[0].is_terminal():
                break
            if states[0].is_chance_node():
                action = rng.randrange(tos.SEED_OUTCOMES)
            else:
                action = rng.choice(states[0].legal_actions())
                decisions += 1
            for state in states:
                state.apply_action(action)
        returns = states[1].returns()
        assert sum(returns) == pytest.approx(0.0) and returns == list(
            states[1].tavola.result().utilities())
    assert decisions > 100


@pytest.mark.parametrize(("game", "players", "options"), CASES[::2], ids=IDS[::2])
def test_clones_resamples_and_serialized_states_stay_on_their_engine(
        game: str, players: int, options: dict[str, object]) -> None:
    python = load(game, players, "python", **options)
    native = load(game, players, "native", **options)
    rng = random.Random(5)
    states = [g.new_initial_state() for g in (python, native)]
    for _ in range(60):
        if states[0].is_terminal():
            break
        action = (rng.randrange(tos.SEED_OUTCOMES) if states[0].is_chance_node()
                  else rng.choice(states[0].legal_actions()))
        for state in states:
            state.apply_action(action)
    seat = 0 if states[0].is_chance_node() else states[0].current_player()
    # A clone is independent; it steps alike on both engines.
    clones = [s.clone() for s in states]
    legal = clones[0].legal_actions()
    for clone in clones:
        clone.apply_action(legal[-1])
    assert clones[0].information_state_string(seat) == clones[1].information_state_string(seat)
    assert states[1].history() == states[0].history() != clones[1].history()
    # The same sampler draws the same sample of the seat's information set.
    samples = [s.resample_from_infostate(seat, random.Random(3).random) for s in states]
    assert samples[1]._held.native is not None
    assert [s.information_state_string(seat) for s in samples] == \
        [states[0].information_state_string(seat)] * 2
    assert samples[0].tavola.to_json() == samples[1].tavola.to_json()
    assert samples[0].legal_actions() == samples[1].legal_actions()
    # Serialization round-trips onto the engine the state was on.
    for game_of, state in zip((python, native), states, strict=True):
        text = pyspiel.serialize_game_and_state(game_of, state)
        again_game, again = pyspiel.deserialize_game_and_state(text)
        assert again_game.engine == game_of.engine
        assert (again._held.native is None) == (game_of.engine == "python")
        assert again.tavola.to_json() == state.tavola.to_json()
        assert again.legal_actions() == state.legal_actions()
    # An illegal index is the reference's error on both engines, and changes nothing.
    if not states[0].is_chance_node() and not states[0].is_terminal():
        wrong = next(a for a in range(python.num_distinct_actions())
                     if a not in states[0].legal_actions())
        errors = []
        for state in states:
            before = state.information_state_string(seat)
            with pytest.raises(Exception) as caught:  # pyspiel re-raises it as it likes
                state.apply_action(wrong)
            errors.append(str(caught.value))
            assert state.information_state_string(seat) == before
        assert errors[0] == errors[1]


@pytest.mark.parametrize("game", ["rattus", "notre-dame", "intrige", "nottingham"])
def test_openspiel_algorithms_run_on_the_native_engine(game: str) -> None:
    spiel = load(game, 3, "native")
    pyspiel.random_sim_test(spiel, num_sims=1, serialize=True, verbose=False)
    rng = np.random.RandomState(3)
    bot = ismcts.ISMCTSBot(spiel, mcts.RandomRolloutEvaluator(1, rng), uct_c=2.0,
                           max_simulations=3, random_state=rng)
    state = spiel.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rng.randint(tos.SEED_OUTCOMES)))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randint(len(legal))])
    assert state.returns() == list(state.tavola.result().utilities())


def test_the_default_engine_is_the_native_core_and_says_so() -> None:
    for game in ("rattus", "notre-dame", "intrige", "nottingham"):
        assert pyspiel.load_game(tos.short_name(game)).engine == "native"
    with pytest.raises(Exception, match="engine is one of auto, native, python"):
        pyspiel.load_game("python_tavola_rattus", {"engine": "fast"})


def test_without_the_core_the_python_engine_runs_and_native_is_refused() -> None:
    """Without the core (TAVOLA_NATIVE=0) the default engine is Python's, asking for the
    native one is refused saying how to build it, and a state serialized on the native
    engine is read back onto the Python one, the same position."""
    game = load("nottingham", 3, "auto")
    state = game.new_initial_state()
    rng = random.Random(8)
    for _ in range(50):
        state.apply_action(rng.randrange(tos.SEED_OUTCOMES) if state.is_chance_node()
                           else rng.choice(state.legal_actions()))
    assert game.engine == "native" and state._held.native is not None
    text = pyspiel.serialize_game_and_state(game, state)
    script = (
        "import sys, pyspiel\n"
        "from tavola.rl import openspiel as tos\n"
        "tos.register()\n"
        "print(pyspiel.load_game('python_tavola_rattus').engine)\n"
        "try:\n"
        "    pyspiel.load_game('python_tavola_rattus', {'engine': 'native'})\n"
        "except Exception as exc:\n"
        "    print(exc)\n"
        "game, state = pyspiel.deserialize_game_and_state(sys.stdin.read())\n"
        "print(game.engine, state._held.native is None)\n"
        "print(state.information_state_string(1), state.legal_actions())\n")
    env = {**os.environ, "TAVOLA_NATIVE": "0"}
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                         text=True, check=True, input=text).stdout.splitlines()
    assert out[0] == "python"
    assert "engine=native needs the native core" in out[1] and "pip install ./native" in out[1]
    assert out[2] == "python True"
    assert out[3] == f"{state.information_state_string(1)} {state.legal_actions()}"
