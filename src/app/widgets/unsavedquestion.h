#pragma once

#include <QCoreApplication>
#include <QString>

class QWidget;

/// The question before unsaved work is replaced: Save, Discard or Cancel, every choice on the
/// keyboard (the standard texts give Discard no access key; Cancel is Esc). One copy for every
/// kind of document (the scene, the lesson).
class UnsavedQuestion
{
    Q_DECLARE_TR_FUNCTIONS(UnsavedQuestion)

public:
    enum class Answer
    {
        Save,
        Discard,
        Cancel
    };

    /// Asks over `parent`; `objectName` names the box for tests and the accessibility tree.
    static Answer ask(QWidget *parent, const QString &objectName, const QString &title,
                      const QString &text);
};
