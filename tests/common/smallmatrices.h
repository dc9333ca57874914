#pragma once

// The 2-D vectors and 2×2 matrices that the canvas tests write by hand, one line each:
// vec(1, 2) and mat(a, b, c, d) with the rows (a, b) and (c, d).

#include "core/types.h"

namespace smallmatrices {

inline attn::Vector vec(double x, double y)
{
    attn::Vector v(2);
    v << x, y;
    return v;
}

inline attn::Matrix mat(double a, double b, double c, double d)
{
    attn::Matrix m(2, 2);
    m << a, b, c, d;
    return m;
}

} // namespace smallmatrices
