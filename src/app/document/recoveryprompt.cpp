#include "document/recoveryprompt.h"

#include "document/scenedocument.h"
#include "model/language.h"

#include <QLocale>
#include <QMessageBox>
#include <QPushButton>

QString RecoveryPrompt::timeText(const QDateTime &written)
{
    // QLocale() is the system's: a Chinese sentence must not carry "29 Nov" because the system
    // speaks English, while an English one keeps the user's regional format.
    QLocale locale;
    const QLocale ui(Language::current());
    if (locale.language() != ui.language())
        locale = ui;
    return locale.toString(written, QLocale::ShortFormat);
}

RecoveryPrompt::Answer RecoveryPrompt::ask(QWidget *parent, const QDateTime &written,
                                           Autosaver::Kind kind)
{
    QMessageBox box(parent);
    box.setObjectName(QStringLiteral("recoveryPrompt"));
    box.setIcon(QMessageBox::Question);
    box.setText(tr("Attention Canvas did not close properly last time."));
    const QString when = timeText(written);
    switch (kind) {
    case Autosaver::Kind::Sequence:
        box.setWindowTitle(tr("Recover Sequence"));
        box.setInformativeText(tr("A sequence with unsaved changes (its model as trained so far) "
                                  "was autosaved at %1. Recover it in the Sequence window?")
                                   .arg(when));
        break;
    case Autosaver::Kind::Lesson:
        box.setWindowTitle(tr("Recover Lesson"));
        box.setInformativeText(
            tr("A lesson with unsaved changes was autosaved at %1. Recover it?").arg(when));
        break;
    case Autosaver::Kind::Scene:
        box.setWindowTitle(tr("Recover Scene"));
        box.setInformativeText(
            tr("A scene with unsaved changes was autosaved at %1. Recover it?").arg(when));
        break;
    }
    QPushButton *recover = box.addButton(tr("&Recover"), QMessageBox::AcceptRole);
    QPushButton *discard = box.addButton(tr("&Discard"), QMessageBox::DestructiveRole);
    box.addButton(tr("Decide &Later"), QMessageBox::RejectRole);
    box.setDefaultButton(recover);
    box.exec();
    if (box.clickedButton() == recover)
        return Answer::Recover;
    if (box.clickedButton() == discard)
        return Answer::Discard;
    return Answer::Later;
}

bool RecoveryPrompt::offer(QWidget *parent, Autosaver &autosaver, SceneDocument &document)
{
    if (!autosaver.recoverable())
        return false;
    switch (ask(parent, autosaver.recoverableTime())) {
    case Answer::Discard:
        autosaver.discard();
        return false;
    case Answer::Later:
        return false;
    case Answer::Recover:
        break;
    }
    QString why;
    const auto scene = autosaver.recover(&why);
    if (scene && document.recover(*scene, &why))
        return true;
    QMessageBox::warning(parent, tr("Recover Scene"), why);
    return false;
}
