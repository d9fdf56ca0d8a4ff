"""Hidden information: face-down tokens are unknown to everyone; a Witch's look is known to
her alone (ruling R13, docs/games/rattus.md) — in views, the log, determinization and bots."""

from __future__ import annotations

import json
import random

from tavola.core import TavolaError, make
from tavola.games.rattus.components import STARTING_COUNT, TOKENS
from tavola.games.rattus.game import RattusState
from tests.conformance.harness import random_game
from tests.games.rattus.scenarios import play, region, scenario


def dump(data: object) -> str:
    return json.dumps(data, sort_keys=True)


def witch_looked() -> RattusState:
    """Red (Witch) has looked at the tokens in Gallia and Scandia, and not yet decided."""
    s = scenario(3, holders={"witch": 0},
                 tokens={"gallia": ["2 M", "3 A"], "scandia": ["5 MM A"], "italia": ["1 ki"]},
                 step="B")
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
    assert f"[{front.threshold}: " in mine
    # The fronts she saw, in words rather than the token's letters.
    assert "[5: majority twice, everyone]" in mine and "MM" not in mine
    for viewer in (None, 1, 2):
        lines = s.log_text(viewer)
        assert "Red (Witch) looks at Gallia token 2 and Scandia token 1" in lines
        assert "Red swaps the tokens Gallia token 2 and Scandia token 1" in lines
        assert not any("[" in line for line in lines)


def test_determinize_keeps_the_witchs_knowledge_and_resamples_the_rest() -> None:
    s = play(witch_looked(), "keep")
    seen = (TOKENS[region(s, "gallia")[1]], TOKENS[region(s, "scandia")[0]])
    differs = 0
    for k in range(20):
        d = s.determinize(0, random.Random(k))
        assert (TOKENS[region(d, "gallia")[1]], TOKENS[region(d, "scandia")[0]]) == seen
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
    assert "majority" not in text and "everyone" not in text


def test_error_messages_never_name_a_face_down_front() -> None:
    s = witch_looked()
    messages = []
    for player, text in ((0, "witch:italia.0"), (1, "swap"), (0, "plague:italia"),
                         (0, "monk:gallia"), (2, "keep")):
        try:
            s.apply(player, text)
        except TavolaError as exc:
            messages.append(str(exc))
    assert len(messages) == 5
    fronts = {TOKENS[t].symbols for r in s.tokens for t in r}
    for message in messages:
        assert not any(f in message for f in fronts), message
        assert "threshold" not in message


def test_every_prompt_and_label_of_random_games_hides_unseen_fronts() -> None:
    for players in (2, 3, 4):
        states, _ = random_game("rattus", players, 40 + players)
        for s in states:
            if s.is_terminal:
                continue
            p = s.to_act[0]
            text = s.prompt(p) + " | " + " | ".join(s.describe(p, a)
                                                    for a in s.legal_actions(p))
            assert "threshold" not in text and "[" not in text
            assert not any(sym in text.split() for sym in ("M", "MM", "A"))
            assert "majority" not in text and "everyone" not in text


def test_a_sample_depends_on_the_seats_view_and_log_alone() -> None:
    """Two positions that differ only in what Blue cannot see sample alike for Blue."""
    s = play(witch_looked(), "keep")
    a = region(s, "scandia")[0]
    b = next(t for t in s.supply if t >= STARTING_COUNT and TOKENS[t] != TOKENS[a])
    other = swap_fronts(s, a, b)
    other.known[0] = sorted(b if t == a else t for t in other.known[0])
    assert dump(other.view(1)) == dump(s.view(1)) and other.log(1) == s.log(1)
    for seed in range(5):
        one = s.determinize(1, random.Random(seed))
        two = other.determinize(1, random.Random(seed))
        assert dump(one.to_json()) == dump(two.to_json())


def test_a_sample_keeps_every_invariant_and_the_seats_view_and_log() -> None:
    for players in (2, 3, 4):
        states, _ = random_game("rattus", players, 90 + players)
        for s in states[::3]:
            assert isinstance(s, RattusState)
            for p in range(players):
                d = s.game.sample(p, s.view(p), s.log(p), random.Random(p))
                s.game.check_state(d)
                assert dump(d.view(p)) == dump(s.view(p))
                assert [e.to_json() for e in d.log(p)] == [e.to_json() for e in s.log(p)]
                assert d.to_act == s.to_act and d.legal_actions(p) == s.legal_actions(p)


def test_a_sample_deals_the_unseen_tokens_and_the_set_aside_ones_afresh() -> None:
    s = make("rattus", 2, 12)
    boards, asides = set(), set()
    for seed in range(30):
        d = s.determinize(0, random.Random(seed))
        boards.add(tuple(t for r in d.tokens for t in r))
        asides.add(tuple(d.aside))
        assert len(d.aside) == len(s.aside) and all(t >= STARTING_COUNT for t in d.aside)
    assert len(boards) > 20 and len(asides) > 20


def test_revealed_tokens_keep_their_fronts_and_backs_in_a_sample() -> None:
    states, _ = random_game("rattus", 3, 17)
    s = next(x for x in reversed(states) if not x.is_terminal and len(x.out) > 5)
    d = s.determinize(1, random.Random(4))
    assert [(TOKENS[t], t < STARTING_COUNT) for t in d.out] == [
        (TOKENS[t], t < STARTING_COUNT) for t in s.out]
