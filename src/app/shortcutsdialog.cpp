#include "shortcutsdialog.h"

#include "ui_shortcutsdialog.h"

#include <QAction>
#include <QEvent>
#include <QHeaderView>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QTreeWidget>

namespace {
// "&Open Scene…" → "Open Scene…"; "&&" stays one ampersand; "文件(&F)" → "文件".
QString plainText(QString text)
{
    const qsizetype tab = text.indexOf(QLatin1Char('\t'));
    if (tab >= 0)
        text.truncate(tab);
    static const QRegularExpression cjkMnemonic(QStringLiteral("\\(&\\w\\)"));
    text.remove(cjkMnemonic);
    QString out;
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text[i] == QLatin1Char('&')) {
            if (i + 1 < text.size() && text[i + 1] == QLatin1Char('&'))
                out += QLatin1Char('&');
            else
                continue;
            ++i;
            continue;
        }
        out += text[i];
    }
    return out.trimmed();
}

QString native(const QKeySequence &key)
{
    return key.toString(QKeySequence::NativeText);
}

// Whether a PC keyboard has every key of `sequence`. The platform's standard keys add some it
// lacks: Undo is also F14 and Copy F16 on X11 (Sun keyboards), and there are Undo, Copy and
// Find keys of their own. Listing those tells a learner to press keys that are not there.
bool pressable(const QKeySequence &sequence)
{
    for (int i = 0; i < sequence.count(); ++i) {
        const Qt::Key key = sequence[i].key();
        const bool printable = key < Qt::Key_Escape;
        const bool pcKey = (key >= Qt::Key_Escape && key <= Qt::Key_F12) || key == Qt::Key_Menu;
        if (!printable && !pcKey)
            return false;
    }
    return !sequence.isEmpty();
}

QList<QKeySequence> pressableOnly(const QList<QKeySequence> &keys)
{
    QList<QKeySequence> out;
    for (const QKeySequence &k : keys)
        if (pressable(k))
            out << k;
    return out;
}
} // namespace

ShortcutsDialog::ShortcutsDialog(QMenuBar *menus, QWidget *parent)
    : QDialog(parent), m_ui(std::make_unique<Ui::ShortcutsDialog>()), m_menus(menus)
{
    m_ui->setupUi(this);
    m_ui->shortcutTree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_ui->shortcutTree->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_ui->shortcutTree->header()->setStretchLastSection(false);
    connect(m_ui->filterEdit, &QLineEdit::textChanged, this, &ShortcutsDialog::applyFilter);
    rebuild();
}

ShortcutsDialog::~ShortcutsDialog() = default;

void ShortcutsDialog::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        m_ui->retranslateUi(this);
        rebuild();
    }
    QDialog::changeEvent(event);
}

QTreeWidgetItem *ShortcutsDialog::addSection(const QString &title)
{
    auto *item = new QTreeWidgetItem(m_ui->shortcutTree, {title});
    QFont bold = item->font(0);
    bold.setBold(true);
    item->setFont(0, bold);
    item->setFirstColumnSpanned(true);
    item->setExpanded(true);
    return item;
}

void ShortcutsDialog::addRow(QTreeWidgetItem *section, const QString &command,
                             const QList<QKeySequence> &keys, const QString &keysText)
{
    QString text = keysText;
    if (text.isEmpty()) {
        QStringList names;
        for (const QKeySequence &k : keys)
            names << native(k);
        text = names.join(tr(" or "));
    }
    new QTreeWidgetItem(section, {command, text});
    m_listed << keys;
}

void ShortcutsDialog::addMenu(QTreeWidgetItem *section, const QMenu *menu, const QString &prefix)
{
    const auto actions = menu->actions();
    for (const QAction *action : actions) {
        if (action->isSeparator() || !action->isVisible())
            continue;
        if (const QMenu *sub = action->menu()) {
            addMenu(section, sub, prefix + plainText(sub->title()) + QStringLiteral(" › "));
            continue;
        }
        const QString command = prefix + plainText(action->text());
        const QList<QKeySequence> keys = pressableOnly(action->shortcuts());
        if (keys.isEmpty()) {
            // How else the keyboard gets there, in the words of whoever left the key out.
            const QString note = action->property(kNoteProperty).toString();
            auto *item = new QTreeWidgetItem(section, {command, note});
            item->setForeground(1, palette().brush(QPalette::Disabled, QPalette::Text));
            continue;
        }
        addRow(section, command, keys);
    }
}

