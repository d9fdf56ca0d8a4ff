"""The loader fuzzer and the stalling check, run on the toy game (they guard themselves)."""

from __future__ import annotations

from tavola.core import register
from tests.conformance.fuzz import check_corruptions
from tests.conformance.stalling import stalling_game
from tests.core.toy import ToyGame

register(ToyGame)


def test_corrupted_toy_states_are_refused_or_playable() -> None:
    check_corruptions("toy", 3, examples=200)


def test_the_toy_game_ends_when_every_seat_stalls() -> None:
    for mode in ("first", "last", "random"):
        assert stalling_game("toy", 2, 1, mode).is_terminal
