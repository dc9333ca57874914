// File → Record: a real drag recorded from the window (Ctrl+R, mouse events on the canvas,
// Ctrl+R), trimmed with the dialog's own slider keys and saved; the GIF read back with giflib's
// decoder (common/decodedgif.h). The minute's limit through a clock the test moves; the
// sampling of a recording against frame times worked out by hand; Cancel during a save.

#include "canvas/canvaswidget.h"
#include "common/clifiles.h"
#include "common/decodedgif.h"
#include "common/mainwindowfixture.h"
#include "common/testsettings.h"
#include "export/canvasrecorder.h"
#include "export/canvasrecording.h"
#include "export/recordingexport.h"
#include "export/recordingtrimdialog.h"
#include "mainwindow.h"
#include "model/scenemodel.h"
#include "theme/colorscheme.h"

#include <QAction>
#include <QApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QRandomGenerator>
#include <QSlider>
#include <QSpinBox>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QToolBar>

#include <cmath>
#include <numbers>

using decodedgif::DecodedGif;

namespace {
// The angle of `p` around `origin` on screen, in radians counter-clockwise from the x axis (the
// screen's y grows downwards).
double screenAngle(QPointF p, QPointF origin)
{
    return std::atan2(-(p.y() - origin.y()), p.x() - origin.x());
}

double angleDifference(double a, double b)
{
    double d = std::fmod(b - a, 2 * std::numbers::pi);
    if (d <= -std::numbers::pi)
        d += 2 * std::numbers::pi;
    if (d > std::numbers::pi)
        d -= 2 * std::numbers::pi;
    return d;
}

// A picture of noise in 4096 colours: no two alike, and slow to quantise.
QImage noise(QSize size, quint32 seed)
{
    QImage image(size, QImage::Format_RGB32);
    QRandomGenerator random(seed);
    for (int y = 0; y < size.height(); ++y) {
        auto *row = reinterpret_cast<quint32 *>(image.scanLine(y));
        for (int x = 0; x < size.width(); ++x)
            row[x] = 0xff000000u | (random.generate() & 0xf0f0f0u);
    }
    return image;
}

// `image` with everything farther than `radius` from `centre` painted white: the query's arrow
// without the legend's red sample in the corner.
QImage within(const QImage &image, QPointF centre, double radius)
{
    QImage out = image.convertToFormat(QImage::Format_RGB32);
    for (int y = 0; y < out.height(); ++y)
        for (int x = 0; x < out.width(); ++x)
            if (std::hypot(x - centre.x(), y - centre.y()) > radius)
                out.setPixel(x, y, qRgb(255, 255, 255));
    return out;
}

QImage flat(QSize size, QColor colour)
{
    QImage image(size, QImage::Format_RGB32);
    image.fill(colour);
    return image;
}

QPushButton *saveButton(QDialog *dialog)
{
    return dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Save);
}
} // namespace

class TestCanvasRecorder : public QObject
{
    Q_OBJECT

    testsettings::Isolated m_settings{"tst_canvasrecorder"};

private slots:
    void recordDragTrimAndSave()
    {
        std::unique_ptr<SceneModel> model;
        std::unique_ptr<MainWindow> window;
        QVERIFY(openMainWindow(model, window, QSize(1280, 800)));
        CanvasWidget *canvas = window->canvas();
        canvas->setSnapToGrid(false);
        window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(window.get()));
        auto *record = window->findChild<QAction *>(QStringLiteral("actionRecord"));
        QVERIFY(record);
        QVERIFY(window->findChild<QToolBar *>()->actions().contains(record));
        auto *indicator = window->findChild<QWidget *>(QStringLiteral("recordingIndicator"));
        QVERIFY(indicator && !indicator->isVisible());

