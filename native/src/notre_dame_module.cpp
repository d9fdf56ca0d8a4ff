// Notre Dame's part of the module tavola_native (module.cpp calls bind_notre_dame).
// tavola/native/notre_dame.py is the only caller; see docs/native.md.
#include "batch.hpp"
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/vector.h>

#include <algorithm>
#include <vector>

#include "notre_dame.hpp"

namespace nb = nanobind;
using tavola::Rng;
namespace N = tavola::notre_dame;
using NState = N::State;

namespace {

void check_players(int players) {
    if (players < 2 || players > 5) throw nb::value_error("Notre Dame is for 2-5 players");
}

template <typename T>
nb::list ints(const T* v, int n) {
    nb::list out;
    for (int i = 0; i < n; ++i) out.append(static_cast<int>(v[i]));
    return out;
}

// NDState._data() of the reference, field for field (state.py FIELDS).
nb::dict data_of(const NState& s) {
    nb::dict d;
    const int n = s.players;
    d["gold"] = ints(s.gold, n);
    d["prestige"] = ints(s.prestige, n);
    d["rats"] = ints(s.rats, n);
    d["supply"] = ints(s.supply, n);
    d["general"] = ints(s.general, n);
    d["friend"] = ints(s.friend_, n);
    d["nd"] = ints(s.nd, n);
    d["carriage"] = ints(s.carriage, n);
    d["hired"] = ints(s.hired, n);
    d["choice"] = ints(s.choice, n);
    nb::list sectors, msgs, tiles, deck, hand, received, facedown, played, know;
    for (int p = 0; p < n; ++p) {
        sectors.append(ints(s.sectors[p], N::kSectors));
        msgs.append(ints(s.msgs[p], N::kColours));
        tiles.append(ints(s.tiles[p], s.ntiles[p]));
        deck.append(ints(s.deck[p], s.ndeck[p]));
        hand.append(ints(s.hand[p], s.nhand[p]));
        received.append(ints(s.received[p], s.nreceived[p]));
        facedown.append(ints(s.facedown[p], s.nfacedown[p]));
        played.append(ints(s.played[p], s.nplayed[p]));
        know.append(ints(s.know[p], n * N::kKinds));
    }
    d["sectors"] = sectors;
    d["msgs"] = msgs;
    d["tiles"] = tiles;
    d["deck"] = deck;
    d["hand"] = hand;
    d["received"] = received;
    d["facedown"] = facedown;
    d["played"] = played;
    d["know"] = know;
    d["board"] = ints(s.board, s.t->squares);
    d["brown"] = ints(s.brown, s.nbrown);
    d["grey"] = ints(s.grey, s.ngrey);
    d["revealed"] = ints(s.revealed, s.nrevealed);
    nb::list stack;
    for (int i = 0; i < s.nstack; ++i) {
        const N::Pending& t = s.stack[i];
        nb::list entry;
        entry.append(static_cast<int>(t.task));
        entry.append(static_cast<int>(t.player));
        entry.append(static_cast<int>(t.x));
        entry.append(static_cast<int>(t.y));
        stack.append(entry);
    }
    d["stack"] = stack;
    d["rnd"] = static_cast<int>(s.rnd);
    d["phase"] = static_cast<int>(s.phase);
    d["first"] = static_cast<int>(s.first);
    d["turn"] = static_cast<int>(s.turn);
    d["bank"] = static_cast<int>(s.bank);
    d["rng"] = nb::int_(s.rng);
    return d;
}

int value(nb::handle h, int lo, int hi, const char* what) {
    const int v = nb::cast<int>(h);
    if (v < lo || v > hi) throw nb::value_error(what);
    return v;
}

template <typename T>
int fill(T* into, nb::handle seq, int most, int lo, int hi, const char* what) {
    const nb::list items = nb::cast<nb::list>(seq);
    const int count = static_cast<int>(nb::len(items));
    if (count > most) throw nb::value_error(what);
    for (int i = 0; i < count; ++i) into[i] = static_cast<T>(value(items[i], lo, hi, what));
    return count;
}

template <typename T>
void exactly(T* into, nb::handle seq, int count, int lo, int hi, const char* what) {
    if (fill(into, seq, count, lo, hi, what) != count) throw nb::value_error(what);
}

nb::list rows(const nb::dict& d, const char* name, int n) {
    const nb::list out = nb::cast<nb::list>(d[name]);
    if (static_cast<int>(nb::len(out)) != n) throw nb::value_error(name);
    return out;
}

// The reverse of data_of: a reference position's data (already checked by the reference's
// loader; this checks only what the native state's bounds need).
NState from_data(int players, bool unlimited, const nb::dict& d) {
    check_players(players);
    NState s = NState::blank(players, unlimited);
    const int n = players, cards = n * N::kKinds - 1, squares = s.t->squares;
    exactly(s.gold, d["gold"], n, 0, 30000, "gold");
    exactly(s.prestige, d["prestige"], n, 0, 30000, "prestige");
    exactly(s.rats, d["rats"], n, 0, 9, "rats");
    exactly(s.supply, d["supply"], n, 0, N::kCubes, "supply");
    exactly(s.general, d["general"], n, 0, N::kCubes, "general");
    exactly(s.friend_, d["friend"], n, -1, N::kSectors - 1, "friend");
    exactly(s.nd, d["nd"], n, 0, N::kCubes, "nd");
    exactly(s.carriage, d["carriage"], n, 0, squares - 1, "carriage");
    exactly(s.hired, d["hired"], n, -1, N::kCharacters - 1, "hired");
    exactly(s.choice, d["choice"], n, -1, 2, "choice");
    const nb::list sectors = rows(d, "sectors", n), msgs = rows(d, "msgs", n),
                   tiles = rows(d, "tiles", n), deck = rows(d, "deck", n),
                   hand = rows(d, "hand", n), received = rows(d, "received", n),
                   facedown = rows(d, "facedown", n), played = rows(d, "played", n),
                   know = rows(d, "know", n);
    for (int p = 0; p < n; ++p) {
        exactly(s.sectors[p], sectors[p], N::kSectors, 0, N::kCubes, "sectors");
        exactly(s.msgs[p], msgs[p], N::kColours, 0, N::kMessagesPerColour, "msgs");
        s.ntiles[p] = static_cast<int8_t>(
            fill(s.tiles[p], tiles[p], N::kMaxTiles, 0, N::kMaxTiles - 1, "tiles"));
        s.ndeck[p] = static_cast<int8_t>(fill(s.deck[p], deck[p], N::kKinds, 0, cards, "deck"));
        s.nhand[p] = static_cast<int8_t>(fill(s.hand[p], hand[p], 3, 0, cards, "hand"));
        s.nreceived[p] =
            static_cast<int8_t>(fill(s.received[p], received[p], 2, 0, cards, "received"));
        s.nfacedown[p] =
            static_cast<int8_t>(fill(s.facedown[p], facedown[p], 3, 0, cards, "facedown"));
        s.nplayed[p] = static_cast<int8_t>(fill(s.played[p], played[p], 6, 0, cards, "played"));
        exactly(s.know[p], know[p], n * N::kKinds, 0, 127, "know");
    }
    exactly(s.board, d["board"], squares, -1, N::kMaxTiles - 1, "board");
    s.nbrown = static_cast<int8_t>(fill(s.brown, d["brown"], 6, 0, N::kCharacters - 1, "brown"));
    s.ngrey = static_cast<int8_t>(fill(s.grey, d["grey"], 9, 0, N::kCharacters - 1, "grey"));
    s.nrevealed = static_cast<int8_t>(
        fill(s.revealed, d["revealed"], 3, 0, N::kCharacters - 1, "revealed"));
    s.rnd = static_cast<int8_t>(value(d["rnd"], 0, N::kRounds - 1, "rnd"));
    s.phase = static_cast<int8_t>(value(d["phase"], 0, N::OVER, "phase"));
    s.first = static_cast<int8_t>(value(d["first"], 0, n - 1, "first"));
    s.turn = static_cast<int8_t>(value(d["turn"], 0, 2 * n, "turn"));
    s.bank = static_cast<int16_t>(value(d["bank"], -30000, 25, "bank"));
    s.rng = nb::cast<uint64_t>(d["rng"]);
    const nb::list stack = nb::cast<nb::list>(d["stack"]);
    if (nb::len(stack) > 1) throw nb::value_error("stack");
    for (nb::handle entry : stack) {
        const nb::list e = nb::cast<nb::list>(entry);
        if (nb::len(e) != 4) throw nb::value_error("stack");
        const int task = value(e[0], 0, N::TASK_COUNT - 1, "task");
        const int player = value(e[1], 0, n - 1, "task player");
        // The most each task's numbers may be (what the native functions index by).
        static const int most_x[N::TASK_COUNT] = {8, N::kCubes + 1, 0, 2, 0, 0, 6, 6, 0, 8, 0, 0};
        const int x = value(e[2], 0, task == N::T_MESSAGE ? squares - 1 : most_x[task], "task x");
        const int y = value(e[3], 0, task == N::T_SOURCE ? cards : task == N::T_MINSTREL_PIECES
                                                                  ? 6 : 0, "task y");
        s.stack[s.nstack++] = N::Pending{static_cast<int8_t>(task), static_cast<int8_t>(player),
                                         static_cast<int8_t>(x), static_cast<int8_t>(y)};
    }
    // A draft choice points into its pile; the round's characters are dealt.
    for (int p = 0; p < n; ++p) {
        const int pile = s.phase == N::DRAFT_KEEP ? s.nhand[p] : s.nreceived[p];
        if (s.choice[p] >= 0 && (s.phase > N::DRAFT_PICK || s.choice[p] >= pile))
            throw nb::value_error("choice");
    }
    if (s.phase != N::OVER &&
        (s.nbrown != 6 || s.ngrey != 9 || s.nrevealed != 3))
        throw nb::value_error("characters");
    return s;
}

std::vector<int> legal_of(const NState& s, int player) {
    int buffer[N::kMaxLegal];
    const int m = s.legal(player, buffer);
    return std::vector<int>(buffer, buffer + m);
}

std::vector<int> to_act_of(const NState& s) {
    int who[N::kMaxPlayers];
    const int m = s.to_act(who);
    return std::vector<int>(who, who + m);
}

// The seat a call acts for: `player`, or the first seat to act when it is -1.
int seat(const NState& s, int player) {
    int who[N::kMaxPlayers];
    const int m = s.to_act(who);
    if (player == -1) {
        if (!m) throw nb::value_error("the game is over");
        return who[0];
    }
    if (std::find(who, who + m, player) == who + m)
        throw nb::value_error("that seat is not to act now");
    return player;
}

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

// N games of Notre Dame stepped together for learners (tavola/native/vector.py), as the
// RattusVector of module.cpp: every game asks its first seat to act (or, with a learner
// seat, that seat, the others playing uniformly at random from a generator of each game's
// own, `opponents_stream`) for an action index; finished games report every seat's returns
// and start again from the next seed. Outputs go to arrays the caller owns.
constexpr uint64_t kOpponents = 0xA5A5A5A5A5A5A5A5ULL;

struct NotreDameVector {
    int players;
    bool unlimited;
    int learner;  // -1: every seat is the learner's (self-play)
    uint64_t base;  // the batch's seed (batch.hpp)
    std::vector<uint64_t> games;  // games started in each row
    std::vector<NState> envs;
    std::vector<uint64_t> seeds;
    std::vector<Rng> opponents;

