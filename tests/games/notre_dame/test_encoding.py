"""Notre Dame's fixed action space, observation tensor and `reseed`: the facts specific to
this game (the generic contract is in tests/conformance/test_encoding.py)."""

from __future__ import annotations

import random

import pytest

from tavola.core import Action
from tavola.games.notre_dame.components import BENEFIT_NAMES, Kind, card_id, card_name
from tavola.games.notre_dame.encoding import NotreDameEncoding
from tavola.games.notre_dame.state import DRAFT_PICK, NDState
from tests.conformance.harness import game_encoding, random_game
from tests.conformance.harness import observation_part as part
from tests.games.notre_dame.scenario import edit, fresh, playing, run

DOCUMENTED_K = {2: 119, 3: 132, 4: 155, 5: 178}


def encoding(s: NDState) -> NotreDameEncoding:
    """Return the state's encoding as Notre Dame's own kind."""
    return game_encoding(s, NotreDameEncoding)


def index_of(s: NDState, seat: int, text: str) -> int:
    return encoding(s).index(s, seat, Action.parse(text))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_k_for_every_player_count_is_the_documented_one_under_either_gold_option(
        players: int) -> None:
    for gold in ("limited", "unlimited"):
        assert encoding(fresh(players, gold=gold)).size == DOCUMENTED_K[players]
        assert DOCUMENTED_K[players] == 18 * players + 5 * (4 if players == 2 else players) + 63


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_index_names_a_distinct_action_and_maps_back_to_it(players: int) -> None:
    s = fresh(players)
    enc = encoding(s)
    for seat in range(players):
        actions = [enc.action(s, seat, i) for i in range(enc.size)]
        assert len(set(actions)) == enc.size
        assert [enc.index(s, seat, a) for a in actions] == list(range(enc.size))
    for bad in (enc.size, -1):
        with pytest.raises(IndexError):
            enc.action(s, 0, bad)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_card_has_the_same_index_for_every_seat_when_its_colour_is_counted_from_the_seat(
        players: int) -> None:
    s = fresh(players)
    for offset in range(players):
        for verb in ("keep", "play"):
            cards = [card_name(card_id((seat + offset) % players, Kind.BANK))
                     for seat in range(players)]
            indices = {index_of(s, seat, f"{verb}:{cards[seat]}") for seat in range(players)}
            assert len(indices) == 1, (verb, offset, indices)
    own_bank = index_of(s, 0, "keep:red.bank")
    assert index_of(s, 1, "keep:red.bank") != own_bank  # red is the seat before blue
    assert index_of(s, 1, "keep:blue.bank") == own_bank


def test_a_market_square_is_counted_from_the_seats_own_quarter() -> None:
    two = fresh(2)  # the seats sit in quarters 0 and 2
    assert index_of(two, 0, "move:0.3") == index_of(two, 1, "move:2.3")
    assert index_of(two, 0, "move:1.0") == index_of(two, 1, "move:3.0")
    assert index_of(two, 0, "move:1.0") != index_of(two, 1, "move:1.0")
    five = fresh(5)
    assert index_of(five, 0, "move:1.2") == index_of(five, 4, "move:0.2")


def test_actions_naming_no_seat_have_one_index_for_everybody() -> None:
    s = fresh(4)
    for text in ("pass", "hire:doctor", "benefit:rat", "gold:3", "from:notre_dame",
                 "from:trusted_friend", "pieces:2,friend", "lose:park", "stay", "forgo"):
        assert len({index_of(s, seat, text) for seat in range(4)}) == 1, text


def test_the_observers_own_gold_and_prestige_come_first_then_the_others_round_the_table() -> None:
    def change(c: NDState) -> None:
        c.prestige = [10, 20, 30]
        c.gold, c.bank = [1, 2, 6], 16
    s = edit(fresh(3), change)
    assert part(s, 1, "prestige") == [0.2, 0.3, 0.1]
    assert part(s, 2, "gold") == [6 / 25, 1 / 25, 2 / 25]
    assert part(s, 0, "bank") == [16 / 25]


def test_the_observers_hand_is_in_its_own_slice_with_its_own_colour_first() -> None:
    s = fresh(3, seed=4)
    for seat in range(3):
        hand = part(s, seat, "my_hand")
        kinds = sorted(c % 9 for c in s.hand[seat])
        assert [i for i, x in enumerate(hand) if x] == kinds  # own colour: the first nine
        deck = part(s, seat, "my_deck")
        assert [i for i, x in enumerate(deck) if x] == sorted(c % 9 for c in s.deck[seat])


def test_another_seats_hidden_hand_does_not_change_the_observation() -> None:
    s = fresh(4, seed=2)

    def swap(c: NDState) -> None:
        # Blue's first card in hand trades places with its last card in the deck.
        a, b = c.hand[1][0], c.deck[1][-1]
        c.hand[1][0], c.deck[1][-1] = b, a
        c.know[1][b], c.know[1][a] = c.know[1][a], c.know[1][b]
    other = edit(s, swap)
    s.game.check_state(other)
    assert other.view(1) != s.view(1)
    for seat in (0, 2, 3):
        assert other.observation(seat) == s.observation(seat)
    assert other.observation(1) != s.observation(1)


