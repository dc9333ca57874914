#include "model/sequencesession.h"
#include "panels/headheatmap.h"
#include "sequence/sequenceheadview.h"
#include "sequence/sequenceheatmapgrid.h"
#include "sequence/sequencewindow.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QSpinBox>
#include <QTest>
#include <QTimer>
#include <QToolButton>

#include <cmath>

// Drives the Sequence window with real key and mouse events and checks what it paints against
// the session's weights: every heat-map cell's colour, every line's thickness.
class TestSequenceWindow : public QObject
{
    Q_OBJECT

    static QString preset(const QString &name)
    {
        return QStringLiteral(":/sequences/%1.json").arg(name);
    }

    // Every unmasked cell of every map painted in the colour of the session's weight.
    static void checkHeatmaps(SequenceWindow &window)
    {
        const QImage image = window.heatmaps()->grab().toImage();
        const auto &forward = window.session()->forward();
        const int n = forward.length();
        QVERIFY(n > 0);
        for (int l = 0; l < int(forward.layers.size()); ++l)
            for (int h = 0; h < int(forward.layers[std::size_t(l)].heads.size()); ++h) {
                const auto &head = forward.layers[std::size_t(l)].heads[std::size_t(h)];
                for (int i = 0; i < n; ++i)
                    for (int j = 0; j < n; ++j) {
                        if (std::isinf(head.scores(i, j)))
                            continue;
                        const QRect cell = window.heatmaps()->cellRect(l, h, i, j);
                        QVERIFY(!cell.isEmpty());
                        const QColor painted =
                            image.pixelColor(cell.center() * image.devicePixelRatio());
                        QCOMPARE(painted.rgb(), HeadHeatMap::colorFor(head.weights(i, j)).rgb());
                    }
            }
    }

    // One line per visible weight of the shown layer, as thick as SequenceHeadView says.
    static void checkLines(SequenceWindow &window)
    {
        SequenceHeadView *view = window.headView();
        view->grab();
        const auto &heads = window.session()->forward().layers[std::size_t(view->layer())].heads;
        const int n = window.session()->forward().length();
        int expected = 0;
        for (int h = 0; h < int(heads.size()); ++h)
            for (int i = 0; i < n; ++i)
                for (int j = 0; j < n; ++j)
                    if ((view->hoveredRow() < 0 || view->hoveredRow() == i) &&
                        SequenceHeadView::lineWidth(heads[std::size_t(h)].weights(i, j)) >= 0.25)
                        ++expected;
        QCOMPARE(int(view->lastLines().size()), expected);
        for (const auto &line : view->lastLines()) {
            if (view->hoveredRow() >= 0)
                QCOMPARE(line.query, view->hoveredRow());
            const double w = heads[std::size_t(line.head)].weights(line.query, line.key);
            QCOMPARE(line.width, SequenceHeadView::lineWidth(w));
        }
    }

private slots:
    void typesASentenceAndPaintsItsWeights()
    {
        SequenceWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.loadPreset(preset(QStringLiteral("sentence-english"))));
        QCOMPARE(window.splitBox()->currentIndex(), 0); // by space

        QLineEdit *edit = window.sentenceEdit();
        edit->setFocus();
        edit->selectAll();
        QTest::keyClick(edit, Qt::Key_Backspace);
        const auto &vocabulary = window.session()->model().vocabulary;
        const QString sentence = QString::fromStdString(vocabulary[1]) + QLatin1Char(' ') +
                                 QString::fromStdString(vocabulary[0]) + QLatin1Char(' ') +
                                 QString::fromStdString(vocabulary[2]);
        QTest::keyClicks(edit, sentence);
        QCOMPARE(window.session()->tokens(), (std::vector<int>{1, 0, 2}));
        QVERIFY(window.messageLabel()->isHidden());
        checkHeatmaps(window);
        checkLines(window);

