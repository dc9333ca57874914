#pragma once

// The monkey on the main window: drags from the arrow heads with keys, shortcuts, Delete, method,
// normaliser and language switches and dialogs in the middle, toolbar and dock clicks, wheel
// zooms, numbers typed into every box, focus taken away. After every event: finite numbers, the
// chart and the step table equal to the model, the undo stack's top state equal to the scene,
// and no drag without a held button.

#include "app/monkey/monkeyinput.h"
#include "app/monkey/monkeytarget.h"
#include "canvas/canvaswidget.h"
#include "core/scenefile.h"
#include "document/sceneeditor.h"
#include "mainwindow.h"
#include "model/language.h"
#include "model/scenemodel.h"
#include "panels/steppanel.h"
#include "panels/steptablemodel.h"
#include "panels/weightchart.h"

#include <QAction>
#include <QDockWidget>
#include <QKeySequence>
#include <QMenu>
#include <QPointer>
#include <QToolButton>
#include <QUndoStack>

#include <memory>

class MainWindowMonkey : public MonkeyTarget
{
public:
    enum Kind
    {
        PressTip,
        Move,
        Release,
        Key,
        Shortcut,
        TriggerAction,
        Language,
        Dialog,
        Wheel,
        Type,
        ClickButton,
        ContextMenu,
        FocusLoss,
        Resize,
        DoubleClick,
        PressEmpty,
        KindCount
    };

    std::vector<int> weights() const override
    {
        //      press move rel key sc act lang dlg whl type btn ctx focus size dbl empty
        return {10, 16, 6, 8, 6, 4, 2, 3, 3, 5, 4, 2, 2, 1, 1, 2};
    }

    QString kindName(int kind) const override
    {
        static const char *names[] = {"press tip",  "move",   "release",      "key",
                                      "shortcut",   "action", "language",     "dialog",
                                      "wheel",      "type",   "button",       "context menu",
                                      "focus loss", "resize", "double-click", "press empty"};
        return QString::fromLatin1(names[kind]);
    }

    bool start() override
    {
        m_model = std::make_unique<SceneModel>();
        m_window = std::make_unique<MainWindow>(m_model.get());
        m_window->resize(1280, 800);
        m_window->show();
        if (!QTest::qWaitForWindowExposed(m_window.get()))
            return false;
        m_window->activateWindow();
        // Best effort: the events below go to the widgets directly, active window or not.
        (void)QTest::qWaitForWindowActive(m_window.get());
        // Actions that quit, open or write files, or open a file dialog are never triggered.
        static const QStringList forbidden = {
            QStringLiteral("actionQuit"),           QStringLiteral("actionOpen"),
            QStringLiteral("actionSave"),           QStringLiteral("actionSaveAs"),
            QStringLiteral("actionRevert"),         QStringLiteral("actionExport"),
            QStringLiteral("actionExportAnimation"), QStringLiteral("actionExportHandout"),
            QStringLiteral("actionExportWorksheet"), QStringLiteral("actionOpenAsLesson"),
            QStringLiteral("actionSaveLesson"),      QStringLiteral("actionSaveLessonAs"),
            // Record ends in a dialog whose Save (Return) writes a GIF.
            QStringLiteral("actionRecord")};
        for (QAction *a : m_window->findChildren<QAction *>()) {
            if (forbidden.contains(a->objectName())) {
                m_forbiddenKeys << a->shortcuts();
                continue;
            }
            // The recent files open files; everything in the Recent menu is left alone.
            if (a->menu() || a->isSeparator() || a->parent()->objectName() == "menuRecent")
                continue;
            m_actions << a;
            for (const QKeySequence &k : a->shortcuts())
                m_shortcuts << k;
        }
        m_forbiddenKeys << QKeySequence(QKeySequence::Quit) << QKeySequence(QKeySequence::Close);
        return true;
    }

    void finish() override
    {
        if (m_held != Qt::NoButton && m_window)
            monkey::mouse(canvas(), QEvent::MouseButtonRelease, m_pos, Qt::LeftButton,
                          Qt::NoButton);
        m_held = Qt::NoButton;
        m_window.reset();
        m_model.reset();
        Language::install(QStringLiteral("en"));
    }

