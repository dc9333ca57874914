#include "panels/nothingbar.h"

#include "theme/colorscheme.h"

QString NothingBar::name()
{
    return tr("nothing");
}

QColor NothingBar::colour()
{
    const QColor a = ColorScheme::text(), b = ColorScheme::background();
    return QColor((a.red() + b.red()) / 2, (a.green() + b.green()) / 2, (a.blue() + b.blue()) / 2);
}
