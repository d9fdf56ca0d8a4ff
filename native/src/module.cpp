// The Python module tavola_native: the native core's games, bound with nanobind.
// tavola/native (pure Python, part of tavola) is the only caller; see docs/native.md.
#include "batch.hpp"
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/vector.h>

#include <algorithm>
#include <vector>

#include "pysum.hpp"
#include "rattus.hpp"

void bind_notre_dame(nanobind::module_& m);  // notre_dame_module.cpp
void bind_intrige(nanobind::module_& m);  // intrige_module.cpp
void bind_nottingham(nanobind::module_& m);  // nottingham_module.cpp
void bind_rattus_search(nanobind::module_& m);  // rattus_search.cpp
void bind_intrige_search(nanobind::module_& m);  // intrige_search.cpp
void bind_notre_dame_search(nanobind::module_& m);  // notre_dame_search.cpp
void bind_nottingham_search(nanobind::module_& m);  // nottingham_search.cpp

namespace nb = nanobind;
using tavola::Rng;
using RState = tavola::rattus::State;
namespace R = tavola::rattus;

namespace {

nb::list ints(const int8_t* v, int n) {
    nb::list out;
    for (int i = 0; i < n; ++i) out.append(static_cast<int>(v[i]));
    return out;
}

void check_players(int players, int rounds) {
    if (players < 2 || players > 4) throw nb::value_error("Rattus is for 2-4 players");
    if (rounds < 1 || rounds > 1000) throw nb::value_error("rounds out of range");
}

// Position.data() of the reference, field for field.
nb::dict rattus_data(const RState& s) {
    nb::dict d;
    const int n = s.players;
    d["phase"] = static_cast<int>(s.phase);
    d["active"] = static_cast<int>(s.active);
    d["step"] = static_cast<int>(s.step);
    d["turn"] = static_cast<int>(s.turn);
    d["took"] = s.took;
    d["placed"] = s.placed;
    d["stage"] = static_cast<int>(s.stage);
    d["used"] = static_cast<int>(s.used);
    d["spread_left"] = static_cast<int>(s.spread_left);
    d["spread_from"] = static_cast<int>(s.spread_from);
    d["witch_first"] = ints(s.witch_first, 2);
    d["witch_second"] = ints(s.witch_second, 2);
    d["pick"] = static_cast<int>(s.pick);
    d["queue"] = ints(s.queue, s.queue_len);
    d["last_player"] = static_cast<int>(s.last_player);
    nb::list tokens, board, known;
    for (int r = 0; r < R::kRegionCount; ++r) {
        tokens.append(ints(s.tokens[r], s.ntok[r]));
        board.append(ints(s.board[r], n));
    }
    d["tokens"] = tokens;
    d["supply"] = ints(s.supply, s.nsupply);
    d["aside"] = ints(s.aside, s.naside);
    d["out"] = ints(s.out, s.nout);
    d["board"] = board;
    d["palace"] = ints(s.palace, n);
    d["reserve"] = ints(s.reserve, n);
    d["lost"] = ints(s.lost, n);
    d["plague"] = static_cast<int>(s.plague);
    d["holder"] = ints(s.holder, R::kClassCount);
    for (int p = 0; p < n; ++p) {
        nb::list k;
        for (int t = 0; t < R::kTokenCount; ++t)
            if (s.known[p] >> t & 1) k.append(t);
        known.append(k);
    }
    d["known"] = known;
    d["rng"] = nb::int_(s.rng);
    return d;
}

template <typename T>
T small(nb::handle h, int lo, int hi, const char* what) {
    const int v = nb::cast<int>(h);
    if (v < lo || v > hi) throw nb::value_error(what);
    return static_cast<T>(v);
}

int8_t fill(int8_t* into, nb::handle seq, int most, int lo, int hi, const char* what) {
    const nb::list items = nb::cast<nb::list>(seq);
    const int count = static_cast<int>(nb::len(items));
    if (count > most) throw nb::value_error(what);
    for (int i = 0; i < count; ++i) into[i] = small<int8_t>(items[i], lo, hi, what);
    return static_cast<int8_t>(count);
}

// The reverse of rattus_data: a reference position's data (already checked by the
// reference's loader; this checks only what would break the native state's bounds).
RState rattus_from_data(int players, bool shared_ties, int rounds, const nb::dict& d) {
    check_players(players, rounds);
    RState s = RState::blank(players, shared_ties, rounds);
    const int n = players, T = R::kTokenCount, RC = R::kRegionCount;
    s.phase = small<int8_t>(d["phase"], 0, R::OVER, "phase");
    s.active = small<int8_t>(d["active"], 0, n - 1, "active");
    s.step = small<int16_t>(d["step"], 0, 2 * n, "step");
    s.turn = small<int16_t>(d["turn"], 0, 32000, "turn");
    s.took = nb::cast<bool>(d["took"]);
    s.placed = nb::cast<bool>(d["placed"]);
    s.stage = small<int8_t>(d["stage"], 0, 2, "stage");
    s.used = small<uint8_t>(d["used"], 0, 63, "used");
    s.spread_left = small<int8_t>(d["spread_left"], 0, 2, "spread_left");
    s.spread_from = small<int8_t>(d["spread_from"], -1, RC - 1, "spread_from");
    if (fill(s.witch_first, d["witch_first"], 2, -1, RC - 1, "witch_first") != 2 ||
        fill(s.witch_second, d["witch_second"], 2, -1, RC - 1, "witch_second") != 2)
        throw nb::value_error("witch positions");
    s.pick = small<int8_t>(d["pick"], -1, RC - 1, "pick");
    s.queue_len = fill(s.queue, d["queue"], n, 0, n - 1, "queue");
    s.last_player = small<int8_t>(d["last_player"], -1, n - 1, "last_player");
    const nb::list tokens = nb::cast<nb::list>(d["tokens"]);
    const nb::list board = nb::cast<nb::list>(d["board"]);
    if (nb::len(tokens) != RC || nb::len(board) != RC) throw nb::value_error("regions");
    for (int r = 0; r < RC; ++r) {
        s.ntok[r] = fill(s.tokens[r], tokens[r], R::kMaxTokens, 0, T - 1, "tokens");
        if (fill(s.board[r], board[r], n, 0, R::kCubes, "board") != n)
            throw nb::value_error("board");
    }
    s.nsupply = fill(s.supply, d["supply"], T, 0, T - 1, "supply");
    s.naside = fill(s.aside, d["aside"], T, 0, T - 1, "aside");
    s.nout = fill(s.out, d["out"], T, 0, T - 1, "out");
    if (fill(s.palace, d["palace"], n, 0, R::kCubes, "palace") != n ||
        fill(s.reserve, d["reserve"], n, 0, R::kCubes, "reserve") != n ||
        fill(s.lost, d["lost"], n, 0, R::kCubes, "lost") != n)
        throw nb::value_error("cubes");
    s.plague = small<int8_t>(d["plague"], 0, s.t->regions - 1, "plague");
    if (fill(s.holder, d["holder"], R::kClassCount, -1, n - 1, "holder") != R::kClassCount)
        throw nb::value_error("holder");
    const nb::list known = nb::cast<nb::list>(d["known"]);
    if (static_cast<int>(nb::len(known)) != n) throw nb::value_error("known");
    for (int p = 0; p < n; ++p)
        for (nb::handle t : nb::cast<nb::list>(known[p]))
            s.known[p] |= 1ULL << small<int>(t, 0, T - 1, "known");
    s.rng = nb::cast<uint64_t>(d["rng"]);
    // What the native functions index by must point inside the position.
    auto slot_ok = [&](const int8_t* at, bool needed) {
        if (at[0] < 0 && at[1] < 0) return !needed;
        return at[0] >= 0 && at[0] < s.t->regions && at[1] >= 0 && at[1] < s.ntok[at[0]];
    };
    const bool ok =
        s.active < n &&
        (s.phase != R::SPREAD || (s.spread_from >= 0 && s.spread_from < s.t->regions)) &&
        ((s.phase != R::MERCHANT_TO && s.phase != R::MONK_TO) ||
         (s.pick >= 0 && s.pick < s.t->regions)) &&
        slot_ok(s.witch_first, s.phase == R::WITCH_SECOND || s.phase == R::WITCH_SWAP) &&
        slot_ok(s.witch_second, s.phase == R::WITCH_SWAP);
    if (!ok) throw nb::value_error("not a possible Rattus position");
    return s;
}

// `words` is Random.getstate()[1]: 624 state words, then the position.
tavola::PyRandom py_random(const std::vector<uint32_t>& words) {
    if (words.size() != tavola::PyRandom::N + 1 || words[tavola::PyRandom::N] > tavola::PyRandom::N)
        throw nb::value_error("not the state of a random.Random");
    tavola::PyRandom rng;
    std::copy(words.begin(), words.begin() + tavola::PyRandom::N, rng.mt);
    rng.index = static_cast<int>(words[tavola::PyRandom::N]);
    return rng;
}

std::vector<uint32_t> py_words(const tavola::PyRandom& rng) {
    std::vector<uint32_t> out(rng.mt, rng.mt + tavola::PyRandom::N);
    out.push_back(static_cast<uint32_t>(rng.index));
    return out;
}

std::vector<int> legal_of(const RState& s) {
    int buffer[R::kMaxLegal];
    const int m = s.legal(buffer);
    return std::vector<int>(buffer, buffer + m);
}

// N games of Rattus stepped together for learners (tavola/native/vector.py): every game
// asks a seat to act for an action index; finished games report every seat's returns and
// start again from the next seed. With a learner seat, the other seats play uniformly at
// random from a generator of each game's own (`opponents_stream`), so each row asks only
// the learner. Outputs go to arrays the caller owns.
constexpr uint64_t kOpponents = 0xA5A5A5A5A5A5A5A5ULL;

struct RattusVector {
    int players;
    bool shared_ties;
    int rounds;
    int learner;  // -1: every seat is the learner's (self-play)
    uint64_t base;  // the batch's seed (batch.hpp)
    std::vector<uint64_t> games;  // games started in each row
    std::vector<RState> envs;
    std::vector<uint64_t> seeds;
    std::vector<Rng> opponents;

