// The canvas under the abuse a class gives it, with real events offscreen: scenes with huge
// coordinates (every finite number a file may hold must draw), Delete in the middle of a drag, a
// modal dialog opening under a held tip, and a tip dragged past the border. Under the sanitizer
// preset these are also the crash tests: any out-of-range cast or row read aborts them. Also what
// helps a newcomer read and drive the canvas: the legend, the first-start hint, and typing a
// vector's exact coordinates.

#include "canvas/canvaswidget.h"
#include "canvas/selection.h"
#include "canvas/vectordialog.h"
#include "common/canvaswindow.h"
#include "common/datacolumns.h"
#include "common/windowrun.h"
#include "core/scene.h"
#include "document/sceneeditor.h"
#include "mainwindow.h"
#include "model/scenemodel.h"
#include "model/scenestorage.h"
#include "panels/headcanvases.h"
#include "theme/colorscheme.h"

#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QImage>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QTest>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>
#include <QWheelEvent>

#include <cmath>
#include <memory>

using Handle = CanvasWidget::Handle;
using HKind = CanvasWidget::Handle::Kind;
Q_DECLARE_METATYPE(attn::Method)

namespace {

QPointF pointOf(const attn::Vector &v)
{
    return QPointF(v[0], v[1]);
}

/// A scene file as text, as File → Open, --scene and autosave recovery read it.
QByteArray sceneText(const QString &method, const QString &key)
{
    // Multi-head with two-dimensional heads draws each head on a plane (not a number line).
    const QString heads = method == QLatin1String("multihead2d") ? QStringLiteral(R"(,
  "multihead": { "heads": [ { "wq": [[1, 0], [0, 1]], "wk": [[1, 0], [0, 1]], "wv": [[1, 0]] },
                            { "wq": [[0, 1], [1, 0]], "wk": [[1, 0], [0, 1]], "wv": [[0, 1]] } ],
                 "wo": [[1, 0], [0, 1]] })")
                                                                 : QString();
    return QStringLiteral(R"({
  "format": "attention-canvas-scene",
  "version": 1,
  "method": "%1",
  "query": [1.2, 0.8],
  "keys": [[0.5, 1.0], [1.5, 0.5], %2],
  "values": [[0.0, 1.0], [1.0, 0.0], [1.0, 1.0]]%3
})")
        .arg(heads.isEmpty() ? method : QStringLiteral("multihead"), key, heads)
        .toUtf8();
}

/// How many pixel columns on row `y` have exactly `color`: grid lines are one pixel wide and
/// drawn without antialiasing.
int columnsOf(const QImage &image, int y, const QColor &color)
{
    int count = 0;
    for (int x = 0; x < image.width(); ++x)
        if (image.pixelColor(x, y).rgb() == color.rgb())
            ++count;
    return count;
}

} // namespace

class TestCanvasRobustness : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void hugeCoordinatesDraw_data();
    void hugeCoordinatesDraw();
    void deleteDuringDragEndsTheDragFirst();
    void modalDialogDuringDragEndsTheDrag();
    void undoDuringDragEndsTheDrag();
    void newSceneDuringDragInTheWindow();
    void tipDraggedOffTheCanvasLeavesAMarker();
    void doubleClickTypesExactCoordinates();
    void coordinatesAreValidated_data();
    void coordinatesAreValidated();
    void contextMenuTypesCoordinates();
    void legendIsShownAndRemembered();
    void dragHintShowsOnceUntilTheFirstDrag();

private:
    QPoint screenOf(QPointF world) const { return m_canvas->view().toScreen(world).toPoint(); }
    QPoint tipOf(const Handle &h) const { return screenOf(m_canvas->tipOf(h)); }
    QImage paint(QSize size) const;

    std::unique_ptr<QWidget> m_window;
    SceneModel *m_model = nullptr;
    SceneEditor *m_editor = nullptr;
    Selection *m_selection = nullptr;
    CanvasWidget *m_canvas = nullptr;
};

