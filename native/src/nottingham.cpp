// Nottingham's rules, action space and tensor: tavola/games/nottingham/rules.py and
// encoding.py (with view.py's view as `observe` reads it), function by function.
#include "nottingham.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace tavola::nottingham {

namespace {

constexpr int kItemValues[kItems] = {7, 8, 9, 10, 11, 12, 13};
constexpr int kCommissionValues[kCommissionKinds][2] = {{30, 20}, {26, 16}, {22, 14}, {15, 10}};
// The two items on each two-item ambush card (components.AMBUSH_PAIRS).
constexpr int kAmbushPairs[6][2] = {{COPPER, CANDLESTICK}, {CANDLESTICK, PEARLS},
                                    {PEARLS, JEWELS},      {JEWELS, NECKLACE},
                                    {NECKLACE, CHEST},     {CHEST, COPPER}};
constexpr int8_t kTrackLong[14] = {5, 3, 7, 4, 2, 6, 8, 3, 5, 2, 7, 4, 8, 6};
constexpr int8_t kTrackDistinct[7] = {5, 3, 7, 2, 6, 4, 8};
constexpr int kPhases = 12;
constexpr int kTurnScale = 200, kHandScale = 24, kPointsScale = 150, kTopNumber = 8;
constexpr int kWinningsMax = kCardsPerItem - kExchangeMinimum + 1;
constexpr int kTradeOfferMax = 2;

inline int item_of(int card) { return card / kCardsPerItem; }

// The combinations of items, in itertools.combinations order, and the two-item offers.
struct Tables {
    int8_t combos4[35][4];
    int8_t combos3[35][3];
    int pair[kItems][kItems];  // position among the two-item offers, -1 if none
    int8_t pair_items[21][2];
    Tables() {
        int k = 0;
        for (int a = 0; a < kItems; ++a)
            for (int b = a + 1; b < kItems; ++b)
                for (int c = b + 1; c < kItems; ++c)
                    for (int d = c + 1; d < kItems; ++d) {
                        combos4[k][0] = a, combos4[k][1] = b, combos4[k][2] = c,
                        combos4[k][3] = d;
                        ++k;
                    }
        k = 0;
        for (int a = 0; a < kItems; ++a)
            for (int b = a + 1; b < kItems; ++b)
                for (int c = b + 1; c < kItems; ++c) {
                    combos3[k][0] = a, combos3[k][1] = b, combos3[k][2] = c;
                    ++k;
                }
        k = 0;
        for (int i = 0; i < kItems; ++i)
            for (int j = 0; j < kItems; ++j) pair[i][j] = -1;
        for (int i = 0; i < kItems; ++i)
            for (int j = i; j < kItems; ++j) {
                if (i == CHEST || j == CHEST) continue;
                pair[i][j] = k;
                pair_items[k][0] = static_cast<int8_t>(i);
                pair_items[k][1] = static_cast<int8_t>(j);
                ++k;
            }
    }
};
const Tables kTables;

inline int ambush_colour(int card) { return card < kColours ? card : -1; }

inline bool ambush_matches(int card, int victim, int item) {
    if (ambush_colour(card) == victim) return true;
    if (card < kColours) return false;
    const int* p = kAmbushPairs[card - kColours];
    return p[0] == item || p[1] == item;
}

bool holds_other_than(const List<kCards>& hand, int banned) {
    for (int i = 0; i < hand.n; ++i)
        if (item_of(hand.v[i]) != banned) return true;
    return false;
}

}  // namespace

Table Table::make(int players, int track_kind, bool rob_shows_card, bool several) {
    Table t{};
    t.players = players;
    t.track_kind = track_kind;
    const int8_t* track = track_kind == 0 ? kTrackLong : kTrackDistinct;
    t.track_len = track_kind == 0 ? 14 : 7;
    for (int i = 0; i < t.track_len; ++i) t.track[i] = track[i];
    t.rob_shows_card = rob_shows_card;
    t.several_ambushes_each = several;
    const int others = players - 1;
    t.steal_at = 8;
    t.rob_at = t.steal_at + others;
    t.raid_at = t.rob_at + others;
    t.purchase_at = t.raid_at + others;
    t.accept_at = t.purchase_at + others;
    t.offer1_at = t.accept_at + others;
    t.offer2_at = t.offer1_at + kItems;
    t.take_at = t.offer2_at + 21;
    t.discard_at = t.take_at + kItems;
    t.hide_at = t.discard_at + kItems;
    t.spring_at = t.hide_at + players + 5;
    t.exchange_at = t.spring_at + players + 5;
    t.commission_at = t.exchange_at + kItems * 10;
    t.size = t.commission_at + 1 + kItems + 35 + 35;
    return t;
}

State State::blank(const Table& t) {
    State s;
    std::memset(static_cast<void*>(&s), 0, sizeof(State));
    s.t = t;
    s.drawn = -1;
    s.target = -1;
    s.turn = 1;
    return s;
}

// rules.setup.
State State::new_game(const Table& t, uint64_t seed) {
    State s = blank(t);
    const int p = t.players;
    s.recording = false;  // a native position keeps no log: the reference's for_search()
    Rng rng{seed_to_state(seed)};
    for (int c = 0; c < kCards; ++c) s.deck.push(c);
    rng.shuffle(s.deck.v, s.deck.n);
    for (int h = 0; h < p; ++h)
        for (int k = 0; k < kStartingHand; ++k) s.hands[h].push(s.deck.pop());
    for (int a = 0; a < kAmbushCards; ++a)
        if (ambush_colour(a) < p) s.ambush_deck.push(a);
    rng.shuffle(s.ambush_deck.v, s.ambush_deck.n);
    s.sheriff = 0;
    s.active = 0;
    s.phase = CHOOSE;
    s.resume = RESUME_DRAW;
    s.turn = 1;
    s.rng = rng.state;
    s.start_turn();
    return s;
}

// -- small helpers ----------------------------------------------------------------------
int State::sheriff_number() const {
    if (1 <= sheriff && sheriff <= t.track_len) return t.track[sheriff - 1];
    return -1;
}

void State::counts(int h, int* out) const {
    for (int i = 0; i < kItems; ++i) out[i] = 0;
    const List<kCards>& hand = hands[h];
    for (int i = 0; i < hand.n; ++i) ++out[item_of(hand.v[i])];
}

void State::public_add(int h, int item, int n) {
    const int p = t.players, base = h * p * kItems + item;
    for (int o = 0; o < p; ++o) known[base + o * kItems] = static_cast<int8_t>(known[base + o * kItems] + n);
}

void State::private_add(int h, int item, int knower) {
    ++known[(h * t.players + knower) * kItems + item];
}

void State::public_remove(int h, int item, int n) {
    const int p = t.players, base = h * p * kItems + item;
    for (int o = 0; o < p; ++o) {
        const int i = base + o * kItems, v = known[i] - n;
        known[i] = static_cast<int8_t>(v > 0 ? v : 0);
    }
}

void State::hidden_remove(int h, int item, int knower) {
    const int p = t.players;
    for (int o = 0; o < p; ++o) {
        const int base = (h * p + o) * kItems;
        if (o == knower) {
            if (known[base + item]) --known[base + item];
        } else {
            for (int i = base; i < base + kItems; ++i)
                if (known[i]) --known[i];
        }
    }
}

void State::reveal_hand(int h, int observer) {
    int c[kItems];
    counts(h, c);
    for (int o = 0; o < t.players; ++o) {
        if (observer >= 0 && o != observer) continue;
        const int base = (h * t.players + o) * kItems;
        for (int i = 0; i < kItems; ++i) known[base + i] = static_cast<int8_t>(c[i]);
    }
}

void State::reveal_at_least(int h, int item, int n) {
    const int p = t.players, base = h * p * kItems + item;
    for (int o = 0; o < p; ++o) {
        const int i = base + o * kItems;
        if (known[i] < n) known[i] = static_cast<int8_t>(n);
    }
}

int State::take(int h, int item) {
    List<kCards>& hand = hands[h];
    for (int i = hand.n - 1; i >= 0; --i)
        if (item_of(hand.v[i]) == item) return hand.pop_at(i);
    return -1;  // never: the rules take only what the hand holds
}

void State::move(int src, int dst, int card) {
    hands[src].pop_at(hands[src].index(card));
    const int item = item_of(card);
    public_remove(src, item);
    hands[dst].push(card);
    public_add(dst, item);
}

