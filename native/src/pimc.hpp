// The searching bot `pimc` (tavola/agents/pimc.py) in C++: one template over a game's
// native position, on the same traits as ismcts.hpp (to_act, legal, apply, rollout,
// returns, sample, action_space). It draws the same samples of the information set, pulls
// the same flat UCB bandit in each, plays the same rollouts and sums the same statistics
// as the Python bot, drawing the same numbers from the search's `random.Random`
// (pyrandom.hpp), so that with the same generator state, samples and iteration count it
// reaches the same visits and totals, the same decision, and leaves the generator in the
// same state. tavola/agents/pimc.py is the reference; this file does not restate its
// reasoning, only where the two must agree to the bit.
//
// A decision is `begin` and then `run` until it answers true: `run` may return early (its
// `slice`), keeping where it was (the sample under way, its bandit, the sums), so that the
// caller can look at a stop request between slices while the search itself runs without
// the GIL. The budget (samples, iterations, seconds from the decision's start) is the
// decision's, not the slice's.
#pragma once

#include <chrono>
#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include "pyrandom.hpp"

namespace tavola {

struct PimcOptions {
    double c = 1.0;
    bool greedy_rollout = false;  // rollout=greedy
    int cutoff = 0;
};

template <class G>
class Pimc {
  public:
    using State = typename G::State;
    using Clock = std::chrono::steady_clock;

    PimcOptions opt;

    explicit Pimc(const PimcOptions& o) : opt(o) {}

    // Start a decision of `observer` in `base` (any position of its information set):
    // `samples` determinizations, `iterations` simulations in all (negative: no count) and
    // `seconds` of think time (negative: no clock) counted from `elapsed` seconds ago (the
    // caller's start of the decision). The sums of the last decision are forgotten.
    void begin(const State& base, int observer, int samples, int64_t iterations,
               double seconds, double elapsed) {
        base_ = base;
        observer_ = observer;
        samples_ = samples;
        iterations_ = iterations;
        timed_ = seconds >= 0;
        seconds_ = seconds;
        start_ = Clock::now() - std::chrono::duration_cast<Clock::duration>(
                                    std::chrono::duration<double>(elapsed > 0 ? elapsed : 0));
        end_ = start_ + span(timed_ ? seconds : 0);
        next_ = 0;
        spent_ = 0;
        active_ = false;
        finished_ = false;
        visits_.assign(G::action_space(base), 0);
        totals_.assign(G::action_space(base), 0.0);
    }

    // Go on with the decision begun: `PimcAgent.act`'s loops. After the first simulation
    // of this call, return false (not over) once `slice` seconds have passed (negative:
    // no slice). `stopped` (a stop request) ends the search once it has run one
    // simulation in all. Return true once the decision's search is over.
    bool run(PyRandom& rng, double slice, bool stopped) {
        const auto slice_end = Clock::now() + span(slice < 0 ? 0 : slice);
        int64_t ran = 0;
        auto pause = [&] { return ran > 0 && slice >= 0 && Clock::now() >= slice_end; };
        while (!finished_) {
            if (!active_) {
                if (next_ >= samples_ ||
                    (spent_ > 0 && (stopped || (timed_ && Clock::now() >= end_)))) {
                    finished_ = true;  // the think time is spent: play what the samples say
                    break;
                }
                if (pause()) return false;
                const int s = next_++;
                quota_ = iterations_ < 0 ? -1
                                         : iterations_ / samples_ + (s < iterations_ % samples_ ? 1 : 0);
                if (timed_)
                    deadline_ = start_ + span(seconds_ * static_cast<double>(s + 1) /
                                              static_cast<double>(samples_));
                sample_ = G::sample(base_, observer_, rng);
                if (!pending(sample_)) continue;
                count_ = G::legal(sample_, observer_, legal_);
                for (int i = 0; i < count_; ++i) {
                    n_[i] = 0;
                    total_[i] = 0.0;
                }
                done_ = 0;
                active_ = true;
            }
            while ((quota_ < 0 || done_ < quota_) && (spent_ + done_ == 0 || !stopped) &&
                   (!timed_ || done_ == 0 || Clock::now() < deadline_)) {
                if (pause()) return false;
                pull(rng);
                ++ran;
            }
            spent_ += done_;
            for (int i = 0; i < count_; ++i) {
                visits_[legal_[i]] += n_[i];
                totals_[legal_[i]] += total_[i];
            }
            active_ = false;
        }
        return true;
    }

    // The position in `legal` (the observer's legal indices) of the action visited most in
    // all samples (then the best mean), -1 if none was (the caller then draws one as
    // Python does).
    int best(const int* legal, int count) const {
        int best = -1;
        int64_t best_visits = 0;
        double best_mean = -std::numeric_limits<double>::infinity();
        for (int i = 0; i < count; ++i) {
            const int a = legal[i];
            if (a < 0 || a >= static_cast<int>(visits_.size())) continue;
            const int64_t k = visits_[a];
            if (k == 0) continue;
            const double mean = totals_[a] / static_cast<double>(k);
            if (k > best_visits || (k == best_visits && mean > best_mean)) {
                best = i;
                best_visits = k;
                best_mean = mean;
            }
        }
        return best;
    }

    int64_t spent() const { return spent_; }
    bool finished() const { return finished_; }
    bool begun() const { return !visits_.empty(); }
    int64_t visits(int action) const { return visits_[action]; }
    double totals(int action) const { return totals_[action]; }
    int action_space() const { return static_cast<int>(visits_.size()); }

  private:
    State base_{};
    int observer_ = 0, samples_ = 1;
    int64_t iterations_ = -1;
    bool timed_ = false;
    double seconds_ = 0;
    Clock::time_point start_{}, end_{}, deadline_{};
    int next_ = 0;
    int64_t spent_ = 0;
    bool active_ = false, finished_ = true;
    // The sample under way and its bandit.
    State sample_{};
    int legal_[G::kMaxLegal] = {};
    int count_ = 0;
    int64_t n_[G::kMaxLegal] = {};
    double total_[G::kMaxLegal] = {};
    int64_t done_ = 0, quota_ = -1;
    // The sums over the samples, by action index.
    std::vector<int64_t> visits_;
    std::vector<double> totals_;

    static Clock::duration span(double seconds) {
        return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
    }

    bool pending(const State& s) const {
        int seats[G::kMaxPlayers];
        const int n = G::to_act(s, seats);
        for (int i = 0; i < n; ++i)
            if (seats[i] == observer_) return true;
        return false;
    }

    // One pull of the sample's bandit: every action once in order, then UCB (ties to the
    // first, as Python's `max`); apply, roll out (or score the end), add the observer's
    // utility.
    void pull(PyRandom& rng) {
        int index;
        if (done_ < count_) {
            index = static_cast<int>(done_);
        } else {
            const double lg = std::log(static_cast<double>(done_));
            index = 0;
            double best_score = -std::numeric_limits<double>::infinity();
            for (int i = 0; i < count_; ++i) {
                const double n = static_cast<double>(n_[i]);
                const double score = total_[i] / n + opt.c * std::sqrt(lg / n);
                if (score > best_score) {
                    index = i;
                    best_score = score;
                }
            }
        }
        State after = sample_;
        G::apply(after, observer_, legal_[index]);
        double utilities[G::kMaxPlayers];
        if (G::terminal(after))
            G::returns(after, utilities);
        else
            G::rollout(after, rng, opt.cutoff, opt.greedy_rollout, utilities);
        n_[index] += 1;
        total_[index] += utilities[observer_];
        ++done_;
    }
};

}  // namespace tavola
