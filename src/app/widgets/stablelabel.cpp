#include "widgets/stablelabel.h"

#include <QEvent>
#include <QPainter>
#include <QStyle>

#include <algorithm>
#include <cmath>

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

const QStaticText &StableLabel::laidOut()
{
    if (m_laid.text() != text() || m_laidFont != font()) {
        m_laidFont = font();
        m_laid.setText(text());
        m_laid.setTextFormat(Qt::PlainText);
        m_laid.prepare(QTransform(), m_laidFont);
    }
    return m_laid;
}

void StableLabel::paintEvent(QPaintEvent *)
{
    // As QLabel draws a plain text (its frame, then the text placed by its alignment in the
    // contents less the margin, in the foreground role's colour), from the laid-out text.
    QPainter painter(this);
    drawFrame(&painter);
    const QRect room = contentsRect().adjusted(margin(), margin(), -margin(), -margin());
    const QStaticText &laid = laidOut();
    const QSizeF size = laid.size();
    const Qt::Alignment align = QStyle::visualAlignment(layoutDirection(), alignment());
    double x = room.left(), y = room.top();
    if (align & Qt::AlignRight)
        x = room.left() + room.width() - size.width();
    else if (align & Qt::AlignHCenter)
        x = room.left() + (room.width() - size.width()) / 2;
    if (align & Qt::AlignBottom)
        y = room.top() + room.height() - size.height();
    else if (align & Qt::AlignVCenter)
        y = room.top() + (room.height() - size.height()) / 2;
    painter.setFont(font());
    painter.setPen(palette().color(foregroundRole()));
    painter.drawStaticText(QPointF(x, y), laid);
}

void StableLabel::fit(bool force)
{
    // From the font itself: QLabel's own size hint can lag behind a font change.
    const QFontMetrics fm(font());
    const QMargins m = contentsMargins();
    const int frame = 2 * margin();
    const QSize hint(int(std::ceil(laidOut().size().width())) + m.left() + m.right() + frame,
                     fm.height() + m.top() + m.bottom() + frame);
    const int needed = std::max(m_floor, hint.width());
    // Room for a few more digits before it has to grow again; shrink only by a clear margin.
    const int slack = fontMetrics().horizontalAdvance(QStringLiteral("0000"));
    const bool tooNarrow = needed > maximumWidth();
    const bool muchTooWide = maximumWidth() - needed > 2 * slack;
    if (force || tooNarrow || muchTooWide || hint.height() != maximumHeight())
        setFixedSize(std::max(m_floor, needed + slack), hint.height());
}
