#include "sequence/stilllayer.h"

#include "canvas/layercache.h"
#include "theme/appearance.h"
#include "theme/colorscheme.h"

#include <QDataStream>
#include <QIODevice>
#include <QPaintEngine>
#include <QPainter>
#include <QWidget>

#include <cstring>

bool StillLayer::usable(const QPainter &painter, const QWidget &widget)
{
    if (!LayerCache::isEnabled())
        return false;
    // QPainter::device() names the widget even when QWidget::render() redirected it elsewhere;
    // the engine knows where the pixels go.
    const QPaintEngine *engine = painter.paintEngine();
    if (!engine || engine->type() != QPaintEngine::Raster || !engine->paintDevice())
        return false;
    // The picture is drawn at the widget's ratio: on a screen of that ratio (the painter then
    // scales by it) it gives the same pixels; a 2× export of a 1× widget gets fresh lines.
    const qreal ratio = widget.devicePixelRatioF();
    const QTransform transform = painter.deviceTransform();
    return qFuzzyCompare(engine->paintDevice()->devicePixelRatioF(), ratio) &&
           transform.type() <= QTransform::TxScale && qFuzzyCompare(transform.m11(), ratio) &&
           qFuzzyCompare(transform.m22(), ratio);
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
