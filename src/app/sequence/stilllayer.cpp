#include "sequence/stilllayer.h"

#include "canvas/layercache.h"
#include "theme/appearance.h"
#include "theme/colorscheme.h"

#include <QDataStream>
#include <QIODevice>
#include <QPainter>
#include <QWidget>

#include <cstring>

bool StillLayer::usable(const QPainter &painter, const QWidget &widget)
{
    return LayerCache::usable(painter, widget);
}

const QImage &StillLayer::picture(const QWidget &widget, const QByteArray &key,
                                  const std::function<void(QPainter &)> &paint)
{
    QByteArray full;
    {
        QDataStream stream(&full, QIODevice::WriteOnly);
        stream << widget.size() << widget.devicePixelRatioF() << widget.font().toString()
               << int(ColorScheme::theme()) << ColorScheme::background().rgba()
               << ColorScheme::text().rgba() << Appearance::instance()->lineScale() << key;
    }
    if (full == m_key && !m_picture.isNull())
        return m_picture;
    const qreal ratio = widget.devicePixelRatioF();
    // Opaque: drawn over the widget as a plain copy of pixels.
    m_picture = QImage((QSizeF(widget.size()) * ratio).toSize().expandedTo(QSize(1, 1)),
                       QImage::Format_RGB32);
    m_picture.setDevicePixelRatio(ratio);
    m_picture.fill(ColorScheme::background());
    {
        QPainter p(&m_picture);
        p.setRenderHint(QPainter::Antialiasing);
        p.setFont(widget.font());
        paint(p);
    }
    m_key = std::move(full);
    ++m_paints;
    return m_picture;
}

QImage &StillLayer::frame()
{
    if (m_frame.size() != m_picture.size() || m_frame.format() != m_picture.format())
        m_frame = QImage(m_picture.size(), m_picture.format());
    std::memcpy(m_frame.bits(), m_picture.constBits(), std::size_t(m_picture.sizeInBytes()));
    m_frame.setDevicePixelRatio(m_picture.devicePixelRatio());
    return m_frame;
}
