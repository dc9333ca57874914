#pragma once

#include <QObject>

class QSocketNotifier;

/// SIGTERM (a logout, `kill`, a shutdown) and SIGHUP (the terminal closed) as a Qt signal, so
/// that the app can write a last autosave and drop its lock before it goes, instead of dying
/// with a stale lock and up to a minute of work lost.
///
/// A signal handler may do almost nothing safely: it only write()s the signal's number to a
/// pipe (the self-pipe pattern). A QSocketNotifier on the other end reads it in the event loop,
/// where emitting received() and everything connected to it is allowed.
class TerminationSignals : public QObject
{
    Q_OBJECT

public:
    /// Installs the handlers for SIGTERM and SIGHUP. Only one instance may exist at a time; a
    /// second one installs nothing (isInstalled() says so).
    explicit TerminationSignals(QObject *parent = nullptr);
    /// Restores the handlers that were there before.
    ~TerminationSignals() override;

    bool isInstalled() const { return m_notifier != nullptr; }

signals:
    /// SIGTERM or SIGHUP arrived; delivered from the event loop.
    void received(int signalNumber);

private:
    void readPipe();

    QSocketNotifier *m_notifier = nullptr;
};
