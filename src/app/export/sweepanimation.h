#pragma once

#include "core/scene.h"

#include <QCoreApplication>
#include <QString>

#include <optional>

class SceneModel;

/// A sweep over a scene, one state per frame of an animation: the query turning once around the
/// origin at its length (frame k at θ₀ + 2πk/N), or the temperature growing geometrically from
/// kMinTemperature to kMaxTemperature (τ_k = 0.05 · 400^(k/(N−1))). It edits the SceneModel
/// directly, not through the undo stack: the frames are a way of looking at the scene, and
/// restore() (or the destructor) puts back exactly what was there.
class SweepAnimation
{
    Q_DECLARE_TR_FUNCTIONS(SweepAnimation)

public:
    enum class Kind
    {
        RotateQuery,
        Temperature
    };
    static constexpr double kMinTemperature = 0.05;
    static constexpr double kMaxTemperature = 20;

    /// "rotate-query", "temperature" (the command line's words).
    static QString id(Kind kind);
    static std::optional<Kind> fromId(const QString &id);
    /// "Rotate the query", "Temperature sweep", in the current language.
    static QString name(Kind kind);

    /// τ of frame `frame` of `frames` (at least 2).
    static double temperatureAt(int frame, int frames);

    SweepAnimation(SceneModel *model, Kind kind, int frames);
    ~SweepAnimation();
    SweepAnimation(const SweepAnimation &) = delete;
    SweepAnimation &operator=(const SweepAnimation &) = delete;

    Kind kind() const { return m_kind; }
    int frames() const { return m_frames; }
    /// Why the scene cannot be swept this way (translated); empty when it can.
    QString problem() const;
    /// The query's angle in frame `frame`, in radians from the x axis.
    double angleAt(int frame) const;
    /// Puts the scene into frame `frame`'s state; false when the model refuses it.
    bool apply(int frame);
    /// The scene as it was before the first apply().
    void restore();

private:
    SceneModel *m_model;
    Kind m_kind;
    int m_frames;
    attn::Vector m_query;
    double m_temperature;
    double m_length = 0;
    double m_angle0 = 0;
    bool m_changed = false;
};
