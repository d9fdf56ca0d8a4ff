"""Nottingham in the native core plays exactly the reference's games (docs/native.md).

Every step of every game compares who acts, the legal index sequences of every pending
seat, the whole position (every field of the reference's state data, the generator
included) and, at the end, the scores and the returns; every seat's observation tensor is
compared at every step of the first `OBSERVED` games of each set (the tensor is a function
of the position, which every step of every game already compares). `GAMES` games run per
player count (3-7), option set (the defaults, the distinct track, `rob_shows_card`,
`several_ambushes_each`) and table (random, and the `hoard` table that reaches the
exhausted deck and the eighth commission); `python -m tests.native.differential_nottingham`
is the long run.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from tavola.games.nottingham import state as S
from tavola.games.nottingham.components import CANDLESTICK, PEARLS
from tavola.games.nottingham.game import NottinghamGame, NottinghamState
from tavola.native.nottingham import NativeNottingham, digest, playouts, state_data
from tests.conformance.harness import random_game
from tests.native.differential_nottingham import HOARD, Divergence, option_sets, play_both

GAMES = 50
OBSERVED = 8
SETS = [(n, options, policy) for n in range(3, 8) for options, policy in option_sets()]
IDS = [f"{n}p-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'defaults'}-{p}"
       for n, o, p in SETS]


@pytest.mark.parametrize(("players", "options", "policy"), SETS, ids=IDS)
def test_native_games_are_the_reference_games_step_by_step(
        players: int, options: dict[str, Any], policy: str) -> None:
    game = NottinghamGame(players, options)
    commission_at = game.encoding().size - 78
    decline = 6
    seen: Counter[str] = Counter()

    def watch(state: NottinghamState, index: int) -> None:
        if index < 0:
            seen["eighth"] += sum(len(done) for done in state.commissions) >= 8
            seen["home"] += state.sheriff > len(state.track)
            return
        phase = state.phase
        seen[S.PHASES[phase]] += 1
        item = state.drawn // 12 if state.drawn >= 0 else -1
        seen["commission"] += phase == S.EXCHANGE and index >= commission_at
        seen["steal"] += phase == S.DEFEND and item == CANDLESTICK and index == decline
        seen["rob"] += phase == S.TAKE and item == PEARLS
        if phase == S.AMBUSH_WINDOW and index != decline:
            seen["spring"] += 1
            seen["spring_again"] += len(state.ambushes[state.queue[0]]) > 1

    for seed in range(GAMES):
        play_both(game, seed, policy, 1 if seed < OBSERVED else 10**9, watch)
    # Every kind of decision is played in every set, and each table does what it is for.
    for kind in ("buy_offer", "trade_choose", "defend", "steal", "rob", "ambush_keep",
                 "spring", "commission", "home"):
        assert seen[kind] > 0, kind
    if policy == HOARD:
        assert seen["eighth"] > 0
        if players >= 5 and options.get("track", "long") == "long":
            assert seen["discard_down"] > 0
    if options.get("several_ambushes_each"):
        assert seen["spring_again"] > 0


def test_a_difference_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The driver fails on any difference: a native game one decision ahead diverges."""
    game = NottinghamGame(3, {})

    class Ahead(NativeNottingham):
        @classmethod
        def new(cls, game: NottinghamGame, seed: int) -> NativeNottingham:
            out = NativeNottingham.new(game, seed)
            out.apply(out.legal_indices()[-1])
            return out

    monkeypatch.setattr("tests.native.differential_nottingham.NativeNottingham", Ahead)
    with pytest.raises(Divergence, match=r"seed 5 step 0: (players to act|positions) differ"):
        play_both(game, 5)


def test_the_native_sizes_are_the_reference_encoding() -> None:
    """The size of the action space and the length of the observation, for every player
    count and track."""
    for players in range(3, 8):
        for track in ("long", "distinct"):
            game = NottinghamGame(players, {"track": track})
            native = NativeNottingham.new(game, 0)
            assert native._s.size == game.encoding().size
            assert len(native.observation(0)) == game.encoding().length


