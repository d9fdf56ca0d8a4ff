// Rattus's native search (ismcts.hpp), bound as tavola_native.RattusSearch; driven by
// tavola/agents/ismcts.py through tavola/native/search.py.
#include <nanobind/nanobind.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/vector.h>

#include <algorithm>
#include <vector>

#include "ismcts.hpp"
#include "rattus.hpp"

namespace nb = nanobind;
namespace R = tavola::rattus;

namespace {

struct RattusTraits {
    using State = R::State;
    static constexpr int kMaxLegal = R::kMaxLegal;
    static constexpr int kMaxPlayers = R::kMaxPlayers;

    static int to_act(const State& s, int* out) {
        if (s.terminal()) return 0;
        out[0] = s.active;
        return 1;
    }
    static bool terminal(const State& s) { return s.terminal(); }
    static int legal(const State& s, int, int* out) { return s.legal(out); }
    static void apply(State& s, int, int index) { s.apply(index); }
    // heuristics.py GreedyPolicy: draws nothing.
    static int prior(const State& s, int, const int* legal, int count, tavola::PyRandom&) {
        return s.greedy_choice(legal, count);
    }
    static void rollout(State& s, tavola::PyRandom& rng, int cutoff, bool greedy, double* out) {
        // Only cutoff 0 reaches here (tavola/native/search.py): the game's evaluation is not
        // native, so the rollout plays to the end.
        s.python_rollout(rng, cutoff, greedy);
        s.returns(out);
    }
    static void returns(const State& s, double* out) { s.returns(out); }
    static State sample(const State& base, int observer, tavola::PyRandom& rng) {
        return base.sample(observer, rng);
    }
    static int players(const State& s) { return s.players; }
    static int action_space(const State& s) { return s.t->size; }

    // Everything view.py `view(s, observer)` (and, once over, `breakdown`) shows, as bytes:
    // equal views give equal bytes and unequal views unequal ones. Constant fields of one
    // game (players, you, round limit, the map) and derived ones (scores, breakdown: the
    // board and palace are here) are left out. A token's front is written as its data
    // (twins with equal fronts look alike in a view).
    static int view_key(const State& s, int observer, uint8_t* out) {
        int n = 0;
        auto put = [&](int v) { out[n++] = static_cast<uint8_t>(v & 0xff); };
        auto put16 = [&](int v) { put(v); put(v >> 8); };
        auto front = [&](int t) {
            const R::TokenFront& f = R::token_front(t);
            put(f.threshold); put(f.majority); put(f.everyone); put(f.starting);
            put(f.class_count);
            for (int i = 0; i < f.class_count; ++i) put(f.classes[i]);
        };
        const int players = s.players;
        const uint64_t mine = s.known[observer];
        put(s.phase);
        put(s.phase != R::OVER ? s.active : 0xff);
        put16(s.turn);
        for (int r = 0; r < s.t->regions; ++r) {
            for (int p = 0; p < players; ++p) put(s.board[r][p]);
            put(s.ntok[r]);
            for (int i = 0; i < s.ntok[r]; ++i) {
                const int t = s.tokens[r][i];
                put(t < R::kStartingCount);
                int seen = 0;
                for (int q = 0; q < players; ++q) seen |= ((s.known[q] >> t) & 1) << q;
                put(seen);
                if ((mine >> t) & 1) {
                    put(1);
                    front(t);
                } else {
                    put(0);
                }
            }
        }
        put(s.plague);
        for (int p = 0; p < players; ++p) {
            put(s.palace[p]);
            put(s.reserve[p]);
            put(s.lost[p]);
        }
        for (int c = 0; c < R::kClassCount; ++c) put(s.holder[c]);
        int starting = 0;
        for (int i = 0; i < s.nsupply; ++i) starting += s.supply[i] < R::kStartingCount;
        put(starting);
        put(s.nsupply - starting);
        put(s.naside);
        put(s.nout);
        for (int i = 0; i < s.nout; ++i) front(s.out[i]);
        put16(s.step);
        put(s.took);
        put(s.placed);
        put(s.phase != R::SETUP && s.last_player < 0 ? s.stage : 0xff);
        put(s.used);
        put(s.spread_left);
        put(s.spread_from);
        put(s.witch_first[0]); put(s.witch_first[1]);
        put(s.witch_second[0]); put(s.witch_second[1]);
        put(s.pick);
        put(s.queue_len);
        for (int i = 0; i < s.queue_len; ++i) put(s.queue[i]);
        put(s.last_player);
        return n;
    }
};

using Search = tavola::Ismcts<RattusTraits>;

tavola::PyRandom words_in(const std::vector<uint32_t>& words) {
    if (words.size() != tavola::PyRandom::N + 1 || words[tavola::PyRandom::N] > tavola::PyRandom::N)
        throw nb::value_error("not the state of a random.Random");
    tavola::PyRandom rng;
    std::copy(words.begin(), words.begin() + tavola::PyRandom::N, rng.mt);
    rng.index = static_cast<int>(words[tavola::PyRandom::N]);
    return rng;
}

std::vector<uint32_t> words_out(const tavola::PyRandom& rng) {
    std::vector<uint32_t> out(rng.mt, rng.mt + tavola::PyRandom::N);
    out.push_back(static_cast<uint32_t>(rng.index));
    return out;
}

void check_seat(const R::State& s, int observer) {
    if (observer < 0 || observer >= s.players) throw nb::value_error("no such seat");
}

}  // namespace

