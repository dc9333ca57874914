#include "widgets/updatethrottle.h"

UpdateThrottle::UpdateThrottle(int intervalMs, std::function<void()> update, QObject *parent)
    : QObject(parent), m_update(std::move(update))
{
    m_timer.setSingleShot(true);
    m_timer.setInterval(intervalMs);
    connect(&m_timer, &QTimer::timeout, this, [this] {
        if (m_pending)
            fire();
    });
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