void State::give_drawn(int h) {
    hands[h].push(drawn);
    public_add(h, item_of(drawn));
    drawn = -1;
}

// -- the turn ---------------------------------------------------------------------------
void State::start_turn() {
    const int card = draw(RESUME_DRAW);
    if (card < 0) return;
    drawn = card;
    phase = CHOOSE;
}

int State::draw(int resume_at) {
    if (deck.empty()) {
        if (discard.empty()) {
            exhaustion(resume_at);
            return -1;
        }
        Rng r{rng};
        r.shuffle(discard.v, discard.n);
        rng = r.state;
        deck = discard;
        discard.n = 0;
    }
    return deck.pop();
}

void State::exhaustion(int resume_at) {
    resume = resume_at;
    const int limit = sheriff_number();
    queue.n = 0;
    if (limit >= 0) {
        for (int i = 0; i < t.players; ++i) {
            const int q = (active + i) % t.players;
            if (hands[q].n > limit) queue.push(q);
        }
    }
    if (!queue.empty())
        phase = DISCARD_DOWN;
    else
        finish_exhaustion();
}

void State::discard_down(int player, int item) {
    const int card = take(player, item);
    public_remove(player, item);
    discard.push(card);
    const int limit = sheriff_number();
    if (limit >= 0 && hands[player].n <= limit) queue.pop_at(0);
    if (queue.empty()) finish_exhaustion();
}

void State::finish_exhaustion() {
    queue.n = 0;
    sheriff += 1;
    if (sheriff > t.track_len) {
        end_game();
        return;
    }
    if (resume == RESUME_DRAW)
        start_turn();
    else
        end_turn();
}

void State::end_turn() {
    active = (active + 1) % t.players;
    turn += 1;
    drawn = -1;
    target = -1;
    queue.n = 0;
    phase = EXCHANGE;
    start_turn();
}

void State::end_game() {
    phase = OVER;
    queue.n = 0;
}

void State::to_exchange() {
    target = -1;
    queue.n = 0;
    for (int p = 0; p < t.players; ++p) {
        offers[p].n = 0;
        offered[p] = NOT_ASKED;
    }
    phase = EXCHANGE;
}

void State::announce(int q) {
    offered[q] = ANNOUNCED;
    reveal_hand(q, -1);
}

void State::buy_offer(int q, int item) {
    int card = -1;
    const List<kCards>& hand = hands[q];
    for (int i = hand.n - 1; i >= 0; --i)
        if (item_of(hand.v[i]) == item) {
            card = hand.v[i];
            break;
        }
    offers[q].n = 0;
    offers[q].push(card);
    offered[q] = OFFERED;
    queue.pop_at(queue.index(q));
    if (queue.empty()) {
        for (int i = 1; i < t.players; ++i) {
            const int p = (active + i) % t.players;
            if (!offers[p].empty()) reveal_at_least(p, item_of(offers[p].v[0]), 1);
        }
        phase = BUY_CHOOSE;
    }
}

void State::buy_choose(int q) {
    const int a = active;
    if (q < 0) {
        give_drawn(a);
    } else {
        move(q, a, offers[q].v[0]);
        give_drawn(q);
    }
    to_exchange();
}

void State::defend() {
    const int q = target, a = active;
    const int necklace = take(q, NECKLACE);
    public_remove(q, NECKLACE);
    hands[a].push(necklace);
    public_add(a, NECKLACE);
    give_drawn(q);
    to_exchange();
}

void State::attack() {
    const int q = target, a = active;
    const int item = item_of(drawn);
    queue.n = 0;
    if (item == CANDLESTICK) {
        Rng r{rng};
        const int card = hands[q].pop_at(static_cast<int>(r.below(static_cast<uint64_t>(hands[q].n))));
        rng = r.state;
        const int got = item_of(card);
        hidden_remove(q, got, a);
        hands[a].push(card);
        private_add(a, got, q);
        give_drawn(q);
        to_exchange();
    } else if (item == PEARLS) {
        reveal_hand(q, a);
        phase = TAKE;
    } else {
        reveal_hand(q, -1);
        phase = TAKE;
    }
}

void State::take_from_target(int item) {
    const int q = target, a = active;
    const int card = take(q, item);
    if (item_of(drawn) == PEARLS && !t.rob_shows_card) {
        hidden_remove(q, item, a);
        hands[a].push(card);
        private_add(a, item, q);
    } else {
        public_remove(q, item);
        hands[a].push(card);
        public_add(a, item);
    }
    give_drawn(q);
    to_exchange();
}

void State::hide(int card) {
    const int a = active;
    const int other = ambush_drawn.v[0] != card ? ambush_drawn.v[0] : ambush_drawn.v[1];
    ambushes[a].push(card);
    ambush_gold[a].push(drawn);
    drawn = -1;
    ambush_deck.insert_front(other);
    ambush_drawn.n = 0;
    to_exchange();
}

void State::advance_trade() {
    while (!queue.empty()) {
        const int q = queue.v[0];
        if (holds_other_than(hands[q], CHEST)) {
            phase = TRADE_OFFER;
            return;
        }
        announce(q);
        queue.pop_at(0);
    }
    for (int p = 0; p < t.players; ++p)
        if (!offers[p].empty()) {
            phase = TRADE_CHOOSE;
            return;
        }
    give_drawn(active);
    to_exchange();
}

void State::trade_offer(int q, const int* items, int count) {
    const List<kCards>& hand = hands[q];
    List<2> cards;
    for (int k = 0; k < count; ++k)
        for (int i = hand.n - 1; i >= 0; --i)
            if (item_of(hand.v[i]) == items[k] && cards.index(hand.v[i]) < 0) {
                cards.push(hand.v[i]);
                break;
            }
    offers[q] = cards;
    offered[q] = OFFERED;
    if (count == 2 && items[0] == items[1]) {
        reveal_at_least(q, items[0], 2);
    } else {
        for (int k = 0; k < count; ++k) reveal_at_least(q, items[k], 1);
    }
    queue.pop_at(0);
    advance_trade();
}

void State::trade_accept(int q) {
    const int a = active;
    const List<2> cards = offers[q];
    for (int k = 0; k < cards.n; ++k) move(q, a, cards.v[k]);
    give_drawn(q);
    to_exchange();
}

void State::exchange(int item, int n) {
    const int a = active;
    table.n = 0;
    for (int k = 0; k < n; ++k) table.push(take(a, item));
    public_remove(a, item, n);
    queue.n = 0;
    for (int i = 1; i < t.players; ++i) {
        const int q = (a + i) % t.players;
        if (!ambushes[q].empty()) queue.push(q);
    }
    advance_ambush();
}

void State::advance_ambush() {
    const int a = active;
    if (table.n < kExchangeMinimum) {
        if (!table.empty()) {
            const int item = item_of(table.v[0]);
            for (int k = 0; k < table.n; ++k) hands[a].push(table.v[k]);
            public_add(a, item, table.n);
        }
        table.n = 0;
        end_turn();
        return;
    }
    if (!queue.empty()) {
        phase = AMBUSH_WINDOW;
        return;
    }
    winnings[a].push(table.v[0]);
    for (int k = 1; k < table.n; ++k) discard.push(table.v[k]);
    table.n = 0;
    sheriff_move();
}

void State::spring(int q, int card) {
    const int a = active;
    const int i = ambushes[q].index(card);
    ambushes[q].pop_at(i);
    const int gold = ambush_gold[q].pop_at(i);
    const int taken = table.pop();
    hands[q].push(taken);
    public_add(q, item_of(taken));
    hands[a].push(gold);
    public_add(a, GOLD);
    ambush_deck.insert_front(card);
    ambush_known[card] = static_cast<int16_t>((1 << (t.players + 1)) - 1);
    if (!(t.several_ambushes_each && !ambushes[q].empty())) queue.pop_at(0);
    advance_ambush();
}

void State::commission(int kind, const int* items) {
    const int a = active;
    int need[5 * 2];
    int m = 0;
    if (kind == SEVEN) {
        for (int i = 0; i < kItems; ++i) need[m++] = i;
    } else if (kind == FIVE) {
        for (int k = 0; k < 5; ++k) need[m++] = items[0];
    } else {
        const int size = kind == PAIRS4 ? 4 : 3;
        for (int k = 0; k < size; ++k) need[m++] = items[k], need[m++] = items[k];
    }
    int cards[10];
    for (int k = 0; k < m; ++k) cards[k] = take(a, need[k]);
    for (int k = 0; k < m; ++k) public_remove(a, item_of(cards[k]));
    for (int k = 0; k < m; ++k) discard.push(cards[k]);
    commissions[kind].push(a);
    int done = 0;
    for (int k = 0; k < kCommissionKinds; ++k) done += commissions[k].n;
    if (done >= kCommissionCount) {
        end_game();
        return;
    }
    sheriff_move();
}