void TestCanvasRobustness::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("AttentionCanvasTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_canvasrobustness"));
    QSettings().clear();
}

void TestCanvasRobustness::init()
{
    QVERIFY(canvaswindow::open(m_window, m_model, m_editor, m_selection, m_canvas));
    m_canvas->resetView();
    m_canvas->setFocus();
}

void TestCanvasRobustness::cleanup()
{
    m_window.reset();
}

QImage TestCanvasRobustness::paint(QSize size) const
{
    QImage image(size, QImage::Format_ARGB32);
    image.fill(Qt::black);
    QPainter painter(&image);
    m_canvas->paintScene(painter, image.rect());
    return image;
}

// --- Huge coordinates -------------------------------------------------------------------------

void TestCanvasRobustness::hugeCoordinatesDraw_data()
{
    dataColumns<QString, QString, QPointF>("method", "key", "tip");
    for (const char *method : {"dot", "scaled", "cosine", "general", "additive", "multihead"})
        QTest::addRow("%s, k3 = [1e24, 0]", method)
            << QString::fromLatin1(method) << QStringLiteral("[1e24, 0]") << QPointF(1e24, 0);
    QTest::newRow("dot, k3 = [-3e300, 2e300]")
        << QStringLiteral("dot") << QStringLiteral("[-3e300, 2e300]") << QPointF(-3e300, 2e300);
    QTest::newRow("multihead 2-d heads, k3 = [1.7e308, 1.7e308]")
        << QStringLiteral("multihead2d") << QStringLiteral("[1.7e308, 1.7e308]")
        << QPointF(1.7e308, 1.7e308);
    QTest::newRow("scaled, k3 = [1.7e308, -1.7e308]")
        << QStringLiteral("scaled") << QStringLiteral("[1.7e308, -1.7e308]")
        << QPointF(1.7e308, -1.7e308);
}

