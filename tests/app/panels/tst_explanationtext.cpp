#include "common/datacolumns.h"
#include "common/smallmatrices.h"
#include "core/scene.h"
#include "core/types.h"
#include "methods/methodnames.h"
#include "model/language.h"
#include "model/scenemodel.h"
#include "panels/explanationtext.h"
#include "walkthrough/walkthrough.h"

#include <QRegularExpression>
#include <QSet>
#include <QTest>
#include <QTextDocument>

#include <cmath>
#include <vector>

Q_DECLARE_METATYPE(attn::Method)

namespace {

/// What a reader sees of a page, with non-breaking spaces read as spaces.
QString plain(const QString &html)
{
    QTextDocument doc;
    doc.setHtml(html);
    return doc.toPlainText().replace(QChar::Nbsp, QLatin1Char(' '));
}

using smallmatrices::vec;

struct Vec2
{
    double x, y;
};

/// The dot-product scores and softmax weights (τ = 1) of a query and keys, by a naive loop.
void dotAttention(Vec2 q, const std::vector<Vec2> &keys, std::vector<double> &scores,
                  std::vector<double> &weights)
{
    scores.clear();
    weights.clear();
    double sum = 0;
    for (const Vec2 &k : keys) {
        scores.push_back(q.x * k.x + q.y * k.y);
        sum += std::exp(scores.back());
    }
    for (double s : scores)
        weights.push_back(std::exp(s) / sum);
}

/// Builds a dot-product scene with these vectors (the values follow the article's pattern).
attn::Scene dotScene(Vec2 q, const std::vector<Vec2> &keys)
{
    attn::Scene s = attn::Scene::defaultScene();
    s.method = attn::Method::Dot;
    s.query = vec(q.x, q.y);
    s.keys = attn::Matrix(Eigen::Index(keys.size()), 2);
    s.values = attn::Matrix(Eigen::Index(keys.size()), 2);
    for (std::size_t i = 0; i < keys.size(); ++i) {
        s.keys.row(Eigen::Index(i)) << keys[i].x, keys[i].y;
        s.values.row(Eigen::Index(i)) << double(i % 2), double((i + 1) % 2);
    }
    return s;
}

} // namespace

class TestExplanationText : public QObject
{
    Q_OBJECT

private slots:
    void outwardDragFollowsTheAngle_data();
    void outwardDragFollowsTheAngle();
    void outwardDragNeedsLengths();
    void outwardDragSaysUnmasked();
    void multiHeadFormulaIsComplete_data();
    void multiHeadFormulaIsComplete();
    void statementsOfTheIssue_data();
    void statementsOfTheIssue();
    void glossaryHasOneTermPerThing();
    void chineseTermsAreUnified();
};

void TestExplanationText::outwardDragFollowsTheAngle_data()
{
    dataColumns<double, double, QList<double>, QString>("qx", "qy", "keyCoordinates", "expected");
    QTest::addColumn<int>("direction"); // +1 the score rises, −1 it falls, 0 it stays 0
    QTest::addColumn<int>("key");       // 0-based: the key the sentence is about

    // The article's scene: every key within 90° (the widest, k₁, at 29.7°).
    QTest::newRow("article") << 1.2 << 0.8 << QList<double>{0.5, 1.0, 1.5, 0.5, 0.8, 1.2}
                             << QStringLiteral("Every key is within 90° of q") << 1 << 0;
    // k₂ = (−1, 1) is 135° from q = (1, 0).
    QTest::newRow("beyond 90°") << 1.0 << 0.0 << QList<double>{1.0, 0.5, -1.0, 1.0}
                                << QStringLiteral("k2 is more than 90° away from q (θ = 135.0°)")
                                << -1 << 1;
    // k₁ = (0, 1) is at a right angle to q = (1, 0).
    QTest::newRow("right angle") << 1.0 << 0.0 << QList<double>{0.0, 1.0, 1.0, 1.0}
                                 << QStringLiteral("k1 is at a right angle to q (θ = 90.0°)") << 0
                                 << 0;
}

