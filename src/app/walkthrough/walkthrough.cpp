#include "walkthrough/walkthrough.h"

#include "core/methods.h"
#include "model/scenemodel.h"

#include <algorithm>

Walkthrough::Walkthrough(QObject *parent) : QObject(parent) {}

bool Walkthrough::isShown(int step) const
{
    if (!m_active)
        return true;
    return step < m_step || (step == m_step && m_revealed);
}

bool Walkthrough::isReached(int step) const
{
    return !m_active || step <= m_step;
}

bool Walkthrough::canGoBack() const
{
    return m_active && (m_step > Scores || (m_revealed && m_holdBack));
}

bool Walkthrough::canGoForward() const
{
    return m_active && (m_step < WeightedSum || !m_revealed);
}

void Walkthrough::set(bool active, int step, bool revealed)
{
    step = std::clamp(step, int(Scores), int(WeightedSum));
    if (active == m_active && step == m_step && revealed == m_revealed)
        return;
    const bool activeChange = active != m_active;
    m_active = active;
    m_step = step;
    m_revealed = revealed;
    if (activeChange)
        emit activeChanged(active);
    emit changed();
}

void Walkthrough::start()
{
    set(true, Scores, !m_holdBack);
}

void Walkthrough::leave()
{
    set(false, m_step, m_revealed);
}

void Walkthrough::forward()
{
    if (!m_active)
        return;
    if (!m_revealed)
        set(true, m_step, true);
    else if (m_step < WeightedSum)
        set(true, m_step + 1, !m_holdBack);
}

void Walkthrough::back()
{
    if (!m_active)
        return;
    if (m_revealed && m_holdBack)
        set(true, m_step, false);
    else if (m_step > Scores)
        set(true, m_step - 1, true);
}

void Walkthrough::reveal()
{
    if (m_active)
        set(true, m_step, true);
}

void Walkthrough::nextStep()
{
    if (m_active && m_step < WeightedSum)
        set(true, m_step + 1, !m_holdBack);
}

void Walkthrough::setHoldBack(bool on)
{
    if (on == m_holdBack)
        return;
    m_holdBack = on;
    emit holdBackChanged(on);
    // Without holding back nothing may stay hidden.
    if (!on && m_active && !m_revealed)
        set(true, m_step, true);
    else
        emit changed(); // the buttons' states depend on it
}

int Walkthrough::stepOfScore(attn::Method method)
{
    return attn::methodInfo(method).dividesByRootD ? Scaling : Scores;
}

std::optional<double> Walkthrough::quantity(const SceneModel &model, int step, int key)
{
    if (!model.hasResult() || key < 0 || key >= model.keyCount())
        return std::nullopt;
    const attn::AttentionResult &r = model.result();
    const attn::MethodInfo &info = attn::methodInfo(r.method);
    const bool single = !info.perHeadSoftmax;
    switch (step) {
    case Scores:
        if (info.dividesByRootD) {
            // The scores step of scaled dot product shows q·k, before the division by √d.
            auto b = model.explain(key);
            return b ? std::optional<double>(b->dot) : std::nullopt;
        }
        return r.scores[key];
    case Scaling:
        return single ? std::optional<double>(r.trace.logits[key]) : std::nullopt;
    case Exponentials:
        return single ? std::optional<double>(r.trace.exps[key]) : std::nullopt;
    case Normalisation:
    case WeightedSum:
        return r.weights[key];
    default:
        return std::nullopt;
    }
}

QString Walkthrough::title(int step)
{
    switch (step) {
    case Scores:
        return tr("Scores");
    case Scaling:
        return tr("Scaling and temperature");
    case Exponentials:
        return tr("Exponentials");
    case Normalisation:
        return tr("Normalise (divide by the sum)");
    case WeightedSum:
        return tr("Weighted sum");
    default:
        return {};
    }
}
