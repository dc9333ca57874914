#include "sequence/pointstamp.h"

#include <QDataStream>
#include <QIODevice>
#include <QPainter>

#include <algorithm>
#include <cmath>

void PointStamp::draw(QPainter &painter, QPointF at, const QByteArray &key, double radius,
                      qreal ratio, const std::function<void(QPainter &)> &paint)
{
    QByteArray full = key;
    {
        QDataStream stream(&full, QIODevice::Append);
        stream << radius << ratio;
    }
    if (full != m_key) {
        m_key = std::move(full);
        m_half = int(std::ceil((radius + 1) * ratio));
        const int side = 2 * m_half + 1;
        for (int a = 0; a < kSteps; ++a)
            for (int b = 0; b < kSteps; ++b) {
                QImage &picture = m_pictures[std::size_t(a * kSteps + b)];
                picture = QImage(side, side, QImage::Format_ARGB32_Premultiplied);
                picture.fill(Qt::transparent);
                picture.setDevicePixelRatio(ratio);
                QPainter q(&picture);
                q.setRenderHint(QPainter::Antialiasing);
                // The centre of the offset's step: within half a step of any point in it.
                q.translate((m_half + (a + 0.5) / kSteps) / ratio,
                            (m_half + (b + 0.5) / kSteps) / ratio);
                paint(q);
            }
    }
    // In device pixels: the pixel holding the centre, and the step within it.
    const double x = at.x() * ratio, y = at.y() * ratio;
    const double left = std::floor(x), top = std::floor(y);
    const int a = std::clamp(int((x - left) * kSteps), 0, kSteps - 1);
    const int b = std::clamp(int((y - top) * kSteps), 0, kSteps - 1);
    painter.drawImage(QPointF((left - m_half) / ratio, (top - m_half) / ratio),
                      m_pictures[std::size_t(a * kSteps + b)]);
}
