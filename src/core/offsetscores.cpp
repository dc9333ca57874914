#include "offsetscores.h"

#include "sequencefile.h"
#include "sequenceforward.h"

#include <cmath>

namespace attn {

namespace {

Error bad(const char *subject, long long expected, long long actual)
{
    return Error{ErrorCode::BadArgument, subject, expected, actual, {}};
}

} // namespace

Result<std::vector<double>> offsetScores(const SequenceModel &model, PositionKind kind,
                                         const OffsetScoreRequest &request)
{
    const int vocabulary = int(model.vocabulary.size());
    if (model.layerCount() == 0 || request.head < 0 || request.head >= model.headCount(0))
        return bad("head", model.layerCount() == 0 ? 0 : model.headCount(0), request.head);
    if (request.queryToken < 0 || request.queryToken >= vocabulary)
        return bad("queryToken", vocabulary, request.queryToken);
    if (request.keyToken < 0 || request.keyToken >= vocabulary)
        return bad("keyToken", vocabulary, request.keyToken);
    if (request.maxOffset < 0)
        return bad("maxOffset", 0, request.maxOffset);
    if (request.keyPosition - request.maxOffset < 0)
        return bad("keyPosition", request.maxOffset, request.keyPosition);

    const int dModel = model.dModel;
    const SequenceHeadWeights &head = model.weights.layers.front().heads[std::size_t(request.head)];
    const int dk = int(head.wq.rows());
    if (kind == PositionKind::Sinusoidal && dModel % 2 != 0)
        return Error{ErrorCode::DimensionMismatch, "d_model", dModel + 1, dModel, {}};
    if (kind == PositionKind::Rotary && dk % 2 != 0)
        return Error{ErrorCode::DimensionMismatch, "d_k", dk + 1, dk, {}};

    // The learned table: the model's own, or the one a file without a table would get.
    Matrix table;
    if (kind == PositionKind::Learned) {
        table = model.positions == PositionKind::Learned
                    ? model.weights.positionTable
                    : sequenceDefaultMatrix("positions.table", kMaxExampleTokens, dModel);
        const int needed = request.keyPosition + request.maxOffset + 1;
        if (table.rows() < needed)
            return Error{ErrorCode::DimensionMismatch,
                         "positions.table",
                         needed,
                         static_cast<long long>(table.rows()),
                         {}};
    }
    auto position = [&](int pos) -> Vector {
        switch (kind) {
        case PositionKind::Sinusoidal:
            return sinusoidalPosition(pos, dModel, model.base);
        case PositionKind::Learned:
            return table.row(pos).transpose();
        case PositionKind::None:
        case PositionKind::Rotary:
            break;
        }
        return Vector::Zero(dModel);
    };

    const Vector queryEmbedding = model.weights.embedding.row(request.queryToken).transpose();
    const Vector keyEmbedding = model.weights.embedding.row(request.keyToken).transpose();
    Matrix k = (head.wk * (keyEmbedding + position(request.keyPosition))).transpose(); // 1 × d_k
    if (kind == PositionKind::Rotary)
        applyRotary(k, request.keyPosition, model.base);
    const double scale = 1.0 / std::sqrt(double(dk));

    std::vector<double> scores;
    scores.reserve(std::size_t(2 * request.maxOffset + 1));
    for (int offset = -request.maxOffset; offset <= request.maxOffset; ++offset) {
        const int pos = request.keyPosition + offset;
        Matrix q = (head.wq * (queryEmbedding + position(pos))).transpose();
        if (kind == PositionKind::Rotary)
            applyRotary(q, pos, model.base);
        scores.push_back(q.row(0).dot(k.row(0)) * scale);
    }
    return scores;
}

} // namespace attn
