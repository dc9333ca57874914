#include "panels/barsetbatch.h"

#include <QBarSet>

BarSetBatch::BarSetBatch(const QList<QBarSet *> &sets)
{
    for (QBarSet *set : sets) {
        for (QObject *child : set->children()) {
            if (qstrcmp(child->metaObject()->className(), "QBarSetPrivate") == 0 &&
                !child->signalsBlocked()) {
                child->blockSignals(true);
                m_silenced << child;
            }
        }
    }
}

BarSetBatch::~BarSetBatch()
{
    for (QObject *notifier : std::as_const(m_silenced))
        notifier->blockSignals(false);
    if (m_lastSet && !m_silenced.isEmpty())
        m_lastSet->replace(m_lastIndex, m_lastSet->at(m_lastIndex));
}

void BarSetBatch::replace(QBarSet *set, int index, double value)
{
    if (set->at(index) == value)
        return;
    set->replace(index, value);
    m_lastSet = set;
    m_lastIndex = index;
}
