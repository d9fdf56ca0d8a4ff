"""What the commands share: option values, bot lists, seat names, folding long lines."""

from __future__ import annotations

import pytest

from tavola.agents import RandomAgent
from tavola.cli.common import fold, one_line, option_value, parse_bots, parse_options, seat_name
from tavola.core import BadOptions, OptionSpec, load

pytestmark = pytest.mark.usefixtures("toys")


def test_option_values_are_typed_from_the_default() -> None:
    flag = OptionSpec("variant", False, (False, True), "a flag")
    count = OptionSpec("rounds", 3, (1, 2, 3), "a number")
    word = OptionSpec("rule", "strict", ("strict", "loose"), "a word")
    assert option_value(flag, "true") is True and option_value(flag, "No") is False
    assert option_value(count, "2") == 2
    assert option_value(word, "loose") == "loose"
    for spec, text in ((flag, "maybe"), (count, "two"), (count, "9"), (word, "lax")):
        with pytest.raises(BadOptions):
            option_value(spec, text)


def test_options_are_parsed_for_the_game() -> None:
    assert parse_options("toy", ["rounds=5"]) == {"rounds": 5}
    assert parse_options("toy", [" rounds = 1 "]) == {"rounds": 1}
    for bad in (["rounds"], ["=3"], ["colour=red"], ["rounds=6"]):
        with pytest.raises(BadOptions):
            parse_options("toy", bad)


def test_a_huge_option_value_is_quoted_short_in_the_message() -> None:
    with pytest.raises(BadOptions) as caught:
        parse_options("toy", ["rounds=" + "x" * 10_000])
    assert len(str(caught.value)) < 150


def test_one_bot_fills_every_seat_or_one_is_given_per_seat() -> None:
    assert [b.name for b in parse_bots("greedy", "toy-bots", 3)] == ["greedy"] * 3
    bots = parse_bots(" greedy , random ", "toy-bots", 2)
    assert [b.name for b in bots] == ["greedy", "random"]
    assert isinstance(bots[1].build(), RandomAgent)
    assert bots[0].build() is not bots[0].build()


@pytest.mark.parametrize(("text", "message"), [
    ("", "no bot given"),
    ("random,", "bad bot list 'random,'"),
    ("random,,random", "bad bot list"),
    ("random,random", "give one bot for every seat or one per seat (3), not 2"),
    ("smart", "no bot 'smart' for toy-bots (bots: easy, greedy, hard, ismcts, medium"),
    ("x" * 5000, "bot spec too long"),
    ("ismcts:iterations=x", "option iterations takes a whole number"),
])
def test_bad_bot_lists_are_refused_in_one_short_line(text: str, message: str) -> None:
    with pytest.raises(BadOptions) as caught:
        parse_bots(text, "toy-bots", 3)
    assert message in str(caught.value) and len(str(caught.value)) < 150


def test_seats_are_named_p1_with_the_games_own_name_when_it_says_more() -> None:
    game = load("toy", 3)
    assert [seat_name(game, p) for p in range(3)] == ["P1", "P2", "P3"]


def test_messages_are_shown_on_one_short_line() -> None:
    assert one_line("a\nb  c") == "a b c"
    long = one_line("no bot '" + "x" * 1000 + "' for toy")
    assert len(long) == 300 and long.startswith("no bot 'xxx") and long.endswith("' for toy")
    assert " ... " in long


def test_long_lines_of_game_text_fold_under_themselves() -> None:
    assert fold("short\n  also short", 20) == "short\n  also short"
    assert fold("  aaa bbb ccc ddd eee", 12) == "  aaa bbb\n      ccc\n      ddd\n      eee"
    assert fold("  12) Keep the residence card", 18) == (
        "  12) Keep the\n      residence\n      card")
    assert fold("x " + "y" * 30, 10) == "x\n    " + "y" * 30
    assert fold("", 10) == ""
