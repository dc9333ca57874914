#include "scorefield.h"

#include "attention.h"
#include "scores.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace attn {

namespace {
// On x86-64 CPUs with AVX, some libraries leave the upper halves of the vector registers "dirty"
// (a QApplication's start-up does, measured on an AVX-512 machine); until a vzeroupper, every
// SSE instruction of this thread pays a false dependency, and the field's tanh and exp ran ten
// times slower inside the app than in a plain program. Clearing the state once per call is free.
void clearUpperVectorState()
{
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    static const bool hasAvx = __builtin_cpu_supports("avx");
    if (hasAvx)
        asm volatile("vzeroupper");
#endif
}

// The multi-head score of every key (row) for one head or the mean over heads, in the same
// arithmetic as attend(): W_K kᵢ, its dot product with W_Q q, divided by √d_k, summed over heads
// and divided by their number. The heads are checked beforehand (see scoreField()).
Vector multiHeadScores(const Vector &query, const Matrix &keys, const MultiHeadParams &p, int head)
{
    Vector sum = Vector::Zero(keys.rows());
    for (std::size_t j = 0; j < p.heads.size(); ++j) {
        if (head != kMeanOfHeads && int(j) != head)
            continue;
        const Head &h = p.heads[j];
        const Vector hq = h.wq * query;
        const Matrix hk = keys * h.wk.transpose();
        Vector scores = hk * hq;
        scores /= std::sqrt(double(h.wq.rows()));
        if (head != kMeanOfHeads)
            return scores;
        sum += scores;
    }
    return sum / double(p.heads.size());
}

Result<Vector> scoreRow(const Vector &query, const Matrix &keys, Method method,
                        const AttentionParams &params, int head)
{
    if (method == Method::MultiHead)
        return multiHeadScores(query, keys, params.multiHead, head);
    auto set = computeScores(query, keys, method, params);
    if (!set)
        return set.error();
    return std::move(set).value().scores;
}
} // namespace

Result<ScoreField> scoreField(const Vector &query, Method method, const AttentionParams &params,
                              const GridSpec &grid, int head)
{
    if (grid.nx < 0 || grid.ny < 0)
        return Error{ErrorCode::BadArgument, "grid", 0, std::min(grid.nx, grid.ny)};
    if (!std::isfinite(grid.x0) || !std::isfinite(grid.y0) || !std::isfinite(grid.dx) ||
        !std::isfinite(grid.dy) || !std::isfinite(grid.x(grid.nx)) ||
        !std::isfinite(grid.y(grid.ny)))
        return Error{ErrorCode::NonFinite, "grid"};
    if (query.size() != 2)
        return Error{ErrorCode::DimensionMismatch, "query", 2, (long long)query.size()};
    if (head != kMeanOfHeads && (method != Method::MultiHead || head < 0))
        return Error{ErrorCode::BadArgument, "head", -1, head};

    if (method == Method::MultiHead) {
        // attend() checks the heads; asking it about one key (the query itself) gives the same
        // errors as the canvas's keys would get. The temperature and mask play no part in a score.
        AttentionParams p = params;
        p.temperature = 1.0;
        p.mask.clear();
        auto probe = attend(query, query.transpose(), Matrix::Zero(1, 2), method, p);
        if (!probe)
            return probe.error();
        if (head >= int(params.multiHead.heads.size()))
            return Error{ErrorCode::BadArgument, "head", (long long)params.multiHead.heads.size(),
                         head};
    }

    clearUpperVectorState();
    ScoreField field;
    field.grid = grid;
    field.values.resize(grid.ny, grid.nx);
    if (grid.nx == 0 || grid.ny == 0)
        return field;

    // A block of rows of the grid is one key set: the score functions work on many keys at once,
    // and blocks of a few thousand points keep the per-call checks negligible.
    const int rowsPerBlock = std::max(1, 4096 / grid.nx);
    Matrix keys;
    double lo = std::numeric_limits<double>::infinity();
    double hi = -lo;
    for (int j0 = 0; j0 < grid.ny; j0 += rowsPerBlock) {
        const int rows = std::min(rowsPerBlock, grid.ny - j0);
        keys.resize(Eigen::Index(rows) * grid.nx, 2);
        for (int r = 0; r < rows; ++r) {
            const double y = grid.y(j0 + r);
            for (int i = 0; i < grid.nx; ++i) {
                keys(Eigen::Index(r) * grid.nx + i, 0) = grid.x(i);
                keys(Eigen::Index(r) * grid.nx + i, 1) = y;
            }
        }
        auto scores = scoreRow(query, keys, method, params, head);
        if (!scores)
            return scores.error();
        // values is column-major (ny × nx) and the scores run along x first: copy row by row.
        for (int r = 0; r < rows; ++r)
            field.values.row(j0 + r) = scores->segment(Eigen::Index(r) * grid.nx, grid.nx);
        lo = std::min(lo, scores->minCoeff());
        hi = std::max(hi, scores->maxCoeff());
    }
    field.minimum = lo;
    field.maximum = hi;
    return field;
}

