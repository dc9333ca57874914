#include "export/recordingtrimdialog.h"

#include "export/canvasrecorder.h"
#include "export/canvasrecording.h"
#include "model/commandline.h"
#include "widgets/workerwait.h"

#include <QDialogButtonBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPixmap>
#include <QProgressDialog>
#include <QPushButton>
#include <QSettings>
#include <QSlider>
#include <QSpinBox>
#include <QStandardPaths>

#include <algorithm>
#include <cmath>

namespace {
constexpr QSize kPreviewSize{320, 200};

QString key(const char *name)
{
    return QStringLiteral("recording/") + QLatin1String(name);
}

QString seconds(qint64 ms)
{
    return RecordingTrimDialog::tr("%1 s").arg(QLocale().toString(double(ms) / 1000, 'f', 1));
}
} // namespace

RecordingTrimDialog::RecordingTrimDialog(std::unique_ptr<CanvasRecording> recording,
                                         QWidget *parent)
    : QDialog(parent), m_recording(std::move(recording))
{
    setObjectName(QStringLiteral("recordingTrimDialog"));
    const QSettings settings;
    const qint64 duration = m_recording->duration();
    const auto slider = [this, duration](const char *name, qint64 value) {
        auto *s = new QSlider(Qt::Horizontal, this);
        s->setObjectName(QLatin1String(name));
        s->setRange(0, int(duration));
        s->setSingleStep(int(kStep));
        s->setPageStep(1000);
        s->setValue(int(value));
        s->setEnabled(duration > 0);
        return s;
    };
    m_start = slider("startSlider", 0);
    m_end = slider("endSlider", duration);
    const auto preview = [this](const char *name) {
        auto *l = new QLabel(this);
        l->setObjectName(QLatin1String(name));
        l->setFixedSize(kPreviewSize);
        l->setAlignment(Qt::AlignCenter);
        l->setFrameShape(QFrame::StyledPanel);
        return l;
    };
    m_startPreview = preview("startPreview");
    m_endPreview = preview("endPreview");
    m_startLabel = new QLabel(this);
    m_startLabel->setObjectName(QStringLiteral("startLabel"));
    m_endLabel = new QLabel(this);
    m_endLabel->setObjectName(QStringLiteral("endLabel"));

    const QSize natural = m_recording->count() ? m_recording->sizeAt(0) : QSize(640, 400);
    m_width = new QSpinBox(this);
    m_width->setObjectName(QStringLiteral("widthSpin"));
    m_width->setRange(CommandLine::kMinExportSize,
                      std::min(CommandLine::kMaxExportSize, std::max(natural.width() * 2, 64)));
    m_width->setValue(natural.width());
    m_heightLabel = new QLabel(this);
    m_heightLabel->setObjectName(QStringLiteral("heightLabel"));
    m_fps = new QSpinBox(this);
    m_fps->setObjectName(QStringLiteral("fpsSpin"));
    // More frames a second than were taken would only repeat them.
    m_fps->setRange(GifWriter::kMinFps, CanvasRecorder::kCaptureFps);
    m_fps->setValue(std::clamp(settings.value(key("fps"), 10).toInt(), GifWriter::kMinFps,
                               CanvasRecorder::kCaptureFps));
    m_loop = new QSpinBox(this);
    m_loop->setObjectName(QStringLiteral("loopSpin"));
    m_loop->setRange(0, GifWriter::kMaxLoop);
    m_loop->setValue(std::clamp(settings.value(key("loop"), 0).toInt(), 0, GifWriter::kMaxLoop));
    m_lengthLabel = new QLabel(this);
    m_lengthLabel->setObjectName(QStringLiteral("lengthLabel"));
    m_errorLabel = new QLabel(this);
    m_errorLabel->setObjectName(QStringLiteral("errorLabel"));
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setStyleSheet(QStringLiteral("color: #b00020")); // as the Export dialog's
    m_file = new QLineEdit(this);
    m_file->setObjectName(QStringLiteral("fileEdit"));
    m_file->setMinimumWidth(320);
    m_browse = new QPushButton(this);
    m_browse->setObjectName(QStringLiteral("browseButton"));
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Save, this);
    m_discard = m_buttons->addButton(QString(), QDialogButtonBox::DestructiveRole);
    m_discard->setObjectName(QStringLiteral("discardButton"));

    auto *ends = new QGridLayout;
    ends->addWidget(m_startPreview, 0, 0);
    ends->addWidget(m_endPreview, 0, 1);
    ends->addWidget(m_start, 1, 0);
    ends->addWidget(m_end, 1, 1);
    ends->addWidget(m_startLabel, 2, 0);
    ends->addWidget(m_endLabel, 2, 1);
    auto *size = new QHBoxLayout;
    size->addWidget(m_width);
    size->addWidget(new QLabel(QStringLiteral("×"), this));
    size->addWidget(m_heightLabel);
    size->addStretch();
    auto *file = new QHBoxLayout;
    file->addWidget(m_file, 1);
    file->addWidget(m_browse);
    m_form = new QFormLayout;
    for (QLabel *&label : m_labels)
        label = new QLabel(this);
    m_labels[0]->setBuddy(m_width);
    m_labels[1]->setBuddy(m_fps);
    m_labels[2]->setBuddy(m_loop);
    m_labels[4]->setBuddy(m_file);
    m_form->addRow(m_labels[0], size);
    m_form->addRow(m_labels[1], m_fps);
    m_form->addRow(m_labels[2], m_loop);
    m_form->addRow(m_labels[3], m_lengthLabel);
    m_form->addRow(m_labels[4], file);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(ends);
    layout->addLayout(m_form);
    layout->addWidget(m_errorLabel);
    layout->addWidget(m_buttons);

    QString folder = settings.value(key("folder")).toString();
    if (folder.isEmpty() || !QFileInfo(folder).isDir())
        folder = QStandardPaths::writableLocation(QStandardPaths::PicturesLocation);
    if (folder.isEmpty() || !QFileInfo(folder).isDir())
        folder = QDir::homePath();
    m_file->setText(QDir(folder).filePath(QStringLiteral("attention-canvas-recording.gif")));

    retranslate();
    showPreview(m_startPreview, 0);
    showPreview(m_endPreview, duration);
    connect(m_start, &QSlider::valueChanged, this, &RecordingTrimDialog::onStartChanged);
    connect(m_end, &QSlider::valueChanged, this, &RecordingTrimDialog::onEndChanged);
    for (QSpinBox *s : {m_width, m_fps})
        connect(s, &QSpinBox::valueChanged, this, &RecordingTrimDialog::refresh);
    connect(m_browse, &QPushButton::clicked, this, &RecordingTrimDialog::browse);
    connect(m_file, &QLineEdit::textEdited, this, [this] { m_confirmed = false; });
    connect(m_buttons, &QDialogButtonBox::accepted, this, &RecordingTrimDialog::accept);
    connect(m_discard, &QPushButton::clicked, this, &RecordingTrimDialog::reject);
}

