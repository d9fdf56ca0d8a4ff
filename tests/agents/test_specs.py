"""Bot specs: parsing, typed options, line-ups, a user's own classes, and bots that
installed packages add through entry points (a real distribution on sys.path)."""

from __future__ import annotations

import random
import textwrap
from pathlib import Path

import pytest

from tavola.agents import (
    BotSpec,
    IsmctsAgent,
    PimcAgent,
    PolicyAgent,
    RandomAgent,
    agent_names,
    bots,
    decide,
    make_agent,
    make_agents,
    parse_spec,
)
from tavola.core import BadOptions, UnknownGame, info, make
from tests.agents.userbots import EndPicker

pytestmark = pytest.mark.usefixtures("toys")


def test_a_spec_is_a_name_with_key_value_options() -> None:
    spec = parse_spec("ismcts:iterations=400")
    assert spec == BotSpec("ismcts", (("iterations", "400"),))
    assert str(spec) == "ismcts:iterations=400"
    assert parse_spec(" random ") == BotSpec("random")
    three = parse_spec("ismcts:seconds=1.5:rollout=greedy:reuse=false")
    assert three.options == (("seconds", "1.5"), ("rollout", "greedy"), ("reuse", "false"))
    assert not three.is_class


def test_a_spec_with_a_class_names_module_and_class() -> None:
    spec = parse_spec("tests.agents.userbots:EndPicker:end=last")
    assert spec.is_class
    assert spec == BotSpec("tests.agents.userbots:EndPicker", (("end", "last"),))


def test_options_are_typed_by_the_declared_parameters() -> None:
    agent = make_agent("ismcts:iterations=400:c=0.5:cutoff=12:reuse=no", "toy")
    assert isinstance(agent, IsmctsAgent)
    assert (agent.iterations, agent.seconds, agent.c, agent.reuse) == (400, None, 0.5, False)
    assert agent.rollouts.cutoff == 12
    timed = make_agent("ismcts:seconds=1.5:rollout=greedy", "toy-bots")
    assert isinstance(timed, IsmctsAgent)
    assert (timed.iterations, timed.seconds, timed.rollouts.policy) == (None, 1.5, "greedy")
    pimc = make_agent("pimc:samples=4", "toy")
    assert isinstance(pimc, PimcAgent) and pimc.samples == 4 and pimc.c == 1.0


BAD_SPECS = [
    ("", "empty bot spec"),
    ("   ", "empty bot spec"),
    ("ISMCTS", "not a bot name"),
    ("ismcts:", "is not key=value"),
    ("ismcts:iterations", "is not key=value"),
    ("ismcts:iterations=", "is not key=value"),
    ("ismcts:iterations=1:iterations=2", "option iterations given twice"),
    ("ismcts;iterations=1", "not a bot name"),
    ("x" * 300, "too long"),
    ("a b:Cls", "a class is named"),
]


@pytest.mark.parametrize(("spec", "message"), BAD_SPECS)
def test_a_malformed_spec_is_one_clear_line(spec: str, message: str) -> None:
    with pytest.raises(BadOptions, match=message) as caught:
        parse_spec(spec)
    assert "\n" not in str(caught.value)


BAD_OPTIONS = [
    ("ismcts:iterations=abc", "option iterations takes a whole number from 1 to 10000000, "
                              "not 'abc'"),
    ("ismcts:iterations=0", "option iterations takes a whole number from 1"),
    ("ismcts:iterations=1.5", "option iterations takes a whole number"),
    ("ismcts:c=nan", "option c takes a number from 0 to 100"),
    ("ismcts:c=inf", "option c takes a number"),
    ("ismcts:c=-1", "option c takes a number"),
    ("ismcts:reuse=maybe", "option reuse takes true or false"),
    ("ismcts:follow=2", "option follow takes a number from 0 to 1"),
    ("ismcts:opponents=clever", "option opponents takes one of search, prior, mixed, noisy"),
    ("ismcts:iters=10", "bot 'ismcts' has no option 'iters' "
                        r"\(options: iterations, seconds, c, rollout, cutoff, reuse, "
                        r"prior, bias, opponents, follow, root, engine, ensemble, depth\)"),
    ("random:depth=2", r"bot 'random' has no option 'depth' \(options: none\)"),
    ("ismcts:rollout=greedy", "option rollout takes one of random for toy, not 'greedy'"),
    ("pimc:samples=-1", "option samples takes a whole number from 1"),
    ("clever", r"no bot 'clever' for toy \(bots: easy, hard, ismcts, medium, pimc, random, "
               r"strong; or module.path:"),
    ("greedy", r"no bot 'greedy' for toy"),
]