void State::sheriff_move() {
    sheriff += 1;
    if (sheriff > t.track_len) {
        end_game();
        return;
    }
    const int number = t.track[sheriff - 1];
    int favoured[kMaxPlayers];
    int m = 0;
    for (int i = 0; i < t.players; ++i) {
        const int q = (active + i) % t.players;
        if (hands[q].n <= number) favoured[m++] = q;
    }
    for (int k = 0; k < m; ++k) {
        const int card = draw(RESUME_END);
        if (card < 0) return;
        hands[favoured[k]].push(card);
    }
    end_turn();
}

// -- who acts and what they may do ------------------------------------------------------
int State::to_act(int* out) const {
    if (phase == OVER) return 0;
    if (phase == BUY_OFFER) {
        for (int i = 0; i < queue.n; ++i) out[i] = queue.v[i];
        return queue.n;
    }
    if (phase == DEFEND || phase == TRADE_OFFER || phase == AMBUSH_WINDOW ||
        phase == DISCARD_DOWN) {
        out[0] = queue.v[0];
        return 1;
    }
    out[0] = active;
    return 1;
}

bool State::pending(int player) const {
    int seats[kMaxPlayers];
    const int m = to_act(seats);
    for (int i = 0; i < m; ++i)
        if (seats[i] == player) return true;
    return false;
}

int State::legal(int player, int* out) const {
    const int p = t.players;
    int m = 0;
    int c[kItems];
    counts(player, c);
    switch (phase) {
        case CHOOSE: {
            const int item = item_of(drawn);
            out[m++] = A_KEEP;
            if (item == COPPER) {
                out[m++] = A_BUY;
            } else if (item == GOLD) {
                if (ambush_deck.n >= 2) out[m++] = A_AMBUSH;
            } else if (item == CHEST) {
                out[m++] = A_TRADE;
            } else if (item == CANDLESTICK || item == PEARLS || item == JEWELS) {
                const int at = item == CANDLESTICK ? t.steal_at : item == PEARLS ? t.rob_at : t.raid_at;
                for (int i = 1; i < p; ++i) {
                    const int q = (active + i) % p;
                    if (!hands[q].empty()) out[m++] = seat_index(at, player, q);
                }
            }
            return m;
        }
        case EXCHANGE: {
            out[m++] = A_PASS;
            int top = 0;
            for (int i = 0; i < kItems; ++i) top = std::max(top, c[i]);
            if (top >= kExchangeMinimum)
                for (int i = 0; i < kItems; ++i)
                    for (int n = kExchangeMinimum; n <= c[i]; ++n)
                        out[m++] = t.exchange_at + i * 10 + n - kExchangeMinimum;
            int pairs = 0;
            bool pair[kItems];
            for (int i = 0; i < kItems; ++i) {
                pair[i] = c[i] >= 2;
                pairs += pair[i];
            }
            for (int kind = 0; kind < kCommissionKinds; ++kind) {
                const List<2>& done = commissions[kind];
                if (done.n >= 2 || done.index(player) >= 0) continue;
                if (kind == SEVEN) {
                    bool all = true;
                    for (int i = 0; i < kItems; ++i) all = all && c[i] > 0;
                    if (all) out[m++] = t.commission_at;
                } else if (kind == FIVE) {
                    if (top >= 5)
                        for (int i = 0; i < kItems; ++i)
                            if (c[i] >= 5) out[m++] = t.commission_at + 1 + i;
                } else if (top >= 2 && pairs >= 3) {
                    if (kind == PAIRS4) {
                        for (int k = 0; k < 35; ++k) {
                            const int8_t* cb = kTables.combos4[k];
                            if (pair[cb[0]] && pair[cb[1]] && pair[cb[2]] && pair[cb[3]])
                                out[m++] = t.commission_at + 8 + k;
                        }
                    } else {
                        for (int k = 0; k < 35; ++k) {
                            const int8_t* cb = kTables.combos3[k];
                            if (pair[cb[0]] && pair[cb[1]] && pair[cb[2]])
                                out[m++] = t.commission_at + 8 + 35 + k;
                        }
                    }
                }
            }
            return m;
        }
        case BUY_OFFER:
            for (int i = 0; i < kItems; ++i)
                if (c[i] && i != COPPER) out[m++] = t.offer1_at + i;
            return m;
        case BUY_CHOOSE:
            for (int i = 1; i < p; ++i) {
                const int q = (active + i) % p;
                if (!offers[q].empty()) out[m++] = seat_index(t.purchase_at, player, q);
            }
            out[m++] = A_REFUSE;
            return m;
        case DEFEND:
            if (c[NECKLACE]) out[m++] = A_DEFEND;
            out[m++] = A_DECLINE;
            return m;
        case TAKE: {
            int tc[kItems];
            counts(target, tc);
            for (int i = 0; i < kItems; ++i)
                if (tc[i]) out[m++] = t.take_at + i;
            return m;
        }
        case AMBUSH_KEEP: {
            int cards[2] = {ambush_drawn.v[0], ambush_drawn.v[1]};
            if (cards[1] < cards[0]) std::swap(cards[0], cards[1]);
            for (int k = 0; k < ambush_drawn.n; ++k)
                if (ambush_colour(cards[k]) != player) out[m++] = card_index(t.hide_at, player, cards[k]);
            return m;
        }
        case TRADE_OFFER:
            for (int i = 0; i < kItems; ++i)
                if (c[i] && i != CHEST) out[m++] = t.offer1_at + i;
            for (int i = 0; i < kItems; ++i) {
                if (!c[i] || i == CHEST) continue;
                for (int j = i; j < kItems; ++j) {
                    if (j == CHEST || !c[j] || (i == j && c[i] < 2)) continue;
                    out[m++] = t.offer2_at + kTables.pair[i][j];
                }
            }
            return m;
        case TRADE_CHOOSE:
            for (int i = 1; i < p; ++i) {
                const int q = (active + i) % p;
                if (!offers[q].empty()) out[m++] = seat_index(t.accept_at, player, q);
            }
            return m;
        case AMBUSH_WINDOW: {
            const int item = item_of(table.v[0]);
            int cards[kAmbushCards];
            const int n = ambushes[player].n;
            for (int k = 0; k < n; ++k) cards[k] = ambushes[player].v[k];
            std::sort(cards, cards + n);
            for (int k = 0; k < n; ++k)
                if (ambush_matches(cards[k], active, item))
                    out[m++] = card_index(t.spring_at, player, cards[k]);
            out[m++] = A_DECLINE;
            return m;
        }
        case DISCARD_DOWN:
            for (int i = 0; i < kItems; ++i)
                if (c[i]) out[m++] = t.discard_at + i;
            return m;
        default:
            return 0;
    }
}

bool State::apply(int index, int player) {
    if (terminal() || !pending(player)) return false;
    int buffer[kMaxLegal];
    const int m = legal(player, buffer);
    if (std::find(buffer, buffer + m, index) == buffer + m) return false;
    play(index, player);
    return true;
}

