#pragma once

#include <QObject>
#include <QPointer>

#include <functional>
#include <optional>

namespace attn {
struct LessonStep;
struct LessonView;
enum class LessonAsks;
enum class Method;
} // namespace attn
class CanvasWidget;
class DockTable;
class LessonBar;
class LessonSession;
class QAction;
class QMainWindow;
class SceneDocument;
class SequenceWindow;
class Walkthrough;

/// Shows a lesson's steps in the main window: each step puts back exactly what it saved (the
/// scene, the normalised view, the landscape, the zoom, the open panels, the walkthrough's stage)
/// on an untitled document with a fresh history, so that whatever the class did to the previous
/// step is gone; a sequence step goes to the Sequence window. While a lesson is open it takes the
/// keys a presentation clicker sends (Page Down / Page Up) and Space, → and ← where the focus
/// does not use them itself.
class LessonPresenter : public QObject
{
    Q_OBJECT

public:
    /// What the presenter sets on the window.
    struct Targets
    {
        QMainWindow *window;
        SceneDocument *document;
        CanvasWidget *canvas;
        Walkthrough *walkthrough;
        DockTable *docks;
        QAction *normalise;
        LessonBar *bar;
        /// The Sequence window, made on first use.
        std::function<SequenceWindow *()> sequenceWindow;
    };

    LessonPresenter(LessonSession *session, const Targets &targets, QObject *parent = nullptr);
    ~LessonPresenter() override;

    LessonSession *session() const { return m_session; }

    /// The walkthrough stage that holds back what a question asks for, for a scene of `method`:
    /// where the class waits while predicting (a worksheet leaves the same numbers blank).
    static int askedStage(attn::LessonAsks asks, attn::Method method);

    /// The inverse of showing a step: what the window shows now as a scene step (the scene with
    /// its method, normaliser and temperature, the normalised view, the landscape, the zoom and
    /// centre, the open panels, the walkthrough's stage), without a note or a question.
    /// Presenting it puts the window back exactly as it is.
    attn::LessonStep captureStep() const;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void onLessonChanged();
    void onStepChanged();
    void showStep();
    void showStage(const std::optional<int> &step, bool revealed);
    void showView(const attn::LessonView &view);
    /// Whether the key `key` pressed in `receiver` steps through the lesson.
    bool isLessonKey(int key, QObject *receiver) const;

    LessonSession *m_session;
    Targets m_targets;
    // The step on show and whether its question was: a change of question state only moves the
    // walkthrough, a change of step shows the step anew.
    int m_shownStep = -1;
    bool m_shownAsking = false;
    bool m_filtering = false;
};
