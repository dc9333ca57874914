#include "canvas/canvaswidget.h"
#include "canvas/selection.h"
#include "common/canvaswindow.h"
#include "core/attention.h"
#include "core/scene.h"
#include "document/sceneeditor.h"
#include "model/scenemodel.h"
#include "theme/colorscheme.h"

#include <QAction>
#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QLineEdit>
#include <QMenu>
#include <QPainter>
#include <QSignalSpy>
#include <QTest>
#include <QVBoxLayout>
#include <QWheelEvent>

#include <cmath>
#include <memory>

using Handle = CanvasWidget::Handle;
using HKind = CanvasWidget::Handle::Kind;

namespace {

attn::Vector vec(double x, double y)
{
    attn::Vector v(2);
    v << x, y;
    return v;
}

QPointF pointOf(const attn::Vector &v)
{
    return QPointF(v[0], v[1]);
}

/// The core's answer for a scene, computed here and not by the widget, so that the canvas's
/// edits are checked against an independent call.
attn::AttentionResult reference(const attn::Scene &s)
{
    auto r = attn::attend(s.query, s.keys, s.values, s.method, s.params());
    if (!r)
        qFatal("attend failed");
    return *r;
}

bool near(double a, double b, double tolerance = 1e-12)
{
    return std::abs(a - b) <= tolerance;
}

} // namespace

class TestCanvasWidget : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void dragQuery_data();
    void dragQuery();
    void dragKey_data();
    void dragKey();
    void dragValue_data();
    void dragValue();
    void dragEditsLiveOnEveryMove();
    void dragGeneralColumn();
    void generalColumnsOnlyForGeneral();
    void queryWinsTies();
    void nearestTipWins();
    void hoverShowsGrabCursor();
    void escapeCancelsDrag();
    void clickSelects();
    void tabCycles();
    void tabStaysInCanvas();
    void nudge_data();
    void nudge();
    void nudgeSnaps_data();
    void nudgeSnaps();
    void deleteRemovesSelectedKey();
    void escapeClearsSelection();
    void addKeysUpTo64();
    void removeDownTo1();
    void contextMenu();
    void wheelZoomKeepsPointUnderCursor_data();
    void wheelZoomKeepsPointUnderCursor();
    void panByDragging_data();
    void panByDragging();
    void mappingAfterZoomAndPan_data();
    void mappingAfterZoomAndPan();
    void zoomSlots();
    void snapping_data();
    void snapping();
    void normalisedDragFollowsMouse();
    void fitAllShowsEverything();
    void paintSceneDrawsTheVectors();
    void paintSixtyFourKeys();

private:
    QPoint screenOf(QPointF world) const { return m_canvas->view().toScreen(world).toPoint(); }
    QPoint tipOf(const Handle &h) const { return screenOf(m_canvas->tipOf(h)); }
    /// A real drag: press, several moves with the button held, release.
    void drag(QPoint from, QPoint to, Qt::MouseButton button = Qt::LeftButton);
    void hover(QPoint pos);
    void selectWithTab(int presses);

    std::unique_ptr<QWidget> m_window;
    SceneModel *m_model = nullptr;
    SceneEditor *m_editor = nullptr;
    Selection *m_selection = nullptr;
    CanvasWidget *m_canvas = nullptr;
};

void TestCanvasWidget::init()
{
    QVERIFY(canvaswindow::open(m_window, m_model, m_editor, m_selection, m_canvas));
    QCOMPARE(m_canvas->size(), QSize(800, 600));
    m_canvas->resetView();
    m_canvas->setFocus();
}

void TestCanvasWidget::cleanup()
{
    m_window.reset();
}

void TestCanvasWidget::drag(QPoint from, QPoint to, Qt::MouseButton button)
{
    QTest::mousePress(m_canvas, button, Qt::NoModifier, from);
    for (int i = 1; i <= 4; ++i)
        QTest::mouseMove(m_canvas, from + (to - from) * i / 4);
    QTest::mouseRelease(m_canvas, button, Qt::NoModifier, to);
}

void TestCanvasWidget::hover(QPoint pos)
{
    // A plain move without buttons, as the window system delivers it.
    QMouseEvent move(QEvent::MouseMove, pos, m_canvas->mapToGlobal(pos), Qt::NoButton, Qt::NoButton,
                     Qt::NoModifier);
    QApplication::sendEvent(m_canvas, &move);
}

void TestCanvasWidget::selectWithTab(int presses)
{
    for (int i = 0; i < presses; ++i)
        QTest::keyClick(m_canvas, Qt::Key_Tab);
}

// --- Dragging ---------------------------------------------------------------------------------

void TestCanvasWidget::dragQuery_data()
{
    QTest::addColumn<QPointF>("target");
    QTest::newRow("right and down") << QPointF(2.0, -0.5);
    QTest::newRow("second quadrant") << QPointF(-1.0, 1.3);
    QTest::newRow("short") << QPointF(0.3, 0.3);
    QTest::newRow("towards k2") << QPointF(1.5, 0.4);
}

void TestCanvasWidget::dragQuery()
{
    QFETCH(QPointF, target);
    QSignalSpy changed(m_model, &SceneModel::changed);
    drag(tipOf({HKind::Query, -1}), screenOf(target));
    QVERIFY(changed.count() >= 1);
    // Snapping is on: the world point under the pixel rounds to the 0.1 grid exactly.
    QCOMPARE(pointOf(m_model->scene().query), target);

    attn::Scene expected = attn::Scene::defaultScene();
    expected.query = vec(target.x(), target.y());
    const attn::AttentionResult ref = reference(expected);
    QVERIFY(m_model->hasResult());
    for (int i = 0; i < 3; ++i)
        QVERIFY(near(m_model->result().weights[i], ref.weights[i]));
    QVERIFY(near(m_model->result().output[0], ref.output[0]));
    QVERIFY(near(m_model->result().output[1], ref.output[1]));
    // The key set is untouched and the query is selected.
    QCOMPARE(m_model->scene().keys, attn::Scene::defaultScene().keys);
    QCOMPARE(m_selection->kind(), Selection::Kind::Query);
}

