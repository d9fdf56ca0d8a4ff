"""Random-playout conformance for 2, 3 and 4 players, with Rattus's invariants."""

from __future__ import annotations

import copy
import json
import random

import pytest

from tavola.core import CorruptState, State, make, state_from_json
from tavola.games.rattus.components import REGION_COUNT, TOKEN_COUNT
from tavola.games.rattus.config import CUBES_PER_PLAYER, REGIONS_IN_PLAY
from tavola.games.rattus.game import RattusState
from tavola.games.rattus.state import OVER, PHASE_NAMES
from tests.conformance.harness import check_random_games, expect_error, random_game


def invariant(state: State) -> None:
    """Cubes and tokens are conserved; no region holds more than 3 tokens."""
    assert isinstance(state, RattusState)
    s = state
    n = s.game.players
    for p in range(n):
        on_board = sum(b[p] for b in s.board)
        assert on_board + s.palace[p] + s.reserve[p] + s.lost[p] == CUBES_PER_PLAYER
        assert min(min(b[p] for b in s.board), s.palace[p], s.reserve[p], s.lost[p]) >= 0
    on_board = [t for r in s.tokens for t in r]
    assert sorted(on_board + s.supply + s.aside + s.out) == list(range(TOKEN_COUNT))
    assert all(len(r) <= 3 for r in s.tokens)
    count = REGIONS_IN_PLAY[n]
    for r in range(count, REGION_COUNT):
        assert not s.tokens[r] and not any(s.board[r])
    assert s.plague < count
    for known in s.known:
        assert set(known) <= set(on_board)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_conform(players: int, long_run: bool) -> None:
    seeds = range(600 if long_run else 50)
    assert check_random_games("rattus", [players], seeds, invariant, deep_every=10) > 0


def test_random_games_conform_with_shared_ties() -> None:
    assert check_random_games("rattus", [3], range(20), invariant, deep_every=5,
                              ties="shared") > 0


def test_apply_never_changes_its_input() -> None:
    states, _ = random_game("rattus", 4, 7)
    for s in states[::7]:
        if s.is_terminal:
            continue
        text = json.dumps(s.to_json(), sort_keys=True)
        for a in s.legal_actions(s.to_act[0]):
            s.apply(s.to_act[0], a)
        assert json.dumps(s.to_json(), sort_keys=True) == text


def test_apply_never_changes_its_input_in_any_phase() -> None:
    wanted = set(range(len(PHASE_NAMES))) - {OVER}
    seen: set[int] = set()
    for seed in range(60):
        states, _ = random_game("rattus", 2 + seed % 3, 300 + seed)
        for s in states:
            assert isinstance(s, RattusState)
            if s.phase in seen or s.phase == OVER:
                continue
            seen.add(s.phase)
            text = json.dumps(s.to_json(), sort_keys=True)
            for a in s.legal_actions(s.to_act[0]):
                s.apply(s.to_act[0], a)
            assert json.dumps(s.to_json(), sort_keys=True) == text
        if seen == wanted:
            break
    assert seen == wanted


def test_bad_input_gets_a_clear_error_and_changes_nothing() -> None:
    s = make("rattus", 2, 3)
    expect_error(s, 0, "setup:russia")        # not in play with 2 players
    expect_error(s, 0, "setup:atlantis")
    expect_error(s, 0, "place:gallia")        # not the setup decision
    expect_error(s, 1, "setup:gallia")        # not this player's turn
    expect_error(s, 0, "SETUP GALLIA")        # not an action at all
    expect_error(s, 0, "witch:gallia.9")


def test_corrupt_state_data_is_refused() -> None:
    s = make("rattus", 3, 4)
    good = s.to_json()
    for damage in ("drop_token", "extra_cube", "bad_type", "missing", "bad_pick",
                   "bad_spread"):
        data = copy.deepcopy(good)
        if damage == "drop_token":
            data["state"]["supply"].pop()
        elif damage == "extra_cube":
            data["state"]["reserve"][0] += 1
        elif damage == "bad_spread":
            data["state"]["phase"] = PHASE_NAMES.index("spread")
        elif damage == "bad_pick":
            data["state"]["phase"] = PHASE_NAMES.index("merchant_to")
            data["state"]["pick"] = 1   # the active player has no cube in Gallia
        elif damage == "bad_type":
            data["state"]["plague"] = "gallia"
        else:
            del data["state"]["board"]
        with pytest.raises(CorruptState):
            state_from_json(data)


def test_search_states_play_the_same_game_without_writing_a_log() -> None:
    """`for_search` + `apply_index` give the states `apply` gives, apart from the log."""
    for players in (2, 3, 4):
        slow = make("rattus", players, 31)
        fast = slow.for_search()
        assert isinstance(slow, RattusState) and isinstance(fast, RattusState)
        start = len(fast.events())
        rng = random.Random(players)
        while not slow.is_terminal:
            p = slow.to_act[0]
            i = rng.randrange(len(slow.legal_actions(p)))
            assert fast.legal_actions(p) == slow.legal_actions(p)
            slow, fast = slow.apply(p, slow.legal_actions(p)[i]), fast.apply_index(p, i)
            assert isinstance(slow, RattusState) and isinstance(fast, RattusState)
            assert fast.data() == slow.data()
            assert fast.view(p) == slow.view(p)
        assert fast.is_terminal and fast.result() == slow.result()
        assert len(fast.events()) == start < len(slow.events())
