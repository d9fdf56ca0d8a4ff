"""Rattus for learners: the fixed action indices, the observation tensor and `reseed`."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from tavola.core import IllegalAction, act, make
from tavola.games.rattus.components import REGION_INDEX, STARTING_COUNT, TOKENS
from tavola.games.rattus.encoding import FRONT_FLOATS, KINDS, RattusEncoding
from tavola.games.rattus.game import RattusGame, RattusState
from tavola.games.rattus.state import WITCH_SECOND
from tests.conformance.harness import game_encoding
from tests.conformance.harness import observation_part as part
from tests.games.rattus.scenarios import play, scenario

DOCS = Path(__file__).resolve().parents[3] / "docs" / "games" / "rattus.md"


def encoding(state: RattusState) -> RattusEncoding:
    """Return the state's encoding as Rattus's own kind."""
    return game_encoding(state, RattusEncoding)


def looked(players: int = 2) -> RattusState:
    """Return a turn of seat 1, the Witch's holder, after she looked at Gallia's and
    Scandia's tokens and kept them."""
    s = scenario(players, holders={"witch": 1}, active=1,
                 tokens={"gallia": ["2 M"], "scandia": ["5 MM A"], "anglia": ["3 A"]},
                 cubes={"gallia": [2] + [1] * (players - 1)}, step="B")
    return play(s, "witch:gallia.0", "witch:scandia.0", "keep")


# -- the action space ---------------------------------------------------------------------
def test_the_action_space_has_265_325_and_421_indices_as_the_docs_state() -> None:
    sizes = {n: RattusGame(n).encoding().size for n in (2, 3, 4)}
    assert sizes == {2: 265, 3: 325, 4: 421}
    stated = re.search(r"K = (\d+) \(2 players\), (\d+) \(3 players\), (\d+) \(4 players\)",
                       DOCS.read_text(encoding="utf-8"))
    assert stated is not None, "docs/games/rattus.md states K per player count"
    assert tuple(int(k) for k in stated.groups()) == (sizes[2], sizes[3], sizes[4])


def test_the_round_limit_does_not_change_the_action_space() -> None:
    assert RattusGame(3, {"rounds": 100}).encoding().size == RattusGame(3).encoding().size


def test_taking_a_card_has_one_index_for_every_seat_and_position() -> None:
    first = scenario(2, active=0)
    later = scenario(2, active=1, holders={"king": 0}, tokens={"gallia": ["2 M"]})
    take = act("take", "witch")
    enc = encoding(first)
    # 8 initial placements come first, then the cards in rulebook order (witch is the 5th).
    assert enc.index(first, 0, take) == enc.index(later, 1, take) == 8 + 4
    assert first.legal_indices(0)[first.legal_actions(0).index(take)] == 12


def test_the_first_initial_placement_is_asked_with_the_first_indices() -> None:
    state = make("rattus", 3, 5)
    assert state.legal_indices(0) == tuple(range(10))
    assert state.action_at(0, 9) == act("setup", "turcia")


def test_passing_a_step_has_the_last_indices_and_the_blocks_follow_a_turn() -> None:
    """`no_card` and `end_b` came with the separate steps; they follow `done` so that every
    older index kept its action."""
    state = scenario(4)
    enc = encoding(state)
    assert [enc.action(state, 0, enc.size - k) for k in (3, 2, 1)] == [
        act("done"), act("no_card"), act("end_b")]
    assert enc.index(state, 0, act("no_card")) in state.legal_indices(0)
    assert enc.action(state, 0, 12 + 6) == act("place", "anglia")
    assert enc.action(state, 0, 12 + 6 + 12) == act("place", "anglia", "peasant")


def test_a_region_out_of_play_has_no_index() -> None:
    state = scenario(2)
    with pytest.raises(KeyError):
        encoding(state).index(state, 0, act("place", "bulgaria"))
    with pytest.raises(KeyError):
        encoding(state).index(state, 0, act("merchant", "anglia", "italia", 1))


