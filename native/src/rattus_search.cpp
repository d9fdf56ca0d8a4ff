// Rattus's native search (ismcts.hpp), bound as tavola_native.RattusSearch; driven by
// tavola/agents/ismcts.py through tavola/native/search.py.
#include "pimc_bindings.hpp"
#include "search_bindings.hpp"
#include "rattus.hpp"

namespace nb = nanobind;
namespace R = tavola::rattus;

namespace {

struct RattusTraits : tavola::OneSeatTraits<R::State, R::kMaxLegal, R::kMaxPlayers> {
    static int to_act(const State& s, int* out) {
        if (s.terminal()) return 0;
        out[0] = s.active;
        return 1;
    }
    // heuristics.py GreedyPolicy: draws nothing.
    static int prior(const State& s, int, const int* legal, int count, tavola::PyRandom&) {
        return s.greedy_choice(legal, count);
    }
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
        tavola::KeyBytes key(out);
        auto front = [&](int t) {
            const R::TokenFront& f = R::token_front(t);
            key.put(f.threshold); key.put(f.majority); key.put(f.everyone); key.put(f.starting);
            key.put(f.class_count);
            for (int i = 0; i < f.class_count; ++i) key.put(f.classes[i]);
        };
        const int players = s.players;
        const uint64_t mine = s.known[observer];
        key.put(s.phase);
        key.put(s.phase != R::OVER ? s.active : 0xff);
        key.put16(s.turn);
        for (int r = 0; r < s.t->regions; ++r) {
            for (int p = 0; p < players; ++p) key.put(s.board[r][p]);
            key.put(s.ntok[r]);
            for (int i = 0; i < s.ntok[r]; ++i) {
                const int t = s.tokens[r][i];
                key.put(t < R::kStartingCount);
                int seen = 0;
                for (int q = 0; q < players; ++q) seen |= ((s.known[q] >> t) & 1) << q;
                key.put(seen);
                if ((mine >> t) & 1) {
                    key.put(1);
                    front(t);
                } else {
                    key.put(0);
                }
            }
        }
        key.put(s.plague);
        for (int p = 0; p < players; ++p) {
            key.put(s.palace[p]);
            key.put(s.reserve[p]);
            key.put(s.lost[p]);
        }
        for (int c = 0; c < R::kClassCount; ++c) key.put(s.holder[c]);
        int starting = 0;
        for (int i = 0; i < s.nsupply; ++i) starting += s.supply[i] < R::kStartingCount;
        key.put(starting);
        key.put(s.nsupply - starting);
        key.put(s.naside);
        key.put(s.nout);
        for (int i = 0; i < s.nout; ++i) front(s.out[i]);
        key.put16(s.step);
        key.put(s.took);
        key.put(s.placed);
        key.put(s.phase != R::SETUP && s.last_player < 0 ? s.stage : 0xff);
        key.put(s.used);
        key.put(s.spread_left);
        key.put(s.spread_from);
        key.put(s.witch_first[0]); key.put(s.witch_first[1]);
        key.put(s.witch_second[0]); key.put(s.witch_second[1]);
        key.put(s.pick);
        key.put(s.queue_len);
        for (int i = 0; i < s.queue_len; ++i) key.put(s.queue[i]);
        key.put(s.last_player);
        return key.n;
    }
};

}  // namespace

void bind_rattus_search(nb::module_& m) {
    tavola::bind_search<RattusTraits>(m, "RattusSearch");
    tavola::bind_pimc<RattusTraits>(m, "RattusPimc");
}
