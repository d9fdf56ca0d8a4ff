// Nottingham in the native core: the reference's rules (tavola/games/nottingham/rules.py),
// the action space and observation tensor of encoding.py, function by function. Chance is
// the set-up's shuffles, the Steal's pick and each reshuffle of the discard, drawn from the
// state's SplitMix64 as the reference draws them. docs/native.md.
#pragma once

#include <cstdint>

#include "pyrandom.hpp"
#include "pysum.hpp"
#include "rng.hpp"

namespace tavola::nottingham {

constexpr int kMaxPlayers = 7;
constexpr int kItems = 7;
constexpr int kCardsPerItem = 12;
constexpr int kCards = kItems * kCardsPerItem;  // 84
constexpr int kColours = 7;
constexpr int kAmbushCards = 13;  // 7 colours, then the six two-item cards
constexpr int kCommissionKinds = 4;
constexpr int kCommissionCount = 8;
constexpr int kMaxTrack = 14;
constexpr int kExchangeMinimum = 3;
constexpr int kStartingHand = 3;
constexpr int kMaxLegal = 256;  // the action space is at most 252

enum Item : int8_t { COPPER = 0, CANDLESTICK, GOLD, PEARLS, JEWELS, NECKLACE, CHEST };
enum Phase : int8_t {
    CHOOSE = 0, BUY_OFFER, BUY_CHOOSE, DEFEND, TAKE, AMBUSH_KEEP, TRADE_OFFER, TRADE_CHOOSE,
    EXCHANGE, AMBUSH_WINDOW, DISCARD_DOWN, OVER
};
enum Commission : int8_t { SEVEN = 0, FIVE, PAIRS4, PAIRS3 };
enum Resume : int8_t { RESUME_DRAW = 0, RESUME_END = 1 };
enum Offered : int8_t { NOT_ASKED = 0, OFFERED = 1, ANNOUNCED = 2 };

// The fixed action indices of encoding.py (absolute: the same for every seat; seats and
// colour cards counted from the acting seat).
enum Fixed : int { A_KEEP = 0, A_BUY, A_AMBUSH, A_TRADE, A_REFUSE, A_DEFEND, A_DECLINE, A_PASS };

// One table: the player count, the track and the options.
struct Table {
    int players;
    int track_kind;  // 0: long, 1: distinct
    int track_len;
    int8_t track[kMaxTrack];
    bool rob_shows_card, several_ambushes_each;
    int steal_at, rob_at, raid_at, purchase_at, accept_at, offer1_at, offer2_at, take_at,
        discard_at, hide_at, spring_at, exchange_at, commission_at, size;
    static Table make(int players, int track_kind, bool rob_shows_card, bool several);
};

// A list of small ids with its length (the reference's lists of ints).
template <int N>
struct List {
    int8_t n = 0;
    int8_t v[N];
    void push(int x) { v[n++] = static_cast<int8_t>(x); }
    int pop() { return v[--n]; }
    int pop_at(int i) {
        const int x = v[i];
        for (int k = i; k < n - 1; ++k) v[k] = v[k + 1];
        --n;
        return x;
    }
    void insert_front(int x) {
        for (int k = n; k > 0; --k) v[k] = v[k - 1];
        v[0] = static_cast<int8_t>(x);
        ++n;
    }
    int index(int x) const {
        for (int k = 0; k < n; ++k)
            if (v[k] == x) return k;
        return -1;
    }
    bool empty() const { return n == 0; }
};

struct State {
    Table t;
    uint64_t rng;
    int32_t sheriff, active, phase, drawn, target, resume, turn;
    bool recording;
    List<kCards> deck, discard;
    List<kCards> hands[kMaxPlayers];
    int8_t known[kMaxPlayers * kMaxPlayers * kItems];
    List<kCards> winnings[kMaxPlayers];
    List<kAmbushCards> ambush_deck;
    int16_t ambush_known[kAmbushCards];
    List<kAmbushCards> ambushes[kMaxPlayers], ambush_gold[kMaxPlayers];
    List<2> commissions[kCommissionKinds];
    List<kMaxPlayers> queue;
    int8_t offered[kMaxPlayers];
    List<kCardsPerItem> table;
    List<2> ambush_drawn;
    List<2> offers[kMaxPlayers];

    static State blank(const Table& t);
    static State new_game(const Table& t, uint64_t seed);

    bool terminal() const { return phase == OVER; }
    int to_act(int* out) const;  // the seats to act, in the reference's order
    bool pending(int player) const;
    int legal(int player, int* out) const;  // action indices, in the reference's order
    bool apply(int index, int player);  // false (and nothing changed) if not legal now
    void play(int index, int player);  // apply a legal index of a pending seat, unchecked
    void scores(int* out) const;
    void returns(double* out) const;
    int observation_size() const;
    void observe(int player, double* out) const;
    // view.sample: the position drawn from seat `player`'s view, with the reference's
    // draws from a random.Random (false if the view cannot be dealt: data no game
    // reaches); view.reseed: what nobody knows drawn afresh.
    bool sample(int player, PyRandom& rng, State& out) const;
    State reseed(PyRandom& rng) const;
    int random_playout(Rng& rng);
    int python_rollout(PyRandom& rng, int cutoff, bool greedy = false);
    // heuristics.GreedyPolicy.choose for a pending seat: the position in `legal` of the
    // action it chooses (from that seat's view alone; it draws nothing).
    int greedy_choice(int player, const int* legal, int m) const;
    // heuristics.evaluate: each seat's estimated utility in [-1, 1] (the game not over).
    void evaluate(double* out) const;

    // The rules (rules.py).
    int sheriff_number() const;  // -1 on the town of Nottingham
    void counts(int h, int* out) const;
    void public_add(int h, int item, int n = 1);
    void private_add(int h, int item, int knower);
    void public_remove(int h, int item, int n = 1);
    void hidden_remove(int h, int item, int knower);
    void reveal_hand(int h, int observer);  // observer -1: everybody
    void reveal_at_least(int h, int item, int n);
    int take(int h, int item);
    void move(int src, int dst, int card);
    void give_drawn(int h);
    void start_turn();
    int draw(int resume_at);
    void exhaustion(int resume_at);
    void discard_down(int player, int item);
    void finish_exhaustion();
    void end_turn();
    void end_game();
    void to_exchange();
    void announce(int q);
    void buy_offer(int q, int item);
    void buy_choose(int q);
    void defend();
    void attack();
    void take_from_target(int item);
    void hide(int card);
    void advance_trade();
    void trade_offer(int q, const int* items, int count);
    void trade_accept(int q);
    void exchange(int item, int n);
    void advance_ambush();
    void spring(int q, int card);
    void commission(int kind, const int* items);
    void sheriff_move();
    int seat_index(int at, int player, int q) const {
        return at + (q - player + t.players) % t.players - 1;
    }
    int card_index(int at, int player, int card) const {
        return card < kColours ? seat_index(at, player, card)
                               : at + t.players - 1 + card - kColours;
    }
};

}  // namespace tavola::nottingham
