#include "selfattentionmodel.h"

#include "core/headpresets.h"
#include "errortext.h"
#include "outcome.h"

namespace {
// Spread around the origin in different directions and lengths, so that the default weights
// are neither uniform nor one-hot.
constexpr double kStartPositions[SelfAttentionModel::kMaxTokens][2] = {
    {1.2, 0.4},  {0.3, 1.1}, {-0.9, 0.7},  {-0.6, -0.9},
    {0.9, -0.8}, {1.6, 1.3}, {-1.4, -0.2}, {0.1, -1.5}};
} // namespace

SelfAttentionModel::SelfAttentionModel(QObject *parent) : QObject(parent)
{
    m_tokens.resize(kDefaultTokens, 2);
    for (int i = 0; i < kDefaultTokens; ++i)
        m_tokens.row(i) = defaultToken(i).transpose();
    // Keys turned by 45° so that from the start a query and its own key differ, and the
    // weights are not simply the tokens' own dot products.
    m_w[int(Projection::Query)] = presetMatrix(Preset::Identity);
    m_w[int(Projection::Key)] = presetMatrix(Preset::Rotation45);
    m_w[int(Projection::Value)] = presetMatrix(Preset::Identity);
    recompute();
}

attn::Vector SelfAttentionModel::defaultToken(int index)
{
    attn::Vector v(2);
    v << kStartPositions[index][0], kStartPositions[index][1];
    return v;
}

attn::Vector SelfAttentionModel::token(int index) const
{
    return m_tokens.row(index).transpose();
}

const attn::Matrix &SelfAttentionModel::projection(Projection which) const
{
    return m_w[int(which)];
}

QString SelfAttentionModel::errorText() const
{
    return m_error ? ErrorText::describe(*m_error) : QString();
}

attn::Matrix SelfAttentionModel::presetMatrix(Preset preset, std::uint64_t seed)
{
    // attn::presets are written for W x (column vectors); this view computes x W with row
    // vectors, so the same lens is the transpose.
    switch (preset) {
    case Preset::Identity:
        return attn::presets::identity(2).transpose();
    case Preset::Rotation45:
        return attn::presets::rotation(45, 2).transpose();
    case Preset::Rotation90:
        return attn::presets::rotation(90, 2).transpose();
    // The head presets read one coordinate (1 × 2); on the plane the same lens is the
    // orthogonal projection onto that axis, pᵀ p, which keeps the coordinate where it was.
    case Preset::ProjectX:
        return attn::presets::projectX().transpose() * attn::presets::projectX();
    case Preset::ProjectY:
        return attn::presets::projectY().transpose() * attn::presets::projectY();
    case Preset::Random:
        return attn::presets::random(2, 2, seed).transpose();
    }
    return attn::Matrix::Identity(2, 2);
}

bool SelfAttentionModel::setToken(int index, const attn::Vector &x)
{
    if (index < 0 || index >= tokenCount() || x.size() != 2 || !x.allFinite())
        return false;
    m_tokens.row(index) = x.transpose();
    recompute();
    return true;
}

bool SelfAttentionModel::setTokenCount(int count)
{
    if (count < kMinTokens || count > kMaxTokens)
        return false;
    const int old = tokenCount();
    if (count == old)
        return true;
    m_tokens.conservativeResize(count, 2);
    for (int i = old; i < count; ++i)
        m_tokens.row(i) = defaultToken(i).transpose();
    recompute();
    emit tokenCountChanged(count);
    return true;
}

bool SelfAttentionModel::setProjection(Projection which, const attn::Matrix &w)
{
    if (w.rows() != 2 || w.cols() != 2 || !w.allFinite())
        return false;
    m_w[int(which)] = w;
    recompute();
    return true;
}

bool SelfAttentionModel::setProjectionEntry(Projection which, int row, int column, double value)
{
    if (row < 0 || row >= 2 || column < 0 || column >= 2)
        return false;
    attn::Matrix w = projection(which);
    w(row, column) = value;
    return setProjection(which, w);
}

void SelfAttentionModel::applyPreset(Projection which, Preset preset)
{
    // Each Random gives a new matrix, and the same sequence in every session.
    const std::uint64_t seed = preset == Preset::Random ? 1000 + ++m_randomDraws : 1;
    setProjection(which, presetMatrix(preset, seed));
}

void SelfAttentionModel::setCausal(bool on)
{
    if (on == m_causal)
        return;
    m_causal = on;
    recompute();
}

void SelfAttentionModel::recompute()
{
    auto r = attn::selfAttention(m_tokens, m_w[0], m_w[1], m_w[2], m_causal);
    keepOutcome(std::move(r), m_result, m_error);
    emit changed();
}
