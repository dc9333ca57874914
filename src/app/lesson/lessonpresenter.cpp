#include "lesson/lessonpresenter.h"

#include "canvas/canvaswidget.h"
#include "canvas/selection.h"
#include "canvas/viewtransform.h"
#include "core/lessonfile.h"
#include "docktable.h"
#include "document/scenedocument.h"
#include "document/sceneeditor.h"
#include "lesson/lessonbar.h"
#include "model/lessonsession.h"
#include "model/scenemodel.h"
#include "model/sequencesession.h"
#include "sequence/sequencewindow.h"
#include "walkthrough/walkthrough.h"

#include <QAbstractButton>
#include <QAbstractItemView>
#include <QAbstractSlider>
#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QKeyEvent>
#include <QLineEdit>
#include <QMainWindow>
#include <QPlainTextEdit>
#include <QTabBar>
#include <QTextEdit>
#include <QTimer>

namespace {
// The docks of DockTable::specs() in the order of attn::LessonPanel.
constexpr const char *kPanelDocks[attn::kLessonPanelCount] = {
    "dockMethod", "dockExplanation", "dockChart", "dockSteps", "dockHeads"};

// Widgets that type text: every key is theirs.
bool types(const QWidget *w)
{
    return qobject_cast<const QLineEdit *>(w) || qobject_cast<const QAbstractSpinBox *>(w) ||
           qobject_cast<const QTextEdit *>(w) || qobject_cast<const QPlainTextEdit *>(w) ||
           (qobject_cast<const QComboBox *>(w) && static_cast<const QComboBox *>(w)->isEditable());
}
} // namespace

int LessonPresenter::askedStage(attn::LessonAsks asks, attn::Method method)
{
    switch (asks) {
    case attn::LessonAsks::Scores:
        return Walkthrough::stepOfScore(method);
    case attn::LessonAsks::Weights:
        return Walkthrough::Normalisation;
    case attn::LessonAsks::Output:
        return Walkthrough::WeightedSum;
    }
    return Walkthrough::Normalisation;
}

LessonPresenter::LessonPresenter(LessonSession *session, const Targets &targets, QObject *parent)
    : QObject(parent), m_session(session), m_targets(targets)
{
    connect(m_session, &LessonSession::lessonChanged, this, &LessonPresenter::onLessonChanged);
    connect(m_session, &LessonSession::stepChanged, this, &LessonPresenter::onStepChanged);
    connect(m_session, &LessonSession::edited, this, [this] { m_shownStep = -1; });
}

LessonPresenter::~LessonPresenter()
{
    if (m_filtering)
        qApp->removeEventFilter(this);
}

void LessonPresenter::onLessonChanged()
{
    m_shownStep = -1;
    // The keys are the lesson's only while one is open: at any other time Space, → and ← are
    // what they always were.
    const bool open = m_session->isOpen();
    if (open && !m_filtering)
        qApp->installEventFilter(this);
    else if (!open && m_filtering)
        qApp->removeEventFilter(this);
    m_filtering = open;
    if (!open)
        m_targets.walkthrough->leave();
}

void LessonPresenter::onStepChanged()
{
    if (!m_session->isOpen())
        return;
    const attn::LessonStep &step = m_session->currentStep();
    if (m_session->current() == m_shownStep && step.isScene()) {
        // The same step between its question and its answer: only what is held back changes,
        // and whatever the class did meanwhile stays.
        if (m_session->isAsking())
            showStage(askedStage(step.question->asks, m_targets.canvas->model()->scene().method),
                      false);
        else if (step.view.walkthrough)
            showStage(step.view.walkthrough->step, step.view.walkthrough->revealed);
        else
            showStage(std::nullopt, false);
        m_shownAsking = m_session->isAsking();
        return;
    }
    showStep();
}

void LessonPresenter::showStep()
{
    // A number typed into a box and not yet committed belongs to what is being left: it lands
    // there now. The box would commit it when showing the step hides it or takes its focus,
    // onto the step's scene. (Not only the focus widget's: a dialog may have the focus now.)
    if (m_targets.window)
        for (QAbstractSpinBox *box : m_targets.window->findChildren<QAbstractSpinBox *>())
            box->interpretText();
    const attn::LessonStep &step = m_session->currentStep();
    m_shownStep = m_session->current();
    m_shownAsking = m_session->isAsking();
    if (!step.isScene()) {
        SequenceWindow *window = m_targets.sequenceWindow();
        const auto &document = std::get<attn::SequenceDocument>(step.content);
        window->session()->openDocument(document);
        // A model with a training block is there to be trained: its step opens on the Training
        // tab, ready for Play. Any other starts on the Attention tab, whatever the last step
        // left open.
        window->tabs()->setCurrentIndex(document.training ? SequenceWindow::kTrainingTab : 0);
        window->showWindow();
        return;
    }
    // An untitled document with a fresh history: Save never overwrites the file of whatever was
    // open before, and Undo never reaches into the previous step.
    m_targets.canvas->endGesture();
    m_targets.document->newScene();
    if (auto e = m_targets.document->editor()->resetScene(std::get<attn::Scene>(step.content)))
        return; // cannot happen: the lesson was validated with the scene's rules
    m_targets.canvas->selection()->clear();
    showView(step.view);
    if (m_session->isAsking())
        showStage(askedStage(step.question->asks, std::get<attn::Scene>(step.content).method),
                  false);
    else if (step.view.walkthrough)
        showStage(step.view.walkthrough->step, step.view.walkthrough->revealed);
    else
        showStage(std::nullopt, false);
    // The zoom after the walkthrough's own fit (queued when its bar appears or changes).
    const auto zoom = step.view.zoom;
    QPointer<CanvasWidget> canvas = m_targets.canvas;
    auto place = [canvas, zoom] {
        if (!canvas)
            return;
        if (zoom)
            canvas->setView(ViewTransform(zoom->scale, QPointF(zoom->centreX, zoom->centreY),
                                          QSizeF(canvas->size())));
        else
            canvas->fitAll();
    };
    place();
    QTimer::singleShot(0, canvas, place);
    if (m_targets.window && !m_targets.window->isActiveWindow() && m_targets.window->isVisible())
        m_targets.window->raise();
}

