"""The legible map, prompts and labels (text.py)."""

from __future__ import annotations

from tavola.core import Action
from tavola.games.rattus.state import STAGE_A, STAGE_B
from tests.conformance.harness import random_game
from tests.games.rattus.scenarios import play, region, scenario


def line_of(text: str, name: str) -> str:
    """Return the map line of a region."""
    return next(line for line in text.splitlines() if line.startswith(f"  {name} "))


def test_render_view_shows_regions_cubes_by_colour_tokens_plague_palace_and_cards() -> None:
    s = scenario(3, holders={"witch": 0, "king": 2}, plague="italia", palace=[0, 0, 2],
                 tokens={"gallia": ["2 M", "3 A"], "scandia": ["5 MM A"]},
                 cubes={"gallia": [2, 1, 0], "turcia": [0, 0, 3]}, step="B")
    s = play(s, "witch:gallia.0", "witch:scandia.0")
    game = s.game
    text = game.render_view(s.view(0))
    assert " R2 B1 " in line_of(text, "Gallia") and " G3 " in line_of(text, "Turcia")
    assert line_of(text, "Gallia").endswith("[2 M]* ?")
    assert line_of(text, "Scandia").endswith("[5 MM A]")
    assert "PLAGUE" in line_of(text, "Italia") and "PLAGUE" not in line_of(text, "Gallia")
    assert "Palace: red 0  blue 0  green 2" in text
    assert ("Class cards: Red: Witch; Green: King; beside the board: Merchant, Monk, "
            "Peasant, Knight") in " ".join(text.split())
    assert "R red, B blue, G green" in text
    other = game.render_view(s.view(1))
    assert line_of(other, "Gallia").endswith("?*(R) ?")
    assert line_of(other, "Scandia").endswith("?(R)")


def test_the_map_fits_80_columns_for_every_player_count() -> None:
    for players in (2, 3, 4):
        states, _ = random_game("rattus", players, 60 + players)
        for s in states[::5]:
            for viewer in (None, *range(players)):
                text = s.game.render_view(s.view(viewer))
                # A line grows past 80 only with fronts the viewer has seen, at its end.
                assert all(len(line) <= 80 or "]" in line for line in text.splitlines())


def test_every_legal_action_has_a_label_and_every_state_a_prompt() -> None:
    s = scenario(holders={"merchant": 0, "monk": 0, "witch": 0, "peasant": 0, "king": 0},
                 tokens={"gallia": ["2 M", "3 A"]}, cubes={"hispania": [2, 0]})
    prompts = []
    for _ in range(3):
        for a in s.legal_actions(0):
            label = s.describe(0, a)
            assert label and label != str(a)
        prompts.append(s.prompt(0))
        s = play(s, "no_card" if s.stage == STAGE_A else "end_b" if s.stage == STAGE_B
                 else "plague:hispania")
    assert prompts == ["Step A: take a class card, or none",
                       "Step B: place cubes and use your class powers, or end step B",
                       "Step C: move the plague piece (this ends your turn)"]


def test_the_map_names_each_regions_neighbours_and_the_labels_count_the_cubes() -> None:
    s = scenario(holders={"peasant": 0}, tokens={"gallia": ["2 M", "3 A"]},
                 lost=[18, 0], step="B")
    text = s.game.render_view(s.view(0))
    assert line_of(text, "Anglia").split() == ["Anglia", "-", "-"]
    assert "    Anglia: Gallia, Scandia; Gallia: Anglia, Germania, Hispania, Italia;" in text
    labels = [s.describe(0, a) for a in s.legal_actions(0) if a.kind == "place"]
    assert "place 2 cubes in Gallia" in labels
    assert "place 1 cube in Anglia (Peasant: one more)" in labels
    # a reserve of 2 caps the Peasant's 3 (ruling R3), and the label says so
    assert "place 2 cubes in Gallia (Peasant: one more)" not in labels


def test_the_merchant_and_monk_steps_have_prompts_and_labels() -> None:
    s = scenario(holders={"merchant": 0, "monk": 0}, tokens={"gallia": ["2 M"]},
                 cubes={"gallia": [2, 0]}, step="B")
    assert s.describe(0, Action.parse("merchant:gallia")) == (
        "Merchant: move some of your cubes out of Gallia")
    assert s.describe(0, Action.parse("monk:gallia")) == (
        "Monk: move a rat token out of Gallia")
    m = play(s, "merchant:gallia")
    assert m.prompt(0) == "Merchant: move up to 3 of your cubes from Gallia to a neighbour"
    assert "Merchant: move 1 cube from Gallia to Italia" in [
        m.describe(0, a) for a in m.legal_actions(0)]
    k = play(s, "monk:gallia")
    assert k.prompt(0).startswith("Monk: choose a token in Gallia")
    assert "Monk: move Gallia token 1 (purple border) to Italia" in [
        k.describe(0, a) for a in k.legal_actions(0)]


def test_a_person_choosing_from_a_numbered_list_never_faces_more_than_80_lines() -> None:
    """The Merchant and the Monk ask for their region first (docs: How a turn is asked)."""
    longest = 0
    for seed in range(30):
        states, _ = random_game("rattus", 2 + seed % 3, 700 + seed)
        longest = max(longest, *(len(s.legal_actions(s.to_act[0]))
                                 for s in states if not s.is_terminal))
    assert 20 < longest <= 80


def test_the_map_tells_who_else_has_seen_a_token_you_know() -> None:
    s = scenario(3, holders={"witch": 0}, tokens={"gallia": ["2 M"], "scandia": ["5 MM A"]},
                 step="B")
    s = play(s, "witch:gallia.0", "witch:scandia.0", "keep")
    s.known[1] = sorted([*s.known[1], region(s, "gallia")[0]])
    red = s.game.render_view(s.view(0))
    assert "[2 M]*(B)" in red and line_of(red, "Scandia").endswith("[5 MM A]")
    blue = s.game.render_view(s.view(1))
    assert "[2 M]*(R)" in blue and line_of(blue, "Scandia").endswith("?(R)")


def test_passing_a_step_says_what_comes_next() -> None:
    """Ruling R2: A and B may be passed, and the labels say so."""
    s = scenario(tokens={"gallia": ["2 M"]}, holders={"king": 1})
    assert s.describe(0, Action.parse("take:king")) == "take the King card from Blue"
    assert s.describe(0, Action.parse("no_card")) == "take no card"
    s = play(s, "no_card")
    assert s.describe(0, Action.parse("end_b")) == "end step B (on to moving the plague)"
    assert "(step B: cubes and powers)" in s.game.render_view(s.view(1)).splitlines()[0]


def test_every_prompt_fits_80_columns() -> None:
    for players in (2, 3, 4):
        states, _ = random_game("rattus", players, 80 + players)
        for s in states:
            if not s.is_terminal:
                assert len(s.prompt(s.to_act[0])) <= 78, s.prompt(s.to_act[0])