void TestCanvasWidget::dragKey_data()
{
    QTest::addColumn<int>("index");
    QTest::addColumn<QPointF>("target");
    QTest::newRow("k1") << 0 << QPointF(-0.5, 1.0);
    QTest::newRow("k2") << 1 << QPointF(1.5, -0.5);
    QTest::newRow("k3 onto q's direction") << 2 << QPointF(1.8, 1.2);
}

void TestCanvasWidget::dragKey()
{
    QFETCH(int, index);
    QFETCH(QPointF, target);
    drag(tipOf({HKind::Key, index}), screenOf(target));
    QCOMPARE(pointOf(m_model->scene().keys.row(index).transpose()), target);

    attn::Scene expected = attn::Scene::defaultScene();
    expected.keys.row(index) << target.x(), target.y();
    QCOMPARE(m_model->scene().keys, expected.keys);
    QCOMPARE(m_model->scene().values, expected.values);
    QCOMPARE(m_model->scene().query, expected.query);
    const attn::AttentionResult ref = reference(expected);
    for (int i = 0; i < 3; ++i)
        QVERIFY(near(m_model->result().weights[i], ref.weights[i]));
    QCOMPARE(m_selection->kind(), Selection::Kind::Key);
    QCOMPARE(m_selection->index(), index);
}

void TestCanvasWidget::dragValue_data()
{
    QTest::addColumn<int>("index");
    QTest::addColumn<QPointF>("target");
    QTest::newRow("v1") << 0 << QPointF(1.0, -1.0);
    QTest::newRow("v2") << 1 << QPointF(-0.7, 0.4);
    QTest::newRow("v3") << 2 << QPointF(2.0, 1.0);
}

void TestCanvasWidget::dragValue()
{
    QFETCH(int, index);
    QFETCH(QPointF, target);
    drag(tipOf({HKind::Value, index}), screenOf(target));

    attn::Scene expected = attn::Scene::defaultScene();
    expected.values.row(index) << target.x(), target.y();
    QCOMPARE(m_model->scene().values, expected.values);
    QCOMPARE(m_model->scene().keys, expected.keys);
    const attn::AttentionResult ref = reference(expected);
    // Values do not change the weights, only the output.
    for (int i = 0; i < 3; ++i)
        QVERIFY(near(m_model->result().weights[i], ref.weights[i]));
    QVERIFY(near(m_model->result().output[0], ref.output[0]));
    QVERIFY(near(m_model->result().output[1], ref.output[1]));
    QCOMPARE(m_selection->kind(), Selection::Kind::Value);
    QCOMPARE(m_selection->index(), index);
}

void TestCanvasWidget::dragEditsLiveOnEveryMove()
{
    QSignalSpy changed(m_model, &SceneModel::changed);
    const QPoint from = tipOf({HKind::Key, 1});
    QTest::mousePress(m_canvas, Qt::LeftButton, Qt::NoModifier, from);
    QCOMPARE(m_canvas->cursor().shape(), Qt::ClosedHandCursor);
    QCOMPARE(m_canvas->dragged(), Handle({HKind::Key, 1}));
    QCOMPARE(changed.count(), 0); // a press alone edits nothing
    const QPointF steps[] = {QPointF(1.5, 0.0), QPointF(1.0, -0.5), QPointF(0.5, -1.0)};
    int edits = 0;
    for (const QPointF world : steps) {
        QTest::mouseMove(m_canvas, screenOf(world));
        QCOMPARE(changed.count(), ++edits);
        QCOMPARE(pointOf(m_model->scene().keys.row(1).transpose()), world);
    }
    // The live coordinates are drawn beside the cursor: near it, the widget differs from the
    // plain scene by a box of text.
    const QImage shown = m_canvas->grab().toImage().convertToFormat(QImage::Format_RGB32);
    QImage plain(shown.size(), QImage::Format_RGB32);
    QPainter painter(&plain);
    m_canvas->paintScene(painter, plain.rect());
    painter.end();
    const QPoint cursor = screenOf(steps[2]);
    QRect differing;
    for (int y = std::max(4, cursor.y() - 150); y < std::min(596, cursor.y() + 150); ++y)
        for (int x = std::max(4, cursor.x() - 150); x < std::min(796, cursor.x() + 150); ++x)
            if (shown.pixel(x, y) != plain.pixel(x, y) &&
                QLineF(QPointF(x, y), QPointF(m_canvas->view().toScreen(steps[2]))).length() > 20)
                differing |= QRect(x, y, 1, 1);
    // Wider than tall, like a line of text, and beside the cursor rather than on it.
    QVERIFY2(differing.width() > 100 && differing.height() > 15 && differing.height() < 50,
             qPrintable(QStringLiteral("%1x%2").arg(differing.width()).arg(differing.height())));
    QTest::mouseRelease(m_canvas, Qt::LeftButton, Qt::NoModifier, screenOf(steps[2]));
    QCOMPARE(changed.count(), edits);
    QCOMPARE(m_canvas->dragged(), Handle());
    QCOMPARE(m_canvas->cursor().shape(), Qt::OpenHandCursor); // still over the tip
}