void State::play(int index, int player) {
    const int p = t.players;
    auto seat = [&](int at) { return (player + index - at + 1) % p; };
    auto card = [&](int at) {
        const int r = index - at;
        return r < p - 1 ? (player + r + 1) % p : kColours + r - (p - 1);
    };
    switch (phase) {
        case CHOOSE:
            if (index == A_KEEP) {
                give_drawn(active);
                to_exchange();
            } else if (index == A_BUY) {
                for (int i = 1; i < p; ++i) {
                    const int q = (active + i) % p;
                    if (holds_other_than(hands[q], COPPER))
                        queue.push(q);
                    else
                        announce(q);
                }
                phase = queue.empty() ? BUY_CHOOSE : BUY_OFFER;
            } else if (index == A_AMBUSH) {
                ambush_drawn.n = 0;
                for (int k = 0; k < 2; ++k) ambush_drawn.push(ambush_deck.pop());
                for (int k = 0; k < 2; ++k)
                    ambush_known[ambush_drawn.v[k]] = static_cast<int16_t>(1 << active);
                phase = AMBUSH_KEEP;
            } else if (index == A_TRADE) {
                queue.n = 0;
                for (int i = 1; i < p; ++i) queue.push((active + i) % p);
                advance_trade();
            } else {  // steal, rob, raid
                const int at = index < t.rob_at ? t.steal_at : index < t.raid_at ? t.rob_at : t.raid_at;
                target = seat(at);
                queue.n = 0;
                queue.push(target);
                phase = DEFEND;
            }
            break;
        case EXCHANGE:
            if (index == A_PASS) {
                end_turn();
            } else if (index < t.commission_at) {
                const int r = index - t.exchange_at;
                exchange(r / 10, r % 10 + kExchangeMinimum);
            } else {
                const int r = index - t.commission_at;
                int items[4];
                if (r == 0) {
                    commission(SEVEN, items);
                } else if (r < 8) {
                    items[0] = r - 1;
                    commission(FIVE, items);
                } else if (r < 8 + 35) {
                    for (int k = 0; k < 4; ++k) items[k] = kTables.combos4[r - 8][k];
                    commission(PAIRS4, items);
                } else {
                    for (int k = 0; k < 3; ++k) items[k] = kTables.combos3[r - 8 - 35][k];
                    commission(PAIRS3, items);
                }
            }
            break;
        case BUY_OFFER:
            buy_offer(player, index - t.offer1_at);
            break;
        case BUY_CHOOSE:
            buy_choose(index == A_REFUSE ? -1 : seat(t.purchase_at));
            break;
        case DEFEND:
            if (index == A_DEFEND)
                defend();
            else
                attack();
            break;
        case TAKE:
            take_from_target(index - t.take_at);
            break;
        case AMBUSH_KEEP:
            hide(card(t.hide_at));
            break;
        case TRADE_OFFER: {
            int items[2];
            if (index < t.offer2_at) {
                items[0] = index - t.offer1_at;
                trade_offer(player, items, 1);
            } else {
                items[0] = kTables.pair_items[index - t.offer2_at][0];
                items[1] = kTables.pair_items[index - t.offer2_at][1];
                trade_offer(player, items, 2);
            }
            break;
        }
        case TRADE_CHOOSE:
            trade_accept(seat(t.accept_at));
            break;
        case AMBUSH_WINDOW:
            if (index == A_DECLINE) {
                queue.pop_at(0);
                advance_ambush();
            } else {
                spring(player, card(t.spring_at));
            }
            break;
        case DISCARD_DOWN:
            discard_down(player, index - t.discard_at);
            break;
        default:
            break;
    }
}

// -- the end ------------------------------------------------------------------------------
void State::scores(int* out) const {
    for (int p = 0; p < t.players; ++p) {
        out[p] = 0;
        for (int k = 0; k < winnings[p].n; ++k) out[p] += kItemValues[item_of(winnings[p].v[k])];
    }
    for (int kind = 0; kind < kCommissionKinds; ++kind) {
        const List<2>& done = commissions[kind];
        for (int k = 0; k < done.n; ++k)
            out[done.v[k]] += done.n == 1 ? kCommissionValues[kind][0] : kCommissionValues[kind][1];
    }
}

// Result.utilities() of rules.result: rank by points, then winnings cards.
void State::returns(double* out) const {
    const int n = t.players;
    if (!terminal()) {
        for (int p = 0; p < n; ++p) out[p] = 0.0;
        return;
    }
    int points[kMaxPlayers], ranks[kMaxPlayers];
    scores(points);
    for (int p = 0; p < n; ++p) {
        int better = 0;
        for (int q = 0; q < n; ++q)
            if (points[q] > points[p] || (points[q] == points[p] && winnings[q].n > winnings[p].n))
                ++better;
        ranks[p] = better + 1;
    }
    double value[kMaxPlayers];
    for (int k = 0; k < n; ++k) value[k] = 1.0 - 2.0 * k / (n - 1);
    for (int p = 0; p < n; ++p) {
        int tied = 0;
        for (int q = 0; q < n; ++q) tied += ranks[q] == ranks[p];
        double sum = 0.0;
        for (int k = ranks[p] - 1; k < ranks[p] - 1 + tied; ++k) sum += value[k];
        out[p] = sum / tied;
    }
}

// -- the observation (encoding.py, `observe` of view.py's view) ----------------------------
int State::observation_size() const {
    const int p = t.players, amb = p + 6, deckn = p + 6;
    return kPhases + 4 * p + kItems + 1 + (t.track_len + 2) + 1 + 2 + 1 + kItems + kItems + 1 +
           kCommissionKinds * p + p + p * kItems + p + p * kItems + p + p * kItems + p + 3 * p +
           p * kItems + (p - 1) * kItems + amb + amb + deckn + deckn * amb + deckn * p;
}

void State::observe(int player, double* out) const {
    const int p = t.players, amb = p + 6, deckn = p + 6;
    const int n = observation_size();
    for (int i = 0; i < n; ++i) out[i] = 0.0;
    int at = 0;
    const int phase_at = at; at += kPhases;
    const int active_at = at; at += p;
    const int to_act_at = at; at += p;
    const int queue_at = at; at += p;
    const int target_at = at; at += p;
    const int drawn_at = at; at += kItems;
    const int turn_at = at; at += 1;
    const int sheriff_at = at; at += t.track_len + 2;
    const int number_at = at; at += 1;
    const int after_at = at; at += 2;
    const int deck_at = at; at += 1;
    const int discard_at = at; at += kItems;
    const int table_item_at = at; at += kItems;
    const int table_count_at = at; at += 1;
    const int commissions_at = at; at += kCommissionKinds * p;
    const int hand_size_at = at; at += p;
    const int known_at = at; at += p * kItems;
    const int unknown_at = at; at += p;
    const int public_at = at; at += p * kItems;
    const int ambushes_at = at; at += p;
    const int winnings_at = at; at += p * kItems;
    const int points_at = at; at += p;
    const int offered_at = at; at += 3 * p;
    const int offer_at = at; at += p * kItems;
    const int hand_known_at = at; at += (p - 1) * kItems;
    const int my_ambushes_at = at; at += amb;
    const int look_at = at; at += amb;
    const int present_at = at; at += deckn;
    const int cards_at = at; at += deckn * amb;
    const int knowers_at = at;

    auto rel = [&](int q) { return (q - player + p) % p; };
    auto slot = [&](int card) { return card < kColours ? (card - player + p) % p : p + card - kColours; };
    auto clip = [](int v, int scale) { return v < scale ? static_cast<double>(v) / scale : 1.0; };

    out[phase_at + phase] = 1.0;
    out[active_at + rel(active)] = 1.0;
    int seats[kMaxPlayers];
    const int acting = to_act(seats);
    for (int i = 0; i < acting; ++i) out[to_act_at + rel(seats[i])] = 1.0;
    for (int i = 0; i < queue.n; ++i) out[queue_at + rel(queue.v[i])] = 1.0;
    if (target >= 0) out[target_at + rel(target)] = 1.0;
    if (drawn >= 0) out[drawn_at + item_of(drawn)] = 1.0;
    const double turn_share = static_cast<double>(turn) / kTurnScale;
    out[turn_at] = turn_share < 1.0 ? turn_share : 1.0;
    out[sheriff_at + sheriff] = 1.0;
    const int number = sheriff_number();
    if (number >= 0) out[number_at] = static_cast<double>(number) / kTopNumber;
    if (phase == DISCARD_DOWN) out[after_at + resume] = 1.0;
    out[deck_at] = static_cast<double>(deck.n) / kCards;
    int c[kItems] = {};
    for (int k = 0; k < discard.n; ++k) ++c[item_of(discard.v[k])];
    for (int i = 0; i < kItems; ++i) out[discard_at + i] = static_cast<double>(c[i]) / kCardsPerItem;
    if (!table.empty()) {
        out[table_item_at + item_of(table.v[0])] = 1.0;
        out[table_count_at] = static_cast<double>(table.n) / kCardsPerItem;
    }
    for (int kind = 0; kind < kCommissionKinds; ++kind)
        for (int k = 0; k < commissions[kind].n; ++k)
            out[commissions_at + kind * p + rel(commissions[kind].v[k])] = 1.0;

    int points[kMaxPlayers];
    scores(points);
    const bool open_offers = phase == BUY_CHOOSE || phase == TRADE_OFFER || phase == TRADE_CHOOSE;
    for (int k = 0; k < p; ++k) {
        const int q = (player + k) % p;
        int kn[kItems];
        if (q == player) {
            counts(q, kn);
        } else {
            for (int i = 0; i < kItems; ++i) kn[i] = known[(q * p + player) * kItems + i];
        }
        int sum = 0;
        for (int i = 0; i < kItems; ++i) sum += kn[i];
        out[hand_size_at + k] = clip(hands[q].n, kHandScale);
        out[unknown_at + k] = clip(hands[q].n - sum, kHandScale);
        out[points_at + k] = clip(points[q], kPointsScale);
        out[ambushes_at + k] = static_cast<double>(ambushes[q].n) / (amb - 1);
        int w[kItems] = {};
        for (int j = 0; j < winnings[q].n; ++j) ++w[item_of(winnings[q].v[j])];
        for (int i = 0; i < kItems; ++i) {
            out[known_at + k * kItems + i] = static_cast<double>(kn[i]) / kCardsPerItem;
            out[public_at + k * kItems + i] =
                static_cast<double>(known[(q * p + q) * kItems + i]) / kCardsPerItem;
            out[winnings_at + k * kItems + i] = static_cast<double>(w[i]) / kWinningsMax;
        }
        out[offered_at + 3 * k + offered[q]] = 1.0;
        if (!offers[q].empty() && (q == player || open_offers))
            for (int j = 0; j < offers[q].n; ++j)
                out[offer_at + k * kItems + item_of(offers[q].v[j])] += 1.0 / kTradeOfferMax;
    }
    for (int k = 1; k < p; ++k) {
        const int o = (player + k) % p;
        for (int i = 0; i < kItems; ++i)
            out[hand_known_at + (k - 1) * kItems + i] =
                static_cast<double>(known[(player * p + o) * kItems + i]) / kCardsPerItem;
    }
    for (int k = 0; k < ambushes[player].n; ++k) out[my_ambushes_at + slot(ambushes[player].v[k])] = 1.0;
    if (player == active && phase == AMBUSH_KEEP)
        for (int k = 0; k < ambush_drawn.n; ++k) out[look_at + slot(ambush_drawn.v[k])] = 1.0;
    const int bit = 1 << player;
    for (int i = 0; i < ambush_deck.n; ++i) {
        const int a = ambush_deck.v[ambush_deck.n - 1 - i];
        out[present_at + i] = 1.0;
        if (ambush_known[a] & bit) out[cards_at + i * amb + slot(a)] = 1.0;
        for (int q = 0; q < p; ++q)
            if (ambush_known[a] >> q & 1) out[knowers_at + i * p + rel(q)] = 1.0;
    }
}

