#include "widgets/stablelabel.h"

#include <QEvent>

#include <algorithm>

StableLabel::StableLabel(QWidget *parent) : QLabel(parent)
{
    fit(true);
}

void StableLabel::setStableText(const QString &text)
{
    if (text == this->text())
        return;
    // With a fixed size the label's own geometry update does nothing (Qt skips widgets whose
    // minimum and maximum sizes agree), so only fit() below may ask for a new layout.
    setText(text);
    fit(false);
}

void StableLabel::setFloorWidth(int width)
{
    m_floor = width;
    fit(true);
}

void StableLabel::changeEvent(QEvent *event)
{
    QLabel::changeEvent(event);
    // A new font (presentation mode, a theme) changes the room the text needs either way.
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange)
        fit(true);
}

void StableLabel::fit(bool force)
{
    // From the font itself: QLabel's own size hint can lag behind a font change.
    const QFontMetrics fm(font());
    const QMargins m = contentsMargins();
    const int frame = 2 * margin();
    const QSize hint(fm.horizontalAdvance(text()) + m.left() + m.right() + frame,
                     fm.height() + m.top() + m.bottom() + frame);
    const int needed = std::max(m_floor, hint.width());
    // Room for a few more digits before it has to grow again; shrink only by a clear margin.
    const int slack = fontMetrics().horizontalAdvance(QStringLiteral("0000"));
    const bool tooNarrow = needed > maximumWidth();
    const bool muchTooWide = maximumWidth() - needed > 2 * slack;
    if (force || tooNarrow || muchTooWide || hint.height() != maximumHeight())
        setFixedSize(std::max(m_floor, needed + slack), hint.height());
}