RecordingTrimDialog::~RecordingTrimDialog() = default;

void RecordingTrimDialog::retranslate()
{
    setWindowTitle(tr("Save the Recording"));
    m_browse->setText(tr("&Browse…"));
    m_discard->setText(tr("&Discard"));
    m_loop->setSpecialValueText(tr("Forever"));
    m_fps->setSuffix(tr(" per second"));
    m_loop->setToolTip(tr("How many times players repeat the animation; Forever (0) repeats "
                          "without end."));
    m_start->setToolTip(tr("Where the GIF starts; the arrow keys move by a tenth of a second"));
    m_end->setToolTip(tr("Where the GIF ends; the arrow keys move by a tenth of a second"));
    const QString labels[] = {tr("Size in pixels:"), tr("Frame rate:"), tr("Loop count:"),
                              tr("Length:"), tr("File:")};
    for (int row = 0; row < int(m_labels.size()); ++row)
        m_labels[row]->setText(labels[row]);
    refresh();
}

RecordingExport::Options RecordingTrimDialog::options() const
{
    RecordingExport::Options o;
    o.start = m_start->value();
    o.end = m_end->value();
    o.size = QSize(m_width->value(), heightFor(m_width->value()));
    o.gif.fps = m_fps->value();
    o.gif.loop = m_loop->value();
    return o;
}

QString RecordingTrimDialog::filePath() const
{
    return m_file->text().trimmed();
}

void RecordingTrimDialog::setFilePath(const QString &path)
{
    m_file->setText(path);
    m_confirmed = true;
}

int RecordingTrimDialog::heightFor(int width) const
{
    const int index = std::max(0, m_recording->indexAt(m_start->value()));
    const QSize natural = m_recording->count() ? m_recording->sizeAt(index) : QSize(640, 400);
    return std::max(
        1, int(std::lround(double(width) * natural.height() / std::max(1, natural.width()))));
}

void RecordingTrimDialog::onStartChanged()
{
    // The end never comes before the start: dragging one past the other pushes it along.
    if (m_end->value() < m_start->value())
        m_end->setValue(m_start->value());
    showPreview(m_startPreview, m_start->value());
    refresh();
}

