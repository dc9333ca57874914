#include "canvas/canvaslegend.h"

#include "canvas/canvasreveal.h"
#include "canvas/gradientarrowlayer.h"
#include "canvas/layercache.h"
#include "methods/methodview.h"
#include "methods/methodviews.h"
#include "model/scenemodel.h"
#include "text/arrowpainter.h"
#include "theme/appearance.h"
#include "theme/colorscheme.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>

using Role = ColorScheme::Role;

QList<CanvasLegend::Row> CanvasLegend::rows() const
{
    QList<Row> rows{
        {Row::Query, tr("query")}, {Row::Keys, tr("keys")}, {Row::Values, tr("values")}};
    if (m_model->hasResult() && m_reveal->outputShown())
        rows.append({Row::Output, tr("output")});
    if (MethodViews::of(m_model->scene().method).drawsWColumns)
        rows.append({Row::Columns, tr("columns of W")});
    if (m_model->hasResult() && m_reveal->weightsShown())
        rows.append({Row::Beams, tr("beams: thicker = more weight")});
    if (!m_gradientText.isEmpty())
        rows.append({Row::Gradient, m_gradientText});
    return rows;
}

QRectF CanvasLegend::rect(const QFont &font, double top) const
{
    return boxOf(rows(), font, top);
}

QRectF CanvasLegend::boxOf(const QList<Row> &list, const QFont &font, double top) const
{
    const QFontMetricsF fm(font);
    double widest = 0;
    for (const Row &row : list)
        widest = std::max(widest, fm.horizontalAdvance(row.text));
    const double rowHeight = fm.height() + 4;
    const QSizeF size(kSample + 20 + widest + 12, list.size() * rowHeight + 10);
    return QRectF(QPointF(12, top), size);
}

bool CanvasLegend::paint(QPainter &painter, const QSizeF &viewport, const QFont &font,
                         double top) const
{
    const QList<Row> list = rows();
    const QRectF box = boxOf(list, font, top);
    if (box.right() > viewport.width() - 8 || box.bottom() > viewport.height() - 8)
        return false;
    const qreal ratio = LayerCache::pictureRatio(painter);
    if (!(ratio > 0)) {
        draw(painter, list, box, font);
        return true;
    }
    // The picture starts a pixel (and the box's fraction of one) before the box, so that the
    // antialiased edge of its outline is inside and every stroke lands where it would on screen.
    const QPointF corner(std::floor(box.left()) - 1, std::floor(box.top()) - 1);
    const QPointF offset = box.topLeft() - corner;
    Picture &p = m_picture;
    const int keyCount = std::max(1, m_model->keyCount());
    const double lineScale = Appearance::instance()->lineScale();
    if (p.pixmap.isNull() || p.rows != list || p.font != font || p.keyCount != keyCount ||
        p.theme != int(ColorScheme::theme()) || p.palette != int(ColorScheme::palette()) ||
        p.lineScale != lineScale || p.ratio != ratio || p.offset != offset) {
        p.rows = list;
        p.font = font;
        p.keyCount = keyCount;
        p.theme = int(ColorScheme::theme());
        p.palette = int(ColorScheme::palette());
        p.lineScale = lineScale;
        p.ratio = ratio;
        p.offset = offset;
        const QSizeF size(std::ceil(offset.x() + box.width()) + 1,
                          std::ceil(offset.y() + box.height()) + 1);
        p.pixmap = QPixmap((size * ratio).toSize());
        p.pixmap.setDevicePixelRatio(ratio);
        p.pixmap.fill(Qt::transparent);
        QPainter picture(&p.pixmap);
        draw(picture, list, QRectF(offset, box.size()), font);
    }
    painter.drawPixmap(corner, p.pixmap);
    return true;
}

void CanvasLegend::draw(QPainter &painter, const QList<Row> &list, const QRectF &box,
                        const QFont &font) const
{
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    QColor fill = ColorScheme::background();
    fill.setAlpha(225);
    painter.setPen(QPen(ColorScheme::faded(ColorScheme::axis(), 0.4), 1));
    painter.setBrush(fill);
    painter.drawRoundedRect(box, 6, 6);
    painter.setFont(font);
    const QFontMetricsF fm(font);
    const double rowHeight = fm.height() + 4;
    const int n = std::max(1, m_model->keyCount());
    int index = 0;
    for (const Row &row : list) {
        const double y = box.top() + 5 + index * rowHeight + rowHeight / 2;
        const QPointF from(box.left() + 10, y + 5), to(box.left() + 10 + kSample, y - 5);
        switch (row.kind) {
        case Row::Query:
            ArrowPainter::drawArrow(painter, from, to,
                                    ArrowPainter::styleFor(Role::Query, 3.0, 11));
            break;
        case Row::Keys: {
            ArrowPainter::Style style = ArrowPainter::styleFor(Role::Key, 2.5, 11);
            style.color = ColorScheme::keyColor(0, n);
            ArrowPainter::drawArrow(painter, from, to, style);
            break;
        }
        case Row::Values: {
            ArrowPainter::Style style = ArrowPainter::styleFor(Role::Value, 2.5, 11);
            style.color = ColorScheme::faded(style.color, 0.85);
            ArrowPainter::drawArrow(painter, from, to, style);
            break;
        }
        case Row::Output:
            ArrowPainter::drawArrow(painter, from, to,
                                    ArrowPainter::styleFor(Role::Output, 2.5, 11));
            break;
        case Row::Columns:
            ArrowPainter::drawArrow(painter, from, to,
                                    ArrowPainter::styleFor(Role::GeneralColumn, 2.5, 11));
            break;
        case Row::Beams: {
            // A thin faint beam and a wide strong one, as VectorLayer draws weights 0.05 and 0.8.
            const QColor key = ColorScheme::keyColor(0, n);
            const double scale = Appearance::instance()->lineScale();
            for (const double w : {0.05, 0.8}) {
                const double x = box.left() + 10 + (w < 0.5 ? 0 : kSample / 2 + 2);
                painter.setPen(QPen(ColorScheme::faded(key, 0.1 + 0.6 * std::sqrt(w)),
                                    (1 + 9 * w) * scale, Qt::SolidLine, Qt::FlatCap));
                painter.drawLine(QPointF(x, y), QPointF(x + kSample / 2 - 2, y));
            }
            break;
        }
        case Row::Gradient:
            ArrowPainter::drawArrow(painter, from, to, GradientArrowLayer::style());
            break;
        }
        painter.setPen(ColorScheme::text());
        painter.drawText(QRectF(box.left() + kSample + 20, y - rowHeight / 2,
                                box.width() - kSample - 26, rowHeight),
                         Qt::AlignVCenter | Qt::AlignLeft, row.text);
        ++index;
    }
    painter.restore();
}
