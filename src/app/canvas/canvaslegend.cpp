#include "canvas/canvaslegend.h"

#include "canvas/canvasreveal.h"
#include "canvas/gradientarrowlayer.h"
#include "canvas/layercache.h"
#include "methods/methodview.h"
#include "methods/methodviews.h"
#include "model/scenemodel.h"
#include "text/arrowpainter.h"
#include "text/textstamp.h"
#include "theme/appearance.h"
#include "theme/colorscheme.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QStaticText>
#include <QTextLayout>

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
    Picture &p = m_picture;
    const bool sameTexts = !p.pixmap.isNull() && p.rows == list && p.font == font;
    const QRectF box = sameTexts ? QRectF(QPointF(12, top), p.boxSize) : boxOf(list, font, top);
    if (box.right() > viewport.width() - 8 || box.bottom() > viewport.height() - 8)
        return false;
    const qreal ratio = LayerCache::pictureRatio(painter);
    if (!(ratio > 0)) {
        draw(painter, list, box, font, true);
        return true;
    }
    // The picture starts a pixel (and the box's fraction of one) before the box, so that the
    // antialiased edge of its outline is inside and every stroke lands where it would on screen.
    const QPointF corner(std::floor(box.left()) - 1, std::floor(box.top()) - 1);
    const QPointF offset = box.topLeft() - corner;
    const int keyCount = std::max(1, m_model->keyCount());
    const double lineScale = Appearance::instance()->lineScale();
    if (!sameTexts || p.keyCount != keyCount || p.theme != int(ColorScheme::theme()) ||
        p.palette != int(ColorScheme::palette()) || p.lineScale != lineScale || p.ratio != ratio ||
        p.offset != offset) {
        p.rows = list;
        p.font = font;
        p.boxSize = box.size();
        p.keyCount = keyCount;
        p.theme = int(ColorScheme::theme());
        p.palette = int(ColorScheme::palette());
        p.lineScale = lineScale;
        p.ratio = ratio;
        p.offset = offset;
        // Each text's line as drawText() lays it out: as high as the tallest of the fonts it
        // uses (a CJK fallback font stands higher than the Latin one).
        p.textHeights.clear();
        for (const Row &row : list) {
            QTextLayout layout(row.text, font);
            layout.beginLayout();
            const QTextLine line = layout.createLine();
            layout.endLayout();
            p.textHeights.append(line.isValid() ? line.ascent() + line.descent()
                                                : QFontMetricsF(font).height());
        }
        const QSizeF size(std::ceil(offset.x() + box.width()) + 1,
                          std::ceil(offset.y() + box.height()) + 1);
        p.pixmap = QPixmap((size * ratio).toSize());
        p.pixmap.setDevicePixelRatio(ratio);
        p.pixmap.fill(Qt::transparent);
        QPainter picture(&p.pixmap);
        draw(picture, list, QRectF(offset, box.size()), font, false);
    }
    painter.drawPixmap(corner, p.pixmap);
    // The texts over the picture, from laid-out texts, where drawText() would put them: a line
    // centred in its row, unrounded. Glyphs drawn into a translucent picture would be
    // antialiased differently (CJK glyphs by up to an eighth of the grey range).
    painter.save();
    painter.setFont(font);
    painter.setPen(ColorScheme::text());
    const double rowHeight = QFontMetricsF(font).height() + 4;
    for (int index = 0; index < list.size(); ++index) {
        const QRectF r = textRect(box, index, rowHeight);
        painter.drawStaticText(QPointF(r.left(), r.top() + (r.height() - p.textHeights[index]) / 2),
                               TextStamp::laidOut(font, list[index].text));
    }
    painter.restore();
    return true;
}

QRectF CanvasLegend::textRect(const QRectF &box, int index, double rowHeight)
{
    const double y = box.top() + 5 + index * rowHeight + rowHeight / 2;
    return QRectF(box.left() + kSample + 20, y - rowHeight / 2, box.width() - kSample - 26,
                  rowHeight);
}

void CanvasLegend::draw(QPainter &painter, const QList<Row> &list, const QRectF &box,
                        const QFont &font, bool withTexts) const
{
    const double rowHeight = QFontMetricsF(font).height() + 4;
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    QColor fill = ColorScheme::background();
    fill.setAlpha(225);
    painter.setPen(QPen(ColorScheme::faded(ColorScheme::axis(), 0.4), 1));
    painter.setBrush(fill);
    painter.drawRoundedRect(box, 6, 6);
    painter.setFont(font);
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
        if (withTexts) {
            painter.setPen(ColorScheme::text());
            painter.drawText(textRect(box, index, rowHeight), Qt::AlignVCenter | Qt::AlignLeft,
                             row.text);
        }
        ++index;
    }
    painter.restore();
}
