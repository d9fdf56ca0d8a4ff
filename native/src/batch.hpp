// The batch for learners (tavola/native/vector.py): which game each row plays.
#pragma once

#include <cstddef>
#include <cstdint>

namespace tavola {

// The seed of the k-th game (k = 0, 1, ...) that row `row` of a batch of `n` rows plays,
// from the batch's seed: base + row + k * n, below 2**63. The first games are base,
// base + 1, ... (Gymnasium's convention for a vector env's reset(seed=base)); a row's later
// games depend only on its own count of games, never on the other rows.
inline uint64_t batch_seed(uint64_t base, size_t row, uint64_t k, size_t n) {
    return (base + static_cast<uint64_t>(row) + k * static_cast<uint64_t>(n)) &
           ((uint64_t{1} << 63) - 1);
}

// A forfeit (the batch's illegal="lose"): the row's game ends where its seat chose an index
// that is no legal action of that seat's. The rewards are PettingZoo's convention
// (TerminateIllegalWrapper) and the single Gymnasium env's (tavola/rl/gymnasium.py): -1,
// the worst utility, to the seat that chose, 0 to every other seat. The row then starts its
// next game as a finished row does.
inline void forfeit_rewards(float* rewards, int players, int seat) {
    for (int p = 0; p < players; ++p) rewards[p] = p == seat ? -1.0f : 0.0f;
}

}  // namespace tavola
