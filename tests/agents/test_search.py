"""The searching bots: strength on the toy game, determinism with an iteration budget,
what the tree stores, and reusing it between the bot's own decisions."""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import pytest

from tavola.agents import IsmctsAgent, PimcAgent, decide, make_agent
from tavola.agents.ismcts import view_digest
from tavola.arena import run_match, win_share
from tavola.core import BadOptions, act, make
from tavola.core.game import InfoSet

pytestmark = pytest.mark.usefixtures("toys")


@pytest.mark.parametrize(("players", "games", "floor"), [(2, 30, 0.85), (3, 60, 0.45)])
def test_ismcts_beats_random_clearly_on_the_toy_game(players: int, games: int,
                                                     floor: float) -> None:
    """Random play wins 1/players of the games. Bidding 3 every round wins each round with
    chance 2/3 against one random bidder (and the game unless no round is won), 4/9 against
    two."""
    share = win_share("toy", players, games, bot="ismcts:iterations=150", opponent="random")
    assert share >= floor


def test_pimc_beats_random_on_the_toy_game() -> None:
    assert win_share("toy", 2, 20, bot="pimc:iterations=150", opponent="random") >= 0.8


def search(spec: str, seed: int, state_seed: int = 0) -> tuple[object, IsmctsAgent, InfoSet]:
    agent = make_agent(spec, "toy")
    assert isinstance(agent, IsmctsAgent)
    info = make("toy", 2, state_seed).infoset(0)
    return agent.act(info, random.Random(seed)), agent, info


def test_an_iteration_budget_makes_ismcts_deterministic() -> None:
    first, a, _ = search("ismcts:iterations=200", seed=3)
    second, b, _ = search("ismcts:iterations=200", seed=3)
    assert first == second
    assert a.memory is not None and b.memory is not None
    assert a.memory.root.size() == b.memory.root.size() > 1
    games = [run_match("toy", 3, 11, ["ismcts:iterations=40", "pimc:iterations=40", "random"])
             for _ in range(2)]
    assert games[0].record.actions == games[1].record.actions


def test_each_player_in_the_tree_maximises_its_own_reward() -> None:
    """At the root both toy players are pending; the other player's statistics are its own
    rewards, so it too learns to bid 3 (were they the observer's, it would learn to lose)."""
    action, agent, _ = search("ismcts:iterations=400", seed=1)
    assert str(action) == "bid:3"
    assert agent.memory is not None
    root = agent.memory.root
    assert set(root.edges) == {0, 1}
    other = root.edges[1]
    assert str(max(other, key=lambda a: other[a].visits)) == "bid:3"


def test_availability_counts_each_time_an_action_was_legal() -> None:
    _, agent, _ = search("ismcts:iterations=90", seed=2)
    assert agent.memory is not None
    mine = agent.memory.root.edges[0]
    assert sum(e.visits for e in mine.values()) == 90
    for edge in mine.values():
        assert 1 <= edge.visits <= edge.avail <= 90


def test_the_tree_is_kept_and_reused_from_the_node_matching_the_new_view() -> None:
    state = make("toy", 2, 4)
    agent = make_agent("ismcts:iterations=120", "toy")
    assert isinstance(agent, IsmctsAgent)
    rng = random.Random(0)
    state = state.apply(0, decide(agent, state, 0, rng))
    assert agent.memory is not None
    kept = agent.memory.root
    state = state.apply(1, state.legal_actions(1)[0])
    memory = agent.memory
    expected = agent.reused_root(state.infoset(0))
    assert expected is not None and any(expected is c for c in kept.children.values())
    agent.memory = memory
    decide(agent, state, 0, rng)
    assert agent.reused


def test_without_reuse_every_decision_starts_afresh() -> None:
    agent = make_agent("ismcts:iterations=30:reuse=false", "toy")
    assert isinstance(agent, IsmctsAgent)
    state = make("toy", 2, 4)
    decide(agent, state, 0, random.Random(0))
    assert agent.memory is None and not agent.reused


def test_a_tree_is_not_reused_for_another_seat_or_game() -> None:
    agent = make_agent("ismcts:iterations=30", "toy")
    assert isinstance(agent, IsmctsAgent)
    state = make("toy", 2, 4)
    decide(agent, state, 0, random.Random(0))
    assert agent.reused_root(state.apply(0, state.legal_actions(0)[0]).infoset(1)) is None
    decide(agent, state, 0, random.Random(0))
    assert agent.reused_root(make("toy", 2, 4).infoset(0)) is None


def test_a_time_budget_runs_at_least_one_iteration() -> None:
    action, agent, info = search("ismcts:seconds=0.01", seed=0)
    assert action in info.legal and agent.last_iterations >= 1


