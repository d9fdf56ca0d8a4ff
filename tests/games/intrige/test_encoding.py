"""Intrige for learners (docs/games/intrige.md, "For learners"): the fixed action space with
seats counted from the acting player and sums counted from the bottom of their list, the
observation tensor read from one seat's view alone, and `reseed`, which has nothing to redraw
in a game without chance."""

from __future__ import annotations

import json
import random

import pytest

from tavola.core import IllegalAction, make
from tavola.games.intrige import actions as A
from tavola.games.intrige.encoding import SUM_SLOTS, IntrigeEncoding
from tavola.games.intrige.game import IntrigeState
from tavola.games.intrige.schema import money_bound
from tavola.games.intrige.state import SEND
from tests.conformance.harness import game_encoding
from tests.conformance.harness import observation_part as part
from tests.games.intrige.scenarios import new_game, play, reached, scenario

DOCUMENTED_K = {("1994", 3): 208, ("1994", 4): 267, ("1994", 5): 327,
                ("amigo", 3): 150, ("amigo", 4): 190, ("amigo", 5): 231}
MONEY = {0: 123_000, 1: 456_000, 2: 789_000, 3: 234_000}


def encoding(state: IntrigeState) -> IntrigeEncoding:
    """Return the state's encoding as Intrige's own kind."""
    return game_encoding(state, IntrigeEncoding)


def test_k_for_every_player_count_and_edition_is_the_documented_one() -> None:
    for (edition, players), k in DOCUMENTED_K.items():
        assert make("intrige", players, 0, edition=edition).game.encoding().size == k


def test_back_has_one_index_of_its_own_after_the_rooms_to_ask_for() -> None:
    state = play(scenario(turn=0, parks={0: [(1, "legal")]}), "range:100000")
    enc = encoding(state)
    assert A.BACK in state.legal_actions(1)
    assert enc.index(state, 1, A.BACK) == enc.back_at == enc.ask_at + 5
    assert enc.action(state, 1, enc.back_at) == A.BACK
    assert enc.back_at + 1 == enc.defend_at


def test_the_last_index_is_the_range_of_sums_at_the_most_money_there_can_be() -> None:
    state = new_game(5)
    enc = encoding(state)
    top = money_bound(state.table) // 100_000 * 100_000
    assert enc.index(state, 0, A.sum_range(top)) == enc.size - 1
    assert enc.action(state, 0, enc.size - 1) == A.sum_range(top)
    assert enc.index(state, 0, A.sum_range(100_000)) == enc.range_at


def test_sending_to_the_next_seat_has_one_index_whichever_seat_sends() -> None:
    indices = set()
    for seat in range(4):

        def sending(s: IntrigeState, seat: int = seat) -> bool:
            return s.board.phase == SEND and s.board.turn == seat

        state = reached(sending)
        sends = [a for a in state.legal_actions(seat)
                 if a == A.send("prelate", (seat + 1) % 4)]
        assert sends, "a prelate can be sent to the next seat"
        indices.add(state.legal_indices(seat)[state.legal_actions(seat).index(sends[0])])
    assert len(indices) == 1


def test_admitting_the_seat_two_places_on_has_one_index_whoever_owns_the_palace() -> None:
    indices = set()
    for owner in range(4):
        others = ((owner + 1) % 4, (owner + 2) % 4)
        state = scenario(turn=owner, parks={owner: [(others[0], "legal"), (others[1], "legal")]},
                         money={others[0]: 5_000, others[1]: 5_000})
        state = play(state, "bribe:0", "bribe:0")
        admit = A.admit(others[1])
        assert admit in state.legal_actions(owner)
        indices.add(encoding(state).index(state, owner, admit))
    assert len(indices) == 1


def test_a_bribe_is_indexed_by_its_place_in_the_list_it_is_chosen_from() -> None:
    state = scenario(turn=0, parks={0: [(1, "legal")]})
    enc = encoding(state)
    first = state.legal_indices(1)
    assert first[:10] == (*range(enc.bribe_at, enc.bribe_at + 9), enc.range_at)
    in_range = play(state, "range:100000")
    assert in_range.legal_indices(1) == (*range(enc.bribe_at, enc.bribe_at + 10), enc.back_at)
    assert in_range.action_at(1, enc.bribe_at + 5) == A.bribe(150_000)
    assert state.action_at(1, enc.bribe_at + 5) == A.bribe(60_000)


def test_an_offer_has_its_own_block_of_sums_after_its_room_is_asked() -> None:
    state = play(scenario(turn=0, parks={0: [(1, "legal")]}), "ask:5")
    enc = encoding(state)
    assert enc.offer_at == enc.bribe_at + SUM_SLOTS
    assert state.action_at(1, enc.offer_at + 2) == A.offer(30_000, 5)
    with pytest.raises(IllegalAction):
        state.action_at(1, enc.bribe_at + 2)
    before = scenario(turn=0, parks={0: [(1, "legal")]})
    with pytest.raises(IllegalAction, match="not a legal action"):
        before.action_at(1, enc.offer_at + 2)


def test_a_payer_who_cannot_pay_the_smallest_bribe_has_the_zero_index_alone() -> None:
    state = scenario(turn=0, parks={0: [(1, "legal")]}, money={1: 5_000})
    assert state.legal_indices(1) == (encoding(state).zero_at,)
    assert state.action_at(1, 0) == A.bribe(0)