void LessonPresenter::showView(const attn::LessonView &view)
{
    if (m_targets.normalise->isChecked() != view.normalised)
        m_targets.normalise->setChecked(view.normalised);
    m_targets.canvas->model()->setNormalised(view.normalised);
    m_targets.canvas->setLandscapeVisible(view.landscape);
    bool opened = false;
    for (int p = 0; p < attn::kLessonPanelCount; ++p)
        if (QDockWidget *dock = m_targets.docks->dock(kPanelDocks[p])) {
            const bool open = view.panels[std::size_t(p)];
            opened = opened || (open && dock->isHidden());
            dock->setVisible(open);
        }
    // A panel the class had closed comes back at whatever width its neighbours left it, which
    // may be a sliver: give it its starting size once it is laid out. Not on a full screen
    // (presentation mode): there the starting sizes beside a wide table can need more than the
    // screen has, and a narrow panel is better than a window wider than the projector.
    if (opened && !(m_targets.window && m_targets.window->isFullScreen()))
        QTimer::singleShot(0, m_targets.docks, &DockTable::growSqueezed);
}

attn::LessonStep LessonPresenter::captureStep() const
{
    // Field for field what showStep() and showView() set, read back from the same places.
    attn::LessonStep step;
    const SceneModel *model = m_targets.canvas->model();
    step.content = model->scene();
    attn::LessonView &view = step.view;
    view.normalised = model->normalised();
    view.landscape = m_targets.canvas->landscapeVisible();
    const ViewTransform &transform = m_targets.canvas->view();
    view.zoom =
        attn::LessonView::Zoom{transform.scale(), transform.centre().x(), transform.centre().y()};
    for (int p = 0; p < attn::kLessonPanelCount; ++p)
        if (const QDockWidget *dock = m_targets.docks->dock(kPanelDocks[p]))
            view.panels[std::size_t(p)] = !dock->isHidden();
    const Walkthrough *w = m_targets.walkthrough;
    if (w->isActive())
        view.walkthrough = attn::LessonView::Walkthrough{w->step(), w->isRevealed()};
    return step;
}

void LessonPresenter::showStage(const std::optional<int> &step, bool revealed)
{
    Walkthrough *w = m_targets.walkthrough;
    if (!step) {
        w->leave();
        return;
    }
    // Held back exactly where the lesson says, whatever the presenter last chose in the bar.
    w->setHoldBack(true);
    w->leave();
    w->start();
    for (int s = 0; s < *step; ++s)
        w->nextStep();
    if (revealed)
        w->reveal();
}

bool LessonPresenter::isLessonKey(int key, QObject *receiver) const
{
    auto *widget = qobject_cast<QWidget *>(receiver);
    if (!widget)
        return false;
    QWidget *top = widget->window();
    SequenceWindow *sequence = nullptr;
    if (top != m_targets.window) {
        // The Sequence window of a sequence step takes the clicker too.
        sequence = qobject_cast<SequenceWindow *>(top);
        if (!sequence)
            return false;
    }
    const QWidget *focus = QApplication::focusWidget();
    if (focus && types(focus))
        return false;
    switch (key) {
    case Qt::Key_PageDown:
    case Qt::Key_PageUp:
        // What a clicker sends: the lesson's, except in a list, which scrolls with them.
        return !qobject_cast<const QAbstractItemView *>(focus);
    case Qt::Key_Space:
        return !qobject_cast<const QAbstractButton *>(focus) &&
               !qobject_cast<const QAbstractItemView *>(focus);
    case Qt::Key_Left:
    case Qt::Key_Right:
        // The canvas moves the selected arrow or the picture with them, lists, sliders and tabs
        // move through their items: only where nothing uses them do they step.
        return !focus || focus == m_targets.window || m_targets.bar->isAncestorOf(focus) ||
               focus == m_targets.bar ||
               (qobject_cast<const QAbstractButton *>(focus) &&
                !qobject_cast<const QTabBar *>(focus->parentWidget())) ||
               qobject_cast<const QDockWidget *>(focus);
    default:
        return false;
    }
}

bool LessonPresenter::eventFilter(QObject *watched, QEvent *event)
{
    const QEvent::Type type = event->type();
    if ((type == QEvent::KeyPress || type == QEvent::ShortcutOverride) && m_session->isOpen()) {
        auto *key = static_cast<QKeyEvent *>(event);
        const Qt::KeyboardModifiers mods =
            key->modifiers() & ~(Qt::KeypadModifier | Qt::GroupSwitchModifier);
        if (mods == Qt::NoModifier && isLessonKey(key->key(), watched)) {
            if (type == QEvent::ShortcutOverride) {
                // Taken from the window's shortcuts (the walkthrough binds the same keys): the
                // key press then comes here.
                event->accept();
                return true;
            }
            if (!key->isAutoRepeat()) {
                const bool forward = key->key() == Qt::Key_PageDown ||
                                     key->key() == Qt::Key_Space || key->key() == Qt::Key_Right;
                forward ? m_session->next() : m_session->previous();
            }
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}
