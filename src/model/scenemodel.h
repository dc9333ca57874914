#pragma once

#include "core/attention.h"
#include "core/geometry.h"
#include "core/normaliser.h"
#include "core/scene.h"
#include "core/scorebreakdown.h"

#include <QObject>
#include <QString>

#include <optional>

/// Owns the scene, asks the core for the attention once per change and tells the views.
/// Views read scene(), result() and displayed vectors from here and send every edit here; no
/// view computes attention itself.
class SceneModel : public QObject
{
    Q_OBJECT

public:
    explicit SceneModel(QObject *parent = nullptr);

    /// The scene as the user edited it (what is saved).
    const attn::Scene &scene() const { return m_scene; }
    /// The vectors that are computed and drawn: the scene's, or, while normalised() is on, the
    /// query and the keys at unit length (the values stay as they are, as with the cosine
    /// score). Zero vectors stay zero.
    const attn::Vector &query() const { return m_query; }
    const attn::Matrix &keys() const { return m_keys; }
    const attn::Matrix &values() const { return m_values; }
    int keyCount() const { return m_scene.keyCount(); }

    /// True when the core computed a result for the current scene.
    bool hasResult() const { return m_result.has_value(); }
    /// The last result; only valid while hasResult().
    const attn::AttentionResult &result() const { return *m_result; }
    /// The result's scores (each head's, for multi-head attention) through all four normalisers
    /// with the scene's τ, mask and sigmoid bias, for comparing them side by side; rows in the
    /// order of kNormalisers, the mean over the heads for multi-head. Only valid while
    /// hasResult().
    const attn::EveryNormaliser &everyNormaliser() const { return m_everyNormaliser; }
    /// Lengths and angles of the displayed keys relative to the displayed query.
    const attn::KeyGeometry &geometry() const { return m_geometry; }
    /// Why there is no result (translated), empty when there is one.
    QString errorText() const;
    const std::optional<attn::Error> &error() const { return m_error; }

    bool normalised() const { return m_normalised; }

    /// Every intermediate of key `key`'s score and weight under the current method, for the
    /// step-by-step explanation; it agrees with result() by construction.
    attn::Result<attn::ScoreBreakdown> explain(int key) const;

    /// Replaces the whole scene after checking it with the scene file's rules. On failure the
    /// current scene is kept and the error is returned.
    std::optional<attn::Error> setScene(const attn::Scene &scene);

    // Edits. Each recomputes once and emits changed(); edits that would break the scene's
    // rules (a 65th key, removing the last key, τ ≤ 0, NaN) are refused and return false.
    bool setQuery(const attn::Vector &query);
    bool setKey(int index, const attn::Vector &key);
    bool setValue(int index, const attn::Vector &value);
    bool addKey(const attn::Vector &key, const attn::Vector &value);
    bool removeKey(int index);
    bool setMasked(int index, bool masked);
    void setMethod(attn::Method method);
    bool setTemperature(double temperature);
    bool setScaleDim(std::optional<double> scaleDim);
    bool setGeneral(const attn::Matrix &w);
    bool setAdditive(const attn::AdditiveParams &additive);
    bool setMultiHead(const attn::MultiHeadParams &multiHead);
    bool setNormaliser(attn::Normaliser normaliser);
    /// Sigmoid's bias b; none = the default −ln n. Refused when not finite.
    bool setSigmoidBias(std::optional<double> bias);
    void setNormalised(bool on);

signals:
    /// Anything changed; the result is already recomputed.
    void changed();
    /// Keys were added or removed (views with one item per key rebuild).
    void keyCountChanged(int count);
    /// The whole scene was replaced.
    void sceneReplaced();

private:
    bool apply(const attn::Scene &candidate);
    // apply() to the scene with one field replaced: validated as a whole, since the field's rules
    // may depend on the others.
    template <typename T> bool applyField(T attn::Scene::*field, const T &value)
    {
        attn::Scene candidate = m_scene;
        candidate.*field = value;
        return apply(candidate);
    }
    void recompute();
    // setKey() and setValue(): row `index` of the keys or the values, one per key.
    bool setRow(attn::Matrix &rows, int index, const attn::Vector &row);

    attn::Scene m_scene;
    attn::Vector m_query;
    attn::Matrix m_keys, m_values;
    std::optional<attn::AttentionResult> m_result;
    std::optional<attn::Error> m_error;
    attn::EveryNormaliser m_everyNormaliser;
    attn::KeyGeometry m_geometry;
    bool m_normalised = false;
};