def test_pimc_shares_its_budget_among_samples() -> None:
    agent = make_agent("pimc:samples=7:iterations=50", "toy")
    assert isinstance(agent, PimcAgent)
    info = make("toy", 2, 0).infoset(0)
    assert agent.act(info, random.Random(0)) in info.legal


def test_pimc_with_a_think_time_stops_at_its_deadline_not_after_one_pull_a_sample() -> None:
    # The think time is spent after the first simulation: no further sample is searched
    # (before, each of the 100 samples ran one, far past a short deadline on a busy machine).
    info = make("toy", 2, 0).infoset(0)
    agent = make_agent("pimc:samples=100:seconds=0.001", "toy")
    assert isinstance(agent, PimcAgent)
    agent.seconds = 1e-9  # spent by the first simulation, however fast the machine
    assert agent.act(info, random.Random(0)) in info.legal
    assert agent.last_iterations == 1
    # Told to stop (a server shutting down), it plays after its first simulation too.
    agent = make_agent("pimc:samples=100:seconds=30", "toy")
    assert isinstance(agent, PimcAgent)
    agent.stop = threading.Event()
    agent.stop.set()
    assert agent.act(info, random.Random(0)) in info.legal
    assert agent.last_iterations == 1
    # With a count, every sample gets its share, as before.
    agent = make_agent("pimc:samples=7:iterations=50", "toy")
    assert isinstance(agent, PimcAgent)
    agent.act(info, random.Random(0))
    assert agent.last_iterations == 50


def test_pimc_told_to_stop_in_the_middle_of_a_sample_stops_at_once() -> None:
    # One sample with an hour's think time: only a stop request looked at pull by pull (not
    # once a sample) ends it; the test's thread sets it while the search runs.
    info = make("toy", 2, 0).infoset(0)
    agent = make_agent("pimc:samples=1:seconds=3600", "toy")
    assert isinstance(agent, PimcAgent)
    agent.stop = threading.Event()
    worker = threading.Thread(target=lambda: agent.act(info, random.Random(0)))
    worker.start()
    worker.join(0.3)
    assert worker.is_alive()
    agent.stop.set()
    worker.join(120)
    assert not worker.is_alive()
    assert agent.engine == "python" and agent.last_iterations >= 1
    assert sum(visits for visits, _ in agent.last_stats) == agent.last_iterations


def test_a_cut_off_rollout_uses_the_evaluation() -> None:
    share = win_share("toy", 2, 20, bot="ismcts:iterations=100:cutoff=1", opponent="random")
    assert share >= 0.8


def test_a_prior_is_tried_first_and_kept_while_its_bonus_outweighs_the_statistics() -> None:
    """toy-league's `low` policy always bids 1, the worst bid: with a huge bias the search
    keeps the prior's choice; with none, the statistics find bid 3."""
    info = make("toy-league", 2, 0).infoset(0)
    for bias, expected in ((100.0, "bid:1"), (0.0, "bid:3")):
        agent = make_agent(f"ismcts:iterations=200:prior=low:bias={bias}", "toy-league")
        assert isinstance(agent, IsmctsAgent)
        assert str(agent.act(info, random.Random(1))) == expected
    agent = make_agent("ismcts:iterations=1:prior=low", "toy-league")
    assert isinstance(agent, IsmctsAgent)
    agent.act(info, random.Random(2))
    assert agent.memory is not None
    assert [str(a) for a in agent.memory.root.edges[0]] == ["bid:1"]


def test_a_prior_the_game_does_not_declare_is_refused() -> None:
    with pytest.raises(BadOptions, match="option prior takes one of none, greedy"):
        make_agent("ismcts:prior=clever", "toy-bots")



def assert_only_the_observer_has_statistics(root: Any) -> None:
    """Check that no node of the tree under `root` keeps statistics for seat 1."""
    stack = [root]
    while stack:
        node = stack.pop()
        assert set(node.edges) <= {0}
        stack.extend(node.children.values())


def views_after_bids_against_two(state: Any, info: Any) -> set[Any]:
    """Return the root's children keys of toy-league's observer (seat 0) for each of its
    bids against bid 2, whatever prize is drawn next."""
    keys = set()
    for bid in info.legal:
        after = state.apply(0, bid).apply(1, act("bid", 2)).view(0)
        for prize in (1, 2, 3):
            keys.add(((bid,), view_digest({**after, "prize": prize})))
    return keys