void TestCanvasWidget::dragGeneralColumn()
{
    m_model->setMethod(attn::Method::General);
    // W = I: W·e₁ sits on v₁ = (1, 0). W's columns come before the values in the hit order.
    QCOMPARE(m_canvas->handleAt(tipOf({HKind::Value, 0})), Handle({HKind::GeneralColumn, 0}));
    drag(tipOf({HKind::GeneralColumn, 0}), screenOf(QPointF(0.5, -0.3)));
    attn::Matrix w(2, 2);
    w << 0.5, 0, -0.3, 1; // columns (0.5, −0.3) and (0, 1)
    QCOMPARE(m_model->scene().general, w);

    drag(tipOf({HKind::GeneralColumn, 1}), screenOf(QPointF(0.4, 1.2)));
    w << 0.5, 0.4, -0.3, 1.2;
    QCOMPARE(m_model->scene().general, w);
    QCOMPARE(m_model->scene().values, attn::Scene::defaultScene().values);

    attn::Scene expected = attn::Scene::defaultScene();
    expected.method = attn::Method::General;
    expected.general = w;
    const attn::AttentionResult ref = reference(expected);
    for (int i = 0; i < 3; ++i) {
        QVERIFY(near(m_model->result().scores[i], ref.scores[i]));
        QVERIFY(near(m_model->result().weights[i], ref.weights[i]));
    }
}

void TestCanvasWidget::generalColumnsOnlyForGeneral()
{
    // With Dot, the point (1, 0) is v₁'s tip, not a W column.
    QCOMPARE(m_canvas->handleAt(screenOf(QPointF(1, 0))), Handle({HKind::Value, 0}));
}

void TestCanvasWidget::queryWinsTies()
{
    m_model->setKey(0, m_model->scene().query);
    m_model->setValue(2, m_model->scene().query);
    const QPoint tip = tipOf({HKind::Query, -1});
    QCOMPARE(m_canvas->handleAt(tip), Handle({HKind::Query, -1}));
    drag(tip, screenOf(QPointF(-1, -1)));
    QCOMPARE(pointOf(m_model->scene().query), QPointF(-1, -1));
    QCOMPARE(pointOf(m_model->scene().keys.row(0).transpose()), QPointF(1.2, 0.8));
}

void TestCanvasWidget::nearestTipWins()
{
    const QPoint k2 = tipOf({HKind::Key, 1});
    // A few pixels off the tip still grabs it; farther than the grab radius grabs nothing.
    QCOMPARE(m_canvas->handleAt(k2 + QPoint(4, -3)), Handle({HKind::Key, 1}));
    QCOMPARE(m_canvas->handleAt(k2 + QPoint(int(CanvasWidget::kGrabRadius) + 3, 0)), Handle());
    // Two keys 8 px apart: the nearer one wins from either side.
    const double px = 1 / m_canvas->view().scale();
    m_model->setKey(0, vec(-1, -1));
    m_model->setKey(2, vec(-1 + 8 * px, -1));
    const QPoint a = screenOf(QPointF(-1, -1));
    QCOMPARE(m_canvas->handleAt(a + QPoint(1, 0)), Handle({HKind::Key, 0}));
    QCOMPARE(m_canvas->handleAt(a + QPoint(7, 0)), Handle({HKind::Key, 2}));
}

void TestCanvasWidget::hoverShowsGrabCursor()
{
    QSignalSpy hovered(m_canvas, &CanvasWidget::hoveredChanged);
    QSignalSpy pointer(m_canvas, &CanvasWidget::pointerMoved);
    hover(tipOf({HKind::Key, 2}));
    QCOMPARE(m_canvas->hovered(), Handle({HKind::Key, 2}));
    QCOMPARE(m_canvas->cursor().shape(), Qt::OpenHandCursor);
    QCOMPARE(hovered.count(), 1);
    QCOMPARE(hovered.last().at(0).value<Handle>(), Handle({HKind::Key, 2}));
    QCOMPARE(pointer.count(), 1);
    const QPointF world = pointer.last().at(0).toPointF();
    QVERIFY(near(world.x(), 0.8, 1 / m_canvas->view().scale()));
    QVERIFY(near(world.y(), 1.2, 1 / m_canvas->view().scale()));

    hover(screenOf(QPointF(-1.5, -1.5))); // empty plane
    QCOMPARE(m_canvas->hovered(), Handle());
    QCOMPARE(m_canvas->cursor().shape(), Qt::ArrowCursor);
    QCOMPARE(hovered.count(), 2);
}

void TestCanvasWidget::escapeCancelsDrag()
{
    const attn::Vector before = m_model->scene().query;
    const QPoint from = tipOf({HKind::Query, -1});
    QTest::mousePress(m_canvas, Qt::LeftButton, Qt::NoModifier, from);
    QTest::mouseMove(m_canvas, screenOf(QPointF(-0.5, 0.5)));
    QCOMPARE(pointOf(m_model->scene().query), QPointF(-0.5, 0.5));
    QTest::keyClick(m_canvas, Qt::Key_Escape);
    QCOMPARE(m_model->scene().query, before);
    QTest::mouseMove(m_canvas, screenOf(QPointF(-1, 1)));
    QTest::mouseRelease(m_canvas, Qt::LeftButton, Qt::NoModifier, screenOf(QPointF(-1, 1)));
    QCOMPARE(m_model->scene().query, before);
}

// --- Selection and keyboard -------------------------------------------------------------------

