#include "histogram.h"

#include <algorithm>
#include <cmath>

namespace attn {

double Histogram::fraction(int bin) const
{
    if (finite == 0 || bin < 0 || bin >= bins())
        return 0.0;
    return double(counts[std::size_t(bin)]) / double(finite);
}

Result<Histogram> histogram(const std::vector<double> &values, int bins, double lo, double hi)
{
    if (bins < 1)
        return Error{ErrorCode::BadArgument, "bins", 1, bins};
    if (!std::isfinite(lo) || !std::isfinite(hi) || !(lo < hi))
        return Error{ErrorCode::BadArgument, "range"};

    Histogram h;
    h.lo = lo;
    h.hi = hi;
    h.counts.assign(std::size_t(bins), 0);
    const double perUnit = double(bins) / (hi - lo);
    for (double x : values) {
        if (!std::isfinite(x)) {
            ++h.skipped;
            continue;
        }
        ++h.finite;
        if (x < lo) {
            ++h.below;
        } else if (x > hi) {
            ++h.above;
        } else {
            // x = hi lands on index `bins`; rounding near hi may do the same: both go to the last.
            const auto i = std::min<long long>(bins - 1, (long long)((x - lo) * perUnit));
            ++h.counts[std::size_t(i)];
        }
    }
    return h;
}

} // namespace attn
