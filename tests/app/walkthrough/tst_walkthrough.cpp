#include "canvas/canvaswidget.h"
#include "canvas/selection.h"
#include "common/datacolumns.h"
#include "document/sceneeditor.h"
#include "model/scenemodel.h"
#include "panels/steppanel.h"
#include "panels/steptablemodel.h"
#include "walkthrough/walkthrough.h"
#include "walkthrough/walkthroughbar.h"

#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>
#include <QVBoxLayout>

#include <cmath>
#include <memory>
#include <set>

Q_DECLARE_METATYPE(attn::Method)

namespace {

using Col = StepTableModel::Column;

/// A state of the walkthrough as "2r" (step 2 revealed) or "3h" (step 3 held back), 1-based as
/// the learner reads it; "off" when inactive.
QString stateOf(const Walkthrough &w)
{
    if (!w.isActive())
        return QStringLiteral("off");
    return QString::number(w.step() + 1) + (w.isRevealed() ? QLatin1Char('r') : QLatin1Char('h'));
}

/// Applies commands: F forward, B back, R reveal, N next step, S start, L leave.
void run(Walkthrough &w, const QString &commands)
{
    for (const QChar c : commands) {
        switch (c.toLatin1()) {
        case 'F':
            w.forward();
            break;
        case 'B':
            w.back();
            break;
        case 'R':
            w.reveal();
            break;
        case 'N':
            w.nextStep();
            break;
        case 'S':
            w.start();
            break;
        case 'L':
            w.leave();
            break;
        default:
            qFatal("bad command");
        }
    }
}

QString subscriptDigit(int n)
{
    return QString(QChar(0x2080 + n));
}

/// The article's example by hand: dot scores 1.4, 2.2, 1.92; the softmax written out.
struct ArticleNumbers
{
    double scores[3] = {1.4, 2.2, 1.92};
    double exps[3];
    double weights[3];
    explicit ArticleNumbers(double tau = 1)
    {
        double sum = 0;
        for (int i = 0; i < 3; ++i)
            sum += exps[i] = std::exp((scores[i] - 2.2) / tau);
        for (int i = 0; i < 3; ++i)
            weights[i] = exps[i] / sum;
    }
};

QString three(double x)
{
    return QString::number(x, 'f', 3);
}

} // namespace

class TestWalkthrough : public QObject
{
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void statesForwardAndBack_data();
    void statesForwardAndBack();
    void signals_();
    void tableColumns_data();
    void tableColumns();
    void tableHoldsBackTheSums();
    void canvasHoldsBackWeightsAndOutput_data();
    void canvasHoldsBackWeightsAndOutput();
    void formulaUpToTheCurrentStep();
    void barFollowsTheState();
    void barButtons();
    void keyboardDrivesIt();
    void arrowKeysNudgeWhenInactive();
    void textFieldsKeepTheirKeys();
    void escapeCancelsADragFirst();

private:
    void setState(const QString &commands);

    std::unique_ptr<QWidget> m_window;
    SceneModel *m_model = nullptr;
    Selection *m_selection = nullptr;
    Walkthrough *m_walk = nullptr;
    CanvasWidget *m_canvas = nullptr;
    StepPanel *m_steps = nullptr;
    WalkthroughBar *m_bar = nullptr;
    QLineEdit *m_edit = nullptr;
};

void TestWalkthrough::init()
{
    m_window = std::make_unique<QWidget>();
    m_model = new SceneModel(m_window.get());
    m_selection = new Selection(m_window.get());
    m_walk = new Walkthrough(m_window.get());
    auto *layout = new QVBoxLayout(m_window.get());
    m_bar = new WalkthroughBar(m_walk, m_model);
    m_canvas = new CanvasWidget(new SceneEditor(m_model, m_window.get()), m_selection);
    m_canvas->setWalkthrough(m_walk);
    m_steps = new StepPanel(m_model, m_selection);
    m_steps->setWalkthrough(m_walk);
    m_edit = new QLineEdit;
    layout->addWidget(m_bar);
    layout->addWidget(m_canvas, 2);
    layout->addWidget(m_steps, 1);
    layout->addWidget(m_edit);
    m_window->resize(1100, 900);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    m_canvas->resetView();
    m_canvas->setFocus();
}

