#include "app/numberformat.h"
#include "app/selection.h"
#include "app/steppanel.h"
#include "app/steptablemodel.h"
#include "core/attention.h"
#include "model/scenemodel.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

#include <functional>

Q_DECLARE_METATYPE(attn::Method)

namespace {

using Edit = std::function<void(SceneModel &)>;

attn::Vector vec(double x, double y)
{
    attn::Vector v(2);
    v << x, y;
    return v;
}

attn::Matrix mat(double a, double b, double c, double d)
{
    attn::Matrix m(2, 2);
    m << a, b, c, d;
    return m;
}

/// How the formula writes a number: the table's four decimals without trailing zeros.
QString trimmed(double x)
{
    QString s = NumberFormat::number(x);
    if (!s.contains(QLatin1Char('e'))) {
        while (s.endsWith(QLatin1Char('0')))
            s.chop(1);
        if (s.endsWith(QLatin1Char('.')))
            s.chop(1);
    }
    return s;
}

QString cell(const QTableView &view, int row, int column)
{
    return view.model()->index(row, column).data().toString();
}

/// The core's result for the model's displayed vectors, computed here: the table is compared
/// with an independent call, never with its own arithmetic.
attn::AttentionResult reference(const SceneModel &m)
{
    auto r = attn::attend(m.query(), m.keys(), m.values(), m.scene().method, m.scene().params());
    if (!r)
        qFatal("attend failed");
    return *r;
}

QPoint rowCentre(QTableView &view, int row)
{
    return view.visualRect(view.model()->index(row, StepTableModel::ScoreColumn)).center();
}

} // namespace

Q_DECLARE_METATYPE(Edit)

class TestStepPanel : public QObject
{
    Q_OBJECT

private slots:
    void tableFollowsModel_data();
    void tableFollowsModel();
    void handValues();
    void clickingRowSelectsKey();
    void selectionElsewhereHighlightsRow();
    void formulaShowsFocusKey_data();
    void formulaShowsFocusKey();
    void formulaMasked();
};

void TestStepPanel::tableFollowsModel_data()
{
    QTest::addColumn<Edit>("edit");
    const std::pair<attn::Method, const char *> methods[] = {
        {attn::Method::Dot, "dot"},           {attn::Method::Scaled, "scaled"},
        {attn::Method::Cosine, "cosine"},     {attn::Method::General, "general"},
        {attn::Method::Additive, "additive"}, {attn::Method::MultiHead, "multihead"}};
    for (const auto &[m, name] : methods) {
        const attn::Method method = m;
        QTest::addRow("method %s", name) << Edit([method](SceneModel &s) { s.setMethod(method); });
        QTest::addRow("method %s, τ = 0.25", name) << Edit([method](SceneModel &s) {
            s.setMethod(method);
            QVERIFY(s.setTemperature(0.25));
        });
    }
    QTest::addRow("general W entry") << Edit([](SceneModel &s) {
        s.setMethod(attn::Method::General);
        QVERIFY(s.setGeneral(mat(1, 2, 0, 1)));
    });
    QTest::addRow("additive b entry") << Edit([](SceneModel &s) {
        s.setMethod(attn::Method::Additive);
        attn::AdditiveParams p = s.scene().additive;
        p.b[0] = 1.5;
        QVERIFY(s.setAdditive(p));
    });
    QTest::addRow("scale dim 64") << Edit([](SceneModel &s) {
        s.setMethod(attn::Method::Scaled);
        QVERIFY(s.setScaleDim(64.0));
    });
    QTest::addRow("query dragged")
        << Edit([](SceneModel &s) { QVERIFY(s.setQuery(vec(-2, 0.5))); });
    QTest::addRow("key added") << Edit(
        [](SceneModel &s) { QVERIFY(s.addKey(vec(-1, -1), vec(0.5, -0.5))); });
    QTest::addRow("normalised") << Edit([](SceneModel &s) { s.setNormalised(true); });
}

