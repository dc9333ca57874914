// Selection: the one kind shared with the canvas's handles, Tab's order q, k₁, v₁, k₂, … written
// out by hand, and where the selection goes when a key is removed.
#include "canvas/selection.h"
#include "common/datacolumns.h"

#include <QSignalSpy>
#include <QTest>

using Kind = Selection::Kind;

class TestSelection : public QObject
{
    Q_OBJECT

private slots:
    void sameKindAsHandles()
    {
        Selection s;
        QSignalSpy changed(&s, &Selection::changed);
        s.select(VectorHandle{Kind::Value, 2});
        QCOMPARE(s.handle(), (VectorHandle{Kind::Value, 2}));
        QCOMPARE(s.focusKey(), 2);
        // The query has no index, whatever is passed.
        s.select(Kind::Query, 5);
        QCOMPARE(s.handle(), (VectorHandle{Kind::Query, -1}));
        QCOMPARE(s.focusKey(), 0);
        QCOMPARE(changed.count(), 2);
        // W's columns are not part of the shared selection: nothing changes.
        s.select(VectorHandle{Kind::GeneralColumn, 1});
        QCOMPARE(s.handle(), (VectorHandle{Kind::Query, -1}));
        QCOMPARE(changed.count(), 2);
        // Selecting the same again says nothing.
        s.select(Kind::Query);
        QCOMPARE(changed.count(), 2);
        s.clear();
        QVERIFY(!s.handle().isValid());
        QCOMPARE(changed.count(), 3);
    }

    void cycleForwardThroughTwoKeys()
    {
        // q, k₁, v₁, k₂, v₂ and round again.
        const VectorHandle order[] = {{Kind::Query, -1}, {Kind::Key, 0},   {Kind::Value, 0},
                                      {Kind::Key, 1},    {Kind::Value, 1}, {Kind::Query, -1}};
        Selection s;
        for (const VectorHandle &expected : order) {
            s.cycle(true, 2);
            QCOMPARE(s.handle(), expected);
        }
    }

    void cycleBackward()
    {
        Selection s;
        s.cycle(false, 2); // from nothing: the last, v₂
        QCOMPARE(s.handle(), (VectorHandle{Kind::Value, 1}));
        s.cycle(false, 2);
        QCOMPARE(s.handle(), (VectorHandle{Kind::Key, 1}));
        s.select(Kind::Query);
        s.cycle(false, 2); // wraps from q to v₂
        QCOMPARE(s.handle(), (VectorHandle{Kind::Value, 1}));
    }

    void cycleFromAStaleKeyStartsAgain()
    {
        // A key index past the end (the scene shrank) counts as nothing selected.
        Selection s;
        s.select(Kind::Key, 7);
        s.cycle(true, 3);
        QCOMPARE(s.handle(), (VectorHandle{Kind::Query, -1}));
    }

    void clamp()
    {
        Selection s;
        s.select(Kind::Value, 4);
        s.clamp(3);
        QCOMPARE(s.handle(), (VectorHandle{Kind::Value, 2}));
        s.clamp(0);
        QVERIFY(!s.handle().isValid());
    }

    void keyRemoved_data()
    {
        dataColumns<VectorHandle, int, VectorHandle>("before", "removed", "after");
        // Four keys before the removal.
        QTest::addRow("the selected key: its successor")
            << VectorHandle{Kind::Key, 1} << 1 << VectorHandle{Kind::Key, 1};
        QTest::addRow("the selected value's key: the successor's key")
            << VectorHandle{Kind::Value, 1} << 1 << VectorHandle{Kind::Key, 1};
        QTest::addRow("the last key: the new last")
            << VectorHandle{Kind::Value, 3} << 3 << VectorHandle{Kind::Key, 2};
        QTest::addRow("a key before the selected: same vector, one down")
            << VectorHandle{Kind::Value, 3} << 0 << VectorHandle{Kind::Value, 2};
        QTest::addRow("a key after the selected: unchanged")
            << VectorHandle{Kind::Key, 1} << 2 << VectorHandle{Kind::Key, 1};
        QTest::addRow("the query stays")
            << VectorHandle{Kind::Query, -1} << 0 << VectorHandle{Kind::Query, -1};
    }

    void keyRemoved()
    {
        QFETCH(VectorHandle, before);
        QFETCH(int, removed);
        QFETCH(VectorHandle, after);
        Selection s;
        s.select(before);
        // What the model's key-count signal does first when the last key goes.
        s.clamp(3);
        s.keyRemoved(before, removed, 4);
        QCOMPARE(s.handle(), after);
    }
};

QTEST_MAIN(TestSelection)
#include "tst_selection.moc"