std::vector<Segment> isoLines(const ScoreField &field, double level)
{
    std::vector<Segment> out;
    const GridSpec &g = field.grid;
    const Matrix &f = field.values;
    if (!std::isfinite(level) || f.rows() < 2 || f.cols() < 2)
        return out;
    clearUpperVectorState();

    // Corners of cell (i, j), counter-clockwise in grid indices: 0 = (i, j), 1 = (i+1, j),
    // 2 = (i+1, j+1), 3 = (i, j+1). Edge e joins corner e and corner (e+1) % 4.
    static constexpr std::array<std::array<int, 2>, 4> kCorner{{{0, 0}, {1, 0}, {1, 1}, {0, 1}}};
    // For each case (bit c set = corner c at or above the level) the pairs of edges to join;
    // -1 ends the list. Cases 5 and 10 are saddles, handled below.
    static constexpr std::array<std::array<int, 4>, 16> kEdges{{
        {-1, -1, -1, -1}, // 0
        {3, 0, -1, -1},   // 1
        {0, 1, -1, -1},   // 2
        {3, 1, -1, -1},   // 3
        {1, 2, -1, -1},   // 4
        {-1, -1, -1, -1}, // 5: saddle
        {0, 2, -1, -1},   // 6
        {3, 2, -1, -1},   // 7
        {2, 3, -1, -1},   // 8
        {0, 2, -1, -1},   // 9
        {-1, -1, -1, -1}, // 10: saddle
        {1, 2, -1, -1},   // 11
        {3, 1, -1, -1},   // 12
        {0, 1, -1, -1},   // 13
        {3, 0, -1, -1},   // 14
        {-1, -1, -1, -1}, // 15
    }};

    // Which samples lie at or above the level, once, so that the many cells the line does not
    // cross cost a few byte reads; NaN compares false and counts as below until a crossing cell
    // checks its corners.
    const Eigen::Index rows = f.rows(), cols = f.cols();
    std::vector<unsigned char> above(std::size_t(rows * cols));
    const double *data = f.data(); // column-major: (j, i) at i·rows + j
    for (Eigen::Index k = 0; k < rows * cols; ++k)
        above[std::size_t(k)] = data[k] >= level;

    std::array<double, 4> v{};
    for (Eigen::Index i = 0; i + 1 < cols; ++i) {
        const unsigned char *left = above.data() + i * rows;
        const unsigned char *right = left + rows;
        for (Eigen::Index j = 0; j + 1 < rows; ++j) {
            const int index = left[j] | right[j] << 1 | right[j + 1] << 2 | left[j + 1] << 3;
            if (index == 0 || index == 15)
                continue;
            bool finite = true;
            for (int c = 0; c < 4; ++c) {
                v[c] = f(j + kCorner[c][1], i + kCorner[c][0]);
                finite = finite && std::isfinite(v[c]);
            }
            if (!finite)
                continue;
            auto point = [&](int edge, double &x, double &y) {
                const int a = edge, b = (edge + 1) % 4;
                const double t = (level - v[a]) / (v[b] - v[a]);
                const double xa = double(i + kCorner[a][0]), ya = double(j + kCorner[a][1]);
                const double xb = double(i + kCorner[b][0]), yb = double(j + kCorner[b][1]);
                x = g.x0 + (xa + t * (xb - xa)) * g.dx;
                y = g.y0 + (ya + t * (yb - ya)) * g.dy;
            };
            auto add = [&](int e1, int e2) {
                Segment s;
                point(e1, s.x1, s.y1);
                point(e2, s.x2, s.y2);
                out.push_back(s);
            };
            if (index == 5 || index == 10) {
                // The cell's mean decides whether the two corners above the level are joined
                // across the middle (the corners below are then cut off) or cut off themselves.
                const bool centreAbove = (v[0] + v[1] + v[2] + v[3]) / 4 >= level;
                const bool cutEvenCorners = (index == 5) != centreAbove;
                if (cutEvenCorners) { // corners 0 and 2 cut off
                    add(3, 0);
                    add(1, 2);
                } else { // corners 1 and 3 cut off
                    add(0, 1);
                    add(2, 3);
                }
                continue;
            }
            const auto &edges = kEdges[std::size_t(index)];
            for (int k = 0; k < 4 && edges[k] >= 0; k += 2)
                add(edges[k], edges[k + 1]);
        }
    }
    return out;
}

double isoStep(double lo, double hi, int count)
{
    if (!std::isfinite(lo) || !std::isfinite(hi) || !(hi > lo) || count < 1)
        return 0;
    const double minimum = (hi - lo) / count;
    const double base = std::pow(10.0, std::floor(std::log10(minimum)));
    for (const double mantissa : {1.0, 2.0, 5.0, 10.0}) {
        if (mantissa * base >= minimum * (1 - 1e-12))
            return mantissa * base;
    }
    return 10 * base;
}

std::vector<double> isoLevels(double lo, double hi, double step)
{
    std::vector<double> out;
    if (!(step > 0) || !std::isfinite(lo) || !std::isfinite(hi) || !std::isfinite(step))
        return out;
    const double first = std::floor(lo / step) + 1;
    for (double k = first; k * step < hi && out.size() < 200; ++k)
        out.push_back(k * step);
    return out;
}

} // namespace attn
