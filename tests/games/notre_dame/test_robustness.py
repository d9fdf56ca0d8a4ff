"""Untrusted input never breaks Notre Dame: corrupted saves are refused with one line or are
playable, seats outside the game are refused, and every game ends within its declared bound
even when every seat stalls."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from tavola.core import CorruptState, UnknownPlayer, make, state_from_json
from tavola.games.notre_dame.config import (
    DECISIONS_PER_PLAYER_ROUND,
    MAX_DECISIONS,
    MAX_PLAYERS,
)
from tavola.games.notre_dame.state import (
    DRAFT_PICK,
    HIRE,
    KNOWN,
    PLAGUE,
    PLAY,
    T_DONATION,
    T_SOURCE,
    NDState,
)
from tavola.games.notre_dame.text import CATALOG
from tests.conformance.fuzz import check_corruptions
from tests.conformance.harness import random_game
from tests.conformance.stalling import stalling_game

Data = dict[str, Any]


def saved(players: int = 3, seed: int = 1, where: Callable[[NDState], bool] | None = None,
          ) -> Data:
    """The JSON form of the first position of a random game where `where` holds."""
    states, _ = random_game("notre-dame", players, seed)
    for s in states:
        assert isinstance(s, NDState)
        if where is None or where(s):
            data: Data = json.loads(json.dumps(s.to_json()))
            return data
    raise AssertionError("no such position in the game")


def refused(data: Data, change: Callable[[Data], None]) -> str:
    """Apply `change` to the saved state's fields and return the loader's refusal."""
    change(data["state"])
    with pytest.raises(CorruptState) as refusal:
        state_from_json(data)
    message = str(refusal.value)
    assert "\n" not in message
    return message


def test_an_untouched_saved_position_loads() -> None:
    for players in range(2, MAX_PLAYERS + 1):
        for phase in (DRAFT_PICK, PLAY, HIRE):
            data = saved(players, where=lambda s, ph=phase: s.phase == ph)  # type: ignore[misc]
            assert state_from_json(data).to_json() == data


def test_a_carriage_off_the_board_is_refused() -> None:
    assert "carriage" in refused(saved(), lambda d: d["carriage"].__setitem__(0, 99))


def test_a_character_that_does_not_exist_is_refused() -> None:
    assert "hired" in refused(saved(), lambda d: d["hired"].__setitem__(1, 40))


def test_the_plague_phase_with_nobody_to_choose_is_refused() -> None:
    def plague(d: Data) -> None:
        d["phase"], d["turn"], d["stack"] = PLAGUE, 1, []
    refused(saved(where=lambda s: s.phase == HIRE and not s.stack), plague)


def test_a_paid_character_outside_phase_4_is_refused() -> None:
    def hire(d: Data) -> None:
        d["hired"][0] = d["revealed"][0]
    assert "character" in refused(saved(where=lambda s: s.phase == PLAY), hire)


def test_a_cube_from_nowhere_is_refused() -> None:
    assert "cubes" in refused(saved(), lambda d: d["supply"].__setitem__(0, d["supply"][0] + 1))


def test_gold_from_nowhere_is_refused() -> None:
    assert "gold" in refused(saved(), lambda d: d["gold"].__setitem__(0, d["gold"][0] + 1))


def test_negative_gold_or_prestige_is_refused() -> None:
    refused(saved(), lambda d: d["gold"].__setitem__(0, -1))
    refused(saved(), lambda d: d["prestige"].__setitem__(0, -2))


def test_a_bank_in_debt_is_refused_when_gold_is_limited() -> None:
    def debt(d: Data) -> None:
        d["gold"][0] += d["bank"] + 1
        d["bank"] = -1
    refused(saved(), debt)


def test_a_card_in_two_places_is_refused() -> None:
    def twice(d: Data) -> None:
        d["deck"][0][0] = d["deck"][0][1]
    refused(saved(), twice)


def test_a_deck_holding_another_colours_card_is_refused() -> None:
    def swap(d: Data) -> None:
        d["deck"][0][0], d["deck"][1][0] = d["deck"][1][0], d["deck"][0][0]
    assert "colour" in refused(saved(), swap)


def test_a_hand_of_the_wrong_size_for_the_turn_is_refused() -> None:
    def lose(d: Data) -> None:
        d["played"][0].append(d["hand"][0].pop())
    refused(saved(where=lambda s: s.phase == PLAY and s.turn == 0 and not s.stack), lose)


def test_a_message_in_two_places_or_miscounted_is_refused() -> None:
    def copy(d: Data) -> None:
        d["tiles"][0].append(next(m for m in d["board"] if m >= 0))
        d["msgs"][0][d["tiles"][0][-1] // 4] += 1
    assert "messages" in refused(saved(), copy)
    assert "message" in refused(saved(), lambda d: d["msgs"][0].__setitem__(2, 1))


def test_a_message_moved_to_another_quarter_is_refused() -> None:
    def move(d: Data) -> None:
        board = d["board"]
        square = next(i for i, m in enumerate(board) if m >= 0 and i < 5)
        board[square + 5], board[square] = board[square], board[square + 5]
    assert "quarter" in refused(saved(), move)


def test_a_pending_decision_for_a_player_not_on_turn_is_refused() -> None:
    def other(d: Data) -> None:
        task = d["stack"][0]
        task[1] = (task[1] + 1) % 3
    assert "turn" in refused(saved(where=lambda s: bool(s.stack) and s.phase == PLAY), other)


def test_a_cube_for_a_card_nobody_played_is_refused() -> None:
    def wrong(d: Data) -> None:
        d["stack"][0][3] = d["deck"][0][0]
    refused(saved(where=lambda s: bool(s.stack) and s.stack[0][0] == T_SOURCE), wrong)


def test_a_donation_without_gold_is_refused() -> None:
    def donation(d: Data) -> None:
        p = d["stack"][0][1]
        d["stack"] = [[T_DONATION, p, 0, 0]]
    refused(saved(where=lambda s: bool(s.stack) and s.stack[0][0] == T_SOURCE
                  and s.stack[0][2] != 7), donation)


def test_a_pending_decision_stack_deeper_than_one_is_refused() -> None:
    def deeper(d: Data) -> None:
        d["stack"].append(list(d["stack"][0]))
    refused(saved(where=lambda s: bool(s.stack)), deeper)


def test_a_draft_choice_when_everyone_has_chosen_is_refused() -> None:
    def chosen(d: Data) -> None:
        d["choice"] = [0] * len(d["choice"])
    assert "draft" in refused(saved(where=lambda s: s.phase == DRAFT_PICK), chosen)


def test_a_knowledge_table_that_knows_another_hand_is_refused() -> None:
    def peek(d: Data) -> None:
        d["know"][0][d["hand"][1][0]] = KNOWN
    assert "knowledge" in refused(saved(where=lambda s: s.phase == PLAY), peek)


def test_a_knowledge_table_that_forgot_a_card_is_refused() -> None:
    def forget(d: Data) -> None:
        card = d["hand"][0][0]
        d["know"][0][card] = card // 9 + 1
    assert "knowledge" in refused(saved(where=lambda s: s.phase == PLAY), forget)


def test_a_field_this_version_does_not_have_is_refused() -> None:
    assert "redact_for" in refused(saved(), lambda d: d.__setitem__("redact_for", 0))


def test_a_private_event_with_a_widened_audience_is_refused() -> None:
    data = saved()
    event = next(e for e in data["log"] if e["key"] == "nd.draw")
    event["audience"] = [0, 1, 2]
    with pytest.raises(CorruptState):
        state_from_json(data)


def test_a_private_event_made_public_is_refused() -> None:
    data = saved(where=lambda s: s.phase == PLAY)
    event = next(e for e in data["log"] if e["key"] == "nd.pass_two")
    del event["audience"], event["redacted"]
    with pytest.raises(CorruptState):
        state_from_json(data)


def test_every_event_with_an_audience_is_declared_private() -> None:
    states, _ = random_game("notre-dame", 4, 3)
    keys = {e["key"] for e in states[-1].to_json()["log"] if "audience" in e}
    assert keys == set(CATALOG.private)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_corrupted_saves_are_refused_or_playable(players: int) -> None:
    check_corruptions("notre-dame", players, examples=150)


def test_seats_outside_the_game_are_refused_everywhere() -> None:
    s = make("notre-dame", 3, 2)
    for seat in (3, -1, 99, True):
        for call in (s.view, s.legal_actions, s.prompt, s.log,
                     lambda p: s.determinize(p, random.Random(0)),
                     lambda p: s.apply(p, "pass")):
            with pytest.raises(UnknownPlayer):
                call(seat)
    with pytest.raises(UnknownPlayer):
        s.game.sample(5, s.view(0), s.log(0), random.Random(0))
    with pytest.raises(CorruptState):
        s.game.sample(1, s.view(0), s.log(0), random.Random(0))
    assert s.game.player_name(7) == "P8"
    assert s.game.player_name(1).startswith("Blue")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("mode", ["first", "last", "random"])
def test_the_game_ends_within_its_bound_when_every_seat_stalls(players: int, mode: str) -> None:
    for seed in range(3):
        final = stalling_game("notre-dame", players, seed, mode)
        assert isinstance(final, NDState) and final.rnd == 8


def test_the_decision_bound_is_the_derived_one() -> None:
    assert make("notre-dame", 2).game.info.max_decisions == MAX_DECISIONS == 9 * 5 * 16


@pytest.mark.parametrize("players", [2, 5])
def test_no_player_is_asked_more_than_the_derived_count_in_a_round(players: int) -> None:
    """Seats that never stall (always the last legal action that is not a refusal, which
    takes every message, benefit and sub-decision on offer) stay within the per-round count
    the bound is derived from."""
    for seed in range(4):
        s = make("notre-dame", players, seed)
        rng = random.Random(seed)
        asked: dict[tuple[int, int], int] = {}
        while not s.is_terminal:
            assert isinstance(s, NDState)
            p = s.to_act[0]
            asked[(s.rnd, p)] = asked.get((s.rnd, p), 0) + 1
            legal = s.legal_actions(p)
            keen = [a for a in legal if a.kind not in ("pass", "forgo", "stay", "leave")]
            options = keen or list(legal)
            s = s.apply(p, options[-1] if seed % 2 else rng.choice(options))
        assert max(asked.values()) <= DECISIONS_PER_PLAYER_ROUND
