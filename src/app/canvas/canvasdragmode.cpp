#include "canvas/canvasdragmode.h"

#include "canvas/canvasidlemode.h"
#include "canvas/canvasmodehost.h"
#include "canvas/viewtransform.h"
#include "text/textstamp.h"
#include "theme/colorscheme.h"

#include <QKeyEvent>
#include <QLineF>
#include <QMouseEvent>
#include <QPaintDevice>
#include <QPainter>
#include <QPixmap>
#include <QStringList>

#include <algorithm>
#include <cmath>

namespace {
// A click that wobbles by a pixel or two must select, not move (and snap) the vector.
constexpr double kDragThreshold = 3.0;
} // namespace

CanvasDragMode::CanvasDragMode(CanvasModeHost *canvas, const VectorHandle &handle, QPointF pressPos)
    : CanvasMode(canvas), m_handle(handle), m_pressPos(pressPos), m_pos(pressPos),
      m_original(canvas->vectorOf(handle))
{
    canvas->setDragged(handle);
    canvas->setCursorShape(Qt::ClosedHandCursor);
}

void CanvasDragMode::mouseMove(QMouseEvent *event)
{
    if (!(event->buttons() & Qt::LeftButton)) {
        // The release went elsewhere (a window that opened mid-drag took it): the drag is over.
        CanvasModeHost *canvas = m_canvas;
        const QPointF pos = event->position();
        canvas->setMode(std::make_unique<CanvasIdleMode>(canvas));
        CanvasIdleMode::updateHover(canvas, pos);
        return;
    }
    m_pos = event->position();
    if (!m_moved && QLineF(m_pressPos, m_pos).length() < kDragThreshold)
        return;
    m_moved = true;
    m_canvas->moveHandle(m_handle, m_canvas->view().toWorld(m_pos));
    // The model's change repaints the scene; the overlay follows the cursor even when snapping
    // left the vector where it was.
    m_canvas->requestRepaint();
}

void CanvasDragMode::mouseRelease(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton)
        return;
    CanvasModeHost *canvas = m_canvas;
    const QPointF pos = event->position();
    canvas->setMode(std::make_unique<CanvasIdleMode>(canvas));
    CanvasIdleMode::updateHover(canvas, pos);
}

bool CanvasDragMode::keyPress(QKeyEvent *event)
{
    if (event->key() != Qt::Key_Escape)
        return false;
    CanvasModeHost *canvas = m_canvas;
    canvas->setVectorOf(m_handle, m_original);
    canvas->setMode(std::make_unique<CanvasIdleMode>(canvas));
    return true;
}

void CanvasDragMode::paintOverlay(QPainter &painter) const
{
    if (!m_moved)
        return;
    // The readout changes on every frame of a drag: laid out word by word (its words, names and
    // rounded numbers, recur), its box drawn from a picture, at whole pixels.
    const QString text = m_canvas->readout(m_handle);
    const QFont font = painter.font();
    const QStringList words = text.split(QLatin1Char(' '));
    const double space = TextStamp::spaceWidth(font);
    double textWidth = space * double(words.size() - 1);
    for (const QString &word : words)
        textWidth += TextStamp::size(font, word).width();
    QRectF box(0, 0, std::ceil(textWidth) + 16, std::ceil(TextStamp::lineHeight(font)) + 8);
    // Beside the cursor, across the arrow: the tip's own label sits beyond the tip along the
    // arrow, so the side of the shaft is free. The lower (or right) side first, then the other
    // when it would leave the widget.
    const ViewTransform &view = m_canvas->view();
    const QPointF tip = view.toScreen(m_canvas->tipOf(m_handle));
    QPointF dir = tip - view.toScreen(QPointF(0, 0));
    const double length = std::hypot(dir.x(), dir.y());
    dir = length > 1 ? dir / length : QPointF(1, 0);
    QPointF normal(-dir.y(), dir.x());
    if (normal.y() < 0 || (normal.y() == 0 && normal.x() < 0))
        normal = -normal;
    // The box's half-extent along the normal, plus a gap for the cursor itself.
    const double distance =
        std::abs(normal.x()) * box.width() / 2 + std::abs(normal.y()) * box.height() / 2 + 16;
    const QRectF inside = m_canvas->area().adjusted(4, 4, -4, -4);
    for (const double side : {1.0, -1.0}) {
        box.moveCenter(m_pos + side * distance * normal);
        if (inside.contains(box))
            break;
    }
    // Near a corner neither side fits: keep the box inside the widget anyway.
    box.moveLeft(std::clamp(box.left(), inside.left(),
                            std::max(inside.left(), inside.right() - box.width())));
    box.moveTop(std::clamp(box.top(), inside.top(),
                           std::max(inside.top(), inside.bottom() - box.height())));
    box.moveTopLeft(QPointF(std::floor(box.left()), std::floor(box.top())));

    QColor fill = ColorScheme::background();
    fill.setAlpha(235);
    painter.drawPixmap(box.topLeft() - QPointF(1, 1),
                       boxPicture(box.size().toSize(), fill, ColorScheme::axis(),
                                  painter.device()->devicePixelRatioF()));
    const QPen pen = painter.pen();
    painter.setPen(ColorScheme::text());
    double x = box.center().x() - textWidth / 2;
    for (const QString &word : words) {
        const double width = TextStamp::size(font, word).width();
        TextStamp::draw(painter, QRectF(x, box.top(), width, box.height()),
                        Qt::AlignLeft | Qt::AlignVCenter, word);
        x += width + space;
    }
    painter.setPen(pen);
}

const QPixmap &CanvasDragMode::boxPicture(QSize size, const QColor &fill, const QColor &outline,
                                          qreal devicePixelRatio)
{
    // The rounded box with its outline, a pixel of room around it for the outline's outer half:
    // the same pixels as drawing it in place (source-over is associative), without a curved
    // path through the rasteriser on every frame. The box's width changes with a digit or two.
    struct Key
    {
        QSize size;
        QRgb fill, outline;
        qreal ratio;
        bool operator==(const Key &) const = default;
    };
    static Key last{};
    static QPixmap picture;
    const Key key{size, fill.rgba(), outline.rgba(), devicePixelRatio};
    if (picture.isNull() || !(key == last)) {
        last = key;
        picture = QPixmap((QSizeF(size + QSize(2, 2)) * devicePixelRatio).toSize());
        picture.setDevicePixelRatio(devicePixelRatio);
        picture.fill(Qt::transparent);
        QPainter p(&picture);
        p.setRenderHint(QPainter::Antialiasing, true);
        p.setPen(QPen(outline, 1));
        p.setBrush(fill);
        p.drawRoundedRect(QRectF(QPointF(1, 1), QSizeF(size)), 5, 5);
    }
    return picture;
}