        const attn::Vector q0 = model->scene().query;
        QTest::keyClick(window.get(), Qt::Key_R, Qt::ControlModifier);
        QVERIFY(indicator->isVisible());
        QVERIFY(window->findChild<QLabel *>(QStringLiteral("recordingTime"))
                    ->text()
                    .contains(QStringLiteral("1:00")));
        // Still for 800 ms, then the query dragged a quarter turn around the origin.
        QTest::qWait(800);
        const double r = std::hypot(q0[0], q0[1]);
        const double a0 = std::atan2(q0[1], q0[0]);
        const auto at = [&](double a) {
            return canvas->view().toScreen(QPointF(r * std::cos(a), r * std::sin(a))).toPoint();
        };
        QTest::mousePress(canvas, Qt::LeftButton, {}, at(a0));
        constexpr int kSteps = 20;
        for (int i = 1; i <= kSteps; ++i) {
            QTest::mouseMove(canvas, at(a0 + std::numbers::pi / 2 * i / kSteps));
            QTest::qWait(60);
        }
        QTest::mouseRelease(canvas, Qt::LeftButton, {}, at(a0 + std::numbers::pi / 2));
        const attn::Vector q1 = model->scene().query;
        QVERIFY(std::abs(angleDifference(a0, std::atan2(q1[1], q1[0])) - std::numbers::pi / 2) <
                0.05);
        QTest::qWait(300);
        QTest::keyClick(window.get(), Qt::Key_R, Qt::ControlModifier);
        QVERIFY(!indicator->isVisible());