def test_with_opponents_following_the_prior_the_other_seat_plays_exactly_its_choice() -> None:
    """toy-league's `middle` policy always bids 2. Followed by the other seat, it keeps no
    statistics anywhere in the tree, and every child of the root is a view after the
    observer's bid against bid 2 (only the next prize, drawn by chance, varies); so the
    observer learns to bid 3, the only bid that beats 2."""
    state = make("toy-league", 2, 0)
    info = state.infoset(0)
    agent = make_agent("ismcts:iterations=200:prior=middle:bias=0:opponents=prior",
                       "toy-league")
    assert isinstance(agent, IsmctsAgent)
    assert str(agent.act(info, random.Random(1))) == "bid:3"
    assert agent.memory is not None
    root = agent.memory.root
    assert_only_the_observer_has_statistics(root)
    against_two = views_after_bids_against_two(state, info)
    assert {own[0] for own, _ in root.children} == set(info.legal)
    assert set(root.children) <= against_two
    searched = make_agent("ismcts:iterations=200:prior=middle:bias=0", "toy-league")
    assert isinstance(searched, IsmctsAgent)
    searched.act(info, random.Random(1))
    assert searched.memory is not None and 1 in searched.memory.root.edges
    assert not set(searched.memory.root.children) <= against_two


def test_opponents_following_the_prior_need_a_prior() -> None:
    with pytest.raises(BadOptions, match="opponents=prior needs a prior policy"):
        make_agent("ismcts:opponents=prior", "toy-league")
    with pytest.raises(BadOptions, match="opponents=mixed needs a prior policy"):
        make_agent("ismcts:opponents=mixed", "toy-league")
    for chance in ("1.5", "-0.2"):
        with pytest.raises(BadOptions, match="follow"):
            make_agent(f"ismcts:prior=middle:opponents=mixed:follow={chance}", "toy-league")


def root_searches(spec: str, seed: int) -> tuple[str, int, int]:
    """Return toy-league's root decision for seat 0 under `spec`, how many times the other
    seat searched at the root (its visits there) and the iterations run."""
    agent = make_agent(spec, "toy-league")
    assert isinstance(agent, IsmctsAgent)
    choice = agent.act(make("toy-league", 2, 0).infoset(0), random.Random(seed))
    assert agent.memory is not None
    other = agent.memory.root.edges.get(1, {})
    return str(choice), sum(edge.visits for edge in other.values()), agent.last_iterations


def test_mixed_opponents_follow_the_prior_with_their_chance_and_search_otherwise() -> None:
    """With opponents=mixed the other seat plays the prior's choice with the chance `follow`
    (no statistics) and searches otherwise: at follow=0.75 it searched at the root in about
    a quarter of the iterations; follow=1 is opponents=prior and follow=0 opponents=search,
    draw for draw."""
    base = "ismcts:iterations=400:prior=middle:bias=0"
    _, searched, iterations = root_searches(f"{base}:opponents=mixed:follow=0.75", 3)
    assert iterations == 400
    # Binomial(400, 0.25): mean 100, standard deviation under 9.
    assert 60 <= searched <= 140
    for seed in (1, 2):
        assert root_searches(f"{base}:opponents=mixed:follow=1", seed) == \
            root_searches(f"{base}:opponents=prior", seed)
        assert root_searches(f"{base}:opponents=mixed:follow=0", seed) == \
            root_searches(f"{base}:opponents=search", seed)
    assert root_searches(f"{base}:opponents=prior", 1)[1] == 0
    assert root_searches(f"{base}:opponents=search", 1)[1] == 400


def test_noisy_opponents_follow_the_prior_or_play_at_random_and_never_search() -> None:
    """With opponents=noisy the other seat plays the prior's choice with the chance `follow`
    and else a legal bid at random, never searching: it keeps no statistics, and the
    observer's children at the root show it bidding other than the prior's 2 (at follow=0.5)
    while at follow=1 it is opponents=prior, draw for draw."""
    state = make("toy-league", 2, 0)
    info = state.infoset(0)
    base = "ismcts:iterations=300:prior=middle:bias=0"
    agent = make_agent(f"{base}:opponents=noisy:follow=0.5", "toy-league")
    assert isinstance(agent, IsmctsAgent)
    agent.act(info, random.Random(4))
    assert agent.memory is not None
    root = agent.memory.root
    assert_only_the_observer_has_statistics(root)
    against_two = views_after_bids_against_two(state, info)
    assert not set(root.children) <= against_two
    for seed in (1, 2):
        assert root_searches(f"{base}:opponents=noisy:follow=1", seed) == \
            root_searches(f"{base}:opponents=prior", seed)
    with pytest.raises(BadOptions, match="opponents=noisy needs a prior policy"):
        make_agent("ismcts:opponents=noisy", "toy-league")