void TestCanvasWidget::clickSelects()
{
    QTest::mouseClick(m_canvas, Qt::LeftButton, Qt::NoModifier, tipOf({HKind::Value, 1}));
    QCOMPARE(m_selection->kind(), Selection::Kind::Value);
    QCOMPARE(m_selection->index(), 1);
    // A click selects without moving the vector, even with snapping on.
    QCOMPARE(m_model->scene().values, attn::Scene::defaultScene().values);
    QTest::mouseClick(m_canvas, Qt::LeftButton, Qt::NoModifier, tipOf({HKind::Query, -1}));
    QCOMPARE(m_selection->kind(), Selection::Kind::Query);
    QTest::mouseClick(m_canvas, Qt::LeftButton, Qt::NoModifier, screenOf(QPointF(-1.5, -1)));
    QCOMPARE(m_selection->kind(), Selection::Kind::None);
}

void TestCanvasWidget::tabCycles()
{
    using K = Selection::Kind;
    const QList<QPair<K, int>> order = {{K::Query, -1}, {K::Key, 0}, {K::Value, 0}, {K::Key, 1},
                                        {K::Value, 1},  {K::Key, 2}, {K::Value, 2}, {K::Query, -1}};
    for (const auto &[kind, index] : order) {
        QTest::keyClick(m_canvas, Qt::Key_Tab);
        QCOMPARE(m_selection->kind(), kind);
        QCOMPARE(m_selection->index(), index);
    }
    // Shift+Tab walks back: q → v₃ → k₃.
    QTest::keyClick(m_canvas, Qt::Key_Tab, Qt::ShiftModifier);
    QCOMPARE(m_selection->kind(), K::Value);
    QCOMPARE(m_selection->index(), 2);
    QTest::keyClick(m_canvas, Qt::Key_Backtab, Qt::ShiftModifier);
    QCOMPARE(m_selection->kind(), K::Key);
    QCOMPARE(m_selection->index(), 2);
    // From nothing, Shift+Tab starts at the end.
    m_selection->clear();
    QTest::keyClick(m_canvas, Qt::Key_Backtab, Qt::ShiftModifier);
    QCOMPARE(m_selection->kind(), K::Value);
    QCOMPARE(m_selection->index(), 2);
}

void TestCanvasWidget::tabStaysInCanvas()
{
    auto *edit = new QLineEdit(m_window.get());
    m_window->layout()->addWidget(edit);
    edit->show();
    QApplication::setActiveWindow(m_window.get());
    m_canvas->setFocus();
    QCOMPARE(m_canvas->focusPolicy(), Qt::StrongFocus);
    for (int i = 0; i < 10; ++i)
        QTest::keyClick(m_canvas, Qt::Key_Tab);
    QVERIFY(!edit->hasFocus());
    QCOMPARE(QApplication::focusWidget(), m_canvas);
}

void TestCanvasWidget::nudge_data()
{
    QTest::addColumn<int>("key");
    QTest::addColumn<Qt::KeyboardModifiers>("modifiers");
    QTest::addColumn<QPointF>("expected");
    // From q = (1.2, 0.8).
    QTest::newRow("right 0.1") << int(Qt::Key_Right) << Qt::KeyboardModifiers()
                               << QPointF(1.3, 0.8);
    QTest::newRow("left 0.1") << int(Qt::Key_Left) << Qt::KeyboardModifiers() << QPointF(1.1, 0.8);
    QTest::newRow("up 0.1") << int(Qt::Key_Up) << Qt::KeyboardModifiers() << QPointF(1.2, 0.9);
    QTest::newRow("down 0.1") << int(Qt::Key_Down) << Qt::KeyboardModifiers() << QPointF(1.2, 0.7);
    QTest::newRow("shift right 0.01")
        << int(Qt::Key_Right) << Qt::KeyboardModifiers(Qt::ShiftModifier) << QPointF(1.21, 0.8);
    QTest::newRow("shift up 0.01")
        << int(Qt::Key_Up) << Qt::KeyboardModifiers(Qt::ShiftModifier) << QPointF(1.2, 0.81);
    QTest::newRow("shift down 0.01")
        << int(Qt::Key_Down) << Qt::KeyboardModifiers(Qt::ShiftModifier) << QPointF(1.2, 0.79);
}

void TestCanvasWidget::nudge()
{
    QFETCH(int, key);
    QFETCH(Qt::KeyboardModifiers, modifiers);
    QFETCH(QPointF, expected);
    for (const bool snap : {true, false}) {
        m_model->setQuery(vec(1.2, 0.8));
        m_canvas->setSnapToGrid(snap);
        m_selection->clear();
        selectWithTab(1);
        QCOMPARE(m_selection->kind(), Selection::Kind::Query);
        QTest::keyClick(m_canvas, Qt::Key(key), modifiers);
        const QPointF q = pointOf(m_model->scene().query);
        QVERIFY2(near(q.x(), expected.x()) && near(q.y(), expected.y()),
                 qPrintable(QStringLiteral("(%1, %2)").arg(q.x()).arg(q.y())));
    }
    // The same on a key and a value: Tab twice more reaches v₁ = (1, 0).
    m_canvas->setSnapToGrid(true);
    selectWithTab(2);
    QCOMPARE(m_selection->kind(), Selection::Kind::Value);
    QTest::keyClick(m_canvas, Qt::Key(key), modifiers);
    const QPointF v = pointOf(m_model->scene().values.row(0).transpose());
    const QPointF delta = expected - QPointF(1.2, 0.8);
    QVERIFY(near(v.x(), 1 + delta.x()) && near(v.y(), 0 + delta.y()));
}

void TestCanvasWidget::nudgeSnaps_data()
{
    QTest::addColumn<bool>("snap");
    QTest::addColumn<Qt::KeyboardModifiers>("modifiers");
    QTest::addColumn<QPointF>("expected");
    // From q = (1.234, 0.8), Right.
    QTest::newRow("snap 0.1") << true << Qt::KeyboardModifiers() << QPointF(1.3, 0.8);
    QTest::newRow("snap 0.01 with shift")
        << true << Qt::KeyboardModifiers(Qt::ShiftModifier) << QPointF(1.24, 0.8);
    QTest::newRow("free 0.1") << false << Qt::KeyboardModifiers() << QPointF(1.334, 0.8);
    QTest::newRow("free 0.01") << false << Qt::KeyboardModifiers(Qt::ShiftModifier)
                               << QPointF(1.244, 0.8);
}

