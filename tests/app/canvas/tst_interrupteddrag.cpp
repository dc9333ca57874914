// Drags interrupted the ways a classroom interrupts them: a key or shortcut pressed with the
// button held, a dialog opening, the focus or the window lost, the language switched. Afterwards
// the drag has ended or goes on sanely, no drag is left without a held button, the drag's moves
// are exactly one undo step, and undoing everything after the press gives back the scene before
// it byte for byte. The same for the Lab's token canvas and the Sequence window's embeddings.

#include "canvas/canvaswidget.h"
#include "common/mainwindowfixture.h"
#include "common/testsettings.h"
#include "common/windowrun.h"
#include "core/scenefile.h"
#include "core/sequencefile.h"
#include "document/sceneeditor.h"
#include "lab/labwindow.h"
#include "lab/selfattentionpage.h"
#include "lab/tokencanvas.h"
#include "mainwindow.h"
#include "model/language.h"
#include "model/lessonsession.h"
#include "model/scenemodel.h"
#include "model/selfattentionmodel.h"
#include "model/sequencesession.h"
#include "sequence/sequenceembeddingcanvas.h"
#include "sequence/sequencewindow.h"

#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QLineEdit>
#include <QMessageBox>
#include <QMouseEvent>
#include <QPushButton>
#include <QTabWidget>
#include <QTest>
#include <QTimer>
#include <QUndoStack>

#include <functional>
#include <memory>

namespace {

void mouse(QWidget *w, QEvent::Type type, QPointF pos, Qt::MouseButton button,
           Qt::MouseButtons held)
{
    QMouseEvent e(type, pos, w->mapToGlobal(pos), button, held, Qt::NoModifier);
    QApplication::sendEvent(w, &e);
}

/// Rejects (or closes) whatever modal dialog or popup is open, every few milliseconds, and
/// records whether the canvas was still dragging when one was found open.
class Answerer
{
public:
    explicit Answerer(std::function<bool()> dragging) : m_dragging(std::move(dragging))
    {
        m_timer.setInterval(10);
        QObject::connect(&m_timer, &QTimer::timeout, [this] { answer(); });
        m_timer.start();
    }
    void answer()
    {
        if (QWidget *popup = QApplication::activePopupWidget())
            popup->close();
        QWidget *modal = QApplication::activeModalWidget();
        if (!modal)
            return;
        ++m_seen;
        if (m_dragging())
            m_draggingUnderDialog = true;
        if (auto *box = qobject_cast<QMessageBox *>(modal)) {
            // Cancel where there is one (an unsaved-changes question), else the only button.
            QAbstractButton *cancel = box->button(QMessageBox::Cancel);
            (cancel ? cancel : box->buttons().value(0))->click();
        } else if (auto *dialog = qobject_cast<QDialog *>(modal)) {
            dialog->reject();
        } else {
            modal->close();
        }
    }
    int seen() const { return m_seen; }
    bool draggingUnderDialog() const { return m_draggingUnderDialog; }

private:
    std::function<bool()> m_dragging;
    QTimer m_timer;
    int m_seen = 0;
    bool m_draggingUnderDialog = false;
};

/// Makes every tab that holds `w` the current one.
void reveal(QWidget *w)
{
    for (QWidget *page = w; page; page = page->parentWidget()) {
        QWidget *stack = page->parentWidget();
        if (auto *tabs = qobject_cast<QTabWidget *>(stack ? stack->parentWidget() : nullptr))
            if (tabs->indexOf(page) >= 0)
                tabs->setCurrentWidget(page);
    }
}

const QStringList kForbidden = {QStringLiteral("actionQuit"),   QStringLiteral("actionOpen"),
                                QStringLiteral("actionSave"),   QStringLiteral("actionSaveAs"),
                                QStringLiteral("actionExport"), QStringLiteral("actionRevert")};

} // namespace

class TestInterruptedDrag : public QObject
{
    Q_OBJECT

