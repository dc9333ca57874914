#pragma once

#include "model/autosaver.h"

#include <QObject>

#include <chrono>

class QWidget;
class SceneDocument;

/// The window's side of "never lose work": autosaves the document's scene while it has unsaved
/// changes, drops the autosave when it has none (saved, opened, new, undone back to the file),
/// offers a scene that an abnormal exit left behind, and removes this session's autosave when
/// the user closes the window (having saved or discarded the changes).
class AutosaveSession : public QObject
{
    Q_OBJECT

public:
    /// Questions and warnings are shown over `window`, which also owns the session.
    AutosaveSession(SceneDocument *document, QWidget *window);
    ~AutosaveSession() override;

    /// Starts autosaving; false when the data folder cannot be used (failed() says why and the
    /// app runs on without autosave).
    bool start(std::chrono::milliseconds interval = Autosaver::kDefaultInterval);
    bool isStarted() const { return m_autosaver.isStarted(); }
    /// When an earlier session ended abnormally and left a scene: asks (RecoveryPrompt) and
    /// recovers it as an untitled, modified document or discards it. True when recovered.
    bool offerRecovery();
    /// The window closes normally: this session's autosave goes.
    void cleanExit();
    /// The process is told to end (SIGTERM, SIGHUP): a last autosave of the unsaved work, and the
    /// lock goes (Autosaver::terminate()); the next start offers the scene back.
    void terminate();

    Autosaver *autosaver() { return &m_autosaver; }

signals:
    /// One translated sentence for the status bar (a failed autosave, a recovered scene).
    void message(const QString &text);

private:
    SceneDocument *m_document;
    QWidget *m_window;
    Autosaver m_autosaver;
};
