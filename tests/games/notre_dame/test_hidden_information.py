"""Hidden information never leaks: not into another player's view, the log, a
determinized state, a bot's choice or an error message."""

from __future__ import annotations

import json
import random

import pytest

from tavola.core import TavolaError
from tavola.games.notre_dame.components import card_name
from tavola.games.notre_dame.heuristics import GreedyPolicy
from tavola.games.notre_dame.schema import check_state
from tavola.games.notre_dame.state import KNOWN, PAIR_GROUP, NDState
from tests.conformance.harness import random_game

PRIVATE_KEYS = {"nd.draw", "nd.choose", "nd.pass_two", "nd.pass_one", "nd.facedown"}


def states(players: int, seed: int) -> list[NDState]:
    out, _ = random_game("notre-dame", players, seed)
    return [s for s in out if isinstance(s, NDState)]


def hidden_from(s: NDState, o: int) -> set[str]:
    """Names of the cards in other players' hidden zones that `o` knows nothing about (not
    even that they are one of a pair `o` passed on)."""
    names = set()
    for q in range(len(s.gold)):
        if q == o:
            continue
        for zone in (s.hand[q], s.received[q], s.facedown[q], s.deck[q]):
            names |= {card_name(c) for c in zone if KNOWN < s.know[o][c] < PAIR_GROUP}
    return names


@pytest.mark.parametrize("players", [2, 3, 5])
def test_a_view_never_shows_cards_the_player_cannot_know(players: int) -> None:
    for s in states(players, 5)[::3]:
        for o in range(players):
            text = json.dumps(s.view(o))
            assert not any(f'"{name}"' in text for name in hidden_from(s, o))
        spectator = json.dumps(s.view(None))
        assert '"me"' not in spectator
        hidden_cards = {card_name(c) for zones in (s.hand, s.received, s.facedown, s.deck)
                        for zone in zones for c in zone}
        assert not any(f'"{name}"' in spectator for name in hidden_cards)


def test_a_view_does_not_change_when_only_others_secrets_change() -> None:
    for s in states(4, 8)[::7]:
        if s.is_terminal:
            continue
        for o in range(4):
            d = s.clone()
            d.own_cards()
            others = [q for q in range(4) if q != o]
            # swap two other players' decks' cards of the same colour group if any
            changed = False
            for q in others:
                deck = d.deck[q]
                if len(deck) >= 2:
                    deck[0], deck[-1] = deck[-1], deck[0]
                    changed = True
            if changed:
                assert d.view(o) == s.view(o)


def test_other_players_draft_choices_stay_hidden_until_the_step_resolves() -> None:
    s: NDState = states(3, 2)[0]
    t = s.apply(1, s.legal_actions(1)[0])
    u = s.apply(1, s.legal_actions(1)[1])
    assert isinstance(t, NDState) and isinstance(u, NDState)
    assert t.view(0) == u.view(0) and t.view(None) == u.view(None)
    assert t.log_text(0) == u.log_text(0) and t.log_text(2) == u.log_text(2)
    assert t.view(1) != u.view(1)


@pytest.mark.parametrize("players", [2, 4])
def test_the_log_is_redacted_per_viewer(players: int) -> None:
    final = states(players, 13)[-1]
    for o in range(players):
        for e in final.log(o):
            if e.key in PRIVATE_KEYS:
                assert e.args["p"] == o or e.args.get("to") == o
    assert not any(e.key in PRIVATE_KEYS for e in final.log(None))
    assert any(e.key in PRIVATE_KEYS for e in final.log(0))