// -- information sets (view.py: sample and reseed) -------------------------------------------
namespace {

constexpr int kRedeals = 30;

// view.shuffled: sorted by one random() key per card, drawn in list order (a stable sort).
template <typename T>
void shuffled(T* items, int n, PyRandom& r) {
    double keys[kCards];
    int order[kCards];
    T copy[kCards];
    for (int i = 0; i < n; ++i) {
        keys[i] = r.random();
        order[i] = i;
        copy[i] = items[i];
    }
    std::stable_sort(order, order + n, [&](int a, int b) { return keys[a] < keys[b]; });
    for (int i = 0; i < n; ++i) items[i] = copy[order[i]];
}

// The known cards of each item, taken from the end of its free row (view.sample's `cards`).
void take_last(List<kCardsPerItem>* free, const int* numbers, List<kCards>& out) {
    for (int i = 0; i < kItems; ++i) {
        const int n = numbers[i];
        if (!n) continue;
        List<kCardsPerItem>& row = free[i];
        for (int k = row.n - n; k < row.n; ++k) out.push(row.v[k]);
        row.n = static_cast<int8_t>(row.n - n);
    }
}

struct Need {
    int seat, banned;
};

}  // namespace

bool State::sample(int player, PyRandom& r, State& s) const {
    const int p = t.players;
    s = blank(t);
    s.recording = true;
    s.turn = turn;
    s.active = active;
    s.phase = phase;
    s.target = target;
    s.sheriff = sheriff;
    s.queue = queue;
    s.resume = (phase == DISCARD_DOWN && resume == RESUME_END) ? RESUME_END : RESUME_DRAW;
    for (int k = 0; k < kCommissionKinds; ++k) s.commissions[k] = commissions[k];
    for (int q = 0; q < p; ++q) s.offered[q] = offered[q];

    // _sample_items: the cards the view shows where it shows them, the rest dealt.
    List<kCardsPerItem> free[kItems];
    for (int i = 0; i < kItems; ++i)
        for (int k = 0; k < kCardsPerItem; ++k) free[i].push(i * kCardsPerItem + k);
    s.drawn = drawn >= 0 ? free[item_of(drawn)].pop() : -1;
    for (int k = 0; k < table.n; ++k) s.table.push(free[item_of(table.v[0])].pop());
    int c[kItems] = {};
    for (int k = 0; k < discard.n; ++k) ++c[item_of(discard.v[k])];
    take_last(free, c, s.discard);
    for (int q = 0; q < p; ++q) {
        int w[kItems] = {};
        for (int k = 0; k < winnings[q].n; ++k) ++w[item_of(winnings[q].v[k])];
        take_last(free, w, s.winnings[q]);
    }
    for (int q = 0; q < p; ++q)
        for (int k = 0; k < ambushes[q].n; ++k) s.ambush_gold[q].push(free[GOLD].pop());
    List<kCards> kept[kMaxPlayers];
    int unknown[kMaxPlayers];
    for (int h = 0; h < p; ++h) {
        int row[kItems];
        if (h == player) {
            counts(h, row);
        } else {
            for (int i = 0; i < kItems; ++i) row[i] = known[(h * p + player) * kItems + i];
        }
        take_last(free, row, kept[h]);
        int sum = 0;
        for (int i = 0; i < kItems; ++i) sum += row[i];
        unknown[h] = h == player ? 0 : hands[h].n - sum;
    }
    List<kCards> pool;
    for (int i = 0; i < kItems; ++i)
        for (int k = 0; k < free[i].n; ++k) pool.push(free[i].v[k]);
    // offer_constraints: who must keep a card that may be offered now.
    Need need[kMaxPlayers];
    int needs = 0;
    if (phase == BUY_OFFER) {
        for (int h = 0; h < p; ++h)
            if (h != player && (queue.index(h) >= 0 || offered[h] == OFFERED)) need[needs++] = {h, COPPER};
    } else if (phase == TRADE_OFFER && !queue.empty() && queue.v[0] != player) {
        need[needs++] = {queue.v[0], CHEST};
    }
    List<kCards> dealt[kMaxPlayers];
    for (int attempt = 0; attempt <= kRedeals; ++attempt) {
        shuffled(pool.v, pool.n, r);
        int at = 0;
        for (int h = 0; h < p; ++h) {
            dealt[h] = kept[h];
            for (int k = 0; k < unknown[h]; ++k) dealt[h].push(pool.v[at + k]);
            at += unknown[h];
        }
        s.deck.n = 0;
        for (int k = at; k < pool.n; ++k) s.deck.push(pool.v[k]);
        bool ok = true;
        for (int k = 0; k < needs; ++k) ok = ok && holds_other_than(dealt[need[k].seat], need[k].banned);
        if (ok) break;
        if (attempt == kRedeals) {
            // _repair: a card that may be offered swapped in from the deck, or from another
            // hand's dealt cards that can spare it.
            for (int k = 0; k < needs; ++k) {
                const int h = need[k].seat, banned = need[k].banned;
                if (holds_other_than(dealt[h], banned) || dealt[h].n == kept[h].n) continue;
                const int first = kept[h].n;
                int spare = -1;
                for (int i = 0; i < s.deck.n && spare < 0; ++i)
                    if (item_of(s.deck.v[i]) != banned) spare = i;
                if (spare >= 0) {
                    std::swap(s.deck.v[spare], dealt[h].v[first]);
                    continue;
                }
                for (int g = 0; g < p; ++g) {
                    if (g == h) continue;
                    List<kCards>& hand = dealt[g];
                    int allowed = -1;
                    for (int i = kept[g].n; i < hand.n && allowed < 0; ++i)
                        if (item_of(hand.v[i]) != banned) allowed = i;
                    bool needed = false;
                    for (int j = 0; j < needs; ++j) needed = needed || need[j].seat == g;
                    int others = 0;
                    for (int i = 0; i < hand.n; ++i) others += item_of(hand.v[i]) != banned;
                    if (allowed >= 0 && (!needed || others > 1)) {
                        std::swap(hand.v[allowed], dealt[h].v[first]);
                        break;
                    }
                }
            }
        }
    }
    for (int h = 0; h < p; ++h) s.hands[h] = dealt[h];
    const bool open_offers = phase == BUY_CHOOSE || phase == TRADE_OFFER || phase == TRADE_CHOOSE;
    for (int h = 0; h < p; ++h) {
        if (!offers[h].empty() && (h == player || open_offers)) {
            List<2> chosen;
            for (int k = 0; k < offers[h].n; ++k) {
                const int item = item_of(offers[h].v[k]);
                for (int i = 0; i < s.hands[h].n; ++i) {
                    const int card = s.hands[h].v[i];
                    if (item_of(card) == item && chosen.index(card) < 0) {
                        chosen.push(card);
                        break;
                    }
                }
            }
            s.offers[h] = chosen;
        } else if (phase == BUY_OFFER && offered[h] == OFFERED) {
            int candidates[kCards];
            int m = 0;
            for (int i = 0; i < s.hands[h].n; ++i)
                if (item_of(s.hands[h].v[i]) != COPPER) candidates[m++] = s.hands[h].v[i];
            if (!m) return false;  // the reference's rng.choice([]) fails too
            s.offers[h].push(candidates[r.randbelow(static_cast<uint32_t>(m))]);
        }
    }
    // _sample_knowledge: the seat's own rows, the public rows for everybody else.
    for (int h = 0; h < p; ++h)
        for (int o = 0; o < p; ++o) {
            const int from = h == player ? (player * p + o) : o == player ? (h * p + player) : (h * p + h);
            for (int i = 0; i < kItems; ++i) s.known[(h * p + o) * kItems + i] = known[from * kItems + i];
        }
    if (s.phase == TAKE && item_of(s.drawn) == PEARLS && player != s.active && player != s.target) {
        int tc[kItems];
        s.counts(s.target, tc);
        for (int i = 0; i < kItems; ++i)
            s.known[(s.target * p + s.active) * kItems + i] = static_cast<int8_t>(tc[i]);
    }

    // _sample_ambushes: the cards the seat can place where it knows them, the rest dealt,
    // never in front of the player of their own colour.
    const int everybody = (1 << (p + 1)) - 1, bit = 1 << player;
    bool placed[kAmbushCards] = {};
    for (int k = 0; k < ambushes[player].n; ++k) placed[ambushes[player].v[k]] = true;
    const bool looking = player == active && phase == AMBUSH_KEEP && ambush_drawn.n > 0;
    if (looking)
        for (int k = 0; k < ambush_drawn.n; ++k) placed[ambush_drawn.v[k]] = true;
    s.ambush_deck.n = 0;
    for (int i = 0; i < ambush_deck.n; ++i) {
        const int a = ambush_deck.v[i];
        const bool seen = ambush_known[a] & bit;
        s.ambush_deck.push(seen ? a : -1);
        if (seen) placed[a] = true;
    }
    List<kAmbushCards> unknown_cards;
    for (int a = 0; a < kAmbushCards; ++a)
        if (ambush_colour(a) < p && !placed[a]) unknown_cards.push(a);
    for (int h = 0; h < p; ++h) {
        if (h == player) {
            s.ambushes[h] = ambushes[h];
        } else {
            s.ambushes[h].n = 0;
            for (int k = 0; k < ambushes[h].n; ++k) s.ambushes[h].push(-1);
        }
    }
    s.ambush_drawn.n = 0;
    if (looking) {
        s.ambush_drawn = ambush_drawn;
    } else if (phase == AMBUSH_KEEP) {
        s.ambush_drawn.push(-1);
        s.ambush_drawn.push(-1);
    }
    // The slots to fill: the deck's unknown places, the other seats' ambush cards, the
    // unknown cards being looked at.
    struct Slot {
        int8_t* box;
        int owner;
    };
    Slot slots[kAmbushCards];
    int nslots = 0;
    for (int i = 0; i < s.ambush_deck.n; ++i)
        if (s.ambush_deck.v[i] < 0) slots[nslots++] = {&s.ambush_deck.v[i], -1};
    for (int h = 0; h < p; ++h)
        if (h != player)
            for (int i = 0; i < s.ambushes[h].n; ++i) slots[nslots++] = {&s.ambushes[h].v[i], h};
    for (int i = 0; i < s.ambush_drawn.n; ++i)
        if (s.ambush_drawn.v[i] < 0) slots[nslots++] = {&s.ambush_drawn.v[i], -1};
    for (int attempt = 0; attempt < kRedeals; ++attempt) {
        shuffled(unknown_cards.v, unknown_cards.n, r);
        bool ok = true;
        for (int k = 0; k < nslots && k < unknown_cards.n; ++k)
            ok = ok && (slots[k].owner < 0 || ambush_colour(unknown_cards.v[k]) != slots[k].owner);
        if (ok) break;
    }
    for (int k = 0; k < nslots && k < unknown_cards.n; ++k) *slots[k].box = unknown_cards.v[k];
    for (int k = 0; k < nslots; ++k) {
        const int owner = slots[k].owner;
        if (owner >= 0 && ambush_colour(*slots[k].box) == owner) {
            for (int j = 0; j < nslots; ++j)
                if (slots[j].owner != owner) {
                    std::swap(*slots[k].box, *slots[j].box);
                    break;
                }
        }
    }
    for (int a = 0; a < kAmbushCards; ++a) s.ambush_known[a] = 0;
    for (int i = 0; i < ambush_deck.n; ++i) {
        const int real = ambush_deck.v[i];
        int mask = 0, who = 0;
        for (int q = 0; q < p; ++q)
            if (ambush_known[real] >> q & 1) {
                mask |= 1 << q;
                ++who;
            }
        s.ambush_known[s.ambush_deck.v[i]] = static_cast<int16_t>(who == p ? everybody : mask);
    }
    for (int h = 0; h < p; ++h)
        for (int k = 0; k < s.ambushes[h].n; ++k) s.ambush_known[s.ambushes[h].v[k]] = static_cast<int16_t>(1 << h);
    for (int k = 0; k < s.ambush_drawn.n; ++k)
        s.ambush_known[s.ambush_drawn.v[k]] = static_cast<int16_t>(1 << s.active);
    s.rng = r.getrandbits64();
    return true;
}