    testsettings::Isolated m_isolated{"tst_interrupteddrag"};
    TemporarySettings m_settings;

    std::unique_ptr<SceneModel> m_model;
    std::unique_ptr<MainWindow> m_window;
    int m_indexBefore = 0;
    std::string m_before;
    QPointF m_pos;

    CanvasWidget *canvas() const { return m_window->canvas(); }
    QUndoStack *stack() const { return m_window->editor()->undoStack(); }
    std::string bytes() const { return attn::writeScene(m_model->scene()); }
    bool dragging() const { return canvas()->isDragging() || m_window->editor()->isDragging(); }

    /// A fresh window; presses on k₂'s tip and drags it by two steps, as a person does.
    void startDrag()
    {
        Language::install(QStringLiteral("en"));
        QVERIFY(openMainWindow(m_model, m_window, QSize(1280, 800)));
        m_window->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
        m_indexBefore = stack()->index();
        m_before = bytes();
        const VectorHandle k2{VectorHandle::Kind::Key, 1};
        m_pos = canvas()->view().toScreen(canvas()->tipOf(k2));
        mouse(canvas(), QEvent::MouseButtonPress, m_pos, Qt::LeftButton, Qt::LeftButton);
        QCOMPARE(canvas()->dragged(), k2);
        for (int i = 0; i < 2; ++i) {
            m_pos += QPointF(25, -15);
            mouse(canvas(), QEvent::MouseMove, m_pos, Qt::NoButton, Qt::LeftButton);
        }
        QVERIFY(bytes() != m_before);
    }

    /// Moves once more with the button held and lets go; then checks what every interruption
    /// must leave behind.
    void finishDrag()
    {
        m_pos += QPointF(10, 10);
        mouse(canvas(), QEvent::MouseMove, m_pos, Qt::NoButton, Qt::LeftButton);
        mouse(canvas(), QEvent::MouseButtonRelease, m_pos, Qt::LeftButton, Qt::NoButton);
        QCoreApplication::processEvents();
        QVERIFY(!dragging());
        // The drag's moves are one step at most (none when undone or cancelled).
        int moves = 0;
        for (int i = m_indexBefore; i < stack()->count(); ++i)
            moves += stack()->command(i)->text() == SceneEditor::describe(SceneEdit::MoveKey, 1);
        QVERIFY2(moves <= 1, qPrintable(QString::number(moves)));
        // Nothing is off the stack: undoing back to before the press is the scene before it,
        // and redoing everything again is the scene after.
        const std::string after = bytes();
        if (m_window->lessonSession()->isOpen()) {
            // A key that started a lesson from the view (New Lesson, Add Current View as Step)
            // made the scene, as it stood, the lesson's first step and presents it: a document
            // opened afresh, like New, with no history to undo; the drag ended before.
            QCOMPARE(stack()->count(), 0);
            QVERIFY(m_window->lessonSession()->lesson().steps.size() == 1);
        } else if (stack()->index() >= m_indexBefore && stack()->count() >= m_indexBefore) {
            stack()->setIndex(m_indexBefore);
            QVERIFY(bytes() == m_before);
            stack()->setIndex(stack()->count());
            if (stack()->count() == stack()->index())
                QVERIFY(!stack()->canRedo());
        }
        Q_UNUSED(after);
        m_window.reset();
        m_model.reset();
        Language::install(QStringLiteral("en"));
    }

