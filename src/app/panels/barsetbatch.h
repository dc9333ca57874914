#pragma once

#include <QList>

class QBarSet;
class QObject;

/// Changes many bar values with one layout of the series instead of one per value.
///
/// Qt Charts (6.4) lays out every bar of a series again on each QBarSet::replace(), so a drag
/// that moves all n bars cost n full layouts; with one set per key (for per-key colours) that is
/// quadratic in the keys. While a batch lives, the sets' internal notifiers (the QBarSetPrivate
/// child objects that tell the series) are silenced; when it ends, the last changed value is
/// written once more with them listening, which lays out everything once. Should a Qt version
/// have no such child, nothing is silenced and the values still arrive, only more slowly.
class BarSetBatch
{
public:
    explicit BarSetBatch(const QList<QBarSet *> &sets);
    ~BarSetBatch();
    BarSetBatch(const BarSetBatch &) = delete;
    BarSetBatch &operator=(const BarSetBatch &) = delete;

    /// Sets bar `index` of `set` to `value` if it differs from what is shown.
    void replace(QBarSet *set, int index, double value);

private:
    QList<QObject *> m_silenced;
    QBarSet *m_lastSet = nullptr;
    int m_lastIndex = -1;
};
