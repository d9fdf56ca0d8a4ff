"""Hidden information: views, the log and determinize reveal nothing a player may not know
(issue 4, "Information"; STYLE.md, tests every game has, 2)."""

from __future__ import annotations

import json
import random

import pytest

from tavola.core import TavolaError, make
from tavola.games.nottingham.components import CARDS_PER_ITEM, CHEST, COPPER, ambush_colour
from tavola.games.nottingham.game import NottinghamState
from tavola.games.nottingham.rules import counts
from tavola.games.nottingham.schema import problem
from tavola.games.nottingham.state import BUY_OFFER, TRADE_OFFER
from tests.conformance.harness import random_game
from tests.games.nottingham.scenario import known, play, table


def states(players: int, seed: int) -> list[NottinghamState]:
    got, _ = random_game("nottingham", players, seed)
    return [s for s in got if isinstance(s, NottinghamState)]


def dump(data: object) -> str:
    return json.dumps(data, sort_keys=True)


def test_a_view_does_not_change_when_only_unseen_starting_hands_change() -> None:
    s = make("nottingham", 4, 11)
    assert isinstance(s, NottinghamState)
    other = s.clone()
    other.hands[1], other.hands[2] = other.hands[2], other.hands[1]
    other.deck.reverse()
    for viewer in (0, 3, None):
        assert dump(other.view(viewer)) == dump(s.view(viewer))
    assert dump(other.view(1)) != dump(s.view(1))


