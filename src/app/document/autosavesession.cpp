#include "document/autosavesession.h"

#include "document/recoveryprompt.h"
#include "document/scenedocument.h"
#include "document/sceneeditor.h"

#include <QWidget>

AutosaveSession::AutosaveSession(SceneDocument *document, QWidget *window)
    : QObject(window), m_document(document), m_window(window)
{
    connect(&m_autosaver, &Autosaver::failed, this, &AutosaveSession::message);
    // Only unsaved work is autosaved: a scene that a file (or a preset) holds as it is would
    // only be offered back needlessly after a crash.
    connect(m_document, &SceneDocument::modifiedChanged, &m_autosaver, &Autosaver::setModified);
}

// Destroyed without cleanExit() (the window went without being closed): the autosave stays, to
// be offered at the next start.
AutosaveSession::~AutosaveSession() = default;

bool AutosaveSession::start(std::chrono::milliseconds interval)
{
    m_autosaver.setModified(m_document->isModified());
    return m_autosaver.start(m_document->editor()->model(), interval);
}

bool AutosaveSession::offerRecovery()
{
    const QDateTime written = m_autosaver.recoverableTime();
    if (!RecoveryPrompt::offer(m_window, m_autosaver, *m_document))
        return false;
    // On disk at once under this session's name, not a minute later: a second crash right
    // after recovering must not lose the scene.
    m_autosaver.autosaveNow();
    emit message(tr("Recovered the scene autosaved at %1. Save it to keep it.")
                     .arg(RecoveryPrompt::timeText(written)));
    return true;
}

void AutosaveSession::cleanExit()
{
    m_autosaver.cleanExit();
}

void AutosaveSession::terminate()
{
    // A drag in progress ends first, so that what it did is in the scene written.
    m_document->editor()->interruptDrag();
    m_autosaver.terminate();
}
