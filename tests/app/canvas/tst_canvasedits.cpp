#include "canvas/canvasedits.h"
#include "canvas/scenehandles.h"
#include "canvas/selection.h"
#include "canvas/vectordialog.h"
#include "common/smallmatrices.h"
#include "core/scene.h"
#include "document/sceneeditor.h"
#include "model/scenemodel.h"

#include <QLineEdit>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>
#include <QWidget>

#include <cmath>
#include <memory>

using smallmatrices::vec;
using Kind = VectorHandle::Kind;

// The default scene: q = (1.2, 0.8), keys (0.5, 1), (1.5, 0.5), (0.8, 1.2), values (1, 0),
// (0, 1), (1, 1). Every expected vector is worked out by hand.
class TestCanvasEdits : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void setVectorOfEachKind();
    void moveHandleSnaps_data();
    void moveHandleSnaps();
    void moveHandleWhileNormalisedDoesNotSnap();
    void addKeySelectsIt();
    void addKeyAtSnaps();
    void addingBeyond64IsRefused();
    void removeKeyOfNeedsAKeyRow();
    void removeKeyKeepsTheSelectionAndRefusesTheLast();
    void maskingTheLastUnmaskedKeyIsRefused();
    void typeCoordinatesSetsTheVector();
    void typeCoordinatesForAKeyThatWentSetsNothing();

private:
    QPointF point(const attn::Vector &v) const { return QPointF(v[0], v[1]); }
    QPointF keyAt(int i) const { return point(m_model->scene().keys.row(i).transpose()); }

    std::unique_ptr<QObject> m_owner;
    SceneModel *m_model = nullptr;
    SceneEditor *m_editor = nullptr;
    Selection *m_selection = nullptr;
    std::unique_ptr<SceneHandles> m_handles;
    std::unique_ptr<CanvasEdits> m_edits;
};

void TestCanvasEdits::init()
{
    m_owner = std::make_unique<QObject>();
    m_model = new SceneModel(m_owner.get());
    m_editor = new SceneEditor(m_model, m_owner.get());
    m_selection = new Selection(m_owner.get());
    m_handles = std::make_unique<SceneHandles>(m_model);
    m_edits = std::make_unique<CanvasEdits>(m_editor, m_handles.get(), m_selection);
}

void TestCanvasEdits::cleanup()
{
    m_edits.reset();
    m_handles.reset();
    m_owner.reset();
}

void TestCanvasEdits::setVectorOfEachKind()
{
    QVERIFY(m_edits->setVectorOf({Kind::Query}, vec(0.3, -0.7)));
    QVERIFY(m_edits->setVectorOf({Kind::Key, 1}, vec(2, 2)));
    QVERIFY(m_edits->setVectorOf({Kind::Value, 2}, vec(-1, 0.5)));
    QCOMPARE(point(m_model->scene().query), QPointF(0.3, -0.7));
    QCOMPARE(keyAt(1), QPointF(2, 2));
    QCOMPARE(point(m_model->scene().values.row(2).transpose()), QPointF(-1, 0.5));
    QVERIFY(!m_edits->setVectorOf({}, vec(1, 1)));
    // Each is one undo step.
    QCOMPARE(m_editor->undoStack()->count(), 3);
    // W's column 1 (the second) changes alone; column 0 stays.
    m_model->setMethod(attn::Method::General);
    const attn::Matrix before = m_handles->generalMatrix();
    QVERIFY(m_edits->setVectorOf({Kind::GeneralColumn, 1}, vec(0.25, -2)));
    const attn::Matrix &w = m_model->scene().general;
    QCOMPARE(w(0, 1), 0.25);
    QCOMPARE(w(1, 1), -2.0);
    QCOMPARE(w(0, 0), before(0, 0));
    QCOMPARE(w(1, 0), before(1, 0));
}

void TestCanvasEdits::moveHandleSnaps_data()
{
    QTest::addColumn<bool>("snap");
    QTest::addColumn<QPointF>("world");
    QTest::addColumn<QPointF>("expected");
    QTest::newRow("snapped") << true << QPointF(1.234, -0.86) << QPointF(1.2, -0.9);
    QTest::newRow("snapped half up") << true << QPointF(0.26, 0.04) << QPointF(0.3, 0);
    QTest::newRow("free") << false << QPointF(1.234, -0.86) << QPointF(1.234, -0.86);
}

void TestCanvasEdits::moveHandleSnaps()
{
    QFETCH(bool, snap);
    QFETCH(QPointF, world);
    QFETCH(QPointF, expected);
    m_edits->setSnapToGrid(snap);
    QCOMPARE(m_edits->snapToGrid(), snap);
    QVERIFY(m_edits->moveHandle({Kind::Key, 0}, world));
    QVERIFY(std::abs(keyAt(0).x() - expected.x()) < 1e-12);
    QVERIFY(std::abs(keyAt(0).y() - expected.y()) < 1e-12);
}

void TestCanvasEdits::moveHandleWhileNormalisedDoesNotSnap()
{
    m_model->setNormalised(true);
    QVERIFY(m_edits->snapToGrid());
    QVERIFY(m_edits->moveHandle({Kind::Query}, QPointF(1.234, -0.86)));
    QCOMPARE(point(m_model->scene().query), QPointF(1.234, -0.86));
}

void TestCanvasEdits::addKeySelectsIt()
{
    m_edits->addKey();
    QCOMPARE(m_model->keyCount(), 4);
    QCOMPARE(m_selection->handle(), (VectorHandle{Kind::Key, 3}));
    // Unit length, in the middle of the widest gap between the keys at atan(0.5 / 1.5) = 18.43°
    // and atan(1 / 0.5) = 63.43°: (18.43° + 360° + 63.43°) / 2 = 220.93°, as a whole degree 221°,
    // (cos 221°, sin 221°) = (−0.7547, −0.6561) on the 0.01 grid.
    const QPointF k = keyAt(3);
    QVERIFY(std::abs(k.x() - -0.75) < 1e-12 && std::abs(k.y() - -0.66) < 1e-12);
}

