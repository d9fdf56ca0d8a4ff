// Notre Dame in C++: the same game as tavola/games/notre_dame (the reference), as a plain
// struct.
//
// Every function mirrors the reference function of the same name in rules.py, which cites
// the rulebook section or ruling it implements; this file does not restate them. Actions
// are indices of the game's fixed action space (encoding.py's `_space`, counted from the
// acting seat), legal actions come in the reference's order, chance is drawn from the
// state's own SplitMix64 exactly where the reference draws (set-up and each new period),
// and the observation is encoding.py's tensor of a seat's view. The differential test
// (tests/native/test_notre_dame_differential.py) proves it step by step.
#pragma once

#include <cstdint>
#include <vector>

#include "pyrandom.hpp"
#include "pysum.hpp"
#include "rng.hpp"

namespace tavola::notre_dame {

constexpr int kMaxPlayers = 5;
constexpr int kKinds = 9;                    // action cards per colour
constexpr int kMaxCards = kMaxPlayers * kKinds;
constexpr int kSectors = 7;
constexpr int kNotreDame = 7;
constexpr int kFriendSource = 8;
constexpr int kSquaresPerQuarter = 5;
constexpr int kMaxQuarters = 5;
constexpr int kMaxSquares = kMaxQuarters * kSquaresPerQuarter;
constexpr int kColours = 5;
constexpr int kMessagesPerColour = 4;
constexpr int kMaxTiles = kColours * kMessagesPerColour;
constexpr int kCharacters = 15;
constexpr int kRounds = 9;
constexpr int kCubes = 14;
constexpr int kMaxStack = 8;                 // the reference never holds more than one
constexpr int kMaxLegal = 64;                // more than any decision offers
constexpr int kKnown = 0;
constexpr int kPairGroup = 16;

enum Phase { DRAFT_KEEP, DRAFT_PICK, PLAY, HIRE, PLAGUE, OVER };
enum Task { T_SOURCE, T_CARRIAGE, T_MESSAGE, T_BENEFIT, T_DONATION, T_MINSTREL_FROM,
            T_MINSTREL_TO, T_MINSTREL_PIECES, T_JESTER_FROM, T_JESTER_TO, T_BISHOP,
            T_PLAGUE_LOSS, TASK_COUNT };
enum Sector { CONVENT, BANK, RESIDENCE, CARRIAGE, HOTEL, PARK, HOSPITAL };
enum Character { INNKEEPER, MINSTREL, MONK, JESTER, MONEYLENDER, DOCTOR, CITY_WATCH,
                 NIGHT_WATCH, BISHOP, GUILD_MASTER, KING_OF_BEGGARS, LAWYER, LADY_IN_WAITING,
                 MAYOR, CARPENTER };

extern const int kCharacterRats[kCharacters];

// Everything fixed by the player count and the gold option: the board, the action space's
// offsets and the observation's layout.
struct Tables {
    int players = 0;
    bool unlimited = false;
    int quarters = 0;
    int squares = 0;
    int player_quarter[kMaxPlayers];
    int colour_quarter[kColours];            // the quarter a colour's messages start in, -1
    int distances[kMaxSquares][kMaxSquares];
    // Action space (the same for every seat, counted from it).
    int size = 0;
    int o_keep, o_play, o_place, o_forgo, o_from, o_from_friend, o_friend_to, o_to, o_lose,
        o_move, o_stay, o_take, o_leave, o_benefit, o_gold, o_hire, o_pass, o_pieces;
    // Observation layout: where each slice starts.
    int length = 0;
    int a_round, a_phase, a_turn, a_bell, a_to_act, a_task, a_task_piece, a_task_target,
        a_carriage_steps, a_benefits_left, a_characters, a_to_come, a_plague, a_board, a_bank,
        a_played, a_gold, a_prestige, a_rats, a_supply, a_general, a_sectors, a_friend, a_nd,
        a_carriage, a_messages, a_message_benefits, a_hired, a_hand_size, a_received_size,
        a_deck_size, a_played_count, a_facedown_count, a_draft_done, a_my_hand, a_my_received,
        a_my_choice, a_my_facedown, a_my_deck, a_seen_by, a_known_elsewhere, a_split_pair;
};

const Tables& tables(int players, bool unlimited);

struct Pending {
    int8_t task, player, x, y;
};

struct State {
    const Tables* t;
    int8_t players;
    int16_t gold[kMaxPlayers], prestige[kMaxPlayers];
    int8_t rats[kMaxPlayers], supply[kMaxPlayers], general[kMaxPlayers], friend_[kMaxPlayers],
        nd[kMaxPlayers], carriage[kMaxPlayers], hired[kMaxPlayers], choice[kMaxPlayers];
    int8_t sectors[kMaxPlayers][kSectors];
    int8_t msgs[kMaxPlayers][kColours];
    int8_t tiles[kMaxPlayers][kMaxTiles], ntiles[kMaxPlayers];
    int8_t deck[kMaxPlayers][kKinds], ndeck[kMaxPlayers];
    int8_t hand[kMaxPlayers][kKinds], nhand[kMaxPlayers];
    int8_t received[kMaxPlayers][kKinds], nreceived[kMaxPlayers];
    int8_t facedown[kMaxPlayers][kKinds], nfacedown[kMaxPlayers];
    int8_t played[kMaxPlayers][kKinds], nplayed[kMaxPlayers];
    int8_t know[kMaxPlayers][kMaxCards];
    int8_t board[kMaxSquares];
    int8_t brown[6], nbrown;
    int8_t grey[9], ngrey;
    int8_t revealed[3], nrevealed;
    Pending stack[kMaxStack];
    int8_t nstack;
    int8_t rnd, phase, first, turn;
    int16_t bank;
    uint64_t rng;

