#include "canvas/draghint.h"

#include "theme/colorscheme.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QSettings>

#include <algorithm>

namespace {
const QString kShownKey = QStringLiteral("canvas/dragHintShown");
}

DragHint::DragHint() : m_visible(!QSettings().value(kShownKey, false).toBool()) {}

bool DragHint::dismiss()
{
    if (!m_visible)
        return false;
    m_visible = false;
    QSettings().setValue(kShownKey, true);
    return true;
}

QString DragHint::text()
{
    return tr("Drag the arrow tips to move the vectors (click to hide)");
}

QRectF DragHint::rect(QSize widget, const QFont &font)
{
    const QFontMetricsF fm(font);
    const double width = std::min(double(widget.width()) - 24, fm.horizontalAdvance(text()) + 32);
    const QRectF r(0, 0, width, fm.height() + 16);
    return r.translated((widget.width() - width) / 2, widget.height() - r.height() - 16);
}

void DragHint::paint(QPainter &painter, QSize widget, const QFont &font)
{
    const QRectF box = rect(widget, font);
    painter.setPen(Qt::NoPen);
    painter.setBrush(ColorScheme::text());
    painter.drawRoundedRect(box, 8, 8);
    painter.setPen(ColorScheme::background());
    painter.setFont(font);
    painter.drawText(box.adjusted(12, 0, -12, 0), Qt::AlignCenter,
                     QFontMetricsF(font).elidedText(text(), Qt::ElideRight, box.width() - 24));
}