void bind_rattus_search(nb::module_& m) {
    nb::class_<Search>(m, "RattusSearch")
        .def(
            "__init__",
            [](Search* self, double c, double bias, bool prior, bool follow, bool greedy_rollout) {
                if (follow && !prior) throw nb::value_error("opponents=prior needs the prior");
                tavola::SearchOptions o;
                o.c = c;
                o.bias = bias;
                o.prior = prior;
                o.follow = follow;
                o.greedy_rollout = greedy_rollout;
                o.cutoff = 0;
                new (self) Search(o);
            },
            nb::arg("c"), nb::arg("bias"), nb::arg("prior"), nb::arg("follow"),
            nb::arg("greedy_rollout"))
        .def(
            "run",
            [](Search& self, const R::State& base, int observer, const std::vector<uint32_t>& words,
               int64_t limit, double seconds) {
                check_seat(base, observer);
                if (base.terminal()) throw nb::value_error("the game is over");
                if (limit < 1) throw nb::value_error("at least one iteration");
                tavola::PyRandom rng = words_in(words);
                int64_t done;
                {
                    nb::gil_scoped_release release;
                    done = self.run(base, observer, rng, limit, seconds);
                }
                return std::make_pair(done, words_out(rng));
            },
            nb::arg("base"), nb::arg("observer"), nb::arg("words"), nb::arg("limit"),
            nb::arg("seconds"),
            "Iterations from the root on samples of the observer's information set in `base` "
            "(at least one, at most `limit`, then only within `seconds`; negative: no clock), "
            "the GIL released; (iterations, the generator's state after).")
        .def(
            "best",
            [](const Search& self, int observer, const std::vector<int>& legal) {
                return self.best(observer, legal.data(), static_cast<int>(legal.size()));
            },
            nb::arg("observer"), nb::arg("legal"),
            "The position in `legal` of the root action visited most (then the best mean); -1 "
            "if none was.")
        .def(
            "reuse",
            [](Search& self, int action, const R::State& now, int observer) {
                check_seat(now, observer);
                return self.reuse(action, Search::key_of(now, observer, nullptr, 0));
            },
            nb::arg("action"), nb::arg("now"), nb::arg("observer"),
            "Keep the subtree of the observer's view in `now` below `action`; whether found.")
        .def(
            "root_stats",
            [](const Search& self, int player) {
                std::vector<std::pair<int, std::pair<int64_t, double>>> out;
                if (self.root < 0) return out;
                for (int e = self.nodes[self.root].edges; e >= 0; e = self.edges[e].next)
                    if (self.edges[e].player == player)
                        out.push_back({self.edges[e].action,
                                       {self.edges[e].visits, self.edges[e].total}});
                return out;
            },
            nb::arg("player"), "The root's (action, (visits, total)) of `player`.")
        .def("clear", &Search::clear, "Forget the tree.")
        .def("size", &Search::size, "The nodes of the tree (0: none).")
        .def_static(
            "view_key",
            [](const R::State& s, int observer) {
                check_seat(s, observer);
                uint8_t buffer[Search::kMaxKey];
                const int n = RattusTraits::view_key(s, observer, buffer);
                return nb::bytes(reinterpret_cast<const char*>(buffer), n);
            },
            nb::arg("state"), nb::arg("observer"),
            "The bytes a node's key hashes: the observer's view of `state`.");
}
