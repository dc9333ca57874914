#include "richtextcache.h"

#include <QAbstractTextDocumentLayout>
#include <QColor>
#include <QFont>
#include <QPainter>
#include <QPointF>
#include <QTextDocument>

#include <memory>

namespace {
std::unique_ptr<QTextDocument> layOut(const QString &html, double width, const QFont &font,
                                      const QColor &color)
{
    auto doc = std::make_unique<QTextDocument>();
    doc->setDefaultFont(font);
    doc->setDocumentMargin(0);
    doc->setTextWidth(width);
    doc->setHtml(QStringLiteral("<div style='color:%1'>%2</div>").arg(color.name(), html));
    return doc;
}

void drawDocument(QPainter &painter, QTextDocument &doc, QPointF at)
{
    painter.save();
    painter.translate(at);
    QAbstractTextDocumentLayout::PaintContext context;
    doc.documentLayout()->draw(&painter, context);
    painter.restore();
}
} // namespace

double RichTextCache::draw(QPainter &painter, const QString &html, QPointF at, double width,
                           const QFont &font, const QColor &color, bool stamp)
{
    if (!stamp) {
        const auto doc = layOut(html, width, font, color);
        drawDocument(painter, *doc, at);
        return doc->size().height();
    }
    const qreal ratio = painter.device() ? painter.device()->devicePixelRatioF() : 1.0;
    const QString key = html + QChar(0x1f) + QString::number(width) + QChar(0x1f) + font.key() +
                        QChar(0x1f) + color.name(QColor::HexArgb) + QChar(0x1f) +
                        QString::number(ratio);
    auto it = m_pictures.constFind(key);
    if (it == m_pictures.cend()) {
        // Titles and captions change with the head count, the language and the theme: a few
        // dozen at most, but never let an odd session grow the cache without end.
        if (m_pictures.size() > 64)
            m_pictures.clear();
        const auto doc = layOut(html, width, font, color);
        QPixmap picture((doc->size() * ratio).toSize().expandedTo(QSize(1, 1)));
        picture.setDevicePixelRatio(ratio);
        picture.fill(Qt::transparent);
        QPainter p(&picture);
        p.setRenderHints(painter.renderHints());
        drawDocument(p, *doc, QPointF(0, 0));
        p.end();
        it = m_pictures.insert(key, picture);
    }
    painter.drawPixmap(at, *it);
    return it->height() / ratio;
}