void TestWalkthrough::cleanup()
{
    m_window.reset();
}

void TestWalkthrough::setState(const QString &commands)
{
    run(*m_walk, commands);
}

void TestWalkthrough::statesForwardAndBack_data()
{
    dataColumns<bool, QString, QString>("holdBack", "commands", "state");
    QTest::newRow("inactive") << true << ""
                              << "off";
    QTest::newRow("forward while inactive") << true << "FFR"
                                            << "off";
    QTest::newRow("start") << true << "S"
                           << "1h";
    QTest::newRow("reveal") << true << "SF"
                            << "1r";
    QTest::newRow("next step") << true << "SFF"
                               << "2h";
    QTest::newRow("to the end") << true << "SFFFFFFFFF"
                                << "5r";
    QTest::newRow("past the end") << true << "SFFFFFFFFFFFF"
                                  << "5r";
    QTest::newRow("back hides") << true << "SFFFB"
                                << "2h";
    QTest::newRow("back to the previous step") << true << "SFFB"
                                               << "1r";
    QTest::newRow("back past the start") << true << "SBBB"
                                         << "1h";
    QTest::newRow("forward and back again") << true << "SFFFFFBBBB"
                                            << "1r";
    QTest::newRow("reveal twice") << true << "SRR"
                                  << "1r";
    QTest::newRow("next skips the reveal") << true << "SNN"
                                           << "3h";
    QTest::newRow("next at the end") << true << "SNNNNNN"
                                     << "5h";
    QTest::newRow("leave") << true << "SFFL"
                           << "off";
    QTest::newRow("start again starts over") << true << "SFFFLS"
                                             << "1h";
    QTest::newRow("no hold: start revealed") << false << "S"
                                             << "1r";
    QTest::newRow("no hold: forward by steps") << false << "SFF"
                                               << "3r";
    QTest::newRow("no hold: back by steps") << false << "SFFFB"
                                            << "3r";
    QTest::newRow("no hold: back at the start") << false << "SB"
                                                << "1r";
}

void TestWalkthrough::statesForwardAndBack()
{
    QFETCH(bool, holdBack);
    QFETCH(QString, commands);
    QFETCH(QString, state);
    m_walk->setHoldBack(holdBack);
    run(*m_walk, commands);
    QCOMPARE(stateOf(*m_walk), state);
}

void TestWalkthrough::signals_()
{
    QSignalSpy active(m_walk, &Walkthrough::activeChanged);
    QSignalSpy changed(m_walk, &Walkthrough::changed);
    run(*m_walk, QStringLiteral("S"));
    QCOMPARE(active.count(), 1);
    QCOMPARE(changed.count(), 1);
    run(*m_walk, QStringLiteral("FRR")); // the second R changes nothing
    QCOMPARE(changed.count(), 2);
    run(*m_walk, QStringLiteral("L"));
    QCOMPARE(active.count(), 2);
    QCOMPARE(active.at(1).at(0).toBool(), false);
    // Turning holding back off reveals the current step.
    run(*m_walk, QStringLiteral("S"));
    QCOMPARE(stateOf(*m_walk), QStringLiteral("1h"));
    m_walk->setHoldBack(false);
    QCOMPARE(stateOf(*m_walk), QStringLiteral("1r"));
}

