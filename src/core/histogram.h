#pragma once

#include "error.h"

#include <vector>

namespace attn {

/// Counts of values in equal-width bins over [lo, hi].
struct Histogram
{
    double lo = 0;
    double hi = 1;
    /// Bin i covers [lo + i·w, lo + (i+1)·w) with w = (hi − lo) / bins; the last bin also takes
    /// values equal to hi, so that a range from the data's minimum to its maximum loses nothing.
    std::vector<long long> counts;
    long long below = 0;   ///< finite values < lo
    long long above = 0;   ///< finite values > hi
    long long skipped = 0; ///< NaN and infinities, which belong to no bin
    long long finite = 0;  ///< every finite value, inside the range or not

    int bins() const { return int(counts.size()); }
    double binWidth() const { return (hi - lo) / double(counts.size()); }
    double binLeft(int bin) const { return lo + binWidth() * bin; }
    double binRight(int bin) const { return bin + 1 == bins() ? hi : lo + binWidth() * (bin + 1); }
    /// The share of the finite values that fall in `bin` (0 when there are none), so that
    /// histograms of different sample counts can share an axis.
    double fraction(int bin) const;
};

/// Bins `values` into `bins` equal bins over [lo, hi]. BadArgument when bins < 1 or when lo, hi
/// are not finite with lo < hi.
Result<Histogram> histogram(const std::vector<double> &values, int bins, double lo, double hi);

} // namespace attn
