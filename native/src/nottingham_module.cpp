// Nottingham's part of the module tavola_native (module.cpp calls bind_nottingham).
// tavola/native/nottingham.py is the only caller; see docs/native.md.
#include "batch.hpp"
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/vector.h>

#include <algorithm>
#include <vector>

#include "nottingham.hpp"

namespace nb = nanobind;
using tavola::Rng;
namespace N = tavola::nottingham;
using NState = N::State;

namespace {

N::Table table_of(int players, int track, bool rob_shows_card, bool several) {
    if (players < 3 || players > 7) throw nb::value_error("Nottingham is for 3-7 players");
    if (track < 0 || track > 1) throw nb::value_error("no such track");
    return N::Table::make(players, track, rob_shows_card, several);
}

template <int M>
nb::list ints(const N::List<M>& l) {
    nb::list out;
    for (int i = 0; i < l.n; ++i) out.append(static_cast<int>(l.v[i]));
    return out;
}

// Position._data() of the reference (state.py's FIELDS), field for field.
nb::dict data_of(const NState& s) {
    const int p = s.t.players;
    nb::dict d;
    d["rng"] = s.rng;
    d["sheriff"] = s.sheriff;
    d["active"] = s.active;
    d["phase"] = s.phase;
    d["drawn"] = s.drawn;
    d["target"] = s.target;
    d["resume"] = s.resume;
    d["turn"] = s.turn;
    d["deck"] = ints(s.deck);
    d["discard"] = ints(s.discard);
    nb::list known, ambush_known, offered, hands, winnings, ambushes, gold, commissions, offers;
    for (int i = 0; i < p * p * N::kItems; ++i) known.append(static_cast<int>(s.known[i]));
    for (int a = 0; a < N::kAmbushCards; ++a) ambush_known.append(static_cast<int>(s.ambush_known[a]));
    for (int q = 0; q < p; ++q) {
        offered.append(static_cast<int>(s.offered[q]));
        hands.append(ints(s.hands[q]));
        winnings.append(ints(s.winnings[q]));
        ambushes.append(ints(s.ambushes[q]));
        gold.append(ints(s.ambush_gold[q]));
        offers.append(ints(s.offers[q]));
    }
    for (int k = 0; k < N::kCommissionKinds; ++k) commissions.append(ints(s.commissions[k]));
    d["known"] = known;
    d["ambush_deck"] = ints(s.ambush_deck);
    d["ambush_known"] = ambush_known;
    d["queue"] = ints(s.queue);
    d["offered"] = offered;
    d["table"] = ints(s.table);
    d["ambush_drawn"] = ints(s.ambush_drawn);
    d["hands"] = hands;
    d["winnings"] = winnings;
    d["ambushes"] = ambushes;
    d["ambush_gold"] = gold;
    d["commissions"] = commissions;
    d["offers"] = offers;
    d["recording"] = s.recording;
    return d;
}

long long value(nb::handle h, long long lo, long long hi, const char* what) {
    const long long v = nb::cast<long long>(h);
    if (v < lo || v > hi) throw nb::value_error(what);
    return v;
}

nb::list sized(nb::handle h, size_t count, const char* what) {
    const nb::list out = nb::cast<nb::list>(h);
    if (nb::len(out) != count) throw nb::value_error(what);
    return out;
}

template <int M>
void fill(N::List<M>& l, nb::handle h, int most, int lo, int hi, const char* what) {
    const nb::list out = nb::cast<nb::list>(h);
    if (nb::len(out) > static_cast<size_t>(std::min(most, M))) throw nb::value_error(what);
    l.n = 0;
    for (nb::handle x : out) l.push(static_cast<int>(value(x, lo, hi, what)));
}

// The reverse of data_of, for a reference position's data (the reference's loader checks
// its invariants; this checks what the native state's bounds and indexing need: every card
// in one place, so no pile can overflow, and each pending decision's data present).
NState from_data(int players, int track, bool rob_shows_card, bool several, const nb::dict& d) {
    const N::Table t = table_of(players, track, rob_shows_card, several);
    NState s = NState::blank(t);
    const int p = players;
    s.rng = nb::cast<uint64_t>(d["rng"]);
    s.sheriff = static_cast<int32_t>(value(d["sheriff"], 0, t.track_len + 1, "sheriff"));
    s.active = static_cast<int32_t>(value(d["active"], 0, p - 1, "active"));
    s.phase = static_cast<int32_t>(value(d["phase"], 0, N::OVER, "phase"));
    s.drawn = static_cast<int32_t>(value(d["drawn"], -1, N::kCards - 1, "drawn"));
    s.target = static_cast<int32_t>(value(d["target"], -1, p - 1, "target"));
    s.resume = static_cast<int32_t>(value(d["resume"], 0, 1, "resume"));
    s.turn = static_cast<int32_t>(value(d["turn"], 1, 1 << 30, "turn"));
    s.recording = nb::cast<bool>(d["recording"]);
    fill(s.deck, d["deck"], N::kCards, 0, N::kCards - 1, "deck");
    fill(s.discard, d["discard"], N::kCards, 0, N::kCards - 1, "discard");
    const nb::list known = sized(d["known"], p * p * N::kItems, "known");
    for (int i = 0; i < p * p * N::kItems; ++i)
        s.known[i] = static_cast<int8_t>(value(known[i], 0, N::kCardsPerItem, "known"));
    fill(s.ambush_deck, d["ambush_deck"], N::kAmbushCards, 0, N::kAmbushCards - 1, "ambush_deck");
    const nb::list ambush_known = sized(d["ambush_known"], N::kAmbushCards, "ambush_known");
    for (int a = 0; a < N::kAmbushCards; ++a)
        s.ambush_known[a] = static_cast<int16_t>(value(ambush_known[a], 0, (1 << (p + 1)) - 1, "ambush_known"));
    fill(s.queue, d["queue"], p, 0, p - 1, "queue");
    const nb::list offered = sized(d["offered"], p, "offered");
    for (int q = 0; q < p; ++q) s.offered[q] = static_cast<int8_t>(value(offered[q], 0, 2, "offered"));
    fill(s.table, d["table"], N::kCardsPerItem, 0, N::kCards - 1, "table");
    fill(s.ambush_drawn, d["ambush_drawn"], 2, 0, N::kAmbushCards - 1, "ambush_drawn");
    const nb::list hands = sized(d["hands"], p, "hands"), winnings = sized(d["winnings"], p, "winnings"),
                   ambushes = sized(d["ambushes"], p, "ambushes"),
                   gold = sized(d["ambush_gold"], p, "ambush_gold"), offers = sized(d["offers"], p, "offers"),
                   commissions = sized(d["commissions"], N::kCommissionKinds, "commissions");
    for (int q = 0; q < p; ++q) {
        fill(s.hands[q], hands[q], N::kCards, 0, N::kCards - 1, "hands");
        fill(s.winnings[q], winnings[q], N::kCards, 0, N::kCards - 1, "winnings");
        fill(s.ambushes[q], ambushes[q], N::kAmbushCards, 0, N::kAmbushCards - 1, "ambushes");
        fill(s.ambush_gold[q], gold[q], N::kAmbushCards, 0, N::kCards - 1, "ambush_gold");
        fill(s.offers[q], offers[q], 2, 0, N::kCards - 1, "offers");
        if (s.ambushes[q].n != s.ambush_gold[q].n) throw nb::value_error("ambush_gold");
        for (int k = 0; k < s.offers[q].n; ++k)
            if (s.hands[q].index(s.offers[q].v[k]) < 0) throw nb::value_error("offers");
    }
    for (int k = 0; k < N::kCommissionKinds; ++k)
        fill(s.commissions[k], commissions[k], 2, 0, p - 1, "commissions");
    // Every item card in exactly one place; every ambush card of the table's colours too.
    int seen[N::kCards] = {};
    auto count = [&](const auto& l) {
        for (int i = 0; i < l.n; ++i) ++seen[l.v[i]];
    };
    count(s.deck);
    count(s.discard);
    count(s.table);
    for (int q = 0; q < p; ++q) {
        count(s.hands[q]);
        count(s.winnings[q]);
        count(s.ambush_gold[q]);
    }
    if (s.drawn >= 0) ++seen[s.drawn];
    for (int c = 0; c < N::kCards; ++c)
        if (seen[c] != 1) throw nb::value_error("item cards");
    int placed[N::kAmbushCards] = {};
    for (int i = 0; i < s.ambush_deck.n; ++i) ++placed[s.ambush_deck.v[i]];
    for (int i = 0; i < s.ambush_drawn.n; ++i) ++placed[s.ambush_drawn.v[i]];
    for (int q = 0; q < p; ++q)
        for (int i = 0; i < s.ambushes[q].n; ++i) ++placed[s.ambushes[q].v[i]];
    for (int a = 0; a < N::kAmbushCards; ++a)
        if (placed[a] != ((a < N::kColours && a >= p) ? 0 : 1)) throw nb::value_error("ambush cards");
    // What the sampler deals by: nobody is sure of a card the hand does not hold, the gold
    // under the ambush cards is gold, the cards laid out show one item.
    for (int h = 0; h < p; ++h) {
        int c[N::kItems];
        s.counts(h, c);
        for (int o = 0; o < p; ++o)
            for (int i = 0; i < N::kItems; ++i)
                if (s.known[(h * p + o) * N::kItems + i] > c[i]) throw nb::value_error("known");
        for (int k = 0; k < s.ambush_gold[h].n; ++k)
            if (s.ambush_gold[h].v[k] / N::kCardsPerItem != N::GOLD) throw nb::value_error("ambush_gold");
    }
    for (int k = 1; k < s.table.n; ++k)
        if (s.table.v[k] / N::kCardsPerItem != s.table.v[0] / N::kCardsPerItem)
            throw nb::value_error("table");
    // What the native functions index by, for each phase.
    const int ph = s.phase;
    const bool queued = ph == N::BUY_OFFER || ph == N::DEFEND || ph == N::TRADE_OFFER ||
                        ph == N::AMBUSH_WINDOW || ph == N::DISCARD_DOWN;
    if ((queued && s.queue.empty()) || (!queued && !s.queue.empty()) ||
        (ph == N::CHOOSE && s.drawn < 0) ||
        ((ph == N::DEFEND || ph == N::TAKE) && (s.target < 0 || s.drawn < 0)) ||
        (ph == N::AMBUSH_KEEP && (s.ambush_drawn.n != 2 || s.drawn < 0)) ||
        (ph == N::AMBUSH_WINDOW && s.table.n < N::kExchangeMinimum) ||
        ((ph == N::BUY_CHOOSE || ph == N::TRADE_OFFER || ph == N::TRADE_CHOOSE) && s.drawn < 0) ||
        (ph == N::DISCARD_DOWN && s.sheriff_number() < 0))
        throw nb::value_error("phase");
    return s;
}

std::vector<int> legal_of(const NState& s, int player) {
    int seats[N::kMaxPlayers];
    const int m = s.to_act(seats);
    if (player < 0) {
        if (m == 0) return {};
        player = seats[0];
    } else if (!s.pending(player)) {
        throw nb::value_error("that seat is not to act now");
    }
    int buffer[N::kMaxLegal];
    const int count = s.legal(player, buffer);
    return std::vector<int>(buffer, buffer + count);
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

// N games of Nottingham stepped together for learners (tavola/native/vector.py), as the
// NotreDameVector of notre_dame_module.cpp: every game asks one seat for an action index,
// the first of the seats to act in self-play (several seats are asked at once in a Buy:
// the first of them in the reference's order, then the next), or, with a learner seat,
// that seat whenever it is among the seats to act (in a Buy it offers before the others),
// the other seats playing uniformly at random (the first of them to act first) from a
// generator of each game's own, `opponents_stream`; finished games report every seat's
// returns and start again with the next seed. Outputs go to arrays the caller owns.
constexpr uint64_t kOpponents = 0xA5A5A5A5A5A5A5A5ULL;

struct NottinghamVector {
    N::Table table;
    int players;
    int learner;  // -1: every seat is the learner's (self-play)
    uint64_t base;  // the batch's seed (batch.hpp)
    int length;
    std::vector<uint64_t> games;  // games started in each row
    std::vector<NState> envs;
    std::vector<uint64_t> seeds;
    std::vector<Rng> opponents;

    NottinghamVector(int n, int players_, int track, bool rob_shows_card, bool several,
                     uint64_t seed, int learner_)
        : table(table_of(players_, track, rob_shows_card, several)),
          players(players_),
          learner(learner_),
          base(seed),
          length(NState::blank(table).observation_size()) {
        if (n < 1 || n > 1 << 20) throw nb::value_error("num_envs out of range");
        if (learner < -1 || learner >= players) throw nb::value_error("no such learner seat");
        if (length > kMaxObservation) throw nb::value_error("observation too long");
        envs.resize(n, NState::blank(table));
        seeds.resize(n);
        games.assign(n, 0);
        opponents.resize(n);
        for (int i = 0; i < n; ++i) start(i);
    }

    static constexpr int kMaxObservation = 4096;

    void start(size_t i) {
        seeds[i] = tavola::batch_seed(base, i, games[i]++, envs.size());
        envs[i] = NState::new_game(table, seeds[i]);
        opponents[i] = Rng{tavola::seed_to_state(seeds[i]) ^ kOpponents};
        advance(i);
    }

    static int first_to_act(const NState& s) {
        int seats[N::kMaxPlayers];
        return s.to_act(seats) == 0 ? -1 : seats[0];
    }

    // The other seats' random moves (the first of them to act first), up to a decision of
    // the learner's or the end.
    void advance(size_t i) {
        if (learner < 0) return;
        NState& s = envs[i];
        int legal[N::kMaxLegal];
        while (!s.terminal() && !s.pending(learner)) {
            const int p = first_to_act(s);
            const int m = s.legal(p, legal);
            if (m == 0) break;
            s.play(legal[opponents[i].below(static_cast<uint64_t>(m))], p);
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
        const int p = first_to_act(s);
        return p < 0 ? 0 : p;
    }

    // Row i's observation: of the row's seat, or of seat `who` when given.
    void observe_row(const NState& s, size_t i, float* obs, int who = -1) const {
        double buffer[kMaxObservation];
        s.observe(who < 0 ? seat(s) : who, buffer);
        float* o = obs + i * length;
        for (int k = 0; k < length; ++k) o[k] = static_cast<float>(buffer[k]);
    }

    // The mask is the legal actions of the row's seat when that seat is to act.
    void write(size_t i, float* obs, int8_t* mask, int64_t* to_act) const {
        const NState& s = envs[i];
        const int who = seat(s);
        observe_row(s, i, obs);
        int8_t* m = mask + i * table.size;
        std::fill(m, m + table.size, 0);
        if (!s.terminal() && s.pending(who)) {
            int legal[N::kMaxLegal];
            const int count = s.legal(who, legal);
            for (int k = 0; k < count; ++k) m[legal[k]] = 1;
        }
        to_act[i] = who;
    }

    bool is_legal(const NState& s, int64_t index) const {
        const int who = seat(s);
        if (s.terminal() || !s.pending(who) || index < 0 || index >= table.size) return false;
        int legal[N::kMaxLegal];
        const int count = s.legal(who, legal);
        return std::find(legal, legal + count, static_cast<int>(index)) != legal + count;
    }

    void observe_all(Obs obs, Mask mask, Ints to_act) {
        check(obs.shape(0), obs.shape(1), envs.size(), length, "observation array shape");
        check(mask.shape(0), mask.shape(1), envs.size(), table.size, "mask array shape");
        check(to_act.shape(0), 1, envs.size(), 1, "to_act array shape");
        nb::gil_scoped_release release;
        for (size_t i = 0; i < envs.size(); ++i) write(i, obs.data(), mask.data(), to_act.data());
    }

    // Whether row i's seat may play index a now.
    bool row_legal(size_t i, int64_t a) const { return is_legal(envs[i], a); }

    // Apply one action per game; returns the first game whose action is illegal (nothing
    // is applied then), or -1.
    // With `lose`, an illegal index is no error: that row forfeits (batch.hpp's
    // forfeit_rewards, then its next game), `illegal` marks it, and -1 is returned.
    int64_t step(Ints actions, Obs obs, Mask mask, Ints to_act, Rewards rewards,
                 Flags terminated, Ints episode_seeds, Obs final_obs, bool lose,
                 Flags illegal) {
        const size_t n = envs.size();
        check(actions.shape(0), 1, n, 1, "actions array shape");
        check(rewards.shape(0), rewards.shape(1), n, players, "rewards array shape");
        check(terminated.shape(0), 1, n, 1, "terminated array shape");
        check(episode_seeds.shape(0), 1, n, 1, "episode_seeds array shape");
        check(obs.shape(0), obs.shape(1), n, length, "observation array shape");
        check(final_obs.shape(0), final_obs.shape(1), n, length, "final_obs array shape");
        check(mask.shape(0), mask.shape(1), n, table.size, "mask array shape");
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
        s.play(static_cast<int>(action), seat);
    }
};

}  // namespace

void bind_nottingham(nb::module_& m) {
    // config.VERSION of the reference this port follows.
    m.attr("NOTTINGHAM_VERSION") = 3;
    nb::class_<NState>(m, "NottinghamState")
        .def_static(
            "new_game",
            [](int players, int track, bool rob_shows_card, bool several, uint64_t seed) {
                return NState::new_game(table_of(players, track, rob_shows_card, several), seed);
            },
            nb::arg("players"), nb::arg("track"), nb::arg("rob_shows_card"),
            nb::arg("several_ambushes_each"), nb::arg("seed"),
            "Set up a new game from a seed (track 0: long, 1: distinct).")
        .def_static("from_data", &from_data, nb::arg("players"), nb::arg("track"),
                    nb::arg("rob_shows_card"), nb::arg("several_ambushes_each"), nb::arg("data"),
                    "A state from the reference position's data (Position._data()).")
        .def("data", &data_of, "The position as the reference's Position._data().")
        .def("copy", [](const NState& s) { return NState(s); })
        .def("__copy__", [](const NState& s) { return NState(s); })
        .def_prop_ro("players", [](const NState& s) { return s.t.players; })
        .def_prop_ro("size", [](const NState& s) { return s.t.size; })
        .def_prop_ro("observation_size", &NState::observation_size)
        .def_prop_ro("is_terminal", &NState::terminal)
        .def_prop_ro("to_act",
                     [](const NState& s) {
                         int seats[N::kMaxPlayers];
                         const int m = s.to_act(seats);
                         return std::vector<int>(seats, seats + m);
                     })
        .def("legal", &legal_of, nb::arg("player") = -1,
             "A pending seat's legal action indices (the first to act by default), in the "
             "reference's order.")
        .def(
            "apply",
            [](NState& s, int index, int player) {
                if (player < 0) {
                    int seats[N::kMaxPlayers];
                    if (s.to_act(seats) == 0) throw nb::value_error("not a legal action index now");
                    player = seats[0];
                } else if (player >= s.t.players || !s.pending(player)) {
                    throw nb::value_error("that seat is not to act now");
                }
                if (index < 0 || index >= s.t.size || !s.apply(index, player))
                    throw nb::value_error("not a legal action index now");
            },
            nb::arg("index"), nb::arg("player") = -1,
            "Apply a pending seat's (the first by default) legal action index in place.")
        .def("returns",
             [](const NState& s) {
                 std::vector<double> out(s.t.players);
                 s.returns(out.data());
                 return out;
             })
        .def("evaluate",
             [](const NState& s) {
                 if (s.terminal()) throw nb::value_error("the game is over: its returns, not an evaluation");
                 std::vector<double> out(s.t.players);
                 s.evaluate(out.data());
                 return out;
             },
             "heuristics.evaluate: each seat's estimated utility (the game not over).")
        .def("scores",
             [](const NState& s) {
                 std::vector<int> out(s.t.players);
                 s.scores(out.data());
                 return out;
             })
        .def(
            "observation",
            [](const NState& s, int player) {
                if (player < 0 || player >= s.t.players) throw nb::value_error("no such seat");
                std::vector<double> out(s.observation_size());
                s.observe(player, out.data());
                return out;
            },
            nb::arg("player"))
        .def(
            "sample",
            [](const NState& s, int player, const std::vector<uint32_t>& words) {
                if (player < 0 || player >= s.t.players) throw nb::value_error("no such seat");
                tavola::PyRandom rng = py_random(words);
                NState out = s;
                if (!s.sample(player, rng, out)) throw nb::value_error("the seat's view cannot be dealt");
                return std::make_pair(out, py_words(rng));
            },
            nb::arg("player"), nb::arg("words"),
            "The reference's game.sample for a seat, drawn from a random.Random's state; "
            "(position, new state).")
        .def(
            "reseed",
            [](const NState& s, const std::vector<uint32_t>& words) {
                tavola::PyRandom rng = py_random(words);
                NState out = s.reseed(rng);
                return std::make_pair(out, py_words(rng));
            },
            nb::arg("words"),
            "The reference's reseed (view.py), drawn from a random.Random's state; (position, "
            "new state).")
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
            "greedy",
            [](const NState& s, int player) {
                int seats[N::kMaxPlayers];
                if (player < 0) {
                    if (s.to_act(seats) == 0) throw nb::value_error("no legal action");
                    player = seats[0];
                } else if (player >= s.t.players || !s.pending(player)) {
                    throw nb::value_error("that seat is not to act now");
                }
                int buffer[N::kMaxLegal];
                const int m = s.legal(player, buffer);
                if (!m) throw nb::value_error("no legal action");
                return buffer[s.greedy_choice(player, buffer, m)];
            },
            nb::arg("player") = -1,
            "The greedy policy's choice for a pending seat (the first by default), as an "
            "action index (it draws nothing).");

    nb::class_<NottinghamVector>(m, "NottinghamVector")
        .def(nb::init<int, int, int, bool, bool, uint64_t, int>(), nb::arg("num_envs"),
             nb::arg("players"), nb::arg("track"), nb::arg("rob_shows_card"),
             nb::arg("several_ambushes_each"), nb::arg("seed"), nb::arg("learner"))
        .def("observe_all", &NottinghamVector::observe_all)
        .def("step", &NottinghamVector::step)
        .def("state", [](const NottinghamVector& v, int i) {
            if (i < 0 || i >= static_cast<int>(v.envs.size())) throw nb::index_error();
            return NState(v.envs[i]);
        })
        .def_prop_ro("seeds", [](const NottinghamVector& v) { return v.seeds; });

    m.def(
        "nottingham_playouts",
        [](int players, int games, uint64_t seed) {
            const N::Table t = table_of(players, 0, false, false);
            long long decisions = 0;
            Rng chooser{tavola::seed_to_state(seed)};
            {
                nb::gil_scoped_release release;
                for (int g = 0; g < games; ++g) {
                    NState s = NState::new_game(t, seed + static_cast<uint64_t>(g));
                    decisions += s.random_playout(chooser);
                }
            }
            return decisions;
        },
        nb::arg("players"), nb::arg("games"), nb::arg("seed"),
        "Play `games` whole random games of the default options (seeds `seed`, `seed + 1`, "
        "...); the decisions made.");
}
