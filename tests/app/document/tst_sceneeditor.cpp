#include "canvas/canvaswidget.h"
#include "canvas/selection.h"
#include "common/datacolumns.h"
#include "common/scenebits.h"
#include "common/smallmatrices.h"
#include "core/headpresets.h"
#include "core/scene.h"
#include "document/sceneeditor.h"
#include "model/scenemodel.h"

#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>
#include <QVBoxLayout>

#include <cmath>
#include <functional>
#include <memory>

// Undo and redo of every kind of edit: each returns the exact earlier scene (bit for bit), a
// drag of the canvas is one step, typing into one box is one step, and a new edit drops the
// steps that could be redone.

using Edit = SceneEditor::Edit;
using Action = std::function<bool(SceneEditor &)>;
Q_DECLARE_METATYPE(Action)

namespace {
using smallmatrices::vec;
} // namespace

class TestSceneEditor : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void undoRedoEachEdit_data();
    void undoRedoEachEdit();
    void refusedOrEmptyEditsMakeNoStep_data();
    void refusedOrEmptyEditsMakeNoStep();
    void sequenceUndoesInOrder();
    void newEditClearsRedo();
    void typingIntoOneEntryMerges();
    void differentEntriesDoNotMerge();
    void temperatureSlideIsOneStep();
    void dragIsOneStep();
    void twoDragsAreTwoSteps();
    void cancelledDragLeavesNoStep();
    void clickWithoutMoveLeavesNoStep();
    void cleanFollowsUndo();
    void resetSceneClearsHistory();
    void badResetChangesNothing();
    void stepTexts();
    void addKeyInEmptiestDirection();
    void addKeyInEmptiestDirectionRefusedAt64();
    void addKeyTowards_data();
    void addKeyTowards();
    void toggleMasked();

private:
    std::unique_ptr<SceneModel> m_model;
    std::unique_ptr<SceneEditor> m_editor;
    QUndoStack *stack() const { return m_editor->undoStack(); }
};

void TestSceneEditor::init()
{
    m_model = std::make_unique<SceneModel>();
    m_editor = std::make_unique<SceneEditor>(m_model.get());
}

void TestSceneEditor::cleanup()
{
    m_editor.reset();
    m_model.reset();
}

void TestSceneEditor::undoRedoEachEdit_data()
{
    dataColumns<Action, QString>("action", "text");

    QTest::addRow("move query") << Action([](SceneEditor &e) { return e.setQuery(vec(-0.3, 2.1)); })
                                << "Move Query";
    QTest::addRow("move key 2") << Action([](SceneEditor &e) {
        return e.setKey(1, vec(0.25, -1.5));
    }) << "Move Key 2";
    QTest::addRow("move value 3") << Action([](SceneEditor &e) {
        return e.setValue(2, vec(-1, 0.5));
    }) << "Move Value 3";
    QTest::addRow("add key") << Action([](SceneEditor &e) {
        return e.addKey(vec(-1, -1), vec(0.5, 0.5));
    }) << "Add Key";
    QTest::addRow("remove key 1") << Action([](SceneEditor &e) { return e.removeKey(0); })
                                  << "Remove Key 1";
    QTest::addRow("remove last key")
        << Action([](SceneEditor &e) { return e.removeKey(2); }) << "Remove Key 3";
    QTest::addRow("mask key 2") << Action([](SceneEditor &e) { return e.setMasked(1, true); })
                                << "Mask Key 2";
    QTest::addRow("method") << Action([](SceneEditor &e) {
        return e.setMethod(attn::Method::Cosine);
    }) << "Change Method to Cosine similarity";
    QTest::addRow("temperature") << Action([](SceneEditor &e) { return e.setTemperature(0.05); })
                                 << "Change Temperature";
    QTest::addRow("scale dim") << Action([](SceneEditor &e) { return e.setScaleDim(64.0); })
                               << "Change Scaling Dimension";
    QTest::addRow("W entry") << Action([](SceneEditor &e) {
        attn::Matrix w = e.model()->scene().general;
        w(0, 1) = -0.75;
        return e.setGeneral(w, Edit::General, -1, 1);
    }) << "Edit W";
    QTest::addRow("W column drag target") << Action([](SceneEditor &e) {
        attn::Matrix w = e.model()->scene().general;
        w.col(1) = vec(0.5, 2);
        return e.setGeneral(w, Edit::MoveGeneralColumn, 1);
    }) << "Move Column 2 of W";
    QTest::addRow("additive b entry") << Action([](SceneEditor &e) {
        attn::AdditiveParams p = e.model()->scene().additive;
        p.b(2) = 0.125;
        return e.setAdditive(p, Edit::Additive, 7);
    }) << "Edit Additive Parameters";
    QTest::addRow("hidden size") << Action([](SceneEditor &e) {
        return e.setAdditive(attn::presets::withHiddenSize(e.model()->scene().additive, 7, 11),
                             Edit::HiddenSize);
    }) << "Change Hidden Size";
    QTest::addRow("head count 5") << Action([](SceneEditor &e) {
        return e.setMultiHead(attn::presets::withHeadCount(e.model()->scene().multiHead, 5),
                              Edit::HeadCount);
    }) << "Change Number of Heads";
    QTest::addRow("head count 1") << Action([](SceneEditor &e) {
        return e.setMultiHead(attn::presets::withHeadCount(e.model()->scene().multiHead, 1),
                              Edit::HeadCount);
    }) << "Change Number of Heads";
    QTest::addRow("head 2 W_Q entry") << Action([](SceneEditor &e) {
        attn::MultiHeadParams p = e.model()->scene().multiHead;
        p.heads[1].wq(0, 0) = 3;
        return e.setMultiHead(p, Edit::Head, 1, 0);
    }) << "Edit Head 2";
    QTest::addRow("W_O entry") << Action([](SceneEditor &e) {
        attn::MultiHeadParams p = e.model()->scene().multiHead;
        p.wo(1, 0) = -0.0; // −0 differs from +0 only in its bits
        return e.setMultiHead(p, Edit::Output, -1, 2);
    }) << "Edit W_O";
}

