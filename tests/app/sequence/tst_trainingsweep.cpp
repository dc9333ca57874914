// A training run as an animated GIF: the frames' steps, `--animate training` as a user runs it
// (the real program through QProcess, no display), the refusals, and the Training view's Export
// animation… button. Files are read back with Qt's own GIF reader, independent of the giflib and
// libimagequant that wrote them; the loss curve's growth is measured in pixels of its colour.

#include "common/apprun.h"
#include "common/clifiles.h"
#include "common/forwardanimationrun.h"
#include "core/sequencefile.h"
#include "export/forwardanimation.h"
#include "export/forwardanimationdialog.h"
#include "model/commandline.h"
#include "model/scenestorage.h"
#include "model/sequencesession.h"
#include "model/trainingsession.h"
#include "sequence/trainingchart.h"
#include "sequence/trainingsweep.h"
#include "sequence/trainingview.h"

#include <QApplication>
#include <QBuffer>
#include <QDialogButtonBox>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QImageReader>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QLineSeries>
#include <QPushButton>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QValueAxis>

namespace {
const QString kTask = QStringLiteral(AC_SOURCE_DIR "/resources/sequences/task-previous-token.json");
const QString kNoTraining =
    QStringLiteral(AC_SOURCE_DIR "/resources/sequences/previous-token-rotary.json");

// Every frame as a player shows it, by Qt's GIF reader.
// Pixels within `tolerance` of `colour` in `rect` of `image`.
int pixelsOf(const QImage &image, const QRect &rect, QColor colour, int tolerance = 40)
{
    int n = 0;
    for (int y = rect.top(); y <= rect.bottom(); ++y)
        for (int x = rect.left(); x <= rect.right(); ++x) {
            const QRgb p = image.pixel(x, y);
            if (std::abs(qRed(p) - colour.red()) < tolerance &&
                std::abs(qGreen(p) - colour.green()) < tolerance &&
                std::abs(qBlue(p) - colour.blue()) < tolerance)
                ++n;
        }
    return n;
}

// The upper end of a chart's step axis.
double axisMax(const TrainingChart *chart)
{
    const QList<QAbstractAxis *> axes = chart->chart()->axes(Qt::Horizontal);
    const auto *axis = axes.isEmpty() ? nullptr : qobject_cast<const QValueAxis *>(axes.first());
    return axis ? axis->max() : -1;
}

AppRun run(const QStringList &args)
{
    return runApp(args, QDir::tempPath() + QStringLiteral("/ac-trainingsweep-cfg"), {}, 180000);
}
} // namespace

class TestTrainingSweep : public QObject
{
    Q_OBJECT

private slots:
    void framesAreEvenlySpaced()
    {
        // k·S/(N−1), rounded: 0, 10/3, 20/3, 10.
        QCOMPARE(TrainingSweep::stepAt(0, 4, 10), 0);
        QCOMPARE(TrainingSweep::stepAt(1, 4, 10), 3);
        QCOMPARE(TrainingSweep::stepAt(2, 4, 10), 7);
        QCOMPARE(TrainingSweep::stepAt(3, 4, 10), 10);
        QCOMPARE(TrainingSweep::stepAt(47, 48, 150), 150);
        QCOMPARE(TrainingSweep::stepAt(24, 49, 150), 75);
    }

    void commandLineTakesTheSteps()
    {
        const QString app = QStringLiteral("attention-canvas");
        CommandLine cli;
        QVERIFY2(cli.parse({app, QStringLiteral("--scene"), QStringLiteral("t.json"),
                            QStringLiteral("--animate"), QStringLiteral("training"),
                            QStringLiteral("--train"), QStringLiteral("30"),
                            QStringLiteral("--export"), QStringLiteral("t.gif")}),
                 qPrintable(cli.error()));
        QCOMPARE(cli.options().animate, QStringLiteral("training"));
        QCOMPARE(cli.options().trainSteps, std::optional<int>(30));
        // The scene's sweeps have no steps to take.
        CommandLine scene;
        QVERIFY(!scene.parse({app, QStringLiteral("--scene"), QStringLiteral("t.json"),
                              QStringLiteral("--animate"), QStringLiteral("temperature"),
                              QStringLiteral("--train"), QStringLiteral("30"),
                              QStringLiteral("--export"), QStringLiteral("t.gif")}));
        QVERIFY(scene.error().contains(QStringLiteral("--train")));
        CommandLine unknown;
        QVERIFY(!unknown.parse({app, QStringLiteral("--animate"), QStringLiteral("learning"),
                                QStringLiteral("--export"), QStringLiteral("t.gif")}));
        QVERIFY(unknown.error().contains(QStringLiteral("training")));
    }

