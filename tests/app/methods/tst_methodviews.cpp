#include "core/attention.h"
#include "core/methods.h"
#include "document/sceneeditor.h"
#include "methods/formulalines.h"
#include "methods/methodnames.h"
#include "methods/methodview.h"
#include "methods/methodviews.h"
#include "methods/parameterpage.h"
#include "model/language.h"
#include "model/scenemodel.h"
#include "text/numberformat.h"

#include <QAbstractButton>
#include <QAbstractSpinBox>
#include <QComboBox>
#include <QLabel>
#include <QScrollArea>
#include <QSet>
#include <QTest>
#include <QUndoStack>

#include <cmath>
#include <memory>

Q_DECLARE_METATYPE(attn::Method)

namespace {

// The names TEACHING.md's glossary gives the methods, in the order of attn::Method: the table
// must hand out each method's own view, and its strings must still find their translations.
// The rest, written down by hand from the formulas: which method's score is q·k / √d, which
// runs a softmax per head, which draws W's columns, and the name of its parameter page.
struct Expected
{
    attn::Method method;
    const char *english;
    const char *chinese;
    bool dividesByRootD;
    bool perHeadSoftmax;
    bool drawsWColumns;
    const char *page;
};
const Expected kExpected[] = {
    {attn::Method::Dot, "Dot product", "点积", false, false, false, "pageDot"},
    {attn::Method::Scaled, "Scaled dot product", "缩放点积", true, false, false, "pageScaled"},
    {attn::Method::Cosine, "Cosine similarity", "余弦相似度", false, false, false, "pageCosine"},
    {attn::Method::General, "General (bilinear)", "通用（双线性）", false, false, true,
     "pageGeneral"},
    {attn::Method::Additive, "Additive", "加性", false, false, false, "pageAdditive"},
    {attn::Method::MultiHead, "Multi-head", "多头", false, true, false, "pageMultiHead"},
};

attn::Vector vec(double x, double y)
{
    attn::Vector v(2);
    v << x, y;
    return v;
}

// The step lines of key `key` for the model's method, as the step panel asks for them.
FormulaLines stepLines(const SceneModel &model, int key)
{
    const auto b = model.explain(key);
    if (!b)
        qFatal("explain failed");
    FormulaLines lines;
    lines.stage = Stage::Scores;
    MethodViews::of(model.scene().method)
        .stepLines({model, *b, QStringLiteral("q"), QStringLiteral("k"), QStringLiteral("s"),
                    QStringLiteral("w")},
                   lines);
    return lines;
}

} // namespace

class TestMethodViews : public QObject
{
    Q_OBJECT

private slots:
    void cleanup() { Language::install(QStringLiteral("en")); }

    void oneCompleteViewPerMethod();
    void namesInBothLanguages();
    void pagesKeepTheirTranslations_data();
    void pagesKeepTheirTranslations();
    void stepLinesEndInTheCoresScore_data();
    void stepLinesEndInTheCoresScore();
    void multiHeadWritesTheWholeComputation();
    void coreRowsMatchTheComputation_data();
    void coreRowsMatchTheComputation();
    void everyRowHasAParameterPage_data();
    void everyRowHasAParameterPage();
    void parameterPagesInChinese_data();
    void parameterPagesInChinese();

private:
    void addMethodRows();
};

void TestMethodViews::addMethodRows()
{
    QTest::addColumn<int>("row");
    for (int i = 0; i < int(std::size(kExpected)); ++i)
        QTest::newRow(kExpected[i].english) << i;
}

void TestMethodViews::oneCompleteViewPerMethod()
{
    QCOMPARE(int(std::size(kExpected)), attn::kMethodCount);
    QSet<const MethodView *> seen;
    for (const Expected &e : kExpected) {
        const MethodView &v = MethodViews::of(e.method);
        QVERIFY2(!seen.contains(&v), e.english);
        seen.insert(&v);
        QCOMPARE(QString::fromUtf8(v.name), QString::fromUtf8(e.english));
        QVERIFY(v.formula && *v.formula);
        QVERIFY(v.pageFormula && v.sections && v.scene && v.stepLines);
        QVERIFY(!v.pageFormula().isEmpty());
        // Only multi-head attention has a softmax per head, which its own lines must write.
        QCOMPARE(v.wholeComputation, e.method == attn::Method::MultiHead);
        QVERIFY(v.parameterPage);
        QCOMPARE(v.drawsWColumns, e.drawsWColumns);
        const attn::MethodInfo &info = attn::methodInfo(e.method);
        QCOMPARE(info.method, e.method);
        QCOMPARE(info.dividesByRootD, e.dividesByRootD);
        QCOMPARE(info.perHeadSoftmax, e.perHeadSoftmax);
    }
}

