// Notre Dame in C++; see notre_dame.hpp. Function names follow tavola/games/notre_dame
// (rules.py for the rules, encoding.py for the action space and the tensor, view.py for
// what the tensor reads).
#include "notre_dame.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>

namespace tavola::notre_dame {

// components.py
const int kCharacterRats[kCharacters] = {2, 1, 2, 3, 0, 1, 1, 2, 0, 1, 2, 1, 1, 1, 1};
static const int kQuarterRoads[7][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {2, 3}, {3, 4}};
static const int kLinkRoads[4][2] = {{4, 1}, {3, 2}, {0, 1}, {4, 0}};
static const int kGreyByPeriod[3][3] = {{6, 7, 8}, {9, 10, 11}, {12, 13, 14}};
// config.py
constexpr int kPersonalCubesAtStart = 4;
constexpr int kGoldInGame = 25;
constexpr int kGoldAtStart = 3;
constexpr int kRatTrackMax = 9;
constexpr int kRoundsPerPeriod = 3;
constexpr int kCardsDrawn = 3;
constexpr int kHotelDoubleFrom = 4;
constexpr int kMinstrelMost = 3;
constexpr int kPlaguePrestige = 2;
static const int kPayout[6] = {0, 0, 6, 8, 10, 12};
static const int kDonation[4] = {0, 1, 3, 6};
// encoding.py
constexpr int kMostSteps = kCubes + 1;
constexpr int kMostPlague = 9;
constexpr int kMostPlayed = 6;
constexpr int kMostDeck = 6;
constexpr int kMostPrestige = 100;
constexpr int kMostBenefits = 2;
constexpr int kMostReceived = 2;
constexpr int kMarks = 4;

namespace {

Tables build(int n, bool unlimited) {
    Tables T;
    T.players = n;
    T.unlimited = unlimited;
    const int Q = n == 2 ? 4 : n;
    T.quarters = Q;
    T.squares = Q * kSquaresPerQuarter;
    for (int p = 0; p < n; ++p) T.player_quarter[p] = n == 2 ? 2 * p : p;
    for (int c = 0; c < kColours; ++c) T.colour_quarter[c] = -1;
    if (n == 2) {
        T.colour_quarter[0] = 0;
        T.colour_quarter[2] = 1;
        T.colour_quarter[1] = 2;
        T.colour_quarter[3] = 3;
    } else {
        for (int p = 0; p < n; ++p) T.colour_quarter[p] = p;
    }
    // road_distances: breadth first over board_roads, neighbours in road order.
    std::vector<int> near[kMaxSquares];
    for (int q = 0; q < Q; ++q) {
        const int base = q * kSquaresPerQuarter, nxt = ((q + 1) % Q) * kSquaresPerQuarter;
        for (const auto& r : kQuarterRoads) {
            near[base + r[0]].push_back(base + r[1]);
            near[base + r[1]].push_back(base + r[0]);
        }
        for (const auto& r : kLinkRoads) {
            near[base + r[0]].push_back(nxt + r[1]);
            near[nxt + r[1]].push_back(base + r[0]);
        }
    }
    for (int start = 0; start < T.squares; ++start) {
        int* dist = T.distances[start];
        for (int i = 0; i < T.squares; ++i) dist[i] = -1;
        dist[start] = 0;
        std::vector<int> frontier{start};
        while (!frontier.empty()) {
            std::vector<int> next;
            for (int sq : frontier)
                for (int other : near[sq])
                    if (dist[other] < 0) {
                        dist[other] = dist[sq] + 1;
                        next.push_back(other);
                    }
            frontier = next;
        }
    }
    // The action space (encoding.py `_space`).
    int at = 0;
    T.o_keep = at; at += kKinds * n;
    T.o_play = at; at += kKinds * n;
    T.o_place = at++;
    T.o_forgo = at++;
    T.o_from = at; at += 8;
    T.o_from_friend = at++;
    T.o_friend_to = at; at += kSectors;
    T.o_to = at; at += kSectors;
    T.o_lose = at; at += kSectors;
    T.o_move = at; at += T.squares;
    T.o_stay = at++;
    T.o_take = at++;
    T.o_leave = at++;
    T.o_benefit = at; at += 3;
    T.o_gold = at; at += 3;
    T.o_hire = at; at += kCharacters;
    T.o_pass = at++;
    T.o_pieces = at; at += 6;
    T.size = at;
    // The observation layout (encoding.py `_build_layout`).
    const int cards = n * kKinds;
    at = 0;
    auto slice = [&at](int& where, int length) { where = at; at += length; };
    slice(T.a_round, kRounds);
    slice(T.a_phase, 6);
    slice(T.a_turn, 1);
    slice(T.a_bell, n);
    slice(T.a_to_act, n);
    slice(T.a_task, 1 + TASK_COUNT);
    slice(T.a_task_piece, 9);
    slice(T.a_task_target, kSectors);
    slice(T.a_carriage_steps, 1);
    slice(T.a_benefits_left, 1);
    slice(T.a_characters, kCharacters);
    slice(T.a_to_come, kCharacters);
    slice(T.a_plague, 1);
    slice(T.a_board, Q * 4 * 4);
    T.a_bank = -1;
    if (!unlimited) slice(T.a_bank, 1);
    slice(T.a_played, cards);
    slice(T.a_gold, n);
    slice(T.a_prestige, n);
    slice(T.a_rats, n);
    slice(T.a_supply, n);
    slice(T.a_general, n);
    slice(T.a_sectors, n * kSectors * (1 + kMarks));
    slice(T.a_friend, n * (kSectors + 1));
    slice(T.a_nd, n);
    slice(T.a_carriage, n * T.squares);
    slice(T.a_messages, n * Q);
    slice(T.a_message_benefits, n * 4);
    slice(T.a_hired, n * (1 + kCharacters));
    slice(T.a_hand_size, n);
    slice(T.a_received_size, n);
    slice(T.a_deck_size, n);
    slice(T.a_played_count, n);
    slice(T.a_facedown_count, n);
    slice(T.a_draft_done, n);
    slice(T.a_my_hand, cards);
    slice(T.a_my_received, cards);
    slice(T.a_my_choice, cards);
    slice(T.a_my_facedown, cards);
    slice(T.a_my_deck, kKinds);
    slice(T.a_seen_by, cards * (n - 1));
    slice(T.a_known_elsewhere, cards * (n - 1));
    slice(T.a_split_pair, cards);
    T.length = at;
    return T;
}

// Sorted copy of a small pile (the reference sorts hands and received cards for `legal`).
int sorted_copy(const int8_t* pile, int count, int* out) {
    for (int i = 0; i < count; ++i) out[i] = pile[i];
    std::sort(out, out + count);
    return count;
}

void remove_at(int8_t* pile, int8_t& count, int i) {
    for (int k = i; k + 1 < count; ++k) pile[k] = pile[k + 1];
    --count;
}

}  // namespace

const Tables& tables(int players, bool unlimited) {
    static std::mutex lock;
    static std::map<std::pair<int, bool>, std::unique_ptr<Tables>> made;
    std::lock_guard<std::mutex> guard(lock);
    auto& slot = made[{players, unlimited}];
    if (!slot) slot = std::make_unique<Tables>(build(players, unlimited));
    return *slot;
}

// -- set-up ----------------------------------------------------------------------------------
State State::blank(int players, bool unlimited) {
    State s;
    std::memset(static_cast<void*>(&s), 0, sizeof s);
    s.t = &tables(players, unlimited);
    const int n = players;
    s.players = static_cast<int8_t>(n);
    for (int p = 0; p < n; ++p) {
        s.gold[p] = kGoldAtStart;
        s.prestige[p] = 0;
        s.rats[p] = 0;
        s.supply[p] = kPersonalCubesAtStart;
        s.general[p] = kCubes - kPersonalCubesAtStart;
        s.friend_[p] = -1;
        s.nd[p] = 0;
        s.carriage[p] = static_cast<int8_t>(s.t->player_quarter[p] * kSquaresPerQuarter);
        s.hired[p] = -1;
        s.choice[p] = -1;
        for (int c = 0; c < n * kKinds; ++c) s.know[p][c] = static_cast<int8_t>(c / kKinds + 1);
    }
    for (int sq = 0; sq < kMaxSquares; ++sq) s.board[sq] = -1;
    s.phase = DRAFT_KEEP;
    s.bank = static_cast<int16_t>(kGoldInGame - kGoldAtStart * n);
    return s;
}

State State::new_game(int players, bool unlimited, uint64_t seed) {
    State s = blank(players, unlimited);
    s.setup(seed);
    return s;
}

void State::setup(uint64_t seed) {
    const int n = players;
    Rng g{seed_to_state(seed)};
    // setting.message_quarters, in its order: (colour, quarter).
    static const int two[4][2] = {{0, 0}, {2, 1}, {1, 2}, {3, 3}};
    const int sets = n == 2 ? 4 : n;
    for (int i = 0; i < sets; ++i) {
        const int colour = n == 2 ? two[i][0] : i, quarter = n == 2 ? two[i][1] : i;
        int benefits[4] = {0, 1, 2, 3};
        g.shuffle(benefits, 4);
        for (int k = 0; k < 4; ++k)
            board[quarter * kSquaresPerQuarter + 1 + k] =
                static_cast<int8_t>(colour * kMessagesPerColour + benefits[k]);
    }
    for (int p = 0; p < n; ++p) {
        for (int k = 0; k < kKinds; ++k) deck[p][k] = static_cast<int8_t>(p * kKinds + k);
        ndeck[p] = kKinds;
        g.shuffle(deck[p], kKinds);
    }
    for (int c = 0; c < 6; ++c) brown[c] = static_cast<int8_t>(c);
    nbrown = 6;
    g.shuffle(brown, 6);
    ngrey = 0;
    for (const auto& letter : kGreyByPeriod) {
        int8_t block[3] = {static_cast<int8_t>(letter[0]), static_cast<int8_t>(letter[1]),
                           static_cast<int8_t>(letter[2])};
        g.shuffle(block, 3);
        for (int8_t c : block) grey[ngrey++] = c;
    }
    first = static_cast<int8_t>(g.below(static_cast<uint64_t>(n)));
    rng = g.state;
    start_round();
}

void State::start_round() {
    const int k = rnd % kRoundsPerPeriod;
    revealed[0] = brown[2 * k];
    revealed[1] = brown[2 * k + 1];
    revealed[2] = grey[rnd];
    nrevealed = 3;
    for (int p = 0; p < players; ++p)
        for (int i = 0; i < kCardsDrawn && ndeck[p] > 0 && nhand[p] < kKinds; ++i) {
            const int8_t c = deck[p][--ndeck[p]];
            hand[p][nhand[p]++] = c;
            know[p][c] = kKnown;
        }
    phase = DRAFT_KEEP;
    turn = 0;
    for (int p = 0; p < players; ++p) choice[p] = -1;
}

// -- who acts ------------------------------------------------------------------------------
int State::to_act(int* out) const {
    if (nstack) {
        out[0] = stack[nstack - 1].player;
        return 1;
    }
    if (phase == PLAY || phase == HIRE) {
        out[0] = (first + turn) % players;
        return 1;
    }
    int m = 0;
    if (phase <= DRAFT_PICK)
        for (int p = 0; p < players; ++p)
            if (choice[p] < 0) out[m++] = p;
    return m;
}

int State::first_to_act() const {
    int who[kMaxPlayers];
    return to_act(who) ? who[0] : -1;
}

// -- legal actions ------------------------------------------------------------------------
int State::card_index(int p, int card) const {
    return ((card / kKinds - p + players) % players) * kKinds + card % kKinds;
}

int State::square_index(int p, int square) const {
    const int Q = t->quarters;
    return ((square / kSquaresPerQuarter - t->player_quarter[p] + Q) % Q) * kSquaresPerQuarter +
           square % kSquaresPerQuarter;
}

int State::occupied(int p, int at_least) const {
    int count = 0;
    for (int s = 0; s < kSectors; ++s) count += pieces(p, s) >= at_least;
    return count;
}

int State::plague_candidates(int p, int* out) const {
    int best = 0, m = 0;
    for (int s = 0; s < kSectors; ++s)
        if (sectors[p][s]) {
            const int size = sectors[p][s] + (friend_[p] == s);
            if (size > best) {
                best = size;
                m = 0;
                out[m++] = s;
            } else if (size == best) {
                out[m++] = s;
            }
        }
    return m;
}

int State::legal(int p, int* out) const {
    const Tables& T = *t;
    int m = 0;
    if (nstack) {
        const Pending& task = stack[nstack - 1];
        const int x = task.x;
        switch (task.task) {
            case T_SOURCE: {
                const int kind = x;
                if (kind == 8) {  // the trusted friend
                    for (int s = 0; s < kSectors; ++s)
                        if (s != friend_[p]) out[m++] = T.o_friend_to + s;
                    out[m++] = T.o_forgo;
                } else if (kind == kNotreDame && gold[p] == 0) {
                    out[m++] = T.o_forgo;
                } else if (supply[p] > 0) {
                    out[m++] = T.o_place;
                    out[m++] = T.o_forgo;
                } else {
                    for (int s = 0; s < kSectors; ++s)
                        if (s != kind && sectors[p][s] > 0) out[m++] = T.o_from + s;
                    if (kind != kNotreDame && nd[p] > 0) out[m++] = T.o_from + kNotreDame;
                    out[m++] = T.o_forgo;
                }
                break;
            }
            case T_CARRIAGE: {
                const int* row = T.distances[carriage[p]];
                for (int sq = 0; sq < T.squares; ++sq)
                    if (row[sq] > 0 && row[sq] <= x) out[m++] = T.o_move + square_index(p, sq);
                out[m++] = T.o_stay;
                break;
            }
            case T_MESSAGE:
                out[m++] = T.o_take;
                out[m++] = T.o_leave;
                break;
            case T_BENEFIT:
                out[m++] = T.o_benefit;
                out[m++] = T.o_benefit + 1;
                if (rats[p] > 0) out[m++] = T.o_benefit + 2;
                break;
            case T_DONATION:
                for (int g = 1; g <= std::min(3, static_cast<int>(gold[p])); ++g)
                    out[m++] = T.o_gold + g - 1;
                break;
            case T_MINSTREL_FROM:
                for (int s = 0; s < kSectors; ++s)
                    if (pieces(p, s) > 0) out[m++] = T.o_from + s;
                break;
            case T_MINSTREL_TO:
                for (int s = 0; s < kSectors; ++s)
                    if (s != x) out[m++] = T.o_to + s;
                break;
            case T_MINSTREL_PIECES: {
                const int cubes = sectors[p][x];
                const int friends = friend_[p] == x ? 2 : 1;
                for (int c = 0; c <= std::min(kMinstrelMost, cubes); ++c)
                    for (int f = 0; f < friends; ++f)
                        if (c + f >= 1 && c + f <= kMinstrelMost)
                            out[m++] = T.o_pieces + 2 * c + f - 1;
                break;
            }
            case T_JESTER_FROM:
                for (int s = 0; s < kSectors; ++s)
                    if (sectors[p][s] > 0) out[m++] = T.o_from + s;
                if (nd[p] > 0) out[m++] = T.o_from + kNotreDame;
                if (friend_[p] >= 0) out[m++] = T.o_from_friend;
                break;
            case T_JESTER_TO: {
                const int here = x == kFriendSource ? friend_[p] : x;
                for (int s = 0; s < kSectors; ++s)
                    if (s != here) out[m++] = T.o_to + s;
                break;
            }
            case T_BISHOP:
                for (int s = 0; s < kSectors; ++s)
                    if (pieces(p, s) == 0) out[m++] = T.o_to + s;
                break;
            case T_PLAGUE_LOSS: {
                int cands[kSectors];
                const int k = plague_candidates(p, cands);
                for (int i = 0; i < k; ++i) out[m++] = T.o_lose + cands[i];
                break;
            }
        }
        return m;
    }
    int cards[kKinds];
    switch (phase) {
        case DRAFT_KEEP: {
            const int k = sorted_copy(hand[p], nhand[p], cards);
            for (int i = 0; i < k; ++i) out[m++] = T.o_keep + card_index(p, cards[i]);
            break;
        }
        case DRAFT_PICK: {
            const int k = sorted_copy(received[p], nreceived[p], cards);
            for (int i = 0; i < k; ++i) out[m++] = T.o_keep + card_index(p, cards[i]);
            break;
        }
        case PLAY: {
            const int k = sorted_copy(hand[p], nhand[p], cards);
            for (int i = 0; i < k; ++i) out[m++] = T.o_play + card_index(p, cards[i]);
            break;
        }
        case HIRE: {
            int chars[3];
            const int k = sorted_copy(revealed, nrevealed, chars);
            for (int i = 0; i < k; ++i)
                if (i == 0 || chars[i] != chars[i - 1]) out[m++] = T.o_hire + chars[i];
            out[m++] = T.o_pass;
            break;
        }
        default:
            break;
    }
    return m;
}

bool State::is_legal(int p, int index) const {
    int buffer[kMaxLegal];
    const int m = legal(p, buffer);
    return std::find(buffer, buffer + m, index) != buffer + m;
}

// -- applying ------------------------------------------------------------------------------
void State::apply(int p, int index) {
    const Tables& T = *t;
    if (nstack) {
        const Pending task = stack[--nstack];
        apply_task(task, p, index);
        if (!nstack && (phase == PLAY || phase == HIRE)) ++turn;
    } else if (phase <= DRAFT_PICK) {
        const int rel = index - T.o_keep;
        draft_choose(p, ((rel / kKinds + p) % players) * kKinds + rel % kKinds);
    } else if (phase == PLAY) {
        const int rel = index - T.o_play;
        play_card(p, ((rel / kKinds + p) % players) * kKinds + rel % kKinds);
    } else {
        hire(p, index == T.o_pass ? -1 : index - T.o_hire);
        if (!nstack) ++turn;
    }
    advance();
}

void State::advance() {
    const int n = players;
    while (!nstack) {
        if (phase == PLAY) {
            if (turn < 2 * n) return;
            phase = HIRE;
            turn = 0;
        } else if (phase == HIRE) {
            while (turn < n && gold[(first + turn) % n] == 0) ++turn;
            if (turn < n) return;
            phase = PLAGUE;
            turn = 0;
        } else if (phase == PLAGUE) {
            if (plague()) return;
            end_round();
        } else {
            return;
        }
    }
}

void State::draft_choose(int p, int card) {
    const int8_t* pool = phase == DRAFT_KEEP ? hand[p] : received[p];
    const int size = phase == DRAFT_KEEP ? nhand[p] : nreceived[p];
    int i = 0;
    while (i < size && pool[i] != card) ++i;
    choice[p] = static_cast<int8_t>(i);
    for (int q = 0; q < players; ++q)
        if (choice[q] < 0) return;
    if (phase == DRAFT_KEEP)
        pass_two_left();
    else
        pass_one_left();
}

void State::pass_two_left() {
    const int n = players;
    for (int p = 0; p < n; ++p) {
        const int left = (p + 1) % n;
        const int8_t kept = hand[p][choice[p]];
        int8_t passed[kKinds];
        int np = 0;
        for (int i = 0; i < nhand[p]; ++i)
            if (hand[p][i] != kept) passed[np++] = hand[p][i];
        hand[p][0] = kept;
        nhand[p] = 1;
        for (int i = 0; i < np; ++i) {
            received[left][i] = passed[i];
            know[left][passed[i]] = kKnown;
        }
        nreceived[left] = static_cast<int8_t>(np);
    }
    phase = DRAFT_PICK;
    for (int p = 0; p < n; ++p) choice[p] = -1;
}

void State::pass_one_left() {
    const int n = players;
    for (int p = 0; p < n; ++p) {
        const int left = (p + 1) % n, right = (p - 1 + n) % n;
        const int8_t pick = received[p][choice[p]];
        const int8_t other = received[p][1 - choice[p]];
        if (nhand[p] < kKinds) hand[p][nhand[p]++] = pick;
        if (nhand[left] < kKinds) hand[left][nhand[left]++] = other;
        know[left][other] = kKnown;
        if (left != right) know[right][pick] = know[right][other] =
            static_cast<int8_t>(kPairGroup + rnd);
        nreceived[p] = 0;
    }
    phase = PLAY;
    turn = 0;
    for (int p = 0; p < n; ++p) choice[p] = -1;
}

void State::play_card(int p, int card) {
    int i = 0;
    while (i < nhand[p] && hand[p][i] != card) ++i;
    if (i < nhand[p]) remove_at(hand[p], nhand[p], i);
    if (nplayed[p] < kKinds) played[p][nplayed[p]++] = static_cast<int8_t>(card);
    for (int q = 0; q < players; ++q) know[q][card] = kKnown;
    if (turn >= players && nhand[p] > 0 && nfacedown[p] < kKinds) {
        const int8_t third = hand[p][--nhand[p]];
        facedown[p][nfacedown[p]++] = third;
    }
    push(T_SOURCE, p, card % kKinds, card);
}

void State::apply_task(const Pending& task, int p, int index) {
    const Tables& T = *t;
    const int x = task.x, y = task.y;
    switch (task.task) {
        case T_SOURCE: {
            if (index == T.o_forgo) return;
            if (index >= T.o_friend_to && index < T.o_friend_to + kSectors) {
                const int target = index - T.o_friend_to;
                friend_[p] = static_cast<int8_t>(target);
                sector_action(p, target);
                return;
            }
            const int target = x;
            if (index == T.o_place) {
                --supply[p];
            } else {
                const int source = index - T.o_from;
                if (source == kNotreDame)
                    --nd[p];
                else
                    --sectors[p][source];
            }
            if (target == kNotreDame)
                ++nd[p];
            else
                ++sectors[p][target];
            sector_action(p, target);
            return;
        }
        case T_CARRIAGE: {
            if (index == T.o_stay) return;
            const int rel = index - T.o_move;
            const int Q = T.quarters;
            const int square = ((rel / kSquaresPerQuarter + T.player_quarter[p]) % Q) *
                                   kSquaresPerQuarter + rel % kSquaresPerQuarter;
            carriage[p] = static_cast<int8_t>(square);
            const int message = board[square];
            if (message >= 0 && message_allowed(p, message / kMessagesPerColour))
                push(T_MESSAGE, p, square, 0);
            return;
        }
        case T_MESSAGE: {
            if (index == T.o_leave) return;
            const int message = board[x];
            if (message < 0) return;
            board[x] = -1;
            const int colour = message / kMessagesPerColour, benefit = message % kMessagesPerColour;
            ++msgs[p][colour];
            if (ntiles[p] < kMaxTiles) tiles[p][ntiles[p]++] = static_cast<int8_t>(message);
            gain_prestige(p, benefit + 1);
            if (benefit == 0)
                gain_gold(p, 1);
            else if (benefit == 1)
                gain_cubes(p, 1);
            else if (benefit == 2)
                rat_back(p);
            return;
        }
        case T_BENEFIT: {
            const int b = index - T.o_benefit;
            if (b == 0)
                gain_gold(p, 1);
            else if (b == 1)
                gain_cubes(p, 1);
            else
                rat_back(p);
            if (x > 1) push(T_BENEFIT, p, x - 1, 0);
            return;
        }
        case T_DONATION: {
            const int amount = index - T.o_gold + 1;
            gold[p] = static_cast<int16_t>(gold[p] - amount);
            bank = static_cast<int16_t>(bank + amount);
            gain_prestige(p, kDonation[amount]);
            return;
        }
        case T_MINSTREL_FROM:
            push(T_MINSTREL_TO, p, index - T.o_from, 0);
            return;
        case T_MINSTREL_TO:
            push(T_MINSTREL_PIECES, p, x, index - T.o_to);
            return;
        case T_MINSTREL_PIECES: {
            const int j = index - T.o_pieces;
            const int cubes = (j + 1) / 2, with_friend = (j + 1) % 2;
            sectors[p][x] = static_cast<int8_t>(sectors[p][x] - cubes);
            sectors[p][y] = static_cast<int8_t>(sectors[p][y] + cubes);
            if (with_friend) friend_[p] = static_cast<int8_t>(y);
            return;
        }
        case T_JESTER_FROM: {
            const int source = index == T.o_from_friend ? kFriendSource : index - T.o_from;
            push(T_JESTER_TO, p, source, 0);
            return;
        }
        case T_JESTER_TO: {
            const int target = index - T.o_to;
            if (x == kFriendSource) {
                friend_[p] = static_cast<int8_t>(target);
            } else {
                if (x == kNotreDame)
                    --nd[p];
                else
                    --sectors[p][x];
                ++sectors[p][target];
            }
            sector_action(p, target);
            return;
        }
        case T_BISHOP: {
            const int target = index - T.o_to;
            --general[p];
            ++sectors[p][target];
            sector_action(p, target);
            return;
        }
        case T_PLAGUE_LOSS:
            lose_cube(p, index - T.o_lose);
            return;
    }
}

void State::sector_action(int p, int sector) {
    const int count = sector != kNotreDame ? pieces(p, sector) : 0;
    switch (sector) {
        case CONVENT: gain_cubes(p, count); break;
        case BANK: gain_gold(p, count); break;
        case RESIDENCE: gain_prestige(p, count); break;
        case CARRIAGE: push(T_CARRIAGE, p, count, 0); break;
        case HOTEL: push(T_BENEFIT, p, count >= kHotelDoubleFrom ? 2 : 1, 0); break;
        case PARK:
        case HOSPITAL: rat_back(p); break;
        default: push(T_DONATION, p, 0, 0); break;
    }
}

bool State::message_allowed(int p, int colour) const {
    int on_board[kColours] = {0, 0, 0, 0, 0};
    for (int sq = 0; sq < t->squares; ++sq)
        if (board[sq] >= 0) ++on_board[board[sq] / kMessagesPerColour];
    const int have = msgs[p][colour];
    for (int j = 0; j < kColours; ++j)
        if (on_board[j] && msgs[p][j] < have) return false;
    return true;
}

void State::hire(int p, int c) {
    if (c < 0) return;
    gold[p] = static_cast<int16_t>(gold[p] - 1);
    bank = static_cast<int16_t>(bank + 1);
    hired[p] = static_cast<int8_t>(c);
    switch (c) {
        case INNKEEPER:
            gain_prestige(p, 3);
            push(T_BENEFIT, p, 1, 0);
            break;
        case MINSTREL:
            for (int s = 0; s < kSectors; ++s)
                if (pieces(p, s)) {
                    push(T_MINSTREL_FROM, p, 0, 0);
                    break;
                }
            break;
        case MONK:
            gain_cubes(p, 2);
            gain_prestige(p, 1);
            break;
        case JESTER: {
            bool any = nd[p] > 0 || friend_[p] >= 0;
            for (int s = 0; s < kSectors; ++s) any = any || sectors[p][s] > 0;
            if (any) push(T_JESTER_FROM, p, 0, 0);
            break;
        }
        case MONEYLENDER:
            gain_gold(p, 2);
            gain_prestige(p, 1);
            break;
        case DOCTOR:
            break;
        case CITY_WATCH: {
            int total = (friend_[p] >= 0) + nd[p];
            for (int s = 0; s < kSectors; ++s) total += sectors[p][s];
            gain_prestige(p, total);
            break;
        }
        case NIGHT_WATCH:
            gain_prestige(p, 7 - occupied(p, 1));
            break;
        case BISHOP:
            if (general[p] > 0)
                for (int s = 0; s < kSectors; ++s)
                    if (pieces(p, s) == 0) {
                        push(T_BISHOP, p, 0, 0);
                        break;
                    }
            break;
        case GUILD_MASTER:
            gain_prestige(p, 2 * occupied(p, 2));
            break;
        case KING_OF_BEGGARS:
            gain_prestige(p, kRatTrackMax - rats[p]);
            break;
        case LAWYER:
            gain_prestige(p, 3 * (ntiles[p] / 2));
            break;
        case LADY_IN_WAITING: {
            int most = 0;
            for (int s = 0; s < kSectors; ++s) most = std::max(most, pieces(p, s));
            gain_prestige(p, most);
            break;
        }
        case MAYOR:
            gain_prestige(p, 3 * occupied(p, 3));
            break;
        case CARPENTER:
            gain_prestige(p, occupied(p, 1));
            break;
    }
}

// -- gains and losses -------------------------------------------------------------------------
void State::gain_prestige(int p, int amount) {
    if (amount <= 0) return;
    prestige[p] = static_cast<int16_t>(prestige[p] + amount + pieces(p, PARK) / 2);
}

void State::gain_cubes(int p, int amount) {
    const int got = std::min(amount, static_cast<int>(general[p]));
    general[p] = static_cast<int8_t>(general[p] - got);
    supply[p] = static_cast<int8_t>(supply[p] + got);
}

void State::gain_gold(int p, int amount) {
    if (amount <= 0) return;
    gold[p] = static_cast<int16_t>(gold[p] + amount);
    if (t->unlimited || bank >= amount) {
        bank = static_cast<int16_t>(bank - amount);
        return;
    }
    int missing = amount - bank;
    bank = 0;
    const int n = players;
    while (missing > 0) {
        int richest = (p + 1) % n;
        for (int k = 2; k < n; ++k) {
            const int q = (p + k) % n;
            if (gold[q] > gold[richest]) richest = q;
        }
        const int have = gold[richest];
        if (have == 0) {
            gold[p] = static_cast<int16_t>(gold[p] - missing);
            return;
        }
        const int take = std::min(have, missing);
        gold[richest] = static_cast<int16_t>(gold[richest] - take);
        missing -= take;
    }
}

void State::rat_back(int p) {
    if (rats[p] > 0) --rats[p];
}

void State::lose_cube(int p, int sector) {
    --sectors[p][sector];
    ++general[p];
}

bool State::plague() {
    const int n = players;
    int rat_count = 0;
    for (int i = 0; i < nrevealed; ++i) rat_count += kCharacterRats[revealed[i]];
    while (turn < n) {
        const int p = (first + turn) % n;
        ++turn;
        const int base = hired[p] == DOCTOR ? 0 : rat_count;
        const int moved = rats[p] + base - pieces(p, HOSPITAL);
        if (moved <= kRatTrackMax) {
            rats[p] = static_cast<int8_t>(std::max(0, moved));
            continue;
        }
        rats[p] = kRatTrackMax;
        const int lost = std::min(kPlaguePrestige, static_cast<int>(prestige[p]));
        prestige[p] = static_cast<int16_t>(prestige[p] - lost);
        int cands[kSectors];
        const int k = plague_candidates(p, cands);
        if (k == 1) {
            lose_cube(p, cands[0]);
        } else if (k) {
            push(T_PLAGUE_LOSS, p, 0, 0);
            return true;
        }
    }
    return false;
}

void State::end_round() {
    const int n = players;
    for (int p = 0; p < n; ++p) hired[p] = -1;
    first = static_cast<int8_t>((first + 1) % n);
    if (rnd % kRoundsPerPeriod == kRoundsPerPeriod - 1) {
        notre_dame_payout();
        if (rnd == kRounds - 1) {
            phase = OVER;
            turn = 0;
            nrevealed = 0;
            return;
        }
        new_period();
    }
    ++rnd;
    start_round();
}

void State::notre_dame_payout() {
    int total = 0;
    for (int p = 0; p < players; ++p) total += nd[p];
    if (!total) return;
    const int each = kPayout[players] / total;
    for (int p = 0; p < players; ++p)
        if (nd[p]) {
            gain_prestige(p, each * nd[p]);
            general[p] = static_cast<int8_t>(general[p] + nd[p]);
            nd[p] = 0;
        }
}

void State::new_period() {
    const int n = players;
    Rng g{rng};
    g.shuffle(brown, nbrown);
    for (int p = 0; p < n; ++p) {
        for (int k = 0; k < kKinds; ++k) deck[p][k] = static_cast<int8_t>(p * kKinds + k);
        ndeck[p] = kKinds;
        g.shuffle(deck[p], kKinds);
        nhand[p] = nreceived[p] = nfacedown[p] = nplayed[p] = 0;
    }
    for (int p = 0; p < n; ++p)
        for (int c = 0; c < n * kKinds; ++c) know[p][c] = static_cast<int8_t>(c / kKinds + 1);
    rng = g.state;
}

// -- the end ----------------------------------------------------------------------------------
void State::scores(int* out) const {
    for (int p = 0; p < players; ++p) out[p] = prestige[p];
}

void State::ranks(int* out) const {
    // Result.rank over (prestige, gold + supply): sorted by descending key, stable.
    const int n = players;
    int order[kMaxPlayers];
    for (int p = 0; p < n; ++p) order[p] = p;
    auto key = [this](int p) { return std::make_pair(static_cast<int>(prestige[p]),
                                                     gold[p] + supply[p]); };
    std::stable_sort(order, order + n, [&](int a, int b) { return key(a) > key(b); });
    for (int pos = 0; pos < n; ++pos) {
        const int p = order[pos];
        const bool same = pos > 0 && key(order[pos - 1]) == key(p);
        out[p] = same ? out[order[pos - 1]] : pos + 1;
    }
}

void State::returns(double* out) const {
    const int n = players;
    if (!terminal()) {
        for (int p = 0; p < n; ++p) out[p] = 0.0;
        return;
    }
    int r[kMaxPlayers];
    ranks(r);
    double value[kMaxPlayers];
    for (int k = 0; k < n; ++k) value[k] = 1.0 - 2.0 * k / (n - 1);
    for (int p = 0; p < n; ++p) {
        int tied = 0;
        for (int q = 0; q < n; ++q) tied += r[q] == r[p];
        double sum = 0.0;
        for (int k = r[p] - 1; k < r[p] - 1 + tied; ++k) sum += value[k];
        out[p] = sum / tied;
    }
}

// -- the observation ----------------------------------------------------------------------------
void State::observe(int o, double* out) const {
    const Tables& T = *t;
    const int n = players, Q = T.quarters;
    std::fill(out, out + T.length, 0.0);
    auto place = [o, n](int q) { return (q - o + n) % n; };
    const bool over = phase == OVER;
    out[T.a_round + rnd] = 1.0;
    out[T.a_phase + phase] = 1.0;
    out[T.a_turn] = std::min(turn / static_cast<double>(2 * n), 1.0);
    out[T.a_bell + place(first)] = 1.0;
    int who[kMaxPlayers];
    const int acting = to_act(who);
    for (int i = 0; i < acting; ++i) out[T.a_to_act + place(who[i])] = 1.0;
    if (!nstack) {
        out[T.a_task] = 1.0;
    } else {
        const Pending& task = stack[nstack - 1];
        out[T.a_task + 1 + task.task] = 1.0;
        if (task.task == T_SOURCE || task.task == T_MINSTREL_TO ||
            task.task == T_MINSTREL_PIECES || task.task == T_JESTER_TO)
            out[T.a_task_piece + task.x] = 1.0;
        if (task.task == T_MINSTREL_PIECES)
            out[T.a_task_target + task.y] = 1.0;
        else if (task.task == T_CARRIAGE)
            out[T.a_carriage_steps] = std::min(task.x / static_cast<double>(kMostSteps), 1.0);
        else if (task.task == T_BENEFIT)
            out[T.a_benefits_left] = std::min(task.x / static_cast<double>(kMostBenefits), 1.0);
    }
    int plague_rats = 0;
    for (int i = 0; i < nrevealed; ++i) {
        out[T.a_characters + revealed[i]] = 1.0;
        plague_rats += kCharacterRats[revealed[i]];
    }
    if (!over) {  // view.py `to_come`
        const int k = rnd % kRoundsPerPeriod;
        const int period_end = rnd - k + kRoundsPerPeriod;
        for (int i = 2 * k + 2; i < nbrown; ++i) out[T.a_to_come + brown[i]] = 1.0;
        for (int i = rnd + 1; i < period_end && i < ngrey; ++i) out[T.a_to_come + grey[i]] = 1.0;
    }
    out[T.a_plague] = std::min(plague_rats / static_cast<double>(kMostPlague), 1.0);
    for (int sq = 0; sq < T.squares; ++sq)
        if (board[sq] >= 0) {
            const int rel = square_index(o, sq);
            const int at = (rel / kSquaresPerQuarter * 4 + rel % kSquaresPerQuarter - 1) * 4;
            out[T.a_board + at + board[sq] % kMessagesPerColour] = 1.0;
        }
    if (!T.unlimited) out[T.a_bank] = std::min(bank / static_cast<double>(kGoldInGame), 1.0);
    const bool drafting = phase <= DRAFT_PICK;
    for (int k = 0; k < n; ++k) {
        const int q = (o + k) % n;
        out[T.a_gold + k] = gold[q] <= kGoldInGame ? gold[q] / static_cast<double>(kGoldInGame)
                                                   : 1.0;
        out[T.a_prestige + k] = prestige[q] <= kMostPrestige
                                    ? prestige[q] / static_cast<double>(kMostPrestige) : 1.0;
        out[T.a_rats + k] = rats[q] / static_cast<double>(kRatTrackMax);
        out[T.a_supply + k] = supply[q] / static_cast<double>(kCubes);
        out[T.a_general + k] = general[q] / static_cast<double>(kCubes);
        out[T.a_nd + k] = std::min(static_cast<int>(nd[q]), kMostPlayed) /
                          static_cast<double>(kMostPlayed);
        out[T.a_friend + k * (kSectors + 1) + (friend_[q] < 0 ? kSectors : friend_[q])] = 1.0;
        double* sec = out + T.a_sectors + k * kSectors * (1 + kMarks);
        for (int s = 0; s < kSectors; ++s) {
            const int cubes = sectors[q][s], all = cubes + (friend_[q] == s);
            sec[s * 5] = cubes / static_cast<double>(kCubes);
            for (int mark = 0; mark < kMarks; ++mark) sec[s * 5 + 1 + mark] = all > mark ? 1.0 : 0.0;
        }
        out[T.a_carriage + k * T.squares + square_index(o, carriage[q])] = 1.0;
        if (ntiles[q]) {
            int by_colour[kMaxQuarters] = {0, 0, 0, 0, 0}, by_benefit[4] = {0, 0, 0, 0};
            for (int i = 0; i < ntiles[q]; ++i) {
                const int m = tiles[q][i];
                const int c = m / kMessagesPerColour;
                ++by_colour[(T.colour_quarter[c] - T.player_quarter[o] + Q) % Q];
                ++by_benefit[m % kMessagesPerColour];
            }
            for (int i = 0; i < Q; ++i)
                out[T.a_messages + k * Q + i] = by_colour[i] / static_cast<double>(kMessagesPerColour);
            for (int i = 0; i < 4; ++i)
                out[T.a_message_benefits + k * 4 + i] = by_benefit[i] / static_cast<double>(Q);
        }
        out[T.a_hired + k * (1 + kCharacters) + (hired[q] < 0 ? 0 : hired[q] + 1)] = 1.0;
        out[T.a_hand_size + k] = nhand[q] / static_cast<double>(kCardsDrawn);
        out[T.a_received_size + k] = nreceived[q] / static_cast<double>(kMostReceived);
        out[T.a_deck_size + k] = std::min(static_cast<int>(ndeck[q]), kMostDeck) /
                                 static_cast<double>(kMostDeck);
        out[T.a_played_count + k] = nplayed[q] / static_cast<double>(kMostPlayed);
        for (int i = 0; i < nplayed[q]; ++i) out[T.a_played + card_index(o, played[q][i])] = 1.0;
        out[T.a_facedown_count + k] = nfacedown[q] / static_cast<double>(kRoundsPerPeriod);
        if (drafting && choice[q] >= 0) out[T.a_draft_done + k] = 1.0;
    }
    for (int i = 0; i < nhand[o]; ++i) out[T.a_my_hand + card_index(o, hand[o][i])] = 1.0;
    for (int i = 0; i < nreceived[o]; ++i)
        out[T.a_my_received + card_index(o, received[o][i])] = 1.0;
    if (choice[o] >= 0) {
        const int8_t* pool = phase == DRAFT_KEEP ? hand[o] : received[o];
        out[T.a_my_choice + card_index(o, pool[choice[o]])] = 1.0;
    }
    for (int i = 0; i < nfacedown[o]; ++i)
        out[T.a_my_facedown + card_index(o, facedown[o][i])] = 1.0;
    for (int i = 0; i < ndeck[o]; ++i) out[T.a_my_deck + card_index(o, deck[o][i])] = 1.0;
    const int others = n - 1;
    auto seen = [&](int8_t c) {
        for (int q = 0; q < n; ++q)
            if (q != o && know[q][c] == kKnown)
                out[T.a_seen_by + card_index(o, c) * others - 1 + place(q)] = 1.0;
    };
    for (int i = 0; i < nhand[o]; ++i) seen(hand[o][i]);
    for (int i = 0; i < nreceived[o]; ++i) seen(received[o][i]);
    for (int i = 0; i < nfacedown[o]; ++i) seen(facedown[o][i]);
    auto elsewhere = [&](int q, int8_t c) {
        const int g = know[o][c];
        if (g == kKnown)
            out[T.a_known_elsewhere - 1 + card_index(o, c) * others + place(q)] = 1.0;
        else if (g >= kPairGroup)
            out[T.a_split_pair + card_index(o, c)] = 1.0;
    };
    for (int q = 0; q < n; ++q) {
        if (q == o) continue;
        for (int i = 0; i < nhand[q]; ++i) elsewhere(q, hand[q][i]);
        for (int i = 0; i < nreceived[q]; ++i) elsewhere(q, received[q][i]);
        for (int i = 0; i < nfacedown[q]; ++i) elsewhere(q, facedown[q][i]);
    }
}

// -- playouts ---------------------------------------------------------------------------------
int State::random_playout(Rng& chooser) {
    int legal_buf[kMaxLegal];
    int decisions = 0;
    while (!terminal()) {
        const int p = first_to_act();
        const int m = legal(p, legal_buf);
        apply(p, legal_buf[chooser.below(static_cast<uint64_t>(m))]);
        ++decisions;
    }
    return decisions;
}

int State::python_rollout(PyRandom& g, int cutoff, bool greedy) {
    int legal_buf[kMaxLegal];
    int steps = 0;
    while (!terminal()) {
        if (cutoff > 0 && steps >= cutoff) break;
        const int p = first_to_act();
        const int m = legal(p, legal_buf);
        const int i = m == 1   ? 0
                      : greedy ? greedy_choice(p, legal_buf, m, g)
                               : static_cast<int>(g.randbelow(static_cast<uint32_t>(m)));
        apply(p, legal_buf[i]);
        ++steps;
    }
    return steps;
}

// -- the greedy policy (heuristics.py) ------------------------------------------------------
// Every score is computed with the reference's operations in the reference's order, so the
// doubles are equal bit for bit and the 1e-9 tie test groups the same actions.
namespace {

constexpr double kMessageValue[4] = {2.6, 3.2, 3.8, 4.0};

int floor_div2(int x) { return x >= 0 ? x / 2 : -((-x + 1) / 2); }

struct Reader {
    const State& s;
    const Tables& T;
    int me;
    int rounds_left;
    int count_of[kSectors];
    int plague_rats;