void TestSceneEditor::undoRedoEachEdit()
{
    QFETCH(Action, action);
    QFETCH(QString, text);
    const attn::Scene before = m_model->scene();
    QVERIFY(action(*m_editor));
    const attn::Scene after = m_model->scene();
    QVERIFY(!scenebits::difference(after, before).isEmpty());
    QCOMPARE(stack()->count(), 1);
    QCOMPARE(stack()->undoText(), text);
    QVERIFY(!m_editor->isClean());

    stack()->undo();
    COMPARE_SCENES(m_model->scene(), before);
    QVERIFY(m_editor->isClean());
    QCOMPARE(stack()->redoText(), text);
    stack()->redo();
    COMPARE_SCENES(m_model->scene(), after);
    stack()->undo();
    COMPARE_SCENES(m_model->scene(), before);
}

void TestSceneEditor::refusedOrEmptyEditsMakeNoStep_data()
{
    dataColumns<Action, bool>("action", "accepted");

    QTest::addRow("same method") << Action([](SceneEditor &e) {
        return e.setMethod(attn::Method::Dot);
    }) << true;
    QTest::addRow("same query") << Action([](SceneEditor &e) { return e.setQuery(vec(1.2, 0.8)); })
                                << true;
    QTest::addRow("τ = 0") << Action([](SceneEditor &e) { return e.setTemperature(0); }) << false;
    QTest::addRow("NaN key") << Action([](SceneEditor &e) {
        return e.setKey(0, vec(std::nan(""), 1));
    }) << false;
    QTest::addRow("key out of range")
        << Action([](SceneEditor &e) { return e.setKey(3, vec(1, 1)); }) << false;
    QTest::addRow("mask every key") << Action([](SceneEditor &e) {
        return e.setMasked(0, true) && e.setMasked(1, true) && e.setMasked(2, true);
    }) << false;
}

void TestSceneEditor::refusedOrEmptyEditsMakeNoStep()
{
    QFETCH(Action, action);
    QFETCH(bool, accepted);
    const int stepsBefore = stack()->count();
    // "mask every key" makes two steps before the third is refused.
    QCOMPARE(action(*m_editor), accepted);
    if (QByteArray(QTest::currentDataTag()) == "mask every key") {
        QCOMPARE(stack()->count(), 2);
        QCOMPARE(m_model->scene().mask, attn::Mask({true, true, false}));
    } else {
        QCOMPARE(stack()->count(), stepsBefore);
        QVERIFY(m_editor->isClean());
    }
}

