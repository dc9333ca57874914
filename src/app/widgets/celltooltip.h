#pragma once

#include <QPoint>
#include <QRect>
#include <QString>

#include <functional>

class QEvent;
class QWidget;

/// The tooltips of a grid of cells (the heat maps): the text of the cell under the pointer,
/// kept while the pointer stays in that cell, and none outside the grid.
class CellToolTip
{
public:
    /// What the cell at a widget position says, and where the cell is; empty text outside the
    /// grid.
    struct Tip
    {
        QString text;
        QRect cell;
    };

    /// Handles `event` for `widget` when it is a tooltip event: shows `tipAt(position)`, or hides
    /// the tooltip (and ignores the event) where that is empty. True when the event was a
    /// tooltip event, false for any other event (left to the widget).
    static bool handle(QWidget *widget, QEvent *event, const std::function<Tip(QPoint)> &tipAt);
};
