#pragma once

#include <QList>

class QAction;
class QToolBar;

/// When `bar`'s buttons need more than its width, the buttons of `iconOnlyFirst` drop their
/// texts (their icons and tooltips still say what they do); when there is room again they get
/// them back. Qt would instead hide the last buttons behind "»". Call it on every resize and
/// whenever the texts change (a language switch, a larger font).
void compactToolBar(QToolBar *bar, const QList<QAction *> &iconOnlyFirst);
