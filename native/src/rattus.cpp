// Rattus in C++ (see rattus.hpp): each function mirrors its namesake in
// tavola/games/rattus/rules.py, encoding.py and view.py.
#include "rattus.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <sstream>
#include <string>

namespace tavola::rattus {

namespace {

// components.py: STARTING_CODES then OTHER_CODES ("threshold symbols"), ids in this order.
const char* const kCodes[kTokenCount] = {
    "1 M", "1 ki", "1 me", "2 M", "2 mo", "2 pe", "2 A", "2 wi", "2 kn", "3 M", "3 MM",
    "3 ki me",
    "1 ki", "1 me", "1 mo", "1 pe", "1 wi",
    "2 M", "2 M", "2 A", "2 kn", "2 M ki", "2 M pe", "2 me mo", "2 wi kn", "2 M", "2 pe",
    "3 MM", "3 M", "3 A", "3 M me", "3 M kn", "3 A", "3 ki wi", "3 MM", "3 mo pe",
    "3 M wi", "3 M mo",
    "4 MM", "4 A", "4 MM ki", "4 M A", "4 A kn", "4 MM", "4 M me pe", "4 A wi",
    "5 MM A", "5 A mo kn", "5 MM me",
};

TokenFront parse(const char* code, bool starting) {
    TokenFront f{};
    f.starting = starting;
    std::istringstream in(code);
    in >> f.threshold;
    std::string w;
    const char* names[kClassCount] = {"ki", "me", "mo", "pe", "wi", "kn"};
    while (in >> w) {
        if (w == "M" || w == "MM") {
            f.majority = static_cast<int>(w.size());
        } else if (w == "A") {
            f.everyone = true;
        } else {
            for (int c = 0; c < kClassCount; ++c)
                if (w == names[c]) f.classes[f.class_count++] = c;
        }
    }
    return f;
}

// components.py: ADJACENT_PAIRS by region index (anglia 0, gallia 1, germania 2, hispania 3,
// hungaria 4, italia 5, polonia 6, scandia 7, bulgaria 8, turcia 9, russia 10, tartaria 11).
const int kPairs[][2] = {
    {0, 1}, {0, 7}, {1, 3}, {1, 2}, {1, 5}, {3, 5}, {2, 5}, {2, 7}, {2, 6}, {2, 4}, {5, 4},
    {7, 6}, {7, 10}, {6, 4}, {6, 10}, {4, 8}, {4, 9}, {4, 11}, {8, 9}, {8, 11}, {9, 11},
    {10, 11},
};

// config.py
const int kRegionsInPlay[5] = {0, 0, 8, 10, 12};
const int kNonStartingRemoved[5] = {0, 0, 12, 6, 0};
const int kSpreadByTokens[4] = {0, 1, 2, 2};
constexpr int kMostThreshold = 5, kMostMajority = 2, kMostAside = 12, kMostSpread = 2;
constexpr int kMostRounds = 100, kOtherCount = kTokenCount - kStartingCount;

struct AllTables {
    TokenFront tokens[kTokenCount];
    Tables by_players[5];
    AllTables() {
        for (int t = 0; t < kTokenCount; ++t) tokens[t] = parse(kCodes[t], t < kStartingCount);
        for (int n = 2; n <= 4; ++n) build(by_players[n], n);
    }