void TestStepPanel::tableFollowsModel()
{
    QFETCH(Edit, edit);
    SceneModel model;
    Selection selection;
    StepPanel panel(&model, &selection);
    panel.resize(900, 600);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    edit(model);
    QVERIFY(model.hasResult());
    const attn::AttentionResult ref = reference(model);
    const QTableView &view = *panel.tableView();
    const int n = model.keyCount();
    QCOMPARE(view.model()->rowCount(), n + 1);
    const bool single = ref.method != attn::Method::MultiHead;
    for (int i = 0; i < n; ++i) {
        QCOMPARE(cell(view, i, StepTableModel::ScoreColumn), NumberFormat::number(ref.scores[i]));
        QCOMPARE(cell(view, i, StepTableModel::WeightColumn), NumberFormat::number(ref.weights[i]));
        QCOMPARE(cell(view, i, StepTableModel::NormColumn),
                 NumberFormat::number(model.keys().row(i).norm()));
        if (single) {
            QCOMPARE(cell(view, i, StepTableModel::LogitColumn),
                     NumberFormat::number(ref.trace.logits[i]));
            QCOMPARE(cell(view, i, StepTableModel::ShiftedColumn),
                     NumberFormat::number(ref.trace.shifted[i]));
            QCOMPARE(cell(view, i, StepTableModel::ExpColumn),
                     NumberFormat::number(ref.trace.exps[i]));
        }
    }
    const int sum = n;
    if (single)
        QCOMPARE(cell(view, sum, StepTableModel::ExpColumn), NumberFormat::number(ref.trace.sum));
    QCOMPARE(cell(view, sum, StepTableModel::ValueColumn), NumberFormat::vector(ref.output));
    // Numbers are right-aligned, the key names left-aligned.
    const QModelIndex score = view.model()->index(0, StepTableModel::ScoreColumn);
    QCOMPARE(Qt::Alignment(score.data(Qt::TextAlignmentRole).toInt()) & Qt::AlignHorizontal_Mask,
             Qt::AlignRight);
    // The formula explains the same numbers as the table (focus key k₁).
    const QString formula = panel.formulaText();
    QVERIFY2(formula.contains(QStringLiteral("= ") + trimmed(ref.scores[0])), qPrintable(formula));
    QVERIFY2(formula.contains(QStringLiteral("= ") + trimmed(ref.weights[0])), qPrintable(formula));
    if (single)
        QVERIFY2(formula.contains(QStringLiteral("/ ") + trimmed(ref.trace.sum)),
                 qPrintable(formula));
}

void TestStepPanel::handValues()
{
    SceneModel model;
    Selection selection;
    StepPanel panel(&model, &selection);
    const QTableView &view = *panel.tableView();
    // The article: dot scores 1.4, 2.2, 1.92.
    QCOMPARE(cell(view, 0, StepTableModel::ScoreColumn), QStringLiteral("1.4000"));
    QCOMPARE(cell(view, 1, StepTableModel::ScoreColumn), QStringLiteral("2.2000"));
    QCOMPARE(cell(view, 2, StepTableModel::ScoreColumn), QStringLiteral("1.9200"));
    // s/τ − max for k₁ is 1.4 − 2.2.
    QCOMPARE(cell(view, 0, StepTableModel::ShiftedColumn), QStringLiteral("−0.8000"));
    // τ = 2 halves the logits.
    QVERIFY(model.setTemperature(2));
    QCOMPARE(cell(view, 1, StepTableModel::LogitColumn), QStringLiteral("1.1000"));
    // W = [1 2; 0 1]: qᵀ W k₂ = (1.2, 0.8)·(2.5, 0.5) = 3.4.
    QVERIFY(model.setTemperature(1));
    model.setMethod(attn::Method::General);
    QVERIFY(model.setGeneral(mat(1, 2, 0, 1)));
    QCOMPARE(cell(view, 1, StepTableModel::ScoreColumn), QStringLiteral("3.4000"));
    // Scaled with the vectors' d = 2: 2.2 / √2 = 1.5556.
    model.setMethod(attn::Method::Scaled);
    QCOMPARE(cell(view, 1, StepTableModel::ScoreColumn), QStringLiteral("1.5556"));
}

void TestStepPanel::clickingRowSelectsKey()
{
    SceneModel model;
    Selection selection;
    StepPanel panel(&model, &selection);
    panel.resize(900, 600);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QTableView &view = *panel.tableView();
    QSignalSpy spy(&selection, &Selection::changed);
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, rowCentre(view, 2));
    QCOMPARE(selection.kind(), Selection::Kind::Key);
    QCOMPARE(selection.index(), 2);
    QVERIFY(spy.count() >= 1);
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, rowCentre(view, 0));
    QCOMPARE(selection.index(), 0);
    // The formula follows the clicked key: k₁'s score 1.4.
    QVERIFY2(panel.formulaText().contains(QStringLiteral("= 1.4")),
             qPrintable(panel.formulaText()));
    // The sum row is not a key: the selection stays.
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, rowCentre(view, 3));
    QCOMPARE(selection.kind(), Selection::Kind::Key);
    QCOMPARE(selection.index(), 0);
    // Arrow keys in the table move the selection too.
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, rowCentre(view, 1));
    QTest::keyClick(view.viewport(), Qt::Key_Down);
    QCOMPARE(selection.index(), 2);
}