@pytest.mark.parametrize(("edition", "order"), [("amigo", "conflicts_first"),
                                                ("1994", "turn_order"),
                                                ("amigo", "turn_order")])
def test_every_legal_action_round_trips_in_every_edition_and_bribe_order(
        edition: str, order: str) -> None:
    for players in (3, 5):
        for seed in range(2):
            state = new_game(players, edition=edition, bribe_order=order)
            enc = encoding(state)
            rng = random.Random(seed)
            while not state.is_terminal:
                seat = state.to_act[0]
                legal = state.legal_actions(seat)
                indices = state.legal_indices(seat)
                assert len(set(indices)) == len(indices)
                assert all(0 <= i < enc.size for i in indices)
                assert [state.action_at(seat, i) for i in indices] == list(legal)
                after = state.apply(seat, legal[rng.randrange(len(legal))])
                assert isinstance(after, IntrigeState)
                state = after


def test_the_observers_own_money_leads_the_money_slice() -> None:
    state = scenario(turn=0, parks={0: [(1, "legal")]}, money=MONEY)
    scale = 4 * 320_000
    for seat, money in MONEY.items():
        shown = part(state, seat, "money")
        assert shown[0] == pytest.approx(money / scale)
        # The others' purses are what the public record shows: the starting money.
        assert shown[1:] == [pytest.approx(320_000 / scale)] * 3


def test_another_seats_secret_money_does_not_change_the_tensor() -> None:
    base = scenario(turn=0, parks={0: [(1, "legal")]}, money=MONEY)
    richer = scenario(turn=0, parks={0: [(1, "legal")]}, money={**MONEY, 2: 999_000, 3: 0})
    for seat in (0, 1):
        assert base.observation(seat) == richer.observation(seat)
    assert base.observation(2) != richer.observation(2)


def test_another_payers_half_chosen_sum_shows_only_in_the_payers_own_tensor() -> None:
    before = scenario(turn=0, parks={0: [(1, "legal")]})
    after = play(before, "range:200000")
    for seat in (0, 2, 3):
        assert after.observation(seat) == before.observation(seat)
    assert part(after, 1, "range_from") == [pytest.approx(200_000 / 1_280_000),
                                            pytest.approx(200_000 / money_bound(after.table))]
    asked = play(before, "ask:3")
    assert part(asked, 1, "asked_room") == [0.0, 0.0, 1.0, 0.0, 0.0]
    assert part(asked, 0, "asked_room") == [0.0] * 5


def test_rooms_are_encoded_palace_by_palace_from_the_observer_round_the_table() -> None:
    # P1's fiscal counsellor sits in room 5 of P3's palace; observer P2 sees that palace
    # one seat on, and P1 three seats on.
    state = scenario(turn=0, rooms={2: {5: (0, "fiscal")}}, parks={0: [(1, "legal")]})
    rooms = part(state, 1, "rooms")
    per_room = 4 + 5
    cell = (1 * 5 + 4) * per_room
    assert rooms[cell:cell + per_room] == [0.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0, 0.0, 0.0]
    assert sum(rooms) == 2.0


def test_the_rooms_slice_is_the_same_for_every_seat_in_the_same_place_at_the_table() -> None:
    seen = []
    for seat in range(4):
        state = scenario(turn=(seat + 3) % 4,
                         rooms={(seat + 2) % 4: {4: ((seat + 1) % 4, "legal")}})
        seen.append(part(state, seat, "rooms"))
    assert all(rooms == seen[0] for rooms in seen)


def test_the_pending_bribe_shows_its_payer_role_profession_and_contested_room() -> None:
    # P2's prelate attacks P3's prelate in room 4 of P1's palace: P3 defends first.
    state = scenario(turn=0, rooms={0: {4: (2, "prelate")}}, parks={0: [(1, "prelate")]})
    assert state.to_act == (2,)
    for seat in range(4):
        assert part(state, seat, "bribe_payer") == [1.0 if k == (2 - seat) % 4 else 0.0
                                                    for k in range(4)]
        assert part(state, seat, "bribe_role") == [1.0, 0.0, 0.0, 0.0]
        assert part(state, seat, "pending_profession") == [0.0, 0.0, 1.0, 0.0, 0.0]
        assert part(state, seat, "pending_room") == [0.0, 0.0, 0.0, 1.0, 0.0]
        assert part(state, seat, "bribes_due")[(1 - seat) % 4 * 5 + 2] == 0.5


def test_an_observation_is_read_from_the_view_alone() -> None:
    state = reached(lambda s: s.board.round == 3 and s.board.phase == SEND, seed=4)
    enc = encoding(state)
    for seat in range(4):
        copied = json.loads(json.dumps(state.view(seat)))
        assert enc.observe(seat, copied) == state.observation(seat)


def test_reseed_returns_the_very_position_intrige_has_nothing_to_draw() -> None:
    state = play(scenario(turn=0, parks={0: [(1, "legal")]}), "ask:4", "range:100000")
    rng = random.Random(3)
    assert state.reseed(rng) is state
    assert state._reseed(rng) is state
    assert state.reseed(rng).view(1)["pending"]["range_from"] == 100_000
