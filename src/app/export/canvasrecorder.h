#pragma once

#include <QElapsedTimer>
#include <QImage>
#include <QObject>
#include <QPointer>
#include <QTimer>

#include <functional>
#include <memory>

class CanvasRecording;
class QWidget;

/// Records what a widget (the canvas) shows: from start() to stop(), each time the widget has
/// repainted, a picture of it (QWidget::grab at its size on screen) with the moment it was taken,
/// into a CanvasRecording. Pictures are taken at most kCaptureFps times a second, a little after
/// the repaint that asked for one, so that a drag repainting at the screen's rate pays for one
/// extra paint of the canvas every 1/kCaptureFps s, not for one per mouse move; a repaint that
/// changed nothing adds nothing. The recording stops by itself at limit() (a minute) or when its
/// pictures reach CanvasRecording::kMaxBytes.
class CanvasRecorder : public QObject
{
    Q_OBJECT

public:
    /// Milliseconds on some steady clock. Tests hand in their own to reach the limit at once.
    using Clock = std::function<qint64()>;
    enum class StopReason
    {
        Asked,
        TimeLimit,
        MemoryLimit
    };

    static constexpr qint64 kMaxDuration = 60000; ///< ms
    static constexpr int kCaptureFps = 20;

    explicit CanvasRecorder(QWidget *widget, QObject *parent = nullptr);
    ~CanvasRecorder() override;

    void setClock(Clock clock);
    void setLimit(qint64 ms) { m_limit = ms; }
    qint64 limit() const { return m_limit; }

    bool isRecording() const { return m_recording != nullptr; }
    /// Milliseconds since start() while recording (at most limit()).
    qint64 elapsed() const;
    /// Starts a new recording with a picture of the widget as it is now.
    void start();
    /// Ends the recording (StopReason::Asked); nothing when not recording.
    void stop() { finish(StopReason::Asked); }
    /// The recording that the last stop ended, handed over once.
    std::unique_ptr<CanvasRecording> takeRecording();

signals:
    /// About four times a second while recording, and at start().
    void elapsedChanged(qint64 ms);
    void stopped(CanvasRecorder::StopReason reason);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void capture();
    void tick();
    void finish(StopReason reason);

    QPointer<QWidget> m_widget;
    Clock m_clock;
    QElapsedTimer m_steady;    // the default clock
    QElapsedTimer m_sinceGrab; // the throttle, on real time whatever the clock
    qint64 m_start = 0;
    qint64 m_limit = kMaxDuration;
    QTimer m_captureTimer;
    QTimer m_ticker;
    bool m_grabbing = false;
    QImage m_last; // the last picture taken, to skip a repaint that changed nothing
    std::unique_ptr<CanvasRecording> m_recording, m_finished;
};
