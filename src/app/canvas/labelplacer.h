#pragma once

#include <QFont>
#include <QPointF>
#include <QRectF>
#include <QString>
#include <QVarLengthArray>

#include <optional>
#include <vector>

/// Finds a spot for each label near its tip, in the same geometry as ArrowPainter::drawLabel
/// (a box pushed outwards along the arrow), turning it around the tip or pushing it farther when
/// the natural spot covers a label placed before, another arrow's tip or the widget's border.
/// Labels are placed in the order they are asked for, so the important ones go first.
class LabelPlacer
{
public:
    struct Spot
    {
        QPointF from; ///< what to hand to drawLabel as the arrow's tail
        QPointF tip;  ///< and as its tip
    };

    LabelPlacer(const QFont &font, const QRectF &viewport);

    /// `radius` covers the arrow head, or the selection ring around it. A label of the same
    /// `owner` may cover it.
    void addObstacle(QPointF tip, double radius, int owner);

    /// A free spot for `text` on the arrow from `from` to `tip`, or nothing when there is none
    /// nearby. With `force` a label that finds no free spot is laid at its natural place over
    /// whatever is there. `clearance` keeps the label that much farther from its tip (beyond a
    /// selection ring).
    std::optional<Spot> place(QPointF from, QPointF tip, const QString &text, int owner, bool force,
                              double clearance = 0);

    /// The box the label drawn at `spot` covers (its text, with a margin).
    QRectF boxOf(const Spot &spot, const QString &text) const;

private:
    struct Taken
    {
        QRectF box;
        int owner;
    };
    // The cells a box covers, clamped to the viewport (what lies outside can never be taken by
    // a label, which must fit inside).
    struct CellRange
    {
        int left, top, right, bottom;
    };

    static QRectF boxAt(QPointF centre, QSizeF size);
    double pushOf(QSizeF size) const;
    CellRange cellsOf(const QRectF &box) const;
    void take(const Taken &taken);
    bool isFree(const QRectF &box, int owner) const;

    static constexpr double kCell = 48; // pixels; about two labels' height

    QFont m_font;
    QRectF m_viewport;
    int m_columns, m_rows;
    std::vector<Taken> m_taken;
    // Indices into m_taken of the boxes touching each cell of a grid over the viewport.
    std::vector<QVarLengthArray<int, 8>> m_cells;
};