def test_a_view_does_not_change_when_only_a_favour_card_changes() -> None:
    s = table(4, hands={0: ["gold"] * 3, 1: ["copper"]}, deck_top=["chest", "jewels"])
    s = play(s, (0, "exchange:gold,3"))
    favour = next(c for c in s.hands[1] if c // CARDS_PER_ITEM != COPPER)
    swap = next(c for c in s.deck if c // CARDS_PER_ITEM not in (COPPER, favour // 12))
    other = s.clone()
    other.hands[1][other.hands[1].index(favour)] = swap
    other.deck[other.deck.index(swap)] = favour
    assert problem(other) == ""
    for viewer in (0, 2, 3, None):
        assert dump(other.view(viewer)) == dump(s.view(viewer))
    assert dump(other.view(1)) != dump(s.view(1))


def test_the_starting_hand_is_unseen_and_face_up_draws_are_known_to_all() -> None:
    s = table(3, hands={0: ["gold", "pearls"]}, drawn="chest")
    s = play(s, (0, "keep"))
    for viewer in (1, 2, None):
        v = s.view(viewer)["seats"][0]
        assert v["known"] == [0, 0, 0, 0, 0, 0, 1] and v["unknown"] == 2


def test_the_log_is_redacted_per_viewer() -> None:
    s = make("nottingham", 3, 5)
    mine = [e for e in s.log(0) if e.key == "deal"]
    assert len(mine) == 1 and mine[0].args["player"] == 0
    assert [e.args["player"] for e in s.log(None) if e.key == "deal.hidden"] == [0, 1, 2]
    theirs = [e.key for e in s.log(1) if e.args.get("player") == 0 and e.key.startswith("deal")]
    assert theirs == ["deal.hidden"]


@pytest.mark.parametrize("players", [3, 5, 7])
def test_no_view_or_public_log_carries_another_players_private_cards(players: int) -> None:
    for s in states(players, 7)[::7]:
        for viewer in range(players):
            for event in s.log(viewer):
                assert event.audience is None or viewer in event.audience
            v = s.view(viewer)
            for h in range(players):
                if h != viewer:
                    assert v["seats"][h]["known"] == known_row(s, h, viewer)


def known_row(s: NottinghamState, h: int, viewer: int) -> list[int]:
    base = (h * s.players + viewer) * 7
    return s.known[base:base + 7]


@pytest.mark.parametrize("players", [3, 4, 6, 7])
def test_determinize_keeps_every_players_view(players: int) -> None:
    rng = random.Random(players)
    for s in states(players, 3)[::5]:
        for p in range(players):
            d = s.determinize(p, rng)
            assert isinstance(d, NottinghamState)
            assert problem(d) == ""
            assert dump(d.view(p)) == dump(s.view(p))
            assert [e.key for e in d.log(p)] == [e.key for e in s.log(p)]
            for h in range(players):
                if h != p:
                    have = counts(d.hands[h])
                    assert all(have[i] >= n for i, n in enumerate(known_row(s, h, p)))


def test_determinize_resamples_what_the_player_cannot_know() -> None:
    s = make("nottingham", 4, 2)
    rng = random.Random(0)
    hands = {tuple(sorted(s.determinize(0, rng).hands[1])) for _ in range(20)}  # type: ignore[attr-defined]
    assert len(hands) > 10
    d = s.determinize(0, rng)
    assert counts(d.hands[0]) == counts(s.hands[0])  # type: ignore[attr-defined]
    assert d.rng != s.rng  # type: ignore[attr-defined]


def test_determinize_keeps_a_hidden_offer_legal_and_in_hand() -> None:
    s = table(4, hands={0: ["gold"], 1: ["pearls", "copper"], 2: ["chest", "jewels"],
                        3: ["gold", "necklace"]}, drawn="copper")
    s = play(s, (0, "buy"), (1, "offer:pearls"))
    assert s.phase == BUY_OFFER
    rng = random.Random(4)
    for _ in range(30):
        d = s.determinize(2, rng)
        assert isinstance(d, NottinghamState) and problem(d) == ""
        offer = d.offers[1][0]
        assert offer in d.hands[1] and offer // CARDS_PER_ITEM != COPPER
        assert d.view(2) == s.view(2)
        assert [c // CARDS_PER_ITEM for c in d.offers[2]] == [
            c // CARDS_PER_ITEM for c in s.offers[2]]


def test_determinize_never_puts_an_ambush_card_before_its_own_colour() -> None:
    s = table(4, hands={0: []}, ambushes={1: ["red"], 2: ["blue", "pearls+jewels"],
                                          3: ["green"]})
    rng = random.Random(1)
    for _ in range(50):
        d = s.determinize(0, rng)
        assert isinstance(d, NottinghamState) and problem(d) == ""
        for h in range(4):
            assert all(ambush_colour(a) != h for a in d.ambushes[h])
    d = s.determinize(1, rng)
    assert d.ambushes[1] == s.ambushes[1]  # type: ignore[attr-defined]


def test_determinize_keeps_what_a_rob_showed_the_active_player() -> None:
    s = table(3, hands={0: [], 1: ["gold", "chest", "jewels"], 2: ["copper"]}, drawn="pearls")
    s = play(s, (0, "rob:1"), (1, "decline"))
    rng = random.Random(2)
    for _ in range(10):
        d = s.determinize(0, rng)
        assert counts(d.hands[1]) == counts(s.hands[1])  # type: ignore[attr-defined]
        assert d.legal_actions(0) == s.legal_actions(0)
    assert known(s, 1, 2) == {}


def swap_a_secret(s: NottinghamState, viewer: int) -> NottinghamState | None:
    """Return `s` with one card of an opponent's hand that nobody but its holder can be sure
    of swapped with a deck card of another item, or None if there is no such card."""
    p = s.players
    for h in range(p):
        if h == viewer:
            continue
        have = counts(s.hands[h])
        for x in s.hands[h]:
            item = x // CARDS_PER_ITEM
            if x in s.offers[h]:
                continue
            sure = max(known_row(s, h, o)[item] for o in range(p))
            if sure >= have[item]:
                continue
            y = next((c for c in s.deck if c // CARDS_PER_ITEM != item), None)
            if y is None:
                return None
            other = s.clone()
            other.hands[h][other.hands[h].index(x)] = y
            other.deck[other.deck.index(y)] = x
            return other
    return None


@pytest.mark.parametrize("players", [3, 5, 7])
def test_a_view_does_not_change_when_only_an_opponents_unseen_card_changes(players: int) -> None:
    checked = 0
    for seed in range(3):
        for s in states(players, 40 + seed)[::4]:
            if s.is_terminal:
                continue
            for viewer in range(players):
                other = swap_a_secret(s, viewer)
                if other is None:
                    continue
                assert problem(other) == ""
                assert dump(other.view(viewer)) == dump(s.view(viewer))
                assert dump(other.view(None)) == dump(s.view(None))
                checked += 1
    assert checked > 20


def test_determinize_finds_a_legal_hidden_offer_even_when_few_cards_allow_one() -> None:
    # everybody has seen seat 1's two copper coins; seat 1 offered its third card. Of the six
    # cards seat 0 cannot see, only two could have been offered.
    s = table(4, hands={0: ["gold"], 1: ["copper", "copper", "chest"], 2: [],
                        3: ["copper", "copper", "pearls"]},
              drawn="copper", deck_top=["copper", "copper"], deck_rest=False)
    for o in range(4):
        s.known[(1 * 4 + o) * 7 + COPPER] = 2
    s = play(s, (0, "buy"), (1, "offer:chest"))
    assert s.phase == BUY_OFFER and s.to_act == (3,)
    rng = random.Random(9)
    offered = set()
    for _ in range(40):
        d = s.determinize(0, rng)
        assert isinstance(d, NottinghamState) and problem(d) == ""
        offered.add(d.offers[1][0] // CARDS_PER_ITEM)
        assert counts(d.hands[0]) == counts(s.hands[0])
        assert dump(d.view(0)) == dump(s.view(0))
    assert COPPER not in offered and len(offered) == 2


def test_determinize_keeps_every_player_asked_in_a_buy_able_to_offer() -> None:
    # seat 1's one card is unseen, but being asked shows it is not a copper coin
    s = table(4, hands={0: ["gold"], 1: ["pearls"], 2: ["chest", "jewels"], 3: ["gold"]},
              drawn="copper")
    s = play(s, (0, "buy"))
    assert s.to_act == (1, 2, 3)
    rng = random.Random(5)
    for _ in range(60):
        d = s.determinize(0, rng)
        assert isinstance(d, NottinghamState) and problem(d) == ""
        assert d.to_act == s.to_act and all(d.legal_actions(q) for q in d.to_act)
        assert dump(d.view(0)) == dump(s.view(0))


def test_determinize_keeps_the_player_asked_in_a_trade_able_to_offer() -> None:
    # seat 1 was not announced, so its one unseen card is not a chest
    s = table(4, hands={0: ["gold"], 1: ["pearls"], 2: ["chest", "jewels"], 3: ["gold"]},
              drawn="chest")
    s = play(s, (0, "trade"))
    assert s.phase == TRADE_OFFER and s.to_act == (1,)
    rng = random.Random(6)
    for viewer in (0, 2, 3):
        for _ in range(30):
            d = s.determinize(viewer, rng)
            assert isinstance(d, NottinghamState) and problem(d) == ""
            assert d.legal_actions(1) and CHEST not in [c // CARDS_PER_ITEM for c in d.hands[1]]
            assert dump(d.view(viewer)) == dump(s.view(viewer))


@pytest.mark.parametrize("players", [3, 5, 7])
def test_determinize_leaves_every_pending_player_a_legal_action(players: int) -> None:
    rng = random.Random(players + 50)
    checked = 0
    for seed in range(4):
        for s in states(players, 60 + seed):
            if s.is_terminal or s.phase not in (BUY_OFFER, TRADE_OFFER):
                continue
            for p in range(players):
                d = s.determinize(p, rng)
                assert d.to_act == s.to_act
                assert all(d.legal_actions(q) for q in d.to_act)
                checked += 1
    assert checked > 10


def test_determinize_does_not_carry_what_another_player_saw_of_a_hand() -> None:
    # seat 2 robs seat 1 and sees the whole hand; seat 0 sees none of it
    s = table(4, hands={0: [], 1: ["gold", "gold", "chest"], 2: [], 3: ["copper"]},
              drawn="pearls", active=2)
    s = play(s, (2, "rob:1"), (1, "decline"))
    assert known(s, 1, 2) == {"gold": 2, "chest": 1} and known(s, 1, 0) == {}
    rng = random.Random(3)
    seen_by_2: set[int] = set()
    for _ in range(40):
        d = s.determinize(0, rng)
        assert isinstance(d, NottinghamState) and problem(d) == ""
        # seat 0 knows that seat 2 is looking at the whole hand, not what is in it
        row = known_row(d, 1, 2)
        assert row == counts(d.hands[1])
        seen_by_2 |= {i for i, n in enumerate(row) if n}
        assert dump(d.view(0)) == dump(s.view(0))
        assert all(a.kind == "take" for a in d.legal_actions(2))
    assert len(seen_by_2) > 3
    # once the robber has taken a card, only the public cards are kept for the others
    s = play(s, (2, "take:chest"))
    assert known(s, 1, 2) == {"gold": 2, "pearls": 1} and known(s, 1, None) == {"pearls": 1}
    for _ in range(20):
        d = s.determinize(0, rng)
        assert isinstance(d, NottinghamState) and problem(d) == ""
        assert known_row(d, 1, 2) == known_row(d, 1, 1) == known_row(s, 1, 1)
        assert known_row(d, 2, 1) == known_row(s, 2, 2)
        assert dump(d.view(0)) == dump(s.view(0))


def test_error_messages_to_other_players_reveal_nothing_of_a_hidden_hand() -> None:
    def errors(necklace: bool) -> list[str]:
        s = table(3, hands={0: [], 1: ["necklace" if necklace else "gold", "gold"],
                            2: ["chest"]}, drawn="jewels")
        s = play(s, (0, "raid:1"))
        out = []
        for player, action in ((0, "take:gold"), (2, "defend"), (0, "defend"),
                               (2, "decline")):
            with pytest.raises(TavolaError) as caught:
                s.apply(player, action)
            out.append(str(caught.value))
        return out

    assert errors(True) == errors(False)
    assert all("necklace" not in e and "gold" not in e for e in errors(True))
