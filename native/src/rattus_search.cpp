// Rattus's native search (ismcts.hpp), bound as tavola_native.RattusSearch; driven by
// tavola/agents/ismcts.py through tavola/native/search.py.
#include "search_bindings.hpp"
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

}  // namespace

void bind_rattus_search(nb::module_& m) { tavola::bind_search<RattusTraits>(m, "RattusSearch"); }
