#include "common/datacolumns.h"
#include "lab/dimensionlabpage.h"
#include "lab/labchart.h"
#include "lab/labwindow.h"
#include "lab/selfattentionpage.h"
#include "mainwindow.h"
#include "model/dimensionlabmodel.h"
#include "model/scenemodel.h"

#include <QAbstractButton>
#include <QApplication>
#include <QChart>
#include <QGraphicsScene>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QGroupBox>
#include <QLabel>
#include <QScrollArea>
#include <QScrollBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTest>

class TestLabWindow : public QObject
{
    Q_OBJECT

private slots:
    void showTabSelectsAndShows();
    void tabsThroughClicks();
    void closesWhileComputing();
    void fitsA1280x800Screen_data();
    void fitsA1280x800Screen();
    void appShortcutsWorkFromTheLab();
    void everyTextWhole_data();
    void everyTextWhole();
};

void TestLabWindow::showTabSelectsAndShows()
{
    QWidget mainWindow;
    auto *lab = new LabWindow(&mainWindow);
    QVERIFY(lab->isWindow());
    QVERIFY(!lab->isVisible());
    lab->showTab(LabWindow::Tab::SelfAttention);
    QVERIFY(QTest::qWaitForWindowExposed(lab));
    QCOMPARE(lab->currentTab(), LabWindow::Tab::SelfAttention);
    QVERIFY(lab->selfAttentionPage()->isVisible());
    QVERIFY(!lab->dimensionPage()->isVisible());
    lab->showTab(LabWindow::Tab::DimensionLab);
    QCOMPARE(lab->currentTab(), LabWindow::Tab::DimensionLab);
    QVERIFY(lab->dimensionPage()->isVisible());
    QCOMPARE(lab->windowTitle(), QString("Attention Lab"));
    // The parent owns it: deleting the main window deletes the lab.
}

void TestLabWindow::tabsThroughClicks()
{
    LabWindow lab;
    lab.showTab(LabWindow::Tab::DimensionLab);
    QVERIFY(QTest::qWaitForWindowExposed(&lab));
    auto *tabs = lab.findChild<QTabWidget *>("tabs");
    QVERIFY(tabs);
    QCOMPARE(tabs->count(), 2);
    QCOMPARE(tabs->tabText(0), QString("Dimension lab"));
    QCOMPARE(tabs->tabText(1), QString("Self-attention"));
    QTabBar *bar = tabs->tabBar();
    QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(1).center());
    QCOMPARE(lab.currentTab(), LabWindow::Tab::SelfAttention);
}

void TestLabWindow::closesWhileComputing()
{
    // Destroying the window in the middle of a heavy run must neither hang nor crash: the run is
    // cancelled and its thread joined.
    auto *lab = new LabWindow;
    attn::DimensionExperimentParams p;
    p.dimension = 4096;
    p.samples = 1000000;
    QVERIFY(lab->dimensionModel()->setParams(p));
    lab->showTab(LabWindow::Tab::DimensionLab);
    QTRY_VERIFY(lab->dimensionModel()->progress() > 0);
    QVERIFY(lab->dimensionModel()->isBusy());
    delete lab;
}

void TestLabWindow::fitsA1280x800Screen_data()
{
    QTest::addColumn<double>("fontScale");
    QTest::newRow("normal") << 1.0;
    QTest::newRow("presentation") << MainWindow::kPresentationFontScale;
}

