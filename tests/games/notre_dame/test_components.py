"""The reconstructed component tables satisfy every known constraint (docs/reconstructions.md)."""

from __future__ import annotations

from tavola.games.notre_dame.components import (
    BROWN,
    CHARACTER_RATS,
    GREY_BY_PERIOD,
    LINK_ROADS,
    QUARTER_ROADS,
    SQUARES_PER_QUARTER,
    Character,
    board_roads,
    road_distances,
)


def test_reconstructed_rats_per_character_fit_the_known_totals() -> None:
    brown = sum(CHARACTER_RATS[c] for c in BROWN)
    assert all(0 <= r <= 3 for r in CHARACTER_RATS) and len(CHARACTER_RATS) == 15
    assert [brown + sum(CHARACTER_RATS[c] for c in g) for g in GREY_BY_PERIOD] == [12, 13, 12]


def test_reconstructed_rats_allow_the_rulebook_plague_examples() -> None:
    assert 0 in CHARACTER_RATS  # example 2 + 0 + 1
    doctor = CHARACTER_RATS[Character.DOCTOR]
    others = sorted([2, 3, 1])
    others.remove(doctor)
    brown_rest = {CHARACTER_RATS[c] for c in BROWN if c != Character.DOCTOR}
    grey = {CHARACTER_RATS[c] for g in GREY_BY_PERIOD for c in g}
    assert any(a in brown_rest and b in grey for a, b in (others, others[::-1]))


def test_reconstructed_roads_form_one_template_per_quarter_on_a_ring() -> None:
    for quarters in (3, 4, 5):
        roads = board_roads(quarters)
        assert len(roads) == quarters * (len(QUARTER_ROADS) + len(LINK_ROADS))
        dist = road_distances(quarters)
        assert all(d >= 0 for row in dist for d in row)  # connected
        assert all(dist[a][b] == dist[b][a] for a in range(len(dist)) for b in range(len(dist)))


def test_reconstructed_roads_example_one_centre_reaches_a_neighbouring_message() -> None:
    dist = road_distances(4)
    for q in range(4):
        centre = q * SQUARES_PER_QUARTER
        neighbours = {((q + 1) % 4), ((q - 1) % 4)}
        assert any(dist[centre][n * SQUARES_PER_QUARTER + i] == 1
                   for n in neighbours for i in range(1, 5))


def test_reconstructed_roads_example_two_a_square_has_four_neighbours() -> None:
    dist = road_distances(4)
    assert max(sum(1 for d in row if d == 1) for row in dist) >= 4


def test_board_edge_roads_exist_between_outer_squares() -> None:
    assert (2, 3) in QUARTER_ROADS and (3, 2) in LINK_ROADS
