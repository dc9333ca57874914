#pragma once

#include <QObject>
#include <QPointer>

class CanvasRecorder;
class QAction;
class QLabel;
class QMainWindow;
class QWidget;
class RecordingTrimDialog;

/// File → Record (Ctrl+R, and a toolbar button): records what `canvas` shows (CanvasRecorder)
/// until the same command stops it, or a minute has passed, with a red dot and the time in the
/// window's status bar meanwhile; then opens the RecordingTrimDialog over the window to cut the
/// recording and save it as a GIF, or discard it. Follows the interface language by itself (a
/// widget passes LanguageChange on to its children, this object among them).
class RecordActions : public QObject
{
    Q_OBJECT

public:
    RecordActions(QMainWindow *window, QWidget *canvas);
    ~RecordActions() override;

    /// "actionRecord": Record while idle, Stop Recording while recording.
    QAction *action() const { return m_action; }
    CanvasRecorder *recorder() const { return m_recorder; }
    /// The trim dialog after a recording, while it is open.
    RecordingTrimDialog *trimDialog() const;
    /// The status bar's indicator (a red dot and the time), shown while recording.
    QWidget *indicator() const { return m_indicator; }

    /// Starts a recording, or stops the one running.
    void toggle();
    /// Ends a running recording and throws it away (the window closes).
    void abandon();

protected:
    bool event(QEvent *event) override;

private:
    void retranslate();
    void showElapsed(qint64 ms);
    void onStopped(int reason);

    QMainWindow *m_window;
    CanvasRecorder *m_recorder;
    QAction *m_action;
    QWidget *m_indicator;
    QLabel *m_time;
    QPointer<RecordingTrimDialog> m_dialog;
    bool m_abandoning = false;
};