void TestLabWindow::fitsA1280x800Screen()
{
    // A 1280 × 800 laptop with a 40 px panel: the window, frame included, stays on the screen,
    // and its layout can be that small (nothing forces it larger), in either mode.
    QFETCH(double, fontScale);
    const QFont before = QApplication::font();
    QFont font = before;
    font.setPointSizeF(before.pointSizeF() * fontScale);
    QApplication::setFont(font);
    const QRect available(0, 0, 1280, 760);
    {
        LabWindow lab;
        lab.fitInto(available);
        lab.showTab(LabWindow::Tab::DimensionLab);
        QVERIFY(QTest::qWaitForWindowExposed(&lab));
        lab.fitInto(available);
        QVERIFY2(lab.width() <= 1280 && lab.height() <= 760 - 4,
                 qPrintable(QStringLiteral("%1 x %2").arg(lab.width()).arg(lab.height())));
        const QSize least = lab.minimumSizeHint();
        QVERIFY2(
            least.width() <= lab.width() && least.height() <= lab.height(),
            qPrintable(QStringLiteral("minimum %1 x %2").arg(least.width()).arg(least.height())));
        QVERIFY(available.contains(lab.frameGeometry().topLeft()));
        QVERIFY(lab.frameGeometry().bottom() <= available.bottom() + 1);
        // And the pages fit in it whole: no scroll bar on either tab.
        for (const auto tab : {LabWindow::Tab::DimensionLab, LabWindow::Tab::SelfAttention}) {
            lab.showTab(tab);
            QWidget *page = tab == LabWindow::Tab::DimensionLab
                                ? static_cast<QWidget *>(lab.dimensionPage())
                                : static_cast<QWidget *>(lab.selfAttentionPage());
            auto *area = qobject_cast<QScrollArea *>(page->parentWidget()->parentWidget());
            QVERIFY(area);
            QTRY_COMPARE(page->size(), area->viewport()->size());
            QVERIFY2(!area->horizontalScrollBar()->isVisible() &&
                         !area->verticalScrollBar()->isVisible(),
                     qPrintable(QStringLiteral("page needs %1 x %2")
                                    .arg(page->minimumSizeHint().width())
                                    .arg(page->minimumSizeHint().height())));
        }
    }
    QApplication::setFont(before);
}