    void documentsWithoutATrainingBlockOrTargets()
    {
        QString why;
        const auto plain = SceneStorage::loadSequence(kNoTraining, &why);
        QVERIFY2(plain, qPrintable(why));
        QVERIFY(!plain->training);
        QVERIFY(TrainingSweep::problem(*plain, true).contains(QStringLiteral("\"training\"")));
        QVERIFY(TrainingSweep::problem(*plain, false).isEmpty());
        attn::SequenceDocument untargeted = *plain;
        for (auto &example : untargeted.examples)
            std::fill(example.targets.begin(), example.targets.end(), -1);
        QVERIFY(TrainingSweep::problem(untargeted, false).contains(QStringLiteral("target")));
    }

    void framesLandOnTheirStepsAndTheLossCurveGrows()
    {
        QString why;
        const auto document = SceneStorage::loadSequence(kTask, &why);
        QVERIFY2(document, qPrintable(why));
        TrainingSweep::Options o;
        o.steps = 30;
        o.frames = 4;
        TrainingSweep sweep(*document, o);
        QVERIFY2(sweep.problem().isEmpty(), qPrintable(sweep.problem()));
        TrainingChart *loss = sweep.view()->lossChart();
        const QRect chart(loss->mapTo(sweep.view(), QPoint()), loss->size());
        const QColor line = loss->line(0)->color();
        const int steps[] = {0, 10, 20, 30};
        int last = -1;
        for (int k = 0; k < 4; ++k) {
            const QImage image = sweep.drawFrame(k, &why);
            QVERIFY2(!image.isNull(), qPrintable(why));
            QCOMPARE(image.size(), QSize(1280, 800));
            QCOMPARE(sweep.view()->session()->step(), steps[k]);
            // The step axis stays put from the first frame: 30 rounded up to an even number
            // of tens (a run's own axis would be 20 until step 20 is passed).
            QCOMPARE(axisMax(loss), 40.0);
            const int drawn = pixelsOf(image, chart, line);
            // Each frame's curve reaches further along the step axis than the one before.
            QVERIFY2(
                drawn > last,
                qPrintable(
                    QStringLiteral("frame %1: %2 pixels, before %3").arg(k).arg(drawn).arg(last)));
            last = drawn;
        }
    }

    void commandLineWritesTheFramesDeterministically()
    {
        QTemporaryDir dir;
        const QString a = dir.filePath(QStringLiteral("a.gif"));
        const QString b = dir.filePath(QStringLiteral("b.gif"));
        const QStringList args = {QStringLiteral("--scene"),   kTask,
                                  QStringLiteral("--animate"), QStringLiteral("training"),
                                  QStringLiteral("--train"),   QStringLiteral("10"),
                                  QStringLiteral("--frames"),  QStringLiteral("5"),
                                  QStringLiteral("--size"),    QStringLiteral("1100x760"),
                                  QStringLiteral("--export")};
        const AppRun first = run(args + QStringList{a});
        QVERIFY2(first.exitCode == 0, first.err.constData());
        const AppRun second = run(args + QStringList{b});
        QVERIFY2(second.exitCode == 0, second.err.constData());
        const QByteArray bytes = clifiles::readAll(a);
        QCOMPARE(clifiles::readAll(b), bytes); // same file, same seed: the same bytes
        const QList<QImage> frames = forwardanimationrun::framesOf(bytes);
        QCOMPARE(frames.size(), 5);
        for (const QImage &frame : frames)
            QCOMPARE(frame.size(), QSize(1100, 760));
        QVERIFY(frames.first() != frames.last());
    }

