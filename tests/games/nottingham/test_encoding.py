"""The learners' encoding of Nottingham: action indices counted from the acting seat, the
observation tensor of hand-built positions, and `reseed` redrawing only what nobody knows."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from tavola.core import Action, make
from tavola.games.nottingham.components import ITEMS
from tavola.games.nottingham.encoding import NottinghamEncoding
from tavola.games.nottingham.game import NottinghamState
from tavola.games.nottingham.schema import problem
from tavola.games.nottingham.state import OFFERED, PHASES
from tests.conformance.harness import canonical, random_game
from tests.conformance.harness import observation_part as part
from tests.games.nottingham.scenario import play, table

DOCS = Path(__file__).parents[3] / "docs" / "games" / "nottingham.md"
ITEM = {name: i for i, name in enumerate(ITEMS)}


def encoding(players: int, **options: object) -> NottinghamEncoding:
    enc = make("nottingham", players, 0, **options).game.encoding()
    assert isinstance(enc, NottinghamEncoding)
    return enc


def documented(column: int) -> dict[int, int]:
    """Return a column of the docs' table of sizes, by player count."""
    text = DOCS.read_text(encoding="utf-8")
    section = text.split("## For learners: action space and observation", 1)[1]
    rows = re.findall(r"^\| (\d) \| (\d+) \| (\d+) \| (\d+) \|$", section, re.MULTILINE)
    return {int(row[0]): int(row[column]) for row in rows}


# -- the action space -------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_the_action_space_has_203_plus_7_indices_per_player_as_the_docs_state(
        players: int) -> None:
    assert encoding(players).size == 203 + 7 * players == documented(1)[players]
    assert encoding(players, track="distinct").size == encoding(players).size


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_the_observation_length_is_the_one_the_docs_state_for_each_track(players: int) -> None:
    assert encoding(players).length == documented(2)[players]
    assert encoding(players, track="distinct").length == documented(3)[players]


@pytest.mark.parametrize("players", [3, 7])
def test_every_seat_has_one_index_for_each_action_it_can_ever_be_offered(players: int) -> None:
    enc = encoding(players)
    s = make("nottingham", players, 0)
    for seat in range(players):
        space = [enc.action(s, seat, i) for i in range(enc.size)]
        assert len(set(space)) == enc.size
        assert all(enc.index(s, seat, a) == i for i, a in enumerate(space))
        with pytest.raises(IndexError):
            enc.action(s, seat, enc.size)


def test_the_attacks_of_a_drawn_candlestick_are_keep_then_the_next_seats_from_index_8() -> None:
    s = table(4, hands={0: ["copper", "pearls"], 1: ["chest"], 2: ["gold"]},
              drawn="candlestick")
    assert [str(a) for a in s.legal_actions(0)] == ["keep", "steal:1", "steal:2"]
    assert s.legal_indices(0) == (0, 8, 9)
    assert str(s.action_at(0, 9)) == "steal:2"


def test_stealing_from_the_next_seat_has_the_same_index_whoever_steals() -> None:
    hands = {p: ["gold"] for p in range(5)}
    seen = set()
    for active in range(5):
        s = table(5, hands=hands, drawn="candlestick", active=active)
        nxt = f"steal:{(active + 1) % 5}"
        seen.add(s.legal_indices(active)[[str(a) for a in s.legal_actions(active)].index(nxt)])
    assert seen == {8}


def test_the_ambush_card_of_the_next_seats_colour_has_the_same_index_for_every_seat() -> None:
    enc = encoding(4)
    s = make("nottingham", 4, 0)
    colours = ["red", "yellow", "green", "blue"]
    hide = {enc.index(s, seat, Action.parse(f"hide:{colours[(seat + 1) % 4]}"))
            for seat in range(4)}
    # After 8 plain actions and 5 x 3 seat actions, offers (7 + 21), take and discard (7 + 7).
    assert hide == {8 + 15 + 28 + 14}
    two_items = {enc.index(s, seat, Action.parse("spring:copper+candlestick"))
                 for seat in range(4)}
    assert len(two_items) == 1


def test_an_exchange_and_a_commission_have_fixed_indices_after_the_ambush_cards() -> None:
    enc = encoding(3)
    s = make("nottingham", 3, 0)
    first_exchange = 8 + 5 * 2 + 28 + 14 + 2 * (3 + 5)
    parse = Action.parse
    assert enc.index(s, 0, parse("exchange:copper,3")) == first_exchange
    assert enc.index(s, 2, parse("exchange:chest,12")) == first_exchange + 69
    assert enc.index(s, 1, parse("commission:seven")) == first_exchange + 70
    assert enc.index(s, 1, parse("commission:pairs3,jewels,necklace,chest")) == enc.size - 1


