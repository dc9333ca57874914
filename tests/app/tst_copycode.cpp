// Copy as Python / PyTorch from the windows, with real clicks: the Edit menu's entries in the main
// window and the Copy as code button's menu in the Sequence window put the program for what is on
// screen on the clipboard; run with the system's Python it prints the numbers the window shows.
// The entries and the program's comments follow the interface language.

#include "common/mainwindowfixture.h"
#include "common/pythonrun.h"
#include "common/windowrun.h"
#include "copycodeactions.h"
#include "mainwindow.h"
#include "model/language.h"
#include "model/pythoncode.h"
#include "model/scenemodel.h"
#include "model/sequencesession.h"
#include "sequence/sequencewindow.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QMenu>
#include <QSpinBox>
#include <QStatusBar>
#include <QTest>
#include <QToolButton>

namespace {
// Opens `menu` where it would drop down and clicks `action` in it, as a user does.
bool clickInMenu(QMenu *menu, QAction *action)
{
    menu->popup(QPoint(100, 100));
    if (!QTest::qWaitForWindowExposed(menu))
        return false;
    const QRect place = menu->actionGeometry(action);
    if (place.isEmpty())
        return false;
    QTest::mouseClick(menu, Qt::LeftButton, {}, place.center());
    return true;
}

// The printed scores, weights and output against the window's result (the output, a weighted
// sum, on the size of its terms: see pythonrun::differs()).
void compareResult(const pythonrun::Printed &p, const SceneModel &model)
{
    QVERIFY2(p.error.isEmpty(), qPrintable(p.error));
    const attn::AttentionResult &r = model.result();
    QCOMPARE(pythonrun::differs(p.values.value(QStringLiteral("scores")), r.scores), QString());
    QCOMPARE(pythonrun::differs(p.values.value(QStringLiteral("weights")), r.weights), QString());
    QCOMPARE(pythonrun::differs(p.values.value(QStringLiteral("output")), r.output,
                                pythonrun::termSizes(model.values().transpose(), r.weights)),
             QString());
}
} // namespace

class TestCopyCode : public QObject
{
    Q_OBJECT

    TemporarySettings m_settings;

private slots:
    void initTestCase() { Language::install(QStringLiteral("en")); }
    void cleanupTestCase() { Language::install(QStringLiteral("en")); }

    void editMenuCopiesTheScene()
    {
        std::unique_ptr<SceneModel> model;
        std::unique_ptr<MainWindow> window;
        QVERIFY(openMainWindow(model, window));
        // Something not in the default scene: additive scores, sparsemax, a mask, a τ, and the
        // normalised view.
        model->setMethod(attn::Method::Additive);
        model->setNormaliser(attn::Normaliser::Sparsemax);
        QVERIFY(model->setTemperature(0.4));
        QVERIFY(model->setMasked(1, true));
        window->findChild<QAction *>(QStringLiteral("actionNormalise"))->setChecked(true);
        QVERIFY(model->normalised());

        auto *edit = window->findChild<QMenu *>(QStringLiteral("menuEdit"));
        auto *copy = window->findChild<QAction *>(QStringLiteral("actionCopyPython"));
        QVERIFY(edit && copy);
        QVERIFY(edit->actions().contains(copy));
        QCOMPARE(copy->text(), QStringLiteral("Copy as P&ython"));
        QGuiApplication::clipboard()->clear();
        QVERIFY(clickInMenu(edit, copy));
        const QString program = QGuiApplication::clipboard()->text();
        QCOMPARE(program, PythonCode::forScene(model->scene(), true));
        QVERIFY(window->statusBar()->currentMessage().contains(QStringLiteral("NumPy")));

        // PyTorch from the same menu.
        auto *torch = window->findChild<QAction *>(QStringLiteral("actionCopyPyTorch"));
        QVERIFY(edit->actions().contains(torch));
        QVERIFY(clickInMenu(edit, torch));
        const QString torchProgram = QGuiApplication::clipboard()->text();
        QVERIFY(torchProgram.contains(QStringLiteral("import torch")));

        if (const QString why = pythonrun::missing(QStringLiteral("numpy")); !why.isEmpty())
            QSKIP(qPrintable(why));
        const auto printed = pythonrun::run({program});
        compareResult(printed[0], *model);
        if (pythonrun::missing(QStringLiteral("torch")).isEmpty())
            compareResult(pythonrun::run({torchProgram})[0], *model);
    }

