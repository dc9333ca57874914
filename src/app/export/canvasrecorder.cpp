#include "export/canvasrecorder.h"

#include "export/canvasrecording.h"

#include <QEvent>
#include <QPixmap>
#include <QWidget>

#include <algorithm>

CanvasRecorder::CanvasRecorder(QWidget *widget, QObject *parent) : QObject(parent), m_widget(widget)
{
    m_steady.start();
    m_clock = [this] { return m_steady.elapsed(); };
    m_captureTimer.setSingleShot(true);
    connect(&m_captureTimer, &QTimer::timeout, this, &CanvasRecorder::capture);
    m_ticker.setInterval(250);
    connect(&m_ticker, &QTimer::timeout, this, &CanvasRecorder::tick);
}

CanvasRecorder::~CanvasRecorder() = default;

void CanvasRecorder::setClock(Clock clock)
{
    m_clock = std::move(clock);
}

qint64 CanvasRecorder::elapsed() const
{
    return isRecording() ? std::clamp(m_clock() - m_start, qint64(0), m_limit) : 0;
}

void CanvasRecorder::start()
{
    if (isRecording() || !m_widget)
        return;
    m_finished.reset();
    m_recording = std::make_unique<CanvasRecording>();
    m_start = m_clock();
    m_last = QImage();
    m_widget->installEventFilter(this);
    capture();
    m_ticker.start();
    emit elapsedChanged(0);
}

std::unique_ptr<CanvasRecording> CanvasRecorder::takeRecording()
{
    return std::move(m_finished);
}

bool CanvasRecorder::eventFilter(QObject *watched, QEvent *event)
{
    // A repaint means the canvas may look different: take a picture soon, at most kCaptureFps
    // a second. The picture's own paint (inside grab()) asks for nothing.
    if (watched == m_widget && event->type() == QEvent::Paint && !m_grabbing &&
        !m_captureTimer.isActive()) {
        const qint64 wait = 1000 / kCaptureFps - m_sinceGrab.elapsed();
        m_captureTimer.start(int(std::max<qint64>(0, wait)));
    }
    return QObject::eventFilter(watched, event);
}

void CanvasRecorder::capture()
{
    if (!isRecording() || !m_widget)
        return;
    const qint64 at = m_clock() - m_start;
    if (at >= m_limit) {
        finish(StopReason::TimeLimit);
        return;
    }
    m_grabbing = true;
    const QImage image = m_widget->grab().toImage();
    m_grabbing = false;
    m_sinceGrab.start();
    // A repaint of the same picture (focus, a timer) adds nothing: the last one stays on screen.
    if (image.isNull() || image == m_last)
        return;
    m_last = image;
    m_recording->add(at, image);
    if (m_recording->bytes() > CanvasRecording::kMaxBytes)
        finish(StopReason::MemoryLimit);
}

void CanvasRecorder::tick()
{
    if (!isRecording())
        return;
    if (m_clock() - m_start >= m_limit)
        finish(StopReason::TimeLimit);
    else
        emit elapsedChanged(elapsed());
}

void CanvasRecorder::finish(StopReason reason)
{
    if (!isRecording())
        return;
    const qint64 length = elapsed();
    if (m_widget)
        m_widget->removeEventFilter(this);
    m_captureTimer.stop();
    m_ticker.stop();
    m_last = QImage();
    m_recording->setDuration(std::max(length, m_recording->duration()));
    m_finished = std::move(m_recording);
    emit stopped(reason);
}