    // The position before set-up (`NDState.__init__`), then `setup`.
    static State blank(int players, bool unlimited);
    static State new_game(int players, bool unlimited, uint64_t seed);

    bool terminal() const { return phase == OVER; }
    int to_act(int* out) const;                       // the pending seats; returns count
    int legal(int player, int* out) const;            // indices, the reference's order
    bool is_legal(int player, int index) const;
    void apply(int player, int index);                // a legal index (unchecked)
    void scores(int* out) const;
    void ranks(int* out) const;
    void returns(double* out) const;                  // Result.utilities(); zeros before
    void observe(int player, double* out) const;      // encoding.py's tensor of `player`
    int random_playout(Rng& chooser);                 // to the end at random; decisions
    // The searching bots' rollout (tavola/agents/search.py, `Rollout.run`): the first seat
    // to act decides; a single legal action is taken without a draw, else
    // `rng.randrange(count)`; stops after `cutoff` decisions when cutoff > 0.
    int python_rollout(PyRandom& rng, int cutoff, bool greedy = false);
    // heuristics.py `GreedyPolicy.choose` for seat `player`: the position in `legal` (of
    // `count` indices, the legal order) of its choice, drawing the tie-break
    // `rng.randrange(len(best))` as the Python policy does. It reads only what the seat's
    // view shows.
    int greedy_choice(int player, const int* legal, int count, PyRandom& rng) const;
    // heuristics.py `evaluate` (the game not over): each seat's estimated utility, the
    // reference's doubles bit for bit.
    void evaluate(double* out) const;
    // `game.sample(player, view(player), log(player), rng)` of the reference (view.py,
    // `sample`): the same position drawn with the same draws from `rng`.
    State sample(int player, PyRandom& rng) const;
    // view.py `reseed` (on a live game): deck order, the characters still to come and the
    // generator drawn afresh, with the same draws from `rng`.
    State reseed(PyRandom& rng) const;

    int first_to_act() const;

  private:
    int pieces(int p, int sector) const {
        return sectors[p][sector] + (friend_[p] == sector);
    }
    int occupied(int p, int at_least) const;
    int card_index(int p, int card) const;
    int square_index(int p, int square) const;
    void push(int task, int p, int x, int y) {
        stack[nstack++] = Pending{static_cast<int8_t>(task), static_cast<int8_t>(p),
                                  static_cast<int8_t>(x), static_cast<int8_t>(y)};
    }
    void setup(uint64_t seed);
    void start_round();
    void advance();
    void draft_choose(int p, int card);
    void pass_two_left();
    void pass_one_left();
    void play_card(int p, int card);
    void apply_task(const Pending& task, int p, int index);
    void sector_action(int p, int sector);
    bool message_allowed(int p, int colour) const;
    void hire(int p, int character);
    void gain_prestige(int p, int amount);
    void gain_cubes(int p, int amount);
    void gain_gold(int p, int amount);
    void rat_back(int p);
    void lose_cube(int p, int sector);
    int plague_candidates(int p, int* out) const;
    bool plague();
    void end_round();
    void notre_dame_payout();
    void new_period();
};

}  // namespace tavola::notre_dame
