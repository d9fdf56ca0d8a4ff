// The searching bot `ismcts` (tavola/agents/ismcts.py) in C++: one template over a game's
// native position, the same tree, the same statistics and the same draws from the
// search's `random.Random` (pyrandom.hpp) as the Python search, so that with the same
// generator state and iteration count it reaches the same tree, the same decision and
// leaves the generator in the same state. tavola/agents/ismcts.py is the reference; this
// file does not restate its reasoning, only where the two must agree to the bit.
//
// A game plugs in through a traits struct G (see rattus_search.cpp):
//   using State;  static constexpr int kMaxLegal, kMaxPlayers;
//   static int to_act(const State&, int* out);           the pending seats, in order
//   static bool terminal(const State&);
//   static int legal(const State&, int player, int* out);  action-space indices, in order
//   static void apply(State&, int player, int index);     an action-space index
//   static int prior(const State&, int player, const int* legal, int count, PyRandom&);
//   static void rollout(State&, PyRandom&, int cutoff, bool greedy, double* utilities);
//   static void returns(const State&, double* utilities);
//   static State sample(const State& base, int observer, PyRandom&);
//   static int view_key(const State&, int observer, uint8_t* out);  bytes; equal views,
//       equal bytes, and unequal views, unequal bytes
//   static int players(const State&);  static int action_space(const State&);
//
// Memory: nodes and edges live in two pools (vectors of plain structs, linked by index)
// that only grow during a search; a node's children and edges are singly linked lists in
// those pools, so an iteration allocates nothing once the pools have grown. Keeping a
// subtree for the next decision copies it into fresh pools (the rest is dropped).
#pragma once

#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <vector>

#include "pyrandom.hpp"

namespace tavola {

// A node's key: the observer's own actions in the step and the observer's view after it,
// as two 64-bit hashes of the view's bytes (the Python search keys a 128-bit blake2b of
// the view's JSON) and one of the actions.
struct NodeKey {
    uint64_t own, view_a, view_b;
    bool operator==(const NodeKey& o) const {
        return own == o.own && view_a == o.view_a && view_b == o.view_b;
    }
};

inline void hash_bytes(const uint8_t* p, int n, uint64_t& a, uint64_t& b) {
    uint64_t h1 = 0xcbf29ce484222325ULL, h2 = 0x9E3779B97F4A7C15ULL ^ static_cast<uint64_t>(n);
    for (int i = 0; i < n; ++i) {
        h1 = (h1 ^ p[i]) * 0x100000001b3ULL;
        h2 = (h2 + p[i] + 1) * 0xff51afd7ed558ccdULL;
        h2 ^= h2 >> 29;
    }
    a = h1;
    b = h2;
}

struct SearchOptions {
    double c = 1.0;
    double bias = 1.0;
    bool prior = false;           // prior=greedy
    // The chance that another seat plays the prior's choice at a node (no statistics)
    // rather than search: 0 opponents=search, 1 opponents=prior, between opponents=mixed
    // (`follow`), drawn as `IsmctsAgent.iterate` draws it.
    double follow = 0.0;
    // opponents=noisy: when another seat does not follow the prior, it plays one of its
    // legal actions at random (no statistics) instead of searching.
    bool noisy = false;
    bool greedy_rollout = false;  // rollout=greedy
    int cutoff = 0;
    // depth=D: a descent leaves the tree for its rollout after D steps below the root (0:
    // no limit), counted as `IsmctsAgent.iterate` counts them.
    int depth = 0;
};

template <class G>
class Ismcts {
  public:
    using State = typename G::State;
    static constexpr int kMaxKey = 4096;

    struct Edge {
        int action, player, next;
        int64_t visits;
        double total;
        int64_t avail;
    };
    struct Node {
        int edges = -1, child = -1, last_child = -1, sibling = -1;
        int own_first = -1;  // the observer's first own action into this node (-1: none)
        NodeKey key{0, 0, 0};
    };

    SearchOptions opt;
    std::vector<Node> nodes;
    std::vector<Edge> edges;
    int root = -1;

    explicit Ismcts(const SearchOptions& o) : opt(o) {}

    void clear() {
        nodes.clear();
        edges.clear();
        root = -1;
    }

    void ensure_root() {
        if (root < 0) {
            nodes.push_back(Node());
            root = static_cast<int>(nodes.size()) - 1;
        }
    }

    int size() const {  // nodes in the tree below the root
        if (root < 0) return 0;
        int count = 0;
        std::vector<int> stack{root};
        while (!stack.empty()) {
            const int n = stack.back();
            stack.pop_back();
            ++count;
            for (int c = nodes[n].child; c >= 0; c = nodes[c].sibling) stack.push_back(c);
        }
        return count;
    }

