#pragma once

#include <QObject>

class QKeyEvent;
class QWidget;

/// Lets a window's commands win over its number boxes. A number box (its line edit) claims
/// Ctrl+Z for its own text undo and Ctrl+E for "end of line", so the window's Undo and Export
/// never saw those keys while a box had focus. Installed on the application, this filter
/// commits what is typed first (the box's value becomes an undo step like any other edit) and
/// then lets the window's command run.
class NumberBoxShortcuts : public QObject
{
    Q_OBJECT

public:
    /// Watches the number boxes anywhere in `window` (it installs itself on the application).
    explicit NumberBoxShortcuts(QWidget *window);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    /// Whether a key press is one of the window's own commands (Ctrl+Z, Ctrl+E, F5, …).
    bool isWindowShortcut(const QKeyEvent *event) const;

    QWidget *m_window;
};
