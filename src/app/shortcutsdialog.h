#pragma once

#include <QDialog>
#include <QKeySequence>
#include <QList>
#include <QPointer>
#include <QStringList>

#include <memory>

namespace Ui {
class ShortcutsDialog;
}
class QMenu;
class QMenuBar;
class QTreeWidgetItem;

/// Help → Keyboard Shortcuts: every command of the menus with its keys, read from the QActions
/// themselves when the dialog opens (so the list cannot fall behind the menus), then the keys
/// that belong to the canvas and to the predict-then-reveal walkthrough. A command without a
/// shortcut shows how to reach it instead (the action's "shortcutNote" property). A filter
/// field narrows the list; the texts follow the interface language.
class ShortcutsDialog : public QDialog
{
    Q_OBJECT

public:
    /// The name of the dynamic property that explains, in the current language, why an action
    /// has no shortcut and how the keyboard reaches it.
    static constexpr const char *kNoteProperty = "shortcutNote";

    explicit ShortcutsDialog(QMenuBar *menus, QWidget *parent = nullptr);
    ~ShortcutsDialog() override;

    /// Every key sequence the dialog lists, in portable text ("Ctrl+T, D").
    QList<QKeySequence> listedKeys() const { return m_listed; }
    /// The commands listed under `section` (a menu's title without its mnemonic, "Canvas", …).
    QStringList commands(const QString &section) const;

protected:
    void changeEvent(QEvent *event) override;

private:
    void rebuild();
    void addMenu(QTreeWidgetItem *section, const QMenu *menu, const QString &prefix);
    QTreeWidgetItem *addSection(const QString &title);
    void addRow(QTreeWidgetItem *section, const QString &command, const QList<QKeySequence> &keys,
                const QString &keysText = QString());
    void applyFilter(const QString &text);

    std::unique_ptr<Ui::ShortcutsDialog> m_ui;
    QPointer<QMenuBar> m_menus;
    QList<QKeySequence> m_listed;
};