    void build(Tables& T, int n) {
        T.players = n;
        const int count = T.regions = kRegionsInPlay[n];
        std::vector<int> adjacent[kRegionCount];
        for (const auto& p : kPairs) {
            adjacent[p[0]].push_back(p[1]);
            adjacent[p[1]].push_back(p[0]);
        }
        for (int r = 0; r < kRegionCount; ++r) {
            std::sort(adjacent[r].begin(), adjacent[r].end());
            if (r < count)
                for (int x : adjacent[r])
                    if (x < count) T.near[r].push_back(x);
        }
        for (int r = 0; r < kRegionCount; ++r) {
            std::vector<int> reach(T.near[r]);
            for (int x : T.near[r]) reach.insert(reach.end(), T.near[x].begin(), T.near[x].end());
            std::sort(reach.begin(), reach.end());
            reach.erase(std::unique(reach.begin(), reach.end()), reach.end());
            reach.erase(std::remove(reach.begin(), reach.end(), r), reach.end());
            T.within_two[r] = reach;
        }
        // encoding.py `action_table`.
        auto& acts = T.actions;
        auto block = [&](Kind kind, int k) {
            const int at = static_cast<int>(acts.size());
            for (int i = 0; i < k; ++i)
                acts.push_back({kind, static_cast<int8_t>(i), -1, -1});
            return at;
        };
        std::memset(T.merchant_move, -1, sizeof T.merchant_move);
        std::memset(T.monk_move, -1, sizeof T.monk_move);
        T.o_setup = block(K_SETUP, count);
        T.o_take = block(K_TAKE, kClassCount);
        T.o_place = block(K_PLACE, count);
        T.o_peasant_place = block(K_PLACE_PEASANT, count);
        T.o_king = block(K_KING, count);
        T.o_merchant_from = block(K_MERCHANT_FROM, count);
        for (int a = 0; a < count; ++a)
            for (int b : T.near[a])
                for (int k = 1; k <= 3; ++k) {
                    T.merchant_move[a][b][k] = static_cast<int>(acts.size());
                    acts.push_back({K_MERCHANT_MOVE, static_cast<int8_t>(a),
                                    static_cast<int8_t>(b), static_cast<int8_t>(k)});
                }
        T.o_monk_from = block(K_MONK_FROM, count);
        for (int a = 0; a < count; ++a)
            for (int b : T.near[a])
                for (int s = 0; s < kMaxTokens; ++s) {
                    T.monk_move[a][s][b] = static_cast<int>(acts.size());
                    acts.push_back({K_MONK_MOVE, static_cast<int8_t>(a), static_cast<int8_t>(s),
                                    static_cast<int8_t>(b)});
                }
        T.o_witch = static_cast<int>(acts.size());
        for (int r = 0; r < count; ++r)
            for (int s = 0; s < kMaxTokens; ++s)
                acts.push_back({K_WITCH, static_cast<int8_t>(r), static_cast<int8_t>(s), -1});
        T.o_swap = block(K_SWAP, 1);
        T.o_keep = block(K_KEEP, 1);
        T.o_peasant_cube = block(K_PEASANT, count);
        T.o_plague = block(K_PLAGUE, count);
        T.o_spread = block(K_SPREAD, count);
        T.o_boost = block(K_BOOST, 1);
        T.o_no_boost = block(K_NO_BOOST, 1);
        T.o_done = block(K_DONE, 1);
        T.o_no_card = block(K_NO_CARD, 1);
        T.o_end_b = block(K_END_B, 1);
        T.size = static_cast<int>(acts.size());

        // encoding.py: the observation's layout.
        T.slot_length = 4 + n + 9;
        T.slot_base = 3 + n;
        const int region_length = 3 + n + kMaxTokens * T.slot_length;
        int at = 0;
        for (int r = 0; r < count; ++r, at += region_length) T.region_at[r] = at;
        // Kinds of token: equal front and back, numbered by their first id.
        int kinds = 0;
        std::vector<int> members;
        for (int t = 0; t < kTokenCount; ++t) {
            int k = -1;
            for (int u = 0; u < t && k < 0; ++u) {
                const TokenFront &a = tokens[t], &b = tokens[u];
                if (a.threshold == b.threshold && a.majority == b.majority &&
                    a.everyone == b.everyone && a.starting == b.starting &&
                    a.class_count == b.class_count &&
                    std::equal(a.classes, a.classes + a.class_count, b.classes))
                    k = T.kind_of[u];
            }
            if (k < 0) {
                k = kinds++;
                members.push_back(0);
            }
            T.kind_of[t] = k;
            ++members[k];
        }
        for (int k = 0; k < kinds; ++k) T.kind_share.push_back(1.0 / members[k]);
        T.out_at = at;
        at += kinds;
        T.cards_at = at;
        at += kClassCount * (n + 1);
        T.cubes_at = at;
        at += 4 * n;
        T.supply_at = at;
        at += 3;
        T.stage_at = at;
        at += PHASE_COUNT + 3 * n + 15;
        T.length = at;
        for (int t = 0; t < kTokenCount; ++t) {
            const TokenFront& f = tokens[t];
            double* x = T.front[t];
            x[0] = static_cast<double>(f.threshold) / kMostThreshold;
            x[1] = static_cast<double>(f.majority) / kMostMajority;
            x[2] = f.everyone ? 1.0 : 0.0;
            for (int c = 0; c < kClassCount; ++c) x[3 + c] = 0.0;
            for (int i = 0; i < f.class_count; ++i) x[3 + f.classes[i]] = 1.0;
        }
    }
};

const AllTables& all() {
    static const AllTables instance;
    return instance;
}

inline uint64_t bit(int t) { return 1ULL << t; }

}  // namespace

const Tables& tables(int players) { return all().by_players[players]; }

const TokenFront& token_front(int t) { return all().tokens[t]; }

static const TokenFront& front(int t) { return all().tokens[t]; }

// -- setup ----------------------------------------------------------------------------------
State State::blank(int players, bool shared_ties, int rounds) {
    State s;
    std::memset(&s, 0, sizeof s);
    s.t = &tables(players);
    s.players = static_cast<int8_t>(players);
    s.shared_ties = shared_ties;
    s.rounds = static_cast<int16_t>(rounds);
    s.phase = SETUP;
    s.stage = STAGE_A;
    s.spread_from = -1;
    s.witch_first[0] = s.witch_first[1] = s.witch_second[0] = s.witch_second[1] = -1;
    s.pick = -1;
    s.last_player = -1;
    for (int p = 0; p < players; ++p) s.reserve[p] = kCubes;
    for (int c = 0; c < kClassCount; ++c) s.holder[c] = -1;
    return s;
}

State State::new_game(int players, bool shared_ties, int rounds, uint64_t seed) {
    State s = blank(players, shared_ties, rounds);
    Rng rng{seed_to_state(seed)};
    const int count = s.t->regions;
    int8_t starting[kStartingCount];
    for (int i = 0; i < kStartingCount; ++i) starting[i] = static_cast<int8_t>(i);
    rng.shuffle(starting, kStartingCount);
    for (int r = 0; r < count; ++r) s.tokens[r][s.ntok[r]++] = starting[r];
    int8_t others[kOtherCount];
    for (int i = 0; i < kOtherCount; ++i) others[i] = static_cast<int8_t>(kStartingCount + i);
    rng.shuffle(others, kOtherCount);
    const int removed = kNonStartingRemoved[players];
    for (int i = 0; i < removed; ++i) s.aside[s.naside++] = others[i];
    std::sort(s.aside, s.aside + s.naside);
    for (int i = count; i < kStartingCount; ++i) s.supply[s.nsupply++] = starting[i];
    for (int i = removed; i < kOtherCount; ++i) s.supply[s.nsupply++] = others[i];
    std::sort(s.supply, s.supply + s.nsupply);
    s.plague = static_cast<int8_t>(rng.below(static_cast<uint64_t>(count)));
    s.rng = rng.state;
    return s;
}

// -- legal decisions ------------------------------------------------------------------------
int State::witch_looks(int* out) const {
    int k = 0;
    for (int r = 0; r < kRegionCount; ++r)
        for (int i = 0; i < ntok[r]; ++i) out[k++] = t->o_witch + r * kMaxTokens + i;
    return k;
}

int State::spread_targets(int* out) const {
    int k = 0;
    for (int x : t->near[spread_from])
        if (ntok[x] < kMaxTokens) out[k++] = x;
    return k;
}

int State::power_actions(int* out, bool final) const {
    const int p = active, count = t->regions;
    int k = 0;
    if (holder[KING] == p && !(used & (1 << KING)))
        for (int r = 0; r < count; ++r)
            if (board[r][p] && !ntok[r]) out[k++] = t->o_king + r;
    if (holder[MERCHANT] == p && !(used & (1 << MERCHANT)))
        for (int r = 0; r < count; ++r)
            if (board[r][p] && !t->near[r].empty()) out[k++] = t->o_merchant_from + r;
    if (holder[MONK] == p && !(used & (1 << MONK)))
        for (int r = 0; r < count; ++r) {
            if (!ntok[r]) continue;
            bool roomy = false;
            for (int x : t->near[r])
                if (ntok[x] < kMaxTokens) roomy = true;
            if (roomy) out[k++] = t->o_monk_from + r;
        }
    if (holder[WITCH] == p && !(used & (1 << WITCH))) {
        const int looks = witch_looks(out + k);
        if (looks >= 2) k += looks;
    }
    if (final) {
        if (holder[PEASANT] == p && !(used & (1 << PEASANT)) && reserve[p])
            for (int r = 0; r < count; ++r) out[k++] = t->o_peasant_cube + r;
        if (holder[KNIGHT] == p && !(used & (1 << KNIGHT)))
            for (int x : t->within_two[plague]) out[k++] = t->o_plague + x;
    }
    return k;
}

int State::b_actions(int* out) const {
    const int p = active;
    int k = 0;
    const int have = reserve[p];
    if (!placed && have > 0) {
        if (holder[PEASANT] == p && !(used & (1 << PEASANT))) {
            for (int r = 0; r < t->regions; ++r) {
                const int rats = ntok[r];
                if (rats) out[k++] = t->o_place + r;
                if (have > rats) out[k++] = t->o_peasant_place + r;
            }
        } else {
            for (int r = 0; r < t->regions; ++r)
                if (ntok[r]) out[k++] = t->o_place + r;
        }
    }
    return k + power_actions(out + k, false);
}

bool State::b_offers() const {
    const int p = active;
    if (!placed && reserve[p] > 0) {
        if (holder[PEASANT] == p) return true;
        for (int r = 0; r < kRegionCount; ++r)
            if (ntok[r]) return true;
    }
    bool holds = false;
    for (int c = 0; c < kClassCount; ++c)
        if (holder[c] == p) holds = true;
    if (!holds) return false;
    int buffer[kMaxLegal];
    return power_actions(buffer, false) > 0;
}

int State::legal(int* out) const {
    int k = 0;
    switch (phase) {
        case TURN:
            if (stage == STAGE_C) {
                const auto& moves = holder[KNIGHT] == active ? t->within_two[plague] : t->near[plague];
                for (int x : moves) out[k++] = t->o_plague + x;
                return k;
            }
            if (stage == STAGE_B) {
                k = b_actions(out);
                out[k++] = t->o_end_b;
                return k;
            }
            for (int c = 0; c < kClassCount; ++c)
                if (holder[c] != active) out[k++] = t->o_take + c;
            out[k++] = t->o_no_card;
            return k;
        case SPREAD: {
            int targets[kRegionCount];
            const int m = spread_targets(targets);
            for (int i = 0; i < m; ++i) out[k++] = t->o_spread + targets[i];
            return k;
        }
        case KNIGHT_DECISION:
            out[0] = t->o_boost;
            out[1] = t->o_no_boost;
            return 2;
        case WITCH_SECOND: {
            const int first = t->o_witch + witch_first[0] * kMaxTokens + witch_first[1];
            int looks[kRegionCount * kMaxTokens];
            const int m = witch_looks(looks);
            for (int i = 0; i < m; ++i)
                if (looks[i] != first) out[k++] = looks[i];
            return k;
        }
        case WITCH_SWAP:
            out[0] = t->o_swap;
            out[1] = t->o_keep;
            return 2;
        case MERCHANT_TO: {
            const int have = std::min<int>(board[pick][active], 3);
            for (int x : t->near[pick])
                for (int c = 1; c <= have; ++c) out[k++] = t->merchant_move[pick][x][c];
            return k;
        }
        case MONK_TO:
            for (int slot = 0; slot < ntok[pick]; ++slot)
                for (int x : t->near[pick])
                    if (ntok[x] < kMaxTokens) out[k++] = t->monk_move[pick][slot][x];
            return k;
        case FINAL:
            k = power_actions(out, true);
            out[k++] = t->o_done;
            return k;
        case SETUP:
            for (int r = 0; r < t->regions; ++r) out[k++] = t->o_setup + r;
            return k;
        default:
            return 0;
    }
}

bool State::is_legal(int index) const {
    int buffer[kMaxLegal];
    const int m = legal(buffer);
    return std::find(buffer, buffer + m, index) != buffer + m;
}

// -- effects ----------------------------------------------------------------------------------
void State::apply(int index) {
    const ActionInfo& a = t->actions[index];
    switch (a.kind) {
        case K_PLAGUE:
            if (phase == FINAL) knight_final(a.a);
            else move_plague(a.a);
            break;
        case K_SPREAD: spread(a.a); break;
        case K_PLACE: place(a.a, false); break;
        case K_PLACE_PEASANT: place(a.a, true); break;
        case K_END_B: stage = STAGE_C; break;
        case K_NO_CARD: continue_b(); break;
        case K_TAKE: take(a.a); break;
        case K_SETUP: setup_place(a.a); break;
        case K_KING: king(a.a); break;
        case K_MERCHANT_FROM: pick_region(MERCHANT, a.a); break;
        case K_MERCHANT_MOVE: merchant(a.a, a.b, a.c); break;
        case K_MONK_FROM: pick_region(MONK, a.a); break;
        case K_MONK_MOVE: monk(a.a, a.b, a.c); break;
        case K_WITCH: witch_look(a.a, a.b); break;
        case K_SWAP: witch_swap(true); break;
        case K_KEEP: witch_swap(false); break;
        case K_PEASANT: peasant_final(a.a); break;
        case K_BOOST: knight_decides(true); break;
        case K_NO_BOOST: knight_decides(false); break;
        case K_DONE: next_final(); break;
    }
}

void State::setup_place(int r) {
    const int p = active;
    const int k = std::min<int>(2, reserve[p]);
    reserve[p] -= k;
    board[r][p] += k;
    ++step;
    const int n = players;
    if (step < 2 * n) active = static_cast<int8_t>(step < n ? step : 2 * n - 1 - step);
    else start_turn(0);
}

void State::start_turn(int p) {
    phase = TURN;
    active = static_cast<int8_t>(p);
    stage = STAGE_A;
    took = placed = false;
    used = 0;
    ++turn;
    bool all = true;
    for (int c = 0; c < kClassCount; ++c)
        if (holder[c] != p) all = false;
    if (all) continue_b();
}

void State::continue_b() { stage = b_offers() ? STAGE_B : STAGE_C; }

void State::take(int c) {
    holder[c] = active;
    took = true;
    continue_b();
}

void State::place(int r, bool peasant) {
    const int p = active;
    const int want = ntok[r] + (peasant ? 1 : 0);
    const int k = std::min<int>(want, reserve[p]);
    reserve[p] -= k;
    board[r][p] += k;
    placed = true;
    if (peasant) used |= 1 << PEASANT;
    continue_b();
}

void State::king(int r) {
    board[r][active] -= 1;
    palace[active] += 1;
    used |= 1 << KING;
    if (phase == TURN) continue_b();
}

void State::pick_region(int card, int r) {
    used |= 1 << card;
    pick = static_cast<int8_t>(r);
    phase = card == MERCHANT ? MERCHANT_TO : MONK_TO;
}

void State::merchant(int a, int b, int k) {
    phase = static_cast<int8_t>(resume_phase());
    pick = -1;
    board[a][active] -= k;
    board[b][active] += k;
    if (phase == TURN) continue_b();
}

void State::monk(int a, int slot, int b) {
    phase = static_cast<int8_t>(resume_phase());
    pick = -1;
    const int8_t token = tokens[a][slot];
    for (int i = slot; i + 1 < ntok[a]; ++i) tokens[a][i] = tokens[a][i + 1];
    --ntok[a];
    tokens[b][ntok[b]++] = token;
    if (phase == TURN) continue_b();
}

void State::witch_look(int r, int i) {
    if (phase != WITCH_SECOND) {
        witch_first[0] = static_cast<int8_t>(r);
        witch_first[1] = static_cast<int8_t>(i);
        used |= 1 << WITCH;
        phase = WITCH_SECOND;
        return;
    }
    witch_second[0] = static_cast<int8_t>(r);
    witch_second[1] = static_cast<int8_t>(i);
    phase = WITCH_SWAP;
    known[active] |= bit(tokens[witch_first[0]][witch_first[1]]) | bit(tokens[r][i]);
}

void State::witch_swap(bool swap) {
    if (swap) {
        int8_t& x = tokens[witch_first[0]][witch_first[1]];
        int8_t& y = tokens[witch_second[0]][witch_second[1]];
        std::swap(x, y);
    }
    witch_first[0] = witch_first[1] = witch_second[0] = witch_second[1] = -1;
    phase = static_cast<int8_t>(resume_phase());
    if (phase == TURN) continue_b();
}

void State::move_plague(int r) {
    plague = static_cast<int8_t>(r);
    spread_from = static_cast<int8_t>(r);
    spread_left = static_cast<int8_t>(kSpreadByTokens[ntok[r]]);
    after_move();
}

void State::after_move() {
    if (spread_left > 0 && nsupply > 0) {
        int targets[kRegionCount];
        if (spread_targets(targets) > 0) {
            phase = SPREAD;
            return;
        }
    }
    spread_left = 0;
    spread_from = -1;
    const int r = plague;
    bool cubes = false;
    for (int p = 0; p < players; ++p)
        if (board[r][p]) cubes = true;
    if (ntok[r] && cubes) {
        if (holder[KNIGHT] == active) {
            phase = KNIGHT_DECISION;
            return;
        }
        devastate(r, false);
    }
    end_turn();
}

void State::spread(int r) {
    Rng g{rng};
    const int at = static_cast<int>(g.below(static_cast<uint64_t>(nsupply)));
    rng = g.state;
    const int8_t token = supply[at];
    for (int i = at; i + 1 < nsupply; ++i) supply[i] = supply[i + 1];
    --nsupply;
    tokens[r][ntok[r]++] = token;
    --spread_left;
    after_move();
}

void State::knight_decides(bool boost) {
    devastate(plague, boost);
    end_turn();
}

void State::devastate(int r, bool boost) {
    const int neutral = boost ? 2 : 0;
    for (;;) {
        bool cubes = false;
        for (int p = 0; p < players; ++p)
            if (board[r][p]) cubes = true;
        if (!ntok[r] || !cubes) return;
        reveal(r, neutral);
    }
}

void State::reveal(int r, int neutral) {
    const int8_t token = tokens[r][0];
    for (int i = 0; i + 1 < ntok[r]; ++i) tokens[r][i] = tokens[r][i + 1];
    --ntok[r];
    out[nout++] = token;
    for (int p = 0; p < players; ++p) known[p] &= ~bit(token);
    int population = neutral;
    for (int p = 0; p < players; ++p) population += board[r][p];
    if (population >= front(token).threshold) resolve(r, token);
}

void State::resolve(int r, int token) {
    const TokenFront& f = front(token);
    int8_t* cubes = board[r];
    for (int m = 0; m < f.majority; ++m) {
        int most = 0;
        for (int p = 0; p < players; ++p) most = std::max<int>(most, cubes[p]);
        if (most)
            for (int p = 0; p < players; ++p)
                if (cubes[p] == most) lose(r, p);
    }
    if (f.everyone)
        for (int p = 0; p < players; ++p)
            if (cubes[p]) lose(r, p);
    for (int i = 0; i < f.class_count; ++i) {
        const int h = holder[f.classes[i]];
        if (h >= 0 && cubes[h]) lose(r, h);
    }
}

void State::lose(int r, int p) {
    board[r][p] -= 1;
    lost[p] += 1;
}

void State::end_turn() {
    const int last = active, n = players;
    const bool at_limit = turn >= rounds * n;
    bool all_reserve = true;
    for (int p = 0; p < n; ++p)
        if (!reserve[p]) all_reserve = false;
    if (nsupply > 0 && all_reserve && !at_limit) {
        start_turn((last + 1) % n);
        return;
    }
    last_player = static_cast<int8_t>(last);
    took = placed = false;
    stage = STAGE_A;
    used = 0;
    queue_len = 0;
    for (int k = 1; k < n; ++k) {
        const int q = ((last - k) % n + n) % n;
        bool holds = false;
        for (int c = 0; c < kClassCount; ++c)
            if (holder[c] == q) holds = true;
        if (holds) queue[queue_len++] = static_cast<int8_t>(q);
    }
    next_final();
}

void State::next_final() {
    if (queue_len > 0) {
        active = queue[0];
        for (int i = 0; i + 1 < queue_len; ++i) queue[i] = queue[i + 1];
        --queue_len;
        phase = FINAL;
        used = 0;
        return;
    }
    final_resolution();
}

void State::peasant_final(int r) {
    reserve[active] -= 1;
    board[r][active] += 1;
    used |= 1 << PEASANT;
}

void State::knight_final(int r) {
    plague = static_cast<int8_t>(r);
    used |= 1 << KNIGHT;
}

void State::final_resolution() {
    used = 0;
    for (int r = 0; r < t->regions; ++r) {
        const int neutral = r == plague ? 2 : 0;
        while (ntok[r]) reveal(r, neutral);
    }
    phase = OVER;
}

// -- the end ----------------------------------------------------------------------------------
void State::scores(int* out) const {
    for (int p = 0; p < players; ++p) {
        int s = palace[p];
        for (int r = 0; r < kRegionCount; ++r) s += board[r][p];
        out[p] = s;
    }
}

void State::ranks(int* out) const {
    // rules.result and Result.rank: descending keys (score, tie priority), equal keys share.
    const int n = players;
    int sc[kMaxPlayers], priority[kMaxPlayers];
    scores(sc);
    const int last = last_player >= 0 ? last_player : active;
    for (int p = 0; p < n; ++p) priority[p] = shared_ties ? 0 : n - (((p - last - 1) % n) + n) % n;
    int order[kMaxPlayers];
    for (int p = 0; p < n; ++p) order[p] = p;
    auto key_less = [&](int a, int b) {
        return sc[a] != sc[b] ? sc[a] < sc[b] : priority[a] < priority[b];
    };
    // Python's sorted(..., reverse=True) is stable and keeps equal keys in seat order.
    std::stable_sort(order, order + n, [&](int a, int b) { return key_less(b, a); });
    for (int pos = 0; pos < n; ++pos) {
        const int p = order[pos];
        const bool same = pos > 0 && !key_less(order[pos - 1], p) && !key_less(p, order[pos - 1]);
        out[p] = same ? out[order[pos - 1]] : pos + 1;
    }
}

void State::returns(double* out) const {
    const int n = players;
    for (int p = 0; p < n; ++p) out[p] = 0.0;
    if (phase != OVER || n == 1) return;
    int rk[kMaxPlayers];
    ranks(rk);
    double value[kMaxPlayers];
    for (int k = 0; k < n; ++k) value[k] = 1.0 - 2.0 * k / (n - 1);
    for (int p = 0; p < n; ++p) {
        int tied = 0;
        for (int q = 0; q < n; ++q)
            if (rk[q] == rk[p]) ++tied;
        double sum = 0.0;
        for (int k = rk[p] - 1; k < rk[p] - 1 + tied; ++k) sum += value[k];
        out[p] = sum / tied;
    }
}

// -- the observation (encoding.py `RattusEncoding.observe` of `view(player)`) ----------------
void State::observe(int player, double* o) const {
    const Tables& T = *t;
    const int n = players;
    std::fill(o, o + T.length, 0.0);
    int rel[kMaxPlayers];
    for (int q = 0; q < n; ++q) rel[q] = ((q - player) % n + n) % n;
    const uint64_t mine = known[player];
    for (int r = 0; r < T.regions; ++r) {
        const int at = T.region_at[r];
        for (int q = 0; q < n; ++q)
            if (board[r][q]) o[at + rel[q]] = static_cast<double>(board[r][q]) / kCubes;
        if (r == plague) o[at + n] = 1.0;
        int s = at + T.slot_base;
        for (int i = 0; i < ntok[r]; ++i, s += T.slot_length) {
            const int tok = tokens[r][i];
            o[s] = 1.0;
            if (tok < kStartingCount) o[s + 1] = 1.0;
            for (int q = 0; q < n; ++q)
                if (known[q] & bit(tok)) o[s + 2 + rel[q]] = 1.0;
            if (mine & bit(tok)) std::copy(T.front[tok], T.front[tok] + 9, o + s + 4 + n);
        }
    }
    if (spread_from >= 0) o[T.region_at[spread_from] + n + 1] = 1.0;
    if (pick >= 0) o[T.region_at[pick] + n + 2] = 1.0;
    if (witch_first[0] >= 0)
        o[T.region_at[witch_first[0]] + T.slot_base + witch_first[1] * T.slot_length + 2 + n] = 1.0;
    if (witch_second[0] >= 0)
        o[T.region_at[witch_second[0]] + T.slot_base + witch_second[1] * T.slot_length + 3 + n] =
            1.0;
    for (int i = 0; i < nout; ++i) {
        const int k = T.kind_of[out[i]];
        o[T.out_at + k] += T.kind_share[k];
    }
    for (int c = 0; c < kClassCount; ++c)
        o[T.cards_at + c * (n + 1) + (holder[c] < 0 ? 0 : 1 + rel[holder[c]])] = 1.0;
    int sc[kMaxPlayers];
    scores(sc);
    const int8_t* blocks[3] = {palace, reserve, lost};
    for (int b = 0; b < 4; ++b) {
        const int base = T.cubes_at + b * n;
        for (int q = 0; q < n; ++q) {
            const int c = b < 3 ? blocks[b][q] : sc[q];
            if (c) o[base + rel[q]] = static_cast<double>(c) / kCubes;
        }
    }
    int starting = 0;
    for (int i = 0; i < nsupply; ++i)
        if (supply[i] < kStartingCount) ++starting;
    o[T.supply_at] = static_cast<double>(starting) / kStartingCount;
    o[T.supply_at + 1] = static_cast<double>(nsupply - starting) / kOtherCount;
    o[T.supply_at + 2] = static_cast<double>(naside) / kMostAside;
    int at = T.stage_at;
    o[at + phase] = 1.0;
    at += PHASE_COUNT;
    if (phase != OVER) o[at + rel[active]] = 1.0;
    at += n;
    o[at] = std::min(1.0, static_cast<double>(turn) / (rounds * n));
    o[at + 1] = static_cast<double>(step) / (2 * n);
    if (took) o[at + 2] = 1.0;
    if (placed) o[at + 3] = 1.0;
    if (phase != SETUP && last_player < 0) o[at + 4 + stage] = 1.0;
    for (int c = 0; c < kClassCount; ++c)
        if (used >> c & 1) o[at + 7 + c] = 1.0;
    o[at + 13] = static_cast<double>(spread_left) / kMostSpread;
    at += 14;
    for (int i = 0; i < queue_len; ++i) o[at + rel[queue[i]]] = 1.0;
    at += n;
    if (last_player >= 0) o[at + rel[last_player]] = 1.0;
    o[at + n] = static_cast<double>(rounds) / kMostRounds;
}

int State::random_playout(Rng& chooser) {
    int buffer[kMaxLegal];
    int decisions = 0;
    while (phase != OVER) {
        const int m = legal(buffer);
        if (m == 0) break;  // never: every pending seat has a legal action
        apply(buffer[chooser.below(static_cast<uint64_t>(m))]);
        ++decisions;
    }
    return decisions;
}

namespace {

// view.py `_draw`: move k items drawn without replacement to the front of the pool.
void draw(int8_t* pool, int n, int k, PyRandom& rng) {
    for (int i = 0; i < k; ++i) {
        const int j = i + static_cast<int>(rng.random() * (n - i));
        std::swap(pool[i], pool[j]);
    }
}

}  // namespace

State State::sample(int player, PyRandom& rng) const {
    const Tables& T = *t;
    const int n = players;
    State s = blank(n, shared_ties, rounds);
    // The public fields, as the view shows them and fill_sample reads them back.
    s.phase = phase;
    s.step = step;
    s.turn = turn;
    s.took = took;
    s.placed = placed;
    s.stage = (phase != SETUP && last_player < 0) ? stage : static_cast<int8_t>(STAGE_A);
    s.used = used;
    s.spread_left = spread_left;
    s.spread_from = spread_from;
    std::copy(witch_first, witch_first + 2, s.witch_first);
    std::copy(witch_second, witch_second + 2, s.witch_second);
    s.pick = pick;
    s.queue_len = queue_len;
    std::copy(queue, queue + queue_len, s.queue);
    s.last_player = last_player;
    s.active = phase == OVER ? static_cast<int8_t>(std::max<int>(last_player, 0)) : active;
    s.plague = plague;
    std::copy(palace, palace + n, s.palace);
    std::copy(reserve, reserve + n, s.reserve);
    std::copy(lost, lost + n, s.lost);
    std::copy(holder, holder + kClassCount, s.holder);
    for (int r = 0; r < T.regions; ++r) std::copy(board[r], board[r] + n, s.board[r]);
    // Fronts the seat has seen get the first free id of their kind ("twins").
    int next_of_kind[kTokenCount] = {0};
    auto twin = [&](int token) {
        const int kind = T.kind_of[token];
        int seen = next_of_kind[kind]++;
        for (int u = 0; u < kTokenCount; ++u)
            if (T.kind_of[u] == kind && seen-- == 0) return u;
        return -1;  // never: a kind has as many ids as fronts of it
    };
    bool used_id[kTokenCount] = {false};
    for (int i = 0; i < nout; ++i) {
        s.out[i] = static_cast<int8_t>(twin(out[i]));
        used_id[s.out[i]] = true;
    }
    s.nout = nout;
    int fixed[kRegionCount][kMaxTokens];
    int face_down = 0, on_board = 0;
    for (int r = 0; r < T.regions; ++r)
        for (int i = 0; i < ntok[r]; ++i) {
            const int tok = tokens[r][i];
            fixed[r][i] = (known[player] >> tok & 1) ? twin(tok) : -1;
            if (fixed[r][i] >= 0) {
                used_id[fixed[r][i]] = true;
            } else {
                ++face_down;
                if (tok < kStartingCount) ++on_board;
            }
        }
    int8_t starting[kStartingCount], other[kTokenCount];
    int ns = 0, no = 0;
    for (int u = 0; u < kTokenCount; ++u)
        if (!used_id[u]) {
            if (u < kStartingCount) starting[ns++] = static_cast<int8_t>(u);
            else other[no++] = static_cast<int8_t>(u);
        }
    draw(starting, ns, on_board, rng);
    draw(other, no, face_down - on_board + naside, rng);
    int next_starting = 0, next_other = 0;
    for (int r = 0; r < T.regions; ++r) {
        for (int i = 0; i < ntok[r]; ++i) {
            const int tok = tokens[r][i];
            const int id = fixed[r][i] >= 0 ? fixed[r][i]
                           : tok < kStartingCount ? starting[next_starting++]
                                                  : other[next_other++];
            s.tokens[r][i] = static_cast<int8_t>(id);
            for (int q = 0; q < n; ++q)
                if (known[q] >> tok & 1) s.known[q] |= 1ULL << id;
        }
        s.ntok[r] = ntok[r];
    }
    const int rest = face_down - on_board;
    for (int i = rest; i < rest + naside; ++i) s.aside[s.naside++] = other[i];
    std::sort(s.aside, s.aside + s.naside);
    for (int i = on_board; i < ns; ++i) s.supply[s.nsupply++] = starting[i];
    for (int i = rest + naside; i < no; ++i) s.supply[s.nsupply++] = other[i];
    std::sort(s.supply, s.supply + s.nsupply);
    s.rng = rng.getrandbits64();
    return s;
}

State State::reseed(PyRandom& rng) const {
    State c = *this;
    uint64_t seen = 0;
    for (int p = 0; p < players; ++p) seen |= known[p];
    int8_t starting[kTokenCount], other[kTokenCount];
    int ns = 0, no = 0;
    for (int r = 0; r < kRegionCount; ++r)
        for (int i = 0; i < ntok[r]; ++i) {
            const int8_t tok = tokens[r][i];
            if (seen >> tok & 1) continue;
            if (tok < kStartingCount) starting[ns++] = tok;
            else other[no++] = tok;
        }
    for (int i = 0; i < nsupply; ++i) {
        if (supply[i] < kStartingCount) starting[ns++] = supply[i];
        else other[no++] = supply[i];
    }
    for (int i = 0; i < naside; ++i) other[no++] = aside[i];
    std::sort(starting, starting + ns);
    std::sort(other, other + no);
    draw(starting, ns, ns, rng);
    draw(other, no, no, rng);
    int next_starting = 0, next_other = 0;
    for (int r = 0; r < kRegionCount; ++r)
        for (int i = 0; i < ntok[r]; ++i) {
            const int8_t tok = tokens[r][i];
            if (seen >> tok & 1) continue;
            c.tokens[r][i] = tok < kStartingCount ? starting[next_starting++] : other[next_other++];
        }
    for (int i = 0; i < naside; ++i) c.aside[i] = other[next_other++];
    std::sort(c.aside, c.aside + c.naside);
    c.nsupply = 0;
    while (next_starting < ns) c.supply[c.nsupply++] = starting[next_starting++];
    while (next_other < no) c.supply[c.nsupply++] = other[next_other++];
    std::sort(c.supply, c.supply + c.nsupply);
    c.rng = rng.getrandbits64();
    return c;
}

int State::python_rollout(PyRandom& rng, int cutoff, bool greedy) {
    int buffer[kMaxLegal];
    int steps = 0;
    while (phase != OVER) {
        if (cutoff && steps >= cutoff) break;
        const int m = legal(buffer);
        if (m == 0) break;  // never: every pending seat has a legal action
        const int k = m == 1 ? 0
                      : greedy ? greedy_choice(buffer, m)
                               : static_cast<int>(rng.randbelow(static_cast<uint32_t>(m)));
        apply(buffer[k]);
        ++steps;
    }
    return steps;
}

// -- heuristics.py: the greedy policy ----------------------------------------------------------
namespace {
constexpr double kNever = -10000.0;
}

int State::greedy_choice(const int* legal, int count) const {
    const Tables& T = *t;
    const int me = active, n = players;
    auto contains = [](const std::vector<int>& v, int x) {
        return std::find(v.begin(), v.end(), x) != v.end();
    };
    auto danger = [&](int r) {
        if (r == plague) return 3;
        if (contains(T.near[plague], r)) return 2;
        return contains(T.within_two[plague], r) ? 1 : 0;
    };
    auto edge = [&](int r) {
        int total = 0;
        for (int p = 0; p < n; ++p) total += board[r][p];
        const int mine = board[r][me];
        return (total - mine) - 2.0 * mine;
    };
    auto score = [&](int index) -> double {
        const ActionInfo& a = T.actions[index];
        switch (a.kind) {
            case K_SETUP: {
                int here = 0;
                for (int p = 0; p < n; ++p) here += board[a.a][p];
                return -4.0 * danger(a.a) - static_cast<double>(here) - 2.0 * board[a.a][me];
            }
            case K_TAKE: return a.a == PEASANT ? 1000.0 : kNever;
            case K_NO_CARD:
            case K_END_B: return 0.0;
            case K_PLACE:
            case K_PLACE_PEASANT: {
                const int rats = ntok[a.a];
                const int cubes = rats + (a.kind == K_PLACE_PEASANT ? 1 : 0);
                const double value = cubes * (4 - danger(a.a)) - 2.0 * rats;
                return value > 0 ? 500.0 + value : kNever + 1;
            }
            case K_KING: return 400.0 + danger(a.a);
            case K_PEASANT: return 300.0 - 10 * ntok[a.a] - danger(a.a);
            case K_PLAGUE: {
                const int rats = ntok[a.a];
                const double e = edge(a.a) * (rats + 1);
                double spread = 0;
                for (int x : T.near[a.a]) spread += edge(x);
                spread *= (rats ? 1 : 0);
                return e + 0.5 * spread;
            }
            case K_SPREAD: return edge(a.a);
            case K_BOOST: return edge(plague);
            case K_NO_BOOST:
            case K_DONE: return 0.0;
            case K_KEEP: return 1.0;
            default: return kNever;
        }
    };
    int best = 0;
    double best_score = kNever - 1;
    for (int k = 0; k < count; ++k) {
        const double v = score(legal[k]);
        if (v > best_score) {
            best = k;
            best_score = v;
        }
    }
    return best;
}

// -- heuristics.py: the evaluation -----------------------------------------------------------
// `projected_scores` then `evaluate`: the reference's doubles in the reference's order (the
// cubes counted as ints, each seat's score a float from its palace and reserve, then each
// region's cubes added; tanh from the C library CPython's math.tanh calls, the sum as
// Python's sum()), so the values are equal bit for bit.
namespace {
constexpr double kReserveWorth = 0.25;  // heuristics.RESERVE_WORTH
constexpr double kCubeScale = 3.0;      // heuristics.CUBE_SCALE
constexpr int kPlagueNeutralCubes = 2;  // config.PLAGUE_NEUTRAL_CUBES
}  // namespace

void State::evaluate(double* out) const {
    const int n = players;
    double score[kMaxPlayers];
    for (int p = 0; p < n; ++p)
        score[p] = static_cast<double>(palace[p]) + kReserveWorth * static_cast<double>(reserve[p]);
    for (int r = 0; r < t->regions; ++r) {
        int cubes[kMaxPlayers];
        bool any = false;
        for (int p = 0; p < n; ++p) {
            cubes[p] = board[r][p];
            any = any || cubes[p] != 0;
        }
        if (!any) continue;
        const int neutral = r == plague ? kPlagueNeutralCubes : 0;
        for (int i = 0; i < ntok[r]; ++i) {
            const TokenFront& f = front(tokens[r][i]);
            int total = 0;
            for (int p = 0; p < n; ++p) total += cubes[p];
            if (total + neutral < f.threshold) continue;
            for (int k = 0; k < f.majority; ++k) {
                int most = 0;
                for (int p = 0; p < n; ++p) most = std::max(most, cubes[p]);
                if (most)
                    for (int p = 0; p < n; ++p)
                        if (cubes[p] == most) cubes[p] -= 1;
            }
            if (f.everyone)
                for (int p = 0; p < n; ++p)
                    if (cubes[p]) cubes[p] -= 1;
            for (int c = 0; c < f.class_count; ++c) {
                const int h = holder[f.classes[c]];
                if (h >= 0 && cubes[h]) cubes[h] -= 1;
            }
        }
        for (int p = 0; p < n; ++p) score[p] += cubes[p];
    }
    for (int p = 0; p < n; ++p) {
        PySum sum;
        for (int q = 0; q < n; ++q)
            if (q != p) sum.add(std::tanh((score[p] - score[q]) / kCubeScale));
        out[p] = sum.value() / (n - 1);
    }
}

}  // namespace tavola::rattus