    CanvasWidget *canvas() const { return m_window->canvas(); }
    MainWindow *window() const { return m_window.get(); }

    void act(const MonkeyAction &a) override
    {
        CanvasWidget *c = canvas();
        const QSizeF size = c->size();
        const QPointF place((a.x + 1) / 2 * size.width(), (a.y + 1) / 2 * size.height());
        switch (Kind(a.kind)) {
        case PressTip:
        case DoubleClick: {
            if (m_held != Qt::NoButton || !monkey::reachable(c))
                return;
            const QList<VectorHandle> tips = handles();
            const VectorHandle h = tips.at(MonkeyAction::choose(a.pick, tips.size()));
            // A little off the tip, within the grab radius most of the time.
            m_pos = c->view().toScreen(c->tipOf(h)) + QPointF(a.x, a.y) * 8;
            if (a.kind == DoubleClick) {
                monkey::mouse(c, QEvent::MouseButtonPress, m_pos, Qt::LeftButton, Qt::LeftButton);
                monkey::mouse(c, QEvent::MouseButtonRelease, m_pos, Qt::LeftButton, Qt::NoButton);
                monkey::mouse(c, QEvent::MouseButtonDblClick, m_pos, Qt::LeftButton,
                              Qt::LeftButton);
                monkey::mouse(c, QEvent::MouseButtonRelease, m_pos, Qt::LeftButton, Qt::NoButton);
                return;
            }
            press(c, a.variant % 10 == 0 ? Qt::MiddleButton : Qt::LeftButton, a.variant);
            return;
        }
        case PressEmpty:
            if (m_held != Qt::NoButton || !monkey::reachable(c))
                return;
            m_pos = place;
            press(c, a.variant % 3 == 0 ? Qt::MiddleButton : Qt::LeftButton, a.variant);
            return;
        case Move:
            if (!monkey::reachable(c))
                return;
            // Mostly short steps; now and then far outside the widget.
            m_pos += QPointF(a.x, a.y) * (a.variant % 8 == 0 ? 2000 : 60);
            monkey::mouse(c, QEvent::MouseMove, m_pos, Qt::NoButton, m_held);
            return;
        case Release:
            if (m_held == Qt::NoButton)
                return;
            {
                const Qt::MouseButton button =
                    m_held.testFlag(Qt::LeftButton) ? Qt::LeftButton : Qt::MiddleButton;
                m_held = Qt::NoButton;
                // The release goes where the button is let go; a dialog may have taken it.
                if (monkey::reachable(c))
                    monkey::mouse(c, QEvent::MouseButtonRelease, m_pos, button, Qt::NoButton);
            }
            return;
        case Key: {
            static const QList<QKeyCombination> keys = {Qt::Key_Escape,
                                                        Qt::Key_Delete,
                                                        Qt::Key_Backspace,
                                                        Qt::Key_Left,
                                                        Qt::Key_Right,
                                                        Qt::Key_Up,
                                                        Qt::Key_Down,
                                                        Qt::SHIFT | Qt::Key_Left,
                                                        Qt::SHIFT | Qt::Key_Up,
                                                        Qt::ALT | Qt::Key_Right,
                                                        Qt::Key_Tab,
                                                        Qt::Key_Backtab,
                                                        Qt::Key_Plus,
                                                        Qt::Key_Minus,
                                                        Qt::Key_Space,
                                                        Qt::Key_Return,
                                                        Qt::Key_Home,
                                                        Qt::Key_M,
                                                        Qt::Key_A,
                                                        Qt::Key_Insert,
                                                        Qt::CTRL | Qt::Key_Z,
                                                        Qt::CTRL | Qt::SHIFT | Qt::Key_Z,
                                                        Qt::CTRL | Qt::Key_Y,
                                                        Qt::CTRL | Qt::Key_Tab,
                                                        Qt::CTRL | Qt::Key_1,
                                                        Qt::CTRL | Qt::Key_2,
                                                        Qt::CTRL | Qt::Key_3,
                                                        Qt::CTRL | Qt::Key_4,
                                                        Qt::CTRL | Qt::Key_5,
                                                        Qt::CTRL | Qt::Key_6,
                                                        Qt::CTRL | Qt::Key_7,
                                                        Qt::CTRL | Qt::Key_8,
                                                        Qt::CTRL | Qt::Key_9,
                                                        Qt::CTRL | Qt::SHIFT | Qt::Key_1,
                                                        Qt::CTRL | Qt::SHIFT | Qt::Key_2,
                                                        Qt::CTRL | Qt::SHIFT | Qt::Key_3,
                                                        Qt::CTRL | Qt::SHIFT | Qt::Key_4,
                                                        Qt::ALT | Qt::Key_1,
                                                        Qt::ALT | Qt::Key_2,
                                                        Qt::ALT | Qt::Key_3,
                                                        Qt::ALT | Qt::Key_4,
                                                        Qt::ALT | Qt::Key_5,
                                                        Qt::Key_F1,
                                                        Qt::Key_F11,
                                                        Qt::CTRL | Qt::Key_C,
                                                        Qt::CTRL | Qt::Key_V,
                                                        Qt::CTRL | Qt::Key_N,
                                                        Qt::CTRL | Qt::Key_Equal,
                                                        Qt::CTRL | Qt::Key_Minus,
                                                        Qt::CTRL | Qt::Key_0};
            sendKeys(QKeySequence(keys.at(MonkeyAction::choose(a.pick, keys.size()))),
                     a.variant % 3 == 0);
            return;
        }
        case Shortcut:
            if (!m_shortcuts.isEmpty())
                sendKeys(m_shortcuts.at(MonkeyAction::choose(a.pick, m_shortcuts.size())),
                         a.variant % 3 == 0);
            return;
        case TriggerAction: {
            // Menus that are rebuilt (a language switch, the lessons) delete their actions.
            QAction *action = m_actions.at(MonkeyAction::choose(a.pick, m_actions.size()));
            if (action && action->isEnabled() && monkey::reachable(m_window.get()))
                action->trigger();
            return;
        }
        case Language:
            if (!monkey::reachable(m_window.get()))
                return;
            findAction(Language::current() == QStringLiteral("en")
                           ? QStringLiteral("actionLanguageChinese")
                           : QStringLiteral("actionLanguageEnglish"))
                ->trigger();
            return;
        case Dialog:
            // The window's own dialogs, opened whatever the mouse is doing (often mid-drag):
            // the keyboard shortcuts and About (application-modal, with their own event loop)
            // and the coordinates of a tip (window-modal, returns at once).
            if (!monkey::reachable(m_window.get()))
                return;
            switch (a.variant % 3) {
            case 0:
                findAction(QStringLiteral("actionShortcuts"))->trigger();
                break;
            case 1:
                findAction(QStringLiteral("actionAbout"))->trigger();
                break;
            default: {
                const QList<VectorHandle> tips = handles();
                c->editCoordinates(tips.at(MonkeyAction::choose(a.pick, tips.size())));
                break;
            }
            }
            return;
        case Wheel:
            if (monkey::reachable(c))
                monkey::wheel(c, place, a.variant % 2 ? 120 : -120,
                              a.variant % 5 == 0 ? Qt::ControlModifier : Qt::NoModifier);
            return;
        case Type: {
            const QList<QWidget *> boxes = monkey::typingBoxes(m_window.get());
            if (boxes.isEmpty())
                return;
            const QStringList &texts = monkey::typedTexts();
            monkey::typeInto(boxes.at(MonkeyAction::choose(a.pick, boxes.size())),
                             texts.at(MonkeyAction::choose(a.variant, texts.size())),
                             a.variant / 64);
            return;
        }
        case ClickButton: {
            QList<QAbstractButton *> buttons;
            for (QAbstractButton *b : monkey::reachableChildren<QAbstractButton>(m_window.get())) {
                auto *tool = qobject_cast<QToolButton *>(b);
                if (tool && tool->defaultAction() && !m_actions.contains(tool->defaultAction()) &&
                    !isLanguage(tool->defaultAction()))
                    continue;
                buttons << b;
            }
            if (!buttons.isEmpty())
                QTest::mouseClick(buttons.at(MonkeyAction::choose(a.pick, buttons.size())),
                                  Qt::LeftButton);
            return;
        }
        case ContextMenu: {
            if (!monkey::reachable(c))
                return;
            std::unique_ptr<QMenu> menu(c->createContextMenu(place.toPoint()));
            if (!menu)
                return;
            QList<QAction *> items;
            for (QAction *item : menu->actions())
                if (item->isEnabled() && !item->isSeparator() && !item->menu())
                    items << item;
            if (!items.isEmpty())
                items.at(MonkeyAction::choose(a.pick, items.size()))->trigger();
            return;
        }
        case FocusLoss:
            switch (a.variant % 3) {
            case 0: {
                // The window deactivated (another application in front) and back.
                QEvent off(QEvent::WindowDeactivate);
                QApplication::sendEvent(m_window.get(), &off);
                QEvent on(QEvent::WindowActivate);
                QApplication::sendEvent(m_window.get(), &on);
                break;
            }
            case 1: {
                const QList<QWidget *> boxes = monkey::typingBoxes(m_window.get());
                if (!boxes.isEmpty())
                    boxes.at(MonkeyAction::choose(a.pick, boxes.size()))
                        ->setFocus(Qt::MouseFocusReason);
                break;
            }
            default:
                c->setFocus(Qt::MouseFocusReason);
                break;
            }
            return;
        case Resize:
            m_window->resize(900 + int((a.x + 1) * 510), 600 + int((a.y + 1) * 240));
            return;
        case KindCount:
            break;
        }
    }