    void fileWithoutATrainingBlockIsRefused()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("kept.gif"));
        QVERIFY(clifiles::writeTo(out, "an earlier file"));
        const AppRun r = run({QStringLiteral("--scene"), kNoTraining, QStringLiteral("--animate"),
                              QStringLiteral("training"), QStringLiteral("--export"), out});
        const QString failure = notACleanFailure(r, 1, QStringLiteral("no \"training\" block"));
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        QVERIFY(QString::fromUtf8(r.err).contains(kNoTraining));
        QCOMPARE(clifiles::readAll(out), QByteArray("an earlier file"));
    }

    void divergingRunWritesNothing()
    {
        // SGD with η = 10³⁰⁰: the first update sends the parameters past any finite loss.
        QJsonObject task = QJsonDocument::fromJson(clifiles::readAll(kTask)).object();
        task[QStringLiteral("training")] = QJsonObject{{QStringLiteral("optimizer"), "sgd"},
                                                       {QStringLiteral("learning_rate"), 1e300},
                                                       {QStringLiteral("steps"), 20}};
        QTemporaryDir dir;
        const QString file =
            clifiles::write(dir, QStringLiteral("diverges.json"), QJsonDocument(task).toJson());
        const QString out = dir.filePath(QStringLiteral("kept.gif"));
        QVERIFY(clifiles::writeTo(out, "an earlier file"));
        const AppRun r = run({QStringLiteral("--scene"), file, QStringLiteral("--animate"),
                              QStringLiteral("training"), QStringLiteral("--frames"),
                              QStringLiteral("5"), QStringLiteral("--export"), out});
        const QString failure = notACleanFailure(r, 1, QStringLiteral("no longer a finite number"));
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        QCOMPARE(clifiles::readAll(out), QByteArray("an earlier file"));
    }

    void otherFilesAndPartsAreRefused()
    {
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("none.gif"));
        const QString scene =
            clifiles::write(dir, QStringLiteral("scene.json"), QByteArray(clifiles::kArticleScene));
        AppRun r = run({QStringLiteral("--scene"), scene, QStringLiteral("--animate"),
                        QStringLiteral("training"), QStringLiteral("--export"), out});
        QString failure = notACleanFailure(r, 1, QStringLiteral("is not a sequence file"));
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        r = run({QStringLiteral("--scene"), kTask, QStringLiteral("--animate"),
                 QStringLiteral("training"), QStringLiteral("--part"), QStringLiteral("canvas"),
                 QStringLiteral("--export"), out});
        failure = notACleanFailure(r, 2, QStringLiteral("--part canvas"));
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        r = run({QStringLiteral("--scene"), kTask, QStringLiteral("--animate"),
                 QStringLiteral("training"), QStringLiteral("--train"), QStringLiteral("5"),
                 QStringLiteral("--save-trained"), dir.filePath(QStringLiteral("t.json")),
                 QStringLiteral("--export"), out});
        failure = notACleanFailure(r, 2, QStringLiteral("--save-trained"));
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
        QVERIFY(!QFileInfo::exists(out));
    }

    void cancelledRunLeavesTheFileAsItWas()
    {
        QString why;
        const auto document = SceneStorage::loadSequence(kTask, &why);
        QVERIFY2(document, qPrintable(why));
        TrainingSweep::Options o;
        o.steps = 100000; // long enough that only Cancel ends it within the test
        o.frames = 3;
        TrainingSweep sweep(*document, o);
        QElapsedTimer clock;
        sweep.setCancelCheck([&clock] { return clock.isValid() && clock.elapsed() > 300; });
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("kept.gif"));
        QVERIFY(clifiles::writeTo(out, "an earlier file"));
        clock.start();
        QString error;
        QVERIFY(!sweep.animation()->run(out, &error));
        QVERIFY2(error.contains(QStringLiteral("Cancelled")), qPrintable(error));
        QVERIFY(clock.elapsed() < 20000);
        QCOMPARE(clifiles::readAll(out), QByteArray("an earlier file"));
    }

    void trainingViewButtonWritesTheGif()
    {
        SequenceSession source;
        QVERIFY(source.loadFile(kTask));
        TrainingView view(&source);
        view.resize(1280, 800);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QPushButton *button = view.exportAnimationButton();
        QVERIFY(button && button->isVisible());
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("button.gif"));
        bool seen = false;
        QString error;
        // The dialog is modal: fill it in from inside its own event loop.
        QTimer::singleShot(0, this, [&] {
            auto *dialog =
                qobject_cast<ForwardAnimationDialog *>(QApplication::activeModalWidget());
            seen = dialog != nullptr;
            if (!dialog)
                return;
            forwardanimationrun::typeInto(
                dialog->findChild<QSpinBox *>(QStringLiteral("stepsSpin")), 6);
            forwardanimationrun::typeInto(dialog->framesBox(), 3);
            error = forwardanimationrun::save(dialog, out);
        });
        QTest::mouseClick(button, Qt::LeftButton);
        QVERIFY(seen);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const QList<QImage> frames = forwardanimationrun::framesOf(clifiles::readAll(out));
        QCOMPARE(frames.size(), 3);
        QCOMPARE(frames.first().size(), view.size());
        // The run on screen was not touched: still at step 0.
        QCOMPARE(view.session()->step(), 0);
    }
};

QTEST_MAIN(TestTrainingSweep)
#include "tst_trainingsweep.moc"
