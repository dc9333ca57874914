#pragma once

#include <QCoreApplication>
#include <QFont>
#include <QList>
#include <QRectF>
#include <QSizeF>
#include <QString>

class CanvasReveal;
class QPainter;
class SceneModel;

/// The legend in the canvas's top left corner: what the query, keys, values, output (and W's
/// columns) look like and what the beams' width means. Nothing else on the canvas says it, and a
/// class sees the picture before any panel. It lists only what is drawn: the walkthrough holds
/// the beams and the output back at first.
class CanvasLegend
{
    Q_DECLARE_TR_FUNCTIONS(CanvasLegend)

public:
    struct Row
    {
        enum Kind
        {
            Query,
            Keys,
            Values,
            Output,
            Columns,
            Beams,
            Gradient
        } kind;
        QString text;
    };

    /// The length of a row's sample arrow (pixels).
    static constexpr double kSample = 34;

    CanvasLegend(const SceneModel *model, const CanvasReveal *reveal)
        : m_model(model), m_reveal(reveal)
    {}

    QList<Row> rows() const;
    /// The row of the gradient arrow (GradientArrowLayer), empty while it is off.
    void setGradientRow(const QString &text) { m_gradientText = text; }
    /// The legend's box with its top left corner at (12, `top`).
    QRectF rect(const QFont &font, double top) const;
    /// Draws the legend unless it would not fit in `viewport` (a tiny canvas shows the arrows
    /// rather than their legend). Returns whether it was drawn.
    bool paint(QPainter &painter, const QSizeF &viewport, const QFont &font, double top) const;

private:
    const SceneModel *m_model;
    const CanvasReveal *m_reveal;
    QString m_gradientText;
};
