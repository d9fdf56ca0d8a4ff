"""Bot levels: `easy`, `medium`, `hard` and `strong` exist for every game, are built like
any bot, are a ladder by construction (a simulation cap growing level by level under each
level's think time, `strong` by the clock alone), think no longer than their own time a
decision (and no more than a table allows: the smaller wins), and say what they are in
every language."""

from __future__ import annotations

import random
import statistics
import time

import pytest

from tavola.agents import (
    Agent,
    IsmctsAgent,
    PimcAgent,
    agent_names,
    bots,
    decide,
    make_agent,
    make_agents,
)
from tavola.agents.levels import HELP, LEVELS, SECONDS, level_spec
from tavola.agents.specs import parse_spec
from tavola.core import LANGUAGES, BadOptions, State, TavolaError, info, make
from tavola.server.bots import make_bot, network_bot
from tavola.server.workers import thinking_at_most

GAMES = ("notre-dame", "rattus", "nottingham", "intrige")
SLACK = 0.2
"""How far past its think time a decision may end (its last simulation, a busy machine)."""


def position(game: str, players: int, seed: int = 3) -> tuple[State, int]:
    """Return a position a third into a greedy game, and a seat with a choice there."""
    state = make(game, players, seed)
    rng = random.Random(seed)
    greedy = make_agent("greedy", game)
    steps = 0
    while True:
        seat = state.to_act[0]
        if steps >= 30 and len(state.legal_actions(seat)) > 1:
            return state, seat
        state = state.apply(seat, decide(greedy, state, seat, rng))
        steps += 1


SEARCHERS = (IsmctsAgent, PimcAgent)
"""The bots a level may be: the searches that take a think time."""


def settings(agent: IsmctsAgent | PimcAgent) -> tuple[object, ...]:
    """Return what a searching bot was built with."""
    keys = ("iterations", "seconds", "c", "samples", "prior", "bias", "opponents", "root",
            "reuse")
    rollouts = agent.rollouts
    return (type(agent), *(getattr(agent, k, None) for k in keys), rollouts.policy,
            rollouts.cutoff)


def options(spec: str) -> dict[str, str]:
    """Return a spec's options but its budget (think time and simulation cap)."""
    return {k: v for k, v in parse_spec(spec).options if k not in ("seconds", "iterations")}


def cap(spec: str) -> int | None:
    """Return a spec's simulation cap (None: it has none)."""
    found = dict(parse_spec(spec).options).get("iterations")
    return None if found is None else int(found)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_names_a_ladder_of_capped_levels_under_their_think_times(game: str) -> None:
    # Each level parses and is bounded by its think time; easy, medium and hard also by a
    # simulation cap, growing level by level; strong by the clock alone, so it searches more
    # than hard wherever hard's cap ends hard's search first.
    named = info(game).levels
    assert tuple(named) == LEVELS
    times, caps = [], []
    for level in LEVELS:
        spec = parse_spec(named[level])
        assert spec.name in ("ismcts", "pimc"), named[level]
        assert float(dict(spec.options)["seconds"]) == SECONDS[level], named[level]
        times.append(SECONDS[level])
        caps.append(cap(named[level]))
    assert times == sorted(times) and len(set(times)) == len(times)
    bounded, strong = caps[:-1], caps[-1]
    assert strong is None, "strong thinks by the clock: its think time is its only bound"
    assert None not in bounded, f"easy, medium and hard each cap their simulations: {caps}"
    counts = [c for c in bounded if c is not None]
    assert counts == sorted(counts) and len(set(counts)) == len(counts), caps
    assert info(game).strong_bot == named["strong"]


@pytest.mark.parametrize("game", GAMES)
def test_a_capped_level_stops_at_its_cap_or_at_a_shorter_table_time(game: str) -> None:
    # The cap ends the search (the think time is only a ceiling), and a table's shorter bot
    # time still cuts a capped level: with no time left it searches once (one batch).
    state, seat = position(game, info(game).min_players)
    width = len(state.legal_actions(seat))
    for level in LEVELS[:-1]:
        limit = cap(info(game).levels[level])
        assert limit is not None
        agent = make_agent(level, game)
        assert isinstance(agent, IsmctsAgent) and agent.iterations == limit
        agent.seconds = 60.0  # a ceiling far off, even on a loaded machine: the cap decides
        decide(agent, state, seat, random.Random(0))
        paired = agent.root == "paired"
        assert agent.last_iterations == (limit // width * width if paired and limit >= width
                                         else width if paired else limit), level
        agent = make_agent(level, game)
        with thinking_at_most(agent, 0.0):
            decide(agent, state, seat, random.Random(0))
        assert agent.last_iterations == (width if agent.root == "paired" else 1), level


