// Number boxes inside the main window: the window's own shortcuts (Ctrl+Z, Ctrl+E, …) work while
// a box has the focus, a value typed into a box is an undo step once it is committed, and a
// temperature outside the range is refused with a message that gives the range.

#include "common/mainwindowfixture.h"
#include "common/windowrun.h"
#include "document/sceneeditor.h"
#include "export/exportdialog.h"
#include "mainwindow.h"
#include "model/scenemodel.h"
#include "panels/methodpanel.h"
#include "panels/temperaturecontrol.h"
#include "widgets/matrixeditor.h"

#include <QApplication>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

namespace {
/// Types as a user does: click into the box, select everything, type; Return when `commit`.
void typeInto(QAbstractSpinBox *box, const QString &text, bool commit = true)
{
    QTest::mouseClick(box, Qt::LeftButton, {}, QPoint(box->width() / 3, box->height() / 2));
    QTest::keyClick(box, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(box, text);
    if (commit)
        QTest::keyClick(box, Qt::Key_Return);
}
} // namespace

class TestNumberBoxes : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        QVERIFY(openMainWindow(m_model, m_window, QSize(1280, 800)));
        m_tau = m_window->methodPanel()->findChild<TemperatureControl *>();
        QVERIFY(m_tau);
        QVERIFY(m_tau->spinBox()->isVisible());
    }
    void cleanup()
    {
        m_window.reset();
        m_model.reset();
    }

    void undoFromTheTemperatureBox()
    {
        QDoubleSpinBox *box = m_tau->spinBox();
        typeInto(box, QStringLiteral("3"));
        QCOMPARE(m_model->scene().temperature, 3.0);
        QVERIFY(box->hasFocus());
        QTest::keyClick(box, Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(m_model->scene().temperature, 1.0);
        QCOMPARE(box->value(), 1.0);
        QVERIFY(m_window->editor()->undoStack()->canRedo());
        QTest::keyClick(box, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
        QCOMPARE(m_model->scene().temperature, 3.0);
    }

    void undoFromAMatrixEntry()
    {
        QTest::keyClick(m_window.get(), Qt::Key_4, Qt::ControlModifier); // General (bilinear)
        QCOMPARE(m_model->scene().method, attn::Method::General);
        auto *w =
            m_window->methodPanel()->findChild<MatrixEditor *>(QStringLiteral("generalEditor"));
        QVERIFY(w && w->entry(0, 1)->isVisible());
        typeInto(w->entry(0, 1), QStringLiteral("0.75"));
        QCOMPARE(m_model->scene().general(0, 1), 0.75);
        QTest::keyClick(w->entry(0, 1), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(m_model->scene().general(0, 1), 0.0);
        QCOMPARE(w->entry(0, 1)->value(), 0.0);
        // Once more: the method change before it.
        QTest::keyClick(w->entry(0, 1), Qt::Key_Z, Qt::ControlModifier);
        QCOMPARE(m_model->scene().method, attn::Method::Dot);
    }

    void exportFromABoxCommitsWhatIsTyped()
    {
        QDoubleSpinBox *box = m_tau->spinBox();
        // Typed but not committed with Return: Ctrl+E commits it, then opens the export dialog
        // (rather than moving the cursor to the end of the line).
        typeInto(box, QStringLiteral("0.5"), false);
        bool opened = false;
        QTimer::singleShot(0, m_window.get(), [&] {
            if (auto *d = qobject_cast<ExportDialog *>(QApplication::activeModalWidget())) {
                opened = true;
                d->reject();
            }
        });
        QTest::keyClick(box, Qt::Key_E, Qt::ControlModifier);
        QVERIFY(opened);
        QCOMPARE(m_model->scene().temperature, 0.5);
        // Committed means on the undo stack.
        QCOMPARE(m_window->editor()->undoStack()->undoText(),
                 SceneEditor::describe(SceneEditor::Edit::Temperature, -1));
    }

    void temperatureOutOfRangeSaysTheRange_data()
    {
        QTest::addColumn<QString>("typed");
        QTest::newRow("999") << "999";
        QTest::newRow("0.001") << "0.001";
        QTest::newRow("25") << "25";
        QTest::newRow("0") << "0";
    }
    void temperatureOutOfRangeSaysTheRange()
    {
        QFETCH(QString, typed);
        QDoubleSpinBox *box = m_tau->spinBox();
        typeInto(box, QStringLiteral("2"));
        QCOMPARE(m_model->scene().temperature, 2.0);
        typeInto(box, typed);
        // Nothing silently rewritten: τ keeps its value, and a message gives the range.
        QCOMPARE(m_model->scene().temperature, 2.0);
        QCOMPARE(box->value(), 2.0);
        auto *message = m_tau->findChild<QLabel *>(QStringLiteral("rangeMessage"));
        QVERIFY(message && message->isVisible());
        const QString text = message->text();
        QVERIFY2(text.contains(QStringLiteral("0.05")) && text.contains(QStringLiteral("20")),
                 qPrintable(text));
        QVERIFY2(text.contains(typed), qPrintable(text));
        // A value in range clears it.
        typeInto(box, QStringLiteral("0.05"));
        QCOMPARE(m_model->scene().temperature, 0.05);
        QVERIFY(!message->isVisible());
    }

    // A grid of thousands of boxes (a 64 × 64 matrix of the largest sequence file) is made a few
    // rows at a time from the event loop: the first rows at once, then every box, each showing
    // its entry as it appears, and a new matrix of the same shape reaches the rows made later.
    void aLargeGridIsMadeRowByRow()
    {
        MatrixEditor editor;
        editor.show();
        attn::Matrix first(64, 64), second(64, 64);
        for (int r = 0; r < 64; ++r)
            for (int c = 0; c < 64; ++c) {
                first(r, c) = r + c / 100.0;
                second(r, c) = -r - c / 100.0;
            }
        editor.setMatrix(first);
        QVERIFY(!editor.isComplete());
        QVERIFY(editor.entry(0, 63) != nullptr); // 256 boxes at once: rows 0 to 3
        QCOMPARE(editor.entry(0, 63)->value(), 0.63);
        QCOMPARE(editor.entry(63, 0), nullptr);
        editor.setMatrix(second);
        QTRY_VERIFY(editor.isComplete());
        for (int r = 0; r < 64; ++r)
            for (int c = 0; c < 64; ++c)
                QCOMPARE(editor.entry(r, c)->value(), -r - c / 100.0);
        // A small matrix is made at once.
        editor.setMatrix(attn::Matrix::Identity(3, 3));
        QVERIFY(editor.isComplete());
        QCOMPARE(editor.entry(2, 2)->value(), 1.0);
    }

private:
    TemporarySettings m_settings;
    std::unique_ptr<SceneModel> m_model;
    std::unique_ptr<MainWindow> m_window;
    TemperatureControl *m_tau = nullptr;
};

QTEST_MAIN(TestNumberBoxes)
#include "tst_numberboxes.moc"
