// The "New training task" dialog driven with real key and mouse events: choosing a task fills in
// its defaults (compared with TrainingTask::defaults), an edit the task cannot be built from
// disables Create and says why, and Create returns the document of the shown settings, with
// held-out examples and the chosen position kind. The Sequence window's New task button opens it
// and trains what it makes.

#include "common/windowrun.h"
#include "core/sequencefile.h"
#include "model/sequencesession.h"
#include "sequence/newtrainingtaskdialog.h"
#include "sequence/sequencewindow.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QPushButton>
#include <QSpinBox>
#include <QTest>
#include <QTimer>

using attn::PositionKind;
using attn::TrainingTask;
using attn::TrainingTaskKind;

namespace {

template <typename T> T *child(QWidget *parent, const char *name)
{
    T *w = parent->findChild<T *>(name);
    if (!w)
        qFatal("no child %s", name);
    return w;
}

// Replaces a spin box's text by typing, as a learner would.
void type(QSpinBox *box, int value)
{
    box->setFocus();
    QTest::keyClick(box, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(box, QString::number(value));
    QTest::keyClick(box, Qt::Key_Tab);
}

// Picks combo entry `index` with the keyboard (Home, then Down).
void choose(QComboBox *combo, int index)
{
    combo->setFocus();
    QTest::keyClick(combo, Qt::Key_Home);
    for (int i = 0; i < index; ++i)
        QTest::keyClick(combo, Qt::Key_Down);
}

QPushButton *createButton(QWidget *dialog)
{
    return dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
}

} // namespace

class TestNewTrainingTaskDialog : public QObject
{
    Q_OBJECT

private slots:
    void choosingATaskFillsItsDefaults()
    {
        NewTrainingTaskDialog dialog;
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto *task = child<QComboBox>(&dialog, "task");
        QCOMPARE(task->currentIndex(), int(TrainingTaskKind::PreviousToken));
        for (int k = 0; k < attn::kTrainingTaskCount; ++k) {
            choose(task, k);
            const TrainingTask::Options d = TrainingTask::defaults(TrainingTaskKind(k));
            QCOMPARE(child<QSpinBox>(&dialog, "vocabulary")->value(), d.vocabulary);
            QCOMPARE(child<QSpinBox>(&dialog, "length")->value(), d.length);
            QCOMPARE(child<QSpinBox>(&dialog, "examples")->value(), d.examples);
            QCOMPARE(child<QSpinBox>(&dialog, "heldOut")->value(), d.heldOut);
            QCOMPARE(child<QSpinBox>(&dialog, "dModel")->value(), d.dModel);
            QCOMPARE(child<QSpinBox>(&dialog, "keyDim")->value(), d.keyDim);
            QCOMPARE(child<QSpinBox>(&dialog, "layers")->value(), d.layers);
            QCOMPARE(child<QSpinBox>(&dialog, "heads")->value(), d.heads);
            QCOMPARE(child<QSpinBox>(&dialog, "steps")->value(), d.steps);
            QCOMPARE(child<QDoubleSpinBox>(&dialog, "learningRate")->value(), d.learningRate);
            QCOMPARE(PositionKind(child<QComboBox>(&dialog, "positions")->currentData().toInt()),
                     d.positions);
            QVERIFY(!child<QLabel>(&dialog, "description")->text().isEmpty());
            QCOMPARE(task->currentText(), NewTrainingTaskDialog::taskTitle(TrainingTaskKind(k)));
            QVERIFY(createButton(&dialog)->isEnabled());
            // The hidden d_v comes along too: the document is exactly the task's default one.
            QCOMPARE(attn::writeSequence(dialog.document()),
                     attn::writeSequence(TrainingTask::make(d)));
        }
    }

