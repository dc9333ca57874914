#include "sequence/viewcaption.h"

#include <QFontMetrics>
#include <QPainter>
#include <QRect>
#include <QTextOption>

#include <algorithm>
#include <cmath>

QString ViewCaption::unbreakable(const QString &text)
{
    QString out = text;
    out.replace(QStringLiteral(" = "), QStringLiteral("\u00A0=\u00A0"));
    out.replace(QStringLiteral(" + "), QStringLiteral("\u00A0+\u00A0"));
    return out;
}

void ViewCaption::layOut(const QString &text, const QFont &font, int width) const
{
    if (width == m_width && text == m_text && font == m_font)
        return;
    m_text = text;
    m_font = font;
    m_width = width;
    // A plain-text layout breaks lines only at a line separator, not at "\n".
    QString laidOut = unbreakable(text);
    laidOut.replace(QLatin1Char('\n'), QChar::LineSeparator);
    m_laidOut = QStaticText(laidOut);
    m_laidOut.setTextFormat(Qt::PlainText);
    m_laidOut.setTextWidth(std::max(1, width));
    m_laidOut.setTextOption(QTextOption(Qt::AlignHCenter));
    m_laidOut.prepare(QTransform(), font);
    m_height = int(std::ceil(m_laidOut.size().height())) + QFontMetrics(font).height() / 2;
}

int ViewCaption::height(const QString &text, const QFont &font, int width) const
{
    layOut(text, font, width);
    return m_height;
}

void ViewCaption::paint(QPainter &painter, const QRect &area, const QString &text) const
{
    layOut(text, painter.font(), area.width());
    painter.drawStaticText(area.topLeft(), m_laidOut);
}
