#include "matrixpresets.h"

#include <algorithm>

namespace attn::presets {

Matrix sized(Kind kind, int rows, int cols, double thetaDegrees, std::uint64_t seed)
{
    Matrix m = Matrix::Zero(rows, cols);
    switch (kind) {
    case Kind::Identity:
        m.setIdentity();
        break;
    case Kind::Rotation: {
        m.setIdentity();
        if (rows >= 1 && cols >= 2) {
            const int r = std::min(rows, 2);
            m.topLeftCorner(r, 2) = rotation(thetaDegrees, r);
        }
        break;
    }
    case Kind::ProjectX:
        if (rows >= 1 && cols >= 1)
            m(0, 0) = 1;
        break;
    case Kind::ProjectY:
        if (rows >= 1 && cols >= 2)
            m(0, 1) = 1;
        break;
    case Kind::Random:
        m = random(rows, cols, seed);
        break;
    }
    return m;
}

} // namespace attn::presets