def test_a_draft_choice_shows_others_that_it_was_made_but_not_which_card() -> None:
    s = fresh(3, seed=1)
    hand = sorted(s.hand[2])
    a = s.apply(2, f"keep:{card_name(hand[0])}")
    b = s.apply(2, f"keep:{card_name(hand[1])}")
    assert part(a, 0, "draft_done") == [0.0, 0.0, 1.0]
    assert part(a, 1, "draft_done") == [0.0, 1.0, 0.0]
    assert a.observation(0) == b.observation(0) and a.observation(1) == b.observation(1)
    assert a.observation(2) != b.observation(2)
    assert part(a, 2, "my_choice") != part(b, 2, "my_choice")
    assert sum(part(a, 0, "my_choice")) == 0.0


def test_a_pending_carriage_drive_shows_its_task_and_its_steps() -> None:
    s = playing(fresh(4), 0, "carriage_house", "bank", "park")
    s = run(s, 0, "play:red.carriage_house", "place")
    task = part(s, 0, "task")
    assert task.index(1.0) == 1 + 1 and sum(task) == 1.0  # 0 is "none", 1 + 1 the carriage
    assert part(s, 0, "carriage_steps") == [1 / 15]
    assert part(s, 2, "task") == task  # the pending task is public


def test_the_board_and_the_carriages_are_seen_from_the_observers_quarter() -> None:
    s = fresh(2, seed=3)
    names = list(BENEFIT_NAMES)
    for seat, quarter in ((0, 0), (1, 2)):
        board = part(s, seat, "board")
        for spot in range(4):
            benefit = s.board[quarter * 5 + 1 + spot] % 4
            assert board[spot * 4:spot * 4 + 4] == [float(b == benefit) for b in range(4)], (
                names[benefit])
        carriage = part(s, seat, "carriage")
        assert carriage.index(1.0) == 0  # the observer's carriage, in its own centre
        assert carriage[20:].index(1.0) == 10  # the other's, two quarters on


def test_the_tensor_stays_in_range_with_unlimited_gold() -> None:
    states, _ = random_game("notre-dame", 3, 4, gold="unlimited")
    enc = states[0].game.encoding()
    assert "bank" not in enc.offsets()
    for s in states[::7]:
        for seat in range(3):
            obs = s.observation(seat)
            assert len(obs) == enc.length and all(0.0 <= x <= 1.0 for x in obs)


def test_reseed_shuffles_the_decks_and_keeps_every_card_in_hand() -> None:
    s = fresh(4, seed=9)
    orders = set()
    for k in range(8):
        r = s.reseed(random.Random(k))
        assert isinstance(r, NDState)
        assert r.hand == s.hand and r.revealed == s.revealed
        assert [sorted(d) for d in r.deck] == [sorted(d) for d in s.deck]
        orders.add(tuple(tuple(d) for d in r.deck))
    assert len(orders) > 1


def test_reseed_shuffles_only_the_characters_still_to_come() -> None:
    s = fresh(3, seed=5)
    seen_brown, seen_grey = set(), set()
    for k in range(12):
        r = s.reseed(random.Random(k))
        assert isinstance(r, NDState)
        assert r.brown[:2] == s.brown[:2] and r.grey[0] == s.grey[0]
        assert sorted(r.brown[2:]) == sorted(s.brown[2:])
        for letter in range(3):
            block = slice(max(1, 3 * letter), 3 * letter + 3)
            assert sorted(r.grey[block]) == sorted(s.grey[block])
        seen_brown.add(tuple(r.brown))
        seen_grey.add(tuple(r.grey))
    assert len(seen_brown) > 1 and len(seen_grey) > 1


def test_reseed_changes_nothing_in_the_original_and_replays_identically() -> None:
    s = fresh(5, seed=6)
    s = s.apply(0, s.legal_actions(0)[0])
    assert isinstance(s, NDState)
    before = s.to_json()
    a, b = s.reseed(random.Random(3)), s.reseed(random.Random(3))
    assert s.to_json() == before
    assert a.to_json() == b.to_json()
    assert a.to_json()["state"]["rng"] != before["state"]["rng"]


def test_reseed_in_the_middle_of_a_draft_keeps_the_pairs_and_the_choices() -> None:
    s = fresh(3, seed=8)
    for seat in range(3):
        s = s.apply(seat, s.legal_actions(seat)[0])
    s = s.apply(1, s.legal_actions(1)[1])
    assert isinstance(s, NDState) and s.phase == DRAFT_PICK
    r = s.reseed(random.Random(1))
    assert isinstance(r, NDState)
    assert (r.received, r.choice, r.know) == (s.received, s.choice, s.know)
    for seat in range(3):
        assert r.observation(seat) == s.observation(seat)
