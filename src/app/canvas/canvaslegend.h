#pragma once

#include <QCoreApplication>
#include <QFont>
#include <QList>
#include <QPixmap>
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
        bool operator==(const Row &) const = default;
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
    QRectF boxOf(const QList<Row> &rows, const QFont &font, double top) const;
    static QRectF textRect(const QRectF &box, int index, double rowHeight);
    /// The box with its sample arrows and, `withTexts`, the rows' texts.
    void draw(QPainter &painter, const QList<Row> &rows, const QRectF &box, const QFont &font,
              bool withTexts) const;

    const SceneModel *m_model;
    const CanvasReveal *m_reveal;
    QString m_gradientText;

    // The legend stays the same through a drag, and laying out its texts and filling its rounded
    // box took a tenth of a move: on screen its box and sample arrows are drawn once into a
    // translucent picture, redrawn only when anything it shows changes, and its texts from
    // TextStamp over it. What the picture depends on besides its rows and font: the first key's
    // colour (the number of keys), the theme and palette, the line scale.
    struct Picture
    {
        QList<Row> rows;
        QFont font;
        QSizeF boxSize;
        QList<double> textHeights; ///< each row's line, as drawText() lays it out
        int keyCount = 0;
        int theme = -1, palette = -1;
        double lineScale = 0;
        qreal ratio = 0;
        QPointF offset; ///< the box's position within its pixel
        QPixmap pixmap;
    };
    mutable Picture m_picture;
};
