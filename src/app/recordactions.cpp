#include "recordactions.h"

#include "export/canvasrecorder.h"
#include "export/canvasrecording.h"
#include "export/recordingtrimdialog.h"

#include <QAction>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QIcon>
#include <QKeySequence>
#include <QLabel>
#include <QMainWindow>
#include <QPainter>
#include <QPixmap>
#include <QStatusBar>

namespace {
// "0:07": minutes and seconds, as a clock shows them.
QString clock(qint64 ms)
{
    const qint64 s = ms / 1000;
    return QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

QPixmap redDot(int size)
{
    QPixmap dot(size, size);
    dot.fill(Qt::transparent);
    QPainter painter(&dot);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setPen(Qt::NoPen);
    painter.setBrush(QColor(0xe0, 0x20, 0x1b)); // the Record icon's red
    painter.drawEllipse(QRectF(1, 1, size - 2, size - 2));
    return dot;
}
} // namespace

RecordActions::RecordActions(QMainWindow *window, QWidget *canvas)
    : QObject(window), m_window(window), m_recorder(new CanvasRecorder(canvas, this)),
      m_action(new QAction(window))
{
    m_action->setObjectName(QStringLiteral("actionRecord"));
    m_action->setShortcut(QKeySequence(QStringLiteral("Ctrl+R")));
    m_action->setIcon(QIcon(QStringLiteral(":/icons/record.svg")));
    connect(m_action, &QAction::triggered, this, &RecordActions::toggle);

    m_indicator = new QWidget(window);
    m_indicator->setObjectName(QStringLiteral("recordingIndicator"));
    auto *layout = new QHBoxLayout(m_indicator);
    layout->setContentsMargins(0, 0, 6, 0);
    layout->setSpacing(4);
    auto *dot = new QLabel(m_indicator);
    const int size = m_indicator->fontMetrics().height() * 2 / 3;
    dot->setPixmap(redDot(size));
    m_time = new QLabel(m_indicator);
    m_time->setObjectName(QStringLiteral("recordingTime"));
    layout->addWidget(dot);
    layout->addWidget(m_time);
    // First in the status bar's right-hand side, ahead of the result and the pointer.
    window->statusBar()->insertPermanentWidget(0, m_indicator);
    m_indicator->hide();

    connect(m_recorder, &CanvasRecorder::elapsedChanged, this, &RecordActions::showElapsed);
    connect(m_recorder, &CanvasRecorder::stopped, this,
            [this](CanvasRecorder::StopReason reason) { onStopped(int(reason)); });
    retranslate();
}

RecordActions::~RecordActions() = default;

RecordingTrimDialog *RecordActions::trimDialog() const
{
    return m_dialog;
}

void RecordActions::toggle()
{
    if (m_recorder->isRecording()) {
        m_recorder->stop();
        return;
    }
    if (m_dialog)
        return; // the last recording is still being trimmed
    m_recorder->start();
    m_indicator->show();
    retranslate();
}

void RecordActions::abandon()
{
    m_abandoning = true;
    m_recorder->stop();
    m_recorder->takeRecording();
    m_abandoning = false;
}

void RecordActions::showElapsed(qint64 ms)
{
    m_time->setText(tr("Recording %1 of %2").arg(clock(ms), clock(m_recorder->limit())));
}

void RecordActions::onStopped(int reason)
{
    m_indicator->hide();
    retranslate();
    if (m_abandoning)
        return;
    auto recording = m_recorder->takeRecording();
    if (!recording)
        return;
    switch (CanvasRecorder::StopReason(reason)) {
    case CanvasRecorder::StopReason::TimeLimit:
        m_window->statusBar()->showMessage(
            tr("The recording stopped at its limit of %1 seconds.").arg(m_recorder->limit() / 1000),
            10000);
        break;
    case CanvasRecorder::StopReason::MemoryLimit:
        m_window->statusBar()->showMessage(
            tr("The recording stopped: its pictures filled the memory set aside for them."), 10000);
        break;
    case CanvasRecorder::StopReason::Asked:
        break;
    }
    // Window-modal and not blocking: the status bar's message stays readable, and tests reach
    // the dialog through trimDialog().
    m_dialog = new RecordingTrimDialog(std::move(recording), m_window);
    m_dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(m_dialog, &QDialog::accepted, this, [this] {
        m_window->statusBar()->showMessage(
            tr("Saved %1").arg(QFileInfo(m_dialog->filePath()).fileName()), 5000);
    });
    m_dialog->open();
}

bool RecordActions::event(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslate();
    return QObject::event(event);
}

void RecordActions::retranslate()
{
    const bool on = m_recorder->isRecording();
    m_action->setText(on ? tr("&Stop Recording") : tr("&Record"));
    m_action->setIconText(on ? tr("Stop") : tr("Record"));
    m_action->setIcon(QIcon(on ? QStringLiteral(":/icons/record-stop.svg")
                               : QStringLiteral(":/icons/record.svg")));
    m_action->setToolTip(on ? tr("Stop recording and choose what to keep of it")
                            : tr("Record what you do on the canvas, up to %1 seconds, as a GIF")
                                  .arg(CanvasRecorder::kMaxDuration / 1000));
    if (on)
        showElapsed(m_recorder->elapsed());
}
