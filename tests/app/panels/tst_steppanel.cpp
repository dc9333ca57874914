#include "canvas/selection.h"
#include "common/datacolumns.h"
#include "common/smallmatrices.h"
#include "common/windowrun.h"
#include "core/attention.h"
#include "core/headpresets.h"
#include "model/scenemodel.h"
#include "panels/steppanel.h"
#include "panels/steptablemodel.h"
#include "text/numberformat.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTableView>
#include <QTest>

#include <cmath>
#include <functional>

Q_DECLARE_METATYPE(attn::Method)

using smallmatrices::mat;
using smallmatrices::vec;

namespace {

using Edit = std::function<void(SceneModel &)>;

/// How the formula writes a number: the table's three decimals without trailing zeros.
QString trimmed(double x)
{
    return NumberFormat::written(x);
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

/// A step panel over a fresh default scene (the article's three keys).
struct Fixture
{
    SceneModel model;
    Selection selection;
    StepPanel panel{&model, &selection};

    /// Shows the panel at `size` and waits until it is on screen.
    bool show(QSize size = {900, 600}) { return showAndWait(panel, size); }
};

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
    void multiHeadOutputFromTheHeads_data();
    void multiHeadOutputFromTheHeads();
    void normaliserSteps();
    void arithmeticIsRightAsShown_data();
    void arithmeticIsRightAsShown();
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
    Fixture f;
    auto &[model, selection, panel] = f;
    QVERIFY(f.show());
    edit(model);
    QVERIFY(model.hasResult());
    const attn::AttentionResult ref = reference(model);
    const QTableView &view = *panel.tableView();
    const int n = model.keyCount();
    const bool single = ref.method != attn::Method::MultiHead;
    // Multi-head: a row per head's output and one for the output below the sum.
    QCOMPARE(view.model()->rowCount(), n + 1 + (single ? 0 : int(ref.heads.size()) + 1));
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
    const StepTableModel &table = *panel.tableModel();
    QCOMPARE(cell(view, single ? sum : table.outputRow(), StepTableModel::ValueColumn),
             NumberFormat::vector(ref.output));
    // Numbers are right-aligned, the key names left-aligned.
    const QModelIndex score = view.model()->index(0, StepTableModel::ScoreColumn);
    QCOMPARE(Qt::Alignment(score.data(Qt::TextAlignmentRole).toInt()) & Qt::AlignHorizontal_Mask,
             Qt::AlignRight);
    // The formula explains the same numbers as the table (focus key k₁).
    const QString formula = panel.formulaText();
    QVERIFY2(formula.contains(QStringLiteral("= ") + trimmed(ref.scores[0])), qPrintable(formula));
    QVERIFY2(formula.contains(QStringLiteral("= ") + trimmed(ref.weights[0])), qPrintable(formula));
    if (single)
        QVERIFY2(formula.contains(QStringLiteral("/ ") + trimmed(ref.trace.sum).left(4)),
                 qPrintable(formula));
}

void TestStepPanel::handValues()
{
    Fixture f;
    auto &[model, selection, panel] = f;
    const QTableView &view = *panel.tableView();
    // The article: dot scores 1.4, 2.2, 1.92.
    QCOMPARE(cell(view, 0, StepTableModel::ScoreColumn), QStringLiteral("1.400"));
    QCOMPARE(cell(view, 1, StepTableModel::ScoreColumn), QStringLiteral("2.200"));
    QCOMPARE(cell(view, 2, StepTableModel::ScoreColumn), QStringLiteral("1.920"));
    // s/τ − max for k₁ is 1.4 − 2.2.
    QCOMPARE(cell(view, 0, StepTableModel::ShiftedColumn), QStringLiteral("−0.800"));
    // τ = 2 halves the logits.
    QVERIFY(model.setTemperature(2));
    QCOMPARE(cell(view, 1, StepTableModel::LogitColumn), QStringLiteral("1.100"));
    // W = [1 2; 0 1]: qᵀ W k₂ = (1.2, 0.8)·(2.5, 0.5) = 3.4.
    QVERIFY(model.setTemperature(1));
    model.setMethod(attn::Method::General);
    QVERIFY(model.setGeneral(mat(1, 2, 0, 1)));
    QCOMPARE(cell(view, 1, StepTableModel::ScoreColumn), QStringLiteral("3.400"));
    // Scaled with the vectors' d = 2: 2.2 / √2 = 1.55563.
    model.setMethod(attn::Method::Scaled);
    QCOMPARE(cell(view, 1, StepTableModel::ScoreColumn), QStringLiteral("1.556"));
}

void TestStepPanel::normaliserSteps()
{
    // The article's scores 1.4, 2.2, 1.92 (z = s with τ = 1), worked by hand for each
    // normaliser; the formula shows the selected key k₁'s lines.
    Fixture f;
    auto &[model, selection, panel] = f;
    QVERIFY(f.show());
    QTableView &view = *panel.tableView();
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, rowCentre(view, 0));
    // Sparsemax, sorted 2.2, 1.92, 1.4: k = 2 since 1 + 2·1.92 = 4.84 > 2.2 + 1.92 = 4.12, but
    // not 3 since 1 + 3·1.4 = 5.2 < 5.52. τ* = (4.12 − 1) / 2 = 1.56.
    QVERIFY(model.setNormaliser(attn::Normaliser::Sparsemax));
    QString text = panel.formulaText();
    QVERIFY2(text.contains(QStringLiteral("τ* = (4.12 − 1) / 2 = 1.56")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("max(1.4 − 1.56, 0) = 0")), qPrintable(text));
    QVERIFY2(!text.contains(QStringLiteral("exp")), qPrintable(text)); // no exponential
    QCOMPARE(cell(view, 0, StepTableModel::ExpColumn), QStringLiteral("—"));
    // No denominator either: the sum row's exp cell is a dash, not 0.
    QCOMPARE(cell(view, panel.tableModel()->sumRow(), StepTableModel::ExpColumn), QStringLiteral("—"));
    // Softmax₁: m = max(0, 2.2) = 2.2; exp(−0.8) = 0.449329; the sum exp(−2.2) + exp(−0.8)
    // + 1 + exp(−0.28) = 0.110803 + 0.449329 + 1 + 0.755784 = 2.315916; w₁ = 0.194018;
    // nothing: 0.110803 / 2.315916 = 0.047844 (three decimals on screen).
    QVERIFY(model.setNormaliser(attn::Normaliser::Softmax1));
    text = panel.formulaText();
    QVERIFY2(text.contains(QStringLiteral("m = max(0, max s/τ) = 2.2")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("(exp(−m) + Σ exp) = 0.449 / 2.316 = 0.194")),
             qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("1 − Σw = 0.048")), qPrintable(text));
    // Sigmoid, b = −ln 3 = −1.098612: σ(1.4 − 1.098612) = σ(0.301388) = 0.574782.
    QVERIFY(model.setNormaliser(attn::Normaliser::Sigmoid));
    text = panel.formulaText();
    QVERIFY2(text.contains(QStringLiteral("(1.4 + (−1.099))")), qPrintable(text));
    QVERIFY2(text.contains(QStringLiteral("= 0.575")), qPrintable(text));
}