@pytest.mark.parametrize("game", GAMES)
def test_easy_is_the_plain_search_and_the_levels_above_it_the_games_own(game: str) -> None:
    # The ladder: easy knows no rules of thumb (no prior, random rollouts); medium is the
    # plain search or the game's tuned search (hard's options), hard the tuned search;
    # strong is the tuned search or, where more simulations of the tuned search do not beat
    # hard (Nottingham), a variant of it with the same rules of thumb (the same prior,
    # rollouts and cutoff) searched another way: its strongest measured spec.
    named = info(game).levels
    easy = make_agent("easy", game)
    assert isinstance(easy, IsmctsAgent)
    assert (easy.prior, easy.rollouts.policy, easy.rollouts.cutoff) == ("none", "random", 0)
    assert {parse_spec(named[level]).name for level in LEVELS} == {"ismcts"}
    plain, tuned = options(named["easy"]), options(named["hard"])
    assert plain == {}
    assert options(named["medium"]) in (plain, tuned), named["medium"]
    strong = options(named["strong"])
    thumbs = ("prior", "rollout", "cutoff")
    assert {k: strong.get(k) for k in thumbs} == {k: tuned.get(k) for k in thumbs}, strong
    if game != "notre-dame":  # Notre Dame's tuned search is the plain one
        assert tuned != plain


@pytest.mark.usefixtures("toys")
@pytest.mark.parametrize("game", [*GAMES, "toy", "toy-bots"])
def test_every_level_is_a_bot_of_every_game_built_like_any_other(game: str) -> None:
    for level in LEVELS:
        assert level in agent_names(game)
        spec = level_spec(game, level)
        same = make_agent(spec, game)
        assert isinstance(same, SEARCHERS)
        for agent in (make_agent(level, game), make_bot(level, game)):
            assert type(agent) is type(same) and agent.name == level
            assert agent.seconds == SECONDS[level]
            assert agent.iterations == cap(spec), (game, level)
            assert settings(agent) == settings(same)
        with pytest.raises(BadOptions, match=f"bot '{level}' has no option 'seconds'"):
            make_agent(f"{level}:seconds=9", game)
    seats = make_agents("easy,medium,hard", game, 3)
    assert [a.name for a in seats] == ["easy", "medium", "hard"]


@pytest.mark.parametrize("game", GAMES)
def test_every_level_is_valid_at_every_player_count(game: str) -> None:
    facts = info(game)
    for players in range(facts.min_players, facts.max_players + 1):
        state, seat = position(game, players)
        for level in LEVELS:
            agent = make_agent(level, game)
            with thinking_at_most(agent, 0.02):
                assert decide(agent, state, seat, random.Random(0)) in \
                    state.legal_actions(seat), (players, level)


def test_every_level_says_what_it_is_in_every_language() -> None:
    assert set(HELP) == set(LANGUAGES)
    for level in LEVELS:
        texts = [HELP[lang][level] for lang in LANGUAGES]
        assert all(t and "\n" not in t for t in texts) and len(set(texts)) == len(texts)
    listed = {b.name: b for b in bots("rattus")}
    for level in LEVELS:
        assert listed[level].help.startswith(HELP["en"][level])
        assert f"(at most {SECONDS[level]:g} s a decision: {level_spec('rattus', level)})" in \
            listed[level].help
        assert listed[level].params == ()


def timed(agent: Agent, state: State, seat: int, seed: int) -> float:
    """Return how long `agent` took to decide for `seat` (its action checked legal)."""
    begin = time.perf_counter()
    action = decide(agent, state, seat, random.Random(seed))
    took = time.perf_counter() - begin
    assert action in state.legal_actions(seat)
    return took


@pytest.mark.parametrize("game", GAMES)
def test_a_level_answers_within_its_think_time(game: str) -> None:
    state, seat = position(game, info(game).min_players)
    for level in LEVELS:
        # Three decisions each from a fresh bot: the median within the slack, and any one
        # within a second even on a loaded machine.
        took = []
        for seed in range(3):
            agent = make_agent(level, game)
            took.append(timed(agent, state, seat, seed))
            assert isinstance(agent, SEARCHERS)
            assert not isinstance(agent, IsmctsAgent) or agent.last_iterations >= 1
        assert statistics.median(took) <= SECONDS[level] + SLACK, (level, took)
        assert max(took) <= SECONDS[level] + 1.0, (level, took)


@pytest.mark.parametrize("game", GAMES)
def test_a_table_with_a_shorter_bot_time_cuts_a_level_to_it(game: str) -> None:
    state, seat = position(game, info(game).min_players)
    agent = make_agent("strong", game)
    assert isinstance(agent, SEARCHERS)
    took = []
    for seed in range(3):
        with thinking_at_most(agent, 0.05):
            assert agent.seconds == 0.05
            took.append(timed(agent, state, seat, seed))
    assert statistics.median(took) <= 0.05 + SLACK and max(took) <= 0.05 + 1.0, took
    assert agent.seconds == SECONDS["strong"], "the level's own time is back after"
    # The smaller wins the other way too: a table that allows more leaves the level's time.
    with thinking_at_most(agent, 5.0):
        assert agent.seconds == SECONDS["strong"]


def test_a_server_takes_every_level_at_any_bot_time_but_no_longer_think_time() -> None:
    for level in LEVELS:
        agent = network_bot(level, "rattus", 0.05)
        assert agent.name == level and getattr(agent, "seconds", None) == SECONDS[level]
    with pytest.raises(TavolaError, match=r"thinks at most 0\.05 seconds a decision"):
        network_bot(level_spec("rattus", "strong"), "rattus", 0.05)