void ShortcutsDialog::rebuild()
{
    QTreeWidget *tree = m_ui->shortcutTree;
    tree->clear();
    m_listed.clear();
    if (m_menus) {
        const auto top = m_menus->actions();
        for (const QAction *a : top) {
            if (const QMenu *menu = a->menu(); menu && a->isVisible())
                addMenu(addSection(plainText(menu->title())), menu, QString());
        }
    }

    // Keys the canvas handles itself (CanvasWidget::keyPressEvent): no QAction to read them from.
    const auto key = [](QKeyCombination k) { return QKeySequence(k); };
    QTreeWidgetItem *canvas = addSection(tr("Canvas"));
    addRow(canvas, tr("Select the next vector (q, k₁, v₁, k₂, …) / the previous one"),
           {key(Qt::Key_Tab), key(Qt::SHIFT | Qt::Key_Tab)},
           tr("%1 / %2").arg(native(Qt::Key_Tab), native(Qt::SHIFT | Qt::Key_Tab)));
    addRow(canvas, tr("Move the selected vector by 0.1; with nothing selected, pan the view"),
           {key(Qt::Key_Left), key(Qt::Key_Right), key(Qt::Key_Up), key(Qt::Key_Down)},
           tr("Arrow keys"));
    addRow(canvas, tr("Move the selected vector by 0.01"),
           {key(Qt::SHIFT | Qt::Key_Left), key(Qt::SHIFT | Qt::Key_Right),
            key(Qt::SHIFT | Qt::Key_Up), key(Qt::SHIFT | Qt::Key_Down)},
           tr("Shift+Arrow keys"));
    addRow(canvas, tr("Remove the selected key and its value"),
           {key(Qt::Key_Delete), key(Qt::Key_Backspace)});
    addRow(canvas, tr("Zoom in"), {key(Qt::Key_Plus), key(Qt::Key_Equal)});
    addRow(canvas, tr("Zoom out"), {key(Qt::Key_Minus)});
    addRow(canvas, tr("Cancel a drag; clear the selection"), {key(Qt::Key_Escape)});
    addRow(canvas, tr("Open the canvas menu: add, remove or mask a key there"),
           {key(Qt::Key_Menu), key(Qt::SHIFT | Qt::Key_F10)});
    addRow(canvas, tr("Leave the canvas for the next control / the previous one"),
           {key(Qt::CTRL | Qt::Key_Tab), key(Qt::CTRL | Qt::SHIFT | Qt::Key_Tab)},
           tr("%1 / %2").arg(native(Qt::CTRL | Qt::Key_Tab),
                             native(Qt::CTRL | Qt::SHIFT | Qt::Key_Tab)));
    // The mouse, for completeness: a teacher looking for "how do I pan" finds it here too.
    addRow(canvas, tr("Drag an arrow's tip to move it; drag the background to pan"), {},
           tr("Mouse"));
    addRow(canvas, tr("Zoom around the pointer"), {}, tr("Mouse wheel"));

    // The walkthrough's window-wide keys (WalkthroughBar), active while it runs.
    QTreeWidgetItem *walk = addSection(tr("Predict, Then Reveal"));
    addRow(walk, tr("Reveal the step's result, then go to the next step"),
           {key(Qt::Key_Space), key(Qt::Key_Right), key(Qt::Key_PageDown)});
    addRow(walk, tr("Back one step"), {key(Qt::Key_Left), key(Qt::Key_PageUp)});
    addRow(walk, tr("Leave the walkthrough"), {key(Qt::Key_Escape)});

    // A lesson's keys (LessonPresenter), taken while a lesson is open; → and ← only where the
    // focus does not use them (not on the canvas).
    QTreeWidgetItem *lesson = addSection(tr("Lessons"));
    addRow(lesson, tr("Next step of the lesson, or the answer to its question"),
           {key(Qt::Key_PageDown), key(Qt::Key_Space), key(Qt::Key_Right)});
    addRow(lesson, tr("Previous step of the lesson"), {key(Qt::Key_PageUp), key(Qt::Key_Left)});
    applyFilter(m_ui->filterEdit->text());
}

void ShortcutsDialog::applyFilter(const QString &text)
{
    QTreeWidget *tree = m_ui->shortcutTree;
    const QString needle = text.trimmed();
    for (int s = 0; s < tree->topLevelItemCount(); ++s) {
        QTreeWidgetItem *section = tree->topLevelItem(s);
        const bool sectionMatches = section->text(0).contains(needle, Qt::CaseInsensitive);
        int shown = 0;
        for (int r = 0; r < section->childCount(); ++r) {
            QTreeWidgetItem *row = section->child(r);
            const bool match = needle.isEmpty() || sectionMatches ||
                               row->text(0).contains(needle, Qt::CaseInsensitive) ||
                               row->text(1).contains(needle, Qt::CaseInsensitive);
            row->setHidden(!match);
            shown += match ? 1 : 0;
        }
        section->setHidden(shown == 0);
    }
}

QStringList ShortcutsDialog::commands(const QString &section) const
{
    QStringList out;
    const QTreeWidget *tree = m_ui->shortcutTree;
    for (int s = 0; s < tree->topLevelItemCount(); ++s) {
        const QTreeWidgetItem *item = tree->topLevelItem(s);
        if (item->text(0) != section)
            continue;
        for (int r = 0; r < item->childCount(); ++r)
            out << item->child(r)->text(0) + QLatin1Char('\t') + item->child(r)->text(1);
    }
    return out;
}