State State::reseed(PyRandom& r) const {
    State s = *this;
    shuffled(s.deck.v, s.deck.n, r);
    int places[kAmbushCards], cards[kAmbushCards];
    int m = 0;
    for (int i = 0; i < s.ambush_deck.n; ++i)
        if (!s.ambush_known[s.ambush_deck.v[i]]) {
            places[m] = i;
            cards[m++] = s.ambush_deck.v[i];
        }
    shuffled(cards, m, r);
    for (int k = 0; k < m; ++k) s.ambush_deck.v[places[k]] = static_cast<int8_t>(cards[k]);
    s.rng = r.getrandbits64();
    return s;
}

// -- playing on -------------------------------------------------------------------------
int State::random_playout(Rng& chooser) {
    int buffer[kMaxLegal], seats[kMaxPlayers];
    int made = 0;
    while (!terminal()) {
        to_act(seats);
        const int m = legal(seats[0], buffer);
        play(buffer[chooser.below(static_cast<uint64_t>(m))], seats[0]);
        ++made;
    }
    return made;
}

// tavola.agents.search.Rollout.run with the random or the greedy policy: the first seat to
// act decides.
int State::python_rollout(PyRandom& r, int cutoff, bool greedy) {
    int buffer[kMaxLegal], seats[kMaxPlayers];
    int made = 0;
    while (!terminal()) {
        if (cutoff > 0 && made >= cutoff) break;
        to_act(seats);
        const int m = legal(seats[0], buffer);
        const int i = m == 1   ? 0
                      : greedy ? greedy_choice(seats[0], buffer, m)
                               : static_cast<int>(r.randbelow(static_cast<uint32_t>(m)));
        play(buffer[i], seats[0]);
        ++made;
    }
    return made;
}