void TestCanvasEdits::addKeyAtSnaps()
{
    m_edits->addKeyAt(QPointF(0.47, -0.52));
    QCOMPARE(m_model->keyCount(), 4);
    QVERIFY(std::abs(keyAt(3).x() - 0.5) < 1e-12 && std::abs(keyAt(3).y() + 0.5) < 1e-12);
    QCOMPARE(m_selection->handle(), (VectorHandle{Kind::Key, 3}));
    m_edits->setSnapToGrid(false);
    m_edits->addKeyAt(QPointF(0.47, -0.52));
    QCOMPARE(keyAt(4), QPointF(0.47, -0.52));
}

void TestCanvasEdits::addingBeyond64IsRefused()
{
    QSignalSpy status(m_edits.get(), &CanvasEdits::statusMessage);
    while (m_model->keyCount() < attn::Scene::kMaxKeys)
        m_edits->addKey();
    QCOMPARE(m_selection->handle(), (VectorHandle{Kind::Key, 63}));
    QCOMPARE(status.count(), 0);
    m_edits->addKey();
    m_edits->addKeyAt(QPointF(1, 1));
    QCOMPARE(m_model->keyCount(), 64);
    QCOMPARE(status.count(), 2);
    QCOMPARE(status.at(0).at(0).toString(), QStringLiteral("Cannot add more than 64 keys"));
    QCOMPARE(m_selection->handle(), (VectorHandle{Kind::Key, 63}));
}

void TestCanvasEdits::removeKeyOfNeedsAKeyRow()
{
    QSignalSpy status(m_edits.get(), &CanvasEdits::statusMessage);
    m_edits->removeKeyOf({Kind::Query});
    m_edits->removeKeyOf({});
    QCOMPARE(m_model->keyCount(), 3);
    QCOMPARE(status.count(), 2);
    QCOMPARE(status.at(0).at(0).toString(), QStringLiteral("Select a key or a value to remove it"));
    // A value removes its key: v₂ takes k₂ = (1.5, 0.5) with it.
    m_edits->removeKeyOf({Kind::Value, 1});
    QCOMPARE(m_model->keyCount(), 2);
    QCOMPARE(keyAt(1), QPointF(0.8, 1.2));
}

void TestCanvasEdits::removeKeyKeepsTheSelectionAndRefusesTheLast()
{
    QSignalSpy status(m_edits.get(), &CanvasEdits::statusMessage);
    m_selection->select(Kind::Value, 2);
    m_edits->removeKey(0);
    // v₃ is now v₂.
    QCOMPARE(m_selection->handle(), (VectorHandle{Kind::Value, 1}));
    m_edits->removeKey(0);
    QCOMPARE(m_model->keyCount(), 1);
    QCOMPARE(keyAt(0), QPointF(0.8, 1.2));
    m_edits->removeKey(0);
    QCOMPARE(m_model->keyCount(), 1);
    QCOMPARE(status.count(), 1);
    QCOMPARE(status.at(0).at(0).toString(), QStringLiteral("Cannot remove the last key"));
}

void TestCanvasEdits::maskingTheLastUnmaskedKeyIsRefused()
{
    QSignalSpy status(m_edits.get(), &CanvasEdits::statusMessage);
    m_edits->toggleMask(0);
    m_edits->toggleMask(1);
    QCOMPARE(m_model->scene().mask, attn::Mask({true, true, false}));
    m_edits->toggleMask(2);
    QCOMPARE(m_model->scene().mask, attn::Mask({true, true, false}));
    QCOMPARE(status.count(), 1);
    QCOMPARE(status.at(0).at(0).toString(), QStringLiteral("At least one key must stay unmasked"));
    // Nor can the only unmasked key be removed.
    m_edits->removeKey(2);
    QCOMPARE(m_model->keyCount(), 3);
    QCOMPARE(status.at(1).at(0).toString(),
             QStringLiteral("Cannot remove the only key that is not masked"));
    m_edits->toggleMask(1);
    QCOMPARE(m_model->scene().mask, attn::Mask({true, false, false}));
}

void TestCanvasEdits::typeCoordinatesSetsTheVector()
{
    QWidget parent;
    VectorDialog *dialog = m_edits->typeCoordinates({Kind::Key, 1}, &parent);
    QVERIFY(dialog);
    const auto boxes = dialog->findChildren<QLineEdit *>();
    QCOMPARE(boxes.size(), 2);
    QCOMPARE(boxes[0]->text().toDouble(), 1.5);
    boxes[0]->setText(QStringLiteral("0.707"));
    boxes[1]->setText(QStringLiteral("-0.707"));
    dialog->accept();
    QCOMPARE(keyAt(1), QPointF(0.707, -0.707));
    QCOMPARE(m_editor->undoStack()->count(), 1);
}

void TestCanvasEdits::typeCoordinatesForAKeyThatWentSetsNothing()
{
    QWidget parent;
    VectorDialog *dialog = m_edits->typeCoordinates({Kind::Key, 2}, &parent);
    m_model->removeKey(2);
    dialog->findChildren<QLineEdit *>()[0]->setText(QStringLiteral("3"));
    dialog->accept();
    QCOMPARE(m_model->keyCount(), 2);
    QCOMPARE(keyAt(0), QPointF(0.5, 1));
    QCOMPARE(keyAt(1), QPointF(1.5, 0.5));
}

QTEST_MAIN(TestCanvasEdits)
#include "tst_canvasedits.moc"