def test_an_index_outside_the_space_or_not_legal_now_is_refused() -> None:
    state = scenario(2)
    enc = encoding(state)
    with pytest.raises(IndexError):
        enc.action(state, 0, -1)
    with pytest.raises(IllegalAction, match="not a legal action of P1"):
        state.action_at(0, enc.size - 1)


def test_the_merchant_and_monk_moves_are_counted_only_between_neighbours() -> None:
    enc = RattusGame(2).encoding()
    assert isinstance(enc, RattusEncoding)
    state = scenario(2)
    every = [enc.action(state, 0, i) for i in range(enc.size)]
    merchant_moves = [a for a in every if a.kind == "merchant" and len(a.args) == 3]
    monk_moves = [a for a in every if a.kind == "monk" and len(a.args) == 2]
    # 13 neighbouring pairs among the 8 regions of a 2-player game, both ways.
    assert len(merchant_moves) == 26 * 3 and len(monk_moves) == 26 * 3
    assert len(set(every)) == enc.size


# -- the observation ----------------------------------------------------------------------
def test_cubes_appear_from_the_observer_round_the_table() -> None:
    s = scenario(3, cubes={"gallia": [4, 1, 0]}, palace=[2, 0, 1])
    assert part(s, 0, "region.gallia")[:3] == [4 / 20, 1 / 20, 0.0]
    assert part(s, 1, "region.gallia")[:3] == [1 / 20, 0.0, 4 / 20]
    off = part(s, 2, "cubes_off_board")
    assert off[:3] == [1 / 20, 2 / 20, 0.0]           # palace: seat 2, seat 0, seat 1
    assert off[3:6] == [19 / 20, 14 / 20, 19 / 20]    # reserve, same order


def test_a_card_holder_is_named_from_the_observer() -> None:
    s = scenario(3, holders={"witch": 2})
    witch = 4 * 4  # the fifth card, each one-hot of 4: beside the board, then 3 seats
    assert part(s, 0, "cards")[witch:witch + 4] == [0.0, 0.0, 0.0, 1.0]
    assert part(s, 2, "cards")[witch:witch + 4] == [0.0, 1.0, 0.0, 0.0]
    assert part(s, 0, "cards")[:4] == [1.0, 0.0, 0.0, 0.0]  # the King lies beside the board


def test_the_witch_sees_her_token_in_her_tensor_and_the_others_see_only_that_she_looked() -> None:
    s = looked()
    gallia = s.tokens[REGION_INDEX["gallia"]][0]
    front = FRONT_FLOATS[TOKENS[gallia].threshold, TOKENS[gallia].symbols]
    # Gallia: 2 cubes, plague, source, pick; slot 0: present, back, seen by 2 seats, 2 picks.
    slot = 2 + 3
    hers, mine = part(s, 1, "region.gallia"), part(s, 0, "region.gallia")
    assert hers[slot + 2:slot + 4] == [1.0, 0.0]          # seen by her, not by seat 0
    assert hers[slot + 6:slot + 6 + 9] == list(front)
    assert mine[slot + 2:slot + 4] == [0.0, 1.0]          # seat 0: the next seat looked
    assert mine[slot + 6:slot + 6 + 9] == [0.0] * 9


def test_another_seats_secret_does_not_change_the_tensor() -> None:
    s = looked()
    g = REGION_INDEX["gallia"]
    seen = s.tokens[g][0]
    twin_back = seen < STARTING_COUNT
    other = next(t for t in s.supply if (t < STARTING_COUNT) == twin_back
                 and TOKENS[t].symbols != TOKENS[seen].symbols)
    changed = s.copy()
    changed.tokens[g][0] = other
    changed.supply = sorted([*(t for t in s.supply if t != other), seen])
    changed.known[1] = sorted([other if t == seen else t for t in s.known[1]])
    s.game.check_state(changed)
    assert changed.view(0) == s.view(0)
    assert changed.observation(0) == s.observation(0)
    assert changed.observation(1) != s.observation(1)