void TestStepPanel::clickingRowSelectsKey()
{
    Fixture f;
    auto &[model, selection, panel] = f;
    QVERIFY(f.show());
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
    Fixture f;
    auto &[model, selection, panel] = f;
    QVERIFY(f.show());
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
    dataColumns<attn::Method, int, double, QStringList>("method", "key", "temperature", "expected");
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
                               << QStringList{QStringLiteral("2.2 / √2 = 2.2 / 1.414 = 1.556")};
    QTest::newRow("cosine k2") << attn::Method::Cosine << 1 << 1.0
                               << QStringList{QStringLiteral("√(1.2² + 0.8²) = 1.442"),
                                              QStringLiteral("√(1.5² + 0.5²) = 1.581"),
                                              QStringLiteral("2.2 / (1.442 × 1.581) = 0.965")};
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
    Fixture f;
    auto &[model, selection, panel] = f;
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
    Fixture f;
    auto &[model, selection, panel] = f;
    QVERIFY(model.setMasked(1, true));
    selection.select(Selection::Kind::Key, 1);
    const QString text = panel.formulaText();
    QVERIFY2(text.contains(QStringLiteral("w2 = 0")), qPrintable(text));
    QCOMPARE(cell(*panel.tableView(), 1, StepTableModel::WeightColumn), QStringLiteral("0.000"));
}

