// Nottingham's native search (ismcts.hpp), bound as tavola_native.NottinghamSearch; driven
// by tavola/agents/ismcts.py through tavola/native/search.py.
#include <stdexcept>

#include "nottingham.hpp"
#include "pimc_bindings.hpp"
#include "search_bindings.hpp"

namespace nb = nanobind;
namespace T = tavola::nottingham;

namespace {

struct NottinghamTraits : tavola::SearchTraits<T::State, T::kMaxLegal, T::kMaxPlayers> {
    static int to_act(const State& s, int* out) {
        if (s.terminal()) return 0;
        return s.to_act(out);
    }
    static int legal(const State& s, int player, int* out) { return s.legal(player, out); }
    static void apply(State& s, int player, int index) { s.play(index, player); }
    // heuristics.py GreedyPolicy: draws nothing.
    static int prior(const State& s, int player, const int* legal, int count, tavola::PyRandom&) {
        return s.greedy_choice(player, legal, count);
    }
    // view.py `sample`. It deals every view a game reaches (tests/native/
    // test_nottingham_sample.py); a view it could not deal is an error, never a guess.
    static State sample(const State& base, int observer, tavola::PyRandom& rng) {
        State out;
        if (!base.sample(observer, rng, out))
            throw std::logic_error("Nottingham: a view the sampler cannot deal");
        return out;
    }
    static int players(const State& s) { return s.t.players; }
    static int action_space(const State& s) { return s.t.size; }

    // Everything view.py `view(s, observer)` shows, as bytes: equal views give equal bytes
    // and unequal views unequal ones. Constant fields of one game (players, the track, the
    // commissions' values and names, the viewer) and derived ones (sheriff_number from the
    // sheriff, each seat's points from its winnings and the commissions, `unknown` from the
    // hand size and `known`, `hand` = the observer's own `known`) are
    // left out; a list is written with its length.
    static int view_key(const State& s, int o, uint8_t* out) {
        tavola::KeyBytes key(out);
        const int p = s.t.players;
        auto row = [&](int holder, int observer) {
            const int base = (holder * p + observer) * T::kItems;
            for (int i = 0; i < T::kItems; ++i) key.put(s.known[base + i]);
        };
        auto items = [&](const int8_t* cards, int n) {
            int c[T::kItems] = {};
            for (int i = 0; i < n; ++i) ++c[cards[i] / T::kCardsPerItem];
            for (int i = 0; i < T::kItems; ++i) key.put(c[i]);
        };
        const bool open_offers =
            s.phase == T::BUY_CHOOSE || s.phase == T::TRADE_OFFER || s.phase == T::TRADE_CHOOSE;
        key.put16(s.turn);
        key.put(s.active);
        key.put(s.phase);
        int acting[T::kMaxPlayers];
        const int na = to_act(s, acting);
        key.put(na);
        for (int i = 0; i < na; ++i) key.put(acting[i]);
        key.put(s.queue.n);
        for (int i = 0; i < s.queue.n; ++i) key.put(s.queue.v[i]);
        key.put(s.target);
        key.put(s.drawn >= 0 ? s.drawn / T::kCardsPerItem : 0xff);
        key.put(s.sheriff);
        key.put(s.phase == T::DISCARD_DOWN ? s.resume : 0xff);
        key.put(s.deck.n);
        items(s.discard.v, s.discard.n);
        for (int c = 0; c < T::kCommissionKinds; ++c) {
            key.put(s.commissions[c].n);
            for (int i = 0; i < s.commissions[c].n; ++i) key.put(s.commissions[c].v[i]);
        }
        for (int h = 0; h < p; ++h) {
            key.put(s.hands[h].n);
            if (h == o)
                items(s.hands[h].v, s.hands[h].n);
            else
                row(h, o);
            row(h, h);  // the public row
            key.put(s.ambushes[h].n);
            items(s.winnings[h].v, s.winnings[h].n);
            key.put(s.offered[h]);
            if (s.offers[h].n > 0 && (h == o || open_offers)) {
                key.put(s.offers[h].n);
                for (int i = 0; i < s.offers[h].n; ++i)
                    key.put(s.offers[h].v[i] / T::kCardsPerItem);
            } else {
                key.put(0xff);  // None
            }
        }
        for (int q = 0; q < p; ++q) row(o, q);  // my_hand_known_to
        key.put(s.ambushes[o].n);
        for (int i = 0; i < s.ambushes[o].n; ++i) key.put(s.ambushes[o].v[i]);
        const int bit = 1 << o;
        key.put(s.ambush_deck.n);
        for (int i = s.ambush_deck.n - 1; i >= 0; --i) {
            const int a = s.ambush_deck.v[i];
            key.put(s.ambush_known[a] & bit ? a : 0xff);
            key.put(s.ambush_known[a] & ((1 << p) - 1));
        }
        if (o == s.active && s.phase == T::AMBUSH_KEEP) {
            key.put(s.ambush_drawn.n);
            for (int i = 0; i < s.ambush_drawn.n; ++i) key.put(s.ambush_drawn.v[i]);
        } else {
            key.put(0xff);
        }
        if (s.table.n > 0) {
            key.put(s.table.v[0] / T::kCardsPerItem);
            key.put(s.table.n);
        } else {
            key.put(0xff);
        }
        return key.n;
    }
};

}  // namespace

void bind_nottingham_search(nb::module_& m) {
    tavola::bind_search<NottinghamTraits>(m, "NottinghamSearch");
    tavola::bind_pimc<NottinghamTraits>(m, "NottinghamPimc");
}
