// Never lose work, for the Sequence window: its document (the trained model once the Training tab
// has trained it) is autosaved while no file holds it; opening or saving a file drops the
// autosave; a sequence that an abnormal exit left behind is offered at the next start and opens
// in the Sequence window; SIGTERM writes a last autosave of every open document and removes the
// locks; closing the window during training, or quitting with unsaved sequence work, asks first.
//
// Widgets get real key presses and mouse clicks; the message boxes are answered with real clicks
// from a timer. QStandardPaths' test mode keeps the user's own data folder out of it.

#include "common/childprocess.h"
#include "common/testsettings.h"
#include "core/sequencefile.h"
#include "core/sequencetrainer.h"
#include "core/trainingtask.h"
#include "model/autosaver.h"
#include "model/language.h"
#include "model/scenemodel.h"
#include "model/sequencesession.h"
#include "model/terminationsignals.h"
#include "model/trainingsession.h"
#include "sequence/sequenceautosave.h"
#include "sequence/sequencewindow.h"
#include "sequence/trainingview.h"

#include <QAbstractButton>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QLabel>
#include <QMessageBox>
#include <QPixmap>
#include <QPointer>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QSlider>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUuid>

#include <csignal>
#include <cstdio>

using namespace std::chrono_literals;

namespace {
constexpr auto kInterval = 40ms;

QStringList sequenceAutosaves(const QString &suffix = QStringLiteral(".json"))
{
    return QDir(Autosaver::folder())
        .entryList({QStringLiteral("sequence-autosave-*") + suffix}, QDir::Files | QDir::Hidden);
}

QString onlyAutosave()
{
    const QStringList files = sequenceAutosaves();
    return files.size() == 1 ? QDir(Autosaver::folder()).filePath(files.constFirst()) : QString();
}

std::optional<attn::SequenceDocument> readSequence(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QByteArray bytes = f.readAll();
    auto parsed =
        attn::parseSequence(std::string_view(bytes.constData(), std::size_t(bytes.size())));
    if (!parsed)
        return std::nullopt;
    return std::move(parsed).value();
}

attn::SequenceDocument task()
{
    return attn::TrainingTask::previousToken({});
}

void openTask(SequenceWindow &window)
{
    QVERIFY(window.session()->loadText(QByteArray::fromStdString(attn::writeSequence(task()))));
    QTabBar *bar = window.tabs()->tabBar();
    QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(SequenceWindow::kTrainingTab).center());
    QCOMPARE(window.tabs()->currentIndex(), SequenceWindow::kTrainingTab);
}

// Types `text` into the temperature box as a learner does, and presses Enter.
void typeTemperature(SequenceWindow &window, const QString &text)
{
    QDoubleSpinBox *box = window.temperatureBox();
    box->setFocus();
    box->selectAll();
    QTest::keyClicks(box, text);
    QTest::keyClick(box, Qt::Key_Return);
}

bool sameWeights(const attn::SequenceModel &a, const attn::SequenceModel &b)
{
    const auto x = a.weights.matrices(), y = b.weights.matrices();
    if (x.size() != y.size())
        return false;
    for (std::size_t m = 0; m < x.size(); ++m)
        if (!(*x[m] == *y[m]))
            return false;
    return true;
}

// Presses the button labelled `label` (without its &) in each message box that opens, with a
// real mouse click, and records the first box's name.
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
        // AC_PICTURES=folder: each box as the learner sees it, for a look by eye.
        if (const QString dir = qEnvironmentVariable("AC_PICTURES"); !dir.isEmpty())
            box->grab().save(
                QStringLiteral("%1/%2-%3.png").arg(dir, box->objectName(), Language::current()));
        if (answered == 0) {
            name = box->objectName();
            text = box->text() + QLatin1Char('\n') + box->informativeText();
        }
        for (QAbstractButton *b : box->buttons()) {
            if (b->text().remove(QLatin1Char('&')) == m_label) {
                ++answered;
                QTest::mouseClick(b, Qt::LeftButton);
                return;
            }
        }
        qWarning("no button %s in the box: closing it", qPrintable(m_label));
        box->reject();
    }

    QString m_label;
    QTimer m_timer;
    QPointer<QMessageBox> m_last;
};

