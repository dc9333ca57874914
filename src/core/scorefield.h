#pragma once

#include "error.h"
#include "params.h"
#include "types.h"

#include <vector>

namespace attn {

/// A regular grid of sample points in the plane: point (i, j) is (x0 + i·dx, y0 + j·dy) for
/// 0 ≤ i < nx, 0 ≤ j < ny. dy may be negative, so that row 0 can be the top of a screen.
struct GridSpec
{
    double x0 = 0;
    double y0 = 0;
    double dx = 1;
    double dy = 1;
    int nx = 0;
    int ny = 0;

    double x(int i) const { return x0 + i * dx; }
    double y(int j) const { return y0 + j * dy; }
};

/// For scoreField(): the multi-head landscape of the mean over heads rather than of one head.
inline constexpr int kMeanOfHeads = -1;

/// The score landscape: the score a key placed at each grid point would get against the query.
struct ScoreField
{
    GridSpec grid;
    Matrix values;      ///< ny × nx; values(j, i) is the score at grid point (i, j)
    double minimum = 0; ///< the smallest value (0 for an empty grid)
    double maximum = 0; ///< the largest value (0 for an empty grid)
};

/// Evaluates the score of `method` for a key at every point of a 2-D grid: the raw score s
/// (before temperature and softmax) of computeScores(), the function attend() uses, so that a
/// sample equals the score a real key at that point would get. The query must be 2-D. For
/// MultiHead, `head` picks one head's scaled score (W_Q q)·(W_K p) / √d_k, or kMeanOfHeads the
/// mean over heads, which is what attend() reports as the multi-head score; the heads are
/// checked by attend() and the scores computed in its arithmetic.
/// Cosine gives 0 at the origin (a key of zero length has no angle).
/// Errors: those of computeScores() for the query and parameters; NoHeads, HeadsDoNotFit or
/// DimensionMismatch for bad heads; BadArgument for a head out of range, a negative grid size or
/// a grid that is not finite.
Result<ScoreField> scoreField(const Vector &query, Method method, const AttentionParams &params,
                              const GridSpec &grid, int head = kMeanOfHeads);

/// One piece of an iso-line, in the grid's coordinates.
struct Segment
{
    double x1 = 0;
    double y1 = 0;
    double x2 = 0;
    double y2 = 0;
};

/// The iso-line field = level by marching squares: in every grid cell the line crosses, one
/// segment (two in a saddle cell, resolved by the cell's mean) between points found by linear
/// interpolation along the cell's edges. Each end therefore lies on a cell edge where the
/// field, interpolated linearly along that edge, equals `level`. Cells with a non-finite corner
/// are skipped. The segments are not joined into polylines.
std::vector<Segment> isoLines(const ScoreField &field, double level);

/// A readable spacing for about `count` iso-lines across [lo, hi]: 1, 2 or 5 × 10^k, at least
/// (hi − lo) / count. Returns 0 when the range is empty or not finite, or count < 1.
double isoStep(double lo, double hi, int count);

/// The multiples of `step` strictly between lo and hi, in increasing order (at most 200; none
/// when step ≤ 0 or a bound is not finite).
std::vector<double> isoLevels(double lo, double hi, double step);

} // namespace attn
