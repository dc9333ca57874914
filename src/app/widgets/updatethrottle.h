#pragma once

#include <QObject>
#include <QTimer>

#include <functional>

/// Runs an expensive view update at once, then at most once per interval while requests keep
/// coming, and once more after the last one. Rich text that a drag changes (the step panel's
/// formula, the explanation's numbers) is laid out ~20 times a second instead of on every mouse
/// move: nobody reads numbers that change faster, and the drag keeps its frame budget.
class UpdateThrottle : public QObject
{
    Q_OBJECT

public:
    UpdateThrottle(int intervalMs, std::function<void()> update, QObject *parent = nullptr);
    ~UpdateThrottle() override;

    /// Asks for an update: now if none ran in the last interval, else when the interval ends.
    void request();
    /// Runs the pending update of every throttle now, so that a picture drawn next (an
    /// animation's frame, drawn faster than the interval) shows the current numbers.
    static void flushAll();

private:
    void fire();

    std::function<void()> m_update;
    QTimer m_timer;
    bool m_pending = false;
};
