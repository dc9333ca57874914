// The main window as a learner uses it: real mouse and key events on the canvas inside the
// window, and every view (chart, table, heat map) agreeing with the core afterwards.

#include "canvas/canvaswidget.h"
#include "canvas/selection.h"
#include "common/datacolumns.h"
#include "common/windowrun.h"
#include "core/attention.h"
#include "document/sceneeditor.h"
#include "mainwindow.h"
#include "model/language.h"
#include "model/scenemodel.h"
#include "panels/headheatmap.h"
#include "panels/steppanel.h"
#include "panels/steptablemodel.h"
#include "panels/weightchart.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSet>
#include <QTableView>
#include <QTest>
#include <QTimer>
#include <QToolBar>
#include <QToolButton>

#include <cmath>

namespace {
// The expected weights come from the core called here on the scene as the test set it up.
attn::AttentionResult expected(const SceneModel &m)
{
    return attn::attend(m.query(), m.keys(), m.values(), m.scene().method, m.scene().params())
        .value();
}

QAction *findAction(QWidget *window, const QString &objectName)
{
    return window->findChild<QAction *>(objectName);
}
} // namespace

class TestMainWindow : public QObject
{
    Q_OBJECT

private slots:
    void eachDockHoldsItsOwnPanel()
    {
        // Each dock of the table holds its own panel, directly in the window: the form once
        // nested the explanation dock inside the heads dock, which then showed nothing at all.
        SceneModel model;
        model.setMethod(attn::Method::MultiHead);
        MainWindow window(&model);
        QVERIFY(showAndWait(window));
        // The table's docks and the lesson editor's, which is the Lesson menu's
        // (LessonEditActions).
        QCOMPARE(window.findChildren<QDockWidget *>().size(), MainWindow::dockTable().size() + 1);
        QVERIFY(window.findChild<QDockWidget *>(QStringLiteral("dockLessonEditor")));
        QSet<QWidget *> hosts;
        for (const DockSpec &spec : MainWindow::dockTable()) {
            auto *dock = window.findChild<QDockWidget *>(QLatin1String(spec.objectName));
            QVERIFY2(dock, spec.objectName);
            QCOMPARE(dock->parentWidget(), &window);
            QVERIFY2(dock->widget() && !hosts.contains(dock->widget()), spec.objectName);
            hosts.insert(dock->widget());
            QVERIFY2(dock->findChildren<QDockWidget *>().isEmpty(), spec.objectName);
            QVERIFY2(!dock->windowTitle().isEmpty(), spec.objectName);
            QCOMPARE(window.dockWidgetArea(dock), spec.area);
        }
        // Multi-head brings its dock forward, and the heat map has room there.
        QTRY_VERIFY(window.headHeatMap()->isVisible());
        QVERIFY(window.headHeatMap()->width() > 100);
    }

    void altNumberShowsEachDockOfTheTable()
    {
        // Alt+N, as the table numbers the docks, brings each one back from closed by a real
        // key press, and the View menu lists them in the table's order.
        SceneModel model;
        MainWindow window(&model);
        QVERIFY(showAndWait(window, QSize(1280, 800)));
        QMenu *view = window.findChild<QMenu *>(QStringLiteral("menuView"));
        QList<QAction *> toggles;
        QSet<int> numbers;
        for (const DockSpec &spec : MainWindow::dockTable()) {
            QVERIFY2(spec.altNumber >= 1 && spec.altNumber <= 9, spec.objectName);
            QVERIFY2(!numbers.contains(spec.altNumber), spec.objectName);
            numbers.insert(spec.altNumber);
            auto *dock = window.findChild<QDockWidget *>(QLatin1String(spec.objectName));
            toggles << dock->toggleViewAction();
            dock->close();
            QVERIFY(dock->isHidden());
            QTest::keyClick(&window, Qt::Key(Qt::Key_0 + spec.altNumber), Qt::AltModifier);
            QTest::qWait(20);
            QVERIFY2(!dock->isHidden(), spec.objectName);
            // In front at once, also where it shares its place with another dock as a tab.
            QVERIFY2(!dock->visibleRegion().isEmpty(), spec.objectName);
        }
        QList<QAction *> listed;
        for (QAction *a : view->actions())
            if (toggles.contains(a))
                listed << a;
        QCOMPARE(listed, toggles);
    }

