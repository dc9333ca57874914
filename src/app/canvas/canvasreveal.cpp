#include "canvas/canvasreveal.h"

#include "canvas/scenehandles.h"
#include "model/scenemodel.h"
#include "text/numberformat.h"
#include "walkthrough/walkthrough.h"

#include <algorithm>

void CanvasReveal::setWalkthrough(Walkthrough *walkthrough)
{
    m_walkthrough = walkthrough;
}

Walkthrough *CanvasReveal::walkthrough() const
{
    return m_walkthrough;
}

bool CanvasReveal::guided() const
{
    return m_walkthrough && m_walkthrough->isActive();
}

bool CanvasReveal::weightsShown() const
{
    return !guided() || m_walkthrough->isShown(Walkthrough::Normalisation);
}

bool CanvasReveal::outputShown() const
{
    return !guided() || m_walkthrough->isShown(Walkthrough::WeightedSum);
}

bool CanvasReveal::valuesEmphasised() const
{
    return !guided() || m_walkthrough->isReached(Walkthrough::WeightedSum);
}

QString CanvasReveal::keyLabel(int index) const
{
    QString text = SceneHandles::nameOf({VectorHandle::Kind::Key, index});
    if (SceneHandles(m_model).isMasked(index))
        return tr("%1 masked").arg(text);
    if (!m_model->hasResult())
        return text;
    if (!guided())
        return text + QLatin1Char(' ') +
               NumberFormat::number(std::clamp(m_model->result().weights[index], 0.0, 1.0), 3);
    // The number of the latest step whose result is on show; none before the first reveal.
    int step = m_walkthrough->step();
    if (!m_walkthrough->isShown(step))
        --step;
    if (step < 0)
        return text;
    if (const auto value = Walkthrough::quantity(*m_model, step, index))
        text += QLatin1Char(' ') + NumberFormat::number(*value, 3);
    return text;
}