    static NodeKey key_of(const State& s, int observer, const int* own, int nown) {
        uint8_t buffer[kMaxKey];
        const int n = G::view_key(s, observer, buffer);
        NodeKey key;
        hash_bytes(buffer, n, key.view_a, key.view_b);
        uint64_t h = 0x84222325cbf29ce4ULL ^ static_cast<uint64_t>(nown);
        for (int i = 0; i < nown; ++i) h = (h ^ static_cast<uint64_t>(own[i] + 1)) * 0x100000001b3ULL;
        key.own = h;
        return key;
    }

    // Run iterations from the root on samples of `base`'s observer information set:
    // at least one, at most `limit`, and after the first only while the clock is before
    // `seconds` from now (negative: no deadline). Returns how many ran.
    int64_t run(const State& base, int observer, PyRandom& rng, int64_t limit, double seconds) {
        ensure_root();
        using Clock = std::chrono::steady_clock;
        const auto start = Clock::now();
        const auto deadline = start + std::chrono::duration_cast<Clock::duration>(
                                          std::chrono::duration<double>(seconds < 0 ? 0 : seconds));
        slot.assign(G::action_space(base), -1);
        int64_t done = 0;
        while (done == 0 || (done < limit && (seconds < 0 || Clock::now() < deadline))) {
            iterate(base, observer, rng);
            ++done;
        }
        return done;
    }

    // `IsmctsAgent.search` with root=paired: batches of one iteration per root action
    // (`legal`, the observer's legal indices in order), each batch on one sample of the
    // information set and, for every action of it, one fresh `random.Random` seeded with the
    // same `getrandbits(64)`. `done` iterations ran before this call; another batch starts
    // while done == 0, or done < limit and (with `whole`) done + width <= limit and, with a
    // clock (`seconds` >= 0), one as long as the last (`last`, seconds, kept across calls)
    // ends by then; within this call, after its first batch, only before `slice` seconds
    // (negative: no slice). Returns how many iterations this call ran.
    int64_t run_paired(const State& base, int observer, PyRandom& rng, const int* legal,
                       int width, int64_t done, int64_t limit, bool whole, double seconds,
                       double slice, double& last) {
        ensure_root();
        using Clock = std::chrono::steady_clock;
        using Seconds = std::chrono::duration<double>;
        const auto start = Clock::now();
        const auto deadline =
            start + std::chrono::duration_cast<Clock::duration>(Seconds(seconds < 0 ? 0 : seconds));
        const auto slice_end =
            start + std::chrono::duration_cast<Clock::duration>(Seconds(slice < 0 ? 0 : slice));
        slot.assign(G::action_space(base), -1);
        int64_t ran = 0;
        while (true) {
            const auto now = Clock::now();
            if (ran > 0 && slice >= 0 && now >= slice_end) break;
            if (done > 0) {
                if (done >= limit || (whole && done + width > limit)) break;
                if (seconds >= 0 &&
                    (now >= deadline ||
                     now + std::chrono::duration_cast<Clock::duration>(Seconds(last)) > deadline))
                    break;
            }
            const State sample = G::sample(base, observer, rng);
            const uint64_t seed = rng.getrandbits64();
            for (int k = 0; k < width; ++k) {
                PyRandom stream;
                stream.seed(seed);
                descend(sample, observer, stream, legal[k]);
            }
            done += width;
            ran += width;
            last = Seconds(Clock::now() - now).count();
        }
        return ran;
    }

    // `IsmctsAgent.best_mean` (the paired root): the position in `legal` of the root action
    // with the best mean, ties to the prior's choice (drawn from `rng` as Python draws it,
    // on `base`, whose observer's view is the information set's), then the first; -1 if
    // none was visited.
    int best_mean(const State& base, int observer, const int* legal, int count,
                  PyRandom& rng) const {
        int hint = -1;
        if (opt.prior) hint = G::prior(base, observer, legal, count, rng);
        if (root < 0) return -1;
        int best = -1;
        double best_mean = -std::numeric_limits<double>::infinity();
        bool best_hint = false;
        for (int i = 0; i < count; ++i) {
            const Edge* e = find_edge(root, observer, legal[i]);
            if (e == nullptr || e->visits == 0) continue;
            const double mean = e->total / static_cast<double>(e->visits);
            const bool is_hint = i == hint;
            if (mean > best_mean || (mean == best_mean && is_hint && !best_hint)) {
                best = i;
                best_mean = mean;
                best_hint = is_hint;
            }
        }
        return best;
    }

    // `IsmctsAgent.best`: the position in `legal` of the root action visited most (then the
    // best mean), or -1 if none was (the caller then draws one as Python does).
    int best(int observer, const int* legal, int count) const {
        if (root < 0) return -1;
        int best = -1;
        int64_t best_visits = 0;
        double best_mean = -std::numeric_limits<double>::infinity();
        for (int i = 0; i < count; ++i) {
            const Edge* e = find_edge(root, observer, legal[i]);
            if (e == nullptr || e->visits == 0) continue;
            const double mean = e->total / static_cast<double>(e->visits);
            if (e->visits > best_visits || (e->visits == best_visits && mean > best_mean)) {
                best = i;
                best_visits = e->visits;
                best_mean = mean;
            }
        }
        return best;
    }