void TestCanvasWidget::nudgeSnaps()
{
    QFETCH(bool, snap);
    QFETCH(Qt::KeyboardModifiers, modifiers);
    QFETCH(QPointF, expected);
    m_canvas->setSnapToGrid(snap);
    m_model->setQuery(vec(1.234, 0.8));
    selectWithTab(1);
    QTest::keyClick(m_canvas, Qt::Key_Right, modifiers);
    QVERIFY(near(m_model->scene().query[0], expected.x()));
    QVERIFY(near(m_model->scene().query[1], expected.y()));
}

void TestCanvasWidget::deleteRemovesSelectedKey()
{
    selectWithTab(4); // q, k₁, v₁, k₂
    QCOMPARE(m_selection->kind(), Selection::Kind::Key);
    QCOMPARE(m_selection->index(), 1);
    QTest::keyClick(m_canvas, Qt::Key_Delete);
    QCOMPARE(m_model->keyCount(), 2);
    attn::Matrix keys(2, 2), values(2, 2);
    keys << 0.5, 1.0, 0.8, 1.2; // k₂ = (1.5, 0.5) is gone with its value v₂ = (0, 1)
    values << 1, 0, 1, 1;
    QCOMPARE(m_model->scene().keys, keys);
    QCOMPARE(m_model->scene().values, values);
    // The selection moves to the key that took its place.
    QCOMPARE(m_selection->kind(), Selection::Kind::Key);
    QCOMPARE(m_selection->index(), 1);

    // Deleting a selected value removes its key too.
    selectWithTab(1); // v₂ (was v₃)
    QCOMPARE(m_selection->kind(), Selection::Kind::Value);
    QTest::keyClick(m_canvas, Qt::Key_Delete);
    QCOMPARE(m_model->keyCount(), 1);

    // With the query selected there is nothing to delete.
    QSignalSpy status(m_canvas, &CanvasWidget::statusMessage);
    m_selection->select(Selection::Kind::Query);
    QTest::keyClick(m_canvas, Qt::Key_Delete);
    QCOMPARE(m_model->keyCount(), 1);
    QCOMPARE(status.count(), 1);
}

void TestCanvasWidget::escapeClearsSelection()
{
    selectWithTab(2);
    QCOMPARE(m_selection->kind(), Selection::Kind::Key);
    QTest::keyClick(m_canvas, Qt::Key_Escape);
    QCOMPARE(m_selection->kind(), Selection::Kind::None);
    // Arrow keys with nothing selected pan instead of editing.
    const attn::Scene before = m_model->scene();
    const QPointF centre = m_canvas->view().centre();
    QTest::keyClick(m_canvas, Qt::Key_Right);
    QCOMPARE(m_model->scene().query, before.query);
    QVERIFY(m_canvas->view().centre() != centre);
}

// --- Adding and removing ----------------------------------------------------------------------

void TestCanvasWidget::addKeysUpTo64()
{
    QSignalSpy status(m_canvas, &CanvasWidget::statusMessage);
    QSignalSpy counts(m_model, &SceneModel::keyCountChanged);
    for (int n = 4; n <= attn::Scene::kMaxKeys; ++n) {
        m_canvas->addKey();
        QCOMPARE(m_model->keyCount(), n);
        QCOMPARE(m_selection->kind(), Selection::Kind::Key);
        QCOMPARE(m_selection->index(), n - 1);
        // A unit key, and its value points the same way.
        const attn::Vector k = m_model->scene().keys.row(n - 1).transpose();
        const attn::Vector v = m_model->scene().values.row(n - 1).transpose();
        QVERIFY(near(k.norm(), 1, 0.01));
        QVERIFY(near(k.dot(v) / (k.norm() * v.norm()), 1, 1e-9));
    }
    QCOMPARE(status.count(), 0);
    QCOMPARE(counts.count(), 61);
    // The first new keys take directions that no key used.
    const attn::Matrix &keys = m_model->scene().keys;
    for (int a = 3; a < 12; ++a)
        for (int b = 0; b < a; ++b) {
            const double cosine =
                keys.row(a).dot(keys.row(b)) / (keys.row(a).norm() * keys.row(b).norm());
            QVERIFY2(cosine < 0.999, qPrintable(QStringLiteral("k%1 ∥ k%2").arg(a + 1).arg(b + 1)));
        }

    m_canvas->addKey();
    QCOMPARE(m_model->keyCount(), 64);
    QCOMPARE(status.count(), 1);
    QVERIFY(status.last().at(0).toString().contains(QLatin1String("64")));
    // The context menu's action is off at the limit, and refuses too.
    std::unique_ptr<QMenu> menu(m_canvas->createContextMenu(screenOf(QPointF(-1, -1))));
    QAction *add = menu->findChild<QAction *>(QStringLiteral("addKeyHere"));
    QVERIFY(add);
    QVERIFY(!add->isEnabled());
}