void TestCanvasRobustness::hugeCoordinatesDraw()
{
    QFETCH(QString, method);
    QFETCH(QString, key);
    QFETCH(QPointF, tip);
    QString error;
    const auto scene = SceneStorage::parse(sceneText(method, key), &error);
    QVERIFY2(scene, qPrintable(error));
    // What File → Open does: a new scene (the canvas fits it, since it lies outside the view).
    QVERIFY(!m_editor->resetScene(*scene));
    QCOMPARE(m_model->keyCount(), 3);

    // The origin is on screen with the grid around it, and the far key either on screen too or
    // shown by a marker on the border (beyond what the smallest scale can fit).
    const QRect inside = m_canvas->rect();
    QVERIFY(inside.contains(screenOf(QPointF(0, 0))));
    if (std::abs(tip.x()) < 1e300 && std::abs(tip.y()) < 1e300) {
        QVERIFY2(inside.contains(tipOf({HKind::Key, 2})),
                 qPrintable(QStringLiteral("k3 drawn at %1, %2")
                                .arg(tipOf({HKind::Key, 2}).x())
                                .arg(tipOf({HKind::Key, 2}).y())));
    }
    const QImage shot = m_canvas->grab().toImage();
    QVERIFY(!shot.isNull());
    // Grid lines: on a row away from the axes, several columns in a grid colour.
    const int y = 5;
    QVERIFY2(columnsOf(shot, y, ColorScheme::gridMajor()) +
                     columnsOf(shot, y, ColorScheme::gridMinor()) >=
                 2,
             "no grid drawn");

    // Exports at other sizes, with the score landscape under the arrows.
    m_canvas->setLandscapeVisible(true);
    for (const QSize size : {QSize(1280, 800), QSize(1920, 1080), QSize(300, 200)})
        QVERIFY(!paint(size).isNull());
    m_canvas->grab();
    m_canvas->setLandscapeVisible(false);

    // The view stays usable: wheel-zooming in on the far tip (or the middle) keeps the point
    // under the cursor, and the picture draws at every step, down to where the grid would need
    // more precision than a double has.
    const QPoint at =
        inside.contains(tipOf({HKind::Key, 2})) ? tipOf({HKind::Key, 2}) : inside.center();
    for (int i = 0; i < 400 && m_canvas->view().scale() < ViewTransform::kMaxScale; ++i) {
        const QPointF before = m_canvas->view().toWorld(at);
        QWheelEvent wheel(at, m_canvas->mapToGlobal(at), QPoint(), QPoint(0, 480 * 4), Qt::NoButton,
                          Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(m_canvas, &wheel);
        const QPointF after = m_canvas->view().toWorld(at);
        QVERIFY(std::isfinite(after.x()) && std::isfinite(after.y()));
        QVERIFY(std::abs(after.x() - before.x()) <= 1e-6 * std::max(1.0, std::abs(before.x())));
        if (i % 8 == 0)
            m_canvas->grab();
    }
    QCOMPARE(m_canvas->view().scale(), ViewTransform::kMaxScale);
    m_canvas->grab();
    // The head canvases scale to their largest coordinate and draw (multi-head only).
    HeadCanvases heads(m_model);
    heads.resize(900, 500);
    QVERIFY(!heads.grab().isNull());
    // Panning with the keyboard and Fit all bring the whole scene back.
    QTest::keyClick(m_canvas, Qt::Key_Left);
    m_canvas->fitAll();
    QVERIFY(inside.contains(screenOf(QPointF(0, 0))));
    m_canvas->grab();
}

// --- Drags and what happens during them -------------------------------------------------------

void TestCanvasRobustness::deleteDuringDragEndsTheDragFirst()
{
    const attn::Scene original = m_model->scene();
    const QPoint from = tipOf({HKind::Key, 2});
    QTest::mousePress(m_canvas, Qt::LeftButton, Qt::NoModifier, from);
    QTest::mouseMove(m_canvas, screenOf(QPointF(-0.5, -0.5)));
    QCOMPARE(pointOf(m_model->scene().keys.row(2).transpose()), QPointF(-0.5, -0.5));
    QCOMPARE(m_selection->index(), 2);
    // Delete removes the selected key, the one under the mouse: the drag ends first.
    QTest::keyClick(m_canvas, Qt::Key_Delete);
    QCOMPARE(m_model->keyCount(), 2);
    QVERIFY(!m_canvas->dragged().isValid());
    m_canvas->grab(); // the overlay must not read the removed row
    QTest::mouseMove(m_canvas, screenOf(QPointF(1, -1)));
    QTest::mouseRelease(m_canvas, Qt::LeftButton, Qt::NoModifier, screenOf(QPointF(1, -1)));
    QCOMPARE(m_model->keyCount(), 2);
    // Two steps: the move, then the removal; undoing them one by one gives back each scene.
    QUndoStack *stack = m_editor->undoStack();
    QCOMPARE(stack->count(), 2);
    stack->undo();
    QCOMPARE(m_model->keyCount(), 3);
    QCOMPARE(pointOf(m_model->scene().keys.row(2).transpose()), QPointF(-0.5, -0.5));
    stack->undo();
    QCOMPARE(m_model->scene().keys, original.keys);
}

void TestCanvasRobustness::modalDialogDuringDragEndsTheDrag()
{
    const attn::Vector original = m_model->scene().query;
    QTest::mousePress(m_canvas, Qt::LeftButton, Qt::NoModifier, tipOf({HKind::Query, -1}));
    QTest::mouseMove(m_canvas, screenOf(QPointF(-0.5, 0.5)));
    QCOMPARE(pointOf(m_model->scene().query), QPointF(-0.5, 0.5));

    // A modal window opens under the held button and takes the release.
    QDialog dialog(m_window.get());
    dialog.setModal(true);
    dialog.resize(200, 100);
    dialog.show();
    dialog.activateWindow();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QTest::mouseRelease(&dialog, Qt::LeftButton, Qt::NoModifier, QPoint(10, 10));
    dialog.close();
    QTest::qWait(20);

    // Back on the canvas, with no button held, the query does not follow the pointer.
    QVERIFY(!m_canvas->dragged().isValid());
    QMouseEvent move(QEvent::MouseMove, screenOf(QPointF(1, -1)),
                     m_canvas->mapToGlobal(screenOf(QPointF(1, -1))), Qt::NoButton, Qt::NoButton,
                     Qt::NoModifier);
    QApplication::sendEvent(m_canvas, &move);
    QCOMPARE(pointOf(m_model->scene().query), QPointF(-0.5, 0.5));
    // The drag is one step, and undoing it puts the query back exactly.
    QCOMPARE(m_editor->undoStack()->count(), 1);
    m_editor->undoStack()->undo();
    QCOMPARE(m_model->scene().query, original);
    QVERIFY(!m_editor->isDragging());
}

void TestCanvasRobustness::undoDuringDragEndsTheDrag()
{
    // Add a key, drag it, and undo (Ctrl+Z, as a window shortcut would) with the button held.
    m_canvas->addKey();
    QCOMPARE(m_model->keyCount(), 4);
    QTest::mousePress(m_canvas, Qt::LeftButton, Qt::NoModifier, tipOf({HKind::Key, 3}));
    QTest::mouseMove(m_canvas, screenOf(QPointF(-1, -1)));
    QCOMPARE(m_editor->undoStack()->count(), 2);
    m_editor->undoStack()->undo(); // the move
    QVERIFY(!m_canvas->dragged().isValid());
    m_editor->undoStack()->undo(); // the new key
    QCOMPARE(m_model->keyCount(), 3);
    m_canvas->grab();
    QTest::mouseMove(m_canvas, screenOf(QPointF(1, 1)));
    QTest::mouseRelease(m_canvas, Qt::LeftButton, Qt::NoModifier, screenOf(QPointF(1, 1)));
    QCOMPARE(m_model->scene().keys, attn::Scene::defaultScene().keys);
    QCOMPARE(m_model->scene().query, attn::Scene::defaultScene().query);
}

void TestCanvasRobustness::newSceneDuringDragInTheWindow()
{
    // The sequence that aborted the sanitizer build: add a key, drag it, Ctrl+N (the question
    // about unsaved changes opens), release over the question, Escape, undo three times.
    m_window.reset();
    SceneModel model;
    MainWindow window(&model);
    QVERIFY(showAndWait(window, QSize(1280, 800)));
    CanvasWidget *canvas = window.canvas();
    auto screen = [canvas](QPointF w) { return canvas->view().toScreen(w).toPoint(); };
    window.findChild<QAction *>(QStringLiteral("actionAddKey"))->trigger();
    QCOMPARE(model.keyCount(), 4);
    const QPoint tip = screen(canvas->tipOf({HKind::Key, 3}));
    QTest::mousePress(canvas, Qt::LeftButton, Qt::NoModifier, tip);
    QTest::mouseMove(canvas, screen(QPointF(-1, -0.5)));
    QCOMPARE(pointOf(model.scene().keys.row(3).transpose()), QPointF(-1, -0.5));

    bool asked = false;
    QTimer poll;
    poll.setInterval(10);
    connect(&poll, &QTimer::timeout, &window, [&] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box || !box->isVisible())
            return;
        poll.stop();
        asked = true;
        QTest::mouseRelease(box, Qt::LeftButton, Qt::NoModifier, QPoint(5, 5));
        QTest::keyClick(box, Qt::Key_Escape);
    });
    poll.start();
    QTest::keyClick(canvas, Qt::Key_N, Qt::ControlModifier);
    QTRY_VERIFY(asked);
    QVERIFY(!canvas->dragged().isValid());
    QCOMPARE(model.keyCount(), 4); // cancelled: the scene stays
    QCOMPARE(window.editor()->undoStack()->count(), 2);

    // Undo three times: the drag, the new key, and nothing more.
    QAction *undo = window.findChild<QAction *>(QStringLiteral("actionUndo"));
    for (int i = 0; i < 3; ++i) {
        undo->trigger();
        canvas->grab();
    }
    QCOMPARE(model.keyCount(), 3);
    QCOMPARE(model.scene().keys, attn::Scene::defaultScene().keys);
    // The pointer moving over the canvas afterwards moves nothing.
    QMouseEvent move(QEvent::MouseMove, screen(QPointF(1, 1)),
                     canvas->mapToGlobal(screen(QPointF(1, 1))), Qt::NoButton, Qt::NoButton,
                     Qt::NoModifier);
    QApplication::sendEvent(canvas, &move);
    canvas->grab();
    QCOMPARE(model.scene().keys, attn::Scene::defaultScene().keys);
    QCOMPARE(model.scene().query, attn::Scene::defaultScene().query);
    window.editor()->setClean();
}

