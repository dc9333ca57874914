#include "canvas/canvaswidget.h"
#include "common/datacolumns.h"
#include "common/mainwindowfixture.h"
#include "common/scenebits.h"
#include "common/smallmatrices.h"
#include "common/testsettings.h"
#include "core/scene.h"
#include "document/scenedocument.h"
#include "document/sceneeditor.h"
#include "mainwindow.h"
#include "model/scenemodel.h"
#include "model/scenestorage.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QUndoStack>
#include <QWindow>

#include <functional>
#include <memory>

// The File, Edit and Presets menus of the main window: the title with its modified marker, the
// question before unsaved changes are dropped, undo and redo in the Edit menu, and a bad file
// that leaves everything as it was. Message boxes are answered by a timer that clicks one of
// their buttons as soon as they show, so no test waits on a dialog.

namespace {
using smallmatrices::vec;

const QByteArray kScene = R"({
  "format": "attention-canvas-scene",
  "version": 1,
  "method": "scaled",
  "query": [1, 1],
  "keys": [[1, 0], [0, 1], [-1, 0]],
  "values": [[1, 0], [0, 1], [-1, 0]]
})";

void writeFile(const QString &path, const QByteArray &text)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
}

/// Answers the next modal message box: `answer` clicks one of its buttons. Records the box's
/// name and text so that the test can check which question was asked.
class BoxAnswerer : public QObject
{
public:
    explicit BoxAnswerer(std::function<QAbstractButton *(QMessageBox *)> answer)
        : m_answer(std::move(answer))
    {
        m_timer.setInterval(10);
        connect(&m_timer, &QTimer::timeout, this, &BoxAnswerer::poll);
        m_timer.start();
    }
    explicit BoxAnswerer(QMessageBox::StandardButton button)
        : BoxAnswerer([button](QMessageBox *box) { return box->button(button); })
    {}

    int answered = 0;
    QString name;
    QString text;

private:
    void poll()
    {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box || !box->isVisible())
            return;
        m_timer.stop();
        ++answered;
        name = box->objectName();
        text = box->text() + QLatin1Char('\n') + box->informativeText();
        QAbstractButton *button = m_answer(box);
        QVERIFY(button);
        button->click();
    }

    std::function<QAbstractButton *(QMessageBox *)> m_answer;
    QTimer m_timer;
};
} // namespace

class TestMainWindowFiles : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();

    void titleShowsNameAndMarker();
    void editMenuNamesTheStep();
    void undoShortcut();
    void closeAsksBeforeDroppingChanges_data();
    void closeAsksBeforeDroppingChanges();
    void closeWithoutChangesDoesNotAsk();
    void saveFromTheQuestionWritesTheFile();
    void newAsks();
    void presetFromTheMenu();
    void badFileLeavesEverything();
    void revert();
    void recentMenu();

private:
    QAction *action(const char *name) const
    {
        auto *a = m_window->findChild<QAction *>(QString::fromLatin1(name));
        if (!a)
            qFatal("no action %s", name);
        return a;
    }
    QMenu *menu(const char *name) const
    {
        auto *m = m_window->findChild<QMenu *>(QString::fromLatin1(name));
        if (!m)
            qFatal("no menu %s", name);
        return m;
    }
    QString path(const QString &name) const { return m_dir->filePath(name); }

    testsettings::Isolated m_isolated{"tst_mainwindowfiles"};
    std::unique_ptr<SceneModel> m_model;
    std::unique_ptr<MainWindow> m_window;
    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestMainWindowFiles::init()
{
    QSettings().clear();
    m_dir = std::make_unique<QTemporaryDir>();
    QVERIFY(m_dir->isValid());
    QVERIFY(openMainWindow(m_model, m_window));
}

void TestMainWindowFiles::cleanup()
{
    // Leave without a question: the tests that want one set it up themselves.
    m_window->editor()->setClean();
    m_window.reset();
    m_model.reset();
    m_dir.reset();
    QSettings().clear();
}

