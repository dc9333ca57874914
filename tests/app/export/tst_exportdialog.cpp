// ExportDialog and the two File menu actions, driven with real keyboard and mouse events.

#include "canvas/canvaswidget.h"
#include "common/mainwindowfixture.h"
#include "common/testsettings.h"
#include "export/exportdialog.h"
#include "export/pictureinbands.h"
#include "mainwindow.h"
#include "model/scenemodel.h"
#include "panels/weightchart.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <memory>

class TestExportDialog : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void startsWithTheCanvasAtItsSize();
    void choosingAPartTakesItsSize();
    void typedSuffixChoosesTheFormat();
    void formatKeepsTheSuffixInStep();
    void saveWritesThePicture();
    void failureKeepsTheDialogOpen();
    void largePngHasProgressAndCancel();
    void tooLargeCannotBeSaved();
    void copyPictureUsesTheLastChoices();
    void copyPictureOfALargePartHasProgressAndCancel();
    void menuHoldsTheActions();

private:
    template <typename T> T *child(const char *name) const
    {
        T *w = m_dialog->findChild<T *>(QLatin1String(name));
        if (!w)
            qFatal("no child %s", name);
        return w;
    }
    void setPath(const QString &path);
    void setSpin(const char *name, int value);

    testsettings::Isolated m_isolated{"tst_exportdialog"};
    std::unique_ptr<SceneModel> m_model;
    std::unique_ptr<MainWindow> m_window;
    std::unique_ptr<ExportDialog> m_dialog;
    QTemporaryDir m_dir;
};

void TestExportDialog::init()
{
    QSettings().clear();
    QVERIFY(openMainWindow(m_model, m_window, QSize(1280, 800)));
    m_dialog = std::make_unique<ExportDialog>(m_window->exportSource(), m_window.get());
    m_dialog->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_dialog.get()));
}

void TestExportDialog::cleanup()
{
    m_dialog.reset();
    m_window.reset();
    m_model.reset();
}

void TestExportDialog::setPath(const QString &path)
{
    auto *edit = child<QLineEdit>("fileEdit");
    edit->setFocus();
    QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(edit, path);
    // Leaving the field finishes the edit, as Tab does for a user.
    child<QComboBox>("partCombo")->setFocus();
}