void TestWalkthrough::tableColumns_data()
{
    dataColumns<attn::Method, QString, QList<int>>("method", "commands", "shown");
    const QList<int> inputs{Col::KeyColumn, Col::VectorColumn, Col::NormColumn, Col::AngleColumn,
                            Col::CosineColumn};
    auto with = [&](QList<int> extra) { return inputs + extra; };
    QList<int> all;
    for (int c = 0; c < Col::ColumnCount; ++c)
        all << c;
    const auto dot = attn::Method::Dot;
    const auto scaled = attn::Method::Scaled;
    QTest::newRow("dot, inactive") << dot << "" << all;
    QTest::newRow("dot 1h") << dot << "S" << inputs;
    QTest::newRow("dot 1r") << dot << "SF" << with({Col::ScoreColumn});
    QTest::newRow("dot 2h") << dot << "SFF" << with({Col::ScoreColumn});
    QTest::newRow("dot 2r") << dot << "SFFF" << with({Col::ScoreColumn, Col::LogitColumn});
    QTest::newRow("dot 3r") << dot << "SFFFFF"
                            << with({Col::ScoreColumn, Col::LogitColumn, Col::ShiftedColumn,
                                     Col::ExpColumn});
    QTest::newRow("dot 4h") << dot << "SFFFFFF"
                            << with({Col::ScoreColumn, Col::LogitColumn, Col::ShiftedColumn,
                                     Col::ExpColumn});
    QTest::newRow("dot 4r") << dot << "SFFFFFFF"
                            << with({Col::ScoreColumn, Col::LogitColumn, Col::ShiftedColumn,
                                     Col::ExpColumn, Col::WeightColumn});
    QTest::newRow("dot 5h") << dot << "SFFFFFFFF" << all;
    QTest::newRow("dot 5r") << dot << "SFFFFFFFFF" << all;
    QTest::newRow("dot, back to 1h") << dot << "SFFFFFFFFFBBBBBBBBB" << inputs;
    // Scaled dot product: s = q·k/√d is the scaling step's result.
    QTest::newRow("scaled 1r") << scaled << "SF" << inputs;
    QTest::newRow("scaled 2h") << scaled << "SFF" << inputs;
    QTest::newRow("scaled 2r") << scaled << "SFFF" << with({Col::ScoreColumn, Col::LogitColumn});
    QTest::newRow("multihead 1r") << attn::Method::MultiHead << "SF" << with({Col::ScoreColumn});
    QTest::newRow("additive, left") << attn::Method::Additive << "SFFL" << all;
}

void TestWalkthrough::tableColumns()
{
    QFETCH(attn::Method, method);
    QFETCH(QString, commands);
    QFETCH(QList<int>, shown);
    m_model->setMethod(method);
    run(*m_walk, commands);
    const QTableView *view = m_steps->tableView();
    const std::set<int> expected(shown.begin(), shown.end());
    for (int c = 0; c < Col::ColumnCount; ++c)
        QVERIFY2(view->isColumnHidden(c) != expected.count(c),
                 qPrintable(QStringLiteral("column %1 (%2)")
                                .arg(c)
                                .arg(view->model()->headerData(c, Qt::Horizontal).toString())));
    // Switching the method mid-way moves the Score column (scaled: step 2).
    if (commands == QLatin1String("SF") && method == attn::Method::Dot) {
        m_model->setMethod(attn::Method::Scaled);
        QVERIFY(view->isColumnHidden(Col::ScoreColumn));
    }
}

void TestWalkthrough::tableHoldsBackTheSums()
{
    const StepTableModel *table = m_steps->tableModel();
    const int sum = table->sumRow();
    auto cell = [&](int column) { return table->index(sum, column).data().toString(); };
    const QString output = cell(Col::ValueColumn);
    QVERIFY(!output.isEmpty());
    QVERIFY(!cell(Col::ExpColumn).isEmpty());
    run(*m_walk, QStringLiteral("SFFFFF")); // 3r: the exps are out, their sum is step 4's
    QVERIFY(cell(Col::ExpColumn).isEmpty());
    run(*m_walk, QStringLiteral("FF")); // 4r
    QVERIFY(!cell(Col::ExpColumn).isEmpty());
    run(*m_walk, QStringLiteral("F")); // 5h: the values are shown, the output is not
    QVERIFY(!m_steps->tableView()->isColumnHidden(Col::ValueColumn));
    QVERIFY(cell(Col::ValueColumn).isEmpty());
    QVERIFY(!table->index(0, Col::ValueColumn).data().toString().isEmpty());
    run(*m_walk, QStringLiteral("F")); // 5r
    QCOMPARE(cell(Col::ValueColumn), output);
    // The current step's columns are highlighted.
    QVERIFY(table->index(0, Col::ValueColumn).data(Qt::BackgroundRole).isValid());
    QVERIFY(!table->index(0, Col::WeightColumn).data(Qt::BackgroundRole).isValid());
}

