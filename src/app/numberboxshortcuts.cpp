#include "numberboxshortcuts.h"

#include <QAbstractSpinBox>
#include <QAction>
#include <QCoreApplication>
#include <QKeyEvent>

NumberBoxShortcuts::NumberBoxShortcuts(QWidget *window) : QObject(window), m_window(window)
{
    QCoreApplication::instance()->installEventFilter(this);
}

bool NumberBoxShortcuts::isWindowShortcut(const QKeyEvent *event) const
{
    // Keys that edit text stay with the box: plain and shifted keys, and the window has no
    // command on Ctrl+A, C, V, X or the word moves.
    const Qt::KeyboardModifiers mods = event->modifiers() & ~Qt::KeypadModifier;
    const bool functionKey = event->key() >= Qt::Key_F1 && event->key() <= Qt::Key_F35;
    if (!(mods & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier)) && !functionKey)
        return false;
    const QKeySequence pressed(QKeyCombination(mods, Qt::Key(event->key())));
    const auto actions = m_window->findChildren<QAction *>();
    for (const QAction *a : actions) {
        if (!a->isEnabled() || (a->shortcutContext() != Qt::WindowShortcut &&
                                a->shortcutContext() != Qt::ApplicationShortcut))
            continue;
        const auto keys = a->shortcuts();
        for (const QKeySequence &k : keys)
            if (!k.isEmpty() && k[0] == pressed[0]) // a whole key, or a chord's first key
                return true;
    }
    return false;
}

bool NumberBoxShortcuts::eventFilter(QObject *watched, QEvent *event)
{
    if (event->type() == QEvent::ShortcutOverride) {
        auto *box = qobject_cast<QAbstractSpinBox *>(watched);
        if (box && box->window() == m_window && isWindowShortcut(static_cast<QKeyEvent *>(event))) {
            box->interpretText();
            event->ignore();
            return true;
        }
    }
    return QObject::eventFilter(watched, event);
}
