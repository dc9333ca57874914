#include "widgets/unsavedquestion.h"

#include <QAbstractButton>
#include <QMessageBox>

UnsavedQuestion::Answer UnsavedQuestion::ask(QWidget *parent, const QString &objectName,
                                             const QString &title, const QString &text)
{
    QMessageBox box(QMessageBox::Warning, title, text,
                    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, parent);
    box.setObjectName(objectName);
    box.setInformativeText(tr("Save them before going on?"));
    box.button(QMessageBox::Save)->setText(tr("&Save"));
    box.button(QMessageBox::Discard)->setText(tr("&Discard"));
    box.setDefaultButton(QMessageBox::Save);
    box.setEscapeButton(QMessageBox::Cancel);
    switch (box.exec()) {
    case QMessageBox::Save:
        return Answer::Save;
    case QMessageBox::Discard:
        return Answer::Discard;
    default:
        return Answer::Cancel;
    }
}