    /// Every shortcut of the window's actions (those that quit or touch files aside) and every
    /// key the canvas handles.
    static QList<QKeySequence> keysToPress()
    {
        QList<QKeySequence> keys;
        for (const Qt::Key k :
             {Qt::Key_Escape, Qt::Key_Delete, Qt::Key_Backspace, Qt::Key_Left, Qt::Key_Right,
              Qt::Key_Up, Qt::Key_Down, Qt::Key_Plus, Qt::Key_Minus, Qt::Key_Equal, Qt::Key_F10,
              Qt::Key_Tab, Qt::Key_Backtab, Qt::Key_Space, Qt::Key_Return, Qt::Key_A})
            keys << QKeySequence(k);
        keys << QKeySequence(Qt::SHIFT | Qt::Key_Left) << QKeySequence(Qt::CTRL | Qt::Key_Tab);
        SceneModel model;
        MainWindow window(&model);
        QList<QKeySequence> forbidden{QKeySequence::Quit, QKeySequence::Close};
        for (QAction *a : window.findChildren<QAction *>()) {
            if (kForbidden.contains(a->objectName()))
                forbidden << a->shortcuts();
        }
        for (QAction *a : window.findChildren<QAction *>()) {
            if (kForbidden.contains(a->objectName()))
                continue;
            for (const QKeySequence &k : a->shortcuts())
                if (!keys.contains(k) && !forbidden.contains(k))
                    keys << k;
        }
        return keys;
    }

private slots:
    void initTestCase() { QCoreApplication::setAttribute(Qt::AA_DontUseNativeDialogs); }

    void keyMidDrag_data()
    {
        QTest::addColumn<QKeySequence>("key");
        for (const QKeySequence &k : keysToPress())
            QTest::newRow(qPrintable(k.toString())) << k;
    }

    void keyMidDrag()
    {
        QFETCH(QKeySequence, key);
        startDrag();
        Answerer answerer([this] { return dragging(); });
        // To the canvas, which has the focus while dragging; a window shortcut reaches the
        // window's shortcut map from there.
        QTest::keySequence(canvas(), key);
        QCoreApplication::processEvents();
        answerer.answer();
        // A dialog that a shortcut opened did not open over a drag in progress.
        QVERIFY(!answerer.draggingUnderDialog());
        // The tip held, if still held, is a row that exists.
        if (canvas()->dragged().isKeyRow())
            QVERIFY(canvas()->dragged().index < m_model->keyCount());
        finishDrag();
    }

    void dialogMidDrag_data()
    {
        QTest::addColumn<QString>("how");
        for (const char *how : {"actionAbout", "actionAboutQt", "actionShortcuts",
                                "actionDimensionLab", "actionSelfAttention", "actionSequence",
                                "actionNew", "coordinates", "doubleClick", "messageBox"})
            QTest::newRow(how) << QString::fromLatin1(how);
    }

    void dialogMidDrag()
    {
        QFETCH(QString, how);
        startDrag();
        Answerer answerer([this] { return dragging(); });
        if (how == QLatin1String("coordinates")) {
            // Window-modal, returns at once: the drag must be over when it shows.
            canvas()->editCoordinates(canvas()->dragged());
            QVERIFY(QApplication::activeModalWidget());
            QVERIFY(!dragging());
        } else if (how == QLatin1String("doubleClick")) {
            mouse(canvas(), QEvent::MouseButtonDblClick, m_pos, Qt::LeftButton, Qt::LeftButton);
        } else if (how == QLatin1String("messageBox")) {
            // Any application-modal box (an error, a question) opening under the held button.
            QMessageBox box(QMessageBox::Warning, QStringLiteral("t"), QStringLiteral("m"),
                            QMessageBox::Ok, m_window.get());
            box.exec();
        } else {
            QAction *action = m_window->findChild<QAction *>(how);
            QVERIFY(action);
            action->trigger();
        }
        QTest::qWait(50);
        answerer.answer();
        QVERIFY(!answerer.draggingUnderDialog());
        // Another window in front (the Lab, the Sequence window) takes the mouse: no drag left.
        if (how.startsWith(QLatin1String("actionDimension")) ||
            how.startsWith(QLatin1String("actionSelf")) || how == QLatin1String("actionSequence"))
            m_window->activateWindow();
        finishDrag();
    }

    void focusLossMidDrag_data()
    {
        QTest::addColumn<int>("how");
        QTest::newRow("focus to a number box") << 0;
        QTest::newRow("window deactivated") << 1;
        QTest::newRow("canvas hidden") << 2;
        QTest::newRow("another window activated") << 3;
    }