void TestSceneEditor::sequenceUndoesInOrder()
{
    std::vector<attn::Scene> states{m_model->scene()};
    QVERIFY(m_editor->setQuery(vec(2, 2)));
    states.push_back(m_model->scene());
    QVERIFY(m_editor->addKey(vec(-1, 0), vec(0, -1)));
    states.push_back(m_model->scene());
    QVERIFY(m_editor->setMethod(attn::Method::MultiHead));
    states.push_back(m_model->scene());
    QVERIFY(m_editor->setMultiHead(attn::presets::withHeadCount(m_model->scene().multiHead, 3),
                                   Edit::HeadCount));
    states.push_back(m_model->scene());
    QVERIFY(m_editor->removeKey(1));
    states.push_back(m_model->scene());
    QVERIFY(m_editor->setTemperature(4));
    states.push_back(m_model->scene());
    QCOMPARE(stack()->count(), 6);
    QCOMPARE(m_model->keyCount(), 3);

    for (int i = 5; i >= 0; --i) {
        stack()->undo();
        COMPARE_SCENES(m_model->scene(), states[std::size_t(i)]);
    }
    QVERIFY(!stack()->canUndo());
    for (int i = 1; i <= 6; ++i) {
        stack()->redo();
        COMPARE_SCENES(m_model->scene(), states[std::size_t(i)]);
    }
    QVERIFY(!stack()->canRedo());
    // The model's derived state follows too: the result is for the restored scene.
    stack()->setIndex(2);
    COMPARE_SCENES(m_model->scene(), states[2]);
    QCOMPARE(m_model->keyCount(), 4);
    QVERIFY(m_model->hasResult());
    QCOMPARE(m_model->result().weights.size(), 4);
}

void TestSceneEditor::newEditClearsRedo()
{
    const attn::Scene original = m_model->scene();
    QVERIFY(m_editor->setQuery(vec(0, 1)));
    const attn::Scene afterA = m_model->scene();
    QVERIFY(m_editor->setKey(0, vec(3, 3)));
    stack()->undo();
    COMPARE_SCENES(m_model->scene(), afterA);
    QVERIFY(stack()->canRedo());

    QVERIFY(m_editor->setMethod(attn::Method::Cosine));
    QVERIFY(!stack()->canRedo());
    QCOMPARE(stack()->count(), 2);
    QCOMPARE(stack()->undoText(), QStringLiteral("Change Method to Cosine similarity"));
    stack()->undo();
    COMPARE_SCENES(m_model->scene(), afterA);
    stack()->undo();
    COMPARE_SCENES(m_model->scene(), original);
}

void TestSceneEditor::typingIntoOneEntryMerges()
{
    const attn::Scene original = m_model->scene();
    // Typing "-0.25" into W(1,0): the box reports every intermediate value.
    for (const double x : {0.0, -0.2, -0.25}) {
        attn::Matrix w = m_model->scene().general;
        w(1, 0) = x;
        QVERIFY(m_editor->setGeneral(w, Edit::General, -1, 2));
    }
    QCOMPARE(stack()->count(), 1);
    QCOMPARE(m_model->scene().general(1, 0), -0.25);
    stack()->undo();
    COMPARE_SCENES(m_model->scene(), original);
}

void TestSceneEditor::differentEntriesDoNotMerge()
{
    attn::Matrix w = m_model->scene().general;
    w(0, 0) = 2;
    QVERIFY(m_editor->setGeneral(w, Edit::General, -1, 0));
    const attn::Scene afterFirst = m_model->scene();
    w(1, 1) = 3;
    QVERIFY(m_editor->setGeneral(w, Edit::General, -1, 3));
    QCOMPARE(stack()->count(), 2);
    stack()->undo();
    COMPARE_SCENES(m_model->scene(), afterFirst);

    // Edits without an entry (a button, a spin box of sizes) are each a step of their own.
    QVERIFY(m_editor->setMultiHead(attn::presets::withHeadCount(m_model->scene().multiHead, 3),
                                   Edit::HeadCount));
    QVERIFY(m_editor->setMultiHead(attn::presets::withHeadCount(m_model->scene().multiHead, 4),
                                   Edit::HeadCount));
    QCOMPARE(stack()->count(), 3);
}

