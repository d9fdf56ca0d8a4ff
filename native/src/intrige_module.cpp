// Intrige's part of the module tavola_native (module.cpp calls bind_intrige).
// tavola/native/intrige.py is the only caller; see docs/native.md.
#include "batch.hpp"
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <algorithm>
#include <string>
#include <vector>

#include "intrige.hpp"

namespace nb = nanobind;
using tavola::Rng;
namespace I = tavola::intrige;
using IState = I::State;

namespace {

const char* const kPhases[] = {"bribe", "decide", "seat", "send", "over"};
const char* const kRoles[] = {"defend", "attack", "external", "enter"};
const char* const kConflicts[] = {"internal", "external"};

I::Table table_of(int players, int edition, int bribe_order) {
    if (players < 3 || players > 5) throw nb::value_error("Intrige is for 3-5 players");
    if (edition < 0 || edition > 1) throw nb::value_error("no such edition");
    if (bribe_order < 0 || bribe_order > 1) throw nb::value_error("no such bribe order");
    return I::Table::make(players, edition, bribe_order);
}

nb::list fig(const I::Fig& f) {
    nb::list out;
    out.append(static_cast<int>(f.owner));
    out.append(static_cast<int>(f.prof));
    return out;
}

// Board.to_json() of the reference, field for field.
nb::dict data_of(const IState& s) {
    const int n = s.t.players;
    nb::dict d;
    d["round"] = static_cast<int>(s.round);
    d["turn"] = static_cast<int>(s.turn);
    d["phase"] = kPhases[s.phase];
    nb::list money, incomes, supply, rooms, parks, island, queue, steps, decisions, seating,
        sent, bribes, offers;
    for (int p = 0; p < n; ++p) {
        money.append(s.money[p]);
        incomes.append(s.incomes[p]);
        nb::list row, rrow, prow;
        for (int k = 0; k < s.t.professions; ++k) row.append(static_cast<int>(s.supply[p][k]));
        supply.append(row);
        for (int r = 0; r < s.t.rooms; ++r) {
            if (s.rooms[p][r].empty())
                rrow.append(nb::none());
            else
                rrow.append(fig(s.rooms[p][r]));
        }
        rooms.append(rrow);
        for (int i = 0; i < s.nparks[p]; ++i) prow.append(fig(s.parks[p][i]));
        parks.append(prow);
    }
    for (int i = 0; i < s.nisland; ++i) island.append(fig(s.island[i]));
    for (int i = 0; i < s.nqueue; ++i) {
        nb::list q;
        q.append(static_cast<int>(s.queue[i].payer));
        q.append(kRoles[s.queue[i].role]);
        q.append(static_cast<int>(s.queue[i].prof));
        queue.append(q);
    }
    for (int i = 0; i < s.nsteps; ++i) {
        nb::list q;
        q.append(static_cast<int>(s.steps[i].payer));
        q.append(kRoles[s.steps[i].role]);
        q.append(static_cast<int>(s.steps[i].prof));
        q.append(s.steps[i].amount);
        steps.append(q);
    }
    for (int i = 0; i < s.ndecisions; ++i) {
        nb::list q;
        q.append(kConflicts[s.decisions[i].kind]);
        q.append(static_cast<int>(s.decisions[i].prof));
        decisions.append(q);
    }
    for (int i = 0; i < s.nseating; ++i) seating.append(static_cast<int>(s.seating[i]));
    for (int i = 0; i < s.nsent; ++i) sent.append(static_cast<int>(s.sent[i]));
    for (int i = 0; i < s.nbribes; ++i) {
        const I::BribeRecord& b = s.bribes[i];
        nb::list q;
        q.append(static_cast<int>(b.round));
        q.append(static_cast<int>(b.palace));
        q.append(static_cast<int>(b.payer));
        q.append(kRoles[b.role]);
        q.append(static_cast<int>(b.prof));
        q.append(b.amount);
        bribes.append(q);
    }
    for (int i = 0; i < s.noffers; ++i) {
        const I::OfferRecord& o = s.offers[i];
        nb::list q;
        q.append(static_cast<int>(o.round));
        q.append(static_cast<int>(o.palace));
        q.append(static_cast<int>(o.payer));
        q.append(o.amount);
        q.append(static_cast<int>(o.room));
        offers.append(q);
    }
    d["money"] = money;
    d["incomes"] = incomes;
    d["supply"] = supply;
    d["rooms"] = rooms;
    d["parks"] = parks;
    d["island"] = island;
    d["queue"] = queue;
    d["offered"] = s.offered;
    d["ask_room"] = static_cast<int>(s.ask_room);
    d["range_from"] = s.range_from;
    d["went_back"] = s.went_back;
    d["step_bribes"] = steps;
    d["decisions"] = decisions;
    d["seating"] = seating;
    d["sent"] = sent;
    d["bribes"] = bribes;
    d["offers"] = offers;
    return d;
}

int value(nb::handle h, long long lo, long long hi, const char* what) {
    const long long v = nb::cast<long long>(h);
    if (v < lo || v > hi) throw nb::value_error(what);
    return static_cast<int>(v);
}

int name(nb::handle h, const char* const* names, int count, const char* what) {
    const std::string v = nb::cast<std::string>(h);
    for (int i = 0; i < count; ++i)
        if (v == names[i]) return i;
    throw nb::value_error(what);
}

nb::list items(nb::handle h, size_t most, const char* what) {
    const nb::list out = nb::cast<nb::list>(h);
    if (nb::len(out) > most) throw nb::value_error(what);
    return out;
}

nb::list exactly(nb::handle h, size_t count, const char* what) {
    const nb::list out = nb::cast<nb::list>(h);
    if (nb::len(out) != count) throw nb::value_error(what);
    return out;
}

I::Fig figure(const I::Table& t, nb::handle h, const char* what) {
    const nb::list f = exactly(h, 2, what);
    return I::Fig{static_cast<int8_t>(value(f[0], 0, t.players - 1, what)),
                  static_cast<int8_t>(value(f[1], 0, t.professions - 1, what))};
}

// The reverse of data_of: a reference board's data (checked by the reference's loader
// already; this checks only what the native state's bounds need).
IState from_data(int players, int edition, int bribe_order, const nb::dict& d) {
    const I::Table t = table_of(players, edition, bribe_order);
    IState s = IState::blank(t);
    const int n = players, P = t.professions, R = t.rooms;
    const long long most = t.money_bound;
    s.round = static_cast<int8_t>(value(d["round"], 1, t.rounds, "round"));
    s.turn = static_cast<int8_t>(value(d["turn"], 0, n - 1, "turn"));
    s.phase = static_cast<int8_t>(name(d["phase"], kPhases, 5, "phase"));
    const nb::list money = exactly(d["money"], n, "money"),
                   incomes = exactly(d["incomes"], n, "incomes"),
                   supply = exactly(d["supply"], n, "supply"),
                   rooms = exactly(d["rooms"], n, "rooms"), parks = exactly(d["parks"], n, "parks");
    for (int p = 0; p < n; ++p) {
        s.money[p] = value(money[p], 0, most, "money");
        s.incomes[p] = value(incomes[p], 0, most, "incomes");
        const nb::list row = exactly(supply[p], P, "supply");
        for (int k = 0; k < P; ++k)
            s.supply[p][k] = static_cast<int8_t>(value(row[k], 0, I::kFiguresPerProfession, "supply"));
        const nb::list rrow = exactly(rooms[p], R, "rooms");
        for (int r = 0; r < R; ++r)
            s.rooms[p][r] = rrow[r].is_none() ? I::Fig{} : figure(t, rrow[r], "rooms");
        const nb::list prow = items(parks[p], n - 1, "parks");
        s.nparks[p] = static_cast<int8_t>(nb::len(prow));
        for (int i = 0; i < s.nparks[p]; ++i) s.parks[p][i] = figure(t, prow[i], "parks");
    }
    const nb::list island = items(d["island"], n * P * I::kFiguresPerProfession, "island");
    s.nisland = static_cast<int8_t>(nb::len(island));
    for (int i = 0; i < s.nisland; ++i) s.island[i] = figure(t, island[i], "island");
    const nb::list queue = items(d["queue"], 2 * (n - 1), "queue");
    s.nqueue = static_cast<int8_t>(nb::len(queue));
    for (int i = 0; i < s.nqueue; ++i) {
        const nb::list q = exactly(queue[i], 3, "queue");
        s.queue[i] = I::Due{static_cast<int8_t>(value(q[0], 0, n - 1, "queue")),
                            static_cast<int8_t>(name(q[1], kRoles, 4, "queue")),
                            static_cast<int8_t>(value(q[2], 0, P - 1, "queue"))};
    }
    s.offered = nb::cast<bool>(d["offered"]);
    s.ask_room = static_cast<int8_t>(value(d["ask_room"], 0, R, "ask_room"));
    s.range_from = value(d["range_from"], 0, most, "range_from");
    s.went_back = nb::cast<bool>(d["went_back"]);
    const nb::list steps = items(d["step_bribes"], 2 * (n - 1), "step_bribes");
    s.nsteps = static_cast<int8_t>(nb::len(steps));
    for (int i = 0; i < s.nsteps; ++i) {
        const nb::list q = exactly(steps[i], 4, "step_bribes");
        s.steps[i] = I::StepBribe{static_cast<int8_t>(value(q[0], 0, n - 1, "step_bribes")),
                                  static_cast<int8_t>(name(q[1], kRoles, 4, "step_bribes")),
                                  static_cast<int8_t>(value(q[2], 0, P - 1, "step_bribes")),
                                  value(q[3], 0, most, "step_bribes")};
    }
    const nb::list decisions = items(d["decisions"], n - 1, "decisions");
    s.ndecisions = static_cast<int8_t>(nb::len(decisions));
    for (int i = 0; i < s.ndecisions; ++i) {
        const nb::list q = exactly(decisions[i], 2, "decisions");
        s.decisions[i] = I::Decision{static_cast<int8_t>(name(q[0], kConflicts, 2, "decisions")),
                                     static_cast<int8_t>(value(q[1], 0, P - 1, "decisions"))};
    }
    const nb::list seating = items(d["seating"], n - 1, "seating");
    s.nseating = static_cast<int8_t>(nb::len(seating));
    for (int i = 0; i < s.nseating; ++i)
        s.seating[i] = static_cast<int8_t>(value(seating[i], 0, n - 1, "seating"));
    const nb::list sent = items(d["sent"], 2, "sent");
    s.nsent = static_cast<int8_t>(nb::len(sent));
    for (int i = 0; i < s.nsent; ++i) s.sent[i] = static_cast<int8_t>(value(sent[i], 0, n - 1, "sent"));
    const size_t records = 2 * n * P * I::kFiguresPerProfession;
    const nb::list bribes = items(d["bribes"], records, "bribes");
    s.nbribes = static_cast<int16_t>(nb::len(bribes));
    for (int i = 0; i < s.nbribes; ++i) {
        const nb::list q = exactly(bribes[i], 6, "bribes");
        s.bribes[i] = I::BribeRecord{static_cast<int8_t>(value(q[0], 1, t.rounds, "bribes")),
                                     static_cast<int8_t>(value(q[1], 0, n - 1, "bribes")),
                                     static_cast<int8_t>(value(q[2], 0, n - 1, "bribes")),
                                     static_cast<int8_t>(name(q[3], kRoles, 4, "bribes")),
                                     static_cast<int8_t>(value(q[4], 0, P - 1, "bribes")),
                                     value(q[5], 0, most, "bribes")};
    }
    const nb::list offers = items(d["offers"], records, "offers");
    s.noffers = static_cast<int16_t>(nb::len(offers));
    for (int i = 0; i < s.noffers; ++i) {
        const nb::list q = exactly(offers[i], 5, "offers");
        s.offers[i] = I::OfferRecord{static_cast<int8_t>(value(q[0], 1, t.rounds, "offers")),
                                     static_cast<int8_t>(value(q[1], 0, n - 1, "offers")),
                                     static_cast<int8_t>(value(q[2], 0, n - 1, "offers")),
                                     static_cast<int8_t>(value(q[4], 1, R, "offers")),
                                     value(q[3], 0, most, "offers")};
    }
    // What the native functions index by: a pending decision has its list.
    if ((s.phase == I::BRIBE && s.nqueue == 0) || (s.phase == I::DECIDE && s.ndecisions == 0) ||
        (s.phase == I::SEAT && s.nseating == 0))
        throw nb::value_error("phase");
    // A conflict over a seated profession names a seated room; a figure to seat waits in
    // the park (what the native functions look up).
    for (int i = 0; i < s.nqueue; ++i)
        if ((s.queue[i].role == I::DEFEND || s.queue[i].role == I::ATTACK) &&
            s.room_of(s.turn, s.queue[i].prof) < 0)
            throw nb::value_error("queue");
    for (int i = 0; i < s.ndecisions; ++i)
        if (s.decisions[i].kind == I::INTERNAL && s.room_of(s.turn, s.decisions[i].prof) < 0)
            throw nb::value_error("decisions");
    for (int i = 0; i < s.nseating; ++i) {
        bool waits = false;
        for (int j = 0; j < s.nparks[s.turn]; ++j) waits = waits || s.parks[s.turn][j].owner == s.seating[i];
        if (!waits) throw nb::value_error("seating");
    }
    return s;
}

std::vector<int> legal_of(const IState& s) {
    int buffer[I::kMaxLegal];
    const int m = s.legal(buffer);
    return std::vector<int>(buffer, buffer + m);
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

// N games of Intrige stepped together for learners (tavola/native/vector.py), as the
// NotreDameVector of notre_dame_module.cpp: every game asks its seat to act (or, with a
// learner seat, that seat, the others playing uniformly at random from a generator of each
// game's own, `opponents_stream`) for an action index; finished games report every seat's
// returns and start again with the next seed (Intrige's set-up is the same for every seed;
// the seed names the game and its opponents' stream). Outputs go to arrays the caller owns.
constexpr uint64_t kOpponents = 0xA5A5A5A5A5A5A5A5ULL;

struct IntrigeVector {
    I::Table table;
    int players;
    int learner;  // -1: every seat is the learner's (self-play)
    uint64_t base;  // the batch's seed (batch.hpp)
    std::vector<uint64_t> games;  // games started in each row
    IState first;
    std::vector<IState> envs;
    std::vector<uint64_t> seeds;
    std::vector<Rng> opponents;

    IntrigeVector(int n, int players_, int edition, int bribe_order, uint64_t seed, int learner_)
        : table(table_of(players_, edition, bribe_order)),
          players(players_),
          learner(learner_),
          base(seed),
          first(IState::new_game(table)) {
        if (n < 1 || n > 1 << 20) throw nb::value_error("num_envs out of range");
        if (learner < -1 || learner >= players) throw nb::value_error("no such learner seat");
        envs.resize(n, first);
        seeds.resize(n);
        games.assign(n, 0);
        opponents.resize(n);
        for (int i = 0; i < n; ++i) start(i);
    }

    void start(size_t i) {
        seeds[i] = tavola::batch_seed(base, i, games[i]++, envs.size());
        envs[i] = first;
        opponents[i] = Rng{tavola::seed_to_state(seeds[i]) ^ kOpponents};
        advance(i);
    }

    // The other seats' random moves, up to a decision of the learner's or the end.
    void advance(size_t i) {
        if (learner < 0) return;
        IState& s = envs[i];
        int legal[I::kMaxLegal];
        while (!s.terminal() && s.to_act() != learner) {
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

    int seat(const IState& s) const {
        if (learner >= 0) return learner;
        const int p = s.to_act();
        return p < 0 ? 0 : p;
    }

    int length() const { return first.observation_size(); }

    // Row i's observation: of the row's seat, or of seat `who` when given.
    void observe_row(const IState& s, size_t i, float* obs, int who = -1) const {
        const int n = length();
        std::vector<double> buffer(n);
        s.observe(who < 0 ? seat(s) : who, buffer.data());
        float* o = obs + i * n;
        for (int k = 0; k < n; ++k) o[k] = static_cast<float>(buffer[k]);
    }

    // The mask is the legal actions of the seat to act when that is the row's seat.
    void write(size_t i, float* obs, int8_t* mask, int64_t* to_act) const {
        const IState& s = envs[i];
        observe_row(s, i, obs);
        int8_t* m = mask + i * table.size;
        std::fill(m, m + table.size, 0);
        if (!s.terminal() && s.to_act() == seat(s)) {
            int legal[I::kMaxLegal];
            const int count = s.legal(legal);
            for (int k = 0; k < count; ++k) m[legal[k]] = 1;
        }
        to_act[i] = seat(s);
    }

    bool is_legal(const IState& s, int64_t index) const {
        if (s.terminal() || s.to_act() != seat(s) || index < 0 || index >= table.size) return false;
        int legal[I::kMaxLegal];
        const int count = s.legal(legal);
        return std::find(legal, legal + count, static_cast<int>(index)) != legal + count;
    }

    void observe_all(Obs obs, Mask mask, Ints to_act) {
        check(obs.shape(0), obs.shape(1), envs.size(), length(), "observation array shape");
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
        const int len = length();
        check(actions.shape(0), 1, n, 1, "actions array shape");
        check(rewards.shape(0), rewards.shape(1), n, players, "rewards array shape");
        check(terminated.shape(0), 1, n, 1, "terminated array shape");
        check(episode_seeds.shape(0), 1, n, 1, "episode_seeds array shape");
        check(obs.shape(0), obs.shape(1), n, len, "observation array shape");
        check(final_obs.shape(0), final_obs.shape(1), n, len, "final_obs array shape");
        check(mask.shape(0), mask.shape(1), n, table.size, "mask array shape");
        check(to_act.shape(0), 1, n, 1, "to_act array shape");
        check(illegal.shape(0), 1, n, 1, "illegal array shape");
        nb::gil_scoped_release release;
        return tavola::step_rows(*this, actions.data(), obs.data(), mask.data(), to_act.data(),
                                 rewards.data(), terminated.data(), episode_seeds.data(),
                                 final_obs.data(), lose, illegal.data());
    }

    // One row's move, for batch.hpp's step_rows: `seat` is the seat deciding.
    static constexpr int kMaxPlayers = I::kMaxPlayers;
    static void play_row(IState& s, int64_t action, int seat) {
        s.apply(static_cast<int>(action));
        (void)seat;
    }
};

}  // namespace

void bind_intrige(nb::module_& m) {
    // config.VERSION of the reference this port follows.
    m.attr("INTRIGE_VERSION") = 4;
    nb::class_<IState>(m, "IntrigeState")
        .def_static(
            "new_game",
            [](int players, int edition, int bribe_order) {
                return IState::new_game(table_of(players, edition, bribe_order));
            },
            nb::arg("players"), nb::arg("edition"), nb::arg("bribe_order"),
            "Set up a new game (edition 0: 1994, 1: amigo; bribe order 0: conflicts_first, "
            "1: turn_order). Intrige has no chance: every seed sets up this start.")
        .def_static("from_data", &from_data, nb::arg("players"), nb::arg("edition"),
                    nb::arg("bribe_order"), nb::arg("data"),
                    "A state from the reference board's data (Board.to_json()).")
        .def("data", &data_of, "The position as the reference's Board.to_json().")
        .def("copy", [](const IState& s) { return IState(s); })
        .def("__copy__", [](const IState& s) { return IState(s); })
        .def_prop_ro("players", [](const IState& s) { return s.t.players; })
        .def_prop_ro("size", [](const IState& s) { return s.t.size; })
        .def_prop_ro("is_terminal", &IState::terminal)
        .def_prop_ro("to_act", &IState::to_act)
        .def("legal", &legal_of, "The legal action indices, in the reference's order.")
        .def(
            "apply",
            [](IState& s, int index) {
                if (s.terminal() || index < 0 || index >= s.t.size || !s.apply(index))
                    throw nb::value_error("not a legal action index now");
            },
            nb::arg("index"), "Apply a legal action index in place (checked).")
        .def("returns",
             [](const IState& s) {
                 std::vector<double> out(s.t.players);
                 s.returns(out.data());
                 return out;
             })
        .def("evaluate",
             [](const IState& s) {
                 if (s.terminal()) throw nb::value_error("the game is over: its returns, not an evaluation");
                 std::vector<double> out(s.t.players);
                 s.evaluate(out.data());
                 return out;
             },
             "heuristics.evaluate: each seat's estimated utility (the game not over).")
        .def("scores",
             [](const IState& s) { return std::vector<int>(s.money, s.money + s.t.players); })
        .def(
            "observation",
            [](const IState& s, int player) {
                if (player < 0 || player >= s.t.players) throw nb::value_error("no such seat");
                std::vector<double> out(s.observation_size());
                s.observe(player, out.data());
                return out;
            },
            nb::arg("player"))
        .def(
            "sample",
            [](const IState& s, int player) {
                if (player < 0 || player >= s.t.players) throw nb::value_error("no such seat");
                return s.sample(player);
            },
            nb::arg("player"), "The reference's game.sample for a seat (it draws nothing).")
        .def(
            "random_playout",
            [](IState& s, uint64_t seed) {
                Rng chooser{tavola::seed_to_state(seed)};
                return s.random_playout(chooser);
            },
            nb::arg("seed"), "Play on to the end at random, in place; the decisions made.")
        .def(
            "python_rollout",
            [](IState& s, const std::vector<uint32_t>& words, int cutoff, bool greedy) {
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
            [](const IState& s, const std::vector<uint32_t>& words) {
                tavola::PyRandom rng = py_random(words);
                int buffer[I::kMaxLegal];
                const int m = s.terminal() ? 0 : s.legal(buffer);
                if (!m) throw nb::value_error("no legal action");
                const int i = s.greedy_choice(buffer, m, rng);
                return std::make_pair(buffer[i], py_words(rng));
            },
            nb::arg("words"),
            "The greedy policy's choice for the seat to act, as an action index, with a "
            "random.Random's state for its tie-break; (index, new state).");

    nb::class_<IntrigeVector>(m, "IntrigeVector")
        .def(nb::init<int, int, int, int, uint64_t, int>(), nb::arg("num_envs"),
             nb::arg("players"), nb::arg("edition"), nb::arg("bribe_order"), nb::arg("seed"),
             nb::arg("learner"))
        .def("observe_all", &IntrigeVector::observe_all)
        .def("step", &IntrigeVector::step)
        .def("state", [](const IntrigeVector& v, int i) {
            if (i < 0 || i >= static_cast<int>(v.envs.size())) throw nb::index_error();
            return IState(v.envs[i]);
        })
        .def_prop_ro("seeds", [](const IntrigeVector& v) { return v.seeds; });

    m.def(
        "intrige_playouts",
        [](int players, int games, uint64_t seed) {
            const I::Table t = table_of(players, 0, 0);
            long long decisions = 0;
            Rng chooser{tavola::seed_to_state(seed)};
            {
                nb::gil_scoped_release release;
                const IState start = IState::new_game(t);
                for (int g = 0; g < games; ++g) {
                    IState s = start;
                    decisions += s.random_playout(chooser);
                }
            }
            return decisions;
        },
        nb::arg("players"), nb::arg("games"), nb::arg("seed"),
        "Play `games` whole random games of the default options; the decisions made.");
}