def test_the_witchs_first_pick_and_the_phase_show_before_her_second() -> None:
    s = scenario(2, holders={"witch": 0}, tokens={"gallia": ["2 M"], "scandia": ["3 A"]},
                 step="B")
    s = play(s, "witch:scandia.0")
    assert s.phase == WITCH_SECOND
    enc = encoding(s)
    slot = 2 + 3 + 0  # slot 0 of Scandia, after the cubes and three region flags
    assert part(s, 1, "region.scandia")[slot + 4] == 1.0   # first pick, seen by seat 1 too
    stage = part(s, 1, "stage")
    assert stage[WITCH_SECOND] == 1.0 and sum(stage[:10]) == 1.0
    assert enc.length == sum(sl.length for sl in enc.layout)


def test_the_step_of_the_turn_shows_in_the_stage() -> None:
    """After the phase (10), the active seat (n), turns and setup placements (2), a card
    taken and the placement made (2): step A, B or C, one-hot."""
    s = scenario(2, tokens={"gallia": ["2 M"]})
    at = 10 + 2 + 2 + 2
    steps = []
    for move in ("no_card", "end_b", "plague:anglia"):
        steps.append(part(s, 1, "stage")[at:at + 3])
        s = play(s, move)
    assert steps == [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]


def test_tokens_out_of_the_game_are_counted_by_kind() -> None:
    s = scenario(2, supply=20)
    out = part(s, 0, "out_of_game")
    assert len(out) == len(KINDS)
    total = sum(x * sum(1 for t in TOKENS
                        if (t.threshold, t.symbols, t.starting) == KINDS[k])
                for k, x in enumerate(out))
    assert round(total) == len(s.out)


# -- reseed -------------------------------------------------------------------------------
def test_reseed_keeps_the_tokens_the_witch_saw_and_deals_the_others_afresh() -> None:
    s = looked(3)
    kept = {t for k in s.known for t in k}
    anglia = s.tokens[REGION_INDEX["anglia"]][0]
    dealt: set[int] = set()
    for seed in range(12):
        fresh = s.reseed(random.Random(seed))
        assert isinstance(fresh, RattusState)
        assert {t for k in fresh.known for t in k} == kept
        for r, (a, b) in enumerate(zip(s.tokens, fresh.tokens, strict=True)):
            assert len(a) == len(b)
            for t, u in zip(a, b, strict=True):
                assert (t < STARTING_COUNT) == (u < STARTING_COUNT)  # backs stay
                if t in kept:
                    assert u == t, f"region {r}: a seen token moved"
        dealt.add(fresh.tokens[REGION_INDEX["anglia"]][0])
        assert len(fresh.supply) == len(s.supply) and len(fresh.aside) == len(s.aside)
        assert all(t >= STARTING_COUNT for t in fresh.aside)
    assert len(dealt) > 3 and dealt != {anglia}


def test_reseed_draws_from_the_set_aside_tokens_too() -> None:
    s = make("rattus", 2, 3)
    assert isinstance(s, RattusState)
    drawn: set[int] = set()
    for seed in range(20):
        fresh = s.reseed(random.Random(seed))
        assert isinstance(fresh, RattusState)
        drawn.update(t for row in fresh.tokens for t in row)
        drawn.update(fresh.supply)
    assert drawn & set(s.aside)


def test_reseed_changes_nothing_in_the_position_it_was_given() -> None:
    s = looked()
    before = s.to_json()
    fresh = s.reseed(random.Random(1))
    assert isinstance(fresh, RattusState)
    assert s.to_json() == before
    assert fresh.rng != s.rng
    assert fresh.reseed(random.Random(2)).to_json() != fresh.to_json()


def test_reseed_with_equal_generators_gives_equal_positions() -> None:
    s = looked(4)
    a, b = s.reseed(random.Random(9)), s.reseed(random.Random(9))
    assert a.to_json() == b.to_json()