void TestSceneEditor::temperatureSlideIsOneStep()
{
    for (const double t : {0.9, 0.5, 0.2, 0.07})
        QVERIFY(m_editor->setTemperature(t));
    QCOMPARE(stack()->count(), 1);
    stack()->undo();
    QCOMPARE(m_model->scene().temperature, 1.0);
}

namespace {
/// A canvas in a window, for real mouse drags.
struct CanvasHarness
{
    explicit CanvasHarness(SceneEditor *editor)
    {
        auto *layout = new QVBoxLayout(&window);
        layout->setContentsMargins(0, 0, 0, 0);
        canvas = new CanvasWidget(editor, &selection);
        layout->addWidget(canvas);
        window.resize(800, 600);
        window.show();
    }
    QPoint screenOf(double x, double y) const
    {
        return canvas->view().toScreen(QPointF(x, y)).toPoint();
    }
    void drag(QPoint from, QPoint to, int steps = 8)
    {
        QTest::mousePress(canvas, Qt::LeftButton, {}, from);
        for (int i = 1; i <= steps; ++i)
            QTest::mouseMove(canvas, from + (to - from) * i / steps);
        QTest::mouseRelease(canvas, Qt::LeftButton, {}, to);
    }

    QWidget window;
    Selection selection;
    CanvasWidget *canvas = nullptr;
};
} // namespace

void TestSceneEditor::dragIsOneStep()
{
    CanvasHarness h(m_editor.get());
    QVERIFY(QTest::qWaitForWindowExposed(&h.window));
    h.canvas->resetView();
    const attn::Scene original = m_model->scene();
    h.drag(h.screenOf(1.2, 0.8), h.screenOf(-0.5, 1.0));
    QVERIFY(std::abs(m_model->scene().query[0] - -0.5) < 0.11);
    QVERIFY(!m_editor->isDragging());
    QCOMPARE(stack()->count(), 1);
    QCOMPARE(stack()->undoText(), QStringLiteral("Move Query"));
    const attn::Scene dragged = m_model->scene();
    stack()->undo();
    COMPARE_SCENES(m_model->scene(), original);
    stack()->redo();
    COMPARE_SCENES(m_model->scene(), dragged);
}

void TestSceneEditor::twoDragsAreTwoSteps()
{
    CanvasHarness h(m_editor.get());
    QVERIFY(QTest::qWaitForWindowExposed(&h.window));
    h.canvas->resetView();
    const attn::Scene original = m_model->scene();
    // The query twice, then key 2: three drags, three steps.
    h.drag(h.screenOf(1.2, 0.8), h.screenOf(1.0, 0.0));
    const attn::Scene first = m_model->scene();
    h.drag(h.screenOf(1.0, 0.0), h.screenOf(0.0, -1.0));
    const attn::Scene second = m_model->scene();
    h.drag(h.screenOf(1.5, 0.5), h.screenOf(-1.0, 0.5));
    QCOMPARE(stack()->count(), 3);
    QCOMPARE(stack()->undoText(), QStringLiteral("Move Key 2"));
    stack()->undo();
    COMPARE_SCENES(m_model->scene(), second);
    stack()->undo();
    COMPARE_SCENES(m_model->scene(), first);
    stack()->undo();
    COMPARE_SCENES(m_model->scene(), original);
}

void TestSceneEditor::cancelledDragLeavesNoStep()
{
    CanvasHarness h(m_editor.get());
    QVERIFY(QTest::qWaitForWindowExposed(&h.window));
    h.canvas->resetView();
    h.canvas->setFocus();
    const attn::Scene original = m_model->scene();
    const QPoint from = h.screenOf(0.8, 1.2);
    QTest::mousePress(h.canvas, Qt::LeftButton, {}, from);
    for (int i = 1; i <= 5; ++i)
        QTest::mouseMove(h.canvas, from + QPoint(20 * i, 10 * i));
    QVERIFY(scenebits::difference(m_model->scene(), original).size() > 0);
    QTest::keyClick(h.canvas, Qt::Key_Escape);
    QTest::mouseRelease(h.canvas, Qt::LeftButton, {}, from + QPoint(100, 50));
    COMPARE_SCENES(m_model->scene(), original);
    QCOMPARE(stack()->count(), 0);
    QVERIFY(m_editor->isClean());
}

