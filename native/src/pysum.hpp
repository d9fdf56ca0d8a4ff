// Python's sum() of floats, for the evaluations and greedy policies that must be the
// reference's doubles bit for bit: a plain left-to-right sum before CPython 3.12, Neumaier's
// compensated sum from 3.12 on (Python/bltinmodule.c). The module sets
// `g_compensated_sum` from the interpreter it is loaded into (module.cpp).
#pragma once

#include <cmath>

namespace tavola {

// Whether this interpreter's sum() of floats compensates (CPython 3.12 and later).
inline bool g_compensated_sum = false;

// sum() of floats, started from the int 0 (its first float is taken as it is).
struct PySum {
    double f = 0.0, c = 0.0;
    void add(double x) {
        if (!g_compensated_sum) {
            f += x;
            return;
        }
        const double t = f + x;
        if (std::fabs(f) >= std::fabs(x))
            c += (f - t) + x;
        else
            c += (x - t) + f;
        f = t;
    }
    double value() const {
        if (g_compensated_sum && c != 0.0 && std::isfinite(c)) return f + c;
        return f;
    }
};

}  // namespace tavola