void TestExportDialog::setSpin(const char *name, int value)
{
    auto *spin = child<QSpinBox>(name);
    QTest::keyClick(spin, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(spin, QString::number(value));
    QCOMPARE(spin->value(), value);
}

void TestExportDialog::startsWithTheCanvasAtItsSize()
{
    QCOMPARE(child<QComboBox>("partCombo")->currentIndex(), int(Exporter::Part::Canvas));
    const QSize canvas = m_window->canvas()->size();
    QCOMPARE(child<QSpinBox>("widthSpin")->value(), canvas.width());
    QCOMPARE(child<QSpinBox>("heightSpin")->value(), canvas.height());
    QCOMPARE(m_dialog->options().scale, 2);
    QCOMPARE(m_dialog->format(), Exporter::Format::Png);
    QVERIFY(m_dialog->filePath().endsWith(QStringLiteral("/attention-canvas.png")));
    QVERIFY(!child<QLabel>("captionPreview")->isVisible());
    QTest::mouseClick(child<QCheckBox>("captionCheck"), Qt::LeftButton);
    QVERIFY(child<QLabel>("captionPreview")->isVisible());
    QVERIFY(child<QLabel>("captionPreview")->text().startsWith(QStringLiteral("Dot product")));
    QCOMPARE(child<QLabel>("pixelLabel")->text(),
             QStringLiteral("The image will be %1 × %2 pixels.")
                 .arg(canvas.width() * 2)
                 .arg(canvas.height() * 2));
}

void TestExportDialog::choosingAPartTakesItsSize()
{
    auto *part = child<QComboBox>("partCombo");
    QTest::keyClick(part, Qt::Key_Up);
    QCOMPARE(part->currentIndex(), int(Exporter::Part::Window));
    QCOMPARE(child<QSpinBox>("widthSpin")->value(), 1280);
    QCOMPARE(child<QSpinBox>("heightSpin")->value(), 800);
    QVERIFY(!child<QCheckBox>("transparentCheck")->isEnabled()); // not for the whole window

    QTest::keyClick(part, Qt::Key_Down);
    QTest::keyClick(part, Qt::Key_Down);
    QCOMPARE(part->currentIndex(), int(Exporter::Part::Chart));
    QCOMPARE(child<QSpinBox>("widthSpin")->value(), m_window->weightChart()->width());
    QCOMPARE(child<QSpinBox>("heightSpin")->value(), m_window->weightChart()->height());
    QVERIFY(child<QCheckBox>("transparentCheck")->isEnabled());

    // A size typed by hand, then back to the part's own size.
    setSpin("widthSpin", 777);
    QTest::mouseClick(child<QPushButton>("naturalButton"), Qt::LeftButton);
    QCOMPARE(child<QSpinBox>("widthSpin")->value(), m_window->weightChart()->width());
}

void TestExportDialog::typedSuffixChoosesTheFormat()
{
    setPath(m_dir.filePath(QStringLiteral("drawing.svg")));
    QCOMPARE(m_dialog->format(), Exporter::Format::Svg);
    QVERIFY(!child<QComboBox>("scaleCombo")->isEnabled()); // vectors have no scale
    QCOMPARE(m_dialog->options().scale, 1);
    setPath(m_dir.filePath(QStringLiteral("page.PDF")));
    QCOMPARE(m_dialog->format(), Exporter::Format::Pdf);
    QVERIFY(!child<QCheckBox>("transparentCheck")->isEnabled()); // a PDF page is white
}

void TestExportDialog::formatKeepsTheSuffixInStep()
{
    setPath(m_dir.filePath(QStringLiteral("slide.png")));
    auto *format = child<QComboBox>("formatCombo");
    QTest::keyClick(format, Qt::Key_Down);
    QCOMPARE(m_dialog->filePath(), m_dir.filePath(QStringLiteral("slide.svg")));
    QTest::keyClick(format, Qt::Key_Down);
    QCOMPARE(m_dialog->filePath(), m_dir.filePath(QStringLiteral("slide.pdf")));
}

void TestExportDialog::saveWritesThePicture()
{
    const QString path = m_dir.filePath(QStringLiteral("canvas.png"));
    setPath(path);
    setSpin("widthSpin", 320);
    setSpin("heightSpin", 200);
    QTest::mouseClick(child<QDialogButtonBox>("buttonBox")->button(QDialogButtonBox::Save),
                      Qt::LeftButton);
    QCOMPARE(m_dialog->result(), int(QDialog::Accepted));
    QVERIFY(!m_dialog->isVisible());
    QCOMPARE(QImage(path).size(), QSize(640, 400)); // 2× by default
    // Remembered for the next time and for Copy Picture.
    QCOMPARE(QSettings().value(QStringLiteral("export/part")).toString(), QStringLiteral("canvas"));
    QCOMPARE(QSettings().value(QStringLiteral("export/scale")).toInt(), 2);
}

void TestExportDialog::failureKeepsTheDialogOpen()
{
    const QString path = m_dir.filePath(QStringLiteral("no/such/folder/x.png"));
    setPath(path);
    QTest::mouseClick(child<QDialogButtonBox>("buttonBox")->button(QDialogButtonBox::Save),
                      Qt::LeftButton);
    QVERIFY(m_dialog->isVisible());
    QVERIFY(m_dialog->result() != int(QDialog::Accepted));
    QVERIFY2(child<QLabel>("errorLabel")->text().contains(path),
             qPrintable(child<QLabel>("errorLabel")->text()));
    QVERIFY(!QFile::exists(path));

    setPath(QString());
    QTest::mouseClick(child<QDialogButtonBox>("buttonBox")->button(QDialogButtonBox::Save),
                      Qt::LeftButton);
    QVERIFY(m_dialog->isVisible());
    QVERIFY(!child<QLabel>("errorLabel")->text().isEmpty());
}

// A PNG of 9 million pixels is drawn in bands and encoded in a worker, the event loop turning
// meanwhile: Cancel leaves no file and the dialog open; without it the picture is written.
void TestExportDialog::largePngHasProgressAndCancel()
{
    const QString path = m_dir.filePath(QStringLiteral("large.png"));
    setPath(path);
    child<QComboBox>("scaleCombo")->setCurrentIndex(0); // 1×
    setSpin("widthSpin", 3000);
    setSpin("heightSpin", 3000);
    int turns = 0;
    bool cancel = true, clicked = false;
    QTimer poll;
    connect(&poll, &QTimer::timeout, this, [&] {
        auto *progress = m_dialog->findChild<QProgressDialog *>(QStringLiteral("pictureProgress"));
        if (!progress)
            return;
        ++turns;
        if (!cancel || clicked)
            return;
        progress->show(); // at once rather than after its minimum duration
        for (auto *b : progress->findChildren<QPushButton *>()) {
            QTest::mouseClick(b, Qt::LeftButton);
            clicked = true;
        }
    });
    poll.start(1);
    auto *save = child<QDialogButtonBox>("buttonBox")->button(QDialogButtonBox::Save);
    QTest::mouseClick(save, Qt::LeftButton);
    QVERIFY(clicked);
    QVERIFY(m_dialog->isVisible());
    QVERIFY2(child<QLabel>("errorLabel")->text().contains(QStringLiteral("Cancelled")),
             qPrintable(child<QLabel>("errorLabel")->text()));
    // The worker, if it was at the file, gives up before the rename.
    QTest::qWait(2000);
    QVERIFY(!QFile::exists(path));
    QCOMPARE(QDir(m_dir.path()).entryList({QStringLiteral("large*")}, QDir::Files | QDir::Hidden),
             QStringList());

    cancel = false;
    turns = 0;
    QTest::mouseClick(save, Qt::LeftButton);
    poll.stop();
    QCOMPARE(m_dialog->result(), int(QDialog::Accepted));
    QVERIFY2(turns >= 3, qPrintable(QString::number(turns)));
    QCOMPARE(QImage(path).size(), QSize(3000, 3000));
}

void TestExportDialog::tooLargeCannotBeSaved()
{
    setSpin("widthSpin", 8192);
    setSpin("heightSpin", 8192);
    auto *save = child<QDialogButtonBox>("buttonBox")->button(QDialogButtonBox::Save);
    QVERIFY(!save->isEnabled()); // 16384 × 16384 at 2× is beyond 100 million pixels
    QVERIFY(child<QLabel>("pixelLabel")->text().startsWith(QStringLiteral("Too large")));
    QTest::keyClick(child<QComboBox>("scaleCombo"), Qt::Key_Up); // 1×: 67 million pixels
    QVERIFY(save->isEnabled());
}

void TestExportDialog::copyPictureUsesTheLastChoices()
{
    // Chart at 4×, as if chosen in an earlier export.
    QSettings settings;
    settings.setValue(QStringLiteral("export/part"), QStringLiteral("chart"));
    settings.setValue(QStringLiteral("export/scale"), 4);
    m_dialog.reset();
    QApplication::setActiveWindow(m_window.get());
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    m_window->canvas()->setFocus();
    QGuiApplication::clipboard()->clear();
    QTest::keyClick(m_window->canvas(), Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
    const QMimeData *mime = QGuiApplication::clipboard()->mimeData();
    QVERIFY(mime && mime->hasImage());
    const QImage image = qvariant_cast<QImage>(mime->imageData());
    QCOMPARE(image.size(), m_window->weightChart()->size() * 4);
    QVERIFY(mime->data(QStringLiteral("image/svg+xml")).contains("<svg"));
}

void TestExportDialog::copyPictureOfALargePartHasProgressAndCancel()
{
    // The canvas at 4×: several bands, drawn behind a progress dialog.
    QSettings settings;
    settings.setValue(QStringLiteral("export/part"), QStringLiteral("canvas"));
    settings.setValue(QStringLiteral("export/scale"), 4);
    m_dialog.reset();
    for (const bool cancel : {true, false}) {
        // (The first round's dialog took the activation with it.)
        QApplication::setActiveWindow(m_window.get());
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
        m_window->canvas()->setFocus();
        QGuiApplication::clipboard()->setText(QStringLiteral("before"));
        int seen = 0;
        bool clicked = false;
        QTimer poll;
        connect(&poll, &QTimer::timeout, this, [&] {
            auto *progress =
                m_window->findChild<QProgressDialog *>(QStringLiteral("copyPictureProgress"));
            if (!progress || !progress->isVisible())
                return;
            seen = std::max(seen, progress->value());
            if (cancel && !clicked) {
                clicked = true;
                QTest::mouseClick(progress->findChild<QPushButton *>(), Qt::LeftButton);
            }
        });
        poll.start(0);
        QTest::keyClick(m_window->canvas(), Qt::Key_C, Qt::ControlModifier | Qt::ShiftModifier);
        poll.stop();
        const QMimeData *mime = QGuiApplication::clipboard()->mimeData();
        QVERIFY(mime);
        if (cancel) {
            // Nothing was copied: the clipboard holds what it held.
            QVERIFY(clicked);
            QVERIFY(!mime->hasImage());
            QCOMPARE(mime->text(), QStringLiteral("before"));
            continue;
        }
        QVERIFY(seen > 0); // the dialog moved while the bands were drawn
        QVERIFY(mime->hasImage());
        const QImage image = qvariant_cast<QImage>(mime->imageData());
        QCOMPARE(image.size(), m_window->canvas()->size() * 4);
        // The same pixels as the picture drawn band by band without a dialog.
        PictureInBands whole(Exporter(m_window->exportSource()), ExportDialog::savedOptions());
        QVERIFY(whole.bandCount() > 2);
        whole.drawAll();
        QCOMPARE(image.convertToFormat(QImage::Format_ARGB32),
                 whole.take().convertToFormat(QImage::Format_ARGB32));
    }
}

void TestExportDialog::menuHoldsTheActions()
{
    auto *exportAction = m_window->findChild<QAction *>(QStringLiteral("actionExport"));
    auto *copy = m_window->findChild<QAction *>(QStringLiteral("actionCopyPicture"));
    auto *quit = m_window->findChild<QAction *>(QStringLiteral("actionQuit"));
    QVERIFY(exportAction && copy && quit);
    QCOMPARE(exportAction->shortcut(), QKeySequence(QStringLiteral("Ctrl+E")));
    QCOMPARE(copy->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+C")));
    auto *animation = m_window->findChild<QAction *>(QStringLiteral("actionExportAnimation"));
    QVERIFY(animation);
    auto *handout = m_window->findChild<QAction *>(QStringLiteral("actionExportHandout"));
    auto *worksheet = m_window->findChild<QAction *>(QStringLiteral("actionExportWorksheet"));
    QVERIFY(handout && worksheet);
    // In the File menu, after everything else and before Quit: Export Picture, Export
    // Animation, Export Handout, Export Worksheet, Copy Picture.
    auto *file = m_window->findChild<QMenu *>(QStringLiteral("menuFile"));
    const auto actions = file->actions();
    const qsizetype e = actions.indexOf(exportAction), a = actions.indexOf(animation),
                    h = actions.indexOf(handout), w = actions.indexOf(worksheet),
                    c = actions.indexOf(copy), q = actions.indexOf(quit);
    QVERIFY(e >= 0 && a == e + 1 && h == a + 1 && w == h + 1 && c == w + 1 && q > c);
    for (qsizetype i = c + 1; i < q; ++i)
        QVERIFY(actions[i]->isSeparator());
}

QTEST_MAIN(TestExportDialog)
#include "tst_exportdialog.moc"
