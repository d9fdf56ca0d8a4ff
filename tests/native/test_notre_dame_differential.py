"""Notre Dame in the native core plays exactly the reference's games (docs/native.md).

Every step of every game compares who acts, the legal index sequences, the whole position
(every field of the reference's state data, generator included) and, at the end, the
scores and the returns; every seat's observation tensor is compared at every step of the
first `OBSERVED` games of each set (the tensor is a function of the position, which every
step of every game already compares). `GAMES` games run per player count (2-5), gold
option and table (random, and the `favour` table that drains the bank);
`python -m tests.native.differential_notre_dame` is the long run.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tavola.core import IllegalAction
from tavola.games.notre_dame import schema
from tavola.games.notre_dame.components import CHARACTER_RATS, road_distances
from tavola.games.notre_dame.game import NotreDame, NotreDameState
from tavola.games.notre_dame.state import T_SOURCE
from tavola.native import core
from tavola.native.notre_dame import NativeNotreDame, digest, playouts, state_data
from tests.conformance.harness import random_game
from tests.native.differential_notre_dame import FAVOUR, Divergence, option_sets, play_both

GAMES = 125
OBSERVED = 20
SETS = [(n, options, policy) for n in (2, 3, 4, 5) for options, policy in option_sets()]
IDS = [f"{n}p-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'default'}-{p}"
       for n, o, p in SETS]


@pytest.mark.parametrize(("players", "options", "policy"), SETS, ids=IDS)
def test_native_games_are_the_reference_games_step_by_step(
        players: int, options: dict[str, object], policy: str) -> None:
    game = NotreDame(players, options)
    dry = set()

    def watch(state: NotreDameState) -> None:
        if state.bank == 0:
            dry.add(seed)

    for seed in range(GAMES):
        play_both(game, seed, policy, 1 if seed < OBSERVED else 10**9, watch)
    if policy == FAVOUR and not options:  # the favour table drains the limited bank
        assert len(dry) > GAMES // 20


def test_a_difference_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The driver fails on any difference: a native game one draw apart diverges."""
    game = NotreDame(3, {})

    class Shifted(NativeNotreDame):
        @classmethod
        def new(cls, game: NotreDame, seed: int) -> NativeNotreDame:
            return NativeNotreDame.new(game, seed + 1)

    monkeypatch.setattr("tests.native.differential_notre_dame.NativeNotreDame", Shifted)
    with pytest.raises(Divergence, match="seed 5 step 0: positions differ"):
        play_both(game, 5)


def test_the_native_tables_are_the_reference_components() -> None:
    """The road distances, the characters' rats and the sizes of the action space and the
    observation, for every player count and gold option."""
    for players in (2, 3, 4, 5):
        for gold in ("limited", "unlimited"):
            game = NotreDame(players, {"gold": gold})
            tables = core().notre_dame_tables(players, gold == "unlimited")
            assert tables["quarters"] == game.setting.quarters
            assert tables["player_quarter"] == list(game.setting.player_quarter)
            assert tables["distances"] == road_distances(game.setting.quarters)
            assert tables["rats"] == list(CHARACTER_RATS)
            assert tables["size"] == game.encoding().size
            assert tables["length"] == game.encoding().length


def test_positions_convert_both_ways_from_any_point_of_a_real_game() -> None:
    """A native position made from a reference position mid-game (log and all) is that
    position, plays on identically for every pending seat, and converts back to it
    (checked by the loader's invariants)."""
    for players in (2, 3, 4, 5):
        states, _ = random_game("notre-dame", players, 11)
        rng = random.Random(players)
        for state in rng.sample(states, 25):
            assert isinstance(state, NotreDameState)
            nat = NativeNotreDame.from_state(state)
            data = state_data(state)
            assert nat.data() == data and nat.digest() == digest(data)
            back = nat.to_state()
            assert state_data(back) == data and back.log(None) == []
            assert nat.to_act == state.to_act
            for p in range(players):
                assert nat.observation(p) == state.observation(p)
            for player in state.to_act:
                legal = state.legal_indices(player)
                assert nat.legal_indices(player) == legal
                for k in range(min(3, len(legal))):
                    twin = nat.copy()
                    twin.apply(legal[k], player)
                    after = state.apply(player, state.action_at(player, legal[k]))
                    assert twin.data() == state_data(after)  # type: ignore[arg-type]
            assert nat.data() == data  # the copies left it alone


def _reference(game: NotreDame, data: dict[str, Any]) -> NotreDameState:
    s = game.blank()
    schema.fill(s, data, [])
    return s