    void focusLossMidDrag()
    {
        QFETCH(int, how);
        startDrag();
        switch (how) {
        case 0: {
            QWidget *other = nullptr;
            for (QAbstractSpinBox *box : m_window->findChildren<QAbstractSpinBox *>())
                if (box->isVisible())
                    other = box;
            QVERIFY(other);
            other->setFocus(Qt::MouseFocusReason);
            break;
        }
        case 1: {
            QEvent off(QEvent::WindowDeactivate);
            QApplication::sendEvent(m_window.get(), &off);
            break;
        }
        case 2:
            canvas()->hide();
            QCoreApplication::processEvents();
            canvas()->show();
            break;
        default: {
            QWidget other;
            other.resize(200, 100);
            other.show();
            other.activateWindow();
            QVERIFY(QTest::qWaitForWindowActive(&other));
            break;
        }
        }
        QCoreApplication::processEvents();
        // The release will go elsewhere: the drag is over now, not at some later move.
        QVERIFY(!dragging());
        finishDrag();
    }

    void languageSwitchMidDrag()
    {
        startDrag();
        QAction *chinese = m_window->findChild<QAction *>(QStringLiteral("actionLanguageChinese"));
        QVERIFY(chinese);
        chinese->trigger();
        QCOMPARE(Language::current(), QStringLiteral("zh_CN"));
        // The drag goes on: a language switch changes no scene, and the moves after it join the
        // same step.
        QVERIFY(canvas()->isDragging());
        const int index = stack()->index();
        m_pos += QPointF(20, 0);
        mouse(canvas(), QEvent::MouseMove, m_pos, Qt::NoButton, Qt::LeftButton);
        QCOMPARE(stack()->index(), index);
        finishDrag();
    }

    void moveWithoutButtonEndsTheDrag()
    {
        // The release went to another window: the next move, with no button, ends the drag.
        startDrag();
        mouse(canvas(), QEvent::MouseMove, m_pos + QPointF(5, 5), Qt::NoButton, Qt::NoButton);
        QVERIFY(!dragging());
        finishDrag();
    }

    // --- The Lab's token canvas --------------------------------------------------------------

    void labTokenDragEndsWhenInterrupted_data()
    {
        QTest::addColumn<int>("how");
        QTest::newRow("tab switched") << 0;
        QTest::newRow("dialog opened") << 1;
        QTest::newRow("window deactivated") << 2;
        QTest::newRow("move without a button") << 3;
        QTest::newRow("token removed") << 4;
    }

    void labTokenDragEndsWhenInterrupted()
    {
        QFETCH(int, how);
        LabWindow lab;
        lab.showTab(LabWindow::Tab::SelfAttention);
        QVERIFY(showAndWait(lab, QSize(1280, 800)));
        TokenCanvas *c = lab.selfAttentionPage()->canvas();
        SelfAttentionModel *model = lab.selfAttentionModel();
        const int last = model->tokenCount() - 1;
        QPointF pos = c->tokenPosition(last);
        mouse(c, QEvent::MouseButtonPress, pos, Qt::LeftButton, Qt::LeftButton);
        QCOMPARE(c->draggedToken(), last);
        pos += QPointF(20, 20);
        mouse(c, QEvent::MouseMove, pos, Qt::NoButton, Qt::LeftButton);
        switch (how) {
        case 0:
            lab.showTab(LabWindow::Tab::DimensionLab);
            break;
        case 1: {
            QTimer::singleShot(20, [] {
                if (QWidget *m = QApplication::activeModalWidget())
                    m->close();
            });
            QMessageBox box(QMessageBox::Warning, QStringLiteral("t"), QStringLiteral("m"),
                            QMessageBox::Ok, &lab);
            box.exec();
            break;
        }
        case 2: {
            QEvent off(QEvent::WindowDeactivate);
            QApplication::sendEvent(&lab, &off);
            break;
        }
        case 3:
            mouse(c, QEvent::MouseMove, pos + QPointF(5, 5), Qt::NoButton, Qt::NoButton);
            break;
        default: {
            QVERIFY(model->setTokenCount(last));
            break;
        }
        }
        QCOMPARE(c->draggedToken(), -1);
        // Later moves, with the button still thought held, move nothing.
        const attn::Matrix tokens = model->tokens();
        if (how != 0) {
            mouse(c, QEvent::MouseMove, pos + QPointF(30, 0), Qt::NoButton, Qt::LeftButton);
            QVERIFY(model->tokens() == tokens);
        }
    }

