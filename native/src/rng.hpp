// The generator every tavola game carries in its state: SplitMix64, one 64-bit word.
// The same stream, draw for draw, as tavola/core/rng.py (`Rng`): `below` rejects the
// values past the last whole multiple of n, `shuffle` is Fisher-Yates from the end.
#pragma once

#include <cstdint>

namespace tavola {

constexpr uint64_t kGolden = 0x9E3779B97F4A7C15ULL;

inline uint64_t mix(uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

// `seed_to_state`: the seed is taken modulo 2**64 by the caller (Python's `seed & MASK`).
inline uint64_t seed_to_state(uint64_t seed) { return mix(seed); }

struct Rng {
    uint64_t state;

    uint64_t next64() {
        state += kGolden;
        return mix(state);
    }

    // A uniform integer in [0, n), n > 0, by rejection (as `Rng.below`).
    uint64_t below(uint64_t n) {
        const uint64_t limit = ~0ULL - ((0ULL - n) % n);  // MASK - 2**64 % n
        for (;;) {
            const uint64_t v = next64();
            if (v <= limit) return v % n;
        }
    }

    template <typename T>
    void shuffle(T* items, int count) {
        for (int i = count - 1; i > 0; --i) {
            const int j = static_cast<int>(below(static_cast<uint64_t>(i) + 1));
            T tmp = items[i];
            items[i] = items[j];
            items[j] = tmp;
        }
    }
};

}  // namespace tavola
