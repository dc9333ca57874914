// Never lose a lesson: while the lesson being edited has changes that no file holds, it is
// autosaved; saving it or undoing back to the file removes the autosave; a lesson that a killed
// session left behind is offered at the next start and opens where it belongs, presented in the
// main window with the lesson editor, untitled and unsaved. The message boxes are answered with
// real clicks from a timer; QStandardPaths' test mode keeps the user's data folder out of it.

#include "common/childprocess.h"
#include "common/mainwindowfixture.h"
#include "common/testsettings.h"
#include "core/lessonfile.h"
#include "core/scenefile.h"
#include "document/autosavesession.h"
#include "document/sceneeditor.h"
#include "lesson/lessonautosave.h"
#include "lesson/lessoneditactions.h"
#include "lesson/lessoneditor.h"
#include "mainwindow.h"
#include "model/autosaver.h"
#include "model/lessonsession.h"
#include "model/scenemodel.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QMessageBox>
#include <QPointer>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>
#include <QUuid>

#include <csignal>
#include <cstdio>

using namespace std::chrono_literals;

namespace {
QStringList lessonAutosaves(const QString &suffix = QStringLiteral(".json"))
{
    return QDir(Autosaver::folder())
        .entryList({QStringLiteral("lesson-autosave-*") + suffix}, QDir::Files | QDir::Hidden);
}

QByteArray readFile(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QByteArray onlyAutosave()
{
    const QStringList files = lessonAutosaves();
    return files.size() == 1 ? readFile(QDir(Autosaver::folder()).filePath(files.constFirst()))
                             : QByteArray();
}

// A lesson of three steps at temperatures 0.5, 1.5 and 2.5, the second with a note, made with
// the Lesson menu's commands.
void makeLesson(MainWindow &w)
{
    for (int i = 0; i < 3; ++i) {
        w.editor()->setTemperature(0.5 + i);
        w.lessonEditActions()->addStep()->trigger();
    }
    w.lessonEditor()->setNote(1, attn::LessonText{"Left behind", "留下的"});
}

// Presses the button labelled `label` in each message box that opens, with a real click.
class Answerer : public QObject
{
public:
    explicit Answerer(const QString &label) : m_label(label)
    {
        m_timer.setInterval(10);
        connect(&m_timer, &QTimer::timeout, this, &Answerer::poll);
        m_timer.start();
    }
    int answered = 0;
    QString name;
    QString text;

private:
    void poll()
    {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box || !box->isVisible() || box == m_last)
            return;
        m_last = box;
        if (answered == 0) {
            name = box->objectName();
            text = box->text() + QLatin1Char('\n') + box->informativeText();
        }
        for (QAbstractButton *b : box->buttons())
            if (b->text().remove(QLatin1Char('&')) == m_label) {
                ++answered;
                QTest::mouseClick(b, Qt::LeftButton);
                return;
            }
        box->reject();
    }

    QString m_label;
    QTimer m_timer;
    QPointer<QMessageBox> m_last;
};

// The child of killedSessionIsOffered: a main window whose lesson is edited and autosaved,
// then "ready"; the parent kills it with SIGKILL, as a crash would end it.
int runKilledChild()
{
    SceneModel model;
    MainWindow window(&model);
    window.show();
    if (!window.lessonEditActions()->autosave()->start(1h))
        return 10;
    makeLesson(window);
    if (!window.lessonEditActions()->autosave()->autosaver()->autosaveNow())
        return 11;
    std::fwrite(window.lessonEditor()->bytes().constData(), 1,
                std::size_t(window.lessonEditor()->bytes().size()), stdout);
    std::printf("\nready\n");
    std::fflush(stdout);
    return QApplication::exec();
}
} // namespace

