#include "export/recordingtrimdialog.h"

#include "export/canvasrecorder.h"
#include "export/canvasrecording.h"
#include "export/gifoptionsrows.h"
#include "model/commandline.h"
#include "widgets/workerwait.h"

#include <QDialogButtonBox>
#include <QEvent>
#include <QFormLayout>
#include <QGridLayout>
#include <QLabel>
#include <QLocale>
#include <QMessageBox>
#include <QPixmap>
#include <QProgressDialog>
#include <QPushButton>
#include <QSlider>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace {
constexpr QSize kPreviewSize{320, 200};

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

    m_heightLabel = new QLabel(this);
    m_heightLabel->setObjectName(QStringLiteral("heightLabel"));
    m_rows = new GifOptionsRows(this, {.group = QStringLiteral("recording"),
                                       .fileName = QStringLiteral("attention-canvas-recording.gif"),
                                       .fps = 10,
                                       .height = m_heightLabel,
                                       .frames = false,
                                       .buttons = QDialogButtonBox::Save});
    const QSize natural = m_recording->count() ? m_recording->sizeAt(0) : QSize(640, 400);
    m_rows->setSize(natural, QSize());
    m_rows->widthBox()->setMaximum(
        std::min(CommandLine::kMaxExportSize, std::max(natural.width() * 2, 64)));
    // More frames a second than were taken would only repeat them.
    m_rows->fpsBox()->setMaximum(CanvasRecorder::kCaptureFps);
    m_lengthLabel = new QLabel(this);
    m_lengthLabel->setObjectName(QStringLiteral("lengthLabel"));
    m_discard = m_rows->buttons()->addButton(QString(), QDialogButtonBox::DestructiveRole);
    m_discard->setObjectName(QStringLiteral("discardButton"));

    auto *ends = new QGridLayout;
    ends->addWidget(m_startPreview, 0, 0);
    ends->addWidget(m_endPreview, 0, 1);
    ends->addWidget(m_start, 1, 0);
    ends->addWidget(m_end, 1, 1);
    ends->addWidget(m_startLabel, 2, 0);
    ends->addWidget(m_endLabel, 2, 1);
    auto *form = new QFormLayout;
    m_rows->addRows(form);
    m_lengthRowLabel = new QLabel(this);
    form->addRow(m_lengthRowLabel, m_lengthLabel);
    m_rows->addFileRow(form);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(ends);
    layout->addLayout(form);
    layout->addWidget(m_rows->errorLabel());
    layout->addWidget(m_rows->buttons());

    retranslate();
    showPreview(m_startPreview, 0);
    showPreview(m_endPreview, duration);
    connect(m_start, &QSlider::valueChanged, this, &RecordingTrimDialog::onStartChanged);
    connect(m_end, &QSlider::valueChanged, this, &RecordingTrimDialog::onEndChanged);
    for (QSpinBox *s : {m_rows->widthBox(), m_rows->fpsBox()})
        connect(s, &QSpinBox::valueChanged, this, &RecordingTrimDialog::refresh);
    connect(m_discard, &QPushButton::clicked, this, &RecordingTrimDialog::reject);
}

RecordingTrimDialog::~RecordingTrimDialog() = default;

void RecordingTrimDialog::retranslate()
{
    setWindowTitle(tr("Save the Recording"));
    m_discard->setText(tr("&Discard"));
    m_start->setToolTip(tr("Where the GIF starts; the arrow keys move by a tenth of a second"));
    m_end->setToolTip(tr("Where the GIF ends; the arrow keys move by a tenth of a second"));
    m_lengthRowLabel->setText(tr("Length:"));
    m_rows->retranslate();
    refresh();
}

RecordingExport::Options RecordingTrimDialog::options() const
{
    RecordingExport::Options o;
    o.start = m_start->value();
    o.end = m_end->value();
    const int width = m_rows->widthBox()->value();
    o.size = QSize(width, heightFor(width));
    o.gif = m_rows->gif();
    return o;
}

QString RecordingTrimDialog::filePath() const
{
    return m_rows->filePath();
}

void RecordingTrimDialog::setFilePath(const QString &path)
{
    m_rows->setFilePath(path, true);
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
    m_heightLabel->setText(QString::number(heightFor(m_rows->widthBox()->value())));
    const RecordingExport::Options o = options();
    const int frames = RecordingExport::frameCount(o.start, o.end, o.gif.fps);
    const qint64 ms = qint64(frames) * GifWriter::delayFor(o.gif.fps) * 10;
    // Without an English translation file "%n frame(s)" would show as written: two texts.
    m_lengthLabel->setText(frames == 1 ? tr("1 frame, %1").arg(seconds(ms))
                                       : tr("%1 frames, %2").arg(frames).arg(seconds(ms)));
    m_rows->errorLabel()->clear();
}

void RecordingTrimDialog::accept()
{
    const QString path = m_rows->fileToWrite(tr("Choose a file to write the recording to."));
    if (path.isEmpty())
        return;

    RecordingExport gif(*m_recording, options());
    if (!gif.error().isEmpty()) {
        m_rows->errorLabel()->setText(gif.error());
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
            m_rows->errorLabel()->setText(tr("Cancelled: nothing was written."));
            return;
        }
    }
    progress.setValue(progress.maximum());
    QString error;
    if (!gif.finished()) {
        m_rows->errorLabel()->setText(gif.error());
        return;
    }
    if (!gif.write(path, &error)) {
        m_rows->errorLabel()->setText(error);
        return;
    }
    m_rows->saveSettings();
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