@pytest.mark.parametrize(("spec", "message"), BAD_OPTIONS)
def test_a_bad_option_names_what_is_wrong_and_what_exists(spec: str, message: str) -> None:
    with pytest.raises(BadOptions, match=message) as caught:
        make_agent(spec, "toy")
    assert "\n" not in str(caught.value)


def test_a_bad_game_is_refused_before_the_spec() -> None:
    with pytest.raises(UnknownGame):
        make_agent("ismcts", "no-such-game")


def test_the_bots_of_a_game_list_their_parameters() -> None:
    listed = {b.name: b for b in bots("toy-bots")}
    assert list(listed) == ["random", "ismcts", "pimc", "easy", "medium", "hard", "strong",
                            "greedy"]
    assert [p.name for p in listed["ismcts"].params] == [
        "iterations", "seconds", "c", "rollout", "cutoff", "reuse", "prior", "bias",
        "opponents", "follow", "root", "engine", "ensemble", "depth"]
    assert listed["greedy"].help == "Bid the most allowed."
    assert listed["random"].params == ()
    line = listed["ismcts"].params[2].describe()
    assert line.startswith("c=<a number from 0 to 100> (default 1.0): UCB exploration")
    assert listed["ismcts"].usage().startswith("ismcts[:iterations=...][:seconds=...]")
    assert agent_names("toy-bots") == ["easy", "greedy", "hard", "ismcts", "medium", "pimc",
                                       "random", "strong"]
    assert isinstance(make_agent("greedy", "toy-bots"), PolicyAgent)


def test_one_spec_gives_every_seat_its_own_agent() -> None:
    agents = make_agents("ismcts:iterations=5", "toy", 3)
    assert len(agents) == 3 and len({id(a) for a in agents}) == 3
    assert all(isinstance(a, IsmctsAgent) and a.iterations == 5 for a in agents)


def test_one_spec_per_seat_gives_them_in_seat_order() -> None:
    agents = make_agents("random, pimc:samples=2 ,ismcts", "toy", 3)
    assert [type(a) for a in agents] == [RandomAgent, PimcAgent, IsmctsAgent]


@pytest.mark.parametrize(("specs", "players", "message"), [
    ("random,random", 3, r"one bot spec for every seat or one per seat \(3\), not 2"),
    ("random,random,random", 2, r"one per seat \(2\), not 3"),
    ("random,,random", 3, "give specs separated by commas"),
    ("", 2, "no bot given"),
    ("random,clever", 2, "no bot 'clever'"),
    ("random", 0, "whole number of seats"),
])
def test_a_line_up_of_the_wrong_length_is_refused(specs: str, players: int,
                                                   message: str) -> None:
    with pytest.raises(BadOptions, match=message):
        make_agents(specs, "toy", players)


def test_a_users_class_is_loaded_from_its_module_with_typed_options() -> None:
    agent = make_agent("tests.agents.userbots:EndPicker:end=last:unused=7", "toy",
                       user_classes=True)
    assert isinstance(agent, EndPicker)
    assert (agent.end, agent.unused) == ("last", 7)
    assert agent.name == "tests.agents.userbots:EndPicker"
    state = make("toy", 2, 0)
    assert decide(agent, state, 0, random.Random(0)) == state.legal_actions(0)[-1]


@pytest.mark.parametrize(("spec", "message"), [
    ("tests.agents.userbots:Missing", "tests.agents.userbots has no Agent subclass Missing"),
    ("tests.agents.userbots:NotAnAgent", "has no Agent subclass NotAnAgent"),
    ("tests.agents.no_such_module:Bot", "cannot import tests.agents.no_such_module "
                                        r"\(ModuleNotFoundError"),
    ("tests.agents.userbots:EndPicker:end=middle", "option end takes one of first, last"),
    ("tests.agents.userbots:EndPicker:unused=10", "option unused takes a whole number "
                                                  "from 0 to 9"),
    ("tests.agents.userbots:Fragile", r"could not be built \(TypeError"),
    ("tests.agents.userbots:Noisy", r"could not be built \(ValueError: first line second line x"),
])
def test_a_bad_user_class_is_one_clear_line(spec: str, message: str) -> None:
    with pytest.raises(BadOptions, match=message) as caught:
        make_agent(spec, "toy", user_classes=True)
    assert "\n" not in str(caught.value)


