#include "canvas/canvaskeyboard.h"
#include "canvas/canvaswidget.h"
#include "canvas/selection.h"
#include "common/canvaswindow.h"
#include "common/smallmatrices.h"
#include "document/sceneeditor.h"
#include "model/scenemodel.h"

#include <QAction>
#include <QApplication>
#include <QKeyEvent>
#include <QLayout>
#include <QLineEdit>
#include <QMenu>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include <cmath>
#include <memory>

using smallmatrices::vec;
using Kind = VectorHandle::Kind;

// Every key is a real key press on the shown canvas; the expected vectors and views are worked
// out by hand from the default scene (q = (1.2, 0.8), k₁ = (0.5, 1), v₁ = (1, 0), k₂ = (1.5, 0.5)).
class TestCanvasKeyboard : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void arrowsNudgeTheSelectedVector_data();
    void arrowsNudgeTheSelectedVector();
    void repeatedNudgesAddUp();
    void arrowsPanWithNothingSelected_data();
    void arrowsPanWithNothingSelected();
    void plusAndMinusZoomAboutTheMiddle();
    void deleteAndBackspaceRemoveTheSelectedKey();
    void deleteWithNothingSelectedSaysWhy();
    void escapeClearsTheSelectionElseGoesToTheWindow();
    void ctrlTabLeavesTheCanvas();
    void shiftF10OpensTheMenuAtTheSelectedTip();

private:
    void select(int tabs);
    QPointF point(const attn::Vector &v) const { return QPointF(v[0], v[1]); }
    /// Runs `key` with `modifiers` and returns the popup menu it opened (closed again), or null.
    QMenu *menuFrom(Qt::Key key, Qt::KeyboardModifiers modifiers, bool *removeEnabled);

    // The scene, its editor and the selection are the canvas's own.
    std::unique_ptr<QWidget> m_window;
    CanvasWidget *m_canvas = nullptr;
    const SceneModel *m_model = nullptr;
    Selection *m_selection = nullptr;
};

void TestCanvasKeyboard::init()
{
    SceneModel *model = nullptr;
    SceneEditor *editor = nullptr;
    QVERIFY(canvaswindow::open(m_window, model, editor, m_selection, m_canvas));
    m_model = model;
    m_canvas->resetView();
    m_canvas->setFocus();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
}

void TestCanvasKeyboard::cleanup()
{
    m_window.reset();
}

void TestCanvasKeyboard::select(int tabs)
{
    m_selection->clear();
    for (int i = 0; i < tabs; ++i)
        QTest::keyClick(m_canvas, Qt::Key_Tab);
}

void TestCanvasKeyboard::arrowsNudgeTheSelectedVector_data()
{
    QTest::addColumn<int>("tabs"); // 1 q, 2 k₁, 3 v₁, 4 k₂
    QTest::addColumn<int>("key");
    QTest::addColumn<Qt::KeyboardModifiers>("modifiers");
    QTest::addColumn<bool>("snap");
    QTest::addColumn<QPointF>("start");
    QTest::addColumn<QPointF>("expected");
    const Qt::KeyboardModifiers none, shift(Qt::ShiftModifier);
    // 1.234 + 0.1 = 1.334, on the 0.1 grid 1.3; with Shift 1.244, on the 0.01 grid 1.24.
    QTest::newRow("q right snapped")
        << 1 << int(Qt::Key_Right) << none << true << QPointF(1.234, 0.8) << QPointF(1.3, 0.8);
    QTest::newRow("q shift right snapped")
        << 1 << int(Qt::Key_Right) << shift << true << QPointF(1.234, 0.8) << QPointF(1.24, 0.8);
    QTest::newRow("q right free") << 1 << int(Qt::Key_Right) << none << false << QPointF(1.234, 0.8)
                                  << QPointF(1.334, 0.8);
    QTest::newRow("q left snapped")
        << 1 << int(Qt::Key_Left) << none << true << QPointF(1.234, 0.8) << QPointF(1.1, 0.8);
    QTest::newRow("k1 up") << 2 << int(Qt::Key_Up) << none << true << QPointF(0.5, 1)
                           << QPointF(0.5, 1.1);
    QTest::newRow("k1 left free") << 2 << int(Qt::Key_Left) << none << false << QPointF(0.5, 1)
                                  << QPointF(0.4, 1);
    QTest::newRow("v1 down") << 3 << int(Qt::Key_Down) << none << true << QPointF(1, 0)
                             << QPointF(1, -0.1);
    QTest::newRow("k2 shift down")
        << 4 << int(Qt::Key_Down) << shift << true << QPointF(1.5, 0.5) << QPointF(1.5, 0.49);
    QTest::newRow("k2 shift up free")
        << 4 << int(Qt::Key_Up) << shift << false << QPointF(1.5, 0.5) << QPointF(1.5, 0.51);
}