        auto *recorder = window->findChild<CanvasRecorder *>();
        QVERIFY(recorder && !recorder->isRecording());
        RecordingTrimDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = window->findChild<RecordingTrimDialog *>()) && dialog->isVisible());
        const qint64 duration = dialog->recording().duration();
        QVERIFY2(duration >= 2000 && duration < 10000, qPrintable(QString::number(duration)));
        // Pictures only when the canvas changed: the still 800 ms is one picture, the drag no
        // more than the capture rate allows.
        QVERIFY(dialog->recording().count() >= 2);
        QVERIFY(dialog->recording().count() <= duration * CanvasRecorder::kCaptureFps / 1000 + 2);

        // Trim off the first half second with the start slider's keys, 10 frames a second.
        auto *start = dialog->findChild<QSlider *>(QStringLiteral("startSlider"));
        start->setFocus();
        QTest::keyClick(start, Qt::Key_Home);
        for (int i = 0; i < 5; ++i)
            QTest::keyClick(start, Qt::Key_Right);
        QCOMPARE(start->value(), 500);
        auto *fps = dialog->findChild<QSpinBox *>(QStringLiteral("fpsSpin"));
        fps->setFocus();
        fps->selectAll();
        QTest::keyClicks(fps, QStringLiteral("10"));
        QCOMPARE(fps->value(), 10);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("drag.gif"));
        auto *file = dialog->findChild<QLineEdit *>(QStringLiteral("fileEdit"));
        file->selectAll();
        QTest::keyClicks(file, out);
        QTest::mouseClick(saveButton(dialog), Qt::LeftButton);
        QTRY_VERIFY(!window->findChild<RecordingTrimDialog *>());

        const DecodedGif gif = decodedgif::decode(clifiles::readAll(out));
        QVERIFY2(gif.ok, qPrintable(gif.error));
        // 10 frames a second cover what is left after 500 ms, a frame started every 100 ms.
        const qint64 kept = duration - 500;
        QCOMPARE(gif.frames.size(), int((kept + 99) / 100));
        QCOMPARE(gif.size, canvas->size());
        QCOMPARE(gif.delays.first(), 10);
        QCOMPARE(gif.loop, 0);

        // The query's red: at its first angle in the first frame, a quarter turn on in the last.
        const QPointF origin = canvas->view().toScreen(QPointF(0, 0));
        int n0 = 0, n1 = 0;
        const double reach = 1.15 * r * canvas->view().scale();
        const QPointF c0 = decodedgif::centroidOf(within(gif.frames.first(), origin, reach),
                                                  ColorScheme::query(), &n0);
        const QPointF c1 = decodedgif::centroidOf(within(gif.frames.last(), origin, reach),
                                                  ColorScheme::query(), &n1);
        QVERIFY(n0 > 50 && n1 > 50);
        const double toleranceDeg = 12;
        QVERIFY2(std::abs(angleDifference(a0, screenAngle(c0, origin))) * 180 / std::numbers::pi <
                     toleranceDeg,
                 qPrintable(QStringLiteral("first frame %1° from the query")
                                .arg(angleDifference(a0, screenAngle(c0, origin)) * 180 /
                                     std::numbers::pi)));
        const double a1 = std::atan2(q1[1], q1[0]);
        QVERIFY2(std::abs(angleDifference(a1, screenAngle(c1, origin))) * 180 / std::numbers::pi <
                     toleranceDeg,
                 qPrintable(QStringLiteral("last frame %1° from the query")
                                .arg(angleDifference(a1, screenAngle(c1, origin)) * 180 /
                                     std::numbers::pi)));
        QVERIFY(window->statusBar()->currentMessage().contains(QStringLiteral("drag.gif")));
    }

    void stopsAtTheLimitAndSaysSo()
    {
        std::unique_ptr<SceneModel> model;
        std::unique_ptr<MainWindow> window;
        QVERIFY(openMainWindow(model, window));
        auto *recorder = window->findChild<CanvasRecorder *>();
        QVERIFY(recorder);
        qint64 now = 1000;
        recorder->setClock([&now] { return now; });
        window->findChild<QAction *>(QStringLiteral("actionRecord"))->trigger();
        QVERIFY(recorder->isRecording());
        now += 59999;
        QTest::qWait(400);
        QVERIFY(recorder->isRecording());
        now += 1;
        QTRY_VERIFY(!recorder->isRecording());
        QVERIFY2(window->statusBar()->currentMessage().contains(QStringLiteral("60")),
                 qPrintable(window->statusBar()->currentMessage()));
        RecordingTrimDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = window->findChild<RecordingTrimDialog *>()) && dialog->isVisible());
        QCOMPARE(dialog->recording().duration(), CanvasRecorder::kMaxDuration);
        QCOMPARE(dialog->findChild<QSlider *>(QStringLiteral("endSlider"))->value(), 60000);
        // Long: Discard asks first; Cancel there keeps the recording.
        QTimer::singleShot(0, this, [] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            QVERIFY(box);
            box->button(QMessageBox::Cancel)->click();
        });
        QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("discardButton")),
                          Qt::LeftButton);
        QVERIFY(dialog->isVisible());
        QTimer::singleShot(0, this, [] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            QVERIFY(box);
            box->button(QMessageBox::Discard)->click();
        });
        QTest::mouseClick(dialog->findChild<QPushButton *>(QStringLiteral("discardButton")),
                          Qt::LeftButton);
        QTRY_VERIFY(!window->findChild<RecordingTrimDialog *>());
    }

    void nothingChangedGivesOneFrame()
    {
        std::unique_ptr<SceneModel> model;
        std::unique_ptr<MainWindow> window;
        QVERIFY(openMainWindow(model, window));
        auto *recorder = window->findChild<CanvasRecorder *>();
        recorder->setClock([] { return qint64(5000); }); // no time passes
        auto *record = window->findChild<QAction *>(QStringLiteral("actionRecord"));
        record->trigger();
        record->trigger();
        RecordingTrimDialog *dialog = nullptr;
        QTRY_VERIFY((dialog = window->findChild<RecordingTrimDialog *>()) && dialog->isVisible());
        QCOMPARE(dialog->recording().count(), 1);
        QCOMPARE(dialog->recording().duration(), 0);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("still.gif"));
        dialog->setFilePath(out);
        QTest::mouseClick(saveButton(dialog), Qt::LeftButton);
        QTRY_VERIFY(!window->findChild<RecordingTrimDialog *>());
        const DecodedGif gif = decodedgif::decode(clifiles::readAll(out));
        QVERIFY2(gif.ok, qPrintable(gif.error));
        QCOMPARE(gif.frames.size(), 1);
        QCOMPARE(gif.size, window->canvas()->size());
    }

    void picturesAreSampledAtTheFrameDelay()
    {
        // Pictures at 0, 250 and 1000 ms; at 10 frames a second from 100 to 1150 ms the frames
        // start at 100, 200, …, 1100: pictures 0, 0, 1, 1, 1, 1, 1, 1, 1, 2, 2.
        CanvasRecording recording;
        recording.add(0, flat(QSize(40, 30), Qt::red));
        recording.add(250, flat(QSize(40, 30), Qt::green));
        recording.add(1000, flat(QSize(40, 30), Qt::blue));
        recording.setDuration(1300);
        RecordingExport::Options o;
        o.start = 100;
        o.end = 1150;
        o.size = QSize(40, 30);
        o.gif.fps = 10;
        QCOMPARE(RecordingExport::plan(recording, o),
                 (QList<int>{0, 0, 1, 1, 1, 1, 1, 1, 1, 2, 2}));
        // 25 frames a second: 4/100 s; 0 to 100 ms is 2.5 frames, so 3.
        QCOMPARE(RecordingExport::frameCount(0, 100, 25), 3);
        QCOMPARE(RecordingExport::frameCount(300, 300, 25), 1);
        // The pictures come back as they went in, and scaled ones keep their proportions.
        QCOMPARE(recording.frame(1), flat(QSize(40, 30), Qt::green));
        const QImage wide =
            RecordingExport::fitted(flat(QSize(40, 30), Qt::blue), QSize(80, 30), Qt::white);
        QCOMPARE(wide.pixelColor(40, 15), QColor(Qt::blue));
        QCOMPARE(wide.pixelColor(5, 15), QColor(Qt::white));

        RecordingExport gif(recording, o);
        while (gif.step()) {
        }
        QVERIFY2(gif.finished(), qPrintable(gif.error()));
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("plan.gif"));
        QString error;
        QVERIFY2(gif.write(out, &error), qPrintable(error));
        const DecodedGif d = decodedgif::decode(clifiles::readAll(out));
        QVERIFY2(d.ok, qPrintable(d.error));
        const QRgb want[] = {qRgb(255, 0, 0), qRgb(255, 0, 0), qRgb(0, 255, 0), qRgb(0, 255, 0),
                             qRgb(0, 255, 0), qRgb(0, 255, 0), qRgb(0, 255, 0), qRgb(0, 255, 0),
                             qRgb(0, 255, 0), qRgb(0, 0, 255), qRgb(0, 0, 255)};
        QCOMPARE(d.frames.size(), 11);
        for (int k = 0; k < 11; ++k)
            QCOMPARE(d.frames[k].pixel(20, 15), want[k]);
    }

    void pictureKeptCompressed()
    {
        // A canvas picture is kept in a small part of its raw size (the memory bound's premise).
        std::unique_ptr<SceneModel> model;
        std::unique_ptr<MainWindow> window;
        QVERIFY(openMainWindow(model, window, QSize(1280, 800)));
        const QImage picture = window->canvas()->grab().toImage();
        CanvasRecording recording;
        recording.add(0, picture);
        const qsizetype kept = [&] {
            recording.frame(0); // waits for the compression
            return recording.bytes();
        }();
        QVERIFY2(kept * 10 < picture.sizeInBytes(),
                 qPrintable(QStringLiteral("%1 of %2").arg(kept).arg(picture.sizeInBytes())));
        QCOMPARE(recording.frame(0), picture);
    }

    void cancelLeavesAnExistingFileAsItWas()
    {
        auto recording = std::make_unique<CanvasRecording>();
        for (int i = 0; i < 120; ++i)
            recording->add(i * 50, noise(QSize(480, 360), quint32(i + 1)));
        recording->setDuration(6000);
        QTemporaryDir dir;
        const QString out = dir.filePath(QStringLiteral("existing.gif"));
        const QByteArray before = QByteArrayLiteral("GIF89a not really, but someone's file");
        {
            QFile f(out);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(before);
        }
        RecordingTrimDialog dialog(std::move(recording));
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        dialog.findChild<QSpinBox *>(QStringLiteral("fpsSpin"))->setValue(20);
        dialog.setFilePath(out);
        bool clicked = false;
        QTimer poll;
        connect(&poll, &QTimer::timeout, this, [&] {
            auto *progress = dialog.findChild<QProgressDialog *>();
            if (!progress || !progress->isVisible() || clicked)
                return;
            for (auto *b : progress->findChildren<QPushButton *>())
                if (b->isVisible()) {
                    QTest::mouseClick(b, Qt::LeftButton);
                    clicked = true;
                }
        });
        poll.start(20);
        QTest::mouseClick(saveButton(&dialog), Qt::LeftButton);
        poll.stop();
        QVERIFY(clicked);
        QCOMPARE(clifiles::readAll(out), before);
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden),
                 QStringList{QStringLiteral("existing.gif")});
        QVERIFY(dialog.isVisible()); // still open for another try
    }
};

int main(int argc, char **argv)
{
    QApplication app(argc, argv);
    TestCanvasRecorder test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_canvasrecorder.moc"
