#pragma once

#include "model/autosaver.h"

#include <QCoreApplication>
#include <QDateTime>

class QWidget;
class SceneDocument;

/// The question at start after an abnormal exit: bring back the autosaved document (a scene, a
/// sequence, a lesson), throw it away, or decide later (it is offered again at the next start).
class RecoveryPrompt
{
    Q_DECLARE_TR_FUNCTIONS(RecoveryPrompt)

public:
    enum class Answer
    {
        Recover,
        Discard,
        Later
    };

    /// Asks with a message box (object name "recoveryPrompt"); `written` is when the document
    /// of kind `kind` was last autosaved.
    static Answer ask(QWidget *parent, const QDateTime &written,
                      Autosaver::Kind kind = Autosaver::Kind::Scene);

    /// When a scene was autosaved, short, in the interface language's way of writing dates (the
    /// system's own format when that is the interface language).
    static QString timeText(const QDateTime &written);

    /// When the autosaver has a scene to recover: asks, then recovers it into the document (an
    /// untitled document with unsaved changes) or discards it. Returns true when the document
    /// now holds the recovered scene. A scene that cannot be read is reported in a warning and
    /// kept on disk.
    static bool offer(QWidget *parent, Autosaver &autosaver, SceneDocument &document);
};