def test_determinize_keeps_the_view_and_resamples_the_rest() -> None:
    rng = random.Random(3)
    changed = 0
    for s in states(4, 21)[::5]:
        if s.is_terminal:
            continue
        o = s.to_act[0]
        d = s.determinize(o, rng)
        assert d.view(o) == s.view(o)
        assert d.legal_actions(o) == s.legal_actions(o)
        check_state(d)
        assert d.rng != s.rng
        changed += any(d.hand[q] != s.hand[q] or d.deck[q] != s.deck[q]
                       for q in range(4) if q != o)
        # the sample's log is what o has read: no other seat's private event in full
        for e in d.to_json()["log"]:
            if e["key"] in PRIVATE_KEYS:
                assert e["args"]["p"] == o or e["args"].get("to") == o
    assert changed > 0


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_sample_depends_on_the_seats_information_set_alone(players: int) -> None:
    """Equal view, log and generator give equal samples; the sample shows the seat exactly
    that view and log, is a possible position, and everyone it asks can act."""
    for s in states(players, 40 + players)[::9]:
        for o in range(players):
            view, log = s.view(o), s.log(o)
            a = s.game.sample(o, view, log, random.Random(7))
            b = s.game.sample(o, json.loads(json.dumps(view)), list(log), random.Random(7))
            assert a.to_json() == b.to_json()
            assert a.view(o) == view and a.log(o) == log
            check_state(a)
            assert all(a.legal_actions(q) for q in a.to_act)


def test_a_draft_pick_stays_hidden_from_the_player_who_passed_the_pair() -> None:
    """Once a seat has kept one of the two cards its right neighbour passed it, samples for
    that neighbour keep either card about as often (the pick used to be kept every time)."""
    s = states(4, 6)[0]
    for p in range(4):
        s = s.apply(p, s.legal_actions(p)[0])  # type: ignore[assignment]
    assert s.received[1]
    picker, passer = 1, 0
    s = s.apply(picker, s.legal_actions(picker)[1])  # type: ignore[assignment]
    true_pick = s.received[picker][s.choice[picker]]
    rng = random.Random(11)
    kept = 0
    for _ in range(200):
        d = s.determinize(passer, rng)
        assert isinstance(d, NDState)
        assert sorted(d.received[picker]) == sorted(s.received[picker])
        kept += d.received[picker][d.choice[picker]] == true_pick
    assert 60 <= kept <= 140, f"the true pick was kept in {kept} of 200 samples"


def test_the_other_players_knowledge_in_a_sample_follows_the_dealt_cards() -> None:
    """With two players, which of my own cards the other saw (the one passed back) is known
    to me and kept; what the others know of hidden cards is rebuilt, never copied."""
    for s in states(2, 5)[::4]:
        for o in range(2):
            d = s.determinize(o, random.Random(o))
            assert isinstance(d, NDState)
            other = 1 - o
            for c in s.hand[o] + s.facedown[o]:
                assert (d.know[other][c] == KNOWN) == (s.know[other][c] == KNOWN)


def test_determinize_respects_a_pair_split_between_two_other_hands() -> None:
    rng = random.Random(0)
    s = states(4, 6)[0]
    for _ in range(2):
        for p in range(4):
            s = s.apply(p, s.legal_actions(p)[0])  # type: ignore[assignment]
    o = 0
    pair = [c for c in range(36) if s.know[o][c] >= PAIR_GROUP]
    assert len(pair) == 2
    holders = {q for q in range(4) for c in pair if c in s.hand[q]}
    for _ in range(20):
        d = s.determinize(o, rng)
        assert {q for q in range(4) for c in pair if c in d.hand[q]} == holders


def test_error_messages_do_not_depend_on_where_hidden_cards_are() -> None:
    s = states(4, 3)[0]
    for o in range(4):
        messages = set()
        for c in range(36):
            if c in s.hand[o]:
                continue
            text = f"keep:{card_name(c)}"
            with pytest.raises(TavolaError) as exc:
                s.apply(o, text)
            messages.add(str(exc.value).replace(text, "ACTION"))
        assert len(messages) == 1


def test_the_greedy_bot_sees_only_the_view() -> None:
    policy = GreedyPolicy()
    for s in states(3, 9)[::11]:
        if s.is_terminal:
            continue
        o = s.to_act[0]
        d = s.determinize(o, random.Random(1))
        a = policy.choose(s.view(o), s.legal_actions(o), random.Random(4))
        b = policy.choose(d.view(o), d.legal_actions(o), random.Random(4))
        assert a == b