    RattusVector(int n, int players_, bool shared, int rounds_, uint64_t seed, int learner_)
        : players(players_), shared_ties(shared), rounds(rounds_), learner(learner_),
          base(seed) {
        check_players(players, rounds);
        if (n < 1 || n > 1 << 20) throw nb::value_error("num_envs out of range");
        if (learner < -1 || learner >= players) throw nb::value_error("no such learner seat");
        envs.resize(n);
        seeds.resize(n);
        games.assign(n, 0);
        opponents.resize(n);
        for (int i = 0; i < n; ++i) start(i);
    }

    void start(size_t i) {
        seeds[i] = tavola::batch_seed(base, i, games[i]++, envs.size());
        envs[i] = RState::new_game(players, shared_ties, rounds, seeds[i]);
        opponents[i] = Rng{tavola::seed_to_state(seeds[i]) ^ kOpponents};
        advance(i);
    }

    // The other seats' random moves, up to the learner's decision or the end.
    void advance(size_t i) {
        if (learner < 0) return;
        RState& s = envs[i];
        int legal[R::kMaxLegal];
        while (!s.terminal() && s.active != learner) {
            const int m = s.legal(legal);
            if (m == 0) break;
            s.apply(legal[opponents[i].below(static_cast<uint64_t>(m))]);
        }
    }