void TestMainWindowFiles::titleShowsNameAndMarker()
{
    QCOMPARE(m_window->windowTitle(), QStringLiteral("Untitled[*] — Attention Canvas"));
    QVERIFY(!m_window->isWindowModified());
    QCOMPARE(m_window->windowHandle()->title(), QStringLiteral("Untitled — Attention Canvas"));

    QVERIFY(m_window->editor()->setQuery(vec(0, 2)));
    QVERIFY(m_window->isWindowModified());
    QCOMPARE(m_window->windowHandle()->title(), QStringLiteral("Untitled* — Attention Canvas"));
    m_window->editor()->undoStack()->undo();
    QVERIFY(!m_window->isWindowModified());

    writeFile(path("lesson.json"), kScene);
    QVERIFY(m_window->openScene(path("lesson.json")));
    QCOMPARE(m_window->windowTitle(), QStringLiteral("lesson.json[*] — Attention Canvas"));
    QVERIFY(m_window->editor()->setTemperature(2));
    QCOMPARE(m_window->windowHandle()->title(), QStringLiteral("lesson.json* — Attention Canvas"));
    QVERIFY(m_window->saveSceneAs(path("copy.json")));
    QCOMPARE(m_window->windowHandle()->title(), QStringLiteral("copy.json — Attention Canvas"));
}

void TestMainWindowFiles::editMenuNamesTheStep()
{
    QAction *undo = action("actionUndo");
    QAction *redo = action("actionRedo");
    QVERIFY(!undo->isEnabled());
    QVERIFY(!redo->isEnabled());
    QCOMPARE(undo->text(), QStringLiteral("&Undo"));
    QCOMPARE(undo->shortcuts(), QKeySequence::keyBindings(QKeySequence::Undo));
    QCOMPARE(redo->shortcuts(), QKeySequence::keyBindings(QKeySequence::Redo));
    QVERIFY(menu("menuEdit")->actions().contains(undo));

    // A real drag of the query on the canvas.
    CanvasWidget *canvas = m_window->canvas();
    canvas->resetView();
    const QPoint from = canvas->view().toScreen(QPointF(1.2, 0.8)).toPoint();
    const QPoint to = canvas->view().toScreen(QPointF(-0.6, 0.9)).toPoint();
    QTest::mousePress(canvas, Qt::LeftButton, {}, from);
    for (int i = 1; i <= 6; ++i)
        QTest::mouseMove(canvas, from + (to - from) * i / 6);
    QTest::mouseRelease(canvas, Qt::LeftButton, {}, to);
    QVERIFY(undo->isEnabled());
    QCOMPARE(undo->text(), QStringLiteral("&Undo Move Query"));
    QCOMPARE(m_window->editor()->undoStack()->count(), 1);

    undo->trigger();
    QCOMPARE(m_model->scene().query, vec(1.2, 0.8));
    QVERIFY(!undo->isEnabled());
    QVERIFY(redo->isEnabled());
    QCOMPARE(redo->text(), QStringLiteral("&Redo Move Query"));
    redo->trigger();
    QVERIFY(m_model->scene().query[0] < 0);

    // The method menu and the mask action go through the undo stack too.
    m_window->findChild<QMenu *>(QStringLiteral("menuMethod"))->actions().at(2)->trigger();
    QCOMPARE(m_model->scene().method, attn::Method::Cosine);
    QCOMPARE(undo->text(), QStringLiteral("&Undo Change Method to Cosine similarity"));
    undo->trigger();
    QCOMPARE(m_model->scene().method, attn::Method::Dot);
}

void TestMainWindowFiles::undoShortcut()
{
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    CanvasWidget *canvas = m_window->canvas();
    canvas->setFocus();
    const attn::Scene original = m_model->scene();
    QVERIFY(m_window->editor()->addKey(vec(-1, -1), vec(0, -1)));
    QCOMPARE(m_model->keyCount(), 4);
    QTest::keySequence(canvas, QKeySequence(QKeySequence::Undo));
    COMPARE_SCENES(m_model->scene(), original);
    QTest::keySequence(canvas, QKeySequence(QKeySequence::Redo));
    QCOMPARE(m_model->keyCount(), 4);
}