    QString check() override
    {
        const SceneModel &m = *m_model;
        const attn::Scene &s = m.scene();
        if (!monkey::allFinite(m.query()) || !monkey::allFinite(m.keys()) ||
            !monkey::allFinite(m.values()) || !std::isfinite(s.temperature))
            return QStringLiteral("finite: the scene holds a non-finite number");
        const int keyCount = int(m.keys().rows());
        if (m.hasResult()) {
            const attn::AttentionResult &r = m.result();
            if (!monkey::allFinite(r.weights) || !monkey::allFinite(r.output) ||
                !monkey::allFinite(r.concat))
                return QStringLiteral("finite: a weight or the output is not finite");
            for (int i = 0; i < int(r.scores.size()); ++i)
                if (!std::isfinite(r.scores[i]) && !(i < int(s.mask.size()) && s.mask[i]))
                    return QStringLiteral("finite: score %1 is %2").arg(i).arg(r.scores[i]);
            for (const attn::HeadResult &h : r.heads)
                if (!monkey::allFinite(h.output) || !monkey::allFinite(h.softmax.weights))
                    return QStringLiteral("finite: a head's weights or output");
            // The chart's bars are the model's weights, exactly.
            const QList<double> bars = m_window->weightChart()->displayedWeights();
            if (bars.size() != keyCount)
                return QStringLiteral("chart: %1 bars for %2 keys").arg(bars.size()).arg(keyCount);
            for (int i = 0; i < keyCount; ++i)
                if (bars[i] != r.weights[i])
                    return QStringLiteral("chart: bar %1 is %2, the weight %3")
                        .arg(i)
                        .arg(bars[i], 0, 'g', 17)
                        .arg(r.weights[i], 0, 'g', 17);
            // The table's weights, as printed with three decimals, are the model's rounded.
            StepTableModel *table = m_window->stepPanel()->tableModel();
            if (table->rowCount() < keyCount)
                return QStringLiteral("table: %1 rows for %2 keys")
                    .arg(table->rowCount())
                    .arg(keyCount);
            for (int i = 0; i < keyCount; ++i) {
                QString cell =
                    table->data(table->index(i, StepTableModel::WeightColumn)).toString();
                if (cell.isEmpty() || cell == QStringLiteral("—"))
                    continue;
                bool ok = false;
                const double shown = monkey::parseShown(cell, &ok);
                // Three decimals, or for tiny weights two significant digits (1.8 × 10⁻⁸).
                if (!ok || std::abs(shown - r.weights[i]) > 0.0005 + 0.05 * std::abs(r.weights[i]))
                    return QStringLiteral("table: weight %1 shown as \"%2\", the model's %3")
                        .arg(i)
                        .arg(cell)
                        .arg(r.weights[i], 0, 'g', 17);
            }
        }
        // Drags: the canvas and the editor agree, the tip held exists, and nothing is dragged
        // once the button is up.
        CanvasWidget *c = canvas();
        SceneEditor *editor = m_window->editor();
        const VectorHandle held = c->dragged();
        if (held.isValid() != editor->isDragging())
            return QStringLiteral("drag: canvas holds %1, editor dragging %2")
                .arg(held.isValid())
                .arg(editor->isDragging());
        if (held.isKeyRow() && held.index >= keyCount)
            return QStringLiteral("drag: holds row %1 of %2 keys").arg(held.index).arg(keyCount);
        if (m_held == Qt::NoButton && (c->isDragging() || editor->isDragging()))
            return QStringLiteral("drag: a drag with no button held");
        if (m_held != Qt::NoButton)
            return {};
        // The undo stack's top state is the document: undo then redo (or redo then undo) gives
        // back the same saved bytes.
        QUndoStack *stack = editor->undoStack();
        const std::string before = attn::writeScene(s);
        if (stack->canUndo()) {
            stack->undo();
            stack->redo();
            if (attn::writeScene(m.scene()) != before)
                return QStringLiteral("undo: undo and redo of \"%1\" changed the document")
                    .arg(stack->undoText());
        }
        if (stack->canRedo()) {
            stack->redo();
            stack->undo();
            if (attn::writeScene(m.scene()) != before)
                return QStringLiteral("undo: redo and undo of \"%1\" changed the document")
                    .arg(stack->redoText());
        }
        return {};
    }

private:
    QAction *findAction(const QString &name) const { return m_window->findChild<QAction *>(name); }
    static bool isLanguage(const QAction *a)
    {
        return a->objectName().startsWith(QStringLiteral("actionLanguage"));
    }

