"""Hidden information in Intrige: money is secret (ruling "money is hidden",
docs/games/intrige.md); the rest is public. Sampling a position from one seat's information
set alone (`IntrigeGame.sample`) keeps that seat's view and log and reveals nothing else."""

from __future__ import annotations

import json
import random

import pytest

from tavola.core import IllegalAction
from tavola.games.intrige.game import IntrigeState
from tests.conformance.harness import random_game
from tests.games.intrige.scenarios import play, scenario

MONEY = {0: 123_000, 1: 456_000, 2: 789_000, 3: 234_000}


def dump(data: object) -> str:
    return json.dumps(data, sort_keys=True)


def test_a_players_view_holds_their_own_money_and_nobody_elses() -> None:
    state = scenario(turn=0, parks={0: [(1, "legal")]}, money=MONEY)
    for viewer in range(4):
        view = state.view(viewer)
        assert view["my_money"] == MONEY[viewer]
        text = dump(view)
        for other, amount in MONEY.items():
            if other != viewer:
                assert str(amount) not in text


def test_a_spectators_view_holds_no_money() -> None:
    state = scenario(turn=0, parks={0: [(1, "legal")]}, money=MONEY)
    view = state.view(None)
    assert "my_money" not in view
    assert all(str(amount) not in dump(view) for amount in MONEY.values())


def test_a_view_does_not_change_when_only_another_players_money_changes() -> None:
    base = scenario(turn=0, parks={0: [(1, "legal")]}, money=MONEY)
    richer = scenario(turn=0, parks={0: [(1, "legal")]}, money={**MONEY, 2: 999_000, 3: 0})
    for viewer in (None, 0, 1):
        assert dump(base.view(viewer)) == dump(richer.view(viewer))
    assert dump(base.view(2)) != dump(richer.view(2))


def test_the_rendered_table_shows_only_the_viewers_money() -> None:
    state = scenario(turn=0, parks={0: [(1, "legal")]}, money=MONEY)
    picture = state.game.render_view(state.view(1))
    assert "456,000" in picture
    assert all(f"{m:,}" not in picture for s, m in MONEY.items() if s != 1)


def test_bribes_incomes_and_offers_are_public_events_read_alike_by_everyone() -> None:
    state = scenario(turn=0, rooms={2: {5: (0, "fiscal")}}, parks={0: [(1, "legal")]})
    state = play(state, "ask:4", "offer:20000,4", "bribe:20000")
    logs = {viewer: state.log_text(viewer) for viewer in (None, 0, 1, 2, 3)}
    assert all(lines == logs[None] for lines in logs.values())
    assert "P1 collects 100,000 ducats of income." in logs[None]
    assert "P2 pays P1 a bribe of 20,000 for the legal counsellor." in logs[None]
    assert all(state.view(v)["bribes"] == state.view(None)["bribes"] for v in range(4))


def test_a_bribe_error_does_not_reveal_the_payers_money() -> None:
    state = scenario(turn=0, parks={0: [(1, "legal")]}, money=MONEY)
    with pytest.raises(IllegalAction) as caught:
        state.apply(1, "bribe:999990000")
    assert "456" not in str(caught.value)


def test_determinize_keeps_every_players_view_through_random_games() -> None:
    states, _ = random_game("intrige", 4, 3)
    rng = random.Random(3)
    for state in states[::7]:
        assert isinstance(state, IntrigeState)
        for player in range(4):
            other = state.determinize(player, rng)
            assert dump(other.view(player)) == dump(state.view(player))
            assert other.to_act == state.to_act


@pytest.mark.parametrize("edition", ["1994", "amigo"])
def test_every_purse_follows_from_the_public_log_so_determinize_keeps_the_true_money(
        edition: str) -> None:
    # Ruling "money is hidden": money is secret, but bribes and incomes are public events and
    # the starting money is printed, so a spectator's log fixes every purse; every sample
    # from any player's information set has the true purses.
    for players in (3, 5):
        states, _ = random_game("intrige", players, 17, edition=edition)
        for state in states[::9]:
            assert isinstance(state, IntrigeState)
            purses = [state.table.edition.start_money] * players
            for event in state.log(None):
                args = event.args
                if event.key == "income":
                    purses[int(str(args["player"])[1:]) - 1] += int(args["amount"])
                elif event.key.startswith("bribe."):
                    purses[int(str(args["payer"])[1:]) - 1] -= int(args["amount"])
                    purses[int(str(args["owner"])[1:]) - 1] += int(args["amount"])
            assert purses == state.board.money
            for player in range(players):
                assert state.determinize(player, random.Random(player)).board.money == purses