// --- Off-screen tips --------------------------------------------------------------------------

void TestCanvasRobustness::tipDraggedOffTheCanvasLeavesAMarker()
{
    // Drag k₁ past the lower-left corner, away from the query (so its own faded arrow is not
    // what the test sees): a marker in k₁'s full colour sits on the border towards the tip.
    const QPoint from = tipOf({HKind::Key, 0});
    const QPoint to(-300, m_canvas->height() + 200);
    QTest::mousePress(m_canvas, Qt::LeftButton, Qt::NoModifier, from);
    for (int i = 1; i <= 4; ++i)
        QTest::mouseMove(m_canvas, from + (to - from) * i / 4);
    QTest::mouseRelease(m_canvas, Qt::LeftButton, Qt::NoModifier, to);
    const QPointF tip = m_canvas->view().toScreen(m_canvas->tipOf({HKind::Key, 0}));
    QVERIFY(!QRectF(m_canvas->rect()).contains(tip));

    // Where the line from the middle of the view to the tip crosses a rectangle inset by 14 px,
    // computed here by hand.
    const QRectF inset = QRectF(m_canvas->rect()).adjusted(14, 14, -14, -14);
    const QPointF c = inset.center();
    const QPointF d = tip - c;
    const double t =
        std::min(inset.width() / 2 / std::abs(d.x()), inset.height() / 2 / std::abs(d.y()));
    const QPointF border = c + d * t;
    const QPointF unit = d / std::hypot(d.x(), d.y());
    const QImage shot = m_canvas->grab().toImage();
    const QColor want = ColorScheme::keyColor(0, 3);
    bool found = false;
    // Inside the marker's head, a little behind the border point.
    for (const double back : {2.0, 4.0, 6.0}) {
        const QPoint p = (border - unit * back).toPoint();
        const QColor got = shot.pixelColor(p);
        if (std::abs(got.red() - want.red()) + std::abs(got.green() - want.green()) +
                std::abs(got.blue() - want.blue()) <
            30)
            found = true;
    }
    QVERIFY2(found, "no marker towards k1");
}