void TestSceneEditor::clickWithoutMoveLeavesNoStep()
{
    CanvasHarness h(m_editor.get());
    QVERIFY(QTest::qWaitForWindowExposed(&h.window));
    h.canvas->resetView();
    QTest::mouseClick(h.canvas, Qt::LeftButton, {}, h.screenOf(1.2, 0.8));
    QCOMPARE(stack()->count(), 0);
    // A nudge with the arrow keys after the click is a step of its own.
    h.canvas->setFocus();
    QTest::keyClick(h.canvas, Qt::Key_Right);
    QCOMPARE(stack()->count(), 1);
    QTest::keyClick(h.canvas, Qt::Key_Right);
    QCOMPARE(stack()->count(), 2);
}

void TestSceneEditor::cleanFollowsUndo()
{
    QSignalSpy clean(m_editor.get(), &SceneEditor::cleanChanged);
    QVERIFY(m_editor->setQuery(vec(1, 1)));
    QCOMPARE(clean.count(), 1);
    QCOMPARE(clean.last().at(0).toBool(), false);
    m_editor->setClean(); // saved here
    QVERIFY(m_editor->isClean());
    QVERIFY(m_editor->setQuery(vec(2, 1)));
    QVERIFY(!m_editor->isClean());
    stack()->undo();
    QVERIFY(m_editor->isClean());
    stack()->undo();
    QVERIFY(!m_editor->isClean());
    // A new edit from here drops the saved state: the scene cannot become clean by redo.
    QVERIFY(m_editor->setMethod(attn::Method::Scaled));
    QVERIFY(!m_editor->isClean());
    QVERIFY(!stack()->canRedo());
}

void TestSceneEditor::resetSceneClearsHistory()
{
    QVERIFY(m_editor->setQuery(vec(1, 1)));
    QVERIFY(m_editor->setTemperature(3));
    attn::Scene other = attn::Scene::defaultScene();
    other.method = attn::Method::General;
    other.temperature = 0.5;
    QVERIFY(!m_editor->resetScene(other).has_value());
    COMPARE_SCENES(m_model->scene(), other);
    QCOMPARE(stack()->count(), 0);
    QVERIFY(m_editor->isClean());
}

void TestSceneEditor::badResetChangesNothing()
{
    QVERIFY(m_editor->setQuery(vec(1, 1)));
    const attn::Scene current = m_model->scene();
    attn::Scene bad = attn::Scene::defaultScene();
    bad.temperature = -1;
    const auto error = m_editor->resetScene(bad);
    QVERIFY(error.has_value());
    QCOMPARE(error->code, attn::ErrorCode::BadTemperature);
    COMPARE_SCENES(m_model->scene(), current);
    QCOMPARE(stack()->count(), 1);
    QCOMPARE(stack()->index(), 1);
    QVERIFY(!m_editor->isClean());
}

void TestSceneEditor::stepTexts()
{
    QCOMPARE(SceneEditor::describe(Edit::MoveQuery, -1), QStringLiteral("Move Query"));
    QCOMPARE(SceneEditor::describe(Edit::RemoveKey, 4), QStringLiteral("Remove Key 5"));
    QCOMPARE(SceneEditor::describe(Edit::KeyDim, 0),
             QStringLiteral("Change Key Dimension of Head 1"));
    // Every kind has a name.
    for (int e = 0; e <= int(Edit::AverageOutput); ++e)
        QVERIFY2(!SceneEditor::describe(Edit(e), 0).isEmpty(), qPrintable(QString::number(e)));
}