void TestStepPanel::multiHeadOutputFromTheHeads_data()
{
    dataColumns<int, double>("heads", "temperature");
    QTest::newRow("2 heads (the default)") << 2 << 1.0;
    QTest::newRow("3 heads, τ = 0.7") << 3 << 0.7;
    QTest::newRow("8 heads") << 8 << 1.0;
}

// The issue: in multi-head the weight column is the mean over heads and the output is
// W_O [o¹; …], not Σ w̄ᵢ vᵢ. The table and the formula must show the heads' own sums and W_O,
// and those must give the output. Everything is recomputed here with plain loops.
void TestStepPanel::multiHeadOutputFromTheHeads()
{
    QFETCH(int, heads);
    QFETCH(double, temperature);
    Fixture f;
    auto &[model, selection, panel] = f;
    QVERIFY(f.show({1000, 700}));
    model.setMethod(attn::Method::MultiHead);
    QVERIFY(model.setMultiHead(attn::presets::withHeadCount(model.scene().multiHead, heads)));
    QVERIFY(model.setTemperature(temperature));
    QVERIFY(model.hasResult());

    const attn::Vector q = model.query();
    const attn::Matrix K = model.keys(), V = model.values();
    const attn::MultiHeadParams &p = model.scene().multiHead;
    const int n = int(K.rows());
    std::vector<double> concat, meanWeight(std::size_t(n), 0.0);
    std::vector<std::vector<double>> headOutputs;
    for (const attn::Head &h : p.heads) {
        const int dk = int(h.wq.rows()), dv = int(h.wv.rows());
        std::vector<double> qh(std::size_t(dk), 0.0), scores(std::size_t(n), 0.0);
        for (int r = 0; r < dk; ++r)
            for (int c = 0; c < 2; ++c)
                qh[std::size_t(r)] += h.wq(r, c) * q[c];
        for (int i = 0; i < n; ++i) {
            double dot = 0;
            for (int r = 0; r < dk; ++r) {
                double kr = 0;
                for (int c = 0; c < 2; ++c)
                    kr += h.wk(r, c) * K(i, c);
                dot += qh[std::size_t(r)] * kr;
            }
            scores[std::size_t(i)] = dot / std::sqrt(double(dk)) / temperature;
        }
        const double top = *std::max_element(scores.begin(), scores.end());
        double total = 0;
        std::vector<double> w(static_cast<std::size_t>(n));
        for (int i = 0; i < n; ++i)
            total += w[std::size_t(i)] = std::exp(scores[std::size_t(i)] - top);
        std::vector<double> o(std::size_t(dv), 0.0);
        for (int i = 0; i < n; ++i) {
            w[std::size_t(i)] /= total;
            meanWeight[std::size_t(i)] += w[std::size_t(i)] / heads;
            for (int r = 0; r < dv; ++r) {
                double vr = 0;
                for (int c = 0; c < 2; ++c)
                    vr += h.wv(r, c) * V(i, c);
                o[std::size_t(r)] += w[std::size_t(i)] * vr;
            }
        }
        headOutputs.push_back(o);
        concat.insert(concat.end(), o.begin(), o.end());
    }
    attn::Vector out = attn::Vector::Zero(2), meanMix = attn::Vector::Zero(2);
    for (int r = 0; r < 2; ++r)
        for (std::size_t c = 0; c < concat.size(); ++c)
            out[r] += p.wo(r, Eigen::Index(c)) * concat[c];
    for (int i = 0; i < n; ++i)
        meanMix += meanWeight[std::size_t(i)] * V.row(i).transpose();

    const StepTableModel &table = *panel.tableModel();
    const QTableView &view = *panel.tableView();
    QCOMPARE(table.rowCount(), n + 1 + heads + 1);
    for (int i = 0; i < n; ++i)
        QCOMPARE(cell(view, i, StepTableModel::WeightColumn),
                 NumberFormat::number(meanWeight[std::size_t(i)]));
    for (int h = 0; h < heads; ++h) {
        const std::vector<double> &o = headOutputs[std::size_t(h)];
        QCOMPARE(
            cell(view, table.headRow(h), StepTableModel::ValueColumn),
            NumberFormat::vector(Eigen::Map<const attn::Vector>(o.data(), Eigen::Index(o.size()))));
    }
    QCOMPARE(cell(view, table.outputRow(), StepTableModel::ValueColumn), NumberFormat::vector(out));
    // The sum row no longer offers a vector that reads as Σ w̄ᵢ vᵢ, and no tooltip says so.
    QVERIFY(cell(view, table.sumRow(), StepTableModel::ValueColumn).isEmpty());
    for (int row = 0; row < table.rowCount(); ++row)
        QVERIFY(!table.index(row, StepTableModel::ValueColumn)
                     .data(Qt::ToolTipRole)
                     .toString()
                     .contains(QStringLiteral("Σ wᵢ vᵢ")));
    QVERIFY(table.index(table.outputRow(), StepTableModel::ValueColumn)
                .data(Qt::ToolTipRole)
                .toString()
                .contains(QStringLiteral("W_O")));
    if (heads == 2 && temperature == 1.0) {
        // The numbers: the output (0.423, 0.648), while Σ w̄ᵢ vᵢ = (0.594, 0.737).
        QCOMPARE(NumberFormat::vector(out), QStringLiteral("(0.423, 0.648)"));
        QCOMPARE(NumberFormat::vector(meanMix), QStringLiteral("(0.594, 0.737)"));
    }
    // The formula writes every head's sum and W_O out; its last result is the output.
    const QString formula = panel.formulaText();
    QVERIFY2(formula.contains(QStringLiteral("= ") + NumberFormat::vector(out)),
             qPrintable(formula));
    for (int h = 0; h < heads; ++h) {
        const std::vector<double> &o = headOutputs[std::size_t(h)];
        QVERIFY2(formula.contains(QStringLiteral("o(%1) = Σi w(%1)i WV(%1)vi").arg(h + 1)),
                 qPrintable(formula));
        // At three decimals, or with the digits the W_O line needs to come out right.
        bool found = false;
        for (int d = 3; d <= 7 && !found; ++d)
            found = formula.contains(QStringLiteral("= ") + NumberFormat::written(o[0], d));
        QVERIFY2(found, qPrintable(formula));
    }
    QVERIFY2(!formula.contains(NumberFormat::vector(meanMix)), qPrintable(formula));
}

