// Intrige's native search (ismcts.hpp), bound as tavola_native.IntrigeSearch; driven by
// tavola/agents/ismcts.py through tavola/native/search.py.
#include "intrige.hpp"
#include "pimc_bindings.hpp"
#include "search_bindings.hpp"

namespace nb = nanobind;
namespace I = tavola::intrige;

namespace {

struct IntrigeTraits : tavola::OneSeatTraits<I::State, I::kMaxLegal, I::kMaxPlayers> {
    static int to_act(const State& s, int* out) {
        if (s.terminal()) return 0;
        out[0] = s.to_act();
        return 1;
    }
    // heuristics.py GreedyPolicy: its tie-break draws from the search's generator.
    static int prior(const State& s, int, const int* legal, int count, tavola::PyRandom& rng) {
        return s.greedy_choice(legal, count, rng);
    }
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
        tavola::KeyBytes key(out);
        auto fig = [&](const I::Fig& f) { key.put(f.owner); key.put(f.prof); };
        const int players = s.t.players;
        key.put(s.round);
        key.put(s.turn);
        key.put(s.phase);
        for (int p = 0; p < players; ++p) {
            for (int r = 0; r < s.t.rooms; ++r) fig(s.rooms[p][r]);
            key.put(s.nparks[p]);
            for (int i = 0; i < s.nparks[p]; ++i) fig(s.parks[p][i]);
            for (int k = 0; k < s.t.professions; ++k) key.put(s.supply[p][k]);
            key.put32(s.incomes[p]);
        }
        key.put(s.nisland);
        for (int i = 0; i < s.nisland; ++i) fig(s.island[i]);
        key.put16(s.nbribes);
        for (int i = 0; i < s.nbribes; ++i) {
            const I::BribeRecord& b = s.bribes[i];
            key.put(b.round); key.put(b.palace); key.put(b.payer); key.put(b.role); key.put(b.prof);
            key.put32(b.amount);
        }
        key.put16(s.noffers);
        for (int i = 0; i < s.noffers; ++i) {
            const I::OfferRecord& o = s.offers[i];
            key.put(o.round); key.put(o.palace); key.put(o.payer); key.put(o.room);
            key.put32(o.amount);
        }
        key.put(s.nsteps);
        for (int i = 0; i < s.nsteps; ++i) {
            key.put(s.steps[i].payer); key.put(s.steps[i].role); key.put(s.steps[i].prof);
            key.put32(s.steps[i].amount);
        }
        key.put(s.nqueue);
        for (int i = 0; i < s.nqueue; ++i) {
            key.put(s.queue[i].payer); key.put(s.queue[i].role); key.put(s.queue[i].prof);
        }
        key.put(s.ndecisions);
        for (int i = 0; i < s.ndecisions; ++i) {
            key.put(s.decisions[i].kind); key.put(s.decisions[i].prof);
        }
        key.put(s.nseating);
        for (int i = 0; i < s.nseating; ++i) key.put(s.seating[i]);
        // pending: whether an offer was made; the payer's own step of a sum, to the payer.
        if (s.phase == I::BRIBE) {
            key.put(s.offered);
            if (s.nqueue > 0 && s.queue[0].payer == observer) {
                key.put(s.ask_room);
                key.put32(s.range_from);
                key.put(s.went_back);
            }
        } else if (s.phase == I::SEND) {
            key.put(s.nsent);
            for (int i = 0; i < s.nsent; ++i) key.put(s.sent[i]);
        }
        key.put32(s.money[observer]);
        return key.n;
    }
};

}  // namespace

void bind_intrige_search(nb::module_& m) {
    tavola::bind_search<IntrigeTraits>(m, "IntrigeSearch");
    tavola::bind_pimc<IntrigeTraits>(m, "IntrigePimc");
}
