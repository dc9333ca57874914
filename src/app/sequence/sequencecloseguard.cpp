#include "sequence/sequencecloseguard.h"

#include "model/trainingsession.h"
#include "sequence/sequenceautosave.h"
#include "sequence/sequencewindow.h"
#include "sequence/trainingview.h"

#include <QCloseEvent>
#include <QMessageBox>
#include <QPushButton>

SequenceCloseGuard::SequenceCloseGuard(SequenceWindow *window, SequenceAutosave *autosave)
    : QObject(autosave), m_window(window), m_autosave(autosave)
{
    window->installEventFilter(this);
    if (QWidget *main = window->parentWidget())
        main->installEventFilter(this);
}

bool SequenceCloseGuard::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() != QEvent::Close)
        return false;
    const bool allowed = watched == m_window ? mayCloseWindow() : mayQuit();
    if (allowed)
        return false; // the window's own close handling goes on (the main window's asks about
                      // the scene)
    event->ignore();
    return true;
}

bool SequenceCloseGuard::mayCloseWindow()
{
    TrainingSession *training = m_window->trainingView()->session();
    if (!training->isRunning())
        return true;
    QMessageBox box(m_window);
    box.setObjectName(QStringLiteral("stopTrainingQuestion"));
    box.setIcon(QMessageBox::Question);
    box.setWindowTitle(tr("Training Is Running"));
    box.setText(
        tr("Training is running (step %1). Stop it and close the window?").arg(training->step()));
    box.setInformativeText(tr("The steps trained so far are kept: the Training tab shows them when "
                              "you open the window again."));
    QPushButton *stop = box.addButton(tr("&Stop and Close"), QMessageBox::AcceptRole);
    QPushButton *keep = box.addButton(tr("&Keep Training"), QMessageBox::RejectRole);
    box.setDefaultButton(keep);
    box.setEscapeButton(keep);
    box.exec();
    if (box.clickedButton() != stop)
        return false;
    training->pause();
    return true;
}

bool SequenceCloseGuard::mayQuit()
{
    TrainingSession *training = m_window->trainingView()->session();
    if (!training->isRunning() && !m_autosave->hasUnsavedWork())
        return true;
    QMessageBox box(m_window->parentWidget());
    box.setObjectName(QStringLiteral("discardSequenceQuestion"));
    box.setIcon(QMessageBox::Warning);
    box.setWindowTitle(tr("Unsaved Sequence"));
    box.setText(training->step() > 0
                    ? tr("The model trained for %1 steps in the Sequence window is not saved.")
                          .arg(training->step())
                    : tr("The Sequence window has changes that are not saved."));
    box.setInformativeText(tr("Quit and throw them away? To keep them, choose Cancel and save "
                              "them in the Sequence window."));
    QPushButton *discard = box.addButton(tr("&Throw Away and Quit"), QMessageBox::DestructiveRole);
    QPushButton *cancel = box.addButton(QMessageBox::Cancel);
    box.setDefaultButton(cancel);
    box.setEscapeButton(cancel);
    box.exec();
    if (box.clickedButton() != discard)
        return false;
    training->pause();
    return true;
}