void TestMainWindowFiles::closeAsksBeforeDroppingChanges_data()
{
    dataColumns<int, bool>("button", "closes");
    QTest::newRow("cancel") << int(QMessageBox::Cancel) << false;
    QTest::newRow("discard") << int(QMessageBox::Discard) << true;
}

void TestMainWindowFiles::closeAsksBeforeDroppingChanges()
{
    QFETCH(int, button);
    QFETCH(bool, closes);
    QVERIFY(m_window->editor()->removeKey(0));
    const attn::Scene edited = m_model->scene();
    BoxAnswerer answer{QMessageBox::StandardButton(button)};
    QCOMPARE(m_window->close(), closes);
    QCOMPARE(answer.answered, 1);
    QCOMPARE(answer.name, QStringLiteral("unsavedChangesBox"));
    QVERIFY2(answer.text.contains(QStringLiteral("Untitled")), qPrintable(answer.text));
    QCOMPARE(m_window->isVisible(), !closes);
    COMPARE_SCENES(m_model->scene(), edited);
}

void TestMainWindowFiles::closeWithoutChangesDoesNotAsk()
{
    BoxAnswerer answer{QMessageBox::Cancel};
    QVERIFY(m_window->close());
    QTest::qWait(30);
    QCOMPARE(answer.answered, 0);
}

void TestMainWindowFiles::saveFromTheQuestionWritesTheFile()
{
    writeFile(path("s.json"), kScene);
    QVERIFY(m_window->openScene(path("s.json")));
    QVERIFY(m_window->editor()->setTemperature(0.25));
    const attn::Scene edited = m_model->scene();
    BoxAnswerer answer{QMessageBox::Save};
    QVERIFY(m_window->close());
    QCOMPARE(answer.answered, 1);
    QVERIFY(!m_window->document()->isModified());
    QString why;
    const auto onDisk = SceneStorage::load(path("s.json"), &why);
    QVERIFY2(onDisk, qPrintable(why));
    COMPARE_SCENES(*onDisk, edited);
}

void TestMainWindowFiles::newAsks()
{
    QVERIFY(m_window->editor()->setMethod(attn::Method::General));
    const attn::Scene edited = m_model->scene();
    {
        BoxAnswerer answer{QMessageBox::Cancel};
        action("actionNew")->trigger();
        QCOMPARE(answer.answered, 1);
        COMPARE_SCENES(m_model->scene(), edited);
        QVERIFY(m_window->isWindowModified());
    }
    {
        BoxAnswerer answer{QMessageBox::Discard};
        action("actionNew")->trigger();
        QCOMPARE(answer.answered, 1);
        COMPARE_SCENES(m_model->scene(), attn::Scene::defaultScene());
        QVERIFY(!m_window->isWindowModified());
        QVERIFY(!action("actionUndo")->isEnabled());
    }
}

void TestMainWindowFiles::presetFromTheMenu()
{
    QMenu *presets = menu("menuPresets");
    QVERIFY(presets->actions().size() >= 8);
    QVERIFY(m_window->menuBar()->actions().contains(presets->menuAction()));
    QAction *preset = action("preset-three-lenses");
    QCOMPARE(preset->text(), QStringLiteral("Multi-Head: Three Lenses"));

    QVERIFY(m_window->editor()->setQuery(vec(0, 1)));
    BoxAnswerer answer{QMessageBox::Discard};
    preset->trigger();
    QCOMPARE(answer.answered, 1);
    QCOMPARE(m_model->scene().method, attn::Method::MultiHead);
    QCOMPARE(int(m_model->scene().multiHead.heads.size()), 3);
    QCOMPARE(m_window->windowTitle(),
             QStringLiteral("Multi-Head: Three Lenses[*] — Attention Canvas"));
    QVERIFY(!m_window->isWindowModified());
    QVERIFY(m_window->document()->filePath().isEmpty());
    // The preset is a document like any other: its edits can be undone.
    QVERIFY(m_window->editor()->setTemperature(5));
    QVERIFY(m_window->isWindowModified());
}

