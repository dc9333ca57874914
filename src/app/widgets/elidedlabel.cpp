#include "widgets/elidedlabel.h"

#include <QEvent>
#include <QFontMetrics>

#include <algorithm>
#include <cmath>

ElidedLabel::ElidedLabel(QWidget *parent) : QLabel(parent)
{
    setTextFormat(Qt::PlainText);
    setWordWrap(false);
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
}

void ElidedLabel::setText(const QString &text)
{
    if (text == m_full)
        return;
    m_full = text;
    updateGeometry();
    elide();
}

QSize ElidedLabel::sizeHint() const
{
    // Rounded up, and a pixel spare: elidedText() measures with fractional advances and would
    // cut a text given exactly its rounded width.
    const QFontMetricsF fm(font());
    const QMargins m = contentsMargins();
    return {int(std::ceil(fm.horizontalAdvance(m_full))) + 1 + 2 * margin() + m.left() + m.right(),
            int(std::ceil(fm.height())) + 2 * margin() + m.top() + m.bottom()};
}

QSize ElidedLabel::minimumSizeHint() const
{
    // Room for a few characters and the ellipsis: enough to tell one title from another.
    const QFontMetrics fm(font());
    const QSize full = sizeHint();
    return {std::min(full.width(), fm.horizontalAdvance(QStringLiteral("MMMM…"))), full.height()};
}

void ElidedLabel::resizeEvent(QResizeEvent *event)
{
    QLabel::resizeEvent(event);
    elide();
}

void ElidedLabel::changeEvent(QEvent *event)
{
    QLabel::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        updateGeometry();
        elide();
    }
}

void ElidedLabel::elide()
{
    const QString shown =
        QFontMetrics(font()).elidedText(m_full, Qt::ElideRight, contentsRect().width());
    if (shown != QLabel::text())
        QLabel::setText(shown);
    setToolTip(shown == m_full ? QString() : m_full);
}