void TestStepPanel::arithmeticIsRightAsShown_data()
{
    QTest::addColumn<attn::Method>("method");
    const std::pair<attn::Method, const char *> methods[] = {
        {attn::Method::Dot, "dot"},           {attn::Method::Scaled, "scaled"},
        {attn::Method::Cosine, "cosine"},     {attn::Method::General, "general"},
        {attn::Method::Additive, "additive"}, {attn::Method::MultiHead, "multihead"}};
    for (const auto &[m, name] : methods)
        QTest::newRow(name) << m;
}

// "0.5125 − 0.999 = −0.4866": every sum, difference and quotient written out in the formula
// must give its result as shown, at the precision the result is shown with. Checked over
// queries and keys at odd coordinates, every key in focus, for every method.
void TestStepPanel::arithmeticIsRightAsShown()
{
    QFETCH(attn::Method, method);
    Fixture f;
    auto &[model, selection, panel] = f;
    model.setMethod(method);
    // A number as shown: "−0.487", "2", "1.1 × 10⁻⁷".
    const QString number = QStringLiteral("\\d+(?:\\.\\d+)?(?: × 10⁻?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)?");
    const QString num = QStringLiteral("(−?") + number + QLatin1Char(')');
    // a ± b ± … = r, not part of a product (×) or a function's argument.
    const QRegularExpression sums(QStringLiteral("(?<![\\d.×(/√⁰¹²³⁴⁵⁶⁷⁸⁹])(−?") + number +
                                  QStringLiteral("(?: [+−] ") + number + QStringLiteral(")+) = ") +
                                  num + QStringLiteral("(?![\\d.×⁰¹²³⁴⁵⁶⁷⁸⁹]| ×)"));
    const QRegularExpression quotients(QStringLiteral("(?<![\\d.×(√⁰¹²³⁴⁵⁶⁷⁸⁹])") + num +
                                       QStringLiteral(" / (") + number + QStringLiteral(") = ") +
                                       num + QStringLiteral("(?![\\d.×/⁰¹²³⁴⁵⁶⁷⁸⁹]| ×)"));
    const QString supers = QStringLiteral("⁰¹²³⁴⁵⁶⁷⁸⁹");
    // The value and the unit of the last digit of a number as shown.
    auto parse = [&](QString t) {
        t.replace(QChar(0x2212), QLatin1Char('-'));
        int exponent = 0;
        const qsizetype times = t.indexOf(QStringLiteral(" × 10"));
        if (times >= 0) {
            const QString e = t.mid(times + 5);
            bool negative = false;
            for (QChar c : e) {
                if (c == QChar(0x207B))
                    negative = true;
                else
                    exponent = exponent * 10 + int(supers.indexOf(c));
            }
            if (negative)
                exponent = -exponent;
            t = t.left(times);
        }
        const qsizetype dot = t.indexOf(QLatin1Char('.'));
        int decimals = dot < 0 ? 0 : int(t.size() - dot - 1);
        // A fixed number written without trailing zeros is the rule's rounding to three.
        if (times < 0)
            decimals = std::max(decimals, 3);
        return std::pair{t.toDouble() * std::pow(10.0, exponent),
                         std::pow(10.0, exponent - decimals)};
    };
    auto value = [&](const QString &t) { return parse(t).first; };
    auto sameAsShown = [&](double computed, const QString &shown) {
        const auto [v, unit] = parse(shown);
        return std::abs(computed - v) <= 0.5 * unit * (1 + 1e-9) + 1e-15;
    };
    int checked = 0;
    for (int trial = 0; trial < 40; ++trial) {
        const double a = trial * 0.7311;
        QVERIFY(model.setQuery(vec(1.37 * std::cos(a) + 0.0123 * trial, 1.29 * std::sin(a))));
        QVERIFY(model.setKey(trial % 3, vec(0.513 + 0.0371 * trial, -0.777 + 0.0613 * trial)));
        QVERIFY(model.setTemperature(0.3 + 0.0917 * (trial % 11)));
        for (int key = 0; key < model.keyCount(); ++key) {
            selection.select(Selection::Kind::Key, key);
            const QString text = panel.formulaText();
            for (const QString &line : text.split(QLatin1Char('\n'))) {
                auto it = sums.globalMatch(line);
                while (it.hasNext()) {
                    const auto m = it.next();
                    // Split at the operators " + " and " − ", keeping the signs.
                    QString terms = m.captured(1);
                    terms.replace(QStringLiteral(" + "), QStringLiteral("|+"))
                        .replace(QStringLiteral(" − "), QStringLiteral("|−"));
                    double total = 0;
                    for (const QString &t : terms.split(QLatin1Char('|')))
                        total += t.startsWith(QLatin1Char('+')) ? value(t.mid(1)) : value(t);
                    QVERIFY2(sameAsShown(total, m.captured(2)), qPrintable(line));
                    ++checked;
                }
                auto qt = quotients.globalMatch(line);
                while (qt.hasNext()) {
                    const auto m = qt.next();
                    QVERIFY2(
                        sameAsShown(value(m.captured(1)) / value(m.captured(2)), m.captured(3)),
                        qPrintable(line));
                    ++checked;
                }
            }
        }
    }
    QVERIFY(checked > 100);
}

QTEST_MAIN(TestStepPanel)
#include "tst_steppanel.moc"
