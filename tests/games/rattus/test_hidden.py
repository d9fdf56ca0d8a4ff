"""Hidden information: face-down tokens are unknown to everyone; a Witch's look is known to
her alone (RULINGS.md Rattus 1) — in views, the log, determinization and bots."""

from __future__ import annotations

import json
import random

from tavola.core import make
from tavola.games.rattus.components import STARTING_COUNT, TOKENS
from tavola.games.rattus.state import RattusState
from tests.conformance.harness import random_game
from tests.games.rattus.scenarios import play, region, scenario


def dump(data: object) -> str:
    return json.dumps(data, sort_keys=True)


def witch_looked() -> RattusState:
    """Red (Witch) has looked at the tokens in Gallia and Scandia, and not yet decided."""
    s = scenario(3, holders={"witch": 0},
                 tokens={"gallia": ["2 M", "3 A"], "scandia": ["5 MM A"], "italia": ["1 ki"]})
    return play(s, "witch:gallia.1", "witch:scandia.0")


def swap_fronts(s: RattusState, a: int, b: int) -> RattusState:
    """Return a copy where the physical tokens a and b trade fronts (wherever they lie)."""
    d = s.copy()
    for pile in [*d.tokens, d.supply, d.aside]:
        for i, t in enumerate(pile):
            if t == a:
                pile[i] = b
            elif t == b:
                pile[i] = a
    return d


def test_face_down_tokens_are_unknown_to_everyone() -> None:
    s = make("rattus", 4, 11)
    for viewer in (None, 0, 1, 2, 3):
        view = s.view(viewer)
        assert all(slot["front"] is None for r in view["regions"] for slot in r["tokens"])
        text = dump(view)
        assert "threshold" not in text


def test_a_view_does_not_change_when_only_unseen_tokens_change() -> None:
    s = make("rattus", 3, 5)
    board = [t for r in s.tokens for t in r]
    starting_in_supply = [t for t in s.supply if t < STARTING_COUNT]
    other_board = board[1]
    other_supply = next(t for t in s.supply if t >= STARTING_COUNT)
    assert starting_in_supply
    changed = swap_fronts(s, board[0], starting_in_supply[0])
    changed = swap_fronts(changed, other_board, other_supply) if other_board >= 12 else changed
    for viewer in (None, 0, 1, 2):
        assert dump(changed.view(viewer)) == dump(s.view(viewer))


def test_the_witch_sees_the_fronts_she_looked_at_in_her_view_only() -> None:
    s = witch_looked()
    looked = {region(s, "gallia")[1], region(s, "scandia")[0]}
    mine = s.view(0)
    fronts = [slot["front"] for r in mine["regions"] for slot in r["tokens"] if slot["front"]]
    assert sorted(f["threshold"] for f in fronts) == sorted(TOKENS[t].threshold for t in looked)
    for viewer in (None, 1, 2):
        view = s.view(viewer)
        assert all(slot["front"] is None for r in view["regions"] for slot in r["tokens"])
        # that she looked, and where, is public
        gallia = view["regions"][1]["tokens"]
        assert gallia[1]["seen_by"] == [0] and gallia[0]["seen_by"] == []


def test_others_views_do_not_change_with_what_the_witch_saw() -> None:
    s = witch_looked()
    a = region(s, "scandia")[0]
    b = next(t for t in s.supply if t >= STARTING_COUNT and TOKENS[t] != TOKENS[a])
    changed = swap_fronts(s, a, b)
    changed.known[0] = sorted(b if t == a else t for t in changed.known[0])
    for viewer in (None, 1, 2):
        assert dump(changed.view(viewer)) == dump(s.view(viewer))
    assert dump(changed.view(0)) != dump(s.view(0))


def test_the_witch_log_names_the_fronts_to_her_and_only_the_look_to_others() -> None:
    s = play(witch_looked(), "swap")
    front = TOKENS[region(s, "gallia")[1]]
    mine = "\n".join(s.log_text(0))
    assert f"[{front.threshold}: {front.symbols}]" in mine
    for viewer in (None, 1, 2):
        lines = s.log_text(viewer)
        assert "Red (Witch) looks at Gallia token 2 and Scandia token 1" in lines
        assert "Red swaps the tokens Gallia token 2 and Scandia token 1" in lines
        assert not any("[" in line for line in lines)


def test_determinize_keeps_the_witchs_knowledge_and_resamples_the_rest() -> None:
    s = play(witch_looked(), "keep")
    seen = {region(s, "gallia")[1], region(s, "scandia")[0]}
    differs = 0
    for k in range(20):
        d = s.determinize(0, random.Random(k))
        assert region(d, "gallia")[1] in seen and region(d, "scandia")[0] in seen
        assert dump(d.view(0)) == dump(s.view(0))
        assert d.legal_actions(0) == s.legal_actions(0)
        differs += region(d, "gallia")[0] != region(s, "gallia")[0]
        starting = [t < STARTING_COUNT for r in d.tokens for t in r]
        assert starting == [t < STARTING_COUNT for r in s.tokens for t in r]
    assert differs > 0


def test_determinize_for_another_player_resamples_what_the_witch_saw() -> None:
    s = play(witch_looked(), "keep")
    looked = region(s, "scandia")[0]
    moved = 0
    for k in range(20):
        d = s.determinize(1, random.Random(k))
        assert dump(d.view(1)) == dump(s.view(1))
        # the Witch still knows whatever now lies where she looked
        assert region(d, "scandia")[0] in d.known[0]
        moved += region(d, "scandia")[0] != looked
    assert moved > 0


def test_determinize_replaces_the_generator_and_hides_others_private_log() -> None:
    s = play(witch_looked(), "keep")
    d = s.determinize(1, random.Random(3))
    assert d.rng != s.rng
    assert dump([e.to_json() for e in d.events()]).count("first_token") == 0
    mine = s.determinize(0, random.Random(3))
    assert dump([e.to_json() for e in mine.events()]).count("first_token") == 1


def test_no_view_holds_the_generator_or_an_unrevealed_front() -> None:
    states, _ = random_game("rattus", 4, 21)
    for s in states[::10]:
        assert isinstance(s, RattusState)
        for viewer in (None, 0, 1, 2, 3):
            view = s.view(viewer)
            assert "rng" not in dump(view)
            known = set(s.known[viewer]) if viewer is not None else set()
            shown = sum(1 for r in view["regions"] for slot in r["tokens"] if slot["front"])
            assert shown == len(known)


def test_prompts_and_action_labels_never_name_a_face_down_front() -> None:
    s = witch_looked()
    text = s.prompt(0) + " ".join(s.describe(0, a) for a in s.legal_actions(0))
    assert "threshold" not in text and "MM" not in text and "5" not in text