// --- Typing coordinates, legend and hint -----------------------------------------------------

namespace {
VectorDialog *openDialog(QWidget *canvas)
{
    VectorDialog *dialog = nullptr;
    (void)QTest::qWaitFor([&] {
        dialog = canvas->findChild<VectorDialog *>();
        return dialog && dialog->isVisible();
    });
    return dialog;
}

void typeInto(QLineEdit *edit, const QString &text)
{
    edit->setFocus();
    edit->selectAll();
    QTest::keyClick(edit, Qt::Key_Backspace);
    // QTest types Latin-1 only; the minus sign (U+2212) goes in as an input method would.
    for (const QChar c : text) {
        if (c.unicode() < 0x80)
            QTest::keyClick(edit, c.toLatin1());
        else
            edit->insert(QString(c));
    }
}
} // namespace

void TestCanvasRobustness::doubleClickTypesExactCoordinates()
{
    const attn::Scene original = m_model->scene();
    QTest::mouseDClick(m_canvas, Qt::LeftButton, Qt::NoModifier, tipOf({HKind::Key, 1}));
    VectorDialog *dialog = openDialog(m_canvas);
    QVERIFY(dialog);
    QVERIFY(dialog->windowTitle().contains(QStringLiteral("k₂")));
    // The current coordinates are filled in: (1.5, 0.5).
    auto *x = dialog->findChild<QLineEdit *>(QStringLiteral("x"));
    auto *y = dialog->findChild<QLineEdit *>(QStringLiteral("y"));
    QCOMPARE(x->text(), QStringLiteral("1.5"));
    QCOMPARE(y->text(), QStringLiteral("0.5"));
    // A value no drag can hit (the grid snaps to 0.1), and a typographic minus.
    typeInto(x, QStringLiteral("0.7071"));
    typeInto(y, QStringLiteral("−0.25"));
    QTest::keyClick(y, Qt::Key_Return);
    QTRY_VERIFY(!m_canvas->findChild<VectorDialog *>());
    QCOMPARE(pointOf(m_model->scene().keys.row(1).transpose()), QPointF(0.7071, -0.25));
    // Only k₂ changed, as one step; undo brings back the scene exactly.
    QCOMPARE(m_editor->undoStack()->count(), 1);
    m_editor->undoStack()->undo();
    QCOMPARE(m_model->scene().keys, original.keys);
    QCOMPARE(m_model->scene().values, original.values);
}

