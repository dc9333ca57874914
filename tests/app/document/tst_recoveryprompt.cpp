// RecoveryPrompt: after a session that ended without a clean exit, the question is asked and
// each answer does what it says. The buttons are clicked from a timer, as a user would.

#include "core/scenefile.h"
#include "document/recoveryprompt.h"
#include "document/scenedocument.h"
#include "document/sceneeditor.h"
#include "model/autosaver.h"
#include "model/scenemodel.h"

#include <QAbstractButton>
#include <QApplication>
#include <QDir>
#include <QMessageBox>
#include <QStandardPaths>
#include <QTest>
#include <QTimer>

using namespace std::chrono_literals;

namespace {
// Leaves an autosaved scene behind, as a crashed session would.
void leaveAnAutosave(double temperature)
{
    SceneModel model;
    Autosaver session;
    QVERIFY(session.start(&model, 1h));
    QVERIFY(model.setTemperature(temperature));
    QVERIFY(session.autosaveNow());
}

// Clicks the button whose text (without &) is `label` in the first message box that opens.
void clickLater(const QString &label, QString *seenText)
{
    QTimer::singleShot(20, qApp, [label, seenText] {
        for (QWidget *w : QApplication::topLevelWidgets()) {
            auto *box = qobject_cast<QMessageBox *>(w);
            if (!box || !box->isVisible())
                continue;
            *seenText = box->text() + QLatin1Char('\n') + box->informativeText();
            for (QAbstractButton *b : box->buttons())
                if (b->text().remove(QLatin1Char('&')) == label) {
                    QTest::mouseClick(b, Qt::LeftButton);
                    return;
                }
        }
        clickLater(label, seenText); // not open yet
    });
}
} // namespace

// What the window holds when it offers a recovery: the scene, its editor and document, and an
// autosaver started on the scene (`started` says whether it could start).
struct Session
{
    SceneModel model;
    SceneEditor editor{&model};
    SceneDocument document{&editor};
    Autosaver autosaver;
    bool started = autosaver.start(&model, 1h);
};

class TestRecoveryPrompt : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() { QDir(Autosaver::folder()).removeRecursively(); }
    void cleanup() { QDir(Autosaver::folder()).removeRecursively(); }

    void nothingToRecoverAsksNothing()
    {
        Session s;
        QVERIFY(s.started);
        QVERIFY(!RecoveryPrompt::offer(nullptr, s.autosaver, s.document));
        s.autosaver.cleanExit();
    }

    void recover()
    {
        leaveAnAutosave(2.75);
        Session s;
        QVERIFY(s.started);
        QString text;
        clickLater(QStringLiteral("Recover"), &text);
        QVERIFY(RecoveryPrompt::offer(nullptr, s.autosaver, s.document));
        QVERIFY2(text.contains(QStringLiteral("did not close properly")), qPrintable(text));
        QCOMPARE(s.model.scene().temperature, 2.75);
        QVERIFY(s.document.isModified());
        QVERIFY(!s.autosaver.recoverable());
        s.autosaver.cleanExit();
    }

    void discard()
    {
        leaveAnAutosave(2.75);
        Session s;
        QVERIFY(s.started);
        const std::string before = attn::writeScene(s.model.scene());
        QString text;
        clickLater(QStringLiteral("Discard"), &text);
        QVERIFY(!RecoveryPrompt::offer(nullptr, s.autosaver, s.document));
        QCOMPARE(attn::writeScene(s.model.scene()), before);
        QVERIFY(!s.autosaver.recoverable());
        s.autosaver.cleanExit();
    }

    void decideLater()
    {
        leaveAnAutosave(2.75);
        Session s;
        QVERIFY(s.started);
        QString text;
        clickLater(QStringLiteral("Decide Later"), &text);
        QVERIFY(!RecoveryPrompt::offer(nullptr, s.autosaver, s.document));
        QVERIFY(s.autosaver.recoverable()); // offered again next time
        s.autosaver.cleanExit();
    }
};

QTEST_MAIN(TestRecoveryPrompt)
#include "tst_recoveryprompt.moc"