    void impossibleSettingsDisableCreate()
    {
        NewTrainingTaskDialog dialog;
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        auto *keyDim = child<QSpinBox>(&dialog, "keyDim");
        auto *problem = child<QLabel>(&dialog, "problem");
        QVERIFY(problem->isHidden());
        type(keyDim, 3); // odd d_k under rotary positions
        QCOMPARE(keyDim->value(), 3);
        QVERIFY(!createButton(&dialog)->isEnabled());
        QVERIFY(problem->isVisible());
        QVERIFY(problem->text().contains("d_k"));
        // Without positions any d_k will do.
        choose(child<QComboBox>(&dialog, "positions"), 0);
        QCOMPARE(dialog.options().positions, PositionKind::None);
        QVERIFY(createButton(&dialog)->isEnabled());
        QVERIFY(problem->isHidden());

        // Induction: a longer repeat than the vocabulary has tokens.
        choose(child<QComboBox>(&dialog, "task"), int(TrainingTaskKind::Induction));
        type(child<QSpinBox>(&dialog, "length"), 40);
        QVERIFY(!createButton(&dialog)->isEnabled());
        QVERIFY(problem->text().contains("20"));
        type(child<QSpinBox>(&dialog, "vocabulary"), 20);
        QVERIFY(createButton(&dialog)->isEnabled());
    }

    void createReturnsTheShownTask()
    {
        std::optional<NewTrainingTaskDialog::Choice> result;
        QTimer::singleShot(0, [] {
            auto *dialog = qobject_cast<NewTrainingTaskDialog *>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            choose(child<QComboBox>(dialog, "task"), int(TrainingTaskKind::PreviousToken));
            choose(child<QComboBox>(dialog, "positions"), 0); // None: watch it stall
            type(child<QSpinBox>(dialog, "seed"), 7);
            type(child<QSpinBox>(dialog, "heldOut"), 5);
            QTest::mouseClick(createButton(dialog), Qt::LeftButton);
        });
        result = NewTrainingTaskDialog::ask(nullptr);
        QVERIFY(result.has_value());
        QVERIFY(attn::validateSequence(result->document).ok());
        QCOMPARE(result->document.model.positions, PositionKind::None);
        QCOMPARE(int(result->document.heldOut.size()), 5);
        QVERIFY(!result->comparison); // "(none)" unless chosen
        TrainingTask::Options o = TrainingTask::defaults(TrainingTaskKind::PreviousToken);
        o.positions = PositionKind::None;
        o.seed = 7;
        o.heldOut = 5;
        QCOMPARE(attn::writeSequence(result->document), attn::writeSequence(TrainingTask::make(o)));

        QTimer::singleShot(0, [] {
            auto *dialog = QApplication::activeModalWidget();
            QVERIFY(dialog);
            QTest::keyClick(dialog, Qt::Key_Escape);
        });
        QVERIFY(!NewTrainingTaskDialog::ask(nullptr).has_value());
    }
    void sequenceWindowOpensTheDialogAndShowsTraining()
    {
        SequenceWindow window;
        QVERIFY(showAndWait(window, QSize(1280, 800)));
        QPushButton *button = window.newTaskButton();
        QVERIFY(button && button->isVisible());
        const std::string before = attn::writeSequence(window.session()->document());
        bool seen = false;
        QTimer::singleShot(0, [&] {
            auto *dialog = qobject_cast<NewTrainingTaskDialog *>(QApplication::activeModalWidget());
            QVERIFY(dialog);
            seen = true;
            choose(child<QComboBox>(dialog, "task"), int(TrainingTaskKind::FirstToken));
            QTest::mouseClick(createButton(dialog), Qt::LeftButton);
        });
        QTest::mouseClick(button, Qt::LeftButton);
        QVERIFY(seen);
        // The window holds the task's default document and shows the Training tab.
        const TrainingTask::Options o = TrainingTask::defaults(TrainingTaskKind::FirstToken);
        QCOMPARE(attn::writeSequence(window.session()->document()),
                 attn::writeSequence(TrainingTask::make(o)));
        QCOMPARE(window.tabs()->currentIndex(), SequenceWindow::kTrainingTab);
        // Undo brings back the model that was there.
        QVERIFY(window.session()->undo());
        QCOMPARE(attn::writeSequence(window.session()->document()), before);
    }
};

QTEST_MAIN(TestNewTrainingTaskDialog)
#include "tst_newtrainingtaskdialog.moc"