void TestCanvasKeyboard::arrowsNudgeTheSelectedVector()
{
    QFETCH(int, tabs);
    QFETCH(int, key);
    QFETCH(Qt::KeyboardModifiers, modifiers);
    QFETCH(bool, snap);
    QFETCH(QPointF, start);
    QFETCH(QPointF, expected);
    m_canvas->setSnapToGrid(snap);
    select(tabs);
    const VectorHandle h = m_selection->handle();
    QVERIFY(m_canvas->setVectorOf(h, vec(start.x(), start.y())));
    const ViewTransform view = m_canvas->view();
    QTest::keyClick(m_canvas, Qt::Key(key), modifiers);
    const QPointF got = point(m_canvas->vectorOf(h));
    QVERIFY2(std::abs(got.x() - expected.x()) < 1e-12 && std::abs(got.y() - expected.y()) < 1e-12,
             qPrintable(QStringLiteral("(%1, %2)").arg(got.x()).arg(got.y())));
    // A nudge moves the vector, not the picture, and is one step to undo.
    QCOMPARE(m_canvas->view(), view);
    m_canvas->editor()->undoStack()->undo();
    QCOMPARE(point(m_canvas->vectorOf(h)), start);
}

void TestCanvasKeyboard::repeatedNudgesAddUp()
{
    // Three times Right and twice Shift+Down from q = (1.2, 0.8): (1.5, 0.78).
    select(1);
    for (int i = 0; i < 3; ++i)
        QTest::keyClick(m_canvas, Qt::Key_Right);
    for (int i = 0; i < 2; ++i)
        QTest::keyClick(m_canvas, Qt::Key_Down, Qt::ShiftModifier);
    QVERIFY(std::abs(m_model->scene().query[0] - 1.5) < 1e-12);
    QVERIFY(std::abs(m_model->scene().query[1] - 0.78) < 1e-12);
}

void TestCanvasKeyboard::arrowsPanWithNothingSelected_data()
{
    QTest::addColumn<int>("key");
    QTest::addColumn<Qt::KeyboardModifiers>("modifiers");
    QTest::addColumn<QPointF>("pixels"); // how far the picture moves on screen
    const Qt::KeyboardModifiers none, shift(Qt::ShiftModifier);
    // The arrow moves the view the arrow's way, so the picture moves the other way: 40 pixels,
    // 10 with Shift.
    QTest::newRow("right") << int(Qt::Key_Right) << none << QPointF(-40, 0);
    QTest::newRow("left") << int(Qt::Key_Left) << none << QPointF(40, 0);
    QTest::newRow("up") << int(Qt::Key_Up) << none << QPointF(0, 40);
    QTest::newRow("down") << int(Qt::Key_Down) << none << QPointF(0, -40);
    QTest::newRow("shift right") << int(Qt::Key_Right) << shift << QPointF(-10, 0);
    QTest::newRow("shift up") << int(Qt::Key_Up) << shift << QPointF(0, 10);
}

void TestCanvasKeyboard::arrowsPanWithNothingSelected()
{
    QFETCH(int, key);
    QFETCH(Qt::KeyboardModifiers, modifiers);
    QFETCH(QPointF, pixels);
    m_selection->clear();
    const ViewTransform before = m_canvas->view();
    const attn::Scene scene = m_model->scene();
    QSignalSpy changed(m_canvas, &CanvasWidget::viewChanged);
    QTest::keyClick(m_canvas, Qt::Key(key), modifiers);
    QCOMPARE(changed.count(), 1);
    const ViewTransform after = m_canvas->view();
    QCOMPARE(after.scale(), before.scale());
    // The world point that was at the middle is now `pixels` away from it.
    const QPointF moved = after.toScreen(before.centre()) - QPointF(400, 300);
    QVERIFY(std::abs(moved.x() - pixels.x()) < 1e-9 && std::abs(moved.y() - pixels.y()) < 1e-9);
    // So the centre moved by −pixels / scale in world units (y up).
    QVERIFY(std::abs(after.centre().x() - (before.centre().x() - pixels.x() / before.scale())) <
            1e-12);
    QVERIFY(std::abs(after.centre().y() - (before.centre().y() + pixels.y() / before.scale())) <
            1e-12);
    QVERIFY(m_model->scene().query == scene.query);
}

void TestCanvasKeyboard::plusAndMinusZoomAboutTheMiddle()
{
    m_selection->clear();
    const ViewTransform home = m_canvas->view();
    QTest::keyClick(m_canvas, Qt::Key_Plus);
    QVERIFY(std::abs(m_canvas->view().scale() - home.scale() * 1.25) < 1e-9);
    QCOMPARE(m_canvas->view().centre(), home.centre());
    QTest::keyClick(m_canvas, Qt::Key_Equal); // + without Shift on most keyboards
    QVERIFY(std::abs(m_canvas->view().scale() - home.scale() * 1.5625) < 1e-9);
    QTest::keyClick(m_canvas, Qt::Key_Minus);
    QTest::keyClick(m_canvas, Qt::Key_Minus);
    QTest::keyClick(m_canvas, Qt::Key_Minus);
    QVERIFY(std::abs(m_canvas->view().scale() - home.scale() / 1.25) < 1e-9);
    QVERIFY(std::abs(m_canvas->view().centre().x() - home.centre().x()) < 1e-12);
    QVERIFY(std::abs(m_canvas->view().centre().y() - home.centre().y()) < 1e-12);
}

