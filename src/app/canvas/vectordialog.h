#pragma once

#include <QDialog>
#include <QPointF>

class QLabel;
class QLineEdit;
class QPushButton;

/// Types a vector's exact coordinates (double-click a tip, or "Set Coordinates…" in the canvas's
/// context menu): dragging snaps to a grid and cannot hit 0.707 exactly. Each box is checked as
/// it is typed; OK stays off and a line says the allowed range until both are numbers in range.
class VectorDialog : public QDialog
{
    Q_OBJECT

public:
    /// The largest magnitude accepted in a box: well beyond any lesson's scale, yet a number a
    /// learner can read on the canvas's axes.
    static constexpr double kLimit = 1000;

    /// `name` is the vector's label ("k₂"), `current` its coordinates now.
    VectorDialog(const QString &name, QPointF current, QWidget *parent = nullptr);

    /// The coordinates typed; only meaningful when accepted.
    QPointF coordinates() const { return m_value; }

private:
    void validate();

    QLineEdit *m_x;
    QLineEdit *m_y;
    QLabel *m_problem;
    QPushButton *m_ok;
    QPointF m_value;
};
