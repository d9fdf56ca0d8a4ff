"""Rattus in the native core plays exactly the reference's games (docs/native.md).

Every step of every game compares who acts, the legal index sequences, the whole position
(the reference's `Position.data()`, generator included) and, at the end, the scores and the
returns; every seat's observation tensor is compared at every step of the first
`OBSERVED` games of each set (the tensor is a function of the position, which every step
of every game already compares, so these games test the function; observing every game
would cost five times as long). 1,000 games per player count and option set run here;
`python -m tests.native.differential` is the long run.
"""

from __future__ import annotations

import random

import pytest

from tavola.core import IllegalAction
from tavola.games.rattus import components
from tavola.games.rattus.config import NEIGHBOURS, WITHIN_TWO
from tavola.games.rattus.game import RattusGame
from tavola.native import core
from tavola.native.rattus import NativeRattus, digest, playouts
from tests.conformance.harness import random_game
from tests.native.differential import STALL, Divergence, option_sets, play_both

GAMES = 250
OBSERVED = 60
SETS = [(n, options, policy) for n in (2, 3, 4) for options, policy in option_sets()]
IDS = [f"{n}p-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'default'}-{p}"
       for n, o, p in SETS]


@pytest.mark.parametrize(("players", "options", "policy"), SETS, ids=IDS)
def test_native_games_are_the_reference_games_step_by_step(
        players: int, options: dict[str, object], policy: str) -> None:
    game = RattusGame(players, options)
    limit_reached = 0
    for seed in range(GAMES):
        end, _ = play_both(game, seed, policy, observe_every=1 if seed < OBSERVED else 10**9)
        limit_reached += end.turn == game.config.turn_limit
    if policy == STALL:  # the stalling games do reach the round limit (ruling R17)
        assert limit_reached > GAMES // 10


def test_a_difference_is_caught() -> None:
    """The driver fails on any difference: a native game one draw apart diverges."""
    game = RattusGame(3, {})

    class Shifted(NativeRattus):
        @classmethod
        def new(cls, game: RattusGame, seed: int) -> NativeRattus:
            return NativeRattus.new(game, seed + 1)

    import tests.native.differential as driver
    original = driver.NativeRattus
    driver.NativeRattus = Shifted  # type: ignore[misc]
    try:
        with pytest.raises(Divergence, match="seed 5 step 0: positions differ"):
            play_both(game, 5)
    finally:
        driver.NativeRattus = original  # type: ignore[misc]


def test_the_native_tables_are_the_reference_components() -> None:
    """The map in play, the Knight's reach, the 49 token fronts and the sizes of the action
    space and the observation, for every player count."""
    for players in (2, 3, 4):
        tables = core().rattus_tables(players)
        game = RattusGame(players, {})
        assert tables["near"] == [list(x) for x in NEIGHBOURS[players]]
        assert tables["within_two"] == [list(x) for x in WITHIN_TWO[players]]
        assert tables["size"] == game.encoding().size
        assert tables["length"] == game.encoding().length
        assert tables["tokens"] == [
            (t.threshold, t.majority, t.everyone, list(t.classes), t.starting)
            for t in components.TOKENS]


def test_positions_convert_both_ways_from_any_point_of_a_real_game() -> None:
    """A native position made from a reference position mid-game (log and all) is that
    position, plays on identically, and converts back to it (checked by the loader's
    invariants)."""
    for players in (2, 3, 4):
        states, _ = random_game("rattus", players, 11)
        rng = random.Random(players)
        for state in rng.sample(states, 25):
            nat = NativeRattus.from_state(state)  # type: ignore[arg-type]
            assert nat.data() == state.data() and nat.digest() == digest(state.data())
            back = nat.to_state()
            assert back.data() == state.data() and back.log(None) == []
            if state.is_terminal:
                continue
            legal = state.legal_indices(state.to_act[0])
            assert nat.legal_indices() == legal
            for k in range(min(3, len(legal))):
                twin = nat.copy()
                twin.apply(legal[k])
                after = state.apply(state.to_act[0], state.action_at(state.to_act[0], legal[k]))
                assert twin.data() == after.data()  # type: ignore[attr-defined]
            assert nat.data() == state.data()  # the copies left it alone


def test_a_native_position_refuses_an_illegal_index_and_stays_as_it_was() -> None:
    game = RattusGame(3, {})
    nat = NativeRattus.new(game, 4)
    before = nat.data()
    illegal = next(i for i in range(game.encoding().size) if i not in nat.legal_indices())
    for index in (illegal, -1, game.encoding().size):
        with pytest.raises(ValueError, match="not a legal action index"):
            nat.apply(index)
    assert nat.data() == before
    with pytest.raises(IllegalAction):  # the reference refuses it too
        game.new_state(4).action_at(0, illegal)


def test_a_position_the_native_core_cannot_index_is_refused() -> None:
    """Raw data that points outside the position (a step with no region chosen, a Witch's
    pick on an empty slot) is refused with ValueError, never read out of bounds."""
    game = RattusGame(3, {})
    data = game.new_state(2).data()
    broken = [dict(data, phase=7, pick=-1), dict(data, phase=5, witch_first=[0, 2],
                                                  witch_second=[1, 0]),
              dict(data, phase=4, witch_first=[-1, -1]), dict(data, active=3)]
    for bad in broken:
        with pytest.raises(ValueError):
            core().RattusState.from_data(3, False, 100, bad)
    assert core().RattusState.from_data(3, False, 100, data).data() == data


def test_native_random_playouts_end_every_game_within_the_bound() -> None:
    for players in (2, 3, 4):
        game = RattusGame(players, {})
        decisions = playouts(players, 200, seed=players)
        assert 0 < decisions <= 200 * game.info.max_decisions
        nat = NativeRattus.new(game, 1)
        made = nat.random_playout(9)
        assert nat.is_terminal and 0 < made <= game.info.max_decisions
        assert abs(sum(nat.returns())) < 1e-9 and max(nat.returns()) > 0
