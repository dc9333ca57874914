#include "sequencemodel.h"

#include "enumids.h"

#include <limits>

namespace attn {

namespace {
constexpr const char *kPositionKindIds[] = {"none", "sinusoidal", "learned", "rotary"};

template <typename Weights, typename Out> void collect(Weights &w, Out &out)
{
    out.push_back(&w.embedding);
    out.push_back(&w.positionTable);
    for (auto &layer : w.layers) {
        for (auto &head : layer.heads) {
            out.push_back(&head.wq);
            out.push_back(&head.wk);
            out.push_back(&head.wv);
        }
        out.push_back(&layer.wo);
    }
    out.push_back(&w.unembedding);
}

int indexOf(const std::vector<std::string> &names, std::string_view name)
{
    for (std::size_t i = 0; i < names.size(); ++i)
        if (names[i] == name)
            return int(i);
    return -1;
}
} // namespace

const char *positionKindId(PositionKind kind)
{
    return enumids::idOf(kind, kPositionKindIds);
}

bool positionKindFromId(std::string_view id, PositionKind &out)
{
    return enumids::fromId(id, kPositionKindIds, out);
}

std::vector<Matrix *> SequenceWeights::matrices()
{
    std::vector<Matrix *> out;
    collect(*this, out);
    return out;
}

std::vector<const Matrix *> SequenceWeights::matrices() const
{
    std::vector<const Matrix *> out;
    collect(*this, out);
    return out;
}

SequenceWeights SequenceWeights::zerosLike() const
{
    SequenceWeights z = *this;
    for (Matrix *m : z.matrices())
        m->setZero();
    return z;
}

long long SequenceWeights::parameterCount() const
{
    long long n = 0;
    for (const Matrix *m : matrices())
        n += m->size();
    return n;
}

int SequenceModel::keyDim(int layer) const
{
    const auto &heads = weights.layers[std::size_t(layer)].heads;
    return heads.empty() ? 0 : int(heads.front().wq.rows());
}

int SequenceModel::valueDim(int layer) const
{
    const auto &heads = weights.layers[std::size_t(layer)].heads;
    return heads.empty() ? 0 : int(heads.front().wv.rows());
}

int SequenceModel::tokenIndex(std::string_view name) const
{
    return indexOf(vocabulary, name);
}

int SequenceModel::outputIndex(std::string_view name) const
{
    return indexOf(outputs, name);
}

int SequenceModel::positionCapacity() const
{
    return positions == PositionKind::Learned ? int(weights.positionTable.rows())
                                              : std::numeric_limits<int>::max();
}

} // namespace attn