    void dragTheQueryUpdatesEveryView_data()
    {
        dataColumns<int, double, double>("method", "x", "y");
        QTest::newRow("dot to (0.5, 1.5)") << int(attn::Method::Dot) << 0.5 << 1.5;
        QTest::newRow("scaled to (-1, 0.3)") << int(attn::Method::Scaled) << -1.0 << 0.3;
        QTest::newRow("cosine to (0.2, -0.8)") << int(attn::Method::Cosine) << 0.2 << -0.8;
        QTest::newRow("additive to (1.5, 1.5)") << int(attn::Method::Additive) << 1.5 << 1.5;
        QTest::newRow("multihead to (-0.7, -0.4)") << int(attn::Method::MultiHead) << -0.7 << -0.4;
    }
    void dragTheQueryUpdatesEveryView()
    {
        QFETCH(int, method);
        QFETCH(double, x);
        QFETCH(double, y);
        SceneModel model;
        model.setMethod(attn::Method(method));
        MainWindow window(&model);
        QVERIFY(showAndWait(window));
        CanvasWidget *canvas = window.canvas();

        const QPoint from = canvas->view().toScreen(QPointF(1.2, 0.8)).toPoint();
        const QPoint to = canvas->view().toScreen(QPointF(x, y)).toPoint();
        QTest::mousePress(canvas, Qt::LeftButton, {}, from);
        QTest::mouseMove(canvas, (from + to) / 2);
        QTest::mouseMove(canvas, to);
        QTest::mouseRelease(canvas, Qt::LeftButton, {}, to);

        // Snapping is on: the query lands on the 0.1 grid nearest to the mouse's world point.
        const QPointF world = canvas->view().toWorld(QPointF(to));
        QVERIFY(std::abs(model.scene().query[0] - std::round(world.x() * 10) / 10) < 1e-9);
        QVERIFY(std::abs(model.scene().query[1] - std::round(world.y() * 10) / 10) < 1e-9);

        const attn::AttentionResult e = expected(model);
        const QList<double> bars = window.weightChart()->displayedWeights();
        QCOMPARE(bars.size(), 3);
        for (int i = 0; i < 3; ++i) {
            QVERIFY(std::abs(model.result().weights[i] - e.weights[i]) < 1e-15);
            QVERIFY(std::abs(bars[i] - e.weights[i]) < 1e-12);
        }
        if (attn::Method(method) == attn::Method::MultiHead) {
            for (int h = 0; h < int(e.heads.size()); ++h)
                for (int i = 0; i < 3; ++i)
                    QVERIFY(std::abs(window.headHeatMap()->cellValue(h, i) -
                                     e.heads[h].softmax.weights[i]) < 1e-12);
        }
    }