void TestWalkthrough::canvasHoldsBackWeightsAndOutput_data()
{
    dataColumns<attn::Method, double, QString, bool, bool, bool>("method", "tau", "commands",
                                                                 "weights", "output", "values");
    QTest::addColumn<QStringList>("labels"); // k₁, k₂, k₃

    const ArticleNumbers n, cool(0.5);
    auto labels = [](const double *v) {
        QStringList l;
        for (int i = 0; i < 3; ++i)
            l << QStringLiteral("k") + subscriptDigit(i + 1) + QLatin1Char(' ') + three(v[i]);
        return l;
    };
    const QStringList names{QStringLiteral("k₁"), QStringLiteral("k₂"), QStringLiteral("k₃")};
    const double halfScores[3] = {1.4 / 0.5, 2.2 / 0.5, 1.92 / 0.5};
    const auto dot = attn::Method::Dot;
    QTest::newRow("inactive") << dot << 1.0 << "" << true << true << true << labels(n.weights);
    QTest::newRow("1h") << dot << 1.0 << "S" << false << false << false << names;
    QTest::newRow("1r") << dot << 1.0 << "SF" << false << false << false << labels(n.scores);
    QTest::newRow("2h") << dot << 1.0 << "SFF" << false << false << false << labels(n.scores);
    QTest::newRow("2r, τ = 0.5") << dot << 0.5 << "SFFF" << false << false << false
                                 << labels(halfScores);
    QTest::newRow("3r") << dot << 1.0
                        << "SFFFF"
                           "F"
                        << false << false << false << labels(n.exps);
    QTest::newRow("3r, τ = 0.5") << dot << 0.5 << "SFFFFF" << false << false << false
                                 << labels(cool.exps);
    QTest::newRow("4h") << dot << 1.0 << "SFFFFFF" << false << false << false << labels(n.exps);
    QTest::newRow("4r") << dot << 1.0 << "SFFFFFFF" << true << false << false << labels(n.weights);
    QTest::newRow("5h") << dot << 1.0 << "SFFFFFFFF" << true << false << true << labels(n.weights);
    QTest::newRow("5r") << dot << 1.0 << "SFFFFFFFFF" << true << true << true << labels(n.weights);
    QTest::newRow("left") << dot << 1.0 << "SFL" << true << true << true << labels(n.weights);
    // Scaled: the scores step shows q·k (√2 comes in step 2).
    const double overRoot2[3] = {1.4 / std::sqrt(2.0), 2.2 / std::sqrt(2.0), 1.92 / std::sqrt(2.0)};
    QTest::newRow("scaled 1r") << attn::Method::Scaled << 1.0 << "SF" << false << false << false
                               << labels(n.scores);
    QTest::newRow("scaled 2r") << attn::Method::Scaled << 1.0 << "SFFF" << false << false << false
                               << labels(overRoot2);
}

void TestWalkthrough::canvasHoldsBackWeightsAndOutput()
{
    QFETCH(attn::Method, method);
    QFETCH(double, tau);
    QFETCH(QString, commands);
    QFETCH(bool, weights);
    QFETCH(bool, output);
    QFETCH(bool, values);
    QFETCH(QStringList, labels);
    m_model->setMethod(method);
    QVERIFY(m_model->setTemperature(tau));
    run(*m_walk, commands);
    QCOMPARE(m_canvas->weightsShown(), weights);
    QCOMPARE(m_canvas->outputShown(), output);
    QCOMPARE(m_canvas->valuesEmphasised(), values);
    for (int i = 0; i < 3; ++i)
        QCOMPARE(m_canvas->keyLabel(i), labels[i]);
    // The output arrow is drawn only when shown: the canvas's picture changes on its reveal.
    m_canvas->repaint();
}