# -- the observation ----------------------------------------------------------------------
def test_the_observers_own_hand_comes_first_and_the_others_follow_round_the_table() -> None:
    s = table(4, hands={0: ["copper", "copper", "pearls"], 1: ["necklace", "chest"],
                        2: ["gold"]}, drawn="candlestick")
    own = [2 / 12, 0, 0, 1 / 12, 0, 0, 0]
    assert part(s, 0, "known")[:7] == own
    assert part(s, 0, "known")[7:] == [0.0] * 21  # nobody has seen the others' hands
    assert part(s, 0, "hand_size") == [3 / 24, 2 / 24, 1 / 24, 0.0]
    assert part(s, 0, "unknown") == [0.0, 2 / 24, 1 / 24, 0.0]
    assert part(s, 2, "hand_size") == [1 / 24, 0.0, 3 / 24, 2 / 24]
    assert part(s, 0, "active") == [1.0, 0.0, 0.0, 0.0]
    assert part(s, 2, "active") == [0.0, 0.0, 1.0, 0.0]
    assert part(s, 3, "phase") == [1.0 if name == "choose" else 0.0 for name in PHASES]
    assert part(s, 1, "drawn") == [1.0 if i == ITEM["candlestick"] else 0.0 for i in range(7)]
    assert part(s, 0, "deck") == [len(s.deck) / 84]


def test_changing_only_another_seats_unseen_hand_leaves_the_tensor_unchanged() -> None:
    a = table(4, hands={0: ["copper"], 1: ["necklace", "chest"], 2: ["gold"]}, drawn="chest")
    b = table(4, hands={0: ["copper"], 1: ["jewels", "gold"], 2: ["gold"]}, drawn="chest")
    for seat in (0, 2, 3):
        assert a.observation(seat) == b.observation(seat)
    assert a.observation(1) != b.observation(1)


def test_a_face_down_buy_offer_shows_that_it_was_made_but_not_which_card() -> None:
    s = table(4, hands={0: ["pearls"], 1: ["gold", "jewels"], 2: ["chest"], 3: ["jewels"]},
              drawn="copper")
    s = play(s, (0, "buy"))
    gold, jewels = play(s, (1, "offer:gold")), play(s, (1, "offer:jewels"))
    for seat in (0, 2, 3):
        assert gold.observation(seat) == jewels.observation(seat)
    # Observer 2 sees the table as seats 2, 3, 0, 1: seat 1 is in the last place.
    assert part(gold, 2, "to_act") == [1.0, 1.0, 0.0, 0.0]
    assert part(gold, 2, "offered")[9:] == [1.0 if k == OFFERED else 0.0 for k in range(3)]
    assert part(gold, 2, "offer")[21:] == [0.0] * 7
    assert part(gold, 1, "offer")[:7] == [0.5 if i == ITEM["gold"] else 0.0 for i in range(7)]
    assert gold.observation(1) != jewels.observation(1)


def test_the_ambush_cards_one_holds_are_counted_from_ones_own_colour() -> None:
    s = table(4, hands={0: ["copper"]}, ambushes={2: ["red", "pearls+jewels"]})
    # Seat 2's colour is green; red (seat 0's) is two seats on from it.
    assert part(s, 2, "my_ambushes") == [0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0]
    assert part(s, 0, "my_ambushes") == [0.0] * 10
    assert part(s, 0, "ambushes") == [0.0, 0.0, 2 / 9, 0.0]


# -- reseed ------------------------------------------------------------------------------
def test_reseed_shuffles_the_item_deck_and_keeps_every_hand() -> None:
    s = make("nottingham", 4, 3)
    assert isinstance(s, NottinghamState)
    before = canonical(s)
    fresh = s.reseed(random.Random(1))
    assert isinstance(fresh, NottinghamState)
    assert sorted(fresh.deck) == sorted(s.deck) and fresh.deck != s.deck
    assert fresh.hands == s.hands
    assert fresh.rng != s.rng
    assert problem(fresh) == ""
    assert canonical(s) == before, "reseed changed the position it was given"


def test_reseed_with_equal_generators_gives_equal_positions() -> None:
    states, _ = random_game("nottingham", 5, 8)
    for s in states[::25]:
        assert canonical(s.reseed(random.Random(4))) == canonical(s.reseed(random.Random(4)))


def test_reseed_keeps_every_ambush_card_someone_knows_and_moves_only_the_unseen_ones() -> None:
    s = table(3, hands={0: ["copper"], 1: ["chest"], 2: ["pearls"]}, drawn="gold")
    s = play(s, (0, "ambush"))
    s = play(s, (0, str(s.legal_actions(0)[0])))
    known = [i for i, a in enumerate(s.ambush_deck) if s.ambush_known[a]]
    assert known == [0], "the card put back under the deck is known to the player who drew"
    orders = set()
    for k in range(10):
        fresh = s.reseed(random.Random(k))
        assert isinstance(fresh, NottinghamState)
        assert fresh.ambush_deck[0] == s.ambush_deck[0]
        assert sorted(fresh.ambush_deck) == sorted(s.ambush_deck)
        assert fresh.ambushes == s.ambushes and fresh.ambush_gold == s.ambush_gold
        orders.add(tuple(fresh.ambush_deck))
    assert len(orders) > 1


def test_reseed_keeps_a_hidden_buy_offer() -> None:
    s = table(4, hands={0: ["pearls"], 1: ["gold", "jewels"], 2: ["chest"], 3: ["jewels"]},
              drawn="copper")
    s = play(s, (0, "buy"), (1, "offer:gold"))
    fresh = s.reseed(random.Random(2))
    assert isinstance(fresh, NottinghamState)
    assert fresh.offers == s.offers and fresh.to_act == s.to_act == (2, 3)