def _bank_play(players: int, gold: str) -> tuple[NotreDame, dict[str, Any], int]:
    """A position where the seat to act places the cube of a Bank card it just played."""
    game = NotreDame(players, {"gold": gold})
    for seed in range(200):
        for state in random_game("notre-dame", players, seed)[0]:
            assert isinstance(state, NotreDameState)
            if (state.stack and state.stack[-1][0] == T_SOURCE and state.stack[-1][2] == 1
                    and state.supply[state.to_act[0]] > 0
                    and sum(state.sectors[state.to_act[0]]) >= 2):
                return game, state_data(state), state.to_act[0]
    raise AssertionError("no Bank play found")


@pytest.mark.parametrize("others", ["none", "tied", "short"])
def test_a_bank_shortfall_is_taken_as_the_reference_takes_it(others: str) -> None:
    """The limited bank runs dry: the rest comes from the richest other seat (the first
    after the receiver among equals), then the next, and what nobody has is lost. Edited
    positions reach every branch, which whole games rarely do."""
    game, data, p = _bank_play(4, "limited")
    n = game.players
    gold = {"none": [0] * n, "tied": [2] * n, "short": [1, 0, 1, 0]}[others]
    data = dict(data, gold=[data["gold"][p] if q == p else gold[q] for q in range(n)], bank=0)
    ref = _reference(game, data)
    nat = NativeNotreDame(game, core().NotreDameState.from_data(n, False, data))
    place = game.encoding().index(ref, p, ref.legal_actions(p)[0])
    assert ref.legal_actions(p)[0].kind == "place" and place in nat.legal_indices()
    after = ref.apply(p, ref.legal_actions(p)[0])
    nat.apply(place)
    assert nat.data() == state_data(after)  # type: ignore[arg-type]
    assert nat.data()["bank"] == 0


def test_observations_clip_as_the_reference_clips() -> None:
    """Unlimited gold past the bank's 25 and prestige past 100 read 1, as in the
    reference's tensor."""
    game, data, _ = _bank_play(3, "unlimited")
    data = dict(data, gold=[40, 25, 26], prestige=[150, 100, 101], bank=-66)
    ref = _reference(game, data)
    nat = NativeNotreDame(game, core().NotreDameState.from_data(3, True, data))
    for p in range(3):
        assert nat.observation(p) == ref.observation(p)


def test_a_native_position_refuses_an_illegal_index_and_stays_as_it_was() -> None:
    game = NotreDame(3, {})
    nat = NativeNotreDame.new(game, 4)
    before = nat.data()
    illegal = next(i for i in range(game.encoding().size) if i not in nat.legal_indices())
    for index in (illegal, -1, game.encoding().size):
        with pytest.raises(ValueError, match="not a legal action index"):
            nat.apply(index)
    with pytest.raises(ValueError, match="not to act"):
        nat.legal_indices(7)
    assert nat.data() == before
    with pytest.raises(IllegalAction):  # the reference refuses it too
        game.new_state(4).action_at(0, illegal)


def test_a_position_the_native_core_cannot_index_is_refused() -> None:
    """Raw data that points outside the position (a carriage off the board, a task naming
    no sector, a draft choice past its pile, characters not dealt) is refused with
    ValueError, never read out of bounds."""
    game = NotreDame(3, {})
    data = state_data(game.new_state(2))
    broken = [dict(data, carriage=[0, 5, 99]), dict(data, stack=[[6, 0, 9, 0]]),
              dict(data, choice=[2, -1, -1], hand=[[1], [10], [20]]),
              dict(data, revealed=[]), dict(data, know=[[0] * 27] * 2),
              dict(data, stack=[[0, 0, 0, 0], [1, 0, 0, 0]])]
    for bad in broken:
        with pytest.raises(ValueError):
            core().NotreDameState.from_data(3, False, bad)
    assert core().NotreDameState.from_data(3, False, data).data() == data


def test_native_random_playouts_end_every_game_within_the_bound() -> None:
    for players in (2, 3, 4, 5):
        game = NotreDame(players, {})
        decisions = playouts(players, 100, seed=players)
        assert 0 < decisions <= 100 * game.info.max_decisions
        nat = NativeNotreDame.new(game, 1)
        made = nat.random_playout(9)
        assert nat.is_terminal and 0 < made <= game.info.max_decisions
        assert abs(sum(nat.returns())) < 1e-9 and max(nat.returns()) > 0


def test_a_core_built_for_other_rules_is_not_used(monkeypatch: pytest.MonkeyPatch) -> None:
    """The native Notre Dame is used only at the reference's rules version: otherwise the
    bots roll out in Python and the native positions refuse to start, saying why."""
    from tavola import native
    from tavola.agents.search import Rollout
    game = NotreDame(3, {})
    assert native.plays(game) and Rollout(game, "random", 0).native is not None
    monkeypatch.setattr(native.core(), "NOTRE_DAME_VERSION", game.info.version - 1)
    assert not native.plays(game) and Rollout(game, "greedy", 0).native is None
    with pytest.raises(native.NativeUnavailable, match="other Notre Dame rules"):
        NativeNotreDame.new(game, 1)