void TestMethodViews::namesInBothLanguages()
{
    for (const Expected &e : kExpected)
        QCOMPARE(MethodNames::name(e.method), QString::fromUtf8(e.english));
    QVERIFY(Language::install(QStringLiteral("zh_CN")));
    for (const Expected &e : kExpected)
        QCOMPARE(MethodNames::name(e.method), QString::fromUtf8(e.chinese));
}

void TestMethodViews::pagesKeepTheirTranslations_data()
{
    QTest::addColumn<attn::Method>("method");
    for (const Expected &e : kExpected)
        QTest::newRow(e.english) << e.method;
}

void TestMethodViews::pagesKeepTheirTranslations()
{
    // The method files translate in the contexts of the panels their texts came from; a wrong
    // context would leave the page in English under zh_CN.
    QFETCH(attn::Method, method);
    QVERIFY(Language::install(QStringLiteral("zh_CN")));
    const MethodView &v = MethodViews::of(method);
    const QString page = v.sections(14);
    QVERIFY2(page.contains(QStringLiteral("何时使用")), qPrintable(page.left(200)));
    QVERIFY(!page.contains(QStringLiteral("When to use it")));
    QVERIFY(!page.contains(QStringLiteral("Pitfalls")));
    SceneModel model;
    model.setMethod(method);
    const QString scene = v.scene(model);
    QVERIFY(!scene.isEmpty());
    // Every scene text is written in sentences; none may fall back to English.
    QVERIFY2(!scene.contains(QStringLiteral(" the ")), qPrintable(scene));
}

void TestMethodViews::stepLinesEndInTheCoresScore_data()
{
    QTest::addColumn<attn::Method>("method");
    for (const Expected &e : kExpected)
        if (e.method != attn::Method::MultiHead)
            QTest::newRow(e.english) << e.method;
}

void TestMethodViews::stepLinesEndInTheCoresScore()
{
    // The score lines end in the key's score, in bold, as the core computes it for the
    // displayed vectors (called here, not read from the view).
    QFETCH(attn::Method, method);
    SceneModel model;
    model.setMethod(method);
    QVERIFY(model.setQuery(vec(-1.5, 0.4)));
    const auto r =
        attn::attend(model.query(), model.keys(), model.values(), method, model.scene().params());
    QVERIFY(bool(r));
    for (int key = 0; key < model.keyCount(); ++key) {
        const FormulaLines lines = stepLines(model, key);
        QVERIFY(!lines.text.isEmpty());
        QCOMPARE(lines.text.size(), lines.stages.size());
        const QString last = lines.text.last();
        QVERIFY2(
            last.endsWith(QStringLiteral("<b>%1</b>").arg(NumberFormat::written(r->scores[key]))),
            qPrintable(last));
        // Scaled dot product's s = q·k / √d is the scaling step's result; every other single
        // head method's score is the scores step's.
        const Stage expected = method == attn::Method::Scaled ? Stage::Scaling : Stage::Scores;
        QCOMPARE(int(lines.stages.last()), int(expected));
        QCOMPARE(int(lines.stages.first()), int(Stage::Scores));
    }
}

void TestMethodViews::multiHeadWritesTheWholeComputation()
{
    // Multi-head attention's lines reach the output, from the heads' own softmax.
    SceneModel model;
    model.setMethod(attn::Method::MultiHead);
    const auto r = attn::attend(model.query(), model.keys(), model.values(),
                                attn::Method::MultiHead, model.scene().params());
    QVERIFY(bool(r));
    const FormulaLines lines = stepLines(model, 0);
    QVERIFY(lines.stages.contains(Stage::Normalisation));
    QVERIFY(lines.stages.contains(Stage::WeightedSum));
    const QString output =
        QStringLiteral("<b>(%1, %2)</b>")
            .arg(NumberFormat::written(r->output[0]), NumberFormat::written(r->output[1]));
    bool hasOutput = false;
    for (const QString &line : lines.text)
        hasOutput = hasOutput || line.endsWith(output);
    QVERIFY2(hasOutput, qPrintable(lines.text.join(QLatin1Char('\n'))));
}

void TestMethodViews::coreRowsMatchTheComputation_data()
{
    addMethodRows();
}

