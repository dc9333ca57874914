#include "widgets/savedialog.h"

#include <QFileDialog>

namespace SaveDialog {

QString ask(QWidget *parent, const QString &title, const QString &suggested, const QString &filter,
            const QString &suffix)
{
    QFileDialog dialog(parent, title, suggested, filter);
    dialog.setAcceptMode(QFileDialog::AcceptSave);
    dialog.setDefaultSuffix(suffix);
    if (dialog.exec() != QDialog::Accepted || dialog.selectedFiles().isEmpty())
        return {};
    return dialog.selectedFiles().constFirst();
}

} // namespace SaveDialog
