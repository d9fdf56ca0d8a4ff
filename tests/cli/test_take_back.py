"""Taking a decision back in the terminal, under exactly the server's policy
(`tavola.server.undo`): only the person's own last decision, while nobody else has acted
since, with no chance on the way and nothing revealed; a refusal says why in the
person's language, and a take-back goes back to the person's own decision."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from rich.console import Console

from tavola.cli.play import Lines, SaveFile, Session
from tavola.cli.tui import PlayApp
from tavola.cli.words import say
from tavola.core import Action, Record
from tavola.server.messages import render
from tavola.server.undo import undo_refusal
from tests.aio import run_async
from tests.cli.helpers import invoke
from tests.cli.test_tui import SMALL, choose, flat, press, screen_text, table, until

pytestmark = pytest.mark.usefixtures("toys")


def test_the_first_question_has_nothing_to_take_back_in_every_language() -> None:
    for lang in ("en", "it", "pl"):
        app = table("toy", 3, seed=2, lang=lang).app

        async def run(lang: str = lang, app: PlayApp = app) -> None:
            async with app.run_test(size=SMALL) as pilot:
                await until(pilot, "choice")
                await press(app, "u")
                await until(pilot, "choice", after=1)
                why = say(lang, "no_take_back", reason=render("undo_not_yours", {}, lang))
                assert flat(why) in flat(screen_text(app))
                assert app.session.record.actions == []

        run_async(run())


def test_at_a_hot_seat_only_the_person_who_decided_takes_it_back() -> None:
    played = table("toy", 2, people=(0, 1), seed=3)
    session = played.session
    session.step(0, session.state.legal_actions(0)[0])
    session.seat = 1  # P2 has the keyboard now
    assert session.take_back() == "undo_not_yours"
    assert len(session.record.actions) == 1
    session.seat = 0
    assert session.take_back() is None
    assert session.record.actions == [] and session.state.to_act == (0, 1)


def own_decisions_in_a_row(seed: int) -> tuple[Session, int]:
    """Return a Rattus session (P1 a person, P2 a bot) played by the session's own flow
    until P1 has made a decision that may be taken back and must decide again."""
    session = table("rattus", 2, seed=seed).session
    session.front = Lines(Console(file=io.StringIO(), width=80))
    chooser = random.Random(seed)
    for _ in range(200):
        state = session.state
        player = state.to_act[0]
        if player == 1:
            session.bot_turn(1)
            continue
        legal = state.legal_actions(0)
        session.step(0, legal[chooser.randrange(len(legal))])
        if session.state.to_act and session.state.to_act[0] == 0 and session.take_back_offered():
            before, after = session.history()[-2], session.history()[-1]
            who, text = session.record.actions[-1]
            if undo_refusal(before, after, who, Action.parse(text), random.Random(1)) is None:
                return session, len(session.record.actions)
    raise AssertionError("no decision to take back")


def test_taking_back_goes_to_the_persons_own_decision_and_the_save_follows(
        tmp_path: Path) -> None:
    session, made = own_decisions_in_a_row(5)
    save = tmp_path / "g.json"
    session.save = SaveFile.open(str(save), session.record, session.state)
    before = session.history()[-2]
    assert session.take_back() is None
    assert len(session.record.actions) == made - 1
    assert session.state is before and 0 in session.state.to_act
    # The file holds the game as it now stands, and replays to it.
    record = Record.load(save)
    assert record.actions == session.record.actions
    assert record.check(verify=True).states[-1].view(0) == session.state.view(0)
    # The decision before it was a bot's: nothing more is taken back.
    assert session.take_back() in ("undo_not_yours", "undo_chance")


def test_u_on_the_full_screen_takes_back_and_asks_again() -> None:
    played = table("rattus", 2, seed=5)
    app = played.app

    async def run() -> None:
        async with app.run_test(size=SMALL) as pilot:
            chooser = random.Random(5)
            for _ in range(60):
                asked = app.asked
                await until(pilot, "choice", after=asked - 1)
                session = app.session
                actions = session.record.actions
                if actions and actions[-1][0] == 0 and session.take_back_offered():
                    state, prompt = session.state, session.state.prompt(0, "en")
                    assert "u takes back your last decision" in screen_text(app)
                    await press(app, "u")
                    await until(pilot, "choice", after=asked)
                    text = flat(screen_text(app))
                    if "Nothing taken back" in text:
                        # Refused by the information checks: told why, nothing changed.
                        assert session.state is state and prompt in text
                    else:
                        assert "Your last decision is taken back" in text
                        assert len(session.record.actions) == len(actions)
                        assert session.state is not state
                        return
                await choose(app, chooser.randint(1, app.count))
            raise AssertionError("no take-back offered in 60 questions")

    run_async(run())


def test_the_line_mode_takes_u_and_says_why_not(tmp_path: Path) -> None:
    result = invoke("play", "toy", "-p", "2", "--seed", "1", "--plain", "--lang", "it",
                    "--save", str(tmp_path / "g.json"), input="u\nq\ns\n")
    why = say("it", "no_take_back", reason=render("undo_not_yours", {}, "it"))
    assert flat(why) in flat(result.output), result.output