void RecordingTrimDialog::onEndChanged()
{
    if (m_start->value() > m_end->value())
        m_start->setValue(m_end->value());
    showPreview(m_endPreview, m_end->value());
    refresh();
}

void RecordingTrimDialog::showPreview(QLabel *preview, qint64 ms)
{
    const int index = m_recording->indexAt(ms);
    const QImage picture = index >= 0 ? m_recording->frame(index) : QImage();
    const QSize inside = preview->contentsRect().size();
    preview->setPixmap(picture.isNull()
                           ? QPixmap()
                           : QPixmap::fromImage(picture.scaled(inside, Qt::KeepAspectRatio,
                                                               Qt::SmoothTransformation)));
}

void RecordingTrimDialog::refresh()
{
    m_startLabel->setText(tr("Start: %1").arg(seconds(m_start->value())));
    m_endLabel->setText(
        tr("End: %1 of %2").arg(seconds(m_end->value()), seconds(m_recording->duration())));
    m_heightLabel->setText(QString::number(heightFor(m_width->value())));
    const RecordingExport::Options o = options();
    const int frames = RecordingExport::frameCount(o.start, o.end, o.gif.fps);
    const qint64 ms = qint64(frames) * GifWriter::delayFor(o.gif.fps) * 10;
    // Without an English translation file "%n frame(s)" would show as written: two texts.
    m_lengthLabel->setText(frames == 1 ? tr("1 frame, %1").arg(seconds(ms))
                                       : tr("%1 frames, %2").arg(frames).arg(seconds(ms)));
    m_errorLabel->clear();
}

void RecordingTrimDialog::browse()
{
    const QString filter = tr("GIF animations (*.gif)");
    QString path = QFileDialog::getSaveFileName(this, tr("Save the Recording"), filePath(), filter);
    if (path.isEmpty())
        return;
    if (QFileInfo(path).suffix().toLower() != QLatin1String("gif"))
        path += QStringLiteral(".gif");
    m_file->setText(path);
    m_confirmed = true;
}

void RecordingTrimDialog::saveSettings() const
{
    QSettings settings;
    settings.setValue(key("fps"), m_fps->value());
    settings.setValue(key("loop"), m_loop->value());
    settings.setValue(key("folder"), QFileInfo(filePath()).absolutePath());
}

void RecordingTrimDialog::accept()
{
    const QString path = filePath();
    if (path.isEmpty()) {
        m_errorLabel->setText(tr("Choose a file to write the recording to."));
        return;
    }
    if (QFileInfo(path).suffix().toLower() != QLatin1String("gif")) {
        m_errorLabel->setText(tr("The file name must end in .gif."));
        return;
    }
    if (!m_confirmed && QFileInfo::exists(path) &&
        QMessageBox::question(
            this, tr("Replace the File?"),
            tr("%1 already exists. Replace it?").arg(QDir::toNativeSeparators(path))) !=
            QMessageBox::Yes)
        return;

    RecordingExport gif(*m_recording, options());
    if (!gif.error().isEmpty()) {
        m_errorLabel->setText(gif.error());
        return;
    }
    QProgressDialog progress(tr("Writing the GIF…"), tr("Cancel"), 0, gif.total(), this);
    progress.setObjectName(QStringLiteral("recordingProgress"));
    progress.setWindowTitle(tr("Save the Recording"));
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(300);
    // The pictures are unpacked, scaled, quantised and written in a worker; here, every few
    // milliseconds, the events: the window repaints and Cancel is heard.
    gif.encodeInWorker();
    while (gif.step()) {
        progress.setValue(gif.done());
        WorkerWait::letEventsIn(gif.waiting());
        if (progress.wasCanceled()) {
            m_errorLabel->setText(tr("Cancelled: nothing was written."));
            return;
        }
    }
    progress.setValue(progress.maximum());
    QString error;
    if (!gif.finished()) {
        m_errorLabel->setText(gif.error());
        return;
    }
    if (!gif.write(path, &error)) {
        m_errorLabel->setText(error);
        return;
    }
    saveSettings();
    QDialog::accept();
}

void RecordingTrimDialog::reject()
{
    if (m_recording->duration() > kAskBeforeDiscarding &&
        QMessageBox::question(this, tr("Discard the Recording?"),
                              tr("Discard the recording of %1? It cannot be brought back.")
                                  .arg(seconds(m_recording->duration())),
                              QMessageBox::Discard | QMessageBox::Cancel,
                              QMessageBox::Cancel) != QMessageBox::Discard)
        return;
    QDialog::reject();
}

void RecordingTrimDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    QDialog::changeEvent(event);
}