    QList<VectorHandle> handles() const
    {
        QList<VectorHandle> out{{VectorHandle::Kind::Query, -1}};
        const int keys = int(m_model->keys().rows());
        for (int i = 0; i < keys; ++i)
            out << VectorHandle{VectorHandle::Kind::Key, i}
                << VectorHandle{VectorHandle::Kind::Value, i};
        if (m_model->scene().method == attn::Method::General)
            out << VectorHandle{VectorHandle::Kind::GeneralColumn, 0}
                << VectorHandle{VectorHandle::Kind::GeneralColumn, 1};
        return out;
    }

    void press(CanvasWidget *c, Qt::MouseButton button, std::uint64_t variant)
    {
        const Qt::KeyboardModifiers modifiers =
            variant % 7 == 1 ? Qt::ShiftModifier
                             : (variant % 7 == 2 ? Qt::ControlModifier : Qt::NoModifier);
        m_held = button;
        monkey::mouse(c, QEvent::MouseButtonPress, m_pos, button, m_held, modifiers);
    }

    /// A key sequence's first chord, to the focus widget or (with `toCanvas`) to the canvas.
    void sendKeys(const QKeySequence &keys, bool toCanvas)
    {
        if (keys.isEmpty())
            return;
        for (const QKeySequence &f : std::as_const(m_forbiddenKeys))
            if (!f.isEmpty() && f[0] == keys[0])
                return;
        QWidget *target = toCanvas ? canvas() : monkey::keyTarget(m_window.get());
        if (!monkey::reachable(target))
            return;
        const QKeyCombination k = keys[0];
        QTest::keyClick(target, k.key(), k.keyboardModifiers());
    }

    std::unique_ptr<SceneModel> m_model;
    std::unique_ptr<MainWindow> m_window;
    QList<QPointer<QAction>> m_actions;
    QList<QKeySequence> m_shortcuts, m_forbiddenKeys;
    Qt::MouseButtons m_held = Qt::NoButton;
    QPointF m_pos;
};
