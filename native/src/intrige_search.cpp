// Intrige's native search (ismcts.hpp), bound as tavola_native.IntrigeSearch; driven by
// tavola/agents/ismcts.py through tavola/native/search.py.
#include "intrige.hpp"
#include "search_bindings.hpp"

namespace nb = nanobind;
namespace I = tavola::intrige;

namespace {

struct IntrigeTraits {
    using State = I::State;
    static constexpr int kMaxLegal = I::kMaxLegal;
    static constexpr int kMaxPlayers = I::kMaxPlayers;

    static int to_act(const State& s, int* out) {
        if (s.terminal()) return 0;
        out[0] = s.to_act();
        return 1;
    }
    static bool terminal(const State& s) { return s.terminal(); }
    static int legal(const State& s, int, int* out) { return s.legal(out); }
    static void apply(State& s, int, int index) { s.apply(index); }
    // heuristics.py GreedyPolicy: its tie-break draws from the search's generator.
    static int prior(const State& s, int, const int* legal, int count, tavola::PyRandom& rng) {
        return s.greedy_choice(legal, count, rng);
    }
    static void rollout(State& s, tavola::PyRandom& rng, int cutoff, bool greedy, double* out) {
        // Only cutoff 0 reaches here (tavola/native/search.py): the rollout plays to the end.
        s.python_rollout(rng, cutoff, greedy);
        s.returns(out);
    }
    static void returns(const State& s, double* out) { s.returns(out); }
    // view.py `sample` draws nothing: the only hidden thing (another payer's half-made
    // choice of a sum) is reset.
    static State sample(const State& base, int observer, tavola::PyRandom&) {
        return base.sample(observer);
    }
    static int players(const State& s) { return s.t.players; }
    static int action_space(const State& s) { return s.t.size; }

    // Everything view.py `view(s, observer)` shows, as bytes: equal views give equal bytes
    // and unequal views unequal ones. Constant fields of one game (edition, players, names,
    // salaries) and derived ones (to_act, the pending decision's room and contenders, the
    // breakdown once over: all follow from the fields written) are left out; the other
    // seats' money is not in the view (it follows from the records, which are).
    static int view_key(const State& s, int observer, uint8_t* out) {
        int n = 0;
        auto put = [&](int v) { out[n++] = static_cast<uint8_t>(v & 0xff); };
        auto put16 = [&](int v) { put(v); put(v >> 8); };
        auto put32 = [&](int32_t v) { put16(v); put16(v >> 16); };
        auto fig = [&](const I::Fig& f) { put(f.owner); put(f.prof); };
        const int players = s.t.players;
        put(s.round);
        put(s.turn);
        put(s.phase);
        for (int p = 0; p < players; ++p) {
            for (int r = 0; r < s.t.rooms; ++r) fig(s.rooms[p][r]);
            put(s.nparks[p]);
            for (int i = 0; i < s.nparks[p]; ++i) fig(s.parks[p][i]);
            for (int k = 0; k < s.t.professions; ++k) put(s.supply[p][k]);
            put32(s.incomes[p]);
        }
        put(s.nisland);
        for (int i = 0; i < s.nisland; ++i) fig(s.island[i]);
        put16(s.nbribes);
        for (int i = 0; i < s.nbribes; ++i) {
            const I::BribeRecord& b = s.bribes[i];
            put(b.round); put(b.palace); put(b.payer); put(b.role); put(b.prof);
            put32(b.amount);
        }
        put16(s.noffers);
        for (int i = 0; i < s.noffers; ++i) {
            const I::OfferRecord& o = s.offers[i];
            put(o.round); put(o.palace); put(o.payer); put(o.room);
            put32(o.amount);
        }
        put(s.nsteps);
        for (int i = 0; i < s.nsteps; ++i) {
            put(s.steps[i].payer); put(s.steps[i].role); put(s.steps[i].prof);
            put32(s.steps[i].amount);
        }
        put(s.nqueue);
        for (int i = 0; i < s.nqueue; ++i) {
            put(s.queue[i].payer); put(s.queue[i].role); put(s.queue[i].prof);
        }
        put(s.ndecisions);
        for (int i = 0; i < s.ndecisions; ++i) {
            put(s.decisions[i].kind); put(s.decisions[i].prof);
        }
        put(s.nseating);
        for (int i = 0; i < s.nseating; ++i) put(s.seating[i]);
        // pending: whether an offer was made; the payer's own step of a sum, to the payer.
        if (s.phase == I::BRIBE) {
            put(s.offered);
            if (s.nqueue > 0 && s.queue[0].payer == observer) {
                put(s.ask_room);
                put32(s.range_from);
                put(s.went_back);
            }
        } else if (s.phase == I::SEND) {
            put(s.nsent);
            for (int i = 0; i < s.nsent; ++i) put(s.sent[i]);
        }
        put32(s.money[observer]);
        return n;
    }
};

}  // namespace

void bind_intrige_search(nb::module_& m) {
    tavola::bind_search<IntrigeTraits>(m, "IntrigeSearch");
}
