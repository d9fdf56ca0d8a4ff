"""Single-observer information-set Monte Carlo tree search (after Cowling, Powley and
Whitehouse, "Information Set Monte Carlo Tree Search", 2012), generic over the contract.

One tree from the bot's own seat (the observer). Each iteration:

1. **Determinize**: draw a full state from the bot's information set (`info.sample(rng)`),
   switched to the search fast path once (`for_search()`).
2. **Select** down the tree in that determinization. At every node each pending player
   picks among the actions legal *in this determinization*: untried ones first (at random),
   else the best UCB score ``mean + c * sqrt(ln(availability) / visits)``, where the
   availability count (how often the action was legal when its node was visited) takes the
   place of the parent's visit count. Moves are applied with `apply_index`.
3. **Expand**: the first untried action, or a node never reached, ends the descent.
4. **Roll out** with the chosen policy to the end, or for `cutoff` decisions and then the
   game's `evaluate()`.
5. **Back up** the utilities (`Result.utilities()`, one per seat): every edge on the path
   adds the reward *of the player who chose it*, so each player maximises its own.

What a node is. A node is what the observer knows at that point: its children are keyed by
the observer's own actions in the step plus the observer's view after the step. So two
determinizations in which another player made different hidden choices (a secret bid, a
card drawn face down) reach the same node, and the observer's later choices in the tree
never depend on what it could not see; chance outcomes the observer does see (a card turned
face up) lead to different nodes, as they would in play. The view, not the log, keys the
node (search states keep no log), so two histories the view does not tell apart share a
node: that can only make the observer know less, never more.

Simultaneous steps. When several players are pending, they all choose at the same node, the
observer first and then the others in `to_act` order, each from its own statistics there;
so no choice in a step is conditioned on another choice of that step, and the bot's own
decision at the root is never conditioned on the other pending players' choices. Those
choices (and any made earlier in the step in the real game) exist only in the sample,
drawn afresh, never the true ones. As in every single-observer search, the other players
are modelled as choosing at the observer's nodes with the observer's knowledge.

Prior. With `prior=POLICY` (a policy the game declares, such as `greedy`), whenever a
player chooses at a node the policy's choice for that player (from that player's view of
the sample, as in play) is tried first among the untried actions, and its UCB score gains
`bias / (visits + 1)`: progressive bias, a bonus that fades as the action's own statistics
grow. With a small budget this keeps a good policy's move unless the search finds a better
one; with `bias=0` only the order of first tries changes.

Opponents. With `opponents=prior` (a prior is then required) the other players do not
search: wherever one of them chooses in the tree, it plays the prior policy's choice, from
its own view of the sample, and no statistics are kept for it. The search budget then goes
to the observer's own choices against opponents modelled as that policy, instead of trying
every opponent action once before UCB can start. The opponents' views are views of the
sample, drawn from the observer's information set, so this is no less fair than the prior
itself. A node where only such opponents choose holds no statistics, so reaching it for the
first time does not end the descent; the first new node where the observer chooses does.
With `opponents=mixed` (a prior is required too) another player follows the prior's choice
with the chance `follow` and searches otherwise (UCB on its own statistics, the prior's
choice favoured as above): a model between the two, for opponents who mostly play as the
prior does but not always. With `opponents=noisy` such a player that does not follow the
prior plays one of its legal actions at random instead (`rng.randrange`), keeping no
statistics: opponents who play the prior's choice but for slips. The chance is drawn from
the search's generator (`rng.random()`) each time such a player has more than one legal
action; with one it just plays it.

Paired root. With `root=paired` the observer's choice at the root is not a bandit: the
search draws one sample and one stream of random numbers, then runs one iteration through
*each* root action on that same sample with that same stream, and repeats while the budget
lasts. Every root action is thus measured on the same luck (common random numbers: the same
hidden cards, the same deck, the same tie-breaks in the rollouts), so the difference of two
actions' means carries far less noise than two means drawn on independent samples; the
price is that a poor root action gets as many iterations as a good one. Below the root the
tree is searched as usual. With a think time, a batch starts only when one as long as the
last would end by the deadline, so a decision overruns its time only when its first batch
alone is longer (a batch is as many simulations as there are root actions). The bot plays
the root action with the best mean (ties: the prior's choice, then the first listed).
Chance in the sample is drawn once per batch, so the pairing never looks at anything the
information set does not allow.

Ensemble. With `ensemble=K` (K > 1) the bot grows K independent trees a decision instead
of one (root parallelisation): each is the search above with the bot's options and its own
random numbers (K seeds drawn from the bot's generator before any tree starts), each keeps
and reuses its own tree between the bot's decisions, and the bot plays the root action
with the most visits summed over the trees (then the best mean of the summed rewards). So
every tree stays as shallow as one of the budget `iterations` (the cap is each tree's: the
decision runs up to K times as many), while the noise of one small tree's choice averages
out. A think time is the whole decision's: with `seconds` alone each tree gets an equal
share of the time left when it starts; with `iterations` too each tree runs to its cap or
the deadline; a tree that would start after the deadline does not run (nor does any but
the first once the bot is told to stop), so the first tree always runs at least one
simulation. `ensemble=1` is the single tree, draw for draw; the ensemble runs on either
engine (each tree is native where the single tree would be), and does not combine with
`root=paired`.

Depth limit. With `depth=D` (D > 0) a simulation leaves the tree after D steps below the
root (a step is what moves it from a node to a child) and plays on with its rollout: only
the first D steps of the game from the decision are searched, however many simulations run.

Tree reuse. After deciding, the bot keeps its tree. At its next decision (same game object,
same seat) it looks, below the action it chose, for the first node (breadth first) whose
view equals its new view, and continues from that subtree: everything in it was learnt from
samples of its own earlier information sets, so reuse can sharpen the estimates but never
leak. If no node matches (the real play went where the tree never looked), it starts
afresh. `reuse=false` turns this off.

With an `iterations` budget (and no `seconds`), a decision depends only on the information
set, the random generator and the tree kept from the bot's own previous decision.

Native search. Where the native core is installed and searches the game with these options
(`tavola.native.search.supported`: Rattus, Intrige, Notre Dame and Nottingham, with rollout
random or greedy, prior none or greedy, any c, bias, opponents, follow, reuse, depth,
ensemble and cutoff (each game's evaluation is native), root ucb or paired), the whole
search runs in C++ with the GIL released, drawing from `rng` exactly what this search draws,
so the decision, the generator's state after it and the iteration count under an
`iterations` budget are the same (tests/native/test_ismcts.py). Otherwise it runs here. The
attribute `engine` says which ran the last decision and `fallback` why not native (a debug
log line says it too, once per game); the kept tree is then `native_tree`, not `memory`.
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import random
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from tavola.agents.base import Agent
from tavola.agents.params import Param
from tavola.agents.search import (
    CUTOFF,
    DEFAULT_ITERATIONS,
    ENGINE,
    EXPLORATION,
    ITERATIONS,
    ROLLOUT,
    SECONDS,
    Rollouts,
    budget,
    check_rollout,
)
from tavola.core import Action, BadOptions, Game, InfoSet, Policy, State, info
from tavola.native import search as native_search

log = logging.getLogger(__name__)

REUSE = Param("reuse", bool, True, "keep the tree between the bot's own decisions")
PRIOR = Param("prior", str, "none",
              "a policy the game declares (greedy) whose choice is tried first at every node "
              "and favoured by a bonus that fades with visits; none: no prior")
BIAS = Param("bias", float, 1.0,
             "the prior's bonus: bias / (visits + 1) added to its action's score",
             low=0, high=100)
OPPONENTS = Param("opponents", str, "search",
                  "how the other players choose in the tree: search (UCB on their own "
                  "statistics), prior (the prior policy's choice, no statistics), mixed "
                  "(the prior's choice with the chance follow, else search) or noisy (the "
                  "prior's choice with the chance follow, else a legal action at random, no "
                  "statistics)",
                  choices=("search", "prior", "mixed", "noisy"))
FOLLOW = Param("follow", float, 0.5,
               "with opponents=mixed or noisy, the chance that another player plays the "
               "prior's choice at a node", low=0, high=1)

ROOT = Param("root", str, "ucb",
             "how the bot's own root choice is searched: ucb (a bandit), or paired (every "
             "root action once per sample, on the same sample and random numbers)",
             choices=("ucb", "paired"))

ENSEMBLE = Param("ensemble", int, 1,
                 "independent trees a decision, their root visits summed (iterations is "
                 "each tree's cap; a think time is shared by the trees); 1: one tree",
                 low=1, high=1000)

DEPTH = Param("depth", int, 0,
              "the steps below the root the tree keeps statistics for: a simulation leaves "
              "the tree for its rollout after this many (0: no limit)", low=0, high=1_000_000)

Key = tuple[tuple[Action, ...], bytes]


class Edge:
    """One player's statistics for one action at a node."""

    __slots__ = ("avail", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.avail = 1


class Node:
    """One observer information set: per player, per action statistics, and children."""

    __slots__ = ("children", "edges")

    def __init__(self) -> None:
        self.edges: dict[int, dict[Action, Edge]] = {}
        self.children: dict[Key, Node] = {}

    def size(self) -> int:
        """Return the number of nodes in this subtree."""
        count, stack = 0, [self]
        while stack:
            node = stack.pop()
            count += 1
            stack.extend(node.children.values())
        return count


def view_digest(view: Mapping[str, Any]) -> bytes:
    """Return a short fingerprint of a view (equal views, equal fingerprints)."""
    text = json.dumps(view, sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=16).digest()


def select(node: Node, player: int, legal: tuple[Action, ...], rng: random.Random,
           c: float, hint: int = -1, bias: float = 0.0) -> tuple[int, Edge, bool]:
    """Return the index `player` picks at `node` among `legal`, its edge, and whether the
    edge is new; count one more availability for every known legal action. `hint` is the
    index a prior policy would pick (-1: none): it is tried first, and its score gains
    `bias / (visits + 1)` (progressive bias, so the search leaves the prior's choice only
    when its own statistics say so)."""
    stats = node.edges.get(player)
    if stats is None:
        stats = node.edges[player] = {}
    known: list[Edge | None] = [stats.get(action) for action in legal]
    untried = [i for i, edge in enumerate(known) if edge is None]
    for edge in known:
        if edge is not None:
            edge.avail += 1
    if untried:
        if hint in untried:
            index = hint
        else:
            index = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
        edge = stats[legal[index]] = Edge()
        return index, edge, True
    best, best_score = 0, -math.inf
    log, sqrt = math.log, math.sqrt
    for i, edge in enumerate(known):
        assert edge is not None
        score = edge.total / edge.visits + c * sqrt(log(edge.avail) / edge.visits)
        if i == hint:
            score += bias / (edge.visits + 1)
        if score > best_score:
            best, best_score = i, score
    chosen = known[best]
    assert chosen is not None
    return best, chosen, False


@dataclass
class Memory:
    """The tree an agent keeps after deciding: where, for whom, and what it chose."""

    game: Game
    seat: int
    root: Node
    action: Action


class IsmctsAgent(Agent):
    """Information-set Monte Carlo tree search over samples of the bot's information set."""

    name = "ismcts"
    help = "information-set Monte Carlo tree search (single observer)"
    params = (ITERATIONS, SECONDS, EXPLORATION, ROLLOUT, CUTOFF, REUSE, PRIOR, BIAS,
              OPPONENTS, FOLLOW, ROOT, ENGINE, ENSEMBLE, DEPTH)

    def __init__(self, iterations: int | None = None, seconds: float | None = None,
                 c: float = 1.0, rollout: str = "random", cutoff: int = 0,
                 reuse: bool = True, prior: str = "none", bias: float = 1.0,
                 opponents: str = "search", follow: float = 0.5, root: str = "ucb",
                 engine: str = "auto", ensemble: int = 1, depth: int = 0) -> None:
        if ensemble > 1 and root == "paired":
            raise BadOptions(f"bot {self.name!r}: option ensemble={ensemble} does not combine "
                             f"with root=paired (use one or the other)")
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.rollouts = Rollouts(rollout, cutoff, engine)
        self.stop: threading.Event | None = None
        """Set from outside to end a search at once (a server shutting down)."""
        self.reuse = reuse
        self.prior = prior
        self.bias = bias
        self.opponents = opponents
        self.follow = follow
        self.depth = depth
        self.root = root
        self._prior: tuple[Game, Policy] | None = None
        self.memory: Memory | None = None
        self.reused = False
        self.last_iterations = 0
        self.native_tree: native_search.NativeTree | None = None
        """The native tree kept between decisions (where the search runs natively)."""
        self.engine = "python"
        """The engine that ran the last decision's search: native or python."""
        self.fallback: str | None = None
        """Why the search of the last game met is not native (None: it is)."""
        self._engine_game: Game | None = None
        self.ensemble = ensemble
        self.members: list[IsmctsAgent] = []
        """With ensemble > 1, the trees' agents (built on first use, one per tree)."""
        self._root: Node | None = None
        self._indices: tuple[int, ...] = ()

    def options(self) -> dict[str, Any]:
        """Return the bot's options as its spec gives them."""
        return {"iterations": self.iterations, "seconds": self.seconds, "c": self.c,
                "rollout": self.rollouts.policy, "cutoff": self.rollouts.cutoff,
                "reuse": self.reuse, "prior": self.prior, "bias": self.bias,
                "opponents": self.opponents, "follow": self.follow, "root": self.root,
                "engine": self.rollouts.engine, "ensemble": self.ensemble,
                "depth": self.depth}

    def native_for(self, game: Game) -> native_search.NativeTree | None:
        """Return the native tree for `game` if the search runs natively there (decided
        once per game object, logged at debug level), else None."""
        if self._engine_game is not game:
            self._engine_game = game
            self.native_tree = None
            self.fallback = native_search.supported(game, self.options())
            if self.fallback is None:
                self.native_tree = native_search.NativeTree(game, self.options())
                log.debug("ismcts: native search for %s", game.info.title)
            else:
                log.debug("ismcts: Python search for %s: %s", game.info.title, self.fallback)
        return self.native_tree

    @classmethod
    def build(cls, game: str, options: Mapping[str, Any]) -> IsmctsAgent:
        """Check the rollout and prior policies exist for `game`, then build."""
        check_rollout(cls.name, game, options["rollout"])
        if options["prior"] != "none" and options["prior"] not in info(game).policies:
            known = ", ".join(["none", *sorted(info(game).policies)])
            raise BadOptions(f"bot {cls.name!r}: option prior takes one of {known} for "
                             f"{game}, not {options['prior']!r}")
        if options["opponents"] != "search" and options["prior"] == "none":
            raise BadOptions(f"bot {cls.name!r}: opponents={options['opponents']} needs a "
                             f"prior policy (prior=greedy, say)")
        return cls(**options)

    def prior_policy(self, game: Game) -> Policy | None:
        """Return the prior policy for `game` (built on first use), or None."""
        if self.prior == "none":
            return None
        if self._prior is None or self._prior[0] is not game:
            self._prior = (game, game.info.policies[self.prior]())
        return self._prior[1]

    def act(self, info: InfoSet, rng: random.Random) -> Action:
        """Search from `info` and return the most visited root action."""
        if self.ensemble > 1:
            return self.act_ensemble(info, rng)
        tree = self.native_for(info.game)
        if tree is not None:
            started = tree.start(info)
            if started is not None:
                self.engine = "native"
                return self.act_native(tree, info, rng, *started)
            # Never seen: the native sampler is proven to draw from the information set.
            # The Python search then starts a fresh tree (as after an unmatched view).
            unseen(tree, info)
        root = self.python_root(info)
        if len(info.legal) == 1:
            self.remember(info, root, info.legal[0])
            return info.legal[0]
        root = root or Node()
        self.last_iterations = self.search(root, info, rng)
        choice = self.best_mean(root, info, rng) if self.root == "paired" \
            else self.best(root, info, rng)
        self.remember(info, root, choice)
        return choice

    def act_native(self, tree: native_search.NativeTree, info: InfoSet, rng: random.Random,
                   position: Any, indices: tuple[int, ...]) -> Action:
        """`act` on the native core: the same tree reuse, budget, draws and choice."""
        self.memory = None
        self.reused = tree.reuse(info, position, self.reuse)
        if len(info.legal) == 1:
            tree.remember(indices[0], self.reuse and self.reused)
            return info.legal[0]
        iterations = self.iterations
        if iterations is None and self.seconds is None:
            iterations = DEFAULT_ITERATIONS
        stop = self.stop
        stopped = None if stop is None else stop.is_set
        if tree.paired:
            self.last_iterations = tree.run_paired(position, info.seat, indices, rng,
                                                   iterations, self.seconds, stopped,
                                                   whole=self.iterations is not None)
            k = tree.best_mean(position, info.seat, indices, rng)
        else:
            self.last_iterations = tree.run(position, info.seat, rng, iterations,
                                            self.seconds, stopped)
            k = tree.best(info.seat, indices)
        if k < 0:
            k = rng.randrange(len(info.legal))
        tree.remember(indices[k], self.reuse)
        return info.legal[k]

    def act_ensemble(self, info: InfoSet, rng: random.Random) -> Action:
        """`act` with `ensemble` trees: each searches its share of the budget with its own
        seed, and the action with the most root visits in all is played."""
        if not self.members:
            options = {**self.options(), "ensemble": 1}
            self.members = [type(self)(**options) for _ in range(self.ensemble)]
        members = self.members
        seeds = [rng.getrandbits(64) for _ in members]
        self.memory = None
        if len(info.legal) == 1:
            for member, seed in zip(members, seeds, strict=True):
                member.act(info, random.Random(seed))
            self.take_engine(members[0])
            self.reused = any(member.reused for member in members)
            self.last_iterations = 0
            return info.legal[0]
        iterations = self.iterations
        if iterations is None and self.seconds is None:
            iterations = DEFAULT_ITERATIONS
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        visits = [0] * len(info.legal)
        totals = [0.0] * len(info.legal)
        searched: list[IsmctsAgent] = []
        for i, (member, seed) in enumerate(zip(members, seeds, strict=True)):
            seconds = None
            if deadline is not None:
                left = deadline - time.perf_counter()
                if i > 0 and left <= 0:
                    member.forget()
                    continue
                # Seconds alone: an equal share of the time left; with a cap, the deadline.
                seconds = max(left, 0.0) if iterations is not None \
                    else max(left, 0.0) / (len(members) - i)
            if i > 0 and self.stop is not None and self.stop.is_set():
                member.forget()
                continue
            member.iterations, member.seconds, member.stop = iterations, seconds, self.stop
            for k, (count, total) in enumerate(member.explore(info, random.Random(seed))):
                visits[k] += count
                totals[k] += total
            searched.append(member)
        best, best_key = -1, (0, -math.inf)
        for k, count in enumerate(visits):
            if count > 0 and (count, totals[k] / count) > best_key:
                best, best_key = k, (count, totals[k] / count)
        if best < 0:
            best = rng.randrange(len(info.legal))
        choice = info.legal[best]
        for member in searched:
            member.settle(info, choice)
        self.take_engine(members[0])
        self.reused = any(member.reused for member in searched)
        self.last_iterations = sum(member.last_iterations for member in searched)
        return choice

    def take_engine(self, member: IsmctsAgent) -> None:
        """Say the engine (and why not native) of an ensemble's tree as this bot's."""
        self.engine, self.fallback = member.engine, member.fallback

    def explore(self, info: InfoSet, rng: random.Random) -> tuple[tuple[int, float], ...]:
        """Search from `info` as `act` does (within this bot's budget, from its kept tree)
        but leave the choice to the caller (an ensemble): return the root's (visits, total)
        of each action of `info.legal`; `settle` then keeps the tree below the one chosen."""
        tree = self.native_for(info.game)
        if tree is not None:
            started = tree.start(info)
            if started is not None:
                self.engine = "native"
                position, indices = started
                self.memory = None
                self.reused = tree.reuse(info, position, self.reuse)
                self._indices = indices
                stop = self.stop
                self.last_iterations = tree.run(position, info.seat, rng, self.iterations,
                                                self.seconds,
                                                None if stop is None else stop.is_set)
                stats = tree.root_stats(info.seat)
                return tuple(stats.get(index, (0, 0.0)) for index in indices)
            unseen(tree, info)
        root = self._root = self.python_root(info) or Node()
        self.last_iterations = self.search(root, info, rng)
        edges = root.edges.get(info.seat, {})
        return tuple((edge.visits, edge.total) if (edge := edges.get(action)) is not None
                     else (0, 0.0) for action in info.legal)

    def settle(self, info: InfoSet, action: Action) -> None:
        """After `explore`, keep the tree below `action` (the one played) as `act` does."""
        if self.engine == "native" and self.native_tree is not None:
            self.native_tree.remember(self._indices[info.legal.index(action)], self.reuse)
        else:
            self.remember(info, self._root, action)
        self._root = None

    def forget(self) -> None:
        """Drop the kept tree (an ensemble's tree that did not search this decision)."""
        self.memory = None
        self._root = None
        if self.native_tree is not None:
            self.native_tree.remember(-1, False)

    def search(self, root: Node, info: InfoSet, rng: random.Random) -> int:
        """Run the iterations the budget allows from `root`; return how many ran."""
        rollout = self.rollouts.for_game(info.game)
        more = budget(self.iterations, self.seconds, self.stop)
        done = 0
        if self.root == "paired":
            # One batch per sample: every root action on the same sample and random numbers,
            # whole batches only, so that the root's visits stay equal. With a think time, a
            # batch starts only if one as long as the last ends by the deadline.
            width, limit = len(info.legal), self.iterations
            end = None if self.seconds is None else time.perf_counter() + self.seconds
            last = 0.0
            while more(done) and (done == 0 or limit is None or done + width <= limit) and (
                    done == 0 or end is None or time.perf_counter() + last <= end):
                begin = time.perf_counter()
                sample = info.sample(rng).for_search()
                seed = rng.getrandbits(64)
                for index in range(width):
                    self.iterate(root, info, random.Random(seed), rollout.run,
                                 sample=sample, forced=index)
                done += width
                last = time.perf_counter() - begin
            return done
        while more(done):
            self.iterate(root, info, rng, rollout.run)
            done += 1
        return done

    def iterate(self, root: Node, info: InfoSet, rng: random.Random,
                rollout: Callable[[State, random.Random], tuple[float, ...]],
                sample: State | None = None, forced: int = -1) -> None:
        """One determinize-select-expand-rollout-backup pass (on `sample` if given; the
        observer's root choice `forced` to that index of `info.legal` if not -1)."""
        state = info.sample(rng).for_search() if sample is None else sample
        observer, c = info.seat, self.c
        prior, bias = self.prior_policy(info.game), self.bias
        follow = self.follow_chance()
        depth, steps = self.depth, 0
        noisy = self.opponents == "noisy"
        node = root
        path: list[tuple[int, Edge]] = []
        while not state.is_terminal:
            pending = state.to_act
            order = [observer, *(p for p in pending if p != observer)] \
                if observer in pending else list(pending)
            own: list[Action] = []
            expanded = searched = False
            while order:
                player = order.pop(0)
                legal = state.legal_actions(player)
                hint = -1
                if prior is not None and len(legal) > 1:
                    # The prior sees only that player's view of the sample, as in play.
                    hint = legal.index(prior.choose(state.view(player), legal, rng))
                if player != observer and follow > 0 and (
                        len(legal) == 1 or follow >= 1 or rng.random() < follow):
                    index = max(hint, 0)
                elif player != observer and noisy:
                    index = rng.randrange(len(legal))
                elif forced >= 0 and node is root and player == observer:
                    # The paired root: this iteration measures the action it was given.
                    index = legal.index(info.legal[forced])
                    edge = root.edges.setdefault(player, {}).setdefault(legal[index], Edge())
                    searched = True
                    path.append((player, edge))
                else:
                    index, edge, new = select(node, player, legal, rng, c, hint, bias)
                    expanded = expanded or new
                    searched = True
                    path.append((player, edge))
                if player == observer:
                    own.append(legal[index])
                state = state.apply_index(player, index)
                if state.is_terminal:
                    break
                now = state.to_act
                if not all(p in order for p in now):
                    break
                order = [p for p in order if p in now]
            key = (tuple(own), view_digest(state.view(observer)))
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = Node()
                # A node where nobody searched holds no statistics: go on to one that does.
                expanded = expanded or searched
            node = child
            steps += 1
            if expanded or steps == depth:
                break
        utilities = state.evaluate() if state.is_terminal else rollout(state, rng)
        for player, edge in path:
            edge.visits += 1
            edge.total += utilities[player]

    def follow_chance(self) -> float:
        """Return the chance that another player plays the prior's choice at a node: 0 with
        opponents=search, 1 with prior, `follow` with mixed and noisy."""
        return {"search": 0.0, "prior": 1.0}.get(self.opponents, self.follow)

    @staticmethod
    def best(root: Node, info: InfoSet, rng: random.Random) -> Action:
        """Return the legal action visited most at the root (then the best mean)."""
        stats = root.edges.get(info.seat, {})
        best: Action | None = None
        best_key = (0, -math.inf)
        for action in info.legal:
            edge = stats.get(action)
            if edge is None or edge.visits == 0:
                continue
            key = (edge.visits, edge.total / edge.visits)
            if key > best_key:
                best, best_key = action, key
        if best is None:
            return info.legal[rng.randrange(len(info.legal))]
        return best

    def best_mean(self, root: Node, info: InfoSet, rng: random.Random) -> Action:
        """Return the legal action with the best mean at the root (paired root: the visits
        are equal by design); ties go to the prior's choice, then to the first listed."""
        stats = root.edges.get(info.seat, {})
        prior = self.prior_policy(info.game)
        hint = prior.choose(info.view, info.legal, rng) if prior is not None else None
        best: Action | None = None
        best_key = (-math.inf, False)
        for action in info.legal:
            edge = stats.get(action)
            if edge is None or edge.visits == 0:
                continue
            key = (edge.total / edge.visits, action == hint)
            if key > best_key:
                best, best_key = action, key
        if best is None:
            return info.legal[rng.randrange(len(info.legal))]
        return best

    def remember(self, info: InfoSet, root: Node | None, action: Action) -> None:
        """Keep `root` for the next decision (or forget, without reuse)."""
        self.memory = Memory(info.game, info.seat, root, action) \
            if self.reuse and root is not None else None

    def python_root(self, info: InfoSet) -> Node | None:
        """Search in Python from here on: return the kept tree's node for `info`, if any."""
        self.engine = "python"
        root = self.reused_root(info)
        self.reused = root is not None
        return root

    def reused_root(self, info: InfoSet) -> Node | None:
        """Return the node of the kept tree that matches `info`, if any."""
        memory = self.memory
        self.memory = None
        if memory is None or memory.game is not info.game or memory.seat != info.seat:
            return None
        target = view_digest(info.view)
        queue = deque((digest, child) for (own, digest), child in memory.root.children.items()
                      if own[:1] == (memory.action,))
        while queue:
            digest, node = queue.popleft()
            if digest == target:
                return node
            queue.extend((d, child) for (_, d), child in node.children.items())
        return None


def unseen(tree: native_search.NativeTree, info: InfoSet) -> None:
    """Say that the native position of `info` does not show its seat its view (never seen:
    the native sampler is proven to draw from the information set), and forget the native
    tree's memory, so the search goes on in Python from a fresh tree."""
    log.warning("ismcts: a native position of %s does not show seat %d its view; "
                "searching in Python", info.game.info.title, info.seat)
    tree.remember(-1, False)
