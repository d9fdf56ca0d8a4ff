// The Python binding of one game's native `pimc` (pimc.hpp), the same for every game:
// `bind_pimc<Traits>(m, "RattusPimc")`, on the traits of the game's native search
// (search_bindings.hpp). tavola/native/search.py drives it (`NativePimc`).
#pragma once

#include <nanobind/nanobind.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/tuple.h>
#include <nanobind/stl/vector.h>

#include <cmath>
#include <cstdint>
#include <tuple>
#include <utility>
#include <vector>

#include "pimc.hpp"
#include "search_bindings.hpp"

namespace tavola {

template <class G>
void bind_pimc(nanobind::module_& m, const char* name) {
    namespace nb = nanobind;
    using Search = Pimc<G>;
    using State = typename G::State;
    nb::class_<Search>(m, name)
        .def(
            "__init__",
            [](Search* self, double c, bool greedy_rollout, int cutoff) {
                if (!(c >= 0) || !std::isfinite(c)) throw nb::value_error("c is a number, at least 0");
                if (cutoff < 0) throw nb::value_error("cutoff is at least 0");
                if (cutoff > 0 && !G::kEvaluates)
                    throw nb::value_error("this game has no native evaluation: no cutoff");
                PimcOptions o;
                o.c = c;
                o.greedy_rollout = greedy_rollout;
                o.cutoff = cutoff;
                new (self) Search(o);
            },
            nb::arg("c"), nb::arg("greedy_rollout"), nb::arg("cutoff") = 0)
        .def(
            "begin",
            [](Search& self, const State& base, int observer, int samples, int64_t iterations,
               double seconds, double elapsed) {
                if (observer < 0 || observer >= G::players(base)) throw nb::value_error("no such seat");
                if (G::terminal(base)) throw nb::value_error("the game is over");
                if (samples < 1) throw nb::value_error("at least one sample");
                if (iterations == 0 || iterations < -1)
                    throw nb::value_error("at least one iteration (-1: no count)");
                if (std::isnan(seconds) || std::isinf(seconds) || std::isnan(elapsed) ||
                    std::isinf(elapsed))
                    throw nb::value_error("seconds and elapsed are finite numbers");
                int seats[G::kMaxPlayers];
                const int n = G::to_act(base, seats);
                bool mine = false;
                for (int i = 0; i < n; ++i) mine = mine || seats[i] == observer;
                if (!mine) throw nb::value_error("the seat is not to act");
                self.begin(base, observer, samples, iterations, seconds, elapsed);
            },
            nb::arg("base"), nb::arg("observer"), nb::arg("samples"), nb::arg("iterations"),
            nb::arg("seconds"), nb::arg("elapsed") = 0.0,
            "Begin a decision of `observer` in `base` (a position of its information set): "
            "`samples` determinizations, `iterations` simulations in all (-1: no count), "
            "`seconds` of think time (negative: no clock) counted from `elapsed` seconds ago.")
        .def(
            "run",
            [](Search& self, const std::vector<uint32_t>& words, double slice, bool stopped) {
                if (!self.begun()) throw nb::value_error("no decision begun");
                PyRandom rng = words_in(words);
                bool over;
                {
                    nb::gil_scoped_release release;
                    over = self.run(rng, slice, stopped);
                }
                return std::make_pair(over, words_out(rng));
            },
            nb::arg("words"), nb::arg("slice") = -1.0, nb::arg("stopped") = false,
            "Go on with the decision begun, the GIL released, returning after `slice` seconds "
            "(negative: no slice) once a simulation ran; `stopped` ends it once one ran in "
            "all; (whether the search is over, the generator's state after).")
        .def(
            "best",
            [](const Search& self, const std::vector<int>& legal) {
                return self.best(legal.data(), static_cast<int>(legal.size()));
            },
            nb::arg("legal"),
            "The position in `legal` of the action visited most in all samples (then the best "
            "mean); -1 if none was.")
        .def(
            "stats",
            [](const Search& self, const std::vector<int>& legal) {
                std::vector<std::pair<int64_t, double>> out;
                for (const int a : legal) {
                    if (a < 0 || a >= self.action_space()) throw nb::value_error("no such action");
                    out.push_back({self.visits(a), self.totals(a)});
                }
                return out;
            },
            nb::arg("legal"), "The (visits, total) of each action index in `legal`, summed over "
                              "the samples.")
        .def_prop_ro("iterations", &Search::spent, "The simulations the decision ran.")
        .def_prop_ro("finished", &Search::finished, "Whether the decision's search is over.");
}

}  // namespace tavola