    using Obs = nb::ndarray<float, nb::numpy, nb::ndim<2>, nb::c_contig>;
    using Mask = nb::ndarray<int8_t, nb::numpy, nb::ndim<2>, nb::c_contig>;
    using Ints = nb::ndarray<int64_t, nb::numpy, nb::ndim<1>, nb::c_contig>;
    using Rewards = nb::ndarray<float, nb::numpy, nb::ndim<2>, nb::c_contig>;
    using Flags = nb::ndarray<bool, nb::numpy, nb::ndim<1>, nb::c_contig>;

    static void check(size_t rows, size_t cols, size_t want_rows, size_t want_cols,
                      const char* what) {
        if (rows != want_rows || cols != want_cols) throw nb::value_error(what);
    }

    int seat(const RState& s) const { return learner >= 0 ? learner : s.active; }

    // Row i's observation: of the row's seat, or of seat `who` when given.
    void observe_row(const RState& s, size_t i, float* obs, int who = -1) const {
        const int length = s.t->length;
        double buffer[4096];
        s.observe(who < 0 ? seat(s) : who, buffer);
        float* o = obs + i * length;
        for (int k = 0; k < length; ++k) o[k] = static_cast<float>(buffer[k]);
    }

    void write(size_t i, float* obs, int8_t* mask, int64_t* to_act) const {
        const RState& s = envs[i];
        observe_row(s, i, obs);
        int8_t* m = mask + i * s.t->size;
        std::fill(m, m + s.t->size, 0);
        int legal[R::kMaxLegal];
        const int count = s.legal(legal);
        for (int k = 0; k < count; ++k) m[legal[k]] = 1;
        to_act[i] = s.active;
    }

