// Notre Dame's native search (ismcts.hpp), bound as tavola_native.NotreDameSearch; driven
// by tavola/agents/ismcts.py through tavola/native/search.py.
#include "notre_dame.hpp"
#include "pimc_bindings.hpp"
#include "search_bindings.hpp"

namespace nb = nanobind;
namespace N = tavola::notre_dame;

namespace {

struct NotreDameTraits : tavola::SeatsTraits<N::State, N::kMaxLegal, N::kMaxPlayers> {
    static int to_act(const State& s, int* out) {
        if (s.terminal()) return 0;
        return s.to_act(out);
    }
    // heuristics.py GreedyPolicy: its tie-break draws from the search's generator.
    static int prior(const State& s, int player, const int* legal, int count,
                     tavola::PyRandom& rng) {
        return s.greedy_choice(player, legal, count, rng);
    }
    static State sample(const State& base, int observer, tavola::PyRandom& rng) {
        return base.sample(observer, rng);
    }
    static int players(const State& s) { return s.players; }
    static int action_space(const State& s) { return s.t->size; }

    // Everything view.py `view(s, observer)` shows, as bytes: equal views give equal bytes
    // and unequal views unequal ones. Constant fields of one game (players' colours and
    // quarters, the quarters, the viewer) and derived ones (the period, the plague) are
    // left out; the breakdown once over comes from the log, which a search's positions do
    // not keep (view.py `breakdown` is None for them). Sets the view lists sorted (hands,
    // decks, the characters to come) are written as bit masks; the private part (`me`)
    // follows `_private` card by card.
    static int view_key(const State& s, int o, uint8_t* out) {
        tavola::KeyBytes key(out);
        auto mask = [](const int8_t* cards, int count) {
            uint64_t m = 0;
            for (int i = 0; i < count; ++i) m |= uint64_t{1} << cards[i];
            return m;
        };
        const int np = s.players;
        const bool drafting = s.phase <= N::DRAFT_PICK;
        key.put(s.rnd);
        key.put(s.phase);
        key.put(s.first);
        key.put(s.turn);
        int acting[N::kMaxPlayers];
        const int na = to_act(s, acting);
        key.put(na);
        for (int i = 0; i < na; ++i) key.put(acting[i]);
        if (s.nstack > 0) {
            const N::Pending& p = s.stack[s.nstack - 1];
            key.put(1); key.put(p.task); key.put(p.player); key.put(p.x); key.put(p.y);
        } else {
            key.put(0);
        }
        key.put(s.nrevealed);
        for (int i = 0; i < s.nrevealed; ++i) key.put(s.revealed[i]);
        // view.py `to_come`, as a set.
        int to_come = 0;
        if (s.phase != N::OVER) {
            const int k = s.rnd % 3;
            const int period_end = s.rnd - k + 3;
            for (int i = 2 * k + 2; i < s.nbrown; ++i) to_come |= 1 << s.brown[i];
            for (int i = s.rnd + 1; i < period_end && i < s.ngrey; ++i)
                to_come |= 1 << s.grey[i];
        }
        key.put16(to_come);
        for (int sq = 0; sq < s.t->squares; ++sq) key.put(s.board[sq] >= 0 ? s.board[sq] : 0xff);
        if (!s.t->unlimited) key.put16(s.bank);
        for (int p = 0; p < np; ++p) {
            key.put16(s.gold[p]);
            key.put16(s.prestige[p]);
            key.put(s.rats[p]);
            key.put(s.supply[p]);
            key.put(s.general[p]);
            for (int k = 0; k < N::kSectors; ++k) key.put(s.sectors[p][k]);
            key.put(s.friend_[p] >= 0 && s.friend_[p] < N::kSectors ? s.friend_[p] : 0xff);
            key.put(s.nd[p]);
            key.put(s.carriage[p]);
            key.put(s.ntiles[p]);
            for (int i = 0; i < s.ntiles[p]; ++i) key.put(s.tiles[p][i]);
            key.put(s.hired[p] >= 0 && s.hired[p] < N::kCharacters ? s.hired[p] : 0xff);
            key.put(s.nhand[p]);
            key.put(s.nreceived[p]);
            key.put(s.ndeck[p]);
            key.put(s.nplayed[p]);
            for (int i = 0; i < s.nplayed[p]; ++i) key.put(s.played[p][i]);
            key.put(s.nfacedown[p]);
            key.put(drafting && s.choice[p] >= 0);
        }
        // `me` (view.py `_private`).
        key.put64(mask(s.hand[o], s.nhand[o]));
        key.put64(mask(s.received[o], s.nreceived[o]));
        const int choice = s.choice[o];
        if (choice >= 0)
            key.put(s.phase == N::DRAFT_KEEP ? s.hand[o][choice] : s.received[o][choice]);
        else
            key.put(0xff);
        key.put(s.nfacedown[o]);
        for (int i = 0; i < s.nfacedown[o]; ++i) key.put(s.facedown[o][i]);
        key.put64(mask(s.deck[o], s.ndeck[o]));
        // seen_by: each of the observer's hand, received and face-down cards others know.
        uint64_t mine = mask(s.hand[o], s.nhand[o]) | mask(s.received[o], s.nreceived[o]) |
                        mask(s.facedown[o], s.nfacedown[o]);
        for (int c = 0; c < N::kMaxCards; ++c) {
            if (!((mine >> c) & 1)) continue;
            int others = 0;
            for (int q = 0; q < np; ++q)
                if (q != o && s.know[q][c] == N::kKnown) others |= 1 << q;
            if (others) { key.put(c); key.put(others); }
        }
        key.put(0xff);
        // known_elsewhere and split_pairs: the other seats' hidden places of cards.
        const int r0 = s.rnd % 3;
        const int start = s.rnd - r0;
        int8_t where[N::kMaxCards], zone[N::kMaxCards], round[N::kMaxCards];
        for (int c = 0; c < N::kMaxCards; ++c) where[c] = -1;
        for (int q = 0; q < np; ++q) {
            if (q == o) continue;
            for (int i = 0; i < s.nhand[q]; ++i) {
                const int c = s.hand[q][i];
                where[c] = static_cast<int8_t>(q); zone[c] = 0; round[c] = static_cast<int8_t>(r0);
            }
            for (int i = 0; i < s.nreceived[q]; ++i) {
                const int c = s.received[q][i];
                where[c] = static_cast<int8_t>(q); zone[c] = 1; round[c] = static_cast<int8_t>(r0);
            }
            for (int i = 0; i < s.nfacedown[q]; ++i) {
                const int c = s.facedown[q][i];
                where[c] = static_cast<int8_t>(q); zone[c] = 2; round[c] = static_cast<int8_t>(i);
            }
        }
        for (int c = 0; c < N::kMaxCards; ++c)
            if (where[c] >= 0 && s.know[o][c] == N::kKnown) {
                key.put(c); key.put(where[c]); key.put(zone[c]); key.put(round[c]);
            }
        key.put(0xff);
        int top = 0;
        for (int c = 0; c < N::kMaxCards; ++c)
            if (where[c] >= 0 && s.know[o][c] > top) top = s.know[o][c];
        for (int g = N::kPairGroup; g <= top; ++g) {
            uint64_t cards = 0;
            int holders[N::kMaxPlayers] = {0};  // the sorted list of holders, as counts
            for (int c = 0; c < N::kMaxCards; ++c)
                if (where[c] >= 0 && s.know[o][c] == g) {
                    cards |= uint64_t{1} << c;
                    ++holders[where[c]];
                }
            if (cards) {
                key.put(g - N::kPairGroup - start);
                key.put64(cards);
                for (int q = 0; q < np; ++q) key.put(holders[q]);
            }
        }
        return key.n;
    }
};

}  // namespace

void bind_notre_dame_search(nb::module_& m) {
    tavola::bind_search<NotreDameTraits>(m, "NotreDameSearch");
    tavola::bind_pimc<NotreDameTraits>(m, "NotreDamePimc");
}
