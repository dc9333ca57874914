#include "canvas/canvasoverlay.h"

#include "canvas/canvaslegend.h"
#include "canvas/canvasmode.h"
#include "canvas/canvasreveal.h"
#include "canvas/handlerings.h"
#include "canvas/viewtransform.h"
#include "model/scenemodel.h"
#include "theme/colorscheme.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QSettings>

#include <algorithm>

namespace {
// Qt 6.4's raster engine splits a fill of more than 95 rows (spans) among its thread pool.
constexpr int kRowsPerFill = 64;
} // namespace

CanvasOverlay::CanvasOverlay(const SceneModel *model, const SceneHandles *handles,
                             const CanvasReveal *reveal)
    : m_model(model), m_handles(handles), m_reveal(reveal),
      m_legend(std::make_unique<CanvasLegend>(model, reveal)),
      m_legendVisible(QSettings().value(QStringLiteral("canvas/legend"), true).toBool())
{}

CanvasOverlay::~CanvasOverlay() = default;

bool CanvasOverlay::setLegendVisible(bool on)
{
    if (on == m_legendVisible)
        return false;
    m_legendVisible = on;
    QSettings().setValue(QStringLiteral("canvas/legend"), on);
    return true;
}

bool CanvasOverlay::dragHintAt(QPointF pos, QSize canvas, const QFont &labelFont) const
{
    return m_dragHint.isVisible() && !m_reveal->guided() &&
           DragHint::rect(canvas, labelFont).contains(pos);
}

void CanvasOverlay::paint(QPainter &painter, const ViewTransform &view,
                          const VectorLayer::Emphasis &marks, bool focused,
                          const CanvasFonts &fonts, const CanvasMode &mode) const
{
    const QSizeF size = view.viewportSize();
    const QRectF area(QPointF(0, 0), size);
    HandleRings::paint(painter, view, *m_handles, area, marks.hovered, marks.dragged,
                       marks.selected);
    painter.save();
    // The frame is whole pixels: an antialiased fill would send each strip through the rasterizer.
    painter.setRenderHint(QPainter::Antialiasing, false);
    if (focused) {
        // A crisp frame two pixels wide. Stroking it with a 2-pixel pen sent the whole window-sized
        // path through the rasteriser on every frame of a drag; filled strips give the same pixels
        // (the stroke's joins leave the two left corners out). The sides go in pieces of at most
        // kRowsPerFill rows: Qt hands a translucent fill of more rows to its thread pool, and
        // waking those threads cost more than the fill itself.
        QColor c = ColorScheme::key();
        c.setAlpha(140);
        const int w = int(size.width()), h = int(size.height());
        painter.fillRect(QRect(1, 0, w - 1, 1), c);
        painter.fillRect(QRect(0, 1, w, 1), c);
        for (int y = 2; y < h - 2; y += kRowsPerFill) {
            const int rows = std::min(kRowsPerFill, h - 2 - y);
            painter.fillRect(QRect(0, y, 2, rows), c);
            painter.fillRect(QRect(w - 2, y, 2, rows), c);
        }
        painter.fillRect(QRect(0, h - 2, w, 1), c);
        painter.fillRect(QRect(1, h - 1, w - 1, 1), c);
    }
    painter.setRenderHint(QPainter::Antialiasing, true);
    // Without a result the error box takes the corner: the legend goes below it.
    if (m_legendVisible) {
        const double top =
            m_model->hasResult() ? 12.0 : 12 + QFontMetricsF(fonts.label).height() + 24;
        m_legend->paint(painter, size, fonts.tick, top);
    }
    if (m_dragHint.isVisible() && !m_reveal->guided())
        DragHint::paint(painter, size.toSize(), fonts.label);
    painter.setFont(fonts.tick);
    mode.paintOverlay(painter);
    painter.restore();
}