void TestWalkthrough::formulaUpToTheCurrentStep()
{
    // Key 1 of the article (dot): s₁ = 1.4, s₁/τ = 1.4, s₁/τ − max = −0.8, exp = 0.4493.
    auto text = [this] { return m_steps->formulaText(); };
    const QString all = text();
    QVERIFY(all.contains(QStringLiteral("= 1.4")));
    QVERIFY(all.contains(QStringLiteral("exp(")));
    run(*m_walk, QStringLiteral("S"));
    QVERIFY(!text().contains(QStringLiteral("= 1.4")));
    QVERIFY(text().contains(QStringLiteral("predict first")));
    run(*m_walk, QStringLiteral("F")); // 1r
    QVERIFY(text().contains(QStringLiteral("= 1.4")));
    QVERIFY(!text().contains(QStringLiteral("/τ")));
    QVERIFY(!text().contains(QStringLiteral("predict first")));
    QVERIFY(m_steps->formulaHtml().contains(QStringLiteral("background-color")));
    run(*m_walk, QStringLiteral("FF")); // 2r
    QVERIFY(text().contains(QStringLiteral("/τ")));
    QVERIFY(!text().contains(QStringLiteral("exp(")));
    run(*m_walk, QStringLiteral("FF")); // 3r
    QVERIFY(text().contains(QStringLiteral("exp(")));
    QVERIFY(!text().contains(QStringLiteral("Σ exp")));
    run(*m_walk, QStringLiteral("FF")); // 4r
    QVERIFY(text().contains(QStringLiteral("Σ exp")));
    run(*m_walk, QStringLiteral("FF")); // 5r
    QCOMPARE(text().contains(QStringLiteral("predict first")), false);
    run(*m_walk, QStringLiteral("L"));
    QCOMPARE(text(), all);
}

void TestWalkthrough::barFollowsTheState()
{
    QVERIFY(!m_bar->isVisible());
    run(*m_walk, QStringLiteral("S"));
    QVERIFY(m_bar->isVisible());
    QCOMPARE(m_bar->titleText(), QStringLiteral("Scores"));
    QVERIFY(m_bar->explanationText().contains(QStringLiteral("Predict")));
    run(*m_walk, QStringLiteral("F"));
    // The answer once revealed: k₂ with 2.2.
    QVERIFY(m_bar->explanationText().contains(QStringLiteral("k₂")));
    QVERIFY(m_bar->explanationText().contains(QStringLiteral("2.200")));
    run(*m_walk, QStringLiteral("FFFFFFFF"));
    QCOMPARE(m_bar->titleText(), QStringLiteral("Weighted sum"));
    QVERIFY(m_bar->explanationText().contains(QStringLiteral("Output")));
    run(*m_walk, QStringLiteral("L"));
    QVERIFY(!m_bar->isVisible());
}

void TestWalkthrough::barButtons()
{
    run(*m_walk, QStringLiteral("S"));
    auto *back = m_bar->findChild<QPushButton *>(QStringLiteral("backButton"));
    auto *reveal = m_bar->findChild<QPushButton *>(QStringLiteral("revealButton"));
    auto *next = m_bar->findChild<QPushButton *>(QStringLiteral("nextButton"));
    auto *leave = m_bar->findChild<QPushButton *>(QStringLiteral("leaveButton"));
    QVERIFY(back && reveal && next && leave);
    QVERIFY(!back->isEnabled());
    QTest::mouseClick(reveal, Qt::LeftButton);
    QCOMPARE(stateOf(*m_walk), QStringLiteral("1r"));
    QVERIFY(!reveal->isEnabled());
    QVERIFY(back->isEnabled());
    QTest::mouseClick(next, Qt::LeftButton);
    QCOMPARE(stateOf(*m_walk), QStringLiteral("2h"));
    QTest::mouseClick(back, Qt::LeftButton);
    QCOMPARE(stateOf(*m_walk), QStringLiteral("1r"));
    // Clicking does not take the focus from the canvas, so the keys keep working.
    QVERIFY(m_canvas->hasFocus());
    QTest::mouseClick(leave, Qt::LeftButton);
    QCOMPARE(stateOf(*m_walk), QStringLiteral("off"));
}

