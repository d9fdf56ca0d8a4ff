// Python's `random.Random` (CPython 3.11, Modules/_randommodule.c and Lib/random.py), for the
// draws the searching bots make: the Mersenne Twister MT19937 whose state is what
// `Random.getstate()` holds (624 words and the position), `getrandbits(k)` for k <= 32 (the
// top k bits of one 32-bit output) and `randrange(n)` (`_randbelow`: getrandbits of n's bit
// length until the value is below n). A state taken from Python, used here and given back
// with `setstate`, leaves the Python generator exactly where Python's own draws would have.
#pragma once

#include <cstdint>

namespace tavola {

struct PyRandom {
    static constexpr int N = 624, M = 397;
    uint32_t mt[N];
    int index;

    uint32_t genrand_uint32() {
        static const uint32_t mag01[2] = {0x0U, 0x9908b0dfU};
        uint32_t y;
        if (index >= N) {
            int kk;
            for (kk = 0; kk < N - M; kk++) {
                y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
                mt[kk] = mt[kk + M] ^ (y >> 1) ^ mag01[y & 0x1U];
            }
            for (; kk < N - 1; kk++) {
                y = (mt[kk] & 0x80000000U) | (mt[kk + 1] & 0x7fffffffU);
                mt[kk] = mt[kk + (M - N)] ^ (y >> 1) ^ mag01[y & 0x1U];
            }
            y = (mt[N - 1] & 0x80000000U) | (mt[0] & 0x7fffffffU);
            mt[N - 1] = mt[M - 1] ^ (y >> 1) ^ mag01[y & 0x1U];
            index = 0;
        }
        y = mt[index++];
        y ^= (y >> 11);
        y ^= (y << 7) & 0x9d2c5680U;
        y ^= (y << 15) & 0xefc60000U;
        y ^= (y >> 18);
        return y;
    }

    // random.Random(seed) for an int 0 <= seed < 2**64 (random_seed: the seed's 32-bit
    // words, low first, at least one, through MT19937's init_by_array).
    void seed(uint64_t value) {
        const uint32_t key[2] = {static_cast<uint32_t>(value), static_cast<uint32_t>(value >> 32)};
        const int length = (value >> 32) ? 2 : 1;
        mt[0] = 19650218U;
        for (int i = 1; i < N; ++i)
            mt[i] = 1812433253U * (mt[i - 1] ^ (mt[i - 1] >> 30)) + static_cast<uint32_t>(i);
        index = N;
        int i = 1, j = 0;
        for (int k = N > length ? N : length; k; --k) {
            mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525U)) + key[j] +
                    static_cast<uint32_t>(j);
            ++i;
            ++j;
            if (i >= N) {
                mt[0] = mt[N - 1];
                i = 1;
            }
            if (j >= length) j = 0;
        }
        for (int k = N - 1; k; --k) {
            mt[i] = (mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941U)) -
                    static_cast<uint32_t>(i);
            ++i;
            if (i >= N) {
                mt[0] = mt[N - 1];
                i = 1;
            }
        }
        mt[0] = 0x80000000U;
    }

    // random.getrandbits(k), 1 <= k <= 32.
    uint32_t getrandbits(int k) { return genrand_uint32() >> (32 - k); }

    // random.random(): 53 random bits from two outputs.
    double random() {
        const uint32_t a = genrand_uint32() >> 5, b = genrand_uint32() >> 6;
        return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0);
    }

    // random.getrandbits(64): two outputs, the first the low word.
    uint64_t getrandbits64() {
        const uint64_t low = genrand_uint32();
        const uint64_t high = genrand_uint32();
        return low | (high << 32);
    }

    // random.randrange(n) for 1 <= n < 2**32.
    uint32_t randbelow(uint32_t n) {
        int k = 0;
        for (uint32_t v = n; v; v >>= 1) ++k;  // n.bit_length()
        uint32_t r = getrandbits(k);
        while (r >= n) r = getrandbits(k);
        return r;
    }
};

}  // namespace tavola
