#include "emptiestdirection.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

namespace attn {

int emptiestDirection(const Matrix &keys)
{
    std::vector<double> used;
    if (keys.cols() >= 2) {
        for (Eigen::Index i = 0; i < keys.rows(); ++i) {
            const double x = keys(i, 0), y = keys(i, 1);
            if (x != 0 || y != 0)
                used.push_back(std::atan2(y, x) * 180 / std::numbers::pi);
        }
    }
    auto distance = [&used](double angle) {
        double nearest = 360;
        for (const double u : used) {
            const double d = std::fmod(std::abs(angle - u), 360.0);
            nearest = std::min(nearest, std::min(d, 360 - d));
        }
        return nearest;
    };
    int best = 0;
    double bestDistance = -1;
    // A later candidate must be clearly farther to win, so that the tidy angles tried first keep
    // their ties against rounding noise.
    auto consider = [&](int angle) {
        const double d = distance(angle);
        if (d > bestDistance + 1e-9) {
            bestDistance = d;
            best = angle;
        }
    };
    for (int a = 0; a < 360; a += 15)
        consider(a);
    for (int a = 0; a < 360; ++a)
        consider(a);
    return best;
}

double roundToStep(double x, double step)
{
    const double perUnit = std::round(1.0 / step);
    return std::round(x * perUnit) / perUnit;
}

} // namespace attn