def test_the_paired_root_measures_every_root_action_equally_and_takes_the_best_mean() -> None:
    """With `root=paired` each batch runs one iteration through every root action on one
    sample and one stream of random numbers: the root's visits are equal, and against the
    other seat's fixed bid of 2 the bot still finds the only bid that beats it."""
    state = make("toy-league", 2, 0)
    info = state.infoset(0)
    spec = "ismcts:iterations=120:prior=middle:bias=0:opponents=prior:root=paired"
    agent = make_agent(spec, "toy-league")
    assert isinstance(agent, IsmctsAgent)
    assert str(agent.act(info, random.Random(1))) == "bid:3"
    assert agent.memory is not None
    visits = [edge.visits for edge in agent.memory.root.edges[0].values()]
    assert len(visits) == len(info.legal) and len(set(visits)) == 1
    assert sum(visits) == 120 - 120 % len(info.legal)
    assert agent.last_iterations == sum(visits)


class SlowSearch(IsmctsAgent):
    """The search on a slow machine: every simulation takes `pause` seconds more."""

    pause = 0.02

    def iterate(self, *args: Any, **kwargs: Any) -> None:
        time.sleep(self.pause)
        super().iterate(*args, **kwargs)


def test_a_timed_paired_root_starts_no_batch_that_would_end_past_its_deadline() -> None:
    """A batch is one simulation per root action: with a think time of one and a half
    batches, the search stops after one batch rather than run a second one past its
    deadline (before, it began the second batch because the deadline had not come yet)."""
    info = make("toy-league", 2, 0).infoset(0)
    width = len(info.legal)
    assert width >= 2
    batch = width * SlowSearch.pause
    agent = SlowSearch(seconds=1.5 * batch, prior="middle", bias=0, opponents="prior",
                       root="paired")
    begin = time.perf_counter()
    assert agent.act(info, random.Random(1)) in info.legal
    took = time.perf_counter() - begin
    assert agent.last_iterations == width
    assert took < 1.5 * batch + 0.2
    # With more time it runs as many whole batches as fit, each on equal visits.
    agent = SlowSearch(seconds=3.5 * batch, prior="middle", bias=0, opponents="prior",
                       root="paired")
    agent.act(info, random.Random(1))
    assert agent.last_iterations in (2 * width, 3 * width)


def test_the_ensemble_option_parses_and_bad_values_are_refused() -> None:
    agent = make_agent("ismcts:iterations=10:ensemble=4", "toy")
    assert isinstance(agent, IsmctsAgent) and agent.ensemble == 4
    assert agent.options()["ensemble"] == 4
    for bad in ("0", "-2", "two", "1.5", "1001"):
        with pytest.raises(BadOptions, match="option ensemble takes a whole number from 1 to "
                                             "1000"):
            make_agent(f"ismcts:ensemble={bad}", "toy")
    with pytest.raises(BadOptions, match="ensemble=3 does not combine with root=paired"):
        make_agent("ismcts:ensemble=3:root=paired", "toy")


def test_an_ensemble_of_one_is_the_single_tree_draw_for_draw() -> None:
    for seed in range(3):
        rngs = [random.Random(seed), random.Random(seed)]
        one = make_agent("ismcts:iterations=60:ensemble=1", "toy")
        plain = make_agent("ismcts:iterations=60", "toy")
        assert isinstance(one, IsmctsAgent) and isinstance(plain, IsmctsAgent)
        info = make("toy", 3, seed).infoset(0)
        assert one.act(info, rngs[0]) == plain.act(info, rngs[1])
        assert rngs[0].getstate() == rngs[1].getstate()
        assert one.memory is not None and plain.memory is not None
        assert one.memory.root.size() == plain.memory.root.size()
        assert not one.members


def summed_root_visits(agent: IsmctsAgent, info: InfoSet) -> dict[str, int]:
    """Return the root visits of each of `info.legal`, summed over the ensemble's trees."""
    visits: dict[str, int] = {}
    for member in agent.members:
        assert member.memory is not None
        for action, edge in member.memory.root.edges[info.seat].items():
            visits[str(action)] = visits.get(str(action), 0) + edge.visits
    return visits


