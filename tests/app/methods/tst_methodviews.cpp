#include "core/attention.h"
#include "core/methods.h"
#include "methods/formulalines.h"
#include "methods/methodnames.h"
#include "methods/methodview.h"
#include "methods/methodviews.h"
#include "model/language.h"
#include "model/scenemodel.h"
#include "text/numberformat.h"

#include <QSet>
#include <QTest>

Q_DECLARE_METATYPE(attn::Method)

namespace {

// The names TEACHING.md's glossary gives the methods, in the order of attn::Method: the table
// must hand out each method's own view, and its strings must still find their translations.
struct Expected
{
    attn::Method method;
    const char *english;
    const char *chinese;
};
const Expected kExpected[] = {
    {attn::Method::Dot, "Dot product", "点积"},
    {attn::Method::Scaled, "Scaled dot product", "缩放点积"},
    {attn::Method::Cosine, "Cosine similarity", "余弦相似度"},
    {attn::Method::General, "General (bilinear)", "通用（双线性）"},
    {attn::Method::Additive, "Additive", "加性"},
    {attn::Method::MultiHead, "Multi-head", "多头"},
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
};

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

QTEST_MAIN(TestMethodViews)
#include "tst_methodviews.moc"
