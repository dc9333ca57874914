#pragma once

#include <QEvent>

/// Whether `event` means that a widget will not see the release of the mouse button held over
/// it: it was hidden (another tab), lost the keyboard focus, or its window was deactivated or
/// blocked by a modal dialog. A drag in progress ends then; otherwise what it drags would follow
/// the pointer with no button held.
inline bool losesPointer(const QEvent *event)
{
    switch (event->type()) {
    case QEvent::Hide:
    case QEvent::FocusOut:
    case QEvent::WindowDeactivate:
    case QEvent::WindowBlocked:
        return true;
    default:
        return false;
    }
}
