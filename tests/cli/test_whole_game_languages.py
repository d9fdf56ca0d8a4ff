"""A whole game of every game played on the full screen at 80x24 in German and in French.

A person (seat 1) plays against random bots by key presses; before every choice the screen
is read: no placeholder left unfilled, none of the terminal's English lines, the key legend
and the prompt in the language asked. At the end the final scores are in that language and
the saved game replays to the same result.
"""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path

import pytest

from tavola.cli.words import WORDS
from tavola.core import Record, info
from tests.aio import run_async
from tests.arena.toys import real_games
from tests.cli.test_play import ENGLISH_TABLE_WORDS
from tests.cli.test_tui import SMALL, play_out, press, screen_text, table

LANGS = ("de", "fr")

# A placeholder the words left unfilled ("{player}", "{n:cubes}").
UNFILLED = re.compile(r"\{[a-z_]+[}:]")

# Lines of the terminal a player reads at every choice, in English: none may show.
ENGLISH_LINES = ("Your choice", "take back", "Game over", "Result", "Log", "Events")


def looked_at(text: str, lang: str) -> None:
    """Check one screen of a game in `lang`."""
    assert not UNFILLED.search(text), text
    for english in ENGLISH_LINES:
        assert english not in text, (english, text)
    legend = WORDS[lang]["keys_small"].split(" · ")[0]
    assert legend in text, text


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", real_games())
def test_a_whole_game_at_80x24_in_german_and_french(game: str, lang: str,
                                                    tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    played = table(game, info(game).min_players, save=save, seed=11, lang=lang)
    chooser = random.Random(11)
    screens: list[int] = []  # the choices typed, each after its screen was looked at

    async def run() -> None:
        app = played.app
        async with app.run_test(size=SMALL) as pilot:
            screens.append(await play_out(pilot, chooser, lambda text: looked_at(text, lang)))
            text = screen_text(app)
            assert WORDS[lang]["over"] in text and WORDS[lang]["result"] in text, text
            assert not UNFILLED.search(text), text
            for english in ENGLISH_TABLE_WORDS:
                assert english not in text, (english, text)
            await press(app, "enter")
            await asyncio.sleep(0.1)

    run_async(run())
    played.front.after(played.session)
    after = played.out.getvalue()
    assert WORDS[lang]["result"] in after and not UNFILLED.search(after)
    for english in ENGLISH_TABLE_WORDS:
        assert english not in after, english
    assert screens[0] > 5
    record = Record.load(save)
    verification = record.check(verify=True)
    assert verification.finished and verification.digest_checked