    // --- The Sequence window's embeddings ----------------------------------------------------

    void embeddingDragEndsWhenInterrupted_data()
    {
        QTest::addColumn<int>("how");
        QTest::newRow("undo") << 0;
        QTest::newRow("preset loaded") << 1;
        QTest::newRow("dialog opened") << 2;
        QTest::newRow("tab switched") << 3;
        QTest::newRow("move without a button") << 4;
    }

    void embeddingDragEndsWhenInterrupted()
    {
        QFETCH(int, how);
        SequenceWindow window;
        QVERIFY(showAndWait(window, QSize(1280, 800)));
        SequenceSession *session = window.session();
        SequenceEmbeddingCanvas *plane = window.embeddingCanvas();
        // A model of D = 2, whose embeddings can be dragged.
        QString twoD;
        for (const QString &path : SequenceSession::presetPaths()) {
            QVERIFY(window.loadPreset(path));
            if (plane->draggable()) {
                twoD = path;
                break;
            }
        }
        if (twoD.isEmpty())
            QSKIP("no preset of D = 2");
        reveal(plane);
        QVERIFY(plane->isVisible());
        const attn::Matrix &e = session->model().weights.embedding;
        QPointF pos = plane->toWidget(e(0, 0), e(0, 1));
        mouse(plane, QEvent::MouseButtonPress, pos, Qt::LeftButton, Qt::LeftButton);
        QCOMPARE(plane->draggedToken(), 0);
        const int depth = session->undoDepth();
        pos += QPointF(15, 10);
        mouse(plane, QEvent::MouseMove, pos, Qt::NoButton, Qt::LeftButton);
        pos += QPointF(15, 10);
        mouse(plane, QEvent::MouseMove, pos, Qt::NoButton, Qt::LeftButton);
        QCOMPARE(session->undoDepth(), depth + 1); // the drag so far: one step
        switch (how) {
        case 0:
            QVERIFY(session->undo());
            break;
        case 1:
            QVERIFY(window.loadPreset(twoD));
            break;
        case 2: {
            QTimer::singleShot(20, [] {
                if (QWidget *m = QApplication::activeModalWidget())
                    m->close();
            });
            QMessageBox box(QMessageBox::Warning, QStringLiteral("t"), QStringLiteral("m"),
                            QMessageBox::Ok, &window);
            box.exec();
            break;
        }
        case 3:
            window.tabs()->setCurrentIndex(SequenceWindow::kTrainingTab);
            break;
        default:
            mouse(plane, QEvent::MouseMove, pos + QPointF(5, 5), Qt::NoButton, Qt::NoButton);
            break;
        }
        QCOMPARE(plane->draggedToken(), -1);
        // A later move with the button thought held edits nothing, and above all does not
        // join another edit's undo step.
        const std::string before = attn::writeSequence(session->document());
        const int depthNow = session->undoDepth();
        if (how != 3) {
            mouse(plane, QEvent::MouseMove, pos + QPointF(30, 0), Qt::NoButton, Qt::LeftButton);
            QVERIFY(attn::writeSequence(session->document()) == before);
            QCOMPARE(session->undoDepth(), depthNow);
        }
    }
};

QTEST_MAIN(TestInterruptedDrag)
#include "tst_interrupteddrag.moc"
