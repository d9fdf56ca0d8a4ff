// Intrige in the native core: the reference's rules (tavola/games/intrige/rules.py), the
// action space and observation tensor of encoding.py, and view.py's sample, function by
// function. Intrige has no chance: a seed sets up the same start. docs/native.md.
#pragma once

#include <cstdint>

#include "pyrandom.hpp"
#include "pysum.hpp"
#include "rng.hpp"

namespace tavola::intrige {

constexpr int kMaxPlayers = 5;
constexpr int kMaxRooms = 5;
constexpr int kMaxProfessions = 5;
constexpr int kFiguresPerProfession = 2;
constexpr int kMaxFigures = kMaxProfessions * kFiguresPerProfession;  // per player
constexpr int kMaxPark = kMaxPlayers - 1;
constexpr int kMaxIsland = kMaxPlayers * kMaxFigures;
constexpr int kMaxQueue = 2 * (kMaxPlayers - 1);
constexpr int kMaxRecords = 2 * kMaxPlayers * kMaxFigures;
constexpr int kDirectSums = 12;    // config.DIRECT_SUMS
constexpr int kSumsPerRange = 10;  // config.SUMS_PER_RANGE
constexpr int kSumSlots = 12;      // encoding.SUM_SLOTS
constexpr int kMaxLegal = 320;  // 12 sums, up to 266 ranges, the asks and back

enum Phase : int8_t { BRIBE = 0, DECIDE = 1, SEAT = 2, SEND = 3, OVER = 4 };
enum Role : int8_t { DEFEND = 0, ATTACK = 1, EXTERNAL = 2, ENTER = 3 };
enum Conflict : int8_t { INTERNAL = 0, EXTERNAL_CONFLICT = 1 };

// The numbers of one edition (config.EDITIONS) and one table.
struct Table {
    int players;
    int edition;  // 0: 1994, 1: amigo
    int bribe_order;  // 0: conflicts_first, 1: turn_order
    int rooms, professions, rounds, start, low, step, sent_per_turn;
    bool send_in_last_round;
    int salaries[kMaxRooms];
    int64_t income_bound, money_bound;
    // The action space (encoding.py).
    int bribe_at, offer_at, ask_at, back_at, defend_at, admit_at, room_at, send_at, range_at,
        size;
    int64_t span;
    static Table make(int players, int edition, int bribe_order);
    bool sends_in(int round) const { return send_in_last_round || round < rounds; }
};

struct Fig {
    int8_t owner = -1, prof = -1;  // owner -1: no figure
    bool empty() const { return owner < 0; }
};

struct Due {
    int8_t payer, role, prof;
};
struct StepBribe {
    int8_t payer, role, prof;
    int32_t amount;
};
struct Decision {
    int8_t kind, prof;
};
struct BribeRecord {
    int8_t round, palace, payer, role, prof;
    int32_t amount;
};
struct OfferRecord {
    int8_t round, palace, payer, room;
    int32_t amount;
};

struct State {
    Table t;
    int8_t round, turn, phase;
    int32_t money[kMaxPlayers], incomes[kMaxPlayers];
    int8_t supply[kMaxPlayers][kMaxProfessions];
    Fig rooms[kMaxPlayers][kMaxRooms];
    Fig parks[kMaxPlayers][kMaxPark];
    int8_t nparks[kMaxPlayers];
    Fig island[kMaxIsland];
    int8_t nisland;
    Due queue[kMaxQueue];
    int8_t nqueue;
    bool offered, went_back;
    int8_t ask_room;
    int32_t range_from;
    StepBribe steps[kMaxQueue];
    int8_t nsteps;
    Decision decisions[kMaxPlayers];
    int8_t ndecisions;
    int8_t seating[kMaxPlayers];
    int8_t nseating;
    int8_t sent[2];
    int8_t nsent;
    BribeRecord bribes[kMaxRecords];
    int16_t nbribes;
    OfferRecord offers[kMaxRecords];
    int16_t noffers;

    static State blank(const Table& t);
    static State new_game(const Table& t);

    bool terminal() const { return phase == OVER; }
    int to_act() const;  // -1 once over
    int legal(int* out) const;  // action indices, in the reference's order
    bool apply(int index);  // false (and nothing changed) for an index not legal now
    void returns(double* out) const;
    int observation_size() const;
    void observe(int player, double* out) const;
    State sample(int player) const;
    int random_playout(Rng& rng);
    int python_rollout(PyRandom& rng, int cutoff, bool greedy = false);
    // heuristics.GreedyPolicy.choose for the seat to act: the position in `legal` of the
    // action it chooses, drawing its tie-break from `rng` as the Python policy does.
    int greedy_choice(const int* legal, int m, PyRandom& rng) const;
    // heuristics.py `evaluate` (the game not over): each seat's estimated utility, the
    // reference's doubles bit for bit.
    void evaluate(double* out) const;

    // The rules (rules.py).
    void begin_turn();
    void collect_income();
    void open_receiving();
    void advance();
    void end_turn();
    int turn_distance(int owner, int player) const {
        return ((player - owner) % t.players + t.players) % t.players;
    }
    int sum_base() const;
    int contenders(int profession, int8_t* out) const;
    int room_of(int palace, int profession) const;  // 0-based, -1 if none
    void pay_bribe(int amount);
    void make_offer(int amount, int room);
    void exile(Fig f);
    void decide(int winner);  // -1: the defender keeps the room
    void seat(int number);
    void send(int profession, int palace);
};

}  // namespace tavola::intrige