void TestCanvasWidget::removeDownTo1()
{
    QSignalSpy status(m_canvas, &CanvasWidget::statusMessage);
    for (int i = 0; i < 5; ++i)
        m_canvas->addKey();
    QCOMPARE(m_model->keyCount(), 8);
    m_selection->select(Selection::Kind::Key, 0);
    for (int n = 7; n >= 1; --n) {
        QTest::keyClick(m_canvas, Qt::Key_Delete);
        QCOMPARE(m_model->keyCount(), n);
    }
    QCOMPARE(status.count(), 0);
    QCOMPARE(m_selection->kind(), Selection::Kind::Key);
    QCOMPARE(m_selection->index(), 0);
    QTest::keyClick(m_canvas, Qt::Key_Delete);
    QCOMPARE(m_model->keyCount(), 1);
    QCOMPARE(status.count(), 1);
    m_canvas->removeSelectedKey();
    QCOMPARE(m_model->keyCount(), 1);
    QCOMPARE(status.count(), 2);
}

void TestCanvasWidget::contextMenu()
{
    auto action = [](QMenu *menu, const char *name) {
        QAction *a = menu->findChild<QAction *>(QLatin1String(name));
        if (!a)
            qFatal("no action %s", name);
        return a;
    };
    // On k₃: mask, then unmask.
    std::unique_ptr<QMenu> menu(m_canvas->createContextMenu(tipOf({HKind::Key, 2})));
    QVERIFY(action(menu.get(), "removeKey")->isEnabled());
    QCOMPARE(action(menu.get(), "toggleMask")->text(), QStringLiteral("Mask this key"));
    action(menu.get(), "toggleMask")->trigger();
    QCOMPARE(m_model->scene().mask, attn::Mask({false, false, true}));
    attn::Scene masked = attn::Scene::defaultScene();
    masked.mask = {false, false, true};
    QVERIFY(near(m_model->result().weights[1], reference(masked).weights[1]));

    menu.reset(m_canvas->createContextMenu(tipOf({HKind::Key, 2})));
    QCOMPARE(action(menu.get(), "toggleMask")->text(), QStringLiteral("Unmask this key"));
    action(menu.get(), "toggleMask")->trigger();
    QVERIFY(m_model->scene().mask.empty());

    // On v₂: remove key 2 with its value.
    menu.reset(m_canvas->createContextMenu(tipOf({HKind::Value, 1})));
    action(menu.get(), "removeKey")->trigger();
    QCOMPARE(m_model->keyCount(), 2);
    QCOMPARE(pointOf(m_model->scene().keys.row(1).transpose()), QPointF(0.8, 1.2));

    // On the empty plane: only adding and the view.
    const QPoint empty = screenOf(QPointF(-1.02, -0.49));
    menu.reset(m_canvas->createContextMenu(empty));
    QVERIFY(!action(menu.get(), "removeKey")->isEnabled());
    QVERIFY(!action(menu.get(), "toggleMask")->isEnabled());
    action(menu.get(), "addKeyHere")->trigger();
    QCOMPARE(m_model->keyCount(), 3);
    QCOMPARE(pointOf(m_model->scene().keys.row(2).transpose()), QPointF(-1.0, -0.5));
    QCOMPARE(m_selection->kind(), Selection::Kind::Key);
    QCOMPARE(m_selection->index(), 2);

    // Masking every key is refused with a message.
    QSignalSpy status(m_canvas, &CanvasWidget::statusMessage);
    m_model->setMasked(0, true);
    m_model->setMasked(1, true);
    menu.reset(m_canvas->createContextMenu(tipOf({HKind::Key, 2})));
    action(menu.get(), "toggleMask")->trigger();
    QCOMPARE(status.count(), 1);
    QCOMPARE(m_model->scene().mask, attn::Mask({true, true, false}));

    // The view actions.
    m_canvas->zoomIn();
    menu.reset(m_canvas->createContextMenu(empty));
    action(menu.get(), "resetView")->trigger();
    const ViewTransform home = m_canvas->view();
    m_canvas->zoomIn();
    m_canvas->resetView();
    QCOMPARE(m_canvas->view(), home);
    m_model->setKey(0, vec(6, -4));
    menu.reset(m_canvas->createContextMenu(empty));
    action(menu.get(), "fitAll")->trigger();
    QVERIFY(m_canvas->rect().contains(screenOf(QPointF(6, -4))));
}

// --- View -------------------------------------------------------------------------------------

void TestCanvasWidget::wheelZoomKeepsPointUnderCursor_data()
{
    QTest::addColumn<QPoint>("pos");
    QTest::addColumn<int>("delta");
    QTest::newRow("in at centre") << QPoint(400, 300) << 120;
    QTest::newRow("in at corner") << QPoint(10, 590) << 120;
    QTest::newRow("out at the query") << QPoint(-1, -1) << -120;
    QTest::newRow("fine in") << QPoint(650, 100) << 15;
    QTest::newRow("two notches out") << QPoint(123, 321) << -240;
}