    Reader(const State& state, int player) : s(state), T(*state.t), me(player) {
        rounds_left = 9 - (s.rnd + 1);
        for (int t = 0; t < kSectors; ++t) count_of[t] = s.sectors[me][t] + (s.friend_[me] == t);
        plague_rats = 0;
        for (int i = 0; i < s.nrevealed; ++i) plague_rats += kCharacterRats[s.revealed[i]];
    }
    int count(int sector) const { return count_of[sector]; }
    int danger() const {
        const int plague = s.hired[me] == DOCTOR ? 0 : plague_rats;
        return s.rats[me] + plague - count(HOSPITAL) - 9;
    }
    double gold_value() const { return rounds_left > 1 ? 1.3 : 0.6; }
    double cube_value() const {
        const int short_ = std::max(0, 4 - static_cast<int>(s.supply[me]));
        return std::min(2.0, 0.4 + 0.3 * short_) * std::min(1.0, rounds_left / 4.0 + 0.2);
    }
    double rat_value() const {
        const int d = danger();
        if (s.rats[me] == 0) return 0.0;
        return d >= 0 ? 4.0 : d >= -2 ? 2.0 : 0.6;
    }
    int park_bonus() const { return count(PARK) / 2; }
    bool may_take(int colour) const {
        bool on_board[kColours] = {false, false, false, false, false};
        for (int sq = 0; sq < T.squares; ++sq)
            if (s.board[sq] >= 0) on_board[s.board[sq] / kMessagesPerColour] = true;
        for (int c = 0; c < kColours; ++c)
            if (on_board[c] && s.msgs[me][c] < s.msgs[me][colour]) return false;
        return true;
    }
    double best_message(int steps) const {
        const int* dist = T.distances[s.carriage[me]];
        bool any = false;
        double best = 0.0;
        for (int sq = 0; sq < T.squares; ++sq) {
            const int m = s.board[sq];
            if (m >= 0 && dist[sq] > 0 && dist[sq] <= steps && may_take(m / kMessagesPerColour)) {
                const double value = kMessageValue[m % kMessagesPerColour] + park_bonus();
                if (!any || value > best) best = value;
                any = true;
            }
        }
        return any ? best : 0.0;
    }
    double sector_value(int sector, int extra = 1) const {
        const int n = count(sector) + extra;
        const int bonus = park_bonus();
        switch (sector) {
            case CONVENT: return n * cube_value();
            case BANK: return n * gold_value();
            case RESIDENCE: return (n + bonus) + 0.3;
            case CARRIAGE: return best_message(n) * 0.9 + 0.3 * n;
            case HOTEL: {
                const double best = std::max(std::max(gold_value(), cube_value()), rat_value());
                return best * (n >= 4 ? 2 : 1) + 0.2;
            }
            case PARK: {
                const double future = 0.5 * rounds_left * (floor_div2(n) - floor_div2(n - 1));
                return rat_value() + future + 0.4;
            }
            case HOSPITAL:
                return rat_value() + 0.35 * rounds_left + (danger() > 0 ? 3.0 : 0.0);
            default: return 0.0;
        }
    }
    double card_value(int kind) const {
        if (kind == 8) {  // the trusted friend
            const int here = s.friend_[me];
            bool any = false;
            double best = 0.0;
            for (int t = 0; t < kSectors; ++t)
                if (t != here) {
                    const double v = sector_value(t, 1);
                    if (!any || v > best) best = v;
                    any = true;
                }
            return best;
        }
        if (kind == kNotreDame) {
            const int gold = s.gold[me];
            if (gold == 0) return 0.0;
            const int give = std::min(3, gold);
            const int gain = kDonation[give] + park_bonus();
            int cubes = 0;
            for (int q = 0; q < s.players; ++q) cubes += s.nd[q];
            const double share = kPayout[s.players] / static_cast<double>(1 + cubes);
            return gain + 0.6 * share - give * gold_value();
        }
        if (s.supply[me] == 0) return sector_value(kind) * 0.6;
        return sector_value(kind);
    }
    double prestige(int x) const { return x > 0 ? static_cast<double>(x + park_bonus()) : 0.0; }
    int occupied(int at_least) const {
        int k = 0;
        for (int t = 0; t < kSectors; ++t) k += count(t) >= at_least;
        return k;
    }
    double character_value(int c) const {
        switch (c) {
            case INNKEEPER:
                return prestige(3) + std::max(std::max(gold_value(), cube_value()), rat_value());
            case MINSTREL: return 0.5;
            case MONK: return 2 * cube_value() + prestige(1);
            case JESTER: {
                double best = sector_value(0);
                for (int t = 1; t < kSectors; ++t) best = std::max(best, sector_value(t));
                return best * 0.7;
            }
            case MONEYLENDER: return 2 * gold_value() + prestige(1);
            case DOCTOR: {
                const int d = danger();
                return d > 0 ? (2.0 + 3.0 + d * 0.3) : 0.3;
            }
            case CITY_WATCH: {
                int total = 0;
                for (int t = 0; t < kSectors; ++t) total += count(t);
                return prestige(total + s.nd[me]);
            }
            case NIGHT_WATCH: return prestige(kSectors - occupied(1));
            case BISHOP: {
                bool any = false;
                double best = 0.0;
                for (int t = 0; t < kSectors; ++t)
                    if (count(t) == 0) {
                        const double v = sector_value(t);
                        if (!any || v > best) best = v;
                        any = true;
                    }
                return best;
            }
            case GUILD_MASTER: return prestige(2 * occupied(2));
            case KING_OF_BEGGARS: return prestige(9 - s.rats[me]);
            case LAWYER: return prestige(3 * (s.ntiles[me] / 2));
            case LADY_IN_WAITING: {
                int most = 0;
                for (int t = 0; t < kSectors; ++t) most = std::max(most, count(t));
                return prestige(most);
            }
            case MAYOR: return prestige(3 * occupied(3));
            case CARPENTER: return prestige(occupied(1));
            default: return 0.0;
        }
    }
    double drive(int square) const {
        bool found = false;
        double here = 0.0;
        for (int sq = 0; sq < T.squares; ++sq) {
            const int m = s.board[sq];
            if (m >= 0 && sq == square && may_take(m / kMessagesPerColour)) {
                here = kMessageValue[m % kMessagesPerColour];
                found = true;
            }
        }
        if (found) return here + 1.0;
        int near = -1;
        for (int sq = 0; sq < T.squares; ++sq) {
            const int m = s.board[sq];
            if (m >= 0 && may_take(m / kMessagesPerColour)) {
                const int d = T.distances[square][sq];
                if (near < 0 || d < near) near = d;
            }
        }
        if (near < 0) near = 9;
        return 0.5 - 0.1 * near;
    }
    double score(int index) const {
        const int n = s.players;
        const bool has_task = s.nstack > 0;
        const Pending task = has_task ? s.stack[s.nstack - 1] : Pending{-1, -1, -1, -1};
        if (index < T.o_place) {  // keep or play a card
            const int rel = (index - T.o_keep) % (kKinds * n);
            const int card = ((rel / kKinds + me) % n) * kKinds + rel % kKinds;
            return card_value(card % kKinds) + (card / kKinds == me ? 0.05 : 0.0);
        }
        if (index == T.o_place) return 1.0;
        if (index == T.o_forgo) {
            if (has_task && task.task == T_SOURCE && task.x == kNotreDame)
                return s.gold[me] < 2 && rounds_left > 1 ? 0.5 : -1.0;
            return -1.0;
        }
        if (index >= T.o_from && index <= T.o_from_friend) {
            const int source = index - T.o_from;  // 7 Notre Dame, 8 the friend
            if (has_task && task.task == T_JESTER_FROM)
                return source < kSectors ? -static_cast<double>(count(source)) : -1.0;
            if (source >= kNotreDame) return 0.0;
            return -sector_value(source, 0) * 0.1;
        }
        if (index >= T.o_friend_to && index < T.o_to) return sector_value(index - T.o_friend_to);
        if (index >= T.o_to && index < T.o_lose) {
            const int t = index - T.o_to;
            if (has_task && task.task == T_MINSTREL_TO)
                return count(t) + (t == PARK || t == HOSPITAL ? 1 : 0);
            return sector_value(t);
        }
        if (index >= T.o_lose && index < T.o_move) return -sector_value(index - T.o_lose, 0);
        if (index >= T.o_move && index < T.o_stay) {
            const int rel = index - T.o_move;
            const int square = ((rel / kSquaresPerQuarter + T.player_quarter[me]) % T.quarters) *
                                   kSquaresPerQuarter + rel % kSquaresPerQuarter;
            return drive(square);
        }
        if (index == T.o_stay || index == T.o_leave || index == T.o_pass) return 0.0;
        if (index == T.o_take) return 1.0;
        if (index >= T.o_benefit && index < T.o_gold) {
            const int b = index - T.o_benefit;
            return b == 0 ? gold_value() : b == 1 ? cube_value() : rat_value();
        }
        if (index >= T.o_gold && index < T.o_hire) {
            const int amount = index - T.o_gold + 1;
            return kDonation[amount] - amount * gold_value() * 0.8;
        }
        if (index >= T.o_hire && index < T.o_pass)
            return character_value(index - T.o_hire) - gold_value() - 0.3;
        if (index >= T.o_pieces) {
            const int j = index - T.o_pieces;
            return (j + 1) / 2 + (j + 1) % 2;
        }
        return 0.0;
    }
};

}  // namespace

int State::greedy_choice(int player, const int* legal_buf, int count, PyRandom& g) const {
    const Reader r(*this, player);
    int best[kMaxLegal];
    int m = 0;
    double top = 0.0;
    for (int i = 0; i < count; ++i) {
        const double v = r.score(legal_buf[i]);
        if (m == 0 || v > top + 1e-9) {
            top = v;
            m = 0;
            best[m++] = i;
        } else if (std::abs(v - top) <= 1e-9) {
            best[m++] = i;
        }
    }
    return best[g.randbelow(static_cast<uint32_t>(m))];
}

// -- sampling and reseeding (view.py) ---------------------------------------------------------
namespace {

const char* const kColourNames[kColours] = {"red", "blue", "green", "yellow", "purple"};
const char* const kKindNames[kKinds] = {"convent_school", "bank", "residence", "carriage_house",
                                        "hotel", "park", "hospital", "notre_dame",
                                        "trusted_friend"};

// Each card's place among the card names sorted as strings (the view lists some cards by
// name, and the sample keeps that order).
struct NameOrder {
    int rank[kMaxCards];
    NameOrder() {
        std::vector<std::pair<std::string, int>> names;
        for (int c = 0; c < kMaxCards; ++c)
            names.emplace_back(std::string(kColourNames[c / kKinds]) + "." + kKindNames[c % kKinds], c);
        std::sort(names.begin(), names.end());
        for (int i = 0; i < kMaxCards; ++i) rank[names[i].second] = i;
    }
};

const NameOrder& name_order() {
    static const NameOrder order;
    return order;
}

void by_name(std::vector<int>& cards) {
    const NameOrder& o = name_order();
    std::sort(cards.begin(), cards.end(), [&o](int a, int b) { return o.rank[a] < o.rank[b]; });
}

// view.py `_shuffled`: sorted by one `random()` key each, drawn in order (none for < 2).
std::vector<int> shuffled(std::vector<int> items, PyRandom& rng) {
    if (items.size() < 2) return items;
    std::vector<std::pair<double, int>> keyed;
    for (int c : items) keyed.emplace_back(rng.random(), c);
    std::sort(keyed.begin(), keyed.end());
    for (size_t i = 0; i < items.size(); ++i) items[i] = keyed[i].second;
    return items;
}

// random.shuffle: Fisher-Yates from the end with `_randbelow(i + 1)`.
template <typename T>
void py_shuffle(T* items, int count, PyRandom& rng) {
    for (int i = count - 1; i > 0; --i) {
        const int j = static_cast<int>(rng.randbelow(static_cast<uint32_t>(i + 1)));
        std::swap(items[i], items[j]);
    }
}

struct Place {
    int q, r, role;
};

// What view.py's sampler raises as CorruptState: cards that cannot have come from the draft.
const char* const kNoFit = "the position's cards do not fit the draft";

}  // namespace

State State::reseed(PyRandom& g) const {
    State s = *this;
    for (int p = 0; p < players; ++p) py_shuffle(s.deck[p], s.ndeck[p], g);
    const int k = rnd % kRoundsPerPeriod;
    if (nbrown > 2 * k + 2) py_shuffle(s.brown + 2 * k + 2, nbrown - (2 * k + 2), g);
    const int period_end = rnd - k + kRoundsPerPeriod;
    auto block = [&](int start, int stop) {
        stop = std::min(stop, static_cast<int>(s.ngrey));
        if (stop > start) py_shuffle(s.grey + start, stop - start, g);
    };
    block(rnd + 1, period_end);
    for (int b = period_end; b < ngrey; b += kRoundsPerPeriod) block(b, b + kRoundsPerPeriod);
    s.rng = g.getrandbits64();
    return s;
}

State State::sample(int o, PyRandom& g) const {
    const int n = players;
    const int r0 = rnd % kRoundsPerPeriod;
    State d = blank(n, t->unlimited);
    // _public: everything the view shows.
    for (int q = 0; q < n; ++q) {
        d.gold[q] = gold[q];
        d.prestige[q] = prestige[q];
        d.rats[q] = rats[q];
        d.supply[q] = supply[q];
        d.general[q] = general[q];
        for (int s = 0; s < kSectors; ++s) d.sectors[q][s] = sectors[q][s];
        d.friend_[q] = friend_[q];
        d.nd[q] = nd[q];
        d.carriage[q] = carriage[q];
        d.ntiles[q] = ntiles[q];
        for (int c = 0; c < kColours; ++c) d.msgs[q][c] = 0;
        for (int i = 0; i < ntiles[q]; ++i) {
            d.tiles[q][i] = tiles[q][i];
            ++d.msgs[q][tiles[q][i] / kMessagesPerColour];
        }
        d.hired[q] = hired[q];
        d.nplayed[q] = nplayed[q];
        for (int i = 0; i < nplayed[q]; ++i) d.played[q][i] = played[q][i];
    }
    for (int sq = 0; sq < kMaxSquares; ++sq) d.board[sq] = board[sq];
    d.bank = bank;
    d.rnd = rnd;
    d.phase = phase;
    d.first = first;
    d.turn = turn;
    d.nstack = 0;
    if (nstack) d.stack[d.nstack++] = stack[nstack - 1];
    // _characters.
    bool now[kCharacters] = {}, coming[kCharacters] = {};
    d.nrevealed = nrevealed;
    for (int i = 0; i < nrevealed; ++i) {
        d.revealed[i] = revealed[i];
        now[revealed[i]] = true;
    }
    if (phase != OVER) {
        const int period_end = rnd - r0 + kRoundsPerPeriod;
        for (int i = 2 * r0 + 2; i < nbrown; ++i) coming[brown[i]] = true;
        for (int i = rnd + 1; i < period_end && i < ngrey; ++i) coming[grey[i]] = true;
    }
    {
        std::vector<int> out, later;
        for (int c = 0; c < 6; ++c)
            if (!now[c] && !coming[c]) out.push_back(c);
        for (int i = 0; i < nrevealed; ++i)
            if (revealed[i] < 6) out.push_back(revealed[i]);
        for (int c = 0; c < 6; ++c)
            if (coming[c]) later.push_back(c);
        for (int c : shuffled(later, g)) out.push_back(c);
        d.nbrown = static_cast<int8_t>(out.size());
        for (size_t i = 0; i < out.size(); ++i) d.brown[i] = static_cast<int8_t>(out[i]);
    }
    {
        const int period = rnd / kRoundsPerPeriod;
        std::vector<int> out;
        for (int letter = 0; letter < 3; ++letter) {
            const int* block = kGreyByPeriod[letter];
            if (letter < period || phase == OVER) {
                for (int i = 0; i < 3; ++i) out.push_back(block[i]);
            } else if (letter > period) {
                for (int c : shuffled({block[0], block[1], block[2]}, g)) out.push_back(c);
            } else {
                std::vector<int> gone, later;
                for (int i = 0; i < 3; ++i) {
                    if (!now[block[i]] && !coming[block[i]]) gone.push_back(block[i]);
                    if (coming[block[i]]) later.push_back(block[i]);
                }
                for (int c : gone) out.push_back(c);
                for (int i = 0; i < nrevealed; ++i)
                    if (revealed[i] >= block[0] && revealed[i] <= block[2]) out.push_back(revealed[i]);
                for (int c : shuffled(later, g)) out.push_back(c);
            }
        }
        d.ngrey = static_cast<int8_t>(out.size());
        for (size_t i = 0; i < out.size(); ++i) d.grey[i] = static_cast<int8_t>(out[i]);
    }
    // _Deal.__init__: what `o` can place.
    std::vector<int> known_at[kMaxPlayers][kRoundsPerPeriod];
    {
        std::vector<std::pair<int, std::pair<int, int>>> elsewhere;  // card, (holder, round)
        for (int q = 0; q < n; ++q) {
            if (q == o) continue;
            for (int i = 0; i < nhand[q]; ++i)
                if (know[o][hand[q][i]] == kKnown) elsewhere.push_back({hand[q][i], {q, r0}});
            for (int i = 0; i < nreceived[q]; ++i)
                if (know[o][received[q][i]] == kKnown)
                    elsewhere.push_back({received[q][i], {q, r0}});
            for (int i = 0; i < nfacedown[q]; ++i)
                if (know[o][facedown[q][i]] == kKnown) elsewhere.push_back({facedown[q][i], {q, i}});
        }
        const NameOrder& order = name_order();
        std::sort(elsewhere.begin(), elsewhere.end(), [&order](const auto& a, const auto& b) {
            return order.rank[a.first] < order.rank[b.first];
        });
        for (const auto& e : elsewhere) known_at[e.second.first][e.second.second].push_back(e.first);
    }
    std::vector<int> own_hand(hand[o], hand[o] + nhand[o]);
    std::sort(own_hand.begin(), own_hand.end());
    for (int r = 0; r < nfacedown[o]; ++r) known_at[o][r] = {facedown[o][r]};
    if (phase == PLAY)
        for (int c : own_hand) known_at[o][r0].push_back(c);
    bool seen_by_other[kMaxCards] = {};
    {
        auto mark = [&](int c) {
            for (int q = 0; q < n; ++q)
                if (q != o && know[q][c] == kKnown) seen_by_other[c] = true;
        };
        for (int i = 0; i < nhand[o]; ++i) mark(hand[o][i]);
        for (int i = 0; i < nreceived[o]; ++i) mark(received[o][i]);
        for (int i = 0; i < nfacedown[o]; ++i) mark(facedown[o][i]);
    }
    const int start = rnd - r0;
    std::vector<int> pairs[kRoundsPerPeriod];
    for (int q = 0; q < n; ++q) {
        if (q == o) continue;
        auto group = [&](int c) {
            const int g2 = know[o][c];
            if (g2 < kPairGroup) return;
            if (g2 - kPairGroup - start < 0 || g2 - kPairGroup - start >= kRoundsPerPeriod)
                throw std::invalid_argument(kNoFit);
            pairs[g2 - kPairGroup - start].push_back(c);
        };
        for (int i = 0; i < nhand[q]; ++i) group(hand[q][i]);
        for (int i = 0; i < nreceived[q]; ++i) group(received[q][i]);
        for (int i = 0; i < nfacedown[q]; ++i) group(facedown[q][i]);
    }
    for (auto& pair : pairs) by_name(pair);
    bool placed[kMaxCards] = {};
    for (int q = 0; q < n; ++q)
        for (int i = 0; i < nplayed[q]; ++i) placed[played[q][i]] = true;
    for (int i = 0; i < nreceived[o]; ++i) placed[received[o][i]] = true;
    for (int i = 0; i < ndeck[o]; ++i) placed[deck[o][i]] = true;
    for (int c : own_hand) placed[c] = true;
    for (int q = 0; q < n; ++q)
        for (const auto& cards : known_at[q])
            for (int c : cards) placed[c] = true;
    for (const auto& pair : pairs)
        for (int c : pair) placed[c] = true;
    // finished_drafts.
    int roles[kMaxPlayers][kRoundsPerPeriod][3];
    int facedown_role[kMaxPlayers][kRoundsPerPeriod];
    int nfacedown_role[kMaxPlayers] = {};
    std::vector<Place> unseen[kMaxPlayers];
    std::vector<Place> pair_places[kRoundsPerPeriod];
    const int done = phase >= PLAY ? r0 + 1 : r0;
    for (int q = 0; q < n; ++q) {
        const int colours[3] = {q, n > 2 ? (q - 1 + n) % n : 1 - q, n > 2 ? (q - 2 + n) % n : q};
        auto index_of = [&colours](int c) {
            for (int k = 0; k < 3; ++k)
                if (colours[k] == c) return k;
            return -1;
        };
        for (int r = 0; r < done; ++r) {
            int* row = roles[q][r];
            row[0] = row[1] = row[2] = -1;
            bool free[3] = {true, true, true};
            for (int card : known_at[q][r]) {
                const int c = card / kKinds;
                int role;
                if (n > 2 || c != q)
                    role = index_of(c);
                else if (q == o)
                    role = seen_by_other[card] ? 2 : 0;
                else
                    role = 2;
                if (role < 0 || !free[role]) throw std::invalid_argument(kNoFit);
                row[role] = card;
                free[role] = false;
            }
            const int first_played = 2 * r, count_played = std::max(0, std::min(2, nplayed[q] - 2 * r));
            for (int i = 0; i < count_played; ++i) {
                const int card = played[q][first_played + i], colour = card / kKinds;
                const int role = (n > 2 || colour != q) ? index_of(colour) : (free[2] ? 2 : 0);
                if (role < 0 || !free[role]) throw std::invalid_argument(kNoFit);
                row[role] = card;
                free[role] = false;
            }
            for (int role = 0; role < 3; ++role)
                if (free[role]) {
                    if (colours[role] == o && q != o && n > 2)
                        pair_places[r].push_back({q, r, role});
                    else
                        unseen[colours[role]].push_back({q, r, role});
                }
            if (count_played == 2) {
                int role = -1;
                for (int k = 0; k < 3 && role < 0; ++k)
                    if (free[k]) role = k;
                if (role < 0)
                    for (int k = 0; k < 3 && role < 0; ++k)
                        if (row[k] != played[q][first_played] && row[k] != played[q][first_played + 1])
                            role = k;
                if (role < 0) throw std::invalid_argument(kNoFit);
                facedown_role[q][nfacedown_role[q]++] = role;
            }
        }
    }
    // draft_under_way: the piles of a draft not finished yet, as (player, pile, slot).
    struct Slot {
        int q;
        bool in_hand;
        int i;
    };
    int hand_cards[kMaxPlayers][kKinds], received_cards[kMaxPlayers][kKinds];
    int hand_count[kMaxPlayers] = {}, received_count[kMaxPlayers] = {};
    std::vector<Slot> unseen_drafted[kMaxPlayers];
    const bool drafting = phase == DRAFT_KEEP || phase == DRAFT_PICK;
    if (drafting) {
        for (int q = 0; q < n; ++q) {
            if (q == o) {
                hand_count[q] = static_cast<int>(own_hand.size());
                for (int i = 0; i < hand_count[q]; ++i) hand_cards[q][i] = own_hand[i];
                std::vector<int> mine(received[o], received[o] + nreceived[o]);
                std::sort(mine.begin(), mine.end());
                received_count[q] = static_cast<int>(mine.size());
                for (int i = 0; i < received_count[q]; ++i) received_cards[q][i] = mine[i];
                continue;
            }
            hand_count[q] = nhand[q];
            for (int i = 0; i < nhand[q]; ++i) {
                hand_cards[q][i] = -1;
                unseen_drafted[q].push_back({q, true, i});
            }
            const std::vector<int> none;
            const std::vector<int>& passed = q == (o + 1) % n ? known_at[q][r0] : none;
            received_count[q] = nreceived[q];
            const int np = static_cast<int>(passed.size());
            for (int i = 0; i < nreceived[q]; ++i) received_cards[q][i] = i < np ? passed[i] : -1;
            for (int i = np; i < nreceived[q]; ++i)
                unseen_drafted[(q - 1 + n) % n].push_back({q, false, i});
        }
    }
    // deal.
    std::vector<int> decks[kMaxPlayers];
    for (int c = 0; c < n; ++c) {
        std::vector<int> pool;
        for (int card = c * kKinds; card < (c + 1) * kKinds; ++card)
            if (!placed[card]) pool.push_back(card);
        pool = shuffled(pool, g);
        size_t next = 0;
        for (const Place& at : unseen[c])
            roles[at.q][at.r][at.role] = next < pool.size() ? pool[next++] : -1;
        for (const Slot& at : unseen_drafted[c]) {
            const int card = next < pool.size() ? pool[next++] : -1;
            (at.in_hand ? hand_cards : received_cards)[at.q][at.i] = card;
        }
        decks[c].assign(pool.begin() + static_cast<long>(std::min(next, pool.size())), pool.end());
    }
    {
        std::vector<int> mine(deck[o], deck[o] + ndeck[o]);
        std::sort(mine.begin(), mine.end());
        decks[o] = shuffled(mine, g);
    }
    for (int r = 0; r < kRoundsPerPeriod; ++r) {
        if (pair_places[r].empty()) continue;
        const std::vector<int> pair = shuffled(pairs[r], g);
        for (size_t i = 0; i < pair_places[r].size() && i < pair.size(); ++i) {
            const Place& at = pair_places[r][i];
            roles[at.q][at.r][at.role] = pair[i];
        }
    }
    // lay_out: every place has its card once the deal is done.
    for (int q = 0; q < n; ++q) {
        for (int r = 0; r < done; ++r)
            for (int k = 0; k < 3; ++k)
                if (roles[q][r][k] < 0) throw std::invalid_argument(kNoFit);
        for (int i = 0; i < hand_count[q]; ++i)
            if (hand_cards[q][i] < 0) throw std::invalid_argument(kNoFit);
        for (int i = 0; i < received_count[q]; ++i)
            if (received_cards[q][i] < 0) throw std::invalid_argument(kNoFit);
    }
    for (int q = 0; q < n; ++q) {
        d.ndeck[q] = static_cast<int8_t>(decks[q].size());
        for (size_t i = 0; i < decks[q].size(); ++i) d.deck[q][i] = static_cast<int8_t>(decks[q][i]);
        d.nfacedown[q] = static_cast<int8_t>(nfacedown_role[q]);
        for (int r = 0; r < nfacedown_role[q]; ++r)
            d.facedown[q][r] = static_cast<int8_t>(roles[q][r][facedown_role[q][r]]);
        d.nhand[q] = d.nreceived[q] = 0;
        if (phase == PLAY) {
            for (int k = 0; k < 3; ++k) {
                const int c = roles[q][r0][k];
                bool gone = false;
                for (int i = 0; i < d.nfacedown[q]; ++i) gone = gone || d.facedown[q][i] == c;
                for (int i = 0; i < d.nplayed[q]; ++i) gone = gone || d.played[q][i] == c;
                if (!gone) d.hand[q][d.nhand[q]++] = static_cast<int8_t>(c);
            }
        } else if (drafting) {
            for (int i = 0; i < hand_count[q]; ++i) d.hand[q][d.nhand[q]++] = static_cast<int8_t>(hand_cards[q][i]);
            for (int i = 0; i < received_count[q]; ++i)
                d.received[q][d.nreceived[q]++] = static_cast<int8_t>(received_cards[q][i]);
        }
    }
    // rules.py `knowledge`.
    for (int q = 0; q < n; ++q)
        for (int c = 0; c < n * kKinds; ++c) d.know[q][c] = static_cast<int8_t>(c / kKinds + 1);
    for (int c = 0; c < n; ++c) {
        const int left = (c + 1) % n;
        for (int r = 0; r < done; ++r) {
            const int kept = roles[c][r][0], passed_back = roles[c][r][2];
            const int picked = roles[left][r][1];
            d.know[c][kept] = kKnown;
            if (n == 2) {
                d.know[c][picked] = d.know[c][passed_back] = kKnown;
                d.know[left][picked] = d.know[left][passed_back] = kKnown;
                continue;
            }
            const int last = roles[(c + 2) % n][r][2];
            d.know[c][picked] = d.know[c][last] = static_cast<int8_t>(kPairGroup + start + r);
            d.know[left][picked] = d.know[left][last] = kKnown;
            d.know[(c + 2) % n][last] = kKnown;
        }
    }
    if (phase == DRAFT_KEEP) {
        for (int q = 0; q < n; ++q)
            for (int i = 0; i < d.nhand[q]; ++i) d.know[q][d.hand[q][i]] = kKnown;
    } else if (phase == DRAFT_PICK) {
        for (int q = 0; q < n; ++q) {
            for (int i = 0; i < d.nhand[q]; ++i) d.know[q][d.hand[q][i]] = kKnown;
            for (int i = 0; i < d.nreceived[q]; ++i) d.know[q][d.received[q][i]] = kKnown;
            const int next = (q + 1) % n;
            for (int i = 0; i < d.nreceived[next]; ++i) d.know[q][d.received[next][i]] = kKnown;
        }
    }
    for (int q = 0; q < n; ++q)
        for (int i = 0; i < d.nplayed[q]; ++i)
            for (int p = 0; p < n; ++p) d.know[p][d.played[q][i]] = kKnown;
    // The draft choices: the seat's own, and a random one for every other seat that chose.
    for (int q = 0; q < n; ++q) {
        const int8_t* pool = phase == DRAFT_KEEP ? d.hand[q] : d.received[q];
        const int size = phase == DRAFT_KEEP ? d.nhand[q] : d.nreceived[q];
        d.choice[q] = -1;
        if (q == o) {
            if (drafting && choice[o] >= 0) {
                const int8_t* mine = phase == DRAFT_KEEP ? hand[o] : received[o];
                const int card = mine[choice[o]];
                for (int i = 0; i < size; ++i)
                    if (pool[i] == card) d.choice[q] = static_cast<int8_t>(i);
            }
        } else if (drafting && choice[q] >= 0) {
            if (size == 0) throw std::invalid_argument(kNoFit);
            d.choice[q] = static_cast<int8_t>(g.randbelow(static_cast<uint32_t>(size)));
        }
    }
    d.rng = g.getrandbits64();
    return d;
}

// -- heuristics.py: the evaluation -----------------------------------------------------------
// `evaluate`: the reference's doubles in the reference's order (each seat's score a float
// from its prestige, gold and cubes less a coming overflow's cost; the logistic curve with
// exp from the C library CPython's math.exp calls, the sum as Python's sum(), the clip as
// Python's max(-1.0, min(1.0, x))), so the values are equal bit for bit.
namespace {
constexpr double kTiebreakWeight = 0.3;                 // heuristics.TIEBREAK_WEIGHT
constexpr double kOverflowCost = kPlaguePrestige + 1.0;  // heuristics.OVERFLOW_COST
}  // namespace

void State::evaluate(double* out) const {
    const int n = players;
    int plague = 0;
    for (int i = 0; i < nrevealed; ++i) plague += kCharacterRats[revealed[i]];
    double score[kMaxPlayers];
    for (int p = 0; p < n; ++p) {
        const int hospital = sectors[p][HOSPITAL] + (friend_[p] == HOSPITAL ? 1 : 0);
        const int coming = hired[p] == DOCTOR ? 0 : plague;
        const bool overflow = rats[p] + coming - hospital > kRatTrackMax;
        score[p] = static_cast<double>(prestige[p]) +
                   kTiebreakWeight * static_cast<double>(gold[p] + supply[p]) -
                   (overflow ? kOverflowCost : 0.0);
    }
    const double width = 2.0 + 2.0 * static_cast<double>(kRounds - rnd);
    for (int p = 0; p < n; ++p) {
        PySum wins;
        for (int q = 0; q < n; ++q)
            if (q != p) wins.add(1.0 / (1.0 + std::exp((score[q] - score[p]) / width)));
        const double x = 2.0 * wins.value() / (n - 1) - 1.0;
        const double clipped = x < 1.0 ? x : 1.0;     // min(1.0, x)
        out[p] = clipped > -1.0 ? clipped : -1.0;     // max(-1.0, ...)
    }
}

}  // namespace tavola::notre_dame