def test_a_sum_half_chosen_shows_only_in_the_payers_own_view() -> None:
    before = scenario(turn=0, parks={0: [(1, "legal")]}, money=MONEY)
    state = play(before, "ask:5", "range:100000")
    pending = state.view(1)["pending"]
    assert (pending["ask_room"], pending["range_from"]) == (5, 100_000)
    for viewer in (None, 0, 2, 3):
        assert dump(state.view(viewer)) == dump(before.view(viewer))
        assert state.log_text(viewer) == before.log_text(viewer)


def test_a_non_payers_samples_do_not_reveal_the_payers_half_made_choice() -> None:
    before = scenario(turn=0, parks={0: [(1, "legal")]})
    state = play(before, "ask:5", "range:100000")
    assert (state.board.ask_room, state.board.range_from) == (5, 100_000)
    for viewer in (0, 2, 3):
        for seed in range(3):
            sample = state.determinize(viewer, random.Random(seed))
            assert isinstance(sample, IntrigeState)
            assert (sample.board.ask_room, sample.board.range_from) == (0, 0)
            assert sample.legal_actions(1) == before.legal_actions(1)
            assert dump(sample.to_json()) == dump(
                before.determinize(viewer, random.Random(seed)).to_json())


def test_the_payers_own_samples_keep_their_half_made_choice() -> None:
    state = play(scenario(turn=0, parks={0: [(1, "legal")]}), "ask:5", "range:100000")
    sample = state.determinize(1, random.Random(0))
    assert isinstance(sample, IntrigeState)
    assert (sample.board.ask_room, sample.board.range_from) == (5, 100_000)
    assert sample.legal_actions(1) == state.legal_actions(1)


@pytest.mark.parametrize("edition", ["1994", "amigo"])
def test_a_sample_is_drawn_from_the_view_and_log_alone_and_keeps_them(edition: str) -> None:
    for players in (3, 5):
        states, _ = random_game("intrige", players, 23, edition=edition)
        for state in states[::6]:
            for seat in range(players):
                info = state.infoset(seat)
                sample = state.game.sample(seat, info.view, info.log, random.Random(seat))
                assert dump(sample.view(seat)) == dump(state.view(seat))
                assert sample.log(seat) == state.log(seat)
                again = state.game.sample(seat, dump_loads(info.view), list(info.log),
                                          random.Random(99))
                assert dump(again.to_json()) == dump(sample.to_json())
                assert sample.to_act == state.to_act
                assert all(sample.legal_actions(p) for p in sample.to_act)


def dump_loads(data: object) -> object:
    """Return a copy of JSON data through its text, sharing nothing with the original."""
    return json.loads(dump(data))


def test_a_step_back_shows_only_in_the_payers_own_view_and_samples() -> None:
    before = scenario(turn=0, parks={0: [(1, "legal")]}, money=MONEY)
    state = play(before, "ask:5", "range:100000", "back")
    assert state.board.went_back and state.view(1)["pending"]["went_back"] is True
    for viewer in (None, 0, 2, 3):
        assert dump(state.view(viewer)) == dump(before.view(viewer))
        assert state.log_text(viewer) == before.log_text(viewer)
    for viewer in (0, 2, 3):
        sample = state.determinize(viewer, random.Random(viewer))
        assert isinstance(sample, IntrigeState) and not sample.board.went_back
        assert dump(sample.to_json()) == dump(
            before.determinize(viewer, random.Random(viewer)).to_json())
    own = state.determinize(1, random.Random(0))
    assert isinstance(own, IntrigeState)
    assert own.board.went_back and own.legal_actions(1) == state.legal_actions(1)