void TestCanvasWidget::wheelZoomKeepsPointUnderCursor()
{
    QFETCH(QPoint, pos);
    QFETCH(int, delta);
    if (pos.x() < 0)
        pos = tipOf({HKind::Query, -1});
    QSignalSpy viewChanged(m_canvas, &CanvasWidget::viewChanged);
    for (int notch = 0; notch < 3; ++notch) {
        const QPointF before = m_canvas->view().toWorld(pos);
        const double scale = m_canvas->view().scale();
        QWheelEvent wheel(pos, m_canvas->mapToGlobal(pos), QPoint(), QPoint(0, delta), Qt::NoButton,
                          Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(m_canvas, &wheel);
        QVERIFY(wheel.isAccepted());
        QVERIFY(delta > 0 ? m_canvas->view().scale() > scale : m_canvas->view().scale() < scale);
        const QPointF after = m_canvas->view().toWorld(pos);
        QVERIFY(near(after.x(), before.x(), 1e-9));
        QVERIFY(near(after.y(), before.y(), 1e-9));
    }
    QCOMPARE(viewChanged.count(), 3);
    // The scene itself is untouched by zooming.
    QCOMPARE(m_model->scene().query, attn::Scene::defaultScene().query);
}

void TestCanvasWidget::panByDragging_data()
{
    QTest::addColumn<Qt::MouseButton>("button");
    QTest::addColumn<QPoint>("offset");
    QTest::newRow("left") << Qt::LeftButton << QPoint(120, -45);
    QTest::newRow("middle") << Qt::MiddleButton << QPoint(-60, 80);
}

void TestCanvasWidget::panByDragging()
{
    QFETCH(Qt::MouseButton, button);
    QFETCH(QPoint, offset);
    const QPoint from = screenOf(QPointF(-1.5, -1.0));
    QCOMPARE(m_canvas->handleAt(from), Handle());
    const QPointF grabbed = m_canvas->view().toWorld(from);
    const double scale = m_canvas->view().scale();
    m_selection->select(Selection::Kind::Key, 1);
    drag(from, from + offset, button);
    // The plane followed the mouse: the grabbed world point is under the release point.
    const QPointF under = m_canvas->view().toWorld(from + offset);
    QVERIFY(near(under.x(), grabbed.x(), 1e-9));
    QVERIFY(near(under.y(), grabbed.y(), 1e-9));
    QCOMPARE(m_canvas->view().scale(), scale);
    QCOMPARE(m_model->scene().query, attn::Scene::defaultScene().query);
    // Panning is not a click: the selection stays.
    QCOMPARE(m_selection->kind(), Selection::Kind::Key);
}

void TestCanvasWidget::mappingAfterZoomAndPan_data()
{
    QTest::addColumn<int>("notches");
    QTest::addColumn<QPoint>("pan");
    QTest::newRow("home") << 0 << QPoint(0, 0);
    QTest::newRow("zoomed out, panned") << -3 << QPoint(150, 60);
    QTest::newRow("zoomed in, panned") << 2 << QPoint(-200, 100);
    QTest::newRow("zoomed in far") << 5 << QPoint(-500, 300);
}

void TestCanvasWidget::mappingAfterZoomAndPan()
{
    QFETCH(int, notches);
    QFETCH(QPoint, pan);
    const QPoint anchor(300, 400);
    for (int i = 0; i < std::abs(notches); ++i) {
        QWheelEvent wheel(anchor, m_canvas->mapToGlobal(anchor), QPoint(),
                          QPoint(0, notches > 0 ? 120 : -120), Qt::NoButton, Qt::NoModifier,
                          Qt::NoScrollPhase, false);
        QApplication::sendEvent(m_canvas, &wheel);
    }
    if (!pan.isNull()) {
        const QPoint from(5, 595); // a corner, far from every tip
        QCOMPARE(m_canvas->handleAt(from), Handle());
        drag(from, from + pan);
    }
    const ViewTransform &view = m_canvas->view();
    for (const QPointF world : {QPointF(0, 0), QPointF(1.2, 0.8), QPointF(-0.3, 2)}) {
        const QPointF back = view.toWorld(view.toScreen(world));
        QVERIFY(near(back.x(), world.x(), 1e-9) && near(back.y(), world.y(), 1e-9));
    }
    // The mapping is the one the mouse uses: grabbing the query where the view puts it works.
    const QPointF target = m_canvas->view().toWorld(QPointF(400, 300));
    const QPointF snapped(std::round(target.x() * 10) / 10, std::round(target.y() * 10) / 10);
    const QPoint tip = tipOf({HKind::Query, -1});
    QVERIFY(m_canvas->rect().contains(tip));
    drag(tip, screenOf(snapped));
    QCOMPARE(pointOf(m_model->scene().query), snapped);
}

void TestCanvasWidget::zoomSlots()
{
    const ViewTransform before = m_canvas->view();
    const QPointF centreWorld = before.toWorld(QPointF(400, 300));
    m_canvas->zoomIn();
    QVERIFY(near(m_canvas->view().scale(), before.scale() * 1.25, 1e-9));
    const QPointF still = m_canvas->view().toWorld(QPointF(400, 300));
    QVERIFY(near(still.x(), centreWorld.x(), 1e-9) && near(still.y(), centreWorld.y(), 1e-9));
    m_canvas->zoomOut();
    QVERIFY(near(m_canvas->view().scale(), before.scale(), 1e-9));
    m_canvas->zoomOut();
    m_canvas->resetView();
    QCOMPARE(m_canvas->view(), before);
    // The home view shows the unit circle and the worked example.
    for (const QPointF p : {QPointF(-1, 0), QPointF(0, -1), QPointF(1.5, 0.5), QPointF(0.8, 1.2)})
        QVERIFY(m_canvas->rect().contains(screenOf(p)));
}

void TestCanvasWidget::snapping_data()
{
    QTest::addColumn<bool>("snap");
    QTest::addRow("on") << true;
    QTest::addRow("off") << false;
}

void TestCanvasWidget::snapping()
{
    QFETCH(bool, snap);
    QSignalSpy toggled(m_canvas, &CanvasWidget::snapToGridChanged);
    QVERIFY(m_canvas->snapToGrid()); // default on
    m_canvas->setSnapToGrid(snap);
    QCOMPARE(m_canvas->snapToGrid(), snap);
    QCOMPARE(toggled.count(), snap ? 0 : 1);
    const QPointF aim(1.234, -0.567);
    const QPoint pixel = screenOf(aim);
    drag(tipOf({HKind::Key, 0}), pixel);
    const QPointF k = pointOf(m_model->scene().keys.row(0).transpose());
    if (snap) {
        QCOMPARE(k, QPointF(1.2, -0.6));
    } else {
        // Exactly the world point under the pixel, which is within half a pixel of the aim.
        const QPointF under = m_canvas->view().toWorld(pixel);
        QCOMPARE(k, under);
        const double halfPixel = 0.5 / m_canvas->view().scale();
        QVERIFY(near(k.x(), aim.x(), halfPixel) && near(k.y(), aim.y(), halfPixel));
        QVERIFY(!near(k.x(), 1.2, 1e-6));
    }
}

void TestCanvasWidget::normalisedDragFollowsMouse()
{
    m_model->setNormalised(true);
    // k₂ = (1.5, 0.5) is drawn on the unit circle.
    const QPointF drawn = m_canvas->tipOf({HKind::Key, 1});
    QVERIFY(near(std::hypot(drawn.x(), drawn.y()), 1, 1e-12));
    const QPoint pixel = screenOf(QPointF(0, -1.5));
    drag(tipOf({HKind::Key, 1}), pixel);
    // The scene vector is where the mouse is; the drawn tip is on the circle in that direction.
    const QPointF under = m_canvas->view().toWorld(pixel);
    QCOMPARE(pointOf(m_model->scene().keys.row(1).transpose()), under);
    const QPointF tip = m_canvas->tipOf({HKind::Key, 1});
    const double length = std::hypot(under.x(), under.y());
    QVERIFY(near(tip.x(), under.x() / length, 1e-12) && near(tip.y(), under.y() / length, 1e-12));
    // The weights are the core's for the normalised vectors.
    attn::Scene s = attn::Scene::defaultScene();
    s.keys.row(1) << under.x(), under.y();
    for (int i = 0; i < 3; ++i)
        s.keys.row(i).normalize();
    s.query.normalize();
    // The values stay as they are (the view normalises what is compared, as cosine does).
    const attn::AttentionResult ref = reference(s);
    for (int i = 0; i < 3; ++i)
        QVERIFY(near(m_model->result().weights[i], ref.weights[i], 1e-12));
}

void TestCanvasWidget::fitAllShowsEverything()
{
    m_model->setKey(0, vec(8, 3));
    m_model->setValue(2, vec(-5, -6));
    m_canvas->fitAll();
    const QRect inside = m_canvas->rect().adjusted(20, 10, -20, -10);
    for (const QPointF p : {QPointF(8, 3), QPointF(-5, -6), QPointF(0, 0), QPointF(-1, 0),
                            QPointF(0, 1), QPointF(1.2, 0.8)})
        QVERIFY2(inside.contains(screenOf(p)),
                 qPrintable(QStringLiteral("%1,%2").arg(p.x()).arg(p.y())));
    // Tips land inside a margin that leaves room for their labels.
    QVERIFY(screenOf(QPointF(8, 3)).x() < 800 - 60);
}

// --- Painting ---------------------------------------------------------------------------------

void TestCanvasWidget::paintSceneDrawsTheVectors()
{
    for (const QSize size : {QSize(800, 600), QSize(1280, 800), QSize(1920, 1080)}) {
        QImage image(size, QImage::Format_ARGB32);
        image.fill(Qt::black);
        QPainter painter(&image);
        m_canvas->paintScene(painter, image.rect());
        painter.end();
        // The visible plane is kept for a larger target: map through the same part of the plane.
        const double factor = std::min(size.width() / 800.0, size.height() / 600.0);
        ViewTransform view = m_canvas->view();
        view.setScale(view.scale() * factor);
        view.setViewportSize(size);
        auto colourAt = [&](QPointF world) {
            return image.pixelColor(view.toScreen(world).toPoint());
        };
        // The background is painted; the query's shaft is red; a value's shaft is green.
        QCOMPARE(image.pixelColor(2, 2).alpha(), 255);
        const QColor q = colourAt(QPointF(0.6, 0.4));
        QVERIFY2(q.red() > 150 && q.green() < 100 && q.blue() < 100, qPrintable(q.name()));
        const QColor v = colourAt(QPointF(0, 0.5));
        QVERIFY2(v.green() > v.red() + 50 && v.green() > v.blue() + 50, qPrintable(v.name()));
    }
}

void TestCanvasWidget::paintSixtyFourKeys()
{
    attn::Scene s = attn::Scene::defaultScene();
    s.keys = attn::Matrix(64, 2);
    s.values = attn::Matrix(64, 2);
    for (int i = 0; i < 64; ++i) {
        const double a = 2 * 3.141592653589793 * i / 64;
        s.keys.row(i) << (1 + 0.3 * (i % 3)) * std::cos(a), (1 + 0.3 * (i % 3)) * std::sin(a);
        s.values.row(i) << std::cos(a + 0.5), std::sin(a + 0.5);
    }
    QVERIFY(!m_model->setScene(s));
    m_window->resize(1920, 1080);
    QCOMPARE(m_canvas->size(), QSize(1920, 1080));
    m_canvas->fitAll();
    QImage image(1920, 1080, QImage::Format_ARGB32_Premultiplied);
    QPainter painter(&image);
    m_canvas->paintScene(painter, image.rect()); // warm the glyph cache
    QElapsedTimer timer;
    timer.start();
    constexpr int kRuns = 5;
    for (int i = 0; i < kRuns; ++i)
        m_canvas->paintScene(painter, image.rect());
    const double ms = double(timer.nsecsElapsed()) / 1e6 / kRuns;
    qInfo("64 keys at 1920x1080: %.1f ms per paint", ms);
    // A loose bound, for debug builds on a busy machine; release builds paint in a few ms.
    QVERIFY2(ms < 400, qPrintable(QString::number(ms)));
}

QTEST_MAIN(TestCanvasWidget)
#include "tst_canvaswidget.moc"