void TestSceneEditor::addKeyInEmptiestDirection()
{
    // The default keys point at atan2(1, 0.5) = 63.43°, atan2(0.5, 1.5) = 18.43° and
    // atan2(1.2, 0.8) = 56.31°. The widest gap runs from 63.43° round to 378.43°: its middle is
    // 220.93°. No multiple of 15° does as well (225° is 153.43° from 18.43°), the whole degree
    // 221° is 157.57° and 157.43° from its neighbours: (cos 221°, sin 221°) = (−0.7547, −0.6561).
    const int index = m_editor->addKeyInEmptiestDirection();
    QCOMPARE(index, 3);
    QCOMPARE(m_model->keyCount(), 4);
    QCOMPARE(m_model->scene().keys(3, 0), -0.75);
    QCOMPARE(m_model->scene().keys(3, 1), -0.66);
    QCOMPARE(m_model->scene().values(3, 0), -0.75);
    QCOMPARE(m_model->scene().values(3, 1), -0.66);
    // One step, named as the Edit menu names it, and undone as a whole.
    QCOMPARE(stack()->count(), 1);
    QCOMPARE(stack()->undoText(), QStringLiteral("Add Key"));
    stack()->undo();
    QCOMPARE(m_model->keyCount(), 3);

    // From a single key along x the next goes the opposite way, then the tidy 90° between them.
    attn::Scene one = attn::Scene::defaultScene();
    one.keys = attn::Matrix(1, 2);
    one.keys << 2, 0;
    one.values = one.keys;
    QVERIFY(!m_editor->resetScene(one));
    QCOMPARE(m_editor->addKeyInEmptiestDirection(), 1);
    QCOMPARE(m_model->scene().keys(1, 0), -1.0);
    QCOMPARE(m_model->scene().keys(1, 1), 0.0);
    QCOMPARE(m_editor->addKeyInEmptiestDirection(), 2);
    QCOMPARE(m_model->scene().keys(2, 0), 0.0);
    QCOMPARE(m_model->scene().keys(2, 1), 1.0);
}

void TestSceneEditor::addKeyInEmptiestDirectionRefusedAt64()
{
    while (m_model->keyCount() < attn::Scene::kMaxKeys)
        QVERIFY(m_editor->addKeyInEmptiestDirection() >= 0);
    const int steps = stack()->count();
    QCOMPARE(m_editor->addKeyInEmptiestDirection(), -1);
    QCOMPARE(m_editor->addKeyTowards(vec(1, 1)), -1);
    QCOMPARE(m_model->keyCount(), attn::Scene::kMaxKeys);
    QCOMPARE(stack()->count(), steps);
}

void TestSceneEditor::addKeyTowards_data()
{
    dataColumns<double, double, double, double>("x", "y", "vx", "vy");
    // The value is the key's direction at unit length, to hundredths.
    QTest::addRow("3-4-5") << 0.3 << 0.4 << 0.6 << 0.8;
    QTest::addRow("diagonal") << -2.0 << 2.0 << -0.71 << 0.71; // 1/√2 = 0.7071
    QTest::addRow("along −y") << 0.0 << -0.5 << 0.0 << -1.0;
    QTest::addRow("origin") << 0.0 << 0.0 << 1.0 << 0.0;
}

void TestSceneEditor::addKeyTowards()
{
    QFETCH(double, x);
    QFETCH(double, y);
    QFETCH(double, vx);
    QFETCH(double, vy);
    QCOMPARE(m_editor->addKeyTowards(vec(x, y)), 3);
    QCOMPARE(m_model->scene().keys(3, 0), x);
    QCOMPARE(m_model->scene().keys(3, 1), y);
    QCOMPARE(m_model->scene().values(3, 0), vx);
    QCOMPARE(m_model->scene().values(3, 1), vy);
    QCOMPARE(stack()->undoText(), QStringLiteral("Add Key"));
}

void TestSceneEditor::toggleMasked()
{
    QVERIFY(m_editor->toggleMasked(1));
    QCOMPARE(m_model->scene().mask, attn::Mask({false, true, false}));
    QCOMPARE(stack()->undoText(), QStringLiteral("Mask Key 2"));
    QVERIFY(m_editor->toggleMasked(1));
    QVERIFY(m_model->scene().mask.empty()); // nothing masked is no mask
    QCOMPARE(stack()->undoText(), QStringLiteral("Unmask Key 2"));
    // The last unmasked key stays.
    QVERIFY(m_editor->toggleMasked(0));
    QVERIFY(m_editor->toggleMasked(1));
    const int steps = stack()->count();
    QVERIFY(!m_editor->toggleMasked(2));
    QCOMPARE(stack()->count(), steps);
}

QTEST_MAIN(TestSceneEditor)
#include "tst_sceneeditor.moc"
