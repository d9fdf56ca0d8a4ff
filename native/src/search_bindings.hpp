// The Python binding of one game's native search (ismcts.hpp), the same for every game:
// `bind_search<Traits>(m, "RattusSearch")`. tavola/native/search.py drives it.
#pragma once

#include <nanobind/nanobind.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <algorithm>
#include <cstdint>
#include <tuple>
#include <utility>
#include <vector>

#include "ismcts.hpp"

namespace tavola {

// What every game's traits (ismcts.hpp's interface) share: a game's traits derive from
// SearchTraits<State, kMaxLegal, kMaxPlayers> and add their own seats, legal actions,
// moves, prior, sampling, node key and sizes. `rollout` is `Rollout.run`: to the end, or
// for `cutoff` decisions and then the game's evaluation (heuristics.evaluate, ported as
// `State::evaluate` in every game).
template <class S, int MaxLegal, int MaxPlayers>
struct SearchTraits {
    using State = S;
    static constexpr int kMaxLegal = MaxLegal;
    static constexpr int kMaxPlayers = MaxPlayers;
    // A native evaluation, so a cutoff is allowed: every game has one (a game ported
    // without one would set this false and give a `rollout` that plays to the end).
    static constexpr bool kEvaluates = true;
    static bool terminal(const State& s) { return s.terminal(); }
    static void returns(const State& s, double* out) { s.returns(out); }
    static void rollout(State& s, PyRandom& rng, int cutoff, bool greedy, double* out) {
        s.python_rollout(rng, cutoff, greedy);
        if (s.terminal())
            s.returns(out);
        else
            s.evaluate(out);
    }
};

// The traits of a game where one seat acts at a time (legal and apply take no seat).
template <class S, int MaxLegal, int MaxPlayers>
struct OneSeatTraits : SearchTraits<S, MaxLegal, MaxPlayers> {
    static int legal(const S& s, int, int* out) { return s.legal(out); }
    static void apply(S& s, int, int index) { s.apply(index); }
};

// The traits of a game where several seats may act at once (legal and apply take it).
template <class S, int MaxLegal, int MaxPlayers>
struct SeatsTraits : SearchTraits<S, MaxLegal, MaxPlayers> {
    static int legal(const S& s, int player, int* out) { return s.legal(player, out); }
    static void apply(S& s, int player, int index) { s.apply(player, index); }
};

// The bytes of a node's key (`view_key`), written little-endian into `out`.
struct KeyBytes {
    uint8_t* out;
    int n = 0;
    explicit KeyBytes(uint8_t* o) : out(o) {}
    void put(int v) { out[n++] = static_cast<uint8_t>(v & 0xff); }
    void put16(int v) { put(v); put(v >> 8); }
    void put32(int32_t v) { put16(v); put16(v >> 16); }
    void put64(uint64_t v) {
        for (int i = 0; i < 8; ++i) put(static_cast<int>(v >> (8 * i)));
    }
};

inline PyRandom words_in(const std::vector<uint32_t>& words) {
    if (words.size() != PyRandom::N + 1 || words[PyRandom::N] > PyRandom::N)
        throw nanobind::value_error("not the state of a random.Random");
    PyRandom rng;
    std::copy(words.begin(), words.begin() + PyRandom::N, rng.mt);
    rng.index = static_cast<int>(words[PyRandom::N]);
    return rng;
}

inline std::vector<uint32_t> words_out(const PyRandom& rng) {
    std::vector<uint32_t> out(rng.mt, rng.mt + PyRandom::N);
    out.push_back(static_cast<uint32_t>(rng.index));
    return out;
}

template <class G>
void bind_search(nanobind::module_& m, const char* name) {
    namespace nb = nanobind;
    using Search = Ismcts<G>;
    using State = typename G::State;
    auto check_seat = [](const State& s, int observer) {
        if (observer < 0 || observer >= G::players(s)) throw nb::value_error("no such seat");
    };
    nb::class_<Search>(m, name)
        .def(
            "__init__",
            [](Search* self, double c, double bias, bool prior, double follow, bool greedy_rollout,
               int cutoff, bool noisy, int depth) {
                if (!(follow >= 0 && follow <= 1))
                    throw nb::value_error("follow is a chance, from 0 to 1");
                if ((follow > 0 || noisy) && !prior)
                    throw nb::value_error("opponents=prior, mixed or noisy needs the prior");
                if (cutoff < 0) throw nb::value_error("cutoff is at least 0");
                if (depth < 0) throw nb::value_error("depth is at least 0");
                if (cutoff > 0 && !G::kEvaluates)
                    throw nb::value_error("this game has no native evaluation: no cutoff");
                SearchOptions o;
                o.c = c;
                o.bias = bias;
                o.prior = prior;
                o.follow = follow;
                o.greedy_rollout = greedy_rollout;
                o.cutoff = cutoff;
                o.noisy = noisy;
                o.depth = depth;
                new (self) Search(o);
            },
            nb::arg("c"), nb::arg("bias"), nb::arg("prior"), nb::arg("follow"),
            nb::arg("greedy_rollout"), nb::arg("cutoff") = 0, nb::arg("noisy") = false,
            nb::arg("depth") = 0)
        .def(
            "run",
            [check_seat](Search& self, const State& base, int observer,
                         const std::vector<uint32_t>& words, int64_t limit, double seconds) {
                check_seat(base, observer);
                if (G::terminal(base)) throw nb::value_error("the game is over");
                if (limit < 1) throw nb::value_error("at least one iteration");
                PyRandom rng = words_in(words);
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
            "run_paired",
            [check_seat](Search& self, const State& base, int observer,
                         const std::vector<uint32_t>& words, const std::vector<int>& legal,
                         int64_t done, int64_t limit, bool whole, double seconds, double slice,
                         double last) {
                check_seat(base, observer);
                if (G::terminal(base)) throw nb::value_error("the game is over");
                if (legal.empty()) throw nb::value_error("no root action");
                if (limit < 1) throw nb::value_error("at least one iteration");
                int own[G::kMaxLegal];
                const int m = G::legal(base, observer, own);
                if (m != static_cast<int>(legal.size()) || !std::equal(legal.begin(), legal.end(), own))
                    throw nb::value_error("not the observer's legal actions in `base`");
                PyRandom rng = words_in(words);
                int64_t ran;
                {
                    nb::gil_scoped_release release;
                    ran = self.run_paired(base, observer, rng, legal.data(),
                                          static_cast<int>(legal.size()), done, limit, whole,
                                          seconds, slice, last);
                }
                return std::make_tuple(ran, last, words_out(rng));
            },
            nb::arg("base"), nb::arg("observer"), nb::arg("words"), nb::arg("legal"),
            nb::arg("done"), nb::arg("limit"), nb::arg("whole"), nb::arg("seconds"),
            nb::arg("slice"), nb::arg("last"),
            "The paired root's batches (ismcts.hpp run_paired), the GIL released; (iterations "
            "run by this call, the last batch's seconds, the generator's state after).")
        .def(
            "best_mean",
            [check_seat](const Search& self, const State& base, int observer,
                         const std::vector<int>& legal, const std::vector<uint32_t>& words) {
                check_seat(base, observer);
                if (legal.empty()) throw nb::value_error("no root action");
                PyRandom rng = words_in(words);
                const int k =
                    self.best_mean(base, observer, legal.data(), static_cast<int>(legal.size()), rng);
                return std::make_pair(k, words_out(rng));
            },
            nb::arg("base"), nb::arg("observer"), nb::arg("legal"), nb::arg("words"),
            "The paired root's choice: the position in `legal` of the best mean (ties: the "
            "prior's choice, drawn from the generator, then the first), -1 if none was "
            "visited; (position, the generator's state after).")
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
            [check_seat](Search& self, int action, const State& now, int observer) {
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
        .def("__copy__", [](const Search& self) { return Search(self); },
             "An independent copy, its tree included.")
        .def(
            "__deepcopy__", [](const Search& self, nb::handle) { return Search(self); },
            nb::arg("memo"), "An independent copy, its tree included.")
        .def("clear", &Search::clear, "Forget the tree.")
        .def("size", &Search::size, "The nodes of the tree (0: none).")
        .def_static(
            "view_key",
            [check_seat](const State& s, int observer) {
                check_seat(s, observer);
                uint8_t buffer[Search::kMaxKey];
                const int n = G::view_key(s, observer, buffer);
                return nb::bytes(reinterpret_cast<const char*>(buffer), n);
            },
            nb::arg("state"), nb::arg("observer"),
            "The bytes a node's key hashes: the observer's view of `state`.");
}

}  // namespace tavola
