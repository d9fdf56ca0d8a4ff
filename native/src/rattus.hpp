// Rattus in C++: the same game as tavola/games/rattus (the reference), as a plain struct.
//
// Every function mirrors the reference function of the same name in rules.py, which cites
// the rulebook section or ruling it implements; this file does not restate them. Actions
// are indices of the game's fixed action space (encoding.py's `action_table`), legal
// actions come in the reference's order, chance is drawn from the state's own SplitMix64
// exactly where the reference draws, and the observation is encoding.py's tensor. The
// differential test (tests/native/test_rattus_differential.py) proves it step by step.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "pyrandom.hpp"
#include "pysum.hpp"
#include "rng.hpp"

namespace tavola::rattus {

constexpr int kRegionCount = 12;
constexpr int kTokenCount = 49;
constexpr int kStartingCount = 12;
constexpr int kMaxTokens = 3;      // per region
constexpr int kCubes = 20;         // per player
constexpr int kMaxPlayers = 4;
constexpr int kClassCount = 6;
constexpr int kMaxLegal = 256;     // more than any decision offers
enum Class { KING, MERCHANT, MONK, PEASANT, WITCH, KNIGHT };
enum Phase { SETUP, TURN, SPREAD, KNIGHT_DECISION, WITCH_SECOND, WITCH_SWAP, FINAL, MERCHANT_TO,
             MONK_TO, OVER, PHASE_COUNT };
enum Stage { STAGE_A, STAGE_B, STAGE_C };

// The kinds of action, in the blocks of the action space.
enum Kind : uint8_t {
    K_SETUP, K_TAKE, K_PLACE, K_PLACE_PEASANT, K_KING, K_MERCHANT_FROM, K_MERCHANT_MOVE,
    K_MONK_FROM, K_MONK_MOVE, K_WITCH, K_SWAP, K_KEEP, K_PEASANT, K_PLAGUE, K_SPREAD, K_BOOST,
    K_NO_BOOST, K_DONE, K_NO_CARD, K_END_B
};

struct ActionInfo {
    Kind kind;
    int8_t a, b, c;  // region / class, second region or slot, cubes or target
};

struct TokenFront {
    int threshold;
    int majority;
    bool everyone;
    int classes[2];
    int class_count;
    bool starting;
};

const TokenFront& token_front(int t);

// Everything fixed by the player count: the map in play, the action space, the layout.
struct Tables {
    int players = 0;
    int regions = 0;
    std::vector<int> near[kRegionCount];
    std::vector<int> within_two[kRegionCount];
    // Action space.
    int size = 0;
    std::vector<ActionInfo> actions;
    int o_setup, o_take, o_place, o_peasant_place, o_king, o_merchant_from, o_monk_from,
        o_witch, o_swap, o_keep, o_peasant_cube, o_plague, o_spread, o_boost, o_no_boost,
        o_done, o_no_card, o_end_b;
    int merchant_move[kRegionCount][kRegionCount][4];  // [a][b][k], -1 where none
    int monk_move[kRegionCount][kMaxTokens][kRegionCount];  // [a][slot][b]
    // Observation layout.
    int length = 0;
    int region_at[kRegionCount];
    int slot_length = 0, slot_base = 0;
    int out_at = 0, cards_at = 0, cubes_at = 0, supply_at = 0, stage_at = 0;
    int kind_of[kTokenCount];          // token -> kind of front and back
    std::vector<double> kind_share;    // 1 / tokens of that kind
    double front[kTokenCount][9];      // a token's front as floats
};

const Tables& tables(int players);

struct State {
    const Tables* t;
    int8_t players;
    bool shared_ties;
    int16_t rounds;
    int8_t phase, active;
    int16_t step, turn;
    bool took, placed;
    int8_t stage;
    uint8_t used;
    int8_t spread_left, spread_from;
    int8_t witch_first[2], witch_second[2];
    int8_t pick;
    int8_t queue[kMaxPlayers];
    int8_t queue_len;
    int8_t last_player;
    int8_t tokens[kRegionCount][kMaxTokens];
    int8_t ntok[kRegionCount];
    int8_t supply[kTokenCount];
    int8_t nsupply;
    int8_t aside[kTokenCount];
    int8_t naside;
    int8_t out[kTokenCount];
    int8_t nout;
    int8_t board[kRegionCount][kMaxPlayers];
    int8_t palace[kMaxPlayers], reserve[kMaxPlayers], lost[kMaxPlayers];
    int8_t plague;
    int8_t holder[kClassCount];
    uint64_t known[kMaxPlayers];  // bit t: the seat has seen token t's front
    uint64_t rng;

    // A blank game of this configuration (`Position.__init__`), then `set_up`.
    static State blank(int players, bool shared_ties, int rounds);
    static State new_game(int players, bool shared_ties, int rounds, uint64_t seed);

    bool terminal() const { return phase == OVER; }
    int legal(int* out) const;              // indices, the reference's order; returns count
    bool is_legal(int index) const;
    void apply(int index);                  // a legal index (unchecked)
    void scores(int* out) const;
    void returns(double* out) const;        // Result.utilities(); zeros before the end
    void ranks(int* out) const;
    void observe(int player, double* out) const;  // encoding.py's tensor of `player`
    int random_playout(Rng& chooser);       // play to the end at random; decisions made
    // The searching bots' rollout (tavola/agents/search.py, `Rollout.run`): a single legal
    // action is taken without a draw, else `rng.randrange(count)` (random) or the greedy
    // choice (no draw); stops after `cutoff` decisions when cutoff > 0. Returns the
    // decisions made.
    int python_rollout(PyRandom& rng, int cutoff, bool greedy = false);
    // heuristics.py `GreedyPolicy.choose` for the seat to act: the position in `legal` (of
    // `count` indices, the legal order) of the first best-scoring action. It reads only what
    // that seat's view shows (cubes, rats per region, the plague).
    int greedy_choice(const int* legal, int count) const;
    // heuristics.py `evaluate` (the game not over): each seat's estimated utility, the
    // reference's doubles bit for bit.
    void evaluate(double* out) const;
    // `game.sample(player, view(player), log(player), rng)` of the reference (view.py,
    // `fill_sample`): the same position drawn with the same draws from `rng`.
    State sample(int player, PyRandom& rng) const;
    // view.py `reseed`: the tokens nobody has seen dealt afresh, a new generator; the same
    // draws from `rng` as the reference.
    State reseed(PyRandom& rng) const;

  private:
    int power_actions(int* out, bool final) const;
    int b_actions(int* out) const;
    bool b_offers() const;
    int spread_targets(int* out) const;
    int witch_looks(int* out) const;
    int resume_phase() const { return last_player >= 0 ? FINAL : TURN; }
    void setup_place(int r);
    void start_turn(int p);
    void continue_b();
    void take(int c);
    void place(int r, bool peasant);
    void king(int r);
    void pick_region(int card, int r);
    void merchant(int a, int b, int k);
    void monk(int a, int slot, int b);
    void witch_look(int r, int i);
    void witch_swap(bool swap);
    void move_plague(int r);
    void after_move();
    void spread(int r);
    void knight_decides(bool boost);
    void devastate(int r, bool boost);
    void reveal(int r, int neutral);
    void resolve(int r, int token);
    void lose(int r, int p);
    void end_turn();
    void next_final();
    void peasant_final(int r);
    void knight_final(int r);
    void final_resolution();
};

}  // namespace tavola::rattus
