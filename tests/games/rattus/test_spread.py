"""Spreading of the plague (Rattus rulebook, "Plague spreading"; ruling R14 in
docs/games/rattus.md)."""

from __future__ import annotations

from tavola.games.rattus.state import SPREAD, TURN
from tests.games.rattus.scenarios import kinds, legal_text, play, region, revealed, scenario


def test_no_spread_when_the_new_region_has_no_rat_tokens() -> None:
    s = scenario(plague="hispania", tokens={"italia": ["2 M"]}, supply=10, step="C")
    s = play(s, "plague:gallia")
    assert s.phase == TURN and s.to_act == (1,)
    assert len(s.supply) == 10


def test_one_token_spreads_one_face_down_token_into_an_adjacent_region() -> None:
    s = scenario(plague="anglia", tokens={"gallia": ["2 M"]}, supply=10, step="C")
    s = play(s, "plague:gallia")
    assert s.phase == SPREAD and s.spread_left == 1
    assert sorted(legal_text(s)) == ["spread:anglia", "spread:germania", "spread:hispania",
                                     "spread:italia"]
    s = play(s, "spread:italia")
    assert len(region(s, "italia")) == 1 and len(s.supply) == 9
    assert s.phase == TURN and s.to_act == (1,)


def test_spreading_two_or_three_tokens_adds_two_tokens() -> None:
    for codes in (["2 M", "3 A"], ["2 M", "3 A", "1 ki"]):
        s = scenario(plague="anglia", tokens={"gallia": codes}, supply=10, step="C")
        s = play(s, "plague:gallia")
        assert s.spread_left == 2
        s = play(s, "spread:italia", "spread:italia")
        assert len(region(s, "italia")) == 2 and len(s.supply) == 8


def test_two_spreading_tokens_may_go_to_two_regions() -> None:
    s = scenario(plague="anglia", tokens={"gallia": ["2 M", "3 A"]}, supply=10, step="C")
    s = play(s, "plague:gallia", "spread:italia", "spread:hispania")
    assert len(region(s, "italia")) == 1 and len(region(s, "hispania")) == 1


def test_never_more_than_three_rat_tokens_in_a_region() -> None:
    s = scenario(plague="anglia", tokens={"gallia": ["2 M", "3 A"],
                                          "italia": ["1 ki", "1 me"]}, supply=10, step="C")
    s = play(s, "plague:gallia", "spread:italia")
    assert len(region(s, "italia")) == 3
    assert "spread:italia" not in legal_text(s)


def test_spreading_tokens_that_fit_nowhere_are_not_placed() -> None:
    """Ruling R14."""
    full = {"gallia": ["2 M"], "anglia": ["1 ki", "1 me", "1 mo"],
            "germania": ["1 pe", "1 wi", "2 A"], "hispania": ["2 kn", "3 M", "3 MM"],
            "italia": ["2 M", "2 M ki", "2 M pe"]}
    s = scenario(plague="anglia", tokens=full, supply=10, step="C")
    s = play(s, "plague:gallia")
    assert s.phase == TURN and s.to_act == (1,)
    assert len(s.supply) == 10


def test_spreading_stops_when_the_supply_runs_out() -> None:
    s = scenario(plague="anglia", tokens={"gallia": ["2 M", "3 A"]}, supply=1, step="C")
    s = play(s, "plague:gallia", "spread:italia")
    assert s.supply == [] and s.spread_left == 0


def test_the_active_player_chooses_where_spreading_tokens_go() -> None:
    """Ruling R14."""
    s = scenario(plague="anglia", tokens={"gallia": ["2 M"]}, supply=10, active=1, step="C")
    s = play(s, "plague:gallia")
    assert s.to_act == (1,) and kinds(s) == {"spread"}


def test_spreading_comes_before_the_devastation() -> None:
    s = scenario(plague="anglia", tokens={"gallia": ["1 M"]}, cubes={"gallia": [2, 1]},
                 supply=10, step="C")
    s = play(s, "plague:gallia")
    assert s.phase == SPREAD and revealed(s) == []
    s = play(s, "spread:italia")
    assert len(revealed(s)) == 1 and s.board[1] == [1, 1]
