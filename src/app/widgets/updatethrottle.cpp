#include "widgets/updatethrottle.h"

#include <QList>

namespace {
// Every throttle alive, for flushAll(); all live on the GUI thread.
QList<UpdateThrottle *> &throttles()
{
    static QList<UpdateThrottle *> all;
    return all;
}
} // namespace

UpdateThrottle::UpdateThrottle(int intervalMs, std::function<void()> update, QObject *parent)
    : QObject(parent), m_update(std::move(update))
{
    m_timer.setSingleShot(true);
    m_timer.setInterval(intervalMs);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        if (m_pending)
            fire();
    });
    throttles().append(this);
}

UpdateThrottle::~UpdateThrottle()
{
    throttles().removeOne(this);
}

void UpdateThrottle::flushAll()
{
    const QList<UpdateThrottle *> all = throttles(); // an update may make or end a throttle
    for (UpdateThrottle *t : all)
        if (throttles().contains(t) && t->m_pending)
            t->fire();
}

void UpdateThrottle::request()
{
    m_pending = true;
    if (!m_timer.isActive())
        fire();
}

void UpdateThrottle::fire()
{
    m_pending = false;
    m_update();
    m_timer.start();
}