    NotreDameVector(int n, int players_, bool unlimited_, uint64_t seed, int learner_)
        : players(players_), unlimited(unlimited_), learner(learner_), base(seed) {
        check_players(players);
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
        envs[i] = NState::new_game(players, unlimited, seeds[i]);
        opponents[i] = Rng{tavola::seed_to_state(seeds[i]) ^ kOpponents};
        advance(i);
    }

    bool waits_on_learner(const NState& s) const {
        int who[N::kMaxPlayers];
        const int m = s.to_act(who);
        return std::find(who, who + m, learner) != who + m;
    }

    // The other seats' random moves (the first of them to act first), up to a decision of
    // the learner's or the end.
    void advance(size_t i) {
        if (learner < 0) return;
        NState& s = envs[i];
        int legal[N::kMaxLegal];
        while (!s.terminal() && !waits_on_learner(s)) {
            const int p = s.first_to_act();
            const int m = s.legal(p, legal);
            if (m == 0) break;
            s.apply(p, legal[opponents[i].below(static_cast<uint64_t>(m))]);
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

    int seat(const NState& s) const {
        if (learner >= 0) return learner;
        const int p = s.first_to_act();
        return p < 0 ? 0 : p;
    }

    // Row i's observation: of the row's seat, or of seat `who` when given.
    void observe_row(const NState& s, size_t i, float* obs, int who = -1) const {
        const int length = s.t->length;
        double buffer[4096];
        s.observe(who < 0 ? seat(s) : who, buffer);
        float* o = obs + i * length;
        for (int k = 0; k < length; ++k) o[k] = static_cast<float>(buffer[k]);
    }

    void write(size_t i, float* obs, int8_t* mask, int64_t* to_act) const {
        const NState& s = envs[i];
        observe_row(s, i, obs);
        int8_t* m = mask + i * s.t->size;
        std::fill(m, m + s.t->size, 0);
        int legal[N::kMaxLegal];
        const int count = s.legal(seat(s), legal);
        for (int k = 0; k < count; ++k) m[legal[k]] = 1;
        to_act[i] = seat(s);
    }

    void observe_all(Obs obs, Mask mask, Ints to_act) {
        const N::Tables& T = *envs[0].t;
        check(obs.shape(0), obs.shape(1), envs.size(), T.length, "observation array shape");
        check(mask.shape(0), mask.shape(1), envs.size(), T.size, "mask array shape");
        check(to_act.shape(0), 1, envs.size(), 1, "to_act array shape");
        nb::gil_scoped_release release;
        for (size_t i = 0; i < envs.size(); ++i) write(i, obs.data(), mask.data(), to_act.data());
    }

    // Whether row i's seat may play index a now.
    bool row_legal(size_t i, int64_t a) const {
        return a >= 0 && a < envs[i].t->size && envs[i].is_legal(seat(envs[i]), static_cast<int>(a));
    }

    // Apply one action per game; returns the first game whose action is illegal (nothing
    // is applied then), or -1.
    // With `lose`, an illegal index is no error: that row forfeits (batch.hpp's
    // forfeit_rewards, then its next game), `illegal` marks it, and -1 is returned.
    int64_t step(Ints actions, Obs obs, Mask mask, Ints to_act, Rewards rewards,
                 Flags terminated, Ints episode_seeds, Obs final_obs, bool lose,
                 Flags illegal) {
        const size_t n = envs.size();
        const N::Tables& T = *envs[0].t;
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
    static constexpr int kMaxPlayers = N::kMaxPlayers;
    static void play_row(NState& s, int64_t action, int seat) {
        s.apply(seat, static_cast<int>(action));
    }
};

}  // namespace

void bind_notre_dame(nb::module_& m) {
    // The reference's rules version (notre_dame/config.py VERSION).
    m.attr("NOTRE_DAME_VERSION") = 2;

    nb::class_<NState>(m, "NotreDameState")
        .def_static(
            "new_game",
            [](int players, bool unlimited, uint64_t seed) {
                check_players(players);
                return NState::new_game(players, unlimited, seed);
            },
            nb::arg("players"), nb::arg("unlimited"), nb::arg("seed"),
            "Set up a new game from a seed already taken modulo 2**64.")
        .def_static("from_data", &from_data, nb::arg("players"), nb::arg("unlimited"),
                    nb::arg("data"), "A state from the reference position's data.")
        .def("data", &data_of, "The position as the reference's state data.")
        .def("copy", [](const NState& s) { return NState(s); })
        .def("__copy__", [](const NState& s) { return NState(s); })
        .def_prop_ro("players", [](const NState& s) { return static_cast<int>(s.players); })
        .def_prop_ro("is_terminal", &NState::terminal)
        .def_prop_ro("to_act", &to_act_of)
        .def(
            "legal", [](const NState& s, int player) { return legal_of(s, seat(s, player)); },
            nb::arg("player") = -1,
            "A pending seat's legal action indices (the first to act by default), in the "
            "reference's order.")
        .def(
            "apply",
            [](NState& s, int index, int player) {
                if (s.terminal()) throw nb::value_error("not a legal action index now");
                const int p = seat(s, player);
                if (index < 0 || index >= s.t->size || !s.is_legal(p, index))
                    throw nb::value_error("not a legal action index now");
                s.apply(p, index);
            },
            nb::arg("index"), nb::arg("player") = -1,
            "Apply a legal action index of a pending seat in place (checked).")
        .def("returns",
             [](const NState& s) {
                 std::vector<double> out(s.players);
                 s.returns(out.data());
                 return out;
             })
        .def("evaluate",
             [](const NState& s) {
                 if (s.terminal()) throw nb::value_error("the game is over: its returns, not an evaluation");
                 std::vector<double> out(s.players);
                 s.evaluate(out.data());
                 return out;
             },
             "heuristics.evaluate: each seat's estimated utility (the game not over).")
        .def("scores",
             [](const NState& s) {
                 std::vector<int> out(s.players);
                 s.scores(out.data());
                 return out;
             })
        .def(
            "observation",
            [](const NState& s, int player) {
                if (player < 0 || player >= s.players) throw nb::value_error("no such seat");
                std::vector<double> out(s.t->length);
                s.observe(player, out.data());
                return out;
            },
            nb::arg("player"))
        .def(
            "random_playout",
            [](NState& s, uint64_t seed) {
                Rng chooser{tavola::seed_to_state(seed)};
                return s.random_playout(chooser);
            },
            nb::arg("seed"), "Play on to the end at random, in place; the decisions made.")
        .def(
            "python_rollout",
            [](NState& s, const std::vector<uint32_t>& words, int cutoff, bool greedy) {
                tavola::PyRandom rng = py_random(words);
                int steps;
                {
                    nb::gil_scoped_release release;
                    steps = s.python_rollout(rng, cutoff, greedy);
                }
                return std::make_pair(steps, py_words(rng));
            },
            nb::arg("words"), nb::arg("cutoff"), nb::arg("greedy") = false,
            "The bots' rollout (random or greedy) with a random.Random's state; "
            "(decisions, new state).")
        .def(
            "sample",
            [](const NState& s, int player, const std::vector<uint32_t>& words) {
                if (player < 0 || player >= s.players) throw nb::value_error("no such seat");
                tavola::PyRandom rng = py_random(words);
                NState out = s.sample(player, rng);
                return std::make_pair(out, py_words(rng));
            },
            nb::arg("player"), nb::arg("words"),
            "The reference's game.sample for a seat, with a random.Random's state; "
            "(sample, new state).")
        .def(
            "reseed",
            [](const NState& s, const std::vector<uint32_t>& words) {
                tavola::PyRandom rng = py_random(words);
                NState out = s.reseed(rng);
                return std::make_pair(out, py_words(rng));
            },
            nb::arg("words"), "The reference's reseed with a random.Random's state.")
        .def(
            "greedy",
            [](const NState& s, const std::vector<uint32_t>& words, int player) {
                const int p = seat(s, player);
                tavola::PyRandom rng = py_random(words);
                int buffer[N::kMaxLegal];
                const int m = s.legal(p, buffer);
                if (!m) throw nb::value_error("no legal action");
                const int i = s.greedy_choice(p, buffer, m, rng);
                return std::make_pair(buffer[i], py_words(rng));
            },
            nb::arg("words"), nb::arg("player") = -1,
            "The greedy policy's choice for a pending seat, as an action index, with a "
            "random.Random's state for its tie-break; (index, new state).");

    nb::class_<NotreDameVector>(m, "NotreDameVector")
        .def(nb::init<int, int, bool, uint64_t, int>(), nb::arg("num_envs"),
             nb::arg("players"), nb::arg("unlimited"), nb::arg("seed"), nb::arg("learner"))
        .def("observe_all", &NotreDameVector::observe_all)
        .def("step", &NotreDameVector::step)
        .def("state", [](const NotreDameVector& v, int i) {
            if (i < 0 || i >= static_cast<int>(v.envs.size())) throw nb::index_error();
            return NState(v.envs[i]);
        })
        .def_prop_ro("seeds", [](const NotreDameVector& v) { return v.seeds; });

    m.def(
        "notre_dame_playouts",
        [](int players, int games, uint64_t seed) {
            check_players(players);
            long long decisions = 0;
            Rng chooser{tavola::seed_to_state(seed)};
            {
                nb::gil_scoped_release release;
                for (int g = 0; g < games; ++g) {
                    NState s = NState::new_game(players, false, seed + g);
                    decisions += s.random_playout(chooser);
                }
            }
            return decisions;
        },
        nb::arg("players"), nb::arg("games"), nb::arg("seed"),
        "Play `games` whole random games (seeds seed, seed+1, ...); the decisions made.");

    m.def("notre_dame_tables", [](int players, bool unlimited) {
        check_players(players);
        const N::Tables& T = N::tables(players, unlimited);
        nb::dict d;
        nb::list distances;
        for (int a = 0; a < T.squares; ++a) distances.append(ints(T.distances[a], T.squares));
        d["distances"] = distances;
        d["quarters"] = T.quarters;
        d["player_quarter"] = ints(T.player_quarter, players);
        d["size"] = T.size;
        d["length"] = T.length;
        d["rats"] = ints(N::kCharacterRats, N::kCharacters);
        return d;
    }, nb::arg("players"), nb::arg("unlimited") = false);
}
