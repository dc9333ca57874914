#pragma once

#include <QString>

class QWidget;

/// The Save As question of a document kind (a scene, a lesson): a file dialog that starts at
/// `suggested`, offers `filter` and adds `suffix` to a name typed without one. Returns the chosen
/// path, or an empty string when the dialog was cancelled.
namespace SaveDialog {

QString ask(QWidget *parent, const QString &title, const QString &suggested, const QString &filter,
            const QString &suffix);

} // namespace SaveDialog
