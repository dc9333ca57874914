// StableLabel draws its text from a layout made once per text. What it shows must be what a plain
// QLabel shows for the same text, font and size (the same ink, to a pixel), also after the text
// changed by a way the label does not see (QLabel::clear()), a new font or a colour from a style
// sheet.
#include "widgets/stablelabel.h"

#include <QApplication>
#include <QHBoxLayout>
#include <QImage>
#include <QLabel>
#include <QTest>

namespace {

// The box around every pixel that is not the widget's background, and how many there are.
struct Ink
{
    QRect box;
    int pixels = 0;
};

Ink inkOf(QWidget *widget)
{
    const QImage image = widget->grab().toImage().convertToFormat(QImage::Format_RGB32);
    const QRgb background = widget->palette().color(widget->backgroundRole()).rgb();
    Ink ink;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            const QRgb p = image.pixel(x, y);
            if (std::abs(qRed(p) - qRed(background)) + std::abs(qGreen(p) - qGreen(background)) +
                    std::abs(qBlue(p) - qBlue(background)) >
                60) {
                ink.box |= QRect(x, y, 1, 1);
                ++ink.pixels;
            }
        }
    }
    return ink;
}

bool near(const QRect &a, const QRect &b)
{
    return std::abs(a.left() - b.left()) <= 1 && std::abs(a.right() - b.right()) <= 1 &&
           std::abs(a.top() - b.top()) <= 1 && std::abs(a.bottom() - b.bottom()) <= 1;
}

} // namespace

class TestStableLabel : public QObject
{
    Q_OBJECT

private:
    // The stable label beside a plain one of its size, with the same text.
    void compare(StableLabel &stable, QLabel &plain, const char *when)
    {
        plain.setFont(stable.font());
        plain.setText(stable.text());
        plain.setStyleSheet(stable.styleSheet());
        plain.setFixedSize(stable.size());
        QApplication::processEvents();
        const Ink a = inkOf(&stable), b = inkOf(&plain);
        QVERIFY(b.pixels > 0);
        QVERIFY2(near(a.box, b.box) && std::abs(a.pixels - b.pixels) <= b.pixels / 10 + 2,
                 qPrintable(QStringLiteral("%1: ink at (%2, %3) %4×%5, %6 pixels; QLabel's at "
                                           "(%7, %8) %9×%10, %11 pixels")
                                .arg(QString::fromLatin1(when))
                                .arg(a.box.x())
                                .arg(a.box.y())
                                .arg(a.box.width())
                                .arg(a.box.height())
                                .arg(a.pixels)
                                .arg(b.box.x())
                                .arg(b.box.y())
                                .arg(b.box.width())
                                .arg(b.box.height())
                                .arg(b.pixels)));
    }

private slots:
    void showsWhatAPlainLabelShows()
    {
        QWidget window;
        auto *layout = new QHBoxLayout(&window);
        auto *stable = new StableLabel;
        auto *plain = new QLabel;
        layout->addWidget(stable);
        layout->addWidget(plain);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));

        stable->setStableText(QStringLiteral("3 keys · output (0.437, 0.097)"));
        compare(*stable, *plain, "a result");
        stable->setStableText(QStringLiteral("x = 1.16, y = 0.30"));
        compare(*stable, *plain, "new text");
        stable->setStableText(QStringLiteral("3 个键 · 输出 (0.437, 0.097)"));
        compare(*stable, *plain, "Chinese");
        stable->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        plain->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        compare(*stable, *plain, "aligned right");

        // A bigger font (presentation mode) lays the text out again and makes room for it.
        const int before = stable->height();
        QFont big = stable->font();
        big.setPointSizeF(big.pointSizeF() * 2);
        stable->setFont(big);
        QVERIFY(stable->height() > before);
        compare(*stable, *plain, "a bigger font");

        // An error's colour comes from a style sheet.
        stable->setStyleSheet(QStringLiteral("color: #c00000"));
        stable->setStableText(QStringLiteral("The scores overflowed"));
        compare(*stable, *plain, "a style sheet's colour");
        const QImage image = stable->grab().toImage();
        bool red = false;
        for (int y = 0; y < image.height() && !red; ++y)
            for (int x = 0; x < image.width() && !red; ++x)
                red = qRed(image.pixel(x, y)) > 150 && qGreen(image.pixel(x, y)) < 80;
        QVERIFY(red);

        // QLabel::clear() goes around setStableText(): nothing is left drawn.
        stable->clear();
        QApplication::processEvents();
        QCOMPARE(inkOf(stable).pixels, 0);
        stable->setStableText(QStringLiteral("x = 0.50, y = -2.00"));
        compare(*stable, *plain, "text after clear()");
    }
};

QTEST_MAIN(TestStableLabel)
#include "tst_stablelabel.moc"
