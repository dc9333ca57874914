#include "widgets/compacttoolbar.h"

#include <QAction>
#include <QLayout>
#include <QStyle>
#include <QToolBar>
#include <QToolButton>

void compactToolBar(QToolBar *bar, const QList<QAction *> &iconOnlyFirst)
{
    const int spacing = bar->layout() ? bar->layout()->spacing() : 0;
    int needed = bar->contentsMargins().left() + bar->contentsMargins().right() +
                 2 * bar->style()->pixelMetric(QStyle::PM_ToolBarItemMargin, nullptr, bar);
    QList<QToolButton *> buttons;
    for (QAction *a : bar->actions()) {
        QWidget *w = bar->widgetForAction(a);
        if (!w)
            continue;
        auto *button = qobject_cast<QToolButton *>(w);
        if (button && iconOnlyFirst.contains(a)) {
            // Measured with their texts, as they would be with room.
            button->setToolButtonStyle(bar->toolButtonStyle());
            buttons << button;
        }
        needed += w->sizeHint().width() + spacing;
    }
    const bool narrow = needed > bar->width();
    for (QToolButton *button : std::as_const(buttons))
        button->setToolButtonStyle(narrow ? Qt::ToolButtonIconOnly : bar->toolButtonStyle());
}
