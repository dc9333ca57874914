#include "text/richtext.h"

#include <QAbstractTextDocumentLayout>
#include <QColor>
#include <QFont>
#include <QPainter>
#include <QPointF>
#include <QTextDocument>

namespace RichText {

double draw(QPainter &painter, const QString &html, QPointF at, double width, const QFont &font,
            const QColor &color)
{
    QTextDocument doc;
    doc.setDefaultFont(font);
    doc.setDocumentMargin(0);
    doc.setTextWidth(width);
    doc.setHtml(QStringLiteral("<div style='color:%1'>%2</div>").arg(color.name(), html));
    painter.save();
    painter.translate(at);
    QAbstractTextDocumentLayout::PaintContext context;
    doc.documentLayout()->draw(&painter, context);
    painter.restore();
    return doc.size().height();
}

} // namespace RichText
