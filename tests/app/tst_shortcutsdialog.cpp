// Help → Keyboard Shortcuts and the keys themselves: every command has a key (or says how the
// keyboard reaches it), no two commands share a key, the dialog lists every key there is, and
// the keys the README and a teacher rely on do what they say — in English and in Chinese.

#include "canvas/canvaswidget.h"
#include "common/datacolumns.h"
#include "common/windowrun.h"
#include "document/scenepresets.h"
#include "mainwindow.h"
#include "model/language.h"
#include "model/lessonsession.h"
#include "model/scenemodel.h"
#include "shortcutsdialog.h"
#include "theme/appearance.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QFile>
#include <QLineEdit>
#include <QMap>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QSettings>
#include <QShortcut>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeWidget>

#include <algorithm>
#include <functional>

namespace {
// Every command of the menus, submenus included, as the user meets them.
void collect(const QMenu *menu, QList<QAction *> &out)
{
    const auto actions = menu->actions();
    for (QAction *a : actions) {
        if (a->isSeparator())
            continue;
        if (a->menu())
            collect(a->menu(), out);
        else
            out << a;
    }
}

QList<QAction *> menuCommands(MainWindow &w)
{
    QList<QAction *> out;
    const auto top = w.menuBar()->actions();
    for (QAction *a : top)
        if (a->menu())
            collect(a->menu(), out);
    return out;
}

// Opens the dialog with its key and hands it to `inspect` while it is open.
void withDialog(MainWindow &w, const std::function<void(ShortcutsDialog *)> &inspect)
{
    bool seen = false;
    QTimer::singleShot(0, &w, [&] {
        auto *dialog = qobject_cast<ShortcutsDialog *>(QApplication::activeModalWidget());
        if (dialog) {
            seen = true;
            inspect(dialog);
            dialog->reject();
        }
    });
    QTest::keyClick(&w, Qt::Key_F1, Qt::ControlModifier);
    QVERIFY(seen);
}
} // namespace