def test_an_ensemble_plays_the_action_most_visited_over_its_trees_and_is_deterministic() -> None:
    info = make("toy", 3, 5).infoset(0)
    chosen = []
    for _ in range(2):
        agent = make_agent("ismcts:iterations=30:ensemble=5", "toy")
        assert isinstance(agent, IsmctsAgent)
        rng = random.Random(9)
        action = agent.act(info, rng)
        chosen.append((str(action), rng.getstate()))
        assert agent.engine == "python" and agent.memory is None
        assert len(agent.members) == 5 and agent.last_iterations == 5 * 30
        # Each tree is a search of its own: 30 simulations, kept for the next decision.
        shapes = set()
        for member in agent.members:
            assert member.memory is not None and member.memory.action == action
            edges = member.memory.root.edges[info.seat]
            assert sum(edge.visits for edge in edges.values()) == 30
            shapes.add(tuple(sorted((str(a), e.visits, e.total) for a, e in edges.items())))
        assert len(shapes) > 1  # different seeds, different trees
        visits = summed_root_visits(agent, info)
        assert visits[str(action)] == max(visits.values())
    assert chosen[0] == chosen[1]
    # Another seed of the bot's generator, other trees.
    agent = make_agent("ismcts:iterations=30:ensemble=5", "toy")
    assert isinstance(agent, IsmctsAgent)
    agent.act(info, random.Random(10))
    assert summed_root_visits(agent, info) != visits


def test_each_tree_of_an_ensemble_keeps_and_reuses_its_own_tree() -> None:
    agents = [make_agent("ismcts:iterations=40:ensemble=3", "toy"), "random"]
    game = make("toy", 2, 3)
    state, rng = game, random.Random(3)
    reused = 0
    while not state.is_terminal:
        player = state.to_act[0]
        agent = agents[player]
        if isinstance(agent, IsmctsAgent):
            action = decide(agent, state, player, rng)
            reused += agent.reused
        else:
            legal = state.legal_actions(player)
            action = legal[rng.randrange(len(legal))]
        state = state.apply(player, action)
    assert reused > 0


def test_an_ensemble_keeps_its_think_time_with_at_least_one_tree() -> None:
    info = make("toy", 2, 0).infoset(0)
    # A think time spent by the first simulation: only the first tree runs, once.
    agent = make_agent("ismcts:seconds=0.001:ensemble=8", "toy")
    assert isinstance(agent, IsmctsAgent)
    agent.seconds = 1e-9
    assert agent.act(info, random.Random(0)) in info.legal
    assert agent.last_iterations == 1
    assert agent.members[0].memory is not None
    assert all(member.memory is None for member in agent.members[1:])
    # Told to stop (a server shutting down): the first tree's first simulation alone.
    agent = make_agent("ismcts:seconds=30:ensemble=8", "toy")
    assert isinstance(agent, IsmctsAgent)
    agent.stop = threading.Event()
    agent.stop.set()
    assert agent.act(info, random.Random(0)) in info.legal
    assert agent.last_iterations == 1
    # By the clock alone each tree gets an equal share of the time left: on a machine where
    # a simulation takes 0.02 s, four trees in the time of about twelve simulations all run,
    # each about three, and the decision ends near its think time.
    seconds = 12 * SlowSearch.pause
    agent = SlowSearch(seconds=seconds, ensemble=4)
    begin = time.perf_counter()
    assert agent.act(info, random.Random(1)) in info.legal
    took = time.perf_counter() - begin
    assert all(member.memory is not None for member in agent.members)
    assert all(1 <= member.last_iterations <= 5 for member in agent.members)
    assert took < seconds + 0.2
    # With a cap too, each tree runs to its cap while the deadline allows.
    agent = SlowSearch(iterations=2, seconds=100 * SlowSearch.pause, ensemble=4)
    agent.act(info, random.Random(1))
    assert [member.last_iterations for member in agent.members] == [2, 2, 2, 2]


def deepest_statistics(root: Any) -> int:
    """Return the depth below `root` of the deepest node that keeps statistics (0: root)."""
    deepest, stack = 0, [(root, 0)]
    while stack:
        node, depth = stack.pop()
        if node.edges:
            deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in node.children.values())
    return deepest


def test_a_depth_limit_keeps_statistics_only_that_many_steps_below_the_root() -> None:
    info = make("toy", 2, 0).infoset(0)
    for depth in (1, 2):
        agent = make_agent(f"ismcts:iterations=300:depth={depth}", "toy")
        assert isinstance(agent, IsmctsAgent) and agent.options()["depth"] == depth
        assert agent.act(info, random.Random(2)) in info.legal
        assert agent.memory is not None
        assert deepest_statistics(agent.memory.root) == depth - 1
        assert agent.last_iterations == 300
    _, deep, _ = search("ismcts:iterations=300", seed=2)
    assert deep.memory is not None and deepest_statistics(deep.memory.root) > 1
    for bad in ("-1", "x", "0.5"):
        with pytest.raises(BadOptions, match="option depth takes a whole number"):
            make_agent(f"ismcts:depth={bad}", "toy")