    void followsTheLanguage()
    {
        std::unique_ptr<SceneModel> model;
        std::unique_ptr<MainWindow> window;
        QVERIFY(openMainWindow(model, window));
        Language::install(QStringLiteral("zh_CN"));
        // Qt posts the LanguageChange events; the event loop delivers them, as in the app.
        QCoreApplication::processEvents();
        auto *copy = window->findChild<QAction *>(QStringLiteral("actionCopyPython"));
        const QString text = copy->text();
        const QString program = [&] {
            copy->trigger();
            return QGuiApplication::clipboard()->text();
        }();
        Language::install(QStringLiteral("en"));
        QCoreApplication::processEvents();
        QVERIFY2(text.contains(QStringLiteral("复制")), qPrintable(text));
        QVERIFY2(program.contains(QStringLiteral("# 查询")), qPrintable(program));
        QCOMPARE(copy->text(), QStringLiteral("Copy as P&ython"));
    }

    void sequenceWindowCopiesTheSentence()
    {
        SequenceWindow window;
        QVERIFY(showAndWait(window, {}));
        QVERIFY(window.loadPreset(QStringLiteral(":/sequences/previous-token-rotary.json")));
        // A shift: the program must place the tokens where the window does.
        window.shiftBox()->setValue(2);
        QCOMPARE(window.session()->shift(), 2);

        auto *button = window.findChild<QToolButton *>(QStringLiteral("copyCodeButton"));
        QVERIFY(button && button->isVisible() && button->menu());
        QAction *copy = window.copyCodeActions()->pythonAction();
        QVERIFY(button->menu()->actions().contains(copy));
        QGuiApplication::clipboard()->clear();
        QVERIFY(clickInMenu(button->menu(), copy));
        const QString program = QGuiApplication::clipboard()->text();
        QVERIFY(program.contains(QStringLiteral("first_position = 2")));
        // The key works in this window too, where the actions sit only in the button's menu.
        QGuiApplication::clipboard()->clear();
        QTRY_VERIFY(!button->menu()->isVisible());
        window.activateWindow();
        QApplication::setActiveWindow(&window);
        QVERIFY(QTest::qWaitForWindowActive(&window));
        QTest::keyClick(&window, Qt::Key_T, Qt::ControlModifier | Qt::ShiftModifier);
        QVERIFY(QGuiApplication::clipboard()->text().contains(QStringLiteral("import torch")));

        if (const QString why = pythonrun::missing(QStringLiteral("numpy")); !why.isEmpty())
            QSKIP(qPrintable(why));
        const auto printed = pythonrun::run({program});
        QVERIFY2(printed[0].error.isEmpty(), qPrintable(printed[0].error));
        const attn::SequenceForward &f = window.session()->forward();
        const attn::Matrix &w = f.layers[0].heads[0].weights;
        for (Eigen::Index i = 0; i < w.rows(); ++i)
            QCOMPARE(pythonrun::differs(
                         printed[0].values.value(QStringLiteral("layer1.head1.weights[%1]").arg(i)),
                         w.row(i)),
                     QString());
        for (Eigen::Index i = 0; i < f.logits.rows(); ++i)
            QCOMPARE(
                pythonrun::differs(printed[0].values.value(QStringLiteral("logits[%1]").arg(i)),
                                   f.logits.row(i)),
                QString());
    }
};

QTEST_MAIN(TestCopyCode)
#include "tst_copycode.moc"