void TestMethodViews::coreRowsMatchTheComputation()
{
    // The core's row describes the shape of the computation the report and the walkthrough
    // rely on: check it against the numbers, with the dot products written out here.
    QFETCH(int, row);
    const Expected &e = kExpected[row];
    const attn::MethodInfo &info = attn::methodInfo(e.method);
    SceneModel model;
    model.setMethod(e.method);
    QVERIFY(model.setQuery(vec(-1.5, 0.4)));
    QVERIFY(model.setTemperature(2.0));
    QVERIFY(model.hasResult());
    const attn::AttentionResult &r = model.result();
    QCOMPARE(!r.heads.empty(), info.perHeadSoftmax);
    // The scene's vectors have two components: d = 2 unless the scene sets another.
    QVERIFY(!model.scene().scaleDim);
    const attn::Vector &q = model.query();
    int dotOverRootD = 0;
    for (int i = 0; i < model.keyCount(); ++i) {
        double dot = 0;
        for (int c = 0; c < q.size(); ++c)
            dot += q[c] * model.keys()(i, c);
        dotOverRootD += std::abs(r.scores[i] - dot / std::sqrt(2.0)) < 1e-12 ? 1 : 0;
        // A single softmax divides the scores by τ = 2.
        if (!info.perHeadSoftmax)
            QVERIFY(std::abs(r.trace.logits[i] - r.scores[i] / 2.0) < 1e-12);
    }
    QCOMPARE(dotOverRootD == model.keyCount(), info.dividesByRootD);
}

void TestMethodViews::everyRowHasAParameterPage_data()
{
    addMethodRows();
}

void TestMethodViews::everyRowHasAParameterPage()
{
    // Each row builds its own page: a scroll area named after it, every control described,
    // and showing the scene sends nothing back to the editor.
    QFETCH(int, row);
    const Expected &e = kExpected[row];
    SceneModel model;
    SceneEditor editor(&model);
    model.setMethod(e.method);
    const std::unique_ptr<ParameterPage> page(MethodViews::of(e.method).parameterPage(&editor));
    QVERIFY(page);
    QCOMPARE(page->objectName(), QString::fromLatin1(e.page));
    QVERIFY(page->findChild<QScrollArea *>(QString::fromLatin1(e.page) + "Scroll"));
    page->retranslate();
    page->refresh();
    page->resize(380, 900);
    page->show();
    QVERIFY(QTest::qWaitForWindowExposed(page.get()));
    QCOMPARE(editor.undoStack()->count(), 0);
    QCOMPARE(model.scene().method, e.method);

    const auto widgets = page->findChildren<QWidget *>();
    for (QWidget *w : widgets) {
        const bool control = qobject_cast<QAbstractSpinBox *>(w) || qobject_cast<QComboBox *>(w) ||
                             qobject_cast<QAbstractButton *>(w);
        if (!control)
            continue;
        const QByteArray what = w->objectName().toUtf8();
        QVERIFY2(!w->toolTip().isEmpty(), "no tooltip: " + what);
        QVERIFY2(!w->accessibleName().isEmpty(), "no accessible name: " + what);
    }
    // Every page says in words what the method does and what to try.
    int texts = 0;
    for (QLabel *label : page->findChildren<QLabel *>())
        texts += label->text().size() > 80 ? 1 : 0;
    QVERIFY2(texts >= 2, e.page);
}

void TestMethodViews::parameterPagesInChinese_data()
{
    addMethodRows();
}

void TestMethodViews::parameterPagesInChinese()
{
    // The forms moved from the panel into ui/methods/: their texts must have kept their
    // translations. No label or button of a page may still be in English under zh_CN.
    QFETCH(int, row);
    const Expected &e = kExpected[row];
    QVERIFY(Language::install(QStringLiteral("zh_CN")));
    SceneModel model;
    SceneEditor editor(&model);
    model.setMethod(e.method);
    const std::unique_ptr<ParameterPage> page(MethodViews::of(e.method).parameterPage(&editor));
    page->retranslate();
    page->refresh();
    int checked = 0;
    for (QLabel *label : page->findChildren<QLabel *>()) {
        const QString text = label->text();
        if (text.size() < 20)
            continue;
        ++checked;
        QVERIFY2(!text.contains(QStringLiteral(" the ")), qPrintable(text));
    }
    for (QAbstractButton *button : page->findChildren<QAbstractButton *>()) {
        ++checked;
        QVERIFY2(!button->toolTip().contains(QStringLiteral(" the ")),
                 qPrintable(button->toolTip()));
    }
    QVERIFY(checked >= 2);
}

QTEST_MAIN(TestMethodViews)
#include "tst_methodviews.moc"
