#pragma once

#include "core/selfattention.h"

#include <QObject>
#include <QString>

#include <cstdint>
#include <optional>

/// The state of the self-attention view: n tokens x₁…xₙ in the plane, the projections W_q, W_k,
/// W_v and the causal flag. It asks attn::selfAttention() once per change and notifies; the view
/// only reads it. The matrices multiply from the right as in the article (Q = X W_q), so each is
/// d_in × d_k = 2 × 2 and token i's query is row i of X W_q.
class SelfAttentionModel : public QObject
{
    Q_OBJECT

public:
    enum class Projection
    {
        Query,
        Key,
        Value
    };
    static constexpr int kProjectionCount = 3;

    /// Ready-made matrices, each acting on a token as the lenses of the multi-head presets do.
    enum class Preset
    {
        Identity,
        Rotation45, ///< turns every token 45° counter-clockwise
        Rotation90,
        ProjectX, ///< keeps the x coordinate, drops y
        ProjectY,
        Random ///< entries uniform in [−1, 1), a new draw each time
    };

    static constexpr int kMinTokens = 2;
    static constexpr int kMaxTokens = 8;
    static constexpr int kDefaultTokens = 4;

    /// Starts with kDefaultTokens tokens, W_q = W_v = identity and W_k = a 45° rotation.
    explicit SelfAttentionModel(QObject *parent = nullptr);

    /// n × 2, token i in row i.
    const attn::Matrix &tokens() const { return m_tokens; }
    int tokenCount() const { return int(m_tokens.rows()); }
    attn::Vector token(int index) const;
    /// 2 × 2 (d_in × d_k).
    const attn::Matrix &projection(Projection which) const;
    bool causal() const { return m_causal; }

    bool hasResult() const { return m_result.has_value(); }
    /// The core's result for the current state; only valid while hasResult().
    const attn::SelfAttentionResult &result() const { return *m_result; }
    /// Why there is no result (translated), empty when there is one.
    QString errorText() const;

    // Edits: each recomputes once and emits changed(); NaN, infinities and counts outside
    // kMinTokens…kMaxTokens are refused and return false.
    bool setToken(int index, const attn::Vector &x);
    /// Removes tokens from the end or appends them at the next default positions.
    bool setTokenCount(int count);
    bool setProjection(Projection which, const attn::Matrix &w);
    bool setProjectionEntry(Projection which, int row, int column, double value);
    void applyPreset(Projection which, Preset preset);
    void setCausal(bool on);

    /// The matrix of a preset for right multiplication (x W); Random draws from `seed`.
    static attn::Matrix presetMatrix(Preset preset, std::uint64_t seed = 1);
    /// Where token `index` (0-based, < kMaxTokens) starts.
    static attn::Vector defaultToken(int index);

signals:
    void changed();
    void tokenCountChanged(int count);

private:
    void recompute();

    attn::Matrix m_tokens;
    attn::Matrix m_w[kProjectionCount];
    bool m_causal = false;
    std::uint64_t m_randomDraws = 0;
    std::optional<attn::SelfAttentionResult> m_result;
    std::optional<attn::Error> m_error;
};