void TestStepPanel::selectionElsewhereHighlightsRow()
{
    SceneModel model;
    Selection selection;
    StepPanel panel(&model, &selection);
    panel.resize(900, 600);
    panel.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panel));
    QItemSelectionModel *sel = panel.tableView()->selectionModel();
    selection.select(Selection::Kind::Key, 1);
    QVERIFY(sel->isRowSelected(1));
    QCOMPARE(sel->selectedRows().size(), 1);
    // Selecting a value highlights its key's row.
    selection.select(Selection::Kind::Value, 2);
    QVERIFY(sel->isRowSelected(2));
    QVERIFY(!sel->isRowSelected(1));
    selection.select(Selection::Kind::Query);
    QVERIFY(!sel->hasSelection());
    // Keys added: the table is rebuilt and the highlight comes back.
    selection.select(Selection::Kind::Key, 1);
    QVERIFY(model.addKey(vec(0, -1), vec(1, 0)));
    QVERIFY(sel->isRowSelected(1));
    // A drag does not drop it either.
    QVERIFY(model.setQuery(vec(0.3, 1.7)));
    QVERIFY(sel->isRowSelected(1));
}

void TestStepPanel::formulaShowsFocusKey_data()
{
    QTest::addColumn<attn::Method>("method");
    QTest::addColumn<int>("key");
    QTest::addColumn<double>("temperature");
    QTest::addColumn<QStringList>("expected");
    // Hand-computed from the article's example: q = (1.2, 0.8), k₂ = (1.5, 0.5).
    QTest::newRow("dot k2") << attn::Method::Dot << 1 << 1.0
                            << QStringList{QStringLiteral("1.2×1.5 + 0.8×0.5 = 1.8 + 0.4 = 2.2"),
                                           QStringLiteral("s2/τ = 2.2 / 1 = 2.2"),
                                           QStringLiteral("exp(0) = 1")};
    QTest::newRow("dot k1") << attn::Method::Dot << 0 << 1.0
                            << QStringList{QStringLiteral("1.2×0.5 + 0.8×1 = 0.6 + 0.8 = 1.4"),
                                           QStringLiteral("1.4 − 2.2 = −0.8")};
    QTest::newRow("dot k2 τ=2") << attn::Method::Dot << 1 << 2.0
                                << QStringList{QStringLiteral("s2/τ = 2.2 / 2 = 1.1")};
    QTest::newRow("scaled k2") << attn::Method::Scaled << 1 << 1.0
                               << QStringList{QStringLiteral("2.2 / √2 = 2.2 / 1.4142 = 1.5556")};
    QTest::newRow("cosine k2") << attn::Method::Cosine << 1 << 1.0
                               << QStringList{QStringLiteral("√(1.2² + 0.8²) = 1.4422"),
                                              QStringLiteral("√(1.5² + 0.5²) = 1.5811"),
                                              QStringLiteral("2.2 / (1.4422 × 1.5811) = 0.9648")};
    QTest::newRow("general k2") << attn::Method::General << 1 << 1.0
                                << QStringList{QStringLiteral("= (1.5, 0.5)"),
                                               QStringLiteral("= 1.8 + 0.4 = 2.2")};
    // The default heads see x and y: head 1 gives 1.2×1.5 = 1.8, head 2 0.8×0.5 = 0.4.
    QTest::newRow("multihead k2") << attn::Method::MultiHead << 1 << 1.0
                                  << QStringList{QStringLiteral("= 1.2×1.5 / √1 = 1.8 / 1 = 1.8"),
                                                 QStringLiteral("= 0.8×0.5 / √1 = 0.4 / 1 = 0.4"),
                                                 QStringLiteral("= 1.1")};
}

void TestStepPanel::formulaShowsFocusKey()
{
    QFETCH(attn::Method, method);
    QFETCH(int, key);
    QFETCH(double, temperature);
    QFETCH(QStringList, expected);
    SceneModel model;
    Selection selection;
    StepPanel panel(&model, &selection);
    model.setMethod(method);
    QVERIFY(model.setTemperature(temperature));
    selection.select(Selection::Kind::Key, key);
    const QString text = panel.formulaText();
    for (const QString &part : expected)
        QVERIFY2(text.contains(part), qPrintable(part + QStringLiteral("\nnot in:\n") + text));
    // The weight in the formula is the table's (the trailing zeros aside).
    const attn::AttentionResult ref = reference(model);
    const QString weight = trimmed(ref.weights[key]);
    QVERIFY2(text.contains(weight), qPrintable(weight + QStringLiteral(" not in ") + text));
}

void TestStepPanel::formulaMasked()
{
    SceneModel model;
    Selection selection;
    StepPanel panel(&model, &selection);
    QVERIFY(model.setMasked(1, true));
    selection.select(Selection::Kind::Key, 1);
    const QString text = panel.formulaText();
    QVERIFY2(text.contains(QStringLiteral("w2 = 0")), qPrintable(text));
    QCOMPARE(cell(*panel.tableView(), 1, StepTableModel::WeightColumn), QStringLiteral("0.0000"));
}

QTEST_MAIN(TestStepPanel)
#include "tst_steppanel.moc"
