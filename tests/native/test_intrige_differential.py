"""Intrige in the native core plays exactly the reference's games (docs/native.md).

Every step of every game compares who acts, the legal index sequences, the whole position
(every field of the reference's board data) and, at the end, the scores and the returns;
every seat's observation tensor is compared at every step of the first `OBSERVED` games of
each set (the tensor is a function of the position, which every step of every game already
compares). `GAMES` games run per player count (3-5), edition, bribe order and table
(random, and the `thrifty` table that grows large purses);
`python -m tests.native.differential_intrige` is the long run.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from tavola.games.intrige.encoding import IntrigeEncoding
from tavola.games.intrige.game import IntrigeGame, IntrigeState
from tavola.native.intrige import NativeIntrige, digest, playouts, state_data
from tests.conformance.harness import random_game
from tests.native.differential_intrige import THRIFTY, Divergence, option_sets, play_both

GAMES = 75
OBSERVED = 20
SETS = [(n, options, policy) for n in (3, 4, 5) for options, policy in option_sets()]
IDS = [f"{n}p-{o['edition']}-{o['bribe_order']}-{p}" for n, o, p in SETS]


@pytest.mark.parametrize(("players", "options", "policy"), SETS, ids=IDS)
def test_native_games_are_the_reference_games_step_by_step(
        players: int, options: dict[str, Any], policy: str) -> None:
    game = IntrigeGame(players, options)
    enc = game.encoding()
    assert isinstance(enc, IntrigeEncoding)
    seen: Counter[str] = Counter()

    def watch(state: IntrigeState, index: int) -> None:
        if index < 0:
            seen["exiles"] += len(state.board.island)
            seen["top"] = max(seen["top"], max(state.board.money))
            return
        seen["zero"] += index == 0
        seen["back"] += index == enc.back_at
        seen["range"] += index >= enc.range_at
        seen["offer"] += enc.offer_at <= index < enc.ask_at
        seen["defend"] += index == enc.defend_at
        seen["admit"] += enc.admit_at <= index < enc.room_at

    for seed in range(GAMES):
        play_both(game, seed, policy, 1 if seed < OBSERVED else 10**9, watch)
    # Every kind of decision is played in every set, and each table does what it is for.
    for kind in ("range", "defend", "admit", "exiles"):
        assert seen[kind] > 0, kind
    if policy == THRIFTY:
        assert seen["top"] > 4 * game.table.edition.start_money  # sums through many ranges
    else:
        for kind in ("zero", "back", "offer"):
            assert seen[kind] > 0, kind


def test_a_difference_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The driver fails on any difference: a native game one decision ahead diverges."""
    game = IntrigeGame(3, {})

    class Ahead(NativeIntrige):
        @classmethod
        def new(cls, game: IntrigeGame, seed: int = 0) -> NativeIntrige:
            out = NativeIntrige.new(game, seed)
            out.apply(out.legal_indices()[-1])
            return out

    monkeypatch.setattr("tests.native.differential_intrige.NativeIntrige", Ahead)
    with pytest.raises(Divergence, match="seed 5 step 0: positions differ"):
        play_both(game, 5)


def test_the_native_sizes_are_the_reference_encoding() -> None:
    """The size of the action space and the length of the observation, for every player
    count and edition."""
    for players in (3, 4, 5):
        for edition in ("1994", "amigo"):
            game = IntrigeGame(players, {"edition": edition})
            native = NativeIntrige.new(game)
            assert native._s.size == game.encoding().size
            assert len(native.observation(0)) == game.encoding().length


def test_positions_convert_both_ways_along_real_games() -> None:
    """`from_state` and `to_state` keep the position (checked by the reference's loader)
    at every step of logged games."""
    for players, options in ((3, {}), (4, {"edition": "amigo"}),
                             (5, {"bribe_order": "turn_order"})):
        for seed in range(3):
            for state in random_game("intrige", players, seed, **options)[0]:
                assert isinstance(state, IntrigeState)
                native = NativeIntrige.from_state(state)
                assert native.data() == state_data(state)
                back = native.to_state()
                assert back.board.to_json() == state.board.to_json()
                assert digest(state_data(state)) == native.digest()


def test_copies_are_independent_and_bad_input_is_refused() -> None:
    game = IntrigeGame(3, {})
    native = NativeIntrige.new(game, 1)
    copy = native.copy()
    copy.apply(copy.legal_indices()[0])
    assert native.data() == state_data(game.new_state(1))
    assert copy.data() != native.data()
    with pytest.raises(ValueError, match="not a legal action index"):
        native.apply(10**6)
    with pytest.raises(ValueError, match="not a legal action index"):
        native.apply(-1)
    with pytest.raises(ValueError, match="no such seat"):
        native.observation(3)
    with pytest.raises(TypeError, match="whole number"):
        NativeIntrige.new(game, 1.5)  # type: ignore[arg-type]
    data = state_data(game.new_state(0))
    data["phase"] = "nap"
    with pytest.raises(ValueError, match="phase"):
        game_native = NativeIntrige.new(game)._s
        type(game_native).from_data(3, 0, 0, data)
    # Data the core cannot index is refused: a figure to seat that waits nowhere, a
    # conflict over a profession no room holds.
    state = game.new_state(0)
    while state.board.phase != 2:  # SEAT
        state = state.apply_index(state.to_act[0], 0)
    raw = type(NativeIntrige.new(game)._s)
    data = state_data(state)
    data["parks"][state.board.turn] = []
    with pytest.raises(ValueError, match="seating"):
        raw.from_data(3, 0, 0, data)
    data = state_data(state)
    data["phase"], data["decisions"] = "decide", [["internal", 4]]
    with pytest.raises(ValueError, match="decisions"):
        raw.from_data(3, 0, 0, data)
    over = NativeIntrige.new(game)
    over.random_playout(3)
    assert over.is_terminal and over.to_act == () and over.legal_indices() == ()
    with pytest.raises(ValueError, match="not a legal action index"):
        over.apply(0)


def test_native_random_playouts_end_and_score() -> None:
    for players in (3, 4, 5):
        game = IntrigeGame(players, {})
        native = NativeIntrige.new(game)
        assert native.random_playout(players) > 0
        assert native.is_terminal
        assert sorted(native.returns()) == sorted(native.to_state().result().utilities())
    assert playouts(4, 20, 7) > 20 * 50


def test_a_core_built_for_other_intrige_rules_is_not_used(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`INTRIGE_VERSION` guards the rules version: with a core built for other rules the
    bots roll out in Python and the native positions refuse to start, saying why."""
    from tavola import native
    from tavola.agents.search import Rollout
    from tavola.native import NativeUnavailable, core

    game = IntrigeGame(3, {})
    assert native.plays(game) and Rollout(game, "greedy", 0).native is not None
    monkeypatch.setattr(core(), "INTRIGE_VERSION", game.info.version - 1)
    assert not native.plays(game) and Rollout(game, "greedy", 0).native is None
    with pytest.raises(NativeUnavailable, match="other Intrige rules"):
        NativeIntrige.new(game)