void TestExplanationText::outwardDragFollowsTheAngle()
{
    // Item 8 of the teacher's list: "dragging a key outwards raises its score" holds only within
    // 90° of the query. The sentence must say what is true in the scene, and what it says is
    // checked here by stretching the key by hand.
    QFETCH(double, qx);
    QFETCH(double, qy);
    QFETCH(QList<double>, keyCoordinates);
    QFETCH(QString, expected);
    QFETCH(int, direction);
    QFETCH(int, key);
    std::vector<Vec2> keys;
    for (int i = 0; i + 1 < keyCoordinates.size(); i += 2)
        keys.push_back({keyCoordinates[i], keyCoordinates[i + 1]});

    SceneModel model;
    QVERIFY(!model.setScene(dotScene({qx, qy}, keys)));
    const QString text = plain(ExplanationText::methodScene(model));
    QVERIFY2(text.contains(expected), qPrintable(text));
    const bool saysRises = text.contains(QStringLiteral("raises its score and its weight"));
    const bool saysFalls = text.contains(QStringLiteral("lowers its score and its weight"));
    const bool saysZero = text.contains(QStringLiteral("its score stays 0"));
    QCOMPARE(int(saysRises) + int(saysFalls) + int(saysZero), 1);

    // The claim, checked by hand: stretch the key by 2 along its own direction.
    std::vector<double> s0, w0, s1, w1;
    dotAttention({qx, qy}, keys, s0, w0);
    std::vector<Vec2> stretched = keys;
    stretched[std::size_t(key)] = {2 * keys[std::size_t(key)].x, 2 * keys[std::size_t(key)].y};
    dotAttention({qx, qy}, stretched, s1, w1);
    const double ds = s1[std::size_t(key)] - s0[std::size_t(key)];
    const double dw = w1[std::size_t(key)] - w0[std::size_t(key)];
    switch (direction) {
    case 1:
        QVERIFY(saysRises);
        QVERIFY(ds > 0 && dw > 0);
        // Every key, not only the named one, gains when stretched.
        for (std::size_t i = 0; i < keys.size(); ++i) {
            std::vector<Vec2> other = keys;
            other[i] = {3 * keys[i].x, 3 * keys[i].y};
            std::vector<double> s2, w2;
            dotAttention({qx, qy}, other, s2, w2);
            QVERIFY(s2[i] > s0[i] && w2[i] > w0[i]);
        }
        break;
    case -1:
        QVERIFY(saysFalls);
        QVERIFY(ds < 0 && dw < 0);
        break;
    default:
        QVERIFY(saysZero);
        QCOMPARE(s0[std::size_t(key)], 0.0);
        QCOMPARE(s1[std::size_t(key)], 0.0);
        break;
    }

    // The pitfall above the scene states the condition too.
    const QString page = plain(ExplanationText::methodText(attn::Method::Dot, 12));
    QVERIFY(page.contains(QStringLiteral("within 90° of the query outwards")));
    QVERIFY(page.contains(QStringLiteral("Beyond 90° the cosine is negative")));
}

void TestExplanationText::outwardDragNeedsLengths()
{
    // In the normalised view every arrow has length 1 and a drag outwards changes no score; with
    // one key its weight is 1 whatever its score. Neither scene gets the sentence.
    SceneModel model;
    model.setMethod(attn::Method::Dot);
    model.setNormalised(true);
    QString text = plain(ExplanationText::methodScene(model));
    QVERIFY(!text.contains(QStringLiteral("outwards")));
    model.setNormalised(false);
    QVERIFY(plain(ExplanationText::methodScene(model)).contains(QStringLiteral("outwards")));
    QVERIFY(model.setMasked(1, true));
    QVERIFY(model.setMasked(2, true));
    text = plain(ExplanationText::methodScene(model));
    QVERIFY2(!text.contains(QStringLiteral("outwards")), qPrintable(text));
}

void TestExplanationText::outwardDragSaysUnmasked()
{
    // k₃ = (−1, 1) lies 135° from q = (1, 0) but is masked: "every key is within 90°" would be
    // false, "every unmasked key" is true.
    SceneModel model;
    QVERIFY(!model.setScene(dotScene({1, 0}, {{1, 0.5}, {0.5, 1}, {-1, 1}})));
    QVERIFY(plain(ExplanationText::methodScene(model))
                .contains(QStringLiteral("k3 is more than 90° away from q")));
    QVERIFY(model.setMasked(2, true));
    const QString text = plain(ExplanationText::methodScene(model));
    QVERIFY2(text.contains(QStringLiteral("Every unmasked key is within 90° of q (the widest, k2, "
                                          "at θ = 63.4°)")),
             qPrintable(text));
}