void TestMainWindowFiles::badFileLeavesEverything()
{
    writeFile(path("good.json"), kScene);
    QVERIFY(m_window->openScene(path("good.json")));
    QVERIFY(m_window->editor()->setQuery(vec(2, 0)));
    QVERIFY(m_window->editor()->setKey(1, vec(0, 2)));
    m_window->editor()->undoStack()->undo();
    const attn::Scene before = m_model->scene();
    const QString title = m_window->windowTitle();

    QByteArray bad = kScene;
    bad.replace("[[1, 0], [0, 1], [-1, 0]]", "[[1, 0], [0, 1, 5], [-1, 0]]");
    writeFile(path("bad.json"), bad);
    BoxAnswerer answer{QMessageBox::Ok};
    QVERIFY(!m_window->openScene(path("bad.json")));
    QCOMPARE(answer.answered, 1);
    // The dialog names the file, the field and the reason.
    QVERIFY2(answer.text.contains(QStringLiteral("bad.json")), qPrintable(answer.text));
    QVERIFY2(answer.text.contains(QStringLiteral("keys[1]")), qPrintable(answer.text));
    QVERIFY2(answer.text.contains(QStringLiteral("wrong size")), qPrintable(answer.text));

    COMPARE_SCENES(m_model->scene(), before);
    QCOMPARE(m_window->editor()->undoStack()->count(), 2);
    QCOMPARE(m_window->editor()->undoStack()->index(), 1);
    QCOMPARE(m_window->windowTitle(), title);
    QVERIFY(m_window->isWindowModified());
    QCOMPARE(m_window->document()->filePath(), path("good.json"));
}

void TestMainWindowFiles::revert()
{
    writeFile(path("r.json"), kScene);
    QVERIFY(m_window->openScene(path("r.json")));
    const attn::Scene saved = m_model->scene();
    QAction *revert = action("actionRevert");
    QVERIFY(!revert->isEnabled());
    QVERIFY(m_window->editor()->removeKey(2));
    QVERIFY(revert->isEnabled());
    {
        BoxAnswerer answer{QMessageBox::Cancel};
        revert->trigger();
        QCOMPARE(answer.answered, 1);
        QCOMPARE(answer.name, QStringLiteral("revertBox"));
        QCOMPARE(m_model->keyCount(), 2);
    }
    {
        BoxAnswerer answer([](QMessageBox *box) -> QAbstractButton * {
            for (QAbstractButton *b : box->buttons())
                if (box->buttonRole(b) == QMessageBox::DestructiveRole)
                    return b;
            return nullptr;
        });
        revert->trigger();
        QCOMPARE(answer.answered, 1);
    }
    COMPARE_SCENES(m_model->scene(), saved);
    QVERIFY(!m_window->isWindowModified());
    QVERIFY(!revert->isEnabled());
}

void TestMainWindowFiles::recentMenu()
{
    QMenu *recent = menu("menuRecent");
    QVERIFY(!recent->isEnabled());
    writeFile(path("one.json"), kScene);
    writeFile(path("two.json"), kScene);
    QVERIFY(m_window->openScene(path("one.json")));
    QVERIFY(m_window->openScene(path("two.json")));
    QVERIFY(recent->isEnabled());
    QList<QAction *> entries;
    for (QAction *a : recent->actions())
        if (!a->isSeparator() && a != action("actionClearRecent"))
            entries << a;
    QCOMPARE(entries.size(), 2);
    QCOMPARE(entries[0]->text(), QStringLiteral("&1  two.json"));
    QCOMPARE(entries[1]->text(), QStringLiteral("&2  one.json"));

    entries[1]->trigger();
    QCOMPARE(m_window->document()->filePath(), path("one.json"));

    action("actionClearRecent")->trigger();
    QVERIFY(!recent->isEnabled());
    QVERIFY(QSettings().value(QStringLiteral("recentFiles")).toStringList().isEmpty());
}

QTEST_MAIN(TestMainWindowFiles)
#include "tst_mainwindowfiles.moc"
