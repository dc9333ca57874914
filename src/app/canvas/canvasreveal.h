#pragma once

#include <QCoreApplication>
#include <QPointer>
#include <QString>

class SceneModel;
class Walkthrough;

/// What the predict-then-reveal walkthrough lets the canvas show: the weights (beams and the
/// keys' strength) and the output only once their steps are revealed, the values at full
/// strength from the weighted sum on, and beside each key the latest revealed step's number
/// instead of its weight. Without a walkthrough, or while it is inactive, everything is shown.
/// The arrows, the labels and the legend ask this one place, so that they never disagree.
class CanvasReveal
{
    Q_DECLARE_TR_FUNCTIONS(CanvasReveal)

public:
    explicit CanvasReveal(const SceneModel *model) : m_model(model) {}

    void setWalkthrough(Walkthrough *walkthrough);
    Walkthrough *walkthrough() const;

    /// A walkthrough is running.
    bool guided() const;
    bool weightsShown() const;
    bool outputShown() const;
    bool valuesEmphasised() const;
    /// The text beside key `index`'s tip: its name and weight, or "masked"; during the
    /// walkthrough, the number of the latest revealed step instead of the weight.
    QString keyLabel(int index) const;

private:
    const SceneModel *m_model;
    QPointer<Walkthrough> m_walkthrough;
};