// The child of terminationWritesEveryDocument: a scene and a Sequence window, both edited and not
// yet autosaved by any tick, wired to the termination signals as the app's entry point is;
// prints the sequence autosave's path and "ready", then runs until a signal ends it.
int runTerminatedChild()
{
    SceneModel model;
    Autosaver scene;
    if (!scene.start(&model, 1h) || !model.setTemperature(4.5))
        return 10;
    SequenceWindow window;
    if (!window.autosave()->start(1h) || !window.session()->setTemperature(3.25))
        return 11;
    TerminationSignals termination;
    if (!termination.isInstalled())
        return 12;
    QObject::connect(&termination, &TerminationSignals::received, &window, [](int sig) {
        Autosaver::terminateAll();
        QCoreApplication::exit(128 + sig);
    });
    std::printf("%s\nready\n", qPrintable(window.autosave()->autosaver()->autosavePath()));
    std::fflush(stdout);
    return QApplication::exec();
}
} // namespace

class TestSequenceAutosave : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { QVERIFY(Autosaver::folder().contains(QStringLiteral(".qttest"))); }
    void init() { QDir(Autosaver::folder()).removeRecursively(); }
    void cleanup() { QDir(Autosaver::folder()).removeRecursively(); }

    void windowWithoutAutosaveTouchesNothing()
    {
        SequenceWindow window;
        window.show();
        typeTemperature(window, QStringLiteral("3"));
        QCOMPARE(window.session()->model().temperature, 3.0);
        QTest::qWait(int(kInterval.count()) * 5);
        QVERIFY(!QFileInfo::exists(Autosaver::folder()));
    }

    void editsAreAutosavedUntilAFileHoldsThem()
    {
        SequenceWindow window;
        window.show();
        QVERIFY(window.autosave()->start(kInterval));
        QCOMPARE(sequenceAutosaves(QStringLiteral(".lock")).size(), 1);
        // The preset the window opens with is nothing to lose.
        QTest::qWait(int(kInterval.count()) * 5);
        QVERIFY(sequenceAutosaves().isEmpty());
        const double before = window.session()->model().temperature;

        typeTemperature(window, QStringLiteral("3"));
        QTRY_VERIFY(!onlyAutosave().isEmpty());
        QTRY_COMPARE(readSequence(onlyAutosave())->model.temperature, 3.0);
        // The scene's autosaves are not the sequence's: the scene list stays empty.
        QVERIFY(QDir(Autosaver::folder())
                    .entryList({QStringLiteral("autosave-*.json")}, QDir::Files)
                    .isEmpty());

        // Saved: a file holds it, the autosave goes.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("mine.json"));
        QVERIFY(window.saveFile(path));
        QTRY_VERIFY(sequenceAutosaves().isEmpty());
        QCOMPARE(readSequence(path)->model.temperature, 3.0);

        // Undone back past the save: unsaved again.
        // The Undo button is on the Parameters page, not the one shown.
        while (window.session()->canUndo() && window.session()->model().temperature != before)
            window.undoButton()->click();
        QCOMPARE(window.session()->model().temperature, before);
        QTRY_VERIFY(!onlyAutosave().isEmpty());
        QTRY_COMPARE(readSequence(onlyAutosave())->model.temperature, before);

        // Opening a file: nothing unsaved.
        QVERIFY(window.openFile(path));
        QTRY_VERIFY(sequenceAutosaves().isEmpty());
        window.autosave()->autosaver()->cleanExit();
        QVERIFY(sequenceAutosaves(QStringLiteral(".lock")).isEmpty());
    }

    void theTrainedModelIsAutosaved()
    {
        SequenceWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(window.autosave()->start(1h));
        openTask(window);
        Autosaver *autosaver = window.autosave()->autosaver();
        QVERIFY(autosaver->autosaveNow());
        QVERIFY(sequenceAutosaves().isEmpty()); // the task as generated

        constexpr int kSteps = 3;
        TrainingView *view = window.trainingView();
        for (int i = 1; i <= kSteps; ++i) {
            QTest::mouseClick(view->stepButton(), Qt::LeftButton);
            QTRY_COMPARE(view->session()->step(), i);
        }
        QVERIFY(autosaver->autosaveNow());
        const auto saved = readSequence(onlyAutosave());
        QVERIFY(saved.has_value());
        // The same three steps taken by the core's trainer, outside the app.
        const attn::SequenceDocument document = task();
        attn::SequenceTrainer straight(document.model, document.examples,
                                       document.trainingSettings);
        for (int i = 0; i < kSteps; ++i)
            QVERIFY(straight.step().ok());
        QVERIFY(sameWeights(saved->model, straight.model()));
        QCOMPARE(saved->examples.size(), document.examples.size());

        // Reset: back to the generated task, which nothing has to keep.
        QTest::mouseClick(view->resetButton(), Qt::LeftButton);
        QVERIFY(autosaver->autosaveNow());
        QVERIFY(sequenceAutosaves().isEmpty());
        autosaver->cleanExit();
    }

    void aDivergedRunIsAutosavedWithItsLastFiniteParameters()
    {
        SequenceWindow window;
        window.resize(1280, 800);
        window.show();
        QVERIFY(window.autosave()->start(1h));
        openTask(window);
        TrainingView *view = window.trainingView();
        view->optimizerBox()->setFocus();
        QTest::keyClick(view->optimizerBox(), Qt::Key_Down); // SGD
        view->rateSlider()->setFocus();
        QTest::keyClick(view->rateSlider(), Qt::Key_End); // the largest rate, 100
        QTest::mouseClick(view->playButton(), Qt::LeftButton);
        QTRY_VERIFY_WITH_TIMEOUT(!view->session()->isRunning(), 60000);
        QVERIFY(view->session()->message().contains(QStringLiteral("finite")));
        QVERIFY(window.autosave()->autosaver()->autosaveNow());
        const auto saved = readSequence(onlyAutosave());
        QVERIFY(saved.has_value());
        for (const attn::Matrix *m : saved->model.weights.matrices())
            QVERIFY(m->allFinite());
        QVERIFY(sameWeights(saved->model, view->session()->snapshots().back().model));
        window.autosave()->autosaver()->cleanExit();
    }

    void leftSequenceOpensInTheSequenceWindow()
    {
        // A sequence as a crashed session left it: no live lock.
        attn::SequenceDocument left = task();
        left.model.temperature = 0.75;
        const QByteArray text = QByteArray::fromStdString(attn::writeSequence(left));
        QVERIFY(QDir().mkpath(Autosaver::folder()));
        const QString leftPath =
            Autosaver::folder() + QStringLiteral("/sequence-autosave-%1.json")
                                      .arg(QUuid::createUuid().toString(QUuid::WithoutBraces));
        {
            QFile f(leftPath);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
        }
        QWidget parent;
        std::unique_ptr<SequenceWindow> window;
        bool recovered = false, finished = false;
        {
            Answerer answerer(QStringLiteral("Recover"));
            SequenceAutosave::offerRecovery(
                &parent,
                [&window]() {
                    window = std::make_unique<SequenceWindow>();
                    window->autosave()->start(1h);
                    window->showWindow();
                    return window.get();
                },
                [&](bool r) {
                    recovered = r;
                    finished = true;
                });
            QTRY_VERIFY(finished);
            QCOMPARE(answerer.name, QStringLiteral("recoveryPrompt"));
            QVERIFY(answerer.text.contains(QStringLiteral("sequence")));
        }
        QVERIFY(recovered);
        QVERIFY(window);
        QCOMPARE(window->session()->model().temperature, 0.75);
        QCOMPARE(window->session()->document().examples.size(), left.examples.size());
        QVERIFY(window->messageLabel()->text().contains(QStringLiteral("Recovered")));
        // The earlier session's file is gone; this session's autosave holds it, unsaved.
        QVERIFY(!QFileInfo::exists(leftPath));
        QVERIFY(window->autosave()->hasUnsavedWork());
        QCOMPARE(readSequence(onlyAutosave())->model.temperature, 0.75);
        // Undo brings back what the window held before.
        QVERIFY(window->session()->canUndo());
        window->autosave()->autosaver()->cleanExit();
    }

    void laterKeepsAndDiscardRemovesTheLeftSequence()
    {
        QVERIFY(QDir().mkpath(Autosaver::folder()));
        const QString leftPath =
            Autosaver::folder() + QStringLiteral("/sequence-autosave-%1.json")
                                      .arg(QUuid::createUuid().toString(QUuid::WithoutBraces));
        {
            QFile f(leftPath);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(attn::writeSequence(task()).c_str());
        }
        QWidget parent;
        int opened = 0;
        for (const QString &answer : {QStringLiteral("Decide Later"), QStringLiteral("Discard")}) {
            Answerer answerer(answer);
            bool finished = false;
            SequenceAutosave::offerRecovery(
                &parent,
                [&opened]() -> SequenceWindow * {
                    ++opened;
                    return nullptr;
                },
                [&finished](bool) { finished = true; });
            QTRY_VERIFY(finished);
            QCOMPARE(answerer.answered, 1);
            QCOMPARE(QFileInfo::exists(leftPath), answer != QStringLiteral("Discard"));
        }
        QCOMPARE(opened, 0);
    }

    void terminationWritesEveryDocument()
    {
        QProcess child;
        QByteArray out;
        QString why;
        QVERIFY2(childprocess::startUntil(child, QStringLiteral("AC_SEQUENCEAUTOSAVE_TERM_CHILD"),
                                          "ready\n", &out, &why),
                 qPrintable(why));
        const QString sequencePath = QString::fromUtf8(out.split('\n').constFirst());
        // Nothing is written before the signal: the ticks are an hour apart.
        QVERIFY(!QFileInfo::exists(sequencePath));
        ::kill(pid_t(child.processId()), SIGTERM);
        QVERIFY(child.waitForFinished(30000));
        QCOMPARE(child.exitStatus(), QProcess::NormalExit);
        QCOMPARE(child.exitCode(), 128 + SIGTERM);
        // Both documents are on disk, and no lock is left.
        QCOMPARE(readSequence(sequencePath)->model.temperature, 3.25);
        QCOMPARE(QDir(Autosaver::folder())
                     .entryList({QStringLiteral("autosave-*.json")}, QDir::Files)
                     .size(),
                 1);
        QVERIFY(QDir(Autosaver::folder())
                    .entryList({QStringLiteral("*.lock")}, QDir::Files | QDir::Hidden)
                    .isEmpty());
        // The next start offers the sequence.
        Autosaver next(Autosaver::Kind::Sequence);
        QVERIFY(next.recoverable());
    }

    void closingDuringTrainingAsks()
    {
        QWidget main;
        main.show();
        auto *window = new SequenceWindow(&main);
        window->resize(1280, 800);
        window->show();
        openTask(*window);
        TrainingView *view = window->trainingView();
        QTest::mouseClick(view->playButton(), Qt::LeftButton);
        QTRY_VERIFY(view->session()->isRunning());
        {
            Answerer answerer(QStringLiteral("Keep Training"));
            QVERIFY(!window->close());
            QCOMPARE(answerer.name, QStringLiteral("stopTrainingQuestion"));
        }
        QVERIFY(window->isVisible());
        QVERIFY(view->session()->isRunning());
        {
            Answerer answerer(QStringLiteral("Stop and Close"));
            QVERIFY(window->close());
            QCOMPARE(answerer.answered, 1);
        }
        QVERIFY(!window->isVisible());
        QVERIFY(!view->session()->isRunning());
        QTRY_VERIFY(view->session()->step() > 0); // the run so far stays
        const int stepBefore = view->session()->step();

        // Quitting (the main window closes) with the trained model unsaved asks too, naming the
        // step it has reached. (Steps the paused worker had in hand may still arrive while the
        // question looks for unsaved work and while it is open: the step it names lies between
        // the one before and the one after.)
        {
            Answerer answerer(QStringLiteral("Cancel"));
            QVERIFY(!main.close());
            QCOMPARE(answerer.name, QStringLiteral("discardSequenceQuestion"));
            const QRegularExpressionMatch named =
                QRegularExpression(QStringLiteral("trained for (\\d+) steps")).match(answerer.text);
            QVERIFY2(named.hasMatch(), qPrintable(answerer.text));
            const int step = named.captured(1).toInt();
            QVERIFY2(step >= stepBefore && step <= view->session()->step(),
                     qPrintable(answerer.text));
        }
        QVERIFY(main.isVisible());
        {
            Answerer answerer(QStringLiteral("Throw Away and Quit"));
            QVERIFY(main.close());
            QCOMPARE(answerer.answered, 1);
        }
    }

    void quittingWithNothingUnsavedAsksNothing()
    {
        QWidget main;
        main.show();
        auto *window = new SequenceWindow(&main);
        window->show();
        QVERIFY(window->close()); // not training: no question
        QVERIFY(main.close());    // the preset as it was: no question
    }
};

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    testsettings::isolate("tst_sequenceautosave");
    if (qEnvironmentVariableIsSet("AC_LANG"))
        Language::install(qEnvironmentVariable("AC_LANG"));
    if (qEnvironmentVariableIsSet("AC_SEQUENCEAUTOSAVE_TERM_CHILD"))
        return runTerminatedChild();
    TestSequenceAutosave test;
    QTEST_SET_MAIN_SOURCE_PATH
    return QTest::qExec(&test, argc, argv);
}

#include "tst_sequenceautosave.moc"