void TestCanvasKeyboard::deleteAndBackspaceRemoveTheSelectedKey()
{
    // k₂ = (1.5, 0.5) goes; k₃ = (0.8, 1.2) takes its place and the selection.
    select(4);
    QCOMPARE(m_selection->handle(), (VectorHandle{Kind::Key, 1}));
    QTest::keyClick(m_canvas, Qt::Key_Delete);
    QCOMPARE(m_model->keyCount(), 2);
    QCOMPARE(point(m_model->scene().keys.row(1).transpose()), QPointF(0.8, 1.2));
    QCOMPARE(m_selection->handle(), (VectorHandle{Kind::Key, 1}));
    // Backspace on a value removes its key: v₁ with k₁ = (0.5, 1).
    select(3);
    QTest::keyClick(m_canvas, Qt::Key_Backspace);
    QCOMPARE(m_model->keyCount(), 1);
    QCOMPARE(point(m_model->scene().keys.row(0).transpose()), QPointF(0.8, 1.2));
}

void TestCanvasKeyboard::deleteWithNothingSelectedSaysWhy()
{
    QSignalSpy status(m_canvas, &CanvasWidget::statusMessage);
    select(1); // the query is no key
    QTest::keyClick(m_canvas, Qt::Key_Delete);
    m_selection->clear();
    QTest::keyClick(m_canvas, Qt::Key_Delete);
    QCOMPARE(m_model->keyCount(), 3);
    QCOMPARE(status.count(), 2);
    QCOMPARE(status.at(0).at(0).toString(), QStringLiteral("Select a key or a value to remove it"));
}

void TestCanvasKeyboard::escapeClearsTheSelectionElseGoesToTheWindow()
{
    select(2);
    QKeyEvent first(QEvent::KeyPress, Qt::Key_Escape, Qt::NoModifier);
    QApplication::sendEvent(m_canvas, &first);
    QVERIFY(first.isAccepted());
    QCOMPARE(m_selection->kind(), Selection::Kind::None);
    // Now the canvas does not want it: the key goes on to the window (a dialog would close).
    QKeyEvent second(QEvent::KeyPress, Qt::Key_Escape, Qt::NoModifier);
    QApplication::sendEvent(m_canvas, &second);
    QVERIFY(!second.isAccepted());
}

void TestCanvasKeyboard::ctrlTabLeavesTheCanvas()
{
    auto *edit = new QLineEdit(m_window.get());
    m_window->layout()->addWidget(edit);
    QTRY_VERIFY(edit->isVisible());
    m_canvas->setFocus();
    QTRY_COMPARE(QApplication::focusWidget(), m_canvas);
    // Tab stays inside and selects; Ctrl+Tab leaves.
    QTest::keyClick(m_canvas, Qt::Key_Tab);
    QCOMPARE(QApplication::focusWidget(), m_canvas);
    QCOMPARE(m_selection->kind(), Selection::Kind::Query);
    QTest::keyClick(m_canvas, Qt::Key_Tab, Qt::ControlModifier);
    QTRY_COMPARE(QApplication::focusWidget(), edit);
    QCOMPARE(m_selection->kind(), Selection::Kind::Query);
}

QMenu *TestCanvasKeyboard::menuFrom(Qt::Key key, Qt::KeyboardModifiers modifiers,
                                    bool *removeEnabled)
{
    // exec() blocks: look at the popup from inside its loop, then close it.
    QMenu *seen = nullptr;
    QTimer::singleShot(0, this, [&] {
        seen = qobject_cast<QMenu *>(QApplication::activePopupWidget());
        if (seen) {
            const QAction *remove = seen->findChild<QAction *>(QStringLiteral("removeKey"));
            *removeEnabled = remove && remove->isEnabled();
            seen->close();
        }
    });
    QTest::keyClick(m_canvas, key, modifiers);
    QApplication::processEvents(); // the timer, when no menu ran its loop
    return seen;
}

void TestCanvasKeyboard::shiftF10OpensTheMenuAtTheSelectedTip()
{
    // At k₂'s tip the menu offers to remove that key.
    select(4);
    bool removeEnabled = false;
    QVERIFY(menuFrom(Qt::Key_F10, Qt::ShiftModifier, &removeEnabled));
    QVERIFY(removeEnabled);
    // With nothing selected it opens in the middle, where no tip is: nothing to remove.
    m_selection->clear();
    QVERIFY(menuFrom(Qt::Key_F10, Qt::ShiftModifier, &removeEnabled));
    QVERIFY(!removeEnabled);
    // F10 alone is not the menu key.
    QVERIFY(!menuFrom(Qt::Key_F10, Qt::NoModifier, &removeEnabled));
}

QTEST_MAIN(TestCanvasKeyboard)
#include "tst_canvaskeyboard.moc"