class TestLessonAutosave : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(Autosaver::folder().contains(QStringLiteral(".qttest"))); }
    void init() { QDir(Autosaver::folder()).removeRecursively(); }
    void cleanup() { QDir(Autosaver::folder()).removeRecursively(); }

    void editsAreAutosavedUntilAFileHoldsThem()
    {
        std::unique_ptr<SceneModel> model;
        std::unique_ptr<MainWindow> window;
        QVERIFY(openMainWindow(model, window));
        MainWindow &w = *window;
        LessonAutosave *autosave = w.lessonEditActions()->autosave();
        QVERIFY(autosave->start(1h));
        // Nothing open, nothing unsaved: nothing written.
        QVERIFY(autosave->autosaver()->autosaveNow());
        QVERIFY(lessonAutosaves().isEmpty());
        makeLesson(w);
        QVERIFY(autosave->autosaver()->autosaveNow());
        QCOMPARE(onlyAutosave(), w.lessonEditor()->bytes());
        // Saved: the autosave goes.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("lesson.json"));
        QVERIFY(w.lessonEditActions()->saveLessonAs(path));
        QVERIFY(autosave->autosaver()->autosaveNow());
        QVERIFY(lessonAutosaves().isEmpty());
        // Edited again: back; undone to the file: gone again.
        w.lessonEditActions()->duplicateStep()->trigger();
        QVERIFY(autosave->autosaver()->autosaveNow());
        QCOMPARE(onlyAutosave(), w.lessonEditor()->bytes());
        w.lessonEditActions()->undo()->trigger();
        QVERIFY(autosave->autosaver()->autosaveNow());
        QVERIFY(lessonAutosaves().isEmpty());
        // An opened built-in lesson is held by its resource: nothing to keep.
        QVERIFY(w.openLesson(QStringLiteral(":/lessons/01-query-key-value.json")));
        QVERIFY(autosave->autosaver()->autosaveNow());
        QVERIFY(lessonAutosaves().isEmpty());
        autosave->cleanExit();
        QVERIFY(lessonAutosaves(QStringLiteral(".lock")).isEmpty());
    }

    void killedSessionIsOfferedAndOpensInTheWindow()
    {
        QProcess child;
        QByteArray left;
        QString why;
        QVERIFY2(childprocess::startUntil(child, QStringLiteral("AC_LESSONAUTOSAVE_CHILD"),
                                          "\nready\n", &left, &why),
                 qPrintable(why));
        ::kill(pid_t(child.processId()), SIGKILL);
        QVERIFY(child.waitForFinished(30000));
        QCOMPARE(onlyAutosave(), left);

        // The next start: the scene has nothing to offer, the lesson is asked about.
        std::unique_ptr<SceneModel> model;
        std::unique_ptr<MainWindow> window;
        QVERIFY(openMainWindow(model, window));
        MainWindow &w = *window;
        Answerer answerer(QStringLiteral("Recover"));
        w.startAutosave(1h);
        QTRY_VERIFY(w.lessonSession()->isOpen());
        QCOMPARE(answerer.name, QStringLiteral("recoveryPrompt"));
        QVERIFY(answerer.text.contains(QStringLiteral("lesson")));
        // Exactly the lesson the killed session had, presented at its first step in the main
        // window, with the editor open; unsaved and belonging to no file.
        QCOMPARE(w.lessonEditor()->bytes(), left);
        QCOMPARE(w.lessonSession()->current(), 0);
        QCOMPARE(model->scene().temperature, 0.5);
        QVERIFY(w.lessonEditActions()->dock()->isVisible());
        QVERIFY(w.lessonEditor()->isModified());
        QVERIFY(w.lessonEditor()->filePath().isEmpty());
        QVERIFY(!w.lessonEditor()->undoStack()->canUndo());
        // This session's autosave holds it now, under its own name.
        QCOMPARE(onlyAutosave(), left);
        QVERIFY(w.lessonEditActions()->autosave()->autosaver()->autosavePath().endsWith(
            lessonAutosaves().constFirst()));
        w.lessonEditActions()->autosave()->cleanExit();
        w.autosaveSession()->cleanExit();
    }

    void laterKeepsAndDiscardRemovesTheLeftLesson()
    {
        QVERIFY(QDir().mkpath(Autosaver::folder()));
        LessonSession builtIn;
        QVERIFY(builtIn.load(QStringLiteral(":/lessons/01-query-key-value.json"), nullptr));
        const QString leftPath =
            Autosaver::folder() + QStringLiteral("/lesson-autosave-%1.json")
                                      .arg(QUuid::createUuid().toString(QUuid::WithoutBraces));
        {
            QFile f(leftPath);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(attn::writeLesson(builtIn.lesson()).c_str());
        }
        for (const QString &answer : {QStringLiteral("Decide Later"), QStringLiteral("Discard")}) {
            std::unique_ptr<SceneModel> model;
            std::unique_ptr<MainWindow> window;
            QVERIFY(openMainWindow(model, window));
            Answerer answerer(answer);
            QVERIFY(window->lessonEditActions()->autosave()->start(1h));
            bool finished = false;
            window->lessonEditActions()->autosave()->offerRecovery({},
                                                                   [&](bool) { finished = true; });
            QTRY_VERIFY(finished);
            QCOMPARE(answerer.answered, 1);
            QVERIFY(!window->lessonSession()->isOpen());
            QCOMPARE(QFileInfo::exists(leftPath), answer != QStringLiteral("Discard"));
            window->lessonEditActions()->autosave()->cleanExit();
        }
    }
};

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    testsettings::isolate("tst_lessonautosave");
    if (qEnvironmentVariableIsSet("AC_LESSONAUTOSAVE_CHILD"))
        return runKilledChild();
    TestLessonAutosave test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_lessonautosave.moc"
