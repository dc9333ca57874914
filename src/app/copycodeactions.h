#pragma once

#include "model/pythoncode.h"

#include <QList>
#include <QObject>
#include <QString>

#include <functional>

class QAction;
class QToolButton;
class QWidget;

/// Copy as Python and Copy as PyTorch for a window: two actions that put PythonCode's program for
/// what the window shows on the clipboard as plain text, ready to paste into a file or a notebook.
/// The window supplies the program (a function of the flavour); the actions and the button follow
/// the interface language by themselves (a widget passes LanguageChange on to its children, this
/// object among them).
class CopyCodeActions : public QObject
{
    Q_OBJECT

public:
    /// The program for `flavour`, or an empty string when there is nothing to compute.
    using Source = std::function<QString(PythonCode::Flavour)>;

    /// Actions of `window` (which owns this object and holds them, so that their keys work in
    /// it): "actionCopyPython" (Ctrl+Shift+P) and "actionCopyPyTorch" (Ctrl+Shift+T).
    CopyCodeActions(QWidget *window, Source source);

    QList<QAction *> actions() const { return {m_python, m_pytorch}; }
    QAction *pythonAction() const { return m_python; }
    QAction *pytorchAction() const { return m_pytorch; }
    /// A button whose menu holds both actions, for a window without a menu bar.
    QToolButton *createButton(QWidget *parent);

    /// Puts the program for `flavour` on the clipboard; emits copied() with a sentence to show.
    void copy(PythonCode::Flavour flavour);

signals:
    /// After a copy (or a refusal): a translated sentence for a status bar.
    void copied(const QString &message);

protected:
    bool event(QEvent *event) override;

private:
    void retranslate();

    Source m_source;
    QAction *m_python;
    QAction *m_pytorch;
    QToolButton *m_button = nullptr;
};