void TestExplanationText::multiHeadFormulaIsComplete_data()
{
    QTest::addColumn<QString>("html");
    QTest::newRow("method panel and step header") << MethodNames::formula(attn::Method::MultiHead);
    QTest::newRow("explanation page") << ExplanationText::methodText(attn::Method::MultiHead, 12);
}

void TestExplanationText::multiHeadFormulaIsComplete()
{
    // Item 1: head h is the weighted sum of its projected values, with τ, and W_O joins the heads.
    QFETCH(QString, html);
    const QString text = plain(html);
    for (const char *part : {"WVh", "vi", "τ", "WO", "Σi", "√dk"})
        QVERIFY2(text.contains(QString::fromUtf8(part)), part);
}

void TestExplanationText::statementsOfTheIssue_data()
{
    dataColumns<QString, QStringList, QStringList>("page", "present", "absent");

    const QString scaled = plain(ExplanationText::methodText(attn::Method::Scaled, 12));
    const QString general = plain(ExplanationText::methodText(attn::Method::General, 12));
    const QString additive = plain(ExplanationText::methodText(attn::Method::Additive, 12));
    const QString multi = plain(ExplanationText::methodText(attn::Method::MultiHead, 12));
    const QString softmax = plain(ExplanationText::softmaxText(12));
    const QString mistakes = plain(ExplanationText::mistakesPage());

    // Item 2: only W_Qᵀ W_K counts; the same rotation on both sides is the scaled dot product.
    QTest::newRow("2 rotation") << multi
                                << QStringList{QStringLiteral("(Rq)·(Rk) = q·k"),
                                               QStringLiteral("rank at most dk")}
                                << QStringList{QStringLiteral("a different lens: a rotation")};
    // Item 3: overflow and saturation, both, on both pages.
    QTest::newRow("3 softmax page")
        << softmax
        << QStringList{QStringLiteral("Overflow."), QStringLiteral("Saturation."),
                       QStringLiteral("subtracting the maximum changes nothing here")}
        << QStringList{};
    QTest::newRow("3 mistakes page")
        << mistakes
        << QStringList{QStringLiteral("one of the two problems"),
                       QStringLiteral("Subtracting the maximum does not help with that")}
        << QStringList{};
    // Item 5: the convex hull, and only for single-head methods.
    QTest::newRow("5 hull") << softmax
                            << QStringList{QStringLiteral("convex hull"),
                                           QStringLiteral("single-head")}
                            << QStringList{QStringLiteral("polygon spanned")};
    // Item 7: the zero mean, μ, and what scaling does not remove.
    QTest::newRow("7 variance") << scaled
                                << QStringList{QStringLiteral("mean 0"),
                                               QStringLiteral("σ⁴ + 2μ²σ²"),
                                               QStringLiteral("not on σ"),
                                               QStringLiteral("layer normalisation")}
                                << QStringList{};
    // Item 9: a saturated softmax passes almost no gradient to any score.
    QTest::newRow("9 softmax") << softmax
                               << QStringList{QStringLiteral("wi (δij − wj) / τ"),
                                              QStringLiteral("almost no gradient to any score")}
                               << QStringList{QStringLiteral("gradients for the other keys")};
    QTest::newRow("9 scaled") << scaled
                              << QStringList{QStringLiteral("almost no gradient to any score")}
                              << QStringList{QStringLiteral("through the small weights")};
    // Item 11: five of the mistakes, and the others named.
    QTest::newRow("11 mistakes") << mistakes
                                 << QStringList{QStringLiteral("five of the mistakes"),
                                                QStringLiteral("bs"),
                                                QStringLiteral("return weights values")}
                                 << QStringList{QStringLiteral("contain five mistakes")};
    // Item 12: why the dot product is faster.
    QTest::newRow("12 additive")
        << additive << QStringList{QStringLiteral("O(H)"), QStringLiteral("one matrix product")}
        << QStringList{QStringLiteral("every query–key pair goes through the network")};
    // The teacher's additions: Bahdanau's and Luong's queries, the low-rank head, why the
    // Transformer scales, masks.
    QTest::newRow("Bahdanau") << additive
                              << QStringList{QStringLiteral("previous hidden state si−1"),
                                             QStringLiteral("annotations hj")}
                              << QStringList{};
    QTest::newRow("Luong") << general
                           << QStringList{QStringLiteral("current hidden state ht"),
                                          QStringLiteral("rank at most dk")}
                           << QStringList{};
    QTest::newRow("why scale") << scaled << QStringList{QStringLiteral("Britz et al., 2017")}
                               << QStringList{};
    QTest::newRow("masks") << softmax
                           << QStringList{QStringLiteral("−∞"), QStringLiteral("Padding mask."),
                                          QStringLiteral("Causal mask.")}
                           << QStringList{};
}

