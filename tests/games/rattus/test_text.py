"""The legible map, prompts and labels (text.py)."""

from __future__ import annotations

from tests.games.rattus.scenarios import play, scenario


def test_render_view_shows_regions_cubes_by_colour_tokens_plague_palace_and_cards() -> None:
    s = scenario(3, holders={"witch": 0, "king": 2}, plague="italia", palace=[0, 0, 2],
                 tokens={"gallia": ["2 M", "3 A"], "scandia": ["5 MM A"]},
                 cubes={"gallia": [2, 1, 0], "turcia": [0, 0, 3]})
    s = play(s, "witch:gallia.0", "witch:scandia.0")
    game = s.game
    text = game.render_view(s.view(0))
    assert "Gallia" in text and "red 2  blue 1" in text
    assert "Turcia" in text and "green 3" in text
    assert "rats 2" in text and "[2 M]" in text and "[5 MM A]" in text
    assert "PLAGUE" in text.splitlines()[6]           # Italia is the 6th region
    assert "Palace: red 0  blue 0  green 2" in text
    assert "Red: witch" in text and "Green: king" in text
    assert "beside the board: merchant, monk, peasant, knight" in text
    other = game.render_view(s.view(1))
    assert "[2 M]" not in other and "?*(Red) ?" in other and "?(Red)" in other


def test_every_legal_action_has_a_label_and_every_state_a_prompt() -> None:
    s = scenario(holders={"merchant": 0, "monk": 0, "witch": 0, "peasant": 0, "king": 0},
                 tokens={"gallia": ["2 M", "3 A"]}, cubes={"hispania": [2, 0]})
    for a in s.legal_actions(0):
        label = s.describe(0, a)
        assert label and label != str(a)
    assert s.prompt(0).startswith("Your turn")
