#include "canvas/layercache.h"
#include "core/sequencefile.h"
#include "model/sequencesession.h"
#include "sequence/sequenceembeddingcanvas.h"
#include "sequence/sequenceheadview.h"
#include "sequence/sequenceheatmapgrid.h"
#include "sequence/sequenceoffsetplot.h"
#include "sequence/sequenceqkcanvas.h"
#include "sequence/sequencewindow.h"
#include "theme/appearance.h"
#include "theme/colorscheme.h"
#include "theme/heatramp.h"
#include "widgets/matrixeditor.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QScopeGuard>
#include <QSpinBox>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
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
                        QCOMPARE(painted.rgb(), HeatRamp::color(head.weights(i, j)).rgb());
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

    void typingATemperatureIsOneUndoStep()
    {
        SequenceWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.loadPreset(preset(QStringLiteral("sentence-chinese"))));
        const double before = window.session()->model().temperature;
        QVERIFY(before != 2 && before != 2.5);
        const int depth = window.session()->undoDepth();
        QDoubleSpinBox *box = window.temperatureBox();
        box->setFocus();
        box->selectAll();
        QTest::keyClicks(box, QStringLiteral("2.5"));
        // Nothing applied while typing: "2" on the way to "2.5" is not a temperature asked for.
        QCOMPARE(window.session()->model().temperature, before);
        QTest::keyClick(box, Qt::Key_Return);
        QCOMPARE(window.session()->model().temperature, 2.5);
        QCOMPARE(window.session()->undoDepth(), depth + 1);
        QVERIFY(window.session()->undo());
        QCOMPARE(window.session()->model().temperature, before);
        QCOMPARE(box->value(), before);
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

    // The D = 2 preset: W_q = W_k = I, sinusoidal positions, so x_i = E[t_i] + (sin p, cos p)
    // with p = m + i (the first pair's frequency is base^0 = 1) and s_ij = x_i·x_j / √2.
    static void checkTwoDimensionalScores(SequenceWindow &window)
    {
        const auto &e = window.session()->model().weights.embedding;
        const auto &tokens = window.session()->tokens();
        const int m = window.session()->shift();
        const auto &scores = window.session()->forward().layers[0].heads[0].scores;
        const int n = int(tokens.size());
        auto x = [&](int i, int c) {
            const double p = m + i;
            return e(tokens[std::size_t(i)], c) + (c == 0 ? std::sin(p) : std::cos(p));
        };
        for (int i = 0; i < n; ++i)
            for (int j = 0; j <= i; ++j)
                QVERIFY(std::abs(scores(i, j) -
                                 (x(i, 0) * x(j, 0) + x(i, 1) * x(j, 1)) / std::sqrt(2.0)) < 1e-12);
    }

    static void openWindow(SequenceWindow &window, const QString &name,
                           QSize size = QSize(1280, 800))
    {
        window.resize(size);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.loadPreset(preset(name)));
    }

    // Replaces the sentence with `sentence`, typed into the sentence field.
    static void typeSentence(SequenceWindow &window, const QString &sentence)
    {
        QLineEdit *edit = window.sentenceEdit();
        edit->setFocus();
        edit->selectAll();
        QTest::keyClick(edit, Qt::Key_Backspace);
        QTest::keyClicks(edit, sentence);
    }

    static void clickTab(SequenceWindow &window, int index)
    {
        QTabBar *bar = window.editingTabs()->tabBar();
        QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(index).center());
        QCOMPARE(window.editingTabs()->currentIndex(), index);
    }

    // Chooses entry `index` of a combo box with the keyboard.
    static void choose(QComboBox *box, int index)
    {
        box->setFocus();
        while (box->currentIndex() > 0)
            QTest::keyClick(box, Qt::Key_Up);
        for (int k = 0; k < index; ++k)
            QTest::keyClick(box, Qt::Key_Down);
        QCOMPARE(box->currentIndex(), index);
    }

    void dragsAnEmbeddingAndEverythingFollows()
    {
        SequenceWindow window;
        openWindow(window, QStringLiteral("two-dimensions-sinusoidal"));
        SequenceEmbeddingCanvas *canvas = window.embeddingCanvas();
        QVERIFY(canvas->draggable());
        checkTwoDimensionalScores(window);

        // The positions are drawn on the unit circle: P_i = (sin i, cos i) in the value colour.
        const QImage plane = canvas->grab().toImage();
        for (int i = 0; i < int(window.session()->tokens().size()); ++i) {
            const QPointF at = canvas->toWidget(std::sin(double(i)), std::cos(double(i)));
            QCOMPARE(plane.pixelColor((at * plane.devicePixelRatio()).toPoint()).rgb(),
                     ColorScheme::value().rgb());
        }

        // Drag "cat" (token 1, E = (1.5, 0)) to about (0.5, 1) in small steps.
        const QPoint from = canvas->toWidget(1.5, 0).toPoint();
        const QPoint to = canvas->toWidget(0.5, 1).toPoint();
        QTest::mousePress(canvas, Qt::LeftButton, {}, from);
        QCOMPARE(canvas->draggedToken(), 1);
        for (int step = 1; step <= 8; ++step)
            QTest::mouseMove(canvas, from + (to - from) * step / 8);
        QTest::mouseRelease(canvas, Qt::LeftButton, {}, to);
        QCOMPARE(canvas->draggedToken(), -1);
        const auto &e = window.session()->model().weights.embedding;
        // Within two pixels of the aimed point (the tolerance only, from the canvas's scale).
        const double pixel =
            canvas->toModel(QPointF(1, 0)).x() - canvas->toModel(QPointF(0, 0)).x();
        QVERIFY2(std::abs(e(1, 0) - 0.5) < 2 * pixel && std::abs(e(1, 1) - 1) < 2 * pixel,
                 qPrintable(QStringLiteral("(%1, %2)").arg(e(1, 0)).arg(e(1, 1))));
        // Every map, line and score follows the moved embedding.
        checkTwoDimensionalScores(window);
        checkHeatmaps(window);
        checkLines(window);

        // The whole drag is one step of Undo.
        QVERIFY(window.undoButton()->isEnabled());
        clickTab(window, 1);
        QTest::mouseClick(window.undoButton(), Qt::LeftButton);
        QCOMPARE(e(1, 0), 1.5);
        QCOMPARE(e(1, 1), 0.0);
        checkTwoDimensionalScores(window);
        checkHeatmaps(window);
    }

    void noDragWhereItHasNoMeaning()
    {
        SequenceWindow window;
        openWindow(window, QStringLiteral("sentence-english")); // D = 8
        SequenceEmbeddingCanvas *canvas = window.embeddingCanvas();
        QVERIFY(!canvas->draggable());
        const attn::Matrix before = window.session()->model().weights.embedding;
        const QPoint from = canvas->toWidget(before(1, 0), before(1, 1)).toPoint();
        QTest::mousePress(canvas, Qt::LeftButton, {}, from);
        QTest::mouseMove(canvas, from + QPoint(30, 30));
        QTest::mouseRelease(canvas, Qt::LeftButton, {}, from + QPoint(30, 30));
        QVERIFY(window.session()->model().weights.embedding == before);
    }

    void offsetPlotMatchesANaiveLoopAndRotaryIgnoresTheShift()
    {
        SequenceWindow window;
        openWindow(window, QStringLiteral("two-dimensions-sinusoidal"));
        clickTab(window, 0);
        choose(window.offsetQueryBox(), 2); // "sat" = (0, 1.5)
        choose(window.offsetKeyBox(), 1);   // "cat" = (1.5, 0)
        SequenceOffsetPlot *plot = window.offsetPlot();
        QCOMPARE(plot->queryToken(), 2);
        QCOMPARE(plot->keyToken(), 1);

        // Naive: key at position j = m + 8, query at j + δ; W_q = W_k = I, d_k = 2.
        const attn::Matrix table =
            attn::sequenceDefaultMatrix("positions.table", attn::kMaxExampleTokens, 2);
        auto naive = [&](int kind, int m, int d) {
            const int j = m + SequenceOffsetPlot::kMaxOffset, i = j + d;
            double q[2] = {0, 1.5}, k[2] = {1.5, 0};
            if (kind == 1) {
                q[0] += std::sin(double(i));
                q[1] += std::cos(double(i));
                k[0] += std::sin(double(j));
                k[1] += std::cos(double(j));
            } else if (kind == 2) {
                q[0] += table(i, 0);
                q[1] += table(i, 1);
                k[0] += table(j, 0);
                k[1] += table(j, 1);
            }
            double a = 0, b = 0; // rotary: turn q by i, k by j
            if (kind == 3) {
                a = i;
                b = j;
            }
            const double qx = q[0] * std::cos(a) - q[1] * std::sin(a);
            const double qy = q[0] * std::sin(a) + q[1] * std::cos(a);
            const double kx = k[0] * std::cos(b) - k[1] * std::sin(b);
            const double ky = k[0] * std::sin(b) + k[1] * std::cos(b);
            return (qx * kx + qy * ky) / std::sqrt(2.0);
        };
        auto check = [&](int m) {
            for (int kind = 0; kind < 4; ++kind) {
                QCOMPARE(int(plot->curve(kind).size()), 2 * SequenceOffsetPlot::kMaxOffset + 1);
                for (int d = -SequenceOffsetPlot::kMaxOffset; d <= SequenceOffsetPlot::kMaxOffset;
                     ++d)
                    QVERIFY(std::abs(
                                plot->curve(kind)[std::size_t(d + SequenceOffsetPlot::kMaxOffset)] -
                                naive(kind, m, d)) < 1e-12);
            }
        };
        check(0);
        // Each rotary point is painted where the plot says, in the rotary colour (drawn last).
        const QImage image = plot->grab().toImage();
        for (int d = -SequenceOffsetPlot::kMaxOffset; d <= SequenceOffsetPlot::kMaxOffset; ++d)
            QCOMPARE(
                image.pixelColor((plot->pointAt(3, d) * image.devicePixelRatio()).toPoint()).rgb(),
                SequenceOffsetPlot::colorFor(3).rgb());

        const std::vector<double> rotary = plot->curve(3), sinusoidal = plot->curve(1);
        window.shiftBox()->setFocus();
        for (int k = 0; k < 5; ++k)
            QTest::keyClick(window.shiftBox(), Qt::Key_Up);
        QCOMPARE(window.session()->shift(), 5);
        check(5);
        double rotaryChange = 0, sinusoidalChange = 0;
        for (std::size_t i = 0; i < rotary.size(); ++i) {
            rotaryChange = std::max(rotaryChange, std::abs(plot->curve(3)[i] - rotary[i]));
            sinusoidalChange =
                std::max(sinusoidalChange, std::abs(plot->curve(1)[i] - sinusoidal[i]));
        }
        QVERIFY(rotaryChange < 1e-12);
        QVERIFY(sinusoidalChange > 0.1);
    }

    void appliesAPresetToAHeadAndEditsAnEntry()
    {
        SequenceWindow window;
        openWindow(window, QStringLiteral("sentence-english")); // D = 8, two heads, d_k = 4
        clickTab(window, 1);
        choose(window.parameterHeadBox(), 1);
        choose(window.parameterMatrixBox(), 1); // W_k
        choose(window.parameterPresetBox(), 0); // identity
        const attn::Matrix original = window.session()->model().weights.layers[0].heads[1].wk;
        QTest::mouseClick(window.applyPresetButton(), Qt::LeftButton);

        const auto &model = window.session()->model();
        const attn::Matrix &wk = model.weights.layers[0].heads[1].wk;
        const int dk = int(wk.rows());
        for (int r = 0; r < dk; ++r)
            for (int c = 0; c < model.dModel; ++c)
                QCOMPARE(wk(r, c), r == c ? 1.0 : 0.0);
        // Head 2's scores, by hand: k_j = the first d_k components of x_j = E + P_j.
        const auto &tokens = window.session()->tokens();
        const attn::Matrix &wq = model.weights.layers[0].heads[1].wq;
        auto x = [&](int i, int c) {
            const double freq = std::pow(model.base, -double(2 * (c / 2)) / model.dModel);
            return model.weights.embedding(tokens[std::size_t(i)], c) +
                   (c % 2 == 0 ? std::sin(i * freq) : std::cos(i * freq));
        };
        const auto &scores = window.session()->forward().layers[0].heads[1].scores;
        for (int i = 0; i < int(tokens.size()); ++i)
            for (int j = 0; j <= i; ++j) {
                double s = 0;
                for (int a = 0; a < dk; ++a) {
                    double q = 0;
                    for (int c = 0; c < model.dModel; ++c)
                        q += wq(a, c) * x(i, c);
                    s += q * x(j, a);
                }
                QVERIFY(std::abs(scores(i, j) - s / std::sqrt(double(dk))) < 1e-12);
            }
        checkHeatmaps(window);
        checkLines(window);

        // The editor shows the new matrix; typing into one entry changes just that entry.
        MatrixEditor *editor = window.matrixEditor();
        QCOMPARE(editor->rows(), dk);
        QCOMPARE(editor->columns(), model.dModel);
        QDoubleSpinBox *box = editor->entry(0, 1);
        box->setFocus();
        box->selectAll();
        QTest::keyClicks(box, QStringLiteral("0.5"));
        QTest::keyClick(box, Qt::Key_Return);
        // (the session replaces its model on every edit: read the matrices afresh)
        QCOMPARE(model.weights.layers[0].heads[1].wk(0, 1), 0.5);
        QCOMPARE(model.weights.layers[0].heads[1].wk(0, 0), 1.0);
        checkHeatmaps(window);

        // Rotate W_q of head 1 by 90°: its first pair turns, the rest passed on.
        choose(window.parameterHeadBox(), 0);
        choose(window.parameterMatrixBox(), 0);
        choose(window.parameterPresetBox(), 1);
        QVERIFY(window.parameterAngleBox()->isEnabled());
        window.parameterAngleBox()->setValue(90);
        QTest::mouseClick(window.applyPresetButton(), Qt::LeftButton);
        const attn::Matrix &wq1 = model.weights.layers[0].heads[0].wq;
        QVERIFY(std::abs(wq1(0, 1) + 1) < 1e-15 && std::abs(wq1(1, 0) - 1) < 1e-15);
        QVERIFY(std::abs(wq1(0, 0)) < 1e-15 && wq1(2, 2) == 1.0);

        // Undo three times: the rotation, the entry, the preset.
        for (int k = 0; k < 3; ++k)
            QTest::mouseClick(window.undoButton(), Qt::LeftButton);
        QVERIFY(model.weights.layers[0].heads[1].wk == original);
        checkHeatmaps(window);
    }

    void opensAndSavesFilesAndLosesNothingOnError()
    {
        QTemporaryDir dir;
        SequenceWindow window;
        openWindow(window, QStringLiteral("two-dimensions-sinusoidal"));
        attn::Vector row(2);
        row << 0.25, -0.75;
        QVERIFY(window.session()->setEmbeddingRow(4, row));
        const QString path = dir.filePath(QStringLiteral("mine.json"));
        QVERIFY(window.saveFile(path));

        // A bad file: refused with the field named, the model on screen kept.
        const QString bad = dir.filePath(QStringLiteral("bad.json"));
        QFile f(bad);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"format": "attention-canvas-sequence", "version": 1, "d_model": "two"})");
        f.close();
        const std::vector<int> tokens = window.session()->tokens();
        QVERIFY(!window.openFile(bad));
        QVERIFY(window.messageLabel()->isVisible());
        QVERIFY(!window.messageLabel()->text().isEmpty());
        QCOMPARE(window.session()->tokens(), tokens);
        QCOMPARE(window.session()->model().weights.embedding(4, 1), -0.75);
        // Saving where nothing can be written: said, nothing lost.
        QVERIFY(!window.saveFile(dir.filePath(QStringLiteral("no/such/dir/x.json"))));
        QVERIFY(window.messageLabel()->text().contains(QStringLiteral("x.json")));

        QVERIFY(window.loadPreset(preset(QStringLiteral("sentence-english"))));
        QVERIFY(window.openFile(path));
        QVERIFY(window.messageLabel()->isHidden());
        QCOMPARE(window.session()->tokens(), tokens);
        QCOMPARE(window.session()->model().weights.embedding(4, 0), 0.25);
        QCOMPARE(window.session()->model().weights.embedding(4, 1), -0.75);
        checkTwoDimensionalScores(window);
        checkHeatmaps(window);

        // Opening lost nothing: Ctrl+Z brings back the English sentence and its model.
        window.embeddingCanvas()->setFocus();
        QTest::keyClick(window.embeddingCanvas(), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(window.session()->model().dModel, 8);
        QCOMPARE(window.session()->model().positions, attn::PositionKind::Sinusoidal);
        QCOMPARE(window.sentenceEdit()->text(), QStringLiteral("the cat sat on the mat"));
        checkHeatmaps(window);
    }

    // The height a caption needs wrapped to `width` in `font`, measured here with the plain
    // word-wrap of QFontMetrics (the views may keep words together, never take less).
    static int wrappedHeight(const QFont &font, int width, const QString &text)
    {
        return QFontMetrics(font)
            .boundingRect(QRect(0, 0, width, 100000), Qt::AlignHCenter | Qt::TextWordWrap, text)
            .height();
    }

    // Presentation mode's font (1.5 × the application's) at 1280 × 800: no view's caption runs
    // into its drawing, and the head view keeps every token's row inside the view.
    void captionsWrapInThePresentationFont()
    {
        const QFont normal = QApplication::font();
        QFont large = normal;
        large.setPointSizeF(normal.pointSizeF() * 1.5);
        QApplication::setFont(large);
        const auto restore = qScopeGuard([&] { QApplication::setFont(normal); });
        SequenceWindow window;
        openWindow(window, QStringLiteral("two-layer-induction"));
        QVERIFY(window.session()->setText(QStringLiteral("ABCDABCDABCDABCD")));
        // Clicks the second map: the views show layer 2.
        SequenceHeatmapGrid *grid = window.heatmaps();
        QTest::mouseClick(grid, Qt::LeftButton, {}, grid->mapRect(1, 0).center());
        QCOMPARE(window.headView()->layer(), 1);
        QApplication::processEvents();

        SequenceHeadView *view = window.headView();
        const QFontMetrics fm(view->font());
        const int headCaption =
            wrappedHeight(view->font(), view->width(),
                          QStringLiteral("Layer 2: queries → keys, thickness = weight"));
        QVERIFY2(headCaption > fm.height(), "the caption needs two lines at this width");
        // Below the caption, the key of the heads' colours, then the tokens.
        QVERIFY(view->tokenRect(false, 0).top() >= headCaption + fm.height());
        QVERIFY(view->tokenRect(false, 15).bottom() < view->height());
        QVERIFY(view->tokenRect(true, 15).bottom() < view->height());

        const int gridCaption = wrappedHeight(
            grid->font(), grid->width(),
            QStringLiteral("Weights w_ij: row i = query token, column j = key token; click a map "
                           "to focus it"));
        // Each map has its "Head 1" title above it, under the caption.
        QVERIFY(grid->mapRect(0, 0).top() - fm.height() - 5 >= gridCaption);

        SequenceQkCanvas *qk = window.qkCanvas();
        const int qkCaption = wrappedHeight(
            qk->font(), qk->width(),
            QStringLiteral("Layer 2: q_i (filled) and k_j (hollow), d_k = 2 as it is\n"
                           "after rotary position embedding: token i turned by i·θ (first pair: "
                           "θ = 1)"));
        QVERIFY(qk->plotRect(0).top() - fm.height() >= qkCaption);
    }

    // "A B A B" without positions: tokens 0 and 2 have one query and one key, as have 1 and 3.
    // Their points coincide and share a label; no label covers another or leaves its plane.
    void coincidentPointsShareOneLabel()
    {
        SequenceWindow window;
        openWindow(window, QStringLiteral("two-layer-induction"));
        typeSentence(window, QStringLiteral("ABAB"));
        QCOMPARE(window.session()->tokens().size(), std::size_t(4));
        // "none", the first entry (the keys Up and Down would stop at sinusoidal, which D = 13
        // refuses).
        window.positionBox()->setFocus();
        QTest::keyClick(window.positionBox(), Qt::Key_Home);
        QCOMPARE(window.session()->model().positions, attn::PositionKind::None);
        SequenceQkCanvas *qk = window.qkCanvas();
        qk->grab();
        const auto &labels = qk->lastLabels();
        QVERIFY(!labels.empty());
        // Points on one spot (equal rows of the session's q or k, whatever made them equal)
        // are named in one label: a label naming q_i names every q_j equal to it.
        const auto &head = window.session()->forward().layers[0].heads[0];
        int named = 0;
        for (const auto &label : labels) {
            QVERIFY(qk->plotRect(label.head).contains(label.box.toRect().adjusted(1, 1, -1, -1)));
            for (const QChar kind : {QLatin1Char('q'), QLatin1Char('k')}) {
                const attn::Matrix &m = kind == QLatin1Char('q') ? head.q : head.k;
                const auto namedIn = [&](int i) {
                    const QString name = kind + QString::number(i);
                    return label.text.startsWith(name + QLatin1Char(',')) ||
                           label.text.startsWith(name + QLatin1Char(' ')) ||
                           label.text.contains(QStringLiteral(", ") + name + QLatin1Char(',')) ||
                           label.text.contains(QStringLiteral(", ") + name + QLatin1Char(' '));
                };
                for (int i = 0; i < 4; ++i) {
                    if (!namedIn(i))
                        continue;
                    ++named;
                    for (int j = 0; j < 4; ++j)
                        if ((m.row(i).leftCols(2) - m.row(j).leftCols(2)).norm() == 0)
                            QVERIFY2(namedIn(j), qPrintable(label.text));
                }
            }
        }
        QVERIFY(named > 0);
        // Tokens 0 and 2 are the same token and have no position: their query is one point.
        QCOMPARE(head.q.row(0), head.q.row(2));
        for (std::size_t a = 0; a < labels.size(); ++a)
            for (std::size_t b = a + 1; b < labels.size(); ++b)
                QVERIFY2(labels[a].head != labels[b].head ||
                             !labels[a].box.intersects(labels[b].box),
                         qPrintable(labels[a].text + QStringLiteral(" / ") + labels[b].text));
    }

    // Hovering the first query keeps its one line: under the causal mask it sees only itself,
    // weight 1, a level line 10 px thick (lineWidth at line scale 1) from the left column to the
    // right one. At its midpoint the head's colour at 0.6 over the background; a few pixels
    // beyond its half thickness, the background.
    void headViewDrawsALineOfKnownWeight()
    {
        SequenceWindow window;
        openWindow(window, QStringLiteral("two-layer-induction"));
        SequenceHeadView *view = window.headView();
        QCOMPARE(view->layer(), 0);
        QCOMPARE(window.session()->forward().layers[0].heads.size(), std::size_t(1));
        QCOMPARE(window.session()->forward().layers[0].heads[0].weights(0, 0), 1.0);
        QTest::mouseMove(view, view->tokenRect(false, 0).center());
        QTRY_COMPARE(view->hoveredRow(), 0);
        const QImage image = view->grab().toImage();
        QCOMPARE(int(view->lastLines().size()), 1);
        QCOMPARE(Appearance::instance()->lineScale(), 1.0);
        const QRect from = view->tokenRect(false, 0), to = view->tokenRect(true, 0);
        // Centre of row 0: its top + (row − 1)/2 + 0.5; the line covers 5 px either side.
        const double centre = from.top() + (from.height() - 1) / 2.0 + 0.5;
        const int x = (from.right() + to.left()) / 2;
        const QColor head = SequenceHeadView::headColor(0, 1), back = ColorScheme::background();
        const auto mix = [](int c, int b) { return int(std::lround(0.6 * c + 0.4 * b)); };
        // In the picture's pixels (a screen of ratio 2 doubles them).
        const double ratio = image.devicePixelRatio();
        const QColor painted = image.pixelColor(int(x * ratio), int(centre * ratio));
        QVERIFY2(std::abs(painted.red() - mix(head.red(), back.red())) <= 2 &&
                     std::abs(painted.green() - mix(head.green(), back.green())) <= 2 &&
                     std::abs(painted.blue() - mix(head.blue(), back.blue())) <= 2,
                 qPrintable(painted.name()));
        for (const double y : {centre - 8, centre + 8})
            QCOMPARE(image.pixelColor(int(x * ratio), int(y * ratio)).rgb(), back.rgb());
    }

    // Every view keeps what stays still in a picture: after a new theme, and after a new
    // sentence, it must show what a fresh drawing shows (the same pixels where the data are
    // rectangles, points and text; within antialiasing where the head view and the offset plot
    // compose their lines themselves).
    static void compareWithFreshDrawing(const QList<QWidget *> &views, const QWidget *composed1,
                                        const QWidget *composed2)
    {
        for (QWidget *view : views) {
            LayerCache::setEnabled(true);
            const QImage cached = view->grab().toImage().convertToFormat(QImage::Format_RGB32);
            LayerCache::setEnabled(false);
            const QImage fresh = view->grab().toImage().convertToFormat(QImage::Format_RGB32);
            LayerCache::setEnabled(true);
            QCOMPARE(cached.size(), fresh.size());
            int far = 0;
            for (int y = 0; y < fresh.height(); ++y)
                for (int x = 0; x < fresh.width(); ++x) {
                    const QRgb a = cached.pixel(x, y), b = fresh.pixel(x, y);
                    const int d =
                        std::max({std::abs(qRed(a) - qRed(b)), std::abs(qGreen(a) - qGreen(b)),
                                  std::abs(qBlue(a) - qBlue(b))});
                    far += d > 64;
                }
            const bool composed = view == composed1 || view == composed2;
            const int allowed = composed ? fresh.width() * fresh.height() / 200 : 0;
            QVERIFY2(far <= allowed, qPrintable(QStringLiteral("%1: %2 pixels differ")
                                                    .arg(view->metaObject()->className())
                                                    .arg(far)));
        }
    }

    void cachedPicturesFollowTheThemeAndTheSentence()
    {
        const auto restore = qScopeGuard([] {
            LayerCache::setEnabled(true);
            ColorScheme::set(ColorScheme::Theme::Light, ColorScheme::Palette::Standard);
        });
        SequenceWindow window;
        openWindow(window, QStringLiteral("two-layer-induction"));
        const QList<QWidget *> views = {window.heatmaps(), window.headView(), window.qkCanvas(),
                                        window.embeddingCanvas(), window.offsetPlot()};
        for (QWidget *view : views)
            view->grab(); // the pictures of the light theme
        ColorScheme::set(ColorScheme::Theme::Dark, ColorScheme::Palette::Standard);
        compareWithFreshDrawing(views, window.headView(), window.offsetPlot());
        if (QTest::currentTestFailed())
            return;
        typeSentence(window, QStringLiteral("ABCDABCDBA"));
        QCOMPARE(window.session()->tokens().size(), std::size_t(10));
        compareWithFreshDrawing(views, window.headView(), window.offsetPlot());
    }

    // The label of coincident inputs ("x0, x2, x3, x5, x6 D, C, B" in the two-layer preset)
    // stays inside the plane at 1920 × 1080: no pixel of the inputs' or embeddings' colour beside
    // the plane.
    void embeddingLabelsStayInThePlane()
    {
        SequenceWindow window;
        openWindow(window, QStringLiteral("two-layer-induction"), QSize(1920, 1080));
        SequenceEmbeddingCanvas *canvas = window.embeddingCanvas();
        const QImage image = canvas->grab().toImage();
        // In the picture's pixels (a screen of ratio 2 doubles them).
        const double ratio = image.devicePixelRatio();
        const QRect plane(
            QPoint(int(canvas->plotRect().left() * ratio), int(canvas->plotRect().top() * ratio)),
            QPoint(int((canvas->plotRect().right() + 1) * ratio) - 1,
                   int((canvas->plotRect().bottom() + 1) * ratio) - 1));
        const auto near = [](const QColor &a, const QColor &b) {
            return std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) +
                       std::abs(a.blue() - b.blue()) <
                   120;
        };
        int outside = 0;
        for (int y = plane.top(); y <= plane.bottom(); ++y)
            for (int x = 0; x < image.width(); ++x) {
                if (x >= plane.left() - ratio && x <= plane.right() + ratio)
                    continue;
                const QColor c = image.pixelColor(x, y);
                outside += near(c, ColorScheme::query()) || near(c, ColorScheme::key());
            }
        QCOMPARE(outside, 0);
    }
};

QTEST_MAIN(TestSequenceWindow)
#include "tst_sequencewindow.moc"
