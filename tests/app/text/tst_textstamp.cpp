// TextStamp draws short texts from laid-out pictures instead of QPainter::drawText; the
// heat map, the chart's numbers and the canvas's labels rely on it putting the ink where
// drawText would, for every alignment, in Latin, subscripts and Chinese.

#include "common/datacolumns.h"
#include "text/textstamp.h"

#include <QFontMetricsF>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QTest>

namespace {
// The bounding box of the dark pixels.
QRect ink(const QImage &image)
{
    QRect box;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            if (qGray(image.pixel(x, y)) < 128)
                box |= QRect(x, y, 1, 1);
    return box;
}

QImage blank()
{
    QImage image(240, 80, QImage::Format_RGB32);
    image.fill(Qt::white);
    return image;
}
} // namespace

class TestTextStamp : public QObject
{
    Q_OBJECT

private slots:
    void placesInkAsDrawTextDoes_data()
    {
        dataColumns<QString, int>("text", "alignment");
        const QStringList texts{QStringLiteral("0.42"), QStringLiteral("k₁₂"),
                                QStringLiteral("头 1"), QStringLiteral("−1.5")};
        const std::pair<const char *, Qt::Alignment> alignments[] = {
            {"left top", Qt::AlignLeft | Qt::AlignTop},
            {"centre", Qt::AlignCenter},
            {"right bottom", Qt::AlignRight | Qt::AlignBottom},
            {"left vcentre", Qt::AlignLeft | Qt::AlignVCenter},
            {"hcentre bottom", Qt::AlignHCenter | Qt::AlignBottom}};
        for (const QString &t : texts)
            for (const auto &[name, a] : alignments)
                QTest::newRow(qPrintable(t + QLatin1Char(' ') + QLatin1String(name)))
                    << t << int(a);
    }

    void placesInkAsDrawTextDoes()
    {
        QFETCH(QString, text);
        QFETCH(int, alignment);
        const QRectF rect(30.5, 12, 170, 50);
        QFont font;
        font.setPointSize(12);
        QImage byQt = blank(), byStamp = blank();
        {
            QPainter p(&byQt);
            p.setFont(font);
            p.setPen(Qt::black);
            p.drawText(rect, alignment, text);
        }
        {
            QPainter p(&byStamp);
            p.setFont(font);
            p.setPen(Qt::black);
            TextStamp::draw(p, rect, Qt::Alignment(alignment), text);
        }
        const QRect a = ink(byQt), b = ink(byStamp);
        QVERIFY(!a.isEmpty());
        // Within a pixel: drawText rounds its line to whole pixels, a static text need not.
        QVERIFY2(std::abs(a.left() - b.left()) <= 1 && std::abs(a.top() - b.top()) <= 1 &&
                     std::abs(a.width() - b.width()) <= 1 && std::abs(a.height() - b.height()) <= 1,
                 qPrintable(QStringLiteral("drawText %1,%2 %3x%4; TextStamp %5,%6 %7x%8")
                                .arg(a.left())
                                .arg(a.top())
                                .arg(a.width())
                                .arg(a.height())
                                .arg(b.left())
                                .arg(b.top())
                                .arg(b.width())
                                .arg(b.height())));
    }

    void sizeIsTheAdvanceAndTheLineHeight()
    {
        QFont font;
        font.setPointSize(11);
        const QFontMetricsF fm(font);
        for (const QString &t :
             {QStringLiteral("0.153"), QStringLiteral("k₆₄"), QStringLiteral("已遮蔽")}) {
            const QSizeF size = TextStamp::size(font, t);
            QVERIFY2(std::abs(size.width() - fm.horizontalAdvance(t)) < 0.5, qPrintable(t));
            QCOMPARE(size.height(), fm.height());
        }
        // The cache keeps fonts apart: the same text in a larger font is wider.
        QFont large = font;
        large.setPointSize(22);
        QVERIFY(TextStamp::size(large, QStringLiteral("0.153")).width() >
                TextStamp::size(font, QStringLiteral("0.153")).width() * 1.5);
    }
};

QTEST_MAIN(TestTextStamp)
#include "tst_textstamp.moc"