    void closingWithANumberStillBeingTypedIsSafe()
    {
        // τ typed without Enter, then the window destroyed: the box commits the text when it is
        // hidden, which ~QWidget did after the window's members were gone (a crash the GUI
        // monkey found). Now it lands while the window is whole; the model, which outlives the
        // window, has it.
        SceneModel model;
        auto window = std::make_unique<MainWindow>(&model);
        QVERIFY(showAndWait(*window));
        auto *box = window->findChild<QDockWidget *>(QStringLiteral("dockMethod"))
                        ->findChild<QDoubleSpinBox *>();
        QVERIFY(box);
        box->setFocus();
        QTest::keyClick(box, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(box, QStringLiteral("3.5"));
        // Whether the window was still a whole MainWindow when the edit reached the model (inside
        // ~QWidget it is no longer one).
        QObject *raw = window.get();
        int edits = 0, whole = 0;
        connect(&model, &SceneModel::changed, this, [&] {
            ++edits;
            whole += qobject_cast<MainWindow *>(raw) != nullptr;
        });
        window.reset();
        QCOMPARE(model.scene().temperature, 3.5);
        QVERIFY(edits > 0);
        QCOMPARE(whole, edits);
    }

    void methodMenuChangesTheModelAndTheTable()
    {
        SceneModel model;
        MainWindow window(&model);
        QVERIFY(showAndWait(window));
        // Ctrl+2 is the second entry of the Method menu: the scaled dot product.
        QTest::keyClick(&window, Qt::Key_2, Qt::ControlModifier);
        QCOMPARE(model.scene().method, attn::Method::Scaled);
        StepTableModel *table = window.stepPanel()->tableModel();
        const QString score = table->data(table->index(1, StepTableModel::ScoreColumn)).toString();
        // k₂'s scaled score by hand: (1.2·1.5 + 0.8·0.5) / √2 = 2.2 / 1.41421… = 1.55563
        QCOMPARE(score, QStringLiteral("1.556"));
    }

    void keyboardNudgesTheSelectedKey()
    {
        SceneModel model;
        MainWindow window(&model);
        QVERIFY(showAndWait(window));
        CanvasWidget *canvas = window.canvas();
        canvas->setFocus();
        // Tab: query, Tab: k₁.
        QTest::keyClick(canvas, Qt::Key_Tab);
        QTest::keyClick(canvas, Qt::Key_Tab);
        QCOMPARE(window.selection()->kind(), Selection::Kind::Key);
        QCOMPARE(window.selection()->index(), 0);
        QTest::keyClick(canvas, Qt::Key_Right);
        QTest::keyClick(canvas, Qt::Key_Up, Qt::ShiftModifier);
        QVERIFY(std::abs(model.scene().keys(0, 0) - 0.6) < 1e-12);
        QVERIFY(std::abs(model.scene().keys(0, 1) - 1.01) < 1e-12);
    }

    void addAndRemoveKeysWithTheActions()
    {
        SceneModel model;
        MainWindow window(&model);
        QVERIFY(showAndWait(window));
        QAction *add = findAction(&window, QStringLiteral("actionAddKey"));
        QAction *remove = findAction(&window, QStringLiteral("actionRemoveKey"));
        QVERIFY(add && remove);
        while (model.keyCount() < attn::Scene::kMaxKeys)
            add->trigger();
        QCOMPARE(model.keyCount(), 64);
        QVERIFY(!add->isEnabled());
        QCOMPARE(window.weightChart()->displayedWeights().size(), 64);
        QCOMPARE(window.stepPanel()->tableModel()->rowCount(), 65);
        // The chart and the table follow the model with 64 keys too.
        const attn::AttentionResult e = expected(model);
        const QList<double> bars = window.weightChart()->displayedWeights();
        for (int i = 0; i < 64; ++i)
            QVERIFY(std::abs(bars[i] - e.weights[i]) < 1e-12);

        window.selection()->select(Selection::Kind::Key, 10);
        QVERIFY(remove->isEnabled());
        remove->trigger();
        QCOMPARE(model.keyCount(), 63);
        QVERIFY(add->isEnabled());
    }

    void temperatureAndMaskShowInTheTable()
    {
        SceneModel model;
        MainWindow window(&model);
        QVERIFY(showAndWait(window));
        QVERIFY(model.setTemperature(0.5));
        StepTableModel *table = window.stepPanel()->tableModel();
        // s/τ of k₂ = 2.2 / 0.5 = 4.4
        QCOMPARE(table->data(table->index(1, StepTableModel::LogitColumn)).toString(),
                 QStringLiteral("4.400"));
        window.selection()->select(Selection::Kind::Key, 1);
        QAction *mask = findAction(&window, QStringLiteral("actionMaskKey"));
        mask->trigger();
        QVERIFY(model.scene().mask[1]);
        QCOMPARE(table->data(table->index(1, StepTableModel::WeightColumn)).toString(),
                 QStringLiteral("0.000"));
        QCOMPARE(window.weightChart()->displayedWeights().at(1), 0.0);
    }

    void docksCanBeClosedAndRestored()
    {
        SceneModel model;
        MainWindow window(&model);
        QVERIFY(showAndWait(window));
        QList<QDockWidget *> docks;
        for (const DockSpec &spec : MainWindow::dockTable())
            docks << window.findChild<QDockWidget *>(QLatin1String(spec.objectName));
        QVERIFY(!docks.contains(nullptr));
        for (QDockWidget *dock : docks) {
            dock->close();
            QVERIFY(!dock->isVisible());
        }
        findAction(&window, QStringLiteral("actionResetLayout"))->trigger();
        for (QDockWidget *dock : docks) {
            QVERIFY(!dock->isFloating());
            QVERIFY(window.dockWidgetArea(dock) != Qt::NoDockWidgetArea);
        }
        // Each dock's toggle action is listed in the View menu.
        QMenu *view = window.findChild<QMenu *>(QStringLiteral("menuView"));
        for (QDockWidget *dock : docks)
            QVERIFY(view->actions().contains(dock->toggleViewAction()));
    }

    void normaliseActionMakesDotEqualCosine()
    {
        SceneModel model;
        MainWindow window(&model);
        QVERIFY(showAndWait(window));
        findAction(&window, QStringLiteral("actionNormalise"))->trigger();
        QVERIFY(model.normalised());
        const attn::Vector dot = model.result().scores;
        model.setMethod(attn::Method::Cosine);
        for (int i = 0; i < 3; ++i)
            QVERIFY(std::abs(model.result().scores[i] - dot[i]) < 1e-12);
    }

    void layoutFitsBothScreenSizes_data() { addScreenSizeRows(); }
    void layoutFitsBothScreenSizes()
    {
        QFETCH(QSize, size);
        SceneModel model;
        MainWindow window(&model);
        QVERIFY(showAndWait(window, size));
        QTest::qWait(50);
        // The canvas keeps most of the room, and the docks get enough for their content.
        QVERIFY(window.canvas()->width() >= size.width() / 2);
        QVERIFY(window.canvas()->height() >= 350);
        QVERIFY(window.weightChart()->height() >= 250);
        QVERIFY(window.stepPanel()->height() >= 200);
    }

    void altNumberRaisesADockBehindATab()
    {
        // Every pair of docks the table puts in one place as tabs, both ways round.
        SceneModel model;
        MainWindow window(&model);
        QVERIFY(showAndWait(window));
        auto dockOf = [&window](const char *name) {
            return window.findChild<QDockWidget *>(QLatin1String(name));
        };
        auto altNumberOf = [](const char *name) {
            for (const DockSpec &spec : MainWindow::dockTable())
                if (qstrcmp(spec.objectName, name) == 0)
                    return spec.altNumber;
            return 0;
        };
        int pairs = 0;
        for (const DockSpec &spec : MainWindow::dockTable()) {
            if (!spec.tabbedWith)
                continue;
            ++pairs;
            for (const auto &[frontName, backName] :
                 {std::pair(spec.tabbedWith, spec.objectName),
                  std::pair(spec.objectName, spec.tabbedWith)}) {
                QDockWidget *front = dockOf(frontName);
                QDockWidget *back = dockOf(backName);
                const auto key = Qt::Key(Qt::Key_0 + altNumberOf(backName));
                front->raise();
                QTest::qWait(50);
                QVERIFY2(!front->visibleRegion().isEmpty(), frontName);
                QVERIFY2(back->visibleRegion().isEmpty(), backName);
                // The key of the dock behind: to the front, not closed.
                QTest::keyClick(&window, key, Qt::AltModifier);
                QTest::qWait(50);
                QVERIFY2(!back->isHidden(), backName);
                QVERIFY2(!back->visibleRegion().isEmpty(), backName);
                QVERIFY2(back->toggleViewAction()->isChecked(), backName);
                // On the dock in front, the key still closes it, and opens it again.
                QTest::keyClick(&window, key, Qt::AltModifier);
                QVERIFY2(back->isHidden(), backName);
                QTest::keyClick(&window, key, Qt::AltModifier);
                QTest::qWait(50);
                QVERIFY2(!back->isHidden(), backName);
                QVERIFY2(!back->visibleRegion().isEmpty(), backName);
            }
        }
        QVERIFY(pairs > 0);
        // F1 brings the explanation forward, over whatever shares its place.
        QTest::keyClick(&window, Qt::Key_F1);
        QTest::qWait(50);
        QVERIFY(!dockOf("dockExplanation")->visibleRegion().isEmpty());
    }

    void docksComeBackAfterASmallWindow()
    {
        SceneModel model;
        MainWindow window(&model);
        QVERIFY(showAndWait(window, QSize(1280, 800)));
        QTest::qWait(2100); // past the first moments, in which every resize sets the defaults
        auto *method = window.findChild<QDockWidget *>(QStringLiteral("dockMethod"));
        const int stepsHeight = window.stepPanel()->height();
        const int rightWidth = method->width();
        QVERIFY(stepsHeight >= 200);
        // The layout settles through queued calls; on a busy machine that takes more than a
        // fixed wait, so wait for the outcome (up to five seconds) instead.
        window.resize(640, 480);
        QTRY_VERIFY_WITH_TIMEOUT(window.stepPanel()->height() < stepsHeight, 5000);
        window.resize(1280, 800);
        // The table has its lines again and the right column its width, without Ctrl+Alt+0.
        QTRY_VERIFY2_WITH_TIMEOUT(window.stepPanel()->height() >= 200,
                                  QByteArray::number(window.stepPanel()->height()), 5000);
        QTRY_VERIFY2_WITH_TIMEOUT(method->width() >= rightWidth - 2,
                                  QByteArray::number(method->width()), 5000);
        QVERIFY(window.canvas()->width() >= 640);
    }

    void toolbarShowsCommandsWithoutAccessKeys()
    {
        QVERIFY(Language::install(QStringLiteral("zh_CN")));
        {
            SceneModel model;
            MainWindow window(&model);
            QVERIFY(showAndWait(window));
            auto *toolBar = window.findChild<QToolBar *>(QStringLiteral("mainToolBar"));
            int buttons = 0;
            const auto actions = toolBar->actions();
            for (QAction *a : actions) {
                auto *button = qobject_cast<QToolButton *>(toolBar->widgetForAction(a));
                if (!button)
                    continue;
                ++buttons;
                // "保存(S)" on the toolbar is clutter; the menu keeps "保存(&S)".
                QVERIFY2(!button->text().contains(QLatin1Char('(')) &&
                             !button->text().contains(QLatin1Char('&')),
                         qPrintable(button->text()));
                QVERIFY(!button->text().isEmpty());
            }
            QVERIFY(buttons >= 10);
            QAction *save = findAction(&window, QStringLiteral("actionSave"));
            QVERIFY2(save->text().contains(QStringLiteral("(&S)")), qPrintable(save->text()));
        }
        Language::install(QStringLiteral("en"));
    }

    void unsavedChangesBoxHasAccessKeys()
    {
        SceneModel model;
        MainWindow window(&model);
        QVERIFY(showAndWait(window));
        QVERIFY(window.editor()->setTemperature(2));
        QStringList texts;
        bool discarded = false;
        QTimer::singleShot(0, &window, [&] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            if (!box)
                return;
            QAbstractButton *discard = nullptr;
            for (QAbstractButton *b : box->buttons()) {
                texts << b->text();
                if (box->buttonRole(b) == QMessageBox::DestructiveRole)
                    discard = b;
            }
            // Discard is reached with Alt and its letter, as Save is.
            if (discard &&
                QKeySequence::mnemonic(discard->text()) == QKeySequence(Qt::ALT | Qt::Key_D)) {
                QTest::mouseClick(discard, Qt::LeftButton);
                discarded = true;
            } else {
                box->reject();
            }
        });
        QVERIFY(window.maybeSave());
        QVERIFY2(discarded, qPrintable(texts.join(QLatin1Char('|'))));
        for (const QString &t : std::as_const(texts))
            if (!t.contains(QStringLiteral("Cancel")))
                QVERIFY2(t.contains(QLatin1Char('&')), qPrintable(t));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