void TestCanvasRobustness::coordinatesAreValidated_data()
{
    dataColumns<QString, QString, QString>("x", "y", "problem");
    QTest::newRow("letters") << QStringLiteral("abc") << QStringLiteral("1")
                             << QStringLiteral("x must be a number from −1000 to 1000");
    QTest::newRow("empty y") << QStringLiteral("1") << QString()
                             << QStringLiteral("y must be a number from −1000 to 1000");
    QTest::newRow("too large") << QStringLiteral("1") << QStringLiteral("1001")
                               << QStringLiteral("y must be a number from −1000 to 1000");
    QTest::newRow("infinity") << QStringLiteral("inf") << QStringLiteral("0")
                              << QStringLiteral("x must be a number from −1000 to 1000");
}

void TestCanvasRobustness::coordinatesAreValidated()
{
    QFETCH(QString, x);
    QFETCH(QString, y);
    QFETCH(QString, problem);
    const attn::Vector before = m_model->scene().query;
    QTest::mouseDClick(m_canvas, Qt::LeftButton, Qt::NoModifier, tipOf({HKind::Query, -1}));
    VectorDialog *dialog = openDialog(m_canvas);
    QVERIFY(dialog);
    typeInto(dialog->findChild<QLineEdit *>(QStringLiteral("x")), x);
    typeInto(dialog->findChild<QLineEdit *>(QStringLiteral("y")), y);
    auto *label = dialog->findChild<QLabel *>(QStringLiteral("problem"));
    QVERIFY(label->isVisible());
    QCOMPARE(label->text(), problem + QLatin1Char('.'));
    auto *ok = dialog->findChild<QPushButton *>();
    for (QPushButton *b : dialog->findChildren<QPushButton *>())
        if (!b->isEnabled())
            ok = b;
    QVERIFY(!ok->isEnabled());
    // Return does nothing while the input is wrong; Escape leaves the query as it was.
    QTest::keyClick(dialog->focusWidget(), Qt::Key_Return);
    QVERIFY(dialog->isVisible());
    QTest::keyClick(dialog->focusWidget(), Qt::Key_Escape);
    QTRY_VERIFY(!m_canvas->findChild<VectorDialog *>());
    QCOMPARE(m_model->scene().query, before);
    QCOMPARE(m_editor->undoStack()->count(), 0);
}

