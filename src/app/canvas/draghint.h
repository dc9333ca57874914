#pragma once

#include <QCoreApplication>
#include <QRectF>
#include <QSize>
#include <QString>

class QFont;
class QPainter;

/// The first-start hint at the bottom of the canvas ("Drag the arrow tips…"): shown until the
/// first drag of a tip or a click on the hint, then never again, also after a restart (QSettings
/// "canvas/dragHintShown"). Once is enough: a learner who found the tips needs no reminder.
class DragHint
{
    Q_DECLARE_TR_FUNCTIONS(DragHint)

public:
    /// Reads whether the hint was dismissed before.
    DragHint();

    bool isVisible() const { return m_visible; }
    /// Hides the hint for good; returns whether it was showing.
    bool dismiss();

    static QString text();
    /// Where the hint is drawn in a widget of `widget` pixels with `font`.
    static QRectF rect(QSize widget, const QFont &font);
    static void paint(QPainter &painter, QSize widget, const QFont &font);

private:
    bool m_visible;
};
