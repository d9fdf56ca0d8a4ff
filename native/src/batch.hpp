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

// The rows of one step of a vector env `V` (RattusVector and the other games' batches), its
// arrays already checked: each row plays its action (`V::play_row`), or with `lose` an
// illegal index forfeits the row (forfeit_rewards); a row whose game ended gets its returns
// and `final_obs` (the deciding seat's last observation) and starts its next game. Returns
// the first row whose action is illegal (nothing applied then; only without `lose`), or -1.
template <class V, class O, class M>
int64_t step_rows(V& v, const int64_t* a, O* obs, M* mask, int64_t* to_act, float* r,
                  bool* done, int64_t* ep, O* final_obs, bool lose, bool* ill) {
    const size_t n = v.envs.size();
    const int players = v.players;
    if (!lose)
        for (size_t i = 0; i < n; ++i)
            if (!v.row_legal(i, a[i])) return static_cast<int64_t>(i);
    for (size_t i = 0; i < n; ++i) {
        auto& s = v.envs[i];
        const int last = v.seat(s);  // the seat deciding: final_obs is this seat's
        ill[i] = lose && !v.row_legal(i, a[i]);
        ep[i] = static_cast<int64_t>(v.seeds[i]);
        if (ill[i]) {
            done[i] = true;
            forfeit_rewards(r + i * players, players, last);
            v.observe_row(s, i, final_obs, last);
            v.start(i);
            v.write(i, obs, mask, to_act);
            continue;
        }
        V::play_row(s, a[i], last);
        v.advance(i);
        done[i] = s.terminal();
        if (done[i]) {
            double ret[V::kMaxPlayers];
            s.returns(ret);
            for (int p = 0; p < players; ++p) r[i * players + p] = static_cast<float>(ret[p]);
            v.observe_row(s, i, final_obs, last);
            v.start(i);
        } else {
            for (int p = 0; p < players; ++p) r[i * players + p] = 0.0f;
        }
        v.write(i, obs, mask, to_act);
    }
    return -1;
}

}  // namespace tavola
