#include "geometry.h"

#include "fastmath.h"

#include <algorithm>
#include <cmath>

namespace attn {

KeyGeometry keyGeometry(const Vector &query, const Matrix &keys)
{
    KeyGeometry g;
    const Eigen::Index n = keys.rows();
    g.queryNorm = detail::safeNorm(query);
    g.keyNorms.resize(n);
    g.cosines.resize(n);
    g.angles.resize(n);
    g.undefined.assign(n, false);
    for (Eigen::Index i = 0; i < n; ++i) {
        const double kn = detail::safeNorm(keys.row(i));
        g.keyNorms[i] = kn;
        if (g.queryNorm == 0 || kn == 0 || keys.cols() != query.size()) {
            g.cosines[i] = 0;
            g.angles[i] = 0;
            g.undefined[i] = true;
            continue;
        }
        const double c = std::clamp((keys.row(i) / kn).dot(query / g.queryNorm), -1.0, 1.0);
        g.cosines[i] = c;
        g.angles[i] = std::acos(c) * 180.0 / 3.14159265358979323846;
    }
    return g;
}

} // namespace attn