void TestCanvasRobustness::contextMenuTypesCoordinates()
{
    std::unique_ptr<QMenu> menu(m_canvas->createContextMenu(tipOf({HKind::Value, 2})));
    QAction *action = menu->findChild<QAction *>(QStringLiteral("setCoordinates"));
    QVERIFY(action && action->isEnabled());
    action->trigger();
    VectorDialog *dialog = openDialog(m_canvas);
    QVERIFY(dialog);
    typeInto(dialog->findChild<QLineEdit *>(QStringLiteral("x")), QStringLiteral("-2"));
    QTest::keyClick(dialog->focusWidget(), Qt::Key_Return);
    QTRY_VERIFY(!m_canvas->findChild<VectorDialog *>());
    QCOMPARE(pointOf(m_model->scene().values.row(2).transpose()), QPointF(-2, 1));
    // Away from every tip the action is there but off.
    std::unique_ptr<QMenu> empty(m_canvas->createContextMenu(screenOf(QPointF(-1, -1))));
    QVERIFY(!empty->findChild<QAction *>(QStringLiteral("setCoordinates"))->isEnabled());
}

void TestCanvasRobustness::legendIsShownAndRemembered()
{
    QVERIFY(m_canvas->legendVisible());
    // The legend's box in the top left corner: the query's red sample arrow is in it.
    const QImage with = m_canvas->grab().toImage();
    auto reddish = [](const QImage &image) {
        int count = 0;
        for (int y = 12; y < 40; ++y)
            for (int x = 12; x < 60; ++x) {
                const QColor c = image.pixelColor(x, y);
                if (c.red() > 150 && c.green() < 90 && c.blue() < 90)
                    ++count;
            }
        return count;
    };
    QVERIFY(reddish(with) > 10);
    std::unique_ptr<QMenu> menu(m_canvas->createContextMenu(QPoint(5, 5)));
    QAction *toggle = menu->findChild<QAction *>(QStringLiteral("showLegend"));
    QVERIFY(toggle->isChecked());
    toggle->trigger();
    QVERIFY(!m_canvas->legendVisible());
    QCOMPARE(reddish(m_canvas->grab().toImage()), 0);
    // A new canvas (the next start) remembers.
    CanvasWidget other(m_editor, m_selection);
    QVERIFY(!other.legendVisible());
    m_canvas->setLegendVisible(true);
}

void TestCanvasRobustness::dragHintShowsOnceUntilTheFirstDrag()
{
    QSettings().remove(QStringLiteral("canvas/dragHintShown"));
    CanvasWidget fresh(m_editor, m_selection);
    QVERIFY(fresh.dragHintVisible());
    // On this test's canvas (made before the setting was removed, in an earlier test or now):
    // drag a tip and the hint goes for good.
    auto *canvas = new CanvasWidget(m_editor, m_selection);
    m_window->layout()->addWidget(canvas);
    m_canvas->hide();
    QTRY_COMPARE(canvas->size().isEmpty(), false);
    QVERIFY(canvas->dragHintVisible());
    const QPoint from = canvas->view().toScreen(canvas->tipOf({HKind::Query, -1})).toPoint();
    QTest::mousePress(canvas, Qt::LeftButton, Qt::NoModifier, from);
    QTest::mouseMove(canvas, from + QPoint(30, 30));
    QTest::mouseRelease(canvas, Qt::LeftButton, Qt::NoModifier, from + QPoint(30, 30));
    QVERIFY(!canvas->dragHintVisible());
    CanvasWidget next(m_editor, m_selection);
    QVERIFY(!next.dragHintVisible());
    // A click on the hint hides it too.
    QSettings().remove(QStringLiteral("canvas/dragHintShown"));
    auto *again = new CanvasWidget(m_editor, m_selection);
    m_window->layout()->addWidget(again);
    canvas->hide();
    QTRY_COMPARE(again->size().isEmpty(), false);
    QVERIFY(again->dragHintVisible());
    QTest::mouseClick(again, Qt::LeftButton, Qt::NoModifier,
                      again->dragHintRect().center().toPoint());
    QVERIFY(!again->dragHintVisible());
}

QTEST_MAIN(TestCanvasRobustness)
#include "tst_canvasrobustness.moc"