        // A word outside the vocabulary: refused with its name, the sentence kept.
        QTest::keyClicks(edit, QStringLiteral(" zzz"));
        QVERIFY(window.messageLabel()->isVisible());
        QVERIFY(window.messageLabel()->text().contains(QStringLiteral("zzz")));
        QCOMPARE(window.session()->tokens(), (std::vector<int>{1, 0, 2}));
        QCOMPARE(edit->text(), sentence + QStringLiteral(" zzz"));
    }

    void buildsASentenceFromTheVocabularyMenu()
    {
        SequenceWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.loadPreset(preset(QStringLiteral("sentence-chinese"))));
        const std::vector<int> before = window.session()->tokens();
        QMenu *menu = window.addTokenButton()->menu();
        QCOMPARE(menu->actions().size(), int(window.session()->model().vocabulary.size()));
        // Open the menu with a click, walk to the third entry with the keyboard, choose it.
        QTimer::singleShot(0, menu, [menu] {
            QTest::keyClick(menu, Qt::Key_Down);
            QTest::keyClick(menu, Qt::Key_Down);
            QTest::keyClick(menu, Qt::Key_Down);
            QTest::keyClick(menu, Qt::Key_Return);
        });
        QTest::mouseClick(window.addTokenButton(), Qt::LeftButton);
        std::vector<int> expected = before;
        expected.push_back(2);
        QTRY_COMPARE(window.session()->tokens(), expected);
        QCOMPARE(window.sentenceEdit()->text(), window.session()->text());
        QVERIFY(window.sentenceEdit()->text().endsWith(
            QString::fromStdString(window.session()->model().vocabulary[2])));
        checkHeatmaps(window);
    }

    void rotaryKeepsTheMapsUnderAShiftAndSinusoidalDoesNot()
    {
        SequenceWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.loadPreset(preset(QStringLiteral("sentence-chinese"))));
        QCOMPARE(window.splitBox()->currentIndex(), 1); // by character
        QCOMPARE(window.session()->model().positions, attn::PositionKind::Rotary);

        const QImage before = window.heatmaps()->grab().toImage();
        window.shiftBox()->setFocus();
        for (int k = 0; k < 3; ++k)
            QTest::keyClick(window.shiftBox(), Qt::Key_Up);
        QCOMPARE(window.session()->shift(), 3);
        checkHeatmaps(window);
        // Same numbers at positions 3, 4, … as at 0, 1, …: the same picture.
        QCOMPARE(window.heatmaps()->grab().toImage(), before);
        QVERIFY(window.session()->shiftKeepsScores());
        QVERIFY(window.shiftStatement()->text().contains(QStringLiteral("no score changed")));
        QVERIFY(window.positionExplanation()->text().startsWith(QStringLiteral("Rotary")));

        // Switch to sinusoidal positions with the keyboard: "none", "sinusoidal", … .
        window.positionBox()->setFocus();
        while (window.positionBox()->currentIndex() > 0)
            QTest::keyClick(window.positionBox(), Qt::Key_Up);
        QTest::keyClick(window.positionBox(), Qt::Key_Down);
        QCOMPARE(window.session()->model().positions, attn::PositionKind::Sinusoidal);
        QCOMPARE(window.session()->shift(), 3);
        checkHeatmaps(window);
        checkLines(window);
        QVERIFY(!window.session()->shiftKeepsScores());
        QVERIFY(window.shiftStatement()->text().contains(QStringLiteral("changed by up to")));
        QVERIFY(window.positionExplanation()->text().startsWith(QStringLiteral("Sinusoidal")));

        // Back to m = 0: the sinusoidal maps at positions 0, 1, … differ from those at 3, 4, ….
        const QImage shifted = window.heatmaps()->grab().toImage();
        window.shiftBox()->setFocus();
        for (int k = 0; k < 3; ++k)
            QTest::keyClick(window.shiftBox(), Qt::Key_Down);
        QCOMPARE(window.session()->shift(), 0);
        checkHeatmaps(window);
        QVERIFY(window.heatmaps()->grab().toImage() != shifted);
    }

    void causalToggleMasksTheUpperTriangle()
    {
        SequenceWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.loadPreset(preset(QStringLiteral("sentence-chinese"))));
        const bool before = window.session()->model().causal;
        QTest::mouseClick(window.causalBox(), Qt::LeftButton, {},
                          QPoint(4, window.causalBox()->height() / 2));
        QCOMPARE(window.session()->model().causal, !before);
        const auto &w = window.session()->forward().layers[0].heads[0].weights;
        QCOMPARE(w(0, 1) == 0.0, !before);
        checkHeatmaps(window);
    }

    void clickFocusesALayerAndHoverIsolatesARow()
    {
        SequenceWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.loadPreset(preset(QStringLiteral("two-layer-induction"))));
        QCOMPARE(window.session()->model().layerCount(), 2);
        checkHeatmaps(window);

        SequenceHeatmapGrid *grid = window.heatmaps();
        QTest::mouseClick(grid, Qt::LeftButton, {}, grid->mapRect(1, 0).center());
        QCOMPARE(grid->focusedLayer(), 1);
        QCOMPARE(window.headView()->layer(), 1);
        checkLines(window);

        SequenceHeadView *view = window.headView();
        QTest::mouseMove(view, view->tokenRect(false, 2).center());
        QTRY_COMPARE(view->hoveredRow(), 2);
        checkLines(window);
        QVERIFY(!view->lastLines().empty());
    }
};

QTEST_MAIN(TestSequenceWindow)
#include "tst_sequencewindow.moc"
