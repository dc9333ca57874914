#include "theme/barcolours.h"

#include "theme/colorscheme.h"

#include <QPalette>
#include <QWidget>

namespace BarColours {

void apply(QWidget *bar, QWidget *counter)
{
    const QColor a = ColorScheme::highlight(), b = ColorScheme::background();
    QPalette pal = bar->palette();
    pal.setColor(QPalette::Window, QColor((a.red() + b.red()) / 2, (a.green() + b.green()) / 2,
                                          (a.blue() + b.blue()) / 2));
    pal.setColor(QPalette::WindowText, ColorScheme::text());
    bar->setPalette(pal);
    QPalette quiet = counter->palette();
    quiet.setColor(QPalette::WindowText, ColorScheme::axis());
    counter->setPalette(quiet);
}

} // namespace BarColours
