#include "widgets/celltooltip.h"

#include <QEvent>
#include <QHelpEvent>
#include <QToolTip>

bool CellToolTip::handle(QWidget *widget, QEvent *event, const std::function<Tip(QPoint)> &tipAt)
{
    if (event->type() != QEvent::ToolTip)
        return false;
    auto *help = static_cast<QHelpEvent *>(event);
    const Tip tip = tipAt(help->pos());
    if (!tip.text.isEmpty()) {
        QToolTip::showText(help->globalPos(), tip.text, widget, tip.cell);
    } else {
        QToolTip::hideText();
        event->ignore();
    }
    return true;
}