    void observe_all(Obs obs, Mask mask, Ints to_act) {
        const R::Tables& T = *envs[0].t;
        check(obs.shape(0), obs.shape(1), envs.size(), T.length, "observation array shape");
        check(mask.shape(0), mask.shape(1), envs.size(), T.size, "mask array shape");
        check(to_act.shape(0), 1, envs.size(), 1, "to_act array shape");
        nb::gil_scoped_release release;
        for (size_t i = 0; i < envs.size(); ++i) write(i, obs.data(), mask.data(), to_act.data());
    }

    // Whether row i's seat may play index a now.
    bool row_legal(size_t i, int64_t a) const {
        return a >= 0 && a < envs[i].t->size && envs[i].is_legal(static_cast<int>(a));
    }

    // Apply one action per game; returns the first game whose action is illegal (nothing
    // is applied then), or -1. `final_obs` receives, in the rows that ended, the last
    // observation of the game that ended.
    // With `lose`, an illegal index is no error: that row forfeits (batch.hpp's
    // forfeit_rewards, then its next game), `illegal` marks it, and -1 is returned.
    int64_t step(Ints actions, Obs obs, Mask mask, Ints to_act, Rewards rewards,
                 Flags terminated, Ints episode_seeds, Obs final_obs, bool lose,
                 Flags illegal) {
        const size_t n = envs.size();
        const R::Tables& T = *envs[0].t;
        check(actions.shape(0), 1, n, 1, "actions array shape");
        check(rewards.shape(0), rewards.shape(1), n, players, "rewards array shape");
        check(terminated.shape(0), 1, n, 1, "terminated array shape");
        check(episode_seeds.shape(0), 1, n, 1, "episode_seeds array shape");
        check(obs.shape(0), obs.shape(1), n, T.length, "observation array shape");
        check(final_obs.shape(0), final_obs.shape(1), n, T.length, "final_obs array shape");
        check(mask.shape(0), mask.shape(1), n, T.size, "mask array shape");
        check(to_act.shape(0), 1, n, 1, "to_act array shape");
        check(illegal.shape(0), 1, n, 1, "illegal array shape");
        nb::gil_scoped_release release;
        return tavola::step_rows(*this, actions.data(), obs.data(), mask.data(), to_act.data(),
                                 rewards.data(), terminated.data(), episode_seeds.data(),
                                 final_obs.data(), lose, illegal.data());
    }

