#include "aboutbox.h"

#include <Eigen/Core>
#include <QApplication>
#include <QMessageBox>

namespace {
QString compilerName()
{
#if defined(__clang__)
    return QStringLiteral("Clang " __clang_version__);
#elif defined(__GNUC__)
    return QStringLiteral("GCC " __VERSION__);
#elif defined(_MSC_VER)
    return QStringLiteral("MSVC %1").arg(_MSC_VER);
#else
    return QStringLiteral("C++");
#endif
}
} // namespace

void AboutBox::exec(QWidget *parent)
{
    // Versions as they are at run time where the library can say so (Qt), else as compiled.
    const QString eigen = QStringLiteral("%1.%2.%3")
                              .arg(EIGEN_WORLD_VERSION)
                              .arg(EIGEN_MAJOR_VERSION)
                              .arg(EIGEN_MINOR_VERSION);
    QMessageBox box(parent);
    box.setObjectName(QStringLiteral("aboutBox"));
    box.setWindowTitle(tr("About Attention Canvas"));
    box.setIconPixmap(QApplication::windowIcon().pixmap(64, 64));
    box.setTextFormat(Qt::RichText);
    box.setText(tr("<h3>Attention Canvas %1</h3><p>Drag query, key and value vectors and watch "
                   "attention scores, softmax weights and the weighted sum change.</p>")
                    .arg(QStringLiteral(AC_VERSION)));
    box.setInformativeText(
        tr("<p>Licence: MIT. Copyright © 2026 the Attention Canvas authors.</p>"
           "<p>Libraries:</p><ul>"
           "<li>Qt %1 (built with %2): Core, GUI, Widgets, SVG — LGPL-3.0; Charts — GPL-3.0</li>"
           "<li>Eigen %3 — MPL-2.0</li></ul>"
           "<p>Compiled with %4 as C++20.</p>")
            .arg(QString::fromLatin1(qVersion()), QStringLiteral(QT_VERSION_STR), eigen,
                 compilerName().toHtmlEscaped()));
    box.setStandardButtons(QMessageBox::Close);
    box.exec();
}
