"""The edition tables, including the constraints on the reconstructed 1994 salaries."""

from __future__ import annotations

import itertools

import pytest

from tavola.games.intrige.config import (
    EDITIONS,
    RECONSTRUCTED_SALARY_ROOMS_1994,
    SALARIES_1994,
    Edition,
)

ALL = list(EDITIONS.values())


def test_reconstructed_1994_salaries_lie_between_the_printed_ends_and_rise() -> None:
    assert len(SALARIES_1994) == 5
    assert SALARIES_1994[0] == 10_000 and SALARIES_1994[-1] == 100_000
    assert all(a < b for a, b in itertools.pairwise(SALARIES_1994))
    assert all(s % EDITIONS["1994"].smallest_bribe == 0 for s in SALARIES_1994)
    assert RECONSTRUCTED_SALARY_ROOMS_1994 == (1, 2, 3)
    assert EDITIONS["1994"].salaries is SALARIES_1994


def test_the_1994_edition_numbers_follow_the_rulebook() -> None:
    e = EDITIONS["1994"]
    assert (e.figures_per_player, e.start_money, e.smallest_bribe, e.rounds) == (
        10, 320_000, 10_000, 6)
    assert e.palaces == ("Firenze", "Milano", "Napoli", "Roma", "Venezia")
    assert e.start_money == 2 * (10_000 + 50_000 + 100_000)


def test_the_amigo_edition_numbers_are_the_card_editions() -> None:
    e = EDITIONS["amigo"]
    assert (e.figures_per_player, e.start_money, e.smallest_bribe, e.rounds) == (
        8, 32_000, 1_000, 5)
    assert e.salaries == (1_000, 3_000, 6_000, 10_000)
    assert e.start_money == 2 * (1_000 + 5_000 + 10_000)


@pytest.mark.parametrize("edition", ALL, ids=[e.name for e in ALL])
def test_every_figure_is_sent_by_the_last_round(edition: Edition) -> None:
    sending_rounds = edition.rounds - (0 if edition.send_in_last_round else 1)
    assert edition.figures_per_player == sending_rounds * edition.figures_sent_per_turn


@pytest.mark.parametrize("edition", ALL, ids=[e.name for e in ALL])
def test_the_smallest_bribe_is_a_whole_number_of_steps_below_the_first_range(
        edition: Edition) -> None:
    # rules.sum_menu lists the sums from their ends on this footing.
    assert edition.smallest_bribe % edition.bribe_step == 0
    assert edition.smallest_bribe < 10 * edition.bribe_step


@pytest.mark.parametrize("edition", ALL, ids=[e.name for e in ALL])
def test_a_palace_has_a_room_for_every_profession(edition: Edition) -> None:
    # Hence a figure without conflict always finds an empty room (the forced seating).
    assert edition.rooms == len(edition.professions)
    assert len(edition.palaces) == 5