void TestWalkthrough::keyboardDrivesIt()
{
    m_selection->select(Selection::Kind::Query);
    const attn::Vector query = m_model->scene().query;
    run(*m_walk, QStringLiteral("S"));
    QTest::keyClick(m_canvas, Qt::Key_Space);
    QCOMPARE(stateOf(*m_walk), QStringLiteral("1r"));
    QTest::keyClick(m_canvas, Qt::Key_Right);
    QCOMPARE(stateOf(*m_walk), QStringLiteral("2h"));
    QTest::keyClick(m_canvas, Qt::Key_PageDown);
    QCOMPARE(stateOf(*m_walk), QStringLiteral("2r"));
    QTest::keyClick(m_canvas, Qt::Key_Left);
    QCOMPARE(stateOf(*m_walk), QStringLiteral("2h"));
    QTest::keyClick(m_canvas, Qt::Key_PageUp);
    QCOMPARE(stateOf(*m_walk), QStringLiteral("1r"));
    // The arrows went to the walkthrough, not to the selected query.
    QCOMPARE(m_model->scene().query, query);
    // From the table too.
    m_steps->tableView()->setFocus();
    QTest::keyClick(m_steps->tableView(), Qt::Key_Space);
    QCOMPARE(stateOf(*m_walk), QStringLiteral("2h"));
    QTest::keyClick(m_steps->tableView(), Qt::Key_Escape);
    QCOMPARE(stateOf(*m_walk), QStringLiteral("off"));
    // Inactive: Space does nothing to it.
    QTest::keyClick(m_steps->tableView(), Qt::Key_Space);
    QCOMPARE(stateOf(*m_walk), QStringLiteral("off"));
}

void TestWalkthrough::arrowKeysNudgeWhenInactive()
{
    m_selection->select(Selection::Kind::Query);
    QTest::keyClick(m_canvas, Qt::Key_Right);
    QVERIFY(std::abs(m_model->scene().query[0] - 1.3) < 1e-12);
    run(*m_walk, QStringLiteral("SL"));
    QTest::keyClick(m_canvas, Qt::Key_Up);
    QVERIFY(std::abs(m_model->scene().query[1] - 0.9) < 1e-12);
    QCOMPARE(stateOf(*m_walk), QStringLiteral("off"));
    // Escape clears the selection as before.
    QTest::keyClick(m_canvas, Qt::Key_Escape);
    QCOMPARE(m_selection->kind(), Selection::Kind::None);
}

void TestWalkthrough::textFieldsKeepTheirKeys()
{
    run(*m_walk, QStringLiteral("S"));
    m_edit->setFocus();
    QTest::keyClicks(m_edit, QStringLiteral("a b"));
    QCOMPARE(m_edit->text(), QStringLiteral("a b"));
    QTest::keyClick(m_edit, Qt::Key_Left);
    QCOMPARE(m_edit->cursorPosition(), 2);
    QCOMPARE(stateOf(*m_walk), QStringLiteral("1h"));
}

void TestWalkthrough::escapeCancelsADragFirst()
{
    run(*m_walk, QStringLiteral("S"));
    const attn::Vector query = m_model->scene().query;
    const QPoint from = m_canvas->view().toScreen(QPointF(1.2, 0.8)).toPoint();
    QTest::mousePress(m_canvas, Qt::LeftButton, {}, from);
    QTest::mouseMove(m_canvas, from + QPoint(40, 30));
    QVERIFY(m_model->scene().query != query);
    // The first Escape puts the query back and keeps the walkthrough; the next one leaves it.
    QTest::keyClick(m_canvas, Qt::Key_Escape);
    QCOMPARE(m_model->scene().query, query);
    QCOMPARE(stateOf(*m_walk), QStringLiteral("1h"));
    QTest::mouseRelease(m_canvas, Qt::LeftButton, {}, from + QPoint(40, 30));
    QTest::keyClick(m_canvas, Qt::Key_Escape);
    QCOMPARE(stateOf(*m_walk), QStringLiteral("off"));
}

QTEST_MAIN(TestWalkthrough)
#include "tst_walkthrough.moc"