// -- the greedy policy (heuristics.py) ------------------------------------------------------
// Every score is computed with the reference's operations in the reference's order, so the
// doubles are equal bit for bit and the comparisons (ties included) decide alike. It reads
// only what the acting seat's view shows: its own hand, what it is sure of in the others'
// hands, the public table.
namespace {

constexpr double kSetShare[4] = {0.0, 0.15, 0.4, 0.8};
constexpr double kSpareShare = 0.05;
constexpr double kSpare = 0.5, kFavour = 1.0, kDefence = 3.0, kAmbush = 4.0, kSpringOdds = 0.5;
const double kHit = 3.0 / 13.0;

double potential(const int* hand, const double* open) {
    double sets = 0.0;
    int distinct = 0, pairs = 0, top = 0;
    for (int item = 0; item < kItems; ++item) {
        const int n = hand[item];
        if (n) {
            distinct += 1;
            const int value = kItemValues[item];
            sets += value * (kSetShare[std::min(n, 3)] + kSpareShare * std::max(0, n - 3));
            if (n >= 2) pairs += 1;
            if (n > top) top = n;
        }
    }
    const double progress[4] = {static_cast<double>(distinct) / 7, static_cast<double>(std::min(top, 5)) / 5,
                                static_cast<double>(std::min(pairs, 4)) / 4,
                                static_cast<double>(std::min(pairs, 3)) / 3};
    double commission = 0.0;
    for (int k = 0; k < kCommissionKinds; ++k) {
        const double v = open[k] * std::pow(progress[k], 3.0);
        if (k == 0 || v > commission) commission = v;
    }
    const double hi = sets >= commission ? sets : commission;  // max(sets, commission)
    const double lo = commission < sets ? commission : sets;   // min(sets, commission)
    return hi + 0.25 * lo;
}

// heuristics.py `_STRENGTH`: the weights of points, winnings cards, hand potential, ambush
// cards and a necklace in hand, (when the sheriff comes home, when he sets out).
constexpr double kStrength[5][2] = {
    {0.163, 0.030}, {0.070, 0.337}, {0.090, 0.061}, {0.298, 0.285}, {0.028, 0.014}};

double binomial(int n, int k, double p) {
    if (k > n) return 0.0;
    long long ways = 1;
    for (int j = 0; j < k; ++j) ways = ways * (n - j) / (j + 1);
    return static_cast<double>(ways) * std::pow(p, static_cast<double>(k)) *
           std::pow(1.0 - p, static_cast<double>(n - k));
}

// _Reader: what the greedy bot reads off its view, and its score of each action.
struct Reader {
    const State& s;
    int me, p;
    int hand[kItems];
    int known[kMaxPlayers][kItems];  // the view's seats[q]["known"]
    int unknown[kMaxPlayers], size[kMaxPlayers], points[kMaxPlayers], wins[kMaxPlayers][kItems],
        won[kMaxPlayers];
    double open[kCommissionKinds];
    double base;
    bool have_unseen = false;
    double unseen_share[kItems];

    Reader(const State& st, int player) : s(st), me(player), p(st.t.players) {
        s.counts(me, hand);
        s.scores(points);
        for (int q = 0; q < p; ++q) {
            int sum = 0;
            for (int i = 0; i < kItems; ++i) {
                known[q][i] = q == me ? hand[i] : s.known[(q * p + me) * kItems + i];
                sum += known[q][i];
                wins[q][i] = 0;
            }
            size[q] = s.hands[q].n;
            unknown[q] = size[q] - sum;
            for (int k = 0; k < s.winnings[q].n; ++k) ++wins[q][item_of(s.winnings[q].v[k])];
            won[q] = s.winnings[q].n;
        }
        for (int k = 0; k < kCommissionKinds; ++k) {
            const List<2>& done = s.commissions[k];
            open[k] = (done.index(me) >= 0 || done.n >= 2) ? 0.0
                                                           : static_cast<double>(kCommissionValues[k][done.n]);
        }
        base = potential(hand, open);
    }

    const double* unseen() {
        if (!have_unseen) {
            int u[kItems] = {};
            for (int i = 0; i < kItems; ++i) u[i] = kCardsPerItem;
            for (int k = 0; k < s.discard.n; ++k) --u[item_of(s.discard.v[k])];
            for (int q = 0; q < p; ++q)
                for (int i = 0; i < kItems; ++i) u[i] = u[i] - known[q][i] - wins[q][i];
            int total = 0;
            for (int i = 0; i < kItems; ++i) total += std::max(0, u[i]);
            if (total == 0) total = 1;
            for (int i = 0; i < kItems; ++i)
                unseen_share[i] = static_cast<double>(std::max(0, u[i])) / total;
            have_unseen = true;
        }
        return unseen_share;
    }

    double gain(const int* items, int n) const {
        int h[kItems];
        std::copy(hand, hand + kItems, h);
        bool necklace = false;
        for (int k = 0; k < n; ++k) {
            h[items[k]] += 1;
            necklace = necklace || items[k] == NECKLACE;
        }
        const double bonus = necklace && !hand[NECKLACE] ? kDefence : 0.0;
        return potential(h, open) - base + bonus;
    }
    double gain1(int item) const { return gain(&item, 1); }

    double loss(const int* items, int n) const {
        int h[kItems];
        std::copy(hand, hand + kItems, h);
        bool necklace = false;
        for (int k = 0; k < n; ++k) {
            h[items[k]] -= 1;
            necklace = necklace || items[k] == NECKLACE;
        }
        const double malus = necklace && h[NECKLACE] == 0 ? kDefence : 0.0;
        return base - potential(h, open) + malus;
    }
    double loss1(int item) const { return loss(&item, 1); }

    // odds(seat, banned); false for an empty hand (all zeros).
    void odds(int seat, int banned, double* out) {
        if (!size[seat]) {
            for (int i = 0; i < kItems; ++i) out[i] = 0.0;
            return;
        }
        const double* u = unseen();
        for (int i = 0; i < kItems; ++i)
            out[i] = (known[seat][i] + unknown[seat] * u[i]) / size[seat];
        if (banned >= 0) {
            out[banned] = 0.0;
            PySum rest;
            for (int i = 0; i < kItems; ++i) rest.add(out[i]);
            const double r = rest.value();
            if (r > 0)
                for (int i = 0; i < kItems; ++i) out[i] = out[i] / r;
        }
    }

    double best_of(const double (*chances)[kItems], int count, double floor, double scale) const {
        const double* kept[kMaxPlayers * kCards];
        int m = 0;
        for (int k = 0; k < count; ++k) {
            PySum total;
            for (int i = 0; i < kItems; ++i) total.add(chances[k][i]);
            if (total.value() > 0) kept[m++] = chances[k];
        }
        if (!m) return 0.0 > floor ? 0.0 : floor;  // max(floor, 0.0)
        double worth[kItems];
        for (int i = 0; i < kItems; ++i) worth[i] = scale * gain1(i);
        // sorted(set(worth)): the distinct values, ascending.
        double values[kItems];
        int nv = 0;
        for (int i = 0; i < kItems; ++i) {
            bool seen = false;
            for (int j = 0; j < nv; ++j) seen = seen || values[j] == worth[i];
            if (!seen) values[nv++] = worth[i];
        }
        std::sort(values, values + nv);
        double expected = 0.0, below = 0.0;
        for (int v = 0; v < nv; ++v) {
            const double value = values[v];
            double upto = 1.0;
            for (int k = 0; k < m; ++k) {
                PySum share;
                for (int i = 0; i < kItems; ++i)
                    if (worth[i] <= value) share.add(kept[k][i]);
                upto *= share.value();
            }
            expected += (floor > value ? floor : value) * (upto - below);
            below = upto;
        }
        return expected;
    }

    double holds_necklace(int seat) {
        if (known[seat][NECKLACE]) return 1.0;
        return 1.0 - std::pow(1.0 - unseen()[NECKLACE], static_cast<double>(unknown[seat]));
    }

    double ending(double pts, int cards_won) const {
        const int cards = won[me] + cards_won;
        int best_points = 0, best_cards = 0;
        bool first = true;
        for (int q = 0; q < p; ++q) {
            if (q == me) continue;
            if (first || points[q] > best_points || (points[q] == best_points && won[q] > best_cards)) {
                best_points = points[q];
                best_cards = won[q];
                first = false;
            }
        }
        const bool ahead = pts > best_points || (pts == best_points && cards > best_cards);
        return ahead ? 100.0 : -100.0;
    }

    bool ends_game(bool commission) const {
        if (commission) {
            int done = 0;
            for (int k = 0; k < kCommissionKinds; ++k) done += s.commissions[k].n;
            if (done == 7) return true;
        }
        return s.sheriff == s.t.track_len;
    }

    double favour(int hand_size) const {
        if (s.sheriff < s.t.track_len && hand_size <= s.t.track[s.sheriff]) return kFavour;
        return 0.0;
    }