void TestExplanationText::statementsOfTheIssue()
{
    QFETCH(QString, page);
    QFETCH(QStringList, present);
    QFETCH(QStringList, absent);
    for (const QString &s : present)
        QVERIFY2(page.contains(s), qPrintable(s));
    for (const QString &s : absent)
        QVERIFY2(!page.contains(s), qPrintable(s));
}

void TestExplanationText::glossaryHasOneTermPerThing()
{
    // Item 16: one word for one thing, in both columns, and the terms the issue named.
    const QList<ExplanationText::Term> terms = ExplanationText::glossary();
    QSet<QString> english, chinese;
    for (const ExplanationText::Term &t : terms) {
        QVERIFY2(!english.contains(t.english), qPrintable(t.english));
        QVERIFY2(!chinese.contains(t.chinese), qPrintable(t.chinese));
        english.insert(t.english);
        chinese.insert(t.chinese);
    }
    const QList<QPair<QString, QString>> required = {
        {QStringLiteral("identity matrix"), QStringLiteral("单位矩阵")},
        {QStringLiteral("lens (a head's projections)"), QStringLiteral("透镜（头的投影）")},
        {QStringLiteral("normalise (divide by the sum)"), QStringLiteral("归一化（除以总和）")},
        {QStringLiteral("normalise (L2)"), QStringLiteral("（L2）归一化")},
        {QStringLiteral("dimension lab"), QStringLiteral("维度实验室")},
        {QStringLiteral("convex hull"), QStringLiteral("凸包")},
        {QStringLiteral("padding mask"), QStringLiteral("填充掩码")},
        {QStringLiteral("causal mask"), QStringLiteral("因果掩码")},
    };
    for (const auto &r : required) {
        bool found = false;
        for (const ExplanationText::Term &t : terms)
            found = found || (t.english == r.first && t.chinese == r.second);
        QVERIFY2(found, qPrintable(r.first));
    }
}

void TestExplanationText::chineseTermsAreUnified()
{
    QVERIFY(Language::install(QStringLiteral("zh_CN")));
    const auto zh = [](const char *context, const char *source) {
        return QCoreApplication::translate(context, source);
    };
    if (zh("ExplanationText", "Pitfalls") == QLatin1String("Pitfalls"))
        QSKIP("No zh_CN catalogue in this build.");
    // One name for the lab, the walkthrough's step says which normalisation it is.
    QCOMPARE(zh("DimensionLabPage", "Dimension lab"), QStringLiteral("维度实验室"));
    QCOMPARE(zh("LabWindow", "Dimension lab"), QStringLiteral("维度实验室"));
    QVERIFY(zh("MainWindow", "&Dimension Lab…").startsWith(QStringLiteral("维度实验室")));
    QCOMPARE(Walkthrough::title(Walkthrough::Normalisation), QStringLiteral("归一化（除以总和）"));
    QCOMPARE(zh("ScenePresets", "Multi-Head: Three Lenses"), QStringLiteral("多头：三片透镜"));

    // No other word for a head's lens or for the identity matrix anywhere in the pages.
    QString pages = ExplanationText::softmaxText(12) + ExplanationText::mistakesPage();
    for (int m = 0; m < attn::kMethodCount; ++m)
        pages += ExplanationText::methodText(attn::Method(m), 12);
    for (const char *other : {"镜头", "视角", "恒等", "趋于平均"})
        QVERIFY2(!pages.contains(QString::fromUtf8(other)), other);
    QVERIFY(pages.contains(QStringLiteral("透镜")));
    QVERIFY(pages.contains(QStringLiteral("凸包")));
    QVERIFY(Language::install(QStringLiteral("en")));
}

QTEST_MAIN(TestExplanationText)
#include "tst_explanationtext.moc"