void TestLabWindow::appShortcutsWorkFromTheLab()
{
    SceneModel model;
    MainWindow window(&model);
    window.show();
    QVERIFY(QTest::qWaitForWindowActive(&window));
    QTest::keyClick(&window, Qt::Key_D, Qt::ControlModifier | Qt::ShiftModifier);
    auto *lab = window.findChild<LabWindow *>();
    QVERIFY(lab);
    QVERIFY(QTest::qWaitForWindowActive(lab));
    QCOMPARE(lab->currentTab(), LabWindow::Tab::DimensionLab);
    // With the focus in one of the lab's own boxes.
    auto *spin = lab->dimensionPage()->findChild<QWidget *>("dimensionSpin");
    spin->setFocus();
    QTRY_VERIFY(spin->hasFocus());
    QTest::keyClick(spin, Qt::Key_A, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(lab->currentTab(), LabWindow::Tab::SelfAttention);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_D,
                    Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(lab->currentTab(), LabWindow::Tab::DimensionLab);
}

void TestLabWindow::everyTextWhole_data()
{
    dataColumns<double, QSize>("fontScale", "screen");
    QTest::newRow("normal 1280") << 1.0 << QSize(1280, 760);
    QTest::newRow("presentation 1280") << MainWindow::kPresentationFontScale << QSize(1280, 760);
    QTest::newRow("presentation 1920") << MainWindow::kPresentationFontScale << QSize(1920, 1040);
}

void TestLabWindow::everyTextWhole()
{
    // No label, title, button or chart text is cut ("…in d dimensio", "Theory: d·σ⁴ ar",
    // "theory …"), no header runs into another, and each legend marker has its series' colour.
    QFETCH(double, fontScale);
    QFETCH(QSize, screen);
    const QFont before = QApplication::font();
    QFont font = before;
    font.setPointSizeF(before.pointSizeF() * fontScale);
    QApplication::setFont(font);
    {
        LabWindow lab;
        lab.showTab(LabWindow::Tab::DimensionLab);
        QVERIFY(QTest::qWaitForWindowExposed(&lab));
        lab.fitInto(QRect(QPoint(0, 0), screen));
        QTRY_VERIFY_WITH_TIMEOUT(!lab.dimensionModel()->isBusy(), 60000);
        for (const auto tab : {LabWindow::Tab::DimensionLab, LabWindow::Tab::SelfAttention}) {
            lab.showTab(tab);
            QWidget *page = tab == LabWindow::Tab::DimensionLab
                                ? static_cast<QWidget *>(lab.dimensionPage())
                                : static_cast<QWidget *>(lab.selfAttentionPage());
            QTest::qWait(50);
            const auto labels = page->findChildren<QLabel *>();
            for (QLabel *l : labels) {
                if (!l->isVisibleTo(page) || l->text().isEmpty() || !l->pixmap().isNull())
                    continue;
                const QString what = l->objectName() + QStringLiteral(": ") + l->text();
                if (l->wordWrap() && l->textFormat() != Qt::RichText &&
                    !Qt::mightBeRichText(l->text()))
                    // Clipped only if both the label's own measure and the font's say so
                    // (they differ by a line's leading, and over fallback glyphs such as ᵀ).
                    QVERIFY2(l->height() + 2 >=
                                 std::min(l->heightForWidth(l->width()),
                                          l->fontMetrics()
                                              .boundingRect(QRect(0, 0, l->width(), 100000),
                                                            Qt::TextWordWrap, l->text())
                                              .height()),
                             qPrintable(what +
                                        QStringLiteral(" %1 x %2, %3 / %4")
                                            .arg(l->width())
                                            .arg(l->height())
                                            .arg(l->heightForWidth(l->width()))
                                            .arg(l->fontMetrics()
                                                     .boundingRect(QRect(0, 0, l->width(), 100000),
                                                                   Qt::TextWordWrap, l->text())
                                                     .height())));
                else if (l->wordWrap())
                    QVERIFY2(l->height() >= l->heightForWidth(l->width()) - 1, qPrintable(what));
                else
                    QVERIFY2(
                        l->width() >= l->sizeHint().width() - 1,
                        qPrintable(
                            what +
                            QStringLiteral(" %1 < %2").arg(l->width()).arg(l->sizeHint().width())));
            }
            // Headers side by side in the same row do not overlap.
            for (QLabel *a : labels)
                for (QLabel *b : labels)
                    if (a != b && a->isVisibleTo(page) && b->isVisibleTo(page) &&
                        a->parentWidget() == b->parentWidget() && !a->text().isEmpty() &&
                        !b->text().isEmpty())
                        QVERIFY2(
                            !a->geometry().intersects(b->geometry()),
                            qPrintable(a->objectName() + QStringLiteral(" / ") + b->objectName()));
            const auto boxes = page->findChildren<QGroupBox *>();
            for (QGroupBox *box : boxes)
                QVERIFY2(box->fontMetrics().horizontalAdvance(box->title()) < box->width() - 8,
                         qPrintable(box->title()));
            const auto buttons = page->findChildren<QAbstractButton *>();
            for (QAbstractButton *b : buttons)
                if (b->isVisibleTo(page))
                    QVERIFY2(b->width() >= b->sizeHint().width() - 1, qPrintable(b->text()));
            const auto charts = page->findChildren<LabChart *>();
            for (LabChart *chart : charts) {
                const auto items = chart->chart()->scene()->items();
                for (QGraphicsItem *item : items) {
                    QString text;
                    if (auto *t = dynamic_cast<QGraphicsTextItem *>(item))
                        text = t->toPlainText();
                    else if (auto *t = dynamic_cast<QGraphicsSimpleTextItem *>(item))
                        text = t->text();
                    QVERIFY2(!text.contains(QStringLiteral("...")) && !text.contains(QChar(0x2026)),
                             qPrintable(chart->chart()->title() + QStringLiteral(": ") + text));
                }
                const QImage image = chart->grab().toImage();
                const auto entries = chart->legendEntries();
                QVERIFY(entries.size() >= 2);
                for (const LabChart::LegendEntry &e : entries) {
                    QVERIFY2(chart->rect().contains(e.text) && chart->rect().contains(e.marker),
                             qPrintable(e.name));
                    QVERIFY2(e.text.width() >= chart->fontMetrics().horizontalAdvance(e.name),
                             qPrintable(e.name));
                    for (const LabChart::LegendEntry &f : entries)
                        if (&e != &f)
                            QVERIFY(!e.text.intersects(f.text) && !e.marker.intersects(f.text));
                    // The marker shows its series' colour (not an empty white square).
                    bool found = false;
                    const QRect m = e.marker.intersected(image.rect());
                    for (int y = m.top(); y <= m.bottom() && !found; ++y)
                        for (int x = m.left(); x <= m.right() && !found; ++x) {
                            const QColor c = image.pixelColor(x, y);
                            found = std::abs(c.red() - e.color.red()) < 24 &&
                                    std::abs(c.green() - e.color.green()) < 24 &&
                                    std::abs(c.blue() - e.color.blue()) < 24;
                        }
                    QVERIFY2(found, qPrintable(e.name));
                }
            }
        }
    }
    QApplication::setFont(before);
}

QTEST_MAIN(TestLabWindow)
#include "tst_labwindow.moc"