def test_classes_are_refused_unless_the_caller_trusts_whoever_wrote_the_spec() -> None:
    with pytest.raises(BadOptions, match="bot classes from modules are not accepted here: "
                                         r"tests.agents.userbots:EndPicker \(bots: easy,"):
        make_agent("tests.agents.userbots:EndPicker", "toy")
    with pytest.raises(BadOptions, match="not accepted here"):
        make_agents("random,tests.agents.userbots:EndPicker", "toy", 2)
    with pytest.raises(BadOptions, match="not accepted here"):
        make_agent("tests.agents.explosive:Bot", "toy")
    with pytest.raises(BadOptions, match=r"cannot import tests\.agents\.explosive"):
        make_agent("tests.agents.explosive:Bot", "toy", user_classes=True)


PLUGIN = '''
"""A package adding bots to tavola."""

from __future__ import annotations

import random

from tavola.agents import Agent, Param
from tavola.core import Action, InfoSet


class LastLegal(Agent):
    """Always the last legal action."""

    params = (Param("times", int, 1, "how many times to think", low=1),)

    def __init__(self, times: int = 1) -> None:
        self.times = times

    def act(self, info: InfoSet, rng: random.Random) -> Action:
        return info.legal[-1]
'''


@pytest.fixture
def plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Install a distribution `tavola-lastbot` declaring three bots on sys.path."""
    (tmp_path / "tavola_lastbot.py").write_text(textwrap.dedent(PLUGIN))
    info = tmp_path / "tavola_lastbot-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tavola-lastbot\n"
                                   "Version: 1.0\n")
    (info / "entry_points.txt").write_text(
        "[tavola.bots]\nlast = tavola_lastbot:LastLegal\n"
        "broken = tavola_no_such_module:Bot\nrandom = tavola_lastbot:LastLegal\n"
        "Bad-Name = tavola_lastbot:LastLegal\n")
    monkeypatch.syspath_prepend(str(tmp_path))


@pytest.mark.usefixtures("plugin")
def test_installed_packages_add_bots_through_entry_points() -> None:
    assert agent_names("toy") == ["broken", "easy", "hard", "ismcts", "last", "medium", "pimc",
                                  "random", "strong"]
    agent = make_agent("last:times=3", "toy")
    assert type(agent).__name__ == "LastLegal" and agent.name == "last"
    state = make("toy", 2, 0)
    assert decide(agent, state, 0, random.Random(0)) == state.legal_actions(0)[-1]
    listed = {b.name: b for b in bots("toy")}
    assert listed["last"].origin == "from tavola-lastbot"
    assert [p.name for p in listed["last"].params] == ["times"]
    assert isinstance(make_agent("random", "toy"), RandomAgent)


@pytest.mark.usefixtures("plugin")
def test_a_package_bot_that_does_not_load_is_one_clear_line() -> None:
    assert "cannot load" in {b.name: b for b in bots("toy")}["broken"].problem
    with pytest.raises(BadOptions, match=r"bot 'broken' \(from tavola-lastbot\): cannot load "
                                         r"tavola_no_such_module:Bot \(ModuleNotFoundError"):
        make_agent("broken", "toy")
    with pytest.raises(BadOptions, match="option times takes a whole number >= 1"):
        make_agent("last:times=0", "toy")


@pytest.mark.parametrize("game", ["notre-dame", "rattus", "nottingham", "intrige"])
def test_strong_is_the_games_own_measured_spec(game: str) -> None:
    spec = info(game).strong_bot
    searcher = IsmctsAgent if spec.startswith("ismcts:") else PimcAgent
    assert spec.startswith(f"{searcher.name}:")
    strong, same = make_agent("strong", game), make_agent(spec, game)
    assert strong.name == "strong" and isinstance(strong, searcher)
    assert isinstance(same, searcher)
    keys = ("iterations", "seconds", "c", "prior", "bias", "opponents", "root", "reuse",
            "samples")
    assert [getattr(strong, k, None) for k in keys] == [getattr(same, k, None) for k in keys]
    assert (strong.rollouts.policy, strong.rollouts.cutoff) == (
        same.rollouts.policy, same.rollouts.cutoff)
    assert "strong" in agent_names(game)
    with pytest.raises(BadOptions, match="bot 'strong' has no option 'iterations'"):
        make_agent("strong:iterations=5", game)


def test_a_game_that_names_no_levels_gets_the_plain_search_at_each_levels_time() -> None:
    for level, seconds in (("easy", 0.02), ("medium", 0.1), ("hard", 0.25), ("strong", 0.5)):
        agent = make_agent(level, "toy")
        assert isinstance(agent, IsmctsAgent) and agent.name == level
        assert (agent.seconds, agent.iterations, agent.prior) == (seconds, None, "none")
        assert level in agent_names("toy")
