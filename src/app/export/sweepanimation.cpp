#include "export/sweepanimation.h"

#include "model/scenemodel.h"

#include <cmath>
#include <numbers>

SweepAnimation::SweepAnimation(SceneModel *model, Kind kind, int frames)
    : m_model(model), m_kind(kind), m_frames(std::max(frames, 2)), m_query(model->scene().query),
      m_temperature(model->scene().temperature)
{
    if (m_query.size() == 2) {
        m_length = std::hypot(m_query[0], m_query[1]);
        m_angle0 = std::atan2(m_query[1], m_query[0]);
    }
}

SweepAnimation::~SweepAnimation()
{
    restore();
}

QString SweepAnimation::id(Kind kind)
{
    return kind == Kind::RotateQuery ? QStringLiteral("rotate-query")
                                     : QStringLiteral("temperature");
}

std::optional<SweepAnimation::Kind> SweepAnimation::fromId(const QString &id)
{
    for (Kind k : {Kind::RotateQuery, Kind::Temperature})
        if (SweepAnimation::id(k) == id)
            return k;
    return std::nullopt;
}

QString SweepAnimation::name(Kind kind)
{
    return kind == Kind::RotateQuery ? tr("Rotate the query") : tr("Temperature sweep");
}

double SweepAnimation::temperatureAt(int frame, int frames)
{
    // Geometric, so that each frame multiplies τ by the same factor: the interesting range
    // (around 1) gets as many frames as the saturated ends.
    const double t = frames > 1 ? double(frame) / (frames - 1) : 0.0;
    return kMinTemperature * std::pow(kMaxTemperature / kMinTemperature, t);
}

QString SweepAnimation::problem() const
{
    if (m_kind != Kind::RotateQuery)
        return {};
    if (m_query.size() != 2)
        return tr("The query is not a vector of the plane: it cannot be turned.");
    // A zero query has no direction, and a turn of it would show nothing moving.
    if (!(m_length > 0) || !std::isfinite(m_length))
        return tr("The query has length 0: there is no direction to turn.");
    return {};
}

double SweepAnimation::angleAt(int frame) const
{
    return m_angle0 + 2 * std::numbers::pi * frame / m_frames;
}

bool SweepAnimation::apply(int frame)
{
    m_changed = true;
    if (m_kind == Kind::Temperature)
        return m_model->setTemperature(temperatureAt(frame, m_frames));
    const double a = angleAt(frame);
    attn::Vector q(2);
    q << m_length * std::cos(a), m_length * std::sin(a);
    return m_model->setQuery(q);
}

void SweepAnimation::restore()
{
    if (!m_changed)
        return;
    m_changed = false;
    if (m_kind == Kind::Temperature)
        m_model->setTemperature(m_temperature);
    else
        m_model->setQuery(m_query);
}