    // `IsmctsAgent.reused_root`: below the root's children the observer entered with
    // `action`, the first node (breadth first) whose view key is `target`'s; it becomes the
    // root, the rest of the tree is dropped. Returns whether one was found (if not, the tree
    // is empty).
    bool reuse(int action, const NodeKey& target) {
        if (root < 0) return false;
        std::vector<int> queue;
        for (int c = nodes[root].child; c >= 0; c = nodes[c].sibling)
            if (nodes[c].own_first == action) queue.push_back(c);
        for (size_t head = 0; head < queue.size(); ++head) {
            const int n = queue[head];
            if (nodes[n].key.view_a == target.view_a && nodes[n].key.view_b == target.view_b) {
                keep(n);
                return true;
            }
            for (int c = nodes[n].child; c >= 0; c = nodes[c].sibling) queue.push_back(c);
        }
        clear();
        return false;
    }

    // Statistics of the root for `player` (tests and diagnostics): (action, visits, total).
    const Edge* find_edge(int node, int player, int action) const {
        for (int e = nodes[node].edges; e >= 0; e = edges[e].next)
            if (edges[e].player == player && edges[e].action == action) return &edges[e];
        return nullptr;
    }

  private:
    std::vector<int> slot;  // action index -> edge, -1 (scratch of `select`)
    std::vector<int> path;  // edges of this iteration

    void keep(int top) {
        std::vector<Node> new_nodes;
        std::vector<Edge> new_edges;
        std::vector<std::pair<int, int>> queue{{top, -1}};  // (old node, new parent)
        for (size_t head = 0; head < queue.size(); ++head) {
            const auto [old, parent] = queue[head];
            Node n = nodes[old];
            n.child = n.last_child = n.sibling = -1;
            n.edges = -1;
            // Edges keep their order (a list, prepended: copy in reverse to keep it).
            std::vector<int> list;
            for (int e = nodes[old].edges; e >= 0; e = edges[e].next) list.push_back(e);
            for (auto it = list.rbegin(); it != list.rend(); ++it) {
                Edge e = edges[*it];
                e.next = n.edges;
                new_edges.push_back(e);
                n.edges = static_cast<int>(new_edges.size()) - 1;
            }
            new_nodes.push_back(n);
            const int me = static_cast<int>(new_nodes.size()) - 1;
            if (parent >= 0) link(new_nodes, parent, me);
            for (int c = nodes[old].child; c >= 0; c = nodes[c].sibling) queue.push_back({c, me});
        }
        nodes.swap(new_nodes);
        edges.swap(new_edges);
        root = 0;
    }

    static void link(std::vector<Node>& pool, int parent, int child) {
        Node& p = pool[parent];
        if (p.last_child < 0) {
            p.child = child;
        } else {
            pool[p.last_child].sibling = child;
        }
        p.last_child = child;
    }

    // `select` of ismcts.py: the position in `legal` `player` picks at `node`, its edge,
    // and whether the edge is new.
    int select(int node, int player, const int* legal, int count, PyRandom& rng, int hint,
               int& edge_out, bool& is_new) {
        int known[G::kMaxLegal];
        for (int e = nodes[node].edges; e >= 0; e = edges[e].next)
            if (edges[e].player == player) slot[edges[e].action] = e;
        int untried[G::kMaxLegal];
        int nuntried = 0;
        for (int i = 0; i < count; ++i) {
            known[i] = slot[legal[i]];
            if (known[i] < 0) untried[nuntried++] = i;
            else edges[known[i]].avail += 1;
        }
        for (int e = nodes[node].edges; e >= 0; e = edges[e].next)
            if (edges[e].player == player) slot[edges[e].action] = -1;
        if (nuntried > 0) {
            int index = -1;
            for (int k = 0; k < nuntried && index < 0; ++k)
                if (untried[k] == hint) index = hint;
            if (index < 0)
                index = nuntried > 1
                            ? untried[rng.randbelow(static_cast<uint32_t>(nuntried))]
                            : untried[0];
            edges.push_back(Edge{legal[index], player, nodes[node].edges, 0, 0.0, 1});
            nodes[node].edges = static_cast<int>(edges.size()) - 1;
            edge_out = nodes[node].edges;
            is_new = true;
            return index;
        }
        int best = 0;
        double best_score = -std::numeric_limits<double>::infinity();
        const double c = opt.c;
        for (int i = 0; i < count; ++i) {
            const Edge& e = edges[known[i]];
            const double visits = static_cast<double>(e.visits);
            double score = e.total / visits +
                           c * std::sqrt(std::log(static_cast<double>(e.avail)) / visits);
            if (i == hint) score += opt.bias / static_cast<double>(e.visits + 1);
            if (score > best_score) {
                best = i;
                best_score = score;
            }
        }
        edge_out = known[best];
        is_new = false;
        return best;
    }