    // One row's move, for batch.hpp's step_rows: `seat` is the seat deciding.
    static constexpr int kMaxPlayers = R::kMaxPlayers;
    static void play_row(RState& s, int64_t action, int seat) {
        s.apply(static_cast<int>(action));
        (void)seat;
    }
};

}  // namespace

NB_MODULE(tavola_native, m) {
    m.doc() = "tavola's native core (C++17): the games at compiled speed";
    m.attr("ABI") = 15;  // 12: every game's evaluate (a cutoff in every search) and the native
                         // pimc (RattusPimc, ...); 13: the batches' step takes `lose` and an
                         // `illegal` array (a forfeit); 14: the searches' `follow` is a chance
                         // (opponents=mixed) and they take `noisy` (opponents=noisy); 15: the
                         // searches take `depth` (a tree depth limit)
    // The reference's rules version each game here follows (config.VERSION): tavola uses
    // the native game only while they agree.
    m.attr("RATTUS_VERSION") = 5;
    // Python's sum() of floats compensates from 3.12 on: the evaluations and the greedy
    // policies sum as this interpreter does (pysum.hpp).
    const nb::object version = nb::module_::import_("sys").attr("version_info");
    tavola::g_compensated_sum = nb::cast<int>(version[0]) > 3 ||
                                (nb::cast<int>(version[0]) == 3 && nb::cast<int>(version[1]) >= 12);
    bind_notre_dame(m);
    bind_intrige(m);
    bind_nottingham(m);
    bind_rattus_search(m);
    bind_intrige_search(m);
    bind_notre_dame_search(m);
    bind_nottingham_search(m);

    nb::class_<RState>(m, "RattusState")
        .def_static(
            "new_game",
            [](int players, bool shared_ties, int rounds, uint64_t seed) {
                check_players(players, rounds);
                return RState::new_game(players, shared_ties, rounds, seed);
            },
            nb::arg("players"), nb::arg("shared_ties"), nb::arg("rounds"), nb::arg("seed"),
            "Set up a new game from a seed already taken modulo 2**64.")
        .def_static("from_data", &rattus_from_data, nb::arg("players"),
                    nb::arg("shared_ties"), nb::arg("rounds"), nb::arg("data"),
                    "A state from the reference position's data (Position.data()).")
        .def("data", &rattus_data, "The position as the reference's Position.data().")
        .def("copy", [](const RState& s) { return RState(s); })
        .def("__copy__", [](const RState& s) { return RState(s); })
        .def_prop_ro("players", [](const RState& s) { return static_cast<int>(s.players); })
        .def_prop_ro("is_terminal", &RState::terminal)
        .def_prop_ro("to_act",
                     [](const RState& s) {
                         std::vector<int> out;
                         if (!s.terminal()) out.push_back(s.active);
                         return out;
                     })
        .def("legal", &legal_of, "The legal action indices, in the reference's order.")
        .def(
            "apply",
            [](RState& s, int index) {
                if (s.terminal() || index < 0 || index >= s.t->size || !s.is_legal(index))
                    throw nb::value_error("not a legal action index now");
                s.apply(index);
            },
            nb::arg("index"), "Apply a legal action index in place (checked).")
        .def("returns",
             [](const RState& s) {
                 std::vector<double> out(s.players);
                 s.returns(out.data());
                 return out;
             })
        .def("evaluate",
             [](const RState& s) {
                 if (s.terminal()) throw nb::value_error("the game is over: its returns, not an evaluation");
                 std::vector<double> out(s.players);
                 s.evaluate(out.data());
                 return out;
             },
             "heuristics.evaluate: each seat's estimated utility (the game not over).")
        .def("scores",
             [](const RState& s) {
                 std::vector<int> out(s.players);
                 s.scores(out.data());
                 return out;
             })
        .def(
            "observation",
            [](const RState& s, int player) {
                if (player < 0 || player >= s.players) throw nb::value_error("no such seat");
                std::vector<double> out(s.t->length);
                s.observe(player, out.data());
                return out;
            },
            nb::arg("player"))
        .def(
            "random_playout",
            [](RState& s, uint64_t seed) {
                Rng chooser{tavola::seed_to_state(seed)};
                return s.random_playout(chooser);
            },
            nb::arg("seed"), "Play on to the end at random, in place; the decisions made.")
        .def(
            "greedy",
            [](const RState& s) {
                if (s.terminal()) throw nb::value_error("the game is over");
                int buffer[R::kMaxLegal];
                const int m = s.legal(buffer);
                return buffer[s.greedy_choice(buffer, m)];
            },
            "The greedy policy's choice for the seat to act, as an action index.")
        .def(
            "sample",
            [](const RState& s, int player, const std::vector<uint32_t>& words) {
                if (player < 0 || player >= s.players) throw nb::value_error("no such seat");
                tavola::PyRandom rng = py_random(words);
                RState out = s.sample(player, rng);
                return std::make_pair(out, py_words(rng));
            },
            nb::arg("player"), nb::arg("words"),
            "The reference's game.sample for a seat, with a random.Random's state; "
            "(sample, new state).")
        .def(
            "reseed",
            [](const RState& s, const std::vector<uint32_t>& words) {
                tavola::PyRandom rng = py_random(words);
                RState out = s.reseed(rng);
                return std::make_pair(out, py_words(rng));
            },
            nb::arg("words"), "The reference's reseed with a random.Random's state.")
        .def(
            "python_rollout",
            [](RState& s, const std::vector<uint32_t>& words, int cutoff, bool greedy) {
                tavola::PyRandom rng = py_random(words);
                int steps;
                {
                    nb::gil_scoped_release release;
                    steps = s.python_rollout(rng, cutoff, greedy);
                }
                return std::make_pair(steps, py_words(rng));
            },
            nb::arg("words"), nb::arg("cutoff"), nb::arg("greedy") = false,
            "The bots' random rollout with a random.Random's state; (decisions, new state).");

    nb::class_<RattusVector>(m, "RattusVector")
        .def(nb::init<int, int, bool, int, uint64_t, int>(), nb::arg("num_envs"),
             nb::arg("players"), nb::arg("shared_ties"), nb::arg("rounds"), nb::arg("seed"),
             nb::arg("learner"))
        .def("observe_all", &RattusVector::observe_all)
        .def("step", &RattusVector::step)
        .def("state", [](const RattusVector& v, int i) {
            if (i < 0 || i >= static_cast<int>(v.envs.size())) throw nb::index_error();
            return RState(v.envs[i]);
        })
        .def_prop_ro("seeds", [](const RattusVector& v) { return v.seeds; });

    m.def(
        "rattus_playouts",
        [](int players, int games, uint64_t seed) {
            check_players(players, 100);
            long long decisions = 0;
            Rng chooser{tavola::seed_to_state(seed)};
            {
                nb::gil_scoped_release release;
                for (int g = 0; g < games; ++g) {
                    RState s = RState::new_game(players, false, 100, seed + g);
                    decisions += s.random_playout(chooser);
                }
            }
            return decisions;
        },
        nb::arg("players"), nb::arg("games"), nb::arg("seed"),
        "Play `games` whole random games (seeds seed, seed+1, ...); the decisions made.");

    m.def("rattus_tables", [](int players) {
        const R::Tables& T = R::tables(players);
        nb::dict d;
        nb::list near, within, fronts;
        for (int r = 0; r < R::kRegionCount; ++r) {
            near.append(nb::cast(T.near[r]));
            within.append(nb::cast(T.within_two[r]));
        }
        for (int t = 0; t < R::kTokenCount; ++t) {
            const R::TokenFront& f = R::token_front(t);
            nb::list classes;
            for (int i = 0; i < f.class_count; ++i) classes.append(f.classes[i]);
            fronts.append(nb::make_tuple(f.threshold, f.majority, f.everyone, classes, f.starting));
        }
        d["near"] = near;
        d["within_two"] = within;
        d["tokens"] = fronts;
        d["size"] = T.size;
        d["length"] = T.length;
        return d;
    });
}