class TestShortcutsDialog : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QVERIFY(useSettingsIn(m_dir));
        // Two recent files, so that the Open Recent menu has entries of its own.
        QStringList recent;
        for (const char *name : {"a.json", "b.json"}) {
            const QString path = m_dir.filePath(QString::fromLatin1(name));
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            recent << path;
        }
        QSettings().setValue(QStringLiteral("recentFiles"), recent);
        Language::install(QStringLiteral("en"));
    }
    void cleanup()
    {
        Language::install(QStringLiteral("en"));
        Appearance::instance()->setTheme(ColorScheme::Theme::Light);
        Appearance::instance()->setPalette(ColorScheme::Palette::Standard);
    }

    void everyCommandHasAKeyOrANote()
    {
        SceneModel model;
        MainWindow window(&model);
        const QList<QAction *> commands = menuCommands(window);
        QVERIFY(commands.size() > 50);
        int recentEntries = 0;
        for (const QAction *a : commands) {
            const QString note = a->property(ShortcutsDialog::kNoteProperty).toString();
            QVERIFY2(!a->shortcuts().isEmpty() || !note.isEmpty(), qPrintable(a->text()));
            recentEntries += note.isEmpty() ? 0 : 1;
        }
        // Only the recent files go without a key (their number in the menu is the way in), the
        // presets after the ninth (Ctrl+Alt+1 … 9 are taken), the built-in lessons (Help ›
        // Lessons) and the lesson bar's Caption toggle.
        QCOMPARE(recentEntries, 2 + std::max(0, int(ScenePresets::all().size()) - 9) +
                                    int(LessonSession::builtInPaths().size()) + 1);
    }

    void noTwoCommandsShareAKey()
    {
        SceneModel model;
        MainWindow window(&model);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QMap<QKeySequence, QStringList> owners;
        const auto actions = window.findChildren<QAction *>();
        for (const QAction *a : actions)
            for (const QKeySequence &k : a->shortcuts())
                owners[k] << a->objectName() + QLatin1Char('/') + a->text();
        const auto shortcuts = window.findChildren<QShortcut *>();
        for (const QShortcut *s : shortcuts)
            owners[s->key()] << QStringLiteral("QShortcut");
        QVERIFY(owners.size() > 60);
        for (auto it = owners.cbegin(); it != owners.cend(); ++it)
            QVERIFY2(it.value().size() == 1, qPrintable(it.key().toString() + QStringLiteral(": ") +
                                                        it.value().join(QStringLiteral(", "))));
        // A chord's first key must not be a command of its own, or the chord never completes.
        for (auto it = owners.cbegin(); it != owners.cend(); ++it)
            if (it.key().count() > 1)
                QVERIFY2(!owners.contains(QKeySequence(it.key()[0])),
                         qPrintable(it.key().toString()));
    }

    void dialogListsEveryKey()
    {
        SceneModel model;
        MainWindow window(&model);
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        // Undo as X11's key bindings give it (QKeySequence::Undo there), whatever the platform
        // of the test: Ctrl+Z and F14.
        window.findChild<QAction *>(QStringLiteral("actionUndo"))
            ->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Z), QKeySequence(Qt::Key_F14)});
        QList<QKeySequence> listed;
        QStringList canvas;
        withDialog(window, [&](ShortcutsDialog *d) {
            listed = d->listedKeys();
            canvas = d->commands(QStringLiteral("Canvas"));
        });
        // Every key a PC keyboard has is listed, and no other: the platform's Undo includes F14
        // on X11, a key of Sun keyboards.
        const auto onAPc = [](const QKeySequence &k) {
            for (int i = 0; i < k.count(); ++i) {
                const int key = k[i].key();
                if (key >= Qt::Key_F13 && key <= Qt::Key_F35)
                    return false;
                if (key > Qt::Key_F35 && key != Qt::Key_Menu)
                    return false;
            }
            return true;
        };
        const auto actions = window.findChildren<QAction *>();
        for (const QAction *a : actions)
            for (const QKeySequence &k : a->shortcuts())
                QVERIFY2(listed.contains(k) == onAPc(k),
                         qPrintable(k.toString() + QLatin1Char(' ') + a->text()));
        for (const QKeySequence &k : std::as_const(listed))
            QVERIFY2(onAPc(k), qPrintable(k.toString()));
        QVERIFY(!listed.contains(QKeySequence(Qt::Key_F14)));
        const auto shortcuts = window.findChildren<QShortcut *>();
        for (const QShortcut *s : shortcuts)
            QVERIFY2(listed.contains(s->key()), qPrintable(s->key().toString()));
        // The canvas's own keys (CanvasWidget::keyPressEvent), written out here.
        for (const QKeySequence &k : {QKeySequence(Qt::Key_Tab), QKeySequence(Qt::Key_Left),
                                      QKeySequence(Qt::SHIFT | Qt::Key_Up),
                                      QKeySequence(Qt::Key_Delete), QKeySequence(Qt::Key_Plus),
                                      QKeySequence(Qt::Key_Minus), QKeySequence(Qt::Key_Escape)})
            QVERIFY2(listed.contains(k), qPrintable(k.toString()));
        QVERIFY(canvas.size() >= 8);
    }

    void filterNarrowsTheList()
    {
        SceneModel model;
        MainWindow window(&model);
        ShortcutsDialog dialog(window.menuBar());
        auto *filter = dialog.findChild<QLineEdit *>(QStringLiteral("filterEdit"));
        auto *tree = dialog.findChild<QTreeWidget *>(QStringLiteral("shortcutTree"));
        QVERIFY(filter && tree);
        QTest::keyClicks(filter, QStringLiteral("F11"));
        int shown = 0;
        for (int s = 0; s < tree->topLevelItemCount(); ++s)
            for (int r = 0; r < tree->topLevelItem(s)->childCount(); ++r)
                shown += tree->topLevelItem(s)->child(r)->isHidden() ? 0 : 1;
        QCOMPARE(shown, 1);
    }

    void keysDoWhatTheySay_data()
    {
        dataColumns<QString, QString>("keys", "action");
        // The keys as the README and the issue name them.
        QTest::newRow("presentation") << "F11"
                                      << "actionPresentation";
        QTest::newRow("shortcuts") << "Ctrl+F1"
                                   << "actionShortcuts";
        QTest::newRow("explanation") << "F1"
                                     << "actionExplanation";
        QTest::newRow("dark") << "Ctrl+T, D"
                              << "actionThemeDark";
        QTest::newRow("high contrast") << "Ctrl+T, H"
                                       << "actionThemeHighContrast";
        QTest::newRow("light") << "Ctrl+T, L"
                               << "actionThemeLight";
        QTest::newRow("colour-blind") << "Ctrl+T, C"
                                      << "actionColourBlind";
        QTest::newRow("add key") << "Ctrl+K"
                                 << "actionAddKey";
        QTest::newRow("walkthrough") << "F5"
                                     << "actionWalkthrough";
        QTest::newRow("reset layout") << "Ctrl+Alt+0"
                                      << "actionResetLayout";
        QTest::newRow("about") << "Shift+F1"
                               << "actionAbout";
    }
    void keysDoWhatTheySay()
    {
        QFETCH(QString, keys);
        QFETCH(QString, action);
        SceneModel model;
        MainWindow window(&model);
        QAction *a = window.findChild<QAction *>(action);
        QVERIFY(a);
        QVERIFY(a->shortcuts().contains(QKeySequence(keys)));
    }

    void keysReachTheirCommands()
    {
        SceneModel model;
        MainWindow window(&model);
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        // A chord, a dock toggle and a preset, by real key events on the window.
        QTest::keySequence(&window, QKeySequence(QStringLiteral("Ctrl+T, D")));
        QCOMPARE(ColorScheme::theme(), ColorScheme::Theme::Dark);
        auto *steps = window.findChild<QDockWidget *>(QStringLiteral("dockSteps"));
        QVERIFY(steps->isVisible());
        QTest::keyClick(&window, Qt::Key_4, Qt::AltModifier);
        QVERIFY(!steps->isVisible());
        QTest::keyClick(&window, Qt::Key_4, Qt::AltModifier);
        QVERIFY(steps->isVisible());
        const int keys = model.keyCount();
        QTest::keyClick(&window, Qt::Key_K, Qt::ControlModifier);
        QCOMPARE(model.keyCount(), keys + 1);
    }

    void dialogSpeaksChinese()
    {
        SceneModel model;
        MainWindow window(&model);
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QVERIFY(Language::install(QStringLiteral("zh_CN")));
        QStringList canvas, sections;
        withDialog(window, [&](ShortcutsDialog *d) {
            canvas = d->commands(QStringLiteral("画布"));
            sections << d->windowTitle();
        });
        QCOMPARE(sections.value(0), QStringLiteral("键盘快捷键"));
        QVERIFY(canvas.size() >= 8);
        QVERIFY(canvas.join(QLatin1Char('\n')).contains(QStringLiteral("放大")));
        // The recent files' notes (set up in initTestCase) follow the switch too: the menu is
        // rebuilt in the new language, not only when a file is opened.
        const QMenu *recent = window.findChild<QMenu *>(QStringLiteral("menuRecent"));
        QVERIFY(recent);
        int notes = 0;
        for (const QAction *a : recent->actions()) {
            const QString note = a->property(ShortcutsDialog::kNoteProperty).toString();
            if (note.isEmpty())
                continue;
            ++notes;
            QVERIFY2(!note.contains(QStringLiteral("Open Recent")), qPrintable(note));
        }
        QCOMPARE(notes, 2);
    }

    void readmeKeysAreReal()
    {
        // Every key the README's "Keyboard shortcuts" section names (in `backticks`) is one the
        // dialog lists: the README cannot promise a key the program does not have.
        QFile readme(QStringLiteral(AC_SOURCE_DIR "/README.md"));
        QVERIFY(readme.open(QIODevice::ReadOnly));
        const QString text = QString::fromUtf8(readme.readAll());
        const qsizetype start = text.indexOf(QStringLiteral("\n## Keyboard shortcuts"));
        QVERIFY(start >= 0);
        const qsizetype end = text.indexOf(QStringLiteral("\n## "), start + 5);
        const QString section = text.mid(start, end - start);
        SceneModel model;
        MainWindow window(&model);
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QList<QKeySequence> listed;
        withDialog(window, [&](ShortcutsDialog *d) { listed = d->listedKeys(); });
        static const QRegularExpression quoted(QStringLiteral("`([^`]+)`"));
        int checked = 0;
        for (auto it = quoted.globalMatch(section); it.hasNext();) {
            const QString key = it.next().captured(1);
            if (key == QLatin1String("Shift") || key.contains(QLatin1Char('/')))
                continue; // a modifier alone ("Shift + arrow keys"), a path
            const QKeySequence k = key == QLatin1String("+") ? QKeySequence(Qt::Key_Plus)
                                                             : QKeySequence::fromString(key);
            QVERIFY2(!k.isEmpty() && listed.contains(k), qPrintable(key));
            ++checked;
        }
        QVERIFY(checked > 50);
    }

    void shiftF10OpensTheCanvasMenu()
    {
        SceneModel model;
        MainWindow window(&model);
        window.show();
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QWidget *canvas = window.canvas();
        canvas->setFocus();
        QStringList items;
        QTimer::singleShot(0, &window, [&] {
            if (auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget())) {
                const auto actions = menu->actions();
                for (const QAction *a : actions)
                    items << a->objectName();
                menu->close();
            }
        });
        QTest::keyClick(canvas, Qt::Key_F10, Qt::ShiftModifier);
        QVERIFY2(items.contains(QStringLiteral("addKeyHere")), qPrintable(items.join(',')));
    }

private:
    QTemporaryDir m_dir;
};

QTEST_MAIN(TestShortcutsDialog)
#include "tst_shortcutsdialog.moc"