def test_positions_convert_both_ways_along_real_games() -> None:
    """`from_state` and `to_state` keep the position (checked by the reference's loader)
    at every step of logged games, and the converted position plays on identically."""
    for players, options in ((3, {}), (5, {"track": "distinct"}), (7, {"rob_shows_card": True})):
        for seed in range(3):
            for state in random_game("nottingham", players, seed, **options)[0]:
                assert isinstance(state, NottinghamState)
                native = NativeNottingham.from_state(state)
                assert native.data() == state_data(state)
                back = native.to_state()
                assert state_data(back) == state_data(state)
                assert digest(state_data(state)) == native.digest()
                if state.is_terminal:
                    continue
                for q in state.to_act:
                    legal = state.legal_indices(q)
                    assert native.legal_indices(q) == legal
                    after = native.copy()
                    after.apply(legal[-1], q)
                    ref = state.apply_index(q, len(legal) - 1)
                    assert after.data() == state_data(ref)


def test_copies_are_independent_and_bad_input_is_refused() -> None:
    game = NottinghamGame(3, {})
    native = NativeNottingham.new(game, 1)
    copy = native.copy()
    copy.apply(copy.legal_indices()[0])
    assert native.data() == state_data(game.new_state(1).for_search())
    assert copy.data() != native.data()
    with pytest.raises(ValueError, match="not a legal action index"):
        native.apply(10**6)
    with pytest.raises(ValueError, match="not a legal action index"):
        native.apply(-1)
    with pytest.raises(ValueError, match="not to act"):
        native.apply(0, 1)
    with pytest.raises(ValueError, match="not to act"):
        native.legal_indices(2)
    with pytest.raises(ValueError, match="no such seat"):
        native.observation(3)
    with pytest.raises(TypeError, match="whole number"):
        NativeNottingham.new(game, 1.5)  # type: ignore[arg-type]
    raw = type(native._s)
    data = state_data(game.new_state(0))
    data["phase"] = 12
    with pytest.raises(ValueError, match="phase"):
        raw.from_data(3, 0, False, False, data)
    # Data the core cannot index is refused: a card in two places, a pending phase
    # without its data.
    data = state_data(game.new_state(0))
    data["deck"].append(data["hands"][0][0])
    with pytest.raises(ValueError, match="item cards"):
        raw.from_data(3, 0, False, False, data)
    data = state_data(game.new_state(0))
    data["phase"] = S.DEFEND
    with pytest.raises(ValueError, match="phase"):
        raw.from_data(3, 0, False, False, data)
    data = state_data(game.new_state(0))
    data["queue"] = [0, 1, 2]  # a queue outside a reaction window (a Buy would add to it)
    with pytest.raises(ValueError, match="phase"):
        raw.from_data(3, 0, False, False, data)
    over = NativeNottingham.new(game, 0)
    over.random_playout(3)
    assert over.is_terminal and over.to_act == () and over.legal_indices() == ()
    with pytest.raises(ValueError, match="not a legal action index"):
        over.apply(0)


def test_native_random_playouts_end_and_score() -> None:
    for players in range(3, 8):
        game = NottinghamGame(players, {})
        native = NativeNottingham.new(game, players)
        assert native.random_playout(players) > 0
        assert native.is_terminal
        assert native.returns() == native.to_state().result().utilities()
    assert playouts(4, 20, 7) > 20 * 50


def test_a_core_built_for_other_nottingham_rules_is_not_used(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`NOTTINGHAM_VERSION` guards the rules version: with a core built for other rules the
    bots roll out in Python and the native positions refuse to start, saying why."""
    from tavola import native
    from tavola.agents.search import Rollout
    from tavola.native import NativeUnavailable, core

    game = NottinghamGame(3, {})
    assert native.plays(game) and Rollout(game, "random", 0).native is not None
    monkeypatch.setattr(core(), "NOTTINGHAM_VERSION", game.info.version - 1)
    assert not native.plays(game) and Rollout(game, "random", 0).native is None
    with pytest.raises(NativeUnavailable, match="other Nottingham rules"):
        NativeNottingham.new(game, 0)