    double attack(int kind, int target) {  // kind 0 steal, else rob or raid
        double got;
        if (kind == 0) {
            double chance[kItems];
            odds(target, -1, chance);
            PySum sum;
            for (int i = 0; i < kItems; ++i) sum.add(chance[i] * gain1(i));
            got = sum.value();
        } else {
            double guess = 0.0;
            if (unknown[target]) {
                static thread_local double rows[kCards][kItems];
                const double* u = unseen();
                const int n = std::min(unknown[target], kCards);
                for (int k = 0; k < n; ++k) std::copy(u, u + kItems, rows[k]);
                guess = best_of(rows, n, -INFINITY, 1.0);
            }
            got = guess;
            for (int i = 0; i < kItems; ++i)
                if (known[target][i]) {
                    const double g = gain1(i);
                    if (g > got) got = g;
                }
        }
        const double defended = 0.5 * holds_necklace(target);
        return (1.0 - defended) * got + defended * gain1(NECKLACE);
    }

    double defence() const {
        double taken;
        if (item_of(s.drawn) == CANDLESTICK) {
            int total = 0;
            for (int i = 0; i < kItems; ++i) total += hand[i];
            PySum sum;
            for (int i = 0; i < kItems; ++i)
                if (hand[i]) sum.add(hand[i] * loss1(i));
            taken = sum.value() / total;
        } else {
            bool first = true;
            taken = 0.0;
            for (int i = 0; i < kItems; ++i)
                if (hand[i]) {
                    const double l = loss1(i);
                    if (first || l > taken) taken = l;
                    first = false;
                }
        }
        return taken - loss1(NECKLACE);
    }

    double exchange(int item, int n) const {
        const int value = kItemValues[item];
        int ambushes = 0;
        for (int q = 0; q < p; ++q)
            if (q != me) ambushes += s.ambushes[q].n;
        const double hit = (item == GOLD ? 1.0 / 13.0 : kHit) * kSpringOdds;
        PySum sum;
        for (int k = 0; k < n - 2; ++k) sum.add(binomial(ambushes, k, hit));
        const double fail = 1.0 - sum.value();
        const double score = value * (1.0 - fail) - kSpare * (n - 3);
        if (ends_game(false)) return score + ending(static_cast<double>(points[me] + value), 1);
        int total = 0;
        for (int i = 0; i < kItems; ++i) total += hand[i];
        return score + favour(total - n);
    }

    double commission(int kind) const {
        const double value = open[kind];
        int total = 0;
        for (int i = 0; i < kItems; ++i) total += hand[i];
        const int size_after = total - (kind == SEVEN ? 7 : kind == FIVE ? 5 : kind == PAIRS4 ? 8 : 6);
        if (ends_game(true)) return value + ending(points[me] + value, 0);
        return value + favour(size_after);
    }

    double spring() const {
        const int item = item_of(s.table.v[0]);
        const int victim = s.active;
        int leader = 0;
        for (int q = 1; q < p; ++q)
            if (points[q] > points[leader]) leader = q;
        const double harm = s.table.n == 3 ? kItemValues[item] * (victim == leader ? 0.6 : 0.35) : 0.0;
        return gain1(item) + harm - kAmbush / 2;
    }

    double ambush_target(int card) const {
        if (card < kColours)
            return 1.0 + 0.1 * static_cast<double>(size[card]) + 0.05 * static_cast<double>(points[card]);
        int sum = 0;
        for (int q = 0; q < p; ++q) {
            if (q == me) continue;
            for (int k = 0; k < 2; ++k) sum += known[q][kAmbushPairs[card - kColours][k]];
        }
        return 0.8 + 0.1 * static_cast<double>(sum);
    }

    // The score of the action at `index` (its kind read from the action space).
    double score(int index) {
        const Table& t = s.t;
        auto seat = [&](int at) { return (me + index - at + 1) % p; };
        if (index == A_KEEP) return gain1(item_of(s.drawn));
        if (index == A_BUY || index == A_TRADE) {
            const int banned = index == A_BUY ? COPPER : CHEST;
            double offers[kMaxPlayers][kItems];
            int m = 0;
            for (int q = 0; q < p; ++q)
                if (q != me && size[q]) odds(q, banned, offers[m++]);
            if (index == A_BUY) return best_of(offers, m, gain1(COPPER), 1.0);
            return m ? best_of(offers, m, -INFINITY, 1.4) : gain1(CHEST);
        }
        if (index == A_AMBUSH) return kAmbush;
        if (index == A_REFUSE) return gain1(COPPER);
        if (index == A_DEFEND) return defence();
        if (index == A_DECLINE || index == A_PASS) return 0.0;
        if (index < t.purchase_at) {
            const int kind = index < t.rob_at ? 0 : 1;
            const int at = index < t.rob_at ? t.steal_at : index < t.raid_at ? t.rob_at : t.raid_at;
            return attack(kind, seat(at));
        }
        if (index < t.accept_at) return gain1(item_of(s.offers[seat(t.purchase_at)].v[0]));
        if (index < t.offer1_at) {
            const List<2>& offer = s.offers[seat(t.accept_at)];
            int items[2];
            for (int k = 0; k < offer.n; ++k) items[k] = item_of(offer.v[k]);
            return gain(items, offer.n);
        }
        if (index < t.offer2_at) return -loss1(index - t.offer1_at);
        if (index < t.take_at) {
            int items[2] = {kTables.pair_items[index - t.offer2_at][0],
                            kTables.pair_items[index - t.offer2_at][1]};
            return -loss(items, 2);
        }
        if (index < t.discard_at) {
            const int item = index - t.take_at;
            return gain1(item) + 0.3 * static_cast<double>(known[s.target][item]);
        }
        if (index < t.hide_at) return -loss1(index - t.discard_at);
        if (index < t.spring_at) {
            const int r = index - t.hide_at;
            const int card = r < p - 1 ? (me + r + 1) % p : kColours + r - (p - 1);
            return ambush_target(card);
        }
        if (index < t.exchange_at) return spring();
        if (index < t.commission_at) {
            const int r = index - t.exchange_at;
            return exchange(r / 10, r % 10 + kExchangeMinimum);
        }
        const int r = index - t.commission_at;
        return commission(r == 0 ? SEVEN : r < 8 ? FIVE : r < 8 + 35 ? PAIRS4 : PAIRS3);
    }
};

}  // namespace

// heuristics.py `evaluate`: each seat's strength (the weighted sum of its features, in
// Python's sum), then the mean over the other seats of tanh(half the difference), the
// reference's doubles in the reference's order.
void State::evaluate(double* out) const {
    const int p = t.players;
    const double to_come = static_cast<double>(t.track_len + 1 - sheriff) / (t.track_len + 1);
    double weights[5];
    for (int i = 0; i < 5; ++i)
        weights[i] = kStrength[i][0] + (kStrength[i][1] - kStrength[i][0]) * to_come;
    int points[kMaxPlayers];
    scores(points);
    double strength[kMaxPlayers];
    for (int h = 0; h < p; ++h) {
        double open[kCommissionKinds];
        for (int k = 0; k < kCommissionKinds; ++k) {
            const List<2>& seats = commissions[k];
            open[k] = seats.index(h) >= 0 || seats.n >= 2
                          ? 0.0
                          : static_cast<double>(kCommissionValues[k][seats.n]);
        }
        int hand[kItems];
        counts(h, hand);
        const double features[5] = {static_cast<double>(points[h]),
                                    static_cast<double>(winnings[h].n), potential(hand, open),
                                    static_cast<double>(ambushes[h].n),
                                    hand[NECKLACE] > 0 ? 1.0 : 0.0};
        PySum sum;
        for (int i = 0; i < 5; ++i) sum.add(weights[i] * features[i]);
        strength[h] = sum.value();
    }
    for (int h = 0; h < p; ++h) {
        PySum sum;
        for (int o = 0; o < p; ++o)
            if (o != h) sum.add(std::tanh((strength[h] - strength[o]) / 2));
        out[h] = sum.value() / (p - 1);
    }
}

int State::greedy_choice(int player, const int* legal_, int m) const {
    Reader reader(*this, player);
    int best = 0;
    double best_score = -INFINITY;
    for (int k = 0; k < m; ++k) {
        const double v = reader.score(legal_[k]);
        if (v > best_score) {
            best = k;
            best_score = v;
        }
    }
    return best;
}

}  // namespace tavola::nottingham
