"""Single games, runs of many games, seat rotation and the statistics of a run."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest

from tavola.agents import Agent, make_agent
from tavola.arena import (
    Summary,
    lineup,
    outcome_of,
    play_game,
    rotate,
    run,
    run_match,
    simulate,
    spread,
)
from tavola.core import Action, BadOptions, InfoSet, Record, UnknownGame, make
from tests.core.toy import ToyGame

pytestmark = pytest.mark.usefixtures("toys")


def test_one_name_fills_every_seat() -> None:
    assert lineup(["random"], 3, "toy") == ["random"] * 3


def test_one_name_per_seat_is_kept_in_order() -> None:
    assert lineup(["greedy", "random", "greedy"], 3, "toy-bots") == ["greedy", "random", "greedy"]


@pytest.mark.parametrize("names", [["random", "random"], ["random"] * 4, ["greedy"], ["x"]])
def test_a_wrong_lineup_is_refused(names: list[str]) -> None:
    with pytest.raises(BadOptions):
        lineup(names, 3, "toy")


def test_rotation_moves_the_lineup_one_seat_per_game() -> None:
    names = ["a", "b", "c", "d"]
    assert rotate(names, 0) == names
    assert rotate(names, 1) == ["d", "a", "b", "c"]
    assert rotate(names, 5) == rotate(names, 1)
    for shift in range(8):
        assert rotate(names, shift).index("a") == shift % 4


def test_over_a_full_cycle_every_bot_sits_in_every_seat_once() -> None:
    names = ["a", "b", "c"]
    seats = {(rotate(names, i)[s], s) for i in range(3) for s in range(3)}
    assert seats == {(n, s) for n in names for s in range(3)}


def test_game_i_uses_seed_plus_i_and_the_lineup_rotated_by_i() -> None:
    outcomes = list(simulate("toy-bots", 3, 5, 40, ["greedy", "random", "random"]))
    for i, outcome in enumerate(outcomes):
        assert outcome.record.seed == 40 + i
        assert outcome.record.bots == rotate(["greedy", "random", "random"], i)
        assert outcome.record.bots is not None
        assert outcome.record.bots.index("greedy") == i % 3


def test_a_run_is_deterministic() -> None:
    def lines() -> list[str]:
        return [json.dumps(o.to_json()) for o in simulate("toy-bots", 4, 6, 9, ["greedy", "random",
                                                                                "random", "random"],
                                                          {"rounds": 5})]
    assert lines() == lines()


def test_a_run_checks_game_options_and_bots_before_playing() -> None:
    with pytest.raises(UnknownGame):
        next(simulate("nope", 2, 1, 0, ["random"]))
    with pytest.raises(BadOptions):
        next(simulate("toy", 2, 1, 0, ["random"], {"rounds": 0}))
    with pytest.raises(BadOptions):
        next(simulate("toy", 9, 1, 0, ["random"]))
    with pytest.raises(BadOptions):
        next(simulate("toy", 2, 1, 0, ["greedy"]))


def test_tied_winners_share_one_win() -> None:
    outcomes = []
    summary = run("toy-bots", 3, 60, 0, ["greedy", "random", "random"],
                  each=lambda i, o: outcomes.append(o))
    assert summary.games == 60
    assert sum(summary.seat_wins) == 60
    assert sum(s.wins for s in summary.bots.values()) == 60
    expected = [Fraction(0)] * 3
    for o in outcomes:
        winners = o.final.result().winners
        for p in winners:
            expected[p] += Fraction(1, len(winners))
    assert summary.seat_wins == expected
    assert any(len(o.final.result().winners) > 1 for o in outcomes), "no tie to test"


def test_bot_statistics_count_every_seat_played() -> None:
    outcomes = []
    summary = run("toy-bots", 3, 9, 5, ["greedy", "random", "random"],
                  each=lambda i, o: outcomes.append(o))
    greedy, rand = summary.bots["greedy"], summary.bots["random"]
    assert greedy.seat_games == 9 and rand.seat_games == 18
    greedy_scores = [o.final.result().scores[(o.record.bots or []).index("greedy")]
                     for o in outcomes]
    assert sorted(greedy.scores) == sorted(greedy_scores)
    assert greedy.decisions + rand.decisions == sum(o.decisions for o in outcomes)
    assert summary.lengths == [o.decisions for o in outcomes]
    assert 0.0 <= greedy.win_rate <= 1.0
    assert summary.seat_rate(0) == float(summary.seat_wins[0] / 9)


def test_the_high_bidder_beats_random_at_the_toy() -> None:
    summary = run("toy-bots", 2, 200, 0, ["greedy", "random"])
    assert summary.bots["greedy"].win_rate > summary.bots["random"].win_rate


def test_spread_gives_min_mean_max() -> None:
    assert spread([3, 1, 2]) == (1, 2.0, 3)


def test_an_empty_summary_reports_zero_rates() -> None:
    summary = Summary(2)
    assert summary.seat_rate(0) == 0.0 and summary.seat_wins == [0, 0]


def test_a_match_record_replays_to_the_same_outcome() -> None:
    outcome = run_match("toy-bots", 3, 11, ["greedy", "random", "greedy"], {"rounds": 4})
    again = outcome_of(Record.from_json(json.loads(json.dumps(outcome.record.to_json()))))
    assert again.to_json() == outcome.to_json()
    assert again.seat_decisions == outcome.seat_decisions == [4, 4, 4]


def test_outcome_json_has_the_fields_of_simulate() -> None:
    data = run_match("toy", 2, 3, ["random", "random"]).to_json()
    assert set(data) == {"game", "seed", "players", "options", "bots", "finished", "scores",
                         "ranks", "winners", "decisions"}
    assert data["finished"] is True and data["seed"] == 3


def test_an_unfinished_record_has_no_result() -> None:
    state = make("toy", 2, 1)
    record = Record.start(state, 1, ["random", "random"])
    record.add(0, state.legal_actions(0)[0])
    record.finish(state.apply(0, state.legal_actions(0)[0]))
    data = outcome_of(record).to_json()
    assert data["finished"] is False and data["scores"] is None and data["decisions"] == 1


class Spy(Agent):
    """Remember every view and legal list it was given; bid the lowest."""

    name = "spy"

    def __init__(self) -> None:
        self.seen: list[tuple[Any, list[Action]]] = []

    def act(self, info: InfoSet, rng: random.Random) -> Action:
        self.seen.append((info.view, list(info.legal)))
        return info.legal[0]


def test_agents_see_only_their_own_view_during_a_simultaneous_step() -> None:
    spies = [Spy(), Spy(), Spy()]
    steps: list[Any] = []
    state = make("toy", 3, 2)
    final, decisions = play_game(state, spies, random.Random(0), on_step=steps.append)
    assert final.is_terminal and decisions == len(steps) == 9
    for seat, spy in enumerate(spies):
        for view, _ in spy.seen:
            assert view["my_bid"] == 0
            assert set(view) == set(state.view(seat))
    # the second and third bidders of a round see the others as having bid, not the bid
    assert spies[1].seen[0][0]["bid_made"] == [True, False, False]


def test_rounds_are_counted_when_the_view_tells_them() -> None:
    summary = run("toy", 2, 3, 0, ["random"], {"rounds": 4})
    assert summary.rounds == [4, 4, 4]


def test_a_game_that_runs_past_its_declared_length_is_stopped() -> None:
    class ShortToy(ToyGame):
        info = replace(ToyGame.info, name="toy-short", max_decisions=3)

    state = ShortToy(2, {"rounds": 5}).new_state(0)
    agents = [make_agent("random", "toy"), make_agent("random", "toy")]
    with pytest.raises(RuntimeError, match="exceeded 3 decisions"):
        play_game(state, agents, random.Random(0))