    int child_of(int node, const NodeKey& key) const {
        for (int c = nodes[node].child; c >= 0; c = nodes[c].sibling)
            if (nodes[c].key == key) return c;
        return -1;
    }

    int edge_at(int node, int player, int action) const {
        for (int e = nodes[node].edges; e >= 0; e = edges[e].next)
            if (edges[e].player == player && edges[e].action == action) return e;
        return -1;
    }

    // `IsmctsAgent.iterate` on a fresh sample.
    void iterate(const State& base, int observer, PyRandom& rng) {
        descend(G::sample(base, observer, rng), observer, rng, -1);
    }

    // `IsmctsAgent.iterate` on `state` (a sample), the observer's root choice `forced` to that
    // action index if not -1 (the paired root).
    void descend(State state, int observer, PyRandom& rng, int forced) {
        int node = root;
        int steps = 0;
        path.clear();
        constexpr int P = G::kMaxPlayers;
        while (!G::terminal(state)) {
            int pending[P];
            const int np = G::to_act(state, pending);
            int order[P];
            int no = 0;
            bool mine = false;
            for (int i = 0; i < np; ++i) mine = mine || pending[i] == observer;
            if (mine) order[no++] = observer;
            for (int i = 0; i < np; ++i)
                if (!mine || pending[i] != observer) order[no++] = pending[i];
            int own[P];
            int nown = 0;
            bool expanded = false, searched = false;
            int head = 0;
            while (head < no) {
                const int player = order[head++];
                int legal[G::kMaxLegal];
                const int m = G::legal(state, player, legal);
                int hint = -1;
                if (opt.prior && m > 1) hint = G::prior(state, player, legal, m, rng);
                int index;
                if (player != observer && opt.follow > 0 &&
                    (m == 1 || opt.follow >= 1 || rng.random() < opt.follow)) {
                    index = hint > 0 ? hint : 0;
                } else if (player != observer && opt.noisy) {
                    index = static_cast<int>(rng.randbelow(static_cast<uint32_t>(m)));
                } else if (forced >= 0 && node == root && player == observer) {
                    // The paired root: this iteration measures the action it was given.
                    index = -1;
                    for (int i = 0; i < m && index < 0; ++i)
                        if (legal[i] == forced) index = i;
                    if (index < 0) throw std::logic_error("a sample lost a root action");
                    int e = edge_at(node, player, forced);
                    if (e < 0) {
                        edges.push_back(Edge{forced, player, nodes[node].edges, 0, 0.0, 1});
                        e = nodes[node].edges = static_cast<int>(edges.size()) - 1;
                    }
                    searched = true;
                    path.push_back(e);
                } else {
                    int e;
                    bool fresh;
                    index = select(node, player, legal, m, rng, hint, e, fresh);
                    expanded = expanded || fresh;
                    searched = true;
                    path.push_back(e);
                }
                if (player == observer) own[nown++] = legal[index];
                G::apply(state, player, legal[index]);
                if (G::terminal(state)) break;
                int now[P];
                const int nn = G::to_act(state, now);
                bool all_in = true;
                for (int i = 0; i < nn && all_in; ++i) {
                    bool found = false;
                    for (int k = head; k < no; ++k) found = found || order[k] == now[i];
                    all_in = found;
                }
                if (!all_in) break;
                int kept = 0;
                for (int k = head; k < no; ++k) {
                    bool in_now = false;
                    for (int i = 0; i < nn; ++i) in_now = in_now || now[i] == order[k];
                    if (in_now) order[kept++] = order[k];
                }
                no = kept;
                head = 0;
            }
            const NodeKey key = key_of(state, observer, own, nown);
            int child = child_of(node, key);
            if (child < 0) {
                Node n;
                n.key = key;
                n.own_first = nown > 0 ? own[0] : -1;
                nodes.push_back(n);
                child = static_cast<int>(nodes.size()) - 1;
                link(nodes, node, child);
                expanded = expanded || searched;
            }
            node = child;
            ++steps;
            if (expanded || steps == opt.depth) break;
        }
        double utilities[P];
        if (G::terminal(state)) {
            G::returns(state, utilities);
        } else {
            G::rollout(state, rng, opt.cutoff, opt.greedy_rollout, utilities);
        }
        for (const int e : path) {
            edges[e].visits += 1;
            edges[e].total += utilities[edges[e].player];
        }
    }
};

}  // namespace tavola
